// Every testable statement of RULES.md §7 is enforced somewhere and named by a test, or left out by ruling R14.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ALL_RESTRICTIONS } from '../../src/rules/index.ts';
import { STATEMENT_PLACES, STATEMENTS } from '../../src/rules/statements.ts';
import { coverageRows, rulingRows } from '../../src/review/coverage.ts';
import { citingCases, coveragePage, ROOT, testSources } from '../../scripts/coverage.ts';
import { beforeGeneratedSection } from '../../src/review/casebook-run.ts';

const rows = coverageRows(testSources());

describe('RULES.md §7 statements', () => {
  test('lists the 154 statements once each', () => {
    expect(STATEMENTS).toHaveLength(154);
    expect(new Set(STATEMENTS.map((s) => s.id)).size).toBe(154);
  });

  test.for(rows.map((r) => [r.statement.id, r] as const))(
    '%s is enforced by a restriction, a machine step or a rules computation, or left out by ruling R14',
    ([, r]) => {
      expect(r.restrictions.length > 0 || r.place !== undefined).toBe(true);
    },
  );

  test.for(rows.filter((r) => r.inScope).map((r) => [r.statement.id, r] as const))(
    '%s is named by at least one test',
    ([, r]) => {
      expect(r.tests.length).toBeGreaterThan(0);
    },
  );

  test('restrictions and places name only statements that exist', () => {
    const ids = new Set(STATEMENTS.map((s) => s.id));
    for (const r of ALL_RESTRICTIONS) for (const s of r.statements) expect(ids.has(s), `${r.name}: ${s}`).toBe(true);
    for (const id of Object.keys(STATEMENT_PLACES)) expect(ids.has(id), id).toBe(true);
  });

  test('every named restriction is exercised by name in a test (a truth table or a session refusal)', () => {
    const sources = testSources()
      .map((t) => t.text)
      .join('\n');
    const missing = ALL_RESTRICTIONS.map((r) => r.name).filter((name) => !sources.includes(name));
    expect(missing).toEqual([]);
  });

  test.for(rulingRows(testSources(), citingCases()).map((r) => [r.ruling, r] as const))(
    '[%s] is cited by a test and by a casebook case',
    ([, r]) => {
      expect(r.tests, 'test files citing it').not.toEqual([]);
      expect(r.cases, 'casebook cases whose rules cite it').not.toEqual([]);
    },
  );

  test('docs/coverage.md is up to date (npm run docs:coverage)', () => {
    // The statements part; the machine-coverage section after it is the casebook script's (test/review/casebook.test.ts).
    expect(beforeGeneratedSection(readFileSync(join(ROOT, 'docs', 'coverage.md'), 'utf8'))).toBe(coveragePage());
  });
});
