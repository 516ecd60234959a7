// Driving a session in tests: play events that must all be accepted, refuse one that must not be, roll dice.
import { expect } from 'vitest';
import type { EngineError } from '../../src/engine/explain.ts';
import { declinePolicy } from '../../src/engine/resolve.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import type { EventOf } from '../../src/schema/events.ts';
import type { ResultPosition } from '../../src/schema/result.ts';
import type { ScenarioPatch } from './fixtures.ts';

/** An event as a test writes it: possibly not a valid one (sent with `sendUntrusted`). */
export type Event = { readonly type: string } & Readonly<Record<string, unknown>>;

export const dice = (...values: number[]): EventOf<'dice.rolled'> => ({ type: 'dice.rolled', values });

/** A session on a full scenario (it must parse), after `events`, each of which must be accepted. */
export function playing(input: ScenarioPatch, events: readonly Event[] = [], seed = 1): Session {
  const s = createSession(parseScenario(input), { seed });
  for (const e of events) accept(s, e);
  return s;
}

export function accept(s: Session, event: Event): void {
  const where = s.pending ? `${s.pending.machine}.${s.pending.state}` : 'the end';
  const r = s.sendUntrusted(event);
  expect(
    r.ok,
    `${JSON.stringify(event)} at ${where}: ${r.ok ? '' : `${r.error.code} ${r.error.rule} ${r.error.message}`}`,
  ).toBe(true);
}

/** Sends an event that must be refused with `expected`; nothing may change. */
export function refuse(s: Session, event: Event, expected: Partial<EngineError>): EngineError {
  const before = JSON.stringify({ pending: s.pending, log: s.log, position: s.position, save: s.save() });
  const r = s.sendUntrusted(event);
  if (r.ok) throw new Error(`${JSON.stringify(event)} was accepted`);
  expect(r.error).toMatchObject(expected);
  expect(JSON.stringify({ pending: s.pending, log: s.log, position: s.position, save: s.save() })).toBe(before);
  return r.error;
}

/** Answers whatever is left with the default policy (rolls with the seeded dice). */
export function finishWithPolicy(s: Session): Session {
  for (let i = 0; i < 100 && s.pending; i++)
    accept(s, (s.pending.kind === 'roll' ? { type: 'dice.rolled' } : declinePolicy(s.pending)) as Event);
  return s;
}

/** The finished move's result position; it must parse again as a scenario (DESIGN: the next one of the impulse). */
export function finished(s: Session): ResultPosition {
  expect(s.pending, 'the move is over').toBeNull();
  const p = s.result?.position;
  if (!p) throw new Error('no result');
  expect(() => parseScenario(p)).not.toThrow();
  return p;
}

/** Land units and leaders of one power on one side of the walls in a result position. */
export function piecesAt(p: ResultPosition, space: string, power: string, inside = false) {
  const here = (p.stacks ?? []).filter((s) => s.space === space && s.power === power && (s.inside ?? false) === inside);
  const n = (k: 'regulars' | 'mercenaries' | 'cavalry') => here.reduce((a, s) => a + (s[k] ?? 0), 0);
  return {
    regulars: n('regulars'),
    mercenaries: n('mercenaries'),
    cavalry: n('cavalry'),
    leaders: here.flatMap((s) => s.leaders ?? []).sort(),
  };
}
