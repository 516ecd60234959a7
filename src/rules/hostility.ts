// Who fights whom when a formation enters a space (13.1 restriction 3, 2.2, 22.6): enemies of the active power,
// plus the units "treated as enemy" in an enemy-controlled space, plus independent regulars defending their key.
import type { Power } from '../schema/power.ts';
import { areAllied, areAtWar, controllerOf, isFriendly, majorOf } from './relations.ts';
import { landUnitsIn, powersIn, stacksWhere } from './stacks.ts';
import type { World } from './world.ts';

/**
 * Powers outside the active power's group that have land units in the space (inside or out). The group is the power
 * and its active minor allies (22.3): once the formation is placed, its own minor allies' units stand in the space
 * too, and they are no "units there" against which 13.1 restriction 3 is judged.
 */
export function otherPowersWithLandUnits(world: World, active: Power, space: string): Power[] {
  const group = majorOf(world.position, active) ?? active;
  return powersIn(
    stacksWhere(world.position, { space }).filter(
      (s) => s.power !== active && majorOf(world.position, s.power) !== group && landUnitsIn([s]) > 0,
    ),
  );
}

/**
 * 13.1 restriction 3, third case: the space is controlled by an enemy power and every land unit there belongs to
 * that enemy or its allies — they are then all treated as enemy units.
 */
export function isEnemyBloc(world: World, active: Power, space: string): boolean {
  const controller = controllerOf(world, space);
  if (!areAtWar(world.position, active, controller)) return false;
  return otherPowersWithLandUnits(world, active, space).every(
    (p) => p === 'independent' || isFriendly(world.position, p, controller),
  );
}

/** Whether units of `power` in `space` are the active power's enemies for this move. */
export function isHostile(world: World, active: Power, power: Power, space: string): boolean {
  if (power === active || areAllied(world.position, active, power)) return false;
  if (power === 'independent') return true;
  if (areAtWar(world.position, active, power)) return true;
  return isEnemyBloc(world, active, space) && isFriendly(world.position, power, controllerOf(world, space));
}

/** Hostile stacks outside the fortifications of a space: the ones a field battle is fought against (13.1 step 8). */
export function hostileStacksOutside(world: World, active: Power, space: string) {
  return stacksWhere(world.position, { space, inside: false }).filter((s) => isHostile(world, active, s.power, space));
}

export function hostileLandUnitsOutside(world: World, active: Power, space: string): number {
  return landUnitsIn(hostileStacksOutside(world, active, space));
}

export function hostileStacksInside(world: World, active: Power, space: string) {
  return stacksWhere(world.position, { space, inside: true }).filter((s) => isHostile(world, active, s.power, space));
}
