// Exhaustive exploration of a move: every dice outcome (grouped by what it decides, with its exact probability) and,
// either every listed answer of every decision ("all") or the answers of one policy (then the outcome probabilities
// add up to exactly 1). Invariants are checked at every distinct state; the states each machine reached are
// collected.
//
// States are memoised on everything but the summary: the summary is only ever appended to, never read by a guard or
// a reducer, so two paths that reach the same state without it have the same future. A memoised subtree is
// remembered as classes of complete paths — (end position, what the rest of the move added to the summary) with
// their probability and number of paths — so path counts and probabilities through shared states stay exact.
import type { MachineId } from '../../machines/index.ts';
import { POLICIES, type Policy, type PolicyName } from '../engine/resolve.ts';
import type { Scenario } from '../engine/scenario.ts';
import { createSession, type Session } from '../engine/session.ts';
import type { Decision } from '../schema/decision.ts';
import type { EngineEvent } from '../schema/events.ts';
import type { ResultPosition, Summary } from '../schema/result.ts';
import { add, mul, ONE, ZERO, type Fraction } from './fraction.ts';
import { endViolations, stepViolations } from './invariants.ts';
import { rollOutcomes } from './outcomes.ts';

export interface ExploreOptions {
  /** 'all' branches on every listed answer; a policy answers each decision once (the outcomes then form a distribution). */
  readonly decisions?: 'all' | Policy | PolicyName;
  /** Stop once this many complete paths are counted (the report says it was truncated). */
  readonly maxPaths?: number;
  /** Stop once this many distinct states have been expanded. */
  readonly maxNodes?: number;
  /** Stop once this much wall time (milliseconds) has passed. */
  readonly maxMs?: number;
}

export interface Outcome {
  /** The final position (stacks, sieges, captured leaders, CP left) as canonical JSON. */
  readonly key: string;
  readonly position: ResultPosition;
  readonly description: string;
  readonly probability: Fraction;
  readonly paths: number;
}

export interface ExploreReport {
  readonly mode: 'all' | 'policy';
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
  readonly violations: readonly { readonly path: readonly string[]; readonly violations: readonly string[] }[];
  readonly states: Readonly<Record<string, readonly string[]>>;
  /** Exact chances of what matters most, under a policy (also reported in "all" mode, weighted by dice only). */
  readonly marginals: Readonly<Record<string, Fraction>>;
}

/** A short account of a finished move, used to label its outcome. */
export function describeSummary(s: Summary): string {
  const parts: string[] = [];
  const success = s.interceptions.find((i) => i.success);
  if (s.interceptions.length) parts.push(success ? `intercepted by ${success.power} from ${success.from}` : `${s.interceptions.length} interception attempt(s) failed`);
  for (const a of s.avoids) parts.push(`${a.power} ${a.success ? 'avoided' : 'failed to avoid'} into ${a.to}`);
  for (const w of s.withdrawals) if (w.withdrew) parts.push(`withdrew into ${w.space}`);
  if (s.battle) parts.push(`battle in ${s.battle.space} won by the ${s.battle.winner} (${s.battle.attacker.hits}–${s.battle.defender.hits})`);
  for (const r of s.retreats) parts.push(r.to ? `${r.power} retreats to ${r.to}` : `${r.power} ${r.reason === 'defender' || r.reason === 'attacker' ? 'cannot retreat' : 'is eliminated'}`);
  for (const c of s.captures) parts.push(`${c.leader} captured`);
  if (s.siege) parts.push(`${s.siege.space} besieged by ${s.siege.besieger}`);
  for (const g of s.siegesEnded) parts.push(`siege of ${g.space} broken`);
  return parts.join('; ') || 'the move ends quietly';
}

/** What a part of a move added to the summary: only the new entries. */
type SummaryDelta = Pick<Summary, 'interceptions' | 'battle' | 'captures' | 'siege'>;

function delta(before: Summary, after: Summary): SummaryDelta {
  return {
    interceptions: after.interceptions.slice(before.interceptions.length),
    battle: before.battle ? null : after.battle,
    captures: after.captures.slice(before.captures.length),
    siege: before.siege ? null : after.siege,
  };
}

