// The odds at every answer (issue 26, item 6): every decision of a page carries advise()'s exact odds for each of its
// listed answers under the default policy, worked out when the page is written; the markup shows each as a bar with
// its percentages, in English and Russian; a bound that stops the advisor is said, never a table that only looks
// like odds.
import { describe, expect, test } from 'vitest';
import { advise, createSession, resolve } from '../../src/index.ts';
import { oddsOf, ODDS_LIMITS } from '../../src/viz/walkthrough/advice.ts';
import { replayModel } from '../../src/viz/walkthrough/model.ts';
import { answerOdds, oddsExact, oddsHead } from '../../src/viz/walkthrough/odds-view.ts';
import { decisionPanel } from '../../src/viz/walkthrough/panels.ts';
import { handout } from '../../src/viz/walkthrough/handout.ts';
import type { OddsView } from '../../src/viz/walkthrough/types.ts';
import { oddsNumber, oddsPercent } from '../../src/text/odds.ts';
import { vienna } from './fixtures.ts';

function model(odds = true) {
  const scenario = vienna();
  const events = resolve(scenario, { seed: 1 }).session.save().events;
  return replayModel(scenario, events, { seed: 1, ...(odds ? { odds: (s) => oddsOf(s) } : {}) });
}

describe('the odds of each answer in the page (advise, the default policy)', () => {
  test("[13.2 step 1] the worked example's interception: each answer's odds are advise()'s, fraction for fraction", () => {
    const m = model();
    const frame = m.frames[0]!;
    expect(frame.pending?.kind).toBe('intercept');
    const odds = frame.odds!;
    expect('answers' in odds).toBe(true);
    if (!('answers' in odds)) return;
    const a = advise(createSession(vienna(), { seed: 1 }));
    expect(odds.mover).toBe('ottoman');
    expect(odds.answers.map((x) => x.index)).toEqual([0, 1]);
    a.answers.forEach((x, i) => {
      const o = odds.answers[i]!;
      const view = [o.index, o.win, o.battle, o.capture, o.siege, o.retreat, o.losses];
      expect(view).toEqual([x.index, x.moverWinsBattle, x.battle, x.capture, x.siege, x.retreat, x.losses]);
    });
    // Intercepting from Graz gives the Ottomans 57.4 % (the decline 80.2 %); a battle in Vienna either way.
    expect(odds.answers[0]!.win.fraction).toBe('647942376925/1129718145924');
    expect(odds.answers[1]!.win.fraction).toBe('3835385/4782969');
    expect(odds.answers.map((x) => x.battle.fraction)).toEqual(['1', '1']);
    // Written in Node, the page carries no timing (the same page on any machine).
    expect(odds.ms).toBeUndefined();
  }, 60_000);

  test('[13.1] every frame with a decision has one set of odds per listed answer (a roll: one, rolling it); the end none', () => {
    const m = model();
    for (const f of m.frames) {
      if (!f.pending) {
        expect(f.odds).toBeUndefined();
        continue;
      }
      const odds = f.odds!;
      expect('answers' in odds, f.pending.kind).toBe(true);
      if (!('answers' in odds)) continue;
      expect(odds.answers).toHaveLength(f.pending.kind === 'roll' ? 1 : f.pending.options.length);
      for (const a of odds.answers) {
        expect(a.win.value).toBeLessThanOrEqual(a.battle.value);
        for (const c of [a.win, a.battle, a.capture, a.siege, a.retreat]) {
          expect(c.value).toBeGreaterThanOrEqual(0);
          expect(c.value).toBeLessThanOrEqual(1);
        }
      }
    }
    // Without the hook (walkthrough(…, { odds: false })) the frames carry none.
    expect(model(false).frames.some((f) => f.odds)).toBe(false);
  }, 60_000);

  test('[13.1] a bound that stops the advisor is said with its name and value, and no bar is drawn', () => {
    const session = createSession(vienna(), { seed: 1 });
    const odds = oddsOf(session, { limits: { maxNodes: 1 } });
    expect(odds).toEqual({ stopped: { limit: 'maxNodes', value: 1 } });
    expect(oddsHead(odds, 'en', false).toString()).toContain(
      'The odds were not computed: the exploration stopped at its bound: maxNodes 1.',
    );
    expect(oddsHead(odds, 'ru', false).toString()).toContain('Шансы не рассчитаны');
    expect(answerOdds(odds, 0, 'en')).toBe('');
    expect(ODDS_LIMITS.maxNodes).toBeGreaterThan(1000);
  });

  test('[13.2 step 1] the bar and its numbers: the three parts (won, lost, no battle), the losses and the capture and siege chances, in both languages', () => {
    const m = model();
    const odds = m.frames[0]!.odds as OddsView;
    const en = answerOdds(odds, 0, 'en').toString();
    expect(en).toContain('data-win="647942376925/1129718145924"');
    expect(en).toContain('data-index="0"');
    expect(en).toMatch(/class="seg win" style="width: 57\.354%/);
    expect(en).toContain('aria-label="Ottoman wins the battle 57.4%, Ottoman loses the battle 42.6%, no battle 0%"');
    expect(en).toContain('expected land units lost: Ottoman 2.58, the other powers 2.48');
    expect(en).toContain('a leader captured 53.7%');
    expect(en).toContain('a siege begins 57.4%');
    const ru = answerOdds(odds, 1, 'ru').toString();
    expect(ru).toContain('победа Османов в сражении 80,2\u00a0%');
    expect(ru).toContain('ожидаемые потери войск: Османов — 1,33, других держав — 1,88');
    expect(oddsHead(odds, 'ru', false).toString()).toContain('Шансы каждого ответа');
    // Every answer's exact fractions, folded below the bars.
    const exact = oddsExact(m.frames[0]!.pending!, odds, 'en').toString();
    expect(exact).toContain('Intercept from Graz with 8 regulars, Charles V');
    expect(exact).toContain('<code>647942376925/1129718145924</code>');
    // In the decision's panel, each listed answer has its bar (replay: under the answer; the roll: under its plan).
    const panel = decisionPanel(m, m.frames[0]!.pending!, 'en', null, null, odds).toString();
    expect(panel.match(/<div class="odds" /g)).toHaveLength(2);
    const roll = m.frames.findIndex((f) => f.pending?.kind === 'roll');
    const rollPanel = decisionPanel(m, m.frames[roll]!.pending!, 'en', null, null, m.frames[roll]!.odds).toString();
    expect(rollPanel).toContain('Odds of the roll');
    expect(rollPanel.match(/<div class="odds" /g)).toHaveLength(1);
  }, 60_000);

  test('[13.2 step 1] the handout prints each decision of the story with the odds of its answers, the policy said once', () => {
    const m = model();
    const h = handout(m, 'ru').toString();
    const steps = h.split('<article class="handout-step"').slice(1);
    const at = (state: string) => steps.find((a) => a.includes(`data-step-state="${state}"`))!;
    expect(at('interception.awaitingInterception').match(/<div class="odds" /g)).toHaveLength(2);
    expect(at('interception.awaitingInterception')).toContain('победа Османов в сражении');
    expect(at('interception.rollingInterception').match(/<div class="odds" /g)).toHaveLength(1);
    expect(at('movement.payingCost')).not.toContain('class="odds"');
    expect(h.match(/class="sum odds-policy"/g)).toHaveLength(1);
    expect(handout(model(false), 'en').toString()).not.toContain('odds');
  }, 60_000);

  test('[DESIGN] percentages and expected numbers as each language writes them, never 0 or 100 when not so', () => {
    expect(oddsPercent(0.57354, 'en')).toBe('57.4%');
    expect(oddsPercent(0.57354, 'ru')).toBe('57,4\u00a0%');
    expect(oddsPercent(0.5, 'en')).toBe('50%');
    expect(oddsPercent(0, 'en')).toBe('0%');
    expect(oddsPercent(1, 'en')).toBe('100%');
    expect(oddsPercent(0.00001, 'en')).toBe('<0.1%');
    expect(oddsPercent(0.99999, 'ru')).toBe('>99,9\u00a0%');
    expect(oddsNumber(2.5788, 'en')).toBe('2.58');
    expect(oddsNumber(2.5788, 'ru')).toBe('2,58');
    expect(oddsNumber(4, 'ru')).toBe('4');
  });
});
