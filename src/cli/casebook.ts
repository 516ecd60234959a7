// `his review <cases-dir>`: runs the casebook again and prints, per case, what changed in its outcomes since a
// baseline — the answers the cases pin, or an earlier run's results file (--baseline) — with each appeared or vanished
// end position and each probability's change as an exact fraction. --write saves this run as a baseline for later.
// Exit codes: 0 nothing changed, 5 something changed, 4 an invariant was violated, 2 a case or results file is bad.
import { writeFileSync } from 'node:fs';
import {
  CaseError,
  diffAll,
  loadCases,
  parseSavedResults,
  percent,
  runCase,
  savedResults,
  prettyJson,
  type CaseDiff,
  type SavedResults,
} from '../review/casebook.ts';
import {
  compareCase,
  comparisonLines,
  onlyChanges,
  rulingsLabel,
  type CaseComparison,
} from '../review/casebook-compare.ts';
import type { Rulings } from '../schema/rulings.ts';
import { resolve as resolvePath } from 'node:path';
import { EngineError, engineCopy, engineVersion, runWith } from '../review/engine-diff.ts';
import { err, options, out, readFile, FileError, rulingsOf, UsageError } from './common.ts';

export const REVIEW_CHANGED = 5;

/** The review lines of `his help` (src/cli.ts puts them in its USAGE). */
export const REVIEW_USAGE = `  his review <cases-dir> [--baseline results.json | --engine <copy>] [--write results.json] [--all] [--json]
      Runs a casebook (e.g. review/cases) again and prints, per case, what changed since the baseline — the answers the
      cases pin, or a results file an earlier --write saved: end positions added or removed, and each probability's
      change as an exact fraction. --engine runs the same cases with another copy of the engine and compares with
      its answers: a folder (a checkout, or an installed package), a packed .tgz, git:<ref> (a tag, branch or
      commit of this repository) or release (the newest tag). Exit codes: 0 nothing changed, 5 something changed,
      4 an invariant was violated, 2 a bad case or results file (or an engine copy that cannot run).
  his review <cases-dir> --compare R11=alternative[,R7=alternative...] [--only-diff] [--json]
      Runs every case under the rulings, under each alternative reading given alone and under all of them together,
      and prints per case the outcome distributions side by side, or "same"; a changed case says which ruling changes
      it (changed by R11; changed only by R11 and R7 together). --only-diff prints only the changed cases and, in
      each, only what changed. --json gives each case's changedBy. Exit 0 (4 when an invariant is violated).`;

function badCases(e: CaseError | FileError, json: boolean): number {
  if (json) out(JSON.stringify({ ok: false, error: { code: 'invalid-case', message: e.message } }, null, 2));
  else err(`his: ${e.message}`);
  return 2;
}

/**
 * The casebook answered by another copy of the engine (src/review/engine-diff.ts), as the baseline this run is
 * compared with: what changed from that engine to this one.
 */
function engineBaseline(name: string, dir: string): SavedResults & { readonly against: string } {
  const copy = engineCopy(name);
  try {
    const answer = runWith(copy, { kind: 'casebook', dir: resolvePath(dir) });
    const version = engineVersion(copy);
    return {
      ...parseSavedResults(JSON.stringify(answer), copy.label),
      against: `the engine at ${copy.label}${version ? `, version ${version}` : ''}`,
    };
  } finally {
    copy.cleanup();
  }
}

/** A case's diff as lines of text (also `his explore --engine`'s). */
export function diffLines(d: CaseDiff): string[] {
  return line(d);
}

function line(d: CaseDiff): string[] {
  const head = {
    same: 'unchanged',
    changed: 'CHANGED',
    new: 'NEW (not in the baseline)',
    gone: 'GONE (in the baseline, no case now)',
    failed: 'FAILED',
  }[d.status];
  const lines = [
    `${d.id}: ${head}${d.error ? ` — ${d.error}` : ''}${d.truncated ? ' — the exploration stopped at its bound' : ''}`,
  ];
  if (d.status === 'new') return lines;
  for (const a of d.added)
    lines.push(`  + ${a.value === 'reachable' ? 'reachable' : `${a.value} (${percent(a.value)})`}  ${a.outcome}`);
  for (const r of d.removed)
    lines.push(`  − ${r.value === 'reachable' ? 'reachable' : `${r.value} (${percent(r.value)})`}  ${r.outcome}`);
  for (const c of d.changed) lines.push(`  ~ ${c.from} → ${c.to} (${c.delta})  ${c.outcome}`);
  for (const f of d.facts) lines.push(`  fact ${f.find}: ${f.from} → ${f.to}`);
  for (const v of d.violations) lines.push(`  invariant violated ${v}`);
  return lines;
}

