// Every legal answer of a decision, not only the canonical ones a decision lists (explore --answers all). Each
// decision describes its whole answer space in `limits` (docs/engine-choices.md "Decisions, options and forced
// answers"); each decision kind's spec names, in its `answerSpace` field, the function here that turns that
// description into complete events (src/review/answers.ts reads them from the specs):
//
//   intercept   every formation of every eligible space within the command limit (5.1) of its leaders: any subset
//               of the leaders, any mix of land units up to what they command, at least one piece (13.2 step 1,
//               ruling R3); with several powers of one group in the space, every per-power split (ruling R16)
//   avoid       every non-empty group of the land units and leaders present (13.3 step 3: the group may exceed a
//               formation, a leader may go alone if units stay, ruling R3) to every legal destination, and byPower
//   withdraw    declare and decline (13.4: all together or none)
//   continue    every legal space to move on to (13.4 option 1) and move.stop (option 2)
//   casualties  every loss combination, split between the powers of the group, odd hits and kept unit (rulings R5,
//               R7, R16) — the decision already lists all of them unless there are more than it shows
//   retreat     every legal space, and every choice of up to `insideRoom` land units and any subset of the leaders
//               going inside (14.1), with byPower for the units inside
//   relief      every mix of the pieces inside that may come out (15.2, ruling R35): the decision lists them all
//   card        every listed play (each of Gout's leaders, each of the Ottoman's eliminations, each of Tercios' ways)
//               and the pass; new mercenaries in every split over the spaces that take them (rulings R32, R36)
//   move        every formation of every space within the command limit, to every space the rules' move check
//               allows for it (the decision has no limits: a leader alone may enter fewer spaces, 13.1 restriction 6)
//
// The explorer sends each answer: one the engine refuses is reported as a violation (the limits and the machine
// disagree). Answers that lead to the same state are merged by the explorer's memo.
import { commandLimit } from '../../rules/formation.ts';
import { checkMove, movableStacks } from '../../rules/movement.ts';
import { placementSplits } from '../../rules/battle-cards.ts';
import { majorOf } from '../../rules/relations.ts';
import type { Stack } from '../../rules/stacks.ts';
import type { Position, World } from '../../rules/world.ts';
import type { Decision } from '../../schema/decision.ts';
import type { EngineEvent, EventOf } from '../../schema/events.ts';
import type { MajorPower, Power } from '../../schema/power.ts';
import type { Summary } from '../../schema/result.ts';
import { LAND_UNIT_TYPES, type LandUnitType, type Units } from '../../schema/units.ts';

/** Answers of one decision beyond this many are not enumerated (the report says the list was cut). */
export const MAX_ANSWERS = 20_000;

export interface AnswerContext {
  /** The board and leaders of the scenario, with the position as it stands at the decision. */
  readonly world: World;
  readonly summary: Summary;
  /** The explorer's deadline (performance.now()): past it, the enumeration throws DeadlinePassed. */
  readonly deadline?: number;
}

/** Thrown when an enumeration passes its context's deadline (the explorer's --max-ms), wherever it is. */
export class DeadlinePassed extends Error {
  constructor() {
    super('the deadline passed');
    this.name = 'DeadlinePassed';
  }
}

export interface AnswerSet {
  readonly events: readonly EngineEvent[];
  /** False when the answer space was larger than MAX_ANSWERS (or larger than the decision could list). */
  readonly complete: boolean;
}

type Counts = Record<LandUnitType, number>;
type ByPower = Partial<Record<Power, Partial<Counts>>>;

const ZERO: Counts = { regulars: 0, mercenaries: 0, cavalry: 0 };

/**
 * Every subset of a list, the empty one first, in a stable order (the binary count: element i is in subset m when
 * bit i of m is set). Lazy: a stack of a hundred leaders has 2^100 subsets, and the enumeration stops at MAX_ANSWERS.
 */
function* subsets<T>(xs: readonly T[]): Generator<T[]> {
  const n = BigInt(xs.length);
  for (let m = 0n; m < 1n << n; m++) yield xs.filter((_, i) => ((m >> BigInt(i)) & 1n) === 1n);
}

/** Every mix of land units with each type at most `have` and at most `room` in all, the empty mix included. */
function* mixes(have: Counts, room: number): Generator<Counts> {
  // Lazy: 1 000 units of each type make 10^9 mixes, and the enumeration stops at MAX_ANSWERS.
  for (let cavalry = 0; cavalry <= Math.min(have.cavalry, room); cavalry++)
    for (let regulars = 0; regulars <= Math.min(have.regulars, room - cavalry); regulars++)
      for (let mercenaries = 0; mercenaries <= Math.min(have.mercenaries, room - cavalry - regulars); mercenaries++)
        yield { regulars, mercenaries, cavalry };
}

