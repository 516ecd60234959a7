// The advisor: at the pending decision, what each listed answer gives — the exact outcome of the move when the
// decisions after it are answered by a policy (decline by default) and every dice outcome is weighed by its chance.
// For each answer: the chance that the mover wins a field battle, that a battle is fought, that a leader is captured,
// that a siege begins, that someone retreats, and each side's expected land-unit losses, as exact fractions and as
// numbers. Each is of the whole move: what it has done already counts (after a battle its winner's chance is 1), and
// losses are counted from the move's start.
//
// One exploration serves every answer (exploreCore with `perAnswer`): its first state branches on each listed
// answer, and the states below are memoised once for all of them — answers of one decision often meet again (a
// declined interception and a failed one lead to the same battle), and what is known below a shared state is not
// explored twice. The advice at a session's later decisions reuses what its earlier advice explored (per session and
// built-in policy): a state's future under a policy is its state key's alone, so a state finished once is known at
// once however the game came back to it. The bounds are the explorer's (maxPaths, maxNodes, maxMs): a run one of them stops is an
// AdviseLimitError naming it, never a table of chances that only looks like an answer.
//
// Browser-safe: nothing here imports node: modules (the walkthrough page calls it through the package's root).
import { z } from 'zod';
import type { Policy, PolicyName } from '../engine/resolve.ts';
import type { Session } from '../engine/session.ts';
import { optionsOf } from '../engine/session-options.ts';
import type { EngineEvent } from '../schema/events.ts';
import type { Decision } from '../schema/decision.ts';
import type { Power } from '../schema/power.ts';
import type { ResultPosition } from '../schema/result.ts';
import type { Stack } from '../schema/scenario.ts';
import { type Text, msg } from '../text/text.ts';
import {
  exploreCore,
  exploreMemo,
  flagsSoFar,
  marginalFlag,
  RETREAT_FLAG,
  type ExploreCore,
  type ExploreMemo,
  type Subtree,
} from './explore.ts';
import { add, format, fraction, mul, toNumber, ZERO, type Fraction } from './fraction.ts';

/** An exact chance or expectation: the fraction as text ("5/12") and as a number. */
export interface Exact {
  readonly fraction: string;
  readonly value: number;
}

/** What one listed answer gives, under the policy, from here to the end of the move. */
export interface AnswerAdvice {
  /** The answer's place in the decision's options. */
  readonly index: number;
  readonly event: EngineEvent;
  readonly label: Text;
  /** The chance that the moving power's formation wins a field battle (14: the formation that moved attacks). */
  readonly moverWinsBattle: Exact;
  /** The chance that a field battle is fought at all. */
  readonly battle: Exact;
  /** The chance that a leader is captured (13.3, 14.1, rulings R23, R24). */
  readonly capture: Exact;
  /** The chance that a siege begins (15, ruling R13). */
  readonly siege: Exact;
  /** The chance that some stack retreats (14.1, 15.3), the retreats the rules order included. */
  readonly retreat: Exact;
  /**
   * Expected land units lost in the move: by the mover (the power whose impulse it is) and by every other power
   * together; units are only ever eliminated, so this is what the board held at the move's start less what it holds
   * at the end.
   */
  readonly losses: { readonly mover: Exact; readonly others: Exact };
  /** The dice paths after this answer, and the distinct end positions they reach. */
  readonly paths: number;
  readonly ends: number;
}

export interface Advice {
  /** The decision advised on, or null when the move is over (then there is no answer to advise on). */
  readonly decision: { readonly kind: Decision['kind']; readonly power: Power } | null;
  /** The policy that answers the decisions after each answer. */
  readonly policy: PolicyName | 'custom';
  /** The power whose impulse it is. */
  readonly mover: Power;
  /** One per listed answer, in the decision's order; a roll is one answer: rolling it. */
  readonly answers: readonly AnswerAdvice[];
  /**
   * Distinct states this call expanded for all the answers together (each once, however many answers reach it; a
   * state the session's earlier advice finished under the same policy is not expanded again).
   */
  readonly distinctStates: number;
  readonly ms: number;
}

