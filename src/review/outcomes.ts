// Dice outcomes grouped by what they decide, with exact probabilities: a 2d6 roll against 9 only succeeds or fails
// (13.2 step 2, 13.3 step 4); a field-battle roll only counts its hits (14 step 6); and both rolls of a field battle
// together only decide the winner and what each side loses (14 steps 8–9). One representative roll stands for each
// group, so a tree of outcomes stays small and its probabilities stay exact.
import { dicePools, ROLL_TARGET } from '../rules/dice.ts';
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

/** n dice with exactly k hits: k sixes, the rest ones (a six hits and a one misses on every pool's faces). */
export function hitRoll(n: number, k: number): number[] {
  return [...Array<number>(k).fill(6), ...Array<number>(n - k).fill(1)];
}

/** A side's battle dice grouped by the face they hit on (src/rules/dice.ts `dicePools`). */
export type Pools = readonly { readonly hitOn: number; readonly dice: number }[];

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The weight of each number of hits k = 0…n over all the pools' dice, and the common denominator: a die hitting on h
 * hits on 7 − h faces of 6 and misses on h − 1 (reduced: 1 and 2 of 3 for 5–6, 1 and 1 of 2 for 4–6). A pool is
 * C(n, k)·hit^k·miss^(n−k) of base^n; pools multiply (their distributions convolve).
 */
function hitWeights(pools: Pools): { weights: bigint[]; denominator: bigint } {
  let weights = [1n];
  let denominator = 1n;
  for (const p of pools) {
    const g = gcd(7 - p.hitOn, p.hitOn - 1);
    const hit = BigInt((7 - p.hitOn) / g),
      miss = BigInt((p.hitOn - 1) / g);
    const pool: bigint[] = [];
    let c = 1n;
    for (let k = 0; k <= p.dice; k++) {
      if (k > 0) c = (c * BigInt(p.dice - k + 1)) / BigInt(k);
      pool.push(c * hit ** BigInt(k) * miss ** BigInt(p.dice - k));
    }
    denominator *= (hit + miss) ** BigInt(p.dice);
    if (weights.length === 1) weights = pool.map((w) => w * weights[0]!);
    else {
      const next = Array<bigint>(weights.length + pool.length - 1).fill(0n);
      weights.forEach((w, a) => pool.forEach((x, b) => (next[a + b]! += w * x)));
      weights = next;
    }
  }
  return { weights, denominator };
}

const poolDice = (pools: Pools) => pools.reduce((n, p) => n + p.dice, 0);

/**
 * A side's dice in pools (5–6 only, or with Tercios' 4–6): k hits for k = 0…n with its exact chance. Lazy: a caller
 * that stops early (an exploration at its limit) does not build a roll of n dice for every k.
 */
export function* hitOutcomes(pools: Pools): Generator<DiceOutcome> {
  const n = poolDice(pools);
  const { weights, denominator } = hitWeights(pools);
  for (let k = 0; k <= n; k++)
    yield {
      rolls: [hitRoll(n, k)],
      probability: fraction(weights[k]!, denominator),
      label: `${k} ${k === 1 ? 'hit' : 'hits'}`,
    };
}

/**
 * Above this many groups of both rolls (the bound `jointGroups` gives, or, as before, this many pairs of hit counts)
 * the two rolls are explored one after the other instead.
 */
export const JOINT_BATTLE_LIMIT = 250_000;

/** A side of a field battle as the joint outcomes read it: its dice in pools and its land units. */
export interface BattleSideOdds {
  readonly pools: Pools;
  readonly landUnits: number;
}

/**
 * The attacker's hits from which on every number of hits decides the same: more hits than the defender can roll win
 * every pair, and hits beyond the defender's land units take no more of them (14 steps 8–9).
 */
function attackerTop(aDice: number, dDice: number, dLand: number): number {
  return Math.min(aDice, Math.max(dDice + 1, dLand));
}

/**
 * How many groups the joint outcomes of a battle are built from, at most: for each number of the attacker's hits up
 * to `attackerTop`, each of the defender's hits below the attacker's land units (each takes one more of them) and
 * the two runs above (fewer hits than the attacker's, then at least as many). Bounded by the units and dice on each
 * side, whatever the other side rolls.
 */
export function jointGroups(
  aDice: number,
  dDice: number,
  battle: { readonly attacker: { readonly landUnits: number }; readonly defender: { readonly landUnits: number } },
): number {
  return (
    (attackerTop(aDice, dDice, battle.defender.landUnits) + 1) * (Math.min(battle.attacker.landUnits, dDice + 1) + 2)
  );
}

