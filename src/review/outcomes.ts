// Dice outcomes grouped by what they decide, with exact probabilities: a 2d6 roll against 9 only succeeds or fails
// (13.2 step 2, 13.3 step 4); a field-battle roll only counts its hits (14 step 6). One representative roll stands for
// each group, so a tree of outcomes stays small and its probabilities stay exact.
import { ROLL_TARGET } from '../rules/dice.ts';
import type { RollInfo } from '../schema/decision.ts';
import { binomial, fraction, type Fraction } from './fraction.ts';

export interface DiceOutcome {
  readonly values: readonly number[];
  readonly probability: Fraction;
  readonly label: string;
}

/** Every 2d6 sum with its number of ways (of 36). */
const SUMS: readonly { sum: number; ways: number }[] = Array.from({ length: 11 }, (_, i) => ({ sum: i + 2, ways: 6 - Math.abs(i + 2 - 7) }));

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
  if (hit.length) out.push({ values: twoDice(hit[0]!.sum), probability: fraction(ways(hit), 36), label: 'success' });
  if (miss.length) out.push({ values: twoDice(miss[0]!.sum), probability: fraction(ways(miss), 36), label: 'failure' });
  return out;
}

/** n dice hitting on 5–6: k hits for k = 0…n, binomial(n, k) · 2^(n−k) / 3^n. */
export function hitOutcomes(n: number): DiceOutcome[] {
  return Array.from({ length: n + 1 }, (_, k) => ({
    values: [...Array<number>(k).fill(6), ...Array<number>(n - k).fill(1)],
    probability: fraction(binomial(n, k) * 2n ** BigInt(n - k), 3n ** BigInt(n)),
    label: `${k} ${k === 1 ? 'hit' : 'hits'}`,
  }));
}

export function rollOutcomes(roll: RollInfo): DiceOutcome[] {
  if (roll.purpose === 'attacker' || roll.purpose === 'defender') return hitOutcomes(roll.dice);
  return targetOutcomes(roll.modifiers.reduce((a, m) => a + m.value, 0), roll.target ?? ROLL_TARGET);
}

