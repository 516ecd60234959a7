// What the engine knows about the machines' structure, read from the machines themselves (their states' `meta` and
// `on` keys) — never kept by hand beside them: which events answer which kind of decision, and at which step of
// 13.1 a state or an answer belongs.
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { MACHINES, type MachineId, type StateMeta } from '../../machines/index.ts';
import type { DecisionKind } from '../schema/decision.ts';
import type { EventType } from '../schema/events.ts';

interface StateInfo {
  readonly machine: MachineId;
  readonly key: string;
  readonly meta: StateMeta | undefined;
  readonly events: readonly string[];
}

function statesOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((s) => [s, ...statesOf(s)]);
}

const STATES: readonly StateInfo[] = (Object.entries(MACHINES) as [MachineId, AnyStateMachine][]).flatMap(
  ([machine, m]) =>
    statesOf(m.root).map((n) => ({
      machine,
      key: n.key,
      meta: n.meta as StateMeta | undefined,
      events: Object.keys(n.config.on ?? {}),
    })),
);

/** Event type → the kind of decision it answers, from the decision states' own `on` keys ('dice.rolled' → roll). */
export const DECISION_OF_EVENT: ReadonlyMap<string, DecisionKind> = new Map(
  STATES.flatMap((s) => {
    const kind: DecisionKind | undefined = s.meta?.roll ? 'roll' : s.meta?.decision;
    return kind ? s.events.map((e) => [e, kind] as const) : [];
  }),
);

/** Event type → the step of 13.1 its answers belong to (from the decision states' meta.step). */
export const STEP_OF_EVENT: ReadonlyMap<string, number> = new Map(
  STATES.flatMap((s) =>
    s.meta?.step !== undefined && s.meta.decision ? s.events.map((e) => [e, s.meta!.step!] as const) : [],
  ),
);

/** Movement state → its step of 13.1 (the final state has none: the move is over). */
export function stepOfMovementState(state: string): number {
  return STATES.find((s) => s.machine === 'movement' && s.key === state)?.meta?.step ?? Number.POSITIVE_INFINITY;
}

export function decisionOfEvent(type: EventType): DecisionKind | undefined {
  return DECISION_OF_EVENT.get(type);
}

export function stepOfEvent(type: EventType): number {
  return STEP_OF_EVENT.get(type) ?? 0;
}

/**
 * The meta of the state a snapshot is in (its rule, title, and what it waits for) — not the machine's own root meta,
 * which `getMeta()` lists too. The machines' states are all top-level.
 */
export function stateMetaOf(snapshot: AnyMachineSnapshot): StateMeta | undefined {
  const value = snapshot.value;
  if (typeof value !== 'string') return undefined;
  return (snapshot.machine.root.states[value]?.meta ?? undefined) as StateMeta | undefined;
}

/** A decision state that takes answers: its machine, its key, its kind and meta. */
export interface AnsweringState {
  readonly machine: MachineId;
  readonly key: string;
  readonly kind: Exclude<DecisionKind, 'roll'>;
  readonly meta: StateMeta;
}

/** Event type → the decision state that takes it (the first, in the machines' order), from the states' `on` keys. */
const ANSWERING: ReadonlyMap<string, AnsweringState> = new Map(
  STATES.flatMap((s) => {
    const kind = s.meta?.decision;
    if (!kind || !s.meta) return [];
    const state: AnsweringState = { machine: s.machine, key: s.key, kind, meta: s.meta };
    return s.events.map((e) => [e, state] as const);
  }).reverse(),
);

/**
 * The events a decision state takes (its `on` keys): several states answer one kind of decision with different events
 * (the card windows' plays and passes, the placing power's placement, ruling R32).
 */
export function eventsOfState(machine: MachineId, state: string): readonly string[] {
  return STATES.find((s) => s.machine === machine && s.key === state)?.events ?? [];
}

/** The decision state an answer of this type goes to, or undefined for an event no decision takes. */
export function answeringState(type: EventType): AnsweringState | undefined {
  return ANSWERING.get(type);
}

/**
 * The decision state that last took an answer of this type before `state` in the procedure `machine` is running —
 * the window that has closed, when several take one event (the card windows: 13.1 step 4, 14 steps 1, 4, 5 and 7);
 * the first state in the machines' order when this procedure has none before it.
 */
export function closedAnsweringState(type: EventType, machine: MachineId, state: string): AnsweringState | undefined {
  const own = STATES.filter((s) => s.machine === machine);
  const at = own.findIndex((s) => s.key === state);
  const last = own.slice(0, Math.max(0, at)).findLast((s) => s.meta?.decision !== undefined && s.events.includes(type));
  return last?.meta?.decision
    ? { machine, key: last.key, kind: last.meta.decision, meta: last.meta }
    : answeringState(type);
}

/** The rule of a machine's final state: the step of 13.1 (or the rule) that is over when the procedure is done. */
export function finalRuleOf(machine: MachineId): string {
  const done = STATES.find((s) => s.machine === machine && MACHINES[machine].root.states[s.key]?.type === 'final');
  return done?.meta?.rule ?? String((MACHINES[machine].root.meta as { rule?: unknown } | undefined)?.rule);
}

/**
 * 13.2 step 5: the steps of 13.1 a successful interception skips — those between the movement state whose
 * transition checks `wasIntercepted` and the state it goes to (steps 6 and 7: no avoiding battle, no withdrawal).
 */
export const STEPS_SKIPPED_BY_INTERCEPTION: ReadonlySet<number> = (() => {
  const root = MACHINES.movement.root;
  for (const node of Object.values(root.states)) {
    const from = (node.meta as StateMeta | undefined)?.step;
    for (const t of node.always ?? []) {
      if (t.guard !== 'wasIntercepted' && (t.guard as { type?: string } | undefined)?.type !== 'wasIntercepted')
        continue;
      const to = (t.target?.[0]?.meta as StateMeta | undefined)?.step;
      if (from === undefined || to === undefined) continue;
      return new Set(Array.from({ length: Math.max(0, to - from - 1) }, (_, i) => from + 1 + i));
    }
  }
  return new Set<number>();
})();
