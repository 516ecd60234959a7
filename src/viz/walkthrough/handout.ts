// The story as a handout: every step of the story in order, each with its headline, its rule, the dice, the answer
// given and the map after it — what "Print the story" prints (one block per step, never cut across a page). Pure:
// the model in, markup out.
import type { Lang } from '../../index.ts';
import { oddsWord } from '../../text/odds.ts';
import { ruleText, stateRuleText } from '../../text/rules.ts';
import { diceView } from './dice.ts';
import { html, type Markup } from './html.ts';
import { mapLegend, mapSvg } from './map.ts';
import { answerOdds, oddsHead } from './odds-view.ts';
import type { StepView, WalkthroughModel } from './types.ts';
import { SOURCES, word } from './words.ts';

function procedure(m: WalkthroughModel, machine: string, lang: Lang): string {
  const p = Object.hasOwn(m.procedures, machine) ? m.procedures[machine]! : undefined;
  return p ? `${p.title[lang]} (${ruleText(p.rule, lang)})` : machine;
}

function handoutStep(m: WalkthroughModel, s: StepView, n: number, lang: Lang): Markup {
  const board = s.board !== undefined ? m.boards[s.board] : m.frames[s.frame];
  const map = board && Object.hasOwn(m.maps, board.map) ? m.maps[board.map] : undefined;
  const decision = s.waits ? m.frames[s.frame]?.pending : s.forced;
  const asked = decision
    ? html`<p class="asked"><b>${decision.powerName[lang]}</b> ${decision.verb[lang]}: ${decision.prompt[lang]}</p>`
    : '';
  // The odds of each listed answer of the decision asked here, as the page shows them (a roll: its one bar).
  const odds = s.waits ? m.frames[s.frame]?.odds : undefined;
  const choices =
    decision && odds && s.waits
      ? html`<div class="handout-odds">${oddsHead(odds, lang, decision.kind === 'roll')}${
          decision.kind === 'roll'
            ? answerOdds(odds, 0, lang)
            : html`<ol class="options">${decision.options.map((o, i) => html`<li>${o.label[lang]}${answerOdds(odds, i, lang)}</li>`)}</ol>`
        }</div>`
      : '';
  const answer = s.answer
    ? html`<p class="answered"><b>${word('answered', lang)}:</b> ${s.answer.label[lang]} — ${(SOURCES[s.answer.source] ?? SOURCES.host!)[lang]}</p>`
    : '';
  return html`<article class="handout-step" data-step="${String(s.step)}" data-step-state="${s.stateId}"><h2><span class="n">${String(n)}.</span> ${procedure(m, s.machine, lang)} › ${s.title[lang]} <span class="ref">${stateRuleText(s.rule, s.ruling, lang)}</span></h2><div class="handout-body"><div class="handout-text"><p class="note${s.headline ? ' headline' : ''}">${s.note[lang]}</p>${asked}${choices}${answer}${s.dice ? diceView(s.dice, lang) : ''}</div>${board ? html`<div class="handout-map">${mapSvg(m, map, board, lang)}</div>` : ''}</div></article>`;
}

/** The whole story, for print. */
export function handout(m: WalkthroughModel, lang: Lang): Markup {
  const story = m.steps.filter((s) => s.story);
  return html`<section class="handout" lang="${lang}"><header class="handout-head"><h1>${m.title[lang]}</h1><p class="sub">${word('pageTitle', lang)} · ${word('storySteps', lang)}: ${String(story.length)} ${word('of', lang)} ${String(m.steps.length)}</p>${m.description ? html`<p class="desc">${m.description[lang]}</p>` : ''}${m.frames.some((f) => f.odds) ? html`<p class="sum odds-policy">${oddsWord('title', lang)}: ${oddsWord('policy', lang)}</p>` : ''}${mapLegend(lang)}</header>${story.map((s, i) => handoutStep(m, s, i + 1, lang))}</section>`;
}