/**
 * Both rolls of a field battle at once, grouped by what they decide: the winner (more hits; a tie to the defender,
 * 14 step 8) and each side's losses (one per hit against it, at most its land units, 14 step 9). Nothing after the
 * rolls reads the hits otherwise, so every pair in a group has the same future. For each number of the attacker's
 * hits the defender's roll is grouped by what it decides given them: each number of hits below the attacker's land
 * units, then a run with fewer hits than the attacker's and a run with at least as many, each run's weight a
 * difference of prefix sums; the attacker's hits from `attackerTop` on decide alike and are taken together. A group
 * is represented by its first pair (fewest attacker hits, then fewest defender hits), and the groups come in the
 * order their first pairs come.
 */
export function battleOutcomes(battle: {
  readonly attacker: BattleSideOdds;
  readonly defender: BattleSideOdds;
}): DiceOutcome[] {
  const { attacker, defender } = battle;
  const a = hitWeights(attacker.pools),
    d = hitWeights(defender.pools);
  const aDice = poolDice(attacker.pools),
    dDice = poolDice(defender.pools);
  // below[i]: the weight of fewer than i defender hits.
  const below: bigint[] = [0n];
  for (const w of d.weights) below.push(below.at(-1)! + w);
  const top = attackerTop(aDice, dDice, defender.landUnits);
  let topWeight = 0n;
  for (let ha = top; ha <= aDice; ha++) topWeight += a.weights[ha]!;
  const groups = new Map<string, { a: number; d: number; weight: bigint }>();
  for (let ha = 0; ha <= top; ha++) {
    const aw = ha === top ? topWeight : a.weights[ha]!;
    const lossD = Math.min(ha, defender.landUnits);
    for (let hd = 0; hd <= dDice;) {
      const attackerWins = ha > hd;
      // Below the attacker's land units each hit takes one more; above, a run goes on while the winner stays.
      const last = hd < attacker.landUnits ? hd : attackerWins ? Math.min(dDice, ha - 1) : dDice;
      const key = `${attackerWins ? 'attacker' : 'defender'}|${Math.min(hd, attacker.landUnits)}|${lossD}`;
      const w = aw * (below[last + 1]! - below[hd]!);
      const g = groups.get(key);
      if (g) g.weight += w;
      else groups.set(key, { a: ha, d: hd, weight: w });
      hd = last + 1;
    }
  }
  const denominator = a.denominator * d.denominator;
  return [...groups.entries()].map(([key, g]) => {
    const [winner, lossA, lossD] = key.split('|');
    return {
      rolls: [hitRoll(aDice, g.a), hitRoll(dDice, g.d)],
      probability: fraction(g.weight, denominator),
      label: `${winner} wins, ${g.a}–${g.d} hits (attacker loses ${lossA}, defender ${lossD})`,
    };
  });
}

/** The outcomes of a pending roll: for an attacker's field-battle roll, both rolls of the battle together. */
export function rollOutcomes(roll: RollInfo): Iterable<DiceOutcome> {
  const side = (s: NonNullable<RollInfo['battle']>['attacker']): BattleSideOdds => ({
    pools: dicePools(s.terms),
    landUnits: s.landUnits,
  });
  if (
    roll.purpose === 'attacker' &&
    roll.battle &&
    // A card after both rolls (Janissaries, ruling R31) reads the exact hits: the rolls are explored one by one.
    !roll.battle.rollsWindow &&
    // After a Surprise Attack (ruling R28) the second roll's dice depend on the first roll's losses: one by one.
    !roll.battle.surprise &&
    ((roll.battle.attacker.dice + 1) * (roll.battle.defender.dice + 1) <= JOINT_BATTLE_LIMIT ||
      jointGroups(roll.battle.attacker.dice, roll.battle.defender.dice, roll.battle) <= JOINT_BATTLE_LIMIT)
  )
    return battleOutcomes({ attacker: side(roll.battle.attacker), defender: side(roll.battle.defender) });
  if (roll.purpose === 'attacker' || roll.purpose === 'defender' || roll.purpose === 'card')
    return hitOutcomes(dicePools(roll.terms));
  return targetOutcomes(
    roll.terms.reduce((a, t) => a + t.count, 0),
    roll.target ?? ROLL_TARGET,
  );
}

export { binomial };
