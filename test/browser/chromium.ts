// Debian's chromium driven by playwright-core, for the walkthrough's browser tests (no browser is downloaded): the
// launch, a page opened from disk that records every problem (console errors, exceptions, dialogs, requests for
// anything but the file itself), and what a reader sees of the current step.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from '../walkthrough/fixtures.ts';

export const CHROMIUM = '/usr/bin/chromium';
const MISSING = !existsSync(CHROMIUM);
/** Without chromium the tests are skipped on a developer's machine, never in CI (where they must run). */
export const SKIP = MISSING && !process.env.CI;
if (SKIP)
  console.warn(
    `test/browser: SKIPPED — ${CHROMIUM} is missing (apt-get install chromium); in CI (CI set) these tests run and fail instead`,
  );

// Starting chromium on a loaded 2-core machine can take tens of seconds, and a play-through clicks through ~20
// renders of a 1.4 MB page: generous, explicit limits instead of vitest's 5 s default.
export const LAUNCH_MS = 120_000;
export const TEST_MS = 180_000;
export const VIEWPORT = { width: 1600, height: 1000 };
/** Where the screenshots go, when they are asked for (npm run walkthrough:screenshots). */
export const SHOTS = process.env.WALKTHROUGH_SCREENSHOTS ? join(ROOT, 'visualizations') : undefined;

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: LAUNCH_MS,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Opened {
  readonly page: Page;
  /** Console errors, uncaught exceptions, dialogs and requests for anything but the page's own file. */
  readonly problems: string[];
}

/** A page's own objects (a download's blob, an export's image) are not requests for anything else. */
function ownRequest(url: string, own: string): boolean {
  return url.split('#')[0] === own || url.startsWith('blob:') || url.startsWith('data:');
}

export async function open(
  browser: Browser,
  file: string,
  fragment = '',
  viewport: { width: number; height: number } = VIEWPORT,
): Promise<Opened> {
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  const problems: string[] = [];
  const own = pathToFileURL(file).href;
  page.on('console', (m) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`)));
  page.on('pageerror', (e) => void problems.push(`exception: ${e.message}`));
  page.on('dialog', (d) => void (problems.push(`dialog: ${d.message()}`), d.dismiss()));
  page.on('request', (r) => void (!ownRequest(r.url(), own) && problems.push(`request: ${r.url()}`)));
  await page.goto(own + fragment);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, problems };
}

/** What a reader sees of the current step: the state marked on the chart shown, the step's headline and counter. */
export function current(page: Page) {
  return page.evaluate(() => {
    // The chart shown: folded to the procedures in play, or every procedure (body[data-chart]).
    const chart = document.body.dataset.chart;
    const marked = [...document.querySelectorAll(`.diagram[data-lang="en"][data-chart="${chart}"] g.wt-current`)].map(
      (g) => g.getAttribute('data-state'),
    );
    const markedRu = [...document.querySelectorAll(`.diagram[data-lang="ru"][data-chart="${chart}"] g.wt-current`)].map(
      (g) => g.getAttribute('data-state'),
    );
    const shown = document.querySelector<HTMLElement>('#wt-step section.step');
    return {
      marked,
      markedRu,
      stepState: shown?.dataset.stepState,
      headline: shown?.dataset.headline,
      note: document.getElementById('wt-note')?.textContent ?? '',
      counter: document.getElementById('wt-counter')?.textContent ?? '',
      hash: location.hash,
      lang: document.documentElement.lang,
      view: document.body.dataset.view,
    };
  });
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * Serves the files below `root` on 127.0.0.1 (a built page whose module scripts chromium will not load from disk):
 * nothing outside `root`, 404 for what is not there. Returns the server and its origin.
 */
export async function serveStatic(root: string): Promise<{ readonly server: Server; readonly origin: string }> {
  const server = createServer((req, res) => {
    const path = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!path.startsWith(root + sep)) return void res.writeHead(404).end();
    readFile(path).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * A port nothing listens on, for a server that takes a port number and does not report one (createInspectorServer):
 * 127.0.0.1 asked for a free port, then released.
 */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}
