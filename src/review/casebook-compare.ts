// `his review --compare`: every case of the casebook under RULINGS.md's readings and under alternative readings of
// some rulings (src/schema/rulings.ts), side by side: the end positions each reading gives, with their exact
// probabilities (or whether they are reachable), and the facts each case pins.
//
// With several rulings at once, each changed case says which ruling moved it. Every case runs under the rulings,
// under each alternative alone, under all of them together and (from three on) under all but one. A ruling *changes*
// a case when reading it the other way, alone or on top of the others, moves the case's answer: its run alone differs
// from the rulings', or the run of all of them differs from the run of all but it. `changedBy` lists those rulings;
// `byItself` the ones whose run alone differs. So `changedBy: ["R11"]` is a case only R11 moves, and
// `changedBy: ["R11", "R7"]` with an empty `byItself` a change only the combination makes. Up to three rulings this
// is every combination; from four on, the pairs (and so on) between one and all but one are not run.
import type { Rulings, VariantRuling } from '../schema/rulings.ts';
import { runCaseUnder, type Case, type CaseResult } from './casebook.ts';

/** One end position (src/review/casebook.ts outcomeLine) and its value under each reading; null: not an outcome. */
export interface ComparisonRow {
  readonly outcome: string;
  readonly ruling: string | null;
  /** Under every alternative given, together. */
  readonly alternative: string | null;
  /** Under each reading shown, by its label (`R11`, `R7`, `R11+R7`). */
  readonly values: Readonly<Record<string, string | null>>;
}

export interface FactComparison {
  readonly find: string;
  readonly ruling: string;
  readonly alternative: string;
  readonly values: Readonly<Record<string, string>>;
}

export interface CaseComparison {
  readonly id: string;
  readonly kind: 'distribution' | 'reachable';
  /** No reading changes the case (the same end positions with the same values, the same facts), and none failed. */
  readonly same: boolean;
  /** The rulings that change the case (see above), in the order given; empty when it is the same. */
  readonly changedBy: readonly string[];
  /** Those of them that change it read alone. */
  readonly byItself: readonly string[];
  /** The readings shown beside the rulings': each alternative alone, then all of them together. */
  readonly readings: readonly string[];
  /** Every end position of any reading, by its line. */
  readonly outcomes: readonly ComparisonRow[];
  /** The facts whose value differs under some reading. */
  readonly facts: readonly FactComparison[];
  /** Invariant violations, under the rulings and under the alternatives (any of the runs). */
  readonly violations: { readonly ruling: readonly string[]; readonly alternative: readonly string[] };
  readonly truncated: boolean;
  /** A case that could not run under a reading (its script refused, its scenario rejected). */
  readonly errors?: { readonly ruling?: string; readonly alternative?: string };
}

/** The label of a combination of alternative readings: `R11+R7`; `rulings` for none. */
function labelOf(ids: readonly string[]): string {
  return ids.length === 0 ? 'rulings' : ids.join('+');
}

function sameResult(a: CaseResult, b: CaseResult): boolean {
  return (
    a.error === b.error &&
    JSON.stringify(a.outcomes) === JSON.stringify(b.outcomes) &&
    JSON.stringify(a.facts.map((f) => f.value)) === JSON.stringify(b.facts.map((f) => f.value))
  );
}

/**
 * The combinations a comparison runs: none, each alone, all but one (from three rulings on), all — each as the list of
 * the rulings read the other way, in the order given.
 */
export function combinations(ids: readonly string[]): string[][] {
  const out: string[][] = [[], ...ids.map((id) => [id])];
  if (ids.length >= 3) out.push(...ids.map((id) => ids.filter((x) => x !== id)));
  if (ids.length >= 2) out.push([...ids]);
  return out;
}

/** Who changes a case, from its run under each combination (keyed by labelOf). */
export function attribution(
  ids: readonly string[],
  run: (combination: readonly string[]) => CaseResult,
): { changedBy: string[]; byItself: string[] } {
  const base = run([]);
  const differs = (a: readonly string[], b: readonly string[]) => !sameResult(run(a), run(b));
  const byItself = ids.filter((id) => differs([id], []));
  let changedBy = ids.filter(
    (id) =>
      byItself.includes(id) ||
      differs(
        ids,
        ids.filter((x) => x !== id),
      ),
  );
  // Beyond three rulings not every combination runs: a change the runs cannot pin on fewer is put on all of them.
  if (changedBy.length === 0 && !sameResult(run(ids), base)) changedBy = [...ids];
  return { changedBy, byItself };
}

