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
import { isMachineId, type MACHINES, type MachineId } from '../../machines/index.ts';
import { FrozenMap, FrozenSet } from '../data/frozen.ts';
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
  // Every session (a fork too) has a system of its own: what does nothing is one function for all of them.
  const system = {
    _bookId: bookId,
    _register: sameId,
    _unregister: nothing,
    _set: nothing,
    get: nothing,
    getAll: noActors,
    inspect: noSubscription,
    _sendInspectionEvent: observe,
    _relay: nothing,
    _logger: nothing,
    _clock: { setTimeout: noTimer, clearTimeout: nothing },
    _snapshot: { _scheduledEvents: {} },
    scheduler: { schedule: nothing, cancel: nothing, cancelAll: nothing },
    getSnapshot: noScheduledEvents,
    start: nothing,
  };
  return { system, bookId };
}

const nothing = (): undefined => undefined;
const sameId = (sessionId: string) => sessionId;
const noActors = () => ({});
const noSubscription = () => ({ unsubscribe: nothing });
const noTimer = () => 0;
const noScheduledEvents = () => ({ _scheduledEvents: {} });

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
    logger: nothing,
    defer: nothing,
    system: self.system,
    stopChild: nothing,
    emit: nothing,
    actionExecutor: onAction
      ? (action: { type: string; params?: unknown }) =>
          onAction({
            type: '@xstate.action',
            actorRef: self,
            action: { type: action.type, params: action.params },
          } as never)
      : nothing,
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

/**
 * The transitions a microstep took, as XState hands them to the inspector: the `_transitions` of its
 * `@xstate.microstep` inspection event (XState 5.33.3: `macrostep` passes the transitions it selected to
 * `addMicrostep`, which puts them there and nowhere else). This is an internal, read on purpose: XState's public pure
 * API does not say which transition a microstep took — `getMicrosteps` and `getInitialMicrosteps` give each
 * microstep as `[snapshot, actions]`, `transition` the last snapshot and its actions, and `getNextTransitions` every
 * transition the state has, guards not evaluated. The state a microstep reaches does not tell two guarded
 * transitions with the same source, event and target apart (avoid battle's `resolvingAvoid` has two to
 * `checkingNextAvoider`: a success, which places the group, and a failure), and machine coverage counts exactly those; nor can those
 * functions run in the session's actor system (they build an inert scope of their own). docs/architecture.md
 * "XState internals"; test/engine/actors.test.ts fails if XState moves or reshapes it.
 */
function transitionsOf(ev: { readonly _transitions?: readonly unknown[] }): readonly RawTransition[] {
  if (!Array.isArray(ev._transitions))
    throw new Error(
      `engine fault: XState's microstep inspection event has no _transitions (read from XState ${XSTATE_VERSION}; docs/architecture.md "XState internals")`,
    );
  return ev._transitions as readonly RawTransition[];
}

