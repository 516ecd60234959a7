// 13.1 Land Movement: restrictions on a Move action (formation, entry, marks, CP) and its cost (11.1, 2.5).
import { connection } from '../data/board.ts';
import type { MajorPower } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { landUnitCount, type Units } from '../schema/units.ts';
import { byPowerRestriction } from './by-power.ts';
import { commandLimit, commandLimitFacts, isWithinCommandLimit, largestFormation } from './formation.ts';
import { isEnemyBloc, isHostile, otherPowersWithLandUnits } from './hostility.ts';
import { electorateRestriction, heldBeforeLeagueRestriction } from './league.ts';
import { areAllied, areAtWar, controllerOf, isFriendly, isInactive, majorOf } from './relations.ts';
import { siegeIn, isBesiegedInside } from './siege.ts';
import { splitStacks, stacksWhere } from './stacks.ts';
import { noLeaderStruckByGout, withoutGoutyLeaders } from './cards.ts';
import { checkAll, restrictionsOn, type Restriction, type Verdict } from './verdict.ts';
import type { World } from './world.ts';

export interface MoveArgs {
  readonly power: MajorPower;
  readonly from: string;
  readonly to: string;
  readonly request: Units;
  /** CP the active power has left. */
  readonly cp: number;
}

/** 11.1, 13.1 step 3, 2.5: 1 CP over a clear connection, 2 over a pass. */
export function moveCost(world: World, from: string, to: string): number {
  return connection(world.board, from, to) === 'pass' ? 2 : 1;
}

/** Stacks of the active power and its active minor allies in a space: what a formation may be drawn from. */
export function groupStacksIn(world: World, power: MajorPower, space: string): Stack[] {
  return stacksWhere(world.position, { space }).filter((s) => majorOf(world.position, s.power) === power);
}

/** Preferred order when a move draws units: the power's own first, outside before inside. */
function moveOrder(power: MajorPower) {
  return (a: Stack, b: Stack) =>
    Number(a.power !== power) - Number(b.power !== power) || Number(a.inside) - Number(b.inside);
}

const hasLostBattle = (s: Stack) => s.lostBattle;
/** 13.1 restriction 5: outside an enemy fortified space its own power put under siege earlier this impulse. */
function besiegedThisImpulse(world: World, s: Stack): boolean {
  const siege = siegeIn(world, s.space);
  return !s.inside && !!siege && siege.thisImpulse && siege.by.some((p) => isFriendly(world.position, p, s.power));
}

/** Stacks a Move action may draw from, under every 13.1 mark restriction and 15 (besieged units do not move). */
export function movableStacks(world: World, power: MajorPower, space: string): Stack[] {
  return groupStacksIn(world, power, space)
    .filter((s) => !hasLostBattle(s) && !isBesiegedInside(world, s) && !besiegedThisImpulse(world, s))
    .sort(moveOrder(power));
}

/** The formation a valid request takes out of its space, or undefined if it is not there. */
export function formationFor(world: World, args: Pick<MoveArgs, 'power' | 'from' | 'request'>): Stack[] | undefined {
  const stacks = movableStacks(world, args.power, args.from);
  const split = splitStacks(stacks, args.request);
  return split.ok ? split.taken : undefined;
}

function fits(stacks: Stack[], request: Units): boolean {
  return splitStacks(stacks, request).ok;
}

const restriction = restrictionsOn<MoveArgs>();

export const isDestinationLandSpace = restriction({
  name: 'isDestinationLandSpace',
  rule: '13.1',
  statements: [],
  holds: (world, { from, to }) => world.board.spaces.has(from) && world.board.spaces.has(to),
  facts: (world, { from, to }) => {
    const space = world.board.spaces.has(from) ? to : from;
    return { space, seaZone: world.board.seaZones.has(space) };
  },
});

export const isDestinationAdjacent = restriction({
  name: 'isDestinationAdjacent',
  rule: '13.1',
  statements: ['MOV-03'],
  holds: (world, { from, to }) => connection(world.board, from, to) !== undefined,
  facts: (_w, { from, to }) => ({ from, to }),
});

export const isFormationNotEmpty = restriction({
  name: 'isFormationNotEmpty',
  rule: '13.1',
  statements: [],
  holds: (_world, { request }) => landUnitCount(request) > 0 || request.leaders.length > 0,
  facts: () => ({}),
});

export const isMoveSplitByPower = byPowerRestriction('isMoveSplitByPower', '13.1', (a: MoveArgs) => ({
  units: a.request,
  power: a.power,
}));

export const isNoLeaderStruckByGout = noLeaderStruckByGout<MoveArgs>('13.1', 'move');

