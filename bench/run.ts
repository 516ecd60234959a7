// `npm run bench` (not a test): what the engine costs, measured in one process with warm-up and repetitions, medians
// reported. Prints a table and writes bench/results.json. Absolute times depend on the machine and its load; the
// ratio to the XState floor is the figure that travels.
//
// The floor: the same machines (uninstrumented), started from the same input, with the same events sent straight to
// the active child actor — no session, no inspector, no trace, no decisions, no checks. The session runs the machines
// as a snapshot tree on XState's pure transitions (src/engine/tree.ts); the same tree alone, with nothing else, is
// measured too ("tree floor"), so that what the session adds to its own way of running the machines shows apart.
//
// The ratio to the floor is taken from single calls of the two interleaved (resolve, floor, resolve, …), so that both
// see the same load: on a shared machine, a load that comes and goes between two timed blocks distorts their ratio.
// The ratio to the tree floor (resolve.ratioToTreeFloor) and resolve.ratioSeparateRuns come from tinybench's separate
// blocks, and carry that distortion.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { createActor } from 'xstate';
import { movementMachine } from '../machines/index.ts';
import { activeLeaf } from '../src/engine/actors.ts';
import { TreeRunner } from '../src/engine/tree.ts';
import { resolve } from '../src/engine/resolve.ts';
import { parseScenario, type Scenario } from '../src/engine/scenario.ts';
import { createSession } from '../src/engine/session.ts';
import { advise } from '../src/review/advise.ts';
import { explore } from '../src/review/explore.ts';
import { LIMITS } from '../src/schema/limits.ts';
import type { EngineEvent } from '../src/schema/events.ts';
import {
  battle20v39,
  bigMapInput,
  interceptHub,
  retreatHub,
  tenGroups,
  vienna,
  viennaText,
  viennaWithoutScript,
} from './scenarios.ts';

const ROOT = join(import.meta.dirname, '..');
const quick = process.env.BENCH_QUICK === '1';

