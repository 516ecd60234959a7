// Benchmarks (not tests): how long the engine takes to resolve each example, and to create a session.
// Reports medians over many runs; absolute times are noisy on a shared machine, so compare ratios.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenario } from '../src/engine/scenario.ts';
import { resolve } from '../src/engine/resolve.ts';
import { createSession } from '../src/engine/session.ts';
import { explore } from '../src/review/explore.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const dir = join(import.meta.dirname, '..', 'examples');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function time(f: () => void): number {
  const t = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const rows: { name: string; parse: number; session: number; resolve: number; steps: number }[] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const text = readFileSync(join(dir, file), 'utf8');
  const scenario = parseScenario(text);
  for (let i = 0; i < 5; i++) resolve(scenario); // warm-up
  const parse: number[] = [], session: number[] = [], res: number[] = [];
  let steps = 0;
  for (let i = 0; i < RUNS; i++) {
    parse.push(time(() => parseScenario(text)));
    session.push(time(() => createSession(scenario)));
    res.push(time(() => {
      const r = resolve(scenario);
      steps = r.session.trace.length;
    }));
  }
  rows.push({ name: file, parse: median(parse), session: median(session), resolve: median(res), steps });
}

console.log(`median of ${RUNS} runs, milliseconds`);
console.log(['example'.padEnd(34), 'parse', 'session', 'resolve', 'trace steps', 'ms/step'].join('\t'));
for (const r of rows)
  console.log([r.name.padEnd(34), r.parse.toFixed(2), r.session.toFixed(2), r.resolve.toFixed(2), r.steps, (r.resolve / Math.max(1, r.steps)).toFixed(3)].join('\t'));

// Exhaustive exploration of the worked example (every answer, every dice outcome): a heavier workload.
{
  const scenario = parseScenario({ ...JSON.parse(readFileSync(join(dir, 'vienna-1517.json'), 'utf8')), events: [] });
  const runs = Math.max(3, Math.round(RUNS / 10));
  const times: number[] = [];
  let paths = 0;
  let nodes = 0;
  for (let i = 0; i < runs; i++)
    times.push(time(() => {
      const r = explore(scenario, { decisions: 'all' });
      paths = r.paths;
      nodes = r.nodes;
    }));
  const t = median(times);
  console.log(`\nexplore vienna-1517 (all answers): median of ${runs} runs ${t.toFixed(0)} ms, ${paths} paths, ${nodes} nodes, ${(t / nodes).toFixed(2)} ms/node`);
}
