// The odds at every answer, as markup: under each listed answer of a decision a small bar — the moving power wins the
// battle, loses it, or no battle is fought — with the percentages, each side's expected land-unit losses and the
// chances of a capture and of a siege; the exact fractions of every answer folded below. Pure: the model's OddsView
// in (advice.ts worked it out), markup out; the same in the story and in every state, in replay and in play.
import type { Lang } from '../../index.ts';
import {
  expectedLosses,
  lossesOf,
  losesBattle,
  oddsNumber,
  oddsPercent,
  oddsWord,
  stoppedBy,
  winsBattle,
  ODDS_WORDS,
} from '../../text/odds.ts';
import { html, type Markup } from './html.ts';
import { POWER_COLOURS } from './map.ts';
import type { AnswerOddsView, DecisionView, OddsView } from './types.ts';

type Computed = Extract<OddsView, { answers: unknown }>;

function computed(odds: OddsView | undefined): Computed | undefined {
  return odds && 'answers' in odds ? odds : undefined;
}

/** The three parts of the bar: won, lost, no battle (they add up to one). */
function parts(a: AnswerOddsView): [number, number, number] {
  const win = a.win.value;
  const lost = Math.max(0, a.battle.value - win);
  return [win, lost, Math.max(0, 1 - win - lost)];
}

const LOSS_COLOUR = '#475569';
const NONE_COLOUR = '#e2e8f0';

function colours(odds: Computed): [string, string, string] {
  return [POWER_COLOURS[odds.mover] ?? '#16a34a', LOSS_COLOUR, NONE_COLOUR];
}

/** The bar and the numbers of one listed answer (nothing when the odds are not there). */
export function answerOdds(odds: OddsView | undefined, index: number, lang: Lang): Markup | string {
  const o = computed(odds);
  const a = o?.answers.find((x) => x.index === index);
  if (!o || !a) return '';
  const share = parts(a);
  const fill = colours(o);
  const labels = [winsBattle(o.moverName)[lang], losesBattle(o.moverName)[lang], oddsWord('noBattle', lang)];
  const described = share.map((v, i) => `${labels[i]} ${oddsPercent(v, lang)}`).join(', ');
  const segments = share.map((v, i) =>
    v > 0
      ? html`<span class="seg ${['win', 'lost', 'none'][i]!}" style="width: ${(v * 100).toFixed(3)}%; background: ${fill[i]!}"></span>`
      : '',
  );
  const numbers = share.map(
    (v, i) =>
      html`${i ? ' ' : ''}<span class="pc"><span class="sw" style="background: ${fill[i]!}"></span>${oddsPercent(v, lang)}</span>`,
  );
  const losses = expectedLosses(
    o.moverName,
    oddsNumber(a.losses.mover.value, lang),
    oddsNumber(a.losses.others.value, lang),
  );
  return html`<div class="odds" data-index="${String(a.index)}" data-win="${a.win.fraction}" data-battle="${a.battle.fraction}" data-capture="${a.capture.fraction}" data-siege="${a.siege.fraction}" data-losses-mover="${a.losses.mover.fraction}" data-losses-others="${a.losses.others.fraction}"><span class="bar" role="img" aria-label="${described}">${segments}</span> <span class="nums">${numbers}</span> <span class="more">${losses[lang]} · ${oddsWord('capture', lang)} ${oddsPercent(a.capture.value, lang)} · ${oddsWord('siege', lang)} ${oddsPercent(a.siege.value, lang)}</span></div>`;
}

/** Above the answers: what the bars mean, under which policy; or the bound that stopped the advisor. */
export function oddsHead(odds: OddsView | undefined, lang: Lang, roll: boolean): Markup | string {
  if (!odds) return '';
  const ms = odds.ms === undefined ? '' : html` data-advise-ms="${odds.ms.toFixed(1)}"`;
  const o = computed(odds);
  if (!o)
    return html`<div class="odds-head stopped"${ms}><h4>${oddsWord(roll ? 'rollTitle' : 'title', lang)}</h4><p class="muted">${'stopped' in odds ? stoppedBy(odds.stopped.limit, odds.stopped.value, lang) : ''}</p></div>`;
  const fill = colours(o);
  const labels = [winsBattle(o.moverName)[lang], losesBattle(o.moverName)[lang], oddsWord('noBattle', lang)];
  const legend = labels.map((l, i) => html`<li><span class="sw" style="background: ${fill[i]!}"></span>${l}</li>`);
  return html`<div class="odds-head" data-states="${String(o.states)}"${ms}><h4>${oddsWord(roll ? 'rollTitle' : 'title', lang)}</h4><p class="sum">${oddsWord('policy', lang)}</p><ul class="odds-legend">${legend}</ul></div>`;
}

/** Every answer's exact fractions, folded (the bars round them). */
export function oddsExact(d: DecisionView, odds: OddsView | undefined, lang: Lang): Markup | string {
  const o = computed(odds);
  if (!o || o.answers.length === 0) return '';
  const label = (i: number) => (d.kind === 'roll' ? ODDS_WORDS.rollTitle[lang] : (d.options[i]?.label[lang] ?? ''));
  const items = o.answers.map((a) => {
    const rows: [string, string][] = [
      [winsBattle(o.moverName)[lang], a.win.fraction],
      [oddsWord('battle', lang), a.battle.fraction],
      [lossesOf(o.moverName)[lang], a.losses.mover.fraction],
      [oddsWord('othersLosses', lang), a.losses.others.fraction],
      [oddsWord('capture', lang), a.capture.fraction],
      [oddsWord('siege', lang), a.siege.fraction],
      [oddsWord('retreat', lang), a.retreat.fraction],
    ];
    return html`<li><b>${label(a.index)}</b>: ${rows.map(([k, v], i) => html`${i ? ' · ' : ''}${k} <code>${v}</code>`)}</li>`;
  });
  return html`<details class="odds-exact"><summary>${oddsWord('exact', lang)}</summary><ul>${items}</ul></details>`;
}
