// The one place that knows how the composed machines look from the outside: which live actor waits for the next
// event (the movement machine invokes one procedure at a time; events go to the innermost active one — the tests and
// the bench's floor drive live actors; the session's snapshot tree has its own leafOf), what
// XState's inspection events say about an actor (its machine, its parent, its initial state) and a step (which
// transition was taken), what an invoked child was started with, and the actor scope pure `machine.transition`
// calls run in (the machine-coverage graph walk). Everything here leans on XState 5's actor objects; test/engine/actors.test.ts pins the
// version these fields were read from.
import {
  createEmptyActor,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ContextFrom,
  type InspectionEvent,
  type OutputFrom,
} from 'xstate';
import type { MACHINES, MachineId } from '../../machines/index.ts';
import type { ProcedureContext } from '../rules/procedures/common.ts';

/** The XState version whose internals this adapter reads (package.json pins it exactly). */
export const XSTATE_VERSION = '5.33.3';

/** The innermost active actor of a tree of live actors: the one that takes the next event. */
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

/** The key of the state a machine starts in. */
export function initialStateKey(machine: AnyStateMachine): string {
  return (machine.root as unknown as { initial: { target: { key: string }[] } }).initial.target[0]!.key;
}

/** What an actor of a snapshot tree is, seen from XState's inspection events and from the children it invokes. */
export interface TreeActor {
  readonly id: string;
  readonly sessionId: string;
  readonly logic: AnyStateMachine;
  readonly system: unknown;
  getSnapshot(): AnyMachineSnapshot;
}

let sessions = 0;

/**
 * The actor system a snapshot tree runs in (src/engine/tree.ts): nothing is registered, scheduled or started in it;
 * it only hands out session ids and passes every inspection event to `observe`. The children XState creates when a
 * state invokes a procedure belong to it, so their first steps are reported here too.
 */
export function inspectionSystem(observe: (event: InspectionEvent) => void): {
  readonly system: unknown;
  readonly bookId: () => string;
} {
  const bookId = () => `his:${sessions++}`;
  const system = {
    _bookId: bookId,
    _register: (sessionId: string) => sessionId,
    _unregister: () => {},
    _set: () => {},
    get: () => undefined,
    getAll: () => ({}),
    inspect: () => ({ unsubscribe: () => {} }),
    _sendInspectionEvent: observe,
    _relay: () => {},
    _logger: () => {},
    _clock: { setTimeout: () => 0, clearTimeout: () => {} },
    _snapshot: { _scheduledEvents: {} },
    scheduler: { schedule: () => {}, cancel: () => {}, cancelAll: () => {} },
    getSnapshot: () => ({ _scheduledEvents: {} }),
    start: () => {},
  };
  return { system, bookId };
}

/**
 * The actor scope a pure `machine.transition` of one actor of a tree runs in: `self` is that actor as seen from the
 * session's system (children it invokes are created under it), nothing is deferred or executed, and the actions
 * XState would execute (starting and stopping children) are reported to `onAction`.
 */
export function treeScope(self: TreeActor, onAction?: (event: InspectionEvent) => void): unknown {
  return {
    self,
    id: self.id,
    sessionId: self.sessionId,
    logger: () => {},
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: onAction
      ? (action: { type: string; params?: unknown }) =>
          onAction({
            type: '@xstate.action',
            actorRef: self,
            action: { type: action.type, params: action.params },
          } as never)
      : () => {},
  };
}

/** An invoked child as XState created it: its ids, the machine it runs and the input its parent gave it. */
export function childActor(ref: AnyActorRef): {
  readonly id: string;
  readonly sessionId: string;
  readonly logic: AnyStateMachine;
  readonly input: unknown;
} {
  const child = ref as unknown as {
    id: string;
    sessionId: string;
    logic: AnyStateMachine;
    options?: { input?: unknown };
  };
  return { id: child.id, sessionId: child.sessionId, logic: child.logic, input: child.options?.input };
}

