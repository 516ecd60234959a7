// The test-suite witness of the machine coverage (test/setup/suite-coverage.ts, scripts/suite-coverage.ts): with
// HIS_SUITE_COVERAGE set, a test file's sessions report the states and transitions they reached; without it the
// setup does nothing. Run here on one small test file in a child vitest.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  beforeGeneratedSection,
  generatedSection,
  GENERATED_END,
  GENERATED_START,
  withGeneratedSection,
} from '../../src/review/casebook-run.ts';
import type { ReachedLists } from '../../src/review/transitions.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'his-suite-coverage-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Generous: a child vitest on a loaded machine. */
const CHILD_TIMEOUT = 180_000;

describe('machine coverage by the test suite', () => {
  test(
    '[13.1] a test file that drives sessions reports the movement states and guarded transitions its sessions took',
    () => {
      const run = spawnSync(
        process.execPath,
        [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'test/engine/subscribe.test.ts'],
        {
          cwd: ROOT,
          env: { ...process.env, HIS_SUITE_COVERAGE: dir },
          encoding: 'utf8',
        },
      );
      expect(run.status, run.stdout + run.stderr).toBe(0);
      const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
      expect(files).toHaveLength(1);
      const c = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8')) as ReachedLists;
      expect(c.states['movement']).toEqual(expect.arrayContaining(['checkingDeclaration', 'intercepting', 'done']));
      expect(c.states['interception']).toEqual(expect.arrayContaining(['awaitingInterception']));
      expect(c.transitions).toEqual(expect.arrayContaining(['movement|checkingDeclaration|always|0']));
    },
    CHILD_TIMEOUT,
  );

  test('docs/coverage.md keeps the statements part and the machine-coverage section apart', () => {
    const statements = '# Statements\n\ntable\n';
    const once = withGeneratedSection(statements, 'figures 1');
    expect(once).toBe(`# Statements\n\ntable\n\n${GENERATED_START}\n\nfigures 1\n\n${GENERATED_END}\n`);
    expect(generatedSection(once)).toBe('figures 1');
    expect(generatedSection('# Statements\n')).toBe('');
    expect(beforeGeneratedSection(once)).toBe(statements);
    const twice = withGeneratedSection(once, 'figures 2');
    expect(twice).toContain('figures 2');
    expect(twice).not.toContain('figures 1');
    expect(beforeGeneratedSection(twice)).toBe(statements);
  });
});
