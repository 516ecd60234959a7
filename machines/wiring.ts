// What the machines' setup() share: the reducers of src/rules/procedures, named once, as XState actions — as
// guardsOf (src/rules/procedures/common.ts) makes the guards. A reducer takes the context and the event (or, after a
// procedure finishes, its output as the action's params) and returns the context's changes.
import { assign, type ActionFunction, type MachineContext } from 'xstate';
import type { EngineEvent } from '../src/schema/events.ts';

/** An `assign` action of a machine whose context is C, taking params P. */
export type ReducerAction<C extends MachineContext, P = undefined> = ActionFunction<
  C,
  EngineEvent,
  EngineEvent,
  P,
  never,
  never,
  never,
  never,
  never
>;

type EventReducer<C> = (context: C, event: EngineEvent) => Partial<C>;
// Any output type: each reducer names its own, and the action's params are typed by it.
type OutputReducer<C> = (context: C, output: never) => Partial<C>;
type OutputOf<R> = R extends (context: never, output: infer O) => unknown ? O : never;

/**
 * The reducers that run on an event (or on none), each as the action of the same name:
 * `actions: reducersOf<MovementContext>()({ declareMove, startMove })`.
 */
export function reducersOf<C extends MachineContext>() {
  return <R extends Readonly<Record<string, EventReducer<C>>>>(
    table: R,
  ): { readonly [K in keyof R]: ReducerAction<C> } => {
    const actions: Record<string, ReducerAction<C>> = {};
    for (const [name, reduce] of Object.entries(table))
      actions[name] = assign<C, EngineEvent, undefined, EngineEvent, never>(({ context, event }) =>
        reduce(context as C, event),
      );
    return actions as { readonly [K in keyof R]: ReducerAction<C> };
  };
}

/**
 * The reducers that take back a finished procedure's output, each as the action of the same name, its params the
 * output (`actions: { type: 'takeAvoidOutput', params: ({ event }) => event.output }`).
 */
export function outputReducersOf<C extends MachineContext>() {
  return <R extends Readonly<Record<string, OutputReducer<C>>>>(
    table: R,
  ): { readonly [K in keyof R]: ReducerAction<C, OutputOf<R[K]>> } => {
    const actions: Record<string, ReducerAction<C, never>> = {};
    for (const [name, reduce] of Object.entries(table))
      actions[name] = assign<C, EngineEvent, never, EngineEvent, never>(({ context }, output) =>
        reduce(context as C, output),
      );
    return actions as { readonly [K in keyof R]: ReducerAction<C, OutputOf<R[K]>> };
  };
}
