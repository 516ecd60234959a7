// 14 step 9 Casualties: each side loses one land unit per hit scored against it, chosen by the owner (ruling R5);
// several groups on one side split the hits as evenly as possible, the side's leading group placing the odd hits
// (ruling R5); if both sides are wiped out, the side that rolled more dice (the defender on equal dice) keeps one
// of its eliminated units (ruling R7). The alternative readings of R5 and R7 (src/schema/rulings.ts) apply here.
import { impulseRank, type Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { LAND_UNIT_TYPES, landUnitCount, type LandCounts, type LandUnitType, type Units } from '../schema/units.ts';
import { byPowerRestriction } from './by-power.ts';
import { groupOf, type Role } from './field-battle.ts';
import { splitStacks, totals } from './stacks.ts';
import { checkAll, restrictionsOn, type Restriction, type Verdict } from './verdict.ts';
import { reading, type World } from './world.ts';

export type Losses = Readonly<Record<LandUnitType, number>>;

export interface GroupShare {
  readonly power: Power;
  /** Land units the group has in the battle. */
  readonly units: number;
  /** Hits it takes before the odd hits are placed. */
  readonly base: number;
}

export interface SidePlan {
  readonly role: Role;
  /** 14 step 9: min(hits scored against the side, its land units). */
  readonly losses: number;
  readonly groups: readonly GroupShare[];
  /** Hits left over after the even split, placed by `decider` (ruling R5). */
  readonly oddHits: number;
  readonly decider: Power;
  /**
   * Ruling R5's alternative reading: the odd hits are nobody's choice — the deciding group takes the first, then the
   * other groups in impulse order take one each. Undefined under the ruling (the decider places them).
   */
  readonly oddFixed?: readonly Power[];
  /** Ruling R7: this side keeps one of its eliminated units. */
  readonly keepsOne: boolean;
  /**
   * Ruling R7: the group that keeps it — the side's deciding group if it had land units in the battle, else the
   * first group in answer order that had some (a group of leaders only has no unit to keep).
   */
  readonly keeper?: Power;
}

/** Ruling R5: split `losses` between groups as evenly as their units allow; returns the base shares and the odd hits left. */
export function splitLosses(
  groups: readonly { power: Power; units: number }[],
  losses: number,
): { shares: GroupShare[]; odd: number } {
  const base = new Map(groups.map((g) => [g.power, 0]));
  let left = losses;
  for (;;) {
    const open = groups.filter((g) => (base.get(g.power) ?? 0) < g.units);
    if (open.length === 0 || left < open.length) break;
    const each = Math.floor(left / open.length);
    for (const g of open) {
      const give = Math.min(each, g.units - (base.get(g.power) ?? 0));
      base.set(g.power, (base.get(g.power) ?? 0) + give);
      left -= give;
    }
  }
  return { shares: groups.map((g) => ({ ...g, base: base.get(g.power) ?? 0 })), odd: left };
}

export function sidePlan(
  world: World,
  role: Role,
  stacks: readonly Stack[],
  hitsAgainst: number,
  decider: Power,
  keepsOne: boolean,
): SidePlan {
  const groups = [...new Set(stacks.map((s) => groupOf(world, s.power)))].map((power) => ({
    power,
    units: landUnitCount(totals(stacks.filter((s) => groupOf(world, s.power) === power))),
  }));
  const total = groups.reduce((a, g) => a + g.units, 0);
  const losses = Math.min(hitsAgainst, total);
  const { shares, odd } = splitLosses(groups, losses);
  const withUnits = [decider, ...groups.map((g) => g.power).filter((p) => p !== decider)].find(
    (p) => (groups.find((g) => g.power === p)?.units ?? 0) > 0,
  );
  const oddFixed = reading(world, 'R5') === 'alternative' ? fixedOddHits(shares, odd, decider) : undefined;
  return {
    role,
    losses,
    groups: shares,
    oddHits: odd,
    decider,
    keepsOne,
    ...(keepsOne && withUnits ? { keeper: withUnits } : {}),
    ...(oddFixed ? { oddFixed } : {}),
  };
}

/** Ruling R5 (alternative): the groups that take the odd hits — the decider first, then impulse order. */
function fixedOddHits(shares: readonly GroupShare[], odd: number, decider: Power): Power[] {
  const open = shares.filter((g) => g.base < g.units).map((g) => g.power);
  const order = [...open].sort(
    (a, b) => Number(b === decider) - Number(a === decider) || impulseRank(a) - impulseRank(b),
  );
  return order.slice(0, odd);
}

/**
 * Ruling R7: both sides wiped out → the side with more dice keeps one unit; on equal dice the defender. Under R7's
 * alternative reading nobody keeps a unit: 14 step 9 removes one unit per hit, and both sides are gone.
 */
export function r7Keeper(
  attacker: { dice: number; wipedOut: boolean },
  defender: { dice: number; wipedOut: boolean },
  world: Pick<World, 'rulings'> = {},
): Role | undefined {
  if (!attacker.wipedOut || !defender.wipedOut || reading(world, 'R7') === 'alternative') return undefined;
  return attacker.dice > defender.dice ? 'attacker' : 'defender';
}

/**
 * Ruling R7, winner wiped out: the winner on hits (14 step 8) stays the winner — its leaders are captured and the
 * loser still retreats. Under R7's alternative reading the side with land units left wins instead: a side with no
 * land units cannot hold the space, so the side that still has some stays and the wiped-out side loses.
 */
export function r7Winner(world: Pick<World, 'rulings'>, byHits: Role, unitsLeft: Readonly<Record<Role, number>>): Role {
  const other: Role = byHits === 'attacker' ? 'defender' : 'attacker';
  const wipedOutWinner = unitsLeft[byHits] === 0 && unitsLeft[other] > 0;
  return reading(world, 'R7') === 'alternative' && wipedOutWinner ? other : byHits;
}

/** How many land units a group must lose once the odd hits are placed. */
export function requiredLosses(plan: SidePlan, power: Power, oddTo: readonly Power[]): number {
  const share = plan.groups.find((g) => g.power === power);
  return (share?.base ?? 0) + (oddTo.includes(power) ? 1 : 0);
}

/** Every combination of unit types a group may lose (14 step 9: the owner's choice). */
export function lossCombinations(stacks: readonly Stack[], n: number): Losses[] {
  const t = totals(stacks);
  const out: Losses[] = [];
  for (let cavalry = Math.min(t.cavalry, n); cavalry >= 0; cavalry--)
    for (let mercenaries = Math.min(t.mercenaries, n - cavalry); mercenaries >= 0; mercenaries--) {
      const regulars = n - cavalry - mercenaries;
      if (regulars <= t.regulars) out.push({ regulars, mercenaries, cavalry });
    }
  return out;
}

/**
 * Every way to place `odd` leftover hits on distinct groups that still have units (ruling R5); under R5's
 * alternative reading the one placement nobody chooses (`oddFixed`).
 */
export function oddHitChoices(plan: SidePlan): Power[][] {
  if (plan.oddFixed) return [[...plan.oddFixed]];
  const open = plan.groups.filter((g) => g.base < g.units).map((g) => g.power);
  const out: Power[][] = [];
  const pick = (start: number, chosen: Power[]) => {
    if (chosen.length === plan.oddHits) return void out.push(chosen);
    for (let i = start; i < open.length; i++) pick(i + 1, [...chosen, open[i]!]);
  };
  pick(0, []);
  return out;
}

export interface CasualtyArgs {
  readonly plan: SidePlan;
  readonly power: Power;
  /** The group's stacks in the battle. */
  readonly stacks: readonly Stack[];
  readonly losses: Losses;
  /** Ruling R16: which power of the group loses what. */
  readonly byPower?: Units['byPower'] | undefined;
  readonly keep?: LandUnitType | undefined;
  /** Ruling R16: whose unit of type `keep` is kept. */
  readonly keepPower?: Power | undefined;
  readonly oddHits?: readonly Power[];
  /** Odd hits already placed by the decider (undefined until then). */
  readonly oddTo?: readonly Power[];
}

function effectiveOdd(args: CasualtyArgs): readonly Power[] {
  return args.oddTo ?? args.oddHits ?? [];
}

function lossUnits(args: Pick<CasualtyArgs, 'losses' | 'byPower'>): Units {
  return { ...args.losses, leaders: [], ...(args.byPower ? { byPower: args.byPower } : {}) };
}

/** Odd hits named by a group that does not place them (or with none to place), or not one per odd hit. */
export type OddHitsFacts =
  | { readonly kind: 'notTheirs'; readonly decider: Power }
  | { readonly kind: 'place'; readonly decider: Power; readonly oddHits: number; readonly groups: readonly Power[] };

const restriction = restrictionsOn<CasualtyArgs>();

export const isCasualtySplitByPower = byPowerRestriction('isCasualtySplitByPower', '14 step 9', (a: CasualtyArgs) => ({
  units: lossUnits(a),
  power: a.power,
}));

export const areLossesPresent = restriction({
  name: 'areLossesPresent',
  rule: '14 step 9',
  statements: ['FB-13', 'FB-15'],
  holds: (_w, args) => splitStacks(args.stacks, lossUnits(args)).ok,
  facts: (_w, { stacks, losses, power }) => {
    const t = totals(stacks);
    const type = LAND_UNIT_TYPES.find((k) => losses[k] > t[k]) ?? 'regulars';
    return { power, type, present: t[type], named: losses[type] };
  },
});

export const placesOddHits = restriction({
  name: 'placesOddHits',
  rule: '14 step 9',
  ruling: 'R5',
  statements: ['FB-13'],
  holds: (_w, args) => {
    const { plan, power, oddHits, oddTo } = args;
    if (oddTo !== undefined || plan.oddHits === 0 || power !== plan.decider)
      return oddHits === undefined || oddHits.length === 0;
    return oddHitChoices(plan).some(
      (c) => c.length === (oddHits?.length ?? -1) && c.every((p) => oddHits?.includes(p)),
    );
  },
  facts: (_w, { plan, power }): OddHitsFacts =>
    power !== plan.decider || plan.oddHits === 0
      ? { kind: 'notTheirs', decider: plan.decider }
      : { kind: 'place', decider: plan.decider, oddHits: plan.oddHits, groups: plan.groups.map((g) => g.power) },
});

export const isLossTotalRight = restriction({
  name: 'isLossTotalRight',
  rule: '14 step 9',
  statements: ['FB-13'],
  holds: (_w, args) => landUnitCount(args.losses) === requiredLosses(args.plan, args.power, effectiveOdd(args)),
  facts: (_w, args) => ({
    power: args.power,
    required: requiredLosses(args.plan, args.power, effectiveOdd(args)),
    named: landUnitCount(args.losses),
  }),
});

export const keepsOnlyWhenWipedOut = restriction({
  name: 'keepsOnlyWhenWipedOut',
  rule: '14 step 9',
  ruling: 'R7',
  statements: ['FB-16', 'FB-17'],
  holds: (_w, { plan, power, keep, losses }) => {
    const keeper = plan.keepsOne && power === plan.keeper;
    if (!keeper) return keep === undefined;
    return keep !== undefined && losses[keep] > 0;
  },
  facts: (_w, { plan, power }) => ({ kind: plan.keepsOne && power === plan.keeper ? 'nameIt' : 'none' }) as const,
});

export const isKeptUnitLost = restriction({
  name: 'isKeptUnitLost',
  rule: '14 step 9',
  ruling: 'R16',
  statements: ['FB-16', 'FB-17'],
  holds: (_w, args) =>
    args.keep === undefined ||
    args.keepPower === undefined ||
    (lossesByPower(args)?.[args.keepPower]?.[args.keep] ?? 0) > 0,
  facts: (_w, args) => ({ power: args.keepPower ?? args.power, type: args.keep ?? 'regulars' }) as const,
});

export const CASUALTY_RESTRICTIONS: readonly Restriction<CasualtyArgs>[] = [
  isCasualtySplitByPower,
  areLossesPresent,
  placesOddHits,
  isLossTotalRight,
  keepsOnlyWhenWipedOut,
  isKeptUnitLost,
];

export function checkCasualties(world: World, args: CasualtyArgs): Verdict {
  return checkAll(CASUALTY_RESTRICTIONS, world, args);
}

/** The order in which a group's pieces die by default: its own power's first (ruling R16), marked before unmarked. */
function casualtyOrder(stacks: readonly Stack[], power: Power): Stack[] {
  return [...stacks].sort(
    (a, b) =>
      Number(a.power !== power) - Number(b.power !== power) ||
      impulseRank(a.power) - impulseRank(b.power) ||
      Number(b.attemptedInterception) - Number(a.attemptedInterception) ||
      Number(b.lostBattle) - Number(a.lostBattle),
  );
}

/** Ruling R16: who in the group loses what — the answer's own split, or by default the major's units first. */
export function lossesByPower(
  args: Pick<CasualtyArgs, 'stacks' | 'power' | 'losses' | 'byPower'>,
): Partial<Record<Power, Losses>> | undefined {
  const split = splitStacks(args.stacks, lossUnits(args), casualtyOrder(args.stacks, args.power));
  if (!split.ok) return undefined;
  const out: Partial<Record<Power, Record<LandUnitType, number>>> = {};
  for (const piece of split.taken) {
    const row = (out[piece.power] ??= { regulars: 0, mercenaries: 0, cavalry: 0 });
    for (const t of LAND_UNIT_TYPES) row[t] += piece[t];
  }
  return out;
}

/** Ruling R16: whose unit of the kept type survives — the one named, else the major's own, else the first in impulse order. */
export function keptBy(
  args: Pick<CasualtyArgs, 'stacks' | 'power' | 'losses' | 'byPower' | 'keep' | 'keepPower'>,
): Power | undefined {
  const keep = args.keep;
  if (!keep) return undefined;
  if (args.keepPower) return args.keepPower;
  const by = lossesByPower(args) ?? {};
  const losers = (Object.keys(by) as Power[])
    .filter((p) => (by[p]?.[keep] ?? 0) > 0)
    .sort((a, b) => impulseRank(a) - impulseRank(b));
  return losers.includes(args.power) ? args.power : losers[0];
}

/**
 * The group's pieces that survive its losses (14 step 9), less the one unit it keeps (ruling R7). Events name unit
 * types (and, by ruling R16, powers); among equal pieces the engine removes those already marked (ruling R12) first.
 */
export function survivorsAfter(
  args: Pick<CasualtyArgs, 'stacks' | 'power' | 'losses' | 'byPower' | 'keep' | 'keepPower'>,
): Stack[] | undefined {
  const by = lossesByPower(args);
  if (!by) return undefined;
  const kept = keptBy(args);
  const net: Partial<Record<Power, LandCounts>> = {};
  for (const [p, l] of Object.entries(by) as [Power, Losses][])
    net[p] = { ...l, ...(p === kept && args.keep ? { [args.keep]: l[args.keep] - 1 } : {}) };
  const sum = (t: LandUnitType) => Object.values(net).reduce((n, c) => n + (c?.[t] ?? 0), 0);
  const split = splitStacks(
    args.stacks,
    { regulars: sum('regulars'), mercenaries: sum('mercenaries'), cavalry: sum('cavalry'), leaders: [], byPower: net },
    casualtyOrder(args.stacks, args.power),
  );
  return split.ok ? split.rest : undefined;
}

/** This module's restrictions, in the order they are checked (src/rules/index.ts reads them). */
export const RESTRICTIONS = CASUALTY_RESTRICTIONS;
