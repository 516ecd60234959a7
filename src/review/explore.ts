// Exhaustive exploration of a move: every dice outcome (grouped by what it decides, with its exact probability) and,
// either every answer of every decision ("all": the listed answers, or with `answers: 'all'` the whole legal answer
// space of src/review/answers.ts) or the answers of one policy (then the outcome probabilities add up to exactly 1).
// Invariants — the built-in ones and a reviewer's own — are checked at every distinct state; a reviewer's query
// (`where`) over the end position and the whole summary is answered with the shortest answer-and-dice path to each
// matching end position; the states (and, on request, the transitions) each machine reached are collected.
//
// States are memoised on everything but the summary: the summary is only ever appended to, never read by a guard or
// a reducer, so two paths that reach the same state without it have the same future. A memoised subtree is
// remembered as classes of complete paths — (end position, what the rest of the move added to the summary) with
// their probability, number of paths and shortest path — so path counts, probabilities and queries through shared
// states stay exact.
import type { MachineId } from '../../machines/index.ts';
import { answeringPolicy, sameJson, type BarePolicy, type Policy, type PolicyName } from '../engine/resolve.ts';
import type { DecisionView } from '../engine/decisions.ts';
import type { Scenario } from '../engine/scenario.ts';
import { deepFreeze } from '../engine/freeze.ts';
import { createSession, type Session, type SessionResult } from '../engine/session.ts';
import { optionsOf } from '../engine/session-options.ts';
import { LIMITS } from '../schema/limits.ts';
import { z } from 'zod';
import type { EngineError } from '../engine/explain.ts';
import type { Position, World } from '../rules/world.ts';
import { reasonOf } from '../text/reasons/index.ts';
import type { Text } from '../text/text.ts';
import type { Decision } from '../schema/decision.ts';
import type { EngineEvent } from '../schema/events.ts';
import {
  EMPTY_SUMMARY,
  type RecordedSummary,
  type ResultPosition,
  type SkippedDecision,
  type Summary,
} from '../schema/result.ts';
import type { Stack } from '../schema/scenario.ts';
import { allAnswers, DeadlinePassed, worldAt } from './answers.ts';
import { add, mul, ONE, ZERO, type Fraction } from './fraction.ts';
import { describeSummary, distinguish } from './describe.ts';
import {
  BUILT_IN_INVARIANTS,
  countCheck,
  endViolations,
  RESULT_PARSES,
  resultPositionParseViolations,
  stepViolations,
  type InvariantTally,
} from './invariants.ts';
import { rollOutcomes } from './outcomes.ts';
import { QueryPropertyError, queryPosition, type QueryPosition } from './strict-query.ts';
import { applyDelta, DeltaTable, summaryDelta } from './summary-delta.ts';
import { Reached } from './transitions.ts';
import { pendingEdges, StateGraph, type PendingEdges } from './state-graph.ts';

/** What a reviewer's invariant sees at a state: where everything stands, what the game waits for, and the result at the end. */
export interface ExploreNode {
  readonly scenario: Scenario;
  readonly position: Position;
  /** The moving formation while it is between its space and the destination (13.1 steps 3–5). */
  readonly transit: readonly Stack[];
  /** The summary of the first path that reached this state (a state is checked once, whatever path reaches it). */
  readonly summary: Summary;
  readonly pending: Decision | null;
  /** At the end of the move: the result; null before. */
  readonly result: SessionResult | null;
}

/**
 * A reviewer's invariant: `true`, `undefined` or an empty list when it holds; `false`, a message or messages when it
 * does not. A thrown error is reported as a violation too.
 */
export type Invariant = (node: ExploreNode) => boolean | string | readonly string[] | null | undefined | void;

/** What a query sees of a finished move: the end position with every field (src/review/strict-query.ts), the whole summary. */
export interface OutcomeView {
  readonly position: QueryPosition;
  readonly summary: Summary;
}

export type OutcomeQuery = (outcome: OutcomeView) => unknown;

export interface ExploreOptions {
  /** 'all' branches on every answer; a policy answers each decision once (the outcomes then form a distribution). */
  readonly decisions?: 'all' | Policy | PolicyName | undefined;
  /** With `decisions: 'all'`: 'listed' branches on each decision's options (the default), 'all' on every legal answer. */
  readonly answers?: 'listed' | 'all' | undefined;
  /** Events played first, as `resolve` plays a script (an answer the engine applied itself may be repeated). */
  readonly events?: readonly unknown[] | undefined;
  /** A reviewer's own invariants, checked at every distinct state like the built-in ones. */
  readonly invariants?: readonly Invariant[] | undefined;
  /** A query over the outcome: each end position it matches is reported with its shortest path. */
  readonly where?: OutcomeQuery | undefined;
  /** More queries, answered in the same run with their total chance only (`queryResults`, in order). */
  readonly queries?: readonly OutcomeQuery[] | undefined;
  /** Collect the transitions taken (from the trace), not only the states reached. */
  readonly coverage?: boolean | undefined;
  /**
   * For a parallel exploration (src/review/parallel.ts): at the first state with two branches or more, follow only
   * the branches whose index is `part` modulo `parts`. The parts' paths are disjoint and together make every path.
   */
  readonly split?: { readonly parts: number; readonly part: number } | undefined;
  /** Stop once this many complete paths are counted (the report says it was truncated). */
  readonly maxPaths?: number | undefined;
  /** Stop once this many distinct states have been expanded. */
  readonly maxNodes?: number | undefined;
  /** Stop once this much wall time (milliseconds) has passed. */
  readonly maxMs?: number | undefined;
}

export interface Outcome {
  /** The final position (stacks, sieges, captured leaders, CP left) as canonical JSON. */
  readonly key: string;
  readonly position: ResultPosition;
  readonly description: string;
  readonly probability: Fraction;
  readonly paths: number;
}

/** An end position the query matched, with the shortest path (answers and dice) to it that matches. */
export interface Match {
  readonly key: string;
  readonly position: ResultPosition;
  /** The summary at the end of that shortest path. */
  readonly summary: Summary;
  readonly description: string;
  /** Every event from the start: `his resolve --events` replays them to this outcome. */
  readonly events: readonly EngineEvent[];
  readonly labels: readonly string[];
  /** The chance of the matching paths to this position (under a policy a probability; in "all" mode weighted by dice only). */
  readonly probability: Fraction;
  readonly paths: number;
}

