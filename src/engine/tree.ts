// The snapshot tree the session runs: the movement machine's snapshot and, below it, the snapshot of the procedure
// its state invokes, and so on down to the procedure that waits for the next event. Every step is XState's pure
// `machine.transition` of one machine; a child that finishes hands its output to its parent as XState's done event,
// exactly as a live actor would. Nothing is started, scheduled or mutated: a tree is an immutable value, so a fork
// shares it, and a step that fails is undone by keeping the tree from before it.
//
// XState still reports every step: each machine's microsteps, and each child it creates, reach the session's
// inspection system (src/engine/actors.ts) — the trace is built from them, and a host's inspector sees them with
// the events and snapshots a live actor system would add.
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, EventObject, InspectionEvent } from 'xstate';
import { childActor, inspectionSystem, treeScope, type TreeActor } from './actors.ts';

/** One machine of the tree, with the procedure its state invokes while that runs. */
export interface TreeNode {
  readonly id: string;
  readonly sessionId: string;
  readonly machine: AnyStateMachine;
  readonly snapshot: AnyMachineSnapshot;
  /** The invoked procedure: XState's actor object for it (in the snapshot's children, never started) and its node. */
  readonly child?: { readonly ref: AnyActorRef; readonly node: TreeNode };
}

/** What a tree reports: every inspection event to the trace; to a host's inspector, also what a live system adds. */
export interface TreeObservers {
  readonly trace: (event: InspectionEvent) => void;
  readonly host?: (event: InspectionEvent) => void;
}

/** Runs trees for one session: its inspection system, the observers it reports to. */
export class TreeRunner {
  private readonly system: unknown;
  private readonly bookId: () => string;
  private readonly observers: TreeObservers;
  private rootId = '';
  /** Each actor this session has stepped, with the scope its transitions run in: made once, not at every step. */
  private readonly actors = new Map<string, { readonly actor: NodeActor; readonly scope: unknown }>();

  constructor(observers: TreeObservers) {
    this.observers = observers;
    const { system, bookId } = inspectionSystem((event) => this.report(event));
    this.system = system;
    this.bookId = bookId;
  }

  private report(event: InspectionEvent): void {
    this.observers.trace(event);
    this.observers.host?.({ ...event, rootId: this.rootId });
  }

  /** The actor a node is, as this session's system sees it (its snapshot: `snapshot`), and its scope. */
  private actorOf(
    node: Pick<TreeNode, 'id' | 'sessionId' | 'machine'>,
    snapshot: AnyMachineSnapshot | undefined,
  ): { readonly actor: NodeActor; readonly scope: unknown } {
    let known = this.actors.get(node.sessionId);
    if (!known) {
      const actor = new NodeActor(node.id, node.sessionId, node.machine, this.system);
      known = { actor, scope: treeScope(actor, this.observers.host ? (event) => this.report(event) : undefined) };
      this.actors.set(node.sessionId, known);
    }
    known.actor.current = snapshot;
    return known;
  }

  /** The machine started with `input`, and the procedures it invokes at once. Throws what a machine threw. */
  start(machine: AnyStateMachine, input: unknown): TreeNode {
    const sessionId = this.bookId();
    this.rootId = sessionId;
    const identity = { id: sessionId, sessionId, machine };
    // As a live actor does, the root is reported before its first snapshot exists.
    const { actor, scope } = this.actorOf(identity, undefined);
    this.report({ type: '@xstate.actor', actorRef: actor } as never);
    const snapshot = machine.getInitialSnapshot(scope as never, input) as AnyMachineSnapshot;
    this.actorOf(identity, snapshot);
    this.reportSnapshot(actor, snapshot, { type: 'xstate.init', input } as EventObject);
    return this.settle(identity, snapshot);
  }

  /** The tree after `event` is sent to its active procedure. Throws what a machine threw; `tree` is unchanged. */
  send(tree: TreeNode, event: EventObject): TreeNode {
    if (this.observers.host) {
      const target = leafOf(tree);
      this.observers.host({
        type: '@xstate.event',
        sourceRef: undefined,
        actorRef: this.actorOf(target, target.snapshot).actor,
        event,
        rootId: this.rootId,
      } as never);
    }
    return this.deliver(tree, event);
  }

