// The odds the page shows: the exact chance of a 2d6 roll (13.2 step 2, 13.3) and of each number of field-battle
// hits (14 step 6), as fractions of all throws.
import { describe, expect, test } from 'vitest';
import { diceView, fraction, hitChances, percent, rollPlan, successfulThrows } from '../../src/viz/walkthrough/dice.ts';

describe('the chance of a roll', () => {
  test.for([
    // [modifier, target, throws of 36 that succeed] — the worked example's interception: +2 −1, needs 9 (13.2 step 2).
    [1, 9, 15],
    [0, 9, 10],
    [0, 2, 36],
    [0, 13, 0],
    [-1, 9, 6],
    [3, 9, 26],
  ] as const)('[13.2 step 2] modifier %i, needs ≥ %i: %i of 36 throws', ([modifier, target, throws]) => {
    expect(successfulThrows(modifier, target)).toBe(throws);
  });

  test('[13.2 step 2] fractions are exact and reduced; percentages in each language', () => {
    expect(fraction(15, 36)).toBe('5/12');
    expect(fraction(0, 36)).toBe('0');
    expect(fraction(36, 36)).toBe('1');
    expect(percent(15, 36, 'en')).toBe('42%');
    expect(percent(15, 36, 'ru')).toBe('42\u00a0%');
    expect(percent(1, 1000, 'en')).toBe('<1%');
  });

  test('[14 step 6] hits: every number from none to all, the ways adding up to 3^n', () => {
    for (const n of [0, 1, 4, 13]) {
      const c = hitChances([{ hitOn: 5, dice: n }]);
      expect(c.map((x) => x.hits)).toEqual([...Array(n + 1).keys()]);
      expect(c.reduce((a, x) => a + x.ways, 0)).toBe(3 ** n);
    }
    expect(hitChances([{ hitOn: 5, dice: 2 }]).map((x) => x.ways)).toEqual([4, 4, 1]);
  });

  test('[13.2 step 2] the pending roll and the made roll both show 5/12, in English and in Russian', () => {
    const modifiers = [
      { rule: '13.2 step 2', value: 2, reason: { en: "Charles V's battle rating", ru: 'боевой рейтинг Карла V' } },
      { rule: '13.2 step 2', value: -1, reason: { en: 'against Ottoman cavalry', ru: 'против османской кавалерии' } },
    ];
    const plan = { dice: 2, purpose: 'interception', modifiers, terms: [], target: 9 };
    expect(rollPlan(plan, 'en').text).toContain(
      'Chance of success: <b class="fraction">5/12</b> (15 of the 36 throws of two dice, ≈ 42%)',
    );
    expect(rollPlan(plan, 'ru').text).toContain('Вероятность успеха: <b class="fraction">5/12</b>');
    const made = {
      purpose: 'interception' as const,
      power: 'hapsburg' as const,
      rule: '13.2 step 2',
      values: [3, 5],
      modifiers,
      terms: [],
      target: 9,
      sum: 8,
      total: 9,
      success: true,
    };
    expect(diceView(made, 'en').text).toContain('5/12');
    expect(diceView(made, 'ru').text).toContain('Вероятность успеха до броска');
    const battle = {
      purpose: 'attacker' as const,
      power: 'ottoman' as const,
      rule: '14 step 6',
      values: [6, 5, 1],
      modifiers: [],
      terms: [{ source: { kind: 'landUnits' }, rule: '14 step 2', count: 3, hitOn: 5 }] as const,
      target: null,
      sum: 12,
      hits: 2,
    };
    expect(diceView(battle, 'en').text).toContain('<li class="rolled" data-hits="2"><b>2</b>: 22%</li>');
  });
});
