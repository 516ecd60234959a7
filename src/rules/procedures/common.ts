// What every procedure machine carries: the world it reads and changes, and the summary it adds to.
import type { EngineEvent, EventOf, EventType } from '../../schema/events.ts';
import { EMPTY_SUMMARY, type RecordedSummary } from '../../schema/result.ts';
import { units, type Units, type UnitsInput } from '../../schema/units.ts';
import type { RuleRef, RulingRef } from '../registry.ts';
import type { Refusal, Verdict } from '../verdict.ts';
import type { World } from '../world.ts';

export interface ProcedureContext {
  readonly world: World;
  readonly summary: RecordedSummary;
}

export interface ProcedureInput {
  readonly world: World;
  readonly summary?: RecordedSummary;
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
 * What a guard answers: whether the transition may be taken. The guard of an answer says why not: the verdict of the
 * restrictions its decision lists the options with (`false` when no restriction refuses — the answer is not its
 * sender's to give). The session keeps that verdict, computed once per event, as the refusal and the trace's row.
 */
export type GuardAnswer = boolean | Verdict;

/** What the guard of an answer to a decision answers: the verdict, or `false` (not the sender's answer to give). */
export type AnswerVerdict = Verdict | false;

/**
 * A guard of a procedure machine: a predicate over the context (and event) that carries the rule it applies.
 * Machines reference guards by name; the session's trace records each evaluation with this rule.
 */
export interface RuleGuard<C> {
  readonly rule: RuleRef;
  /** The ruling that reads the rule, when one does (ruling R28's order of a Surprise Attack). */
  readonly ruling?: RulingRef;
  readonly test: (context: C, event: EngineEvent) => GuardAnswer;
  /** The guard of an answer to a decision (answerGuard): its verdict is the refusal the session reports. */
  readonly answer?: true;
}

export function guard<C>(
  rule: RuleRef,
  test: (context: C, event: EngineEvent) => boolean,
  ruling?: RulingRef,
): RuleGuard<C> {
  return ruling ? { rule, ruling, test } : { rule, test };
}

/**
 * The guard of an answer to a decision: the verdict on the event, with the refusal when it does not hold — the one
 * computation the machine's transition, `snapshot.can` and the session's refusal all read.
 */
export function answerGuard<C>(rule: RuleRef, check: (context: C, event: EngineEvent) => AnswerVerdict): RuleGuard<C> {
  return { rule, test: check, answer: true };
}

export function holds(answer: GuardAnswer): boolean {
  return typeof answer === 'boolean' ? answer : answer.ok;
}

/** The refusal a guard's answer carries, if it has one. */
export function refusalOf(answer: GuardAnswer): Refusal | undefined {
  return typeof answer === 'object' && !answer.ok ? answer : undefined;
}

/**
 * Ruling R9: the verdict on an answer of a power the rules may have passed over (not being asked, with pieces
 * there): what stops it even on its turn (`verdict(true)`: judged as if it were asked), when something does; else
 * the verdict as things stand (`verdict(false)`: whose turn it is).
 */
export function asIfAsked(passedOver: boolean, verdict: (asIfAsked: boolean) => Verdict): Verdict {
  const onItsTurn = passedOver ? verdict(true) : undefined;
  return onItsTurn && !onItsTurn.ok ? onItsTurn : verdict(false);
}

/** The context a rule-carrying guard reads. */
type ContextOf<R> = R extends RuleGuard<infer C> ? C : never;

/**
 * A machine's named guard as XState calls it, carrying the rule and the test it adapts: the session's instrumented
 * copy, the diagrams and the statement coverage read them from the machine's own `implementations.guards`.
 */
export type GuardAdapter<C> = ((args: { context: C; event: EngineEvent }) => boolean) & RuleGuard<C>;

/** A machine's named guards, each the one-line adapter from XState's arguments to its rule-carrying guard. */
export function guardsOf<G extends Readonly<Record<string, RuleGuard<never>>>>(
  table: G,
): { readonly [K in keyof G]: GuardAdapter<ContextOf<G[K]>> } {
  const adapters: Record<string, GuardAdapter<never>> = {};
  for (const [name, g] of Object.entries(table)) {
    const adapter = ({ context, event }: { context: never; event: EngineEvent }) => holds(g.test(context, event));
    // The test is read from the guard at each call: the table stays the one place a guard's behaviour lives.
    const answer = g.answer ? { answer: true as const } : {};
    adapters[name] = Object.assign(adapter, {
      rule: g.rule,
      ...(g.ruling ? { ruling: g.ruling } : {}),
      test: (c: never, e: EngineEvent) => g.test(c, e),
      ...answer,
    });
  }
  return adapters as { readonly [K in keyof G]: GuardAdapter<ContextOf<G[K]>> };
}

/** The rule-carrying guard behind a machine's named guard (undefined for a guard not made by guardsOf). */
export function ruleGuardOf(adapter: unknown): RuleGuard<unknown> | undefined {
  const g = adapter as Partial<RuleGuard<unknown>> | undefined;
  return typeof adapter === 'function' && typeof g?.rule === 'string' && typeof g.test === 'function'
    ? (g as RuleGuard<unknown>)
    : undefined;
}
