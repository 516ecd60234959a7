// The casebook: hard corners of 13.1–15.3, each a position, a question in plain words, the rules it turns on, and
// the engine's exact answer pinned — the distribution of end positions under a stated policy (exact fractions), or
// the set of end positions reachable with every answer. Running the casebook again and comparing it with a
// baseline (the pinned answers, or an earlier run) is a rules reviewer's regression view: which outcomes appeared
// or vanished, and how each probability moved.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseScenario, readJson, withRulings, type Scenario } from '../engine/scenario.ts';
import type { Rulings } from '../schema/rulings.ts';
import type { ResultPosition } from '../schema/result.ts';
import { explore, type ExploreOptions, type ExploreReport } from './explore.ts';
import { add, format, fraction, percent as exactPercent, type Fraction } from './fraction.ts';
import { compileExpression, QueryPropertyError } from './query.ts';
import { Reached } from './transitions.ts';

const FractionText = z
  .string()
  .regex(/^\d+(\/[1-9]\d*)?$/, { error: 'a probability is written as a fraction, e.g. "5/12", "1" or "0"' });

export const FactSchema = z
  .object({
    /** A JavaScript expression over `position` and `summary` (as `his explore --find` takes it). */
    find: z.string().min(1),
    /** Under a policy: the exact chance that the outcome matches. */
    probability: FractionText.optional(),
    /** With every answer: whether some outcome matches. */
    reachable: z.boolean().optional(),
    note: z.string().optional(),
  })
  .strict();

export const CaseSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'a case id is a lower-case slug' }),
    question: z.string().min(1),
    /** The rule references it turns on, e.g. "13.2 step 3; ruling R12". */
    rules: z.string().min(1),
    /** The testable statements of RULES.md §7 it is about, e.g. ["INT-16"] (`his coverage` counts them as covered). */
    statements: z.array(z.string().regex(/^[A-Z]{3}-\d{2}$/, { error: 'a statement id, e.g. "INT-16"' })).optional(),
    /** The answer in plain words: what the pinned outcomes mean. */
    answer: z.string().min(1),
    /** Set when the engine's answer looks wrong against RULES.md / RULINGS.md: pinned as it is, and flagged. */
    doubt: z.string().optional(),
    scenario: z.unknown(),
    /** Answers and dice played first (as `his resolve --events` plays them), before the policy or the exploration. */
    script: z.array(z.unknown()).default([]),
    /** An exact distribution under this policy... */
    policy: z.enum(['decline', 'eager']).optional(),
    /** ...or the set of end positions reachable with every answer (listed, or every legal one). */
    mode: z.literal('reachable').optional(),
    answers: z.enum(['listed', 'all']).optional(),
    expected: z
      .object({
        /** Under a policy: every end position (src/review/casebook.ts outcomeLine) with its exact probability. */
        distribution: z.record(z.string(), FractionText).optional(),
        /** With every answer: every reachable end position. */
        reachable: z.array(z.string()).optional(),
        facts: z.array(FactSchema).default([]),
      })
      .strict(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if ((c.policy === undefined) === (c.mode === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['policy'],
        message: 'a case states either a policy (a distribution) or mode "reachable"',
      });
    if (c.policy !== undefined && !c.expected.distribution)
      ctx.addIssue({
        code: 'custom',
        path: ['expected', 'distribution'],
        message: 'a case under a policy pins its distribution',
      });
    if (c.mode !== undefined && !c.expected.reachable)
      ctx.addIssue({
        code: 'custom',
        path: ['expected', 'reachable'],
        message: 'a case in mode "reachable" pins its reachable outcomes',
      });
    if (c.answers !== undefined && c.mode === undefined)
      ctx.addIssue({ code: 'custom', path: ['answers'], message: '"answers" goes with mode "reachable"' });
    c.expected.facts.forEach((f, i) => {
      try {
        compileExpression(f.find);
      } catch (e) {
        ctx.addIssue({
          code: 'custom',
          path: ['expected', 'facts', i, 'find'],
          message:
            e instanceof QueryPropertyError
              ? `reads a property that does not exist: ${e.message}`
              : `not a JavaScript expression: ${(e as Error).message}`,
        });
      }
      if (c.policy !== undefined && f.probability === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['expected', 'facts', i, 'probability'],
          message: 'a fact under a policy pins its probability',
        });
      if (c.mode !== undefined && f.reachable === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['expected', 'facts', i, 'reachable'],
          message: 'a fact in mode "reachable" pins whether it is reachable',
        });
    });
  });