export interface Violation {
  /** Labels of the answers and dice that lead to the state. */
  readonly path: readonly string[];
  /** The events from the start (the script first), for `his resolve --events`. */
  readonly events: readonly EngineEvent[];
  readonly violations: readonly string[];
}

export interface InvariantCount {
  readonly name: string;
  /** Built in (src/review/invariants.ts, or the explorer's answersAccepted), or a reviewer's. */
  readonly builtIn: boolean;
  readonly checked: number;
  readonly violations: number;
}

/** The explorer's own invariant: every answer it enumerated as legal (or a decision listed) is accepted when sent. */
export const ANSWERS_ACCEPTED = 'answersAccepted';

/** The name a reviewer's invariant is reported under: its function's name, or its place in the list. */
export function invariantName(inv: Invariant, i: number): string {
  return inv.name || `invariant ${i + 1}`;
}

export interface AnswerCount {
  /** Distinct decision states of this kind that were expanded. */
  readonly decisions: number;
  /** Answers sent in all (one per branch). */
  readonly answers: number;
  /** Decisions whose answer space was larger than what was enumerated. */
  readonly incomplete: number;
}

/** A decision nobody was asked on some path (ruling R9), with one refused candidate and the restriction that refused it. */
export interface SkippedSeen {
  readonly kind: SkippedDecision['kind'];
  readonly power: SkippedDecision['power'];
  readonly space: string;
  readonly option: Readonly<Record<string, string>>;
  readonly code: string;
  readonly rule: string;
  readonly ruling?: string;
  readonly reason: Text;
}

/** The refused candidates of the decisions `after` passed over since `before`, keyed so that each is kept once. */
export function skippedSince(
  world: World,
  before: Pick<RecordedSummary, 'skipped'>,
  after: Pick<RecordedSummary, 'skipped'>,
): [string, SkippedSeen][] {
  return after.skipped.slice(before.skipped.length).flatMap((d) =>
    d.refused.map((r): [string, SkippedSeen] => [
      JSON.stringify([d.kind, d.power, d.space, r.option, r.code]),
      {
        kind: d.kind,
        power: d.power,
        space: d.space,
        option: r.option,
        code: r.code,
        rule: r.rule,
        ...(r.ruling ? { ruling: r.ruling } : {}),
        reason: reasonOf(world, r),
      },
    ]),
  );
}

export interface ExploreReport {
  readonly mode: 'all' | 'policy';
  readonly answers: 'listed' | 'all' | 'policy';
  /** Complete paths (answer and dice sequences) from the start to the end of the move. */
  readonly paths: number;
  /** Nodes of the tree of those paths (every decision, roll and end point, counted once per path prefix). */
  readonly nodes: number;
  /** Distinct states expanded (the tree's nodes with equal futures merged): the work actually done. */
  readonly distinctStates: number;
  readonly truncated: boolean;
  /** Why the exploration stopped early, when it did. */
  readonly truncatedBy?: 'maxPaths' | 'maxNodes' | 'maxMs';
  readonly outcomes: readonly Outcome[];
  /** Sum over all paths of their dice probability: 1 under a policy. */
  readonly totalProbability: Fraction;
  readonly violations: readonly Violation[];
  readonly states: Readonly<Record<string, readonly string[]>>;
  /** Exact chances of what matters most, under a policy (also reported in "all" mode, weighted by dice only). */
  readonly marginals: Readonly<Record<string, Fraction>>;
  /** Per decision kind: how many decisions were expanded and how many answers were sent. */
  readonly answerCounts: Readonly<Record<string, AnswerCount>>;
  /**
   * Ruling R9: every decision some path passed over without asking anybody, once per power, space and refusal — the
   * candidate answers it refused and why (the summary's `skipped`, worded).
   */
  readonly skipped: readonly SkippedSeen[];
  /**
   * Every invariant by name — the built-in ones, the explorer's own check that every enumerated answer is accepted,
   * then the reviewer's — with the distinct states (answers, for `answersAccepted`) it was checked on and how many
   * of them violated it.
   */
  readonly invariants: readonly InvariantCount[];
  /** With `where`: the matching end positions, the shortest path first (then the most likely). */
  readonly matches?: readonly Match[];
  /** With `where`: the total chance of a matching outcome, and how often the query threw (counted as no match). */
  readonly matchProbability?: Fraction;
  readonly queryErrors?: { readonly count: number; readonly first?: string };
  /** With `queries`: per query, the chance of a matching outcome, how many end positions match, and how often it threw. */
  readonly queryResults?: readonly {
    readonly probability: Fraction;
    readonly ends: number;
    readonly errors: number;
    readonly firstError?: string;
  }[];
  /** With `coverage`: the transitions and guard outcomes reached (src/review/transitions.ts keys). */
  readonly reached?: Reached;
  /** Milliseconds spent. */
  readonly ms: number;
}

/** A scripted event the engine refused before the exploration began. */
export class ExploreScriptError extends Error {
  readonly index: number;
  readonly error: EngineError;

  constructor(index: number, error: EngineError) {
    super(`scripted event ${index} was refused: ${error.message}`);
    this.name = 'ExploreScriptError';
    this.index = index;
    this.error = error;
  }
}

export { describeSummary };

/** What a part of a move added to the summary: only the new entries. */
type MarginalDelta = Pick<RecordedSummary, 'interceptions' | 'battle' | 'captures' | 'siege' | 'retreats'>;

function marginalDelta(before: RecordedSummary, after: RecordedSummary): MarginalDelta {
  return {
    interceptions: after.interceptions.slice(before.interceptions.length),
    battle: before.battle ? null : after.battle,
    captures: after.captures.slice(before.captures.length),
    siege: before.siege ? null : after.siege,
    retreats: after.retreats.slice(before.retreats.length),
  };
}

const MARGINALS: readonly (readonly [string, (s: MarginalDelta) => boolean])[] = [
  ['interception succeeds', (s) => s.interceptions.some((i) => i.success)],
  ['a field battle is fought', (s) => s.battle !== null],
  ['the attacker wins the battle', (s) => s.battle?.winner === 'attacker'],
  ['the defender wins the battle', (s) => s.battle?.winner === 'defender'],
  ['a siege begins', (s) => s.siege !== null],
  ['a leader is captured', (s) => s.captures.length > 0],
];

/**
 * What the advisor (src/review/advise.ts) asks besides the marginals, as the bits after theirs: only an exploration
 * that asks for them (`CoreHooks.retreats`) tells its classes apart by them.
 */
export const RETREAT_FLAG = 1 << MARGINALS.length;

