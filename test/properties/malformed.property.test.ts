// Properties of bad input: a malformed scenario (mutated fields, wrong types, huge numbers, unknown ids, deep
// nesting, long strings, `__proto__` / `constructor` as ids or keys, broken JSON text) makes parseScenario throw
// a ScenarioError listing the problems — never another exception (DESIGN: "no input a host or a user can send
// produces a stack trace, an uncaught exception or unbounded work"). And a scenario the validator accepts, however
// odd its ids, never makes the engine throw.
import fc from 'fast-check';
import { test } from 'vitest';
import { parseScenario, ScenarioError } from '../../src/index.ts';
import { scenarioArb } from './arbitraries.ts';
import { drive, genChooser, params, report, runs, seedArb, timeoutFor } from './drive.ts';

const NUM_RUNS = runs(100);

function deep(depth: number, asObject: boolean): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = asObject ? { a: v } : [v];
  return v;
}

const ODD_IDS = [
  'constructor',
  '__proto__',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'north-sea',
  'atlantis',
  '',
  ' ',
  'Vienna',
  'VIENNA',
  'vienna ',
  'renegade',
  'independent',
  '0',
  '-1',
];

const NASTY: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({
    maxDepth: 3,
    withNullPrototype: true,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
    withBoxedValues: true,
  }),
  fc.constantFrom(
    1e308,
    -1,
    0.5,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 64,
    Number.MAX_VALUE,
    -0,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    null,
    true,
    false,
    [],
    {},
    [[]],
    [null],
    [1, 2, 3],
  ),
  fc.constantFrom(...ODD_IDS),
  fc.integer({ min: 1000, max: 3000 }).map((d) => deep(d, false)),
  fc.integer({ min: 1000, max: 3000 }).map((d) => deep(d, true)),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => Array.from({ length: n }, () => 'vienna')),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constant(JSON.parse('{"__proto__": {"power": "ottoman"}, "constructor": "x"}')),
);

type Path = (string | number)[];

function paths(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object')
    for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...at, k], out);
  return out;
}

function setAt(root: unknown, path: Path, value: unknown, remove: boolean): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown> &
    unknown[];
  if (rest.length === 0 && remove) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head!];
  } else
    Object.defineProperty(copy, head!, {
      value: setAt((root as Record<string | number, unknown>)[head!], rest, value, remove),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

/** Replaces every occurrence of one id (a space, a leader, a power) by another, keys included. */
function renameEverywhere(v: unknown, from: string, to: string): unknown {
  if (v === from) return to;
  if (Array.isArray(v)) return v.map((x) => renameEverywhere(x, from, to));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v))
      Object.defineProperty(out, k === from ? to : k, {
        value: renameEverywhere(x, from, to),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return v;
}

const mutationArb = fc.record({
  kind: fc.nat({ max: 5 }),
  pick: fc.nat(),
  value: NASTY,
  odd: fc.constantFrom(...ODD_IDS),
  cut: fc.nat(),
});

function mutate(json: unknown, m: { kind: number; pick: number; value: unknown; odd: string; cut: number }): unknown {
  const all = paths(json);
  const path = all[m.pick % all.length]!;
  switch (m.kind) {
    case 0:
      return setAt(json, path, m.value, false);
    case 1:
      return path.length > 0 ? setAt(json, path, undefined, true) : json;
    case 2: {
      // rename an id (a string leaf) everywhere
      const strings = all
        .map((p) => p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], json))
        .filter((x): x is string => typeof x === 'string');
      return strings.length > 0 ? renameEverywhere(json, strings[m.pick % strings.length]!, m.odd) : json;
    }
    case 3: {
      // an extra key on an object
      const objects = all.filter((p) => {
        const v = p.reduce<unknown>((x, k) => (x as Record<string | number, unknown>)[k], json);
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      });
      const p = objects[m.pick % objects.length]!;
      return setAt(json, [...p, m.odd || 'extra'], m.value, false);
    }
    case 4: {
      // broken or odd JSON text
      const text = JSON.stringify(json);
      const k = m.cut % (text.length + 1);
      return [
        text.slice(0, k),
        `\uFEFF${text}`,
        `${text}}`,
        text.replace('"', "'"),
        `${text.slice(0, k)}${String(m.odd)}${text.slice(k)}`,
      ][m.pick % 5];
    }
    default:
      return setAt(json, path, m.value, false);
  }
}

test(
  '[DESIGN] a malformed scenario makes parseScenario throw only ScenarioError',
  { timeout: timeoutFor(NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb(), mutationArb, (json, m) => {
        const bad = mutate(json, m);
        for (const input of [bad, typeof bad === 'string' ? bad : safeStringify(bad)]) {
          if (input === undefined) continue;
          try {
            parseScenario(input);
          } catch (e) {
            if (!(e instanceof ScenarioError))
              throw new Error(
                `parseScenario threw ${(e as Error)?.name}: ${(e as Error)?.message}\nmutation: ${describe(m)}\ninput: ${preview(input)}\n${(e as Error)?.stack?.split('\n').slice(0, 6).join('\n')}`,
              );
          }
        }
      }),
      params(NUM_RUNS),
    );
  },
);

test(
  '[DESIGN] a scenario the validator accepts never makes the engine throw, whatever its ids',
  { timeout: timeoutFor(NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb({ specialIds: true, inlineShare: 1 }), seedArb, fc.gen(), (json, seed, g) => {
        const run = drive(json, genChooser(g), { seed, illegal: 10, unlisted: 10, invariants: false, oracles: false });
        if (run.violations.some((v) => v.check === 'exception'))
          throw new Error(report(run, (v) => v.check === 'exception'));
      }),
      params(Math.max(1, Math.round(NUM_RUNS / 3))),
    );
  },
);

function safeStringify(v: unknown): string | undefined {
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x));
  } catch {
    return undefined;
  }
}

function preview(v: unknown): string {
  const s = typeof v === 'string' ? v : (safeStringify(v) ?? String(v));
  return s.length > 1500 ? `${s.slice(0, 1500)}… (${s.length} characters)` : s;
}

function describe(m: { kind: number; pick: number; value: unknown; odd: string }): string {
  return JSON.stringify({
    kind: ['replace', 'delete', 'rename id', 'extra key', 'text', 'replace'][m.kind],
    pick: m.pick,
    odd: m.odd,
    value: preview(m.value).slice(0, 200),
  });
}
