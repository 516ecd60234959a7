// The casebook (review/cases): every case's answer pinned — its exact distribution under its policy, or its set of
// reachable end positions, and its facts — with no invariant violated; the generated pages up to date; every state
// and guarded transition of every machine reached by some witness; and `his review`'s regression view.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { cmdReview, REVIEW_CHANGED } from '../../src/cli/casebook.ts';
import { processIo, useIo } from '../../src/cli/common.ts';
import {
  casebookDocs,
  CASEBOOK_DOC,
  COVERAGE_DOC,
  runCasebook,
  type CasebookRun,
} from '../../src/review/casebook-run.ts';
import {
  diffCase,
  expectedOf,
  fractionDelta,
  loadCases,
  outcomeLine,
  parseCase,
  savedResults,
} from '../../src/review/casebook.ts';
import { coverageGaps } from '../../src/review/machine-coverage.ts';
import { ResultPositionSchema } from '../../src/schema/result.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Running the casebook, exploring the examples and walking every machine with xstate/graph takes several seconds on
 * an idle 2-core machine: done once for this file, with an explicit timeout and a wide margin for a loaded machine.
 */
const CASEBOOK_TIMEOUT = 240_000;

const cases = loadCases(join(ROOT, 'review', 'cases'));
let run: CasebookRun;

beforeAll(() => {
  run = casebookDocs(ROOT, runCasebook(ROOT));
}, CASEBOOK_TIMEOUT);

describe("the casebook: each case's answer is pinned", () => {
  test('has at least 40 cases, each with a question, its rules and an answer in plain words', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const c of cases) {
      expect(c.question.length, c.id).toBeGreaterThan(20);
      expect(c.rules, c.id).toMatch(/\d|ruling R\d+/);
    }
  });

  test.for(cases.map((c) => [`[${c.rules}] ${c.id}`, c.id] as const))('%s', ([, id]) => {
    const c = cases.find((x) => x.id === id)!;
    const r = run.results.find((x) => x.id === id)!;
    expect(r.error, id).toBeUndefined();
    expect(r.truncated, id).toBe(false);
    expect(r.violations, id).toEqual([]);
    const want = expectedOf(c);
    expect(r.outcomes).toEqual(want.outcomes);
    expect(r.facts).toEqual(want.facts);
    // Under a policy the pinned distribution is a distribution.
    if (c.policy) expect(fractionSum(Object.values(r.outcomes))).toBe('1');
  });

  test(`${CASEBOOK_DOC} and the machine-coverage section of ${COVERAGE_DOC} are up to date (npx tsx scripts/casebook.ts)`, () => {
    for (const [path, text] of Object.entries(run.files))
      expect(readFileSync(join(ROOT, path), 'utf8') === text, `${path} is stale: run npx tsx scripts/casebook.ts`).toBe(
        true,
      );
  });
});

function fractionSum(xs: readonly string[]): string {
  let n = 0n,
    d = 1n;
  for (const x of xs) {
    const [a, b = '1'] = x.split('/');
    n = n * BigInt(b) + BigInt(a!) * d;
    d *= BigInt(b);
  }
  const g = (x: bigint, y: bigint): bigint => (y === 0n ? x : g(y, x % y));
  const k = g(n, d);
  return d / k === 1n ? `${n / k}` : `${n / k}/${d / k}`;
}

describe('machine coverage: every state and guarded transition is reached by a case, an example or an xstate/graph walk', () => {
  test('nothing is left unreached, and every trace step was understood', () => {
    const gaps = coverageGaps(run.coverage);
    expect(gaps).toEqual({ states: [], transitions: [] });
    expect(run.coverage.unresolvedSamples).toEqual([]);
    expect(run.coverage.unresolvedSteps).toBe(0);
  });

  test("[15.3] the siegeBreak machine and the movement machine's breakingSieges* states are reached by the casebook's own traces", () => {
    const siegeBreak = run.coverage.machines.find((m) => m.machine === 'siegeBreak')!;
    expect(siegeBreak.statesByTraces).toEqual(siegeBreak.states);
    const movement = run.coverage.machines.find((m) => m.machine === 'movement')!;
    const breaking = movement.states.filter((s) => s.startsWith('breakingSieges'));
    expect(breaking.length).toBeGreaterThanOrEqual(4);
    const byCases = new Set(run.results.flatMap((r) => [...(r.reached.states.get('movement') ?? [])]));
    for (const s of breaking) expect(byCases.has(s), s).toBe(true);
  });

  test('xstate/graph walked every machine', () => {
    for (const m of run.coverage.machines) expect(m.graphStates, m.machine).toBeGreaterThan(0);
  });
});

