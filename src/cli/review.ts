// `his odds` and `his explore`: exact chances under a policy, and every answer with the invariants — the built-in
// ones and a reviewer's own (--assert) — and a reviewer's query (--find) answered with the shortest path to each
// matching outcome.
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { MACHINES, type MachineId } from '../../machines/index.ts';
import { ScenarioError, type Scenario } from '../engine/scenario.ts';
import { walkthrough } from '../viz/walkthrough/index.ts';
import { END_INVARIANTS, RESULT_PARSES } from '../review/invariants.ts';
import {
  ANSWERS_ACCEPTED,
  explore,
  ExploreScriptError,
  type ExploreOptions,
  type ExploreReport,
  type Invariant,
  type Match,
  type OutcomeQuery,
} from '../review/explore.ts';
import { format, fraction, percent, type Fraction } from '../review/fraction.ts';
import { compileExpression, importInvariants, InvariantModuleError, QueryPropertyError } from '../review/query.ts';
import { exploreInParallel } from '../review/parallel.ts';
import { estimateSize } from '../review/estimate.ts';
import { estimateLines } from './estimate.ts';
import { diffCase, type CaseResult } from '../review/casebook.ts';
import { EngineError, engineCopy, engineVersion, outcomeValues, runWith } from '../review/engine-diff.ts';
import { diffLines, REVIEW_CHANGED } from './casebook.ts';
import { questionQuery, verdictLine, verdictOf, type Question } from '../review/verdict.ts';
import { resolve as resolvePath } from 'node:path';
import { bounds, BOUNDS, keptNothing, stoppedAt, stoppedEarly, type Limits } from './limits.ts';
import {
  badInput,
  FileError,
  oneFile,
  options,
  out,
  err,
  policyOf,
  readEvents,
  RULING_OPTION,
  rulingsOf,
  UsageError,
  wholeNumber,
  withoutScript,
} from './common.ts';

/** The explore lines of `his help` (src/cli.ts puts them in its USAGE). */
export const EXPLORE_USAGE = `  his explore <scenario.json> [--answers all|listed] [--policy decline|eager] [--events file.json]
              [--assert module.mjs]... [--find|--exists|--forall '<expression>'
              [--out paths.json [--walkthrough [--max-pages N]]]] [--workers N|auto] [--engine <copy>] [--estimate N] [--max-paths N] [--max-nodes N] [--max-ms N] [--ruling ID=READING]... [--json]
      Every legal answer of every decision (--answers all, the default; listed: the answers each decision lists) and
      every dice outcome: paths, end positions, answers sent per decision kind, each invariant by name (the built-in
      ones and those of each --assert module's default export) with the states it was checked on and its violations,
      and the states of each machine that were reached. --find
      reports every end position where the expression (your own JavaScript over position and summary, run in this
      process) is true, with the shortest path of answers and dice to it; --out paths.json writes them, and one events
      file per match beside it (paths-1.json, …) for his resolve --events; --walkthrough adds a page per match
      (paths-1.html, …; at most --max-pages, 20 by default). --exists '<expression>' answers "is there any path where it is true?" and --forall "is it
      true on every path?" in one line, with the shortest witness or counter-example (exit 0 yes/holds, 1 no/fails,
      6 undecided: a bound stopped the run first). A query that reads a property its data does not have is an error
      naming it (exit 2). --engine <copy> runs the same exploration with another copy of the engine (as review
      --engine names it) and prints what changed in its end positions (exit 0 the same, 5 changed). --workers splits
      the work between threads. --estimate N estimates the size first, without exploring: Knuth's estimator over N
      random descents (seed 1) gives the paths and tree nodes with a 95 % interval and the branches per decision kind
      (--max-ms bounds the descents). Exit code 4 when an invariant is violated.`;

/**
 * A scripted event (`--events`) the engine refused before the exploration began: the refusal with its rule, the event's
 * number and index (or JSON) and exit 3, the code `his resolve --events` gives an illegal scripted event.
 */
