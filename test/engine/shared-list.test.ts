// Issue 20, item 2: a fork shares its origin's trace and log (src/engine/shared-list.ts) instead of copying them. The
// list and every fork of it read as plain arrays that were copied at the fork, whatever either side does afterwards.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession } from '../../src/engine/session.ts';
import { SharedList } from '../../src/engine/shared-list.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const VIENNA = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'));

type Op =
  | { op: 'push'; list: number; value: number }
  | { op: 'truncate'; list: number; to: number }
  | { op: 'fork'; list: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('push' as const), list: fc.nat(7), value: fc.integer() }),
  fc.record({ op: fc.constant('truncate' as const), list: fc.nat(7), to: fc.nat(40) }),
  fc.record({ op: fc.constant('fork' as const), list: fc.nat(7) }),
);

describe('SharedList', () => {
  test('reads as arrays copied at each fork, through pushes, truncations and forks of forks on every side', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 300 }), (ops) => {
        const lists = [new SharedList<number>()];
        const models: number[][] = [[]];
        for (const o of ops) {
          const i = o.list % lists.length;
          if (o.op === 'push') {
            lists[i]!.push(o.value);
            models[i]!.push(o.value);
          } else if (o.op === 'truncate') {
            lists[i]!.truncate(o.to);
            models[i]!.length = Math.min(models[i]!.length, o.to);
          } else {
            lists.push(lists[i]!.fork());
            models.push([...models[i]!]);
          }
          lists.forEach((l, k) => {
            const m = models[k]!;
            expect(l.length).toBe(m.length);
            expect(l.slice()).toEqual(m);
            expect(l.at(m.length - 1)).toBe(m.at(-1));
          });
        }
        lists.forEach((l, k) => {
          const m = models[k]!;
          for (let a = 0; a <= m.length; a += 3) expect(l.slice(a, a + 5)).toEqual(m.slice(a, a + 5));
          expect(l.at(m.length)).toBeUndefined();
        });
      }),
      { numRuns: 200 },
    );
  });

  test('a chain of a thousand forks, each with an item of its own, still reads every item', () => {
    let l = new SharedList<number>();
    for (let i = 0; i < 1000; i++) {
      l.push(i);
      l = l.fork();
    }
    expect(l.length).toBe(1000);
    expect(l.slice()).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(l.at(0)).toBe(0);
    expect(l.at(999)).toBe(999);
  });
});

describe('a fork shares the trace and the log', () => {
  test('a fork and its origin, each sent its own events, keep their own trace, log and undo', () => {
    const s = createSession(parseScenario({ ...VIENNA, events: [] }), { seed: 1 });
    const first = s.pending!.options[0]!.event;
    const f = s.fork();
    const traceBefore = s.trace;
    const logBefore = s.log;
    expect(f.send(first).ok).toBe(true);
    expect(s.trace).toEqual(traceBefore);
    expect(s.log).toEqual(logBefore);
    expect(f.trace.slice(0, traceBefore.length)).toEqual(traceBefore);
    expect(f.log.slice(0, logBefore.length)).toEqual(logBefore);
    expect(f.log.length).toBeGreaterThan(logBefore.length);
    const other = s.pending!.options.at(-1)!.event;
    expect(s.send(other).ok).toBe(true);
    expect(f.trace.slice(0, traceBefore.length)).toEqual(traceBefore);
    // Undo past the fork point in the origin leaves the fork as it was.
    const forkTrace = f.trace;
    const forkLog = f.log;
    expect(s.undo().ok).toBe(true);
    expect(s.trace).toEqual(traceBefore);
    expect(f.trace).toEqual(forkTrace);
    expect(f.log).toEqual(forkLog);
    expect(f.save()).toEqual(f.fork().save());
  });
});
