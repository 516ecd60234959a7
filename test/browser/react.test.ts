// The React component of docs/api.md ("A UI store"), built with Vite and @vitejs/plugin-react and rendered in Debian's
// chromium (playwright-core; no browser is downloaded, nothing leaves 127.0.0.1): two seats of one session of the
// worked example, in strict mode. Played through by clicks — the Hapsburg interception, the rolls, the casualties —
// with undo in the middle, it must show each seat only its own decisions, the steps of each change with their
// boards, the field battle's dice and hits as the engine rolls them for the same seed and answers in Node, the
// winner, and no error on the page (a store that gave a new snapshot at every read would make React stop with
// error #185). With a listener of the host's that throws, the seat shows what it threw (the observerErrors of the
// answer and of the undo), and the game goes on.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSession, type BattleSummary } from '../../src/index.ts';
import { launch, LAUNCH_MS, serveStatic, SKIP, TEST_MS } from './chromium.ts';
import { scenario, SEED } from './react/game.ts';

const HERE = join(import.meta.dirname, 'react');
const ROOT = join(import.meta.dirname, '..', '..');

/** The built page, where it is served, and the browser (set up once for the file). */
const built: { out?: string; site?: Server; origin: string; browser?: Browser } = { origin: '' };

beforeAll(async () => {
  if (SKIP) return;
  built.out = mkdtempSync(join(tmpdir(), 'his-react-'));
  await build({
    configFile: false,
    root: HERE,
    base: './',
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: built.out, emptyOutDir: true, minify: false },
  });
  const served = await serveStatic(built.out);
  built.site = served.server;
  built.origin = served.origin;
  built.browser = await launch();
}, LAUNCH_MS);

afterAll(async () => {
  await built.browser?.close();
  built.site?.close();
  if (built.out) rmSync(built.out, { recursive: true, force: true });
});

