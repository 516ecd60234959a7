// Writes docs/coverage.md (npm run docs:coverage).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { coverageMarkdown, coverageRows, type SourceFile } from '../src/review/coverage.ts';

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

if (process.argv[1]?.endsWith('coverage.ts')) {
  writeFileSync(join(ROOT, 'docs', 'coverage.md'), coverageMarkdown(coverageRows(testSources())));
  console.log('docs/coverage.md written');
}
