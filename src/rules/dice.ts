// Rolls: 13.2 step 2 (interception) and 13.3 step 4 (avoid battle) — 2d6 + the best battle rating, Ottoman cavalry
// ±1, Telescope +1 (ruling R1), 9 or more succeeds; 14 step 6 — field-battle hits on 5 and 6.
import type { Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import type { RuleRef, RulingRef } from './registry.ts';
import { modifierReason } from '../text/modifiers.ts';
import type { Text } from '../text/text.ts';
import type { World } from './world.ts';

export const ROLL_TARGET = 9;
export const ROLL_DICE = 2;
export const HIT_MIN = 5;

export interface Modifier {
  readonly rule: RuleRef;
  readonly ruling?: RulingRef;
  readonly value: number;
  readonly reason: Text;
}

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

function rollModifiers(world: World, { power, pieces, opposing }: RollArgs, rule: RuleRef): Modifier[] {
  const mods: Modifier[] = [];
  const best = bestLeader(
    world,
    pieces.flatMap((p) => p.leaders),
  );
  if (best && best.battle > 0) {
    mods.push({ rule, value: best.battle, reason: modifierReason(world, { kind: 'leader', leader: best.id }) });
  }
  if (power === 'ottoman' && pieces.some((p) => p.cavalry > 0)) {
    mods.push({ rule, value: 1, reason: modifierReason(world, { kind: 'cavalry' }) });
  }
  if (power !== 'ottoman' && opposing.some((p) => p.power === 'ottoman' && p.cavalry > 0)) {
    mods.push({ rule, value: -1, reason: modifierReason(world, { kind: 'againstCavalry' }) });
  }
  if (world.position.bonuses[power]?.includes('telescope')) {
    mods.push({ rule, ruling: 'R1', value: 1, reason: modifierReason(world, { kind: 'telescope' }) });
  }
  return mods;
}

export function interceptionModifiers(world: World, args: RollArgs): Modifier[] {
  return rollModifiers(world, args, '13.2 step 2');
}

export function avoidModifiers(world: World, args: RollArgs): Modifier[] {
  return rollModifiers(world, args, '13.3 step 4');
}

export function rollTotal(values: readonly number[], modifiers: readonly Modifier[]): number {
  return values.reduce((a, b) => a + b, 0) + modifiers.reduce((a, m) => a + m.value, 0);
}

/** 13.2 step 2, 13.3 step 4: a modified total of 9 or more succeeds; no automatic results on particular dice. */
export function isRollSuccess(total: number): boolean {
  return total >= ROLL_TARGET;
}

/** 14 step 6: each die showing 5 or 6 is a hit. */
export function countHits(values: readonly number[]): number {
  return values.filter((v) => v >= HIT_MIN).length;
}
