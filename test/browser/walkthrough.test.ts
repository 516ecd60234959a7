// The walkthrough page in a real browser (Debian's chromium driven by playwright-core; no browser is downloaded):
// stepping through the worked example, the language switch, play mode to the rulebook's result, a hostile inline
// map, and — on every page — no console error and no request but the file itself. With WALKTHROUGH_SCREENSHOTS=1
// (npm run walkthrough:screenshots) the screenshots of replay and play mode are written to visualizations/ (committed
// artifacts); a plain test run writes nothing into the repository.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseScenario, resolve, type TraceEntry } from '../../src/index.ts';
import { walkthrough, type StepView } from '../../src/viz/walkthrough/index.ts';
import { examplePage } from '../../scripts/walkthrough.ts';
import { HOSTILE_LEADER, HOSTILE_SPACE, HOSTILE_TITLE, hostile, ROOT, vienna } from '../walkthrough/fixtures.ts';
import { current, launch, LAUNCH_MS, open as openPage, SHOTS, SKIP, TEST_MS, type Opened } from './chromium.ts';

let browser: Browser;
let dir: string;
let exampleFile: string;
let hostileFile: string;
/** examples/vienna-1517-cards.json: the worked example with Field Artillery, Tercios and Janissaries played. */
let cardsFile: string;
let cardSteps: readonly StepView[];
let trace: readonly TraceEntry[];
/** The worked example's steps as the page's data has them (each state with what happened in it). */
let steps: readonly StepView[];

beforeAll(async () => {
  if (SKIP) return;
  dir = mkdtempSync(join(tmpdir(), 'his-browser-'));
  exampleFile = join(dir, 'vienna-1517.html');
  hostileFile = join(dir, 'hostile.html');
  const example = await examplePage();
  writeFileSync(exampleFile, example.html);
  steps = example.model.steps;
  writeFileSync(hostileFile, (await walkthrough(hostile(), { seed: 2, play: true })).html);
  cardsFile = join(dir, 'vienna-1517-cards.html');
  const cards = await walkthrough(
    parseScenario(readFileSync(join(ROOT, 'examples', 'vienna-1517-cards.json'), 'utf8')),
    { seed: 1, odds: false },
  );
  writeFileSync(cardsFile, cards.html);
  cardSteps = cards.model.steps;
  trace = resolve(vienna(), { seed: 1 }).session.trace;
  browser = await launch();
}, LAUNCH_MS);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * A screenshot for the README: the whole page, in a window tall enough for the chart and the map beside the step
 * (they stay in view as the page scrolls, so a shorter window would cut the map off), then the window as it was.
 */
async function screenshot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1600, height: 1500 });
  await page.screenshot({ path: join(SHOTS!, name), fullPage: true });
  if (size) await page.setViewportSize(size);
}

function open(file: string, fragment = ''): Promise<Opened> {
  return openPage(browser, file, fragment);
}

/** The page's text without identifiers (<code>: event, condition and restriction names) and without the statecharts. */
function readerText(page: Page) {
  return page.evaluate(() =>
    ['#wt-header', '#wt-steps', '#wt-step', '#wt-map', '#wt-chart-head']
      .map((sel) => {
        const copy = document.querySelector(sel)!.cloneNode(true) as Element;
        copy.querySelectorAll('code').forEach((c) => c.remove());
        return copy.textContent ?? '';
      })
      .join('\n'),
  );
}

