// Which testable statements of RULES.md §7 a run exercised (`his coverage`, and the casebook's links in
// docs/coverage.md). A statement is exercised when something tied to it was evaluated both ways — a restriction that
// carries it (its `statements` list) held on some answer and refused another, or a machine guard its place names
// (src/rules/statements.ts STATEMENT_PLACES: `checkingBattle fights only if hasEnemyLandUnitsOutside`) held at one
// step and failed at another — or when a casebook case cites it (its `statements`, or the id in its `rules`).
//
// Restrictions are pure objects of src/rules; to see them evaluated, `recordRestrictions` wraps each one's `holds`
// for the length of a run and puts it back after (as src/engine/instrument.ts wraps the machines' guards): the rules
// themselves stay as they are. Guards are read from the trace, which records every guard evaluation.
import { MACHINES } from '../../machines/index.ts';
import { ALL_RESTRICTIONS } from '../rules/index.ts';
import { STATEMENT_PLACES, STATEMENTS, type Statement } from '../rules/statements.ts';

/** Whether something was seen holding, and seen failing. */
export interface BothWays {
  held: boolean;
  failed: boolean;
}

/** Per restriction or guard name: how it was evaluated. */
export type Evaluations = Map<string, BothWays>;

export function note(map: Evaluations, name: string, result: boolean): void {
  let e = map.get(name);
  if (!e) map.set(name, (e = { held: false, failed: false }));
  if (result) e.held = true;
  else e.failed = true;
}

export function mergeEvaluations(into: Evaluations, from: ReadonlyMap<string, BothWays>): void {
  for (const [name, e] of from) {
    if (e.held) note(into, name, true);
    if (e.failed) note(into, name, false);
  }
}

const recorders: Evaluations[] = [];
let originals: Map<object, (...args: never[]) => boolean> | undefined;

/** Runs `run` with every restriction's evaluations recorded (nested runs record into each open recorder). */
export function recordRestrictions<T>(run: () => T): { readonly value: T; readonly restrictions: Evaluations } {
  const mine: Evaluations = new Map();
  if (recorders.length === 0) {
    originals = new Map();
    for (const r of ALL_RESTRICTIONS) {
      const holds = r.holds as (...args: never[]) => boolean;
      originals.set(r, holds);
      (r as { holds: unknown }).holds = (...args: never[]) => {
        const result = holds(...args);
        for (const rec of recorders) note(rec, r.name, result);
        return result;
      };
    }
  }
  recorders.push(mine);
  try {
    return { value: run(), restrictions: mine };
  } finally {
    recorders.splice(recorders.indexOf(mine), 1);
    if (recorders.length === 0 && originals) {
      for (const [r, holds] of originals) (r as { holds: unknown }).holds = holds;
      originals = undefined;
    }
  }
}

const GUARD_NAMES = new Set(Object.values(MACHINES).flatMap((m) => Object.keys(m.implementations.guards)));

/** What ties each statement to a run: the restrictions that carry it, the guards its place names. */
export interface Ties {
  readonly restrictions: readonly string[];
  readonly guards: readonly string[];
}

export function statementTies(): ReadonlyMap<string, Ties> {
  return new Map(
    STATEMENTS.map((s) => {
      const place = STATEMENT_PLACES[s.id];
      const words = place && place.kind !== 'out-of-scope' ? (place.where.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []) : [];
      return [
        s.id,
        {
          restrictions: [...new Set(ALL_RESTRICTIONS.filter((r) => r.statements.includes(s.id)).map((r) => r.name))],
          guards: [...new Set(words.filter((w) => GUARD_NAMES.has(w)))],
        },
      ];
    }),
  );
}

const STATEMENT_ID = /\b[A-Z]{3}-\d{2}\b/g;

/** The statement ids a case cites: its `statements`, and any id written in its `rules`. */
export function citedStatements(c: {
  readonly rules: string;
  readonly statements?: readonly string[] | undefined;
}): string[] {
  return [...new Set([...(c.statements ?? []), ...(c.rules.match(STATEMENT_ID) ?? [])])];
}

