// Properties of a hostile host (and of huge but valid positions, and of a server under attack): whatever it does to what the engine hands it — every reachable object of every
// returned value written over, deleted from, pushed into, cleared, given another prototype — changes nothing for
// the session it came from, for later sessions of the same scenario or of a new one, for saves and for restores
// (docs/api.md "What is frozen, what is copied"). The bundled board, leaders and names are attacked too: they are
// shared by every scenario of the process.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  createSession,
  explore,
  RestoreError,
  SessionOptionsError,
  hisBoard,
  hisLeaderTable,
  hisNames,
  parseScenario,
  resolve,
  restoreSession,
  type Session,
} from '../../src/index.ts';
import { scenarioArb, type ScenarioJson } from './arbitraries.ts';
import { RpcServer } from '../../src/server.ts';
import { attack } from './attack.ts';
import { params, runs, seedArb, timeoutFor } from './drive.ts';

const NUM_RUNS = runs(25);

/** Values a hostile host writes. */
const junkArb = fc.constantFrom<unknown>(0, -1, null, undefined, '', 'x', [], {}, Number.NaN, 1e9, true);

/** Plays a session with the first listed answer (or a seeded roll) at each step, `steps` at most. */
function play(s: Session, steps: number, each?: (s: Session) => void): void {
  for (let i = 0; i < steps && s.pending; i++) {
    const d = s.pending;
    const r = d.kind === 'roll' ? s.roll() : s.send(d.options[0]!.event);
    each?.(s);
    if (!r.ok) throw new Error(`refused: ${r.error.message}`);
  }
}

/** What a session shows, as JSON: equal for two sessions in the same state. */
function view(s: Session): string {
  return JSON.stringify({
    pending: s.pending,
    position: s.position,
    summary: s.summary,
    log: s.log,
    trace: s.trace.map((t) => [t.machine, t.state, t.event, t.source]),
    save: s.save(),
    result: s.result,
  });
}