export interface AdviseOptions {
  /** Who answers the decisions after each answer: 'decline' (the default), 'eager' or a function. */
  readonly policy?: Policy | PolicyName | undefined;
  /** Stop with an AdviseLimitError once this many complete paths are counted (default 1 000 000). */
  readonly maxPaths?: number | undefined;
  /** … once this many distinct states are expanded (default 200 000). */
  readonly maxNodes?: number | undefined;
  /** … once this much wall time (milliseconds) has passed (default: none). */
  readonly maxMs?: number | undefined;
}

/** The explorer's defaults, which the advisor shares (src/review/explore.ts). */
export const ADVISE_DEFAULTS = { maxPaths: 1_000_000, maxNodes: 200_000 } as const;

/** A bound stopped the advisor before every answer's odds were exact: which one, and its value. */
export class AdviseLimitError extends Error {
  readonly limit: { readonly name: 'maxPaths' | 'maxNodes' | 'maxMs'; readonly value: number };

  constructor(name: AdviseLimitError['limit']['name'], value: number, core: ExploreCore) {
    super(
      `the advice was stopped by ${name} ${value} after expanding ${core.expanded} distinct states and reaching the end of ${core.pathsSoFar} paths: no odds are given; raise ${name} for the whole of them`,
    );
    this.name = 'AdviseLimitError';
    this.limit = { name, value };
  }
}

