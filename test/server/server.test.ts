// The JSON-RPC 2.0 server (src/server.ts, docs/server.md) driven in this process: lines in, response lines out.
// Every method, every error code, request order, many sessions, notifications, batches, framing (over-long lines,
// chunks, CRLF), and the rulebook's worked example played one event at a time.
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Session, SessionOptionsError } from '../../src/index.ts';
import { DEFAULT_MAX_LINE_BYTES, METHOD_PARAMS, RPC_ERRORS, RpcServer, serveLines } from '../../src/server.ts';
import { InProcessClient, notification, request, serve, serveRaw, workedExample, type Response } from './helpers.ts';

const { scenario: VIENNA, events: VIENNA_EVENTS } = workedExample();
const INTERCEPT = VIENNA_EVENTS[0]!;

function errorOf(r: Response | undefined): { code: number; message: string; data?: any } {
  expect(r?.error, JSON.stringify(r)).toBeDefined();
  return r!.error!;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('methods', () => {
  test('[13.2, 14] advise gives the exact odds of each listed answer; a bound the host sets is a refusal naming it', async () => {
    // A loaded machine may take more than the default second for the first (cold) advice.
    const c = new InProcessClient({ maxCallMs: 120_000 });
    const { session } = await c.result('create', { scenario: { ...VIENNA, events: [] } });
    const { advice } = await c.result('advise', { session });
    expect(advice.decision).toEqual({ kind: 'intercept', power: 'hapsburg' });
    expect(advice.policy).toBe('decline');
    expect(advice.answers).toHaveLength(2);
    expect(advice.answers[0].event).toEqual(INTERCEPT);
    for (const a of advice.answers) {
      expect(a.moverWinsBattle.fraction).toMatch(/^\d+(\/\d+)?$/);
      expect(a.moverWinsBattle.value).toBeGreaterThan(0);
      expect(a.losses.mover.value).toBeGreaterThan(0);
    }
    const eager = await c.result('advise', { session, policy: 'eager' });
    expect(eager.advice.policy).toBe('eager');
    // A session not advised before expands every state: the bound stops it.
    const { session: unadvised } = await c.result('create', { scenario: { ...VIENNA, events: [] } });
    const stopped = await c.result('advise', { session: unadvised, maxNodes: 2 });
    expect(stopped).toMatchObject({ ok: false, error: { code: 'limit', limit: { name: 'maxNodes', value: 2 } } });
    expect(stopped.error.message).toMatch(/raise maxNodes/);
    // The session advised already keeps what its advice explored (src/review/advise.ts): only the first state is
    // expanded again, within the same bound, and the odds are the same.
    const again = await c.result('advise', { session, maxNodes: 2 });
    expect(again.advice.distinctStates).toBe(1);
    expect(again.advice.answers).toEqual(advice.answers);
    const bad = await c.call('advise', { session, policy: 'greedy' });
    expect(errorOf(bad).code).toBe(RPC_ERRORS.invalidParams);
    const typo = await c.call('advise', { session, maxNode: 3 });
    expect(errorOf(typo).message).toMatch(/unknown parameter 'maxNode'/);
    const badBound = await c.call('advise', { session, maxNodes: -1 });
    expect(errorOf(badBound).code).toBe(RPC_ERRORS.invalidParams);
    await c.end();
    // The line's own budget bounds it too: over maxCallMs, the over-budget error, and the session is as it was.
    const tight = new InProcessClient({ maxCallMs: 1 });
    const opened = await tight.call('create', { scenario: { ...VIENNA, events: [] } });
    if (opened.result) {
      const late = await tight.call('advise', { session: opened.result.session });
      expect(errorOf(late)).toMatchObject({ code: RPC_ERRORS.overBudget, data: { maxCallMs: 1 } });
    }
    await tight.end();
  }, 60_000);

  test('hello names the protocol, the engine version and every method', async () => {
    const [r] = await serve([request(1, 'hello')]);
    expect(r).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { protocol: 'his-procedures/jsonrpc-lines', version: 1 },
    });
    expect(r!.result.methods).toEqual([
      'hello',
      'create',
      'pending',
      'send',
      'roll',
      'save',
      'restore',
      'result',
      'trace',
      'position',
      'summary',
      'inTransit',
      'snapshot',
      'view',
      'undo',
      'advise',
      'close',
      'ids',
      'schema',
    ]);
  });

  test('create opens a session ("s1", "s2", …) and answers the first pending decision', async () => {
    const rs = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'create', { scenario: JSON.stringify(VIENNA), seed: 42, lang: 'ru' }),
    ]);
    expect(rs.map((r) => r.result.session)).toEqual(['s1', 's2']);
    expect(rs[0]!.result.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg', rule: '13.2 step 1' });
    expect(rs[0]!.result.pending.options[0].event).toEqual(INTERCEPT);
    expect(rs[1]!.result.pending).toEqual(rs[0]!.result.pending);
  });

  test('create takes the scenario as an object or as its JSON text; its seed drives roll; its lang the messages', async () => {
    const c = new InProcessClient();
    const en = await c.result('create', { scenario: VIENNA, seed: 3 });
    const ru = await c.result('create', { scenario: JSON.stringify(VIENNA), seed: 3, lang: 'ru' });
    const refusal = { type: 'avoid.declare', power: 'hapsburg', to: 'pressburg' };
    expect((await c.result('send', { session: en.session, event: refusal })).error.message).toMatch(/^Not yet/);
    expect((await c.result('send', { session: ru.session, event: refusal })).error.message).toMatch(/^Ещё рано/);
    const dice = [];
    for (const s of [en.session, ru.session]) {
      await c.result('send', { session: s, event: INTERCEPT });
      expect(await c.result('roll', { session: s })).toMatchObject({ ok: true });
      dice.push((await c.result('save', { session: s })).events[1]);
    }
    expect(dice[0]).toMatchObject({
      event: { type: 'dice.rolled', values: [expect.any(Number), expect.any(Number)] },
      source: 'seeded',
    });
    expect(dice[1]).toEqual(dice[0]); // the same seed, the same dice
    await c.end();
  });

  test('pending answers the decision the session waits for', async () => {
    const [, r] = await serve([request(1, 'create', { scenario: VIENNA }), request(2, 'pending', { session: 's1' })]);
    expect(r!.result.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg' });
  });

  test('send answers {ok: true, pending} for an accepted event', async () => {
    const [, r] = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'send', { session: 's1', event: INTERCEPT }),
    ]);
    expect(r!.result).toMatchObject({
      ok: true,
      pending: { kind: 'roll', power: 'hapsburg', roll: { dice: 2, target: 9 } },
    });
  });

  test('[13.2] a refusal is a result, not a JSON-RPC error: avoid battle while an interception is pending', async () => {
    const [, r, p] = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'send', { session: 's1', event: { type: 'avoid.declare', power: 'hapsburg', to: 'pressburg' } }),
      request(3, 'pending', { session: 's1' }),
    ]);
    expect(r!.error).toBeUndefined();
    expect(r!.result).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'out-of-turn',
        rule: '13.2 step 1',
        message: expect.stringMatching(/^Not yet/),
      }),
      pending: expect.objectContaining({ kind: 'intercept' }),
    });
    // The refusal carries the decision that still waits: a refused event changes nothing.
    expect(r!.result.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg' });
    expect(p!.result.pending).toEqual(r!.result.pending);
  });

  test('[13.2 step 5] the refusal after a successful interception names the rule that closed the step', async () => {
    const [, , , r] = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'send', { session: 's1', event: INTERCEPT }),
      request(3, 'send', { session: 's1', event: { type: 'dice.rolled', values: [3, 5] } }),
      request(4, 'send', { session: 's1', event: { type: 'withdraw.declare', power: 'hapsburg' } }),
    ]);
    expect(r!.result).toMatchObject({ ok: false, error: { code: 'step-closed', rule: '13.2 step 5' } });
  });

  test('an event that fails the event schema is refused as a result (invalid-event), with its path', async () => {
    const [, bogus, die] = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'send', { session: 's1', event: { type: 'bogus' } }),
      request(3, 'send', { session: 's1', event: { type: 'dice.rolled', values: [7] } }),
    ]);
    expect(bogus!.result).toMatchObject({ ok: false, error: { code: 'invalid-event' } });
    expect(die!.result).toMatchObject({ ok: false, error: { code: 'invalid-event', path: 'values[0]' } });
  });

  test('roll rolls the pending roll with the seeded dice, and is refused as a result when no roll is pending', async () => {
    const [, early, , rolled, saved] = await serve([
      request(1, 'create', { scenario: VIENNA, seed: 1 }),
      request(2, 'roll', { session: 's1' }),
      request(3, 'send', { session: 's1', event: INTERCEPT }),
      request(4, 'roll', { session: 's1' }),
      request(5, 'save', { session: 's1' }),
    ]);
    expect(early!.result).toMatchObject({ ok: false, error: { code: 'out-of-turn' } });
    expect(rolled!.result.ok).toBe(true);
    expect(rolled!.result.pending?.kind).not.toBe('intercept');
    expect(saved!.result.events[1]).toMatchObject({ event: { type: 'dice.rolled' }, source: 'seeded' });
  });

  test('save returns the save JSON; restore opens a new session that continues identically', async () => {
    const c = new InProcessClient();
    const { session } = await c.result('create', { scenario: VIENNA, seed: 9 });
    await c.result('send', { session, event: INTERCEPT });
    const saved = await c.result('save', { session });
    expect(saved).toMatchObject({
      format: 'his-procedures/session',
      seed: 9,
      lang: 'en',
      events: [{ event: INTERCEPT, source: 'host' }],
    });
    const restored = await c.result('restore', { save: saved });
    expect(restored.session).toBe('s2');
    expect(restored.pending).toEqual((await c.result('pending', { session })).pending);
    const fromText = await c.result('restore', { save: JSON.stringify(saved) });
    expect(fromText.session).toBe('s3');
    // The same seed and the same history: the same dice, to the end.
    const ends = [];
    for (const s of [session, restored.session, fromText.session]) {
      let pending = (await c.result('pending', { session: s })).pending;
      while (pending) {
        const r =
          pending.kind === 'roll'
            ? await c.result('roll', { session: s })
            : await c.result('send', { session: s, event: pending.options.at(-1).event });
        expect(r.ok).toBe(true);
        pending = r.pending;
      }
      ends.push((await c.result('result', { session: s })).result);
    }
    expect(ends[1]).toEqual(ends[0]);
    expect(ends[2]).toEqual(ends[0]);
    await c.end();
  });

  test('position, summary and inTransit read the board mid-move, as the session does', async () => {
    const [, , position, summary, transit] = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'send', { session: 's1', event: INTERCEPT }),
      request(3, 'position', { session: 's1' }),
      request(4, 'summary', { session: 's1' }),
      request(5, 'inTransit', { session: 's1' }),
    ]);
    // 13.1 steps 3–5: during the interception the Ottoman formation is on its way, not on the board.
    expect(position!.result.position.stacks.map((s: { power: string }) => s.power)).toEqual(['hapsburg', 'hapsburg']);
    expect(summary!.result.summary.interceptions).toEqual([]);
    expect(transit!.result.inTransit).toMatchObject({
      from: 'pressburg',
      to: 'vienna',
      stacks: [{ power: 'ottoman' }],
    });
  });

  test('snapshot gives the session snapshot without its trace (traceLength says how long), with the last steps', async () => {
    const [, , r, t] = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'send', { session: 's1', event: INTERCEPT }),
      request(3, 'snapshot', { session: 's1' }),
      request(4, 'trace', { session: 's1' }),
    ]);
    const snap = r!.result.snapshot;
    expect(Object.keys(snap).sort()).toEqual(
      ['canUndo', 'inTransit', 'pending', 'position', 'result', 'steps', 'summary', 'traceLength', 'version'].sort(),
    );
    expect(snap).toMatchObject({ version: 1, canUndo: true, result: null, pending: { kind: 'roll' } });
    expect(snap.traceLength).toBe(t!.result.entries.length);
    expect(snap.steps.map((s: { entry: unknown }) => s.entry)).toEqual(t!.result.entries.slice(-snap.steps.length));
    expect(snap.steps.at(-1).inTransit).toMatchObject({ to: 'vienna' });
  });

  test('view gives what a power may see; send and roll with `as` refuse another power’s decision', async () => {
    const [, hapsburg, ottoman, refused, rollRefused, accepted, bad, missing] = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'view', { session: 's1', power: 'hapsburg' }),
      request(3, 'view', { session: 's1', power: 'ottoman' }),
      request(4, 'send', { session: 's1', event: INTERCEPT, as: 'ottoman' }),
      request(5, 'roll', { session: 's1', as: 'ottoman' }),
      request(6, 'send', { session: 's1', event: INTERCEPT, as: 'hapsburg' }),
      request(7, 'view', { session: 's1', power: 'hapsbrug' }),
      request(8, 'view', { session: 's1' }),
    ]);
    expect(hapsburg!.result.view).toMatchObject({ seat: 'hapsburg', yours: true, hand: [], hands: {}, version: 0 });
    expect(ottoman!.result.view).toMatchObject({ seat: 'ottoman', yours: false });
    expect(ottoman!.result.view.canUndo).toBeUndefined();
    expect(ottoman!.result.view.seed).toBeUndefined();
    expect(refused!.result).toMatchObject({
      ok: false,
      error: { code: 'not-your-decision', rule: '13.2 step 1', facts: { power: 'hapsburg', as: 'ottoman' } },
      pending: { kind: 'intercept', power: 'hapsburg' },
    });
    expect(rollRefused!.result.error.code).toBe('not-your-decision');
    expect(accepted!.result).toMatchObject({ ok: true, pending: { kind: 'roll', power: 'hapsburg' } });
    expect(bad!.error).toMatchObject({ code: RPC_ERRORS.invalidParams, message: expect.stringMatching(/'power'/) });
    expect(missing!.error).toMatchObject({
      code: RPC_ERRORS.invalidParams,
      message: expect.stringMatching(/missing 'power'/),
    });
  });

  test('undo takes back the last answer: the seeded roll is rolled again with the same values', async () => {
    const [, , rolled, undone, again, none] = await serve([
      request(1, 'create', { scenario: VIENNA, seed: 9 }),
      request(2, 'send', { session: 's1', event: INTERCEPT }),
      request(3, 'roll', { session: 's1' }),
      request(4, 'undo', { session: 's1' }),
      request(5, 'roll', { session: 's1' }),
      request(6, 'create', { scenario: VIENNA }),
    ]);
    expect(rolled!.result.ok).toBe(true);
    expect(undone!.result).toMatchObject({
      ok: true,
      undone: [{ event: { type: 'dice.rolled' }, source: 'seeded' }],
      pending: { kind: 'roll', power: 'hapsburg' },
    });
    expect(again!.result).toEqual(rolled!.result);
    expect(none!.result.session).toBe('s2');
    const [empty] = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'undo', { session: 's1' }),
    ]).then((rs) => rs.slice(1));
    expect(empty!.result).toMatchObject({
      ok: false,
      error: { code: 'nothing-to-undo' },
      pending: { kind: 'intercept' },
    });
  });

  test('result is null until the move is over', async () => {
    const [, r] = await serve([request(1, 'create', { scenario: VIENNA }), request(2, 'result', { session: 's1' })]);
    expect(r!.result).toEqual({ result: null });
  });

  test('trace returns the entries from index `from` and the index of the next one', async () => {
    const [, all, tail, beyond] = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'trace', { session: 's1' }),
      request(3, 'trace', { session: 's1', from: 2 }),
      request(4, 'trace', { session: 's1', from: 1000 }),
    ]);
    const n = all!.result.entries.length;
    expect(n).toBeGreaterThan(2);
    expect(all!.result.next).toBe(n);
    expect(all!.result.entries[0]).toMatchObject({ step: 1, machine: 'movement', event: 'start' });
    expect(tail!.result.entries).toEqual(all!.result.entries.slice(2));
    expect(beyond!.result).toEqual({ entries: [], next: n });
  });

  test('close forgets the session: its id is unknown afterwards, and ids are never reused', async () => {
    const rs = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'close', { session: 's1' }),
      request(3, 'pending', { session: 's1' }),
      request(4, 'close', { session: 's1' }),
      request(5, 'create', { scenario: VIENNA }),
    ]);
    expect(rs[1]!.result).toEqual({ closed: true });
    expect(errorOf(rs[2]).code).toBe(RPC_ERRORS.invalidParams);
    expect(errorOf(rs[3]).code).toBe(RPC_ERRORS.invalidParams);
    expect(rs[4]!.result.session).toBe('s2');
  });

  test('ids lists the open sessions', async () => {
    const rs = await serve([
      request(1, 'ids'),
      request(2, 'create', { scenario: VIENNA }),
      request(3, 'create', { scenario: VIENNA }),
      request(4, 'close', { session: 's1' }),
      request(5, 'ids', {}),
    ]);
    expect(rs[0]!.result).toEqual({ sessions: [] });
    expect(rs[4]!.result).toEqual({ sessions: ['s2'] });
  });

  test('schema returns the JSON Schemas of the CLI (scenario by default)', async () => {
    const rs = await serve([
      request(1, 'schema'),
      request(2, 'schema', { name: 'event' }),
      request(3, 'schema', { name: 'toString' }),
    ]);
    expect(rs[0]!.result).toMatchObject({ title: 'his-procedures scenario', type: 'object' });
    expect(rs[1]!.result.title).toBe('his-procedures event');
    expect(errorOf(rs[2]).code).toBe(RPC_ERRORS.invalidParams);
  });
});