function scriptRefused(e: ExploreScriptError, json: boolean): number {
  const { code, rule, message } = e.error;
  if (json)
    out(JSON.stringify({ ok: false, error: { code, ...(rule ? { rule } : {}), message, index: e.index } }, null, 2));
  else err(`his: scripted event ${e.index + 1} (index ${e.index}) was refused: ${rule ? `[${rule}] ` : ''}${message}`);
  return 3;
}

export function cmdOdds(args: string[]): number {
  const { values, positionals } = options(args, {
    policy: { type: 'string' },
    events: { type: 'string' },
    json: { type: 'boolean' },
    ...BOUNDS,
    ...RULING_OPTION,
  });
  const file = oneFile(positionals, 'odds');
  const policy = policyOf(values.policy);
  const limits = bounds(values);
  const rulings = rulingsOf(values.ruling);
  try {
    // The scenario's own script is ignored; an events file is played first, as explore --events plays it.
    const scenario = withoutScript(file, rulings);
    const events = values.events ? readEvents(values.events) : undefined;
    const r = explore(scenario, { decisions: policy, ...limits, ...(events ? { events } : {}) });
    const pct = (f: Fraction) => percent(f).padStart(8);
    const at = stoppedAt(r, limits);
    if (values.json) {
      out(
        JSON.stringify(
          {
            ok: true,
            policy,
            paths: r.paths,
            truncated: r.truncated,
            ...(r.truncatedBy ? { truncatedBy: r.truncatedBy } : {}),
            ...(at ? { stoppedAt: at } : {}),
            distinctStates: r.distinctStates,
            total: format(r.totalProbability),
            marginals: Object.fromEntries(Object.entries(r.marginals).map(([k, f]) => [k, format(f)])),
            outcomes: r.outcomes.map((o) => ({
              probability: format(o.probability),
              description: o.description,
              position: o.position,
            })),
          },
          null,
          2,
        ),
      );
      return 0;
    }
    const stopped = stoppedEarly(r, limits, 'no probabilities and no outcomes');
    // A run stopped before any outcome was finished has no chances: no table of zeros that reads like an answer.
    if (stopped && keptNothing(r)) {
      out(`Policy ${policy}: ${stopped}`);
      return 0;
    }
    out(
      stopped
        ? `Policy ${policy}: ${stopped}\n`
        : `Policy ${policy}: ${r.paths} dice paths, probabilities add up to ${format(r.totalProbability)}.\n`,
    );
    for (const [k, f] of Object.entries(r.marginals)) out(`${pct(f)}  ${k}  (${format(f)})`);
    out('\nOutcomes (end positions), most likely first:');
    for (const o of r.outcomes) out(`${pct(o.probability)}  ${o.description}`);
    return 0;
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, values.json ?? false);
    if (e instanceof ExploreScriptError) return scriptRefused(e, values.json ?? false);
    throw e;
  }
}

/**
 * A `--find`, `--exists` or `--forall` expression as a query (src/review/query.ts): one that does not compile is a
 * usage error; one that reads a property the data does not have throws its QueryPropertyError (exit 2).
 */
export function compileQuery(expression: string, option = '--find'): OutcomeQuery {
  try {
    return compileExpression(expression);
  } catch (e) {
    if (e instanceof QueryPropertyError) throw e;
    throw new UsageError(`${option} is not a JavaScript expression: ${(e as Error).message}`);
  }
}

/** A query that read a property its data does not have: one line (or JSON), exit 2. */
function queryFailed(e: QueryPropertyError, option: string, json: boolean): number {
  const message = `${option} reads a property that does not exist: ${e.message}`;
  if (json)
    out(
      JSON.stringify(
        {
          ok: false,
          error: {
            code: 'unknown-property',
            message,
            property: e.property,
            path: e.path,
            known: e.known,
            ...(e.expression !== undefined ? { expression: e.expression } : {}),
          },
        },
        null,
        2,
      ),
    );
  else err(`his: ${message}`);
  return 2;
}

