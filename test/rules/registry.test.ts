import { describe, expect, test } from 'vitest';
import { isRuleRef } from '../../src/rules/registry.ts';
import { RULE_REGISTRY } from '../../src/text/registry.ts';

describe('rule registry', () => {
  test('every entry has a summary in English and Russian', () => {
    for (const [ref, summary] of Object.entries(RULE_REGISTRY)) {
      expect(summary.en.length, ref).toBeGreaterThan(10);
      expect(summary.ru, ref).toMatch(/[а-яё]/i);
    }
  });

  test('rejects a reference it does not list', () => {
    expect(isRuleRef('13.3')).toBe(true);
    expect(isRuleRef('13.9')).toBe(false);
  });
});
