// The React component of docs/api.md ("A UI store"), built with Vite and @vitejs/plugin-react and rendered in Debian's
// chromium (playwright-core; no browser is downloaded, nothing leaves 127.0.0.1): two seats of one session of the
// worked example, in strict mode. Played through by clicks — the Hapsburg interception, the rolls, the casualties —
// with undo in the middle, it must show each seat only its own decisions, the steps of each change with their
// boards, the rulebook's winner, and no error on the page (a store that gave a new snapshot at every read would make
// React stop with error #185).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, LAUNCH_MS, serveStatic, SKIP, TEST_MS } from './chromium.ts';

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

async function opened(): Promise<{ page: Page; problems: string[] }> {
  const page = await built.browser!.newPage();
  const problems: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`)));
  page.on('pageerror', (e) => void problems.push(`exception: ${e.message}`));
  page.on('request', (r) => void (!r.url().startsWith(built.origin) && problems.push(`request: ${r.url()}`)));
  await page.goto(`${built.origin}/index.html`);
  await page.waitForSelector('body[data-ready="true"] section[data-seat="ottoman"]');
  return { page, problems };
}

const seat = (page: Page, power: string) => page.locator(`section[data-seat="${power}"]`);

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
    '[13.2][14][14.1] two seats play the worked example by clicks, undo included, with no error on the page',
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
      expect(await hapsburg.locator('.over').textContent()).toMatch(/^Winner: /);
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
});