/** The exit code of a verdict: 0 yes or holds, 1 no or fails, 6 undecided (a bound stopped the run first). */
export const VERDICT_EXIT = { yes: 0, holds: 0, no: 1, fails: 1, undecided: 6 } as const;

/** A module whose default export is an invariant or an array of them: one that cannot be loaded is a bad input (exit 2). */
export async function loadInvariants(path: string): Promise<Invariant[]> {
  try {
    return await importInvariants(path);
  } catch (e) {
    if (e instanceof InvariantModuleError) throw new FileError(e.message);
    throw e;
  }
}

const EXPLORE_OPTIONS = {
  json: { type: 'boolean' },
  answers: { type: 'string' },
  policy: { type: 'string' },
  events: { type: 'string' },
  assert: { type: 'string', multiple: true },
  find: { type: 'string' },
  exists: { type: 'string' },
  forall: { type: 'string' },
  out: { type: 'string' },
  walkthrough: { type: 'boolean' },
  'max-pages': { type: 'string' },
  engine: { type: 'string' },
  workers: { type: 'string' },
  estimate: { type: 'string' },
  ...BOUNDS,
  ...RULING_OPTION,
} as const;

/** --workers: a whole number, or `auto` (the machine's available parallelism, at most 8). */
function workersOf(value: string | undefined): number {
  if (value === 'auto') return Math.max(1, Math.min(8, availableParallelism()));
  return wholeNumber('workers', value, 1, 64, 1);
}

