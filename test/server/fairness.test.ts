// A fair server (docs/server.md "Fairness"): every field of a request is bounded before the expensive work, a line
// has a time budget and a session an event budget, and streams that share one server take turns line by line — so
// while one client sends the worst valid and invalid requests, another client's `pending` is answered after at most
// the line in hand, not after the flood.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { RpcServer, serveLines } from '../../src/server.ts';
import { LIMITS } from '../../src/schema/limits.ts';
import { request, ROOT, serve } from './helpers.ts';

const VIENNA = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'));
const { events: BOOK, name: _n, title: _t, description: _d, ...WORKED } = VIENNA;

/** n one-regular Hapsburg stacks around the destination: n interceptions in a row, the largest valid positions. */
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

const unknownControl = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`nowhere-${i}`, 'ottoman']));

describe('[DESIGN] bounds checked before the work', () => {
  test('a control of more keys than a board has spaces is one problem, found before the schema', async () => {
    const [r] = await serve([
      request(1, 'create', { scenario: { ...WORKED, control: unknownControl(LIMITS.keys + 1) } }),
    ]);
    expect(r!.error!.data.issues).toEqual([
      { path: 'control', message: `an object with ${LIMITS.keys + 1} keys (at most ${LIMITS.keys})` },
    ]);
  });

  test('thousands of problems are listed as the first 99 and one that counts the rest', async () => {
    const [r] = await serve([request(1, 'create', { scenario: { ...WORKED, control: unknownControl(LIMITS.keys) } })]);
    const issues = r!.error!.data.issues as { path: string; message: string }[];
    expect(issues).toHaveLength(LIMITS.issues);
    expect(issues.at(-1)).toEqual({
      path: '',
      message: `and ${(LIMITS.keys - (LIMITS.issues - 1)).toLocaleString('en-US')} more problems`,
    });
  });

  test('a seed or a lang nested 100 000 deep is invalid params, not an internal error', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const field of ['seed', 'lang']) {
      const [r] = await serve([
        `{"jsonrpc":"2.0","id":1,"method":"create","params":{"scenario":{},"${field}":${deep}}}`,
      ]);
      expect(r!.error!.code).toBe(-32602);
    }
  });

  test('a session accepts at most maxSessionEvents events; its save is refused by a server with a lower bound', async () => {
    const rs = await serve(
      [
        request(1, 'create', { scenario: WORKED }),
        ...BOOK.slice(0, 3).map((e: unknown, i: number) => request(2 + i, 'send', { session: 's1', event: e })),
        request(9, 'save', { session: 's1' }),
      ],
      { maxSessionEvents: 2 },
    );
    expect(rs.slice(1, 4).map((r) => r.result.ok)).toEqual([true, true, false]);
    expect(rs[3]!.result.error).toMatchObject({ code: 'limit', limit: { name: 'maxSessionEvents', value: 2 } });
    const [restored] = await serve([request(1, 'restore', { save: rs[4]!.result })], { maxSessionEvents: 1 });
    expect(restored!.error!.code).toBe(-32602);
  });

  test('a restore that replays longer than maxCallMs, and the rest of a batch past it, answer -32001 naming the bound', async () => {
    const [created, ...sent] = await serve([
      request(1, 'create', { scenario: WORKED }),
      ...BOOK.map((e: unknown, i: number) => request(2 + i, 'send', { session: 's1', event: e })),
      request(99, 'save', { session: 's1' }),
    ]);
    expect(created!.result.session).toBe('s1');
    const save = sent.at(-1)!.result;
    const [slow] = await serve([request(1, 'restore', { save })], { maxCallMs: Number.MIN_VALUE });
    expect(slow!.error).toMatchObject({ code: -32001, data: { maxCallMs: Number.MIN_VALUE } });
    const [batch] = await serve([[request(1, 'hello'), request(2, 'hello')]], { maxCallMs: Number.MIN_VALUE });
    expect((batch as unknown as { error: { code: number } }[]).map((r) => r.error.code)).toEqual([-32001, -32001]);
  });

  test('trace answers at most MAX_TRACE_ENTRIES entries a call, with the index to go on from', async () => {
    const rs = await serve([
      request(1, 'create', { scenario: WORKED }),
      request(2, 'trace', { session: 's1', from: 0 }),
    ]);
    expect(rs[1]!.result.next).toBe(rs[1]!.result.entries.length);
  });
});

describe('[DESIGN] two clients of one server take turns, line by line', () => {
  test(
    "while one floods the worst requests, the other's pending waits for at most the line in hand",
    { timeout: 120_000 },
    async () => {
      const server = new RpcServer();
      let aAnswered = 0;
      const waited: number[] = [];
      const worst = [
        request(1, 'create', { scenario: { ...WORKED, control: unknownControl(LIMITS.keys) } }),
        request(2, 'create', { scenario: { ...WORKED, control: unknownControl(LIMITS.keys + 1) } }),
        `{"jsonrpc":"2.0","id":3,"method":"create","params":{"scenario":{},"seed":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`,
        request(4, 'create', { scenario: star(300) }),
        [request(5, 'hello'), request(6, 'ids'), request(7, 'schema', { name: 'scenario' })],
        'x'.repeat(2 * 1024 * 1024),
      ].map((m) => (typeof m === 'string' ? m : JSON.stringify(m)));
      async function* flood() {
        for (let round = 0; round < 4; round++)
          for (const l of worst) {
            yield l;
            await new Promise((next) => setImmediate(next));
          }
      }
      let asked = 0;
      let aAtAsk = 0;
      async function* polite() {
        yield JSON.stringify(request('b0', 'create', { scenario: WORKED }));
        for (let i = 1; i <= 12; i++) {
          await new Promise((next) => setTimeout(next, 5));
          aAtAsk = aAnswered;
          asked = i;
          yield JSON.stringify(request(`b${i}`, 'pending', { session: 's1' }));
        }
      }
      const b: string[] = [];
      await Promise.all([
        serveLines(flood(), () => void aAnswered++, { server }),
        serveLines(
          polite(),
          (l) => {
            b.push(l);
            if (asked > 0) waited.push(aAnswered - aAtAsk);
          },
          { server },
        ),
      ]);
      expect(b).toHaveLength(13);
      for (const l of b.slice(1)) expect(JSON.parse(l).result.pending.kind).toBe('intercept');
      // Each of B's requests was answered after at most the one line of A that was in hand when it came.
      expect(Math.max(...waited)).toBeLessThanOrEqual(1);
      expect(aAnswered).toBe(worst.length * 4);
    },
  );
});
