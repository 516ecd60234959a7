// createSession(scenario, { inspect }) (DESIGN "Package"): the inspector is handed to the root actor when it is
// created, so it sees the root and every procedure the root invokes — with XState's own observer form (a function)
// and with @statelyai/inspect's WebSocket inspector against a receiver on 127.0.0.1 (never a hosted service).
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createWebSocketInspector } from '@statelyai/inspect';
import { afterEach, describe, expect, test } from 'vitest';
import { WebSocketServer } from 'ws';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { interceptionGuards } from '../../src/rules/procedures/interception.ts';
import { actorInfo } from '../../src/engine/actors.ts';
import { resolve } from '../../src/engine/resolve.ts';
import { restoreSession, RestoreError } from '../../src/engine/save.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession, SessionOptionsError } from '../../src/engine/session.ts';
import { dice } from '../helpers/session.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const VIENNA_TEXT = readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8');
const VIENNA = JSON.parse(VIENNA_TEXT);
/** The worked example's script, parsed with the scenario: typed events. */
const BOOK_EVENTS = parseScenario(VIENNA).data.events;
const noScript = () => parseScenario({ ...VIENNA, events: [] });

/** The worked example as the book plays it: the interception succeeds, so no avoid battle and no withdrawal. */
const BOOK_MACHINES = ['movement', 'interception', 'fieldBattle', 'retreat'];
/** The worked example with every option declined: interception, avoid battle and withdrawal are each asked. */
const ALL_MACHINES = ['movement', 'interception', 'avoidBattle', 'withdrawal', 'fieldBattle', 'retreat'];

interface Registered {
  readonly machine: string | undefined;
  readonly sessionId: string;
  readonly parentId: string | undefined;
  readonly rootId: string | undefined;
}

/** A plain inspection callback that keeps every actor it is told about. */
function recorder() {
  const actors: Registered[] = [];
  const types = new Set<string>();
  const inspect = (ev: InspectionEvent) => {
    types.add(ev.type);
    if (ev.type !== '@xstate.actor') return;
    // The adapter that reads XState's actor objects for the trace says which machine and parent an actor has.
    const { machine, parent } = actorInfo(ev.actorRef as AnyActorRef);
    actors.push({ machine: machine?.id, sessionId: ev.actorRef.sessionId, parentId: parent, rootId: ev.rootId });
  };
  return { actors, types, inspect };
}

/** Every child registered under the first root, with its parent machine, in the order they were created. */
function tree(actors: readonly Registered[]) {
  const byId = new Map(actors.map((a) => [a.sessionId, a]));
  return actors.map((a) => ({ machine: a.machine, parent: a.parentId ? byId.get(a.parentId)?.machine : undefined }));
}