const count = (c: Counts) => c.regulars + c.mercenaries + c.cavalry;

function countsOf(stacks: readonly Stack[]): Counts {
  const out = { ...ZERO };
  for (const s of stacks) for (const t of LAND_UNIT_TYPES) out[t] += s[t];
  return out;
}

/** Land units per power of the given stacks. */
function perPower(stacks: readonly Stack[]): Map<Power, Counts> {
  const out = new Map<Power, Counts>();
  for (const s of stacks) {
    const c = out.get(s.power) ?? { ...ZERO };
    for (const t of LAND_UNIT_TYPES) c[t] += s[t];
    out.set(s.power, c);
  }
  return out;
}

/** Land units per power as a `byPower` names them. */
function countsByPower(byPower: NonNullable<Units['byPower']>): Map<Power, Counts> {
  const out = new Map<Power, Counts>();
  for (const [power, c] of Object.entries(byPower) as [Power, Partial<Counts> | undefined][])
    out.set(power, { regulars: c?.regulars ?? 0, mercenaries: c?.mercenaries ?? 0, cavalry: c?.cavalry ?? 0 });
  return out;
}

/**
 * Ruling R16: every way to take `want` from the powers that hold it (type by type, within what each has). Undefined
 * when only one power has land units there (no split to name); a single split per way otherwise.
 */
function byPowerSplits(have: ReadonlyMap<Power, Counts>, want: Counts, cap: number): ByPower[] | undefined {
  const powers = [...have.keys()].filter((p) => count(have.get(p)!) > 0);
  if (powers.length < 2) return undefined;
  let splits: ByPower[] = [{}];
  for (const t of LAND_UNIT_TYPES) {
    if (want[t] === 0) continue;
    const ways: Partial<Record<Power, number>>[] = [];
    const place = (i: number, left: number, acc: Partial<Record<Power, number>>) => {
      if (ways.length > cap) return;
      const p = powers[i]!;
      const own = have.get(p)![t];
      if (i === powers.length - 1) {
        if (left <= own) ways.push(left > 0 ? { ...acc, [p]: left } : acc);
        return;
      }
      for (let k = Math.min(left, own); k >= 0; k--) place(i + 1, left - k, k > 0 ? { ...acc, [p]: k } : acc);
    };
    place(0, want[t], {});
    splits = splits.flatMap((sp) =>
      ways.map((w) => {
        const next: ByPower = { ...sp };
        for (const [p, k] of Object.entries(w) as [Power, number][]) next[p] = { ...next[p], [t]: k };
        return next;
      }),
    );
    if (splits.length > cap) return splits.slice(0, cap);
  }
  return splits;
}

/** An event's unit fields: zero counts and no leaders left out, as the engine writes them. */
function fields(c: Counts, leaders: readonly string[], byPower?: ByPower): Partial<Units> {
  const out: { regulars?: number; mercenaries?: number; cavalry?: number; leaders?: string[]; byPower?: ByPower } = {};
  for (const t of LAND_UNIT_TYPES) if (c[t] > 0) out[t] = c[t];
  if (leaders.length > 0) out.leaders = [...leaders];
  if (byPower && Object.keys(byPower).length > 0) out.byPower = byPower;
  return out;
}

/** The unit fields of a group choice: without a split, and (several powers holding units) with every split. */
function withSplits(
  c: Counts,
  leaders: readonly string[],
  have: ReadonlyMap<Power, Counts>,
  cap: number,
): Partial<Units>[] {
  const splits = count(c) > 0 ? byPowerSplits(have, c, cap) : undefined;
  return [fields(c, leaders), ...(splits ?? []).map((s) => fields(c, leaders, s))];
}

class Collector {
  readonly events: EngineEvent[] = [];
  complete = true;
  private readonly deadline: number;

  constructor(ctx?: AnswerContext) {
    this.deadline = ctx?.deadline ?? Number.POSITIVE_INFINITY;
  }

  add(e: EngineEvent): boolean {
    // The clock is read every 256 answers: a long enumeration stops near the deadline, a short one pays nothing.
    if ((this.events.length & 255) === 255 && performance.now() > this.deadline) throw new DeadlinePassed();
    if (this.events.length >= MAX_ANSWERS) {
      this.complete = false;
      return false;
    }
    this.events.push(e);
    return true;
  }
  result(): AnswerSet {
    return { events: this.events, complete: this.complete };
  }
}

