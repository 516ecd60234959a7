// Statement coverage of a run (src/review/statement-coverage.ts, `his coverage`): a statement of RULES.md §7 is
// exercised when a restriction or a machine guard tied to it was evaluated both ways, or a casebook case cites it;
// docs/coverage.md links each statement to the cases that exercise it.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { explore } from '../../src/review/explore.ts';
import {
  citedStatements,
  recordRestrictions,
  statementTies,
  statementUses,
} from '../../src/review/statement-coverage.ts';
import { ALL_RESTRICTIONS } from '../../src/rules/index.ts';
import { his } from '../helpers/cli.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const example = (name: string) =>
  parseScenario({ ...JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8')), events: [] });

describe('what ties a statement to a run', () => {
  test('[13.1 step 8] a statement carried by no restriction is tied to the guards its place names', () => {
    expect(statementTies().get('MOV-29')).toEqual({
      restrictions: [],
      guards: ['hasEnemyLandUnitsOutside', 'hasDefendersOutside'],
    });
    expect(statementTies().get('INT-16')!.restrictions).toEqual(['isNoOtherPowerSuccessful']);
  });

  test('a case cites statements in its statements list or by id in its rules', () => {
    expect(citedStatements({ rules: '13.2 step 3 (INT-16); ruling R12', statements: ['MOV-25'] }).sort()).toEqual([
      'INT-16',
      'MOV-25',
    ]);
  });
});

describe('a run’s evaluations', { timeout: 120_000 }, () => {
  test('[13.2 step 2] the worked example evaluates its interception roll both ways: INT-24 is exercised', () => {
    const before = ALL_RESTRICTIONS.map((r) => r.holds);
    const { value: report, restrictions } = recordRestrictions(() =>
      explore(example('vienna-1517.json'), { decisions: 'all', answers: 'listed', coverage: true }),
    );
    // The restrictions are put back as they were.
    expect(ALL_RESTRICTIONS.map((r) => r.holds)).toEqual(before);
    expect(report.reached!.guards.get('wasInterceptionSuccessful')).toEqual({ held: true, failed: true });
    const uses = statementUses({ restrictions, guards: report.reached!.guards });
    const int24 = uses.find((u) => u.statement.id === 'INT-24')!;
    expect(int24).toMatchObject({ exercised: true, bothWays: ['wasInterceptionSuccessful'] });
    // A given move is never refused: its restrictions were seen holding only.
    const mov03 = uses.find((u) => u.statement.id === 'MOV-03')!;
    expect(mov03).toMatchObject({ exercised: false, bothWays: [], oneWay: ['isDestinationAdjacent'] });
    expect(restrictions.get('isDestinationAdjacent')).toEqual({ held: true, failed: false });
  });

  test('[13.3] a restriction that refuses some answer and allows another is exercised', () => {
    const { restrictions } = recordRestrictions(() =>
      explore(example('avoid-battle-linz.json'), { decisions: 'all', answers: 'all' }),
    );
    const both = [...restrictions].filter(([, e]) => e.held && e.failed).map(([n]) => n);
    expect(both.length).toBeGreaterThan(0);
    const uses = statementUses({ restrictions, guards: new Map() });
    for (const u of uses.filter((x) => x.exercised)) expect(u.bothWays.every((n) => both.includes(n))).toBe(true);
  });
});

describe('his coverage', { timeout: 180_000 }, () => {
  test('[13.2 step 2] on a scenario: the statements exercised, then each one not exercised with what was seen of it', () => {
    const r = his('coverage', 'examples/vienna-1517.json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^\d+ of the 150 in-scope statements of RULES\.md §7 exercised by the exploration of examples\/vienna-1517\.json \(every listed answer\): \d+ by a restriction or guard evaluated both ways, 0 cited by a case\. 4 more are left out by ruling R14\.\n/,
    );
    expect(r.stdout).toContain('\nNot exercised (');
    expect(r.stdout).toContain(
      '  MOV-03 [13.1 steps 1–2] One Move action moves one formation into one adjacent space. — one way only: isDestinationAdjacent\n',
    );
    const json = JSON.parse(his('coverage', 'examples/vienna-1517.json', '--json').stdout);
    expect(json.covered.map((u: { id: string }) => u.id)).toContain('INT-24');
    expect(json.uncovered.map((u: { id: string }) => u.id)).toContain('MOV-03');
    expect(json.exercised + json.uncovered.length).toBe(json.inScope);
  });

  test('on a casebook folder: a case that cites a statement covers it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'his-coverage-'));
    const id = 'intercept-ally-blocked-after-success';
    cpSync(join(ROOT, 'review', 'cases', `${id}.json`), join(dir, `${id}.json`));
    const before = JSON.parse(his('coverage', dir, '--json').stdout);
    expect(before.uncovered.map((u: { id: string }) => u.id)).toContain('MOV-25');
    const c = JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8'));
    writeFileSync(join(dir, `${id}.json`), JSON.stringify({ ...c, statements: ['MOV-25'] }));
    const after = JSON.parse(his('coverage', dir, '--json').stdout);
    expect(after.covered.find((u: { id: string }) => u.id === 'MOV-25')).toMatchObject({ citedBy: [id], by: [id] });
    expect(after.exercised).toBe(before.exercised + 1);
  });

  test('usage: nothing to cover, a folder with scenario files, --policy on a casebook', () => {
    expect(his('coverage').code).toBe(1);
    expect(his('coverage', 'review/cases', 'examples/vienna-1517.json').code).toBe(1);
    expect(his('coverage', 'review/cases', '--policy', 'eager').code).toBe(1);
    expect(his('coverage', 'examples/no-such.json').code).toBe(2);
  });
});

describe('docs/coverage.md links each statement to its casebook cases', () => {
  test('the generated table names cases of the casebook, linked to their section of casebook.md', () => {
    const page = readFileSync(join(ROOT, 'docs', 'coverage.md'), 'utf8');
    const table = page.slice(page.indexOf('## Statements and their casebook cases (generated)'));
    expect(table).toMatch(/\| INT-\d\d \| \[[a-z0-9-]+\]\(casebook\.md#[a-z0-9-]+\)/);
    const cases = new Set(
      readFileSync(join(ROOT, 'docs', 'casebook.md'), 'utf8')
        .match(/^## ([a-z0-9-]+)$/gm)!
        .map((h) => h.slice(3)),
    );
    for (const [, id] of table.matchAll(/\]\(casebook\.md#([a-z0-9-]+)\)/g)) expect(cases.has(id!)).toBe(true);
  });
});
