// Both rolls of a field battle grouped by what they decide (14 steps 8–9, src/review/outcomes.ts): the groups built
// from runs of the defender's hits, given the attacker's, are exactly the groups of every pair of hit counts (the
// straightforward double loop, kept here as the reference), in the same order, with the same representative rolls,
// labels and exact probabilities; and the number of groups stays within the bound the joint limit reads.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fraction, percent, type Fraction } from '../../src/review/fraction.ts';
import {
  battleOutcomes,
  hitRoll,
  jointGroups,
  JOINT_BATTLE_LIMIT,
  rollOutcomes,
  type BattleSideOdds,
  type DiceOutcome,
  type Pools,
} from '../../src/review/outcomes.ts';
import { params, runs } from '../properties/drive.ts';

/** The weights of k = 0…n hits, by expanding every pool's binomial, and their common denominator. */
function referenceWeights(pools: Pools): { weights: bigint[]; denominator: bigint } {
  let weights = [1n];
  let denominator = 1n;
  for (const p of pools) {
    const hit = BigInt(7 - p.hitOn),
      miss = BigInt(p.hitOn - 1);
    const pool: bigint[] = [];
    for (let k = 0; k <= p.dice; k++) {
      let c = 1n;
      for (let i = 1; i <= k; i++) c = (c * BigInt(p.dice - k + i)) / BigInt(i);
      pool.push(c * hit ** BigInt(k) * miss ** BigInt(p.dice - k));
    }
    denominator *= 6n ** BigInt(p.dice);
    const next = Array<bigint>(weights.length + pool.length - 1).fill(0n);
    weights.forEach((w, i) => pool.forEach((x, j) => (next[i + j]! += w * x)));
    weights = next;
  }
  return { weights, denominator };
}

/** The outcomes as every pair of hit counts groups them: the double loop the joint outcomes were first written as. */
function referenceOutcomes(battle: { attacker: BattleSideOdds; defender: BattleSideOdds }): DiceOutcome[] {
  const { attacker, defender } = battle;
  const a = referenceWeights(attacker.pools),
    d = referenceWeights(defender.pools);
  const aDice = a.weights.length - 1,
    dDice = d.weights.length - 1;
  const groups = new Map<string, { a: number; d: number; weight: bigint }>();
  for (let ha = 0; ha <= aDice; ha++)
    for (let hd = 0; hd <= dDice; hd++) {
      const key = `${ha > hd ? 'attacker' : 'defender'}|${Math.min(hd, attacker.landUnits)}|${Math.min(ha, defender.landUnits)}`;
      const w = a.weights[ha]! * d.weights[hd]!;
      const g = groups.get(key);
      if (g) g.weight += w;
      else groups.set(key, { a: ha, d: hd, weight: w });
    }
  return [...groups.entries()].map(([key, g]) => {
    const [winner, lossA, lossD] = key.split('|');
    return {
      rolls: [hitRoll(aDice, g.a), hitRoll(dDice, g.d)],
      probability: fraction(g.weight, a.denominator * d.denominator),
      label: `${winner} wins, ${g.a}–${g.d} hits (attacker loses ${lossA}, defender ${lossD})`,
    };
  });
}

const poolsArb: fc.Arbitrary<Pools> = fc.array(
  fc.record({ hitOn: fc.constantFrom(4, 5, 6), dice: fc.nat({ max: 25 }) }),
  { minLength: 1, maxLength: 2 },
);
const sideArb: fc.Arbitrary<BattleSideOdds> = fc.record({ pools: poolsArb, landUnits: fc.nat({ max: 30 }) });
const diceOf = (s: BattleSideOdds) => s.pools.reduce((n, p) => n + p.dice, 0);

const sum = (fs: readonly Fraction[]) =>
  fs.reduce((x, f) => ({ n: x.n * f.d + f.n * x.d, d: x.d * f.d }), { n: 0n, d: 1n });