describe('the worked example over the protocol', () => {
  test('[13.2][14][14.1] Vienna 1517, its scripted events sent one by one, ends as the rulebook says', async () => {
    const c = new InProcessClient();
    const created = await c.result('create', { scenario: VIENNA, seed: 1 });
    const session = created.session as string;
    for (const event of VIENNA_EVENTS) {
      const r = await c.result('send', { session, event });
      expect(r, JSON.stringify(event)).toMatchObject({ ok: true });
    }
    const last = await c.result('pending', { session });
    expect(last.pending).toBeNull();
    const { result } = await c.result('result', { session });
    const { summary, position } = result;
    expect(summary.interceptions).toEqual([
      expect.objectContaining({ power: 'hapsburg', from: 'graz', dice: [3, 5], total: 9, target: 9, success: true }),
    ]);
    const battle = summary.battle;
    expect(battle.attacker).toMatchObject({
      powers: ['ottoman'],
      dice: { total: 10 },
      hits: 3,
      losses: { regulars: 4, cavalry: 1 },
    });
    expect(battle.defender).toMatchObject({ powers: ['hapsburg'], dice: { total: 13 }, hits: 5 });
    expect(battle.winnerPower).toBe('hapsburg');
    expect(summary.retreats).toEqual([
      expect.objectContaining({
        power: 'ottoman',
        from: 'vienna',
        to: 'pressburg',
        units: expect.objectContaining({ regulars: 3, cavalry: 0 }),
      }),
    ]);
    const ottoman = position.stacks.filter((s: { power: string }) => s.power === 'ottoman');
    expect(ottoman).toHaveLength(1);
    expect(ottoman[0]).toMatchObject({ space: 'pressburg', regulars: 3 });
    expect(ottoman[0].cavalry ?? 0).toBe(0);
    expect([...ottoman[0].leaders].sort()).toEqual(['ibrahim-pasha', 'suleiman']);
    // After the move: anything sent is refused as a result, not a protocol fault.
    expect(await c.result('send', { session, event: { type: 'intercept.decline', power: 'hapsburg' } })).toMatchObject({
      ok: false,
      error: { code: 'move-ended' },
    });
    expect(await c.result('close', { session })).toEqual({ closed: true });
    await c.end();
  });
});