describe.skipIf(SKIP)('the walkthrough page in chromium', () => {
  test(
    "[13.1] every step of the worked example: the highlighted state is the trace's, its headline what happened in it",
    async () => {
      const { page, problems } = await open(exampleFile, '#step=1');
      for (let i = 0; i < trace.length; i++) {
        const t = trace[i]!;
        const seen = await current(page);
        expect(seen.marked, `step ${t.step}`).toEqual([`${t.machine}.${t.state}`]);
        expect(seen.markedRu).toEqual([`${t.machine}.${t.state}`]);
        expect(seen.stepState).toBe(`${t.machine}.${t.state}`);
        expect(seen.note).toBe(steps[i]!.note.en);
        expect(seen.headline).toBe(seen.note);
        expect(seen.counter).toBe(`Step ${t.step} of ${trace.length}`);
        expect(seen.hash).toBe(`#step=${t.step}&lang=en&view=full`);
        if (i < trace.length - 1) await page.keyboard.press('ArrowRight');
      }
      // The path so far: every state visited is green, and every transition taken between two of them.
      const path = await page.evaluate(() => ({
        visited: [...document.querySelectorAll('.diagram[data-lang="en"][data-chart="folded"] g.wt-visited')]
          .map((g) => g.getAttribute('data-state'))
          .sort(),
        edges: [...document.querySelectorAll('.diagram[data-lang="en"][data-chart="folded"] g.wt-edge')].map(
          (g) => `${g.getAttribute('data-from') ?? 'start'}>${g.getAttribute('data-to')}`,
        ),
      }));
      expect(path.visited).toEqual([...new Set(trace.map((t) => `${t.machine}.${t.state}`))].sort());
      for (let i = 1; i < trace.length; i++)
        expect(path.edges).toContain(
          `${trace[i - 1]!.machine}.${trace[i - 1]!.state}>${trace[i]!.machine}.${trace[i]!.state}`,
        );
      await page.keyboard.press('ArrowRight');
      expect((await current(page)).note).toBe(steps.at(-1)!.note.en);
      expect(await page.locator('.outcome').count()).toBe(1);
      await page.keyboard.press('Home');
      expect((await current(page)).note).toBe(steps[0]!.note.en);
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );

  test(
    "[ruling R30][ruling R33] a card battle: the window shows the hands, Tercios' dice are drawn as a pool of their own colour",
    async () => {
      const defender = cardSteps.find((s) => s.stateId === 'fieldBattle.rollingDefenderDice')!;
      const { page, problems } = await open(cardsFile, `#step=${defender.step}`);
      expect((await current(page)).stepState).toBe('fieldBattle.rollingDefenderDice');
      const dice = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('#wt-step .dice svg.die')].map((d) => ({
            card: d.getAttribute('data-card'),
            fill: getComputedStyle(d.querySelector('rect')!).fill,
          })),
        );
      const drawn = await dice();
      expect(drawn.map((d) => d.card)).toEqual([...Array<null>(13).fill(null), 'tercios', 'tercios', 'tercios']);
      // The pool's colour is its own: not the white of the side's own dice, nor the red tint of their hits.
      const own = new Set(drawn.slice(0, 13).map((d) => d.fill));
      const pool = new Set(drawn.slice(13).map((d) => d.fill));
      expect(pool.size).toBe(1);
      expect(own.has([...pool][0]!)).toBe(false);
      expect(await page.textContent('#wt-step .dice .pool[data-card="tercios"]')).toBe(
        'Tercios (#30): 3 dice, hitting on 4, 5 or 6 — 1 hit (14 step 5, ruling R30)',
      );
      await page.click('button[data-act="lang"][data-lang="ru"]');
      expect(await page.textContent('#wt-step .dice .pool[data-card="tercios"]')).toBe(
        '«Терции» (№30): 3 кубика, попадания на 4, 5 или 6 — 1 попадание (14, шаг 5, постановление R30)',
      );
      const window = cardSteps.find((s) => s.stateId === 'fieldBattle.awaitingDefenderCombatCard')!;
      await page.click(`#wt-steps a[data-step="${window.step}"]`);
      await page.waitForSelector(`#wt-steps a[data-step="${window.step}"][aria-current="step"]`);
      expect(await page.textContent('#wt-step .decision .hands')).toBe(
        'Карты на руках (постановление R33): Османы — «Янычары» (№1); Габсбурги — «Терции» (№30)',
      );
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );

  test(
    '[13.2 step 2] the buttons, the step list and #step= links; dice faces with every modifier; the decision and the map',
    async () => {
      const { page, problems } = await open(exampleFile, '#step=8');
      expect(await current(page)).toMatchObject({
        stepState: 'interception.rollingInterception',
        note: steps.find((s) => s.step === 8)!.note.en,
      });
      const dice = await page.evaluate(() => ({
        faces: [...document.querySelectorAll('#wt-step .dice svg.die')].map((d) => d.getAttribute('data-value')),
        mods: [...document.querySelectorAll('#wt-step .dice .mods li')].map((l) => l.textContent),
        outcome: document.querySelector('#wt-step .dice .outcome')?.textContent,
      }));
      expect(dice.faces).toEqual(['3', '5']);
      expect(dice.mods).toEqual([
        "+2 Charles V's battle rating (13.2 step 2)",
        '−1 against Ottoman cavalry (13.2 step 2)',
      ]);
      expect(dice.outcome).toBe('3 + 5 + 2 − 1 = 9 — needs ≥ 9: success');
      // The exact chance of the roll (15 of 36 throws reach 9 with +1).
      expect(await page.textContent('#wt-step .dice .chance')).toBe(
        'Chance of success before the roll: 5/12 (15 of the 36 throws of two dice, ≈ 42%)',
      );
      // The board at this step: the Ottoman formation is still on its road (13.1 step 5 places it later).
      expect(await page.locator('#wt-map tr[data-space="vienna"] li[data-power="ottoman"]').count()).toBe(0);
      expect(await page.locator('#wt-map g.counter.transit[data-power="ottoman"]').count()).toBe(1);
      expect(
        await page.locator('#wt-map g.counter[data-space="vienna"][data-power="ottoman"]:not(.transit)').count(),
      ).toBe(0);
      await page.click('button[data-act="lang"][data-lang="ru"]');
      expect(await page.textContent('#wt-step .dice .chance')).toBe(
        'Вероятность успеха до броска: 5/12 (15 из 36 вариантов броска двух кубиков, ≈ 42\u00a0%)',
      );
      await page.click('button[data-act="lang"][data-lang="en"]');
      await page.click('#wt-steps a[data-step="8"]');
      await page.waitForSelector('#wt-steps a[data-step="8"][aria-current="step"]');
      expect(await page.textContent('#wt-step .decision .chance')).toContain('Chance of success: 5/12');
      // 13.1 step 5: the formation is placed in Vienna as the machine leaves "Place the formation".
      await page.click('#wt-steps a[data-step="13"]');
      await page.waitForSelector('#wt-steps a[data-step="13"][aria-current="step"]');
      expect(await page.locator('#wt-map tr[data-space="vienna"] li[data-power="ottoman"]').count()).toBe(1);
      expect(await page.locator('#wt-map g.counter.transit').count()).toBe(0);
      await page.click('#wt-steps a[data-step="9"]');
      await page.waitForSelector('#wt-steps a[data-step="9"][aria-current="step"]');
      // The story goes from placing the interceptors to placing the formation: steps 10–12 are bookkeeping.
      await page.click('#wt-next');
      expect((await current(page)).hash).toBe('#step=13&lang=en');
      // "Defender's dice" shows the defender's roll (13 dice, 5 hits); "Attacker's dice" the attacker's.
      await page.click('#wt-steps a[data-step="20"]');
      await page.waitForSelector('#wt-steps a[data-step="20"][aria-current="step"]');
      expect((await current(page)).marked).toEqual(['fieldBattle.rollingDefenderDice']);
      expect(await page.locator('#wt-step .dice svg.die').count()).toBe(13);
      expect(await page.locator('#wt-step .dice svg.die.hit').count()).toBe(5);
      await page.click('#wt-prev');
      expect((await current(page)).hash).toBe('#step=19&lang=en');
      expect((await current(page)).stepState).toBe('fieldBattle.rollingAttackerDice');
      expect(await page.locator('#wt-step .dice svg.die').count()).toBe(10);
      expect(await page.locator('#wt-step .dice svg.die.hit').count()).toBe(3);
      await page.goto(`${pathToFileURL(exampleFile).href}#step=7`);
      expect((await current(page)).marked).toEqual(['interception.awaitingInterception']);
      const decision = await page.evaluate(() => ({
        who: document.querySelector('.decision .who')?.textContent,
        // Each answer's label and event (its odds are checked in teacher.test.ts).
        options: [...document.querySelectorAll('.decision .options li')].map((l) => {
          const copy = l.cloneNode(true) as Element;
          copy.querySelectorAll('.odds').forEach((o) => o.remove());
          return copy.textContent;
        }),
        odds: document.querySelectorAll('.decision .options li .odds').length,
        answered: document.querySelector('.decision .answered')?.textContent,
      }));
      expect(decision.who).toBe('Hapsburg');
      expect(decision.options).toEqual([
        'Intercept from Graz with 8 regulars, Charles V intercept.declare',
        'Make no (more) interception attempts intercept.decline',
      ]);
      expect(decision.odds).toBe(2);
      expect(decision.answered).toMatch(/^Answer given: Intercept from Graz with 8 regulars, Charles V/);
      // Ruling R9: the forced retreat shows its one legal answer, the refused ones, and that the engine gave it.
      await page.goto(`${pathToFileURL(exampleFile).href}#step=31`);
      const forced = await page.evaluate(() => ({
        options: [...document.querySelectorAll('.decision .options li')].map((l) => l.textContent),
        blocked: document.querySelectorAll('.decision .blocked li').length,
        answered: document.querySelector('.decision .answered.forced')?.textContent,
        marked: document.querySelector('#wt-steps li.current')?.classList.contains('forced'),
      }));
      expect(forced.options).toEqual(['Retreat to Pressburg retreat.declare']);
      expect(forced.blocked).toBeGreaterThan(0);
      expect(forced.answered).toMatch(
        /^Answer given: Ottoman: retreat to Pressburg retreat\.declare — given by the engine: it was the only legal answer ruling R9$/,
      );
      expect(forced.marked).toBe(true);
      // The board after the step: the retreat decided here has taken the Ottoman out of Vienna.
      expect(await page.locator('#wt-map tr[data-space="vienna"] li[data-power="ottoman"]').count()).toBe(0);
      await page.goto(`${pathToFileURL(exampleFile).href}#step=32`);
      expect(
        await page.locator('#wt-map g.arrow[data-kind="retreat"][data-from="vienna"][data-to="pressburg"]').count(),
      ).toBe(1);
      expect(await page.locator('#wt-map g.space.fortified[data-space="vienna"]').count()).toBe(1);
      expect(await page.locator('#wt-map tr[data-space="pressburg"] li[data-power="ottoman"]').textContent()).toMatch(
        /3 regulars, Ibrahim Pasha, Suleiman/,
      );
      await page.goto(`${pathToFileURL(exampleFile).href}#step=8`);
      if (SHOTS) await screenshot(page, 'walkthrough-replay.png');
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );

  test(
    '[14 step 6] in Russian every text is Russian: rule references («14, шаг 6»), the narrative, the controls',
    async () => {
      const { page, problems } = await open(exampleFile, '#step=1');
      await page.click('button[data-act="lang"][data-lang="ru"]');
      for (let i = 0; i < trace.length; i++) {
        const t = trace[i]!;
        const seen = await current(page);
        expect(seen.lang).toBe('ru');
        expect(seen.note).toBe(steps[i]!.note.ru);
        expect(seen.headline).toBe(seen.note);
        expect(seen.note).toMatch(/[А-Яа-яЁё]/);
        expect(seen.counter).toBe(`Шаг ${t.step} из ${trace.length}`);
        const text = await readerText(page);
        expect(text, `step ${t.step}`).not.toMatch(/\b(step|steps|ruling|option|options|rule|holds)\b/i);
        // Latin letters left: the key names and the file formats, nothing else (the scenario's own Russian title and description too).
        const latin = [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])].filter(
          (w) => !['EN', 'RU', 'Home', 'End', 'ENRU', 'Ctrl', 'SVG', 'PNG'].includes(w),
        );
        expect(latin, `step ${t.step}`).toEqual([]);
        if (i < trace.length - 1) await page.keyboard.press('ArrowRight');
      }
      expect(await page.textContent('#wt-step')).toContain('14.1');
      await page.goto(`${pathToFileURL(exampleFile).href}#step=20&lang=ru`);
      expect(await page.textContent('#wt-step .rule')).toContain('14, шаг 6');
      const charts = await page.evaluate(() => ({
        en: getComputedStyle(document.querySelector('.diagram[data-lang="en"]')!).display,
        ru: getComputedStyle(document.querySelector('.diagram[data-lang="ru"]')!).display,
        ruText: document.querySelector('.diagram[data-lang="ru"]')!.textContent ?? '',
      }));
      expect(charts.en).toBe('none');
      expect(charts.ru).not.toBe('none');
      expect(charts.ruText).toContain('14, шаг 6');
      expect(charts.ruText).not.toMatch(/\b(step|ruling|option)\b/i);
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );

  test(
    "[14.1] play mode with the rulebook's dice ends as the book says; partial answers, refusals, undo and the save",
    async () => {
      const { page, problems } = await open(exampleFile);
      await page.click('button[data-act="mode"][data-mode="play"]');
      await page.waitForSelector('.play[data-kind="intercept"]');
      // 5.1: 8 regulars without Charles V are refused; the refusal stands under the form, which keeps what was sent,
      // and nothing on the page claims that any answer is legal or that none is refused.
      await page.uncheck('form.custom input[name="leaders"][value="charles-v"]');
      await page.click('form.custom button[type="submit"]');
      await page.waitForSelector('.play .error');
      const refusal = await page.evaluate(() => {
        const play = document.querySelector('.play')!;
        const error = play.querySelector('.error')!;
        const refusedHeading = [...play.querySelectorAll('h5')].find((h) => h.textContent === 'Refused answers')!;
        return {
          error: error.textContent,
          errorFirst: !!(error.compareDocumentPosition(refusedHeading) & Node.DOCUMENT_POSITION_FOLLOWING),
          regulars: play.querySelector<HTMLInputElement>('form.custom input[name="regulars"]')!.value,
          charles: play.querySelector<HTMLInputElement>('form.custom input[value="charles-v"]')!.checked,
          text: play.textContent ?? '',
        };
      });
      expect(refusal.error).toMatch(
        /^Your answer was refused: 8 land units cannot intercept .*without a leader at most 4\. 5\.1/,
      );
      expect(refusal.errorFirst).toBe(true);
      expect(refusal.regulars).toBe('8');
      expect(refusal.charles).toBe(false);
      expect(refusal.text).not.toMatch(/Any part of it is legal|No answer is refused/);
      // A partial answer (13.2 step 1: units may stay behind), then undo it.
      await page.check('form.custom input[name="leaders"][value="charles-v"]');
      await page.fill('form.custom input[name="regulars"]', '7');
      await page.click('form.custom button[type="submit"]');
      await page.waitForSelector('.play[data-kind="roll"]');
      // The answer is shown on the state that asked for it ("Declare an interception").
      await page.click('#wt-steps a[data-step="7"]');
      await page.waitForSelector('#wt-steps a[data-step="7"][aria-current="step"]');
      expect(await page.textContent('#wt-step .decision .answered')).toContain(
        'Hapsburg: intercept from Graz with 7 regulars, Charles V',
      );
      await page.keyboard.press('End');
      await page.click('button[data-act="undo"]');
      await page.waitForSelector('.play[data-kind="intercept"]');
      // Graz with 8 regulars and Charles V.
      await page.click('.play-options button:has-text("Intercept from Graz with 8 regulars, Charles V")');
      await page.waitForSelector('.play[data-kind="roll"]');
      // One die for a 2d6 roll is refused, with its rule; nothing changes.
      const steps = await page.locator('#wt-steps li').count();
      await page.fill('input[name="dice"]', '3');
      await page.click('.dice-form button[type="submit"]');
      expect(await page.textContent('.play .error')).toMatch(/Your answer was refused:.*13\.2 step 2/);
      expect(await page.inputValue('input[name="dice"]')).toBe('3');
      expect(await page.locator('#wt-steps li').count()).toBe(steps);
      for (const dice of ['3 5', '6 5 5 4 3 2 1 1 2 3', '6 6 5 5 5 4 4 3 3 2 2 1 1']) {
        await page.fill('input[name="dice"]', dice);
        await page.click('.dice-form button[type="submit"]');
      }
      await page.waitForSelector('.play[data-kind="casualties"]');
      expect((await current(page)).marked).toEqual(['fieldBattle.awaitingCasualties']);
      // Play mode records each step's board too: at the interception roll the formation was still on its road.
      await page.click('#wt-steps a[data-step="8"]');
      await page.waitForSelector('#wt-steps a[data-step="8"][aria-current="step"]');
      expect(await page.locator('#wt-map tr[data-space="vienna"] li[data-power="ottoman"]').count()).toBe(0);
      expect(await page.locator('#wt-map g.counter.transit[data-power="ottoman"]').count()).toBe(1);
      await page.keyboard.press('End');
      await page.waitForSelector('.play[data-kind="casualties"]');
      await page.evaluate(() => window.scrollTo(0, 0));
      if (SHOTS) await screenshot(page, 'walkthrough-play.png');
      await page.click('.play-options button:has-text("Lose 4 regulars, 1 cavalry")');
      await page.waitForSelector('#wt-step .outcome');
      expect((await current(page)).marked).toEqual(['movement.done']);
      const end = await page.evaluate(() => {
        const li = (space: string, power: string) =>
          [...document.querySelectorAll(`#wt-map tr[data-space="${space}"] li[data-power="${power}"]`)].map(
            (l) => l.textContent ?? '',
          );
        return {
          pressburg: li('pressburg', 'ottoman'),
          vienna: li('vienna', 'hapsburg'),
          viennaOttoman: li('vienna', 'ottoman'),
        };
      });
      expect(end.pressburg).toHaveLength(1);
      expect(end.pressburg[0]).toMatch(/3 regulars, Ibrahim Pasha, Suleiman/);
      expect(end.viennaOttoman).toEqual([]);
      expect(end.vienna.map((l) => Number(/(\d+) regulars/.exec(l)![1])).reduce((a, b) => a + b, 0)).toBe(7);
      expect(end.vienna.join(' ')).toMatch(/Charles V/);
      expect(end.vienna.join(' ')).toMatch(/Ferdinand/);
      // The play-through is the rulebook's: the same trace as the scripted example, every state of it.
      await page.click('button[data-act="view"][data-view="full"]');
      expect(await page.locator('#wt-steps li').count()).toBe(trace.length);
      const download = page.waitForEvent('download');
      await page.click('button[data-act="download"]');
      const saved = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as {
        format: string;
        events: { event: { type: string } }[];
      };
      expect(saved.format).toBe('his-procedures/session');
      expect(saved.events.map((e) => e.event.type)).toEqual([
        'intercept.declare',
        'dice.rolled',
        'dice.rolled',
        'dice.rolled',
        'casualties.assign',
      ]);
      // Undo the casualties: the decision is back; the replay mode is untouched.
      await page.click('button[data-act="undo"]');
      await page.waitForSelector('.play[data-kind="casualties"]');
      await page.click('button[data-act="mode"][data-mode="replay"]');
      expect((await current(page)).marked).toEqual(['movement.checkingDeclaration']);
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );

  test(
    '[DESIGN] a hostile inline map renders as text: no markup, no script, no dialog — in replay and play mode',
    async () => {
      const { page, problems } = await open(hostileFile, '#step=11');
      const seen = await page.evaluate(() => ({
        images: document.querySelectorAll('img').length,
        // The leader's name holds "<b>Co</b>": as text, never as a bold element.
        markup: [...document.querySelectorAll('b')].filter((b) => b.textContent === 'Co').length,
        space: document.querySelector('#wt-map g.name-label[data-space="keep"] text.name')?.textContent,
        title: document.querySelector('h1')?.textContent,
        scripts: document.scripts.length,
      }));
      expect(seen.images).toBe(0);
      expect(seen.markup).toBe(0);
      expect(seen.space).toBe(HOSTILE_SPACE);
      expect(seen.title).toBe(HOSTILE_TITLE);
      expect(seen.scripts).toBe(3);
      expect(await page.textContent('#wt-step')).toContain(HOSTILE_LEADER);
      await page.keyboard.press('End');
      await page.click('button[data-act="mode"][data-mode="play"]');
      await page.waitForSelector('.play');
      expect(await page.textContent('#wt-map')).toContain(HOSTILE_SPACE);
      await page.click('button[data-act="lang"][data-lang="ru"]');
      expect(await page.locator('img').count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );
});
