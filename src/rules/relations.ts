// 2.2 friendly / enemy / independent, 22.1 inactive minors, 22.3 active minors, ruling R15 default control.
import { isMajorPower, isMinorPower, type MajorPower, type Power } from '../schema/power.ts';
import { own } from './own.ts';
import type { Position, World } from './world.ts';

type Relations = Pick<Position, 'war' | 'alliances'>;

function listed(pairs: Relations['war'], a: Power, b: Power): boolean {
  return pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/** 22.3: the major power a minor is allied to (an active minor), the major itself, or undefined (inactive/independent). */
export function majorOf(rel: Relations, power: Power): MajorPower | undefined {
  if (isMajorPower(power)) return power;
  if (!isMinorPower(power)) return undefined;
  for (const [a, b] of rel.alliances) {
    if (a === power && isMajorPower(b)) return b;
    if (b === power && isMajorPower(a)) return a;
  }
  return undefined;
}

/**
 * Why a power that is not a major may not act on its own (22.1, 22.3, ruling R10): an active minor acts with its
 * major, who decides for it; an inactive minor or independents never act. The facts of the restrictions that say so.
 */
export type MinorPowerFacts =
  | { readonly kind: 'activeMinor'; readonly power: Power; readonly major: MajorPower }
  | { readonly kind: 'inactive'; readonly power: Power };

export function minorPowerFacts(rel: Relations, power: Power): MinorPowerFacts {
  const major = majorOf(rel, power);
  return major ? { kind: 'activeMinor', power, major } : { kind: 'inactive', power };
}

/** 22.1, 22.6, ruling R10: an inactive minor's or an independent stack never moves, intercepts or avoids battle. */
export function isInactive(rel: Relations, power: Power): boolean {
  return majorOf(rel, power) === undefined;
}

/** The powers whose stacks act together, decided by one major (22.3, ruling R10): the major and its active minors. */
export function groupMembers(rel: Relations, major: MajorPower): Power[] {
  const members: Power[] = [major];
  for (const [a, b] of rel.alliances) {
    if (a === major && isMinorPower(b)) members.push(b);
    if (b === major && isMinorPower(a)) members.push(a);
  }
  return members;
}

/** The pairs a relation is looked up on: a power and, for an active minor, its major (22.3). */
function selves(rel: Relations, power: Power): Power[] {
  const major = majorOf(rel, power);
  return major && major !== power ? [power, major] : [power];
}

export function areAtWar(rel: Relations, a: Power, b: Power): boolean {
  if (a === b) return false;
  return selves(rel, a).some((x) => selves(rel, b).some((y) => x !== y && listed(rel.war, x, y)));
}

export function areAllied(rel: Relations, a: Power, b: Power): boolean {
  if (a === b) return false;
  const as = selves(rel, a);
  const bs = selves(rel, b);
  if (as.some((x) => bs.includes(x))) return true;
  return as.some((x) => bs.some((y) => listed(rel.alliances, x, y)));
}

/** 2.2: the same power or an ally. */
export function isFriendly(rel: Relations, a: Power, b: Power): boolean {
  return a === b || areAllied(rel, a, b);
}

/** Ruling R15: a space is controlled by its home power unless the position overrides it. */
export function controllerOf(world: Pick<World, 'position' | 'board'>, space: string): Power {
  return own(world.position.control, space) ?? world.board.spaces.get(space)?.home ?? 'independent';
}

/**
 * 2.1, ruling R18: only the power that controls a fortified space and its allies may be inside it. An inactive minor
 * has no allies, so it may be inside only its own spaces; independents only independent ones.
 */
export function mayBeInside(world: World, power: Power, space: string): boolean {
  const controller = controllerOf(world, space);
  return (
    power === controller ||
    (controller !== 'independent' && power !== 'independent' && isFriendly(world.position, power, controller))
  );
}

/**
 * Whether units of `power` stand against whoever holds a space `controller` controls: at war with it, or — for an
 * independent space — any power's units (the engine treats independent keys as held against every power, R13).
 */
export function isHostilePower(world: Pick<World, 'position'>, power: Power, controller: Power): boolean {
  if (controller === 'independent') return power !== 'independent';
  return areAtWar(world.position, power, controller);
}

/** 2.2: a space controlled by a power at war with `power`. */
export function isEnemyControlled(world: World, space: string, power: Power): boolean {
  return areAtWar(world.position, power, controllerOf(world, space));
}
