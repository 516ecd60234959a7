// The casebook run shared by scripts/casebook.ts and its test: every case of review/cases, the machine coverage of
// their traces (with the examples' explorations, the machines' own graphs and the test suite's count), and the
// generated pages: docs/casebook.md, and the machine-coverage section of docs/coverage.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { casebookMarkdown } from './casebook-doc.ts';
import { loadCases, runCase, type Case, type CaseResult } from './casebook.ts';
import { machineCoverage, coverageMarkdown, type MachineCoverage } from './machine-coverage.ts';
import { casesByStatement, citedStatements, recordRestrictions, statementCasesMarkdown } from './statement-coverage.ts';

export const CASES_DIR = 'review/cases';
export const CASEBOOK_DOC = 'docs/casebook.md';
/** The page whose machine-coverage section the casebook script writes (the rest is scripts/coverage.ts's). */
export const COVERAGE_DOC = 'docs/coverage.md';

export const GENERATED_START = '<!-- generated: machine coverage (npx tsx scripts/casebook.ts) -->';
export const GENERATED_END = '<!-- end of generated section -->';

/** docs/coverage.md with its machine-coverage section replaced (the statements before it kept as they are); appended when missing. */
export function withGeneratedSection(doc: string, section: string): string {
  const start = doc.indexOf(GENERATED_START);
  const end = doc.indexOf(GENERATED_END);
  const block = `${GENERATED_START}\n\n${section.trim()}\n\n${GENERATED_END}\n`;
  if (start < 0 || end < start) return `${doc.trimEnd()}\n\n${block}`;
  return `${doc.slice(0, start)}${block}${doc.slice(end + GENERATED_END.length).replace(/^\n/, '')}`;
}

/** The machine-coverage section of docs/coverage.md, without its markers: '' when there is none. */
export function generatedSection(doc: string): string {
  const start = doc.indexOf(GENERATED_START);
  const end = doc.indexOf(GENERATED_END);
  return start >= 0 && end > start ? doc.slice(start + GENERATED_START.length, end).trim() : '';
}

/** The part of docs/coverage.md before its machine-coverage section (what scripts/coverage.ts writes). */
export function beforeGeneratedSection(doc: string): string {
  const start = doc.indexOf(GENERATED_START);
  return start < 0 ? doc : doc.slice(0, start).trimEnd() + '\n';
}

export interface CasebookRun {
  readonly cases: readonly Case[];
  readonly results: readonly CaseResult[];
  readonly coverage: MachineCoverage;
  /** Generated pages by path (relative to the root). */
  readonly files: Readonly<Record<string, string>>;
}

export function runCasebook(root: string): {
  cases: Case[];
  results: CaseResult[];
  statementCases: Map<string, string[]>;
} {
  const cases = loadCases(join(root, CASES_DIR));
  const runs = cases.map((c) => {
    const { value, restrictions } = recordRestrictions(() => runCase(c));
    return { result: value, run: { id: c.id, cites: citedStatements(c), restrictions, guards: value.reached.guards } };
  });
  return {
    cases,
    results: runs.map((r) => r.result),
    statementCases: casesByStatement(runs.map((r) => r.run)),
  };
}

export function casebookDocs(root: string, run = runCasebook(root)): CasebookRun {
  const coverage = machineCoverage(root, run.results);
  const section = `${coverageMarkdown(coverage).trimEnd()}\n\n${statementCasesMarkdown(run.statementCases)}\n`;
  const page = withGeneratedSection(readFileSync(join(root, COVERAGE_DOC), 'utf8'), section);
  return {
    ...run,
    coverage,
    files: { [CASEBOOK_DOC]: casebookMarkdown(run.cases, run.results), [COVERAGE_DOC]: page },
  };
}
