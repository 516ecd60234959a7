// 13.4 Withdrawing into Fortifications (movement step 7), and what follows for the active formation: a siege if it
// outnumbers the units inside (15, ruling R13), else option 1 (pay CP and move on) or option 2 (retreat, ruling R4).
import type { MajorPower, Power } from '../schema/power.ts';
import { landUnitCount } from '../schema/units.ts';
import { hasFoulWeather } from './cards.ts';
import { hostileStacksOutside, isHostile } from './hostility.ts';
import type { MoveLeg } from './leg.ts';
import { ENTRY_RESTRICTIONS, moveCost, type MoveArgs } from './movement.ts';
import { controllerOf, isFriendly, isInactive, majorOf, mayBeInside } from './relations.ts';
import { landUnitsInside, mayBeBesieged, outnumbersInside, siegeIn } from './siege.ts';
import { landUnitsIn, stacksWhere, totals } from './stacks.ts';
import { destinationsFrom, type Destinations } from './destinations.ts';
import { checkAll, restrictionsOn, type Restriction, type Verdict } from './verdict.ts';
import type { World } from './world.ts';

export const FORTIFICATION_LIMIT = 4;

export interface WithdrawArgs {
  readonly leg: MoveLeg;
  /** The power that answers (withdraw.declare / withdraw.decline). */
  readonly power: Power;
}

function defenders(world: World, leg: MoveLeg) {
  return hostileStacksOutside(world, leg.power, leg.to);
}

/**
 * The groups whose land units defend the space (13.4: "units of more than one power"; 22.3: an active minor's units
 * count with its major's, ruling R10). A leader beside them makes no power a defender of its own.
 */
function defendingGroups(world: World, leg: MoveLeg): Power[] {
  const withUnits = defenders(world, leg).filter((s) => landUnitsIn([s]) > 0);
  return [...new Set(withUnits.map((s) => majorOf(world.position, s.power) ?? s.power))];
}

/**
 * Ruling R21: who decides the withdrawal (13.4). When units of one power defend the space — with its active minors'
 * units, decided by it (ruling R10) — that power decides, whether or not it controls the space (the controller may
 * have nothing there); only when several powers defend does the power controlling the space decide (its major for
 * an active minor, 22.3). Nobody decides for an inactive minor or independents: theirs is automatic (ruling R10).
 */
export function withdrawalDecider(world: World, leg: MoveLeg): MajorPower | undefined {
  const groups = defendingGroups(world, leg);
  const deciding = groups.length === 1 ? groups[0]! : controllerOf(world, leg.to);
  return majorOf(world.position, deciding);
}

/** Ruling R21: whether the decider decides as the only defending power or as the controller of a shared defence. */
export function withdrawalDeciderKind(world: World, leg: MoveLeg): 'defender' | 'controller' {
  return defendingGroups(world, leg).length === 1 ? 'defender' : 'controller';
}

const restriction = restrictionsOn<WithdrawArgs>();

export const isDestinationFortified = restriction({
  name: 'isDestinationFortified',
  rule: '13.4',
  statements: ['WDR-02'],
  holds: (world, { leg }) => world.board.spaces.get(leg.to)?.fortified ?? false,
  facts: (_w, { leg }) => ({ space: leg.to }),
});

export const hasDefendersToWithdraw = restriction({
  name: 'hasDefendersToWithdraw',
  rule: '13.4',
  statements: [],
  holds: (world, { leg }) => landUnitsIn(defenders(world, leg)) > 0,
  facts: (_w, { leg }) => ({ space: leg.to }),
});

export const isControlledByDefender = restriction({
  name: 'isControlledByDefender',
  rule: '13.4',
  statements: ['WDR-03'],
  holds: (world, { leg }) => {
    const c = controllerOf(world, leg.to);
    return defenders(world, leg).some((s) => isFriendly(world.position, s.power, c));
  },
  facts: (world, { leg }) => ({ space: leg.to, controller: controllerOf(world, leg.to) }),
});

