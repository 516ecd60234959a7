// 14 step 6: `countHits` counts the hits of a roll die by die without building `hitMarks`' list (the field battle
// reads it at every step of a battle, for the odds at every joint outcome). It must agree with the count of
// `hitMarks` — the definition the walkthrough shows die by die — on any list of terms: negative counts (Tercios
// taking dice, ruling R30), faces other than 5, 2d6 terms that put no dice, and more or fewer values than dice.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { countHits, hitMarks, type DiceTerm } from '../../src/rules/dice.ts';

const arbTerm: fc.Arbitrary<DiceTerm> = fc.record({
  source: fc.constant({ kind: 'landUnits' as const }),
  rule: fc.constant('14 step 2' as const),
  count: fc.integer({ min: -4, max: 8 }),
  hitOn: fc.constantFrom(null, 4, 5, 6),
}) as fc.Arbitrary<DiceTerm>;

describe('countHits (14 step 6)', () => {
  test('14 step 6: the hits counted die by die are the hits hitMarks marks, for any terms and values', () => {
    fc.assert(
      fc.property(
        fc.array(arbTerm, { maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 30 }),
        (terms, values) => {
          expect(countHits(values, terms)).toBe(hitMarks(values, terms).filter(Boolean).length);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('14 step 6: a die hits on its term’s face or more; dice no term accounts for score nothing', () => {
    const terms = [
      { source: { kind: 'landUnits' }, rule: '14 step 2', count: 3, hitOn: 5 },
      { source: { kind: 'defender' }, rule: '14 step 3', count: 1, hitOn: 4 },
    ] as DiceTerm[];
    expect(countHits([5, 4, 6, 4], terms)).toBe(3);
    expect(countHits([5, 4, 6, 4, 6, 6], terms)).toBe(3);
    expect(countHits([6], terms)).toBe(1);
    expect(countHits([], terms)).toBe(0);
  });
});
