// `his odds` and `his explore`: exact chances under a policy, and every answer with the invariants — the built-in
// ones and a reviewer's own (--assert) — and a reviewer's query (--find) answered with the shortest path to each
// matching outcome.
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { MACHINES, type MachineId } from '../../machines/index.ts';
import { ScenarioError } from '../engine/scenario.ts';
import {
  explore,
  ExploreScriptError,
  type ExploreReport,
  type Invariant,
  type OutcomeQuery,
} from '../review/explore.ts';
import { format, toNumber, type Fraction } from '../review/fraction.ts';
import { compileExpression, importInvariants, InvariantModuleError } from '../review/query.ts';
import { exploreInParallel } from '../review/parallel.ts';
import { resolve as resolvePath } from 'node:path';
import {
  badInput,
  bounds,
  BOUNDS,
  FileError,
  oneFile,
  options,
  out,
  err,
  policyOf,
  readEvents,
  RULING_OPTION,
  rulingsOf,
  truncation,
  UsageError,
  wholeNumber,
  withoutScript,
} from './common.ts';

/** The explore lines of `his help` (src/cli.ts puts them in its USAGE). */
export const EXPLORE_USAGE = `  his explore <scenario.json> [--answers all|listed] [--policy decline|eager] [--events file.json]
              [--assert module.mjs]... [--find '<expression>' [--out paths.json]] [--workers N|auto]
              [--max-paths N] [--max-nodes N] [--max-ms N] [--ruling ID=READING]... [--json]
      Every legal answer of every decision (--answers all, the default; listed: the answers each decision lists) and
      every dice outcome: paths, end positions, answers sent per decision kind, invariant violations (the built-in ones
      and those of each --assert module's default export) and the states of each machine that were reached. --find
      reports every end position where the expression (your own JavaScript over position and summary, run in this
      process) is true, with the shortest path of answers and dice to it; --out writes those paths for
      his resolve --events. --workers splits the work between threads. Exit code 4 when an invariant is violated.`;