export interface StatementUse {
  readonly statement: Statement;
  readonly inScope: boolean;
  readonly exercised: boolean;
  /** The restrictions and guards tied to it that were evaluated both ways. */
  readonly bothWays: readonly string[];
  /** Those evaluated one way only. */
  readonly oneWay: readonly string[];
  /** The casebook cases that cite it. */
  readonly citedBy: readonly string[];
  /** Whether anything can tie it to a run (a restriction or a guard), besides a citation. */
  readonly measurable: boolean;
}

/** Every statement, exercised or not, from what a run evaluated and what cases cite. */
export function statementUses(
  evaluations: { readonly restrictions: ReadonlyMap<string, BothWays>; readonly guards: ReadonlyMap<string, BothWays> },
  citations: ReadonlyMap<string, readonly string[]> = new Map(),
): StatementUse[] {
  const ties = statementTies();
  return STATEMENTS.map((statement) => {
    const t = ties.get(statement.id)!;
    const seen = [
      ...t.restrictions.map((n) => [n, evaluations.restrictions.get(n)] as const),
      ...t.guards.map((n) => [n, evaluations.guards.get(n)] as const),
    ];
    const bothWays = seen.filter(([, e]) => e?.held && e.failed).map(([n]) => n);
    const oneWay = seen.filter(([, e]) => e && !(e.held && e.failed)).map(([n]) => n);
    const citedBy = citations.get(statement.id) ?? [];
    return {
      statement,
      inScope: STATEMENT_PLACES[statement.id]?.kind !== 'out-of-scope',
      exercised: bothWays.length > 0 || citedBy.length > 0,
      bothWays,
      oneWay,
      citedBy,
      measurable: seen.length > 0,
    };
  });
}

/**
 * The cases of a casebook that exercise each statement by themselves: in its own run a restriction or guard tied to
 * it was evaluated both ways, or it cites the statement.
 */
export function casesByStatement(
  runs: readonly {
    readonly id: string;
    readonly cites: readonly string[];
    readonly restrictions: ReadonlyMap<string, BothWays>;
    readonly guards: ReadonlyMap<string, BothWays>;
  }[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of runs) {
    const cites = new Map(r.cites.map((id) => [id, [r.id]]));
    for (const u of statementUses(r, cites))
      if (u.exercised) out.set(u.statement.id, [...(out.get(u.statement.id) ?? []), r.id]);
  }
  return out;
}

/** docs/coverage.md's table of each statement's casebook cases (in the casebook script's generated section). */
export function statementCasesMarkdown(
  byStatement: ReadonlyMap<string, readonly string[]>,
  casebookPage = 'casebook.md',
): string {
  const inScope = STATEMENTS.filter((s) => STATEMENT_PLACES[s.id]?.kind !== 'out-of-scope');
  const withCase = inScope.filter((s) => (byStatement.get(s.id) ?? []).length > 0);
  const lines = [
    '## Statements and their casebook cases (generated)',
    '',
    'A case exercises a statement when, in its own run, a restriction or a machine guard tied to the statement (the',
    'restrictions that carry it, the guards its place names) was evaluated both ways, or when the case cites it (its',
    '`statements`, or the id in its `rules`); `his coverage review/cases` counts the same over the whole casebook, where',
    'a restriction may hold in one case and refuse in another. The tests that name each statement are in the first table',
    'of this page.',
    '',
    `${withCase.length} of the ${inScope.length} in-scope statements have a case.`,
    '',
    '| id | casebook cases |',
    '| --- | --- |',
  ];
  for (const s of inScope) {
    const cases = byStatement.get(s.id) ?? [];
    lines.push(`| ${s.id} | ${cases.map((c) => `[${c}](${casebookPage}#${c})`).join(', ') || '—'} |`);
  }
  return lines.join('\n');
}
