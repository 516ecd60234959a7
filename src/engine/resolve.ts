// resolve: runs a move to its end — the scenario's scripted events first, then a policy answers what is left and
// the seeded dice roll what is left (DESIGN "Session API").
import type { Decision } from '../schema/decision.ts';
import type { EngineEvent } from '../schema/events.ts';
import type { LandUnitType } from '../schema/units.ts';
import { text, type Lang } from '../rules/text.ts';
import { errorOf, type EngineError } from './explain.ts';
import type { Scenario } from './scenario.ts';
import { createSession, type Session, type SessionResult } from './session.ts';

/** Answers a decision (never a roll: the session's seeded dice roll those). */
export type Policy = (decision: Decision) => EngineEvent | undefined;

const LOSS_ORDER: readonly LandUnitType[] = ['mercenaries', 'regulars', 'cavalry'];

function lossRank(e: EngineEvent): number[] {
  if (e.type !== 'casualties.assign') return [];
  return [...LOSS_ORDER.map((k) => -(e[k] ?? 0)), -LOSS_ORDER.indexOf(e.keep ?? 'mercenaries')];
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/** Casualties: lose mercenaries, then regulars, then cavalry; keep the most valuable unit (R7); the deciding group takes odd hits itself (R5). */
function chooseCasualties(d: Decision): EngineEvent | undefined {
  const own = d.options.filter((o) => o.event.type !== 'casualties.assign' || !o.event.oddHits || o.event.oddHits.includes(d.power));
  const pool = own.length > 0 ? own : d.options;
  return [...pool].sort((a, b) => compareRanks(lossRank(a.event), lossRank(b.event)))[0]?.event;
}

/**
 * Retreat: the first legal space by id, nothing inside; with no space, as many units inside as fit (cavalry first)
 * and every leader with them, so that as little as possible is eliminated.
 */
function chooseRetreat(d: Decision): EngineEvent | undefined {
  const events = d.options.map((o) => o.event).filter((e): e is Extract<EngineEvent, { type: 'retreat.declare' }> => e.type === 'retreat.declare');
  const plain = events.filter((e) => e.to !== undefined && !e.inside).sort((a, b) => (a.to ?? '').localeCompare(b.to ?? ''));
  if (plain[0]) return plain[0];
  const size = (e: (typeof events)[number]) => [
    -(e.inside?.cavalry ?? 0) - (e.inside?.regulars ?? 0) - (e.inside?.mercenaries ?? 0),
    -(e.inside?.leaders?.length ?? 0),
    -(e.inside?.cavalry ?? 0),
    -(e.inside?.regulars ?? 0),
  ];
  return [...events].sort((a, b) => compareRanks(size(a), size(b)))[0];
}

/** The default policy: decline every optional action (DESIGN "Session API"). */
export const declinePolicy: Policy = (d) => {
  switch (d.kind) {
    case 'intercept':
      return { type: 'intercept.decline', power: d.power };
    case 'avoid':
      return { type: 'avoid.decline', power: d.power };
    case 'withdraw':
      return { type: 'withdraw.decline', power: d.power };
    case 'continue':
      return { type: 'move.stop' };
    case 'casualties':
      return chooseCasualties(d);
    case 'retreat':
      return chooseRetreat(d);
    default:
      return undefined;
  }
};

/** Takes every optional action with its first listed option: intercept, avoid, withdraw, move on. */
export const eagerPolicy: Policy = (d) => {
  if (d.kind === 'casualties' || d.kind === 'retreat' || d.kind === 'move') return declinePolicy(d);
  return d.options[0]?.event ?? declinePolicy(d);
};

export const POLICIES = { decline: declinePolicy, eager: eagerPolicy } as const;
export type PolicyName = keyof typeof POLICIES;

export interface ResolveOptions {
  readonly seed?: number;
  readonly lang?: Lang;
  readonly policy?: Policy | PolicyName;
  /** Scripted events to use instead of the scenario's own `events`. */
  readonly events?: readonly unknown[];
}

export type ResolveOutcome =
  | { readonly ok: true; readonly session: Session; readonly result: SessionResult }
  | { readonly ok: false; readonly session: Session; readonly error: EngineError & { readonly index?: number } };

/** Equal as JSON values, whatever the order of their keys. */
function same(a: unknown, b: unknown): boolean {
  const canon = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canon) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)).map(([k, x]) => [k, canon(x)])) : v;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

export function resolve(scenario: Scenario, options: ResolveOptions = {}): ResolveOutcome {
  const session = createSession(scenario, { ...(options.seed !== undefined ? { seed: options.seed } : {}), ...(options.lang ? { lang: options.lang } : {}) });
  const policy = typeof options.policy === 'function' ? options.policy : POLICIES[options.policy ?? 'decline'];
  const script = options.events ?? scenario.data.events;
  // Where the engine's own answers since the last scripted event start in the log.
  let forcedFrom = session.log.length;
  for (const [index, event] of script.entries()) {
    const before = session.log.length;
    const r = session.accept(event, 'script');
    if (r.ok) {
      forcedFrom = before + 1;
      continue;
    }
    // A script may spell out an answer the engine already applied because it was forced (ruling R9).
    if (session.log.slice(forcedFrom).some((a) => a.source === 'engine' && same(a.event, event))) continue;
    return { ok: false, session, error: { ...r.error, index } };
  }
  for (let steps = 0; steps < 10_000; steps++) {
    const d = session.pending;
    if (!d) {
      const result = session.result;
      if (result) return { ok: true, session, result };
      break;
    }
    const event = d.kind === 'roll' ? ({ type: 'dice.rolled' } as EngineEvent) : policy(d);
    if (!event) {
      const reason = d.kind === 'move'
        ? text('The scenario declares no move and no move.declare event: nothing to resolve (13.1).', 'В сценарии нет ни движения, ни события move.declare: разыгрывать нечего (13.1).')
        : text(`The policy gave no answer to: ${d.prompt.en}`, `Политика не дала ответа на вопрос: ${d.prompt.ru}`);
      return { ok: false, session, error: errorOf('illegal', '13.1', reason, session.lang) };
    }
    const r = session.accept(event, d.kind === 'roll' ? 'host' : 'policy');
    if (!r.ok) return { ok: false, session, error: r.error };
  }
  return { ok: false, session, error: errorOf('internal', undefined, text('The move did not finish.', 'Движение не завершилось.'), session.lang) };
}
