// Truth tables of restrictions (src/rules): every row says whether the restriction allows, or refuses — and then
// with which code, rule and ruling, and what the reason says in English and in Russian as the engine words it
// (src/text/reasons). One idiom for every restriction test file.
import { expect, test } from 'vitest';
import type { RuleRef, RulingRef } from '../../src/rules/registry.ts';
import type { Verdict } from '../../src/rules/verdict.ts';
import type { World } from '../../src/rules/world.ts';
import { reasonOf } from '../../src/text/reasons/index.ts';
import { titled } from './rows.ts';

/** What a reason must say in one language: a substring it contains, or a pattern it matches. */
export type Wording = string | RegExp;

/** The restriction that refuses: its code, rule and ruling (none when the restriction has no ruling). */
export interface Refused {
  readonly code: string;
  readonly rule: RuleRef;
  readonly ruling?: RulingRef;
}

export type Expected =
  | { readonly ok: true }
  | { readonly ok: false; readonly by?: Refused; readonly en: readonly Wording[]; readonly ru: readonly Wording[] };

export const ALLOWS: Expected = { ok: true };

/** A refusal by the table's restriction whose reason says each of `en` and each of `ru`. */
export const forbids = (en: readonly Wording[], ru: readonly Wording[]): Expected => ({ ok: false, en, ru });

/** Refusals by one restriction, in a table that mixes restrictions: `const unrest = refusedBy({...})`. */
export const refusedBy =
  (by: Refused) =>
  (en: readonly Wording[], ru: readonly Wording[]): Expected => ({ ok: false, by, en, ru });

function says(reason: string, wording: Wording): void {
  if (typeof wording === 'string') expect(reason).toContain(wording);
  else expect(reason).toMatch(wording);
}

/**
 * A verdict as a row expects it: allowed; or refused by the row's restriction (`by`, else the table's `refusal`)
 * with exactly its code, rule and ruling, and a reason — worded in `world` — that says what the row lists.
 */
export function expectVerdict(world: World, verdict: Verdict, expected: Expected, refusal?: Refused): void {
  if (expected.ok) {
    expect(verdict).toEqual({ ok: true });
    return;
  }
  const by = expected.by ?? refusal;
  if (!by) throw new Error('a refused row names no restriction (by), and its table none either (refusal)');
  expect(verdict.ok).toBe(false);
  if (verdict.ok) return;
  expect({ code: verdict.code, rule: verdict.rule, ruling: verdict.ruling }).toEqual({ ruling: undefined, ...by });
  const reason = reasonOf(world, verdict);
  expect(reason.en.trim()).not.toBe('');
  expect(reason.ru).toMatch(/[а-яё]/i);
  for (const w of expected.en) says(reason.en, w);
  for (const w of expected.ru) says(reason.ru, w);
}

/** A row of a truth table: its whole test name, and the verdict it expects. */
export interface Row {
  readonly title: string;
  readonly expect: Expected;
}

export interface Table<R extends Row> {
  /** The restriction every refused row expects, unless the row names its own (`refusedBy`). */
  readonly refusal?: Refused;
  readonly rows: readonly R[];
  /** The row's world, and the verdicts that must all read as the row expects (the restriction alone, the check). */
  readonly judge: (row: R) => { readonly world: World; readonly verdicts: readonly Verdict[] };
}

/** One test per row. */
export function truthTable<R extends Row>(table: Table<R>): void {
  test.for(titled(table.rows))('%s', ([, row]) => {
    const { world, verdicts } = table.judge(row);
    expect(verdicts.length).toBeGreaterThan(0);
    for (const v of verdicts) expectVerdict(world, v, row.expect, table.refusal);
  });
}

/** The rows of every restriction's table, to check that each one has a row that allows and a row that refuses. */
export class TableIndex {
  readonly #rows = new Map<string, Expected[]>();

  add(restriction: string, rows: readonly Row[]): void {
    this.#rows.set(restriction, [...(this.#rows.get(restriction) ?? []), ...rows.map((r) => r.expect)]);
  }

  /** Every restriction named has a row that allows and a row that refuses, and no other restriction has a table. */
  expectEvery(restrictions: readonly string[]): void {
    for (const name of restrictions) {
      const rows = this.#rows.get(name) ?? [];
      expect(
        rows.some((e) => e.ok),
        name,
      ).toBe(true);
      expect(
        rows.some((e) => !e.ok),
        name,
      ).toBe(true);
    }
    expect([...this.#rows.keys()].sort()).toEqual([...new Set(restrictions)].sort());
  }
}
