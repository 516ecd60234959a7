// The page's panels for one step, in one language: the header, the step list, the step itself (narrative, trigger,
// rule, conditions, dice, decision) and the map. Pure: the model and the view in, markup out; the page's script
// calls the same functions on every step and language change, and the page is first drawn by them in Node.
import type { Lang } from '../../index.ts';
import { ruleText, stateRuleText } from '../../text/rules.ts';
import { diceView, rollPlan } from './dice.ts';
import { html, raw, type Markup } from './html.ts';
import { mapLegend, mapSvg, stacksTable } from './map.ts';
import { answerOdds, oddsExact, oddsHead } from './odds-view.ts';
import { playControls, playToolbar, type PlayState } from './play-form.ts';
import type { DecisionView, OddsView, StepView, WalkthroughModel } from './types.ts';
import { KINDS, SOURCES, TRIGGERS, word } from './words.ts';

export interface View {
  /** Index into model.steps. */
  readonly index: number;
  readonly lang: Lang;
  readonly mode: 'replay' | 'play';
  /** The story (the steps a player notices) or every state with its conditions. */
  readonly view: 'story' | 'full';
  /** Whether the page carries the engine (a Play button). */
  readonly playable: boolean;
  /** Play mode: the last refusal, and whether an undo is possible. */
  readonly play?: PlayState;
}

/** A printer, drawn (no emoji font is needed to see it). */
const PRINTER = raw(
  '<svg class="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path fill="currentColor" d="M4 1h8v4H4zM2 6h12a1 1 0 0 1 1 1v5h-3v3H4v-3H1V7a1 1 0 0 1 1-1zm3 5v3h6v-3z"/></svg> ',
);

function ref(rule: string, ruling: string | undefined, lang: Lang): Markup {
  return html`<span class="ref">${stateRuleText(rule, ruling, lang)}</span>`;
}

function summary(m: WalkthroughModel, rule: string, lang: Lang): string {
  return Object.hasOwn(m.rules, rule) ? m.rules[rule]![lang] : '';
}

function procedure(m: WalkthroughModel, machine: string, lang: Lang): string {
  const p = Object.hasOwn(m.procedures, machine) ? m.procedures[machine]! : undefined;
  return p ? `${p.title[lang]} (${ruleText(p.rule, lang)})` : machine;
}

/** The indices of the steps the view lists: every step, or the story's (and the step shown, if it is not one). */
export function visibleSteps(m: WalkthroughModel, v: Pick<View, 'view' | 'index'>): number[] {
  return m.steps.flatMap((s, i) => (v.view === 'full' || s.story || i === v.index ? [i] : []));
}

export function header(m: WalkthroughModel, v: View): Markup {
  const { lang } = v;
  const shown = visibleSteps(m, v);
  const at = shown.indexOf(v.index);
  const langButton = (l: Lang, label: string) =>
    html`<button type="button" class="lang${l === lang ? ' on' : ''}" data-act="lang" data-lang="${l}" aria-pressed="${String(l === lang)}">${label}</button>`;
  const modeButton = (mode: View['mode']) =>
    html`<button type="button" class="mode${mode === v.mode ? ' on' : ''}" data-act="mode" data-mode="${mode}" aria-pressed="${String(mode === v.mode)}">${word(mode, lang)}</button>`;
  const viewButton = (view: View['view']) =>
    html`<button type="button" class="view${view === v.view ? ' on' : ''}" data-act="view" data-view="${view}" aria-pressed="${String(view === v.view)}" title="${word(view === 'story' ? 'storyHint' : 'fullHint', lang)}">${word(view === 'story' ? 'story' : 'full', lang)}</button>`;
  const counter = html`<span id="wt-counter" class="counter">${word('step', lang)} <b>${String(at + 1)}</b> ${word('of', lang)} ${String(shown.length)}</span>`;
  return html`<header class="top"><div class="titles"><h1>${m.title[lang]}</h1><p class="sub">${word('pageTitle', lang)}</p>${m.alternativeReadings?.length ? html`<p class="sub readings">${word('readings', lang)} ${m.alternativeReadings.join(', ')}</p>` : ''}${m.description ? html`<details class="desc"><summary>${word('about', lang)}</summary><p>${m.description[lang]}</p></details>` : ''}</div><nav class="controls"><span class="group nav"><button type="button" id="wt-prev" data-act="prev"${at <= 0 ? html` disabled` : ''}>${word('previous', lang)}</button>${counter}<button type="button" id="wt-next" data-act="next"${at >= shown.length - 1 ? html` disabled` : ''}>${word('next', lang)}</button></span><span class="group" role="group" aria-label="${word('viewLabel', lang)}">${viewButton('story')}${viewButton('full')}</span><span class="group" role="group" aria-label="${word('language', lang)}">${langButton('en', 'EN')}${langButton('ru', 'RU')}</span>${v.playable ? html`<span class="group" role="group" aria-label="${word('mode', lang)}">${modeButton('replay')}${modeButton('play')}</span>` : ''}<span class="group print" role="group" aria-label="${word('print', lang)}"><button type="button" data-act="print" data-print="step" title="${word('printStepHint', lang)}">${PRINTER}${word('printStep', lang)}</button><button type="button" data-act="print" data-print="story" title="${word('printStoryHint', lang)}">${PRINTER}${word('printStory', lang)}</button></span><span class="keys">${word('keys', lang)}</span></nav></header>`;
}

