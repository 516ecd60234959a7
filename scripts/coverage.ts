// Writes docs/coverage.md (npm run docs:coverage): the testable statements; its machine-coverage section, written
// by scripts/casebook.ts, is kept as it is.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generatedSection, withGeneratedSection } from '../src/review/casebook-run.ts';
import { loadCases } from '../src/review/casebook.ts';
import {
  coverageMarkdown,
  coverageRows,
  rulingRows,
  type CitingCase,
  type SourceFile,
} from '../src/review/coverage.ts';

export const ROOT = join(import.meta.dirname, '..');

export function testSources(): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.test.ts') && e.name !== 'statements.test.ts')
        out.push({ file: relative(ROOT, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(ROOT, 'test'));
  return out;
}

/** The casebook's cases, each with the rules it cites. */
export function citingCases(): CitingCase[] {
  return loadCases(join(ROOT, 'review', 'cases')).map((c) => ({ id: c.id, rules: c.rules }));
}

/** The statements part of docs/coverage.md, with its rulings table. */
export function coveragePage(): string {
  const tests = testSources();
  return coverageMarkdown(coverageRows(tests), rulingRows(tests, citingCases()));
}

if (process.argv[1]?.endsWith('coverage.ts')) {
  const file = join(ROOT, 'docs', 'coverage.md');
  const old = readFileSync(file, 'utf8');
  const section = generatedSection(old);
  const statements = coveragePage();
  writeFileSync(file, section ? withGeneratedSection(statements, section) : statements);
  console.log('docs/coverage.md written');
}