const count = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of at least 1` })
    .int({ error: `${what} must be a whole number of at least 1` })
    .min(1, { error: `${what} must be a whole number of at least 1` });

/** The advisor's options, checked at the edge like the explorer's (SessionOptionsError for a bad one). */
export const AdviseOptionsSchema = z
  .object({
    policy: z
      .union(
        [
          z.enum(['decline', 'eager']),
          z.custom<Policy>((v) => typeof v === 'function', { error: 'policy must be a function' }),
        ],
        { error: "policy must be 'decline', 'eager' or a policy function" },
      )
      .optional(),
    maxPaths: count('maxPaths').optional(),
    maxNodes: count('maxNodes').optional(),
    maxMs: z
      .number({ error: 'maxMs must be a number of milliseconds above 0' })
      .positive({ error: 'maxMs must be a number of milliseconds above 0' })
      .optional(),
  })
  .strict();

const MOVER_WINS = marginalFlag('the attacker wins the battle');
const BATTLE = marginalFlag('a field battle is fought');
const CAPTURE = marginalFlag('a leader is captured');
const SIEGE = marginalFlag('a siege begins');

/**
 * What the advice at a session's decisions explored, per built-in policy: kept while the session lives (never for a
 * policy function, which may answer differently from one call to the next), dropped when it holds more than
 * ADVISE_MEMO_STATES states.
 */
const memos = new WeakMap<Session, Map<PolicyName, ExploreMemo>>();
const ADVISE_MEMO_STATES = 200_000;

function memoOf(session: Session, policy: Policy | PolicyName): ExploreMemo | undefined {
  if (typeof policy === 'function') return undefined;
  let byPolicy = memos.get(session);
  if (!byPolicy) memos.set(session, (byPolicy = new Map()));
  let memo = byPolicy.get(policy);
  if (!memo || memo.subtrees.size + memo.ends.size > ADVISE_MEMO_STATES) byPolicy.set(policy, (memo = exploreMemo()));
  return memo;
}

const ROLL_LABEL = msg('review.advise', 'Roll the dice', 'Бросить кубики');

/**
 * For each listed answer of the session's pending decision, the exact outcome of the rest of the move under the
 * policy. The session is not changed (the advisor explores a fork of it). Throws AdviseLimitError when a bound
 * stops it, SessionOptionsError for a bad option.
 */
export function advise(session: Session, options: AdviseOptions = {}): Advice {
  const o = optionsOf(AdviseOptionsSchema, options) as unknown as AdviseOptions;
  const started = performance.now();
  const policy = o.policy ?? 'decline';
  const mover = session.position.impulse.power;
  const pending = session.pending;
  const limits = {
    maxPaths: o.maxPaths ?? ADVISE_DEFAULTS.maxPaths,
    maxNodes: o.maxNodes ?? ADVISE_DEFAULTS.maxNodes,
    ...(o.maxMs !== undefined ? { maxMs: o.maxMs } : {}),
  };
  const core = exploreCore(
    session.scenario,
    { decisions: policy, ...limits },
    { from: session, perAnswer: true, retreats: true, oddsOnly: true, memo: memoOf(session, policy) },
  );
  if (core.truncatedBy) throw new AdviseLimitError(core.truncatedBy, limits[core.truncatedBy] ?? 0, core);
  // Over the whole move: what it has done so far (a battle fought, a siege begun) counts with what is to come, and
  // losses are counted from the move's start.
  const soFar = flagsSoFar(session.summary);
  const now = landUnits(session.scenario.world.position.stacks, mover);
  const lossesAt = new Map<string, readonly [Fraction, Fraction]>();
  const lossesOf = (end: string): readonly [Fraction, Fraction] => {
    let l = lossesAt.get(end);
    if (!l) {
      const then = landUnits((core.ends.get(end)!.position as ResultPosition).stacks, mover);
      lossesAt.set(end, (l = [fraction(now.mover - then.mover), fraction(now.others - then.others)]));
    }
    return l;
  };
  const answers: AnswerAdvice[] = [];
  if (pending?.kind === 'roll')
    answers.push(summarise(0, { type: 'dice.rolled' }, ROLL_LABEL, soFar, core.top, lossesOf));
  else if (pending)
    for (const a of [...core.perAnswer].sort((x, y) => x.index - y.index)) {
      // A listed answer is always accepted; one that is not is an engine fault, reported as such.
      if (!a.subtree) throw new Error(`engine fault: the listed answer ${a.index + 1} was refused: ${a.refused}`);
      answers.push(summarise(a.index, a.event, pending.options[a.index]!.label, soFar | a.edge, a.subtree, lossesOf));
    }
  return {
    decision: pending ? { kind: pending.kind, power: pending.power } : null,
    policy: typeof policy === 'function' ? 'custom' : policy,
    mover,
    answers,
    distinctStates: core.expanded,
    ms: performance.now() - started,
  };
}

function summarise(
  index: number,
  event: EngineEvent,
  label: Text,
  edge: number,
  subtree: Subtree,
  lossesOf: (end: string) => readonly [Fraction, Fraction],
): AnswerAdvice {
  let moverWins = ZERO,
    battle = ZERO,
    capture = ZERO,
    siege = ZERO,
    retreat = ZERO,
    moverLoss = ZERO,
    othersLoss = ZERO,
    paths = 0;
  const ends = new Set<string>();
  for (const c of subtree.classes.values()) {
    const flags = c.flags | edge;
    const p = c.probability;
    if (flags & MOVER_WINS) moverWins = add(moverWins, p);
    if (flags & BATTLE) battle = add(battle, p);
    if (flags & CAPTURE) capture = add(capture, p);
    if (flags & SIEGE) siege = add(siege, p);
    if (flags & RETREAT_FLAG) retreat = add(retreat, p);
    const [m, x] = lossesOf(c.end);
    moverLoss = add(moverLoss, mul(p, m));
    othersLoss = add(othersLoss, mul(p, x));
    paths += c.paths;
    ends.add(c.end);
  }
  return {
    index,
    event,
    label,
    moverWinsBattle: exact(moverWins),
    battle: exact(battle),
    capture: exact(capture),
    siege: exact(siege),
    retreat: exact(retreat),
    losses: { mover: exact(moverLoss), others: exact(othersLoss) },
    paths,
    ends: ends.size,
  };
}

function exact(f: Fraction): Exact {
  return { fraction: format(f), value: toNumber(f) };
}

/** Land units of the mover and of every other power, wherever they stand (inside, outside, in transit). */
function landUnits(stacks: readonly Stack[], mover: Power): { mover: number; others: number } {
  let m = 0,
    x = 0;
  for (const s of stacks) {
    const n = s.regulars + s.mercenaries + s.cavalry;
    if (s.power === mover) m += n;
    else x += n;
  }
  return { mover: m, others: x };
}
