// session.subscribe (DESIGN "Package"): a listener hears every accepted event with the new pending decision, the
// position and the trace entries the event added; a refused event is not heard; what a listener throws is reported
// in the send's result and changes nothing in the session.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession, type SessionUpdate } from '../../src/engine/session.ts';
import { dice } from '../helpers/session.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const VIENNA = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'));
/** The worked example's script, parsed with the scenario: typed events. */
const BOOK_EVENTS = parseScenario(VIENNA).data.events;
const noScript = () => parseScenario({ ...VIENNA, events: [] });

describe('session.subscribe', () => {
  test('[DESIGN] a listener is called once per accepted event, with the pending decision, position, new trace', () => {
    const s = createSession(noScript());
    const updates: SessionUpdate[] = [];
    const before = s.trace.length;
    s.subscribe((u) => updates.push(u));
    for (const e of BOOK_EVENTS) expect(s.send(e)).toEqual({ ok: true });
    expect(updates).toHaveLength(BOOK_EVENTS.length);
    // Each update carries the state right after its event: what the session itself says then.
    expect(updates.at(-1)?.pending).toBeNull();
    expect(updates.at(-1)?.position).toEqual(s.position);
    expect(updates[0]?.pending?.kind).toBe('roll');
    expect(updates[0]?.event).toMatchObject({ type: 'intercept.declare', power: 'hapsburg' });
    expect(updates[0]?.source).toBe('host');
    // The trace entries of all updates, in order, are exactly the trace after the start.
    expect(updates.flatMap((u) => u.trace)).toEqual(s.trace.slice(before));
    expect(updates.every((u) => u.trace.length > 0)).toBe(true);
    // The last casualties are followed by the forced retreat (ruling R9): it is in the same update's trace.
    expect(updates.at(-1)?.trace.some((t) => t.source === 'engine')).toBe(true);
    expect(Object.isFrozen(updates[0]?.trace)).toBe(true);
  });

  test('[DESIGN] a seeded roll is reported with its values and source', () => {
    const s = createSession(noScript());
    const updates: SessionUpdate[] = [];
    s.subscribe((u) => updates.push(u));
    s.send(BOOK_EVENTS[0]!);
    expect(s.roll().ok).toBe(true);
    expect(updates[1]?.source).toBe('seeded');
    expect(updates[1]?.event).toMatchObject({ type: 'dice.rolled', values: [expect.any(Number), expect.any(Number)] });
  });

  test('[DESIGN] a refused event calls no listener', () => {
    const s = createSession(noScript());
    let calls = 0;
    s.subscribe(() => void calls++);
    expect(s.send({ type: 'avoid.declare', power: 'hapsburg', to: 'pressburg' }).ok).toBe(false);
    expect(s.sendUntrusted({ type: 'not.an.event' }).ok).toBe(false);
    expect(calls).toBe(0);
  });

  test('[DESIGN] unsubscribing stops the calls; other listeners go on; each subscription is its own', () => {
    const s = createSession(noScript());
    const counts = { a: 0, b: 0 };
    const a = () => void counts.a++;
    const offA = s.subscribe(a);
    const offA2 = s.subscribe(a);
    s.subscribe(() => void counts.b++);
    s.send(BOOK_EVENTS[0]!);
    expect(counts).toEqual({ a: 2, b: 1 });
    offA();
    s.send(BOOK_EVENTS[1]!);
    expect(counts).toEqual({ a: 3, b: 2 });
    offA2();
    offA2();
    s.send(BOOK_EVENTS[2]!);
    expect(counts).toEqual({ a: 3, b: 3 });
  });

  test('[DESIGN] a listener unsubscribed by an earlier one in the same round is not called', () => {
    const s = createSession(noScript());
    let second = 0;
    let offSecond = () => {};
    s.subscribe(() => offSecond());
    offSecond = s.subscribe(() => void second++);
    s.send(BOOK_EVENTS[0]!);
    expect(second).toBe(0);
  });

  test('[DESIGN] a listener that throws: the event stays accepted, the others are called, the error reported', () => {
    const s = createSession(noScript());
    const reference = createSession(noScript());
    const boom = new Error('listener failure');
    let after = 0;
    s.subscribe(() => {
      throw boom;
    });
    s.subscribe(() => void after++);
    for (const e of BOOK_EVENTS) {
      const r = s.send(e);
      expect(r).toEqual({ ok: true, observerErrors: [{ source: 'listener', error: boom }] });
      reference.send(e);
    }
    expect(after).toBe(BOOK_EVENTS.length);
    expect(JSON.stringify({ log: s.log, result: s.result, trace: s.trace, save: s.save() })).toBe(
      JSON.stringify({ log: reference.log, result: reference.result, trace: reference.trace, save: reference.save() }),
    );
  });

  test('[DESIGN] a listener may answer the decision it is told about (the session is settled by then)', () => {
    const s = createSession(noScript());
    const script = [...BOOK_EVENTS.slice(1)];
    const seen: (string | undefined)[] = [];
    s.subscribe((u) => {
      seen.push(u.pending?.kind);
      const next = script.shift();
      if (next) expect(s.send(next).ok).toBe(true);
    });
    expect(s.send(BOOK_EVENTS[0]!).ok).toBe(true);
    expect(s.pending).toBeNull();
    expect(s.result?.summary.battle?.winner).toBe('defender');
    expect(seen).toEqual(['roll', 'roll', 'roll', 'casualties', undefined]);
  });

  test('[DESIGN] a fork has no listeners of its own, and the original keeps its own', () => {
    const s = createSession(noScript());
    let calls = 0;
    s.subscribe(() => void calls++);
    s.send(BOOK_EVENTS[0]!);
    const f = s.fork();
    f.send(dice(3, 5));
    expect(calls).toBe(1);
    s.send(dice(3, 5));
    expect(calls).toBe(2);
  });

  test('[DESIGN] subscribe refuses what is not a function', () => {
    const s = createSession(noScript());
    expect(() => s.subscribe('listener' as unknown as () => void)).toThrow(TypeError);
  });
});
