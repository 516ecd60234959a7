// 13.3 Avoid Battle: who may try (each major power with land units in the destination, impulse order), where to,
// with which units, and when it succeeds without a roll (every unit already lost a field battle this impulse).
import { impulseRank, isMajorPower, MAJOR_POWERS, type MajorPower, type Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { landUnitCount, NO_UNITS, type Units } from '../schema/units.ts';
import { byPowerRestriction } from './by-power.ts';
import { destinationRestrictions, destinationsFrom, type DestinationArgs, type Destinations } from './destinations.ts';
import { hostileStacksOutside } from './hostility.ts';
import { heldBeforeLeagueRestriction } from './league.ts';
import type { MoveLeg } from './leg.ts';
import { majorOf, minorPowerFacts } from './relations.ts';
import { landUnitsIn, splitStacks, stacksWhere } from './stacks.ts';
import { must } from './must.ts';
import { noLeaderStruckByGout } from './cards.ts';
import { checkAll, restrictionsOn, type Restriction, type Verdict } from './verdict.ts';
import type { World } from './world.ts';

export interface AvoidState {
  readonly leg: MoveLeg;
  /** Powers whose units intercepted into the battle space during this Move action (13.3). */
  readonly intercepted: readonly Power[];
  /** Powers that already made or declined their attempt. */
  readonly done: readonly Power[];
  /** The power whose turn it is (impulse order, 13.3 step 1). */
  readonly asking?: MajorPower | undefined;
}

export interface AvoidArgs extends AvoidState, DestinationArgs {
  readonly request: Units;
}

/**
 * The power's group's stacks outside the fortifications of the battle space, in the order a request without a
 * per-power split takes them: the major's own units first, then its active minors' (ruling R16); within one power,
 * units that already lost a battle first (so an all-marked group avoids without a roll, 13.3 step 4).
 */
export function avoidingStacks(world: World, power: Power, leg: MoveLeg): Stack[] {
  return hostileStacksOutside(world, leg.power, leg.to)
    .filter((s) => majorOf(world.position, s.power) === power && isMajorPower(power))
    .sort(
      (a, b) =>
        Number(a.power !== power) - Number(b.power !== power) ||
        impulseRank(a.power) - impulseRank(b.power) ||
        Number(b.lostBattle) - Number(a.lostBattle),
    );
}

const restriction = restrictionsOn<AvoidArgs>();

export const isAvoidingMajorPower = restriction({
  name: 'isAvoidingMajorPower',
  rule: '13.3',
  ruling: 'R10',
  statements: ['AVB-04', 'AVB-25'],
  holds: (_w, { power }) => isMajorPower(power),
  facts: (world, { power }) => minorPowerFacts(world.position, power),
});

export const didNotIntercept = restriction({
  name: 'didNotIntercept',
  rule: '13.3',
  statements: ['AVB-13', 'INT-27'],
  holds: (_w, { power, intercepted }) => !intercepted.includes(power),
  facts: (_w, { power }) => ({ power }),
});

export const isNotLoneLeader = restriction({
  name: 'isNotLoneLeader',
  rule: '13.3',
  ruling: 'R3',
  statements: ['AVB-14', 'AVB-12'],
  holds: (world, { power, leg }) => landUnitsIn(avoidingStacks(world, power, leg)) > 0,
  facts: (world, { power, leg }) => {
    const inside = stacksWhere(world.position, { space: leg.to, inside: true }).some(
      (s) => majorOf(world.position, s.power) === power,
    );
    return { kind: inside ? 'inside' : 'alone', power, space: leg.to } as const;
  },
});

export const isProtestantFreeToAvoid = heldBeforeLeagueRestriction(
  'isProtestantFreeToAvoid',
  (a: AvoidArgs) => a.power,
);

export const hasNotAvoided = restriction({
  name: 'hasNotAvoided',
  rule: '13.3',
  statements: ['AVB-03'],
  holds: (_w, { power, done }) => !done.includes(power),
  facts: (_w, { power }) => ({ power }),
});

export const isAvoidersTurn = restriction({
  name: 'isAvoidersTurn',
  rule: '13.3',
  statements: ['AVB-03'],
  holds: (_w, { power, asking }) => asking === undefined || asking === power,
  // Refused only when a power is being asked (`holds` is true when none is).
  facts: (_w, { asking }) => ({ asking: must(asking, 'isAvoidersTurn refused with no power asked') }),
});

export const isAvoidNotEmpty = restriction({
  name: 'isAvoidNotEmpty',
  rule: '13.3 step 3',
  statements: [],
  holds: (_w, { request }) => landUnitCount(request) > 0 || request.leaders.length > 0,
  facts: () => ({}),
});

export const isAvoidSplitByPower = byPowerRestriction('isAvoidSplitByPower', '13.3 step 3', (a: AvoidArgs) => ({
  units: a.request,
  power: a.power,
}));

export const areAvoidersInSpace = restriction({
  name: 'areAvoidersInSpace',
  rule: '13.3 step 3',
  statements: ['AVB-12', 'AVB-15', 'AVB-16'],
  holds: (world, { power, leg, request }) => splitStacks(avoidingStacks(world, power, leg), request).ok,
  facts: (_w, { power, leg }) => ({ power, space: leg.to }),
});

export const isNoAvoiderStruckByGout = noLeaderStruckByGout<AvoidArgs>('13.3', 'avoid');

export const [
  isAvoidDestinationLandSpace,
  isAvoidDestinationAdjacent,
  isAvoidDestinationNotIndependent,
  isAvoidDestinationFriendly,
  isAvoidDestinationNotInUnrest,
  isAvoidDestinationFreeOfEnemy,
  isAvoidDestinationNotElectorate,
] = destinationRestrictions<AvoidArgs, 'Avoid'>('13.3', 'Avoid', {
  land: ['AVB-10'],
  adjacent: ['AVB-05'],
  independent: ['AVB-06'],
  controlled: ['AVB-07'],
  unrest: ['AVB-08'],
  enemy: ['AVB-09'],
  electorate: ['MOV-31'],
});

export const isNotSpaceEnemyCameFrom = restriction({
  name: 'isNotSpaceEnemyCameFrom',
  rule: '13.3',
  statements: ['AVB-11'],
  holds: (_w, { to, leg }) => to !== leg.from,
  facts: (_w, { leg }) => ({ space: leg.from, mover: leg.power }),
});

/** Restrictions on the power making the attempt. */
export const AVOIDER_RESTRICTIONS: readonly Restriction<AvoidArgs>[] = [
  isAvoidingMajorPower,
  hasNotAvoided,
  isAvoidersTurn,
  didNotIntercept,
  isProtestantFreeToAvoid,
  isNotLoneLeader,
];
/** Restrictions on the space the group tries to reach. */
export const AVOID_DESTINATION_RESTRICTIONS: readonly Restriction<AvoidArgs>[] = [
  isAvoidDestinationLandSpace,
  isAvoidDestinationAdjacent,
  isNotSpaceEnemyCameFrom,
  isAvoidDestinationNotIndependent,
  isAvoidDestinationFriendly,
  isAvoidDestinationNotInUnrest,
  isAvoidDestinationFreeOfEnemy,
  isAvoidDestinationNotElectorate,
];
/** Restrictions on the units named. */
export const AVOID_GROUP_RESTRICTIONS: readonly Restriction<AvoidArgs>[] = [
  isAvoidNotEmpty,
  isAvoidSplitByPower,
  areAvoidersInSpace,
  isNoAvoiderStruckByGout,
];

export const AVOID_RESTRICTIONS = [
  ...AVOIDER_RESTRICTIONS,
  ...AVOID_DESTINATION_RESTRICTIONS,
  ...AVOID_GROUP_RESTRICTIONS,
];

export function checkAvoid(world: World, args: AvoidArgs): Verdict {
  return checkAll(AVOID_RESTRICTIONS, world, args);
}

export function avoidingPieces(world: World, args: AvoidArgs): Stack[] {
  const split = splitStacks(avoidingStacks(world, args.power, args.leg), args.request);
  return split.ok ? split.taken : [];
}

/** 13.3 step 4 exception: every unit and leader in the group already lost a field battle this impulse. */
export function isAutomaticAvoid(pieces: readonly Stack[]): boolean {
  return pieces.length > 0 && pieces.every((p) => p.lostBattle);
}

export function avoidDestinations(world: World, state: AvoidState, power: MajorPower): Destinations {
  const from = state.leg.to;
  const args = { ...state, asking: power, power, from, request: NO_UNITS };
  return destinationsFrom(world, from, (to) => checkAll(AVOID_DESTINATION_RESTRICTIONS, world, { ...args, to }));
}

/**
 * The next power to ask (13.3 step 1: impulse order), skipping powers with no legal destination (ruling R9). After a
 * successful interception nobody is asked, not even the interceptor's allies (13.1 step 5: go directly to step 8).
 */
export function nextAvoider(world: World, state: AvoidState): MajorPower | undefined {
  if (state.intercepted.length > 0) return undefined;
  const empty: Units = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };
  return MAJOR_POWERS.find(
    (power) =>
      power !== state.leg.power &&
      checkAll(AVOIDER_RESTRICTIONS, world, {
        ...state,
        asking: power,
        power,
        from: state.leg.to,
        to: state.leg.to,
        request: empty,
      }).ok &&
      avoidDestinations(world, state, power).to.length > 0,
  );
}

/** This module's restrictions, in the order they are checked (src/rules/index.ts reads them). */
export const RESTRICTIONS = AVOID_RESTRICTIONS;
