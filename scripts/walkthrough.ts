// npm run walkthrough: writes visualizations/vienna-1517.html, the visual rule walkthrough of the rulebook's worked
// example (with play mode); --check fails when the committed page is stale (the machines, the engine, the notes or
// the page's code changed since it was written). Like scripts/viz.ts, the page is generated, never edited by hand.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenario } from '../src/index.ts';
import { walkthrough, type Walkthrough } from '../src/viz/walkthrough/index.ts';

const ROOT = join(import.meta.dirname, '..');
export const EXAMPLE = join(ROOT, 'examples', 'vienna-1517.json');
export const PAGE = join(ROOT, 'visualizations', 'vienna-1517.html');

/** The page as the code generates it now: the scenario carries its own title and description in both languages. */
export async function examplePage(): Promise<Walkthrough> {
  return walkthrough(parseScenario(readFileSync(EXAMPLE, 'utf8')), { seed: 1, lang: 'en', play: true });
}

/** Whether the committed page differs from what the code generates. */
export async function isStale(page?: Walkthrough): Promise<boolean> {
  const expected = page ?? (await examplePage());
  return !existsSync(PAGE) || readFileSync(PAGE, 'utf8') !== expected.html;
}

if (process.argv[1]?.endsWith('walkthrough.ts')) {
  const started = performance.now();
  const page = await examplePage();
  const ms = () => Math.round(performance.now() - started);
  if (process.argv.includes('--check')) {
    if (await isStale(page)) {
      console.error('visualizations/vienna-1517.html is stale (run npm run walkthrough)');
      process.exit(1);
    }
    console.log(`visualizations/vienna-1517.html is up to date (${ms()} ms)`);
  } else {
    mkdirSync(join(ROOT, 'visualizations'), { recursive: true });
    writeFileSync(PAGE, page.html);
    console.log(`visualizations/vienna-1517.html: ${page.model.steps.length} steps, ${page.bytes} bytes (${ms()} ms)`);
  }
}