export const areLeadersOfActivePower = restriction({
  name: 'areLeadersOfActivePower',
  rule: '5.1',
  statements: ['MOV-10'],
  holds: (world, { power, from, request }) =>
    request.leaders.every((l) => {
      const holder = stacksWhere(world.position, { space: from }).find((s) => s.leaders.includes(l));
      return !holder || majorOf(world.position, holder.power) === power;
    }),
  facts: (world, { power, from, request }) => {
    const leader =
      request.leaders.find((id) => {
        const holder = stacksWhere(world.position, { space: from }).find((s) => s.leaders.includes(id));
        return holder && majorOf(world.position, holder.power) !== power;
      }) ?? '';
    return { power, leader };
  },
});

export const areUnitsInSpace = restriction({
  name: 'areUnitsInSpace',
  rule: '13.1',
  statements: ['MOV-04', 'MOV-33'],
  holds: (world, { power, from, request }) => fits(groupStacksIn(world, power, from), request),
  facts: (world, { power, from, request }) => ({
    power,
    from,
    regulars: request.regulars,
    mercenaries: request.mercenaries,
    cavalry: request.cavalry,
    leaders: [...request.leaders],
    inactiveMinorThere: stacksWhere(world.position, { space: from }).some(
      (s) => isInactive(world.position, s.power) && s.power !== 'independent',
    ),
  }),
});

export const haveNotLostBattleThisImpulse = restriction({
  name: 'haveNotLostBattleThisImpulse',
  rule: '13.1',
  ruling: 'R12',
  statements: ['MOV-20', 'FB-22'],
  holds: (world, { power, from, request }) =>
    fits(
      groupStacksIn(world, power, from).filter((s) => !hasLostBattle(s)),
      request,
    ),
  facts: (_w, { from }) => ({ from }),
});

export const areNotUnderSiege = restriction({
  name: 'areNotUnderSiege',
  rule: '15',
  statements: ['SIE-02'],
  holds: (world, { power, from, request }) =>
    fits(
      groupStacksIn(world, power, from).filter((s) => !hasLostBattle(s) && !isBesiegedInside(world, s)),
      request,
    ),
  facts: (_w, { from }) => ({ from }),
});

export const areNotBesiegingSinceThisImpulse = restriction({
  name: 'areNotBesiegingSinceThisImpulse',
  rule: '13.1',
  statements: ['MOV-21'],
  holds: (world, { power, from, request }) => fits(movableStacks(world, power, from), request),
  facts: (_w, { from }) => ({ from }),
});

export const isFormationWithinCommand = restriction({
  name: 'isWithinCommandLimit',
  rule: '5.1',
  statements: isWithinCommandLimit.statements,
  holds: (world, { request }) => landUnitCount(request) <= commandLimit(world, request.leaders),
  facts: (world, { request }) => commandLimitFacts(world, 'formation', landUnitCount(request), request.leaders),
});

export const hasCpForMove = restriction({
  name: 'hasCpForMove',
  rule: '13.1 step 3',
  statements: ['MOV-01', 'MOV-02'],
  holds: (world, { from, to, cp }) => cp >= moveCost(world, from, to),
  facts: (world, { from, to, cp }) => ({ from, to, cost: moveCost(world, from, to), cp }),
});

export const mayEnterControlledSpace = restriction({
  name: 'mayEnterControlledSpace',
  rule: '13.1',
  statements: ['MOV-12', 'MOV-13'],
  holds: (world, { power, to }) => {
    const c = controllerOf(world, to);
    return (
      c === power || c === 'independent' || areAtWar(world.position, power, c) || areAllied(world.position, power, c)
    );
  },
  facts: (world, { power, to }) => ({ power, to, controller: controllerOf(world, to) }),
});

/** 13.1 restriction 3 (MOV-14…19): may the formation enter a space holding other powers' land units? */
export function occupancyAllows(world: World, power: MajorPower, to: string): boolean {
  const others = otherPowersWithLandUnits(world, power, to).filter(
    (p) => p !== 'independent' && majorOf(world.position, p) !== power,
  );
  if (others.length === 0) return true;
  const rel = world.position;
  const siege = siegeIn(world, to);
  const fortified = world.board.spaces.get(to)?.fortified ?? false;
  if (fortified && siege) {
    const inside = stacksWhere(rel, { space: to, inside: true })
      .map((s) => s.power)
      .filter((p) => p !== 'independent');
    // (b) everything inside is an enemy and every besieger is friendly: the mover joins the siege.
    if (inside.every((p) => areAtWar(rel, power, p)) && siege.by.every((p) => isFriendly(rel, power, p))) return true;
    // One ally besieging another, or one enemy besieging another, blocks entry; (a) is a relief force (15.2).
    if (inside.every((p) => isFriendly(rel, power, p)) && siege.by.every((p) => areAtWar(rel, power, p))) return true;
    return false;
  }
  if (others.every((p) => areAllied(rel, power, p))) return true;
  if (others.every((p) => areAtWar(rel, power, p))) return true;
  return isEnemyBloc(world, power, to);
}

