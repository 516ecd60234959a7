// The walkthrough as a teacher uses it, in chromium: the story and the full view, each headline on its own state,
// the statechart folded to the procedures in play with the current state in view, panned and zoomed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advise, createSession, parseScenario, resolve, type Scenario } from '../../src/index.ts';
import type { StepView } from '../../src/viz/walkthrough/index.ts';
import { mapLegend, mapSvg } from '../../src/viz/walkthrough/map.ts';
import { replayModel } from '../../src/viz/walkthrough/model.ts';
import { STYLE } from '../../src/viz/walkthrough/style.ts';
import { busy, ROOT, vienna } from '../walkthrough/fixtures.ts';
import { examplePage } from '../../scripts/walkthrough.ts';
import { current, launch, LAUNCH_MS, open, SHOTS, SKIP, TEST_MS } from './chromium.ts';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** How far the page is wider than the screen (0: no horizontal scroll), and the widest element that sticks out. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let worst = '';
    let most = 0;
    for (const el of document.querySelectorAll<HTMLElement>('#wt-header *, main *')) {
      if (el.closest('.diagram, #wt-chart-view')) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right - width > most) {
        most = r.right - width;
        worst = `${el.tagName.toLowerCase()}.${el.className}`;
      }
    }
    return { scroll: document.documentElement.scrollWidth - width, most: Math.round(most), worst };
  });
}

/** PDF pages in a PDF file (each page object is /Type /Page). */
function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

let browser: Browser;
let dir: string;
let exampleFile: string;
let steps: readonly StepView[];
let mapsFile: string;
let mapCount = 0;

/**
 * Every board of every example (under both policies) and of the busy scenario, in both languages, drawn as the page
 * draws it, each with the legend: one page for the map tests.
 */
