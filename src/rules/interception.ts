// 13.2 Interception: which stacks may try to intercept a move, the attempt's restrictions, and who is asked next
// (impulse order, 3.2; after a success only the successful power, 13.2 step 3).
import { connection } from '../data/board.ts';
import { isMajorPower, MAJOR_POWERS, type MajorPower, type Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { landUnitCount, type Units } from '../schema/units.ts';
import { byPowerRestriction } from './by-power.ts';
import { commandLimit, commandLimitFacts, largestFormation } from './formation.ts';
import { isHostile, otherPowersWithLandUnits } from './hostility.ts';
import { electorateRestriction, heldBeforeLeagueRestriction } from './league.ts';
import type { MoveLeg } from './leg.ts';
import { areAllied, areAtWar, controllerOf, isFriendly, majorOf, minorPowerFacts } from './relations.ts';
import { isBesiegedInside, siegeIn } from './siege.ts';
import { splitStacks, stacksWhere } from './stacks.ts';
import { must } from './must.ts';
import { noLeaderStruckByGout, withoutGoutyLeaders } from './cards.ts';
import { checkAll, restrictionsOn, type Refusal, type Restriction, type Verdict } from './verdict.ts';
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
    .sort(
      (a, b) =>
        Number(a.power !== power) - Number(b.power !== power) ||
        Number(a.attemptedInterception) - Number(b.attemptedInterception),
    );
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
  return (
    space === leg.from && leg.leftSiege === true && stacksWhere(world.position, { space, inside: true }).length > 0
  );
}

/**
 * 13.1 restriction 3's enemy bloc makes non-warring powers enemies too; otherwise only powers at war may intercept.
 * "A power that has units in the space" is read by group (22.3, ruling R10): the units there may be the major's or
 * its active minor's, and the major declares the attempt for both.
 */
function isInterceptorHostile(world: World, power: Power, leg: MoveLeg): boolean {
  if (areAtWar(world.position, power, leg.power)) return true;
  return otherPowersWithLandUnits(world, leg.power, leg.to).some(
    (p) => (majorOf(world.position, p) ?? p) === power && isHostile(world, leg.power, p, leg.to),
  );
}

const restriction = restrictionsOn<InterceptArgs>();

/** The used spaces as a set, made once per (immutable) list: asked for every adjacent space of every decision. */
const usedSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function usedSet(used: readonly string[]): ReadonlySet<string> {
  let set = usedSets.get(used);
  if (!set) usedSets.set(used, (set = new Set(used)));
  return set;
}

export const isMoveActionInterceptable = restriction({
  name: 'isMoveActionInterceptable',
  rule: '13.2',
  statements: ['INT-06', 'AVB-24', 'RET-13'],
  holds: (_w, { leg }) => leg.kind === 'move',
  facts: (_w, { leg }) => ({ movement: leg.kind }),
});

export const isDestinationOpenToInterception = restriction({
  name: 'isDestinationOpenToInterception',
  rule: '13.2',
  statements: ['INT-11'],
  holds: (world, { leg }) => {
    const s = world.board.spaces.get(leg.to);
    return !(
      s?.fortified &&
      isFriendly(world.position, leg.power, controllerOf(world, leg.to)) &&
      !siegeIn(world, leg.to)
    );
  },
  facts: (_w, { leg }) => ({ space: leg.to }),
});

export const isActingMajorPower = restriction({
  name: 'isActingMajorPower',
  rule: '22.1',
  ruling: 'R10',
  statements: ['INT-02', 'INT-03'],
  holds: (_w, { power }) => isMajorPower(power),
  facts: (world, { power }) => minorPowerFacts(world.position, power),
});

export const isAtWarWithMover = restriction({
  name: 'isAtWarWithMover',
  rule: '13.2',
  statements: ['INT-01'],
  holds: (world, args) => isInterceptorHostile(world, args.power, args.leg),
  facts: (_w, { power, leg }) => ({ power, mover: leg.power }),
});