/** The marginal's bit in a class's flags. */
export function marginalFlag(name: string): number {
  const i = MARGINALS.findIndex(([n]) => n === name);
  if (i < 0) throw new Error(`no marginal named ${name}`);
  return 1 << i;
}

/** The marginal (and retreat) bits a whole summary makes true: what a move has done so far. */
export function flagsSoFar(summary: Summary): number {
  return flagsOf(marginalDelta(EMPTY_SUMMARY, summary), true);
}

/** The marginals a summary delta makes true, as a bit set (with `retreats`, the advisor's retreat bit too). */
function flagsOf(d: MarginalDelta, retreats = false): number {
  let bits = 0;
  MARGINALS.forEach(([, test], i) => {
    if (test(d)) bits |= 1 << i;
  });
  if (retreats && d.retreats.length > 0) bits |= RETREAT_FLAG;
  return bits;
}

export function positionKey(p: ResultPosition): string {
  return JSON.stringify({ stacks: p.stacks, sieges: p.sieges, captured: p.captured, cp: p.impulse.cp });
}

/**
 * What an end state's result position holds besides its position key, as JSON. The map, the leaders and the rulings
 * are the scenario's own, the same at every end of one exploration: left out, they are not written out again for each
 * of thousands of end states.
 */
function endRest(p: ResultPosition): string {
  return JSON.stringify([p.war, p.alliances, p.control, p.unrest, p.bonuses, p.impulse.power]);
}

/** A list shared by everything that extends it (a path from the start, its events): one link per state. */
type Trail<T> = { readonly items: readonly T[]; readonly prev: Trail<T> | undefined } | undefined;

function trail<T>(prev: Trail<T>, items: readonly T[]): Trail<T> {
  return items.length === 0 ? prev : { items, prev };
}

function listOf<T>(t: Trail<T>): T[] {
  const parts: (readonly T[])[] = [];
  for (let l = t; l; l = l.prev) parts.push(l.items);
  return parts.reverse().flat() as T[];
}

/** A path below a state, shared between the classes that extend it. */
export interface PathLink {
  readonly events: readonly EngineEvent[];
  readonly label: string;
  readonly next: PathLink | undefined;
}

/** Complete paths below a state that end in the same position and add the same marginals (and, with a query, the same summary). */
export interface PathClass {
  readonly end: string;
  readonly flags: number;
  /** With a query: the id of what these paths add to the summary (src/review/summary-delta.ts). */
  readonly delta: number;
  readonly probability: Fraction;
  readonly paths: number;
  /** With a query: the shortest of these paths, and its number of events. */
  readonly shortest: PathLink | undefined;
  readonly length: number;
}

export interface Subtree {
  readonly classes: ReadonlyMap<string, PathClass>;
  /** Tree nodes in the subtree, this one included. */
  readonly nodes: number;
}

interface Branch {
  /** One answer, one roll, or both rolls of a field battle (grouped by what they decide). */
  readonly events: readonly EngineEvent[];
  readonly p: Fraction;
  readonly label: string;
  /** At the first state of an exploration per answer (CoreHooks.perAnswer): the listed answer's index. */
  readonly answer?: number;
}

class Stop extends Error {
  readonly by: NonNullable<ExploreReport['truncatedBy']>;

  constructor(by: NonNullable<ExploreReport['truncatedBy']>) {
    super(by);
    this.by = by;
  }
}

function eventText(e: EngineEvent): string {
  const { type, ...rest } = e;
  return `${type} ${JSON.stringify(rest)}`;
}

function resultOf(r: ReturnType<Invariant>, name: string): string[] {
  if (r === undefined || r === null || r === true) return [];
  if (r === false) return [`${name}: does not hold`];
  if (typeof r === 'string') return [`${name}: ${r}`];
  if (Array.isArray(r)) return r.map((x) => `${name}: ${String(x)}`);
  return [];
}

/** Plays a script on a session as `resolve` does: an answer the engine applied itself (ruling R9) may be repeated. */
export function playScript(s: Session, script: readonly unknown[]): void {
  let forcedFrom = s.log.length;
  for (const [index, event] of script.entries()) {
    const before = s.log.length;
    const r = s.accept(event, 'script');
    if (r.ok) {
      forcedFrom = before + 1;
      continue;
    }
    if (s.log.slice(forcedFrom).some((a) => a.source === 'engine' && sameJson(a.event, event))) continue;
    throw new ExploreScriptError(index, r.error);
  }
}

function compareFractions(a: Fraction, b: Fraction): number {
  const l = a.n * b.d,
    r = b.n * a.d;
  return l > r ? 1 : l < r ? -1 : 0;
}

/** What the advisor (src/review/advise.ts) and the benchmark ask of an exploration besides its options. */
export interface CoreHooks {
  /** Explore from this session's state (a fork of it: the session is not changed) instead of the scenario's start. */
  readonly from?: Session | undefined;
  /**
   * At the first state, when it is a decision: branch on every listed answer, whatever the policy, and keep what
   * each answer's subtree holds apart (ExploreCore.perAnswer). The states below are shared between the answers.
   */
  readonly perAnswer?: boolean | undefined;
  /** Tell classes of paths apart by whether a retreat happened too (RETREAT_FLAG). */
  readonly retreats?: boolean | undefined;
  /**
   * Only the chances: no invariant is checked, no machine state collected, no passed-over decision worded (the
   * advisor's odds for a player; a reviewer's explore always checks them all).
   */
  readonly oddsOnly?: boolean | undefined;
  /**
   * What earlier explorations of the same scenario with the same policy and the same hooks learnt (the advisor keeps
   * one per session and policy): every state they finished is known at once, its future being its state key's alone.
   * Only for `oddsOnly` explorations under a built-in policy, without queries or a split: their classes of paths
   * carry neither summaries nor shortest paths, and no check is skipped that would otherwise run.
   */
  readonly memo?: ExploreMemo | undefined;
  /**
   * Adds the time spent sending the branches' events (Session.accept: the machines' transitions), in ms, the branches
   * sent and the machines' steps they took (trace steps: microsteps and procedures started).
   */
  readonly clock?: { acceptMs: number; accepts: number; steps?: number } | undefined;
}

/**
 * The explorer's memo, kept between explorations (CoreHooks.memo): each finished state's classes of complete paths by
 * its state key, the small numbers that name end positions and the rest of their results in the classes' keys, and
 * the end positions themselves. Only ever added to, and only with subtrees that are whole: an exploration a bound
 * stopped leaves nothing half-done in it.
 */