// The whole-process figures run `his` as a user does, the compiled engine in dist/: compiled from these sources first.
{
  const tsc = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (tsc.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed: ${tsc.stdout}${tsc.stderr}`);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
}

/** Median wall time of `runs` calls (after `warm` unmeasured ones), in ms. */
function timed(runs: number, warm: number, f: () => void): number {
  return median(timings(runs, warm, f));
}

/** Each run's wall time, after `warm` unmeasured runs. */
function timings(runs: number, warm: number, f: () => void): number[] {
  for (let i = 0; i < warm; i++) f();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    ms.push(performance.now() - t);
  }
  return ms;
}

// The worked example as the session resolves it, and every event it accepted (scripted, forced and rolled).
const book: Scenario = vienna();
const first = resolve(book);
if (!first.ok) throw new Error(first.error.message);
const played: readonly EngineEvent[] = first.session.log.map((a) => a.event);
/** The events of the worked example a host sends (its answers and rolled dice), without the engine's forced answers. */
const playedByHost: readonly EngineEvent[] = first.session.log.filter((a) => a.source !== 'engine').map((a) => a.event);

/** The XState floor: the same machines and events, sent to the active child, nothing else. */
function floor(): void {
  const root = createActor(movementMachine, {
    input: { world: book.world, ...(book.data.move ? { move: book.data.move } : {}) },
  }).start();
  for (const e of played) activeLeaf(root)!.send(e);
  if (root.getSnapshot().status !== 'done') throw new Error('the floor did not finish the worked example');
}

/** The same machines and events on the session's snapshot tree, with nothing else: no trace, decisions or checks. */
function treeFloor(): void {
  const runner = new TreeRunner({ trace: () => {} });
  let tree = runner.start(movementMachine, {
    world: book.world,
    ...(book.data.move ? { move: book.data.move } : {}),
  });
  for (const e of played) tree = runner.send(tree, e);
  if (tree.snapshot.status !== 'done') throw new Error('the tree floor did not finish the worked example');
}

// A session waiting for the interception roll: what explore forks at every step.
const midway = createSession(viennaWithoutScript());
midway.send(book.data.events[0]!);

// A session at the end of a long move (the eager policy's 100 interception attempts at a 100-spoke hub): a fork of it
// shares the trace and the log instead of copying them (issue 20), so it costs what a fork of `midway` costs.
const longMove = resolve(interceptHub(100), { policy: 'eager', seed: 1 }).session;

// The JIT takes a few thousand calls to settle on the engine's code: warm the three the same way before any is timed
// (tinybench's own warm-up of a hundred calls per task leaves the first task, the session, measured half-compiled).
for (let i = 0; i < (quick ? 200 : 3000); i++) {
  resolve(book);
  floor();
  treeFloor();
}

const bench = new Bench({
  iterations: quick ? 50 : 400,
  time: quick ? 200 : 2000,
  warmup: true,
  warmupIterations: 100,
});
bench
  .add('resolve (session)', () => void resolve(book))
  .add('floor (XState alone)', floor)
  .add('tree floor (snapshot tree alone)', treeFloor)
  .add('fork', () => void midway.fork())
  .add('fork of a long move', () => void longMove.fork());
await bench.run();
const stat = (name: string) => {
  const t = bench.getTask(name)?.result;
  if (!t || !('latency' in t)) throw new Error(`no result for ${name}`);
  return t.latency;
};
const resolveMs = stat('resolve (session)').p50;
const floorMs = stat('floor (XState alone)').p50;
const treeFloorMs = stat('tree floor (snapshot tree alone)').p50;

// The ratio: single calls of the session and the floor, interleaved, median of each.
const pairs = { resolve: [] as number[], floor: [] as number[] };
for (let i = 0; i < (quick ? 300 : 3000); i++) {
  let t = performance.now();
  resolve(book);
  pairs.resolve.push(performance.now() - t);
  t = performance.now();
  floor();
  pairs.floor.push(performance.now() - t);
}
const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const forkMs = stat('fork').p50;
const forkLongMs = stat('fork of a long move').p50;

// send latency: every send of the worked example, many times.
const sends: number[] = [];
const script = book.data.events.slice();
for (let i = 0; i < (quick ? 50 : 300); i++) {
  const s = createSession(viennaWithoutScript());
  for (const e of script) {
    const t = performance.now();
    s.send(e);
    sends.push(performance.now() - t);
  }
}

// explore of the worked example (every listed answer): wall time, per node, peak memory. The wall time is the median
// of five runs after three unmeasured ones (the JIT settles over the first few); the first run is reported too.
const ex = viennaWithoutScript();
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let peak = heapBefore;
const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
let t0 = performance.now();
let report = explore(ex);
const exploreFirstMs = performance.now() - t0;
const exploreRuns = timings(quick ? 1 : 5, quick ? 0 : 2, () => {
  report = explore(ex);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
});
clearInterval(watch);

// odds of a 20 v 39-dice battle under the default policy.
const big = battle20v39();
t0 = performance.now();
let odds = explore(big, { decisions: 'decline' });
const oddsFirstMs = performance.now() - t0;
const oddsRuns = timings(quick ? 1 : 5, quick ? 0 : 2, () => void (odds = explore(big, { decisions: 'decline' })));
// The median is the figure; the fastest run shows what the engine does when this shared machine is not slowed by
// other work (its speed changes by half from one minute to the next).
const exploreMs = median(exploreRuns);
const oddsMs = median(oddsRuns);

// Option lists on large boards, and the time to build them. The boards are as large as a scenario may be (LIMITS: a
// hub, its origin and 998 spokes make 1 000 spaces); the keys keep the names they had when the boards were larger
// (1 000 spokes, a 10 000-space map) and the sizes measured are keys of their own.
const LARGEST_HUB = LIMITS.spaces - 2;
const optionsOf = (
  scenario: Scenario,
  until: (kind: string) => boolean,
  answer: (s: ReturnType<typeof createSession>) => void,
) => {
  const s = createSession(scenario);
  for (let i = 0; i < 50 && s.pending && !until(s.pending.kind); i++) answer(s);
  return s;
};
const hits = (n: number, k: number) => [...Array<number>(k).fill(6), ...Array<number>(n - k).fill(1)];
const rollOrDecline = (s: ReturnType<typeof createSession>) => {
  const d = s.pending!;
  if (d.kind === 'roll')
    s.send({ type: 'dice.rolled', values: hits(d.roll!.dice, d.roll!.purpose === 'attacker' ? d.roll!.dice : 0) });
  else s.send(d.options.at(-1)!.event);
};
let casualtiesOptions = 0;
const casualtiesMs = timed(quick ? 3 : 10, 1, () => {
  const s = optionsOf(tenGroups(), (k) => k === 'casualties', rollOrDecline);
  casualtiesOptions = s.pending?.options.length ?? 0;
});
let retreatOptions = 0;
const retreatBoard = retreatHub(LARGEST_HUB);
const retreatMs = timed(quick ? 3 : 10, 1, () => {
  const s = optionsOf(
    retreatBoard,
    (k) => k === 'retreat',
    (x) => {
      const d = x.pending!;
      if (d.kind === 'roll')
        x.send({ type: 'dice.rolled', values: hits(d.roll!.dice, d.roll!.purpose === 'attacker' ? 2 : 0) });
      else if (d.kind === 'casualties') x.send(d.options[0]!.event);
      else x.send(d.options.at(-1)!.event);
    },
  );
  retreatOptions = s.pending?.options.length ?? 0;
});
// The eager policy's whole move at a hub of 400 one-regular interceptors: 400 attempts, each a decision and a roll
// (the candidate search judges again only the space an attempt changed: src/rules/interception.ts).
const eagerHub = interceptHub(400);
const eagerHubMs = timed(quick ? 1 : 3, 1, () => {
  const r = resolve(eagerHub, { policy: 'eager', seed: 1 });
  if (!r.ok) throw new Error(r.error.message);
});

const hub = interceptHub(LARGEST_HUB);
let hubOptions = 0;
const hubMs = timed(quick ? 3 : 10, 1, () => {
  const s = createSession(hub);
  hubOptions = s.pending?.options.length ?? 0;
});
const mapInput = bigMapInput(LIMITS.spaces);
const parse10kMs = timed(quick ? 3 : 10, 1, () => void parseScenario(mapInput));

// Start-up of `his resolve` as a whole process (node + tsx + the engine).
const startups: number[] = [];
for (let i = 0; i < (quick ? 2 : 5); i++) {
  const t = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'his.mjs'), 'resolve', 'examples/vienna-1517.json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`his resolve failed: ${r.stderr}`);
  startups.push(performance.now() - t);
}

// One machine step (a microstep, or a procedure started) on the session's snapshot tree with nothing else: the tree
// floor of the worked example over the steps its resolution takes.
const workedSteps = first.session.traceLength;
const transitionUs = (treeFloorMs * 1000) / workedSteps;

// The worked example's whole legal answer space, single-threaded, in a process of its own (bench/explore-all.ts):
// warm runs' wall and CPU time, and the machines' steps its branches took.
const child = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(ROOT, 'bench', 'explore-all.ts'), quick ? '1' : '3', quick ? '0' : '1'],
  { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 },
);
if (child.status !== 0) throw new Error(`bench/explore-all.ts failed: ${child.stderr}`);
const all = JSON.parse(child.stdout) as {
  wallMs: number[];
  cpuMs: number[];
  paths: number;
  nodes: number;
  distinctStates: number;
  acceptMs: number;
  accepts: number;
  steps: number;
  peakRssMB: number;
};
const exploreAllMs = median(all.wallMs);

/**
 * A whole `his` process (node, the compiled engine, the JIT's warm-up): its wall time and its peak resident memory,
 * read from /proc while it runs (VmHWM, the high-water mark; 0 where /proc is not there).
 */
function hisProcess(args: readonly string[]): Promise<{ ms: number; rssMB: number }> {
  return new Promise((done, fail) => {
    const t = performance.now();
    const p = spawn(process.execPath, [join(ROOT, 'bin', 'his.mjs'), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let hwm = 0;
    let stderr = '';
    const read = () => {
      try {
        const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p.pid}/status`, 'utf8'))?.[1];
        if (kb) hwm = Math.max(hwm, Number(kb));
      } catch {
        // The process has just exited: its last reading stands.
      }
    };
    const poll = setInterval(read, 10);
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('exit', (code) => {
      clearInterval(poll);
      if (code !== 0) fail(new Error(`his ${args.join(' ')} exited with ${code}: ${stderr}`));
      else done({ ms: performance.now() - t, rssMB: hwm / 1024 });
    });
  });
}