const sameGroup = (position: Position, power: MajorPower) => (s: Stack) =>
  s.power === power || majorOf(position, s.power) === power;

/** The space of the move being resolved (13.1 step 2): the destination of the last move in the summary. */
function battleSpace(ctx: AnswerContext): string | undefined {
  return ctx.summary.moves.at(-1)?.to;
}

export function interceptAnswers(d: Decision, ctx: AnswerContext): AnswerSet {
  const out = new Collector(ctx);
  const power = d.power as MajorPower;
  const position = ctx.world.position;
  const spaces = (d.limits?.spaces ?? []) as { from: string; available: Units; maxLandUnits: number }[];
  for (const { from, available } of spaces) {
    // The stacks an attempt may draw on (13.2: not marked as having tried, not under siege), per power for R16.
    const besieged = position.sieges.some((g) => g.space === from);
    const eligible = position.stacks.filter(
      (s) => s.space === from && sameGroup(position, power)(s) && !s.attemptedInterception && !(s.inside && besieged),
    );
    const have = perPower(eligible);
    const total: Counts = {
      regulars: available.regulars,
      mercenaries: available.mercenaries,
      cavalry: available.cavalry,
    };
    for (const leaders of subsets(available.leaders)) {
      const limit = commandLimit(ctx.world, leaders);
      for (const c of mixes(total, limit)) {
        if (count(c) === 0 && leaders.length === 0) continue;
        for (const f of withSplits(c, leaders, have, MAX_ANSWERS))
          if (!out.add({ type: 'intercept.declare', power, from, ...f } as EngineEvent)) return out.result();
      }
    }
  }
  out.add({ type: 'intercept.decline', power });
  return out.result();
}

export function avoidAnswers(d: Decision, ctx: AnswerContext): AnswerSet {
  const out = new Collector(ctx);
  const power = d.power as MajorPower;
  const position = ctx.world.position;
  const available = d.limits?.available as Units | undefined;
  const destinations = (d.limits?.destinations ?? []) as string[];
  const space = battleSpace(ctx);
  if (available && space) {
    const have = perPower(
      position.stacks.filter((s) => s.space === space && !s.inside && sameGroup(position, power)(s)),
    );
    const total: Counts = {
      regulars: available.regulars,
      mercenaries: available.mercenaries,
      cavalry: available.cavalry,
    };
    for (const to of destinations)
      for (const leaders of subsets(available.leaders))
        for (const c of mixes(total, Infinity)) {
          if (count(c) === 0 && leaders.length === 0) continue;
          for (const f of withSplits(c, leaders, have, MAX_ANSWERS))
            if (!out.add({ type: 'avoid.declare', power, to, ...f } as EngineEvent)) return out.result();
        }
  }
  out.add({ type: 'avoid.decline', power });
  return out.result();
}

/** Withdrawal (13.4) and moving on or retreating (13.4 options 1 and 2): the decision lists every answer. */
export function listedAnswers(d: Decision): AnswerSet {
  return { events: d.options.map((o) => o.event), complete: d.limits?.optionsComplete !== false };
}

export const withdrawAnswers = (d: Decision): AnswerSet => listedAnswers(d);
/** 15.2, ruling R35: the sortie decision lists every mix of the pieces inside that may join (up to its bound). */
export const sortieAnswers = (d: Decision): AnswerSet => listedAnswers(d);
export const continueAnswers = (d: Decision): AnswerSet => listedAnswers(d);

/** 14 step 9: the decision lists every loss combination with its splits, odd hits and kept unit (up to its bound). */
export const casualtiesAnswers = (d: Decision): AnswerSet => listedAnswers(d);

/**
 * Rulings R32, R36: the listed plays and the pass, and for a play or placement that places new mercenaries every split
 * of them over the spaces that take them (the decision lists each space alone).
 */
export function cardAnswers(d: Decision, ctx: AnswerContext): AnswerSet {
  const out = new Collector(ctx);
  const split = new Set<string>();
  for (const { event: e } of d.options) {
    if ((e.type !== 'card.play' && e.type !== 'card.place') || !e.placements?.length) {
      if (!out.add(e)) break;
      continue;
    }
    // The listed one-space placements of a card are among its splits: the card is enumerated once.
    if (split.has(e.card)) continue;
    split.add(e.card);
    const count = e.placements.reduce((n, p) => n + p.mercenaries, 0);
    const space = battleSpace(ctx) ?? e.placements[0]!.space;
    for (const placements of placementSplits(ctx.world, e.power as MajorPower, count, { space }))
      if (!out.add({ ...e, placements })) break;
  }
  const all = out.result();
  return { events: all.events, complete: all.complete && d.limits?.optionsComplete !== false };
}

