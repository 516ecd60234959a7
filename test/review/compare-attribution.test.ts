// Attributed ruling diffs (src/review/casebook-compare.ts, `his review --compare … --only-diff`): with several
// alternative readings at once, each changed case says which ruling changes it — alone, each alone, or only the
// combination — and --only-diff prints only what changed.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadCases, type CaseResult } from '../../src/review/casebook.ts';
import { changedByText, combinations, compareCase, compareRuns } from '../../src/review/casebook-compare.ts';
import { his } from '../helpers/cli.ts';

const CASES = join(import.meta.dirname, '..', '..', 'review', 'cases');
const theCase = (id: string) => loadCases(CASES).find((c) => c.id === id)!;

/** A case result with these outcomes: the runs of compareRuns, made by hand. */
const result = (outcomes: Record<string, string>): CaseResult =>
  ({
    id: 'made',
    kind: 'distribution',
    outcomes,
    facts: [],
    violations: [],
    truncated: false,
  }) as unknown as CaseResult;

/** A folder with copies of these cases. */
function casesDir(ids: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'his-compare-'));
  for (const id of ids) cpSync(join(CASES, `${id}.json`), join(dir, `${id}.json`));
  return dir;
}

describe('which ruling changes a case', { timeout: 120_000 }, () => {
  test('[ruling R11] a case only R11 moves is changed by R11, with R7 read the other way beside it', () => {
    const c = compareCase(theCase('attacker-origin-illegal-another-space-legal'), {
      R11: 'alternative',
      R7: 'alternative',
    });
    expect([c.same, c.changedBy, c.byItself]).toEqual([false, ['R11'], ['R11']]);
    expect(c.readings).toEqual(['R11', 'R7', 'R11+R7']);
    // Its end positions under R7 alone are the rulings' own.
    expect(c.outcomes.every((o) => o.values.R7 === o.ruling)).toBe(true);
    expect(c.outcomes.some((o) => o.values.R11 !== o.ruling && o.values['R11+R7'] === o.values.R11)).toBe(true);
  });

  test('[ruling R7] a case only R7 moves is changed by R7', () => {
    const c = compareCase(theCase('both-wiped-out-equal-dice'), { R11: 'alternative', R7: 'alternative' });
    expect([c.changedBy, c.byItself]).toEqual([['R7'], ['R7']]);
    expect(changedByText(c)).toBe('changed by R7');
  });

  test('a change only the combination makes is changed by both, by neither alone', () => {
    const same = result({ a: '1' });
    const runs: Record<string, CaseResult> = { '': same, R11: same, R7: same, 'R11,R7': result({ b: '1' }) };
    const c = compareRuns(['R11', 'R7'], (k) => runs[k.join(',')]!);
    expect([c.same, c.changedBy, c.byItself]).toEqual([false, ['R11', 'R7'], []]);
    expect(changedByText(c)).toBe('changed only by R11 and R7 together');
  });

  test('each alone, and one only on top of the other, are told apart', () => {
    const runs = (all: Record<string, Record<string, string>>) => (k: readonly string[]) => result(all[k.join(',')]!);
    const each = compareRuns(
      ['R11', 'R7'],
      runs({ '': { a: '1' }, R11: { b: '1' }, R7: { c: '1' }, 'R11,R7': { d: '1' } }),
    );
    expect([each.changedBy, each.byItself, changedByText(each)]).toEqual([
      ['R11', 'R7'],
      ['R11', 'R7'],
      'changed by R11 and R7, each alone',
    ]);
    const onTop = compareRuns(
      ['R11', 'R7'],
      runs({ '': { a: '1' }, R11: { b: '1' }, R7: { a: '1' }, 'R11,R7': { c: '1' } }),
    );
    expect(changedByText(onTop)).toBe('changed by R11; and by R7 only together with R11');
  });

  test('three rulings run every combination; more run each alone, all but one and all', () => {
    expect(combinations(['R5', 'R7', 'R11']).map((c) => c.join('+'))).toEqual([
      '',
      'R5',
      'R7',
      'R11',
      'R7+R11',
      'R5+R11',
      'R5+R7',
      'R5+R7+R11',
    ]);
    expect(combinations(['R5', 'R7', 'R11', 'R13'])).toHaveLength(1 + 4 + 4 + 1);
  });
});

describe('his review --compare with several rulings', { timeout: 120_000 }, () => {
  const ids = [
    'attacker-origin-illegal-another-space-legal',
    'both-wiped-out-equal-dice',
    'attacker-wins-but-must-leave',
  ];

  test('[ruling R11, ruling R7] each changed case says which ruling changes it; --only-diff prints only what changed', () => {
    const dir = casesDir(ids);
    const all = his('review', dir, '--compare', 'R11=alternative,R7=alternative');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain(
      '3 cases under the rulings (RULINGS.md) and under R11=alternative, R7=alternative: 2 differ (1 changed by R11, 1 changed by R7).',
    );
    expect(all.stdout).toContain('attacker-origin-illegal-another-space-legal: DIFFERS — changed by R11\n');
    expect(all.stdout).toContain('both-wiped-out-equal-dice: DIFFERS — changed by R7\n');
    expect(all.stdout).toContain('attacker-wins-but-must-leave: same');
    const only = his('review', dir, '--compare', 'R11=alternative,R7=alternative', '--only-diff');
    expect(only.stdout).not.toContain('attacker-wins-but-must-leave');
    // Only the rows some reading changes, each marked.
    const rows = only.stdout.split('\n').filter((l) => / {2}[≠ ] /.test(l) && !l.includes('end position'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => l.startsWith('  ≠ '))).toBe(true);
  });

  test('--json: each changed case with changedBy; --only-diff leaves out the unchanged cases and rows', () => {
    const dir = casesDir(ids);
    const json = JSON.parse(
      his('review', dir, '--compare', 'R11=alternative,R7=alternative', '--only-diff', '--json').stdout,
    );
    expect(json).toMatchObject({ ok: true, cases: 3, differ: 2, changedBy: { R11: 1, R7: 1 } });
    expect(json.comparisons.map((c: { id: string; changedBy: string[] }) => [c.id, c.changedBy])).toEqual([
      ['attacker-origin-illegal-another-space-legal', ['R11']],
      ['both-wiped-out-equal-dice', ['R7']],
    ]);
    for (const c of json.comparisons)
      for (const o of c.outcomes) expect(Object.values(o.values).some((v) => v !== o.ruling)).toBe(true);
  });

  test('--only-diff without --compare is a usage error', () => {
    expect(his('review', casesDir(ids), '--only-diff').code).toBe(1);
  });
});
