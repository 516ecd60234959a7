// 14.1 Retreat: the losing power's survivors go to one legal adjacent space; in its own fortified space up to 4 land
// units and any leaders may go inside. A losing attacker goes back where it came from (ruling R11); 13.4 option 2
// and a broken siege (14 step 12, 15.3) retreat under the same restrictions. No legal space: eliminated, leaders
// captured. Inactive minors and independents never retreat (ruling R10).
import { isMajorPower, MAJOR_POWERS, type Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { landUnitCount, NO_UNITS, units, type Units } from '../schema/units.ts';
import { byPowerRestriction } from './by-power.ts';
import { destinationRestrictions, destinationsFrom, type DestinationArgs, type Destinations } from './destinations.ts';
import { groupOf } from './field-battle.ts';
import { hostileStacksOutside } from './hostility.ts';
import { controllerOf, isInactive, majorOf, mayBeInside } from './relations.ts';
import { landUnitsInside } from './siege.ts';
import { captureLeaders, settleLoneLeaders } from './capture.ts';
import { addStacks, landUnitsIn, splitStacks, stacksWhere, takePieces, totals } from './stacks.ts';
import { checkAll, restrictionsOn, type Restriction, type Verdict } from './verdict.ts';
import { isWithinReturn, mayReturnInside, returnSplit, totalsByPower, type ReliefReturn } from './relief.ts';
import { FORTIFICATION_LIMIT } from './withdrawal.ts';
import { reading, type World } from './world.ts';

/**
 * Why a stack retreats: `defender` / `attacker` lost a field battle (14 step 11); `origin` is 13.4 option 2; `siege`
 * is a besieging stack that no longer outnumbers the units inside (15.3) — or an attacker that won in a fortified
 * space it does not outnumber (14 step 12, as in 15.3).
 */
export type RetreatReason = 'defender' | 'attacker' | 'origin' | 'siege';

export interface RetreatState {
  readonly space: string;
  readonly reason: RetreatReason;
  /** The active power. */
  /** The active power; for a `siege` retreat, the group that retreats (the besiegers, or the active power). */
  readonly attacker: Power;
  /** The space the active formation entered the battle space from. */
  readonly origin: string;
  /** 13.4 option 1: retreating into this space eliminates the formation. */
  readonly continuedFrom?: string;
  /** Powers that have already retreated. */
  readonly done: readonly Power[];
  /** The power that takes leaders captured when a stack cannot retreat (the winner's leading power). */
  readonly captor: Power;
  /**
   * 13.4 option 2: exactly these pieces retreat — the formation that entered. Friendly pieces that were already in
   * the space were not part of it and stay. (After a battle the whole side retreats: ruling R19.)
   */
  readonly formation?: readonly Stack[] | undefined;
  /**
   * After a battle: the groups on the losing side as the battle was fought (a group wiped out in it included). When
   * the controller of the fortified battle space is among them, its allies may go inside too (ruling R22). Without
   * it, the groups that retreat or have retreated.
   */
  readonly losingGroups?: readonly Power[] | undefined;
  /**
   * A relief force that lost (15.2, ruling R35): on equal hits any pieces that fought may go inside, on fewer hits
   * only those that came out of the fortifications; the rest retreat as a losing attacker.
   */
  readonly relief?: ReliefReturn | undefined;
}

export interface RetreatArgs extends RetreatState, DestinationArgs {
  readonly to: string;
  /** Units going inside (14.1). */
  readonly inside: Units;
  /** Whether a destination was named at all. */
  readonly hasDestination: boolean;
}

const isAttackerSide = (r: RetreatReason) => r !== 'defender';

/** The pieces that retreat, every group's: the named formation (13.4 option 2), or the losing side outside. */
function retreatingPieces(world: World, state: RetreatState): readonly Stack[] {
  if (state.formation) return state.formation;
  return isAttackerSide(state.reason)
    ? stacksWhere(world.position, { space: state.space, inside: false }).filter(
        (s) => groupOf(world, s.power) === state.attacker,
      )
    : hostileStacksOutside(world, state.attacker, state.space);
}

/** The stacks of `power`'s group that must retreat. */
export function retreatingStacks(world: World, state: RetreatState, power: Power): Stack[] {
  return retreatingPieces(world, state).filter((s) => groupOf(world, s.power) === power);
}

/**
 * The groups still to retreat, in impulse order: majors first (each deciding for its minors), then inactive powers.
 * When the controller's allies may go inside with it (ruling R22), the controller answers first: it decides how the
 * four places are shared, and its allies then use the places it left.
 */
export function retreatingGroups(world: World, state: RetreatState): Power[] {
  const outside = retreatingPieces(world, state);
  const groups = [...new Set(outside.map((s) => groupOf(world, s.power)))];
  const first = sharesPlaces(world, state) ? holderGroup(world, state) : undefined;
  return groups
    .filter((g) => !state.done.includes(g))
    .sort((a, b) => Number(b === first) - Number(a === first) || rank(a) - rank(b));
}

function rank(p: Power): number {
  return isMajorPower(p) ? MAJOR_POWERS.indexOf(p) : 100;
}

/** The group of the power controlling the battle space (its major for an active minor, 22.3). */
function holderGroup(world: World, state: RetreatState): Power {
  return groupOf(world, controllerOf(world, state.space));
}

/** Ruling R22: the controller of the fortified battle space lost with allies beside it — they share its four places. */
function sharesPlaces(world: World, state: RetreatState): boolean {
  if (state.reason !== 'defender' || !world.board.spaces.get(state.space)?.fortified) return false;
  const holder = holderGroup(world, state);
  const losers = state.losingGroups ?? [
    ...state.done,
    ...retreatingPieces(world, state).map((s) => groupOf(world, s.power)),
  ];
  return losers.includes(holder) && losers.some((g) => g !== holder);
}

/**
 * 14.1, rulings R18 and R22: whether the retreating group may put anything inside the fortifications of the battle
 * space — the loser controls it (or its major does); or the controller lost the battle too and the group may be
 * inside (2.1, R18: the controller's allies), four land units in all (R22). A losing attacker that controls the space
 * may too (14.1 literal); under R18's alternative reading it may not: RET-10 leaves a losing attacker no choice but
 * the space it entered from.
 */
export function mayAnyGoInside(world: World, state: RetreatState, power: Power): boolean {
  if (state.reason !== 'defender' && state.reason !== 'attacker') return false;
  const s = world.board.spaces.get(state.space);
  // 15.2, ruling R35: a losing relief force goes inside a fortress friendly to it, whoever controls it.
  if (state.relief && state.reason === 'attacker')
    return !!s?.fortified && mayBeInside(world, power, state.space) && hasReturnable(world, state, power);
  if (state.reason === 'attacker' && reading(world, 'R18') === 'alternative') return false;
  if (!s?.fortified) return false;
  if (power === holderGroup(world, state)) return true;
  return sharesPlaces(world, state) && isMajorPower(power) && mayBeInside(world, power, state.space);
}

/**
 * 15.2, ruling R35: what of the group may go inside — everything, or after fewer hits only what came out (each
 * power's own pieces: `byPower`).
 */
export function insideEligible(world: World, state: RetreatState, power: Power): Units {
  const stacks = retreatingStacks(world, state, power);
  return mayReturnInside(state.relief?.outcome === 'fewer' ? totalsByPower(stacks) : totals(stacks), state.relief);
}

function hasReturnable(world: World, state: RetreatState, power: Power): boolean {
  const u = insideEligible(world, state, power);
  return landUnitCount(u) > 0 || u.leaders.length > 0;
}

export function insideRoom(world: World, state: RetreatState): number {
  return Math.max(0, FORTIFICATION_LIMIT - landUnitsInside(world, state.space));
}

const restriction = restrictionsOn<RetreatArgs>();

export const isRetreatingPower = restriction({
  name: 'isRetreatingPower',
  rule: '14.1',
  statements: ['RET-01'],
  holds: (world, args) => isMajorPower(args.power) && retreatingGroups(world, args).includes(args.power),
  facts: (world, { power, space }) => {
    const minor = !isMajorPower(power) && majorOf(world.position, power) !== undefined;
    const kind = minor ? 'activeMinor' : isInactive(world.position, power) ? 'inactive' : 'none';
    return { kind, power, space } as const;
  },
});

export const mayGoInside = restriction({
  name: 'mayGoInside',
  rule: '14.1',
  ruling: 'R22',
  statements: ['RET-02', 'RET-03'],
  holds: (world, args) =>
    (landUnitCount(args.inside) === 0 && args.inside.leaders.length === 0) || mayAnyGoInside(world, args, args.power),
  facts: (world, { space }) => ({ space, controller: controllerOf(world, space) }),
});

export const isInsideWithinLimit = restriction({
  name: 'isInsideWithinLimit',
  rule: '14.1',
  statements: ['RET-02', 'SIE-14'],
  holds: (world, args) => landUnitCount(args.inside) <= insideRoom(world, args),
  facts: (world, args) => ({ space: args.space, room: insideRoom(world, args) }),
});

export const isReliefReturnAllowed = restriction({
  name: 'isReliefReturnAllowed',
  rule: '15.2',
  ruling: 'R35',
  statements: ['SIE-10', 'SIE-11'],
  holds: (world, args) => isWithinReturn(args.inside, insideEligible(world, args, args.power)),
  facts: (world, args): ReliefReturnFacts => {
    const u = insideEligible(world, args, args.power);
    const facts = {
      space: args.space,
      outcome: args.relief?.outcome ?? 'tie',
      units: landUnitCount(u),
      leaders: u.leaders,
    } as const;
    // Ruling R16: the power whose named share is more than came out of it, and that share.
    const over = (Object.keys(args.inside.byPower ?? {}) as Power[]).find(
      (p) => !isWithinReturn(units(args.inside.byPower?.[p]), units(u.byPower?.[p])),
    );
    return over ? { ...facts, sharePower: over, shareUnits: landUnitCount(units(u.byPower?.[over])) } : facts;
  },
});

/** Why a return inside is refused (15.2): the pieces that may go in, and a power whose named share is too many. */
export type ReliefReturnFacts = {
  readonly space: string;
  readonly outcome: ReliefReturn['outcome'];
  readonly units: number;
  readonly leaders: readonly string[];
  readonly sharePower?: Power;
  readonly shareUnits?: number;
};

export const isInsideSplitByPower = byPowerRestriction('isInsideSplitByPower', '14.1', (a: RetreatArgs) => ({
  units: a.inside,
  power: a.power,
}));

export const areInsideUnitsPresent = restriction({
  name: 'areInsideUnitsPresent',
  rule: '14.1',
  statements: [],
  holds: (world, args) => splitStacks(retreatingStacks(world, args, args.power), args.inside).ok,
  facts: (_w, { power, space }) => ({ power, space }),
});

export const [
  isRetreatDestinationLandSpace,
  isRetreatDestinationAdjacent,
  isRetreatDestinationNotIndependent,
  isRetreatDestinationFriendly,
  isRetreatDestinationNotInUnrest,
  isRetreatDestinationFreeOfEnemy,
  isRetreatDestinationNotElectorate,
] = destinationRestrictions<RetreatArgs, 'Retreat'>('14.1', 'Retreat', {
  land: ['RET-07'],
  adjacent: ['RET-04', 'RET-14'],
  independent: ['RET-08'],
  controlled: ['RET-08'],
  unrest: ['RET-05'],
  enemy: ['RET-06'],
  electorate: ['MOV-31'],
});

export const isNotSpaceEnemyEnteredFrom = restriction({
  name: 'isNotSpaceEnemyEnteredFrom',
  rule: '14.1',
  statements: ['RET-09'],
  holds: (_w, args) => args.reason !== 'defender' || args.to !== args.origin,
  facts: (_w, { origin }) => ({ origin }),
});

/**
 * Whether the retreat must go back to the origin. 13.4 option 2 names that space itself. A losing attacker goes
 * there by ruling R11; under R11's alternative reading only while the origin is a legal retreat space — otherwise it
 * retreats like a defender, to any legal adjacent space (14.1), and is eliminated only if there is none.
 */
function mustRetreatToOrigin(world: World, args: RetreatArgs): boolean {
  if (args.reason === 'origin') return true;
  if (args.reason !== 'attacker') return false;
  return reading(world, 'R11') === 'ruling' || isOriginLegalRetreat(world, args);
}

export const isAttackerOrigin = restriction({
  name: 'isAttackerOrigin',
  rule: '14.1',
  ruling: 'R11',
  statements: ['RET-10', 'WDR-11'],
  holds: (world, args) => !mustRetreatToOrigin(world, args) || args.to === args.origin,
  facts: (_w, { origin }) => ({ origin }),
});

/** Restrictions on the retreat destination, in order (14.1, 15.3). */
export const RETREAT_DESTINATION_RESTRICTIONS: readonly Restriction<RetreatArgs>[] = [
  isRetreatDestinationLandSpace,
  isRetreatDestinationAdjacent,
  isAttackerOrigin,
  isNotSpaceEnemyEnteredFrom,
  isRetreatDestinationNotIndependent,
  isRetreatDestinationFriendly,
  isRetreatDestinationNotInUnrest,
  isRetreatDestinationFreeOfEnemy,
  isRetreatDestinationNotElectorate,
];

/** Ruling R11 (alternative): whether the origin passes every other destination restriction of 14.1. */
function isOriginLegalRetreat(world: World, args: RetreatArgs): boolean {
  const others = RETREAT_DESTINATION_RESTRICTIONS.filter((r) => r !== isAttackerOrigin);
  return checkAll(others, world, { ...args, to: args.origin }).ok;
}

export const RETREAT_RESTRICTIONS: readonly Restriction<RetreatArgs>[] = [
  isRetreatingPower,
  mayGoInside,
  isInsideSplitByPower,
  areInsideUnitsPresent,
  isReliefReturnAllowed,
  isInsideWithinLimit,
];

export function retreatDestinations(world: World, state: RetreatState, power: Power): Destinations {
  const args = { ...state, power, from: state.space, inside: NO_UNITS, hasDestination: true };
  return destinationsFrom(world, state.space, (to) =>
    checkAll(RETREAT_DESTINATION_RESTRICTIONS, world, { ...args, to }),
  );
}

/** Whether anything of the group stays outside once `inside` has gone in. */
export function leavesSomethingOutside(world: World, state: RetreatState, power: Power, inside: Units): boolean {
  const all = totals(retreatingStacks(world, state, power));
  return landUnitCount(all) > landUnitCount(inside) || all.leaders.length > inside.leaders.length;
}

/** A destination named when everything went inside, or none named when something must retreat (to `legal`). */
export type DestinationNamedFacts =
  { readonly kind: 'nothingLeft' } | { readonly kind: 'mustRetreat'; readonly legal: readonly string[] };

export const namesLegalDestination = restriction({
  name: 'namesLegalDestination',
  rule: '14.1',
  statements: ['RET-04', 'RET-12'],
  holds: (world, args) => {
    const outside = leavesSomethingOutside(world, args, args.power, args.inside);
    if (!args.hasDestination) return !outside || retreatDestinations(world, args, args.power).to.length === 0;
    return outside;
  },
  facts: (world, args): DestinationNamedFacts =>
    args.hasDestination
      ? { kind: 'nothingLeft' }
      : { kind: 'mustRetreat', legal: retreatDestinations(world, args, args.power).to },
});

export function checkRetreat(world: World, args: RetreatArgs): Verdict {
  const base = checkAll([...RETREAT_RESTRICTIONS, namesLegalDestination], world, args);
  if (!base.ok || !args.hasDestination) return base;
  return checkAll(RETREAT_DESTINATION_RESTRICTIONS, world, args);
}

/** Ruling R10: an inactive minor or independent stack never retreats: up to 4 units go inside, the rest die. */
export function isInactiveGroup(world: World, power: Power): boolean {
  return isInactive(world.position, power);
}

/**
 * Ruling R10: what an inactive stack puts inside — up to the room left, in a fortified space it may hold (ruling
 * R18: its own; in a space another power controls it is eliminated).
 */
export function inactiveInside(world: World, state: RetreatState, power: Power): Units {
  const stacks = retreatingStacks(world, state, power);
  const fortified = world.board.spaces.get(state.space)?.fortified ?? false;
  if (!fortified || !mayBeInside(world, power, state.space)) return NO_UNITS;
  const t = totals(stacks);
  const room = insideRoom(world, state);
  const regulars = Math.min(t.regulars, room);
  return { regulars, mercenaries: 0, cavalry: 0, leaders: t.leaders };
}

export function landUnitsRetreating(world: World, state: RetreatState, power: Power): number {
  return landUnitsIn(retreatingStacks(world, state, power));
}

export interface RetreatOutcome {
  readonly position: World['position'];
  readonly to: string | null;
  /** What went to `to`. */
  readonly moved: Units;
  readonly inside: Units;
  readonly eliminated: Pick<Units, 'regulars' | 'mercenaries' | 'cavalry'>;
  readonly captured: readonly string[];
  /** Enemy leaders captured alone in the space retreated into (13.1). */
  readonly capturedThere: readonly { leader: string; by: Power }[];
}

/**
 * Applies one group's retreat: `inside` goes into the fortifications, the rest to `to` — or, with no destination
 * (no legal space, 14.1; ruling R11) or back into the space it moved on from (13.4 option 1), it is eliminated and
 * its leaders captured by `captor`.
 */
export function applyRetreat(
  world: World,
  state: RetreatState,
  power: Power,
  inside: Units,
  to: string | undefined,
): RetreatOutcome {
  const stacks = retreatingStacks(world, state, power);
  // 15.2, ruling R35: after fewer hits, an `inside` that names no powers takes only pieces that came out.
  const request =
    state.relief?.outcome === 'fewer' ? returnSplit(inside, insideEligible(world, state, power), power) : inside;
  const split = splitStacks(stacks, request);
  const goingIn = split.ok ? split.taken : [];
  const rest = split.ok ? split.rest : stacks;
  const eliminatedAll = to === undefined || to === state.continuedFrom;
  // By pieces, not by stack identity: a named formation (13.4 option 2) is part of a stack it shares with others.
  let position = addStacks(takePieces(world.position, stacks), [
    ...goingIn.map((s) => ({ ...s, inside: true })),
    ...(eliminatedAll ? [] : rest.map((s) => ({ ...s, space: to, inside: false }))),
  ]);
  const lost = totals(rest);
  const eliminated = eliminatedAll
    ? { regulars: lost.regulars, mercenaries: lost.mercenaries, cavalry: lost.cavalry }
    : { regulars: 0, mercenaries: 0, cavalry: 0 };
  const captured = eliminatedAll ? lost.leaders : [];
  position = captureLeaders(position, captured, state.captor);
  let capturedThere: { leader: string; by: Power }[] = [];
  if (!eliminatedAll && to !== undefined && landUnitCount(lost) > 0) {
    const settled = settleLoneLeaders({ ...world, position }, to, power);
    position = settled.position;
    capturedThere = [...settled.captured];
  }
  return {
    position,
    to: eliminatedAll ? null : to,
    moved: eliminatedAll ? NO_UNITS : lost,
    inside: totals(goingIn),
    eliminated,
    captured,
    capturedThere,
  };
}

/** This module's restrictions, in the order they are checked (src/rules/index.ts reads them). */
export const RESTRICTIONS = [...RETREAT_RESTRICTIONS, namesLegalDestination, ...RETREAT_DESTINATION_RESTRICTIONS];