export interface ExploreMemo {
  readonly subtrees: Map<string, Subtree>;
  readonly endIds: Map<string, number>;
  readonly restIds: Map<string, number>;
  readonly ends: Map<string, { readonly position: ResultPosition; readonly description: string }>;
}

export function exploreMemo(): ExploreMemo {
  return { subtrees: new Map(), endIds: new Map(), restIds: new Map(), ends: new Map() };
}

/** With CoreHooks.perAnswer: one listed answer of the first decision, and what followed it. */
export interface AnswerSubtree {
  readonly index: number;
  readonly event: EngineEvent;
  /** The marginal (and retreat) bits the answer's own step made true. */
  readonly edge: number;
  /** Its subtree, or why the engine refused it (a violation of answersAccepted, reported there too). */
  readonly subtree?: Subtree;
  readonly refused?: string;
}

/** What an exploration found, before its report is assembled (a part of a parallel exploration hands it back). */
export interface ExploreCore {
  readonly mode: 'all' | 'policy';
  readonly answers: ExploreReport['answers'];
  readonly top: Subtree;
  /** Every end position met, with its description (empty under CoreHooks.oddsOnly, which reads positions only). */
  readonly ends: ReadonlyMap<string, { readonly position: ResultPosition; readonly description: string }>;
  readonly deltas: DeltaTable;
  readonly violations: readonly Violation[];
  readonly states: ReadonlyMap<string, ReadonlySet<string>>;
  readonly counts: ReadonlyMap<string, AnswerCount>;
  /** The decisions paths passed over without asking anybody (ruling R9), each refused candidate once. */
  readonly skipped: ReadonlyMap<string, SkippedSeen>;
  /** Per invariant: the checks made and the violations found (reviewer invariants by invariantName). */
  readonly invariants: InvariantTally;
  readonly reviewerInvariants: readonly string[];
  readonly reached: Reached | undefined;
  readonly expanded: number;
  readonly pathsSoFar: number;
  readonly truncatedBy: ExploreReport['truncatedBy'];
  readonly rootSummary: Summary;
  readonly prefix: readonly EngineEvent[];
  readonly started: number;
  /** With CoreHooks.perAnswer: each listed answer of the first decision, in order (empty when it was a roll). */
  readonly perAnswer: readonly AnswerSubtree[];
  /** With `split`: what every part computes alike before the split (the chain of single-branch states and the split state). */
  readonly shared: {
    readonly expanded: number;
    readonly nodes: number;
    readonly counts: ReadonlyMap<string, AnswerCount>;
    readonly invariants: InvariantTally;
  };
}

const fn = (what: string) =>
  z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', { error: `${what} must be a function` });
const count = (what: string, min: number) =>
  z
    .number({ error: `${what} must be a whole number of at least ${min}` })
    .int({ error: `${what} must be a whole number of at least ${min}` })
    .min(min, { error: `${what} must be a whole number of at least ${min}` });

/** The explorer's options, checked at the edge like a session's (SessionOptionsError for a bad one). */
export const ExploreOptionsSchema = z
  .object({
    decisions: z
      .union([z.enum(['all', 'decline', 'eager']), fn('decisions')], {
        error: "decisions must be 'all', 'decline', 'eager' or a policy function",
      })
      .optional(),
    answers: z.enum(['listed', 'all'], { error: "answers must be 'listed' or 'all'" }).optional(),
    events: z
      .array(z.unknown(), { error: 'events must be an array of events' })
      .max(LIMITS.events, { error: `events holds at most ${LIMITS.events} events` })
      .optional(),
    invariants: z.array(fn('an invariant'), { error: 'invariants must be an array of functions' }).optional(),
    where: fn('where').optional(),
    queries: z.array(fn('a query'), { error: 'queries must be an array of functions' }).optional(),
    coverage: z.boolean({ error: 'coverage must be true or false' }).optional(),
    split: z
      .object(
        { parts: count('split.parts', 1), part: count('split.part', 0) },
        { error: 'split must be {parts, part}' },
      )
      .strict()
      .refine((x) => x.part < x.parts, { error: 'split.part must be below split.parts' })
      .optional(),
    maxPaths: count('maxPaths', 1).optional(),
    maxNodes: count('maxNodes', 1).optional(),
    maxMs: z
      .number({ error: 'maxMs must be a number of milliseconds above 0' })
      .positive({ error: 'maxMs must be a number of milliseconds above 0' })
      .optional(),
  })
  .strict();

export function explore(scenario: Scenario, options: ExploreOptions = {}): ExploreReport {
  const checked = optionsOf(ExploreOptionsSchema, options) as unknown as ExploreOptions;
  return assembleReport(exploreCore(scenario, checked), checked);
}

/** How the explorer branches at a built decision (the explorer's options; the estimate takes the same). */
export interface BranchHow {
  /** A policy answers every decision (`decisions` other than `'all'`). */
  readonly policy?: Policy | undefined;
  /** The listed answers, or every legal answer (`--answers all`); ignored with a policy. */
  readonly answers: 'listed' | 'all' | 'policy';
  readonly deadline: number;
  /** The summary the decision was reached with, read only for every legal answer (they may depend on it). */
  readonly summary: () => SessionResult['summary'];
}

/**
 * The branches the explorer takes at a session's built decision: every dice outcome as the explorer groups them
 * (with its chance), the policy's answer, or the listed or every legal answer. The one place this choice is made:
 * the explorer (`exploreCore`) and the size estimate (src/review/estimate.ts) both take it. `answered` is what the
 * explorer tallies of an answered decision (its answers and whether they are all of them); none for a roll.
 */
export function decisionBranches(
  scenario: Scenario,
  s: Session,
  d: Decision,
  how: BranchHow,
): {
  readonly branches: Iterable<Branch>;
  readonly answered?: { readonly answers: number; readonly complete: boolean };
} {
  if (d.kind === 'roll' && d.roll) {
    const roll = d.roll;
    return {
      branches: (function* () {
        for (const o of rollOutcomes(roll))
          yield {
            events: o.rolls.map((values) => ({ type: 'dice.rolled', values: [...values] }) as EngineEvent),
            p: o.probability,
            label: `${d.power} ${roll.purpose} roll: ${o.label}`,
          };
      })(),
    };
  }
  if (how.policy)
    return {
      branches: [{ events: [how.policy(d) ?? d.options[0]!.event], p: ONE, label: `${d.power} ${d.kind}` }],
      answered: { answers: 1, complete: true },
    };
  if (how.answers === 'all') {
    const set = allAnswers(d, {
      world: worldAt(scenario.world, s.positionRead()),
      summary: how.summary(),
      deadline: how.deadline,
    });
    const labels = new Map(d.options.map((o) => [JSON.stringify(o.event), o.label.en]));
    return {
      branches: set.events.map((e) => ({
        events: [e],
        p: ONE,
        label: labels.get(JSON.stringify(e)) ?? `${d.power} ${d.kind}: ${eventText(e)}`,
      })),
      answered: { answers: set.events.length, complete: set.complete },
    };
  }
  return {
    branches: d.options.map((o) => ({ events: [o.event], p: ONE, label: o.label.en })),
    answered: { answers: d.options.length, complete: d.limits?.optionsComplete !== false },
  };
}