describe('inspect: an XState inspection callback', () => {
  test('[DESIGN] sees the root from its creation and every procedure of the book run', () => {
    const r = recorder();
    const s = createSession(parseScenario(VIENNA_TEXT), { inspect: r.inspect });
    // The scenario's move is declared: the root starts and invokes the interception at once.
    expect(r.actors.map((a) => a.machine)).toEqual(['movement', 'interception']);
    for (const e of BOOK_EVENTS) expect(s.send(e).ok).toBe(true);
    expect(s.pending).toBeNull();
    expect(tree(r.actors)).toEqual([
      { machine: 'movement', parent: undefined },
      { machine: 'interception', parent: 'movement' },
      { machine: 'fieldBattle', parent: 'movement' },
      { machine: 'retreat', parent: 'fieldBattle' },
    ]);
    const root = r.actors[0]!.sessionId;
    expect(r.actors.every((a) => a.rootId === root)).toBe(true);
    const kinds = ['@xstate.actor', '@xstate.event', '@xstate.snapshot', '@xstate.microstep'];
    expect([...r.types]).toEqual(expect.arrayContaining(kinds));
  });

  test('[DESIGN] sees all five procedures when interception, avoid battle and withdrawal are declined', () => {
    const r = recorder();
    const run = resolve(noScript(), { seed: 1, policy: 'decline', inspect: r.inspect });
    expect(run.ok).toBe(true);
    expect(r.actors.map((a) => a.machine)).toEqual(ALL_MACHINES);
    expect(tree(r.actors).at(-1)).toEqual({ machine: 'retreat', parent: 'fieldBattle' });
  });

  test('[DESIGN] a restored session shows the inspector the replay of its save', () => {
    const s = createSession(noScript());
    for (const e of BOOK_EVENTS.slice(0, 3)) s.send(e);
    const r = recorder();
    const restored = restoreSession(s.save(), { inspect: r.inspect });
    expect(r.actors.map((a) => a.machine)).toEqual(['movement', 'interception', 'fieldBattle']);
    for (const e of BOOK_EVENTS.slice(3)) restored.send(e);
    expect(r.actors.map((a) => a.machine)).toEqual(BOOK_MACHINES);
  });

  test('[DESIGN] a fork is not inspected; the original stays inspected', () => {
    const r = recorder();
    const s = createSession(noScript(), { inspect: r.inspect });
    s.send(BOOK_EVENTS[0]!);
    const seen = r.actors.length;
    const f = s.fork();
    f.send(dice(3, 5));
    f.send(BOOK_EVENTS[2]!);
    expect(r.actors).toHaveLength(seen);
    s.send(dice(3, 5));
    s.send(BOOK_EVENTS[2]!);
    expect(r.actors.map((a) => a.machine)).toEqual(['movement', 'interception', 'fieldBattle']);
  });

  test('[DESIGN] an inspector that is not a function or an observer is refused', () => {
    expect(() => createSession(noScript(), { inspect: 42 as never })).toThrow(SessionOptionsError);
    expect(() => createSession(noScript(), { inspect: {} as never })).toThrow(SessionOptionsError);
  });

  test('[DESIGN] an inspector that throws: at the start the session is refused, later the send reports it', () => {
    const broken = () => {
      throw new Error('broken');
    };
    expect(() => createSession(noScript(), { inspect: broken })).toThrow(/inspector threw/);
    let armed = false;
    const boom = new Error('inspector failure');
    const s = createSession(noScript(), {
      inspect: () => {
        if (armed) throw boom;
      },
    });
    const reference = createSession(noScript());
    s.send(BOOK_EVENTS[0]!);
    reference.send(BOOK_EVENTS[0]!);
    armed = true;
    const r = s.send(BOOK_EVENTS[1]!);
    expect(r.ok).toBe(true);
    expect(r.ok && r.observerErrors?.every((e) => e.source === 'inspector' && e.error === boom)).toBe(true);
    reference.send(BOOK_EVENTS[1]!);
    const state = (x: typeof s) => JSON.stringify({ pending: x.pending, trace: x.trace, log: x.log });
    expect(state(s)).toBe(state(reference));
    // A restore whose inspector throws during the replay fails as a restore.
    const failsOnSteps = (ev: InspectionEvent) => {
      if (ev.type === '@xstate.microstep' && armed) throw boom;
    };
    expect(() => restoreSession(s.save(), { inspect: failsOnSteps })).toThrow(RestoreError);
  });

  test('[DESIGN] a restore whose inspector is refused or throws at the start fails as a restore, not as an engine fault', () => {
    const save = createSession(noScript()).save();
    const failures = [
      () => restoreSession(save, { inspect: 42 as never }),
      () =>
        restoreSession(save, {
          inspect: () => {
            throw new Error('inspector failure');
          },
        }),
    ];
    for (const restore of failures) {
      const e = (() => {
        try {
          restore();
        } catch (err) {
          return err;
        }
        return undefined;
      })();
      expect(e).toBeInstanceOf(RestoreError);
      expect((e as RestoreError).engineFault).toBe(false);
      expect((e as RestoreError).message).toMatch(/^the restored session could not start: /);
    }
  });
});

