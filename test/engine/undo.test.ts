// session.undo() (issue 25, item 5): takes back the last answer a save records and the engine's forced answers after
// it, leaving the session exactly as it was before that answer; a seeded roll taken back is rolled again with the same
// values, so the save stays deterministic; listeners hear an update of kind `undone`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { restoreSession } from '../../src/engine/save.ts';
import { resolve } from '../../src/engine/resolve.ts';
import { createSession, type Session, type SessionUpdate } from '../../src/engine/session.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const VIENNA = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'));
const BOOK_EVENTS = parseScenario(VIENNA).data.events;
const noScript = () => parseScenario({ ...VIENNA, events: [] });

/** What a session shows a host, compared whole. */
function state(s: Session) {
  return {
    pending: s.pending,
    position: s.position,
    inTransit: s.inTransit,
    summary: s.summary,
    trace: s.trace,
    log: s.log,
    result: s.result,
    save: s.save(),
  };
}

describe('session.undo', () => {
  test('[DESIGN] each undo goes back exactly to the state before the answer, through the whole worked example', () => {
    const s = createSession(noScript());
    const states = [state(s)];
    for (const e of BOOK_EVENTS) {
      expect(s.send(e).ok).toBe(true);
      states.push(state(s));
    }
    for (let i = BOOK_EVENTS.length - 1; i >= 0; i--) {
      const r = s.undo();
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.undone[0]?.event).toEqual(BOOK_EVENTS[i]);
      expect(state(s)).toEqual(states[i]);
    }
    expect(s.canUndo).toBe(false);
    // And it plays on from there exactly as before.
    for (const e of BOOK_EVENTS) expect(s.send(e).ok).toBe(true);
    expect(state(s)).toEqual(states.at(-1));
  });

  test('[ruling R9] the engine answers after the last host answer are taken back with it', () => {
    const s = createSession(noScript());
    for (const e of BOOK_EVENTS) s.send(e);
    const r = s.undo();
    expect(r.ok && r.undone.map((a) => `${a.event.type}:${a.source}`)).toEqual([
      'casualties.assign:host',
      'casualties.assign:engine',
      'retreat.declare:engine',
    ]);
    expect(s.pending?.kind).toBe('casualties');
    expect(s.pending?.power).toBe('ottoman');
    expect(s.result).toBeNull();
  });

  test('[DESIGN] a seeded roll taken back is rolled again with the same values; the save stays deterministic', () => {
    for (const seed of [1, 7, 12345]) {
      const s = createSession(noScript(), { seed });
      s.send(BOOK_EVENTS[0]!);
      const first = s.roll();
      expect(first.ok).toBe(true);
      const rolled = s.log.at(-1)!.event;
      const saved = s.save();
      s.undo();
      expect(s.roll().ok).toBe(true);
      expect(s.log.at(-1)!.event).toEqual(rolled);
      expect(s.save()).toEqual(saved);
      // The save restores, seeded roll and all.
      expect(restoreSession(s.save()).pending).toEqual(s.pending);
    }
  });

  test('[DESIGN] nothing to undo at the start: refused with nothing-to-undo, nothing changes', () => {
    const s = createSession(noScript());
    const before = state(s);
    const snapshot = s.getSnapshot();
    const r = s.undo();
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('nothing-to-undo');
      expect(r.error.reason.ru).toMatch(/Отменять нечего/);
    }
    expect(Object.isFrozen(r)).toBe(true);
    expect(state(s)).toEqual(before);
    expect(s.getSnapshot()).toBe(snapshot);
  });

  test('[DESIGN] listeners hear an undo: kind undone, the answer taken back, where the trace was cut', () => {
    const s = createSession(noScript());
    s.send(BOOK_EVENTS[0]!);
    const length = s.trace.length;
    s.send(BOOK_EVENTS[1]!);
    const updates: SessionUpdate[] = [];
    s.subscribe((u) => updates.push(u));
    const snapshot = s.getSnapshot();
    s.undo();
    expect(updates).toHaveLength(1);
    const u = updates[0]!;
    expect(u.kind).toBe('undone');
    expect(u.event).toEqual(BOOK_EVENTS[1]);
    expect(u.traceFrom).toBe(length);
    expect(u.trace).toEqual([]);
    expect(u.steps).toEqual([]);
    expect(u.pending?.kind).toBe('roll');
    expect(u.undone?.map((a) => a.event)).toEqual([BOOK_EVENTS[1]]);
    expect(s.getSnapshot()).not.toBe(snapshot);
    expect(s.getSnapshot().version).toBe(snapshot.version + 1);
    expect(s.getSnapshot().trace).toHaveLength(length);
  });

  test('[DESIGN] a restored session and a resolved one undo their replayed answers; a fork undoes on its own', () => {
    const s = createSession(noScript());
    for (const e of BOOK_EVENTS.slice(0, 3)) s.send(e);
    const restored = restoreSession(s.save());
    expect(restored.undo().ok).toBe(true);
    expect(restored.save().events).toEqual(s.save().events.slice(0, 2));
    const fork = s.fork();
    fork.undo();
    fork.undo();
    expect(s.save().events).toHaveLength(3);
    expect(fork.save().events).toHaveLength(1);
    const resolved = resolve(parseScenario(VIENNA));
    expect(resolved.ok).toBe(true);
    expect(resolved.session.undo().ok).toBe(true);
    expect(resolved.session.pending?.kind).toBe('casualties');
  });
});