// `his explore examples/vienna-1517.json` as a user runs it (every legal answer, one thread), and with --workers 2,
// interleaved so that both see the same load.
const oneThread: { ms: number; rssMB: number }[] = [];
const twoWorkers: number[] = [];
for (let i = 0; i < (quick ? 1 : 3); i++) {
  oneThread.push(await hisProcess(['explore', 'examples/vienna-1517.json']));
  twoWorkers.push((await hisProcess(['explore', 'examples/vienna-1517.json', '--workers', '2'])).ms);
}
const processMs = median(oneThread.map((r) => r.ms));

// advise at each decision of the worked example (the script played event by event, the advisor called at every
// pending decision, rolls included), several times over after a warm-up; the median call. The advice at a session's
// later decisions reuses what its earlier advice explored (src/review/advise.ts); `cold` advises a fresh fork at each
// decision instead, which has nothing to reuse: each call's own cost (advise.coldMedianMs).
const adviseRounds = (rounds: number, cold = false): number[] => {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const s = createSession(viennaWithoutScript());
    for (const e of playedByHost) {
      if (s.pending) {
        const asked = cold ? s.fork() : s;
        const t = performance.now();
        advise(asked);
        times.push(performance.now() - t);
      }
      const sent = s.send(e);
      if (!sent.ok) throw new Error(sent.error.message);
    }
  }
  return times;
};
adviseRounds(quick ? 1 : 3);
adviseRounds(quick ? 1 : 3, true);
const adviseTimes = adviseRounds(quick ? 2 : 10);
const adviseColdTimes = adviseRounds(quick ? 2 : 10, true);

