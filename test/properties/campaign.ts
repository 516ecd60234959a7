// A failure-hunting campaign (a tool, not a test): runs the playout properties many times without stopping at the
// first failure, buckets every violation by its normalised category, then re-runs fast-check with the same seed
// for each bucket, failing only on that bucket's category, so that fast-check finds and SHRINKS a minimal
// scenario + event list for every failure class.
//
//   npx tsx test/properties/campaign.ts [--runs 2000] [--seed 42] [--only main|explore|special|sieges|cards|cards-sieges|cards-landsknechts|cards-landsknechts-sieges|cards-surprise|cards-surprise-sieges] [--out report.json]
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { scenarioArb, withCardsArb, type CardDeal, type GenOptions } from './arbitraries.ts';
import { drive, genChooser, script, seedArb, type DriveOptions, type Run, type Violation } from './drive.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const RUNS = Number(args.get('runs') ?? 2000);
const SEED = Number(args.get('seed') ?? 42);
const ONLY = args.get('only');
const OUT = args.get('out') ?? '/tmp/his-campaign.json';
const SHRINK = args.get('shrink') !== 'no';

interface Config {
  readonly gen: GenOptions;
  readonly drive: DriveOptions;
  readonly checks: readonly string[];
  /** Deal the supported cards into hands (arbitraries.ts `withCardsArb`, ruling R33). */
  readonly cards?: boolean;
  /** What the deal adds (arbitraries.ts `CardDeal`): the Ottoman's Landsknechts with mercenaries all over, Surprise Attack. */
  readonly deal?: CardDeal;
}

const CONFIGS: Record<string, Config> = {
  main: {
    gen: {},
    drive: { illegal: 20, unlisted: 25, afterEnd: 1, hostDice: 50 },
    checks: ['illegal', 'ends', 'exception', 'listed', 'decision', 'unlisted', 'invariants', 'result', 'oracle'],
  },
  explore: {
    gen: {},
    drive: { exploreOptions: 8, invariants: true, oracles: false },
    checks: ['listed', 'fork', 'invariants', 'exception'],
  },
  special: { gen: { specialIds: true, inlineShare: 1 }, drive: { illegal: 10, unlisted: 10 }, checks: ['exception'] },
  sieges: {
    gen: { focus: 'sieges' },
    drive: { illegal: 10, unlisted: 25, afterEnd: 1, hostDice: 50 },
    checks: ['illegal', 'ends', 'exception', 'listed', 'decision', 'unlisted', 'invariants', 'result', 'oracle'],
  },
  cards: {
    gen: {},
    cards: true,
    drive: { illegal: 20, unlisted: 25, afterEnd: 1, hostDice: 50 },
    checks: ['illegal', 'ends', 'exception', 'listed', 'decision', 'unlisted', 'invariants', 'result', 'oracle'],
  },
  'cards-sieges': {
    gen: { focus: 'sieges' },
    cards: true,
    drive: { illegal: 10, unlisted: 25, afterEnd: 1, hostDice: 50 },
    checks: ['illegal', 'ends', 'exception', 'listed', 'decision', 'unlisted', 'invariants', 'result', 'oracle'],
  },
  'cards-landsknechts': {
    gen: {},
    cards: true,
    deal: { ottomanLandsknechts: true },
    drive: { illegal: 10, unlisted: 25, afterEnd: 1, hostDice: 50 },
    checks: ['illegal', 'ends', 'exception', 'listed', 'decision', 'unlisted', 'invariants', 'result', 'oracle'],
  },
  'cards-landsknechts-sieges': {
    gen: { focus: 'sieges' },
    cards: true,
    deal: { ottomanLandsknechts: true },
    drive: { illegal: 10, unlisted: 25, afterEnd: 1, hostDice: 50 },
    checks: ['illegal', 'ends', 'exception', 'listed', 'decision', 'unlisted', 'invariants', 'result', 'oracle'],
  },
  'cards-surprise': {
    gen: {},
    cards: true,
    deal: { surpriseAttack: true },
    drive: { illegal: 10, unlisted: 25, afterEnd: 1, hostDice: 50 },
    checks: ['illegal', 'ends', 'exception', 'listed', 'decision', 'unlisted', 'invariants', 'result', 'oracle'],
  },
  'cards-surprise-sieges': {
    gen: { focus: 'sieges' },
    cards: true,
    deal: { surpriseAttack: true, ottomanLandsknechts: true },
    drive: { illegal: 10, unlisted: 25, afterEnd: 1, hostDice: 50 },
    checks: ['illegal', 'ends', 'exception', 'listed', 'decision', 'unlisted', 'invariants', 'result', 'oracle'],
  },
};

let uncaught = 0;
process.on('uncaughtException', () => void uncaught++);

const sig = (v: Violation) => `[${v.check}] ${v.category}`;

function property(c: Config, judge: (run: Run) => boolean, onRun?: (run: Run) => void) {
  return fc.property(c.cards ? withCardsArb(c.gen, c.deal) : scenarioArb(c.gen), seedArb, fc.gen(), (json, seed, g) => {
    const run = drive(json, genChooser(g), { ...c.drive, seed });
    onRun?.(run);
    return judge(run);
  });
}

const report: Record<string, unknown>[] = [];
for (const [name, c] of Object.entries(CONFIGS)) {
  if (ONLY && ONLY !== name) continue;
  const t0 = performance.now();
  const buckets = new Map<string, { count: number; first: number }>();
  let index = 0;
  fc.check(
    property(
      c,
      () => true,
      (run) => {
        for (const v of run.violations) {
          if (!c.checks.includes(v.check)) continue;
          const k = sig(v);
          const b = buckets.get(k) ?? { count: 0, first: index };
          b.count++;
          buckets.set(k, b);
        }
        index++;
      },
    ),
    { numRuns: RUNS, seed: SEED },
  );
  const ms = performance.now() - t0;
  console.log(`\n== ${name}: ${RUNS} runs in ${(ms / 1000).toFixed(1)} s, ${buckets.size} failure classes`);
  for (const [k, b] of [...buckets].sort((x, y) => y[1].count - x[1].count)) {
    let minimal: Run | undefined;
    if (SHRINK) {
      fc.check(
        property(c, (run) => {
          const bad = run.violations.some((v) => sig(v) === k);
          if (bad) minimal = run;
          return !bad;
        }),
        // replay the bucket's first failing run directly (fast-check's path), then shrink it
        { numRuns: RUNS, seed: SEED, path: String(b.first) },
      );
    }
    const v = minimal?.violations.find((x) => sig(x) === k);
    console.log(`\n${String(b.count).padStart(5)}× ${k}`);
    if (minimal) {
      console.log(`   detail: ${v?.detail.slice(0, 400)}`);
      console.log(`   seed: ${minimal.seed}`);
      console.log(`   scenario: ${JSON.stringify(minimal.json)}`);
      console.log(`   calls: ${JSON.stringify(script(minimal.calls))}`);
    }
    report.push({
      config: name,
      signature: k,
      count: b.count,
      firstRun: b.first,
      detail: v?.detail,
      seed: minimal?.seed,
      scenario: minimal?.json,
      calls: minimal ? script(minimal.calls) : undefined,
      violations: minimal?.violations.map(sig),
    });
  }
}
writeFileSync(OUT, JSON.stringify({ runs: RUNS, seed: SEED, uncaught, buckets: report }, null, 1));
console.log(`\nuncaught asynchronous exceptions: ${uncaught}\nreport: ${OUT}`);
