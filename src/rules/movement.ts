// 13.1 Land Movement: restrictions on a Move action (formation, entry, marks, CP) and its cost (11.1, 2.5).
import { connection } from '../data/board.ts';
import type { MajorPower } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { landUnitCount, type Units } from '../schema/units.ts';
import { byPowerRestriction } from './by-power.ts';
import { commandLimit, isWithinCommandLimit } from './formation.ts';
import { isEnemyBloc, isHostile, otherPowersWithLandUnits } from './hostility.ts';
import { capitalize, inSpace, intoSpace, leaderName, outOfSpace, powerGen, powerName, powerWith, ruAgree, ruList, spaceFrom, spaceName, spaceTo, unitsText } from './names.ts';
import { areAllied, areAtWar, controllerOf, isFriendly, isInactive, majorOf } from './relations.ts';
import { siegeIn, isBesiegedInside } from './siege.ts';
import { splitStacks, stacksWhere } from './stacks.ts';
import { text } from './text.ts';
import { checkAll, restriction, type Restriction, type Verdict } from './verdict.ts';
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
  return (a: Stack, b: Stack) => Number(a.power !== power) - Number(b.power !== power) || Number(a.inside) - Number(b.inside);
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

export const isDestinationLandSpace = restriction<MoveArgs>({
  name: 'isDestinationLandSpace',
  rule: '13.1',
  statements: [],
  holds: (world, { from, to }) => world.board.spaces.has(from) && world.board.spaces.has(to),
  reason: (world, { from, to }) => {
    const bad = world.board.spaces.has(from) ? to : from;
    if (world.board.seaZones.has(bad)) return text(`${bad} is a sea zone: land units move between land spaces.`, `${bad} — морская зона: сухопутные части перемещаются только между сухопутными областями.`);
    return text(`There is no land space '${bad}' on this board.`, `На этой карте нет сухопутной области «${bad}».`);
  },
});

export const isDestinationAdjacent = restriction<MoveArgs>({
  name: 'isDestinationAdjacent',
  rule: '13.1',
  statements: ['MOV-03'],
  holds: (world, { from, to }) => connection(world.board, from, to) !== undefined,
  reason: (world, { from, to }) => {
    const f = spaceName(world, from), t = spaceName(world, to);
    const ru = from === to ? `${t.ru} — та же область, где стоит соединение` : `${f.ru} и ${t.ru} не прилегают друг к другу`;
    return text(`${t.en} is not adjacent to ${f.en}: a Move action enters one adjacent space.`, `${ru}: акция движения ведёт в одну прилегающую область.`);
  },
});

export const isFormationNotEmpty = restriction<MoveArgs>({
  name: 'isFormationNotEmpty',
  rule: '13.1',
  statements: [],
  holds: (_world, { request }) => landUnitCount(request) > 0 || request.leaders.length > 0,
  reason: () => text('A formation needs at least one land unit or army leader.', 'В соединении должна быть хотя бы одна сухопутная часть или командующий.'),
});

export const isMoveSplitByPower = byPowerRestriction<MoveArgs>('isMoveSplitByPower', '13.1', (a) => ({ units: a.request, power: a.power }));

export const areLeadersOfActivePower = restriction<MoveArgs>({
  name: 'areLeadersOfActivePower',
  rule: '5.1',
  statements: ['MOV-10'],
  holds: (world, { power, from, request }) =>
    request.leaders.every((l) => {
      const holder = stacksWhere(world.position, { space: from }).find((s) => s.leaders.includes(l));
      return !holder || majorOf(world.position, holder.power) === power;
    }),
  reason: (world, { power, from, request }) => {
    const l = request.leaders.find((id) => {
      const holder = stacksWhere(world.position, { space: from }).find((s) => s.leaders.includes(id));
      return holder && majorOf(world.position, holder.power) !== power;
    }) ?? '';
    const n = leaderName(world, l), p = powerName(power);
    return text(`${n.en} is not a ${p.en} leader: a formation may not mix two major powers.`, `${n.ru} — не командующий ${powerGen(power).ru}: в одном соединении не может быть двух великих держав.`);
  },
});

export const areUnitsInSpace = restriction<MoveArgs>({
  name: 'areUnitsInSpace',
  rule: '13.1',
  statements: ['MOV-04', 'MOV-33'],
  holds: (world, { power, from, request }) => fits(groupStacksIn(world, power, from), request),
  reason: (world, { power, from, request }) => {
    const f = spaceName(world, from), p = powerName(power), u = unitsText(world, request);
    const where = inSpace(world, from).ru, whose = `${powerGen(power).ru} и ${ruAgree(power, 'их', 'её', 'его')} активных союзников`;
    const inactive = stacksWhere(world.position, { space: from }).some((s) => isInactive(world.position, s.power) && s.power !== 'independent');
    const hint = inactive
      ? text(' Units of an inactive minor power never move (22.1).', ' Части неактивной второстепенной державы никогда не двигаются (22.1).')
      : text('', '');
    return text(
      `${f.en} does not hold ${u.en} of ${p.en} and its active allies: every unit of a formation starts in the space it moves from.${hint.en}`,
      `${capitalize(where)} нет таких сил ${whose} (${u.ru}): все части соединения начинают движение в той области, откуда оно движется.${hint.ru}`,
    );
  },
});

