// What `his odds` and `his explore` print when a bound stops them (src/cli/limits.ts): the limit, the work done and
// what to raise — never a table of 0 % that reads like an answer — and what `--find` prints with every answer: a dice
// weight summed over answer paths, not a percentage above 100 (src/cli/review.ts matchWeight).
import { describe, expect, test } from 'vitest';
import { stoppedEarly } from '../../src/cli/limits.ts';
import type { ExploreReport } from '../../src/review/explore.ts';
import { fraction, ZERO } from '../../src/review/fraction.ts';
import { his } from '../helpers/cli.ts';

const VIENNA = 'examples/vienna-1517.json';
const SMALL = 'examples/withdrawal-turned-back.json';

/** The percentages a command printed. */
const percentages = (text: string) => [...text.matchAll(/(\d+(?:\.\d+)?) %/g)].map((m) => Number(m[1]));

describe('his odds stopped by a bound', () => {
  test.for([
    ['--max-nodes', '5'],
    ['--max-paths', '3'],
    ['--max-ms', '1'],
  ] as const)(
    '%s %s before any outcome: says which limit, how much was expanded and what to raise; no 0 %% table',
    ([option, value]) => {
      const r = his('odds', VIENNA, '--policy', 'eager', option, value);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`STOPPED EARLY by ${option} ${value}, after expanding `);
      expect(r.stdout).toMatch(/after expanding \d+ distinct states? and reaching the end of \d+ paths?/);
      expect(r.stdout).toContain('no probabilities and no outcomes to report');
      expect(r.stdout).toContain(`raise ${option} (now ${value}; at most `);
      expect(r.stdout).not.toContain('%');
      expect(r.stdout).not.toContain('add up to 0');
      expect(r.stdout).not.toContain('Outcomes (end positions)');
    },
  );

  test('--json adds the limit that stopped it and the states expanded, and keeps its fields', () => {
    const r = his('odds', VIENNA, '--max-nodes', '5', '--json');
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      ok: true,
      truncated: true,
      truncatedBy: 'maxNodes',
      stoppedAt: { option: '--max-nodes', value: 5 },
      total: '0',
      outcomes: [],
    });
    expect(out.distinctStates).toBeGreaterThan(0);
    expect(Object.keys(out)).toEqual(expect.arrayContaining(['policy', 'paths', 'marginals']));
  });

  test('[13.2 step 2] a run that finishes is unchanged: no STOPPED line, probabilities add up to 1', () => {
    const r = his('odds', VIENNA, '--policy', 'eager');
    expect(r.stdout).toMatch(/^Policy eager: \d+ dice paths, probabilities add up to 1\.\n/);
    expect(r.stdout).toContain(' 41.67 %  interception succeeds  (5/12)');
    expect(r.stdout).not.toContain('STOPPED');
  });
});

describe('his explore stopped by a bound', { timeout: 60_000 }, () => {
  test('--max-nodes before any outcome: the STOPPED line first, no "0 distinct end positions", the rest marked as partial', () => {
    const r = his('explore', VIENNA, '--answers', 'listed', '--max-nodes', '5', '--find', 'true');
    expect(r.code, r.stderr).toBe(0);
    const [first, ...rest] = r.stdout.split('\n');
    expect(first).toMatch(
      /^STOPPED EARLY by --max-nodes 5 \(every listed answer, [\d.]+ s\), after expanding \d+ distinct states/,
    );
    expect(first).toContain('no end positions, chances or --find matches to report');
    expect(first).toContain('raise --max-nodes (now 5; at most 10000000)');
    expect(r.stdout).not.toContain('0 distinct end positions');
    expect(r.stdout).not.toContain('Outcomes matching --find');
    expect(rest.join('\n')).toContain('Invariant violations (in the explored part): 0');
    expect(rest.join('\n')).toContain('States reached (in the explored part):');
  });

  test('--json: stoppedAt {option, value}', () => {
    const out = JSON.parse(his('explore', VIENNA, '--answers', 'listed', '--max-paths', '4', '--json').stdout);
    expect(out).toMatchObject({
      truncated: true,
      truncatedBy: 'maxPaths',
      stoppedAt: { option: '--max-paths', value: 4 },
      endPositions: 0,
    });
  });

  test('a run some of whose parts finished (worker threads) says its figures cover only those parts', () => {
    const report = {
      truncated: true,
      truncatedBy: 'maxNodes',
      distinctStates: 83,
      paths: 839,
      answers: 'listed',
      outcomes: [{}],
      totalProbability: fraction(7, 2),
    } as unknown as ExploreReport;
    const text = stoppedEarly(report, { maxPaths: 1_000_000, maxNodes: 200_000 }, 'nothing');
    expect(text).toBe(
      'STOPPED EARLY by --max-nodes 200000, after expanding 83 distinct states and reaching the end of 839 paths. Only some of its parts finished: what follows covers only those (their dice weight adds up to 7/2). For the whole of it, raise --max-nodes (200000 by default; at most 10000000).',
    );
    const policy = { ...report, answers: 'policy', totalProbability: fraction(1, 3) } as ExploreReport;
    expect(stoppedEarly(policy, { maxPaths: 1_000_000, maxNodes: 200_000 }, 'nothing')).toContain(
      'their chances add up to 1/3, not 1',
    );
    expect(
      stoppedEarly(
        { ...report, truncated: false, truncatedBy: undefined, totalProbability: ZERO } as unknown as ExploreReport,
        { maxPaths: 1, maxNodes: 1 },
        'x',
      ),
    ).toBeUndefined();
  });
});

describe('his explore --find with every answer: a dice weight, not a percentage', { timeout: 60_000 }, () => {
  test('[13.4] the match weight is named for what it is, with its share of the total; no percentage above 100', () => {
    const r = his('explore', SMALL, '--find', 'true');
    expect(r.code, r.stderr).toBe(0);
    const line = r.stdout.split('\n').find((l) => l.startsWith('Outcomes matching --find'))!;
    expect(line).toMatch(
      /over \d+ paths of answers and dice, weighted by dice only and summed over those paths: \d+\/\d+ — a sum over answer paths, not a probability/,
    );
    expect(line).toContain('100.00 % of the same sum over every path');
    expect(percentages(r.stdout).filter((p) => p > 100)).toEqual([]);
    expect(r.stdout).toMatch(/\[dice weight \d+(\/\d+)?; shortest path: \d+ events\]/);
  });

  test('--json keeps matchProbability and adds matchWeighting and the total', () => {
    const out = JSON.parse(his('explore', SMALL, '--find', 'true', '--json').stdout);
    expect(out.matchWeighting).toBe('dice-weight');
    expect(out.matchProbability).toBe(out.total);
    expect(out.matches[0]).toHaveProperty('probability');
  });

  test('[13.4] under a policy it is a probability, with its percentage', () => {
    const r = his('explore', SMALL, '--policy', 'eager', '--find', 'true');
    expect(r.stdout).toMatch(/Outcomes matching --find: \d+ end positions?, probability 1 \(100\.00 %\)/);
    expect(
      JSON.parse(his('explore', SMALL, '--policy', 'eager', '--find', 'true', '--json').stdout).matchWeighting,
    ).toBe('probability');
  });
});
