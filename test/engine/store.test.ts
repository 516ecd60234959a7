// The UI store (issue 25, item 3): session.getSnapshot() is one frozen object until the next accepted event or undo —
// what React's useSyncExternalStore needs — holding pending, position, inTransit, summary, the trace and the result;
// subscribe and getSnapshot are bound; every update carries inTransit and the steps of the change, each with the board
// after it, so that a host can animate what the engine applied itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession, type SessionUpdate } from '../../src/engine/session.ts';
import type { Position } from '../../src/rules/world.ts';
import type { InTransit } from '../../src/engine/session.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const VIENNA = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'));
const BOOK_EVENTS = parseScenario(VIENNA).data.events;
const noScript = () => parseScenario({ ...VIENNA, events: [] });

/** Land units on a board, the formation in transit included. */
function landUnits(position: Position, transit: InTransit | null): number {
  const stacks = [...position.stacks, ...(transit?.stacks ?? [])];
  return stacks.reduce((n, s) => n + s.regulars + s.mercenaries + s.cavalry, 0);
}

describe('session.getSnapshot', () => {
  test('[DESIGN] the same object until the next accepted event; a refused event gives no new snapshot', () => {
    const s = createSession(noScript());
    const first = s.getSnapshot();
    expect(s.getSnapshot()).toBe(first);
    expect(first.version).toBe(0);
    expect(first.pending).toBe(s.pending);
    expect(first.position).toEqual(s.position);
    expect(first.inTransit).toEqual(s.inTransit);
    expect(first.summary).toEqual(s.summary);
    expect(first.trace).toEqual(s.trace);
    expect(first.result).toBeNull();
    expect(first.canUndo).toBe(false);
    expect(first.steps).toEqual([]);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.trace)).toBe(true);
    // A refusal changes nothing: the same snapshot.
    expect(s.send({ type: 'avoid.declare', power: 'hapsburg', to: 'pressburg' }).ok).toBe(false);
    expect(s.sendUntrusted('junk').ok).toBe(false);
    expect(s.getSnapshot()).toBe(first);
    // Reading the session's other getters does not make a new one either.
    (void s.trace, s.position, s.pending);
    expect(s.getSnapshot()).toBe(first);
    expect(s.send(BOOK_EVENTS[0]!).ok).toBe(true);
    const second = s.getSnapshot();
    expect(second).not.toBe(first);
    expect(second.version).toBe(1);
    expect(second.pending?.kind).toBe('roll');
    expect(second.canUndo).toBe(true);
    expect(s.getSnapshot()).toBe(second);
  });

  test('[DESIGN] the last snapshot holds the result, the whole trace and the summary of the finished move', () => {
    const s = createSession(noScript());
    for (const e of BOOK_EVENTS) expect(s.send(e).ok).toBe(true);
    const end = s.getSnapshot();
    expect(end.version).toBe(BOOK_EVENTS.length);
    expect(end.pending).toBeNull();
    expect(end.result?.summary.battle?.winnerPower).toBe('hapsburg');
    expect(end.trace).toEqual(s.trace);
    expect(end.summary).toEqual(s.result?.summary);
  });

  test('[DESIGN] subscribe and getSnapshot work unbound, as useSyncExternalStore calls them', () => {
    const s = createSession(noScript());
    const { subscribe, getSnapshot } = s;
    const seen: number[] = [];
    // useSyncExternalStore's contract: the listener takes no argument and reads getSnapshot itself.
    const onStoreChange = () => void seen.push(getSnapshot().version);
    const unsubscribe = subscribe(onStoreChange);
    s.send(BOOK_EVENTS[0]!);
    s.send(BOOK_EVENTS[1]!);
    unsubscribe();
    s.send(BOOK_EVENTS[2]!);
    expect(seen).toEqual([1, 2]);
    // Many reads between two changes: always the same object (React would loop otherwise).
    const reads = new Set(Array.from({ length: 50 }, () => getSnapshot()));
    expect(reads.size).toBe(1);
  });

  test('[DESIGN] a fork starts from the same snapshot contents and then changes on its own', () => {
    const s = createSession(noScript());
    s.send(BOOK_EVENTS[0]!);
    const f = s.fork();
    expect(f.getSnapshot()).toEqual(s.getSnapshot());
    const before = s.getSnapshot();
    f.send(BOOK_EVENTS[1]!);
    expect(s.getSnapshot()).toBe(before);
    expect(f.getSnapshot().version).toBe(2);
  });
});

