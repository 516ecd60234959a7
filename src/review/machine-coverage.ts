// Machine coverage: which states and guarded transitions of each procedure machine something reached. Three kinds of
// witness:
//
//   graph    xstate/graph (core xstate, `getShortestPaths`) walks each machine on its own from the positions of the
//            cases and examples: the events at each state are the answers its decision lists and representative
//            dice; an invoked procedure is walked the same way from the child XState creates, and every end it
//            reaches comes back to the parent as a synthetic `xstate.done.actor.<id>` event (xstate/graph does not
//            run children). Transitions are read from XState's own microsteps.
//   traces   the sessions of every casebook case and of the examples' explorations: their traces, read by
//            src/review/transitions.ts.
//   suite    the sessions the test suite drives, counted by `npm run coverage:suite` (test/setup/suite-coverage.ts)
//            into review/suite-coverage.json; shown beside the others, not needed for the gap check (it is only
//            as current as its last run).
//
// A state or guarded transition that neither reaches is a gap: test/review/casebook.test.ts fails on it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { MACHINES, type MachineId } from '../../machines/index.ts';
import { initialStateKey, childActor, microstepScope } from '../engine/actors.ts';
import { buildDecision } from '../engine/decisions.ts';
import { stateMetaOf } from '../engine/structure.ts';
import { parseScenario, readJson, type Scenario } from '../engine/scenario.ts';
import type { CaseResult } from './casebook.ts';
import { caseScenario, loadCases } from './casebook.ts';
import { explore } from './explore.ts';
import { hitRoll, targetOutcomes } from './outcomes.ts';
import {
  allStates,
  eventLabel,
  guardedTransitions,
  MACHINE_IDS,
  Reached,
  type ReachedLists,
  type TransitionInfo,
} from './transitions.ts';

const DONE_PREFIX = 'xstate.done.actor.';

/** Bounds of one graph walk (per machine and starting snapshot): distinct states, and ends handed back to a parent. */
export const GRAPH_LIMITS = { states: 4_000, outputs: 8, options: 12 } as const;

/** An actor scope whose microsteps record the transitions they took and the states they reached into `reached`. */
function recordingScope(reached: Reached) {
  return microstepScope((taken, snap) => {
    for (const t of taken) {
      const machine = t.machine as MachineId;
      const event = eventLabel(t.eventType);
      if (t.index >= 0) reached.transitions.add(`${machine}|${t.state}|${event}|${t.index}`);
      else {
        reached.unresolved++;
        reached.unresolvedSteps.push(`${machine}.${t.state} [${event}] (graph)`);
      }
    }
    if (snap && typeof snap.value === 'string') reached.state(snap.machine.id as MachineId, snap.value);
  });
}

/** A few representative results of a roll: enough to take every branch after it, not every number of hits. */
function representativeRolls(dice: number, target: number | null, modifier: number): number[][] {
  if (target !== null) return targetOutcomes(modifier, target).map((o) => [...o.rolls[0]!]);
  const ks = [...new Set([0, 1, Math.floor(dice / 2), dice].filter((k) => k >= 0 && k <= dice))];
  return ks.map((k) => hitRoll(dice, k));
}

export interface GraphWalk {
  /** Distinct states of each machine the walks visited (serialised snapshots). */
  readonly graphStates: Map<MachineId, number>;
  /** Paths xstate/graph found (one shortest path per distinct state). */
  readonly paths: Map<MachineId, number>;
  readonly truncated: number;
}

/**
 * Walks the movement machine from a scenario's start with xstate/graph, and every procedure it invokes from the
 * children XState creates, recording states and transitions into `reached`.
 */
