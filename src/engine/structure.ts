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
