// The casebook run shared by scripts/casebook.ts and its test: every case of review/cases, the machine coverage of
// their traces (with the examples' explorations and the machines' own graphs), and the generated pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { casebookMarkdown } from './casebook-doc.ts';
import { loadCases, runCase, type Case, type CaseResult } from './casebook.ts';
import { machineCoverage, coverageMarkdown, type MachineCoverage } from './machine-coverage.ts';

export const CASES_DIR = 'review/cases';
export const CASEBOOK_DOC = 'docs/casebook.md';
export const REVIEW_DOC = 'docs/review.md';

export const GENERATED_START = '<!-- generated: machine coverage (npx tsx scripts/casebook.ts) -->';
export const GENERATED_END = '<!-- end of generated section -->';

/** docs/review.md with its generated section replaced (the hand-written rest kept as it is). */
export function withGeneratedSection(doc: string, section: string): string {
  const start = doc.indexOf(GENERATED_START);
  const end = doc.indexOf(GENERATED_END);
  if (start < 0 || end < start)
    throw new Error(`${REVIEW_DOC} has no generated section (${GENERATED_START} … ${GENERATED_END})`);
  return `${doc.slice(0, start + GENERATED_START.length)}\n\n${section.trim()}\n\n${doc.slice(end)}`;
}

export interface CasebookRun {
  readonly cases: readonly Case[];
  readonly results: readonly CaseResult[];
  readonly coverage: MachineCoverage;
  /** Generated pages by path (relative to the root). */
  readonly files: Readonly<Record<string, string>>;
}

export function runCasebook(root: string): { cases: Case[]; results: CaseResult[] } {
  const cases = loadCases(join(root, CASES_DIR));
  return { cases, results: cases.map(runCase) };
}

export function casebookDocs(root: string, run = runCasebook(root)): CasebookRun {
  const coverage = machineCoverage(root, run.results);
  const review = withGeneratedSection(readFileSync(join(root, REVIEW_DOC), 'utf8'), coverageMarkdown(coverage));
  return {
    ...run,
    coverage,
    files: { [CASEBOOK_DOC]: casebookMarkdown(run.cases, run.results), [REVIEW_DOC]: review },
  };
}