export function walkScenario(scenario: Scenario, reached: Reached, walk: GraphWalk): void {
  const scope = recordingScope(reached);
  const board = scenario.world.board,
    leaders = scenario.world.leaders;
  const replacer = (k: string, v: unknown) => (k === 'summary' || v === board || v === leaders ? undefined : v);
  const key = (s: AnyMachineSnapshot) =>
    `${s.status}|${JSON.stringify(s.value)}|${JSON.stringify(s.context, replacer)}`;
  const memo = new Map<string, EventObject[]>();

  /** The ends a machine reaches from a snapshot, as the done events its parent would receive. */
  const ends = (machine: AnyStateMachine, from: AnyMachineSnapshot, invokeId: string): EventObject[] => {
    const id = machine.id as MachineId;
    const k = `${id}|${invokeId}|${key(from)}`;
    const known = memo.get(k);
    if (known) return known;
    reached.state(id, String(from.value));
    if (from.status === 'done') {
      const out = [{ type: `${DONE_PREFIX}${invokeId}`, output: from.output }];
      memo.set(k, out);
      return out;
    }
    const logic = {
      transition: (s: AnyMachineSnapshot, e: EventObject) => machine.transition(s, e as never, scope as never),
      getInitialSnapshot: () => from,
    } as unknown as AnyStateMachine;
    let paths: { state: AnyMachineSnapshot }[] = [];
    try {
      paths = getShortestPaths(logic, {
        fromState: from,
        serializeState: key as never,
        events: ((s: AnyMachineSnapshot) => eventsAt(id, s)) as never,
        limit: GRAPH_LIMITS.states,
      }) as never;
    } catch {
      (walk as { truncated: number }).truncated++;
    }
    walk.graphStates.set(id, (walk.graphStates.get(id) ?? 0) + paths.length);
    walk.paths.set(id, (walk.paths.get(id) ?? 0) + paths.length);
    const outputs = new Map<string, EventObject>();
    for (const p of paths) {
      if (p.state.status !== 'done') continue;
      const o = p.state.output;
      const ok = JSON.stringify(o, replacer);
      if (!outputs.has(ok) && outputs.size < GRAPH_LIMITS.outputs)
        outputs.set(ok, { type: `${DONE_PREFIX}${invokeId}`, output: o } as EventObject);
    }
    const out = [...outputs.values()];
    memo.set(k, out);
    return out;
  };

  /** The events to try at a snapshot: the decision's listed answers, representative dice, or a child's ends. */
  const eventsAt = (id: MachineId, s: AnyMachineSnapshot): EventObject[] => {
    if (s.status !== 'active') return [];
    const state = String(s.value);
    const meta = stateMetaOf(s);
    if (meta?.decision || meta?.roll) {
      const d = buildDecision({ machine: id, state, meta, context: s.context });
      if (d.kind === 'roll' && d.roll) {
        const mod = d.roll.modifiers.reduce((a, m) => a + m.value, 0);
        return representativeRolls(d.roll.dice, d.roll.target, mod).map((values) => ({ type: 'dice.rolled', values }));
      }
      return d.options.slice(0, GRAPH_LIMITS.options).map((o) => o.event as EventObject);
    }
    // The child XState created for an invoked procedure: its first steps are taken again here, under the recording
    // scope, from the input the parent gave it.
    const children = Object.entries((s.children ?? {}) as Record<string, AnyActorRef>);
    return children.flatMap(([invokeId, ref]) => {
      const child = childActor(ref);
      const first = child.logic.getInitialSnapshot(scope as never, child.input as never) as AnyMachineSnapshot;
      reached.state(child.logic.id as MachineId, initialStateKey(child.logic));
      return ends(child.logic, first, invokeId);
    });
  };

  const movement = MACHINES.movement as unknown as AnyStateMachine;
  const start = movement.getInitialSnapshot(
    scope as never,
    { world: scenario.world, ...(scenario.data.move ? { move: scenario.data.move } : {}) } as never,
  ) as AnyMachineSnapshot;
  reached.state('movement', initialStateKey(movement));
  ends(movement, start, 'movement');
}

export interface MachineFigures {
  readonly machine: MachineId;
  readonly states: readonly string[];
  readonly statesByGraph: readonly string[];
  readonly statesByTraces: readonly string[];
  readonly guarded: readonly TransitionInfo[];
  readonly guardedByGraph: readonly string[];
  readonly guardedByTraces: readonly string[];
  /** Guarded transitions seen with their guard false in a trace (the other branch considered). */
  readonly guardFalseByTraces: readonly string[];
  /** What the test suite's sessions reached (review/suite-coverage.json; empty when it is missing). */
  readonly statesBySuite: readonly string[];
  readonly guardedBySuite: readonly string[];
  readonly graphStates: number;
  readonly graphPaths: number;
}

/** The test suite's witness, written by `npm run coverage:suite`. */
export const SUITE_COVERAGE_FILE = 'review/suite-coverage.json';

export interface SuiteCoverage extends ReachedLists {
  readonly testFiles: number;
}

function suiteCoverage(root: string): SuiteCoverage | undefined {
  try {
    return JSON.parse(readFileSync(join(root, SUITE_COVERAGE_FILE), 'utf8')) as SuiteCoverage;
  } catch {
    return undefined;
  }
}

