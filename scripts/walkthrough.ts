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

/** The worked example's title and description in Russian (the scenario file carries the English ones). */
const RU = {
  title: 'Вена, 1517 — пример перехвата и сражения из правил',
  description:
    'Импульс Османов. Сулейман, Ибрагим-паша, 7 регулярных частей и 1 кавалерийская часть идут из Пресбурга в Вену за 1 КО. Карл V и 8 регулярных частей Габсбургов перехватывают их из Граца (8 + 2 − 1 = 9). Полевое сражение: 10 кубиков против 13, 3 попадания против 5. Османы теряют кавалерию и 4 регулярные части и отступают в Пресбург. Пресбург под контролем Османов, Венгрия-Богемия в союзе с Габсбургами — условия, которые пример не оговаривает (RULES.md §6).',
};

/** The page as the code generates it now. */
export async function examplePage(): Promise<Walkthrough> {
  const scenario = parseScenario(readFileSync(EXAMPLE, 'utf8'));
  const { name = '', description = '' } = scenario.data;
  return walkthrough(scenario, {
    seed: 1,
    lang: 'en',
    play: true,
    title: { en: name, ru: RU.title },
    description: { en: description, ru: RU.description },
  });
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
