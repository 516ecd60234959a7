// Machine coverage: which states and guarded transitions of each procedure machine something reached. Two kinds of
// witness:
//
//   graph    xstate/graph (core xstate, `getShortestPaths`) walks each machine on its own from the positions of the
//            cases and examples: the events at each state are the answers its decision lists and representative
//            dice; an invoked procedure is walked the same way from the child XState creates, and every end it
//            reaches comes back to the parent as a synthetic `xstate.done.actor.<id>` event (xstate/graph does not
//            run children). Transitions are read from XState's own microsteps.
//   traces   the sessions of every casebook case and of the examples' explorations: their traces, read by
//            src/review/transitions.ts.
//
// A state or guarded transition that neither reaches is a gap: test/review/casebook.test.ts fails on it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createEmptyActor,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { MACHINES, type MachineId, type StateMeta } from '../../machines/index.ts';
import { buildDecision } from '../engine/decisions.ts';
import { parseScenario, readJson, type Scenario } from '../engine/scenario.ts';
import type { CaseResult } from './casebook.ts';
import { caseScenario, loadCases } from './casebook.ts';
import { explore } from './explore.ts';
import { hitRoll, targetOutcomes } from './outcomes.ts';
import { allStates, guardedTransitions, MACHINE_IDS, Reached, type TransitionInfo } from './transitions.ts';

const DONE_PREFIX = 'xstate.done.actor.';

/** Bounds of one graph walk (per machine and starting snapshot): distinct states, and ends handed back to a parent. */
export const GRAPH_LIMITS = { states: 4_000, outputs: 8, options: 12 } as const;

type MicrostepEvent = {
  type: string;
  _transitions?: { source: { key: string; machine: { id: string } }; eventType: string }[];
  snapshot?: AnyMachineSnapshot;
};

/** An actor scope like xstate/graph's own mock, whose inspection records every microstep's transitions. */
function recordingScope(reached: Reached) {
  const empty = createEmptyActor();
  const system = {
    ...(empty.system as object),
    _sendInspectionEvent: (ev: MicrostepEvent) => {
      if (ev.type !== '@xstate.microstep') return;
      for (const t of ev._transitions ?? []) {
        const machine = t.source.machine.id as MachineId;
        const node = (MACHINES[machine] as unknown as AnyStateMachine).root.states[t.source.key] as unknown as
          { always?: unknown[]; transitions: Map<string, unknown[]> } | undefined;
        if (!node) continue;
        const event =
          t.eventType === ''
            ? 'always'
            : t.eventType.startsWith(DONE_PREFIX)
              ? `done:${t.eventType.slice(DONE_PREFIX.length)}`
              : t.eventType;
        const list = t.eventType === '' ? (node.always ?? []) : (node.transitions.get(t.eventType) ?? []);
        const index = list.indexOf(t);
        if (index >= 0) reached.transitions.add(`${machine}|${t.source.key}|${event}|${index}`);
        else {
          reached.unresolved++;
          reached.unresolvedSteps.push(`${machine}.${t.source.key} [${event}] (graph)`);
        }
      }
      const snap = ev.snapshot;
      if (snap && typeof snap.value === 'string') reached.state(snap.machine.id as MachineId, snap.value);
    },
  };
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'review-graph',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
}

function initialState(machine: AnyStateMachine): string {
  return (machine.root as unknown as { initial: { target: { key: string }[] } }).initial.target[0]!.key;
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
    const meta = Object.values(s.getMeta())[0] as StateMeta | undefined;
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
      const child = ref as unknown as { logic: AnyStateMachine; options?: { input?: unknown } };
      const first = child.logic.getInitialSnapshot(scope as never, child.options?.input as never) as AnyMachineSnapshot;
      reached.state(child.logic.id as MachineId, initialState(child.logic));
      return ends(child.logic, first, invokeId);
    });
  };

  const movement = MACHINES.movement as unknown as AnyStateMachine;
  const start = movement.getInitialSnapshot(
    scope as never,
    { world: scenario.world, ...(scenario.data.move ? { move: scenario.data.move } : {}) } as never,
  ) as AnyMachineSnapshot;
  reached.state('movement', initialState(movement));
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
  readonly graphStates: number;
  readonly graphPaths: number;
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