function allMaps(): string {
  const scenarios: [string, Scenario][] = [
    ...readdirSync(join(ROOT, 'examples'))
      .filter((f) => f.endsWith('.json'))
      .map((f): [string, Scenario] => [f, parseScenario(readFileSync(join(ROOT, 'examples', f), 'utf8'))]),
    ['busy', busy()],
  ];
  const parts: string[] = [];
  for (const [name, scenario] of scenarios)
    for (const policy of ['decline', 'eager'] as const) {
      const events = resolve(scenario, { seed: 3, policy }).session.save().events;
      const m = replayModel(scenario, events, { seed: 3 });
      m.boards.forEach((board, i) => {
        for (const lang of ['en', 'ru'] as const) {
          const map = m.maps[board.map];
          parts.push(
            `<div class="case" data-case="${name} ${policy} board ${i} ${lang}">${mapSvg(m, map, board, lang).text}${mapLegend(lang).text}</div>`,
          );
          mapCount++;
        }
      });
    }
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><style>${STYLE} svg.map { width: 640px; }</style></head><body data-ready="true">${parts.join('\n')}</body></html>`;
}

beforeAll(async () => {
  if (SKIP) return;
  dir = mkdtempSync(join(tmpdir(), 'his-teacher-'));
  exampleFile = join(dir, 'vienna-1517.html');
  const example = await examplePage();
  writeFileSync(exampleFile, example.html);
  steps = example.model.steps;
  mapsFile = join(dir, 'maps.html');
  writeFileSync(mapsFile, allMaps());
  browser = await launch();
}, LAUNCH_MS);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The current state's box and the chart pane's box, in the viewport. */
function chartBoxes(page: Page) {
  return page.evaluate(() => {
    const chart = document.body.dataset.chart;
    const lang = document.documentElement.lang;
    const node = document.querySelector(`.diagram[data-lang="${lang}"][data-chart="${chart}"] g.wt-current`);
    const pane = document.getElementById('wt-chart-view')!.getBoundingClientRect();
    const r = node?.getBoundingClientRect();
    const transform = getComputedStyle(
      document.querySelector<HTMLElement>(`.diagram[data-lang="${lang}"][data-chart="${chart}"]`)!,
    ).transform;
    return {
      pane: { x: pane.x, y: pane.y, w: pane.width, h: pane.height },
      node: r ? { x: r.x, y: r.y, w: r.width, h: r.height } : null,
      transform,
      chart,
    };
  });
}

function inside(node: { x: number; y: number; w: number; h: number }, pane: typeof node): boolean {
  return (
    node.x >= pane.x && node.y >= pane.y && node.x + node.w <= pane.x + pane.w && node.y + node.h <= pane.y + pane.h
  );
}

describe.skipIf(SKIP)('the walkthrough as a teacher uses it', () => {
  test(
    '[13.1] the story by default: only the steps a player notices, each with its rule; Next walks them; every state on the switch',
    async () => {
      const { page, problems } = await open(browser, exampleFile, '', LAPTOP);
      const story = steps.filter((s) => s.story);
      expect(story.map((s) => s.step)).toEqual([2, 7, 8, 9, 13, 17, 19, 20, 22, 24, 26, 28, 31, 38]);
      expect(await page.locator('#wt-steps li').count()).toBe(story.length);
      for (let i = 0; i < story.length; i++) {
        const s = story[i]!;
        const seen = await current(page);
        expect(seen.view).toBe('story');
        // Each headline on the state where it happens, as the data says (test/walkthrough/model.test.ts pins them).
        expect(seen.stepState, `story step ${i + 1}`).toBe(s.stateId);
        expect(seen.headline).toBe(s.note.en);
        expect(seen.counter).toBe(`Step ${i + 1} of ${story.length}`);
        expect(seen.hash).toBe(`#step=${s.step}&lang=en`);
        expect(await page.textContent('#wt-step .rule')).toContain(s.rule.split(' ')[0]!);
        expect(await page.locator('#wt-step table.guards').count()).toBe(0);
        if (i < story.length - 1) await page.click('#wt-next');
      }
      expect(await page.locator('#wt-next').isDisabled()).toBe(true);
      // "Every state": the same step, with the conditions checked and how the machine goes on; 38 steps listed.
      await page.goto(`${(await page.url()).split('#')[0]}#step=22&lang=en`);
      await page.click('button[data-act="view"][data-view="full"]');
      expect(await current(page)).toMatchObject({ view: 'full', stepState: 'fieldBattle.decidingWinner' });
      expect(await page.locator('#wt-steps li').count()).toBe(steps.length);
      expect(await page.textContent('#wt-step .trigger')).toMatch(/Next: .*Who chooses losses\?/);
      await page.keyboard.press('ArrowRight');
      expect((await current(page)).stepState).toBe('fieldBattle.choosingCasualties');
      expect(await page.locator('#wt-step .guards-block').count()).toBe(1);
      // Back to the story from a state it leaves out: the story step before it.
      await page.click('button[data-act="view"][data-view="story"]');
      expect(await current(page)).toMatchObject({ view: 'story', stepState: 'fieldBattle.decidingWinner' });
      // A link to a state the story leaves out opens every state.
      await page.goto(`${(await page.url()).split('#')[0]}#step=23&lang=en`);
      expect(await current(page)).toMatchObject({ view: 'full', stepState: 'fieldBattle.choosingCasualties' });
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );

  test(
    '[13.1] the chart is folded to the procedures in play, in view at 1366 × 768, and the current state stays in its pane',
    async () => {
      const { page, problems } = await open(browser, exampleFile, '', LAPTOP);
      const first = await chartBoxes(page);
      expect(first.chart).toBe('folded');
      // Above the fold, and tall enough to read.
      expect(first.pane.y + first.pane.h).toBeLessThanOrEqual(LAPTOP.height);
      expect(first.pane.h).toBeGreaterThanOrEqual(220);
      const folded = await page.evaluate(() =>
        [...document.querySelectorAll('.diagram[data-lang="en"][data-chart="folded"] g.state.folded')].map((g) =>
          g.getAttribute('data-state'),
        ),
      );
      // The procedures the worked example never enters, the relief force (15.2) among them.
      expect(folded.sort()).toEqual(['avoidBattle', 'relief', 'siegeBreak', 'withdrawal']);
      // Every step of the story, and every state: the current one is inside the pane, at a legible scale.
      for (const view of ['story', 'full'] as const) {
        if (view === 'full') await page.click('button[data-act="view"][data-view="full"]');
        await page.keyboard.press('Home');
        const count = view === 'story' ? steps.filter((s) => s.story).length : steps.length;
        for (let i = 0; i < count; i++) {
          const b = await chartBoxes(page);
          expect(b.node, `${view} ${i}`).not.toBeNull();
          expect(inside(b.node!, b.pane), `${view} step ${i + 1}: ${JSON.stringify(b)}`).toBe(true);
          await page.keyboard.press('ArrowRight');
        }
      }
      // Every procedure: the whole chart, the current state still marked and in view.
      await page.click('button[data-act="chart"][data-chart="full"]');
      const all = await chartBoxes(page);
      expect(all.chart).toBe('full');
      expect(inside(all.node!, all.pane)).toBe(true);
      await page.click('button[data-act="chart"][data-chart="folded"]');
      expect((await chartBoxes(page)).chart).toBe('folded');
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );

  test(
    '[13.1] the chart pans by dragging, zooms with the buttons, Ctrl + wheel and a pinch, fits, and comes back',
    async () => {
      const { page, problems } = await open(browser, exampleFile, '#step=19', LAPTOP);
      const matrix = async () => {
        const t = (await chartBoxes(page)).transform;
        const [k, , , , x, y] = (/matrix\(([^)]*)\)/.exec(t)?.[1] ?? '1,0,0,1,0,0').split(',').map(Number);
        return { k: k!, x: x!, y: y! };
      };
      const start = await matrix();
      const pane = (await chartBoxes(page)).pane;
      const mid = { x: pane.x + pane.w / 2, y: pane.y + pane.h / 2 };
      await page.mouse.move(mid.x, mid.y);
      await page.mouse.down();
      await page.mouse.move(mid.x - 120, mid.y - 80, { steps: 4 });
      await page.mouse.up();
      const dragged = await matrix();
      expect(Math.round(dragged.x - start.x)).toBe(-120);
      expect(Math.round(dragged.y - start.y)).toBe(-80);
      expect(dragged.k).toBe(start.k);
      await page.click('button[data-act="zoom"][data-zoom="1"]');
      expect((await matrix()).k).toBeCloseTo(start.k * 1.25, 5);
      await page.click('button[data-act="zoom"][data-zoom="-1"]');
      expect((await matrix()).k).toBeCloseTo(start.k, 5);
      // A pinch: two touch points moving apart zoom in around their midpoint.
      const before = (await matrix()).k;
      await page.evaluate(
        ({ x, y }) => {
          const box = document.getElementById('wt-chart-view')!;
          const fire = (type: string, id: number, px: number) =>
            box.dispatchEvent(
              new PointerEvent(type, { pointerId: id, clientX: px, clientY: y, bubbles: true, pointerType: 'touch' }),
            );
          fire('pointerdown', 1, x - 20);
          fire('pointerdown', 2, x + 20);
          fire('pointermove', 2, x + 60);
          fire('pointerup', 1, x - 20);
          fire('pointerup', 2, x + 60);
        },
        { x: mid.x, y: mid.y },
      );
      expect((await matrix()).k).toBeCloseTo(before * 2, 1);
      await page.mouse.move(mid.x, mid.y);
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -300);
      await page.keyboard.up('Control');
      expect((await matrix()).k).toBeGreaterThan(before * 2 * 1.5);
      // The whole chart fits the pane; "back to the current state" centres it again.
      await page.click('button[data-act="fit"]');
      const fitted = await page.evaluate(() => {
        const chart = document.body.dataset.chart;
        const svg = document.querySelector(`.diagram[data-lang="en"][data-chart="${chart}"] svg`)!;
        const r = svg.getBoundingClientRect();
        const p = document.getElementById('wt-chart-view')!.getBoundingClientRect();
        return { r: { x: r.x, y: r.y, w: r.width, h: r.height }, p: { x: p.x, y: p.y, w: p.width, h: p.height } };
      });
      expect(fitted.r.x).toBeGreaterThanOrEqual(fitted.p.x - 1);
      expect(fitted.r.y).toBeGreaterThanOrEqual(fitted.p.y - 1);
      expect(fitted.r.x + fitted.r.w).toBeLessThanOrEqual(fitted.p.x + fitted.p.w + 1);
      expect(fitted.r.y + fitted.r.h).toBeLessThanOrEqual(fitted.p.y + fitted.p.h + 1);
      await page.click('button[data-act="zoom"][data-zoom="1"]');
      await page.click('button[data-act="follow"]');
      const back = await chartBoxes(page);
      expect(inside(back.node!, back.pane)).toBe(true);
      const centre = { x: back.node!.x + back.node!.w / 2, y: back.node!.y + back.node!.h / 2 };
      expect(Math.abs(centre.x - (back.pane.x + back.pane.w / 2))).toBeLessThan(2);
      expect(Math.abs(centre.y - (back.pane.y + back.pane.h / 2))).toBeLessThan(2);
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );

  test(
    '[DESIGN] no horizontal scroll at 390 × 844 and 1366 × 768, in both languages, in replay and play, on every step',
    async () => {
      for (const size of [PHONE, LAPTOP])
        for (const lang of ['en', 'ru'] as const) {
          const { page, problems } = await open(browser, exampleFile, `#step=1&lang=${lang}&view=full`, size);
          for (const mode of ['replay', 'play'] as const) {
            if (mode === 'play') {
              await page.click('button[data-act="mode"][data-mode="play"]');
              // Play the rulebook's answers, checking every step the play adds.
              for (const dice of ['3 5', '6 5 5 4 3 2 1 1 2 3', '6 6 5 5 5 4 4 3 3 2 2 1 1']) {
                if (!(await page.locator('.play[data-kind="roll"]').count()))
                  await page.click('.play-options button >> nth=0');
                expect(await overflow(page), `${size.width} ${lang} play`).toMatchObject({ scroll: 0, most: 0 });
                await page.fill('input[name="dice"]', dice);
                await page.click('.dice-form button[type="submit"]');
              }
              await page.keyboard.press('Home');
            }
            const count = await page.locator('#wt-steps li').count();
            for (let i = 0; i < count; i++) {
              const o = await overflow(page);
              expect(o, `${size.width} ${lang} ${mode} step ${i + 1}`).toMatchObject({ scroll: 0, most: 0 });
              await page.keyboard.press('ArrowRight');
            }
          }
          if (size === PHONE) {
            // Touch-sized: every control a finger hits is at least 44 px high.
            const small = await page.evaluate(() =>
              [...document.querySelectorAll<HTMLElement>('button, select, input[type="number"], .step-list a, summary')]
                .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
                .map((el) => `${el.tagName} ${el.textContent?.trim().slice(0, 20)}`),
            );
            expect(small).toEqual([]);
          }
          expect(problems).toEqual([]);
          await page.close();
        }
    },
    TEST_MS * 2,
  );

  test(
    '[DESIGN] print: a step on one A4 page, without controls, in colour; the whole story as a handout',
    async () => {
      const { page, problems } = await open(browser, exampleFile, '', LAPTOP);
      // Headless chromium cannot show a print dialog: count the calls, and print to PDF instead.
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void (window as unknown as { printed: number }).printed++;
      });
      for (const view of ['story', 'full'] as const) {
        if (view === 'full') await page.click('button[data-act="view"][data-view="full"]');
        await page.keyboard.press('Home');
        const count = await page.locator('#wt-steps li').count();
        for (let i = 0; i < count; i++) {
          await page.click('button[data-act="print"][data-print="step"]');
          const state = (await current(page)).stepState;
          expect(pdfPages(await page.pdf({ format: 'A4' })), `${view} ${state}`).toBe(1);
          await page.keyboard.press('ArrowRight');
        }
      }
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(
        steps.length + steps.filter((s) => s.story).length,
      );
      await page.emulateMedia({ media: 'print' });
      const printed = await page.evaluate(() => {
        const hidden = (sel: string) =>
          [...document.querySelectorAll<HTMLElement>(sel)].every((el) => getComputedStyle(el).display === 'none');
        return {
          controls: hidden('.top .controls') && hidden('#wt-steps') && hidden('.chart-tools') && hidden('.export'),
          colours: getComputedStyle(document.querySelector('.note')!).printColorAdjust,
          shown: ['#wt-step', '#wt-map svg.map', '#wt-chart-view'].map(
            (sel) => getComputedStyle(document.querySelector(sel)!).display,
          ),
        };
      });
      expect(printed.controls).toBe(true);
      expect(printed.colours).toBe('exact');
      expect(printed.shown).not.toContain('none');
      await page.emulateMedia({ media: 'screen' });
      // The story as a handout: every story step in order, its headline and its map, in Russian too.
      await page.click('button[data-act="lang"][data-lang="ru"]');
      await page.click('button[data-act="print"][data-print="story"]');
      const handout = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('#wt-handout .handout-step')].map((a) => ({
          state: a.dataset.stepState,
          note: a.querySelector('.note')?.textContent,
          map: a.querySelectorAll('svg.map').length,
        })),
      );
      const story = steps.filter((s) => s.story);
      expect(handout).toEqual(story.map((s) => ({ state: s.stateId, note: s.note.ru, map: 1 })));
      const pages = pdfPages(await page.pdf({ format: 'A4' }));
      expect(pages).toBeGreaterThan(1);
      expect(pages).toBeLessThanOrEqual(story.length);
      await page.emulateMedia({ media: 'print' });
      expect(
        await page.evaluate(() => ({
          page: getComputedStyle(document.querySelector('main.layout')!).display,
          handout: getComputedStyle(document.getElementById('wt-handout')!).display,
          unbroken: getComputedStyle(document.querySelector('.handout-step')!).breakInside,
        })),
      ).toEqual({ page: 'none', handout: 'block', unbroken: 'avoid' });
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS * 2,
  );

  test(
    '[DESIGN] the map and the chart of the step on screen export as SVG (with their styles and marks) and PNG',
    async () => {
      const { page, problems } = await open(browser, exampleFile, '#step=8', LAPTOP);
      const saved: Record<string, Buffer> = {};
      for (const what of ['map', 'chart'] as const)
        for (const format of ['svg', 'png'] as const) {
          const download = page.waitForEvent('download');
          await page.click(`button[data-act="export"][data-what="${what}"][data-format="${format}"]`);
          const d = await download;
          expect(d.suggestedFilename()).toBe(`vienna-1517-the-rulebook-s-interception-step-8-${what}.${format}`);
          saved[`${what}.${format}`] = readFileSync((await d.path())!);
        }
      const map = saved['map.svg']!.toString('utf8');
      expect(map).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" class="map"/);
      expect(map).toContain('<style>svg.map {');
      expect(map).toContain('data-kind="interception"');
      const chart = saved['chart.svg']!.toString('utf8');
      expect(chart).toMatch(
        /<g [^>]*class="node state roll wt-visited wt-current"[^>]*data-state="interception\.rollingInterception"/,
      );
      expect(chart).toContain('g.wt-current &gt; polygon');
      // PNG: the signature, and the size (the map at twice its size; the chart scaled to at most 16 million pixels).
      const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
      for (const png of [saved['map.png']!, saved['chart.png']!])
        expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(size(saved['map.png']!)).toEqual([1280, 1040]);
      const [w, h] = size(saved['chart.png']!);
      expect(w! * h!).toBeLessThanOrEqual(16_000_000);
      expect(w!).toBeGreaterThan(2000);
      // Each SVG opens on its own in the browser, as drawn.
      for (const file of ['map.svg', 'chart.svg']) {
        const path = join(dir, file);
        writeFileSync(path, saved[file]!);
        const svg = await browser.newPage();
        await svg.goto(`file://${path}`);
        expect(await svg.evaluate(() => document.documentElement.tagName)).toBe('svg');
        // Its own stylesheet draws it: the current state red, the roads of the map grey.
        const stroke = await svg.evaluate(() => {
          const el = document.querySelector('g.wt-current > polygon, g.wt-current > path, line.road');
          return el ? getComputedStyle(el).stroke : null;
        });
        expect(stroke).toBe(file === 'chart.svg' ? 'rgb(220, 38, 38)' : 'rgb(148, 163, 184)');
        await svg.close();
      }
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );

  test(
    '[13.1] a true map on every board of the examples and of a busy scenario: no label over another or over a space, every counter by its own space, the lines as the legend draws them',
    async () => {
      const { page, problems } = await open(browser, mapsFile, '', { width: 1400, height: 900 });
      const report = await page.evaluate(() => {
        const failures: string[] = [];
        const union = (els: Element[]) => {
          const rs = els.map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
          if (rs.length === 0) return null;
          const x = Math.min(...rs.map((r) => r.left));
          const y = Math.min(...rs.map((r) => r.top));
          return { x, y, w: Math.max(...rs.map((r) => r.right)) - x, h: Math.max(...rs.map((r) => r.bottom)) - y };
        };
        type B = { x: number; y: number; w: number; h: number };
        const cover = (a: B, b: B) =>
          Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
          Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
        let labels = 0;
        for (const c of document.querySelectorAll<HTMLElement>('.case')) {
          const name = c.dataset.case;
          const svg = c.querySelector('svg.map')!;
          const frame = svg.getBoundingClientRect();
          // A label is what it draws, without the line that ties it to its space.
          const boxes = [...svg.querySelectorAll('.label')].map((l) => ({
            what: `${l.getAttribute('class')} ${l.getAttribute('data-space') ?? l.getAttribute('data-from') ?? ''}`,
            el: l,
            box: union([...l.children].filter((x) => !x.classList.contains('tether'))),
          }));
          labels += boxes.length;
          const spaces = [...svg.querySelectorAll('g.space')].map((g) => ({
            id: g.getAttribute('data-space')!,
            box: union([...g.querySelectorAll('rect, circle')].filter((x) => !x.classList.contains('ring')))!,
          }));
          for (let i = 0; i < boxes.length; i++) {
            const a = boxes[i]!;
            if (!a.box) continue;
            if (a.box.x < frame.left - 0.5 || a.box.x + a.box.w > frame.right + 0.5 || a.box.y < frame.top - 0.5)
              failures.push(`${name}: ${a.what} outside the map`);
            for (let j = i + 1; j < boxes.length; j++) {
              const b = boxes[j]!;
              if (b.box && cover(a.box, b.box) > 0.5) failures.push(`${name}: ${a.what} over ${b.what}`);
            }
            for (const s of spaces) if (cover(a.box, s.box) > 0.5) failures.push(`${name}: ${a.what} over ${s.id}`);
          }
          // Each counter by its own space: the nearest space, or tied to it by its line.
          for (const counter of svg.querySelectorAll('g.counter:not(.transit), g.fallen')) {
            const own = counter.getAttribute('data-space');
            const box = union([...counter.children].filter((x) => !x.classList.contains('tether')))!;
            const dist = (s: { box: B }) => {
              const cx = s.box.x + s.box.w / 2;
              const cy = s.box.y + s.box.h / 2;
              const dx = Math.max(box.x - cx, 0, cx - (box.x + box.w));
              const dy = Math.max(box.y - cy, 0, cy - (box.y + box.h));
              return Math.hypot(dx, dy);
            };
            const nearest = [...spaces].sort((p, q) => dist(p) - dist(q))[0]!;
            const tie = counter.querySelector('line.tether');
            const ownSpace = spaces.find((s) => s.id === own)!;
            const tiedToOwn =
              tie !== null &&
              (() => {
                const t = tie.getBoundingClientRect();
                const cx = ownSpace.box.x + ownSpace.box.w / 2;
                const cy = ownSpace.box.y + ownSpace.box.h / 2;
                const ends = [
                  [t.left, t.top],
                  [t.right, t.bottom],
                  [t.left, t.bottom],
                  [t.right, t.top],
                ];
                return ends.some(([x, y]) => Math.hypot(x! - cx, y! - cy) < 24);
              })();
            if (nearest.id !== own && !tiedToOwn)
              failures.push(`${name}: a counter of ${own} stands by ${nearest.id}, untied`);
          }
          // Every line as its legend draws it: the same strokes, widths and dashes, kind by kind.
          const look = (g: Element) =>
            [...g.querySelectorAll('path')]
              .map((p) =>
                ['stroke-width', 'stroke-dasharray', 'stroke-linecap'].map((k) => p.getAttribute(k) ?? '').join('/'),
              )
              .join(' + ');
          const legend = new Map(
            [...c.querySelectorAll('.legend .line-style')].map((g) => [g.getAttribute('data-kind'), look(g)]),
          );
          for (const g of svg.querySelectorAll('.line-style')) {
            const kind = g.getAttribute('data-kind');
            if (legend.get(kind) !== look(g)) failures.push(`${name}: a ${kind} line is not drawn as its legend`);
          }
          for (const kind of ['move', 'interception', 'avoid', 'retreat', 'pass'])
            if (!legend.has(kind)) failures.push(`${name}: the legend lacks ${kind}`);
        }
        return { failures, labels, cases: document.querySelectorAll('.case').length };
      });
      expect(report.cases).toBe(mapCount);
      expect(report.labels).toBeGreaterThan(mapCount * 5);
      expect(report.failures).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS * 2,
  );

  test(
    '[13.2] what if: play from any step of the replay, new dice after an undo, and a save downloaded, loaded and pasted back',
    async () => {
      const { page, problems } = await open(browser, exampleFile, '#step=7', LAPTOP);
      const dice = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('#wt-step .dice svg.die')]
            .map((d) => (d as HTMLElement).dataset.value)
            .join(''),
        );
      // At the interception the Hapsburgs decline instead: Ferdinand alone is asked whether to avoid battle (13.3).
      await page.click('button[data-act="branch"]');
      expect(await current(page)).toMatchObject({ stepState: 'interception.awaitingInterception' });
      expect(await page.locator('.play[data-kind="intercept"]').count()).toBe(1);
      await page.click('.play-options button:has-text("Make no (more) interception attempts")');
      await page.waitForSelector('.play[data-kind="avoid"]');
      expect(await page.textContent('.play')).toMatch(/Linz/);
      // Back to the replay: from "Attacker's dice", the replay's answers up to there, then the reader's roll.
      await page.click('button[data-act="mode"][data-mode="replay"]');
      await page.goto(`${page.url().split('#')[0]}#step=19`);
      await page.click('button[data-act="branch"]');
      await page.waitForSelector('.play[data-kind="roll"]');
      expect((await current(page)).stepState).toBe('fieldBattle.rollingAttackerDice');
      expect(await page.textContent('.toolbar .origin')).toMatch(/Played from a step of the replay/);
      const history = await page.evaluate(() =>
        [...document.querySelectorAll('#wt-steps a')].map((a) => (a as HTMLElement).dataset.step),
      );
      expect(history).toEqual(['2', '7', '8', '9', '13', '17', '19']);
      await page.click('#wt-steps a[data-step="8"]');
      expect(await page.textContent('#wt-step .decision .answered')).toMatch(/the scenario's script/);
      await page.keyboard.press('End');
      // The seeded dice, then undo: the page rolls from a fresh seed, so rolling again does not give the same ten dice.
      const seed = await page.textContent('.toolbar .seed code');
      await page.click('button[data-act="roll"]');
      await page.click('#wt-steps a[data-step="19"]');
      const first = await dice();
      expect(first).toHaveLength(10);
      await page.keyboard.press('End');
      await page.click('button[data-act="undo"]');
      await page.waitForSelector('.play[data-kind="roll"]');
      const fresh = await page.textContent('.toolbar .seed code');
      expect(fresh).not.toBe(seed);
      await page.click('button[data-act="roll"]');
      await page.click('#wt-steps a[data-step="19"]');
      const second = await dice();
      expect(second).toHaveLength(10);
      expect(second).not.toBe(first);
      await page.keyboard.press('End');
      // The save of this play, then start again, then load it: the same steps, waiting for the defender's dice.
      const steps = await page.locator('#wt-steps li').count();
      const download = page.waitForEvent('download');
      await page.click('button[data-act="download"]');
      const file = (await (await download).path())!;
      const saved = JSON.parse(readFileSync(file, 'utf8')) as {
        seed: number;
        events: { event: { values?: number[] }; source: string }[];
      };
      // The undo was the engine's (session.undo()): the save keeps its seed, and the new dice are dice given.
      expect(saved.seed).toBe(Number(seed));
      expect(saved.events.at(-1)!.source).toBe('host');
      expect(saved.events.at(-1)!.event.values!.join('')).toBe(second);
      await page.click('button[data-act="restart"]');
      await page.waitForSelector('.play[data-kind="intercept"]');
      await page.click('.toolbar details.load summary');
      await page.setInputFiles('input[name="save-file"]', file);
      await page.waitForSelector('.toolbar .origin:has-text("Played from a loaded save")');
      expect(await page.locator('#wt-steps li').count()).toBe(steps);
      expect(await page.locator('.play[data-kind="roll"]').count()).toBe(1);
      expect((await current(page)).stepState).toBe('fieldBattle.rollingDefenderDice');
      await page.click('#wt-steps a[data-step="19"]');
      expect(await dice()).toBe(second);
      // Pasted text works the same; text that is no save is refused with the engine's reason, and nothing changes.
      await page.keyboard.press('End');
      await page.click('.toolbar details.load summary');
      await page.fill('textarea[name="save"]', '{"format": "his-procedures/session", "events": 3}');
      await page.click('.load-form button[type="submit"]');
      expect(await page.textContent('.toolbar .load .error')).toMatch(
        /^This save cannot be loaded: not a session save: /,
      );
      expect(await page.locator('#wt-steps li').count()).toBe(steps);
      await page.fill('textarea[name="save"]', readFileSync(file, 'utf8'));
      await page.click('.load-form button[type="submit"]');
      await page.waitForSelector('.play[data-kind="roll"]');
      expect(await page.locator('.toolbar .load .error').count()).toBe(0);
      expect(await page.locator('#wt-steps li').count()).toBe(steps);
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );

  test(
    "[13.2 step 1] odds at every answer: the interception's bars carry advise()'s numbers in both views, in replay and in play (worked out in the page, its time exposed), in both languages",
    async () => {
      // What advise() gives in Node for the worked example's interception, answer by answer.
      const advice = advise(createSession(vienna(), { seed: 1 })).answers.map((a) => ({
        index: String(a.index),
        win: a.moverWinsBattle.fraction,
        battle: a.battle.fraction,
        capture: a.capture.fraction,
        siege: a.siege.fraction,
        lossesMover: a.losses.mover.fraction,
        lossesOthers: a.losses.others.fraction,
      }));
      expect(advice).toHaveLength(2);
      const bars = (page: Page, scope: string) =>
        page.evaluate(
          (sel) =>
            [...document.querySelectorAll<HTMLElement>(`${sel} .odds`)].map((el) => ({
              index: el.dataset.index,
              win: el.dataset.win,
              battle: el.dataset.battle,
              capture: el.dataset.capture,
              siege: el.dataset.siege,
              lossesMover: el.dataset.lossesMover,
              lossesOthers: el.dataset.lossesOthers,
              // The bar's drawn parts, as fractions of its width.
              parts: [...el.querySelectorAll<HTMLElement>('.bar .seg')].map(
                (seg) => seg.getBoundingClientRect().width / el.querySelector('.bar')!.clientWidth,
              ),
              text: el.textContent ?? '',
            })),
          scope,
        );
      const { page, problems } = await open(browser, exampleFile, '#step=7', LAPTOP);
      for (const view of ['story', 'full'] as const) {
        if (view === 'full') await page.click('button[data-act="view"][data-view="full"]');
        expect((await current(page)).stepState).toBe('interception.awaitingInterception');
        const seen = await bars(page, '#wt-step .decision');
        expect(
          seen.map(({ parts: _p, text: _t, ...numbers }) => numbers),
          view,
        ).toEqual(advice);
        // Intercepting: the Ottomans win 57.4 % and lose 42.6 %; a battle either way (no third part).
        expect(seen[0]!.parts).toHaveLength(2);
        expect(seen[0]!.parts[0]!).toBeCloseTo(0.5735, 2);
        expect(seen[0]!.text).toContain('57.4%');
        expect(seen[1]!.text).toContain('80.2%');
        expect(await page.textContent('#wt-step .odds-head')).toContain('the default policy');
      }
      // Played from the interception: the page works the odds out itself, and says how long advise() took.
      await page.click('button[data-act="branch"]');
      await page.waitForSelector('.play .odds');
      expect(await bars(page, '#wt-step .play').then((b) => b.map(({ parts: _p, text: _t, ...n }) => n))).toEqual(
        advice,
      );
      const timing = await page.evaluate(() => ({
        calls: window.hisAdvise?.calls ?? [],
        body: document.body.dataset.adviseMs,
        head: document.querySelector<HTMLElement>('.play .odds-head')?.dataset.adviseMs,
      }));
      expect(timing.calls.map((c) => [c.kind, c.frame, c.states, c.stopped])).toEqual([['intercept', 0, 164, null]]);
      expect(timing.calls[0]!.ms).toBeGreaterThan(0);
      expect(Number(timing.head)).toBeCloseTo(timing.calls[0]!.ms, 0);
      expect(timing.body).toBe(timing.head);
      console.info(`advise() in chromium, the worked example's interception: ${timing.calls[0]!.ms.toFixed(1)} ms`);
      // In Russian, the same numbers in Russian words.
      await page.click('button[data-act="lang"][data-lang="ru"]');
      expect(await page.textContent('#wt-step .play .odds')).toContain('ожидаемые потери войск: Османов — 2,58');
      expect(await page.textContent('#wt-step .play .odds-legend')).toContain('победа Османов в сражении');
      await page.click('button[data-act="lang"][data-lang="en"]');
      // The next decision (the interception roll) gets its own odds, worked out in the page too.
      await page.click('.play-options button:has-text("Intercept from Graz")');
      await page.waitForSelector('.play[data-kind="roll"] .odds');
      const roll = await bars(page, '#wt-step .play');
      expect(roll).toHaveLength(1);
      expect(roll[0]!.win).toBe(advice[0]!.win);
      expect(await page.evaluate(() => window.hisAdvise!.calls.map((c) => c.kind))).toEqual(['intercept', 'roll']);
      expect(problems).toEqual([]);
      await page.close();
      if (SHOTS) {
        // The README's phone picture: the story at the interception, its odds on screen.
        const phone = await open(browser, exampleFile, '#step=7', PHONE);
        await phone.page.evaluate(() => document.querySelector('#wt-step .decision h4')?.scrollIntoView());
        await phone.page.evaluate(() => window.scrollBy(0, -120));
        await phone.page.screenshot({ path: join(SHOTS, 'walkthrough-phone.png') });
        expect(phone.problems).toEqual([]);
        await phone.page.close();
      }
    },
    TEST_MS,
  );
});