// The same calls in Chromium, timed by the page itself (bench/browser-advise.ts, bundled as the walkthrough's engine
// is): reported, not a target of this run's exit.
async function browserAdvise(): Promise<number | null> {
  const CHROMIUM = '/usr/bin/chromium';
  if (!existsSync(CHROMIUM)) return null;
  const { build } = await import('esbuild');
  const bundle = await build({
    entryPoints: [join(ROOT, 'bench', 'browser-advise.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    minify: true,
  });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: 120_000,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>advise</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const times = await page.evaluate(
      ([scenario, events, warm, rounds]) => {
        const f = (globalThis as unknown as { adviseTimes: (s: unknown, e: unknown, r: number) => number[] })
          .adviseTimes;
        f(scenario, events, warm);
        return f(scenario, events, rounds);
      },
      [JSON.parse(viennaText) as unknown, playedByHost, quick ? 1 : 3, quick ? 2 : 10] as const,
    );
    return median(times);
  } finally {
    await browser.close();
  }
}
const adviseBrowserMs = await browserAdvise();

const results = {
  machine: `${process.platform} ${process.arch}, Node ${process.version}, ${(await import('node:os')).cpus().length} cores`,
  'resolve.ms': round(resolveMs),
  'resolve.perSecond': Math.round(1000 / resolveMs),
  'floor.ms': round(floorMs),
  'resolve.ratioToFloor': round(median(pairs.resolve) / median(pairs.floor)),
  'resolve.ratioToFloorMean': round(meanOf(pairs.resolve) / meanOf(pairs.floor)),
  'resolve.ratioSeparateRuns': round(resolveMs / floorMs),
  'treeFloor.ms': round(treeFloorMs),
  'resolve.ratioToTreeFloor': round(resolveMs / treeFloorMs),
  'fork.ms': round(forkMs),
  'fork.longMoveMs': round(forkLongMs),
  'fork.longMoveTraceSteps': longMove.traceLength,
  'send.medianMs': round(median(sends)),
  'send.p99Ms': round(percentile(sends, 0.99)),
  'explore.wallMs': Math.round(exploreMs),
  'explore.fastestMs': Math.round(Math.min(...exploreRuns)),
  'explore.firstRunMs': Math.round(exploreFirstMs),
  'explore.nodes': report.nodes,
  'explore.paths': report.paths,
  'explore.distinctStates': report.distinctStates,
  'explore.msPerNode': round(exploreMs / report.nodes),
  'explore.peakHeapMB': round((peak - heapBefore) / 1048576),
  'odds20v39.wallMs': Math.round(oddsMs),
  'odds20v39.fastestMs': Math.round(Math.min(...oddsRuns)),
  'odds20v39.firstRunMs': Math.round(oddsFirstMs),
  'odds20v39.paths': odds.paths,
  'options.maxCasualties': casualtiesOptions,
  'options.casualtiesMs': round(casualtiesMs),
  'options.maxRetreat': retreatOptions,
  'options.retreat1000Ms': round(retreatMs),
  'options.interceptHub1000': hubOptions,
  'scaling.interceptHub1000Ms': round(hubMs),
  'scaling.eagerHub400Ms': round(eagerHubMs),
  'parse.map10000Ms': round(parse10kMs),
  'parse.mapSpaces': LIMITS.spaces,
  'options.hubSpokes': LARGEST_HUB,
  'cli.startupMs': Math.round(median(startups)),
  'transition.us': round(transitionUs),
  'transition.workedExampleSteps': workedSteps,
  'exploreAll.wallMs': Math.round(exploreAllMs),
  'exploreAll.cpuMs': Math.round(median(all.cpuMs)),
  'exploreAll.processMs': Math.round(processMs),
  'exploreAll.peakRssMB': Math.round(Math.max(...oneThread.map((r) => r.rssMB))),
  'exploreAll.benchProcessRssMB': Math.round(all.peakRssMB),
  'exploreAll.nodes': all.nodes,
  'exploreAll.paths': all.paths,
  'exploreAll.distinctStates': all.distinctStates,
  'exploreAll.usPerNode': round((exploreAllMs * 1000) / all.nodes),
  'exploreAll.accepts': all.accepts,
  'exploreAll.steps': all.steps,
  'exploreAll.acceptShare': round(all.acceptMs / all.wallMs.at(-1)!),
  'exploreAll.ratioToTransitions': round(exploreAllMs / ((all.steps * transitionUs) / 1000)),
  'workers.processMs2': Math.round(median(twoWorkers)),
  'workers.speedup2': round(processMs / median(twoWorkers)),
  'advise.medianMs': round(median(adviseTimes)),
  'advise.maxMs': round(Math.max(...adviseTimes)),
  'advise.calls': adviseTimes.length,
  'advise.coldMedianMs': round(median(adviseColdTimes)),
  'advise.coldMaxMs': round(Math.max(...adviseColdTimes)),
  'advise.browserMs': adviseBrowserMs === null ? null : round(adviseBrowserMs),
};

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

const targets: [string, boolean][] = [
  ['session ≤ 1.3× the floor', results['resolve.ratioToFloor'] <= 1.3],
  ['explore of the worked example under 1 s', results['explore.wallMs'] < 1000],
  ['odds of the 20 v 39 battle under 300 ms', results['odds20v39.wallMs'] < 300],
  ['no decision with more than 500 options', Math.max(casualtiesOptions, retreatOptions, hubOptions) <= 500],
  ['1000-spoke interception hub under 1 s', results['scaling.interceptHub1000Ms'] < 1000],
  ['eager policy at a 400-spoke interception hub under 2 s', results['scaling.eagerHub400Ms'] < 2000],
  ['explore --answers all of the worked example under 1.5 s', results['exploreAll.wallMs'] < 1500],
  ['explore --answers all within 3× its transitions', results['exploreAll.ratioToTransitions'] <= 3],
  ['his explore of the worked example, peak resident memory under 150 MB', results['exploreAll.peakRssMB'] < 150],
  ['his explore of the worked example as a whole process under 3 s', results['exploreAll.processMs'] < 3000],
  ['advise at each decision of the worked example: median under 50 ms', results['advise.medianMs'] < 50],
  [
    'advise at each decision of the worked example, nothing reused (a fresh fork each time): median under 50 ms',
    results['advise.coldMedianMs'] < 50,
  ],
  ['odds of the 20 v 39 battle under 50 ms', results['odds20v39.wallMs'] < 50],
  ...(adviseBrowserMs === null
    ? []
    : ([['advise in Chromium: median under 200 ms', adviseBrowserMs < 200]] as [string, boolean][])),
];
console.log(`his-procedures benchmark — ${results.machine}${quick ? ' (quick)' : ''}\n`);
for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(28)} ${v}`);
console.log('\ntargets:');
for (const [name, met] of targets) console.log(`  ${met ? 'met    ' : 'NOT MET'}  ${name}`);
writeFileSync(
  join(ROOT, 'bench', 'results.json'),
  `${JSON.stringify({ ...results, targets: Object.fromEntries(targets) }, null, 2)}\n`,
);
console.log('\nwritten: bench/results.json');