/** The runs of one case under each combination, side by side, with who changes it. */
export function compareRuns(
  ids: readonly string[],
  run: (combination: readonly string[]) => CaseResult,
): CaseComparison {
  const base = run([]);
  const shown = ids.length === 1 ? [[...ids]] : [...ids.map((id) => [id]), [...ids]];
  const readings = shown.map(labelOf);
  const all = run(ids);
  const results = shown.map(run);
  const lines = [...new Set([base, ...results].flatMap((r) => Object.keys(r.outcomes)))].sort();
  const value = (r: CaseResult, line: string) => (Object.hasOwn(r.outcomes, line) ? r.outcomes[line]! : null);
  const outcomes = lines.map((outcome) => ({
    outcome,
    ruling: value(base, outcome),
    alternative: value(all, outcome),
    values: Object.fromEntries(readings.map((l, i) => [l, value(results[i]!, outcome)])),
  }));
  const facts = base.facts.flatMap((f, i) => {
    const values = Object.fromEntries(readings.map((l, k) => [l, results[k]!.facts[i]?.value ?? '(not run)']));
    return Object.values(values).every((v) => v === f.value)
      ? []
      : [{ find: f.find, ruling: f.value, alternative: all.facts[i]?.value ?? '(not run)', values }];
  });
  const others = combinations(ids)
    .filter((c) => c.length > 0)
    .map(run);
  const failed = others.find((r) => r.error);
  const errors = {
    ...(base.error ? { ruling: base.error } : {}),
    ...(failed?.error ? { alternative: failed.error } : {}),
  };
  const { changedBy, byItself } = attribution(ids, run);
  const same = Object.keys(errors).length === 0 && changedBy.length === 0;
  return {
    id: base.id,
    kind: base.kind,
    same,
    changedBy: same ? [] : changedBy,
    byItself: same ? [] : byItself,
    readings,
    outcomes,
    facts,
    violations: { ruling: base.violations, alternative: [...new Set(others.flatMap((r) => r.violations))] },
    truncated: base.truncated || others.some((r) => r.truncated),
    ...(Object.keys(errors).length > 0 ? { errors } : {}),
  };
}

/** One case under RULINGS.md and under `rulings` read over its scenario's own: each alone and together. */
export function compareCase(c: Case, rulings: Rulings): CaseComparison {
  const ids = Object.keys(rulings) as VariantRuling[];
  const runs = new Map<string, CaseResult>();
  const run = (combination: readonly string[]) => {
    const key = labelOf(combination);
    let r = runs.get(key);
    if (!r) {
      const readings = Object.fromEntries(combination.map((id) => [id, rulings[id as VariantRuling]])) as Rulings;
      runs.set(key, (r = runCaseUnder(c, readings)));
    }
    return r;
  };
  return compareRuns(ids, run);
}

/** `R11=alternative, R13=alternative`: the readings compared, as the command line names them. */
export function rulingsLabel(rulings: Rulings): string {
  return Object.entries(rulings)
    .map(([id, r]) => `${id}=${r}`)
    .join(', ');
}

/** Which rulings change a case, in words: `changed by R11`, `changed only by R11 and R7 together`. */
export function changedByText(c: Pick<CaseComparison, 'changedBy' | 'byItself'>): string {
  const and = (xs: readonly string[]) =>
    xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;
  if (c.changedBy.length === 0) return 'same';
  const alone = c.changedBy.filter((r) => c.byItself.includes(r));
  const together = c.changedBy.filter((r) => !c.byItself.includes(r));
  if (alone.length === 0) return `changed only by ${and(together)} together`;
  const head = `changed by ${and(alone)}${alone.length > 1 ? ', each alone' : ''}`;
  return together.length === 0 ? head : `${head}; and by ${and(together)} only together with ${and(alone)}`;
}

/**
 * A comparison as lines of text: `id: same`, or `id: DIFFERS — changed by …`, the columns of values and the end
 * positions. `onlyDiff` keeps only the end positions and facts whose value some reading changes.
 */
export function comparisonLines(c: CaseComparison, onlyDiff = false): string[] {
  const notes = [
    ...(c.errors?.ruling ? [`  under the rulings: FAILED — ${c.errors.ruling}`] : []),
    ...(c.errors?.alternative ? [`  under an alternative: FAILED — ${c.errors.alternative}`] : []),
    ...c.violations.ruling.map((v) => `  invariant violated under the rulings ${v}`),
    ...c.violations.alternative.map((v) => `  invariant violated under an alternative ${v}`),
    ...(c.truncated ? ['  the exploration stopped at its bound'] : []),
  ];
  if (c.same) return [`${c.id}: same`, ...notes];
  const cell = (v: string | null) => v ?? '—';
  const changes = (o: ComparisonRow) => c.readings.some((l) => o.values[l] !== o.ruling);
  const rows = onlyDiff ? c.outcomes.filter(changes) : c.outcomes;
  const columns = ['ruling', ...c.readings];
  const valuesOf = (o: ComparisonRow) => [cell(o.ruling), ...c.readings.map((l) => cell(o.values[l] ?? null))];
  const widths = columns.map((h, i) => Math.max(h.length, ...rows.map((o) => valuesOf(o)[i]!.length)));
  // `≠` marks the end positions whose value some reading changes.
  const row = (mark: string, cells: readonly string[], outcome: string) =>
    `  ${mark} ${cells.map((x, i) => x.padEnd(widths[i]!)).join('  ')}  ${outcome}`;
  return [
    `${c.id}: DIFFERS — ${changedByText(c)}`,
    ...(rows.length ? [row(' ', columns, 'end position')] : []),
    ...rows.map((o) => row(changes(o) ? '≠' : ' ', valuesOf(o), o.outcome)),
    ...c.facts.map(
      (f) => `  fact ${f.find}: ${f.ruling} → ${c.readings.map((l) => `${f.values[l]} (${l})`).join(', ')}`,
    ),
    ...notes,
  ];
}

/** The comparison with only the end positions and facts that some reading changes (`--only-diff`). */
export function onlyChanges(c: CaseComparison): CaseComparison {
  return { ...c, outcomes: c.outcomes.filter((o) => c.readings.some((l) => o.values[l] !== o.ruling)) };
}
