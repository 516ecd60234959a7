// The one place that knows how the composed machines look from the outside: which actor of the tree waits for the
// next event (the movement machine invokes one procedure at a time; events go to the innermost active one), and
// what XState's inspection events say about an actor (its machine, its parent, its initial state) and a step (which
// transition was taken). Everything here leans on XState 5's actor objects; test/engine/actors.test.ts pins the
// version these fields were read from.
import type {
  AnyActorRef,
  AnyMachineSnapshot,
  AnyStateMachine,
  ContextFrom,
  InspectionEvent,
  OutputFrom,
} from 'xstate';
import type { MACHINES, MachineId } from '../../machines/index.ts';
import type { ProcedureContext } from '../rules/procedures/common.ts';

/** The XState version whose internals this adapter reads (package.json pins it exactly). */
export const XSTATE_VERSION = '5.33.3';

/** The innermost active actor of a tree: the one that takes the next event. */
export function activeLeaf(root: AnyActorRef): AnyActorRef | undefined {
  let actor: AnyActorRef = root;
  if (actor.getSnapshot().status !== 'active') return undefined;
  for (;;) {
    const children = Object.values((actor.getSnapshot() as AnyMachineSnapshot).children ?? {}) as AnyActorRef[];
    const next = children.find((c) => c.getSnapshot().status === 'active');
    if (!next) return actor;
    actor = next;
  }
}

type ActorInternals = AnyActorRef & { readonly _parent?: AnyActorRef; readonly logic?: AnyStateMachine };

/** An actor's machine, its parent's session id (none for the root) and the state it starts in. */
export function actorInfo(ref: AnyActorRef): {
  machine: AnyStateMachine | undefined;
  parent: string | undefined;
  initial: AnyStateMachine['root'] | undefined;
} {
  const internals = ref as ActorInternals;
  return {
    machine: internals.logic,
    parent: internals._parent?.sessionId,
    initial: internals.logic?.root.initial.target[0],
  };
}

/** Whether a microstep took an eventless (`always`) transition, and the event type it was taken on. */
export function microstepTrigger(ev: Extract<InspectionEvent, { type: '@xstate.microstep' }>): {
  eventless: boolean;
  type: string;
} {
  const transition = ev._transitions[0];
  return { eventless: transition !== undefined && transition.eventType === '', type: ev.event.type };
}

/** The context each machine carries, read from the machines' own types. */
export type ContextOf<M extends MachineId> = ContextFrom<(typeof MACHINES)[M]>;

/** Something of the actor tree that says which machine it belongs to: a snapshot read by `fromSnapshot`, a waiting state. */
export interface MachineContext {
  readonly machine: MachineId;
  readonly context: unknown;
}

// Every machine's context holds the world and the summary (a type error here if one stops doing so).
const EVERY_CONTEXT_IS_A_PROCEDURE_CONTEXT: {
  readonly [M in MachineId]: ContextOf<M> extends ProcedureContext ? true : never;
} = {
  movement: true,
  interception: true,
  avoidBattle: true,
  withdrawal: true,
  fieldBattle: true,
  retreat: true,
  siegeBreak: true,
};

/** A snapshot of the tree with the id of its machine (checked against the known machines). */
export function fromSnapshot(snapshot: AnyMachineSnapshot): MachineContext {
  const id = snapshot.machine.id;
  if (!Object.hasOwn(EVERY_CONTEXT_IS_A_PROCEDURE_CONTEXT, id))
    throw new Error(`engine fault: an actor of unknown machine '${id}'`);
  return { machine: id as MachineId, context: snapshot.context };
}

/** The context, when it belongs to `machine`: the machine's id says which context type it carries. */
export function contextIf<M extends MachineId>(source: MachineContext, machine: M): ContextOf<M> | undefined {
  return source.machine === machine ? (source.context as ContextOf<M>) : undefined;
}

/** The world and summary every machine's context holds. */
export function procedureContext(source: MachineContext): ProcedureContext {
  return source.context as ContextOf<typeof source.machine>;
}

/** The movement machine's output (the world and summary after the move), once the root is done. */
export function movementOutput(snapshot: AnyMachineSnapshot): OutputFrom<(typeof MACHINES)['movement']> {
  if (fromSnapshot(snapshot).machine !== 'movement' || snapshot.status !== 'done')
    throw new Error('engine fault: the movement machine is not done');
  return snapshot.output as OutputFrom<(typeof MACHINES)['movement']>;
}

/**
 * The state of an actor tree without its summaries, as a string: each actor's status, state value, history,
 * context and output (their summaries left out) and its children's states by id — what its persisted snapshot
 * holds, read from the live snapshots without persisting them. JSON leaves out a key whose value is undefined.
 */
export function stateKeyOf(root: AnyActorRef): string {
  return JSON.stringify(keyOf(root.getSnapshot() as AnyMachineSnapshot));
}

function keyOf(snap: AnyMachineSnapshot): unknown {
  const children: Record<string, unknown> = {};
  for (const [id, child] of Object.entries(snap.children ?? {}))
    children[id] = keyOf((child as AnyActorRef).getSnapshot() as AnyMachineSnapshot);
  const history = Object.entries(snap.historyValue ?? {}).map(([id, nodes]) => [
    id,
    (nodes as readonly { id: string }[]).map((n) => n.id),
  ]);
  const output =
    snap.output !== null && typeof snap.output === 'object' ? { ...snap.output, summary: undefined } : snap.output;
  return {
    status: snap.status,
    value: snap.value,
    history,
    context: { ...snap.context, summary: undefined },
    output,
    error: snap.error,
    children,
  };
}
