// The walkthrough page as a file: every step in it, its data as inline JSON that no scenario string can break out
// of, the statecharts drawn from today's machines, nothing that would make a request, and the committed page of the
// worked example up to date.
import { beforeAll, describe, expect, test } from 'vitest';
import { MACHINES } from '../../src/index.ts';
import { renderDiagram } from '../../src/viz/diagram.ts';
import { escapeHtml, inlineSvg, scriptJson, walkthrough, type Walkthrough } from '../../src/viz/walkthrough/index.ts';
import { html } from '../../src/viz/walkthrough/html.ts';
import { examplePage, isStale } from '../../scripts/walkthrough.ts';
import { HOSTILE_LEADER, HOSTILE_SPACE, HOSTILE_TITLE, hostile, vienna } from './fixtures.ts';

// Rendering the statecharts (Graphviz in WebAssembly) and bundling the script take a few seconds on a loaded machine.
const SLOW = 60_000;

let replay: Walkthrough;
let play: Walkthrough;
let bad: Walkthrough;
beforeAll(async () => {
  replay = await walkthrough(vienna(), { seed: 1 });
  play = await walkthrough(vienna(), { seed: 1, play: true, lang: 'ru' });
  bad = await walkthrough(hostile(), { seed: 2, play: true });
}, SLOW);