// What a plain session of the worked example gives, computed before anything is attacked.
const WORKED = {
  war: [['ottoman', 'hapsburg']],
  alliances: [['hapsburg', 'hungary']],
  control: { pressburg: 'ottoman' },
  stacks: [
    { space: 'pressburg', power: 'ottoman', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
    { space: 'graz', power: 'hapsburg', regulars: 8, leaders: ['charles-v'] },
    { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
  ],
  impulse: { power: 'ottoman', cp: 1 },
  move: { from: 'pressburg', to: 'vienna', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
};
const eagerWorked = () => JSON.stringify(resolve(parseScenario(WORKED), { policy: 'eager', seed: 3 }).session.save());
const WORKED_BEFORE = eagerWorked();

test(
  '[DESIGN] a host that writes over everything it is handed changes no session, save, restore or later scenario',
  { timeout: timeoutFor(NUM_RUNS, 60) },
  () => {
    fc.assert(
      fc.property(scenarioArb(), seedArb, junkArb, fc.integer({ min: 0, max: 40 }), (json, seed, junk, steps) => {
        const copy = structuredClone(json) as ScenarioJson;
        const scenario = parseScenario(copy);
        // The reference: the same game on a scenario parsed apart, nothing attacked.
        const reference = createSession(parseScenario(json), { seed });
        play(reference, steps);
        const hostile = createSession(scenario, { seed });
        attack(copy, junk);
        attack(scenario, junk);
        attack(hostile.pending, junk);
        play(hostile, steps, (s) => {
          const seat = s.view(s.pending?.power ?? 'ottoman').getSnapshot();
          for (const value of [s.pending, s.position, s.summary, s.log, s.trace, s.inTransit, s.result, s.save()])
            attack(value, junk);
          // The UI store: the snapshot (with the last answer's steps and their boards) and a seat's.
          attack(s.getSnapshot(), junk);
          attack(seat, junk);
          attack(s.sendUntrusted({ type: 'bogus' }), junk);
        });
        expect(view(hostile)).toBe(view(reference));
        // The shared data, then later sessions: of the attacked scenario, of a new parse, and a restore of the save.
        attack(hisBoard(), junk);
        attack(hisLeaderTable(), junk);
        attack(hisNames(), junk);
        const save = hostile.save();
        attack(hostile.save(), junk);
        const later = createSession(scenario, { seed });
        play(later, steps);
        expect(view(later)).toBe(view(reference));
        const fresh = createSession(parseScenario(json), { seed });
        play(fresh, steps);
        expect(view(fresh)).toBe(view(reference));
        const restored = restoreSession(save);
        attack(restored.log, junk);
        expect(view(restored)).toBe(view(reference));
        const r = resolve(scenario, { seed, policy: 'eager' });
        attack(r, junk);
        const again = resolve(scenario, { seed, policy: 'eager' });
        const apart = resolve(parseScenario(json), { seed, policy: 'eager' });
        expect(view(again.session)).toBe(view(apart.session));
        expect(again.ok).toBe(apart.ok);
      }),
      params(NUM_RUNS),
    );
    expect(eagerWorked()).toBe(WORKED_BEFORE);
  },
);

test('[DESIGN] the repros: a leader rating, a board space, a world position and a log entry cannot be changed', () => {
  const charles = hisLeaderTable().get('charles-v')!;
  expect(() => ((charles as { battle: number }).battle = 0)).toThrow(TypeError);
  expect(() => (hisBoard().spaces as unknown as Map<string, unknown>).delete('vienna')).toThrow(TypeError);
  expect(() => Map.prototype.delete.call(hisBoard().spaces, 'vienna')).toThrow(TypeError);
  const scenario = parseScenario(WORKED);
  expect(scenario.world.board).toBe(hisBoard());
  expect(() => delete (scenario.world as { position?: unknown }).position).toThrow(TypeError);
  expect(() => ((scenario.source as { stacks: unknown[] }).stacks = [])).toThrow(TypeError);
  const s = createSession(scenario);
  s.send(s.pending!.options[0]!.event);
  expect(() => ((s.log[0] as { source: string }).source = 'engine')).toThrow(TypeError);
  expect(() => ((s.log[0] as { event: unknown }).event = { type: 'avoid.decline' })).toThrow(TypeError);
  expect(attack(hisBoard(), 0)).toBeGreaterThan(134 * 4);
  expect(hisBoard().spaces.get('vienna')?.neighbours.length).toBeGreaterThan(0);
  expect(eagerWorked()).toBe(WORKED_BEFORE);
});

/** Any JSON-like value, deep or odd, as a host might pass for options. */
const optionsArb = fc.oneof(
  fc.anything({ maxDepth: 4, withNullPrototype: true, withBoxedValues: true, withObjectString: true }),
  fc.record({ seed: fc.anything({ maxDepth: 3, withNullPrototype: true }) }),
  fc.record({ lang: fc.anything({ maxDepth: 3 }) }),
  fc.record({ maxMs: fc.anything({ maxDepth: 2 }), maxPaths: fc.anything({ maxDepth: 2 }) }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }),
);

test('[DESIGN] options of any shape are accepted or refused with the documented error, never TypeError/RangeError', () => {
  const scenario = parseScenario(WORKED);
  const save = createSession(scenario).save();
  const calls: readonly (readonly [string, (o: unknown) => unknown, (e: unknown) => boolean])[] = [
    ['createSession', (o) => createSession(scenario, o as never), (e) => e instanceof SessionOptionsError],
    ['resolve', (o) => resolve(scenario, o as never), (e) => e instanceof SessionOptionsError],
    [
      'explore',
      (o) => explore(scenario, { maxNodes: 5, ...(o as object) } as never),
      (e) => e instanceof SessionOptionsError,
    ],
    ['restoreSession', (o) => restoreSession(save, o as never), (e) => e instanceof RestoreError && !e.engineFault],
  ];
  fc.assert(
    fc.property(optionsArb, fc.integer({ min: 0, max: calls.length - 1 }), (options, k) => {
      const [name, call, documented] = calls[k]!;
      try {
        call(options);
      } catch (e) {
        if (!documented(e)) throw new Error(`${name} threw ${(e as Error)?.name}: ${(e as Error)?.message}`);
      }
    }),
    params(NUM_RUNS * 8),
  );
});

test(
  '[13.2] huge but valid positions: explore and resolve stop at their bounds, with the bound named, never a crash',
  { timeout: timeoutFor(NUM_RUNS, 400) },
  () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 400 }),
        fc.integer({ min: 20, max: 200 }),
        fc.integer({ min: 1, max: 60 }),
        (n, maxMs, maxEvents) => {
          const scenario = parseScenario(star(n));
          const t = performance.now();
          const r = explore(scenario, { decisions: 'eager', maxMs });
          // Generous (a shared machine): the clock is read inside every state, so no state runs on far past it.
          expect(performance.now() - t).toBeLessThan(maxMs + 5000);
          if (r.truncated) expect(['maxMs', 'maxPaths', 'maxNodes']).toContain(r.truncatedBy);
          const out = resolve(scenario, { policy: 'eager', maxEvents });
          if (!out.ok)
            expect(out.error).toMatchObject({ code: 'limit', limit: { name: 'maxEvents', value: maxEvents } });
          expect(out.session.log.filter((a) => a.source !== 'engine').length).toBeLessThanOrEqual(maxEvents);
        },
      ),
      params(Math.max(1, Math.round(NUM_RUNS / 5))),
    );
  },
);