const MARGINALS: readonly (readonly [string, (s: SummaryDelta) => boolean])[] = [
  ['interception succeeds', (s) => s.interceptions.some((i) => i.success)],
  ['a field battle is fought', (s) => s.battle !== null],
  ['the attacker wins the battle', (s) => s.battle?.winner === 'attacker'],
  ['the defender wins the battle', (s) => s.battle?.winner === 'defender'],
  ['a siege begins', (s) => s.siege !== null],
  ['a leader is captured', (s) => s.captures.length > 0],
];

/** The marginals a summary delta makes true, as a bit set. */
function flagsOf(d: SummaryDelta): number {
  let bits = 0;
  MARGINALS.forEach(([, test], i) => {
    if (test(d)) bits |= 1 << i;
  });
  return bits;
}

function positionKey(p: ResultPosition): string {
  return JSON.stringify({ stacks: p.stacks, sieges: p.sieges, captured: p.captured, cp: p.impulse.cp });
}

/** Complete paths below a state that end in the same position and add the same marginals. */
interface PathClass {
  readonly end: string;
  readonly flags: number;
  readonly probability: Fraction;
  readonly paths: number;
}

interface Subtree {
  readonly classes: ReadonlyMap<string, PathClass>;
  /** Tree nodes in the subtree, this one included. */
  readonly nodes: number;
}

interface Branch {
  /** One answer, one roll, or both rolls of a field battle (grouped by what they decide). */
  readonly events: readonly EngineEvent[];
  readonly p: Fraction;
  readonly label: string;
}

class Stop extends Error {
  readonly by: NonNullable<ExploreReport['truncatedBy']>;

  constructor(by: NonNullable<ExploreReport['truncatedBy']>) {
    super(by);
    this.by = by;
  }
}

