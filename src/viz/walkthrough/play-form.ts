// Play mode's controls for the pending decision: a button per legal answer, the refused answers shown disabled with
// their reasons, a form for a partial answer where `limits` allows one (fewer interceptors, an avoid that leaves
// units behind, a leader alone, fewer units inside on a retreat), and dice to roll or type. The form only builds the
// event: the engine decides whether it is legal, and its refusal is shown as it comes.
import type { EngineEvent } from '../../schema/events.ts';
import type { Lang, Text } from '../../index.ts';
import { stateRuleText } from '../../text/rules.ts';
import { html, type Markup } from './html.ts';
import { answerOdds, oddsExact, oddsHead } from './odds-view.ts';
import type { DecisionView, OddsView, WalkthroughModel } from './types.ts';
import { word } from './words.ts';

export interface PlayState {
  /** The engine's last refusal, shown until the next accepted answer. */
  readonly error: {
    readonly code: string;
    readonly rule?: string;
    readonly ruling?: string;
    readonly reason: Text;
  } | null;
  readonly canUndo: boolean;
  /** What the reader sent last, kept after a refusal so that the form shows it again (and is empty after an accepted answer). */
  readonly sent?: Sent | undefined;
  /** The seed the next seeded dice come from (a fresh one after an undo). */
  readonly seed?: number;
  /** Where this play began: the start, a step of the replay, or a save the reader loaded. */
  readonly origin?:
    | { readonly kind: 'start' }
    | { readonly kind: 'branch'; readonly frame: number }
    | {
        readonly kind: 'save';
        readonly seed: number;
      };
  /** Why the save the reader gave could not be loaded (the engine's words). */
  readonly loadError?: string | null;
}

/** A partial-answer form's values (as FormData gives them), or the dice typed. */
export type Sent =
  | { readonly kind: 'form'; readonly values: ReadonlyMap<string, readonly string[]> }
  | { readonly kind: 'dice'; readonly text: string };

interface Units {
  readonly regulars: number;
  readonly mercenaries: number;
  readonly cavalry: number;
  readonly leaders: readonly string[];
}

const TYPES = ['regulars', 'mercenaries', 'cavalry'] as const;

function units(v: unknown): Units {
  const u = (v ?? {}) as Partial<Units>;
  return {
    regulars: u.regulars ?? 0,
    mercenaries: u.mercenaries ?? 0,
    cavalry: u.cavalry ?? 0,
    leaders: Array.isArray(u.leaders) ? u.leaders : [],
  };
}

function spaceName(m: WalkthroughModel, id: string, lang: Lang): string {
  for (const map of Object.values(m.maps)) {
    const s = map.spaces.find((x) => x.id === id);
    if (s) return s.name[lang];
  }
  return id;
}

function leaderName(m: WalkthroughModel, id: string, lang: Lang): string {
  return Object.hasOwn(m.leaders, id) ? m.leaders[id]![lang] : id;
}

/** The form's values sent last, when the reader sent this form. */
type Values = ReadonlyMap<string, readonly string[]> | undefined;

function counts(
  prefix: string,
  available: Units,
  max: number | undefined,
  initial: 'all' | 'none',
  lang: Lang,
  sent: Values,
): Markup[] {
  return TYPES.filter((t) => available[t] > 0).map((t) => {
    const top = Math.min(available[t], max ?? available[t]);
    const value = sent ? (sent.get(`${prefix}${t}`)?.[0] ?? '0') : String(initial === 'all' ? top : 0);
    return html`<label>${word(t, lang)} <input type="number" name="${prefix}${t}" min="0" max="${String(top)}" value="${value}"></label>`;
  });
}

function leaders(
  m: WalkthroughModel,
  name: string,
  ids: readonly string[],
  checked: boolean,
  lang: Lang,
  sent: Values,
): Markup {
  if (ids.length === 0) return html``;
  const on = (id: string) => (sent ? (sent.get(name) ?? []).includes(id) : checked);
  return html`<fieldset><legend>${word('leaders', lang)}</legend>${ids.map((id) => html`<label><input type="checkbox" name="${name}" value="${id}"${on(id) ? html` checked` : ''}> ${leaderName(m, id, lang)}</label>`)}</fieldset>`;
}