/** Every figure of docs/review.md's generated section. */
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

  const states = allStates();
  const guarded = guardedTransitions();
  const machines = MACHINE_IDS.map((machine) => {
    const mine = guarded.filter((t) => t.machine === machine);
    return {
      machine,
      states: states[machine],
      statesByGraph: states[machine].filter((s) => graph.states.get(machine)?.has(s)),
      statesByTraces: states[machine].filter((s) => traces.states.get(machine)?.has(s)),
      guarded: mine,
      guardedByGraph: mine.filter((t) => graph.transitions.has(t.key)).map((t) => t.key),
      guardedByTraces: mine.filter((t) => traces.transitions.has(t.key)).map((t) => t.key),
      guardFalseByTraces: mine.filter((t) => traces.guardFailed.has(t.key)).map((t) => t.key),
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

/** The generated section of docs/review.md. */
export function coverageMarkdown(c: MachineCoverage): string {
  const gaps = coverageGaps(c);
  const lines = [
    '## Machine coverage (generated)',
    '',
    `Witnesses: the traces of the ${c.sources.cases} casebook cases and of the explorations of the ${c.sources.examples.length} examples`,
    `(every dice outcome, under the decline policy), and xstate/graph walks of each machine from the`,
    `${c.graphScenarios} positions of the cases (listed answers, representative dice, synthetic done events for`,
    'invoked procedures; at most ' + `${GRAPH_LIMITS.outputs} ends of a procedure handed back to its parent).`,
    '',
    '| machine | states (graph / traces / either / all) | guarded transitions (graph / traces / either / all) | guards also seen false | graph states walked |',
    '| --- | --- | --- | --- | ---: |',
  ];
  for (const m of c.machines) {
    const eitherS = m.states.filter((s) => m.statesByGraph.includes(s) || m.statesByTraces.includes(s)).length;
    const eitherT = m.guarded.filter(
      (t) => m.guardedByGraph.includes(t.key) || m.guardedByTraces.includes(t.key),
    ).length;
    lines.push(
      `| ${m.machine} | ${m.statesByGraph.length} / ${m.statesByTraces.length} / ${eitherS} / ${m.states.length} | ${m.guardedByGraph.length} / ${m.guardedByTraces.length} / ${eitherT} / ${m.guarded.length} | ${m.guardFalseByTraces.length} of ${m.guarded.length} | ${m.graphStates} |`,
    );
  }
  lines.push('');
  lines.push(
    gaps.states.length + gaps.transitions.length === 0
      ? 'Every state and every guarded transition of every machine is reached by at least one witness.'
      : `**Not reached:** ${[...gaps.states, ...gaps.transitions].join('; ')}.`,
  );
  if (c.graphTruncated > 0)
    lines.push('', `${c.graphTruncated} graph walk(s) stopped at the bound of ${GRAPH_LIMITS.states} states.`);
  lines.push(
    '',
    'Every guarded transition and what reached it (G: an xstate/graph walk, T: a trace; the last column says whether a trace also saw its guard fail, the branch not taken):',
    '',
  );
  lines.push(
    '| machine | source state | event | guard | target | reached by | seen false |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const m of c.machines)
    for (const t of m.guarded)
      lines.push(
        `| ${m.machine} | \`${t.source}\` | ${t.event} | \`${t.guard}\` | \`${t.targets.join(', ') || t.source}\` | ${[m.guardedByGraph.includes(t.key) ? 'G' : '', m.guardedByTraces.includes(t.key) ? 'T' : ''].join(' ') || '—'} | ${m.guardFalseByTraces.includes(t.key) ? 'yes' : ''} |`,
      );
  return lines.join('\n');
}
