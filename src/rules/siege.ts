// 15 Siege: who is under siege, 14 step 12 and ruling R13 (does the active formation outnumber the units inside),
// 15.3 (a siege breaks when the besiegers no longer outnumber the units inside), ruling R17 (a siege depends only on
// the units inside and the besieging powers).
import { impulseRank, type Power } from '../schema/power.ts';
import type { Siege, Stack } from '../schema/scenario.ts';
import { controllerOf, isFriendly, isHostilePower, majorOf } from './relations.ts';
import { landUnitsIn, stacksWhere } from './stacks.ts';
import { reading, type Position, type World } from './world.ts';

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

/**
 * Ruling R13: whether pieces that end a move outside `space`, a fortress held against them, may put it under siege.
 * RULINGS: always — an empty fortress too. R13's alternative reading: 15 besieges units that are inside, so an
 * empty fortress (nothing inside, no siege listed) is not besieged; the pieces simply stay outside. This one
 * predicate is where the reading applies: after a move (13.4), after a battle the attacker won (14 step 12), and for
 * other powers left outside (R17); the scenario check reads it too.
 */
export function mayBeBesieged(world: Pick<World, 'position' | 'rulings'>, space: string): boolean {
  if (reading(world, 'R13') === 'ruling' || siegeIn(world, space)) return true;
  return stacksWhere(world.position, { space, inside: true }).length > 0;
}

/** 15, 13.4, 14 step 12, ruling R13: more land units than inside (cavalry counted, ruling R6) puts the space under siege. */
export function outnumbersInside(attackingLandUnits: number, insideLandUnits: number): boolean {
  return attackingLandUnits > insideLandUnits;
}

/** What the siege rules read: the position, the board (who controls a space) and the readings of the rulings. */
export type SiegeWorld = Pick<World, 'position' | 'board' | 'rulings'>;

/**
 * Whether a stack belongs to the besiegers (ruling R17): one of the besieging powers (a listed power, or an active
 * minor of one, 22.3) — third powers neither join nor keep a siege. Under R17's alternative reading the land units
 * of any power at war with the controller outside count toward the siege too: third powers join it.
 */
function isBesieger(world: SiegeWorld, siege: Siege, power: Power): boolean {
  if (siege.by.some((p) => p === power || majorOf(world.position, power) === p)) return true;
  return reading(world, 'R17') === 'alternative' && isHostilePower(world, power, controllerOf(world, siege.space));
}

/** 15.3, ruling R17: the besieging stack — the besieging powers' pieces outside the fortifications of the space. */
export function besiegingStacks(world: SiegeWorld, siege: Siege): Stack[] {
  return stacksWhere(world.position, { space: siege.space, inside: false }).filter((s) =>
    isBesieger(world, siege, s.power),
  );
}

/** 15.3: land units of the besiegers still outside in the space (third powers' count only under R17's alternative). */
export function besiegingLandUnits(world: SiegeWorld, siege: Siege): number {
  return landUnitsIn(besiegingStacks(world, siege));
}

/** 15.3: the siege in `space` is broken if its besiegers no longer outnumber the units inside. */
export function isSiegeBroken(world: SiegeWorld, space: string): boolean {
  const siege = siegeIn(world, space);
  return !!siege && !outnumbersInside(besiegingLandUnits(world, siege), landUnitsInside(world, space));
}

/** 15.3: the first siege (by space id) whose besiegers no longer outnumber the units inside. */
export function firstBrokenSiege(world: SiegeWorld): Siege | undefined {
  return [...world.position.sieges]
    .sort((a, b) => a.space.localeCompare(b.space))
    .find((g) => isSiegeBroken(world, g.space));
}

/**
 * 15, ruling R17: a listed besieger none of whose land units (its own or its active minors', 22.3) is left outside in
 * the space besieges no more — they avoided battle, intercepted elsewhere or retreated while its allies held the
 * siege; the allies' siege stands. A siege none of whose listed powers has land units there is left as it is: 15.3
 * ends it, not this.
 */
export function withPresentBesiegers(position: Position): Position {
  let changed = false;
  const sieges = position.sieges.map((g) => {
    const outside = stacksWhere(position, { space: g.space, inside: false }).filter((s) => landUnitsIn([s]) > 0);
    const present = g.by.filter((p) => outside.some((s) => s.power === p || majorOf(position, s.power) === p));
    if (present.length === g.by.length || present.length === 0) return g;
    changed = true;
    return { ...g, by: present };
  });
  return changed ? { ...position, sieges } : position;
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
 * 15, 15.3: `by` puts `space` under siege (13.4, 14 step 12, rulings R13 and R17). A siege listed there whose
 * besiegers no longer outnumber the units inside ended the moment they lost them (15.3: "immediately") — they were
 * beaten or wiped out in the battle `by` has just won — so it is over before `by` begins its own and is never merged
 * with it: two powers at war with each other never besiege one space together (15). A standing siege of `by`'s side
 * is joined (SIE-04). Returns the position and the siege that ended, if one did.
 */
export function laySiege(world: SiegeWorld, space: string, by: Power): { position: Position; ended?: Siege } {
  const listed = siegeIn(world, space);
  const ended = listed && isSiegeBroken(world, space) ? listed : undefined;
  const position = beginSiege(ended ? endSiege(world.position, space) : world.position, space, by);
  return ended ? { position, ended } : { position };
}

/**
 * 15, rulings R13 and R17: the powers that would besiege `space` — of the groups with land units outside it hostile
 * to its controller (majors for active minors, 22.3), the first in impulse order together with the groups allied to
 * it and to each other (two powers besiege one space together only as allies, 15), when together they outnumber the
 * units inside; else the next such bloc; none when no bloc does. The others' units stay outside, third powers to the
 * siege (ruling R17).
 */
export function besiegingBloc(world: SiegeWorld, space: string): Power[] {
  const controller = controllerOf(world, space);
  const outside = stacksWhere(world.position, { space, inside: false }).filter(
    (s) => s.power !== controller && landUnitsIn([s]) > 0 && isHostilePower(world, s.power, controller),
  );
  const groupOf = (p: Power) => majorOf(world.position, p) ?? p;
  const groups = [...new Set(outside.map((s) => groupOf(s.power)))].sort((a, b) => impulseRank(a) - impulseRank(b));
  const inside = landUnitsInside(world, space);
  for (const lead of groups) {
    const bloc: Power[] = [lead];
    for (const g of groups) if (!bloc.includes(g) && bloc.every((b) => isFriendly(world.position, b, g))) bloc.push(g);
    const units = landUnitsIn(outside.filter((s) => bloc.includes(groupOf(s.power))));
    if (outnumbersInside(units, inside)) return bloc;
  }
  return [];
}

/**
 * Rulings R13 and R17: pieces that end the move outside a fortified space held by a power hostile to them, with
 * more land units than are inside and no siege listed, put it under siege — interceptors that won the battle, or
 * that caught a formation of leaders alone (13.1), as much as the active formation. Their powers (`besiegingBloc`),
 * or none.
 */
export function unlistedBesiegers(world: World, space: string): Power[] {
  if (!world.board.spaces.get(space)?.fortified || siegeIn(world, space) || !mayBeBesieged(world, space)) return [];
  return besiegingBloc(world, space);
}