describe('protocol faults are JSON-RPC errors, and the server keeps serving', () => {
  test('-32700 for a line that is not JSON, with id null', async () => {
    const rs = await serve(['{"jsonrpc": "2.0", "id": 1, "method": "hello"', 'hello', request(2, 'hello')]);
    expect(rs.map((r) => [r.id, r.error?.code])).toEqual([
      [null, -32700],
      [null, -32700],
      [2, undefined],
    ]);
  });

  test('-32600 for what is not a request: not an object, a bad jsonrpc, a bad id, a method that is not a string, params not structured', async () => {
    const rs = await serve([
      '42',
      '"hello"',
      'null',
      '{"id": 1, "method": "hello"}',
      '{"jsonrpc": "1.0", "id": "a", "method": "hello"}',
      '{"jsonrpc": "2.0", "id": {"x": 1}, "method": "hello"}',
      '{"jsonrpc": "2.0", "id": true, "method": "hello"}',
      '{"jsonrpc": "2.0", "id": [1], "method": "hello"}',
      '{"jsonrpc": "2.0", "id": 5, "method": 7}',
      '{"jsonrpc": "2.0", "id": 6, "method": "hello", "params": "x"}',
      '{"jsonrpc": "2.0", "method": 7}',
      request(9, 'hello'),
    ]);
    expect(rs.map((r) => [r.id, r.error?.code])).toEqual([
      [null, -32600],
      [null, -32600],
      [null, -32600],
      [1, -32600], // the id is echoed when it is a valid id
      ['a', -32600],
      [null, -32600], // the id itself is invalid: null
      [null, -32600],
      [null, -32600],
      [5, -32600],
      [6, -32600],
      [null, -32600], // not a valid notification either: answered
      [9, undefined],
    ]);
  });

  test('-32601 for an unknown method, including the names on Object.prototype', async () => {
    const names = [
      'frobnicate',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'rpc.discover',
      '',
    ];
    const rs = await serve([...names.map((m, i) => request(i, m, {})), request('after', 'ids')]);
    expect(rs.map((r) => r.error?.code)).toEqual([...names.map(() => -32601), undefined]);
    expect(rs[1]!.error!.message).toBe('Method not found: __proto__');
  });

  test('-32602 for missing, ill-typed or unknown params, with a message that says which', async () => {
    const rs = await serve([
      request(1, 'create', { scenario: VIENNA }),
      request(2, 'create', {}),
      request(3, 'create', { scenario: VIENNA, seed: 1.5 }),
      request(4, 'create', { scenario: VIENNA, seed: '7' }),
      request(5, 'create', { scenario: VIENNA, lang: 'de' }),
      request(6, 'pending', {}),
      request(7, 'pending', { session: 1 }),
      request(8, 'pending', { session: 's99' }),
      request(9, 'pending', { session: '__proto__' }),
      request(10, 'send', { session: 's1' }),
      request(11, 'send', { session: 's1', event: 'intercept.decline' }),
      request(12, 'send', { session: 's1', event: null }),
      request(13, 'send', { session: 's1', event: [] }),
      request(14, 'pending', { sesion: 's1' }),
      request(15, 'trace', { session: 's1', from: -1 }),
      request(16, 'trace', { session: 's1', from: 'x' }),
      request(17, 'pending', ['s1']),
      request(18, 'restore', {}),
      '{"jsonrpc": "2.0", "id": 19, "method": "pending", "params": {"session": "s1", "__proto__": "x"}}',
      request(20, 'pending', { session: 's1' }),
    ]);
    expect(rs[0]!.result.session).toBe('s1');
    expect(rs.slice(1, -1).map((r) => [r.id, r.error?.code])).toEqual(rs.slice(1, -1).map((r) => [r.id, -32602]));
    expect(rs[1]!.error!.message).toContain("missing 'scenario'");
    expect(rs[7]!.error).toMatchObject({
      message: "Invalid params: unknown session 's99' (never opened, or closed)",
      data: { session: 's99' },
    });
    expect(rs[13]!.error!.message).toContain("unknown parameter 'sesion'");
    expect(rs[16]!.error!.message).toContain('not an array');
    expect(rs.at(-1)!.result.pending.kind).toBe('intercept');
  });

  test('-32602, never -32603, for a seed or language out of range, with the range in the message', async () => {
    const rs = await serve([
      request(1, 'create', { scenario: VIENNA, seed: -4 }),
      request(2, 'create', { scenario: VIENNA, seed: 1.5 }),
      request(3, 'create', { scenario: VIENNA, seed: 2 ** 32 }),
      request(4, 'create', { scenario: VIENNA, seed: 1e300 }),
      request(5, 'create', { scenario: VIENNA, lang: 'xx' }),
      request(6, 'create', { scenario: VIENNA, seed: 0 }),
      request(7, 'create', { scenario: VIENNA, seed: 2 ** 32 - 1 }),
    ]);
    expect(rs.map((r) => r.error?.code)).toEqual([-32602, -32602, -32602, -32602, -32602, undefined, undefined]);
    expect(rs[0]!.error!.message).toBe("Invalid params: 'seed' must be a whole number from 0 to 4294967295, not -4");
    expect(rs[1]!.error!.message).toContain('not 1.5');
    expect(rs[4]!.error!.message).toBe('Invalid params: \'lang\' must be "en" or "ru", not "xx"');
  });

  test("-32602 for what the engine refuses to start with, should it pass the method's own checks", async () => {
    const c = new InProcessClient();
    vi.spyOn(RpcServer.prototype as any, 'checkRoom').mockImplementation(() => {
      throw new SessionOptionsError('seed', 'seed must be a whole number from 0 to 4294967295, not -4');
    });
    expect(errorOf(await c.call('create', { scenario: VIENNA }))).toEqual({
      code: -32602,
      message: 'Invalid params: seed must be a whole number from 0 to 4294967295, not -4',
    });
    vi.restoreAllMocks();
    await c.end();
  });

  test('-32602 for a bad scenario, with every problem of ScenarioError as data.issues {path, message}', async () => {
    const bad = {
      ...VIENNA,
      stacks: [{ space: 'pressburg', power: 'ottoman', regulars: -1, cavalry: 1.5, leaders: ['suleiman'] }],
    };
    const [r, text] = await serve([
      request(1, 'create', { scenario: bad }),
      request(2, 'create', { scenario: '{"war": [' }),
    ]);
    const e = errorOf(r);
    expect(e.code).toBe(-32602);
    expect(e.message).toMatch(/^Invalid params: invalid scenario \(\d+ problems?; see data.issues\)$/);
    expect(e.data.issues).toEqual(
      expect.arrayContaining([{ path: 'stacks[0].regulars', message: expect.any(String) }]),
    );
    for (const issue of e.data.issues) expect(Object.keys(issue).sort()).toEqual(['message', 'path']);
    expect(errorOf(text).data.issues).toEqual([{ path: '', message: expect.stringMatching(/^not valid JSON/) }]);
  });

  test('-32602 for a bad save, with the RestoreError message (and the index of a refused event)', async () => {
    const c = new InProcessClient();
    const { session } = await c.result('create', { scenario: VIENNA });
    await c.result('send', { session, event: INTERCEPT });
    const saved = await c.result('save', { session });
    const notASave = await c.call('restore', { save: { format: 'something else' } });
    expect(errorOf(notASave)).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid params: not a session save/),
    });
    const notJson = await c.call('restore', { save: 'nope' });
    expect(errorOf(notJson).message).toMatch(/^Invalid params: not a session save: the text is not valid JSON/);
    const tampered = structuredClone(saved);
    tampered.events[0].event.from = 'linz';
    const refused = await c.call('restore', { save: tampered });
    expect(errorOf(refused)).toMatchObject({
      code: -32602,
      message: expect.stringContaining('saved event 1 (intercept.declare)'),
      data: { index: 0 },
    });
    expect(await c.result('ids')).toEqual({ sessions: [session] }); // nothing opened by the failures
    await c.end();
  });

  test('-32603 only for a genuine engine failure, and the server keeps serving', async () => {
    const c = new InProcessClient();
    const { session } = await c.result('create', { scenario: VIENNA });
    vi.spyOn(Session.prototype, 'sendUntrusted').mockImplementation(() => {
      throw new Error('boom');
    });
    const r = await c.call('send', { session, event: INTERCEPT });
    expect(r).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Internal error: boom' } });
    vi.restoreAllMocks();
    expect(await c.result('send', { session, event: INTERCEPT })).toMatchObject({ ok: true });
    await c.end();
  });

  test('-32000 when the open-session limit is reached; closing one makes room', async () => {
    const rs = await serve(
      [
        request(1, 'create', { scenario: VIENNA }),
        request(2, 'create', { scenario: VIENNA }),
        request(3, 'create', { scenario: VIENNA }),
        request(4, 'close', { session: 's1' }),
        request(5, 'create', { scenario: VIENNA }),
      ],
      { maxSessions: 2 },
    );
    expect(rs.map((r) => r.result?.session ?? r.error?.code)).toEqual([
      's1',
      's2',
      RPC_ERRORS.tooManySessions,
      undefined,
      's3',
    ]);
  });

  test('no input makes the server throw or go silent: random JSON as requests and as params of every method', async () => {
    const server = new RpcServer();
    server.handleLine(JSON.stringify(request(0, 'create', { scenario: VIENNA })));
    const methods = [...Object.keys(METHOD_PARAMS), '__proto__'];
    const params = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          session: fc.constantFrom('s1', 's2', 'x', 1),
          event: fc.jsonValue(),
          from: fc.jsonValue(),
          save: fc.jsonValue(),
          scenario: fc.jsonValue(),
          power: fc.oneof(fc.constantFrom('hapsburg', 'ottoman', 'constructor'), fc.jsonValue()),
          as: fc.oneof(fc.constantFrom('hapsburg', 'ottoman', '__proto__'), fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
      // create with the worked example and any seed or language: the options are the host's to get right.
      fc.record(
        {
          scenario: fc.constant(VIENNA),
          seed: fc.oneof(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.double(), fc.jsonValue()),
          lang: fc.oneof(fc.constantFrom('en', 'ru', 'xx', 'EN'), fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(fc.constantFrom(...methods), params, fc.oneof(fc.integer(), fc.string()), (method, p, id) => {
        const out = server.handleLine(JSON.stringify({ jsonrpc: '2.0', id, method, params: p }));
        expect(out).not.toBeNull();
        const r = JSON.parse(out!) as Response;
        expect(r.id).toBe(id);
        expect(r.error?.code).not.toBe(RPC_ERRORS.internalError);
      }),
      { numRuns: 300, seed: 7 },
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const out = server.handleLine(text);
        if (text.trim() === '') expect(out).toBeNull();
        else if (out !== null) for (const r of [JSON.parse(out)].flat()) expect(r).toMatchObject({ jsonrpc: '2.0' });
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('notifications', () => {
  test('a request without an id is carried out and never answered, not even with an error', async () => {
    const rs = await serve([
      request(1, 'create', { scenario: VIENNA }),
      notification('send', { session: 's1', event: INTERCEPT }),
      notification('frobnicate'),
      notification('pending', { session: 's404' }),
      notification('send', { session: 's1', event: { type: 'avoid.declare', power: 'hapsburg', to: 'pressburg' } }),
      request(2, 'pending', { session: 's1' }),
    ]);
    expect(rs.map((r) => r.id)).toEqual([1, 2]);
    expect(rs[1]!.result.pending).toMatchObject({ kind: 'roll', power: 'hapsburg' });
  });

  test('an id of null is a request (answered with id null), not a notification', async () => {
    const rs = await serve([request(null, 'ids'), request('x', 'ids'), request(0, 'ids'), request(2.5, 'ids')]);
    expect(rs.map((r) => r.id)).toEqual([null, 'x', 0, 2.5]);
  });
});

describe('batches (supported)', () => {
  test('a batch is answered with one line: an array of the responses in order, notifications left out', async () => {
    const raw = await serveRaw([
      JSON.stringify([
        request(1, 'create', { scenario: VIENNA }),
        notification('send', { session: 's1', event: INTERCEPT }),
        request(2, 'pending', { session: 's1' }),
        42,
        request(3, 'nope'),
      ]),
      request(4, 'ids'),
    ]);
    expect(raw).toHaveLength(2);
    const batch = JSON.parse(raw[0]!) as Response[];
    expect(batch.map((r) => [r.id, r.error?.code])).toEqual([
      [1, undefined],
      [2, undefined],
      [null, -32600],
      [3, -32601],
    ]);
    expect(batch[1]!.result.pending.kind).toBe('roll');
  });

  test('an empty batch is -32600; a batch of notifications is not answered; a batch over the limit is -32600', async () => {
    const rs = await serveRaw(
      [
        '[]',
        JSON.stringify([notification('ids'), notification('hello')]),
        JSON.stringify([request(1, 'ids'), request(2, 'ids'), request(3, 'ids')]),
        request(4, 'ids'),
      ],
      {
        maxBatch: 2,
      },
    );
    expect(rs.map((l) => JSON.parse(l))).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: empty batch' } },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: a batch of 3 requests (at most 2)' },
      },
      { jsonrpc: '2.0', id: 4, result: { sessions: [] } },
    ]);
  });
});

describe('order and many sessions', () => {
  test('responses come in request order, one line per request', async () => {
    const lines: unknown[] = [];
    for (let i = 0; i < 40; i++) {
      const k = i % 5;
      if (k === 0) lines.push(request(i, 'create', { scenario: VIENNA, seed: i }));
      else if (k === 1) lines.push('not json');
      else if (k === 2) lines.push(request(i, 'nope'));
      else if (k === 3) lines.push(request(i, 'pending', { session: `s${(i - 3) / 5 + 1}` }));
      else lines.push(request(`id-${i}`, 'ids'));
    }
    const raw = await serveRaw(lines);
    expect(raw).toHaveLength(40);
    expect(raw.every((l) => !l.includes('\n'))).toBe(true);
    const ids = raw.map((l) => (JSON.parse(l) as Response).id);
    expect(ids).toEqual(lines.map((l) => (typeof l === 'string' ? null : (l as { id: unknown }).id)));
    const rs = raw.map((l) => JSON.parse(l) as Response);
    expect(rs.filter((_r, i) => i % 5 === 3).every((r) => r.result.pending.kind === 'intercept')).toBe(true);
  });

  test('many sessions at once are independent: 30 interleaved moves, each with its own seed, played to the end', async () => {
    const c = new InProcessClient();
    const n = 30;
    const sessions: string[] = [];
    for (let i = 0; i < n; i++) sessions.push((await c.result('create', { scenario: VIENNA, seed: 100 + i })).session);
    expect(sessions).toEqual(Array.from({ length: n }, (_, i) => `s${i + 1}`));
    const pending = new Map<string, any>();
    for (const s of sessions) pending.set(s, (await c.result('pending', { session: s })).pending);
    // Round robin: every open session takes one step per round (the first option, or its seeded roll).
    for (let round = 0; round < 100 && [...pending.values()].some((p) => p !== null); round++) {
      for (const s of sessions) {
        const p = pending.get(s);
        if (!p) continue;
        const r =
          p.kind === 'roll'
            ? await c.result('roll', { session: s })
            : await c.result('send', { session: s, event: p.options[0].event });
        expect(r.ok).toBe(true);
        pending.set(s, r.pending);
      }
    }
    expect([...pending.values()].every((p) => p === null)).toBe(true);
    // Each session's result is what a lone session with the same seed and answers gives.
    for (const i of [0, 7, 29]) {
      const interleaved = (await c.result('result', { session: sessions[i] })).result;
      const lone = new InProcessClient();
      const { session } = await lone.result('create', { scenario: VIENNA, seed: 100 + i });
      let p = (await lone.result('pending', { session })).pending;
      while (p)
        p = (
          p.kind === 'roll'
            ? await lone.result('roll', { session })
            : await lone.result('send', { session, event: p.options[0].event })
        ).pending;
      expect(interleaved).toEqual((await lone.result('result', { session })).result);
      await lone.end();
    }
    for (const s of sessions.slice(0, 10)) await c.result('close', { session: s });
    expect((await c.result('ids')).sessions).toEqual(sessions.slice(10));
    await c.end();
  });
});

describe('framing', () => {
  test('blank lines are ignored; CRLF line ends and a byte-order mark are accepted', async () => {
    const rs = await serveRaw([
      '',
      '   ',
      '\t',
      `${JSON.stringify(request(1, 'ids'))}\r`,
      `\uFEFF${JSON.stringify(request(2, 'ids'))}`,
      '\r',
    ]);
    expect(rs.map((l) => JSON.parse(l).id)).toEqual([1, 2]);
  });

  test('an element with line breaks is several lines', async () => {
    const rs = await serve([`${JSON.stringify(request(1, 'ids'))}\n\n${JSON.stringify(request(2, 'ids'))}\n`]);
    expect(rs.map((r) => r.id)).toEqual([1, 2]);
  });

  test('an over-long line is answered with -32600 (id null) and skipped; the next line is served', async () => {
    const long = JSON.stringify(request(1, 'hello', { pad: 'x'.repeat(500) }));
    const rs = await serve([long, request(2, 'ids'), 'x'.repeat(1000), request(3, 'ids')], { maxLineBytes: 200 });
    expect(rs.map((r) => [r.id, r.error?.code])).toEqual([
      [null, -32600],
      [2, undefined],
      [null, -32600],
      [3, undefined],
    ]);
    expect(rs[0]!.error).toEqual({
      code: -32600,
      message: 'Invalid Request: line longer than 200 bytes; it was skipped up to the next line break',
      data: { maxLineBytes: 200 },
    });
  });

  test('the limit counts UTF-8 bytes: a line of exactly the limit is served, one byte more is not', async () => {
    const base = JSON.stringify(request(1, 'nope', {})); // an unknown method: answered -32601 when it is read
    const exact = base.replace('"nope"', `"${'я'.repeat(50)}"`); // 2 bytes each
    const limit = Buffer.byteLength(exact);
    const rs = await serve([exact, ` ${exact}`], { maxLineBytes: limit });
    expect(rs.map((r) => r.error?.code)).toEqual([-32601, -32600]);
  });

  test(`the default limit is 4 MiB (${DEFAULT_MAX_LINE_BYTES} bytes)`, async () => {
    const rs = await serve([
      `"${'x'.repeat(DEFAULT_MAX_LINE_BYTES)}"`,
      `"${'x'.repeat(DEFAULT_MAX_LINE_BYTES - 10)}"`,
      request(1, 'ids'),
    ]);
    expect(rs.map((r) => [r.id, r.error?.code])).toEqual([
      [null, -32600],
      [null, -32600], // served, but a string is not a request
      [1, undefined],
    ]);
    expect(rs[1]!.error!.message).toBe('Invalid Request: not a JSON-RPC request object');
  });

  test('a stream: requests split across chunks (a character split between two), several in one chunk, the last without a line break', async () => {
    const input = new PassThrough();
    const out: string[] = [];
    const done = serveLines(input, (l) => void out.push(l));
    const bytes = Buffer.from(
      `${JSON.stringify(request(1, 'Вена'))}\n${JSON.stringify(request(2, 'ids'))}\n${JSON.stringify(request(3, 'ids'))}`,
    );
    const cut = bytes.indexOf(Buffer.from('е')) + 1; // inside the two bytes of "е"
    input.write(bytes.subarray(0, 5));
    input.write(bytes.subarray(5, cut));
    input.write(bytes.subarray(cut));
    input.end();
    await done;
    expect(out.map((l) => JSON.parse(l))).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: Вена' } },
      { jsonrpc: '2.0', id: 2, result: { sessions: [] } },
      { jsonrpc: '2.0', id: 3, result: { sessions: [] } },
    ]);
  });

  test('a stream: an over-long line is answered as soon as it passes the limit, before its end arrives, and never buffered', async () => {
    const input = new PassThrough();
    const out: string[] = [];
    const done = serveLines(input, (l) => void out.push(l), { maxLineBytes: 1000 });
    for (let i = 0; i < 50; i++) input.write('y'.repeat(100)); // 5000 bytes, no line break yet
    await vi.waitFor(() => expect(out).toHaveLength(1));
    expect(JSON.parse(out[0]!).error.code).toBe(-32600);
    input.write(`yyy\n${JSON.stringify(request(1, 'ids'))}\n`);
    input.end();
    await done;
    expect(out).toHaveLength(2);
    expect(JSON.parse(out[1]!)).toMatchObject({ id: 1, result: { sessions: [] } });
  });

  test('U+2028 and U+2029 are escaped in responses, so every response is one line for any line reader', async () => {
    const [raw] = await serveRaw([JSON.stringify(request(1, 'a\u2028b\u2029c'))]);
    expect(raw).not.toMatch(/[\u2028\u2029\n\r]/);
    expect(JSON.parse(raw!).error.message).toBe('Method not found: a\u2028b\u2029c');
  });

  test('write may be asynchronous: the next request waits for it, so order holds', async () => {
    const out: string[] = [];
    await serveLines(
      [JSON.stringify(request(1, 'ids')), JSON.stringify(request(2, 'hello')), JSON.stringify(request(3, 'ids'))],
      async (l) => {
        await new Promise((r) => setTimeout(r, JSON.parse(l).id === 1 ? 20 : 0));
        out.push(l);
      },
    );
    expect(out.map((l) => JSON.parse(l).id)).toEqual([1, 2, 3]);
  });

  test('an aborted signal stops the service after the request in hand', async () => {
    const controller = new AbortController();
    const out: string[] = [];
    await serveLines(
      [1, 2, 3].map((i) => JSON.stringify(request(i, 'ids'))),
      (l) => {
        out.push(l);
        controller.abort();
      },
      { signal: controller.signal },
    );
    expect(out).toHaveLength(1);
  });
});
