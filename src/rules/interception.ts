// 13.2 Interception: which stacks may try to intercept a move, the attempt's restrictions, and who is asked next
// (impulse order, 3.2; after a success only the successful power, 13.2 step 3).
import { connection } from '../data/board.ts';
import { isMajorPower, MAJOR_POWERS, type MajorPower, type Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { landUnitCount, type Units } from '../schema/units.ts';
import { byPowerRestriction } from './by-power.ts';
import { commandLimit, LEADERLESS_LIMIT } from './formation.ts';
import { isHostile, otherPowersWithLandUnits } from './hostility.ts';
import type { MoveLeg } from './leg.ts';
import { capitalize, inSpace, leaderGen, leaderName, outOfSpace, powerDat, powerGen, powerName, powerWith, ruAgree, ruLandUnits, ruList, spaceName } from './names.ts';
import { areAllied, areAtWar, controllerOf, isFriendly, majorOf } from './relations.ts';
import { isBesiegedInside, siegeIn } from './siege.ts';
import { splitStacks, stacksWhere } from './stacks.ts';
import { text } from './text.ts';
import { checkAll, restriction, type Refusal, type Restriction, type Verdict } from './verdict.ts';
import type { World } from './world.ts';

export interface InterceptionState {
  readonly leg: MoveLeg;
  /** 13.2 step 4: adjacent spaces already used for an attempt in this Move action. */
  readonly usedSpaces: readonly string[];
  /** 13.2 step 3: the power whose attempt succeeded, if any. */
  readonly successPower?: MajorPower;
  /** Powers that declined to make (more) attempts. */
  readonly declined: readonly Power[];
  /** The power whose turn it is to attempt or decline (impulse order, 13.2). */
  readonly asking?: MajorPower | undefined;
}

export interface InterceptArgs extends InterceptionState {
  readonly power: Power;
  readonly from: string;
  readonly request: Units;
}

/** The power's (and its active minors') stacks in a space, unmarked first (ruling R12). */
function groupStacks(world: World, power: Power, space: string): Stack[] {
  const major = majorOf(world.position, power);
  return stacksWhere(world.position, { space })
    .filter((s) => major !== undefined && majorOf(world.position, s.power) === major)
    .sort((a, b) => Number(a.power !== power) - Number(b.power !== power) || Number(a.attemptedInterception) - Number(b.attemptedInterception));
}

/** Stacks that may join an interception from `space`: not marked (R12) and not under siege (15). */
export function interceptorStacks(world: World, power: Power, space: string, leg: MoveLeg): Stack[] {
  if (wasBesiegedByMover(world, space, leg)) return [];
  return groupStacks(world, power, space).filter((s) => !s.attemptedInterception && !isBesiegedInside(world, s));
}

function fits(stacks: Stack[], request: Units) {
  return splitStacks(stacks, request).ok;
}

/** 13.2: "if a besieging force moves out of a besieged space, the stack that had been besieged may not intercept that move". */
function wasBesiegedByMover(world: World, space: string, leg: MoveLeg): boolean {
  return space === leg.from && leg.leftSiege === true && stacksWhere(world.position, { space, inside: true }).length > 0;
}

/** 13.1 restriction 3's enemy bloc makes non-warring powers enemies too; otherwise only powers at war may intercept. */
function isInterceptorHostile(world: World, power: Power, leg: MoveLeg): boolean {
  if (areAtWar(world.position, power, leg.power)) return true;
  return otherPowersWithLandUnits(world, leg.power, leg.to).includes(power) && isHostile(world, leg.power, power, leg.to);
}

export const isMoveActionInterceptable = restriction<InterceptArgs>({
  name: 'isMoveActionInterceptable',
  rule: '13.2',
  statements: ['INT-06', 'AVB-24', 'RET-13'],
  holds: (_w, { leg }) => leg.kind === 'move',
  reason: () => text('Formations moving by avoid battle, interception or retreat cannot be intercepted.', 'Соединения, движущиеся при уклонении от сражения, перехвате или отступлении, не могут быть перехвачены.'),
});

export const isDestinationOpenToInterception = restriction<InterceptArgs>({
  name: 'isDestinationOpenToInterception',
  rule: '13.2',
  statements: ['INT-11'],
  holds: (world, { leg }) => {
    const s = world.board.spaces.get(leg.to);
    return !(s?.fortified && isFriendly(world.position, leg.power, controllerOf(world, leg.to)) && !siegeIn(world, leg.to));
  },
  reason: (world, { leg }) => {
    const t = spaceName(world, leg.to);
    return text(`${t.en} is a friendly fortified space not under siege: a move into it cannot be intercepted.`, `${t.ru} — дружественная активной державе укреплённая область, не находящаяся в осаде: движение туда перехватить нельзя.`);
  },
});

export const isActingMajorPower = restriction<InterceptArgs>({
  name: 'isActingMajorPower',
  rule: '22.1',
  ruling: 'R10',
  statements: ['INT-02', 'INT-03'],
  holds: (_w, { power }) => isMajorPower(power),
  reason: (world, { power }) => {
    const major = majorOf(world.position, power);
    const p = powerName(power);
    if (major) {
      const m = powerName(major);
      const who = ruAgree(major, 'которые решают', 'которая решает', 'которое решает');
      return text(`${p.en} is an active minor power: its units intercept with ${m.en}, who decides for them (22.3).`, `${p.ru} — активная второстепенная держава: её части перехватывают вместе с ${powerWith(major).ru}, ${who} за них (22.3).`);
    }
    return text(`${p.en} units never intercept: inactive minor powers and independents do not move (22.1, 2.2).`, `Части ${powerGen(power).ru} никогда не перехватывают: неактивные второстепенные державы и независимые не двигаются (22.1, 2.2).`);
  },
});

export const isAtWarWithMover = restriction<InterceptArgs>({
  name: 'isAtWarWithMover',
  rule: '13.2',
  statements: ['INT-01'],
  holds: (world, args) => isInterceptorHostile(world, args.power, args.leg),
  reason: (_world, { power, leg }) => {
    const p = powerName(power), a = powerName(leg.power);
    return text(`${p.en} is not at war with ${a.en}: only units of a power at war with the active power may intercept.`, `${p.ru} ${ruAgree(power, 'не воюют', 'не воюет')} с ${powerWith(leg.power).ru}: перехватывать могут только части державы, воюющей с активной державой.`);
  },
});

export const isNoOtherPowerSuccessful = restriction<InterceptArgs>({
  name: 'isNoOtherPowerSuccessful',
  rule: '13.2 step 3',
  statements: ['INT-16', 'INT-17'],
  holds: (_w, { power, successPower }) => successPower === undefined || successPower === power,
  reason: (_w, { successPower }) => {
    const sp = successPower ?? 'independent';
    const s = powerName(sp);
    return text(`${s.en} has already intercepted this move: once one power succeeds, no other power may try, not even an ally.`, `${s.ru} уже ${ruAgree(sp, 'перехватили', 'перехватила', 'перехватило')} это движение: после успеха одной державы другие больше не пытаются, даже союзники.`);
  },
});

export const hasNotDeclined = restriction<InterceptArgs>({
  name: 'hasNotDeclined',
  rule: '13.2',
  statements: [],
  holds: (_w, { power, declined }) => !declined.includes(power),
  reason: (_w, { power }) => {
    const p = powerName(power);
    return text(`${p.en} has declined to make more interception attempts against this move.`, `${p.ru} уже ${ruAgree(power, 'отказались', 'отказалась', 'отказалось')} от дальнейших попыток перехватить это движение.`);
  },
});

export const isInterceptorsTurn = restriction<InterceptArgs>({
  name: 'isInterceptorsTurn',
  rule: '13.2',
  statements: ['INT-15', 'INT-19'],
  holds: (_w, { power, asking }) => asking === undefined || asking === power,
  reason: (_w, { asking }) => {
    const a = powerName(asking ?? 'independent');
    return text(`Interception attempts are made one at a time in impulse order: ${a.en} decides now.`, `Попытки перехвата делаются по одной, в порядке импульсов: сейчас ${ruAgree(asking ?? 'independent', 'решают', 'решает')} ${a.ru}.`);
  },
});

export const isInterceptorAdjacent = restriction<InterceptArgs>({
  name: 'isInterceptorAdjacent',
  rule: '13.2',
  statements: ['INT-04'],
  holds: (world, { from, leg }) => connection(world.board, from, leg.to) !== undefined,
  reason: (world, { from, leg }) => {
    const f = spaceName(world, from), t = spaceName(world, leg.to);
    const ru = from === leg.to ? `${f.ru} — сама область назначения` : `${f.ru} и ${t.ru} не прилегают друг к другу`;
    return text(`${f.en} is not adjacent to ${t.en}: interceptors come from a space adjacent to the destination.`, `${ru}: перехватчики приходят из области, прилегающей к области назначения.`);
  },
});

export const isNotAcrossPass = restriction<InterceptArgs>({
  name: 'isNotAcrossPass',
  rule: '2.5',
  statements: ['INT-05'],
  holds: (world, { from, leg }) => connection(world.board, from, leg.to) !== 'pass',
  reason: (world, { from, leg }) => {
    const f = spaceName(world, from), t = spaceName(world, leg.to);
    return text(`${f.en} and ${t.en} are joined by a pass: there is no interception across a pass.`, `${f.ru} и ${t.ru} связаны горным проходом: перехват через горный проход запрещён.`);
  },
});

export const isSpaceNotUsed = restriction<InterceptArgs>({
  name: 'isSpaceNotUsed',
  rule: '13.2 step 4',
  statements: ['INT-18'],
  holds: (_w, { from, usedSpaces }) => !usedSpaces.includes(from),
  reason: (world, { from }) => {
    const f = spaceName(world, from);
    return text(`An attempt has already been made from ${f.en}: a space may not make another attempt.`, `${capitalize(outOfSpace(world, from).ru)} уже была попытка перехвата: второй попытки из той же области быть не может.`);
  },
});

export const isInterceptionNotEmpty = restriction<InterceptArgs>({
  name: 'isInterceptionNotEmpty',
  rule: '13.2 step 1',
  ruling: 'R3',
  statements: [],
  holds: (_w, { request }) => landUnitCount(request) > 0 || request.leaders.length > 0,
  reason: () => text('An intercepting formation needs at least one land unit or army leader.', 'В перехватывающем соединении должна быть хотя бы одна сухопутная часть или командующий.'),
});

export const isInterceptionSplitByPower = byPowerRestriction<InterceptArgs>('isInterceptionSplitByPower', '13.2 step 1', (a) => ({ units: a.request, power: a.power }));

export const areInterceptorsInSpace = restriction<InterceptArgs>({
  name: 'areInterceptorsInSpace',
  rule: '13.2 step 1',
  statements: ['INT-20'],
  holds: (world, { power, from, request }) => fits(groupStacks(world, power, from), request),
  reason: (world, { power, from }) => {
    const f = spaceName(world, from), p = powerName(power);
    return text(`${f.en} does not hold those ${p.en} units and leaders: an intercepting formation starts in one space.`, `${capitalize(inSpace(world, from).ru)} нет таких частей и командующих ${powerGen(power).ru}: перехватывающее соединение выступает из одной области.`);
  },
});

export const haveNotAttemptedInterception = restriction<InterceptArgs>({
  name: 'haveNotAttemptedInterception',
  rule: '13.2',
  ruling: 'R12',
  statements: ['INT-07'],
  holds: (world, { power, from, request }) => fits(groupStacks(world, power, from).filter((s) => !s.attemptedInterception), request),
  reason: (world, { from }) => {
    const f = spaceName(world, from);
    return text(`Units or leaders in ${f.en} already attempted an interception this impulse and may not try again.`, `Части или командующие ${inSpace(world, from).ru} уже пытались перехватывать в этот импульс и не могут пытаться снова.`);
  },
});

export const areInterceptorsNotBesieged = restriction<InterceptArgs>({
  name: 'areInterceptorsNotBesieged',
  rule: '13.2',
  statements: ['INT-08', 'INT-09', 'SIE-02'],
  holds: (world, { power, from, request, leg }) => fits(interceptorStacks(world, power, from, leg), request),
  reason: (world, { from, leg }) => {
    const f = spaceName(world, from);
    if (wasBesiegedByMover(world, from, leg))
      return text(`The stack in ${f.en} was besieged by the formation that is moving out: it may not intercept that move.`, `Группировку ${inSpace(world, from).ru} осаждало соединение, которое сейчас оттуда выходит: перехватить это движение она не может.`);
    return text(`Units under siege in ${f.en} may not intercept.`, `Осаждённые части ${inSpace(world, from).ru} не могут перехватывать.`);
  },
});

export const isInterceptionWithinCommand = restriction<InterceptArgs>({
  name: 'isWithinCommandLimit',
  rule: '5.1',
  statements: ['INT-10'],
  holds: (world, { request }) => landUnitCount(request) <= commandLimit(world, request.leaders),
  reason: (world, { request }) => {
    const limit = commandLimit(world, request.leaders);
    const who = request.leaders.length === 0 ? text(`without a leader at most ${LEADERLESS_LIMIT}`, `без командующего — не более ${LEADERLESS_LIMIT}`) : text(`${request.leaders.map((l) => leaderName(world, l).en).join(' and ')} command at most ${limit}`, `под командованием ${ruList(request.leaders.map((l) => leaderGen(world, l).ru))} — не более ${limit}`);
    return text(`${landUnitCount(request)} land units cannot intercept as one formation: ${who.en}.`, `Соединение из ${ruLandUnits(landUnitCount(request), 'gen')} слишком велико для перехвата: ${who.ru}.`);
  },
});

export const mayInterceptIntoOccupiedSpace = restriction<InterceptArgs>({
  name: 'mayInterceptIntoOccupiedSpace',
  rule: '13.2',
  statements: ['INT-12'],
  holds: (world, { power, leg }) =>
    stacksWhere(world.position, { space: leg.to })
      .filter((s) => landUnitCount(s) > 0)
      .every((s) => isFriendly(world.position, power, s.power)),
  reason: (world, { power, leg }) => {
    const t = spaceName(world, leg.to), p = powerName(power);
    return text(`${t.en} already holds land units that belong neither to ${p.en} nor to its allies: only their power or its allies may intercept into it.`, `${capitalize(inSpace(world, leg.to).ru)} уже стоят сухопутные части, не принадлежащие ${powerDat(power).ru} или ${ruAgree(power, 'их', 'её', 'его')} союзникам: перехватывать туда могут только владелец этих частей и его союзники.`);
  },
});

export const isNoSiegeInOccupiedDestination = restriction<InterceptArgs>({
  name: 'isNoSiegeInOccupiedDestination',
  rule: '13.2',
  ruling: 'R8',
  statements: ['INT-13'],
  holds: (world, { leg }) => !(siegeIn(world, leg.to) && stacksWhere(world.position, { space: leg.to }).some((s) => landUnitCount(s) > 0)),
  reason: (world, { leg }) => {
    const t = spaceName(world, leg.to);
    return text(`Units are under siege in ${t.en} at the start of the move: no interception into it (ruling R8).`, `${capitalize(inSpace(world, leg.to).ru)} к началу движения есть осаждённые части: перехват туда запрещён (решение R8).`);
  },
});

export const mayInterceptorEnterSpace = restriction<InterceptArgs>({
  name: 'mayInterceptorEnterSpace',
  rule: '13.2',
  statements: ['INT-14'],
  holds: (world, { power, leg }) => {
    const c = controllerOf(world, leg.to);
    return c === 'independent' || majorOf(world.position, c) === power || areAtWar(world.position, power, c) || areAllied(world.position, power, c);
  },
  reason: (world, { power, leg }) => {
    const controller = controllerOf(world, leg.to);
    const c = powerName(controller), t = spaceName(world, leg.to), p = powerName(power);
    const which = ruAgree(controller, 'которые', 'которая', 'которое');
    return text(`${t.en} is controlled by ${c.en}, neither an enemy nor an ally of ${p.en}: its interceptors may not enter.`, `${t.ru} под контролем ${powerGen(controller).ru}, ${which} ${powerDat(power).ru} ${ruAgree(controller, 'ни враги, ни союзники', 'ни враг, ни союзник')}: ${ruAgree(power, 'их', 'её', 'его')} перехватчики не могут туда войти.`);
  },
});

/** Restrictions that depend only on the move and the power: if one fails, the power is never asked. */
export const POWER_RESTRICTIONS: readonly Restriction<InterceptArgs>[] = [
  isMoveActionInterceptable,
  isDestinationOpenToInterception,
  isActingMajorPower,
  isAtWarWithMover,
  isNoOtherPowerSuccessful,
  hasNotDeclined,
  isInterceptorsTurn,
  mayInterceptIntoOccupiedSpace,
  isNoSiegeInOccupiedDestination,
  mayInterceptorEnterSpace,
];

/** Restrictions on the space an attempt comes from. */
export const SPACE_RESTRICTIONS: readonly Restriction<InterceptArgs>[] = [isInterceptorAdjacent, isNotAcrossPass, isSpaceNotUsed];

/** Restrictions on the formation named in the attempt. */
export const FORMATION_RESTRICTIONS: readonly Restriction<InterceptArgs>[] = [
  isInterceptionNotEmpty,
  isInterceptionSplitByPower,
  areInterceptorsInSpace,
  haveNotAttemptedInterception,
  areInterceptorsNotBesieged,
  isInterceptionWithinCommand,
];

export const INTERCEPTION_RESTRICTIONS = [...POWER_RESTRICTIONS, ...SPACE_RESTRICTIONS, ...FORMATION_RESTRICTIONS];

export function checkInterception(world: World, args: InterceptArgs): Verdict {
  return checkAll(INTERCEPTION_RESTRICTIONS, world, args);
}

/** The interceptors a valid attempt takes out of its space. */
export function interceptingPieces(world: World, args: InterceptArgs): Stack[] {
  const split = splitStacks(interceptorStacks(world, args.power, args.from, args.leg), args.request);
  return split.ok ? split.taken : [];
}

/** The largest formation a power could send from a space: every leader, then as many units as they command. */
export function largestInterception(world: World, stacks: readonly Stack[]): Units {
  const leaders = stacks.flatMap((s) => s.leaders);
  let room = commandLimit(world, leaders);
  const take = (n: number) => {
    const k = Math.min(n, room);
    room -= k;
    return k;
  };
  const sum = (f: (s: Stack) => number) => stacks.reduce((a, s) => a + f(s), 0);
  // Cavalry first: an Ottoman formation with cavalry gets +1 (13.2 step 2).
  const cavalry = take(sum((s) => s.cavalry));
  const regulars = take(sum((s) => s.regulars));
  const mercenaries = take(sum((s) => s.mercenaries));
  return { regulars, mercenaries, cavalry, leaders };
}

export interface InterceptionCandidate {
  readonly power: MajorPower;
  readonly from: string;
  /** Units and leaders that may join an attempt from this space. */
  readonly stacks: readonly Stack[];
}

export interface BlockedCandidate {
  readonly power: MajorPower;
  readonly from: string;
  readonly refusal: Refusal;
}

/** Every adjacent space holding units of `power`'s group, as a candidate or with the restriction that blocks it. */
export function interceptionCandidates(world: World, state: InterceptionState, power: MajorPower): { candidates: InterceptionCandidate[]; blocked: BlockedCandidate[] } {
  const candidates: InterceptionCandidate[] = [];
  const blocked: BlockedCandidate[] = [];
  const dest = world.board.spaces.get(state.leg.to);
  for (const from of dest?.neighbours ?? []) {
    const all = groupStacks(world, power, from);
    if (all.length === 0) continue;
    const eligible = interceptorStacks(world, power, from, state.leg);
    const total = eligible.reduce((a, s) => a + landUnitCount(s) + s.leaders.length, 0);
    const request = total > 0 ? largestInterception(world, eligible) : largestInterception(world, all);
    const args: InterceptArgs = { ...state, asking: power, power, from, request };
    const verdict = checkAll([...POWER_RESTRICTIONS, ...SPACE_RESTRICTIONS], world, args);
    const formation = verdict.ok ? checkAll(FORMATION_RESTRICTIONS, world, args) : verdict;
    if (formation.ok) candidates.push({ power, from, stacks: eligible });
    else blocked.push({ power, from, refusal: formation });
  }
  return { candidates, blocked };
}

/** The next power to ask (13.2: impulse order; after a success, only that power), or undefined when none may try. */
export function nextInterceptor(world: World, state: InterceptionState): MajorPower | undefined {
  for (const power of MAJOR_POWERS) {
    if (power === state.leg.power) continue;
    const args: InterceptArgs = { ...state, asking: power, power, from: state.leg.to, request: { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] } };
    if (!checkAll(POWER_RESTRICTIONS, world, args).ok) continue;
    if (interceptionCandidates(world, state, power).candidates.length > 0) return power;
  }
  return undefined;
}