export function exploreCore(scenario: Scenario, options: ExploreOptions = {}, hooks: CoreHooks = {}): ExploreCore {
  const started = performance.now();
  const clock = hooks.clock;
  const lean = hooks.oddsOnly === true;
  const perAnswer: AnswerSubtree[] = [];
  /** The first state's session, while its decision's listed answers are to be branched on one by one. */
  let answersAt: Session | undefined;
  const mode = options.decisions === undefined || options.decisions === 'all' ? 'all' : 'policy';
  const { policy, bare }: { policy?: Policy; bare?: BarePolicy } =
    mode === 'policy' ? answeringPolicy(options.decisions as Policy | PolicyName) : {};
  const answers = mode === 'policy' ? 'policy' : (options.answers ?? 'listed');
  const maxPaths = options.maxPaths ?? 1_000_000;
  const maxNodes = options.maxNodes ?? 200_000;
  const deadline = options.maxMs === undefined ? Infinity : started + options.maxMs;
  const where = options.where;
  const queries = options.queries ?? [];
  /** Whether classes keep what they add to the summary (a query needs the whole summary at each end). */
  const tracksSummary = where !== undefined || queries.length > 0;
  const reviewerInvariants = options.invariants ?? [];
  const deltas = new DeltaTable();
  if (hooks.memo && (!lean || !bare || tracksSummary || options.split))
    throw new Error('a memo kept between explorations is for the odds under a built-in policy only');
  const kept = hooks.memo ?? exploreMemo();
  const memo = kept.subtrees;
  // What only needs each end position's chance, path count and marginals keeps the states as a graph and lets the
  // chances flow forward at the end (src/review/state-graph.ts): memory and work proportional to the states and their
  // edges. A query's summaries and shortest paths, an answer's own subtree (the advisor) and a memo kept between
  // explorations need each state's classes of paths below it: those keep them (`merge`).
  const graph = tracksSummary || hooks.perAnswer || hooks.memo ? undefined : new StateGraph();
  /** A state whose future is known: its classes of paths, or its number in the graph. */
  type Known = Subtree | number;
  const pathsOf = (k: Known) => (typeof k === 'number' ? graph!.paths(k) : sumPaths(k));
  const nodesOf = (k: Known) => (typeof k === 'number' ? graph!.nodes(k) : k.nodes);
  // A class's key names its end position by a small number: the position's JSON is long, and keys are made for every
  // class of every subtree at every edge.
  const endIds = kept.endIds;
  const endId = (end: string) => {
    let id = endIds.get(end);
    if (id === undefined) endIds.set(end, (id = endIds.size));
    return id;
  };
  // The memo key of an end state is its whole result position: its position key and the rest (endRest), each named by
  // a small number — the key of a state that is not over is its machines' JSON, never of this form.
  const restIds = kept.restIds;
  const endStateKey = (end: string, p: ResultPosition) => {
    const rest = endRest(p);
    let id = restIds.get(rest);
    if (id === undefined) restIds.set(rest, (id = restIds.size));
    return `end:${endId(end)}:${id}`;
  };
  const ends = kept.ends;
  const parsed = new Map<string, string[]>();
  const violations: Violation[] = [];
  const states = new Map<string, Set<string>>();
  const counts = new Map<string, { decisions: number; answers: number; incomplete: number }>();
  const skipped = new Map<string, SkippedSeen>();
  const reached = options.coverage ? new Reached() : undefined;
  let expanded = 0;
  let pathsSoFar = 0;
  /** Before the split state is expanded (and while it is), every part does the same work: counted apart. */
  let splitPending = options.split !== undefined && options.split.parts > 1;
  const shared = {
    expanded: 0,
    nodes: 0,
    counts: new Map<string, { decisions: number; answers: number; incomplete: number }>(),
    invariants: new Map() as InvariantTally,
  };
  const invariants: InvariantTally = new Map();
  /** Where an invariant's check is counted: before the split, in what every part counts alike too. */
  const tallies = () => (splitPending ? [invariants, shared.invariants] : [invariants]);

  const observe = (s: Session, from: number) => {
    for (const t of s.statesSince(from)) {
      const set = states.get(t.machine) ?? new Set<string>();
      set.add(t.state);
      states.set(t.machine, set);
    }
    reached?.addTrace(s.stepsSince(0), from);
  };
  /** The invariants at a state; `end` is the key of the end position when the move is over. */
  /** The clock, read between the parts of a long step (the invariants of a state, the result's parse). */
  const inTime = () => {
    if (performance.now() > deadline) throw new Stop('maxMs');
  };
  // What a reviewer reads (an invariant, a query's summary) is frozen; the explorer's own reading of a state is not
  // made to freeze it (the built-in invariants and the summary deltas only read).
  const handsOut = reviewerInvariants.length > 0 || tracksSummary;
  const summaryOf = (s: Session) => (handsOut ? s.summary : s.summaryRead());
  /** What the explorer reads of a step's summary (its marginals, the decisions passed over): as the machines record it. */
  const recordedOf = (s: Session): RecordedSummary => (handsOut ? s.summary : s.recordedSummary());
  const check = (s: Session, path: Trail<string>, events: Trail<EngineEvent>, end?: string) => {
    inTime();
    const o = {
      position: handsOut ? s.position : s.positionRead(),
      transit: s.inTransit?.stacks ?? [],
      summary: summaryOf(s),
    };
    const found = end
      ? [...endViolations(scenario, o, { parse: false }, tallies())]
      : stepViolations(scenario, o, tallies());
    if (end) {
      // The result must parse as the next scenario: checked once per distinct end position.
      let p = parsed.get(end);
      if (!p) {
        inTime();
        parsed.set(end, (p = resultPositionParseViolations(s.resultPosition()!)));
        countCheck(tallies(), RESULT_PARSES, p.length > 0);
      }
      found.push(...p);
    }
    if (reviewerInvariants.length > 0) {
      const node: ExploreNode = {
        scenario,
        position: o.position,
        transit: o.transit,
        summary: o.summary,
        pending: end ? null : s.pending,
        result: end ? s.result : null,
      };
      reviewerInvariants.forEach((inv, i) => {
        inTime();
        const name = invariantName(inv, i);
        let messages: string[];
        try {
          messages = resultOf(inv(node), name);
        } catch (e) {
          messages = [`${name}: threw ${(e as Error)?.message ?? String(e)}`];
        }
        countCheck(tallies(), name, messages.length > 0);
        found.push(...messages);
      });
    }
    if (found.length) violations.push({ path: listOf(path), events: listOf(events), violations: found });
  };

  const tally = (d: Pick<Decision, 'kind'>, n: number, complete: boolean) => {
    for (const table of splitPending ? [counts, shared.counts] : [counts]) {
      const c = table.get(d.kind) ?? { decisions: 0, answers: 0, incomplete: 0 };
      c.decisions++;
      c.answers += n;
      if (!complete) c.incomplete++;
      table.set(d.kind, c);
    }
  };

  const branchesOf = (s: Session, d: Decision | DecisionView): Iterable<Branch> => {
    const first = s === answersAt;
    // Only the first state's own decision: the last branch below it takes the same session object.
    answersAt = undefined;
    if (first && d.kind !== 'roll' && 'prompt' in d) {
      tally(d, d.options.length, d.limits?.optionsComplete !== false);
      return d.options.map((o, answer) => ({ events: [o.event], p: ONE, label: o.label.en, answer }));
    }
    if (!('prompt' in d)) {
      // A bare decision comes only from a built-in policy's session: `bare` answers it.
      tally(d, 1, true);
      return [{ events: [bare?.(d) ?? d.options[0]!.event], p: ONE, label: `${d.power} ${d.kind}` }];
    }
    const { branches, answered } = decisionBranches(scenario, s, d, {
      policy,
      answers,
      deadline,
      summary: () => summaryOf(s),
    });
    if (answered) tally(d, answered.answers, answered.complete);
    return branches;
  };

  /** A state being expanded: its branches, the classes of complete paths found below it so far. */
  interface Frame {
    readonly s: Session;
    readonly key: string;
    /** The first state's listed answers are its branches (CoreHooks.perAnswer): its subtree is not memoised. */
    readonly listed: boolean;
    /** The kind of the decision only: the decision itself (options, refused answers) is not kept while below it. */
    readonly kind: Decision['kind'];
    readonly path: Trail<string>;
    readonly events: Trail<EngineEvent>;
    /** The summary as recorded (as handed out when a query or a reviewer's invariant reads the summaries). */
    readonly before: RecordedSummary;
    readonly branches: Iterator<Branch>;
    next: IteratorResult<Branch>;
    readonly classes: Map<string, PathClass>;
    /** In the graph: the edges to the branches' states. */
    readonly edges: PendingEdges | undefined;
    nodes: number;
    /** The branch whose subtree is being explored, with what its edge added. */
    taken?: { readonly b: Branch; readonly edge: number; readonly edgeDelta: number } | undefined;
  }

  /** The classes of a child's subtree, reached over branch `b`, added to its parent's. */
  const merge = (f: Frame, b: Branch, edge: number, edgeDelta: number, sub: Subtree) => {
    f.nodes += sub.nodes;
    for (const c of sub.classes.values()) {
      const flags = c.flags | edge;
      const delta = tracksSummary ? deltas.compose(edgeDelta, c.delta) : 0;
      const k = `${endId(c.end)}#${flags}#${delta}`;
      const prev = f.classes.get(k);
      const p = mul(c.probability, b.p);
      const length = c.length + b.events.length;
      const better = where && (!prev || length < prev.length);
      f.classes.set(k, {
        end: c.end,
        flags,
        delta,
        probability: prev ? add(prev.probability, p) : p,
        paths: (prev?.paths ?? 0) + c.paths,
        shortest: better ? { events: b.events, label: b.label, next: c.shortest } : prev?.shortest,
        length: better ? length : (prev?.length ?? 0),
      });
    }
  };

  /**
   * Enters a state: its subtree when it is known at once (memoised, or the end of the move), otherwise the frame
   * that expands it.
   */
  const enter = (s: Session, path: Trail<string>, events: Trail<EngineEvent>): Known | Frame => {
    // Once the move is over, nothing is left but its result: end states with the same result position have the same
    // (one-path) future, and its JSON is a shorter key than the whole tree's.
    // The result itself (its summary worded, both frozen) is read only at an end position not met before.
    const over = s.resultPosition();
    const end = over ? positionKey(over) : undefined;
    const key = over ? endStateKey(end!, over) : s.stateKey();
    // The first state of an exploration per answer branches on every listed answer, not on the policy's: what it
    // finds is not the policy's future of that state, so it is neither looked up nor kept (a roll is the same both ways).
    const listed = s === answersAt && s.pending !== null && s.pending.kind !== 'roll';
    const known = listed ? undefined : graph ? graph.get(key) : memo.get(key);
    if (known !== undefined) {
      pathsSoFar += pathsOf(known);
      if (pathsSoFar >= maxPaths) throw new Stop('maxPaths');
      return known;
    }
    // A built-in policy answers casualties and retreats from their bare answers, unless a reviewer's invariant reads
    // the pending decision: nothing is worded that nobody reads.
    const d = (bare && reviewerInvariants.length === 0 && s !== answersAt ? s.bareDecision() : undefined) ?? s.pending;
    if (!d) {
      if (!lean) check(s, path, events, end);
      // The position is handed out in the report (frozen); the summary is read for its description only. The odds
      // alone (the advisor) read neither the description nor a frozen position.
      if (!ends.has(end!))
        ends.set(
          end!,
          lean
            ? { position: over!, description: '' }
            : { position: deepFreeze(over!), description: describeSummary(summaryOf(s)) },
        );
      pathsSoFar++;
      if (graph) {
        const id = graph.end(key, end!);
        if (pathsSoFar >= maxPaths) throw new Stop('maxPaths');
        return id;
      }
      const leaf: Subtree = {
        classes: new Map([
          [
            `${endId(end!)}#0#0`,
            { end: end!, flags: 0, delta: 0, probability: ONE, paths: 1, shortest: undefined, length: 0 },
          ],
        ]),
        nodes: 1,
      };
      memo.set(key, leaf);
      if (pathsSoFar >= maxPaths) throw new Stop('maxPaths');
      return leaf;
    }
    if (!lean) check(s, path, events);
    if (++expanded > maxNodes) throw new Stop('maxNodes');
    if (performance.now() > deadline) throw new Stop('maxMs');
    let source = branchesOf(s, d);
    if (splitPending) {
      shared.expanded++;
      shared.nodes++;
      const all = [...source];
      if (all.length >= 2) {
        splitPending = false;
        source = all.filter((_, i) => i % options.split!.parts === options.split!.part);
      } else source = all;
    }
    // Lazy, one branch ahead: a roll of many dice does not build every outcome when the exploration stops early.
    const branches = source[Symbol.iterator]();
    const before = recordedOf(s);
    return {
      s,
      key,
      listed,
      kind: d.kind,
      path,
      events,
      before,
      branches,
      next: branches.next(),
      classes: new Map(),
      edges: graph ? pendingEdges() : undefined,
      nodes: 1,
    };
  };

  /**
   * Explores every path below `start`. Iterative, with a stack of frames: a move as long as its decisions (thousands
   * of interceptions) costs heap, not the call stack; a path and its events are shared lists, one link per state.
   */
  const visit = (start: Session, path: Trail<string>, events: Trail<EngineEvent>): Known => {
    const first = enter(start, path, events);
    if (!isFrame(first)) return first;
    const stack: Frame[] = [first];
    for (;;) {
      const f = stack.at(-1)!;
      let child: Frame | undefined;
      while (!f.next.done) {
        const b = f.next.value;
        f.next = f.branches.next();
        if (performance.now() > deadline) throw new Stop('maxMs');
        // The last branch takes this session itself: nothing reads it once its subtree is known.
        const s = f.next.done ? f.s : f.s.fork();
        const from = s.traceLength;
        const where_ = trail(f.path, [b.label]);
        const events_ = trail(f.events, b.events);
        const t0 = clock ? performance.now() : 0;
        const refused = b.events.map((e) => s.accept(e, 'policy')).find((r) => !r.ok);
        if (clock) {
          clock.acceptMs += performance.now() - t0;
          clock.accepts++;
          clock.steps = (clock.steps ?? 0) + s.traceLength - from;
        }
        if (f.kind !== 'roll') countCheck(tallies(), ANSWERS_ACCEPTED, refused !== undefined && !refused.ok);
        if (refused && !refused.ok) {
          if (b.answer !== undefined)
            perAnswer.push({ index: b.answer, event: b.events[0]!, edge: 0, refused: refused.error.message });
          violations.push({
            path: listOf(where_),
            events: listOf(events_),
            violations: [
              `${answers === 'all' ? 'an enumerated legal answer' : 'a listed answer'} was refused: ${refused.error.message}`,
            ],
          });
          continue;
        }
        const after = recordedOf(s);
        if (!lean) {
          observe(s, from);
          for (const [k, v] of skippedSince(scenario.world, f.before, after)) if (!skipped.has(k)) skipped.set(k, v);
        }
        const edge = flagsOf(marginalDelta(f.before, after), hooks.retreats);
        // Tracked, the summaries are the worded ones (handsOut).
        const edgeDelta = tracksSummary ? deltas.intern(summaryDelta(f.before as Summary, after as Summary)) : 0;
        const sub = enter(s, where_, events_);
        if (isFrame(sub)) {
          f.taken = { b, edge, edgeDelta };
          child = sub;
          break;
        }
        mergeBranch(f, b, edge, edgeDelta, sub);
      }
      if (child) {
        stack.push(child);
        continue;
      }
      // Every branch of this state is explored: its subtree is known.
      let subtree: Known;
      if (graph) subtree = graph.finish(f.key, f.edges!);
      else {
        subtree = { classes: f.classes, nodes: f.nodes };
        if (!f.listed) memo.set(f.key, subtree);
      }
      stack.pop();
      const parent = stack.at(-1);
      if (!parent) return subtree;
      const { b, edge, edgeDelta } = parent.taken!;
      parent.taken = undefined;
      mergeBranch(parent, b, edge, edgeDelta, subtree);
    }
  };

  /** A branch's subtree added to its state's; a listed answer of the first decision is kept apart too. */
  const mergeBranch = (f: Frame, b: Branch, edge: number, edgeDelta: number, sub: Known) => {
    if (typeof sub === 'number') {
      const e = f.edges!;
      e.child.push(sub);
      e.flags.push(edge);
      e.p.push(b.p);
      e.nodes += nodesOf(sub);
      e.paths += pathsOf(sub);
      return;
    }
    if (b.answer !== undefined) perAnswer.push({ index: b.answer, event: b.events[0]!, edge, subtree: sub });
    merge(f, b, edge, edgeDelta, sub);
  };

  const root = hooks.from ? hooks.from.fork() : createSession(scenario);
  const script = (options.events ?? []).length > 0 ? [...(options.events ?? [])] : [];
  playScript(root, script);
  if (hooks.perAnswer) answersAt = root;
  const prefix: EngineEvent[] = root.log.filter((a) => a.source !== 'engine').map((a) => a.event);
  observe(root, 0);
  const rootSummary = root.summary;
  for (const [k, v] of skippedSince(scenario.world, EMPTY_SUMMARY, rootSummary)) skipped.set(k, v);
  let top: Subtree = { classes: new Map(), nodes: 0 };
  let truncatedBy: ExploreReport['truncatedBy'];
  try {
    const known = visit(root, undefined, trail(undefined, prefix));
    top =
      typeof known === 'number'
        ? { classes: graph!.classes(known, (end, flags) => `${endId(end)}#${flags}#0`), nodes: graph!.nodes(known) }
        : known;
  } catch (e) {
    if (e instanceof DeadlinePassed) truncatedBy = 'maxMs';
    else if (e instanceof Stop) truncatedBy = e.by;
    else throw e;
  }

  return {
    mode,
    answers,
    top,
    ends,
    deltas,
    violations,
    states,
    counts,
    skipped,
    invariants,
    reviewerInvariants: reviewerInvariants.map(invariantName),
    reached,
    expanded,
    pathsSoFar,
    truncatedBy,
    rootSummary,
    prefix,
    started,
    perAnswer,
    shared,
  };
}

