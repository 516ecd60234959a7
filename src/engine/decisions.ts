// The pending decision of a waiting machine: who answers, the legal answers (complete events), the answers that are
// not allowed with their rule, and for rolls the dice and modifiers. Each procedure builds its own decisions
// (src/engine/procedures/); here every decision is bounded to a list a person can read.
import type { Decision } from '../schema/decision.ts';
import type { EngineEvent } from '../schema/events.ts';
import { MAX_OPTIONS } from './procedures/field-battle.ts';
import { decide, kindOf, specOf, type DecisionView, type Waiting } from './procedures/index.ts';
import { namesIn } from './procedures/names.ts';

export { MAX_OPTIONS };
export type { DecisionView, Waiting };

const DECLINES: ReadonlySet<string> = new Set(['intercept.decline', 'avoid.decline', 'withdraw.decline', 'move.stop']);

/**
 * No decision lists more than MAX_OPTIONS answers (nor blocked answers): a board with a thousand spaces around a
 * battle still gives a list a person can read. The way to decline is always kept; `limits` still describes every
 * legal answer, and `limits.optionsComplete` says when the list was cut; `names` keeps the ids still shown.
 */
function bounded<D extends Decision>(d: D): D {
  if (d.options.length <= MAX_OPTIONS && d.blocked.length <= MAX_OPTIONS) return d;
  const declines = d.options.filter((o) => DECLINES.has(o.event.type));
  const others = d.options.filter((o) => !DECLINES.has(o.event.type)).slice(0, MAX_OPTIONS - declines.length);
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
 * Ruling R9, without building the decision when its procedure can list its answers bare: the one legal answer, null
 * when there are several, undefined when only the built decision can tell.
 */
export function onlyAnswer(w: Waiting): EngineEvent | null | undefined {
  const answers = bareAnswers(w);
  if (!answers) return undefined;
  return answers.length === 1 ? answers[0]! : null;
}

/**
 * The waiting decision's answers without their words, up to one more than a decision lists, when its procedure lists
 * them bare; made once per waiting state (the engine asks whether it is forced, then a built-in policy answers it).
 */
function bareAnswers(w: Waiting): readonly EngineEvent[] | undefined {
  const context = w.context as object;
  const state = `${w.machine}.${w.state}`;
  const known = answersOf.get(context);
  if (known?.state === state) return known.answers;
  const answers = specOf(w.machine, kindOf(w)).answers?.(w);
  if (!answers) return undefined;
  const list = take(answers, MAX_OPTIONS + 1);
  answersOf.set(context, { state, answers: list });
  return list;
}

/** The answers by waiting state: its context (an immutable value) and which state of which machine waits. */
const answersOf = new WeakMap<object, { readonly state: string; readonly answers: readonly EngineEvent[] }>();

function take<T>(items: Iterable<T>, n: number): T[] {
  const out: T[] = [];
  if (n <= 0) return out;
  for (const x of items) if (out.push(x) >= n) break;
  return out;
}

/**
 * The waiting decision without its words, when its procedure lists its answers bare (casualties, retreat): whose it
 * is and its answers, cut where the built decision's list is cut. Undefined when only the built decision can tell.
 */
export function bareDecision(w: Waiting): DecisionView | undefined {
  const kind = kindOf(w);
  const events = bareAnswers(w)?.slice(0, MAX_OPTIONS) ?? [];
  const first = events[0];
  if (!first || !('power' in first) || !first.power) return undefined;
  return { machine: w.machine, kind, power: first.power, options: events.map((event) => ({ event })) } as DecisionView;
}

/** Whether the engine surely does not answer the waiting decision itself (ruling R9), known without building it. */
export function surelyUnforced(w: Waiting): boolean {
  return specOf(w.machine, kindOf(w)).unforced?.(w) ?? false;
}