export const isProtestantFreeToIntercept = heldBeforeLeagueRestriction(
  'isProtestantFreeToIntercept',
  (a: InterceptArgs) => a.power,
);

export const isNoOtherPowerSuccessful = restriction({
  name: 'isNoOtherPowerSuccessful',
  rule: '13.2 step 3',
  statements: ['INT-16', 'INT-17'],
  holds: (_w, { power, successPower }) => successPower === undefined || successPower === power,
  // Refused only after a success (`holds` is true before any).
  facts: (_w, { successPower }) => ({
    successPower: must(successPower, 'isNoOtherPowerSuccessful refused with no success'),
  }),
});

export const hasNotDeclined = restriction({
  name: 'hasNotDeclined',
  rule: '13.2',
  statements: [],
  holds: (_w, { power, declined }) => !declined.includes(power),
  facts: (_w, { power }) => ({ power }),
});

export const isInterceptorsTurn = restriction({
  name: 'isInterceptorsTurn',
  rule: '13.2',
  statements: ['INT-15', 'INT-19'],
  holds: (_w, { power, asking }) => asking === undefined || asking === power,
  // Refused only when a power is being asked (`holds` is true when none is).
  facts: (_w, { asking }) => ({ asking: must(asking, 'isInterceptorsTurn refused with no power asked') }),
});

export const isInterceptorAdjacent = restriction({
  name: 'isInterceptorAdjacent',
  rule: '13.2',
  statements: ['INT-04'],
  holds: (world, { from, leg }) => connection(world.board, from, leg.to) !== undefined,
  facts: (_w, { from, leg }) => ({ from, to: leg.to }),
});

export const isNotAcrossPass = restriction({
  name: 'isNotAcrossPass',
  rule: '2.5',
  statements: ['INT-05'],
  holds: (world, { from, leg }) => connection(world.board, from, leg.to) !== 'pass',
  facts: (_w, { from, leg }) => ({ from, to: leg.to }),
});

export const isSpaceNotUsed = restriction({
  name: 'isSpaceNotUsed',
  rule: '13.2 step 4',
  statements: ['INT-18'],
  holds: (_w, { from, usedSpaces }) => !usedSet(usedSpaces).has(from),
  facts: (_w, { from }) => ({ from }),
});

export const isInterceptionNotEmpty = restriction({
  name: 'isInterceptionNotEmpty',
  rule: '13.2 step 1',
  ruling: 'R3',
  statements: [],
  holds: (_w, { request }) => landUnitCount(request) > 0 || request.leaders.length > 0,
  facts: () => ({}),
});

export const isInterceptionSplitByPower = byPowerRestriction(
  'isInterceptionSplitByPower',
  '13.2 step 1',
  (a: InterceptArgs) => ({ units: a.request, power: a.power }),
);

export const areInterceptorsInSpace = restriction({
  name: 'areInterceptorsInSpace',
  rule: '13.2 step 1',
  statements: ['INT-20'],
  holds: (world, { power, from, request }) => fits(groupStacks(world, power, from), request),
  facts: (_w, { power, from }) => ({ power, from }),
});

export const isNoInterceptorStruckByGout = noLeaderStruckByGout<InterceptArgs>('13.2', 'intercept');

export const haveNotAttemptedInterception = restriction({
  name: 'haveNotAttemptedInterception',
  rule: '13.2',
  ruling: 'R12',
  statements: ['INT-07'],
  holds: (world, { power, from, request }) =>
    fits(
      groupStacks(world, power, from).filter((s) => !s.attemptedInterception),
      request,
    ),
  facts: (_w, { from }) => ({ from }),
});

export const areInterceptorsNotBesieged = restriction({
  name: 'areInterceptorsNotBesieged',
  rule: '13.2',
  statements: ['INT-08', 'INT-09', 'SIE-02'],
  holds: (world, { power, from, request, leg }) => fits(interceptorStacks(world, power, from, leg), request),
  facts: (world, { from, leg }) => {
    const kind = wasBesiegedByMover(world, from, leg) ? 'besiegedByMover' : 'besieged';
    return { kind, from } as const;
  },
});