/** `his explore`: synchronous, unless --assert has modules to load. */
export function cmdExplore(args: string[]): number | Promise<number> {
  const { values, positionals } = options(args, EXPLORE_OPTIONS);
  const file = oneFile(positionals, 'explore');
  const limits = bounds(values);
  const answers = values.answers ?? 'all';
  if (answers !== 'all' && answers !== 'listed')
    throw new UsageError(`--answers must be all or listed, not '${answers}'`);
  if (values.policy !== undefined && values.answers !== undefined)
    throw new UsageError('--policy and --answers exclude each other: a policy gives one answer per decision');
  const policy = values.policy !== undefined ? policyOf(values.policy) : undefined;
  const asked = (['find', 'exists', 'forall'] as const).filter((o) => values[o] !== undefined);
  if (asked.length > 1)
    throw new UsageError(`--${asked[0]} and --${asked[1]} exclude each other: give one expression per run`);
  const option = asked[0] ? `--${asked[0]}` : '--find';
  const expression = asked[0] ? values[asked[0]]! : undefined;
  const question: Question | undefined = asked[0] === 'exists' || asked[0] === 'forall' ? asked[0] : undefined;
  if (values.out !== undefined && expression === undefined)
    throw new UsageError('--out writes the paths --find (or --exists, --forall) found: give one of them too');
  if (values.walkthrough && values.out === undefined)
    throw new UsageError('--walkthrough writes a page beside each events file --out writes: give --out too');
  if (values['max-pages'] !== undefined && !values.walkthrough)
    throw new UsageError('--max-pages bounds the pages --walkthrough writes: give --walkthrough too');
  const maxPages = wholeNumber('max-pages', values['max-pages'], 1, MAX_PAGES, DEFAULT_PAGES);
  if (values.estimate !== undefined) {
    const other = (
      ['find', 'exists', 'forall', 'out', 'assert', 'workers', 'engine', 'max-paths', 'max-nodes'] as const
    ).find((o) => values[o] !== undefined);
    if (other) throw new UsageError(`--estimate only estimates the size of the exploration: it takes no --${other}`);
  }
  if (values.engine !== undefined) {
    const other = (['find', 'exists', 'forall', 'out', 'assert', 'workers'] as const).find(
      (o) => values[o] !== undefined,
    );
    if (other) throw new UsageError(`--engine compares the end positions of two engines: it takes no --${other}`);
  }
  const json = values.json ?? false;
  let where: OutcomeQuery | undefined;
  try {
    const query = expression !== undefined ? compileQuery(expression, option) : undefined;
    where = query && question ? questionQuery(question, query) : query;
  } catch (e) {
    if (e instanceof QueryPropertyError) return queryFailed(e, option, json);
    throw e;
  }
  const workers = workersOf(values.workers);
  const rulings = rulingsOf(values.ruling);
  const failed = (e: unknown): number => {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, json);
    if (e instanceof QueryPropertyError) return queryFailed(e, option, json);
    if (e instanceof ExploreScriptError) return scriptRefused(e, json);
    throw e;
  };
  const finish = (r: ExploreReport, scenario: Scenario): number | Promise<number> => {
    const files = values.out !== undefined && r.matches ? writeMatches(values.out, r) : undefined;
    let code: number;
    if (question) code = answer(question, expression!, r, limits, json);
    else {
      report(r, limits, json);
      code = r.violations.length === 0 ? 0 : 4;
    }
    // The files written are listed under the report (not under a verdict's one line, nor in JSON: the paths file lists them).
    const say = (line: string) => void (question || json ? undefined : out(line));
    if (files) say(files);
    if (!values.walkthrough || !r.matches) return code;
    return writePages(values.out!, r.matches, scenario, maxPages).then(
      (note) => (say(note), code),
      (e: unknown) => failed(e),
    );
  };
  const exploreOptions = () => {
    const events = values.events ? readEvents(values.events) : undefined;
    return {
      decisions: policy ?? ('all' as const),
      ...(policy ? {} : { answers: answers as 'all' | 'listed' }),
      ...limits,
      ...(events ? { events } : {}),
    };
  };
  if (values.engine !== undefined) {
    try {
      return exploreAgainst(file, withoutScript(file, rulings), exploreOptions(), values.engine, json);
    } catch (e) {
      if (e instanceof EngineError) return badInput(new FileError(e.message), json);
      return failed(e);
    }
  }
  if (values.estimate !== undefined) {
    const samples = wholeNumber('estimate', values.estimate, 1, 1_000_000, 1000);
    try {
      const { decisions, answers: space, events } = exploreOptions() as ExploreOptions;
      const e = estimateSize(withoutScript(file, rulings), {
        decisions,
        answers: space,
        events,
        samples,
        ...(limits.maxMs !== undefined ? { maxMs: limits.maxMs } : {}),
      });
      if (json) out(JSON.stringify({ ok: true, estimate: e }, null, 2));
      else {
        const space = policy ? `the ${policy} policy` : answers === 'all' ? 'every legal answer' : 'the listed answers';
        out(estimateLines(e, space, limits.maxPaths ?? 1_000_000).join('\n'));
      }
      return 0;
    } catch (e) {
      return failed(e);
    }
  }
  const modules = values.assert ?? [];
  if (workers > 1) {
    // Worker threads: asynchronous. Each worker loads the --assert modules itself and compiles --find.
    return (async () => {
      try {
        const scenario = withoutScript(file, rulings);
        const r = await exploreInParallel(
          {
            scenario: scenario.source,
            options: exploreOptions(),
            ...(expression !== undefined ? { find: expression } : {}),
            ...(question ? { question } : {}),
            assert: modules.map((m) => resolvePath(m)),
          },
          workers,
        );
        return await finish(r, scenario);
      } catch (e) {
        if (e instanceof InvariantModuleError) return badInput(new FileError(e.message), json);
        return failed(e);
      }
    })();
  }
  const run = (invariants: Invariant[]): number | Promise<number> => {
    try {
      const scenario = withoutScript(file, rulings);
      return finish(
        explore(scenario, {
          ...exploreOptions(),
          ...(invariants.length ? { invariants } : {}),
          ...(where ? { where } : {}),
        }),
        scenario,
      );
    } catch (e) {
      return failed(e);
    }
  };
  if (modules.length === 0) return run([]);
  return Promise.all(modules.map(loadInvariants)).then(
    (lists) => run(lists.flat()),
    (e: unknown) => {
      if (e instanceof FileError) return badInput(e, json);
      throw e;
    },
  );
}