export function explore(scenario: Scenario, options: ExploreOptions = {}): ExploreReport {
  const mode = options.decisions === undefined || options.decisions === 'all' ? 'all' : 'policy';
  const policy: Policy | undefined = mode === 'policy' ? (typeof options.decisions === 'function' ? options.decisions : POLICIES[options.decisions as PolicyName]) : undefined;
  const maxPaths = options.maxPaths ?? 1_000_000;
  const maxNodes = options.maxNodes ?? 200_000;
  const deadline = options.maxMs === undefined ? Infinity : performance.now() + options.maxMs;
  const memo = new Map<string, Subtree>();
  const ends = new Map<string, { position: ResultPosition; description: string }>();
  const violations: { path: string[]; violations: string[] }[] = [];
  const states = new Map<string, Set<string>>();
  let expanded = 0;
  let pathsSoFar = 0;

  const observe = (s: Session, from: number) => {
    for (const t of s.statesSince(from)) {
      const set = states.get(t.machine) ?? new Set<string>();
      set.add(t.state);
      states.set(t.machine, set);
    }
  };
  const check = (s: Session, path: string[], end: boolean) => {
    const o = { position: s.position, transit: s.inTransit?.stacks ?? [], summary: s.summary };
    const found = end ? endViolations(scenario, o) : stepViolations(scenario, o);
    if (found.length) violations.push({ path, violations: found });
  };

  const branchesOf = function* (d: Decision): Generator<Branch> {
    if (d.kind === 'roll' && d.roll) {
      const roll = d.roll;
      for (const o of rollOutcomes(roll))
        yield { events: o.rolls.map((values) => ({ type: 'dice.rolled', values: [...values] }) as EngineEvent), p: o.probability, label: `${d.power} ${roll.purpose} roll: ${o.label}` };
      return;
    }
    if (policy) return void (yield { events: [policy(d) ?? d.options[0]!.event], p: ONE, label: `${d.power} ${d.kind}` });
    for (const o of d.options) yield { events: [o.event], p: ONE, label: o.label.en };
  };

  const visit = (s: Session, path: string[]): Subtree => {
    const key = s.stateKey();
    const known = memo.get(key);
    if (known) {
      pathsSoFar += sumPaths(known);
      if (pathsSoFar >= maxPaths) throw new Stop('maxPaths');
      return known;
    }
    const d = s.pending;
    if (!d) {
      check(s, path, true);
      const result = s.result!;
      const end = positionKey(result.position);
      if (!ends.has(end)) ends.set(end, { position: result.position, description: describeSummary(result.summary) });
      pathsSoFar++;
      const leaf: Subtree = { classes: new Map([[`${end}#0`, { end, flags: 0, probability: ONE, paths: 1 }]]), nodes: 1 };
      memo.set(key, leaf);
      if (pathsSoFar >= maxPaths) throw new Stop('maxPaths');
      return leaf;
    }
    check(s, path, false);
    if (++expanded > maxNodes) throw new Stop('maxNodes');
    const classes = new Map<string, PathClass>();
    let nodes = 1;
    const before = s.summary;
    const branches = branchesOf(d);
    for (let next = branches.next(); !next.done; ) {
      const b = next.value;
      next = branches.next();
      if (performance.now() > deadline) throw new Stop('maxMs');
      // The last branch takes this session itself: nothing reads it once its subtree is known.
      const child = next.done ? s : s.fork();
      const from = child.traceLength;
      const where = [...path, b.label];
      const refused = b.events.map((e) => child.accept(e, 'policy')).find((r) => !r.ok);
      if (refused && !refused.ok) {
        violations.push({ path: where, violations: [`a listed answer was refused: ${refused.error.message}`] });
        continue;
      }
      observe(child, from);
      const edge = flagsOf(delta(before, child.summary));
      const sub = visit(child, where);
      nodes += sub.nodes;
      for (const c of sub.classes.values()) {
        const flags = c.flags | edge;
        const k = `${c.end}#${flags}`;
        const prev = classes.get(k);
        const p = mul(c.probability, b.p);
        classes.set(k, { end: c.end, flags, probability: prev ? add(prev.probability, p) : p, paths: (prev?.paths ?? 0) + c.paths });
      }
    }
    const subtree = { classes, nodes };
    memo.set(key, subtree);
    return subtree;
  };

  const root = createSession(scenario);
  observe(root, 0);
  let top: Subtree = { classes: new Map(), nodes: 0 };
  let truncatedBy: ExploreReport['truncatedBy'];
  try {
    top = visit(root, []);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    truncatedBy = e.by;
  }

  const outcomes = new Map<string, { position: ResultPosition; description: string; probability: Fraction; paths: number }>();
  const marginals = Object.fromEntries(MARGINALS.map(([name]) => [name, ZERO])) as Record<string, Fraction>;
  let total = ZERO;
  let paths = 0;
  for (const c of top.classes.values()) {
    const end = ends.get(c.end)!;
    const prev = outcomes.get(c.end);
    outcomes.set(c.end, { ...end, probability: add(prev?.probability ?? ZERO, c.probability), paths: (prev?.paths ?? 0) + c.paths });
    MARGINALS.forEach(([name], i) => {
      if (c.flags & (1 << i)) marginals[name] = add(marginals[name] ?? ZERO, c.probability);
    });
    total = add(total, c.probability);
    paths += c.paths;
  }
  const list = [...outcomes.entries()]
    .map(([key, o]) => ({ key, ...o }))
    .sort((a, b) => (b.probability.n * a.probability.d > a.probability.n * b.probability.d ? 1 : b.probability.n * a.probability.d < a.probability.n * b.probability.d ? -1 : 0) || a.key.localeCompare(b.key));
  return {
    mode,
    paths: truncatedBy ? pathsSoFar : paths,
    nodes: top.nodes,
    distinctStates: expanded,
    truncated: truncatedBy !== undefined,
    ...(truncatedBy ? { truncatedBy } : {}),
    outcomes: list,
    totalProbability: total,
    violations,
    states: Object.fromEntries([...states.entries()].map(([m, set]) => [m, [...set].sort()])) as Record<MachineId, string[]>,
    marginals,
  };
}

function sumPaths(t: Subtree): number {
  let n = 0;
  for (const c of t.classes.values()) n += c.paths;
  return n;
}
