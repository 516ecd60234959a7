// Property: no input produces unbounded work (DESIGN "Quality bars"). Scenarios whose stationary stacks hold
// hundreds to millions of land units (as many as the validator accepts: HEAD caps no count) are played to their end in a child process
// with a time limit and a memory cap; a run must end within the limit.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { test } from 'vitest';
import { parseScenario, ScenarioError } from '../../src/index.ts';
import { scenarioArb } from './arbitraries.ts';
import { params, runs, seedArb } from './drive.ts';

const NUM_RUNS = runs(1);
const LIMIT_MS = Number(process.env.BOUNDED_LIMIT_MS ?? 10_000);
const ROOT = join(import.meta.dirname, '..', '..');

/** The largest count of one unit type the validator accepts (it may cap them): the property stays within it. */
const MAX_COUNT = (() => {
  const probe = (n: number) => ({
    stacks: [{ space: 'vienna', power: 'hapsburg', regulars: n }],
    impulse: { power: 'hapsburg', cp: 1 },
  });
  try {
    parseScenario(probe(10_000_000));
    return Number.POSITIVE_INFINITY;
  } catch (e) {
    const said =
      e instanceof ScenarioError ? e.issues.map((i) => /at most (\d+)/.exec(i.message)?.[1]).find(Boolean) : undefined;
    return said ? Number(said) : Number.POSITIVE_INFINITY;
  }
})();

test(
  '[DESIGN] a move among stacks of thousands or millions of land units ends within the time limit',
  { timeout: (LIMIT_MS * 3 + 5000) * Math.max(1, NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 100, max: 3000 }), fc.integer({ min: 10_000, max: 1_000_000 })).chain((scale) =>
          scenarioArb({
            scale,
            maxCount: MAX_COUNT,
            ...(scale % 3 === 0 ? {} : { focus: 'defended-fortress' as const }),
          }).map((json) => ({ json, scale })),
        ),
        seedArb,
        ({ json }, seed) => {
          // the child reports the time the move took; the process is killed after three times the limit (startup included)
          const child = spawnSync(
            process.execPath,
            ['--max-old-space-size=512', '--import', 'tsx', join(import.meta.dirname, 'bounded-child.ts')],
            {
              cwd: ROOT,
              input: JSON.stringify({ json, seed }),
              timeout: LIMIT_MS * 3,
              encoding: 'utf8',
              maxBuffer: 1 << 24,
            },
          );
          let ms: number | undefined;
          try {
            ms = (JSON.parse(child.stdout) as { ms: number }).ms;
          } catch {
            ms = undefined;
          }
          const why = child.error
            ? `killed after ${LIMIT_MS * 3} ms: ${child.error.message} (signal ${child.signal})`
            : child.status !== 0
              ? `exit ${child.status} (out of memory?): ${child.stderr.split('\n').slice(0, 8).join('\n')}`
              : ms === undefined || ms > LIMIT_MS
                ? `the move took ${ms} ms`
                : undefined;
          if (why)
            throw new Error(
              `the run did not end within ${LIMIT_MS} ms and 512 MB: ${why}\nseed: ${seed}\nscenario: ${JSON.stringify(json)}`,
            );
        },
      ),
      { ...params(NUM_RUNS), endOnFailure: true },
    );
  },
);