describe('his review: what changed since a baseline', () => {
  // The suite's workers keep modules between files (vitest.config.ts): the CLI's streams go back when a test ends.
  afterEach(() => useIo(processIo));
  const io = () => {
    let stdout = '';
    let stderr = '';
    useIo({ out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
    return () => ({ stdout, stderr });
  };

  test('a diff names the outcomes that appeared and vanished and each probability change as an exact fraction', () => {
    const id = run.results[0]!.id;
    const r = run.results[0]!;
    const [first, ...rest] = Object.entries(r.outcomes);
    const before = {
      id,
      kind: r.kind,
      facts: r.facts,
      outcomes: { ...Object.fromEntries(rest), 'gone | cp 0': '1/2', ...(first ? { [first[0]]: '0' } : {}) },
    };
    const d = diffCase(id, before, r);
    expect(d.status).toBe('changed');
    expect(d.removed).toEqual([{ outcome: 'gone | cp 0', value: '1/2' }]);
    if (first && r.kind === 'distribution')
      expect(d.changed).toEqual([{ outcome: first[0], from: '0', to: first[1], delta: fractionDelta('0', first[1]) }]);
    expect(fractionDelta('5/18', '1/3')).toBe('+1/18');
    expect(fractionDelta('1/3', '5/18')).toBe('−1/18');
    expect(fractionDelta('1', '1')).toBe('0');
  });

  // Three runs of two cases: seconds on a loaded machine.
  test(
    'against the pinned answers nothing changed (exit 0); against a tampered baseline the change is printed (exit 5); --write saves a baseline',
    { timeout: 60_000 },
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'his-review-'));
      // A copy of two cases is enough to exercise the command.
      const some = ['telescope-on-avoid', 'automatic-avoid-after-lost-battle'];
      for (const id of some)
        writeFileSync(join(dir, `${id}.json`), readFileSync(join(ROOT, 'review', 'cases', `${id}.json`), 'utf8'));
      let output = io();
      expect(cmdReview([dir])).toBe(0);
      expect(output().stdout).toContain('nothing changed');
      const file = join(dir, '..', `${dir.split('/').pop()}-results.json`);
      output = io();
      expect(cmdReview([dir, '--write', file])).toBe(0);
      const saved = JSON.parse(readFileSync(file, 'utf8'));
      expect(Object.keys(saved.cases).sort()).toEqual(some.sort());
      const line = Object.keys(saved.cases['telescope-on-avoid'].outcomes)[0] as string;
      saved.cases['telescope-on-avoid'].outcomes[line] = '0';
      writeFileSync(file, JSON.stringify(saved));
      output = io();
      expect(cmdReview([dir, '--baseline', file])).toBe(REVIEW_CHANGED);
      expect(output().stdout).toContain('telescope-on-avoid: CHANGED');
      expect(output().stdout).toContain(
        `~ 0 → ${savedResults(run.results).cases['telescope-on-avoid']!.outcomes[line]}`,
      );
      output = io();
      expect(cmdReview([dir, '--baseline', file, '--json'])).toBe(REVIEW_CHANGED);
      expect(JSON.parse(output().stdout)).toMatchObject({
        ok: false,
        changed: 1,
        diffs: [{ id: 'telescope-on-avoid', status: 'changed' }],
      });
    },
  );

  test('a bad case file or results file exits 2; a missing folder too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'his-review-'));
    writeFileSync(join(dir, 'broken.json'), '{ "id": "broken" }');
    let output = io();
    expect(cmdReview([dir])).toBe(2);
    expect(output().stderr).toContain('broken.json');
    output = io();
    expect(cmdReview([join(dir, 'nope')])).toBe(2);
    expect(() =>
      parseCase(
        '{"id":"x","question":"q","rules":"13.1","answer":"a","scenario":{},"policy":"eager","mode":"reachable","expected":{"distribution":{}}}',
      ),
    ).toThrow(/either a policy/);
  });
});

describe('end positions as lines', () => {
  test('stacks with their marks, sieges begun this impulse, captives and CP', () => {
    expect(
      outcomeLine(
        ResultPositionSchema.parse({
          stacks: [
            { space: 'vienna', power: 'hapsburg', regulars: 2, inside: true, leaders: ['ferdinand'] },
            {
              space: 'vienna',
              power: 'ottoman',
              regulars: 3,
              cavalry: 1,
              lostBattle: true,
              attemptedInterception: true,
            },
          ],
          sieges: [{ space: 'vienna', by: ['ottoman'], thisImpulse: true }],
          captured: [{ leader: 'suleiman', by: 'hapsburg' }],
          impulse: { power: 'ottoman', cp: 0 },
        }),
      ),
    ).toBe(
      'vienna hapsburg in 2r [ferdinand]; vienna ottoman 3r 1c lost tried | besieged: vienna by ottoman* | captured: suleiman by hapsburg | cp 0',
    );
  });
});
