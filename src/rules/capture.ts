// Leader capture: 13.1 (a leader alone in an unfortified space when enemy land units enter it, by movement,
// retreat or interception), 13.3 (in a fortified space he withdraws inside instead), 14 step 10 (leaders of a side
// with no land units left), ruling R2 (a lone leader never blocks; he is captured), ruling R20 (who takes captives:
// a major power, or the power holding the fortress), ruling R24 (when a leader is alone).
import { impulseRank, isMajorPower, type Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import type { Capture } from '../schema/scenario.ts';
import { landUnitCount } from '../schema/units.ts';
import { isHostile } from './hostility.ts';
import { areAtWar, controllerOf, isFriendly, majorOf, mayBeInside } from './relations.ts';
import { landUnitsIn, normalizeStacks, stacksWhere } from './stacks.ts';
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

/**
 * Ruling R20: who takes the captives of the side that `capturing` beat (14 step 10; a 14.1 retreat with no legal
 * space): the first major power in impulse order (3.2) whose group — itself and its active minor allies (rulings R5,
 * R10) — has land units among `capturing`; never an active minor itself, which has no power card. With no major
 * there (independent regulars, an inactive minor), the first power with land units among them, recorded as the
 * captor; `fallback` when no piece has land units (it cannot happen after ruling R7, but the caller names one).
 */
export function captorAmong(world: Pick<World, 'position'>, capturing: readonly Stack[], fallback: Power): Power {
  const groups = [
    ...new Set(capturing.filter((s) => landUnitsIn([s]) > 0).map((s) => majorOf(world.position, s.power) ?? s.power)),
  ].sort((a, b) => Number(isMajorPower(b)) - Number(isMajorPower(a)) || impulseRank(a) - impulseRank(b));
  return groups[0] ?? fallback;
}

/**
 * Ruling R20: the power that takes the leaders eliminated in a fortified space they could not stay in — besiegers
 * whose siege broke and a winner that does not outnumber the units inside, with no legal space (15.3, 14 step 12),
 * and a formation forced back into the space it moved on from or sent back with nowhere to go (13.4): the power
 * controlling that space, or its major when the controller is an active minor.
 */
export function holderOf(world: Pick<World, 'position' | 'board'>, space: string): Power {
  const controller = controllerOf(world, space);
  return majorOf(world.position, controller) ?? controller;
}

export interface LoneLeaderOutcome {
  readonly position: Position;
  readonly captured: readonly Capture[];
  /** Leaders who went inside the fortifications instead (13.3), by power. */
  readonly withdrawn: readonly { readonly power: Power; readonly leaders: readonly string[] }[];
  /** Of the captured, the leaders who intercepted and so could not go inside (13.2 step 5, ruling R23). */
  readonly keptOut: readonly string[];
}

/**
 * Ruling R24: leaders outside in `space`, at war with `arriving`, alone — no land units beside them, outside the
 * fortifications, that would fight `arriving` on their side (their own power's, its active minor allies', an allied
 * major's: friendly to the leader and hostile to the arriving power). A leader inside is never alone.
 */
export function loneLeadersAgainst(world: World, space: string, arriving: Power): string[] {
  const outside = stacksWhere(world.position, { space, inside: false });
  const defended = (leaderPower: Power) =>
    outside.some(
      (o) =>
        landUnitCount(o) > 0 &&
        isFriendly(world.position, o.power, leaderPower) &&
        isHostile(world, arriving, o.power, space),
    );
  return outside
    .filter((s) => s.leaders.length > 0 && areAtWar(world.position, arriving, s.power) && !defended(s.power))
    .flatMap((s) => s.leaders);
}

/** Land units of the arriving power's group outside in `space`: only land units capture a leader (ruling R2). */
function arrivingLandUnits(world: World, space: string, arriving: Power): number {
  const group = majorOf(world.position, arriving) ?? arriving;
  return landUnitsIn(
    stacksWhere(world.position, { space, inside: false }).filter(
      (s) => (majorOf(world.position, s.power) ?? s.power) === group,
    ),
  );
}

/**
 * `arriving` has entered `space`: if its group has land units there, every enemy leader there alone is captured
 * (13.1 restriction 6) — or, in a fortified space held by his side or an ally, withdraws inside (13.3, 2.1). A
 * leader arriving without land units captures nobody (ruling R2: capture needs enemy land units). Leaders who
 * intercepted into the space (`interceptors`) may not go inside (13.2 step 5): alone, they are captured there too
 * (ruling R23).
 */
export function settleLoneLeaders(
  world: World,
  space: string,
  arriving: Power,
  interceptors: readonly string[] = [],
): LoneLeaderOutcome {
  const nothing = { position: world.position, captured: [], withdrawn: [], keptOut: [] };
  if (arrivingLandUnits(world, space, arriving) === 0) return nothing;
  const lone = loneLeadersAgainst(world, space, arriving);
  if (lone.length === 0) return nothing;
  const fortified = world.board.spaces.get(space)?.fortified ?? false;
  const withdrawn: string[] = [];
  const captured: string[] = [];
  const keptOut: string[] = [];
  const byPower = new Map<Power, string[]>();
  for (const s of stacksWhere(world.position, { space, inside: false })) {
    for (const l of s.leaders.filter((x) => lone.includes(x))) {
      const mayGoIn = fortified && mayBeInside(world, s.power, space);
      if (mayGoIn && !interceptors.includes(l)) {
        withdrawn.push(l);
        byPower.set(s.power, [...(byPower.get(s.power) ?? []), l]);
      } else {
        captured.push(l);
        if (mayGoIn) keptOut.push(l);
      }
    }
  }
  const inside = world.position.stacks.flatMap((s) => {
    if (s.space !== space || s.inside) return [s];
    const going = s.leaders.filter((l) => withdrawn.includes(l));
    if (going.length === 0) return [s];
    return [
      { ...s, leaders: s.leaders.filter((l) => !going.includes(l)) },
      { ...s, regulars: 0, mercenaries: 0, cavalry: 0, inside: true, leaders: going },
    ];
  });
  const position = captureLeaders({ ...world.position, stacks: normalizeStacks(inside) }, captured, arriving);
  return {
    position,
    captured: captured.map((leader) => ({ leader, by: arriving })),
    withdrawn: [...byPower].map(([power, leaders]) => ({ power, leaders })),
    keptOut,
  };
}
