// Exhaustive exploration of a move: every dice outcome (grouped by what it decides, with its exact probability) and,
// either every listed answer of every decision ("all") or the answers of one policy (then the outcome probabilities
// add up to exactly 1). Invariants are checked at every node; the states each machine reached are collected.
import type { MachineId } from '../../machines/index.ts';
import { POLICIES, type Policy, type PolicyName } from '../engine/resolve.ts';
import type { Scenario } from '../engine/scenario.ts';
import { createSession, type Session } from '../engine/session.ts';
import type { EngineEvent } from '../schema/events.ts';
import type { ResultPosition, Summary } from '../schema/result.ts';
import { add, mul, ONE, ZERO, type Fraction } from './fraction.ts';
import { endViolations, stepViolations } from './invariants.ts';
import { rollOutcomes } from './outcomes.ts';

export interface ExploreOptions {
  /** 'all' branches on every listed answer; a policy answers each decision once (the outcomes then form a distribution). */
  readonly decisions?: 'all' | Policy | PolicyName;
  /** Stop after this many complete paths (the report says it was truncated). */
  readonly maxPaths?: number;
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
  readonly paths: number;
  readonly nodes: number;
  readonly truncated: boolean;
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
  return parts.join('; ') || 'the move ends quietly';
}

const MARGINALS: Record<string, (s: Summary) => boolean> = {
  'interception succeeds': (s) => s.interceptions.some((i) => i.success),
  'a field battle is fought': (s) => s.battle !== null,
  'the attacker wins the battle': (s) => s.battle?.winner === 'attacker',
  'the defender wins the battle': (s) => s.battle?.winner === 'defender',
  'a siege begins': (s) => s.siege !== null,
  'a leader is captured': (s) => s.captures.length > 0,
};

function positionKey(p: ResultPosition): string {
  return JSON.stringify({ stacks: p.stacks, sieges: p.sieges, captured: p.captured, cp: p.impulse.cp });
}

export function explore(scenario: Scenario, options: ExploreOptions = {}): ExploreReport {
  const mode = options.decisions === undefined || options.decisions === 'all' ? 'all' : 'policy';
  const policy: Policy | undefined = mode === 'policy' ? (typeof options.decisions === 'function' ? options.decisions : POLICIES[options.decisions as PolicyName]) : undefined;
  const maxPaths = options.maxPaths ?? 100_000;
  const outcomes = new Map<string, { position: ResultPosition; description: string; probability: Fraction; paths: number }>();
  const violations: { path: string[]; violations: string[] }[] = [];
  const states = new Map<string, Set<string>>();
  const marginals = Object.fromEntries(Object.keys(MARGINALS).map((k) => [k, ZERO])) as Record<string, Fraction>;
  let total = ZERO;
  let paths = 0;
  let nodes = 0;
  let truncated = false;

  const observe = (s: Session, from: number) => {
    for (const t of s.trace.slice(from)) {
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

  const visit = (s: Session, p: Fraction, path: string[]): void => {
    nodes++;
    if (truncated) return;
    const d = s.pending;
    if (!d) {
      check(s, path, true);
      const result = s.result!;
      const key = positionKey(result.position);
      const prev = outcomes.get(key);
      outcomes.set(key, { position: result.position, description: prev?.description ?? describeSummary(result.summary), probability: add(prev?.probability ?? ZERO, p), paths: (prev?.paths ?? 0) + 1 });
      for (const [name, test] of Object.entries(MARGINALS)) if (test(result.summary)) marginals[name] = add(marginals[name] ?? ZERO, p);
      total = add(total, p);
      paths++;
      if (paths >= maxPaths) truncated = true;
      return;
    }
    const branches: { event: EngineEvent; p: Fraction; label: string }[] =
      d.kind === 'roll' && d.roll
        ? rollOutcomes(d.roll).map((o) => ({ event: { type: 'dice.rolled', values: [...o.values] }, p: o.probability, label: `${d.power} ${d.roll?.purpose} roll: ${o.label}` }))
        : policy
          ? [{ event: policy(d) ?? d.options[0]!.event, p: ONE, label: `${d.power} ${d.kind}` }]
          : d.options.map((o) => ({ event: o.event, p: ONE, label: o.label.en }));
    for (const b of branches) {
      const child = s.fork();
      const from = child.trace.length;
      const r = child.send(b.event);
      const next = [...path, b.label];
      if (!r.ok) {
        violations.push({ path: next, violations: [`a listed answer was refused: ${r.error.message}`] });
        continue;
      }
      observe(child, from);
      check(child, next, false);
      visit(child, mul(p, b.p), next);
    }
  };

  const root = createSession(scenario);
  observe(root, 0);
  check(root, [], false);
  visit(root, ONE, []);
  const list = [...outcomes.entries()].map(([key, o]) => ({ key, ...o })).sort((a, b) => (b.probability.n * a.probability.d > a.probability.n * b.probability.d ? 1 : -1) || a.key.localeCompare(b.key));
  return {
    mode,
    paths,
    nodes,
    truncated,
    outcomes: list,
    totalProbability: total,
    violations,
    states: Object.fromEntries([...states.entries()].map(([m, set]) => [m, [...set].sort()])) as Record<MachineId, string[]>,
    marginals,
  };
}

