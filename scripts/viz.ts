// npm run viz: writes visualizations/ from the machines; npm run viz:check: fails if it is stale.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MACHINES } from '../machines/index.ts';
import { visualizationFiles } from '../src/viz/diagram.ts';

export const VIZ_DIR = join(import.meta.dirname, '..', 'visualizations');

/** Files that differ from what the machines generate (missing, changed, or no longer generated). */
export function staleFiles(): string[] {
  const expected = visualizationFiles(MACHINES);
  const present = existsSync(VIZ_DIR) ? readdirSync(VIZ_DIR) : [];
  const stale = Object.entries(expected).filter(([f, text]) => !present.includes(f) || readFileSync(join(VIZ_DIR, f), 'utf8') !== text).map(([f]) => f);
  return [...stale, ...present.filter((f) => !(f in expected))];
}

if (process.argv[1]?.endsWith('viz.ts')) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles();
    if (stale.length > 0) {
      console.error(`visualizations/ is stale (run npm run viz): ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log('visualizations/ is up to date');
  } else {
    mkdirSync(VIZ_DIR, { recursive: true });
    for (const f of readdirSync(VIZ_DIR)) rmSync(join(VIZ_DIR, f));
    for (const [f, text] of Object.entries(visualizationFiles(MACHINES))) writeFileSync(join(VIZ_DIR, f), text);
    console.log(`visualizations/: ${Object.keys(visualizationFiles(MACHINES)).length} files written`);
  }
}
