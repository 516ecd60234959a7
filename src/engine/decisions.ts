// The pending decision of a waiting machine: who answers, the legal answers (complete events), the answers that are
// not allowed with their rule, and for rolls the dice and modifiers. Each procedure builds its own decisions
// (src/engine/procedures/); here every decision is bounded to a list a person can read.
import type { MachineId } from '../../machines/index.ts';
import type { Decision } from '../schema/decision.ts';
import type { EngineEvent } from '../schema/events.ts';
import { MAX_OPTIONS } from './procedures/field-battle.ts';
import { decide, kindOf, specOf, type DecisionView, type Waiting } from './procedures/index.ts';
import { namesIn } from './procedures/names.ts';

export { MAX_OPTIONS };
export type { DecisionView, Waiting };

/**
 * No decision lists more than MAX_OPTIONS answers (nor blocked answers): a board with a thousand spaces around a
 * battle still gives a list a person can read. The way to decline (its spec's `declines`) is always kept; `limits` still describes every
 * legal answer, and `limits.optionsComplete` says when the list was cut; `names` keeps the ids still shown.
 */
function bounded<D extends Decision>(d: D): D {
  if (d.options.length <= MAX_OPTIONS && d.blocked.length <= MAX_OPTIONS) return d;
  const declining: readonly string[] = specOf(d.machine as MachineId, d.kind).declines ?? [];
  const declines = d.options.filter((o) => declining.includes(o.event.type));
  const others = d.options.filter((o) => !declining.includes(o.event.type)).slice(0, MAX_OPTIONS - declines.length);
  const cut = {
    ...d,
    options: [...others, ...declines],
    blocked: d.blocked.slice(0, MAX_OPTIONS),
    forced: false,
    limits: {
      ...(d.limits ?? {}),
      optionsComplete: d.options.length <= MAX_OPTIONS,
      blockedComplete: d.blocked.length <= MAX_OPTIONS,
    },
  };
  return { ...cut, names: namesIn(cut, d.names) };
}

/** The decision a waiting state stands for. */
export function buildDecision(w: Waiting): Decision {
  return bounded(decide(w));
}

/**
 * The waiting decision's legal answers without their words, as many as a decision lists, when its procedure lists
 * them bare (casualties, retreat); undefined when only the built decision can tell. The session lists them once per
 * state: the forced-answer check (ruling R9) and a built-in policy read the same list.
 */
export function bareAnswers(w: Waiting): readonly EngineEvent[] | undefined {
  const answers = specOf(w.machine, kindOf(w)).answers?.(w);
  return answers && take(answers, MAX_OPTIONS);
}

/** Ruling R9 from the bare answers: the one legal answer, or null when there are several. */
export function onlyAnswer(answers: readonly EngineEvent[]): EngineEvent | null {
  return answers.length === 1 ? answers[0]! : null;
}

function take<T>(items: Iterable<T>, n: number): T[] {
  const out: T[] = [];
  if (n <= 0) return out;
  for (const x of items) if (out.push(x) >= n) break;
  return out;
}

/**
 * The waiting decision without its words, from its bare answers: whose it is and its answers, cut where the built
 * decision's list is cut.
 */
export function bareDecision(w: Waiting, answers: readonly EngineEvent[]): DecisionView | undefined {
  const first = answers[0];
  if (!first || !('power' in first) || !first.power) return undefined;
  return {
    machine: w.machine,
    kind: kindOf(w),
    power: first.power,
    options: answers.map((event) => ({ event })),
  } as DecisionView;
}

/** Whether the engine surely does not answer the waiting decision itself (ruling R9), known without building it. */
export function surelyUnforced(w: Waiting): boolean {
  return specOf(w.machine, kindOf(w)).unforced?.(w) ?? false;
}

/** Whether the waiting decision may ever be answered by the engine itself (ruling R9), from its spec. */
export function mayBeForced(w: Waiting): boolean {
  return specOf(w.machine, kindOf(w)).mayBeForced;
}