export const isInterceptionWithinCommand = restriction({
  name: 'isWithinCommandLimit',
  rule: '5.1',
  statements: ['INT-10'],
  holds: (world, { request }) => landUnitCount(request) <= commandLimit(world, request.leaders),
  facts: (world, { request }) => commandLimitFacts(world, 'interception', landUnitCount(request), request.leaders),
});

export const mayInterceptIntoOccupiedSpace = restriction({
  name: 'mayInterceptIntoOccupiedSpace',
  rule: '13.2',
  statements: ['INT-12'],
  holds: (world, { power, leg }) =>
    stacksWhere(world.position, { space: leg.to })
      .filter((s) => landUnitCount(s) > 0)
      .every((s) => isFriendly(world.position, power, s.power)),
  facts: (_w, { power, leg }) => ({ power, space: leg.to }),
});

export const isNoSiegeInOccupiedDestination = restriction({
  name: 'isNoSiegeInOccupiedDestination',
  rule: '13.2',
  ruling: 'R8',
  statements: ['INT-13'],
  holds: (world, { leg }) =>
    !(siegeIn(world, leg.to) && stacksWhere(world.position, { space: leg.to }).some((s) => landUnitCount(s) > 0)),
  facts: (_w, { leg }) => ({ space: leg.to }),
});

export const mayInterceptorEnterSpace = restriction({
  name: 'mayInterceptorEnterSpace',
  rule: '13.2',
  statements: ['INT-14'],
  holds: (world, { power, leg }) => {
    const c = controllerOf(world, leg.to);
    return (
      c === 'independent' ||
      majorOf(world.position, c) === power ||
      areAtWar(world.position, power, c) ||
      areAllied(world.position, power, c)
    );
  },
  facts: (world, { power, leg }) => ({ power, space: leg.to, controller: controllerOf(world, leg.to) }),
});

/**
 * 21.6, ruling R34: no interception into an electorate by another power than the Protestant. A move into one is
 * refused already (mayEnterElectorate), so this holds on every move the engine lets happen; it keeps the rule
 * where interception is judged.
 */
export const mayInterceptIntoElectorate = electorateRestriction('mayInterceptIntoElectorate', (a: InterceptArgs) => ({
  power: a.power,
  to: a.leg.to,
}));

/** Restrictions that depend only on the move and the power: if one fails, the power is never asked. */
export const POWER_RESTRICTIONS: readonly Restriction<InterceptArgs>[] = [
  isMoveActionInterceptable,
  isDestinationOpenToInterception,
  isActingMajorPower,
  isAtWarWithMover,
  isProtestantFreeToIntercept,
  isNoOtherPowerSuccessful,
  hasNotDeclined,
  isInterceptorsTurn,
  mayInterceptIntoOccupiedSpace,
  isNoSiegeInOccupiedDestination,
  mayInterceptorEnterSpace,
  mayInterceptIntoElectorate,
];

/** Restrictions on the space an attempt comes from. */
export const SPACE_RESTRICTIONS: readonly Restriction<InterceptArgs>[] = [
  isInterceptorAdjacent,
  isNotAcrossPass,
  isSpaceNotUsed,
];

