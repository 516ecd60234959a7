// A space and a leader whose id is `constructor` — the one name of a built-in object property that passes the
// lower-case slug rule of ids — through every command that runs a move: each finishes with its exit code, no stack
// trace and no built-in function printed in place of a name (the library-level version is in
// test/engine/reliability.test.ts; the scenario is test/helpers/fixtures.ts's builtinIdBoard).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { his, hisAsync, type CliRun } from '../helpers/cli.ts';
import { builtinIdBoard } from '../helpers/fixtures.ts';

const DIR = mkdtempSync(join(tmpdir(), 'his-builtin-ids-'));

const SCENARIO = join(DIR, 'constructor.json');
writeFileSync(SCENARIO, JSON.stringify(builtinIdBoard('constructor', 'constructor')));

/** A stack trace, or a built-in function where a name should be. */
const BROKEN = /\bat .*\.(ts|js|mjs):\d+|native code|function Object\(|\[object Object\]|undefined/;

function clean(r: CliRun, code = 0): void {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stderr).toBe('');
  expect(r.stdout).not.toMatch(BROKEN);
}

describe('ids named `constructor` through the command line', () => {
  test.for([
    ['resolve', []],
    ['resolve', ['--policy', 'eager']],
    ['resolve', ['--lang', 'ru', '--policy', 'eager']],
    ['odds', []],
    ['odds', ['--policy', 'eager']],
    ['explore', ['--answers', 'listed', '--find', 'position.stacks.some((s) => s.space === "constructor")']],
  ] as const)('[DESIGN] his %s %j finishes: exit 0, the names printed, no stack trace', ([command, extra]) => {
    const r = his(command, SCENARIO, ...extra);
    clean(r);
    expect(r.stdout).toContain('constructor');
  });

  test('[DESIGN] his explore with every legal answer finishes: exit 0, no violation, no stack trace', () => {
    const r = his('explore', SCENARIO);
    clean(r);
    expect(r.stdout).toContain('Invariant violations: 0');
  });

  test('[DESIGN] his resolve --json: the position keeps the space and the leader', () => {
    const r = his('resolve', SCENARIO, '--json');
    clean(r);
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(true);
    expect(JSON.stringify(out.position.stacks)).toContain('"constructor"');
  });

  test('[DESIGN] his odds --json and his explore --json parse, with outcomes and no violation', () => {
    const odds = JSON.parse(his('odds', SCENARIO, '--json').stdout);
    expect(odds).toMatchObject({ ok: true, truncated: false, total: '1' });
    const explored = JSON.parse(his('explore', SCENARIO, '--json').stdout);
    expect(explored).toMatchObject({ ok: true, truncated: false, violations: [] });
    expect(explored.endPositions).toBeGreaterThan(0);
  });

  test.for([
    ['en', []],
    ['ru', ['--play']],
  ] as const)('[DESIGN] his walkthrough --lang %s %j writes the page', { timeout: 60_000 }, async ([lang, extra]) => {
    const page = join(DIR, `constructor-${lang}.html`);
    const r = await hisAsync('walkthrough', SCENARIO, '--lang', lang, ...extra, '-o', page);
    clean(r);
    const html = readFileSync(page, 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).not.toMatch(/native code|function Object\(/);
  });
});