/** Whether the step's note says what happened in it (it is not just the state's title). */
function told(s: StepView): boolean {
  return s.note.en !== s.title.en || s.note.ru !== s.title.ru;
}

export function stepList(m: WalkthroughModel, v: View): Markup {
  const items = visibleSteps(m, v).map((i) => {
    const s = m.steps[i]!;
    const cls = [
      i === v.index ? 'current' : '',
      told(s) ? 'headline' : '',
      s.waits ? 'waits' : '',
      s.forced ? 'forced' : '',
    ]
      .filter(Boolean)
      .join(' ');
    return html`<li class="${cls}"><a href="#step=${String(s.step)}" data-step="${String(s.step)}"${i === v.index ? html` aria-current="step"` : ''}><span class="n">${String(s.step)}</span> <span class="t">${s.title[v.lang]}</span>${told(s) ? html`<span class="h">${s.note[v.lang]}</span>` : ''}</a></li>`;
  });
  return html`<h2>${word(v.view === 'story' ? 'storySteps' : 'steps', v.lang)}</h2><ol class="step-list">${items}</ol>`;
}

/** What moved the machine on from this state: the answer accepted, no event, or the procedure it invoked finishing. */
function trigger(m: WalkthroughModel, s: StepView, lang: Lang): Markup {
  const out = s.leaves;
  if (!out) return html`<p class="muted">${word(s.waits ? 'waiting' : 'staysHere', lang)}</p>`;
  let why: Markup;
  if (s.answer)
    why = html`${TRIGGERS.event[lang]} <b class="answer">${s.answer.label[lang]}</b> <code>${s.answer.event.type}</code> — ${TRIGGERS.by[lang]}: ${(SOURCES[s.answer.source] ?? SOURCES.host!)[lang]}.`;
  else if (out.event.startsWith('done:'))
    why = html`${TRIGGERS.done[lang]} ${procedure(m, out.event.slice('done:'.length), lang)}.`;
  else if (out.event === 'always') why = html`${TRIGGERS.always[lang]}`;
  else why = html`<code>${out.event}</code>`;
  const to = m.steps.find((x) => x.step === out.step);
  return html`<p>${why}</p><p class="next">${word('leadsTo', lang)}: <a href="#step=${String(out.step)}" data-step="${String(out.step)}">${to ? procedureOf(m, to, lang) : ''}${out.toTitle[lang]}</a> <span class="muted">(${word('step', lang).toLowerCase()} ${String(out.step)})</span></p>`;
}

/** 'Interception › ' when the next state is in another procedure. */
function procedureOf(m: WalkthroughModel, s: StepView, lang: Lang): string {
  const p = Object.hasOwn(m.procedures, s.machine) ? m.procedures[s.machine]! : undefined;
  return p ? `${p.title[lang]} › ` : '';
}