describe('inspect: a fault inside a machine is undone by keeping the snapshots from before the step', () => {
  const guard = interceptionGuards.wasInterceptionSuccessful as { test: (...args: never[]) => boolean };
  const original = guard.test;
  afterEach(() => void (guard.test = original));

  test('[DESIGN] the inspector stays attached to the same root and sees what follows; no procedure is created twice', () => {
    const r = recorder();
    const s = createSession(noScript(), { inspect: r.inspect });
    s.send(BOOK_EVENTS[0]!);
    guard.test = () => {
      throw new Error('a deliberately broken guard');
    };
    expect(s.send(dice(3, 5))).toMatchObject({ ok: false, error: { code: 'internal' } });
    guard.test = original;
    const roots = r.actors.filter((a) => a.parentId === undefined);
    expect(roots).toHaveLength(1);
    const created = r.actors.length;
    for (const e of BOOK_EVENTS.slice(1)) expect(s.send(e).ok).toBe(true);
    expect(r.actors.length).toBeGreaterThan(created);
    const underRoot = r.actors.filter((a) => a.rootId === roots[0]!.sessionId).map((a) => a.machine);
    expect(underRoot).toEqual(BOOK_MACHINES);
    // The undone step left nothing behind: the trace and log are those of a session that never failed.
    const reference = createSession(noScript());
    for (const e of BOOK_EVENTS) reference.send(e);
    expect(JSON.stringify(s.trace)).toBe(JSON.stringify(reference.trace));
    expect(s.log).toEqual(reference.log);
  });
});

/**
 * Walks what a serialiser walks — own enumerable fields, and the entries of maps and sets — from `root`, and writes
 * junk into every object it meets, as a serialiser that marks what it cuts off does. Returns the objects it reached,
 * those that were frozen (a serialiser's write would throw there), and the writes that threw.
 */
function vandalise(root: unknown): { reached: number; frozen: string[]; threw: number } {
  const seen = new Set<object>();
  const frozen: string[] = [];
  let threw = 0;
  const todo: [unknown, string][] = [[root, '']];
  while (todo.length > 0) {
    const [v, path] = todo.pop()!;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (v instanceof Map || v instanceof Set) {
      for (const [k, x] of v.entries()) todo.push([x, `${path}[${String(k)}]`]);
      continue;
    }
    // The board's and the leaders' read-only tables have no field to write: nothing to walk into.
    if (Object.keys(v).length === 0) continue;
    if (Object.isFrozen(v)) frozen.push(path);
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      todo.push([o[k], `${path}.${k}`]);
      try {
        o[k] = '[…]';
      } catch {
        threw++;
      }
    }
  }
  return { reached: seen.size, frozen, threw };
}