function select(
  m: WalkthroughModel,
  name: string,
  label: string,
  ids: readonly string[],
  lang: Lang,
  sent: Values,
): Markup {
  const chosen = sent?.get(name)?.[0];
  return html`<label>${label} <select name="${name}">${ids.map((id) => html`<option value="${id}"${id === chosen ? html` selected` : ''}>${spaceName(m, id, lang)}</option>`)}</select></label>`;
}

/** The partial-answer form, for the kinds whose `limits` describe a range of unit choices. */
function customForm(m: WalkthroughModel, d: DecisionView, lang: Lang, sent: Values): Markup | null {
  const l = (d.limits ?? {}) as Record<string, unknown>;
  let fields: Markup[] = [];
  if (d.kind === 'intercept' && Array.isArray(l.spaces) && l.spaces.length > 0) {
    const spaces = l.spaces as { from: string; available: unknown; maxLandUnits?: number }[];
    const all = spaces.map((s) => units(s.available));
    const union: Units = {
      regulars: Math.max(...all.map((u) => u.regulars)),
      mercenaries: Math.max(...all.map((u) => u.mercenaries)),
      cavalry: Math.max(...all.map((u) => u.cavalry)),
      leaders: [...new Set(all.flatMap((u) => u.leaders))],
    };
    fields = [
      select(
        m,
        'from',
        word('from', lang),
        spaces.map((s) => s.from),
        lang,
        sent,
      ),
      ...counts('', union, undefined, 'all', lang, sent),
      leaders(m, 'leaders', union.leaders, true, lang, sent),
    ];
  } else if (d.kind === 'avoid' && l.available && Array.isArray(l.destinations) && l.destinations.length > 0) {
    const available = units(l.available);
    fields = [
      select(m, 'to', word('to', lang), l.destinations as string[], lang, sent),
      ...counts('', available, undefined, 'all', lang, sent),
      leaders(m, 'leaders', available.leaders, true, lang, sent),
    ];
  } else if (d.kind === 'retreat' && l.available) {
    const available = units(l.available);
    const room = typeof l.insideRoom === 'number' ? l.insideRoom : 0;
    const destinations = Array.isArray(l.destinations) ? (l.destinations as string[]) : [];
    if (room === 0 && destinations.length <= 1) return null;
    fields = [
      ...(destinations.length ? [select(m, 'to', word('to', lang), destinations, lang, sent)] : []),
      ...(room > 0
        ? [
            html`<span class="sub">${word('insideUnits', lang)}:</span>`,
            ...counts('inside-', available, room, 'none', lang, sent),
            ...(l.leadersMayGoInside ? [leaders(m, 'inside-leaders', available.leaders, false, lang, sent)] : []),
          ]
        : []),
    ];
  } else return null;
  return html`<form class="custom" data-kind="${d.kind}"><p class="sub">${word('custom', lang)} <span class="muted">(${word('range', lang)})</span></p>${fields}<button type="submit">${word('send', lang)}</button></form>`;
}

/** The event a partial-answer form describes (form values as FormData gives them). */
export function eventFromForm(d: DecisionView, values: ReadonlyMap<string, readonly string[]>): EngineEvent {
  const one = (k: string) => values.get(k)?.[0];
  const n = (k: string) => Math.max(0, Math.trunc(Number(one(k) ?? 0)) || 0);
  const pick = (prefix: string) =>
    Object.fromEntries(TYPES.map((t) => [t, n(`${prefix}${t}`)]).filter(([, v]) => v !== 0));
  const power = d.power;
  if (d.kind === 'intercept')
    return {
      type: 'intercept.declare',
      power,
      from: one('from') ?? '',
      ...pick(''),
      leaders: [...(values.get('leaders') ?? [])],
    } as EngineEvent;
  if (d.kind === 'avoid')
    return {
      type: 'avoid.declare',
      power,
      to: one('to') ?? '',
      ...pick(''),
      leaders: [...(values.get('leaders') ?? [])],
    } as EngineEvent;
  const inside = {
    ...pick('inside-'),
    ...(values.get('inside-leaders')?.length ? { leaders: [...values.get('inside-leaders')!] } : {}),
  };
  const to = one('to');
  return {
    type: 'retreat.declare',
    power,
    ...(to ? { to } : {}),
    ...(Object.keys(inside).length ? { inside } : {}),
  } as EngineEvent;
}