test('[DESIGN] server fairness: any mix of hostile lines leaves a witness session answering, unchanged', async () => {
  const lineArb = fc.oneof(
    fc.constant(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'create',
        params: { scenario: { ...WORKED, control: manyKeys(1001) } },
      }),
    ),
    fc.constant(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'create',
        params: { scenario: { ...WORKED, control: manyKeys(1000) } },
      }),
    ),
    fc
      .integer({ min: 40, max: 5000 })
      .map(
        (d) =>
          `{"jsonrpc":"2.0","id":3,"method":"create","params":{"scenario":{},"lang":${'['.repeat(d)}${']'.repeat(d)}}}`,
      ),
    fc
      .integer({ min: 20, max: 300 })
      .map((n) => JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'create', params: { scenario: star(n) } })),
    fc.json({ maxDepth: 6 }),
    fc.constant(
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'send', params: { session: 's1', event: { type: 'bogus' } } }),
    ),
    fc.constant(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'trace', params: { session: 's1', from: 0 } })),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(lineArb, { maxLength: 12 }), async (lines) => {
      const server = new RpcServer();
      const witness = JSON.parse(
        server.handleLine(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'create', params: { scenario: WORKED } }))!,
      );
      for (const l of lines) {
        const answer = server.handleLine(l);
        if (answer !== null) expect(JSON.parse(answer).error?.code).not.toBe(-32603);
      }
      const pending = JSON.parse(
        server.handleLine(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'pending', params: { session: 's1' } }))!,
      );
      expect(pending.result.pending).toEqual(witness.result.pending);
    }),
    params(Math.max(1, Math.round(NUM_RUNS / 2))),
  );
});

function manyKeys(n: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`nowhere-${i}`, 'ottoman']));
}

/** n one-regular Hapsburg stacks around the destination: n interception decisions in a row. */
function star(n: number) {
  const spaces = [
    { id: 'o', type: 'unfortified', home: 'ottoman' },
    { id: 'c', type: 'unfortified', home: 'hapsburg' },
  ];
  const connections = [{ a: 'o', b: 'c' }];
  const stacks: object[] = [{ space: 'o', power: 'ottoman', regulars: 4 }];
  for (let i = 0; i < n; i++) {
    spaces.push({ id: `s${i}`, type: 'unfortified', home: 'hapsburg' });
    connections.push({ a: 'c', b: `s${i}` });
    stacks.push({ space: `s${i}`, power: 'hapsburg', regulars: 1 });
  }
  return {
    map: { spaces, connections },
    war: [['ottoman', 'hapsburg']],
    stacks,
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'o', to: 'c', regulars: 4 },
  };
}
