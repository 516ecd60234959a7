// npm run viz: writes visualizations/ from the machines (Mermaid, DOT and SVG); npm run viz:check: fails if it is
// stale. SVG is rendered offline by Graphviz compiled to WebAssembly (@viz-js/viz), initialised once.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { visualizationFiles } from '../src/viz/diagram.ts';

export const VIZ_DIR = join(import.meta.dirname, '..', 'visualizations');

/** Files of visualizations/ that scripts/walkthrough.ts writes (the walkthrough page, its screenshots): not viz's. */
const FOREIGN = /^(vienna-1517\.html|walkthrough-.*\.png)$/;

/** Files that differ from what the machines generate (missing, changed, or no longer generated). */
export async function staleFiles(expected?: Readonly<Record<string, string>>): Promise<string[]> {
  const files = expected ?? (await visualizationFiles());
  const present = existsSync(VIZ_DIR) ? readdirSync(VIZ_DIR) : [];
  const stale = Object.entries(files)
    .filter(([f, text]) => !present.includes(f) || readFileSync(join(VIZ_DIR, f), 'utf8') !== text)
    .map(([f]) => f);
  return [...stale, ...present.filter((f) => !Object.hasOwn(files, f) && !FOREIGN.test(f))];
}

if (process.argv[1]?.endsWith('viz.ts')) {
  const started = performance.now();
  if (process.argv.includes('--check')) {
    const stale = await staleFiles();
    if (stale.length > 0) {
      console.error(`visualizations/ is stale (run npm run viz): ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log(`visualizations/ is up to date (${Math.round(performance.now() - started)} ms)`);
  } else {
    const files = await visualizationFiles();
    mkdirSync(VIZ_DIR, { recursive: true });
    for (const f of readdirSync(VIZ_DIR)) if (!FOREIGN.test(f)) rmSync(join(VIZ_DIR, f));
    for (const [f, text] of Object.entries(files)) writeFileSync(join(VIZ_DIR, f), text);
    console.log(
      `visualizations/: ${Object.keys(files).length} files written (${Math.round(performance.now() - started)} ms)`,
    );
  }
}
