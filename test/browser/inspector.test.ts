// Inspection in a real browser (Debian's chromium driven by playwright-core; no browser is downloaded, and nothing
// leaves 127.0.0.1): a page that gives its sessions @statelyai/inspect's browser inspector, then its WebSocket
// inspector through createInspectorServer running in this process, plays the worked example and the same move with
// every option declined. The inspector's window is @statelyai/inspect's own receiver served here (the hosted Stately
// inspector needs the network): it must get the whole actor tree — the movement root and each procedure under the
// parent it names — with no error on any page, and every send accepted with nothing thrown. A throwing inspector of
// the host's own comes back in the sends' observerErrors.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StatelyInspectionEvent } from '@statelyai/inspect';
import { createInspectorServer } from '@statelyai/inspect/server';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { freePort } from './chromium.ts';
import type { InspectorPage, Played } from './inspector/page.ts';

const CHROMIUM = '/usr/bin/chromium';
// Without chromium the tests are skipped on a developer's machine, never in CI (where they must run).
const SKIP = !existsSync(CHROMIUM) && !process.env.CI;
if (SKIP)
  console.warn(
    `test/browser: SKIPPED — ${CHROMIUM} is missing (apt-get install chromium); in CI (CI set) these tests run and fail instead`,
  );
const LAUNCH_MS = 120_000;
const TEST_MS = 180_000;

/** The worked example as the book plays it: the interception succeeds, so no avoid battle and no withdrawal. */
const BOOK_MACHINES = ['movement', 'interception', 'fieldBattle', 'retreat'];
/** Every option declined: interception, avoid battle and withdrawal are each asked. */
const ALL_MACHINES = ['movement', 'interception', 'avoidBattle', 'withdrawal', 'fieldBattle', 'retreat'];

let dir = '';
let site: Server;
let origin = '';
let browser: Browser;