export function cmdOdds(args: string[]): number {
  const { values, positionals } = options(args, {
    policy: { type: 'string' },
    json: { type: 'boolean' },
    ...BOUNDS,
    ...RULING_OPTION,
  });
  const file = oneFile(positionals, 'odds');
  const policy = policyOf(values.policy);
  const limits = bounds(values);
  const rulings = rulingsOf(values.ruling);
  try {
    const r = explore(withoutScript(file, rulings), { decisions: policy, ...limits });
    const pct = (f: Fraction) => `${(toNumber(f) * 100).toFixed(2).padStart(6)} %`;
    if (values.json) {
      out(
        JSON.stringify(
          {
            ok: true,
            policy,
            paths: r.paths,
            truncated: r.truncated,
            ...(r.truncatedBy ? { truncatedBy: r.truncatedBy } : {}),
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
    out(
      `Policy ${policy}: ${r.paths} dice paths, probabilities add up to ${format(r.totalProbability)}${truncation(r)}.\n`,
    );
    for (const [k, f] of Object.entries(r.marginals)) out(`${pct(f)}  ${k}  (${format(f)})`);
    out('\nOutcomes (end positions), most likely first:');
    for (const o of r.outcomes) out(`${pct(o.probability)}  ${o.description}`);
    return 0;
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, values.json ?? false);
    throw e;
  }
}

/** A `--find` expression as a query (src/review/query.ts): one that does not compile is a usage error. */
export function compileQuery(expression: string): OutcomeQuery {
  try {
    return compileExpression(expression);
  } catch (e) {
    throw new UsageError(`--find is not a JavaScript expression: ${(e as Error).message}`);
  }
}

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
  'max-paths': { type: 'string' },
  json: { type: 'boolean' },
  answers: { type: 'string' },
  policy: { type: 'string' },
  events: { type: 'string' },
  assert: { type: 'string', multiple: true },
  find: { type: 'string' },
  out: { type: 'string' },
  workers: { type: 'string' },
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
  const { values, positionals } = parseArgs({ args, allowPositionals: true, strict: true, options: EXPLORE_OPTIONS });
  const file = oneFile(positionals, 'explore');
  const maxPaths = wholeNumber('max-paths', values['max-paths'], 1, 100_000_000, 1_000_000);
  const limits = bounds(values);
  const answers = values.answers ?? 'all';
  if (answers !== 'all' && answers !== 'listed')
    throw new UsageError(`--answers must be all or listed, not '${answers}'`);
  if (values.policy !== undefined && values.answers !== undefined)
    throw new UsageError('--policy and --answers exclude each other: a policy gives one answer per decision');
  const policy = values.policy !== undefined ? policyOf(values.policy) : undefined;
  const where = values.find !== undefined ? compileQuery(values.find) : undefined;
  if (values.out !== undefined && where === undefined)
    throw new UsageError('--out writes the paths --find found: give --find too');
  const json = values.json ?? false;
  const workers = workersOf(values.workers);
  const rulings = rulingsOf(values.ruling);
  const failed = (e: unknown): number => {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, json);
    if (e instanceof ExploreScriptError) {
      const { code, rule, message } = e.error;
      if (json)
        out(
          JSON.stringify({ ok: false, error: { code, ...(rule ? { rule } : {}), message, index: e.index } }, null, 2),
        );
      else
        err(`his: scripted event ${e.index + 1} (index ${e.index}) was refused: ${rule ? `[${rule}] ` : ''}${message}`);
      return 3;
    }
    throw e;
  };
  const finish = (r: ExploreReport): number => {
    if (values.out !== undefined && r.matches) writeMatches(values.out, r);
    report(r, json);
    return r.violations.length === 0 ? 0 : 4;
  };
  const options = () => {
    const events = values.events ? readEvents(values.events) : undefined;
    return {
      decisions: policy ?? ('all' as const),
      ...(policy ? {} : { answers: answers as 'all' | 'listed' }),
      maxPaths,
      ...limits,
      ...(events ? { events } : {}),
    };
  };
  const modules = values.assert ?? [];
  if (workers > 1) {
    // Worker threads: asynchronous. Each worker loads the --assert modules itself and compiles --find.
    return (async () => {
      try {
        const scenario = withoutScript(file, rulings);
        const r = await exploreInParallel(
          {
            scenario: scenario.source,
            options: options(),
            ...(values.find !== undefined ? { find: values.find } : {}),
            assert: modules.map((m) => resolvePath(m)),
          },
          workers,
        );
        return finish(r);
      } catch (e) {
        if (e instanceof InvariantModuleError) return badInput(new FileError(e.message), json);
        return failed(e);
      }
    })();
  }
  const run = (invariants: Invariant[]): number => {
    try {
      return finish(
        explore(withoutScript(file, rulings), {
          ...options(),
          ...(invariants.length ? { invariants } : {}),
          ...(where ? { where } : {}),
        }),
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

function writeMatches(path: string, r: ExploreReport): void {
  const matches = r.matches ?? [];
  const body = {
    // `his resolve --events <this file>` replays the first (shortest) match; every match is listed below it.
    events: matches[0]?.events ?? [],
    matches: matches.map((m) => ({
      description: m.description,
      probability: format(m.probability),
      paths: m.paths,
      labels: m.labels,
      events: m.events,
    })),
  };
  try {
    writeFileSync(path, `${JSON.stringify(body, null, 2)}\n`);
  } catch (e) {
    throw new FileError(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

function report(r: ExploreReport, json: boolean): void {
  const reached = Object.fromEntries(
    (Object.keys(MACHINES) as MachineId[]).map((id) => [
      id,
      {
        reached: r.states[id] ?? [],
        unreached: Object.keys(MACHINES[id].root.states).filter((s) => !(r.states[id] ?? []).includes(s)),
      },
    ]),
  );
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
          endPositions: r.outcomes.length,
          answerCounts: r.answerCounts,
          violations: r.violations,
          ...(r.matches
            ? {
                matchProbability: format(r.matchProbability!),
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
  out(
    `${r.paths} paths, ${r.nodes} nodes (${r.distinctStates} distinct states), ${r.outcomes.length} distinct end positions — ${how}, ${(r.ms / 1000).toFixed(1)} s${threads && threads > 1 ? ` with ${threads} worker threads` : ''}${truncation(r)}.`,
  );
  const kinds = Object.entries(r.answerCounts);
  if (kinds.length)
    out(
      `Answers sent, per decision kind: ${kinds.map(([k, c]) => `${k} ${c.answers} over ${c.decisions} decision${c.decisions === 1 ? '' : 's'}${c.incomplete ? ` (${c.incomplete} cut short)` : ''}`).join('; ')}.`,
    );
  out(`Invariant violations: ${r.violations.length}`);
  for (const v of r.violations.slice(0, 10))
    out(`  after ${v.path.join(' → ') || 'the start'}: ${v.violations.join('; ')}`);
  if (r.matches) {
    const pct = (f: Fraction) => `${(toNumber(f) * 100).toFixed(2)} %`;
    out(
      `Outcomes matching --find: ${r.matches.length} end position${r.matches.length === 1 ? '' : 's'}, ${r.answers === 'policy' ? 'probability' : 'dice weight'} ${format(r.matchProbability!)} (${pct(r.matchProbability!)})${r.queryErrors?.count ? ` — the expression threw ${r.queryErrors.count} time(s), counted as no match: ${r.queryErrors.first}` : ''}`,
    );
    for (const m of r.matches.slice(0, 20)) {
      out(`  ${m.description}  [${format(m.probability)}; shortest path: ${m.events.length} events]`);
      out(`    ${m.labels.join(' → ') || '(no answer or roll)'}`);
    }
    if (r.matches.length > 20) out(`  … and ${r.matches.length - 20} more (--json or --out lists them all)`);
  }
  out('States reached:');
  for (const [id, s2] of Object.entries(reached))
    out(
      `  ${id}: ${s2.reached.length} of ${s2.reached.length + s2.unreached.length}${s2.unreached.length ? ` (not reached: ${s2.unreached.join(', ')})` : ''}`,
    );
}
