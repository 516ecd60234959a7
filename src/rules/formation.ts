// 5.1 Formations: command limits (no leader 4; one leader his rating; two or more the two highest ratings) and
// one major power per formation (plus its active minor allies, 22.3). Leaders never count (ruling R6).
import type { Power } from '../schema/power.ts';
import { landUnitCount, type Units } from '../schema/units.ts';
import type { Stack } from '../schema/scenario.ts';
import { majorOf } from './relations.ts';
import { landUnitsIn, leadersIn, totals } from './stacks.ts';
import { restrictionsOn } from './verdict.ts';
import type { World } from './world.ts';

export const LEADERLESS_LIMIT = 4;

/** 5.1: how many land units the given leaders can command together. */
export function commandLimit(world: Pick<World, 'leaders'>, leaders: readonly string[]): number {
  const ratings = leaders.map((id) => world.leaders.get(id)?.command ?? 0).sort((a, b) => b - a);
  if (ratings.length === 0) return LEADERLESS_LIMIT;
  if (ratings.length === 1) return ratings[0] ?? 0;
  return (ratings[0] ?? 0) + (ratings[1] ?? 0);
}

export interface FormationArgs {
  /** The major power that acts (the active power, the interceptor, ...). */
  readonly power: Power;
  /** The units and leaders making up the formation. */
  readonly pieces: readonly Stack[];
}

/**
 * A formation over its command limit: `formation` for a Move action or a formation as a whole, `interception` for an
 * intercepting formation (whose refusal is worded for the interception).
 */
export type CommandLimitFacts = {
  readonly kind: 'formation' | 'interception';
  readonly landUnits: number;
  readonly leaders: readonly string[];
  readonly limit: number;
};

/** The facts of a formation of `landUnits` under `leaders` that exceeds their command limit. */
export function commandLimitFacts(
  world: World,
  kind: CommandLimitFacts['kind'],
  landUnits: number,
  leaders: readonly string[],
): CommandLimitFacts {
  return { kind, landUnits, leaders: [...leaders], limit: commandLimit(world, leaders) };
}

const restriction = restrictionsOn<FormationArgs>();

export const isWithinCommandLimit = restriction({
  name: 'isWithinCommandLimit',
  rule: '5.1',
  statements: ['MOV-05', 'MOV-06', 'MOV-07', 'MOV-08', 'MOV-09', 'INT-10'],
  holds: (world, { pieces }) => landUnitsIn(pieces) <= commandLimit(world, leadersIn(pieces)),
  facts: (world, { pieces }) => commandLimitFacts(world, 'formation', landUnitCount(totals(pieces)), leadersIn(pieces)),
});

export const isOneMajorPower = restriction({
  name: 'isOneMajorPower',
  rule: '5.1',
  statements: ['MOV-10', 'MOV-11'],
  holds: (world, { power, pieces }) => pieces.every((p) => majorOf(world.position, p.power) === power),
  facts: (world, { power, pieces }) => {
    const other = pieces.find((p) => majorOf(world.position, p.power) !== power)?.power ?? power;
    return { power, other };
  },
});

/**
 * The largest formation a power could send from a space (a move 13.1, an interception 13.2): every leader, then as many
 * land units as they command (5.1), cavalry first.
 */
export function largestFormation(world: World, stacks: readonly Stack[]): Units {
  const leaders = stacks.flatMap((s) => s.leaders);
  let room = commandLimit(world, leaders);
  const take = (n: number) => {
    const k = Math.min(n, room);
    room -= k;
    return k;
  };
  const sum = (f: (s: Stack) => number) => stacks.reduce((a, s) => a + f(s), 0);
  // Cavalry first: an Ottoman formation with cavalry gets +1 (13.2 step 2).
  const cavalry = take(sum((s) => s.cavalry));
  const regulars = take(sum((s) => s.regulars));
  const mercenaries = take(sum((s) => s.mercenaries));
  return { regulars, mercenaries, cavalry, leaders };
}

/** This module's restrictions, in the order they are checked (src/rules/index.ts reads them). */
export const RESTRICTIONS = [isWithinCommandLimit, isOneMajorPower] as const;