/** Restrictions on the formation named in the attempt. */
export const FORMATION_RESTRICTIONS: readonly Restriction<InterceptArgs>[] = [
  isInterceptionNotEmpty,
  isInterceptionSplitByPower,
  areInterceptorsInSpace,
  isNoInterceptorStruckByGout,
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

/** What one adjacent space gives a power's interception: nothing (no units of its group), a candidate, or a refusal. */
type SpaceVerdict =
  | { readonly kind: 'none' }
  | { readonly kind: 'candidate'; readonly candidate: InterceptionCandidate }
  | { readonly kind: 'blocked'; readonly blocked: BlockedCandidate };

const NONE: SpaceVerdict = { kind: 'none' };

/** The space's and the formation's restrictions on an attempt from `from`, once the power's own allow it. */
function judgeSpace(world: World, state: InterceptionState, power: MajorPower, from: string): SpaceVerdict {
  const all = groupStacks(world, power, from);
  if (all.length === 0) return NONE;
  const none: Units = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };
  // The space's restrictions do not read the formation: it is made only for a space they allow.
  const bySpace = checkAll(SPACE_RESTRICTIONS, world, { ...state, asking: power, power, from, request: none });
  if (!bySpace.ok) return { kind: 'blocked', blocked: { power, from, refusal: bySpace } };
  // Ruling R26: a leader struck by Gout stays behind; the rest of his stack may try.
  const eligible = withoutGoutyLeaders(world, interceptorStacks(world, power, from, state.leg));
  const total = eligible.reduce((a, s) => a + landUnitCount(s) + s.leaders.length, 0);
  const request = total > 0 ? largestFormation(world, eligible) : largestFormation(world, all);
  const args: InterceptArgs = { ...state, asking: power, power, from, request };
  const formation = checkAll(FORMATION_RESTRICTIONS, world, args);
  return formation.ok
    ? { kind: 'candidate', candidate: { power, from, stacks: eligible } }
    : { kind: 'blocked', blocked: { power, from, refusal: formation } };
}

/**
 * The verdicts on the spaces around one move's destination, for one power, kept while the move's interceptions run:
 * an attempt changes the stacks of its own space only, so every later question (the next power to ask, the decision,
 * the eager policy's answer) would otherwise judge every adjacent space again, and a hub of n interceptors would cost
 * n² judgements. A question about another world judges again only the spaces whose stacks (by identity: a step that
 * changes one space keeps every other stack) or use (13.2 step 4) differ from the world the verdicts were judged in;
 * when anything else differs that the restrictions read (the world but its stacks, the success, the declines) every
 * space is judged again. test/properties/interception-candidates.property.test.ts compares the search with the
 * straightforward one along random moves.
 */
interface PowerMemo {
  readonly world: World;
  readonly successPower: MajorPower | undefined;
  readonly declined: readonly Power[];
  /** The stacks and the used spaces the verdicts were judged with. */
  stacks: readonly Stack[];
  used: readonly string[];
  /** One verdict per neighbour of the destination, in the board's order. */
  verdicts: readonly SpaceVerdict[];
}

const memos = new WeakMap<MoveLeg, Map<MajorPower, PowerMemo>>();

/** The same own properties with the same values, but `except`. */
function sameExcept<T extends object>(a: T, b: T, except: keyof T): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (k === except) continue;
    if (!Object.hasOwn(b, k) || (a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]) return false;
  }
  return true;
}

/** The spaces whose stacks differ between two stacks lists (a stack in one list and not, by identity, in the other). */
function changedSpaces(before: readonly Stack[], after: readonly Stack[], into: Set<string>): void {
  const kept = new Set(before);
  for (const s of after) if (!kept.delete(s)) into.add(s.space);
  for (const s of kept) into.add(s.space);
}