export const mayEnterOccupiedSpace = restriction({
  name: 'mayEnterOccupiedSpace',
  rule: '13.1',
  statements: ['MOV-14', 'MOV-15', 'MOV-16', 'MOV-17', 'MOV-18', 'MOV-19'],
  holds: (world, { power, to }) => occupancyAllows(world, power, to),
  facts: (world, { power, to }) => ({ to, others: otherPowersWithLandUnits(world, power, to) }),
});

export const mayLeadersMoveAlone = restriction({
  name: 'mayLeadersMoveAlone',
  rule: '13.1',
  ruling: 'R2',
  statements: ['MOV-22'],
  holds: (world, { power, to, request }) =>
    landUnitCount(request) > 0 ||
    (!areAtWar(world.position, power, controllerOf(world, to)) &&
      !stacksWhere(world.position, { space: to }).some(
        (s) => landUnitCount(s) > 0 && isHostile(world, power, s.power, to),
      )),
  facts: (_w, { to }) => ({ to }),
});

export const isProtestantFreeToMove = heldBeforeLeagueRestriction('isProtestantFreeToMove', (a: MoveArgs) => a.power);

/** 21.6, ruling R34: a Move action, and moving on under 13.4 option 1 (checkContinue), never enter an electorate. */
export const mayEnterElectorate = electorateRestriction('mayEnterElectorate', (a: MoveArgs) => ({
  power: a.power,
  to: a.to,
}));

/** Every 13.1 restriction on a declared move, most basic first. */
export const MOVE_RESTRICTIONS: readonly Restriction<MoveArgs>[] = [
  isDestinationLandSpace,
  isDestinationAdjacent,
  isProtestantFreeToMove,
  isFormationNotEmpty,
  isMoveSplitByPower,
  areLeadersOfActivePower,
  isNoLeaderStruckByGout,
  areUnitsInSpace,
  haveNotLostBattleThisImpulse,
  areNotUnderSiege,
  areNotBesiegingSinceThisImpulse,
  isFormationWithinCommand,
  hasCpForMove,
  mayEnterControlledSpace,
  mayEnterElectorate,
  mayEnterOccupiedSpace,
  mayLeadersMoveAlone,
];

export function checkMove(world: World, args: MoveArgs): Verdict {
  return checkAll(MOVE_RESTRICTIONS, world, args);
}

/** Entry restrictions only: used for every adjacent space when listing a decision's destinations. */
export const ENTRY_RESTRICTIONS: readonly Restriction<MoveArgs>[] = [
  isDestinationLandSpace,
  isDestinationAdjacent,
  isProtestantFreeToMove,
  hasCpForMove,
  mayEnterControlledSpace,
  mayEnterElectorate,
  mayEnterOccupiedSpace,
  mayLeadersMoveAlone,
];

/** One move the active power could declare: the largest formation of a space to an adjacent space, and its verdict. */
export interface CandidateMove {
  readonly from: string;
  readonly to: string;
  readonly request: Units;
  readonly verdict: Verdict;
}

/**
 * 13.1 steps 1–2: for every space with movable pieces of the active power, its largest formation within the command
 * limit (5.1) to every adjacent space, judged by the entry restrictions. The move decision lists the allowed ones and
 * refuses the rest; when none is allowed the Move action cannot happen at all.
 */
export function candidateMoves(world: World): CandidateMove[] {
  const power = world.position.impulse.power;
  const spaces = [...new Set(world.position.stacks.map((s) => s.space))].sort();
  const moves: CandidateMove[] = [];
  for (const from of spaces) {
    // Ruling R26: a leader struck by Gout stays behind; the rest of his stack may move.
    const request = largestFormation(world, withoutGoutyLeaders(world, movableStacks(world, power, from)));
    if (landUnitCount(request) === 0 && request.leaders.length === 0) continue;
    for (const to of world.board.spaces.get(from)?.neighbours ?? []) {
      const verdict = checkAll(ENTRY_RESTRICTIONS, world, { power, from, to, request, cp: world.position.impulse.cp });
      moves.push({ from, to, request, verdict });
    }
  }
  return moves;
}

/** Whether the active power has any move it may declare (13.1). */
export function hasAnyLegalMove(world: World): boolean {
  return candidateMoves(world).some((m) => m.verdict.ok);
}

/** This module's restrictions, in the order they are checked (src/rules/index.ts reads them). */
export const RESTRICTIONS = MOVE_RESTRICTIONS;