/** The text of each <script> element, in order. */
function scripts(page: string): string[] {
  return [...page.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}

function data(page: string): unknown {
  return JSON.parse(/<script type="application\/json" id="wt-data">([\s\S]*?)<\/script>/.exec(page)![1]!);
}

describe('the page of the worked example', () => {
  test('[13.1] holds every step: in the step list and in its data', () => {
    // The page opens on the story: its steps are listed; every step is in the data (the full view lists them all).
    for (const s of replay.model.steps.filter((x) => x.story)) expect(replay.html).toContain(`href="#step=${s.step}"`);
    expect(data(replay.html)).toEqual(JSON.parse(JSON.stringify(replay.model)));
    expect(replay.model.steps).toHaveLength(38);
  });

  test('[14] opens in the language asked, with both languages in it', () => {
    expect(replay.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(play.html).toMatch(/^<!DOCTYPE html>\n<html lang="ru">/);
    // It opens on the story's first step: 14 of the 38 steps are the story.
    expect(play.html).toContain('Шаг <b>1</b> из 14');
    for (const page of [replay.html, play.html]) {
      expect(page).toContain('<div class="diagram" data-lang="en" data-chart="full">');
      expect(page).toContain('<div class="diagram" data-lang="ru" data-chart="full">');
    }
  });

  test(
    '[13.1] its statecharts are drawn from the machines as they are now (never stale), every state findable',
    async () => {
      const inPlay = ['movement', 'interception', 'fieldBattle', 'retreat'];
      for (const lang of ['en', 'ru'] as const) {
        const svg = inlineSvg(await renderDiagram('composed', 'svg', { lang }));
        expect(replay.html).toContain(`<div class="diagram" data-lang="${lang}" data-chart="full">${svg}</div>`);
        // Folded to the procedures the move runs: avoid battle, withdrawal and broken sieges are one state each.
        const folded = inlineSvg(await renderDiagram('composed', 'svg', { lang, inPlay }));
        expect(replay.html).toContain(
          `<div class="diagram" data-lang="${lang}" data-chart="folded" data-machines="${inPlay.join(' ')}">${folded}</div>`,
        );
      }
      const charts = replay.html.slice(replay.html.indexOf('<div class="diagram"'), replay.html.indexOf('<script'));
      for (const [id, machine] of Object.entries(MACHINES))
        for (const state of Object.keys(machine.root.states))
          expect(charts.split(`data-state="${id}.${state}"`).length - 1, `${id}.${state}`).toBe(
            inPlay.includes(id) ? 4 : 2,
          );
      for (const id of ['avoidBattle', 'withdrawal', 'siegeBreak'])
        expect(charts.split(`data-state="${id}"`).length - 1, id).toBe(2);
    },
    SLOW,
  );

  test('[DESIGN] requests nothing: no URL outside the text of its scripts, no element or style that loads anything', () => {
    expect(replay.html).not.toMatch(/https?:\/\//);
    for (const page of [replay.html, play.html]) {
      expect(page).not.toMatch(/<(link|img|iframe|object|embed|audio|video|source|base)\b/i);
      expect(page).not.toMatch(/<script[^>]*\ssrc=/i);
      expect(page).not.toMatch(/\s(src|href|xlink:href|action|poster)\s*=\s*["']?\s*(https?:|\/\/)/i);
      expect(page).not.toMatch(/@import|url\(\s*["']?(https?:|\/\/)/i);
      // What is left of the play page's URLs are string constants of the bundled libraries (JSON Schema ids): text.
      const outsideScripts = page.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '');
      expect(outsideScripts).not.toMatch(/https?:\/\//);
    }
    const urls = [
      ...scripts(play.html)
        .at(-1)!
        .matchAll(/https?:\/\/[^\s"'`]*/g),
    ].map((m) => m[0]);
    for (const u of urls) expect(u).toMatch(/^https?:\/\/(json-schema\.org|\[)/);
  });

  test('[DESIGN] reports its size; the replay page carries no engine, the play page the bundled engine', () => {
    expect(replay.bytes).toBe(Buffer.byteLength(replay.html));
    // Four statecharts: the composed one and the one folded to the procedures in play, in each language (with the
    // relief procedure, the combat-card window, the broken sieges of 14 step 1 inside the field battle and Surprise
    // Attack's states, ruling R28: 1 106 kB for the worked example).
    expect(replay.bytes).toBeLessThan(1_200_000);
    expect(play.bytes).toBeLessThan(2_500_000);
    expect(play.html).toContain('id="wt-scenario"');
    expect(replay.html).not.toContain('id="wt-scenario"');
    console.info(
      `walkthrough page of the worked example: ${replay.bytes} bytes without play mode, ${play.bytes} bytes with it`,
    );
  });

  test(
    '[DESIGN] the committed visualizations/vienna-1517.html is what the code generates now (npm run walkthrough)',
    async () => {
      const page = await examplePage();
      expect(page.model.title.ru).toMatch(/^Вена, 1517/);
      expect(await isStale(page)).toBe(false);
    },
    SLOW,
  );
});

describe('escaping', () => {
  test('[DESIGN] a hostile inline map, leader and title render as text: no markup, no way out of the data element', () => {
    const page = bad.html;
    expect(page).not.toContain(HOSTILE_SPACE);
    expect(page).toContain(escapeHtml(HOSTILE_SPACE));
    expect(page).toContain(escapeHtml(HOSTILE_LEADER));
    expect(page).toContain(`<h1>${escapeHtml(HOSTILE_TITLE)}</h1>`);
    expect(page).not.toMatch(/<img|<b>Co|alert\(2\)<\/script>|<style>body/);
    // Three scripts: the data, the scenario for play mode, the code; none of them ends early.
    expect(scripts(page)).toHaveLength(3);
    expect(JSON.parse(scripts(page)[1]!)).toMatchObject({ seed: 2 });
    expect((data(page) as { title: { en: string } }).title.en).toBe(HOSTILE_TITLE);
  });

  test('[DESIGN] the html tag escapes every value; JSON for a script element has no <, > or &', () => {
    expect(html`<p title="${'" onmouseover="x'}">${'<b>&'}</p>`.text).toBe(
      '<p title="&#34; onmouseover=&#34;x">&#60;b&#62;&#38;</p>',
    );
    expect(scriptJson({ a: '</script><!--&\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028"}');
    expect(JSON.parse(scriptJson({ a: '</script>' }))).toEqual({ a: '</script>' });
  });
});