  // The nodes are written out field by field, not spread: a tree is rebuilt along its path at every step.
  private deliver(node: TreeNode, event: EventObject): TreeNode {
    const child = node.child;
    if (!child) return this.settle(node, this.transition(node, event));
    const next = this.deliver(child.node, event);
    if (next.snapshot.status !== 'done')
      return {
        id: node.id,
        sessionId: node.sessionId,
        machine: node.machine,
        snapshot: node.snapshot,
        child: { ref: child.ref, node: next },
      };
    return this.settle(node, this.transition(node, doneEvent(next)), child);
  }

  private transition(node: TreeNode, event: EventObject): AnyMachineSnapshot {
    const { actor, scope } = this.actorOf(node, node.snapshot);
    const snapshot = node.machine.transition(node.snapshot, event, scope as never) as AnyMachineSnapshot;
    actor.current = snapshot;
    this.reportSnapshot(actor, snapshot, event);
    return snapshot;
  }

  /**
   * A node whose snapshot has just changed, with its invoked procedure: the one it had (`previous`), when that is
   * still the one in its snapshot, or the one it has just invoked, started — and when that one finishes as it
   * starts, its done event goes to this machine at once, as it would in a live system.
   */
  private settle(
    node: Pick<TreeNode, 'id' | 'sessionId' | 'machine'>,
    snapshot: AnyMachineSnapshot,
    previous?: TreeNode['child'],
  ): TreeNode {
    const { id, sessionId, machine } = node;
    let current: TreeNode = { id, sessionId, machine, snapshot };
    for (let guard = 0; guard < 1000; guard++) {
      const snap = current.snapshot;
      if (snap.status === 'error') throw snap.error;
      const refs = Object.values(snap.children ?? {}) as AnyActorRef[];
      if (refs.length > 1) throw new Error(`engine fault: ${machine.id} runs ${refs.length} procedures at once`);
      const ref = refs[0];
      if (!ref) return current;
      const child = previous?.ref === ref ? previous.node : this.startChild(ref);
      if (child.snapshot.status !== 'done')
        return { id, sessionId, machine, snapshot: snap, child: { ref, node: child } };
      current = { id, sessionId, machine, snapshot: this.transition(current, doneEvent(child)) };
      previous = undefined;
    }
    throw new Error(`engine fault: ${machine.id}'s procedures did not settle`);
  }

  /** A procedure XState created when its parent's state invoked it: its first snapshot, and what it invokes in turn. */
  private startChild(ref: AnyActorRef): TreeNode {
    const { id, sessionId, logic } = childActor(ref);
    const snapshot = ref.getSnapshot() as AnyMachineSnapshot;
    if (snapshot.status === 'error') throw snapshot.error;
    if (this.observers.host)
      this.reportSnapshot(this.actorOf({ id, sessionId, machine: logic }, snapshot).actor, snapshot);
    return this.settle({ id, sessionId, machine: logic }, snapshot);
  }

  private reportSnapshot(actor: TreeActor, snapshot: AnyMachineSnapshot, event?: EventObject): void {
    this.observers.host?.({ type: '@xstate.snapshot', actorRef: actor, event, snapshot, rootId: this.rootId } as never);
  }
}

/** An actor of the tree as XState's events and the children it creates see it; its snapshot is the latest it took. */
class NodeActor implements TreeActor {
  current: AnyMachineSnapshot | undefined;
  readonly id: string;
  readonly sessionId: string;
  readonly logic: AnyStateMachine;
  readonly system: unknown;

  constructor(id: string, sessionId: string, logic: AnyStateMachine, system: unknown) {
    this.id = id;
    this.sessionId = sessionId;
    this.logic = logic;
    this.system = system;
  }

  getSnapshot(): AnyMachineSnapshot {
    return this.current as AnyMachineSnapshot;
  }
}

function doneEvent(child: TreeNode): EventObject {
  return { type: `xstate.done.actor.${child.id}`, output: child.snapshot.output, actorId: child.id } as EventObject;
}

/** The procedure that takes the next event: the innermost node. */
export function leafOf(tree: TreeNode): TreeNode {
  let node = tree;
  while (node.child) node = node.child.node;
  return node;
}
