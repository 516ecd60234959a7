// The one place that knows how the composed machines look from the outside: which actor of the tree waits for the
// next event (the movement machine invokes one procedure at a time; events go to the innermost active one), and
// what XState's inspection events say about an actor (its machine, its parent, its initial state) and a step (which
// transition was taken). Everything here leans on XState 5's actor objects; test/engine/actors.test.ts pins the
// version these fields were read from.
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';

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
export function actorInfo(ref: AnyActorRef): { machine: AnyStateMachine | undefined; parent: string | undefined; initial: AnyStateMachine['root'] | undefined } {
  const internals = ref as ActorInternals;
  return { machine: internals.logic, parent: internals._parent?.sessionId, initial: internals.logic?.root.initial.target[0] };
}

/** Whether a microstep took an eventless (`always`) transition, and the event type it was taken on. */
export function microstepTrigger(ev: Extract<InspectionEvent, { type: '@xstate.microstep' }>): { eventless: boolean; type: string } {
  const transition = ev._transitions[0];
  return { eventless: transition !== undefined && transition.eventType === '', type: ev.event.type };
}