/** How the machine came to this state: it started here, or the state before it (and the step that left that). */
function entry(m: WalkthroughModel, s: StepView, lang: Lang): Markup {
  if (s.entered.event === 'start') return html`<p class="came">${TRIGGERS.start[lang]}</p>`;
  const before = m.steps.find((x) => x.leaves?.step === s.step);
  if (!before) return html``;
  return html`<p class="came">${word('cameFrom', lang)}: <a href="#step=${String(before.step)}" data-step="${String(before.step)}">${before.title[lang]}</a> <span class="muted">(${word('step', lang).toLowerCase()} ${String(before.step)})</span></p>`;
}

function guards(m: WalkthroughModel, s: StepView, lang: Lang): Markup {
  if (s.guards.length === 0) return html`<p class="muted">${word(s.leaves ? 'noGuards' : 'notLeftYet', lang)}</p>`;
  // A condition checked twice on the way out (two transitions test it) is one row: the same answer each time.
  const seen = new Set<string>();
  const once = s.guards.filter((g) => {
    const key = `${g.name}:${String(g.result)}`;
    return !seen.has(key) && (seen.add(key), true);
  });
  const rows = once.map(
    (g) =>
      html`<tr class="${g.result ? 'pass' : 'fail'}"><td><code>${g.name}</code></td><td>${ref(g.rule, undefined, lang)}<div class="sum">${summary(m, g.rule, lang)}</div></td><td class="res">${g.result ? '✓' : '✗'} ${word(g.result ? 'holds' : 'fails', lang)}</td></tr>`,
  );
  return html`<table class="guards"><thead><tr><th>${word('guard', lang)}</th><th>${word('rule', lang)}</th><th>${word('result', lang)}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** A decision: who answers, the legal answers, the refused ones with their reasons, and the answer given (or the controls to give one). */
export function decisionPanel(
  m: WalkthroughModel,
  d: DecisionView,
  lang: Lang,
  answered: Markup | null,
  live: Markup | null,
  odds?: OddsView,
): Markup {
  const kind = KINDS[d.kind] ?? { en: d.kind, ru: d.kind };
  // The odds of each listed answer: a bar under each (in play, under each button); a roll's under its plan.
  const shownOdds = live ? undefined : odds;
  // A roll has no answers to list: the roll plan says what it adds and needs.
  const options =
    live || d.kind === 'roll'
      ? ''
      : html`<h4>${word('legal', lang)}</h4>${oddsHead(shownOdds, lang, false)}${d.options.length ? html`<ol class="options">${d.options.map((o, i) => html`<li>${o.label[lang]} <code>${o.event.type}</code>${answerOdds(shownOdds, i, lang)}</li>`)}</ol>` : html`<p class="muted">—</p>`}`;
  const rollOdds =
    !live && d.kind === 'roll' && shownOdds
      ? html`${oddsHead(shownOdds, lang, true)}${answerOdds(shownOdds, 0, lang)}`
      : '';
  const blocked =
    live || (d.kind === 'roll' && d.blocked.length === 0)
      ? ''
      : html`<h4>${word('refused', lang)}</h4>${d.blocked.length ? html`<ul class="blocked">${d.blocked.map((b) => html`<li><span class="opt">${b.label[lang]}</span> — ${b.reason[lang]} ${ref(b.rule, b.ruling, lang)} <code>${b.code}</code></li>`)}</ul>` : html`<p class="muted">${word('noRefused', lang)}</p>`}`;
  return html`<div class="decision" data-kind="${d.kind}" data-power="${d.power}"><h3>${word('decision', lang)}: ${kind[lang]} — <span class="who">${d.powerName[lang]}</span> ${d.verb[lang]} ${ref(d.rule, d.ruling, lang)}</h3><p class="prompt">${d.prompt[lang]}</p>${d.hands ? html`<p class="hands">${d.hands[lang]}</p>` : ''}<div class="sum">${summary(m, d.rule, lang)}</div>${d.roll ? rollPlan(d.roll, lang) : ''}${rollOdds}${options}${live ? '' : oddsExact(d, shownOdds, lang)}${blocked}${answered ?? ''}${live ?? ''}</div>`;
}

/** Ruling R9: the decisions passed over here without asking anybody, each refused candidate with its reason. */
function skippedPanel(s: StepView, lang: Lang): Markup | string {
  if (!s.skipped?.length) return '';
  const items = s.skipped.map((d) => {
    const kind = KINDS[d.kind] ?? { en: d.kind, ru: d.kind };
    const refused = d.refused.map(
      (r) =>
        html`<li><span class="opt">${r.label[lang]}</span> — ${r.reason[lang]} ${ref(r.rule, r.ruling, lang)} <code>${r.code}</code></li>`,
    );
    return html`<li data-kind="${d.kind}" data-power="${d.power}"><b>${kind[lang]}</b> — <span class="who">${d.powerName[lang]}</span> ${ref(d.rule, undefined, lang)}<ul class="blocked">${refused}</ul></li>`;
  });
  return html`<div class="block skipped"><h3>${word('notAsked', lang)} ${ref('R9', undefined, lang)}</h3><ul>${items}</ul></div>`;
}

export function stepPanel(m: WalkthroughModel, v: View): Markup {
  const { lang } = v;
  const s = m.steps[v.index];
  if (!s) return html`<p class="muted">—</p>`;
  const frame = m.frames[s.frame];
  const last = v.index === m.steps.length - 1;
  let decision: Markup | string = '';
  if (s.waits && frame?.pending) {
    const given = s.answer;
    const answered = given
      ? html`<p class="answered"><b>${word('answered', lang)}:</b> ${given.label[lang]} <code>${given.event.type}</code> — ${(SOURCES[given.source] ?? SOURCES.host!)[lang]}</p>`
      : m.stopped && last
        ? null
        : v.mode === 'replay'
          ? html`<p class="answered muted">${word('waiting', lang)}</p>`
          : null;
    const live =
      v.mode === 'play' && last && !given
        ? playControls(m, frame.pending, lang, v.play, frame.odds)
        : v.mode === 'play' && !last
          ? html`<p class="muted">${word('notYourStep', lang)} <a href="#step=${String(m.steps.at(-1)?.step ?? 1)}">${word('toLast', lang)}</a></p>`
          : null;
    decision = decisionPanel(m, frame.pending, lang, answered, live, frame.odds);
  } else if (s.forced) {
    // Ruling R9: one legal answer, which the engine gave as the machine left this state.
    const given = s.answer;
    const answered = html`<p class="answered forced"><b>${word('answered', lang)}:</b> ${given ? html`${given.label[lang]} <code>${given.event.type}</code> — ` : ''}${word('forcedBy', lang)} ${ref('R9', undefined, lang)}</p>`;
    decision = decisionPanel(m, s.forced, lang, answered, null);
  }
  const stopped =
    last && m.stopped
      ? html`<div class="stopped"><h3>${word('stopped', lang)}</h3><p><b>${m.stopped.answer.label[lang]}</b> <code>${m.stopped.answer.event.type}</code></p><p>${m.stopped.reason[lang]} ${m.stopped.rule ? ref(m.stopped.rule, m.stopped.ruling, lang) : ''} <code>${m.stopped.code}</code></p></div>`
      : '';
  const outcome =
    last && frame?.done
      ? html`<div class="outcome"><h3>${word('outcome', lang)}</h3><p>${word('moveOver', lang)}</p>${m.steps.filter((x) => x.headline).map((x) => html`<p class="headline-note">${x.note[lang]}</p>`)}</div>`
      : '';
  const playTools = v.mode === 'play' && v.play ? playToolbar(v.play, lang) : '';
  // "What if": from any step of the replay, play on with the replay's answers so far.
  const branch =
    v.mode === 'replay' && v.playable
      ? html`<p class="branch"><button type="button" data-act="branch" data-frame="${String(s.frame)}" title="${word('branchHint', lang)}">▶ ${word('branch', lang)}</button></p>`
      : '';
  return html`<section class="step" data-step="${String(s.step)}" data-state="${s.stateId}" data-step-state="${s.stateId}" data-headline="${s.note[lang]}" data-frame="${String(s.frame)}"><h2><span class="machine">${procedure(m, s.machine, lang)}</span> › <span class="state-title">${s.title[lang]}</span></h2><p class="note${s.headline ? ' headline' : ''}" id="wt-note">${s.note[lang]}</p>${branch}${s.dice ? html`<div class="block"><h3>${word('dice', lang)}</h3>${diceView(s.dice, lang)}</div>` : ''}${decision}${skippedPanel(s, lang)}<div class="block rule"><h3>${word('ruleApplied', lang)}</h3><p>${ref(s.rule, s.ruling, lang)} — ${summary(m, s.rule, lang)}</p>${s.ruling ? html`<p>${ref(s.ruling, undefined, lang)} — ${summary(m, s.ruling, lang)}</p>` : ''}</div>${v.view === 'full' ? html`<div class="block trigger"><h3>${word('trigger', lang)}</h3>${entry(m, s, lang)}${trigger(m, s, lang)}</div><div class="block guards-block"><h3>${word('guards', lang)}</h3>${guards(m, s, lang)}</div>` : ''}${stopped}${outcome}${playTools}</section>`;
}

/** The board after the step (the frame's, after the whole answer, when the step's own could not be read). */
export function mapPanel(m: WalkthroughModel, v: View): Markup {
  const s = m.steps[v.index];
  const board = s?.board !== undefined ? m.boards[s.board] : s ? m.frames[s.frame] : undefined;
  if (!board) return html``;
  const map = Object.hasOwn(m.maps, board.map) ? m.maps[board.map] : undefined;
  return html`<div class="panel-head"><h2>${word('mapTitle', v.lang)}</h2>${exportButtons('map', v.lang)}</div>${mapSvg(m, map, board, v.lang)}${mapLegend(v.lang)}${stacksTable(m, map, board, v.lang)}`;
}

/** Save the map or the chart of the step on screen, as SVG or PNG (for slides). */
function exportButtons(what: 'map' | 'chart', lang: Lang): Markup {
  const b = (format: 'svg' | 'png') =>
    html`<button type="button" data-act="export" data-what="${what}" data-format="${format}" title="${word(what === 'map' ? 'exportMap' : 'exportChart', lang)} (${format.toUpperCase()})">⤓ ${format.toUpperCase()}</button>`;
  return html`<span class="group export" role="group" aria-label="${word(what === 'map' ? 'exportMap' : 'exportChart', lang)}">${b('svg')}${b('png')}</span>`;
}

/** Everything that changes with the step or the language (the statecharts stay; the script marks them). */
export function appRegions(m: WalkthroughModel, v: View): { header: Markup; steps: Markup; step: Markup; map: Markup } {
  return { header: header(m, v), steps: stepList(m, v), step: stepPanel(m, v), map: mapPanel(m, v) };
}

/** The statechart's title, its legend and its controls: which chart (the procedures in play, or all), zoom, fit, follow. */
export function chartHeader(lang: Lang, foldable: boolean): Markup {
  const button = (act: string, extra: string, label: string, text: string) =>
    html`<button type="button" data-act="${act}"${raw(extra)} aria-label="${label}" title="${label}">${text}</button>`;
  const chartChoice = foldable
    ? html`<span class="group" role="group" aria-label="${word('chartLabel', lang)}"><button type="button" class="chart-kind" data-act="chart" data-chart="folded">${word('inPlay', lang)}</button><button type="button" class="chart-kind" data-act="chart" data-chart="full">${word('allProcedures', lang)}</button></span>`
    : '';
  return html`<div class="panel-head"><h2>${word('statechart', lang)}</h2>${exportButtons('chart', lang)}</div><p class="muted legend-line">${word('chartLegend', lang)}</p><div class="chart-tools">${chartChoice}<span class="group" role="group" aria-label="${word('zoom', lang)}">${button('zoom', ' data-zoom="-1"', word('zoomOut', lang), '−')}${button('zoom', ' data-zoom="1"', word('zoomIn', lang), '+')}${button('fit', '', word('fit', lang), '⤢')}${button('follow', '', word('follow', lang), '◎')}</span></div>`;
}
