// 15.2 Relief Forces (ruling R35): a formation friendly to the besieged units enters their space and fights the
// besiegers. Which pieces inside may join it (the sortie: the relief force's major power and its active minors,
// beyond the command limit), what the battle's result is in 15.2's three cases, and what may go back inside.
import { impulseRank, type MajorPower, type Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { LAND_UNIT_TYPES, type LandCounts, type LandUnitType, type Units } from '../schema/units.ts';
import { byPowerRestriction } from './by-power.ts';
import { areAtWar, isFriendly, majorOf } from './relations.ts';
import { siegeIn } from './siege.ts';
import { splitStacks, stacksWhere, totals } from './stacks.ts';
import { checkAll, restrictionsOn, type Restriction, type Verdict } from './verdict.ts';
import type { World } from './world.ts';

/**
 * 15.2 (13.1 restriction 3 (a)): `power` relieves `space` — a siege is listed there, everything inside is friendly
 * to it and every besieger is its enemy.
 */
export function isReliefOf(world: World, power: Power, space: string): boolean {
  const siege = siegeIn(world, space);
  if (!siege) return false;
  const inside = stacksWhere(world.position, { space, inside: true });
  return (
    inside.length > 0 &&
    inside.every((s) => isFriendly(world.position, power, s.power)) &&
    siege.by.every((p) => areAtWar(world.position, power, p))
  );
}

/** Ruling R35: the stacks inside that may join the relief force — its major power's and its active minors'. */
export function sortieStacks(world: World, space: string, relief: MajorPower): Stack[] {
  return stacksWhere(world.position, { space, inside: true }).filter(
    (s) => (majorOf(world.position, s.power) ?? s.power) === relief,
  );
}

/** Ruling R35: the powers inside that may not join (another friendly major power and its minors): they stay inside. */
export function powersHeldInside(world: World, space: string, relief: MajorPower): Power[] {
  const all = stacksWhere(world.position, { space, inside: true }).map((s) => s.power);
  return [...new Set(all)].filter((p) => (majorOf(world.position, p) ?? p) !== relief).sort();
}

/** The three results of 15.2 for the relief force (the active power, the attacker). */
export type ReliefOutcome = 'won' | 'tie' | 'fewer';

/**
 * 15.2: the relief force wins (the besiegers retreat, the siege ends), loses on equal hits (14 step 8: a tie goes to
 * the defender, the besiegers), or loses with fewer hits. `won` is the battle's winner (ruling R7 included).
 */
export function reliefOutcome(won: boolean, attackerHits: number, defenderHits: number): ReliefOutcome {
  if (won) return 'won';
  return attackerHits === defenderHits ? 'tie' : 'fewer';
}

/** What a losing relief force may put inside (15.2, ruling R35): the result, and the pieces that came out. */
export interface ReliefReturn {
  readonly outcome: Exclude<ReliefOutcome, 'won'>;
  /** The sortie as it came out of the fortifications: its group's totals, with each power's land units (`byPower`). */
  readonly sortie: Units;
}

type Row = Record<LandUnitType, number>;
const NO_ROW: Row = { regulars: 0, mercenaries: 0, cavalry: 0 };

/** The totals of `stacks` with each power's land units (ruling R16's `byPower`): which pieces are whose. */
export function totalsByPower(stacks: readonly Stack[]): Units {
  const byPower: Partial<Record<Power, Row>> = {};
  for (const s of stacks) {
    const row = { ...(byPower[s.power] ?? NO_ROW) };
    for (const t of LAND_UNIT_TYPES) row[t] += s[t];
    byPower[s.power] = row;
  }
  return { ...totals(stacks), byPower };
}

/**
 * 15.2, ruling R35: of `available` (a retreating group's pieces), what may go inside — on equal hits any of them;
 * on fewer hits only as many of each type as came out, and only the leaders who came out. Land units of one type
 * are counted within each power of the group when both sides say whose they are (`byPower`, ruling R16): a Hapsburg
 * regular that came with the relief force never takes the place of a Hungarian one that came out and fell.
 */
export function mayReturnInside(available: Units, relief: ReliefReturn | undefined): Units {
  if (!relief || relief.outcome === 'tie') return available;
  const leaders = available.leaders.filter((l) => relief.sortie.leaders.includes(l));
  const out: Row = { ...NO_ROW };
  const had = available.byPower,
    came = relief.sortie.byPower;
  if (!had || !came) {
    for (const t of LAND_UNIT_TYPES) out[t] = Math.min(available[t], relief.sortie[t]);
    return { ...out, leaders };
  }
  const byPower: Partial<Record<Power, Row>> = {};
  for (const [power, have] of Object.entries(had) as [Power, LandCounts | undefined][]) {
    const row = { ...NO_ROW };
    for (const t of LAND_UNIT_TYPES) row[t] = Math.min(have?.[t] ?? 0, came[power]?.[t] ?? 0);
    for (const t of LAND_UNIT_TYPES) out[t] += row[t];
    byPower[power] = row;
  }
  return { ...out, leaders, byPower };
}

/** Whether `inside` stays within what `mayReturnInside` allows (each power's share too, when both name them). */
export function isWithinReturn(inside: Units, allowed: Units): boolean {
  const perPower =
    !inside.byPower ||
    !allowed.byPower ||
    (Object.entries(inside.byPower) as [Power, LandCounts | undefined][]).every(([power, counts]) =>
      LAND_UNIT_TYPES.every((t) => (counts?.[t] ?? 0) <= (allowed.byPower?.[power]?.[t] ?? 0)),
    );
  return (
    perPower &&
    LAND_UNIT_TYPES.every((t) => inside[t] <= allowed[t]) &&
    inside.leaders.every((l) => allowed.leaders.includes(l))
  );
}

/**
 * Ruling R16 with 15.2: `inside` with no `byPower` of its own, split over the powers `allowed` names — the major's
 * own units first, then its allies' in impulse order — so that what goes in is what may. Unchanged when either names
 * no powers.
 */
export function returnSplit(inside: Units, allowed: Units, major: Power): Units {
  if (inside.byPower || !allowed.byPower) return inside;
  const powers = (Object.keys(allowed.byPower) as Power[]).sort(
    (a, b) => Number(b === major) - Number(a === major) || impulseRank(a) - impulseRank(b),
  );
  const byPower: Partial<Record<Power, Row>> = {};
  for (const power of powers) byPower[power] = { ...NO_ROW };
  for (const t of LAND_UNIT_TYPES) {
    let left = inside[t];
    for (const power of powers) {
      const n = Math.min(left, allowed.byPower[power]?.[t] ?? 0);
      (byPower[power] as Row)[t] = n;
      left -= n;
    }
  }
  return { ...inside, byPower };
}

/** A sortie answer (`relief.declare`) as the restrictions read it. */
export interface SortieArgs {
  readonly space: string;
  /** The relief force's major power (the active power). */
  readonly relief: MajorPower;
  /** The power that answered. */
  readonly power: Power;
  readonly units: Units;
}

const restriction = restrictionsOn<SortieArgs>();

export const isSortieOfReliefPower = restriction({
  name: 'isSortieOfReliefPower',
  rule: '15.2',
  ruling: 'R35',
  statements: ['SIE-08'],
  holds: (_w, { power, relief }) => power === relief,
  facts: (_w, { power, relief, space }) => ({ power, relief, space }),
});

export const isSortieSplitByPower = byPowerRestriction('isSortieSplitByPower', '15.2', (a: SortieArgs) => ({
  units: a.units,
  power: a.relief,
}));

export const areSortiePiecesInside = restriction({
  name: 'areSortiePiecesInside',
  rule: '15.2',
  ruling: 'R35',
  statements: ['SIE-08'],
  holds: (world, { space, relief, units }) => splitStacks(sortieStacks(world, space, relief), units).ok,
  facts: (world, { space, relief }) => ({
    space,
    relief,
    available: landUnitsOf(totals(sortieStacks(world, space, relief))),
    leaders: totals(sortieStacks(world, space, relief)).leaders,
    others: powersHeldInside(world, space, relief),
  }),
});

function landUnitsOf(u: Units): number {
  return u.regulars + u.mercenaries + u.cavalry;
}

export const SORTIE_RESTRICTIONS: readonly Restriction<SortieArgs>[] = [
  isSortieOfReliefPower,
  isSortieSplitByPower,
  areSortiePiecesInside,
];

export function checkSortie(world: World, args: SortieArgs): Verdict {
  return checkAll(SORTIE_RESTRICTIONS, world, args);
}

/** This module's restrictions, in the order they are checked (src/rules/index.ts reads them). */
export const RESTRICTIONS = SORTIE_RESTRICTIONS;
