// Stacks: land units and leaders of one power in one space, with the marks of ruling R12. Pure helpers to find,
// split, move and merge them; a position's stacks are always kept in one canonical order.
import { impulseRank, type Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { LAND_UNIT_TYPES, landUnitCount, type LandUnitType, type Units } from '../schema/units.ts';
import type { Position } from './world.ts';

export type { Stack };

export interface StackFilter {
  readonly space?: string;
  readonly inside?: boolean;
  readonly powers?: readonly Power[];
}

/** Stacks by space, built once per (immutable) stacks array: a lookup by space costs what that space holds. */
const bySpace = new WeakMap<readonly Stack[], ReadonlyMap<string, readonly Stack[]>>();

export function stacksIn(stacks: readonly Stack[], space: string): readonly Stack[] {
  let index = bySpace.get(stacks);
  if (!index) {
    const built = new Map<string, Stack[]>();
    for (const s of stacks) {
      const list = built.get(s.space);
      if (list) list.push(s);
      else built.set(s.space, [s]);
    }
    index = built;
    bySpace.set(stacks, index);
  }
  return index.get(space) ?? [];
}

export function stacksWhere(position: Pick<Position, 'stacks'>, filter: StackFilter): Stack[] {
  const pool = filter.space === undefined ? position.stacks : stacksIn(position.stacks, filter.space);
  return pool.filter(
    (s) =>
      (filter.inside === undefined || s.inside === filter.inside) &&
      (filter.powers === undefined || filter.powers.includes(s.power)),
  );
}

export function totals(stacks: readonly Stack[]): Units {
  return {
    regulars: sum(stacks, (s) => s.regulars),
    mercenaries: sum(stacks, (s) => s.mercenaries),
    cavalry: sum(stacks, (s) => s.cavalry),
    leaders: stacks.flatMap((s) => s.leaders),
  };
}

/** Ruling R6: land units only. */
export function landUnitsIn(stacks: readonly Stack[]): number {
  return sum(stacks, landUnitCount);
}

export function leadersIn(stacks: readonly Stack[]): string[] {
  return stacks.flatMap((s) => s.leaders);
}

export function powersIn(stacks: readonly Stack[]): Power[] {
  return [...new Set(stacks.map((s) => s.power))].sort((a, b) => impulseRank(a) - impulseRank(b));
}

export function isEmptyStack(s: Pick<Stack, LandUnitType | 'leaders'>): boolean {
  return landUnitCount(s) === 0 && s.leaders.length === 0;
}

function key(s: Stack): string {
  return `${s.space}|${s.power}|${s.inside}|${s.lostBattle}|${s.attemptedInterception}`;
}

/** The order of `localeCompare` (ECMA-402 defines it as this collator's), without building a collator per call. */
const byName = new Intl.Collator().compare;

function compareStacks(a: Stack, b: Stack): number {
  return (
    (a.space === b.space ? 0 : byName(a.space, b.space)) ||
    impulseRank(a.power) - impulseRank(b.power) ||
    Number(a.inside) - Number(b.inside) ||
    Number(a.lostBattle) - Number(b.lostBattle) ||
    Number(a.attemptedInterception) - Number(b.attemptedInterception)
  );
}

/**
 * Merges stacks with the same space, power and marks, drops empty ones and sorts: one canonical form. A stack that
 * is merged with none and whose leaders are sorted is kept as it is (positions are immutable): a step that changes
 * one stack of thousands makes one new stack, not thousands, and every state before it keeps sharing the rest.
 */
export function normalizeStacks(stacks: readonly Stack[]): Stack[] {
  if (isNormal(stacks)) return [...stacks];
  const merged = new Map<string, Stack>();
  for (const s of stacks) {
    const k = key(s);
    const prev = merged.get(k);
    merged.set(
      k,
      prev
        ? {
            ...prev,
            regulars: prev.regulars + s.regulars,
            mercenaries: prev.mercenaries + s.mercenaries,
            cavalry: prev.cavalry + s.cavalry,
            leaders: [...prev.leaders, ...s.leaders],
          }
        : s,
    );
  }
  return [...merged.values()]
    .filter((s) => !isEmptyStack(s))
    .map((s) => (sortedLeaders(s.leaders) ? s : { ...s, leaders: [...s.leaders].sort() }))
    .sort(compareStacks);
}

function sortedLeaders(leaders: readonly string[]): boolean {
  for (let j = 1; j < leaders.length; j++) if (leaders[j - 1]! > leaders[j]!) return false;
  return true;
}

/**
 * Already in the canonical form `normalizeStacks` gives: no empty stack, leaders sorted, and each stack strictly
 * after the one before (so no two share a space, power and marks).
 */
export function isNormal(stacks: readonly Stack[]): boolean {
  for (let i = 0; i < stacks.length; i++) {
    const s = stacks[i]!;
    if (isEmptyStack(s)) return false;
    for (let j = 1; j < s.leaders.length; j++) if (s.leaders[j - 1]! > s.leaders[j]!) return false;
    if (i > 0 && compareStacks(stacks[i - 1]!, s) >= 0) return false;
  }
  return true;
}

export interface Shortfall {
  /** What is missing: a unit type, leaders, or a per-power split (ruling R16) that does not add up to the counts. */
  readonly what: LandUnitType | 'leaders' | 'byPower';
  readonly wanted: number;
  readonly found: number;
  readonly missingLeaders: readonly string[];
  /** With a per-power split: the power whose units are short. */
  readonly power?: Power;
}

export type Split =
  { readonly ok: true; readonly taken: Stack[]; readonly rest: Stack[] } | ({ readonly ok: false } & Shortfall);

/** Ruling R16: a per-power split must add up to the request's counts, type by type. */
export function byPowerMismatch(request: Units): LandUnitType | undefined {
  const by = request.byPower;
  if (!by) return undefined;
  return LAND_UNIT_TYPES.find((t) => Object.values(by).reduce((n, c) => n + (c?.[t] ?? 0), 0) !== request[t]);
}

/**
 * Takes the requested land units and leaders out of `stacks`, visiting stacks in the given order (the caller's
 * preference, e.g. units without an interception mark first). With a per-power split (ruling R16) each power's
 * units come from that power's stacks; without one, whatever the order meets first. Returns the pieces taken and
 * what is left.
 */
export function splitStacks(stacks: readonly Stack[], request: Units, order: readonly Stack[] = stacks): Split {
  const named = request.leaders;
  const missingLeaders = named.length === 0 ? [] : named.filter((l) => !stacks.some((s) => s.leaders.includes(l)));
  if (missingLeaders.length > 0)
    return {
      ok: false,
      what: 'leaders',
      wanted: named.length,
      found: named.length - missingLeaders.length,
      missingLeaders,
    };
  const by = request.byPower;
  const mismatch = byPowerMismatch(request);
  if (mismatch) return { ok: false, what: 'byPower', wanted: request[mismatch], found: 0, missingLeaders: [] };
  // What is still to be taken: each power's own with a per-power split (ruling R16), else one count of every power.
  const anyPower: Record<LandUnitType, number> = { regulars: 0, mercenaries: 0, cavalry: 0 };
  const perPower = new Map<Power, Record<LandUnitType, number>>();
  if (by) {
    for (const [power, counts] of Object.entries(by) as [Power, Partial<Record<LandUnitType, number>> | undefined][]) {
      const row: Record<LandUnitType, number> = { regulars: 0, mercenaries: 0, cavalry: 0 };
      for (const type of LAND_UNIT_TYPES) {
        const wanted = counts?.[type] ?? 0;
        const found = sum(
          stacks.filter((s) => s.power === power),
          (s) => s[type],
        );
        if (found < wanted) return { ok: false, what: type, wanted, found, missingLeaders: [], power };
        row[type] = wanted;
      }
      perPower.set(power, row);
    }
  } else {
    for (const type of LAND_UNIT_TYPES) {
      const found = sum(stacks, (s) => s[type]);
      if (found < request[type]) return { ok: false, what: type, wanted: request[type], found, missingLeaders: [] };
      anyPower[type] = request[type];
    }
  }
  const taken: Stack[] = [];
  const rest: Stack[] = [];
  for (const s of order) {
    const left = by ? perPower.get(s.power) : anyPower;
    const piece = {
      ...s,
      regulars: 0,
      mercenaries: 0,
      cavalry: 0,
      leaders: named.length === 0 ? [] : s.leaders.filter((l) => named.includes(l)),
    };
    if (left)
      for (const type of LAND_UNIT_TYPES) {
        const n = Math.min(left[type], s[type]);
        piece[type] = n;
        left[type] -= n;
      }
    const remainder = {
      ...s,
      regulars: s.regulars - piece.regulars,
      mercenaries: s.mercenaries - piece.mercenaries,
      cavalry: s.cavalry - piece.cavalry,
      leaders: named.length === 0 ? [...s.leaders] : s.leaders.filter((l) => !named.includes(l)),
    };
    if (!isEmptyStack(piece)) taken.push(piece);
    if (!isEmptyStack(remainder)) rest.push(remainder);
  }
  return { ok: true, taken, rest };
}

/**
 * Takes exactly these pieces (same space, power and marks, their counts and leaders) out of the position: the
 * pieces a procedure named earlier are the pieces it moves. Throws if they are not there (a guard let through
 * something its reducer cannot do).
 */
export function takePieces(position: Position, pieces: readonly Stack[]): Position {
  const stacks = new Map(position.stacks.map((s) => [key(s), s]));
  for (const p of pieces) {
    const k = key(p);
    const s = stacks.get(k);
    if (!s || LAND_UNIT_TYPES.some((t) => s[t] < p[t]) || p.leaders.some((l) => !s.leaders.includes(l)))
      throw new Error(`takePieces: ${k} does not hold ${JSON.stringify(p)}`);
    stacks.set(k, {
      ...s,
      regulars: s.regulars - p.regulars,
      mercenaries: s.mercenaries - p.mercenaries,
      cavalry: s.cavalry - p.cavalry,
      leaders: s.leaders.filter((l) => !p.leaders.includes(l)),
    });
  }
  return { ...position, stacks: normalizeStacks([...stacks.values()]) };
}

/** Replaces `from` (stacks of the position, by identity) with `replacement`, and normalises. */
export function replaceStacks(position: Position, from: readonly Stack[], replacement: readonly Stack[]): Position {
  const gone = new Set(from);
  return { ...position, stacks: normalizeStacks([...position.stacks.filter((s) => !gone.has(s)), ...replacement]) };
}

export function addStacks(position: Position, added: readonly Stack[]): Position {
  return { ...position, stacks: normalizeStacks([...position.stacks, ...added]) };
}

export function relocate(
  pieces: readonly Stack[],
  patch: Partial<Pick<Stack, 'space' | 'inside' | 'lostBattle' | 'attemptedInterception'>>,
): Stack[] {
  return pieces.map((p) => ({ ...p, ...patch }));
}

function sum<T>(items: readonly T[], f: (t: T) => number): number {
  return items.reduce((n, t) => n + f(t), 0);
}
