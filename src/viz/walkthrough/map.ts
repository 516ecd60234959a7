// The schematic map of one frame: the destination, the origin and their neighbours (placed by src/data/layout.ts),
// passes dashed, fortified spaces square, each space filled with its controller's colour, every stack as a counter
// beside its space (inside the fortifications with a double border), the formation in transit on its road, and the
// arrows of the move, interceptions, avoids and retreats. Plus the same facts as a table. Pure: strings in, markup out.
import type { Lang, Text } from '../../index.ts';
import { count, NOUNS } from '../../text/grammar.ts';
import { html, raw, type Markup } from './html.ts';
import { along, around, Placer, textWidth, type Box } from './labels.ts';
import type { ArrowView, BoardView, MapSpace, MapView, StackView, WalkthroughModel } from './types.ts';
import { word } from './words.ts';

/** Each power's colour, after the game's counters; text on them stays dark. */
export const POWER_COLOURS: Readonly<Record<string, string>> = {
  ottoman: '#3f8f3f',
  hapsburg: '#e9c227',
  england: '#d64545',
  france: '#4a7fd4',
  papacy: '#9b59b6',
  protestant: '#a1887f',
  hungary: '#c9a27e',
  scotland: '#7fa7b5',
  venice: '#4db6ac',
  genoa: '#f48fb1',
  independent: '#bdbdbd',
};

/** The map's own stylesheet: the page's, and an exported map's (its colours spelled out, no page variables). */
export const MAP_STYLE = `svg.map { display: block; width: 100%; height: auto; background: #fdfcf7; border: 1px solid #e2e8f0; border-radius: 8px; }
svg.map .road.clear { stroke: #94a3b8; stroke-width: 3; }
svg.map .name { font: 600 13px system-ui, sans-serif; paint-order: stroke; stroke: #fff; stroke-width: 4px; fill: #111827; }
svg.map .ring.centre { stroke: #dc2626; stroke-width: 3; } svg.map .ring.origin { stroke: #64748b; stroke-width: 2; stroke-dasharray: 4 3; }
svg.map .counter text { font: 11px system-ui, sans-serif; fill: #111827; } svg.map .counter .c1 { font-weight: 700; }
svg.map .arrow-label { font: italic 600 11px system-ui, sans-serif; paint-order: stroke; stroke: #fff; stroke-width: 4px; fill: #111827; text-anchor: middle; }
svg.map .arrow.failed .stroke { opacity: .55; } svg.map .unrest { font: 700 14px sans-serif; fill: #b91c1c; }
svg.map .fallen text { font: 11px system-ui, sans-serif; fill: #7f1d1d; } svg.map .fallen .f1 { font-weight: 700; text-decoration: line-through; } svg.map .fallen .f2 { font-size: 10px; }
svg .pass-mark { font: 10px sans-serif; fill: #a16207; }`;

const W = 640;
const H = 520;
const PAD_X = 70;
const PAD_Y = 40;

type Point = { x: number; y: number };

function place(s: MapSpace): Point {
  const size = Math.min(W - 2 * PAD_X, H - 2 * PAD_Y);
  const x0 = (W - size) / 2;
  const y0 = (H - size) / 2;
  return { x: Math.round(x0 + s.x * size), y: Math.round(y0 + s.y * size) };
}

const TYPES = ['regulars', 'mercenaries', 'cavalry'] as const;
const SHORT: Readonly<Record<(typeof TYPES)[number], Text>> = {
  regulars: { en: 'reg.', ru: 'рег.' },
  mercenaries: { en: 'merc.', ru: 'наём.' },
  cavalry: { en: 'cav.', ru: 'кав.' },
};

/** '7 regulars, 1 cavalry' / «7 регулярных частей, 1 кавалерийская часть». */
export function unitCounts(
  s: Pick<StackView, 'regulars' | 'mercenaries' | 'cavalry'>,
  lang: Lang,
  short = false,
): string {
  const parts = TYPES.filter((t) => s[t] > 0).map((t) => {
    if (short) return `${s[t]} ${SHORT[t][lang]}`;
    return count(s[t], NOUNS[t])[lang];
  });
  return parts.join(', ');
}