/** The transitions a microstep inspection event took (its `_transitions`: see transitionsOf). */
export function takenTransitions(ev: { readonly _transitions?: readonly unknown[] }): TakenTransition[] {
  return transitionsOf(ev).flatMap((t) => {
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
  // The taken transitions, an XState internal (see transitionsOf): the public API does not say whether a microstep
  // was eventless, nor which state it left.
  const transition = transitionsOf(ev)[0];
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

/** Every machine's context holds the world and the summary: a type error here if one stops doing so. */
type EveryContextIsAProcedureContext = { readonly [M in MachineId]: ContextOf<M> extends ProcedureContext ? M : never };
export type ProcedureMachineId = EveryContextIsAProcedureContext[MachineId];
const _everyContext: MachineId extends ProcedureMachineId ? true : never = true;
void _everyContext;

/** A snapshot of the tree with the id of its machine (checked against the known machines). */
export function fromSnapshot(snapshot: AnyMachineSnapshot): MachineContext {
  const id = snapshot.machine.id;
  if (!isMachineId(id)) throw new Error(`engine fault: an actor of unknown machine '${id}'`);
  return { machine: id, context: snapshot.context };
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

/** A transition a microstep took, as a host's inspector sees it: its event, source, targets and guard, by name. */
function transitionView(t: unknown): unknown {
  const raw = t as {
    eventType: string;
    source?: { id: string; key: string };
    target?: readonly { id: string; key: string }[];
    guard?: unknown;
    reenter?: boolean;
  };
  const guard = raw.guard;
  return {
    eventType: raw.eventType,
    source: raw.source && { id: raw.source.id, key: raw.source.key },
    target: raw.target?.map((n) => ({ id: n.id, key: n.key })),
    guard: typeof guard === 'string' ? guard : (guard as { type?: string } | undefined)?.type,
    reenter: raw.reenter ?? false,
  };
}

/** Defines `key` on `target` as a value computed when it is first read (an inspector may never read it). */
function lazily(target: object, key: string, compute: () => unknown): void {
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = compute();
      Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
  });
}

/** XState's actor objects and the tree's own (src/engine/tree.ts): a session id and a snapshot to give. */
function isActorRef(v: object): v is AnyActorRef {
  const a = v as { sessionId?: unknown; getSnapshot?: unknown };
  return typeof a.sessionId === 'string' && typeof a.getSnapshot === 'function';
}

function isMachineSnapshot(v: object): v is AnyMachineSnapshot {
  const s = v as { machine?: unknown; getMeta?: unknown; hasTag?: unknown };
  return typeof s.getMeta === 'function' && typeof s.hasTag === 'function' && typeof s.machine === 'object';
}

function isMapLike(v: object): v is ReadonlyMap<unknown, unknown> {
  const m = v as { get?: unknown; has?: unknown; entries?: unknown };
  return (
    v instanceof Map || (typeof m.get === 'function' && typeof m.has === 'function' && typeof m.entries === 'function')
  );
}

function isSetLike(v: object): v is ReadonlySet<unknown> {
  const m = v as { has?: unknown; values?: unknown; get?: unknown };
  return v instanceof Set || (typeof m.has === 'function' && typeof m.values === 'function' && m.get === undefined);
}

/**
 * An actor of a session's tree as a host's inspector is given it: its ids, its machine (the definition an inspector
 * draws), its parent (`_parent`, as XState's own actors carry it) and `getSnapshot()`, which gives a copy of its latest
 * snapshot. Events go to the session (`session.send`), never to its actors. It has no own enumerable field (all are
 * read through its prototype), so that a serialiser walking an event does not walk into the engine through it; its
 * JSON is XState's form of an actor reference.
 */
class InspectedActor {
  readonly #id: string;
  readonly #sessionId: string;
  readonly #logic: AnyStateMachine | undefined;
  #parent: InspectedActor | undefined;
  /** The engine's actor object whose snapshot is the latest: XState's child at its creation, then the tree's node. */
  #source: AnyActorRef;
  readonly #copies: InspectionCopies;

  constructor(ref: AnyActorRef, parent: InspectedActor | undefined, copies: InspectionCopies) {
    this.#id = (ref as { id?: string }).id ?? ref.sessionId;
    this.#sessionId = ref.sessionId;
    this.#logic = actorInfo(ref).machine;
    this.#parent = parent;
    this.#source = ref;
    this.#copies = copies;
  }

  get id(): string {
    return this.#id;
  }

  get sessionId(): string {
    return this.#sessionId;
  }

  get logic(): AnyStateMachine | undefined {
    return this.#logic;
  }

  get src(): string | undefined {
    return this.#logic?.id;
  }

  get _parent(): InspectedActor | undefined {
    return this.#parent;
  }

  /** A later event's actor object for the same session id: its snapshot is the newer one; its parent, if none yet. */
  seen(ref: AnyActorRef, parent: InspectedActor | undefined): void {
    this.#source = ref;
    this.#parent ??= parent;
  }

  /** A copy of the latest snapshot; while the actor is being created (it has none yet), `{ status: 'active' }`. */
  getSnapshot(): unknown {
    let snapshot: unknown;
    try {
      snapshot = this.#source.getSnapshot();
    } catch {
      // XState's child refuses to be read while it initialises: it has no snapshot yet.
    }
    return snapshot === undefined ? { status: 'active' } : this.#copies.value(snapshot);
  }

  send(): never {
    throw new Error('an inspector cannot send events to the actors of a session: send them with session.send');
  }

  toJSON(): unknown {
    return { xstate$$type: 1, id: this.#id };
  }
}

/** How deep a copy goes: the engine's values are a few levels deep; anything deeper is not the engine's. */
const MAX_COPY_DEPTH = 64;

/**
 * What a host's inspector is handed (SessionOptions.inspect): each inspection event with copies in place of the
 * engine's own objects. The engine's contexts and events are frozen, and XState's actors and snapshots reach the
 * machines' definitions: a serialiser that writes into what it serialises (as @statelyai/inspect's browser inspector
 * does, to mark what it cuts off) would meet a frozen object, or change the engine's own. So the inspector gets its
 * actors as InspectedActors, its snapshots, events and action parameters as deep copies of their data (made when
 * first read; maps and sets stay maps and sets, a snapshot keeps its methods and machine out of its own enumerable
 * fields), and a microstep's transitions by name. A copy is the host's to write into.
 */
export class InspectionCopies {
  private readonly actors = new Map<string, InspectedActor>();

  /** The inspector's view of an actor: one per session id, with the latest actor object the engine stepped. */
  actor(ref: AnyActorRef): InspectedActor {
    const parentId = actorInfo(ref).parent;
    const parent = parentId === undefined ? undefined : this.actors.get(parentId);
    let view = this.actors.get(ref.sessionId);
    if (!view) {
      view = new InspectedActor(ref, parent, this);
      this.actors.set(ref.sessionId, view);
    } else view.seen(ref, parent);
    return view;
  }

  /** A deep copy of a value of the engine: plain objects, arrays, maps and sets, snapshots, actors as their views. */
  value(v: unknown, depth = 0): unknown {
    if (v === null || typeof v !== 'object') return v;
    if (depth > MAX_COPY_DEPTH) return '[deeper than the engine goes]';
    const d = depth + 1;
    if (Array.isArray(v)) {
      const copy: unknown[] = new Array(v.length);
      for (let i = 0; i < v.length; i++) copy[i] = this.value(v[i], d);
      return copy;
    }
    // A snapshot is an object literal of XState's (its machine among its fields): told apart before plain objects.
    if (isMachineSnapshot(v)) return this.snapshot(v, d);
    if (isActorRef(v)) return this.actor(v);
    // Plain objects next: nearly everything in a context is one or an array (no closure per call: this runs for every
    // value of every snapshot an inspector reads).
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto === Object.prototype || proto === null) {
      const copy: Record<string, unknown> = {};
      for (const k of Object.keys(v)) copy[k] = this.value((v as Record<string, unknown>)[k], d);
      return copy;
    }
    // The board's and the leaders' tables: read-only by construction (no own field, no way to change them), shared
    // by every scenario on the board, the same at every step. A serialiser cannot write into them, so they stay.
    if (v instanceof FrozenMap || v instanceof FrozenSet) return v;
    if (isMapLike(v)) return new Map([...v.entries()].map(([k, x]) => [k, this.value(x, d)]));
    if (isSetLike(v)) return new Set([...v.values()].map((x) => this.value(x, d)));
    if (v instanceof Error) return { name: v.name, message: v.message };
    const copy: Record<string, unknown> = {};
    for (const k of Object.keys(v)) copy[k] = this.value((v as Record<string, unknown>)[k], d);
    return copy;
  }

  /**
   * A machine snapshot's copy: its data as its own enumerable fields (status, value, context, output, error,
   * children, history by state id, tags as a list), and, not enumerable, its machine and its methods (`matches`,
   * `hasTag`, `can`, `getMeta`, `toJSON`), answered by the snapshot itself.
   */
  private snapshot(snap: AnyMachineSnapshot, depth: number): unknown {
    const history = Object.fromEntries(
      Object.entries(snap.historyValue ?? {}).map(([id, nodes]) => [
        id,
        (nodes as readonly { id: string }[]).map((n) => ({ id: n.id })),
      ]),
    );
    const copy = {
      status: snap.status,
      value: this.value(snap.value, depth),
      context: this.value(snap.context, depth),
      output: this.value(snap.output, depth),
      error: this.value(snap.error, depth),
      children: this.value(snap.children, depth),
      historyValue: history,
      tags: [...snap.tags],
    };
    const own = (value: unknown) => ({ value, enumerable: false, configurable: true, writable: true });
    Object.defineProperties(copy, {
      machine: own(snap.machine),
      matches: own(snap.matches.bind(snap)),
      hasTag: own(snap.hasTag.bind(snap)),
      can: own(snap.can.bind(snap)),
      getMeta: own(snap.getMeta.bind(snap)),
      toJSON: own(() => ({ ...copy })),
    });
    return copy;
  }

  copy(event: InspectionEvent): InspectionEvent {
    const out: Record<string, unknown> = {
      type: event.type,
      rootId: event.rootId,
      actorRef: this.actor(event.actorRef as AnyActorRef),
    };
    switch (event.type) {
      case '@xstate.event':
        out.sourceRef = event.sourceRef && this.actor(event.sourceRef as AnyActorRef);
        lazily(out, 'event', () => this.value(event.event));
        break;
      case '@xstate.snapshot':
      case '@xstate.transition':
        lazily(out, 'event', () => this.value(event.event));
        lazily(out, 'snapshot', () => this.value(event.snapshot));
        break;
      case '@xstate.microstep':
        lazily(out, 'event', () => this.value(event.event));
        lazily(out, 'snapshot', () => this.value(event.snapshot));
        lazily(out, '_transitions', () => event._transitions.map(transitionView));
        break;
      case '@xstate.action':
        lazily(out, 'action', () => ({ type: event.action.type, params: this.value(event.action.params) }));
        break;
      case '@xstate.actor':
        break;
    }
    return out as unknown as InspectionEvent;
  }
}
