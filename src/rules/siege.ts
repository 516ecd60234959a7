// 15 Siege: who is under siege, 14 step 12 and ruling R13 (does the active formation outnumber the units inside),
// 15.3 (a siege breaks when the besiegers no longer outnumber the units inside), ruling R17 (a siege depends only on
// the units inside and the besieging powers).
import type { Power } from '../schema/power.ts';
import type { Siege, Stack } from '../schema/scenario.ts';
import { isHostile } from './hostility.ts';
import { controllerOf, majorOf } from './relations.ts';
import { landUnitsIn, stacksWhere } from './stacks.ts';
import type { Position, World } from './world.ts';

export function siegeIn(world: Pick<World, 'position'>, space: string): Siege | undefined {
  return world.position.sieges.find((s) => s.space === space);
}

/** 15: a stack inside a fortified space that is under siege. */
export function isBesiegedInside(world: Pick<World, 'position'>, stack: Stack): boolean {
  return stack.inside && !!siegeIn(world, stack.space);
}

export function landUnitsInside(world: Pick<World, 'position'>, space: string): number {
  return landUnitsIn(stacksWhere(world.position, { space, inside: true }));
}

/** 15, 13.4, 14 step 12, ruling R13: more land units than inside (cavalry counted, ruling R6) puts the space under siege. */
export function outnumbersInside(attackingLandUnits: number, insideLandUnits: number): boolean {
  return attackingLandUnits > insideLandUnits;
}

/** Whether a stack belongs to one of the besieging powers (a listed power, or an active minor of one, 22.3). */
function isBesieger(world: Pick<World, 'position'>, siege: Siege, power: Power): boolean {
  return siege.by.some((p) => p === power || majorOf(world.position, power) === p);
}

/** 15.3, ruling R17: the besieging stack — the besieging powers' pieces outside the fortifications of the space. */
export function besiegingStacks(world: Pick<World, 'position'>, siege: Siege): Stack[] {
  return stacksWhere(world.position, { space: siege.space, inside: false }).filter((s) => isBesieger(world, siege, s.power));
}

/** 15.3: land units of the besieging powers still outside in the space (units of third powers do not count, R17). */
export function besiegingLandUnits(world: Pick<World, 'position'>, siege: Siege): number {
  return landUnitsIn(besiegingStacks(world, siege));
}

/** 15.3: the siege in `space` is broken if its besiegers no longer outnumber the units inside. */
export function isSiegeBroken(world: Pick<World, 'position'>, space: string): boolean {
  const siege = siegeIn(world, space);
  return !!siege && !outnumbersInside(besiegingLandUnits(world, siege), landUnitsInside(world, space));
}

/** 15.3: the first siege (by space id) whose besiegers no longer outnumber the units inside. */
export function firstBrokenSiege(world: Pick<World, 'position'>): Siege | undefined {
  return [...world.position.sieges].sort((a, b) => a.space.localeCompare(b.space)).find((g) => isSiegeBroken(world, g.space));
}

export function beginSiege(position: Position, space: string, by: Power): Position {
  const existing = position.sieges.find((s) => s.space === space);
  const sieges = existing
    ? position.sieges.map((s) => (s === existing ? { ...s, by: s.by.includes(by) ? s.by : [...s.by, by] } : s))
    : [...position.sieges, { space, by: [by], thisImpulse: true }];
  return { ...position, sieges };
}

export function endSiege(position: Position, space: string): Position {
  return { ...position, sieges: position.sieges.filter((s) => s.space !== space) };
}

/**
 * Rulings R13 and R17: pieces that end the move outside a fortified space held by a power hostile to them, with
 * more land units than are inside and no siege listed, put it under siege — interceptors that won the battle, or
 * that caught a formation of leaders alone (13.1), as much as the active formation. Their powers (majors for active
 * minors, 22.3), or none.
 */
export function unlistedBesiegers(world: World, space: string): Power[] {
  if (!world.board.spaces.get(space)?.fortified || siegeIn(world, space)) return [];
  const controller = controllerOf(world, space);
  const outside = stacksWhere(world.position, { space, inside: false }).filter(
    (s) => s.power !== controller && isHostile(world, s.power, controller, space),
  );
  if (!outnumbersInside(landUnitsIn(outside), landUnitsInside(world, space))) return [];
  const withUnits = outside.filter((s) => landUnitsIn([s]) > 0);
  return [...new Set(withUnits.map((s) => majorOf(world.position, s.power) ?? s.power))];
}

