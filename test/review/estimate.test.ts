// The size estimate (src/review/estimate.ts, `his explore --estimate N`): Knuth's estimator over random descents of the
// explorer's own branches. Exact where every descent meets the same branching (a policy), close to the exhaustive
// count elsewhere, bounded by --max-ms, and refusing a bad script or option as the explorer does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, type Scenario } from '../../src/engine/scenario.ts';
import { estimateSize } from '../../src/review/estimate.ts';
import { explore, ExploreScriptError } from '../../src/review/explore.ts';
import { his } from '../helpers/cli.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const file = (name: string) => join(ROOT, 'examples', name);
const load = (name: string): Scenario => parseScenario({ ...JSON.parse(readFileSync(file(name), 'utf8')), events: [] });

describe('estimateSize (Knuth 1975)', () => {
  test('[14] under the decline policy every descent meets the same dice branching: the exact path count, no error', () => {
    const s = load('vienna-1517.json');
    const exact = explore(s, { decisions: 'decline' });
    const e = estimateSize(s, { decisions: 'decline', samples: 50 });
    expect(e.paths).toBe(exact.paths);
    expect(e.pathsError).toBe(0);
    expect(e.samples).toBe(50);
    expect(e.refused).toBe(0);
    expect(Object.keys(e.branching)).toContain('roll');
  });

  test.each([
    ['vienna-1517.json', 'listed', 400],
    ['defender-retreat-choice.json', 'all', 400],
    ['withdrawal-move-on.json', 'all', 400],
  ] as const)(
    '[13.1–15.3] %s, %s answers, %i descents: the exhaustive counts lie within 3.3 standard errors of the estimate',
    (name, answers, samples) => {
      const s = load(name);
      const exact = explore(s, { answers });
      const e = estimateSize(s, { answers, samples });
      const within = (value: number, mean: number, error: number) => Math.abs(value - mean) <= 3.3 * error + 1e-9;
      expect(
        within(exact.paths, e.paths, e.pathsError),
        `${exact.paths} paths, estimated ${e.paths} ± ${e.pathsError}`,
      ).toBe(true);
      expect(
        within(exact.nodes, e.nodes, e.nodesError),
        `${exact.nodes} nodes, estimated ${e.nodes} ± ${e.nodesError}`,
      ).toBe(true);
      // An estimate that is always right by luck would hide a bias: the samples differ from one another.
      expect(e.pathsError).toBeGreaterThan(0);
    },
    120_000,
  );

  test('the same seed gives the same estimate, another seed another; the defaults are the explorer’s', () => {
    const s = load('vienna-1517.json');
    const a = estimateSize(s, { answers: 'listed', samples: 60, seed: 7 });
    const b = estimateSize(s, { answers: 'listed', samples: 60, seed: 7 });
    const c = estimateSize(s, { answers: 'listed', samples: 60, seed: 8 });
    expect(b.paths).toBe(a.paths);
    expect(c.paths).not.toBe(a.paths);
    // The explorer's defaults: its listed answers unless every legal answer is asked for.
    expect(estimateSize(s, { samples: 60, seed: 7 }).paths).toBe(a.paths);
  });

  test('--max-ms stops the descents: at least one is taken, and the estimate says it was stopped', () => {
    const s = load('vienna-1517.json');
    const e = estimateSize(s, { samples: 1_000_000, maxMs: 50 });
    expect(e.samples).toBeGreaterThanOrEqual(1);
    expect(e.samples).toBeLessThan(1_000_000);
    expect(e.stoppedByTime).toBe(true);
  });

  test.each([
    [{ samples: 0 }, /samples must be a whole number from 1 to 1000000/],
    [{ samples: 1.5 }, /samples must be a whole number/],
    [{ seed: -1 }, /seed must be a whole number/],
    [{ sampels: 5 }, /sampels/],
    [{ answers: 'some' }, /answers must be 'listed' or 'all'/],
  ])('a bad option %j is refused by name before anything runs', (options, message) => {
    expect(() => estimateSize(load('vienna-1517.json'), options as never)).toThrow(message);
  });

  test('[13.2] a scripted event the engine refuses is the explorer’s script error, with its index', () => {
    const s = load('vienna-1517.json');
    expect(() => estimateSize(s, { events: [{ type: 'intercept.declare', power: 'france', from: 'paris' }] })).toThrow(
      ExploreScriptError,
    );
  });
});

describe('his explore --estimate', () => {
  test('prints the estimated paths and tree nodes with their interval, and the branches per decision kind', () => {
    const r = his('explore', file('vienna-1517.json'), '--answers', 'listed', '--estimate', '200');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^Estimated size of the exploration of the listed answers \(Knuth's estimator: 200 random descents, seed 1/,
    );
    expect(r.stdout).toMatch(/complete paths {2}about [\d,]+ \(95 % interval [\d,]+ to [\d,]+\)/);
    expect(r.stdout).toMatch(/Branches per decision on the descents: .*intercept 2\.0 \(200 met\)/);
  });

  test('--json gives the estimate as numbers', () => {
    const r = his('explore', file('vienna-1517.json'), '--policy', 'decline', '--estimate', '20', '--json');
    expect(r.code, r.stderr).toBe(0);
    const { ok, estimate } = JSON.parse(r.stdout) as { ok: boolean; estimate: { paths: number; samples: number } };
    expect([ok, estimate.paths, estimate.samples]).toEqual([true, 18, 20]);
  });

  test.each([
    [['--estimate', '0'], /--estimate must be a whole number from 1 to 1000000, not '0'/],
    [
      ['--estimate', '10', '--find', 'true'],
      /--estimate only estimates the size of the exploration: it takes no --find/,
    ],
    [['--estimate', '10', '--max-paths', '5'], /it takes no --max-paths/],
  ])('%j is a usage error (exit 1), no stack trace', (args, message) => {
    const r = his('explore', file('vienna-1517.json'), ...args);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
