// `npm run coverage:suite`: runs the whole test suite with HIS_SUITE_COVERAGE set (test/setup/suite-coverage.ts),
// merges what each test file's sessions reached, and writes review/suite-coverage.json — the test-suite witness of
// the machine coverage in docs/coverage.md (`npx tsx scripts/casebook.ts` writes that page from it). Not part of
// `npm test` (it is the suite itself); run it after changing the machines or the tests, then the casebook script.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUITE_COVERAGE_FILE, type SuiteCoverage } from '../src/review/machine-coverage.ts';
import { Reached, type ReachedLists } from '../src/review/transitions.ts';

const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'his-suite-coverage-'));
try {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)],
    {
      cwd: ROOT,
      env: { ...process.env, HIS_SUITE_COVERAGE: dir },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (run.status !== 0) {
    console.error('the test suite failed: nothing written');
    process.exitCode = 1;
  } else {
    const parts = readdirSync(dir).filter((f) => f.endsWith('.json'));
    const reached = new Reached();
    for (const f of parts) reached.addLists(JSON.parse(readFileSync(join(dir, f), 'utf8')) as ReachedLists);
    const out: SuiteCoverage = { testFiles: parts.length, ...reached.toLists() };
    writeFileSync(join(ROOT, SUITE_COVERAGE_FILE), `${JSON.stringify(out, null, 1)}\n`);
    console.log(
      `${SUITE_COVERAGE_FILE}: ${parts.length} test files, ${reached.transitions.size} transitions, in ${((performance.now() - started) / 1000).toFixed(0)} s; now run npx tsx scripts/casebook.ts`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