function leaderNames(m: Pick<WalkthroughModel, 'leaders'>, ids: readonly string[], lang: Lang): string[] {
  return ids.map((id) => (Object.hasOwn(m.leaders, id) ? m.leaders[id]![lang] : id));
}

/** A stack in words: '7 regulars, 1 cavalry, Suleiman, Ibrahim Pasha'. */
export function stackText(m: Pick<WalkthroughModel, 'leaders'>, s: StackView, lang: Lang): string {
  const parts = [unitCounts(s, lang), ...leaderNames(m, s.leaders, lang)].filter((x) => x !== '');
  return parts.join(', ') || word('nobody', lang);
}

function powerText(m: Pick<WalkthroughModel, 'powers'>, p: string, lang: Lang): string {
  return Object.hasOwn(m.powers, p) ? m.powers[p]![lang] : p;
}

function controller(frame: BoardView, s: MapSpace): string {
  return Object.hasOwn(frame.position.control, s.id) ? frame.position.control[s.id]! : s.home;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** How each kind of arrow is drawn — on the map and in the legend, by this one function, so the two always agree. */
export function lineStyle(kind: ArrowView['kind'] | 'pass', colour: string, d: string, head?: string): Markup {
  const end = head ? raw(` marker-end="url(#${head})"`) : raw('');
  switch (kind) {
    case 'move':
      return html`<path class="stroke" d="${d}" fill="none" stroke="${colour}" stroke-width="3.2"${end}/>`;
    case 'interception':
      return html`<path class="stroke" d="${d}" fill="none" stroke="${colour}" stroke-width="3.2" stroke-dasharray="10 6"${end}/>`;
    case 'avoid':
      return html`<path class="stroke" d="${d}" fill="none" stroke="${colour}" stroke-width="3.6" stroke-dasharray="0.5 6.5" stroke-linecap="round"${end}/>`;
    case 'retreat':
      // A double line: a wide stroke with a narrow one of the map's paper colour down its middle.
      return html`<path class="stroke" d="${d}" fill="none" stroke="${colour}" stroke-width="6.4"${end}/><path class="stroke inner" d="${d}" fill="none" stroke="#fdfcf7" stroke-width="2.2"/>`;
    case 'pass':
      return html`<path class="stroke" d="${d}" fill="none" stroke="${colour}" stroke-width="2.6" stroke-dasharray="3 4"/>`;
  }
}

/** The colour arrows of a power are drawn in: its counters' colour, darker where the paper would swallow it. */
function arrowColour(power: string): string {
  return power === 'hapsburg' ? '#8a6d00' : (POWER_COLOURS[power] ?? '#333');
}

/** A counter's lines: units ("7 reg., 1 cav."), then leaders; an inside stack is marked ▣, one on its road →. */
function counterLines(
  m: Pick<WalkthroughModel, 'leaders'>,
  s: Pick<StackView, 'regulars' | 'mercenaries' | 'cavalry' | 'leaders'>,
  lang: Lang,
  mark: string,
): { line1: string; line2: string; w: number; h: number } {
  const line1 = `${mark}${unitCounts(s, lang, true) || '—'}`;
  const line2 = leaderNames(m, s.leaders, lang).join(', ');
  const w = Math.max(textWidth(line1, 11, true), textWidth(line2, 11)) + 14;
  return { line1, line2, w, h: line2 ? 31 : 19 };
}

/** From a space's symbol to a label that is not right beside it: a thin line, so that the label's space is plain. */
function tether(p: Point, box: Box): Markup {
  const cx = Math.max(box.x, Math.min(p.x, box.x + box.w));
  const cy = Math.max(box.y, Math.min(p.y, box.y + box.h));
  const d = Math.hypot(cx - p.x, cy - p.y);
  if (d < 30) return html``;
  const k = 16 / d;
  return html`<line class="tether" x1="${r1(p.x + (cx - p.x) * k)}" y1="${r1(p.y + (cy - p.y) * k)}" x2="${r1(cx)}" y2="${r1(cy)}" stroke="#475569" stroke-width="1" stroke-dasharray="2 2"/>`;
}

/** The map of one board (a step's, or a frame's) as an inline SVG. */
export function mapSvg(
  m: Pick<WalkthroughModel, 'leaders' | 'powers'>,
  map: MapView | undefined,
  frame: BoardView,
  lang: Lang,
): Markup {
  if (!map) return html`<svg class="map" viewBox="0 0 ${W} ${H}" role="img"></svg>`;
  const at = new Map(map.spaces.map((s) => [s.id, place(s)]));
  const placer = new Placer(W, H);
  // Every space's symbol (with its rings) is kept clear; so is the mark in the middle of a pass.
  for (const p of at.values()) placer.block({ x: p.x - 23, y: p.y - 23, w: 46, h: 46 });
  const edges = map.edges.map((e) => {
    const a = at.get(e.a)!;
    const b = at.get(e.b)!;
    if (e.kind !== 'pass')
      return html`<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" class="road clear" data-a="${e.a}" data-b="${e.b}"/>`;
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    placer.block({ x: mid.x - 8, y: mid.y - 9, w: 16, h: 16 });
    return html`<g class="road pass" data-a="${e.a}" data-b="${e.b}"><g class="line-style" data-kind="pass">${lineStyle('pass', '#a16207', `M${a.x},${a.y} L${b.x},${b.y}`)}</g><text x="${r1(mid.x)}" y="${r1(mid.y + 5)}" class="pass-mark" text-anchor="middle">▲</text></g>`;
  });
  const besieged = new Map(frame.position.sieges.map((s) => [s.space, s.by]));
  const spaces = map.spaces.map((s) => {
    const p = at.get(s.id)!;
    const fill = POWER_COLOURS[controller(frame, s)] ?? '#eee';
    const role = s.id === map.centre ? ' centre' : s.id === map.origin ? ' origin' : '';
    const glyph = s.fortified
      ? html`<rect x="${p.x - 14}" y="${p.y - 14}" width="28" height="28" fill="${fill}" stroke="#111827" stroke-width="3"/><rect x="${p.x - 9}" y="${p.y - 9}" width="18" height="18" fill="none" stroke="#111827" stroke-width="1"/>`
      : html`<circle cx="${p.x}" cy="${p.y}" r="13" fill="${fill}" stroke="#111827" stroke-width="1.5"/>`;
    const ring = role ? html`<circle cx="${p.x}" cy="${p.y}" r="22" fill="none" class="ring${role}"/>` : '';
    const siege = besieged.has(s.id)
      ? html`<circle cx="${p.x}" cy="${p.y}" r="19" fill="none" stroke="#b91c1c" stroke-width="2" stroke-dasharray="3 3"/>`
      : '';
    const unrest = frame.position.unrest.includes(s.id)
      ? html`<text x="${p.x}" y="${p.y + 5}" class="unrest" text-anchor="middle">!</text>`
      : '';
    return html`<g class="space${role}${s.fortified ? ' fortified' : ''}" data-space="${s.id}" data-control="${controller(frame, s)}">${ring}${glyph}${siege}${unrest}</g>`;
  });
  // The arrows' curves first: labels keep off their middles, so every line can be followed.
  const seen = new Map<string, number>();
  const curves = frame.arrows.flatMap((a) => {
    const from = at.get(a.from);
    const to = a.to === null ? undefined : at.get(a.to);
    if (!from || !to) return [];
    const key = `${a.from}>${a.to}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.hypot(dx, dy) || 1;
    const [ux, uy] = [dx / len, dy / len];
    const start = { x: from.x + ux * 20, y: from.y + uy * 20 };
    const end = { x: to.x - ux * 24, y: to.y - uy * 24 };
    // Bend to the left of the direction of travel: opposite arrows between two spaces do not overlap.
    const bend = 22 + nth * 16;
    const c = { x: (start.x + end.x) / 2 + uy * bend, y: (start.y + end.y) / 2 - ux * bend };
    const point = (t: number) => ({
      x: (1 - t) ** 2 * start.x + 2 * (1 - t) * t * c.x + t ** 2 * end.x,
      y: (1 - t) ** 2 * start.y + 2 * (1 - t) * t * c.y + t ** 2 * end.y,
    });
    for (const t of [0.35, 0.5, 0.65]) {
      const q = point(t);
      placer.block({ x: q.x - 4, y: q.y - 4, w: 8, h: 8 });
    }
    const d = `M${r1(start.x)},${r1(start.y)} Q${r1(c.x)},${r1(c.y)} ${r1(end.x)},${r1(end.y)}`;
    return [{ a, d, point }];
  });
  // The names first: each below its space if there is room, else where there is.
  const names = map.spaces.map((s) => {
    const p = at.get(s.id)!;
    const w = textWidth(s.name[lang], 13, true) + 8;
    const box = placer.place(w, 17, around(p, 25, 'below'));
    return html`<g class="label name-label" data-space="${s.id}">${tether(p, box)}<text x="${r1(box.x + box.w / 2)}" y="${box.y + 13}" class="name" text-anchor="middle">${s.name[lang]}</text></g>`;
  });
  // Then every stack, by its own space (a line ties it to the space when it had to stand further off).
  const counters: Markup[] = [];
  const counterAt = (st: StackView, p: Point, style: 'outside' | 'inside' | 'transit', first: number) => {
    const c = counterLines(m, st, lang, style === 'inside' ? '▣ ' : style === 'transit' ? '→ ' : '');
    const pad = style === 'inside' ? 4 : 0;
    const box = placer.place(c.w + 2 * pad, c.h + 2 * pad, around(p, first, 'right'));
    const x = box.x + pad;
    const y = box.y + pad;
    const fill = POWER_COLOURS[st.power] ?? '#ddd';
    const border =
      style === 'inside'
        ? html`<rect x="${box.x + 1}" y="${box.y + 1}" width="${box.w - 2}" height="${box.h - 2}" rx="4" fill="none" stroke="#1f2937" stroke-width="1.5"/>`
        : '';
    counters.push(
      html`<g class="label counter ${style}" data-space="${st.space}" data-power="${st.power}">${style === 'transit' ? '' : tether(p, box)}${border}<rect x="${x}" y="${y}" width="${Math.ceil(c.w)}" height="${c.h}" rx="3" fill="${fill}" stroke="#1f2937" stroke-width="1"${style === 'transit' ? raw(' stroke-dasharray="4 2"') : ''}/><text x="${x + 6}" y="${y + 13}" class="c1">${c.line1}</text>${c.line2 ? html`<text x="${x + 6}" y="${y + 26}" class="c2">${c.line2}</text>` : ''}</g>`,
    );
  };
  for (const s of map.spaces) {
    const p = at.get(s.id)!;
    const here = frame.position.stacks.filter(
      (st) => st.space === s.id && (st.regulars + st.mercenaries + st.cavalry > 0 || st.leaders.length > 0),
    );
    for (const st of [...here.filter((x) => !x.inside), ...here.filter((x) => x.inside)])
      counterAt(st, p, st.inside ? 'inside' : 'outside', 24);
  }
  if (frame.transit) {
    const a = at.get(frame.transit.from);
    const b = at.get(frame.transit.to);
    if (a && b)
      for (const st of frame.transit.stacks) counterAt(st, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, 'transit', 4);
  }
  // What this step eliminated or captured, marked where it happened.
  const fallen = frame.fallen.flatMap((f) => {
    const p = at.get(f.space);
    if (!p) return [];
    const what =
      f.kind === 'captured' ? `⛓ ${leaderNames(m, f.leaders, lang).join(', ')}` : `✗ ${unitCounts(f, lang, true)}`;
    const why =
      f.kind === 'captured'
        ? `${word('capturedBy', lang)} ${powerText(m, f.by ?? f.power, lang)}`
        : `${word('eliminated', lang)} (${powerText(m, f.power, lang)})`;
    const w = Math.max(textWidth(what, 11, true), textWidth(why, 10)) + 14;
    const box = placer.place(w, 31, around(p, 24, 'right'));
    return [
      html`<g class="label fallen ${f.kind}" data-space="${f.space}" data-power="${f.power}">${tether(p, box)}<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="3" fill="#fff1f2" stroke="#b91c1c" stroke-width="1.5" stroke-dasharray="4 2"/><text x="${box.x + 6}" y="${box.y + 13}" class="f1">${what}</text><text x="${box.x + 6}" y="${box.y + 26}" class="f2">${why}</text></g>`,
    ];
  });
  // The arrows' words, where the curve has room for them (else tied to its middle by a line).
  const arrowParts = curves.map(({ a, d, point }) => {
    const label = `${word(a.kind === 'interception' ? 'interception' : a.kind === 'avoid' ? 'avoid' : a.kind === 'retreat' ? 'retreat' : 'move', lang)}${a.success === true ? ' ✓' : a.success === false ? ` ✗ ${word('failed', lang)}` : ''}`;
    const w = textWidth(label, 11, true) + 6;
    const spots = [0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74].map(point);
    const box = placer.place(w, 15, along(spots));
    const mid = point(0.5);
    return {
      path: html`<g class="arrow ${a.kind}${a.success === false ? ' failed' : ''}" data-kind="${a.kind}" data-from="${a.from}" data-to="${a.to ?? ''}" data-power="${a.power}"><path d="${d}" fill="none" stroke="#fdfcf7" stroke-width="9" opacity=".85"/><g class="line-style" data-kind="${a.kind}">${lineStyle(a.kind, arrowColour(a.power), d, `wt-head-${a.power}`)}</g></g>`,
      label: html`<g class="label arrow-text" data-kind="${a.kind}" data-from="${a.from}">${box.spilled ? tether(mid, box) : ''}<text x="${r1(box.x + box.w / 2)}" y="${box.y + 11}" class="arrow-label">${label}</text></g>`,
    };
  });
  const heads = Object.keys(POWER_COLOURS).map(
    (p) =>
      html`<marker id="wt-head-${p}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${arrowColour(p)}"/></marker>`,
  );
  const height = Math.max(H, placer.bottom);
  return html`<svg class="map" viewBox="0 0 ${W} ${height}" role="img" aria-label="${word('mapTitle', lang)}"><defs>${heads}</defs><g class="roads">${edges}</g><g class="arrows">${arrowParts.map((x) => x.path)}</g><g class="spaces">${spaces}</g><g class="counters">${counters}</g><g class="fallen-marks">${fallen}</g><g class="names">${names}</g><g class="arrow-labels">${arrowParts.map((x) => x.label)}</g></svg>`;
}

/** The same facts as the map, as a table a reader (or a screen reader) can go through. */
export function stacksTable(
  m: Pick<WalkthroughModel, 'leaders' | 'powers'>,
  map: MapView | undefined,
  frame: BoardView,
  lang: Lang,
): Markup {
  if (!map) return html``;
  const rows = map.spaces.flatMap((s) => {
    const here = frame.position.stacks.filter(
      (st) => st.space === s.id && (st.regulars + st.mercenaries + st.cavalry > 0 || st.leaders.length > 0),
    );
    const transit = frame.transit && frame.transit.from === s.id ? frame.transit.stacks : [];
    if (here.length === 0 && transit.length === 0 && s.id !== map.centre && s.id !== map.origin) return [];
    const siege = frame.position.sieges.find((x) => x.space === s.id);
    const facts = [
      word(s.fortified ? 'fortified' : 'unfortified', lang),
      `${word('controlledBy', lang)} ${powerText(m, controller(frame, s), lang)}`,
      ...(siege ? [`${word('besiegedBy', lang)} ${siege.by.map((p) => powerText(m, p, lang)).join(', ')}`] : []),
      ...(frame.position.unrest.includes(s.id) ? [word('unrest', lang)] : []),
    ];
    const line = (st: StackView, where: Markup | string) => {
      const marks = [
        ...(st.lostBattle ? [word('lostBattle', lang)] : []),
        ...(st.attemptedInterception ? [word('attempted', lang)] : []),
      ];
      return html`<li data-power="${st.power}" data-inside="${String(st.inside)}"><span class="swatch" style="background:${POWER_COLOURS[st.power] ?? '#ddd'}"></span><b>${powerText(m, st.power, lang)}</b> (${where}): ${stackText(m, st, lang)}${marks.length ? html` <i>— ${marks.join(', ')}</i>` : ''}</li>`;
    };
    const list = [
      ...here.filter((st) => !st.inside).map((st) => line(st, word('outside', lang))),
      ...here.filter((st) => st.inside).map((st) => line(st, word('inside', lang))),
      ...transit.map((st) => line(st, word('inTransit', lang))),
    ];
    return [
      html`<tr data-space="${s.id}"><th scope="row">${s.name[lang]}<div class="facts">${facts.join(' · ')}</div></th><td>${list.length ? html`<ul>${list}</ul>` : word('nobody', lang)}</td></tr>`,
    ];
  });
  const captured = frame.position.captured.length
    ? html`<p class="captured"><b>${word('captured', lang)}:</b> ${frame.position.captured.map((c) => `${Object.hasOwn(m.leaders, c.leader) ? m.leaders[c.leader]![lang] : c.leader} (${powerText(m, c.by, lang)})`).join(', ')}</p>`
    : '';
  const spaceOf = (id: string) => map.spaces.find((x) => x.id === id)?.name[lang] ?? id;
  const lost = frame.fallen.length
    ? html`<p class="fallen-list"><b>${word('fallenHere', lang)}:</b> ${frame.fallen
        .map((f) =>
          f.kind === 'captured'
            ? `${leaderNames(m, f.leaders, lang).join(', ')} — ${word('capturedBy', lang)} ${powerText(m, f.by ?? f.power, lang)} (${spaceOf(f.space)})`
            : `${powerText(m, f.power, lang)}: ${unitCounts(f, lang)} — ${word('eliminated', lang)} (${spaceOf(f.space)})`,
        )
        .join('; ')}</p>`
    : '';
  return html`<table class="stacks"><caption>${word('units', lang)}</caption><tbody>${rows}</tbody></table>${lost}${captured}`;
}

/** A legend's line: the same drawing as on the map. */
function legendLine(kind: ArrowView['kind'] | 'pass'): Markup {
  return html`<svg class="lg-line" viewBox="0 0 34 12" width="34" height="12" aria-hidden="true"><g class="line-style" data-kind="${kind}">${lineStyle(kind, kind === 'pass' ? '#a16207' : '#334155', 'M2,6 L32,6')}</g>${kind === 'pass' ? html`<text x="17" y="10" class="pass-mark" text-anchor="middle">▲</text>` : ''}</svg>`;
}

/** The map's legend: every symbol and line as the map draws it. */
export function mapLegend(lang: Lang): Markup {
  return html`<ul class="legend"><li><span class="lg sq"></span>${word('fortified', lang)}</li><li><span class="lg ci"></span>${word('unfortified', lang)}</li><li data-kind="pass">${legendLine('pass')}${word('pass', lang)}</li><li>▣ ${word('inside', lang)}</li><li data-kind="move">${legendLine('move')}${word('move', lang)}</li><li data-kind="interception">${legendLine('interception')}${word('interception', lang)}</li><li data-kind="avoid">${legendLine('avoid')}${word('avoid', lang)}</li><li data-kind="retreat">${legendLine('retreat')}${word('retreat', lang)}</li><li><span class="lg fl"></span>${word('fallenLegend', lang)}</li></ul>`;
}
