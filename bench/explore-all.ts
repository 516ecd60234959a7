// Part of `npm run bench`, run by bench/run.ts in a process of its own (so that its memory is its own): the worked
// example's whole legal answer space (`explore --answers all`), single-threaded, from the sources. Writes one line of
// JSON on stdout: each run's wall and CPU time, the counts, the time spent in the branches' transitions and the
// machines' steps they took (CoreHooks.clock), and the process's peak resident memory.
//
//   node --import tsx bench/explore-all.ts [runs] [warm-up runs]
import { assembleReport, exploreCore } from '../src/review/explore.ts';
import { viennaWithoutScript } from './scenarios.ts';

const runs = Number(process.argv[2] ?? 3);
const warm = Number(process.argv[3] ?? 1);
const scenario = viennaWithoutScript();
const wallMs: number[] = [];
const cpuMs: number[] = [];
let last = { paths: 0, nodes: 0, distinctStates: 0, acceptMs: 0, accepts: 0, steps: 0 };
for (let i = 0; i < warm + runs; i++) {
  const clock = { acceptMs: 0, accepts: 0, steps: 0 };
  const cpu = process.cpuUsage();
  const t = performance.now();
  const r = assembleReport(exploreCore(scenario, { answers: 'all' }, { clock }));
  const ms = performance.now() - t;
  if (i < warm) continue;
  wallMs.push(ms);
  cpuMs.push(process.cpuUsage(cpu).user / 1000);
  last = { paths: r.paths, nodes: r.nodes, distinctStates: r.distinctStates, ...clock };
}
process.stdout.write(
  `${JSON.stringify({ wallMs, cpuMs, ...last, peakRssMB: process.resourceUsage().maxRSS / 1024 })}\n`,
);