export function cmdReview(args: string[]): number {
  const { values, positionals } = options(args, {
    baseline: { type: 'string' },
    json: { type: 'boolean' },
    write: { type: 'string' },
    all: { type: 'boolean' },
    compare: { type: 'string', multiple: true },
    'only-diff': { type: 'boolean' },
    engine: { type: 'string' },
  });
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? 'review needs a folder of cases (e.g. review/cases)'
        : `review takes one folder of cases, not ${positionals.length}`,
    );
  const json = values.json ?? false;
  if (values.compare !== undefined) {
    if (values.baseline !== undefined || values.write !== undefined || values.all !== undefined)
      throw new UsageError('--compare runs the cases under two readings: it takes no --baseline, --write or --all');
    const rulings = rulingsOf(values.compare, 'compare');
    if (Object.keys(rulings).length === 0)
      throw new UsageError('--compare needs a reading, e.g. --compare R11=alternative');
    return compareReadings(positionals[0]!, rulings, json, values['only-diff'] ?? false);
  }
  if (values['only-diff']) throw new UsageError('--only-diff goes with --compare');
  if (values.engine !== undefined && values.baseline !== undefined)
    throw new UsageError('--engine and --baseline are two baselines: give one');
  let diffs: CaseDiff[];
  let violated = false;
  let against = "the cases' pinned answers";
  try {
    const cases = loadCases(positionals[0]!);
    let baseline: SavedResults | undefined;
    if (values.engine !== undefined) {
      const other = engineBaseline(values.engine, positionals[0]!);
      baseline = other;
      against = other.against;
    } else if (values.baseline !== undefined) {
      baseline = parseSavedResults(readFile(values.baseline), values.baseline);
      against = values.baseline;
    }
    const results = cases.map(runCase);
    violated = results.some((r) => r.violations.length > 0);
    diffs = diffAll(cases, results, baseline);
    if (values.write !== undefined) {
      try {
        writeFileSync(values.write, `${prettyJson(savedResults(results))}\n`);
      } catch (e) {
        throw new FileError(
          `cannot write ${values.write}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
        );
      }
    }
  } catch (e) {
    if (e instanceof CaseError || e instanceof FileError) return badCases(e, json);
    if (e instanceof EngineError) return badCases(new FileError(e.message), json);
    throw e;
  }
  const changed = diffs.filter((d) => d.status !== 'same');
  if (json)
    out(
      JSON.stringify(
        {
          ok: changed.length === 0,
          against,
          cases: diffs.length,
          changed: changed.length,
          diffs: values.all ? diffs : changed,
        },
        null,
        2,
      ),
    );
  else {
    out(
      `${diffs.length} cases against ${against}: ${changed.length === 0 ? 'nothing changed' : `${changed.length} changed`}.`,
    );
    for (const d of values.all ? diffs : changed) out(line(d).join('\n'));
    if (values.write !== undefined) out(`This run's results are in ${values.write} (use it as --baseline later).`);
  }
  return violated ? 4 : changed.length > 0 ? REVIEW_CHANGED : 0;
}

/**
 * `his review <cases-dir> --compare R11=alternative[,R13=alternative…]`: every case under RULINGS.md's readings and
 * under the given ones, side by side. Exit 0 (4 when an invariant is violated under either reading).
 */
function compareReadings(dir: string, rulings: Rulings, json: boolean, onlyDiff: boolean): number {
  let comparisons: CaseComparison[];
  try {
    comparisons = loadCases(dir).map((c) => compareCase(c, rulings));
  } catch (e) {
    if (e instanceof CaseError || e instanceof FileError) return badCases(e, json);
    throw e;
  }
  const differ = comparisons.filter((c) => !c.same);
  const violated = comparisons.some((c) => c.violations.ruling.length + c.violations.alternative.length > 0);
  // --only-diff: the changed cases only, each with only the end positions and facts some reading changes.
  const shown = onlyDiff ? differ.map(onlyChanges) : comparisons;
  if (json)
    out(
      JSON.stringify(
        {
          ok: !violated,
          compare: rulings,
          cases: comparisons.length,
          differ: differ.length,
          changedBy: Object.fromEntries(
            Object.keys(rulings).map((id) => [id, differ.filter((c) => c.changedBy.includes(id)).length]),
          ),
          comparisons: shown,
        },
        null,
        2,
      ),
    );
  else {
    out(
      `${comparisons.length} cases under the rulings (RULINGS.md) and under ${rulingsLabel(rulings)}: ${differ.length === 0 ? 'no case differs' : `${differ.length} differ`}${
        differ.length && Object.keys(rulings).length > 1
          ? ` (${Object.keys(rulings)
              .map((id) => `${differ.filter((c) => c.changedBy.includes(id)).length} changed by ${id}`)
              .join(', ')})`
          : ''
      }.`,
    );
    for (const c of shown) out(comparisonLines(c, onlyDiff).join('\n'));
  }
  return violated ? 4 : 0;
}