export interface MachineCoverage {
  readonly machines: readonly MachineFigures[];
  /** What the traces came from. */
  readonly sources: { readonly cases: number; readonly examples: readonly string[] };
  readonly graphScenarios: number;
  readonly graphTruncated: number;
  readonly unresolvedSteps: number;
  readonly unresolvedSamples: readonly string[];
  /** Trace steps taken while a child was created, which several transitions explain (src/review/transitions.ts). */
  readonly ambiguousSteps: number;
  /** How many test files the suite witness came from (none when review/suite-coverage.json is missing). */
  readonly suiteFiles: number | undefined;
}

/** The examples' explorations: every dice outcome of each example under the decline policy, with the transitions collected. */
export function exampleExplorations(root: string): { files: string[]; reached: Reached } {
  const dir = join(root, 'examples');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const reached = new Reached();
  for (const f of files) {
    const data = readJson(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>;
    const scenario = parseScenario({ ...data, events: [] });
    reached.merge(explore(scenario, { decisions: 'decline', coverage: true, maxNodes: 20_000 }).reached!);
  }
  return { files, reached };
}

/** Every figure of docs/coverage.md's machine coverage. */
export function machineCoverage(root: string, results: readonly CaseResult[]): MachineCoverage {
  const traces = new Reached();
  for (const r of results) if (!r.error) traces.merge(r.reached);
  const examples = exampleExplorations(root);
  traces.merge(examples.reached);

  const graph = new Reached();
  const walk: GraphWalk = { graphStates: new Map(), paths: new Map(), truncated: 0 };
  const scenarios: Scenario[] = [];
  for (const c of loadCases(join(root, 'review', 'cases'))) {
    try {
      scenarios.push(caseScenario(c));
    } catch {
      // A case whose scenario does not parse is reported by the casebook itself.
    }
  }
  for (const s of scenarios) walkScenario(s, graph, walk);

  const suite = suiteCoverage(root);
  const states = allStates();
  const guarded = guardedTransitions();
  const suiteTransitions = new Set(suite?.transitions ?? []);
  const machines = MACHINE_IDS.map((machine) => {
    const mine = guarded.filter((t) => t.machine === machine);
    const suiteStates = new Set(suite?.states[machine] ?? []);
    return {
      machine,
      states: states[machine],
      statesByGraph: states[machine].filter((s) => graph.states.get(machine)?.has(s)),
      statesByTraces: states[machine].filter((s) => traces.states.get(machine)?.has(s)),
      guarded: mine,
      guardedByGraph: mine.filter((t) => graph.transitions.has(t.key)).map((t) => t.key),
      guardedByTraces: mine.filter((t) => traces.transitions.has(t.key)).map((t) => t.key),
      guardFalseByTraces: mine.filter((t) => traces.guardFailed.has(t.key)).map((t) => t.key),
      statesBySuite: states[machine].filter((s) => suiteStates.has(s)),
      guardedBySuite: mine.filter((t) => suiteTransitions.has(t.key)).map((t) => t.key),
      graphStates: walk.graphStates.get(machine) ?? 0,
      graphPaths: walk.paths.get(machine) ?? 0,
    };
  });
  return {
    machines,
    sources: { cases: results.filter((r) => !r.error).length, examples: examples.files },
    graphScenarios: scenarios.length,
    graphTruncated: walk.truncated,
    unresolvedSteps: traces.unresolved + graph.unresolved,
    unresolvedSamples: [...traces.unresolvedSteps, ...graph.unresolvedSteps].slice(0, 10),
    ambiguousSteps: traces.ambiguous,
    suiteFiles: suite?.testFiles,
  };
}

/** What nothing reached: `machine.state`, and guarded transitions as `machine.source [event] guard`. */
export function coverageGaps(c: MachineCoverage): { states: string[]; transitions: string[] } {
  const states: string[] = [];
  const transitions: string[] = [];
  for (const m of c.machines) {
    for (const s of m.states)
      if (!m.statesByGraph.includes(s) && !m.statesByTraces.includes(s)) states.push(`${m.machine}.${s}`);
    for (const t of m.guarded)
      if (!m.guardedByGraph.includes(t.key) && !m.guardedByTraces.includes(t.key))
        transitions.push(`${m.machine}.${t.source} [${t.event}] ${t.guard} → ${t.targets.join(', ')}`);
  }
  return { states, transitions };
}

/** The generated section of docs/coverage.md. */
export function coverageMarkdown(c: MachineCoverage): string {
  const gaps = coverageGaps(c);
  const suite =
    c.suiteFiles === undefined
      ? 'the test suite: not counted yet (`npm run coverage:suite` writes review/suite-coverage.json)'
      : `the sessions of the ${c.suiteFiles} test files of the suite (\`npm run coverage:suite\`, review/suite-coverage.json; bare machine actors and the CLI child processes are not counted)`;
  const lines = [
    '## Machine coverage (generated)',
    '',
    'Generated by `npx tsx scripts/casebook.ts`; `test/review/casebook.test.ts` fails when it is stale and when a state or',
    'a guarded transition is reached by neither the graph walks nor the traces. Witnesses:',
    '',
    `- **graph** — xstate/graph walks of each machine from the ${c.graphScenarios} positions of the casebook cases (listed answers,`,
    `  representative dice, synthetic done events for invoked procedures; at most ${GRAPH_LIMITS.outputs} ends of a procedure handed back to its parent);`,
    `- **traces** — the traces of the ${c.sources.cases} casebook cases and of the explorations of the ${c.sources.examples.length} examples (every dice outcome, under the decline policy);`,
    `- **suite** — ${suite}.`,
    '',
    '| machine | states (graph / traces / suite / any / all) | guarded transitions (graph / traces / suite / any / all) | guards also seen false | graph states walked |',
    '| --- | --- | --- | --- | ---: |',
  ];
  for (const m of c.machines) {
    const anyS = m.states.filter(
      (s) => m.statesByGraph.includes(s) || m.statesByTraces.includes(s) || m.statesBySuite.includes(s),
    ).length;
    const anyT = m.guarded.filter(
      (t) => m.guardedByGraph.includes(t.key) || m.guardedByTraces.includes(t.key) || m.guardedBySuite.includes(t.key),
    ).length;
    const bySuite = (n: number) => (c.suiteFiles === undefined ? '–' : String(n));
    lines.push(
      `| ${m.machine} | ${m.statesByGraph.length} / ${m.statesByTraces.length} / ${bySuite(m.statesBySuite.length)} / ${anyS} / ${m.states.length} | ${m.guardedByGraph.length} / ${m.guardedByTraces.length} / ${bySuite(m.guardedBySuite.length)} / ${anyT} / ${m.guarded.length} | ${m.guardFalseByTraces.length} of ${m.guarded.length} | ${m.graphStates} |`,
    );
  }
  lines.push('');
  lines.push(
    gaps.states.length + gaps.transitions.length === 0
      ? 'Every state and every guarded transition of every machine is reached by the graph walks or the traces.'
      : `**Not reached:** ${[...gaps.states, ...gaps.transitions].join('; ')}.`,
  );
  if (c.suiteFiles !== undefined) {
    const missed = c.machines.flatMap((m) => [
      ...m.states.filter((s) => !m.statesBySuite.includes(s)).map((s) => `${m.machine}.${s}`),
      ...m.guarded
        .filter((t) => !m.guardedBySuite.includes(t.key))
        .map((t) => `${m.machine}.${t.source} [${t.event}] \`${t.guard}\``),
    ]);
    lines.push(
      '',
      missed.length === 0
        ? 'The test suite alone reaches every state and every guarded transition.'
        : `Reached by the witnesses above but by no session of the test suite: ${missed.join('; ')}.`,
    );
  }
  if (c.graphTruncated > 0)
    lines.push('', `${c.graphTruncated} graph walk(s) stopped at the bound of ${GRAPH_LIMITS.states} states.`);
  lines.push(
    '',
    'Every guarded transition and what reached it (G: an xstate/graph walk, T: a trace, S: the test suite; the last column says whether a trace also saw its guard fail, the branch not taken):',
    '',
  );
  lines.push(
    '| machine | source state | event | guard | target | reached by | seen false |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const m of c.machines)
    for (const t of m.guarded)
      lines.push(
        `| ${m.machine} | \`${t.source}\` | ${t.event} | \`${t.guard}\` | \`${t.targets.join(', ') || t.source}\` | ${[m.guardedByGraph.includes(t.key) ? 'G' : '', m.guardedByTraces.includes(t.key) ? 'T' : '', m.guardedBySuite.includes(t.key) ? 'S' : ''].filter(Boolean).join(' ') || '—'} | ${m.guardFalseByTraces.includes(t.key) ? 'yes' : ''} |`,
      );
  return lines.join('\n');
}