/** The report of an exploration: outcomes, marginals, matches and query answers from the classes of complete paths. */
export function assembleReport(
  core: ExploreCore,
  options: Pick<ExploreOptions, 'where' | 'queries'> = {},
): ExploreReport {
  const { ends, truncatedBy } = core;
  const where = options.where;
  const queries = options.queries ?? [];
  const tracksSummary = where !== undefined || queries.length > 0;
  const outcomes = new Map<
    string,
    { position: ResultPosition; description: string; probability: Fraction; paths: number }
  >();
  const marginals = Object.fromEntries(MARGINALS.map(([name]) => [name, ZERO])) as Record<string, Fraction>;
  // The marginals are the whole move's: what it did before the first branch (a script played first, steps the engine
  // took by itself) holds on every path, as the classes' flags hold what each path did after it.
  const soFar = flagsSoFar(core.rootSummary);
  let total = ZERO;
  let paths = 0;
  const matches = new Map<string, { best: PathClass; summary: Summary; probability: Fraction; paths: number }>();
  let matchProbability = ZERO;
  let queryErrors = 0;
  let firstQueryError: string | undefined;
  const answered = queries.map(() => ({
    probability: ZERO,
    ends: new Set<string>(),
    errors: 0,
    firstError: undefined as string | undefined,
  }));
  // A query reads the end position with every field, made once per end position.
  const full = new Map<string, QueryPosition>();
  const fullPosition = (key: string, p: ResultPosition) => {
    let q = full.get(key);
    if (!q) full.set(key, (q = queryPosition(p)));
    return q;
  };
  for (const c of core.top.classes.values()) {
    const end = ends.get(c.end)!;
    const prev = outcomes.get(c.end);
    outcomes.set(c.end, {
      ...end,
      probability: add(prev?.probability ?? ZERO, c.probability),
      paths: (prev?.paths ?? 0) + c.paths,
    });
    MARGINALS.forEach(([name], i) => {
      if ((c.flags | soFar) & (1 << i)) marginals[name] = add(marginals[name] ?? ZERO, c.probability);
    });
    total = add(total, c.probability);
    paths += c.paths;
    const summaryHere = tracksSummary ? applyDelta(core.rootSummary, core.deltas.get(c.delta)) : undefined;
    const position = tracksSummary ? fullPosition(c.end, end.position) : undefined;
    queries.forEach((q, i) => {
      const a = answered[i]!;
      try {
        if (!q({ position: position!, summary: summaryHere! })) return;
      } catch (e) {
        // A property that does not exist is a typo in the query, not "no match": reported at once.
        if (e instanceof QueryPropertyError) throw e;
        a.errors++;
        a.firstError ??= (e as Error)?.message ?? String(e);
        return;
      }
      a.probability = add(a.probability, c.probability);
      a.ends.add(c.end);
    });
    if (where) {
      const summary = summaryHere!;
      let hit = false;
      try {
        hit = Boolean(where({ position: position!, summary }));
      } catch (e) {
        if (e instanceof QueryPropertyError) throw e;
        queryErrors++;
        firstQueryError ??= (e as Error)?.message ?? String(e);
      }
      if (!hit) continue;
      matchProbability = add(matchProbability, c.probability);
      const m = matches.get(c.end);
      if (!m) matches.set(c.end, { best: c, summary, probability: c.probability, paths: c.paths });
      else {
        m.probability = add(m.probability, c.probability);
        m.paths += c.paths;
        if (c.length < m.best.length) {
          m.best = c;
          m.summary = summary;
        }
      }
    }
  }
  const byChance = <T extends { probability: Fraction; key: string }>(a: T, b: T) =>
    compareFractions(b.probability, a.probability) || a.key.localeCompare(b.key);
  // Two end positions whose paths read alike are told apart by what their positions hold.
  const list = distinguish([...outcomes.entries()].map(([key, o]) => ({ key, ...o })).sort(byChance));
  const matchList: Match[] | undefined = where
    ? [...matches.entries()]
        .map(([key, m]) => {
          const evs: EngineEvent[] = [...core.prefix];
          const labels: string[] = [];
          for (let l = m.best.shortest; l; l = l.next) {
            evs.push(...l.events);
            labels.push(l.label);
          }
          const end = ends.get(key)!;
          return {
            key,
            position: end.position,
            summary: m.summary,
            description: describeSummary(m.summary),
            events: evs,
            labels,
            probability: m.probability,
            paths: m.paths,
          };
        })
        .sort((a, b) => a.events.length - b.events.length || byChance(a, b))
    : undefined;
  const invariantCounts = (name: string, builtIn: boolean): InvariantCount => ({
    name,
    builtIn,
    checked: core.invariants.get(name)?.checked ?? 0,
    violations: core.invariants.get(name)?.violations ?? 0,
  });
  return {
    mode: core.mode,
    answers: core.answers,
    paths: truncatedBy ? core.pathsSoFar : paths,
    nodes: core.top.nodes,
    distinctStates: core.expanded,
    truncated: truncatedBy !== undefined,
    ...(truncatedBy ? { truncatedBy } : {}),
    outcomes: list,
    totalProbability: total,
    violations: core.violations,
    states: Object.fromEntries([...core.states.entries()].map(([m, set]) => [m, [...set].sort()])) as Record<
      MachineId,
      string[]
    >,
    marginals,
    answerCounts: Object.fromEntries([...core.counts.entries()].sort(([a], [b]) => a.localeCompare(b))),
    skipped: [...core.skipped.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v),
    invariants: [
      ...[...BUILT_IN_INVARIANTS.map((i) => i.name), ANSWERS_ACCEPTED].map((n) => invariantCounts(n, true)),
      ...[...new Set(core.reviewerInvariants)].map((n) => invariantCounts(n, false)),
    ],
    ...(matchList
      ? {
          matches: distinguish(matchList),
          matchProbability,
          queryErrors: { count: queryErrors, ...(firstQueryError !== undefined ? { first: firstQueryError } : {}) },
        }
      : {}),
    ...(queries.length
      ? {
          queryResults: answered.map((a) => ({
            probability: a.probability,
            ends: a.ends.size,
            errors: a.errors,
            ...(a.firstError !== undefined ? { firstError: a.firstError } : {}),
          })),
        }
      : {}),
    ...(core.reached ? { reached: core.reached } : {}),
    ms: performance.now() - core.started,
  };
}

function isFrame<F extends { readonly branches: unknown }>(x: F | Subtree | number): x is F {
  return typeof x === 'object' && 'branches' in x;
}

function sumPaths(t: Subtree): number {
  let n = 0;
  for (const c of t.classes.values()) n += c.paths;
  return n;
}