export const haveNotLostBattleThisImpulse = restriction<MoveArgs>({
  name: 'haveNotLostBattleThisImpulse',
  rule: '13.1',
  ruling: 'R12',
  statements: ['MOV-20', 'FB-22'],
  holds: (world, { power, from, request }) => fits(groupStacksIn(world, power, from).filter((s) => !hasLostBattle(s)), request),
  reason: (world, { from }) => {
    const f = spaceName(world, from);
    return text(`Units and leaders in ${f.en} that lost a field battle earlier this impulse may not take part in a Move action.`, `Части и командующие ${inSpace(world, from).ru}, проигравшие полевое сражение в этот импульс, не могут участвовать в акции движения.`);
  },
});

export const areNotUnderSiege = restriction<MoveArgs>({
  name: 'areNotUnderSiege',
  rule: '15',
  statements: ['SIE-02'],
  holds: (world, { power, from, request }) =>
    fits(groupStacksIn(world, power, from).filter((s) => !hasLostBattle(s) && !isBesiegedInside(world, s)), request),
  reason: (world, { from }) => {
    const f = spaceName(world, from);
    return text(`The units inside ${f.en} are under siege and may not move.`, `Части в укреплениях ${spaceFrom(world, from).ru} осаждены и не могут двигаться.`);
  },
});

export const areNotBesiegingSinceThisImpulse = restriction<MoveArgs>({
  name: 'areNotBesiegingSinceThisImpulse',
  rule: '13.1',
  statements: ['MOV-21'],
  holds: (world, { power, from, request }) => fits(movableStacks(world, power, from), request),
  reason: (world, { from }) => {
    const f = spaceName(world, from);
    return text(`Units besieging ${f.en} put it under siege earlier this impulse and may not take part in a Move action.`, `Части, осаждающие ${spaceTo(world, from).ru}, начали осаду в этот импульс и не могут участвовать в акции движения.`);
  },
});

export const isFormationWithinCommand = restriction<MoveArgs>({
  name: 'isWithinCommandLimit',
  rule: '5.1',
  statements: isWithinCommandLimit.statements,
  holds: (world, { request }) => landUnitCount(request) <= commandLimit(world, request.leaders),
  reason: (world, args) => isWithinCommandLimit.reason(world, { power: args.power, pieces: [{ ...args.request, space: args.from, power: args.power, leaders: [...args.request.leaders], inside: false, lostBattle: false, attemptedInterception: false }] }),
});

export const hasCpForMove = restriction<MoveArgs>({
  name: 'hasCpForMove',
  rule: '13.1 step 3',
  statements: ['MOV-01', 'MOV-02'],
  holds: (world, { from, to, cp }) => cp >= moveCost(world, from, to),
  reason: (world, { from, to, cp }) => {
    const cost = moveCost(world, from, to);
    const how = cost === 2 ? text('over a pass costs 2 CP', 'через горный проход стоит 2 КО') : text('costs 1 CP', 'стоит 1 КО');
    const f = spaceName(world, from), t = spaceName(world, to);
    return text(`Moving from ${f.en} to ${t.en} ${how.en}; ${cp} CP left.`, `Движение ${outOfSpace(world, from).ru} ${intoSpace(world, to).ru} ${how.ru}, а осталось ${cp} КО.`);
  },
});

export const mayEnterControlledSpace = restriction<MoveArgs>({
  name: 'mayEnterControlledSpace',
  rule: '13.1',
  statements: ['MOV-12', 'MOV-13'],
  holds: (world, { power, to }) => {
    const c = controllerOf(world, to);
    return c === power || c === 'independent' || areAtWar(world.position, power, c) || areAllied(world.position, power, c);
  },
  reason: (world, { power, to }) => {
    const controller = controllerOf(world, to);
    const c = powerName(controller), t = spaceName(world, to), p = powerName(power);
    const which = ruAgree(controller, 'которые не воюют', 'которая не воюет', 'которое не воюет');
    const allied = ruAgree(controller, 'не состоят', 'не состоит');
    return text(`${t.en} is controlled by ${c.en}, neither at war with nor allied to ${p.en}.`, `${t.ru} под контролем ${powerGen(controller).ru}, ${which} с ${powerWith(power).ru} и ${allied} с ${ruAgree(power, 'ними', 'ней', 'ним')} в союзе.`);
  },
});

