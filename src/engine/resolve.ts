// resolve: runs a move to its end — the scenario's scripted events first, then a policy answers what is left and
// the seeded dice roll what is left (DESIGN "Session API").
import type { Decision } from '../schema/decision.ts';
import type { EngineEvent } from '../schema/events.ts';
import { z } from 'zod';
import { LIMITS } from '../schema/limits.ts';
import { type Lang, type Text, msg } from '../text/text.ts';
import type { MachineId } from '../../machines/index.ts';
import { errorOf, type EngineError } from './explain.ts';
import { specOf, type DecisionView } from './procedures/index.ts';
import type { Scenario } from './scenario.ts';
import { createSession, type Inspector, type Session, type SessionResult } from './session.ts';
import { optionsOf, SessionOptionsSchema } from './session-options.ts';

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

/**
 * Takes every optional action with its first listed option (intercept, avoid, withdraw, move on): the decisions whose
 * spec says `eager`; the others as the default policy answers them.
 */
export const eagerPolicy: BarePolicy = (d) => {
  if (!specOf(d.machine as MachineId, d.kind).eager) return declinePolicy(d);
  return d.options[0]?.event ?? declinePolicy(d);
};

export const POLICIES: { readonly decline: BarePolicy; readonly eager: BarePolicy } = Object.freeze({
  decline: declinePolicy,
  eager: eagerPolicy,
});
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
  readonly seed?: number | undefined;
  readonly lang?: Lang | undefined;
  readonly policy?: Policy | PolicyName | undefined;
  /** Scripted events to use instead of the scenario's own `events`. */
  readonly events?: readonly unknown[] | undefined;
  /** An XState inspector that watches the whole run (see SessionOptions.inspect). */
  readonly inspect?: Inspector | undefined;
  /**
   * The most events resolve sends (scripted, answered and rolled), default RESOLVE_MAX_EVENTS: a move of the real
   * game needs a few dozen. Past it the outcome is an error with code `limit`.
   */
  readonly maxEvents?: number | undefined;
  /** Wall time in milliseconds after which resolve stops with an error with code `limit` (default: none). */
  readonly maxMs?: number | undefined;
}

/** The default bound on the events one resolve sends: a thousand times what a move of the real game needs. */
export const RESOLVE_MAX_EVENTS = 50_000;

const PolicyOptionSchema = z.union([
  z.enum(['decline', 'eager'], { error: "policy must be 'decline', 'eager' or a function" }),
  z.custom<Policy>((v) => typeof v === 'function', { error: "policy must be 'decline', 'eager' or a function" }),
]);

export const ResolveOptionsSchema = z
  .object({
    ...SessionOptionsSchema.shape,
    policy: PolicyOptionSchema.optional(),
    events: z
      .array(z.unknown(), { error: 'events must be an array of events' })
      .max(LIMITS.events, { error: `events holds at most ${LIMITS.events} events` })
      .optional(),
    maxEvents: z
      .number({ error: 'maxEvents must be a whole number of at least 1' })
      .int({ error: 'maxEvents must be a whole number of at least 1' })
      .min(1, { error: 'maxEvents must be a whole number of at least 1' })
      .optional(),
    maxMs: z
      .number({ error: 'maxMs must be a number of milliseconds above 0' })
      .positive({ error: 'maxMs must be a number of milliseconds above 0' })
      .optional(),
  })
  .strict();

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

/** The error of a run that reached one of its bounds. */
export function limitError(name: string, value: number, reason: Text, lang: Lang): EngineError {
  return errorOf('limit', undefined, reason, lang, { limit: { name, value } });
}

/**
 * Runs the move to its end. A bad option raises SessionOptionsError (never a TypeError); a run that reaches
 * `maxEvents` or `maxMs` ends with an error with code `limit` naming the bound, its session as far as it got.
 */
export function resolve(scenario: Scenario, options: ResolveOptions = {}): ResolveOutcome {
  const o = optionsOf(ResolveOptionsSchema, options);
  const session = createSession(scenario, {
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
    ...(o.lang ? { lang: o.lang } : {}),
    ...(o.inspect ? { inspect: o.inspect } : {}),
  });
  const { policy, bare } = answeringPolicy(o.policy ?? 'decline');
  // A host's own policy is the host's code: its answers are checked at the edge like any host event.
  const hostPolicy = typeof o.policy === 'function';
  const maxEvents = o.maxEvents ?? RESOLVE_MAX_EVENTS;
  const deadline = o.maxMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + o.maxMs;
  let sent = 0;
  /** The bound this run has reached before its next event, if any. */
  const reached = (): ResolveOutcome | undefined => {
    if (sent >= maxEvents)
      return Object.freeze({
        ok: false,
        session,
        error: limitError(
          'maxEvents',
          maxEvents,
          msg(
            'resolve.reached.error',
            'resolve stopped after {maxEvents, plural, one {# event} other {# events}} (maxEvents): the move is not over; raise maxEvents to play it further.',
            'resolve остановлен после {maxEvents, plural, one {# события} other {# событий}} (maxEvents): движение не закончено; увеличьте maxEvents, чтобы продолжить.',
            { maxEvents },
          ),
          session.lang,
        ),
      });
    if (performance.now() > deadline)
      return Object.freeze({
        ok: false,
        session,
        error: limitError(
          'maxMs',
          o.maxMs!,
          msg(
            'resolve.reached.error.2',
            'resolve stopped after {maxMs} ms (maxMs): the move is not over; raise maxMs to play it further.',
            'resolve остановлен через {maxMs} мс (maxMs): движение не закончено; увеличьте maxMs, чтобы продолжить.',
            { maxMs: o.maxMs },
          ),
          session.lang,
        ),
      });
    sent++;
    return undefined;
  };
  const script = o.events ?? scenario.data.events;
  // The scenario's own events passed the event schema when the scenario was parsed: a copy of each is sent as it is.
  const validated = o.events === undefined;
  // Where the engine's own answers since the last scripted event start in the log (those it gave as the session
  // started included).
  let forcedFrom = 0;
  for (const [index, event] of script.entries()) {
    const stop = reached();
    if (stop) return stop;
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
  for (;;) {
    const stop = reached();
    if (stop) return stop;
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
          ? msg(
              'resolve.resolve.reason',
              'The scenario declares no move and no move.declare event: nothing to resolve (13.1).',
              'В сценарии нет ни движения, ни события move.declare: разыгрывать нечего (13.1).',
            )
          : msg(
              'resolve.resolve.reason.2',
              'The policy gave no answer to: {prompt}',
              'Политика не дала ответа на вопрос: {prompt}',
              { prompt: d.prompt },
            );
      return Object.freeze({ ok: false, session, error: errorOf('illegal', '13.1', reason, session.lang) });
    }
    const r = session.accept(event, d.kind === 'roll' ? 'host' : 'policy', d.kind !== 'roll' && !hostPolicy);
    if (!r.ok) return Object.freeze({ ok: false, session, error: r.error });
  }
  return Object.freeze({
    ok: false,
    session,
    error: errorOf(
      'internal',
      undefined,
      msg('resolve.resolve.error', 'The move did not finish.', 'Движение не завершилось.'),
      session.lang,
    ),
  });
}
