// Assertions on verdicts for truth tables: a row expects "allowed", or a refusal by one restriction (code, rule,
// ruling) whose reason names the given things in each language.
import { expect } from 'vitest';
import type { RuleRef, RulingRef } from '../../src/rules/registry.ts';
import type { Verdict } from '../../src/rules/verdict.ts';
import type { MajorPower } from '../../src/schema/power.ts';
import type { ScenarioPatch, StackInput } from './fixtures.ts';

export type Expected = { readonly ok: true } | { readonly ok: false; readonly en: readonly string[]; readonly ru: readonly string[] };

export interface Refusal {
  readonly code: string;
  readonly rule: RuleRef;
  readonly ruling?: RulingRef;
}

export const ALLOWS: Expected = { ok: true };
export const forbids = (en: readonly string[], ru: readonly string[] = []): Expected => ({ ok: false, en, ru });

export function expectVerdict(verdict: Verdict, expected: Expected, refusal: Refusal): void {
  if (expected.ok) {
    expect(verdict).toEqual({ ok: true });
    return;
  }
  expect(verdict.ok).toBe(false);
  if (verdict.ok) return;
  expect({ code: verdict.code, rule: verdict.rule, ruling: verdict.ruling }).toEqual({ ruling: undefined, ...refusal });
  expect(verdict.reason.en.trim()).not.toBe('');
  expect(verdict.reason.ru).toMatch(/[а-яё]/i);
  for (const word of expected.en) expect(verdict.reason.en).toContain(word);
  for (const word of expected.ru) expect(verdict.reason.ru).toContain(word);
}

/** test.for prints `%s` without quotes: rows become [title, row]. */
export const titled = <R extends { readonly title: string }>(rows: readonly R[]) => rows.map((row) => [row.title, row] as const);

export type { StackInput };
export const plus = (patch: ScenarioPatch, ...stacks: StackInput[]): ScenarioPatch => ({ ...patch, stacks: [...(patch.stacks ?? []), ...stacks] });
export const turn = (power: MajorPower, cp = 1): ScenarioPatch => ({ impulse: { power, cp } });