export const mayEveryDefenderGoInside = restriction({
  name: 'mayEveryDefenderGoInside',
  rule: '13.4',
  ruling: 'R18',
  statements: ['WDR-03', 'WDR-06'],
  holds: (world, { leg }) => defenders(world, leg).every((s) => mayBeInside(world, s.power, leg.to)),
  facts: (world, { leg }) => ({
    space: leg.to,
    controller: controllerOf(world, leg.to),
    outside: [
      ...new Set(
        defenders(world, leg)
          .filter((s) => !mayBeInside(world, s.power, leg.to))
          .map((s) => s.power),
      ),
    ],
  }),
});

export const hasAtMostFourUnits = restriction({
  name: 'hasAtMostFourUnits',
  rule: '13.4',
  ruling: 'R6',
  statements: ['WDR-04'],
  holds: (world, { leg }) => landUnitsIn(defenders(world, leg)) <= FORTIFICATION_LIMIT,
  facts: (world, { leg }) => ({ space: leg.to, landUnits: landUnitsIn(defenders(world, leg)) }),
});

export const keepsFortificationLimit = restriction({
  name: 'keepsFortificationLimit',
  rule: '2.1',
  statements: ['SIE-14'],
  holds: (world, { leg }) => landUnitsIn(defenders(world, leg)) + landUnitsInside(world, leg.to) <= FORTIFICATION_LIMIT,
  facts: (world, { leg }) => ({ space: leg.to, inside: landUnitsInside(world, leg.to) }),
});

export const isWithdrawalDecider = restriction({
  name: 'isWithdrawalDecider',
  rule: '13.4',
  ruling: 'R21',
  statements: ['WDR-07'],
  holds: (world, { leg, power }) => withdrawalDecider(world, leg) === power,
  facts: (world, { leg }) => ({
    decider: withdrawalDecider(world, leg) ?? controllerOf(world, leg.to),
    kind: withdrawalDeciderKind(world, leg),
    space: leg.to,
  }),
});

/** Conditions of 13.4 on the situation (any power). */
export const WITHDRAWAL_CONDITIONS: readonly Restriction<WithdrawArgs>[] = [
  isDestinationFortified,
  hasDefendersToWithdraw,
  isControlledByDefender,
  mayEveryDefenderGoInside,
  hasAtMostFourUnits,
  keepsFortificationLimit,
];

export function checkWithdrawal(world: World, args: WithdrawArgs): Verdict {
  return checkAll([...WITHDRAWAL_CONDITIONS, isWithdrawalDecider], world, args);
}

export function canWithdraw(world: World, leg: MoveLeg): boolean {
  return checkAll(WITHDRAWAL_CONDITIONS, world, { leg, power: leg.power }).ok;
}

/** Ruling R10, 22.1: no one may choose — the controller is an inactive minor or independent: its stack goes inside. */
export function isAutomaticWithdrawal(world: World, leg: MoveLeg): boolean {
  return (
    withdrawalDecider(world, leg) === undefined &&
    defenders(world, leg).every((s) => isInactive(world.position, s.power))
  );
}

/**
 * Movement step 7 hands over to the siege check when the formation, with land units, stands in a fortified space
 * held against it with no enemy land units outside: withdrawn defenders, an earlier garrison or nobody at all
 * (ruling R13). Only a space whose controller is hostile to the formation can be besieged (15): enemies that went
 * inside an ally's fortress (R18) are not besieged by it, and the formation simply stays.
 */
export function needsSiegeCheck(world: World, leg: MoveLeg): boolean {
  const s = world.board.spaces.get(leg.to);
  if (!s?.fortified) return false;
  if (landUnitsIn(defenders(world, leg)) > 0) return false;
  // Ruling R13: a siege needs land units; leaders moving alone neither besiege nor are turned back (13.4).
  if (activeLandUnits(leg, world) === 0) return false;
  // Ruling R13's alternative reading: nothing inside an empty fortress to besiege — the formation stays, no siege.
  return isHeldAgainstMover(world, leg) && mayBeBesieged(world, leg.to);
}

