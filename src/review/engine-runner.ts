// The other side of `--engine` (src/review/engine-diff.ts): run in a child process with another copy of the engine,
// it answers the casebook's cases (or one scenario's exploration) with that copy's parseScenario and explore, and
// writes the answers in this engine's terms — casebook.ts's outcome lines and results format — so the two runs compare
// line by line. Only the library's oldest public names are used of the other copy: parseScenario and explore.
//
// Usage: node [--import tsx] engine-runner.(ts|js) <engine entry module> <job.json> <answer.json>
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadCases, runCaseOn, savedResults, type CaseEngine } from './casebook.ts';
import { outcomeValues, type EngineJob } from './engine-diff.ts';

const [entry, jobFile, answerFile] = process.argv.slice(2);
const engine = (await import(pathToFileURL(entry!).href)) as CaseEngine;
const job = JSON.parse(readFileSync(jobFile!, 'utf8')) as EngineJob;
let answer: unknown;
if (job.kind === 'casebook') answer = savedResults(loadCases(job.dir).map((c) => runCaseOn(engine, c)));
else {
  const scenario = engine.parseScenario(job.scenario);
  answer = outcomeValues(engine.explore(scenario, job.options));
}
writeFileSync(answerFile!, JSON.stringify(answer));