/** `power`'s verdicts on the destination's neighbours in this world and state, judging again only what changed. */
function spaceVerdicts(
  world: World,
  state: InterceptionState,
  power: MajorPower,
  neighbours: readonly string[],
): readonly SpaceVerdict[] {
  let byPower = memos.get(state.leg);
  if (!byPower) memos.set(state.leg, (byPower = new Map()));
  const kept = byPower.get(power);
  const stacks = world.position.stacks;
  if (
    kept &&
    kept.verdicts.length === neighbours.length &&
    kept.successPower === state.successPower &&
    kept.declined === state.declined &&
    sameExcept(kept.world, world, 'position') &&
    sameExcept(kept.world.position, world.position, 'stacks')
  ) {
    if (kept.stacks === stacks && kept.used === state.usedSpaces) return kept.verdicts;
    const changed = new Set<string>();
    if (kept.stacks !== stacks) changedSpaces(kept.stacks, stacks, changed);
    if (kept.used !== state.usedSpaces) {
      const before = usedSet(kept.used),
        after = usedSet(state.usedSpaces);
      for (const u of before) if (!after.has(u)) changed.add(u);
      for (const u of after) if (!before.has(u)) changed.add(u);
    }
    // A list handed out is never written again (a question may still be reading it): the changes make a new one.
    if (changed.size > 0)
      kept.verdicts = kept.verdicts.map((v, i) =>
        changed.has(neighbours[i]!) ? judgeSpace(world, state, power, neighbours[i]!) : v,
      );
    kept.stacks = stacks;
    kept.used = state.usedSpaces;
    return kept.verdicts;
  }
  const fresh: PowerMemo = {
    world,
    successPower: state.successPower,
    declined: state.declined,
    stacks,
    used: state.usedSpaces,
    verdicts: neighbours.map((from) => judgeSpace(world, state, power, from)),
  };
  byPower.set(power, fresh);
  return fresh.verdicts;
}

/**
 * Every adjacent space holding units of `power`'s group, in the board's order, each as a candidate or with the
 * restriction that blocks it: lazily, so that a question about the first candidate judges no space after it.
 */
export function* interceptionSpaces(
  world: World,
  state: InterceptionState,
  power: MajorPower,
): Generator<
  { readonly candidate: InterceptionCandidate; readonly blocked?: undefined } | { readonly blocked: BlockedCandidate }
> {
  const dest = world.board.spaces.get(state.leg.to);
  // The power's restrictions read neither the space nor the formation: judged once for every space (a move among
  // thousands of stacks asks them once, not once per adjacent space), with the same first refusal as before.
  const none: Units = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };
  const byPower = checkAll(POWER_RESTRICTIONS, world, {
    ...state,
    asking: power,
    power,
    from: state.leg.to,
    request: none,
  });
  if (!byPower.ok) {
    for (const from of dest?.neighbours ?? [])
      if (groupStacks(world, power, from).length > 0) yield { blocked: { power, from, refusal: byPower } };
    return;
  }
  for (const v of spaceVerdicts(world, state, power, dest?.neighbours ?? [])) {
    if (v.kind === 'candidate') yield { candidate: v.candidate };
    else if (v.kind === 'blocked') yield { blocked: v.blocked };
  }
}

/** Every adjacent space holding units of `power`'s group, as a candidate or with the restriction that blocks it. */
export function interceptionCandidates(
  world: World,
  state: InterceptionState,
  power: MajorPower,
  /** Stop at the first candidate (whether the power may try at all): the lists are then partial. */
  first = false,
): { candidates: InterceptionCandidate[]; blocked: BlockedCandidate[] } {
  const candidates: InterceptionCandidate[] = [];
  const blocked: BlockedCandidate[] = [];
  for (const space of interceptionSpaces(world, state, power)) {
    if (space.blocked) blocked.push(space.blocked);
    else {
      candidates.push(space.candidate);
      if (first) break;
    }
  }
  return { candidates, blocked };
}

/** The next power to ask (13.2: impulse order; after a success, only that power), or undefined when none may try. */
export function nextInterceptor(world: World, state: InterceptionState): MajorPower | undefined {
  for (const power of MAJOR_POWERS) {
    if (power === state.leg.power) continue;
    const args: InterceptArgs = {
      ...state,
      asking: power,
      power,
      from: state.leg.to,
      request: { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] },
    };
    if (!checkAll(POWER_RESTRICTIONS, world, args).ok) continue;
    for (const space of interceptionSpaces(world, state, power)) if (!space.blocked) return power;
  }
  return undefined;
}

/** This module's restrictions, in the order they are checked (src/rules/index.ts reads them). */
export const RESTRICTIONS = INTERCEPTION_RESTRICTIONS;
