// `his review --compare`: every case of the casebook under RULINGS.md's readings and under alternative readings of
// some rulings (src/schema/rulings.ts), side by side: the end positions each reading gives, with their exact
// probabilities (or whether they are reachable), and the facts each case pins.
import type { Rulings } from '../schema/rulings.ts';
import { runCase, runCaseUnder, type Case, type CaseResult } from './casebook.ts';

/** One end position (src/review/casebook.ts outcomeLine) and its value under each reading; null: not an outcome. */
export interface ComparisonRow {
  readonly outcome: string;
  readonly ruling: string | null;
  readonly alternative: string | null;
}

export interface FactComparison {
  readonly find: string;
  readonly ruling: string;
  readonly alternative: string;
}

export interface CaseComparison {
  readonly id: string;
  readonly kind: 'distribution' | 'reachable';
  /** The same end positions with the same values, the same facts, and neither reading failed. */
  readonly same: boolean;
  /** Every end position of either reading, by its line. */
  readonly outcomes: readonly ComparisonRow[];
  /** The facts whose value differs. */
  readonly facts: readonly FactComparison[];
  /** Invariant violations, per reading. */
  readonly violations: { readonly ruling: readonly string[]; readonly alternative: readonly string[] };
  readonly truncated: boolean;
  /** A case that could not run under a reading (its script refused, its scenario rejected). */
  readonly errors?: { readonly ruling?: string; readonly alternative?: string };
}

/** Two runs of one case, side by side. */
export function compareResults(ruling: CaseResult, alternative: CaseResult): CaseComparison {
  const lines = [...new Set([...Object.keys(ruling.outcomes), ...Object.keys(alternative.outcomes)])].sort();
  const value = (r: CaseResult, line: string) => (Object.hasOwn(r.outcomes, line) ? r.outcomes[line]! : null);
  const outcomes = lines.map((outcome) => ({
    outcome,
    ruling: value(ruling, outcome),
    alternative: value(alternative, outcome),
  }));
  const facts = ruling.facts.flatMap((f, i) => {
    const other = alternative.facts[i]?.value ?? '(not run)';
    return other === f.value ? [] : [{ find: f.find, ruling: f.value, alternative: other }];
  });
  const errors = {
    ...(ruling.error ? { ruling: ruling.error } : {}),
    ...(alternative.error ? { alternative: alternative.error } : {}),
  };
  const failed = Object.keys(errors).length > 0;
  const same = !failed && facts.length === 0 && outcomes.every((o) => o.ruling === o.alternative);
  return {
    id: ruling.id,
    kind: ruling.kind,
    same,
    outcomes,
    facts,
    violations: { ruling: ruling.violations, alternative: alternative.violations },
    truncated: ruling.truncated || alternative.truncated,
    ...(failed ? { errors } : {}),
  };
}

/** One case under RULINGS.md and under `rulings` read over its scenario's own. */
export function compareCase(c: Case, rulings: Rulings): CaseComparison {
  return compareResults(runCase(c), runCaseUnder(c, rulings));
}

/** `R11=alternative, R13=alternative`: the readings compared, as the command line names them. */
export function rulingsLabel(rulings: Rulings): string {
  return Object.entries(rulings)
    .map(([id, r]) => `${id}=${r}`)
    .join(', ');
}

/** A comparison as lines of text: `id: same`, or the two columns of values and the end positions. */
export function comparisonLines(c: CaseComparison): string[] {
  const notes = [
    ...(c.errors?.ruling ? [`  under the rulings: FAILED — ${c.errors.ruling}`] : []),
    ...(c.errors?.alternative ? [`  under the alternative: FAILED — ${c.errors.alternative}`] : []),
    ...c.violations.ruling.map((v) => `  invariant violated under the rulings ${v}`),
    ...c.violations.alternative.map((v) => `  invariant violated under the alternative ${v}`),
    ...(c.truncated ? ['  the exploration stopped at its bound'] : []),
  ];
  if (c.same) return [`${c.id}: same`, ...notes];
  const cell = (v: string | null) => v ?? '—';
  const left = Math.max('ruling'.length, ...c.outcomes.map((o) => cell(o.ruling).length));
  const right = Math.max('alternative'.length, ...c.outcomes.map((o) => cell(o.alternative).length));
  // `≠` marks the end positions whose value differs between the readings.
  const row = (mark: string, a: string, b: string, outcome: string) =>
    `  ${mark} ${a.padEnd(left)}  ${b.padEnd(right)}  ${outcome}`;
  return [
    `${c.id}: DIFFERS`,
    row(' ', 'ruling', 'alternative', 'end position'),
    ...c.outcomes.map((o) =>
      row(o.ruling === o.alternative ? ' ' : '≠', cell(o.ruling), cell(o.alternative), o.outcome),
    ),
    ...c.facts.map((f) => `  fact ${f.find}: ${f.ruling} → ${f.alternative}`),
    ...notes,
  ];
}
