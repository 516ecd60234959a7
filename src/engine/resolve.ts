// resolve: runs a move to its end — the scenario's scripted events first, then a policy answers what is left and
// the seeded dice roll what is left (DESIGN "Session API").
import type { Decision } from '../schema/decision.ts';
import type { EngineEvent } from '../schema/events.ts';
import { text, type Lang } from '../text/text.ts';
import type { MachineId } from '../../machines/index.ts';
import { errorOf, type EngineError } from './explain.ts';
import { specOf, type DecisionView } from './procedures/index.ts';
import type { Scenario } from './scenario.ts';
import { createSession, type Inspector, type Session, type SessionResult } from './session.ts';

/** Answers a decision (never a roll: the session's seeded dice roll those). */
export type Policy = (decision: Decision) => EngineEvent | undefined;

/** A policy that reads only whose decision it is and its answers: it can answer a decision without its words. */
export type BarePolicy = (decision: DecisionView) => EngineEvent | undefined;

/**
 * The default policy: decline every optional action (DESIGN "Session API"); each procedure says what declining its
 * decision means (src/engine/procedures/): no interception, no avoid, no withdrawal, retreat under 13.4 option 2,
 * casualties mercenaries first, a retreat to the first legal space by id.
 */
export const declinePolicy: BarePolicy = (d) => specOf(d.machine as MachineId, d.kind).decline(d);

/** Takes every optional action with its first listed option: intercept, avoid, withdraw, move on. */
export const eagerPolicy: BarePolicy = (d) => {
  if (d.kind === 'casualties' || d.kind === 'retreat' || d.kind === 'move') return declinePolicy(d);
  return d.options[0]?.event ?? declinePolicy(d);
};

export const POLICIES: { readonly decline: BarePolicy; readonly eager: BarePolicy } = {
  decline: declinePolicy,
  eager: eagerPolicy,
};
export type PolicyName = keyof typeof POLICIES;

/**
 * A policy as resolve and the explorer answer with it: a built-in one also answers casualties and retreats from their
 * bare answers (`bare`: nothing is worded that nobody reads); a host's function is always given the built decision.
 */
export function answeringPolicy(p: Policy | PolicyName): { readonly policy: Policy; readonly bare?: BarePolicy } {
  if (typeof p === 'function') return { policy: p };
  const bare = POLICIES[p];
  return { policy: bare, bare };
}

export interface ResolveOptions {
  readonly seed?: number;
  readonly lang?: Lang;
  readonly policy?: Policy | PolicyName;
  /** Scripted events to use instead of the scenario's own `events`. */
  readonly events?: readonly unknown[];
  /** An XState inspector that watches the whole run (see SessionOptions.inspect). */
  readonly inspect?: Inspector;
}

export type ResolveOutcome =
  | { readonly ok: true; readonly session: Session; readonly result: SessionResult }
  | { readonly ok: false; readonly session: Session; readonly error: EngineError & { readonly index?: number } };

/** Equal as JSON values, whatever the order of their keys (a script's answer against the engine's own). */
export function sameJson(a: unknown, b: unknown): boolean {
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([x], [y]) => x.localeCompare(y))
              .map(([k, x]) => [k, canon(x)]),
          )
        : v;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

/**
 * Whether `event` is an answer the engine applied itself (ruling R9) in the log from `from` on: a script or a save may
 * spell out such an answer (one written before the engine applied it, for instance at the session's start).
 */
export function isEngineAnswer(log: Session['log'], from: number, event: unknown): boolean {
  return log.slice(from).some((a) => a.source === 'engine' && sameJson(a.event, event));
}

export function resolve(scenario: Scenario, options: ResolveOptions = {}): ResolveOutcome {
  const session = createSession(scenario, {
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.lang ? { lang: options.lang } : {}),
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  const { policy, bare } = answeringPolicy(options.policy ?? 'decline');
  const script = options.events ?? scenario.data.events;
  // The scenario's own events passed the event schema when the scenario was parsed: a copy of each is sent as it is.
  const validated = options.events === undefined;
  // Where the engine's own answers since the last scripted event start in the log (those it gave as the session
  // started included).
  let forcedFrom = 0;
  for (const [index, event] of script.entries()) {
    const before = session.log.length;
    const r = validated ? session.accept(structuredClone(event), 'script', true) : session.accept(event, 'script');
    if (r.ok) {
      forcedFrom = before + 1;
      continue;
    }
    // A script may spell out an answer the engine already applied because it was forced (ruling R9).
    if (isEngineAnswer(session.log, forcedFrom, event)) continue;
    return Object.freeze({ ok: false, session, error: Object.freeze({ ...r.error, index }) });
  }
  for (let steps = 0; steps < 10_000; steps++) {
    const view = bare && session.bareDecision();
    if (view) {
      const answer = bare(view);
      const r = answer ? session.accept(answer, 'policy') : undefined;
      if (r?.ok) continue;
    }
    const d = session.pending;
    if (!d) {
      const result = session.result;
      if (result) return Object.freeze({ ok: true, session, result });
      break;
    }
    const event = d.kind === 'roll' ? ({ type: 'dice.rolled' } as EngineEvent) : policy(d);
    if (!event) {
      const reason =
        d.kind === 'move'
          ? text(
              'The scenario declares no move and no move.declare event: nothing to resolve (13.1).',
              'В сценарии нет ни движения, ни события move.declare: разыгрывать нечего (13.1).',
            )
          : text(`The policy gave no answer to: ${d.prompt.en}`, `Политика не дала ответа на вопрос: ${d.prompt.ru}`);
      return Object.freeze({ ok: false, session, error: errorOf('illegal', '13.1', reason, session.lang) });
    }
    const r = session.accept(event, d.kind === 'roll' ? 'host' : 'policy');
    if (!r.ok) return Object.freeze({ ok: false, session, error: r.error });
  }
  return {
    ok: false,
    session,
    error: errorOf('internal', undefined, text('The move did not finish.', 'Движение не завершилось.'), session.lang),
  };
}