export type Case = z.output<typeof CaseSchema>;

/** A case file that cannot be read or does not follow the format. */
export class CaseError extends Error {
  readonly file: string;

  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'CaseError';
    this.file = file;
  }
}

export function parseCase(text: string, file = '(case)'): Case {
  let value: unknown;
  try {
    value = readJson(text);
  } catch (e) {
    throw new CaseError(file, (e as Error).message.replace(/^invalid scenario:\s*/, ''));
  }
  const r = CaseSchema.safeParse(value);
  if (!r.success)
    throw new CaseError(file, r.error.issues.map((i) => `${i.path.join('.') || '(case)'}: ${i.message}`).join('; '));
  return r.data;
}

/** Every `*.json` case of a folder, by id; the id must be the file's name. */
export function loadCases(dir: string): Case[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch (e) {
    throw new CaseError(dir, `cannot read the folder: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const cases = files.map((f) => {
    const path = join(dir, f);
    const c = parseCase(readFileSync(path, 'utf8'), path);
    if (`${c.id}.json` !== f) throw new CaseError(path, `the id '${c.id}' does not match the file name`);
    return c;
  });
  if (cases.length === 0) throw new CaseError(dir, 'no case files (*.json) here');
  return cases;
}

function units(s: NonNullable<ResultPosition['stacks']>[number]): string {
  const parts = [
    s.regulars ? `${s.regulars}r` : '',
    s.mercenaries ? `${s.mercenaries}m` : '',
    s.cavalry ? `${s.cavalry}c` : '',
  ].filter(Boolean);
  return parts.join(' ');
}

/**
 * An end position in one line a reviewer can read and diff: every stack (`space power [in] units [leaders] [lost]
 * [tried]`: inside the fortifications, marked as having lost a battle or tried an interception this impulse,
 * ruling R12), then the sieges (`*` begun this impulse), the captured leaders and the CP left. Two positions have
 * the same line exactly when the explorer counts them as one end position.
 */
export function outcomeLine(p: ResultPosition): string {
  const stacks = (p.stacks ?? []).map((s) =>
    [
      s.space,
      s.power,
      s.inside ? 'in' : '',
      units(s),
      s.leaders?.length ? `[${[...s.leaders].sort().join(' ')}]` : '',
      s.lostBattle ? 'lost' : '',
      s.attemptedInterception ? 'tried' : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
  const parts = [stacks.join('; ') || 'no stacks'];
  if (p.sieges?.length)
    parts.push(
      `besieged: ${p.sieges.map((g) => `${g.space} by ${g.by.join('+')}${g.thisImpulse ? '*' : ''}`).join(', ')}`,
    );
  if (p.captured?.length) parts.push(`captured: ${p.captured.map((c) => `${c.leader} by ${c.by}`).join(', ')}`);
  parts.push(`cp ${p.impulse.cp}`);
  return parts.join(' | ');
}

export interface FactResult {
  readonly find: string;
  /** A fraction under a policy; `reachable` / `unreachable` with every answer. */
  readonly value: string;
}

export interface CaseResult {
  readonly id: string;
  readonly kind: 'distribution' | 'reachable';
  /** End position line → probability (under a policy) or `reachable`. */
  readonly outcomes: Readonly<Record<string, string>>;
  readonly facts: readonly FactResult[];
  readonly violations: readonly string[];
  readonly truncated: boolean;
  readonly paths: number;
  readonly distinctStates: number;
  readonly ms: number;
  /** The shortest events path to each outcome is in the report; the states and transitions reached, for coverage. */
  readonly reached: Reached;
  readonly report: ExploreReport;
  readonly error?: string;
}

/** Bounds that keep any one case from running away (a case is small on purpose). */
export const CASE_LIMITS = { maxNodes: 50_000, maxMs: 120_000 } as const;

/**
 * What running a case needs of an engine: this one's, or another copy's (src/review/engine-diff.ts, which loads a copy's
 * package root and hands it here). Only the library's oldest public names: parseScenario and explore.
 */
export interface CaseEngine {
  readonly parseScenario: (data: unknown) => Scenario;
  readonly explore: (scenario: Scenario, options: ExploreOptions) => ExploreReport;
}

const THIS_ENGINE: CaseEngine = { parseScenario, explore };

/** An error of an engine's own class, by its name: another copy's classes are not this one's. */
const isError = (e: unknown, name: string): e is Error => e instanceof Error && e.name === name;

/**
 * What another copy of the engine (`--engine`) threw on a case it cannot run — an older release that breaks on a
 * scenario this one answers: the case's error (the diff says the baseline could not run it), not the end of the run.
 * This engine's own exceptions are not caught: they are its faults.
 */
function failedOn(e: unknown): string {
  return `that engine threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
}

/** The case's scenario without its own events; `rulings` read over the scenario's own (`his review --compare`). */
export function caseScenario(c: Case, rulings: Rulings = {}, engine: CaseEngine = THIS_ENGINE): Scenario {
  const data = c.scenario;
  const plain =
    data !== null && typeof data === 'object' && !Array.isArray(data)
      ? { ...(data as Record<string, unknown>), events: [] }
      : data;
  if (engine === THIS_ENGINE) return withRulings(parseScenario(plain), rulings);
  // Another copy reads the readings from the scenario itself.
  const own = (plain as { rulings?: Rulings } | null)?.rulings ?? {};
  return engine.parseScenario(
    Object.keys(rulings).length ? { ...(plain as object), rulings: { ...own, ...rulings } } : plain,
  );
}

/** Runs one case: the script, then the policy or every answer, with coverage of the machines collected. */
export function runCase(c: Case): CaseResult {
  return runCaseUnder(c, {});
}

/** Runs one case with `rulings` read over its scenario's own (the readings of src/schema/rulings.ts). */
export function runCaseUnder(c: Case, rulings: Rulings): CaseResult {
  return runCaseOn(THIS_ENGINE, c, rulings);
}

/**
 * Runs one case with an engine: this one (with the machines' coverage), or another copy (`--engine`), whose answer is
 * read in this engine's terms — the same outcome lines, the facts compiled here.
 */
export function runCaseOn(engine: CaseEngine, c: Case, rulings: Rulings = {}): CaseResult {
  const empty = {
    outcomes: {},
    facts: [],
    violations: [],
    truncated: false,
    paths: 0,
    distinctStates: 0,
    ms: 0,
    reached: new Reached(),
  };
  const kind = c.policy ? 'distribution' : 'reachable';
  let scenario: Scenario;
  try {
    scenario = caseScenario(c, rulings, engine);
  } catch (e) {
    if (isError(e, 'ScenarioError')) return { id: c.id, kind, ...empty, report: undefined as never, error: e.message };
    if (engine !== THIS_ENGINE) return { id: c.id, kind, ...empty, report: undefined as never, error: failedOn(e) };
    throw e;
  }
  const common = { events: c.script, ...CASE_LIMITS };
  const decisions = c.policy ?? 'all';
  let report: ExploreReport;
  try {
    // One run answers the case and its facts, with the machines' coverage collected.
    report = engine.explore(scenario, {
      decisions,
      ...(c.policy ? {} : { answers: c.answers ?? 'listed' }),
      ...common,
      coverage: engine === THIS_ENGINE,
      queries: c.expected.facts.map((f) => compileExpression(f.find)),
    });
  } catch (e) {
    if (isError(e, 'ExploreScriptError'))
      return { id: c.id, kind, ...empty, report: undefined as never, error: e.message };
    // A fact that reads a property the outcome does not have is a broken case, not "no match".
    if (e instanceof QueryPropertyError)
      throw new CaseError(c.id, `a fact reads a property that does not exist: ${e.message}`);
    if (engine !== THIS_ENGINE) return { id: c.id, kind, ...empty, report: undefined as never, error: failedOn(e) };
    throw e;
  }
  const outcomes: Record<string, string> = {};
  const sums = new Map<string, Fraction>();
  for (const o of report.outcomes) {
    const line = outcomeLine(o.position);
    sums.set(line, add(sums.get(line) ?? fraction(0), o.probability));
  }
  for (const [line, p] of [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)))
    outcomes[line] = kind === 'distribution' ? format(p) : 'reachable';
  const facts = c.expected.facts.map((f, i) => {
    // A copy of the engine older than `queries` answers no fact.
    const q = report.queryResults?.[i];
    if (!q) return { find: f.find, value: '(not run)' };
    const value = kind === 'distribution' ? format(q.probability) : q.ends > 0 ? 'reachable' : 'unreachable';
    return { find: f.find, value: q.errors ? `${value} (the expression threw: ${q.firstError})` : value };
  });
  return {
    id: c.id,
    kind,
    outcomes,
    facts,
    violations: report.violations.map((v) => `after ${v.path.join(' → ') || 'the start'}: ${v.violations.join('; ')}`),
    truncated: report.truncated,
    paths: report.paths,
    distinctStates: report.distinctStates,
    ms: report.ms,
    reached: report.reached ?? new Reached(),
    report,
  };
}

/** What a case pins, in the shape of a result: the baseline when no results file is given. */
export function expectedOf(c: Case): Pick<CaseResult, 'id' | 'kind' | 'outcomes' | 'facts'> {
  const kind = c.policy ? 'distribution' : 'reachable';
  const outcomes =
    kind === 'distribution'
      ? { ...c.expected.distribution }
      : Object.fromEntries((c.expected.reachable ?? []).map((l) => [l, 'reachable']));
  const facts = c.expected.facts.map((f) => ({
    find: f.find,
    value: kind === 'distribution' ? (f.probability ?? '?') : f.reachable ? 'reachable' : 'unreachable',
  }));
  return { id: c.id, kind, outcomes, facts };
}

export const RESULTS_FORMAT = 'his-procedures/casebook-results';

export interface SavedResults {
  readonly format: typeof RESULTS_FORMAT;
  readonly cases: Readonly<
    Record<
      string,
      {
        readonly kind: 'distribution' | 'reachable';
        readonly outcomes: Readonly<Record<string, string>>;
        readonly facts: readonly FactResult[];
        /** The case could not run (its script refused, its scenario rejected): why. */
        readonly error?: string;
      }
    >
  >;
}

export function savedResults(results: readonly CaseResult[]): SavedResults {
  return {
    format: RESULTS_FORMAT,
    cases: Object.fromEntries(
      results.map((r) => [
        r.id,
        { kind: r.kind, outcomes: r.outcomes, facts: r.facts, ...(r.error ? { error: r.error } : {}) },
      ]),
    ),
  };
}

const SavedSchema = z.object({
  format: z.literal(RESULTS_FORMAT),
  cases: z.record(
    z.string(),
    z.object({
      kind: z.enum(['distribution', 'reachable']),
      outcomes: z.record(z.string(), z.string()),
      facts: z.array(z.object({ find: z.string(), value: z.string() })),
      error: z.string().optional(),
    }),
  ),
});

export function parseSavedResults(text: string, file: string): SavedResults {
  let value: unknown;
  try {
    value = readJson(text);
  } catch (e) {
    throw new CaseError(file, (e as Error).message.replace(/^invalid scenario:\s*/, ''));
  }
  const r = SavedSchema.safeParse(value);
  if (!r.success)
    throw new CaseError(
      file,
      `not a casebook results file (${RESULTS_FORMAT}): ${r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  return r.data as SavedResults;
}

function parseFraction(s: string): Fraction | undefined {
  const m = /^(\d+)(?:\/(\d+))?$/.exec(s);
  return m ? fraction(BigInt(m[1]!), BigInt(m[2] ?? '1')) : undefined;
}

/** b − a as a signed fraction, written "+1/12" or "−1/12". */
export function fractionDelta(a: string, b: string): string {
  const x = parseFraction(a),
    y = parseFraction(b);
  if (!x || !y) return '?';
  const d = add(y, fraction(-x.n, x.d));
  return d.n === 0n ? '0' : d.n > 0n ? `+${format(d)}` : `−${format(fraction(-d.n, d.d))}`;
}

export interface CaseDiff {
  readonly id: string;
  readonly status: 'same' | 'changed' | 'new' | 'gone' | 'failed';
  readonly added: readonly { readonly outcome: string; readonly value: string }[];
  readonly removed: readonly { readonly outcome: string; readonly value: string }[];
  readonly changed: readonly {
    readonly outcome: string;
    readonly from: string;
    readonly to: string;
    readonly delta: string;
  }[];
  readonly facts: readonly { readonly find: string; readonly from: string; readonly to: string }[];
  readonly violations: readonly string[];
  readonly truncated: boolean;
  readonly error?: string;
}

type Comparable = Pick<CaseResult, 'id' | 'kind' | 'outcomes' | 'facts'> & { readonly error?: string | undefined };

/** What changed in one case's outcomes from `before` to `after`. */
export function diffCase(id: string, before: Comparable | undefined, after: CaseResult | undefined): CaseDiff {
  const none = { added: [], removed: [], changed: [], facts: [], violations: [], truncated: false };
  if (!after) return { id, status: 'gone', ...none };
  if (after.error) return { id, status: 'failed', ...none, error: after.error };
  const base = { violations: after.violations, truncated: after.truncated };
  if (!before)
    return {
      id,
      status: 'new',
      ...none,
      ...base,
      added: Object.entries(after.outcomes).map(([outcome, value]) => ({ outcome, value })),
    };
  const added = Object.entries(after.outcomes)
    .filter(([o]) => !Object.hasOwn(before.outcomes, o))
    .map(([outcome, value]) => ({ outcome, value }));
  const removed = Object.entries(before.outcomes)
    .filter(([o]) => !Object.hasOwn(after.outcomes, o))
    .map(([outcome, value]) => ({ outcome, value }));
  const changed = Object.entries(after.outcomes)
    .filter(([o, v]) => Object.hasOwn(before.outcomes, o) && before.outcomes[o] !== v)
    .map(([outcome, to]) => ({
      outcome,
      from: before.outcomes[outcome]!,
      to,
      delta: fractionDelta(before.outcomes[outcome]!, to),
    }));
  const facts = after.facts.flatMap((f) => {
    const was = before.facts.find((x) => x.find === f.find)?.value ?? '(not pinned)';
    return was === f.value ? [] : [{ find: f.find, from: was, to: f.value }];
  });
  const same =
    added.length + removed.length + changed.length + facts.length === 0 &&
    after.violations.length === 0 &&
    !after.truncated &&
    !before.error;
  return {
    id,
    status: same ? 'same' : 'changed',
    added,
    removed,
    changed,
    facts,
    ...base,
    ...(before.error ? { error: `the baseline could not run it: ${before.error}` } : {}),
  };
}

/** Every case's diff against the baseline: a results file, or the answers the cases pin. */
export function diffAll(cases: readonly Case[], results: readonly CaseResult[], baseline?: SavedResults): CaseDiff[] {
  const ids = [...new Set([...cases.map((c) => c.id), ...(baseline ? Object.keys(baseline.cases) : [])])].sort();
  return ids.map((id) => {
    const c = cases.find((x) => x.id === id);
    const before = baseline
      ? baseline.cases[id]
        ? { id, ...baseline.cases[id]! }
        : undefined
      : c
        ? expectedOf(c)
        : undefined;
    return diffCase(
      id,
      before,
      results.find((r) => r.id === id),
    );
  });
}

/** Orders two fractions written as text ("5/12"): negative when a < b. */
export function compareFractionText(a: string, b: string): number {
  const x = parseFraction(a),
    y = parseFraction(b);
  if (!x || !y) return a.localeCompare(b);
  const l = x.n * y.d,
    r = y.n * x.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** The probability of a fraction as a percentage with two decimals. */
export function percent(f: string): string {
  const x = parseFraction(f);
  return x ? exactPercent(x) : f;
}

/** JSON as a person edits it: anything that fits in `width` columns on one line stays on one line. */
export function prettyJson(value: unknown, width = 120, indent = '', prefix = 0): string {
  const flat = JSON.stringify(value) ?? 'null';
  if (value === null || typeof value !== 'object' || indent.length + prefix + flat.length <= width) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return `[\n${value.map((v) => `${inner}${prettyJson(v, width, inner)}`).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyJson(v, width, inner, JSON.stringify(k).length + 2)}`).join(',\n')}\n${indent}}`;
}