/**
 * 15: whether the destination is held against the active formation — its controller is hostile to it (independent
 * keys are held against every power, R13). Only such a space can be besieged: defenders who went inside an ally's
 * fortress (13.4, R18) are not besieged by the formation, which simply stays outside.
 */
export function isHeldAgainstMover(world: World, leg: MoveLeg): boolean {
  const c = controllerOf(world, leg.to);
  return c === 'independent' || isHostile(world, leg.power, c, leg.to);
}

/** Land units of the active formation now in the destination (14 step 12, 13.4). */
export function activeLandUnits(leg: MoveLeg, world: World): number {
  return landUnitCount(
    totals(
      stacksWhere(world.position, { space: leg.to, inside: false }).filter(
        (s) => majorOf(world.position, s.power) === leg.power,
      ),
    ),
  );
}

/** 13.4, 15, ruling R13: does the active formation outnumber the land units inside? */
export function doesMoverOutnumberInside(world: World, leg: MoveLeg): boolean {
  return outnumbersInside(activeLandUnits(leg, world), landUnitsInside(world, leg.to));
}

export function isAlreadyBesiegedByFriend(world: World, leg: MoveLeg): boolean {
  const siege = siegeIn(world, leg.to);
  return !!siege && siege.by.some((p) => isFriendly(world.position, p, leg.power));
}

/**
 * 13.4, 15.3, ruling R17: the formation stands beside a fortress held against it, with land units inside that it does
 * not outnumber and no siege listed — the position after the withdrawal ended the siege of the formation's ally (15.3:
 * "immediately"; the formation, a third power to that siege, stays when its besiegers retreat). It may not stay there:
 * 13.4 gives a formation that does not have more units than are inside only option 1 (move on) or option 2 (retreat).
 * Exactly the case in which the withdrawal machine, entered again, asks for them (`needsSiegeCheck`, then no siege to
 * join and no outnumbering).
 */
export function isLeftBesideUnbesiegedFortress(world: World, leg: MoveLeg): boolean {
  return needsSiegeCheck(world, leg) && !siegeIn(world, leg.to) && !doesMoverOutnumberInside(world, leg);
}

export interface ContinueArgs {
  readonly leg: MoveLeg;
  readonly to: string;
  readonly cp: number;
}

function continueMoveArgs(_world: World, { leg, to, cp }: ContinueArgs): MoveArgs {
  const t = totals(leg.formation);
  return { power: leg.power, from: leg.to, to, request: t, cp };
}

export const hasCpToContinue = restrictionsOn<ContinueArgs>()({
  name: 'hasCpToContinue',
  rule: '13.4 option 1',
  ruling: 'R4',
  statements: ['WDR-10'],
  holds: (world, { leg, to, cp }) => !world.board.spaces.has(to) || cp >= moveCost(world, leg.to, to),
  facts: (world, { leg, to, cp }) => ({ cost: moveCost(world, leg.to, to), cp }),
});

export const isNotStoppedByFoulWeather = restrictionsOn<ContinueArgs>()({
  name: 'isNotStoppedByFoulWeather',
  rule: '13.4 option 1',
  ruling: 'R26',
  statements: [],
  holds: (world) => !hasFoulWeather(world),
  facts: (world) => ({ power: world.position.impulse.power }),
});

/** 13.4 option 1: moving on is a new Move (1 CP, 2 over a pass) under every 13.1 entry restriction. */
export function checkContinue(world: World, args: ContinueArgs): Verdict {
  const cp = checkAll([isNotStoppedByFoulWeather, hasCpToContinue], world, args);
  if (!cp.ok) return cp;
  return checkAll(ENTRY_RESTRICTIONS, world, continueMoveArgs(world, args));
}

export function continueDestinations(world: World, leg: MoveLeg, cp: number): Destinations {
  return destinationsFrom(world, leg.to, (to) => checkContinue(world, { leg, to, cp }));
}

/** This module's restrictions, in the order they are checked (src/rules/index.ts reads them). */
export const RESTRICTIONS = [...WITHDRAWAL_CONDITIONS, isWithdrawalDecider, isNotStoppedByFoulWeather, hasCpToContinue];