export function retreatAnswers(d: Decision, ctx: AnswerContext): AnswerSet {
  const out = new Collector(ctx);
  const power = d.power;
  const position = ctx.world.position;
  const lim = d.limits as
    | {
        available?: Units;
        insideAvailable?: Units;
        destinations?: string[];
        insideRoom?: number;
        leadersMayGoInside?: boolean;
      }
    | undefined;
  const available = lim?.available;
  const destinations = lim?.destinations ?? [];
  if (!available) return listedAnswers(d);
  const total: Counts = {
    regulars: available.regulars,
    mercenaries: available.mercenaries,
    cavalry: available.cavalry,
  };
  // The retreating group's space: where its stacks outside hold exactly what the decision says is available.
  const key = (c: Counts, l: readonly string[]) =>
    `${c.regulars},${c.mercenaries},${c.cavalry}|${[...l].sort().join(',')}`;
  const want = key(total, available.leaders);
  const spaces = [...new Set(position.stacks.map((s) => s.space))];
  const here =
    spaces
      .map((space) =>
        position.stacks.filter(
          (s) => s.space === space && !s.inside && (s.power === power || majorOf(position, s.power) === power),
        ),
      )
      .find(
        (st) =>
          st.length > 0 &&
          key(
            countsOf(st),
            st.flatMap((s) => s.leaders),
          ) === want,
      ) ?? [];
  const have = perPower(here);
  for (const to of destinations) out.add({ type: 'retreat.declare', power, to } as EngineEvent);
  if (destinations.length === 0) out.add({ type: 'retreat.declare', power } as EngineEvent);
  if (lim?.leadersMayGoInside) {
    const room = lim.insideRoom ?? 0;
    // 15.2, ruling R35: after fewer hits only what came out of the fortifications may go back in.
    const eligible = lim.insideAvailable ?? available;
    const mayGoIn: Counts = {
      regulars: eligible.regulars,
      mercenaries: eligible.mercenaries,
      cavalry: eligible.cavalry,
    };
    // Each power's share of it (ruling R16): the splits name only pieces that may go back in.
    const haveIn = eligible.byPower ? countsByPower(eligible.byPower) : have;
    for (const leaders of subsets(eligible.leaders))
      for (const c of mixes(mayGoIn, room)) {
        if (count(c) === 0 && leaders.length === 0) continue;
        const everything = count(c) === count(total) && leaders.length === available.leaders.length;
        for (const inside of withSplits(c, leaders, haveIn, MAX_ANSWERS)) {
          if (everything || destinations.length === 0) {
            if (!out.add({ type: 'retreat.declare', power, inside } as EngineEvent)) return out.result();
          } else
            for (const to of destinations)
              if (!out.add({ type: 'retreat.declare', power, to, inside } as EngineEvent)) return out.result();
        }
      }
  }
  return out.result();
}

export function moveAnswers(d: Decision, ctx: AnswerContext): AnswerSet {
  const out = new Collector(ctx);
  const power = ctx.world.position.impulse.power;
  const cp = ctx.world.position.impulse.cp;
  // The destinations the decision found open to the largest formation of each space (a smaller one may enter no more).
  const byFrom = new Map<string, Set<string>>();
  for (const o of d.options) {
    const e = o.event as EventOf<'move.declare'>;
    if (e.type !== 'move.declare') continue;
    byFrom.set(e.from, (byFrom.get(e.from) ?? new Set()).add(e.to));
  }
  for (const [from, tos] of byFrom) {
    const stacks = movableStacks(ctx.world, power, from);
    const total = countsOf(stacks);
    const have = perPower(stacks);
    for (const leaders of subsets(stacks.flatMap((s) => s.leaders)))
      for (const c of mixes(total, commandLimit(ctx.world, leaders))) {
        if (count(c) === 0 && leaders.length === 0) continue;
        for (const f of withSplits(c, leaders, have, MAX_ANSWERS))
          for (const to of tos) {
            const request: Units = {
              regulars: c.regulars,
              mercenaries: c.mercenaries,
              cavalry: c.cavalry,
              leaders: [...leaders],
              ...(f.byPower ? { byPower: f.byPower } : {}),
            };
            if (!checkMove(ctx.world, { power, from, to, request, cp }).ok) continue;
            if (!out.add({ type: 'move.declare', from, to, ...f } as EngineEvent)) return out.result();
          }
      }
  }
  return out.result();
}