async function opened(query = ''): Promise<{ page: Page; problems: string[] }> {
  const page = await built.browser!.newPage();
  const problems: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`)));
  page.on('pageerror', (e) => void problems.push(`exception: ${e.message}`));
  page.on('request', (r) => void (!r.url().startsWith(built.origin) && problems.push(`request: ${r.url()}`)));
  await page.goto(`${built.origin}/index.html${query}`);
  await page.waitForSelector('body[data-ready="true"] section[data-seat="ottoman"]');
  return { page, problems };
}

const seat = (page: Page, power: string) => page.locator(`section[data-seat="${power}"]`);

/**
 * The field battle as the engine fights it in Node for the page's game and the test's clicks: the interception from
 * Graz, then the first answer offered each time (a roll when one is asked for). Null when no battle is fought.
 */
function battleInNode(): BattleSummary | null {
  const session = createSession(scenario, { seed: SEED });
  for (let guard = 0; guard < 20 && session.pending; guard++) {
    const d = session.pending;
    const graz = d.kind === 'intercept' ? d.options.find((o) => /Graz/.test(o.label.en)) : undefined;
    const answer = graz ?? d.options[0];
    if (d.kind !== 'roll' && !answer) throw new Error(`the ${d.kind} decision offers no answer`);
    const sent = d.kind === 'roll' || !answer ? session.roll() : session.send(answer.event);
    if (!sent.ok) throw new Error(sent.error.message);
  }
  return session.summary.battle;
}

describe.skipIf(SKIP)('the React seat of docs/api.md in chromium', () => {
  test('[DESIGN] docs/api.md shows the component the test renders, as a host imports it', () => {
    const component = readFileSync(join(HERE, 'seat.tsx'), 'utf8').replace(
      "'../../../src/index.ts'",
      "'his-procedures'",
    );
    const api = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8');
    expect(api).toContain(`\`\`\`tsx\n${component}\`\`\``);
  });

  test(
    "[13.2][14][14.1] two seats play the worked example by clicks, undo included, and show the field battle's dice, hits and winner, with no error on the page",
    async () => {
      const { page, problems } = await opened();
      const hapsburg = seat(page, 'hapsburg');
      const ottoman = seat(page, 'ottoman');
      // The interception is the Hapsburgs': the Ottoman seat waits, and sees the formation on its way.
      await expect.poll(() => ottoman.locator('.waiting').textContent()).toBe('Waiting for Hapsburg');
      expect(await ottoman.locator('.moving').textContent()).toBe('pressburg → vienna');
      expect(await ottoman.locator('.decision').count()).toBe(0);
      expect(await hapsburg.locator('.undo').isDisabled()).toBe(true);
      await hapsburg.getByRole('button', { name: /Graz/ }).first().click();
      // The interception roll is the Hapsburgs' too; its steps are listed with their boards.
      await hapsburg.getByRole('button', { name: 'Roll' }).click();
      expect(await hapsburg.locator('.steps li').count()).toBeGreaterThan(1);
      // Undo the roll, and roll again: the seeded dice give the same result (the save stays deterministic).
      const afterRoll = await hapsburg.locator('.steps').textContent();
      await hapsburg.locator('.undo').click();
      await expect.poll(() => hapsburg.getByRole('button', { name: 'Roll' }).count()).toBe(1);
      await hapsburg.getByRole('button', { name: 'Roll' }).click();
      expect(await hapsburg.locator('.steps').textContent()).toBe(afterRoll);
      // Play to the end: each side rolls and answers its own decisions only.
      for (let guard = 0; guard < 20; guard++) {
        if ((await page.locator('.over').count()) > 0) break;
        const mine = (await hapsburg.locator('.decision').count()) > 0 ? hapsburg : ottoman;
        const other = mine === hapsburg ? ottoman : hapsburg;
        expect(await other.locator('.decision').count()).toBe(0);
        await mine.locator('.decision button:not([disabled])').first().click();
      }
      // 14: the field battle is fought. Each seat shows both sides' dice as rolled and their hits, as the engine rolls
      // them in Node for the same seed and answers, and the winner: the Hapsburgs, defending Vienna.
      const battle = battleInNode();
      if (!battle) throw new Error(`seed ${SEED} fights no field battle in Node`);
      expect(battle.winnerPower).toBe('hapsburg');
      const sides = (['attacker', 'defender'] as const).map((side) => ({
        side,
        won: String(battle.winner === side),
        text: `${battle[side].powers.join(' ')}: ${battle[side].rolled.join(' ')} — ${battle[side].hits} hits`,
      }));
      for (const s of sides) expect(battle[s.side].rolled).toHaveLength(battle[s.side].dice.total);
      for (const shown of [hapsburg, ottoman]) {
        const rows = shown.locator('.battle li');
        expect(
          await rows.evaluateAll((li) =>
            li.map((e) => ({
              side: e.getAttribute('data-side'),
              won: e.getAttribute('data-won'),
              text: e.textContent,
            })),
          ),
        ).toEqual(sides);
      }
      expect(await hapsburg.locator('.over').textContent()).toBe('Winner: hapsburg');
      expect(await ottoman.locator('.over').textContent()).toBe(await hapsburg.locator('.over').textContent());
      // The last change's steps end on the board the seats show.
      const stacks = await ottoman.locator('.board li').count();
      expect(await ottoman.locator('.steps li').last().getAttribute('data-stacks')).toBe(String(stacks));
      expect(await page.locator('[role="alert"]').count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );

  test(
    '[DESIGN] a listener that throws: the answer is taken all the same, and the seat that gave it shows what the listener threw (observerErrors)',
    async () => {
      const { page, problems } = await opened('?throwing');
      const hapsburg = seat(page, 'hapsburg');
      await hapsburg.getByRole('button', { name: /Graz/ }).first().click();
      await expect.poll(() => hapsburg.getByRole('button', { name: 'Roll' }).count()).toBe(1);
      expect(await hapsburg.getByRole('alert').textContent()).toBe('listener: Error: listener failure (accepted)');
      expect(await seat(page, 'ottoman').getByRole('alert').count()).toBe(0);
      // Undo is an answer of the host's too: its observerErrors are shown the same way.
      await hapsburg.locator('.undo').click();
      await expect.poll(() => hapsburg.getByRole('button', { name: /Graz/ }).count()).toBeGreaterThan(0);
      expect(await hapsburg.getByRole('alert').textContent()).toBe('listener: Error: listener failure (undone)');
      expect(problems).toEqual([]);
      await page.close();
    },
    TEST_MS,
  );
});
