// Leader capture: 13.1 (a leader alone in an unfortified space when enemy land units enter it, by movement,
// retreat or interception), 13.3 (in a fortified space he withdraws inside instead), 14 step 10 (leaders of a side
// with no land units left), ruling R2 (a lone leader never blocks; he is captured).
import type { Power } from '../schema/power.ts';
import type { Capture } from '../schema/scenario.ts';
import { landUnitCount } from '../schema/units.ts';
import { areAtWar, controllerOf, isFriendly } from './relations.ts';
import { normalizeStacks, stacksWhere } from './stacks.ts';
import type { Position, World } from './world.ts';

export function captureLeaders(position: Position, leaders: readonly string[], by: Power): Position {
  if (leaders.length === 0) return position;
  const gone = new Set(leaders);
  return {
    ...position,
    stacks: normalizeStacks(position.stacks.map((s) => ({ ...s, leaders: s.leaders.filter((l) => !gone.has(l)) }))),
    captured: [...position.captured, ...leaders.map((leader): Capture => ({ leader, by }))],
  };
}

export interface LoneLeaderOutcome {
  readonly position: Position;
  readonly captured: readonly Capture[];
  /** Leaders who went inside the fortifications instead (13.3). */
  readonly withdrawn: readonly string[];
}

/** Leaders outside in `space`, at war with `arriving`, with no friendly land units outside beside them. */
export function loneLeadersAgainst(world: World, space: string, arriving: Power): string[] {
  const outside = stacksWhere(world.position, { space, inside: false });
  return outside
    .filter((s) => s.leaders.length > 0 && areAtWar(world.position, arriving, s.power))
    .filter((s) => !outside.some((o) => landUnitCount(o) > 0 && isFriendly(world.position, o.power, s.power)))
    .flatMap((s) => s.leaders);
}

/**
 * Land units of `arriving` have entered `space`: every enemy leader there alone is captured (13.1) — or, in a
 * fortified space his side controls, withdraws inside (13.3).
 */
export function settleLoneLeaders(world: World, space: string, arriving: Power): LoneLeaderOutcome {
  const lone = loneLeadersAgainst(world, space, arriving);
  if (lone.length === 0) return { position: world.position, captured: [], withdrawn: [] };
  const fortified = world.board.spaces.get(space)?.fortified ?? false;
  const controller = controllerOf(world, space);
  const withdrawn: string[] = [];
  const captured: string[] = [];
  for (const s of stacksWhere(world.position, { space, inside: false })) {
    for (const l of s.leaders.filter((x) => lone.includes(x))) {
      (fortified && isFriendly(world.position, s.power, controller) ? withdrawn : captured).push(l);
    }
  }
  const inside = world.position.stacks.flatMap((s) => {
    if (s.space !== space || s.inside) return [s];
    const going = s.leaders.filter((l) => withdrawn.includes(l));
    if (going.length === 0) return [s];
    return [{ ...s, leaders: s.leaders.filter((l) => !going.includes(l)) }, { ...s, regulars: 0, mercenaries: 0, cavalry: 0, inside: true, leaders: going }];
  });
  const position = captureLeaders({ ...world.position, stacks: normalizeStacks(inside) }, captured, arriving);
  return { position, captured: captured.map((leader) => ({ leader, by: arriving })), withdrawn };
}
