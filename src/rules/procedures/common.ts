// What every procedure machine carries: the world it reads and changes, and the summary it adds to.
import type { EngineEvent, EventOf, EventType } from '../../schema/events.ts';
import { EMPTY_SUMMARY, type Summary } from '../../schema/result.ts';
import { units, type Units, type UnitsInput } from '../../schema/units.ts';
import type { RuleRef } from '../registry.ts';
import type { World } from '../world.ts';

export interface ProcedureContext {
  readonly world: World;
  readonly summary: Summary;
}

export interface ProcedureInput {
  readonly world: World;
  readonly summary?: Summary;
}

export function startContext(input: ProcedureInput): ProcedureContext {
  return { world: input.world, summary: input.summary ?? EMPTY_SUMMARY };
}

/** What an invoked procedure starts from: the world and the summary so far. */
export function procedureInput(c: ProcedureContext): ProcedureInput {
  return { world: c.world, summary: c.summary };
}

/** A finished procedure's world and summary, taken back by the machine that invoked it. */
export function takeProcedureOutput(_c: ProcedureContext, out: ProcedureContext): Partial<ProcedureContext> {
  return { world: out.world, summary: out.summary };
}

/** Narrows an engine event to one type (machines share one event union). */
export function eventOf<T extends EventType>(event: EngineEvent, type: T): EventOf<T> | undefined {
  return event.type === type ? (event as EventOf<T>) : undefined;
}

/** The event a reducer runs on, which its transition's guard already checked: anything else is an engine fault. */
export function eventAs<T extends EventType>(event: EngineEvent, type: T): EventOf<T> {
  if (event.type !== type) throw new Error(`engine fault: a reducer for ${type} ran on ${event.type}`);
  return event as EventOf<T>;
}

/** The units named in an event's unit fields (missing counts are 0). */
export function eventUnits(event: UnitsInput & object): Units {
  return units(event);
}

/**
 * A guard of a procedure machine: a predicate over the context (and event) that carries the rule it applies.
 * Machines reference guards by name; the session's trace records each evaluation with this rule.
 */
export interface RuleGuard<C> {
  readonly rule: RuleRef;
  readonly test: (context: C, event: EngineEvent) => boolean;
}

export function guard<C>(rule: RuleRef, test: (context: C, event: EngineEvent) => boolean): RuleGuard<C> {
  return { rule, test };
}

/** The context a rule-carrying guard reads. */
type ContextOf<R> = R extends RuleGuard<infer C> ? C : never;

/** A machine's named guards, each the one-line adapter from XState's arguments to its rule-carrying guard. */
export function guardsOf<G extends Readonly<Record<string, RuleGuard<never>>>>(
  table: G,
): { readonly [K in keyof G]: (args: { context: ContextOf<G[K]>; event: EngineEvent }) => boolean } {
  const adapters: Record<string, (args: { context: never; event: EngineEvent }) => boolean> = {};
  for (const [name, rule] of Object.entries(table)) adapters[name] = ({ context, event }) => rule.test(context, event);
  return adapters as { readonly [K in keyof G]: (args: { context: ContextOf<G[K]>; event: EngineEvent }) => boolean };
}