/** The controls to answer the live decision; a refusal of what the reader sent stands right below what was sent. */
export function playControls(
  m: WalkthroughModel,
  d: DecisionView,
  lang: Lang,
  state: PlayState | undefined,
  odds?: OddsView,
): Markup {
  const error = state?.error
    ? html`<p class="error" role="alert"><b>${word('refusedBy', lang)}:</b> ${state.error.reason[lang]}${state.error.rule ? html` <span class="ref">${stateRuleText(state.error.rule, state.error.ruling, lang)}</span>` : ''} <code>${state.error.code}</code></p>`
    : '';
  const sent = state?.sent;
  if (d.kind === 'roll') {
    const typed = sent?.kind === 'dice' ? sent.text : '';
    return html`<div class="play" data-kind="roll"><h4>${word('yourTurn', lang)}</h4>${oddsHead(odds, lang, true)}${answerOdds(odds, 0, lang)}${oddsExact(d, odds, lang)}<button type="button" class="primary" data-act="roll">⚄ ${word('rollSeeded', lang)}</button><form class="dice-form"><label>${word('typeDice', lang)} <input name="dice" inputmode="numeric" autocomplete="off" value="${typed}" placeholder="${Array.from({ length: Math.min(d.roll?.dice ?? 2, 13) }, (_, i) => String((i % 6) + 1)).join(' ')}"></label> <button type="submit">${word('useDice', lang)}</button></form>${error}</div>`;
  }
  const options = d.options.map(
    (o, i) =>
      html`<li><button type="button" class="option" data-act="option" data-index="${String(i)}">${o.label[lang]}</button>${answerOdds(odds, i, lang)}</li>`,
  );
  const blocked = d.blocked.map(
    (b) =>
      html`<li><button type="button" class="option" disabled>${b.label[lang]}</button> <span class="why">${b.reason[lang]} <span class="ref">${stateRuleText(b.rule, b.ruling, lang)}</span> <code>${b.code}</code></span></li>`,
  );
  return html`<div class="play" data-kind="${d.kind}"><h4>${word('yourTurn', lang)}</h4><h5>${word('legal', lang)}</h5>${oddsHead(odds, lang, false)}<ul class="play-options">${options}</ul>${oddsExact(d, odds, lang)}${customForm(m, d, lang, sent?.kind === 'form' ? sent.values : undefined) ?? ''}${error}<h5>${word('refused', lang)}</h5>${blocked.length ? html`<ul class="play-blocked">${blocked}</ul>` : html`<p class="muted">${word('noRefused', lang)}</p>`}</div>`;
}

/** Undo, start again, download the save, load one (a file or pasted text). */
export function playToolbar(state: PlayState, lang: Lang): Markup {
  const origin =
    state.origin?.kind === 'branch'
      ? html`<p class="origin">${word('branched', lang)}</p>`
      : state.origin?.kind === 'save'
        ? html`<p class="origin">${word('loaded', lang)}</p>`
        : '';
  const seed =
    state.seed === undefined
      ? ''
      : html`<p class="muted seed">${word('seedNow', lang)} <code>${String(state.seed)}</code></p>`;
  const failed = state.loadError
    ? html`<p class="error" role="alert"><b>${word('loadFailed', lang)}:</b> ${state.loadError}</p>`
    : '';
  return html`<div class="toolbar"><p class="muted">${word('playIntro', lang)}</p>${origin}<div class="tools"><button type="button" data-act="undo"${state.canUndo ? '' : html` disabled`}>↶ ${word('undo', lang)}</button> <button type="button" data-act="restart">${word('restart', lang)}</button> <button type="button" data-act="download">⤓ ${word('download', lang)}</button></div>${seed}<details class="load"${state.loadError ? html` open` : ''}><summary>${word('loadSave', lang)}</summary><label>${word('loadFile', lang)} <input type="file" name="save-file" accept=".json,application/json"></label><form class="load-form"><label>${word('pasteSave', lang)} <textarea name="save" rows="4" spellcheck="false"></textarea></label><button type="submit">${word('loadIt', lang)}</button></form>${failed}</details></div>`;
}
