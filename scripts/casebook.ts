// The casebook (review/cases): runs every case and writes docs/casebook.md and the generated section of
// docs/review.md (machine coverage). Not a test: test/review/casebook.test.ts pins each case and fails when a page is
// stale.
//
//   npx tsx scripts/casebook.ts            run every case, print what differs from its pinned answer, write the docs
//   npx tsx scripts/casebook.ts --check    write nothing; exit 1 if a page is stale or a case differs from its pin
//   npx tsx scripts/casebook.ts --pin ID…  write the engine's current answer into those cases' `expected` (a new case
//                                          is drafted with an empty `expected`; review what gets pinned)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASES_DIR, casebookDocs, REVIEW_DOC, CASEBOOK_DOC } from '../src/review/casebook-run.ts';
import { diffAll, parseCase, prettyJson, runCase, type CaseResult } from '../src/review/casebook.ts';

export const ROOT = join(import.meta.dirname, '..');

function pin(ids: readonly string[]): number {
  for (const id of ids) {
    const file = join(ROOT, CASES_DIR, id.endsWith('.json') ? id.replace(/^.*\//, '') : `${id}.json`);
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & {
      expected?: Record<string, unknown> & { facts?: Record<string, unknown>[] };
    };
    // A draft may leave `expected` empty: fill what the format requires so that it parses, then pin the real answer.
    const draft = structuredClone(raw);
    draft.expected ??= {};
    if (draft.policy) draft.expected.distribution ??= {};
    else draft.expected.reachable ??= [];
    for (const f of draft.expected.facts ?? []) {
      if (draft.policy) f.probability ??= '0';
      else f.reachable ??= false;
    }
    const c = parseCase(JSON.stringify(draft), file);
    const r: CaseResult = runCase(c);
    if (r.error) {
      console.error(`${id}: ${r.error}`);
      return 1;
    }
    const expected: Record<string, unknown> = c.policy
      ? { distribution: r.outcomes }
      : { reachable: Object.keys(r.outcomes) };
    const facts = (raw.expected?.facts ?? []).map((f, i) => {
      const value = r.facts[i]!.value;
      return c.policy ? { ...f, probability: value } : { ...f, reachable: value === 'reachable' };
    });
    if (facts.length) expected.facts = facts;
    raw.expected = expected;
    writeFileSync(file, `${prettyJson(raw)}\n`);
    console.log(
      `${id}: pinned ${Object.keys(r.outcomes).length} outcome(s)${facts.length ? ` and ${facts.length} fact(s)` : ''}${r.violations.length ? ` — ${r.violations.length} INVARIANT VIOLATION(S)` : ''}${r.truncated ? ' — TRUNCATED' : ''}`,
    );
  }
  return 0;
}

function main(argv: readonly string[]): number {
  const p = argv.indexOf('--pin');
  if (p >= 0) return pin(argv.slice(p + 1));
  const check = argv.includes('--check');
  const started = performance.now();
  const { cases, results, files } = casebookDocs(ROOT);
  let status = 0;
  for (const d of diffAll(cases, results)) {
    if (d.status === 'same') continue;
    status = 1;
    console.error(`${d.id}: ${d.status}${d.error ? ` — ${d.error}` : ''}`);
    for (const a of d.added) console.error(`  + ${a.value}  ${a.outcome}`);
    for (const a of d.removed) console.error(`  − ${a.value}  ${a.outcome}`);
    for (const a of d.changed) console.error(`  ~ ${a.from} → ${a.to} (${a.delta})  ${a.outcome}`);
    for (const f of d.facts) console.error(`  fact ${f.find}: ${f.from} → ${f.to}`);
    for (const v of d.violations) console.error(`  violation: ${v}`);
  }
  for (const [path, text] of Object.entries(files)) {
    const full = join(ROOT, path);
    const stale = !existsSync(full) || readFileSync(full, 'utf8') !== text;
    if (check) {
      if (stale) {
        console.error(`${path} is stale: run npx tsx scripts/casebook.ts`);
        status = 1;
      }
    } else if (stale) writeFileSync(full, text);
  }
  console.log(
    `${cases.length} cases run in ${((performance.now() - started) / 1000).toFixed(1)} s; ${check ? 'checked' : 'wrote'} ${CASEBOOK_DOC} and ${REVIEW_DOC}.`,
  );
  return status;
}

if (process.argv[1]?.endsWith('casebook.ts')) process.exitCode = main(process.argv.slice(2));
