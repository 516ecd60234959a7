// The procedure machines: the movement machine and every procedure it invokes, read from each machine's own
// `setup({ actors })` — at run time for MACHINES, at compile time for MachineId. A new procedure is registered where
// it is invoked (the parent's `actors` and the invoking state); nothing here lists it.
import type { AnyStateMachine, StateMachine } from 'xstate';
import type { RuleRef } from '../src/rules/registry.ts';
import type { Text } from '../src/text/text.ts';
import { avoidBattleMachine } from './avoid-battle/avoid-battle.machine.ts';
import { fieldBattleMachine } from './field-battle/field-battle.machine.ts';
import { interceptionMachine } from './interception/interception.machine.ts';
import { movementMachine } from './movement/movement.machine.ts';
import { reliefMachine } from './relief/relief.machine.ts';
import { retreatMachine } from './retreat/retreat.machine.ts';
import { siegeBreakMachine } from './siege-break/siege-break.machine.ts';
import { withdrawalMachine } from './withdrawal/withdrawal.machine.ts';

export {
  avoidBattleMachine,
  fieldBattleMachine,
  interceptionMachine,
  movementMachine,
  reliefMachine,
  retreatMachine,
  siegeBreakMachine,
  withdrawalMachine,
};
export type { StateMeta, DecisionKind, RollPurpose, Tag } from './meta.ts';

/** The actors a machine's `setup({ actors })` provides, as XState types them: `{ src, logic, … }` each. */
type ActorsOf<M> =
  M extends StateMachine<
    infer _Context,
    infer _Event,
    infer _Children,
    infer A,
    infer _Action,
    infer _Guard,
    infer _Delay,
    infer _Value,
    infer _Tag,
    infer _Input,
    infer _Output,
    infer _Emitted,
    infer _Meta,
    infer _Config
  >
    ? A
    : never;

/** Every actor a machine invokes, and the actors they invoke, down the tree. */
type ActorTree<A> = A | (A extends { readonly logic: infer L } ? ActorTree<ActorsOf<L>> : never);

type Invoked = ActorTree<ActorsOf<typeof movementMachine>>;

/** A procedure machine's id: the movement machine's, or the `src` it is invoked by (which is its id, checked below). */
export type MachineId = 'movement' | Invoked['src'];

type MachineOf<K extends MachineId> = K extends 'movement'
  ? typeof movementMachine
  : Extract<Invoked, { readonly src: K }>['logic'];

/** Every procedure machine by id: the movement machine, then each machine it invokes, breadth first. */
export type Machines = { readonly [K in MachineId]: MachineOf<K> };

/** The root and every machine below it, breadth first: the root, the procedures it invokes, then theirs. */
function procedureTree(root: AnyStateMachine): Record<string, AnyStateMachine> {
  const found: Record<string, AnyStateMachine> = { [root.id]: root };
  const queue = [root];
  for (let machine = queue.shift(); machine; machine = queue.shift()) {
    for (const [src, logic] of Object.entries(machine.implementations.actors)) {
      const child = logic as AnyStateMachine;
      // The id is the name a procedure is known by everywhere (trace, charts, registry): it must be its src.
      if (child.id !== src)
        throw new Error(`engine fault: ${machine.id} invokes the ${child.id} machine as '${src}', not by its id`);
      if (found[src] === child) continue;
      if (found[src]) throw new Error(`engine fault: two machines are invoked as '${src}'`);
      found[src] = child;
      queue.push(child);
    }
  }
  return found;
}

export const MACHINES = Object.freeze(procedureTree(movementMachine)) as Machines;

export const MACHINE_IDS: readonly MachineId[] = Object.freeze(Object.keys(MACHINES) as MachineId[]);

/** What a procedure machine says about itself in its root `meta`: the rule it implements and its bilingual title. */
export interface ProcedureMeta {
  readonly rule: RuleRef;
  readonly title: Text;
}

/** A machine's own rule and title (its root `meta`). */
export function procedureMeta(id: MachineId): ProcedureMeta {
  const meta = (MACHINES[id] as AnyStateMachine).root.meta as ProcedureMeta | undefined;
  if (!meta?.rule || !meta.title) throw new Error(`engine fault: the ${id} machine states no rule and title`);
  return meta;
}

export function isMachineId(id: string): id is MachineId {
  return Object.hasOwn(MACHINES, id);
}
