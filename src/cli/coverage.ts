// `his coverage <cases-dir | scenario.json…>`: which testable statements of RULES.md §7 a run exercised — the
// casebook of a folder, or the exploration of each scenario given — and which it did not (src/review/statement-coverage.ts).
import { statSync } from 'node:fs';
import { ScenarioError } from '../engine/scenario.ts';
import { CaseError, loadCases, runCase } from '../review/casebook.ts';
import { explore } from '../review/explore.ts';
import {
  citedStatements,
  mergeEvaluations,
  recordRestrictions,
  statementUses,
  type Evaluations,
  type StatementUse,
} from '../review/statement-coverage.ts';
import { badInput, err, FileError, options, out, policyOf, UsageError, withoutScript } from './common.ts';

export const COVERAGE_USAGE = `  his coverage <cases-dir | scenario.json...> [--answers all|listed] [--policy decline|eager] [--all] [--json]
      Which testable statements of RULES.md §7 a run exercised: the casebook of a folder (e.g. review/cases), or the
      exploration of each scenario (every listed answer by default). A statement is exercised when a restriction or a
      machine guard tied to it was evaluated both ways, or a case cites it; the others are listed, with what was
      seen of their restrictions and guards. --all lists every statement. Exit 0 (1 usage, 2 a bad file).`;

interface Run {
  readonly restrictions: Evaluations;
  readonly guards: Evaluations;
  readonly citations: Map<string, string[]>;
  /** Per statement, the cases (casebook) or scenarios that exercised it by themselves. */
  readonly by: Map<string, string[]>;
}

function add(map: Map<string, string[]>, key: string, value: string): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

export function cmdCoverage(args: string[]): number {
  const { values, positionals } = options(args, {
    answers: { type: 'string' },
    policy: { type: 'string' },
    all: { type: 'boolean' },
    json: { type: 'boolean' },
  });
  const json = values.json ?? false;
  if (positionals.length === 0)
    throw new UsageError('coverage needs a folder of cases (e.g. review/cases) or one or more scenario files');
  const answers = values.answers ?? 'listed';
  if (answers !== 'all' && answers !== 'listed')
    throw new UsageError(`--answers must be all or listed, not '${answers}'`);
  if (values.policy !== undefined && values.answers !== undefined)
    throw new UsageError('--policy and --answers exclude each other: a policy gives one answer per decision');
  const policy = values.policy !== undefined ? policyOf(values.policy) : undefined;
  const isDir = (p: string) => {
    try {
      return statSync(p).isDirectory();
    } catch {
      return false;
    }
  };
  const folder = positionals.length === 1 && isDir(positionals[0]!);
  if (!folder && positionals.some(isDir))
    throw new UsageError('coverage takes one folder of cases, or scenario files, not both');
  if (folder && (values.answers !== undefined || values.policy !== undefined))
    throw new UsageError(
      'a casebook states each case’s own answers or policy: --answers and --policy go with scenario files',
    );
  const run: Run = {
    restrictions: new Map(),
    guards: new Map(),
    citations: new Map(),
    by: new Map(),
  };
  let what: string;
  try {
    const items: { name: string; cites: readonly string[]; go: () => Evaluations }[] = [];
    if (folder) {
      const cases = loadCases(positionals[0]!);
      what = `the casebook ${positionals[0]} (${cases.length} cases)`;
      for (const c of cases) {
        const cites = citedStatements(c);
        for (const id of cites) add(run.citations, id, c.id);
        items.push({ name: c.id, cites, go: () => runCase(c).reached.guards });
      }
    } else {
      what = `the exploration of ${positionals.join(', ')} (${policy ? `policy ${policy}` : `every ${answers === 'all' ? 'legal' : 'listed'} answer`})`;
      for (const file of positionals) {
        // Parsed inside the run: the scenario's own checks (its move's restrictions) count as evaluations too.
        items.push({
          name: file,
          cites: [],
          go: () =>
            explore(withoutScript(file), {
              decisions: policy ?? 'all',
              ...(policy ? {} : { answers: answers as 'all' | 'listed' }),
              coverage: true,
            }).reached!.guards,
        });
      }
    }
    for (const item of items) {
      const { value: guards, restrictions } = recordRestrictions(item.go);
      mergeEvaluations(run.restrictions, restrictions);
      mergeEvaluations(run.guards, guards);
      const cites = new Map(item.cites.map((id) => [id, [item.name]]));
      for (const u of statementUses({ restrictions, guards }, cites))
        if (u.exercised) add(run.by, u.statement.id, item.name);
    }
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, json);
    if (e instanceof CaseError) {
      if (json) out(JSON.stringify({ ok: false, error: { code: 'invalid-case', message: e.message } }, null, 2));
      else err(`his: ${e.message}`);
      return 2;
    }
    throw e;
  }
  const uses = statementUses(run, run.citations);
  report(uses, run.by, what, values.all ?? false, json);
  return 0;
}

function report(
  uses: readonly StatementUse[],
  by: ReadonlyMap<string, readonly string[]>,
  what: string,
  all: boolean,
  json: boolean,
): void {
  const inScope = uses.filter((u) => u.inScope);
  const exercised = inScope.filter((u) => u.exercised);
  const uncovered = inScope.filter((u) => !u.exercised);
  const entry = (u: StatementUse) => ({
    id: u.statement.id,
    text: u.statement.text,
    rule: u.statement.ref,
    exercised: u.exercised,
    bothWays: u.bothWays,
    oneWay: u.oneWay,
    citedBy: u.citedBy,
    by: by.get(u.statement.id) ?? [],
    measurable: u.measurable,
  });
  if (json) {
    out(
      JSON.stringify(
        {
          ok: true,
          run: what,
          statements: uses.length,
          inScope: inScope.length,
          exercised: exercised.length,
          uncovered: uncovered.map(entry),
          ...(all ? { all: uses.map(entry) } : { covered: exercised.map(entry) }),
        },
        null,
        2,
      ),
    );
    return;
  }
  const cited = exercised.filter((u) => u.citedBy.length > 0).length;
  out(
    `${exercised.length} of the ${inScope.length} in-scope statements of RULES.md §7 exercised by ${what}: ${exercised.filter((u) => u.bothWays.length).length} by a restriction or guard evaluated both ways, ${cited} cited by a case. ${uses.length - inScope.length} more are left out by ruling R14.`,
  );
  const line = (u: StatementUse) => {
    const seen = u.oneWay.length ? ` — one way only: ${u.oneWay.join(', ')}` : '';
    const how = u.exercised
      ? ` — ${[...(u.bothWays.length ? [`both ways: ${u.bothWays.join(', ')}`] : []), ...(u.citedBy.length ? [`cited by ${u.citedBy.join(', ')}`] : [])].join('; ')}`
      : u.measurable
        ? seen || ' — not evaluated'
        : ' — no restriction or guard is tied to it: a case that cites it covers it';
    return `  ${u.statement.id} [${u.statement.ref}] ${u.statement.text}${how}`;
  };
  if (uncovered.length) {
    out(`\nNot exercised (${uncovered.length}):`);
    for (const u of uncovered) out(line(u));
  }
  if (all) {
    out(`\nExercised (${exercised.length}):`);
    for (const u of exercised) out(line(u));
  }
}
