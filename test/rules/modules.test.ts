// src/rules/index.ts: one list of rules modules gives the restriction union (which src/text must word) and
// ALL_RESTRICTIONS (coverage, reviewers). The compiler fails when the list and src/text/reasons/index.ts's tables
// (REASONS_BY_MODULE, keyed by the same ids) disagree; a module left out of both, or a restriction left out of its
// module's RESTRICTIONS, would be worded by nobody and covered by nothing: these tests fail instead.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ALL_RESTRICTIONS, RULE_MODULES } from '../../src/rules/index.ts';

const RULES = fileURLToPath(new URL('../../src/rules/', import.meta.url));

function isRestriction(x: unknown): boolean {
  const r = x as { name?: unknown; rule?: unknown; holds?: unknown; facts?: unknown } | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.name === 'string' &&
    typeof r.rule === 'string' &&
    typeof r.holds === 'function' &&
    typeof r.facts === 'function'
  );
}

const files = readdirSync(RULES).filter((f) => f.endsWith('.ts') && f !== 'index.ts');

describe('[13–14] the rules modules', () => {
  test.for(files)('[13–14] %s: every restriction it exports is one of ALL_RESTRICTIONS', async (file) => {
    const mod = (await import(join(RULES, file))) as Record<string, unknown>;
    const exported = Object.values(mod).filter(isRestriction);
    const missing = exported
      .filter((r) => !ALL_RESTRICTIONS.includes(r as never))
      .map((r) => (r as { name: string }).name);
    expect(missing).toEqual([]);
  });

  test('[13–14] every module of RULE_MODULES lists each restriction it exports in its RESTRICTIONS', () => {
    for (const m of RULE_MODULES) {
      const listed = m.RESTRICTIONS as readonly unknown[];
      expect(listed.length).toBeGreaterThan(0);
      for (const r of Object.values(m).filter(isRestriction)) expect(listed).toContain(r);
    }
  });
});