beforeAll(async () => {
  if (SKIP) return;
  dir = mkdtempSync(join(tmpdir(), 'his-inspector-'));
  for (const name of ['page', 'receiver']) {
    await build({
      entryPoints: [join(import.meta.dirname, 'inspector', `${name}.ts`)],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      outfile: join(dir, `${name}.js`),
      logLevel: 'silent',
    });
    writeFileSync(
      join(dir, `${name}.html`),
      `<!doctype html><meta charset="utf-8"><script type="module" src="${name}.js"></script>\n`,
    );
  }
  site = await serve(dir);
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  browser = await chromium.launch({
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
}, LAUNCH_MS);

afterAll(async () => {
  await browser?.close();
  site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A browser context whose every page and frame reports its errors, failed requests and console errors. */
async function watched(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext();
  const problems: string[] = [];
  const watch = (p: Page) => {
    p.on('pageerror', (e) => void problems.push(`${p.url()}: ${e.message}`));
    p.on('console', (m) => void (m.type() === 'error' && problems.push(`${p.url()}: console: ${m.text()}`)));
    p.on('requestfailed', (r) => void problems.push(`${p.url()}: request failed: ${r.url()}`));
  };
  context.on('page', watch);
  const page = await context.newPage();
  await page.goto(`${origin}/page.html`);
  await page.waitForFunction(() => 'inspectorPage' in window);
  return { context, page, problems };
}

function run(page: Page, how: keyof InspectorPage, url?: string): Promise<Played> {
  return page.evaluate(
    ([h, u]) => (window as unknown as { inspectorPage: InspectorPage }).inspectorPage[h](u as string),
    [how, url] as const,
  );
}

/** Every send of the worked example accepted, nothing thrown by an observer, the move finished. */
function expectClean(played: Played): void {
  expect(played.sends).toHaveLength(5);
  expect(played.sends).toEqual(played.sends.map(() => ({ ok: true, observerErrors: [] })));
  expect(played.finished).toBe(true);
  expect(played.declined).toBe(true);
}

type Received = Pick<StatelyInspectionEvent, 'type' | 'sessionId' | 'rootId'> & {
  readonly name?: string;
  readonly parentId?: string;
  readonly snapshot?: { readonly status?: string; readonly value?: unknown; readonly context?: unknown };
};

/** The actor tree an inspector received: both roots, each with its procedures, every parent one it was told of. */
function expectWholeTree(received: readonly Received[]): void {
  const actors = received.filter((e) => e.type === '@xstate.actor');
  const byId = new Map(actors.map((a) => [a.sessionId, a]));
  for (const a of actors) if (a.parentId !== undefined) expect(byId.has(a.parentId), `parent of ${a.name}`).toBe(true);
  const roots = actors.filter((a) => a.parentId === undefined);
  expect(roots.map((a) => a.name)).toEqual(['movement', 'movement']);
  const under = (root: Received) => actors.filter((a) => a.rootId === root.sessionId).map((a) => a.name);
  expect(under(roots[0]!)).toEqual(BOOK_MACHINES);
  expect(under(roots[1]!)).toEqual(ALL_MACHINES);
  // The root arrives with its state and its context (the board), as the inspector shows them.
  expect(roots[0]!.snapshot).toMatchObject({ status: expect.any(String), value: expect.anything() });
  expect(roots[0]!.snapshot?.context).toMatchObject({ world: { position: { stacks: expect.any(Array) } } });
  // Events and snapshots arrive for the actors it knows.
  for (const type of ['@xstate.event', '@xstate.snapshot'] as const) {
    const of = received.filter((e) => e.type === type);
    expect(of.length, type).toBeGreaterThan(0);
    for (const e of of) expect(byId.has(e.sessionId), `${type} of ${e.sessionId}`).toBe(true);
  }
}

/**
 * What a receiver page (or frame) holds once it has both roots' procedures, or after a while without them (the
 * assertions then say what is missing).
 */
async function receivedIn(where: Page | Frame): Promise<Received[]> {
  const expected = BOOK_MACHINES.length + ALL_MACHINES.length;
  await where
    .waitForFunction(
      (n) => {
        const got = (window as unknown as { received?: { type: string }[] }).received ?? [];
        return got.filter((e) => e.type === '@xstate.actor').length >= n;
      },
      expected,
      { timeout: 30_000 },
    )
    .catch(() => undefined);
  // The last procedure's snapshots follow its actor event in later idle callbacks.
  await new Promise((settled) => setTimeout(settled, 500));
  return where.evaluate(() => (window as unknown as { received: Received[] }).received);
}

describe.skipIf(SKIP)('inspecting a session in Chromium with @statelyai/inspect', () => {
  test(
    '[DESIGN] createBrowserInspector: the inspector window gets the movement root and every procedure under it, and no page has an error',
    async () => {
      const { context, page, problems } = await watched();
      try {
        const opened = context.waitForEvent('page');
        const played = await run(page, 'browser', `${origin}/receiver.html`);
        const inspectorWindow = await opened;
        const received = await receivedIn(inspectorWindow);
        expect(problems).toEqual([]);
        expectClean(played);
        expectWholeTree(received);
      } finally {
        await context.close();
      }
    },
    TEST_MS,
  );

  test(
    '[DESIGN] createWebSocketInspector with createInspectorServer: its bridge page and a WebSocket receiver get the whole tree',
    async () => {
      const port = await freePort();
      // The bridge page frames the inspector UI from `url`: here the receiver page, in place of the hosted inspector.
      const server = createInspectorServer({ port, autoOpen: false, url: `${origin}/receiver.html` });
      const { context, page, problems } = await watched();
      const fromNode: Received[] = [];
      // A client of the server in this process too: the server relays each inspector's messages to every other client.
      const socket = new WebSocket(`ws://127.0.0.1:${port}`);
      socket.on('message', (data) => void fromNode.push(JSON.parse(String(data)) as Received));
      try {
        await new Promise((open, fail) => socket.once('open', open).once('error', fail));
        const bridge = await context.newPage();
        await bridge.goto(`http://localhost:${port}/`);
        const frame = bridge.frames().find((f) => f.url().startsWith(`${origin}/receiver.html`));
        if (!frame) throw new Error('the bridge page does not frame the receiver');
        await frame.waitForFunction(() => 'received' in window);
        const played = await run(page, 'webSocket', `ws://127.0.0.1:${port}`);
        const received = await receivedIn(frame);
        expect(problems).toEqual([]);
        expectClean(played);
        expectWholeTree(received);
        expectWholeTree(fromNode);
      } finally {
        socket.terminate();
        await context.close();
        server.stop();
      }
    },
    TEST_MS,
  );

  test(
    '[DESIGN] an inspector that throws comes back in the observerErrors of each send it threw in, and the move plays on',
    async () => {
      const { context, page, problems } = await watched();
      try {
        const played = await run(page, 'throwing');
        expect(played.sends.map((s) => s.ok)).toEqual([true, true, true, true, true]);
        for (const s of played.sends) expect(s.observerErrors).toContain('inspector: Error: inspector failure');
        expect(played.finished).toBe(true);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_MS,
  );
});

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** The pages and their scripts on 127.0.0.1 (module scripts do not load from file: URLs); no favicon. */
function serve(root: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const name = (req.url ?? '/').split('?')[0]!.replace(/^\//, '');
    const type = TYPES[name.slice(name.lastIndexOf('.'))];
    if (name === 'favicon.ico' || !type || name.includes('/')) {
      res.writeHead(name === 'favicon.ico' ? 204 : 404).end();
      return;
    }
    try {
      res.writeHead(200, { 'content-type': type }).end(await readFile(join(root, name)));
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}