/**
 * `his explore <scenario> --engine <copy>`: the same exploration with another copy of the engine, and what changed
 * from its end positions to this one's, with exact fractions (as `his review --baseline` prints a case). Exit 0 the
 * same, 5 changed, 4 an invariant violated here.
 */
function exploreAgainst(
  file: string,
  scenario: Scenario,
  options: ExploreOptions,
  name: string,
  json: boolean,
): number {
  const ours = explore(scenario, options);
  const copy = engineCopy(name);
  const version = engineVersion(copy);
  let theirs: { outcomes: Record<string, string>; truncated: boolean };
  try {
    const source = scenario.source as Record<string, unknown>;
    const rulings = { ...(source.rulings as object | undefined), ...scenario.data.rulings };
    theirs = runWith(copy, {
      kind: 'explore',
      scenario: { ...source, events: [], ...(Object.keys(rulings).length ? { rulings } : {}) },
      options: options as Record<string, unknown>,
    }) as typeof theirs;
  } finally {
    copy.cleanup();
  }
  const mine = outcomeValues(ours);
  const against = `the engine at ${copy.label}${version ? `, version ${version}` : ''}`;
  const d = diffCase(file, { id: file, kind: 'distribution', outcomes: theirs.outcomes, facts: [] }, {
    id: file,
    kind: 'distribution',
    outcomes: mine.outcomes,
    facts: [],
    violations: ours.violations.map((v) => `after ${v.path.join(' → ') || 'the start'}: ${v.violations.join('; ')}`),
    truncated: ours.truncated || theirs.truncated,
  } as unknown as CaseResult);
  const weights = ours.answers === 'policy' ? 'probabilities' : 'dice weights summed over answer paths';
  if (json)
    out(
      JSON.stringify(
        {
          ok: d.status === 'same',
          against,
          values: weights,
          endPositions: { this: Object.keys(mine.outcomes).length, other: Object.keys(theirs.outcomes).length },
          diff: d,
        },
        null,
        2,
      ),
    );
  else {
    out(
      `${Object.keys(mine.outcomes).length} end positions here, ${Object.keys(theirs.outcomes).length} with ${against}; their ${weights}: ${d.status === 'same' ? 'nothing changed' : 'CHANGED'}.`,
    );
    if (d.status !== 'same') out(diffLines(d).slice(1).join('\n'));
  }
  return ours.violations.length > 0 ? 4 : d.status === 'same' ? 0 : REVIEW_CHANGED;
}

/**
 * `--exists` / `--forall`: one verdict line (src/review/verdict.ts) and its exit code — 0 yes or holds, 1 no or
 * fails, 6 undecided; 2 when the expression threw on some outcome (its answer there is unknown); 4 when an invariant
 * was violated (the verdict is printed first, the violations' count on stderr).
 */