/**
 * A transition a microstep took: its machine, its source state (a top-level state of that machine), the event type
 * ('' for an eventless step) and its place in the source state's list for that event (what a guarded transition is
 * identified by); `index` is −1 when the transition is not in that list.
 */
export interface TakenTransition {
  readonly machine: string;
  readonly state: string;
  readonly eventType: string;
  readonly index: number;
}

type RawTransition = { source: { key: string; machine: AnyStateMachine }; eventType: string };

/** The transitions a microstep inspection event took (XState keeps them in the event's `_transitions`). */
export function takenTransitions(ev: { readonly _transitions?: readonly unknown[] }): TakenTransition[] {
  return ((ev._transitions ?? []) as readonly RawTransition[]).flatMap((t) => {
    const node = t.source.machine.root.states[t.source.key] as unknown as
      { always?: unknown[]; transitions: Map<string, unknown[]> } | undefined;
    if (!node) return [];
    const list = t.eventType === '' ? (node.always ?? []) : (node.transitions.get(t.eventType) ?? []);
    return [{ machine: t.source.machine.id, state: t.source.key, eventType: t.eventType, index: list.indexOf(t) }];
  });
}

/**
 * An actor scope for pure `machine.transition` calls, like xstate/graph's own mock, that reports every microstep:
 * the transitions it took and the snapshot after it. Nothing runs: invoked children are created, never started.
 */
export function microstepScope(
  onMicrostep: (taken: readonly TakenTransition[], snapshot: AnyMachineSnapshot | undefined) => void,
): unknown {
  const empty = createEmptyActor();
  const system = {
    ...(empty.system as object),
    _sendInspectionEvent: (ev: { type: string; _transitions?: unknown[]; snapshot?: AnyMachineSnapshot }) => {
      if (ev.type === '@xstate.microstep') onMicrostep(takenTransitions(ev), ev.snapshot);
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

/**
 * Whether a microstep took an eventless (`always`) transition, the event type it was taken on, and the state it left
 * (the transition's source: the machines' states are all top-level).
 */
export function microstepTrigger(ev: Extract<InspectionEvent, { type: '@xstate.microstep' }>): {
  eventless: boolean;
  type: string;
  from: string | undefined;
} {
  const transition = ev._transitions[0];
  return {
    eventless: transition !== undefined && transition.eventType === '',
    type: ev.event.type,
    from: transition?.source.key,
  };
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

/** A machine's snapshot and the snapshot tree of the procedure it invokes, while that runs (src/engine/tree.ts). */
export interface SnapshotTree {
  readonly snapshot: AnyMachineSnapshot;
  readonly child?: { readonly node: SnapshotTree };
}

/**
 * The state of a snapshot tree without its summaries, as a string: each machine's status, state value, history,
 * context and output (their summaries left out), from the root down to the procedure that waits — what a persisted
 * snapshot of the same actors would hold. JSON leaves out a key whose value is undefined.
 */
export function stateKeyOf(tree: SnapshotTree): string {
  let key = ownKey(tree.snapshot);
  // JSON never holds a raw line break, so the parts cannot run into one another.
  for (let node = tree.child?.node; node; node = node.child?.node) key += `\n${ownKey(node.snapshot)}`;
  return key;
}

/**
 * Each snapshot's own part of the key, made once: snapshots are immutable, and a machine waiting on its procedure
 * keeps the same snapshot through every step the procedure takes.
 */
const ownKeys = new WeakMap<AnyMachineSnapshot, string>();

function ownKey(snap: AnyMachineSnapshot): string {
  let key = ownKeys.get(snap);
  if (key === undefined) {
    key = JSON.stringify(keyOf(snap));
    ownKeys.set(snap, key);
  }
  return key;
}

function keyOf(snap: AnyMachineSnapshot): unknown {
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
  };
}
