// 15 Siege: who is under siege, 14 step 12 and ruling R13 (does the active formation outnumber the units inside),
// 15.3 (a siege breaks when the besiegers no longer outnumber the units inside).
import type { Power } from '../schema/power.ts';
import type { Siege, Stack } from '../schema/scenario.ts';
import { isFriendly } from './relations.ts';
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

/** 15.3: land units of the besieging powers (and their friends) still outside in the space. */
export function besiegingLandUnits(world: Pick<World, 'position'>, siege: Siege): number {
  return landUnitsIn(
    stacksWhere(world.position, { space: siege.space, inside: false }).filter((s) => siege.by.some((p) => isFriendly(world.position, p, s.power))),
  );
}

/** 15.3: the siege in `space` is broken if its besiegers no longer outnumber the units inside. */
export function isSiegeBroken(world: Pick<World, 'position'>, space: string): boolean {
  const siege = siegeIn(world, space);
  return !!siege && !outnumbersInside(besiegingLandUnits(world, siege), landUnitsInside(world, space));
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
