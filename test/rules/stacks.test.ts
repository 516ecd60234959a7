// The canonical form of a position's stacks (src/rules/stacks.ts): `normalizeStacks` returns a list already in that
// form as it is (without rebuilding it), and the explorer's invariant asks `isNormal` instead of comparing JSON. Both
// shortcuts must agree with the plain definition, written out again here, on any list of stacks.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { POWERS } from '../../src/schema/power.ts';
import type { Stack } from '../../src/schema/scenario.ts';
import { isNormal, normalizeStacks } from '../../src/rules/stacks.ts';

// Few spaces, powers and leaders, upper and lower case: duplicates, ties and locale order all come up often.
const arbStack: fc.Arbitrary<Stack> = fc.record({
  space: fc.constantFrom('vienna', 'Vienna', 'buda', 'zurich', 'Zara'),
  power: fc.constantFrom(...POWERS.slice(0, 4)),
  regulars: fc.nat(2),
  mercenaries: fc.nat(1),
  cavalry: fc.nat(1),
  leaders: fc.uniqueArray(fc.constantFrom('suleiman', 'ibrahim-pasha', 'charles-v', 'Ferdinand'), { maxLength: 2 }),
  inside: fc.boolean(),
  lostBattle: fc.boolean(),
  attemptedInterception: fc.boolean(),
});

/** The plain definition: merge stacks that share a space, power and marks, drop empty ones, sort leaders and stacks. */
function reference(stacks: readonly Stack[]): Stack[] {
  const merged = new Map<string, Stack>();
  for (const s of stacks) {
    const k = JSON.stringify([s.space, s.power, s.inside, s.lostBattle, s.attemptedInterception]);
    const prev = merged.get(k);
    merged.set(
      k,
      prev
        ? {
            ...prev,
            regulars: prev.regulars + s.regulars,
            mercenaries: prev.mercenaries + s.mercenaries,
            cavalry: prev.cavalry + s.cavalry,
            leaders: [...prev.leaders, ...s.leaders],
          }
        : s,
    );
  }
  const rank = (p: Stack['power']) => POWERS.indexOf(p);
  return [...merged.values()]
    .filter((s) => s.regulars + s.mercenaries + s.cavalry > 0 || s.leaders.length > 0)
    .map((s) => ({ ...s, leaders: [...s.leaders].sort() }))
    .sort(
      (a, b) =>
        a.space.localeCompare(b.space) ||
        rank(a.power) - rank(b.power) ||
        Number(a.inside) - Number(b.inside) ||
        Number(a.lostBattle) - Number(b.lostBattle) ||
        Number(a.attemptedInterception) - Number(b.attemptedInterception),
    );
}

describe('the canonical form of stacks', () => {
  test('[DESIGN] normalizeStacks is the plain definition, and isNormal says exactly whether it changes anything', () => {
    fc.assert(
      fc.property(fc.array(arbStack, { maxLength: 6 }), (stacks) => {
        const expected = reference(stacks);
        expect(normalizeStacks(stacks)).toEqual(expected);
        expect(isNormal(stacks)).toBe(JSON.stringify(expected) === JSON.stringify(stacks));
        expect(isNormal(expected)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  test('[DESIGN] a list already in canonical form comes back as a new list of the same stacks', () => {
    const stacks = normalizeStacks([
      { ...emptyStack('vienna', 'hapsburg'), regulars: 2, leaders: ['ferdinand'] },
      { ...emptyStack('buda', 'ottoman'), cavalry: 1 },
    ]);
    const again = normalizeStacks(stacks);
    expect(again).not.toBe(stacks);
    expect(again.every((s, i) => s === stacks[i])).toBe(true);
    expect(again.map((s) => s.space)).toEqual(['buda', 'vienna']);
  });
});

function emptyStack(space: string, power: Stack['power']): Stack {
  return {
    space,
    power,
    regulars: 0,
    mercenaries: 0,
    cavalry: 0,
    leaders: [],
    inside: false,
    lostBattle: false,
    attemptedInterception: false,
  };
}
