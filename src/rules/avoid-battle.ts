// 13.3 Avoid Battle: who may try (each major power with land units in the destination, impulse order), where to,
// with which units, and when it succeeds without a roll (every unit already lost a field battle this impulse).
import { isMajorPower, MAJOR_POWERS, type MajorPower, type Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { landUnitCount, type Units } from '../schema/units.ts';
import { byPowerRestriction } from './by-power.ts';
import { destinationRestrictions, type DestinationArgs } from './destinations.ts';
import { hostileStacksOutside } from './hostility.ts';
import type { MoveLeg } from './leg.ts';
import { inSpace, powerGen, powerName, powerWith, ruAgree, spaceFrom, spaceName } from './names.ts';
import { majorOf } from './relations.ts';
import { landUnitsIn, splitStacks, stacksWhere } from './stacks.ts';
import { text } from './text.ts';
import { checkAll, restriction, type Refusal, type Restriction, type Verdict } from './verdict.ts';
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

/** The power's group's stacks outside the fortifications of the battle space, units that lost a battle first. */
export function avoidingStacks(world: World, power: Power, leg: MoveLeg): Stack[] {
  return hostileStacksOutside(world, leg.power, leg.to)
    .filter((s) => majorOf(world.position, s.power) === power && isMajorPower(power))
    .sort((a, b) => Number(b.lostBattle) - Number(a.lostBattle));
}

export const isAvoidingMajorPower = restriction<AvoidArgs>({
  name: 'isAvoidingMajorPower',
  rule: '13.3',
  ruling: 'R10',
  statements: ['AVB-04', 'AVB-25'],
  holds: (_w, { power }) => isMajorPower(power),
  reason: (world, { power }) => {
    const major = majorOf(world.position, power);
    const p = powerName(power);
    if (major) {
      const m = powerName(major);
      const who = ruAgree(major, 'которые решают', 'которая решает', 'которое решает');
      return text(`${p.en} avoids battle together with ${m.en}, who decides for it (13.3, 22.3).`, `${p.ru} ${ruAgree(power, 'уклоняются', 'уклоняется')} от сражения вместе с ${powerWith(major).ru}, ${who} за ${ruAgree(power, 'них', 'неё', 'него')} (13.3, 22.3).`);
    }
    return text(`${p.en} units never avoid battle: inactive minor powers and independents stand (22.1).`, `Части ${powerGen(power).ru} никогда не уклоняются от сражения: неактивные второстепенные державы и независимые остаются на месте (22.1).`);
  },
});

export const didNotIntercept = restriction<AvoidArgs>({
  name: 'didNotIntercept',
  rule: '13.3',
  statements: ['AVB-13', 'INT-27'],
  holds: (_w, { power, intercepted }) => !intercepted.includes(power),
  reason: (_w, { power }) => {
    const p = powerName(power);
    return text(`${p.en} intercepted into the battle space during this move: it may not avoid battle.`, `${p.ru} ${ruAgree(power, 'перехватили', 'перехватила', 'перехватило')} это движение и ${ruAgree(power, 'вошли', 'вошла', 'вошло')} в область сражения: уклоняться от сражения ${ruAgree(power, 'им', 'ей', 'ему')} нельзя.`);
  },
});

export const isNotLoneLeader = restriction<AvoidArgs>({
  name: 'isNotLoneLeader',
  rule: '13.3',
  ruling: 'R3',
  statements: ['AVB-14', 'AVB-12'],
  holds: (world, { power, leg }) => landUnitsIn(avoidingStacks(world, power, leg)) > 0,
  reason: (world, { power, leg }) => {
    const p = powerName(power), t = spaceName(world, leg.to);
    const inside = stacksWhere(world.position, { space: leg.to, inside: true }).some((s) => majorOf(world.position, s.power) === power);
    if (inside)
      return text(`${p.en} has no land units outside the fortifications of ${t.en}: units inside, under siege, may not avoid battle.`, `У ${powerGen(power).ru} нет сухопутных частей вне укреплений ${spaceFrom(world, leg.to).ru}: части внутри, в осаде, не могут уклоняться от сражения.`);
    return text(`${p.en} has no land units in ${t.en}: a leader alone may not avoid battle.`, `У ${powerGen(power).ru} нет сухопутных частей ${inSpace(world, leg.to).ru}: командующий без частей не может уклониться от сражения.`);
  },
});

export const hasNotAvoided = restriction<AvoidArgs>({
  name: 'hasNotAvoided',
  rule: '13.3',
  statements: ['AVB-03'],
  holds: (_w, { power, done }) => !done.includes(power),
  reason: (_w, { power }) => {
    const p = powerName(power);
    return text(`${p.en} has already made (or declined) its avoid-battle attempt for this move.`, `${p.ru} уже ${ruAgree(power, 'пытались', 'пыталась', 'пыталось')} уклониться от сражения при этом движении (или ${ruAgree(power, 'отказались', 'отказалась', 'отказалось')} от попытки).`);
  },
});

export const isAvoidersTurn = restriction<AvoidArgs>({
  name: 'isAvoidersTurn',
  rule: '13.3',
  statements: ['AVB-03'],
  holds: (_w, { power, asking }) => asking === undefined || asking === power,
  reason: (_w, { asking }) => {
    const a = powerName(asking ?? 'independent');
    return text(`Avoid-battle attempts are made one power at a time, in impulse order: ${a.en} decides now.`, `Попытки уклониться от сражения делают державы по очереди, в порядке импульсов: сейчас ${ruAgree(asking ?? 'independent', 'решают', 'решает')} ${a.ru}.`);
  },
});

export const isAvoidNotEmpty = restriction<AvoidArgs>({
  name: 'isAvoidNotEmpty',
  rule: '13.3 step 3',
  statements: [],
  holds: (_w, { request }) => landUnitCount(request) > 0 || request.leaders.length > 0,
  reason: () => text('Name at least one land unit or leader that tries to avoid battle.', 'Назовите хотя бы одну сухопутную часть или командующего, которые пытаются уклониться от сражения.'),
});

export const isAvoidSplitByPower = byPowerRestriction<AvoidArgs>('isAvoidSplitByPower', '13.3 step 3', (a) => ({ units: a.request, power: a.power }));

export const areAvoidersInSpace = restriction<AvoidArgs>({
  name: 'areAvoidersInSpace',
  rule: '13.3 step 3',
  statements: ['AVB-12', 'AVB-15', 'AVB-16'],
  holds: (world, { power, leg, request }) => splitStacks(avoidingStacks(world, power, leg), request).ok,
  reason: (world, { power, leg }) => {
    const p = powerName(power), t = spaceName(world, leg.to);
    return text(`Those ${p.en} units and leaders are not outside the fortifications in ${t.en} (units under siege may not avoid battle).`, `Этих частей и командующих ${powerGen(power).ru} нет вне укреплений ${spaceFrom(world, leg.to).ru} (осаждённые части не могут уклоняться от сражения).`);
  },
});

const [isLand, isAdjacent, isNotIndependent, isFriendlyControlled, isNotUnrest, isFreeOfEnemy] = destinationRestrictions<AvoidArgs>('13.3', 'Avoid', {
  land: ['AVB-10'],
  adjacent: ['AVB-05'],
  independent: ['AVB-06'],
  controlled: ['AVB-07'],
  unrest: ['AVB-08'],
  enemy: ['AVB-09'],
});

export const isNotSpaceEnemyCameFrom = restriction<AvoidArgs>({
  name: 'isNotSpaceEnemyCameFrom',
  rule: '13.3',
  statements: ['AVB-11'],
  holds: (_w, { to, leg }) => to !== leg.from,
  reason: (world, { leg }) => {
    const f = spaceName(world, leg.from), a = powerName(leg.power);
    return text(`${f.en} is the space the ${a.en} formation just left: no avoiding battle into it.`, `${f.ru} — область, которую только что покинуло соединение ${powerGen(leg.power).ru}: уклоняться туда нельзя.`);
  },
});

/** Restrictions on the power making the attempt. */
export const AVOIDER_RESTRICTIONS: readonly Restriction<AvoidArgs>[] = [isAvoidingMajorPower, hasNotAvoided, isAvoidersTurn, didNotIntercept, isNotLoneLeader];
/** Restrictions on the space the group tries to reach. */
export const AVOID_DESTINATION_RESTRICTIONS: readonly Restriction<AvoidArgs>[] = [
  isLand!, isAdjacent!, isNotSpaceEnemyCameFrom, isNotIndependent!, isFriendlyControlled!, isNotUnrest!, isFreeOfEnemy!,
];
/** Restrictions on the units named. */
export const AVOID_GROUP_RESTRICTIONS: readonly Restriction<AvoidArgs>[] = [isAvoidNotEmpty, isAvoidSplitByPower, areAvoidersInSpace];

export const AVOID_RESTRICTIONS = [...AVOIDER_RESTRICTIONS, ...AVOID_DESTINATION_RESTRICTIONS, ...AVOID_GROUP_RESTRICTIONS];

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

export function avoidDestinations(world: World, state: AvoidState, power: MajorPower): { to: string[]; blocked: { to: string; refusal: Refusal }[] } {
  const to: string[] = [];
  const blocked: { to: string; refusal: Refusal }[] = [];
  const empty: Units = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };
  for (const n of world.board.spaces.get(state.leg.to)?.neighbours ?? []) {
    const v = checkAll(AVOID_DESTINATION_RESTRICTIONS, world, { ...state, asking: power, power, from: state.leg.to, to: n, request: empty });
    if (v.ok) to.push(n);
    else blocked.push({ to: n, refusal: v });
  }
  return { to, blocked };
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
      checkAll(AVOIDER_RESTRICTIONS, world, { ...state, asking: power, power, from: state.leg.to, to: state.leg.to, request: empty }).ok &&
      avoidDestinations(world, state, power).to.length > 0,
  );
}