function answer(question: Question, expression: string, r: ExploreReport, limits: Limits, json: boolean): number {
  const v = verdictOf(question, r);
  const at = stoppedAt(r, limits);
  const line = verdictLine(v, at ? `${at.option} ${at.value}` : undefined);
  if (json)
    out(
      JSON.stringify(
        {
          ok: v.errors.count === 0 && r.violations.length === 0,
          question,
          expression,
          answer: v.answer,
          verdict: line,
          paths: v.paths,
          endPositions: v.ends,
          matchingPaths: v.matchingPaths,
          matchingEnds: v.matchingEnds,
          truncated: v.truncated,
          ...(at ? { stoppedAt: at } : {}),
          ...(v.witness
            ? {
                [question === 'exists' ? 'witness' : 'counterExample']: {
                  description: v.witness.description,
                  labels: v.witness.labels,
                  events: v.witness.events,
                  position: v.witness.position,
                },
              }
            : {}),
          queryErrors: v.errors,
          violations: r.violations.length,
        },
        null,
        2,
      ),
    );
  else out(line);
  if (v.errors.count > 0) {
    if (!json)
      err(
        `his: --${question} threw on ${v.errors.count} outcome(s), whose answer is therefore unknown: ${v.errors.first}`,
      );
    return 2;
  }
  if (r.violations.length > 0) {
    if (!json)
      err(
        `his: ${r.violations.length} invariant violation(s) on the way (his explore without --${question} lists them)`,
      );
    return 4;
  }
  return VERDICT_EXIT[v.answer];
}

/** What an invariant's checks count: the end invariants run on end states, the parse check once per end position. */
const CHECKED_ON: Readonly<Record<string, readonly [string, string]>> = Object.assign(
  Object.fromEntries(END_INVARIANTS.map((i) => [i.name, ['end state', 'end states'] as const])),
  {
    [RESULT_PARSES]: ['distinct end position', 'distinct end positions'] as const,
    [ANSWERS_ACCEPTED]: ['answer sent', 'answers sent'] as const,
  },
);

/** Each invariant by name, with the states it was checked on and its violations. */
export function invariantLines(r: ExploreReport, explored = ''): string[] {
  const builtIn = r.invariants.filter((i) => i.builtIn).length;
  const own = r.invariants.length - builtIn;
  const width = Math.max(...r.invariants.map((i) => i.name.length));
  const plural = (n: number, [one, many]: readonly [string, string]) => `${n} ${n === 1 ? one : many}`;
  return [
    `Invariants${explored}: ${builtIn} built in${own ? `, ${own} from --assert` : ''}, each with what it was checked on:`,
    ...r.invariants.map(
      (i) =>
        `  ${i.name.padEnd(width)}  ${plural(i.checked, CHECKED_ON[i.name] ?? ['distinct state', 'distinct states'])}, ${i.violations === 0 ? 'no violation' : plural(i.violations, ['violation', 'violations'])}`,
    ),
  ];
}

/** --walkthrough writes at most this many pages unless --max-pages says otherwise (each takes a second or two). */
export const DEFAULT_PAGES = 20;
const MAX_PAGES = 1000;

/** `paths.json` → `paths-3.json` (or `.html`): the file of the third match. */
export function matchFile(path: string, n: number, ext: '.json' | '.html'): string {
  const stem = path.endsWith('.json') ? path.slice(0, -'.json'.length) : path;
  return `${stem}-${n}${ext}`;
}