describe('inspect: the inspector is handed copies, its own to serialise and to write into', () => {
  test('[DESIGN] nothing an inspection event holds is frozen, and writing into all of it changes nothing in the session', () => {
    let reached = 0;
    const frozen = new Set<string>();
    let threw = 0;
    const inspect = (ev: InspectionEvent) => {
      // What @statelyai/inspect reads: the event, and for an actor its latest snapshot.
      for (const root of [ev, ev.type === '@xstate.actor' ? ev.actorRef.getSnapshot() : undefined]) {
        const r = vandalise(root);
        reached += r.reached;
        threw += r.threw;
        for (const f of r.frozen) frozen.add(`${ev.type}${f}`);
      }
    };
    const s = createSession(noScript(), { inspect });
    const reference = createSession(noScript());
    for (const e of BOOK_EVENTS) {
      expect(s.send(e)).toEqual({ ok: true });
      reference.send(e);
    }
    expect([...frozen]).toEqual([]);
    expect(threw).toBe(0);
    expect(reached).toBeGreaterThan(1000);
    const state = (x: typeof s) => JSON.stringify({ trace: x.trace, log: x.log, result: x.result, save: x.save() });
    expect(state(s)).toBe(state(reference));
  });

  test('[DESIGN] an inspected actor has its machine, its parent and a copy of its latest snapshot, which answers as a snapshot; it takes no event', () => {
    const actors: InspectionEvent['actorRef'][] = [];
    const snapshots: unknown[] = [];
    const s = createSession(noScript(), {
      inspect: (ev) => {
        if (ev.type === '@xstate.actor') actors.push(ev.actorRef);
        if (ev.type === '@xstate.snapshot') snapshots.push(ev.snapshot);
      },
    });
    const [root, interception] = actors as unknown as {
      logic: { id: string };
      _parent?: { sessionId: string };
      sessionId: string;
      getSnapshot(): {
        value: unknown;
        context: { world: { position: { stacks: unknown[] } } };
        hasTag(t: string): boolean;
        machine: { id: string };
      };
      send(e: unknown): void;
    }[];
    expect(root!.logic.id).toBe('movement');
    expect(root!._parent).toBeUndefined();
    expect(interception!.logic.id).toBe('interception');
    expect(interception!._parent?.sessionId).toBe(root!.sessionId);
    // The root's latest snapshot: the formation is in transit while the interception is asked (13.1 steps 3–5).
    const now = root!.getSnapshot();
    expect(now.hasTag('transit')).toBe(true);
    expect(now.machine.id).toBe('movement');
    expect(now.context.world.position.stacks).toEqual(JSON.parse(JSON.stringify(s.position.stacks)));
    expect(Object.isFrozen(now.context)).toBe(false);
    // Its JSON is the snapshot's data (no output nor error yet), without its machine or methods.
    expect(Object.keys(JSON.parse(JSON.stringify(now))).sort()).toEqual(
      ['children', 'context', 'historyValue', 'status', 'tags', 'value'].sort(),
    );
    expect(() => root!.send({ type: 'intercept.decline', power: 'hapsburg' })).toThrow(/session\.send/);
    expect(s.pending?.kind).toBe('intercept');
    expect(snapshots.length).toBeGreaterThan(0);
  });
});

describe('inspect: @statelyai/inspect over a WebSocket on 127.0.0.1', () => {
  test('[DESIGN] createWebSocketInspector registers the root and all five procedures with the receiver', async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((ready) => server.once('listening', () => ready()));
    const { port } = server.address() as AddressInfo;
    const received: { type: string; name?: string; sessionId?: string; parentId?: string; rootId?: string }[] = [];
    const connected = new Promise<void>((ok) =>
      server.on('connection', (socket) => {
        socket.on('message', (data) => void received.push(JSON.parse(String(data))));
        ok();
      }),
    );
    const inspector = createWebSocketInspector({ url: `ws://127.0.0.1:${port}`, maxDeferredEvents: 100_000 });
    try {
      await connected;
      const book = createSession(parseScenario(VIENNA_TEXT), { inspect: inspector.inspect });
      for (const e of BOOK_EVENTS) expect(book.send(e).ok).toBe(true);
      const declined = resolve(noScript(), { seed: 1, policy: 'decline', inspect: inspector.inspect });
      expect(declined.ok).toBe(true);
      // The inspector converts and sends each event on a timer; wait until both roots' last procedures are there.
      const actors = () => received.filter((m) => m.type === '@xstate.actor');
      const expected = BOOK_MACHINES.length + ALL_MACHINES.length;
      for (let i = 0; i < 200 && actors().length < expected; i++) await new Promise((t) => setTimeout(t, 25));
      const roots = actors().filter((a) => a.parentId === undefined);
      expect(roots.map((a) => a.name)).toEqual(['movement', 'movement']);
      const under = (root: string) =>
        actors()
          .filter((a) => a.rootId === root)
          .map((a) => a.name);
      expect(under(roots[0]!.sessionId!)).toEqual(BOOK_MACHINES);
      expect(under(roots[1]!.sessionId!)).toEqual(ALL_MACHINES);
      expect(received.some((m) => m.type === '@xstate.event')).toBe(true);
      expect(received.some((m) => m.type === '@xstate.snapshot')).toBe(true);
    } finally {
      inspector.stop();
      for (const client of server.clients) client.terminate();
      await new Promise<void>((closed) => server.close(() => closed()));
    }
  }, 30_000);
});
