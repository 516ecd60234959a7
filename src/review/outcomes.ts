// Dice outcomes grouped by what they decide, with exact probabilities: a 2d6 roll against 9 only succeeds or fails
// (13.2 step 2, 13.3 step 4); a field-battle roll only counts its hits (14 step 6); and both rolls of a field battle
// together only decide the winner and what each side loses (14 steps 8–9). One representative roll stands for each
// group, so a tree of outcomes stays small and its probabilities stay exact.
import { ROLL_TARGET } from '../rules/dice.ts';
import type { RollInfo } from '../schema/decision.ts';
import { binomial, fraction, type Fraction } from './fraction.ts';

export interface DiceOutcome {
  /** The rolls to send, in order: one for a single roll, the attacker's then the defender's for a whole battle. */
  readonly rolls: readonly (readonly number[])[];
  readonly probability: Fraction;
  readonly label: string;
}

/** Every 2d6 sum with its number of ways (of 36). */
const SUMS: readonly { sum: number; ways: number }[] = Array.from({ length: 11 }, (_, i) => ({
  sum: i + 2,
  ways: 6 - Math.abs(i + 2 - 7),
}));

function twoDice(sum: number): number[] {
  const first = Math.min(6, sum - 1);
  return [first, sum - first];
}

/** 2d6 + modifier ≥ 9: success and failure, each with its exact chance and a roll that gives it. */
export function targetOutcomes(modifier: number, target = ROLL_TARGET): DiceOutcome[] {
  const hit = SUMS.filter((s) => s.sum + modifier >= target);
  const miss = SUMS.filter((s) => s.sum + modifier < target);
  const out: DiceOutcome[] = [];
  const ways = (xs: typeof SUMS) => xs.reduce((a, s) => a + s.ways, 0);
  if (hit.length) out.push({ rolls: [twoDice(hit[0]!.sum)], probability: fraction(ways(hit), 36), label: 'success' });
  if (miss.length)
    out.push({ rolls: [twoDice(miss[0]!.sum)], probability: fraction(ways(miss), 36), label: 'failure' });
  return out;
}

/** n dice with exactly k hits: k sixes, the rest ones. */
export function hitRoll(n: number, k: number): number[] {
  return [...Array<number>(k).fill(6), ...Array<number>(n - k).fill(1)];
}

/** The ways n dice give k hits, times 2^(n−k) (each miss has two faces in three of six): P = weight / 3^n. */
function hitWeights(n: number): bigint[] {
  const out: bigint[] = [];
  let c = 1n;
  for (let k = 0; k <= n; k++) {
    if (k > 0) c = (c * BigInt(n - k + 1)) / BigInt(k);
    out.push(c * 2n ** BigInt(n - k));
  }
  return out;
}

/**
 * n dice hitting on 5–6: k hits for k = 0…n, binomial(n, k) · 2^(n−k) / 3^n. Lazy: a caller that stops early (an
 * exploration at its limit) does not build a roll of n dice for every k.
 */
export function* hitOutcomes(n: number): Generator<DiceOutcome> {
  const denominator = 3n ** BigInt(n);
  let c = 1n;
  for (let k = 0; k <= n; k++) {
    if (k > 0) c = (c * BigInt(n - k + 1)) / BigInt(k);
    yield {
      rolls: [hitRoll(n, k)],
      probability: fraction(c * 2n ** BigInt(n - k), denominator),
      label: `${k} ${k === 1 ? 'hit' : 'hits'}`,
    };
  }
}

/** Above this many (attacker hits, defender hits) pairs the two rolls are explored one after the other instead. */
export const JOINT_BATTLE_LIMIT = 250_000;

/**
 * Both rolls of a field battle at once, grouped by what they decide: the winner (more hits; a tie to the defender,
 * 14 step 8) and each side's losses (one per hit against it, at most its land units, 14 step 9). Nothing after the
 * rolls reads the hits otherwise, so every pair in a group has the same future.
 */
export function battleOutcomes(battle: NonNullable<RollInfo['battle']>): DiceOutcome[] {
  const { attacker, defender } = battle;
  const wa = hitWeights(attacker.dice);
  const wd = hitWeights(defender.dice);
  const groups = new Map<string, { a: number; d: number; weight: bigint }>();
  for (let a = 0; a <= attacker.dice; a++)
    for (let d = 0; d <= defender.dice; d++) {
      const key = `${a > d ? 'attacker' : 'defender'}|${Math.min(d, attacker.landUnits)}|${Math.min(a, defender.landUnits)}`;
      const w = wa[a]! * wd[d]!;
      const g = groups.get(key);
      if (g) g.weight += w;
      else groups.set(key, { a, d, weight: w });
    }
  const denominator = 3n ** BigInt(attacker.dice + defender.dice);
  return [...groups.entries()].map(([key, g]) => {
    const [winner, lossA, lossD] = key.split('|');
    return {
      rolls: [hitRoll(attacker.dice, g.a), hitRoll(defender.dice, g.d)],
      probability: fraction(g.weight, denominator),
      label: `${winner} wins, ${g.a}–${g.d} hits (attacker loses ${lossA}, defender ${lossD})`,
    };
  });
}

/** The outcomes of a pending roll: for an attacker's field-battle roll, both rolls of the battle together. */
export function rollOutcomes(roll: RollInfo): Iterable<DiceOutcome> {
  if (
    roll.purpose === 'attacker' &&
    roll.battle &&
    (roll.battle.attacker.dice + 1) * (roll.battle.defender.dice + 1) <= JOINT_BATTLE_LIMIT
  )
    return battleOutcomes(roll.battle);
  if (roll.purpose === 'attacker' || roll.purpose === 'defender') return hitOutcomes(roll.dice);
  return targetOutcomes(
    roll.modifiers.reduce((a, m) => a + m.value, 0),
    roll.target ?? ROLL_TARGET,
  );
}

export { binomial };