function writeOut(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new FileError(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * `--out paths.json`: the paths file (the first match's events, which `his resolve --events` replays, and every match
 * with its own), and one events file per match beside it, `paths-1.json`, `paths-2.json`, … in the order of the
 * matches (the shortest path first). Returns the line that says what was written.
 */
function writeMatches(path: string, r: ExploreReport): string {
  const matches = r.matches ?? [];
  const entry = (m: Match, i: number) => ({
    description: m.description,
    probability: format(m.probability),
    paths: m.paths,
    labels: m.labels,
    file: matchFile(path, i + 1, '.json'),
    events: m.events,
  });
  const body = {
    // `his resolve --events <this file>` replays the first (shortest) match; every match is listed below it.
    events: matches[0]?.events ?? [],
    matches: matches.map(entry),
  };
  writeOut(path, `${JSON.stringify(body, null, 2)}\n`);
  matches.forEach((m, i) => writeOut(matchFile(path, i + 1, '.json'), `${JSON.stringify(entry(m, i), null, 2)}\n`));
  const n = matches.length;
  const range = (ext: '.json' | '.html', k: number) =>
    `${matchFile(path, 1, ext)}${k > 1 ? ` … ${matchFile(path, k, ext)}` : ''}`;
  return n === 0
    ? `--out: ${path} (no match, so no events file)`
    : `--out: ${path} and ${n === 1 ? 'the events file' : `${n} events files`} ${range('.json', n)} (his resolve --events or his walkthrough --events replays each)`;
}

/** `--walkthrough`: the walkthrough page of each match's path (at most `max`), beside its events file. */
async function writePages(path: string, matches: readonly Match[], scenario: Scenario, max: number): Promise<string> {
  const shown = matches.slice(0, max);
  for (const [i, m] of shown.entries()) {
    const page = await walkthrough(scenario, { seed: 1, lang: 'en', policy: 'decline', play: false, events: m.events });
    writeOut(matchFile(path, i + 1, '.html'), page.html);
  }
  const left = matches.length - shown.length;
  const pages =
    shown.length === 0
      ? 'no page'
      : `${shown.length === 1 ? 'the page' : `${shown.length} pages`} ${matchFile(path, 1, '.html')}${shown.length > 1 ? ` … ${matchFile(path, shown.length, '.html')}` : ''}`;
  return `--walkthrough: ${pages}${left > 0 ? `; ${left} more match${left === 1 ? '' : 'es'} without a page (raise --max-pages, now ${max})` : ''}`;
}

/**
 * How `--find` weighs its matches. Under a policy, a probability. With every answer (--answers all or listed) the
 * explorer sums the dice probability of every matching path over every answer path: each answer path's dice add up
 * to 1, so the sum is a dice weight — it can pass 1 — and never a percentage; its share of the same sum over every
 * path (the total) is at most 1.
 */
export function matchWeight(r: ExploreReport): {
  readonly weighting: 'probability' | 'dice-weight';
  readonly text: string;
} {
  const weight = r.matchProbability!;
  const paths = (r.matches ?? []).reduce((n, m) => n + m.paths, 0);
  const pct = (f: Fraction) => percent(f);
  if (r.answers === 'policy')
    return { weighting: 'probability', text: `probability ${format(weight)} (${pct(weight)})` };
  const total = r.totalProbability;
  const share =
    total.n === 0n
      ? ''
      : `; it is ${pct(fraction(weight.n * total.d, weight.d * total.n))} of the same sum over every path${r.truncated ? ' kept' : ''} (${format(total)})`;
  return {
    weighting: 'dice-weight',
    text: `over ${paths} path${paths === 1 ? '' : 's'} of answers and dice, weighted by dice only and summed over those paths: ${format(weight)} — a sum over answer paths, not a probability (each answer path's dice add up to 1)${share}. --policy gives probabilities`,
  };
}

function report(r: ExploreReport, limits: Limits, json: boolean): void {
  const reached = Object.fromEntries(
    (Object.keys(MACHINES) as MachineId[]).map((id) => [
      id,
      {
        reached: r.states[id] ?? [],
        unreached: Object.keys(MACHINES[id].root.states).filter((s) => !(r.states[id] ?? []).includes(s)),
      },
    ]),
  );
  const at = stoppedAt(r, limits);
  if (json) {
    out(
      JSON.stringify(
        {
          ok: r.violations.length === 0,
          answers: r.answers,
          paths: r.paths,
          nodes: r.nodes,
          distinctStates: r.distinctStates,
          ms: Math.round(r.ms),
          workers: (r as { workers?: number }).workers ?? 1,
          truncated: r.truncated,
          ...(r.truncatedBy ? { truncatedBy: r.truncatedBy } : {}),
          ...(at ? { stoppedAt: at } : {}),
          endPositions: r.outcomes.length,
          total: format(r.totalProbability),
          answerCounts: r.answerCounts,
          skipped: r.skipped,
          invariants: r.invariants,
          violations: r.violations,
          // matchProbability keeps its name; matchWeighting says what it is: a probability under a policy, otherwise
          // a dice weight summed over answer paths (it can pass 1).
          ...(r.matches
            ? {
                matchProbability: format(r.matchProbability!),
                matchWeighting: matchWeight(r).weighting,
                queryErrors: r.queryErrors,
                matches: r.matches.map((m) => ({
                  description: m.description,
                  probability: format(m.probability),
                  paths: m.paths,
                  labels: m.labels,
                  events: m.events,
                  position: m.position,
                })),
              }
            : {}),
          states: reached,
        },
        null,
        2,
      ),
    );
    return;
  }
  const how =
    r.answers === 'policy'
      ? 'one answer per decision (policy)'
      : r.answers === 'all'
        ? 'every legal answer'
        : 'every listed answer';
  const threads = (r as { workers?: number }).workers;
  const took = `${how}, ${(r.ms / 1000).toFixed(1)} s${threads && threads > 1 ? ` with ${threads} worker threads` : ''}`;
  const stopped = stoppedEarly(r, limits, 'no end positions, chances or --find matches', took);
  const nothing = keptNothing(r);
  if (nothing) out(stopped!);
  else {
    out(
      `${r.paths} paths, ${r.nodes} nodes (${r.distinctStates} distinct states), ${r.outcomes.length} distinct end positions — ${took}.`,
    );
    if (stopped) out(stopped);
  }
  const kinds = Object.entries(r.answerCounts);
  const explored = r.truncated ? ' (in the explored part)' : '';
  if (kinds.length)
    out(
      `Answers sent${explored}, per decision kind: ${kinds.map(([k, c]) => `${k} ${c.answers} over ${c.decisions} decision${c.decisions === 1 ? '' : 's'}${c.incomplete ? ` (${c.incomplete} cut short)` : ''}`).join('; ')}.`,
    );
  if (r.skipped.length) {
    // Ruling R9: decisions no path asked anybody, each refused candidate once, with the restriction that refused it.
    out(
      `Decisions nobody was asked${explored} (ruling R9): ${r.skipped.length} refused candidate${r.skipped.length === 1 ? '' : 's'}`,
    );
    for (const d of r.skipped.slice(0, 20)) {
      const option = Object.entries(d.option)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      out(
        `  ${d.kind} ${d.power} (${d.space})${option ? `, ${option}` : ''}: ${d.reason.en} [${d.code}, ${d.rule}${d.ruling ? `, ruling ${d.ruling}` : ''}]`,
      );
    }
    if (r.skipped.length > 20) out(`  … and ${r.skipped.length - 20} more (--json lists them all)`);
  }
  for (const l of invariantLines(r, explored)) out(l);
  out(`Invariant violations${explored}: ${r.violations.length}`);
  for (const v of r.violations.slice(0, 10))
    out(`  after ${v.path.join(' → ') || 'the start'}: ${v.violations.join('; ')}`);
  if (r.matches && !nothing) {
    const { weighting, text } = matchWeight(r);
    out(
      `Outcomes matching --find: ${r.matches.length} end position${r.matches.length === 1 ? '' : 's'}, ${text}${r.queryErrors?.count ? ` — the expression threw ${r.queryErrors.count} time(s), counted as no match: ${r.queryErrors.first}` : ''}`,
    );
    for (const m of r.matches.slice(0, 20)) {
      out(
        `  ${m.description}  [${weighting === 'probability' ? '' : 'dice weight '}${format(m.probability)}; shortest path: ${m.events.length} events]`,
      );
      out(`    ${m.labels.join(' → ') || '(no answer or roll)'}`);
    }
    if (r.matches.length > 20) out(`  … and ${r.matches.length - 20} more (--json or --out lists them all)`);
  }
  out(`States reached${explored}:`);
  for (const [id, s2] of Object.entries(reached))
    out(
      `  ${id}: ${s2.reached.length} of ${s2.reached.length + s2.unreached.length}${s2.unreached.length ? ` (not reached: ${s2.unreached.join(', ')})` : ''}`,
    );
}