/** 13.1 restriction 3 (MOV-14…19): may the formation enter a space holding other powers' land units? */
export function occupancyAllows(world: World, power: MajorPower, to: string): boolean {
  const others = otherPowersWithLandUnits(world, power, to).filter((p) => p !== 'independent' && majorOf(world.position, p) !== power);
  if (others.length === 0) return true;
  const rel = world.position;
  const siege = siegeIn(world, to);
  const fortified = world.board.spaces.get(to)?.fortified ?? false;
  if (fortified && siege) {
    const inside = stacksWhere(rel, { space: to, inside: true }).map((s) => s.power).filter((p) => p !== 'independent');
    // (b) everything inside is an enemy and every besieger is friendly: the mover joins the siege.
    if (inside.every((p) => areAtWar(rel, power, p)) && siege.by.every((p) => isFriendly(rel, power, p))) return true;
    // One ally besieging another, or one enemy besieging another, blocks entry; (a) relief is ruled on separately.
    if (inside.every((p) => isFriendly(rel, power, p)) && siege.by.every((p) => areAtWar(rel, power, p))) return true;
    return false;
  }
  if (others.every((p) => areAllied(rel, power, p))) return true;
  if (others.every((p) => areAtWar(rel, power, p))) return true;
  return isEnemyBloc(world, power, to);
}

export const mayEnterOccupiedSpace = restriction<MoveArgs>({
  name: 'mayEnterOccupiedSpace',
  rule: '13.1',
  statements: ['MOV-14', 'MOV-15', 'MOV-16', 'MOV-17', 'MOV-18', 'MOV-19'],
  holds: (world, { power, to }) => occupancyAllows(world, power, to),
  reason: (world, { power, to }) => {
    const t = spaceName(world, to);
    const powers = otherPowersWithLandUnits(world, power, to);
    const others = powers.map((p) => powerName(p));
    return text(
      `${t.en} holds land units of ${others.map((o) => o.en).join(' and ')}: a formation may enter only if they are all allies, all enemies, the enemy controller's bloc, or a siege it may join.`,
      `${capitalize(inSpace(world, to).ru)} стоят сухопутные части ${ruList(powers.map((p) => powerGen(p).ru))}: войти туда можно, только если все они — союзники, или все — враги, или все принадлежат вражеской державе, контролирующей область, и её союзникам, или если там идёт осада, к которой можно присоединиться.`,
    );
  },
});

export const mayLeadersMoveAlone = restriction<MoveArgs>({
  name: 'mayLeadersMoveAlone',
  rule: '13.1',
  ruling: 'R2',
  statements: ['MOV-22'],
  holds: (world, { power, to, request }) =>
    landUnitCount(request) > 0 ||
    (!areAtWar(world.position, power, controllerOf(world, to)) &&
      !stacksWhere(world.position, { space: to }).some((s) => landUnitCount(s) > 0 && isHostile(world, power, s.power, to))),
  reason: (world, { to }) => {
    const t = spaceName(world, to);
    return text(`Army leaders moving without land units may not enter ${t.en}: it is enemy-controlled or holds enemy units.`, `Командующие без сухопутных частей не могут войти ${intoSpace(world, to).ru}: область под вражеским контролем или в ней стоят вражеские части.`);
  },
});

export const isNotReliefForce = restriction<MoveArgs>({
  name: 'isNotReliefForce',
  rule: '15.2',
  ruling: 'R14',
  statements: ['SIE-08', 'SIE-09', 'SIE-10', 'SIE-11', 'SIE-12'],
  holds: (world, { power, to }) => {
    const siege = siegeIn(world, to);
    if (!siege) return true;
    const inside = stacksWhere(world.position, { space: to, inside: true });
    return !(inside.length > 0 && inside.every((s) => isFriendly(world.position, power, s.power)) && siege.by.every((p) => areAtWar(world.position, power, p)));
  },
  reason: (world, { to }) => {
    const t = spaceName(world, to);
    return text(`Entering besieged ${t.en} to relieve it is a relief force (15.2), not supported in this release.`, `Вход ${intoSpace(world, to).ru} для деблокады осаждённых там частей — это действия деблокирующих сил (15.2); в этой версии они не поддерживаются.`);
  },
});

/** Every 13.1 restriction on a declared move, most basic first. */
export const MOVE_RESTRICTIONS: readonly Restriction<MoveArgs>[] = [
  isDestinationLandSpace,
  isDestinationAdjacent,
  isFormationNotEmpty,
  isMoveSplitByPower,
  areLeadersOfActivePower,
  areUnitsInSpace,
  haveNotLostBattleThisImpulse,
  areNotUnderSiege,
  areNotBesiegingSinceThisImpulse,
  isFormationWithinCommand,
  hasCpForMove,
  mayEnterControlledSpace,
  mayEnterOccupiedSpace,
  mayLeadersMoveAlone,
  isNotReliefForce,
];

export function checkMove(world: World, args: MoveArgs): Verdict {
  return checkAll(MOVE_RESTRICTIONS, world, args);
}

/** Entry restrictions only: used for every adjacent space when listing a decision's destinations. */
export const ENTRY_RESTRICTIONS: readonly Restriction<MoveArgs>[] = [
  isDestinationLandSpace,
  isDestinationAdjacent,
  hasCpForMove,
  mayEnterControlledSpace,
  mayEnterOccupiedSpace,
  mayLeadersMoveAlone,
  isNotReliefForce,
];