describe('each update and snapshot lists its steps with their boards', () => {
  test('[13.1 steps 3–5] during interception the formation is in inTransit, in every update and step, not on the board', () => {
    const s = createSession(noScript());
    const updates: SessionUpdate[] = [];
    s.subscribe((u) => updates.push(u));
    s.send(BOOK_EVENTS[0]!); // the Hapsburg interception is declared: its roll is pending, the Ottomans still move
    const u = updates[0]!;
    expect(u.kind).toBe('accepted');
    expect(u.inTransit?.to).toBe('vienna');
    expect(u.inTransit?.stacks.map((x) => x.power)).toEqual(['ottoman']);
    expect(u.position.stacks.some((x) => x.power === 'ottoman')).toBe(false);
    expect(u.summary).toEqual(s.summary);
    expect(u.steps.map((x) => x.entry)).toEqual(u.trace);
    expect(u.steps.every((x) => x.inTransit?.to === 'vienna')).toBe(true);
    expect(s.getSnapshot().steps).toEqual(u.steps);
  });

  test('[14.1][ruling R9] the steps after the last casualties show the forced retreat as it happens, board by board', () => {
    const s = createSession(noScript());
    const updates: SessionUpdate[] = [];
    s.subscribe((u) => updates.push(u));
    for (const e of BOOK_EVENTS) s.send(e);
    // The roll that decides the interception places the formation: the board gains it at one step, and it leaves
    // inTransit at that step, never vanishing from both.
    const placing = updates[1]!;
    expect(placing.traceFrom).toBe(updates[0]!.traceFrom + updates[0]!.trace.length);
    const placed = placing.steps.findIndex((x) => x.inTransit === null);
    expect(placed).toBeGreaterThan(0);
    expect(placing.steps[placed - 1]!.position.stacks.some((x) => x.power === 'ottoman')).toBe(false);
    expect(placing.steps[placed]!.position.stacks.some((x) => x.power === 'ottoman' && x.space === 'vienna')).toBe(
      true,
    );
    for (const x of placing.steps) expect(landUnits(x.position, x.inTransit)).toBe(8 + 8 + 2);
    // The last answer: the Ottoman casualties, then the engine's own retreat to Pressburg (its only legal space).
    const last = updates.at(-1)!;
    expect(last.pending).toBeNull();
    const sources = new Set(last.steps.map((x) => x.entry.source));
    expect(sources).toEqual(new Set(['host', 'engine']));
    const ottomanAt = (p: Position) => p.stacks.find((x) => x.power === 'ottoman')?.space;
    const losses = last.steps.findIndex((x) => landUnits(x.position, null) < landUnits(last.steps[0]!.position, null));
    const retreated = last.steps.findIndex((x) => ottomanAt(x.position) === 'pressburg');
    expect(losses).toBeGreaterThanOrEqual(0);
    // The losses come off the board before the retreat moves the beaten stack, and the retreat is the engine's.
    expect(retreated).toBeGreaterThan(losses);
    expect(ottomanAt(last.steps[retreated - 1]!.position)).toBe('vienna');
    expect(last.steps[retreated]!.entry.machine).toBe('retreat');
    expect(last.steps[retreated]!.entry.source).toBe('engine');
    // The last step's board is the session's.
    expect(last.steps.at(-1)!.position).toEqual(s.position);
    // Put together, the updates' steps are the trace after the start, each entry once.
    expect(updates.flatMap((x) => x.steps.map((y) => y.entry))).toEqual(s.trace.slice(updates[0]!.traceFrom));
  });

  test('[DESIGN] steps and their boards are frozen', () => {
    const s = createSession(noScript());
    s.send(BOOK_EVENTS[0]!);
    const steps = s.getSnapshot().steps;
    expect(Object.isFrozen(steps)).toBe(true);
    expect(Object.isFrozen(steps[0]!.position)).toBe(true);
    expect(() => (steps as unknown as unknown[]).push(1)).toThrow(TypeError);
  });
});
