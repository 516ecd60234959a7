// The schematic map of one frame: the destination, the origin and their neighbours (placed by src/data/layout.ts),
// passes dashed, fortified spaces square, each space filled with its controller's colour, every stack as a counter
// beside its space (inside the fortifications with a double border), the formation in transit on its road, and the
// arrows of the move, interceptions, avoids and retreats. Plus the same facts as a table. Pure: strings in, markup out.
import type { Lang, Text } from '../../index.ts';
import { count, NOUNS } from '../../text/grammar.ts';
import { html, raw, type Markup } from './html.ts';
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
svg.map .road { stroke: #94a3b8; stroke-width: 3; } svg.map .road.pass { stroke: #a16207; }
svg.map .name { font: 600 13px system-ui, sans-serif; paint-order: stroke; stroke: #fff; stroke-width: 4px; fill: #111827; }
svg.map .ring.centre { stroke: #dc2626; stroke-width: 3; } svg.map .ring.origin { stroke: #64748b; stroke-width: 2; stroke-dasharray: 4 3; }
svg.map .counter text { font: 11px system-ui, sans-serif; fill: #111827; } svg.map .counter .c1 { font-weight: 700; }
svg.map .arrow-label { font: italic 600 11px system-ui, sans-serif; paint-order: stroke; stroke: #fff; stroke-width: 4px; fill: #111827; text-anchor: middle; }
svg.map .arrow.failed path { opacity: .55; } svg.map .unrest { font: 700 14px sans-serif; fill: #b91c1c; }`;

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

/** A counter: one power's stack in one space, on one side of the walls (or on the road). */
function counter(
  m: Pick<WalkthroughModel, 'leaders'>,
  s: StackView,
  at: Point,
  lang: Lang,
  style: 'outside' | 'inside' | 'transit',
): { markup: Markup; height: number } {
  const line1 = unitCounts(s, lang, true) || '—';
  const names = leaderNames(m, s.leaders, lang);
  const line2 = names.join(', ');
  const width = Math.max(line1.length * 6.4, line2.length * 5.6) + 14;
  const height = line2 ? 30 : 18;
  const fill = POWER_COLOURS[s.power] ?? '#ddd';
  const mark = style === 'inside' ? '▣ ' : style === 'transit' ? '→ ' : '';
  const border =
    style === 'inside'
      ? raw(
          `<rect x="${at.x - 3}" y="${at.y - 3}" width="${Math.round(width + 6)}" height="${height + 6}" rx="4" fill="none" stroke="#1f2937" stroke-width="1.5"/>`,
        )
      : raw('');
  return {
    markup: html`<g class="counter ${style}" data-space="${s.space}" data-power="${s.power}">${border}<rect x="${at.x}" y="${at.y}" width="${Math.round(width)}" height="${height}" rx="3" fill="${fill}" stroke="#1f2937" stroke-width="1"${style === 'transit' ? raw(' stroke-dasharray="4 2"') : ''}/><text x="${at.x + 6}" y="${at.y + 13}" class="c1">${mark}${line1}</text>${line2 ? html`<text x="${at.x + 6}" y="${at.y + 25}" class="c2">${line2}</text>` : ''}</g>`,
    height: height + 8,
  };
}

const ARROW_STYLE: Readonly<Record<ArrowView['kind'], string>> = {
  move: '',
  interception: ' stroke-dasharray="9 5"',
  avoid: ' stroke-dasharray="2 5"',
  retreat: ' stroke-dasharray="12 4 3 4"',
};

function arrow(a: ArrowView, from: Point, to: Point, lang: Lang, nth: number): Markup {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / len, dy / len];
  const start = { x: from.x + ux * 20, y: from.y + uy * 20 };
  const end = { x: to.x - ux * 24, y: to.y - uy * 24 };
  // Bend to the left of the direction of travel: opposite arrows between two spaces do not overlap.
  const bend = 22 + nth * 16;
  const c = { x: (start.x + end.x) / 2 + uy * bend, y: (start.y + end.y) / 2 - ux * bend };
  const mid = { x: (start.x + 2 * c.x + end.x) / 4, y: (start.y + 2 * c.y + end.y) / 4 };
  const colour = a.power === 'hapsburg' ? '#a88400' : (POWER_COLOURS[a.power] ?? '#333');
  const label = `${word(a.kind === 'interception' ? 'interception' : a.kind === 'avoid' ? 'avoid' : a.kind === 'retreat' ? 'retreat' : 'move', lang)}${a.success === true ? ' ✓' : a.success === false ? ` ✗ ${word('failed', lang)}` : ''}`;
  const r = (n: number) => Math.round(n * 10) / 10;
  return html`<g class="arrow ${a.kind}${a.success === false ? ' failed' : ''}" data-kind="${a.kind}" data-from="${a.from}" data-to="${a.to ?? ''}" data-power="${a.power}"><path d="M${r(start.x)},${r(start.y)} Q${r(c.x)},${r(c.y)} ${r(end.x)},${r(end.y)}" fill="none" stroke="${colour}" stroke-width="3.2"${raw(ARROW_STYLE[a.kind])} marker-end="url(#wt-head-${a.power})"/><text x="${r(mid.x)}" y="${r(mid.y)}" class="arrow-label">${label}</text></g>`;
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
  const edges = map.edges.map((e) => {
    const a = at.get(e.a)!;
    const b = at.get(e.b)!;
    return html`<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" class="road ${e.kind}" data-a="${e.a}" data-b="${e.b}"${e.kind === 'pass' ? raw(' stroke-dasharray="7 5"') : ''}/>`;
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
    return html`<g class="space${role}${s.fortified ? ' fortified' : ''}" data-space="${s.id}" data-control="${controller(frame, s)}">${ring}${glyph}${siege}${unrest}<text x="${p.x}" y="${p.y + 37}" class="name" text-anchor="middle">${s.name[lang]}</text></g>`;
  });
  const counters: Markup[] = [];
  for (const s of map.spaces) {
    const p = at.get(s.id)!;
    const here = frame.position.stacks.filter(
      (st) => st.space === s.id && (st.regulars + st.mercenaries + st.cavalry > 0 || st.leaders.length > 0),
    );
    const ordered = [...here.filter((st) => !st.inside), ...here.filter((st) => st.inside)];
    const left = p.x > W * 0.66;
    let y = p.y + 44;
    for (const st of ordered) {
      const width =
        Math.max(unitCounts(st, lang, true).length * 6.4, leaderNames(m, st.leaders, lang).join(', ').length * 5.6) +
        14;
      const c = counter(
        m,
        st,
        { x: Math.round(left ? p.x - width + 10 : p.x - 10), y },
        lang,
        st.inside ? 'inside' : 'outside',
      );
      counters.push(c.markup);
      y += c.height;
    }
  }
  if (frame.transit) {
    const a = at.get(frame.transit.from);
    const b = at.get(frame.transit.to);
    if (a && b) {
      let y = Math.round((a.y + b.y) / 2) - 54 - 38 * (frame.transit.stacks.length - 1);
      for (const st of frame.transit.stacks) {
        const c = counter(m, st, { x: Math.round((a.x + b.x) / 2) - 50, y }, lang, 'transit');
        counters.push(c.markup);
        y += c.height;
      }
    }
  }
  const seen = new Map<string, number>();
  const arrows = frame.arrows.flatMap((a) => {
    const from = at.get(a.from);
    const to = a.to === null ? undefined : at.get(a.to);
    if (!from || !to) return [];
    const key = `${a.from}>${a.to}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    return [arrow(a, from, to, lang, nth)];
  });
  const heads = Object.entries(POWER_COLOURS).map(
    ([p, c]) =>
      html`<marker id="wt-head-${p}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${p === 'hapsburg' ? '#a88400' : c}"/></marker>`,
  );
  return html`<svg class="map" viewBox="0 0 ${W} ${H}" role="img" aria-label="${word('mapTitle', lang)}"><defs>${heads}</defs><g class="roads">${edges}</g><g class="spaces">${spaces}</g><g class="arrows">${arrows}</g><g class="counters">${counters}</g></svg>`;
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
  return html`<table class="stacks"><caption>${word('units', lang)}</caption><tbody>${rows}</tbody></table>${captured}`;
}

/** The map's legend. */
export function mapLegend(lang: Lang): Markup {
  return html`<ul class="legend"><li><span class="lg sq"></span>${word('fortified', lang)}</li><li><span class="lg ci"></span>${word('unfortified', lang)}</li><li><span class="lg pass"></span>${word('pass', lang)}</li><li>▣ ${word('inside', lang)}</li><li><span class="lg mv"></span>${word('move', lang)}</li><li><span class="lg ic"></span>${word('interception', lang)}</li><li><span class="lg av"></span>${word('avoid', lang)}</li><li><span class="lg rt"></span>${word('retreat', lang)}</li></ul>`;
}
