// Rolls: 13.2 step 2 (interception) and 13.3 step 4 (avoid battle) — 2d6 + the best battle rating, Ottoman cavalry
// ±1, Telescope +1 (ruling R1), 9 or more succeeds; 14 step 6 — field-battle hits on 5 and 6. A roll's dice are a
// list of terms (src/schema/dice.ts): what each counts for, its rule, its dice or its value, and the faces that hit.
// Everything that shows or counts a roll reads the list; nothing here has words (src/text/modifiers.ts words a term).
import type { DiceTerm } from '../schema/dice.ts';
import type { Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import type { RuleRef } from './registry.ts';
import type { World } from './world.ts';

export type { DiceSource, DiceTerm } from '../schema/dice.ts';

export const ROLL_TARGET = 9;
export const ROLL_DICE = 2;
/** 14 step 6: a battle die hits on a 5 or a 6. */
export const HIT_ON = 5;

/** 5.1, 13.2 step 2, 14 steps 2–3: only the single best battle rating counts (INT-28, FB-07). */
export function bestLeader(
  world: Pick<World, 'leaders'>,
  leaders: readonly string[],
): { id: string; battle: number } | undefined {
  let best: { id: string; battle: number } | undefined;
  for (const id of leaders) {
    const battle = world.leaders.get(id)?.battle ?? 0;
    if (!best || battle > best.battle) best = { id, battle };
  }
  return best;
}

export interface RollArgs {
  readonly power: Power;
  /** The intercepting formation or the avoiding group. */
  readonly pieces: readonly Stack[];
  /** The stack they react to: the moving formation. */
  readonly opposing: readonly Stack[];
}

/** The modifiers of a 2d6 roll, as terms that add to the total (hitOn null). */
function rollModifiers(world: World, { power, pieces, opposing }: RollArgs, rule: RuleRef): DiceTerm[] {
  const mods: DiceTerm[] = [];
  const best = bestLeader(
    world,
    pieces.flatMap((p) => p.leaders),
  );
  if (best && best.battle > 0)
    mods.push({ source: { kind: 'leader', leader: best.id }, rule, count: best.battle, hitOn: null });
  if (power === 'ottoman' && pieces.some((p) => p.cavalry > 0))
    mods.push({ source: { kind: 'cavalry' }, rule, count: 1, hitOn: null });
  if (power !== 'ottoman' && opposing.some((p) => p.power === 'ottoman' && p.cavalry > 0))
    mods.push({ source: { kind: 'againstCavalry' }, rule, count: -1, hitOn: null });
  if (world.position.bonuses[power]?.includes('telescope'))
    mods.push({ source: { kind: 'telescope' }, rule, ruling: 'R1', count: 1, hitOn: null });
  return mods;
}

export function interceptionModifiers(world: World, args: RollArgs): DiceTerm[] {
  return rollModifiers(world, args, '13.2 step 2');
}

export function avoidModifiers(world: World, args: RollArgs): DiceTerm[] {
  return rollModifiers(world, args, '13.3 step 4');
}

/** A 2d6 roll's total: the dice and every term's value. */
export function rollTotal(values: readonly number[], modifiers: readonly DiceTerm[]): number {
  return values.reduce((a, b) => a + b, 0) + modifiers.reduce((a, m) => a + m.count, 0);
}

/** 13.2 step 2, 13.3 step 4: a modified total of 9 or more succeeds; no automatic results on particular dice. */
export function isRollSuccess(total: number): boolean {
  return total >= ROLL_TARGET;
}

/**
 * The dice each battle term puts in the roll, in the order they are thrown. A term with a negative count takes dice
 * from the terms before it, the latest first, never below none; a 2d6 modifier (hitOn null) puts no dice.
 */
export function termDice(terms: readonly DiceTerm[]): number[] {
  const out = terms.map((t) => (t.hitOn === null ? 0 : Math.max(0, t.count)));
  terms.forEach((t, i) => {
    let take = t.hitOn === null ? 0 : Math.max(0, -t.count);
    for (let j = i - 1; j >= 0 && take > 0; j--) {
      const k = Math.min(out[j]!, take);
      out[j]! -= k;
      take -= k;
    }
  });
  return out;
}

/** How many dice a side rolls: the dice of all its terms. */
export function diceTotal(terms: readonly DiceTerm[]): number {
  return termDice(terms).reduce((a, b) => a + b, 0);
}

/** The lowest face that hits, die by die, in the order the dice are thrown (the dice of the first term first). */
export function hitFaces(terms: readonly DiceTerm[]): number[] {
  const dice = termDice(terms);
  return terms.flatMap((t, i) => Array<number>(dice[i]!).fill(t.hitOn ?? HIT_ON));
}

/** 14 step 6: each die that shows its term's hitting face or more is a hit (5 or 6; Tercios' dice 4, 5 or 6). */
export function hitMarks(values: readonly number[], terms: readonly DiceTerm[]): boolean[] {
  const faces = hitFaces(terms);
  // A die no term accounts for scores nothing: the machines only accept as many dice as the terms give.
  return values.map((v, i) => faces[i] !== undefined && v >= faces[i]);
}

/** 14 step 6: the hits of a roll. */
export function countHits(values: readonly number[], terms: readonly DiceTerm[]): number {
  // hitMarks' count, die by die, without its lists: the decision of a battle reads it at every step of the battle.
  const dice = termDice(terms);
  let hits = 0;
  let i = 0;
  for (let t = 0; t < terms.length && i < values.length; t++) {
    const face = terms[t]!.hitOn ?? HIT_ON;
    for (let n = dice[t]!; n > 0 && i < values.length; n--, i++) if (values[i]! >= face) hits++;
  }
  return hits;
}

/** A side's dice grouped by the face they hit on, in the order the groups first appear (for exact chances). */
export function dicePools(terms: readonly DiceTerm[]): { readonly hitOn: number; readonly dice: number }[] {
  const dice = termDice(terms);
  const pools: { hitOn: number; dice: number }[] = [];
  terms.forEach((t, i) => {
    if (t.hitOn === null || dice[i] === 0) return;
    const pool = pools.find((p) => p.hitOn === t.hitOn);
    if (pool) pool.dice += dice[i]!;
    else pools.push({ hitOn: t.hitOn, dice: dice[i]! });
  });
  return pools;
}
