// `splitStacks` (src/rules/stacks.ts) takes a request's land units and leaders out of a group of stacks — the
// casualties of 14 step 9 (by power under ruling R16), the units that go inside on a retreat (14.1) — at every
// answer's guard and reducer. It keeps what is left to take in plain counts instead of a table keyed by strings; it
// must give exactly what the plain definition, written out again here as it was, gives: the same refusal or the same
// pieces taken and left, in the same order, on any stacks, request and order.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { POWERS, type Power } from '../../src/schema/power.ts';
import type { Stack } from '../../src/schema/scenario.ts';
import { LAND_UNIT_TYPES, type LandUnitType, type Units } from '../../src/schema/units.ts';
import { byPowerMismatch, isEmptyStack, splitStacks, type Split } from '../../src/rules/stacks.ts';

const powers = POWERS.slice(0, 3);
const leaders = ['suleiman', 'ibrahim-pasha', 'charles-v'];

const arbStack: fc.Arbitrary<Stack> = fc.record({
  space: fc.constant('vienna'),
  power: fc.constantFrom(...powers),
  regulars: fc.nat(3),
  mercenaries: fc.nat(2),
  cavalry: fc.nat(2),
  leaders: fc.uniqueArray(fc.constantFrom(...leaders), { maxLength: 2 }),
  inside: fc.boolean(),
  lostBattle: fc.boolean(),
  attemptedInterception: fc.boolean(),
});

const arbCounts = fc.record({ regulars: fc.nat(4), mercenaries: fc.nat(3), cavalry: fc.nat(3) });

const arbRequest: fc.Arbitrary<Units> = fc
  .record({
    counts: arbCounts,
    leaders: fc.uniqueArray(fc.constantFrom(...leaders), { maxLength: 2 }),
    byPower: fc.option(fc.dictionary(fc.constantFrom(...powers), fc.option(arbCounts, { nil: undefined })), {
      nil: undefined,
    }),
    // Half the splits add up to the counts (the case the rules meet), the rest need not.
    sums: fc.boolean(),
  })
  .map(({ counts, leaders, byPower, sums }) => {
    if (!byPower) return { ...counts, leaders };
    const total = (t: LandUnitType) => Object.values(byPower).reduce((n, c) => n + (c?.[t] ?? 0), 0);
    const c = sums
      ? { regulars: total('regulars'), mercenaries: total('mercenaries'), cavalry: total('cavalry') }
      : counts;
    return { ...c, leaders, byPower: byPower as NonNullable<Units['byPower']> };
  });

/** The definition as it was written before (a table of what is left, keyed by type or by power and type). */
function reference(stacks: readonly Stack[], request: Units, order: readonly Stack[] = stacks): Split {
  const missingLeaders = request.leaders.filter((l) => !stacks.some((s) => s.leaders.includes(l)));
  if (missingLeaders.length > 0)
    return {
      ok: false,
      what: 'leaders',
      wanted: request.leaders.length,
      found: request.leaders.length - missingLeaders.length,
      missingLeaders,
    };
  const by = request.byPower;
  const mismatch = byPowerMismatch(request);
  if (mismatch) return { ok: false, what: 'byPower', wanted: request[mismatch], found: 0, missingLeaders: [] };
  const left = new Map<string, number>();
  const slot = (power: Power, type: LandUnitType) => (by ? `${power}|${type}` : type);
  if (by) {
    for (const [power, counts] of Object.entries(by) as [Power, Partial<Record<LandUnitType, number>> | undefined][])
      for (const type of LAND_UNIT_TYPES) {
        const wanted = counts?.[type] ?? 0;
        const found = sum(
          stacks.filter((s) => s.power === power),
          (s) => s[type],
        );
        if (found < wanted) return { ok: false, what: type, wanted, found, missingLeaders: [], power };
        left.set(slot(power, type), wanted);
      }
  } else {
    for (const type of LAND_UNIT_TYPES) {
      const found = sum(stacks, (s) => s[type]);
      if (found < request[type]) return { ok: false, what: type, wanted: request[type], found, missingLeaders: [] };
      left.set(type, request[type]);
    }
  }
  const taken: Stack[] = [];
  const rest: Stack[] = [];
  for (const s of order) {
    const piece = {
      ...s,
      regulars: 0,
      mercenaries: 0,
      cavalry: 0,
      leaders: s.leaders.filter((l) => request.leaders.includes(l)),
    };
    for (const type of LAND_UNIT_TYPES) {
      const k = slot(s.power, type);
      const n = Math.min(left.get(k) ?? 0, s[type]);
      piece[type] = n;
      left.set(k, (left.get(k) ?? 0) - n);
    }
    const remainder = {
      ...s,
      regulars: s.regulars - piece.regulars,
      mercenaries: s.mercenaries - piece.mercenaries,
      cavalry: s.cavalry - piece.cavalry,
      leaders: s.leaders.filter((l) => !request.leaders.includes(l)),
    };
    if (!isEmptyStack(piece)) taken.push(piece);
    if (!isEmptyStack(remainder)) rest.push(remainder);
  }
  return { ok: true, taken, rest };
}

const sum = <T>(items: readonly T[], f: (t: T) => number) => items.reduce((n, x) => n + f(x), 0);

describe('splitStacks (14 step 9, 14.1, ruling R16)', () => {
  test('14 step 9, ruling R16: the same refusal, or the same pieces taken and left in the same order, as the plain definition', () => {
    fc.assert(
      fc.property(fc.array(arbStack, { maxLength: 5 }), arbRequest, fc.boolean(), (stacks, request, reversed) => {
        const order = reversed ? [...stacks].reverse() : stacks;
        expect(splitStacks(stacks, request, order)).toEqual(reference(stacks, request, order));
      }),
      { numRuns: 3000 },
    );
  });

  test('14 step 9: what is taken and what is left add up to the group, per power and type', () => {
    const stacks: Stack[] = [
      {
        space: 'vienna',
        power: 'hapsburg',
        regulars: 3,
        mercenaries: 1,
        cavalry: 0,
        leaders: ['charles-v'],
        inside: false,
        lostBattle: false,
        attemptedInterception: false,
      },
      {
        space: 'vienna',
        power: 'hungary',
        regulars: 2,
        mercenaries: 0,
        cavalry: 0,
        leaders: [],
        inside: false,
        lostBattle: false,
        attemptedInterception: false,
      },
    ] as Stack[];
    const split = splitStacks(stacks, {
      regulars: 3,
      mercenaries: 0,
      cavalry: 0,
      leaders: [],
      byPower: { hapsburg: { regulars: 1 }, hungary: { regulars: 2 } },
    });
    expect(split.ok).toBe(true);
    if (!split.ok) return;
    expect(split.taken.map((s) => [s.power, s.regulars, s.leaders])).toEqual([
      ['hapsburg', 1, []],
      ['hungary', 2, []],
    ]);
    expect(split.rest.map((s) => [s.power, s.regulars, s.mercenaries, s.leaders])).toEqual([
      ['hapsburg', 2, 1, ['charles-v']],
    ]);
  });
});