describe('both rolls of a field battle grouped by what they decide', () => {
  test('[14 steps 8–9] the same groups as every pair of hit counts, in the same order, exactly', () => {
    fc.assert(
      fc.property(sideArb, sideArb, (attacker, defender) => {
        const battle = { attacker, defender };
        const groups = battleOutcomes(battle);
        expect(groups).toEqual(referenceOutcomes(battle));
        expect(groups.length).toBeLessThanOrEqual(jointGroups(diceOf(attacker), diceOf(defender), battle));
      }),
      params(runs(300)),
    );
  });

  test.for([
    // Dice and units as in real battles, more dice than units (leaders' ratings), more units than dice.
    [10, 8, 13, 10],
    [40, 12, 3, 40],
    [3, 40, 40, 12],
    [0, 0, 5, 5],
    [60, 60, 61, 60],
  ])('[14 steps 8–9] %i dice (%i units) against %i (%i): the same groups as every pair', ([ad, au, dd, du]) => {
    const battle = {
      attacker: { pools: [{ hitOn: 5, dice: ad! }], landUnits: au! },
      defender: { pools: [{ hitOn: 5, dice: dd! }], landUnits: du! },
    };
    expect(battleOutcomes(battle)).toEqual(referenceOutcomes(battle));
  });

  test('[14 steps 8–9] 1000 dice against a few units: the groups are bounded by the units, and the rolls are joined', () => {
    const battle = {
      attacker: { pools: [{ hitOn: 5, dice: 1000 }], landUnits: 1000 },
      defender: { pools: [{ hitOn: 5, dice: 6 }], landUnits: 5 },
    };
    // A million pairs of hit counts, but every attacker hit past 7 decides alike.
    expect(1001 * 7).toBeLessThan(JOINT_BATTLE_LIMIT);
    expect(jointGroups(1000, 6, battle)).toBe(8 * 9);
    const groups = battleOutcomes(battle);
    expect(groups.length).toBeLessThanOrEqual(8 * 9);
    const total = sum(groups.map((g) => g.probability));
    expect(total.n).toBe(total.d);
    const roll = {
      dice: 1000,
      purpose: 'attacker' as const,
      modifiers: [],
      terms: [{ source: 'units', rule: '14', count: 1000, hitOn: 5 }],
      target: null,
      battle: { attacker: { dice: 1000, landUnits: 1000, terms: [] }, defender: { dice: 6, landUnits: 5, terms: [] } },
    };
    // Joined: each outcome is both rolls.
    expect([...rollOutcomes(roll as never)][0]!.rolls).toHaveLength(2);
  });

  test('[14 steps 8–9] 1000 units a side: a million groups, so the rolls come one by one, each chance printable', () => {
    const side = (dice: number) => ({
      dice,
      landUnits: 1000,
      terms: [{ source: 'units', rule: '14', count: dice, hitOn: 5 }],
    });
    const roll = {
      dice: 1000,
      purpose: 'attacker' as const,
      modifiers: [],
      terms: side(1000).terms,
      target: null,
      battle: { attacker: side(1000), defender: side(1001) },
    };
    // Every number of hits on either side decides something of its own: joining them would make a million outcomes.
    expect(jointGroups(1000, 1001, roll.battle)).toBeGreaterThan(JOINT_BATTLE_LIMIT);
    const outcomes = [...rollOutcomes(roll as never)];
    expect(outcomes).toHaveLength(1001);
    expect(outcomes.every((o) => o.rolls.length === 1)).toBe(true);
    // Fractions of integers of hundreds of digits, printed from the exact values (a double would give NaN).
    expect(outcomes[0]!.probability.d.toString().length).toBeGreaterThan(400);
    const total = sum(outcomes.map((o) => o.probability));
    expect(total.n).toBe(total.d);
    expect(percent(outcomes[333]!.probability)).toMatch(/^2\.\d\d %$/);
    expect(percent(outcomes[0]!.probability)).toBe('0.00 %');
  });
});
