// src/text: every restriction of the rules has its reason worded in both languages, rule references read as each
// language cites them, and roll modifiers add up the same way in prompts and in the story.
import { describe, expect, test } from 'vitest';
import { ALL_RESTRICTIONS } from '../../src/rules/index.ts';
import { modifiersText } from '../../src/text/modifiers.ts';
import { reasonOf, REASONS } from '../../src/text/reasons/index.ts';
import { cite } from '../../src/text/rules.ts';
import { VIENNA, world } from '../helpers/fixtures.ts';

describe('reasons (src/text/reasons)', () => {
  test('words every restriction of src/rules, and no other', () => {
    expect(Object.keys(REASONS).sort()).toEqual([...new Set(ALL_RESTRICTIONS.map((r) => r.name))].sort());
  });

  test('refuses to word a code no restriction has', () => {
    expect(() => reasonOf(world(VIENNA), { code: 'isMadeUp', facts: {} })).toThrow(/isMadeUp/);
  });
});

describe('rule references (src/text/rules)', () => {
  test.for([
    ['13.3 step 4', '13.3 step 4', '13.3, шаг 4'],
    ['14 steps 2–3', '14 steps 2–3', '14, шаги 2–3'],
    ['13.4 option 2', '13.4 option 2', '13.4, вариант 2'],
    ['R10', 'ruling R10', 'постановление R10'],
    ['22.1', '22.1', '22.1'],
  ] as const)('cites %s as "%s" and «%s»', ([ref, en, ru]) => {
    expect(cite(ref)).toMatchObject({ en, ru });
    expect(cite(ref).id).toMatch(/^rule\.(section|steps?|options?|ruling)$/);
  });

  test('joins several references with commas', () => {
    expect(cite('13.3', '22.3')).toMatchObject({ en: '13.3, 22.3', ru: '13.3, 22.3' });
    expect(cite('22.1', 'R10')).toMatchObject({ en: '22.1, ruling R10', ru: '22.1, постановление R10' });
  });
});

describe('roll modifiers (src/text/modifiers)', () => {
  const mods = [{ value: 2 }, { value: -1 }, { value: 0 }];
  test('reads as signed terms after 2d6 in a prompt, with the minus sign', () => {
    expect(modifiersText(mods)).toBe('+2 −1 +0');
  });

  test('reads as a sum after the raw total in the story', () => {
    expect(`8${modifiersText(mods, 'sum')} = 9`).toBe('8 + 2 − 1 + 0 = 9');
  });

  test('is empty without modifiers', () => {
    expect(modifiersText([])).toBe('');
    expect(modifiersText([], 'sum')).toBe('');
  });
});
