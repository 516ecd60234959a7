// The `his` command as a user runs it: exit codes, JSON shapes, no stack traces for user errors. Run in this
// process through the command's `main` (test/helpers/cli.ts); test/cli/process.test.ts runs the real binary.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { his } from '../helpers/cli.ts';

const ROOT = join(import.meta.dirname, '..', '..');

function tempFile(name: string, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'his-cli-'));
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const vienna = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'));

describe('his resolve', () => {
  test('[13.1] prints the worked example as the rulebook tells it', () => {
    const r = his('resolve', 'examples/vienna-1517.json');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('8 + 2 − 1 = 9 — success');
    expect(r.stdout).toContain('Ottoman 10 dice');
    expect(r.stdout).toContain('Hapsburg 13 dice');
    expect(r.stdout).toContain('Ottoman loses 4 regulars, 1 cavalry');
    expect(r.stdout).toContain('3 regulars, Suleiman, Ibrahim Pasha to Pressburg');
  });

  test('exits with 2 and lists every problem of a bad scenario, without a stack trace', () => {
    const bad = {
      ...vienna,
      stacks: [
        ...vienna.stacks,
        { space: 'atlantis', power: 'ottoman', regulars: 1 },
        { space: 'graz', power: 'hapsburg', regulars: 1, leaders: ['charles-v'] },
      ],
    };
    const r = his('resolve', tempFile('bad.json', JSON.stringify(bad)));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown space 'atlantis'");
    expect(r.stderr).toContain("leader 'charles-v' is already placed");
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  test('exits with 2 on malformed JSON, as JSON under --json', () => {
    const r = his('resolve', tempFile('broken.json', '{ "war": [ }'), '--json');
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(false);
    expect(out.error.code).toBe('invalid-scenario');
    expect(out.error.message).toMatch(/not valid JSON/);
  });

  test('[13.3] exits with 3 on an illegal scripted event and names the rule', () => {
    const script = [
      { type: 'intercept.decline', power: 'hapsburg' },
      { type: 'avoid.declare', power: 'hapsburg', to: 'pressburg', regulars: 2 },
    ];
    const r = his(
      'resolve',
      'examples/vienna-1517.json',
      '--events',
      tempFile('events.json', JSON.stringify(script)),
      '--json',
    );
    expect(r.code).toBe(3);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: false, error: { rule: '13.3', index: 1, path: '[1]' } });
    expect(out.error.message).toContain('Pressburg');
  });

  test('exits with 2 when the events file holds an invalid event', () => {
    const r = his(
      'resolve',
      'examples/vienna-1517.json',
      '--events',
      tempFile('events.json', JSON.stringify([{ type: 'dice.rolled', values: [7] }])),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('events[0].values[0]');
  });

  test('--json returns the position and summary in the contract shape', () => {
    const r = his('resolve', 'examples/vienna-1517.json', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(true);
    expect(Object.keys(out.summary)).toEqual([
      'moves',
      'interceptions',
      'avoids',
      'withdrawals',
      'battle',
      'retreats',
      'captures',
      'siege',
      'siegesEnded',
      'cpSpent',
      'siegesBegun',
      'leadersInside',
      'cards',
      'skipped',
    ]);
    expect(out.position.impulse).toEqual({ power: 'ottoman', cp: 0 });
    expect(out.trace.length).toBeGreaterThan(10);
  });

  test('the same seed gives the same story; the dice are recorded', () => {
    const noDice = { ...vienna, events: [] };
    const file = tempFile('seeded.json', JSON.stringify(noDice));
    const a = his('resolve', file, '--seed', '7', '--policy', 'eager', '--json');
    const b = his('resolve', file, '--seed', '7', '--policy', 'eager', '--json');
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(JSON.parse(a.stdout).summary.interceptions[0].dice).toHaveLength(2);
  });
});

describe('his schema', () => {
  test.for(['scenario', 'event', 'decision', 'result', 'session'])('prints the %s JSON Schema', (name) => {
    const r = his('schema', name);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).$schema).toContain('json-schema.org');
  });

  test('refuses an unknown schema with usage, exit 1', () => {
    const r = his('schema', 'nope');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unknown schema 'nope'");
  });
});

describe('his odds and his explore', () => {
  test('[13.2 step 2] odds prints exact chances: the eager interception succeeds with 5/12', () => {
    const r = his('odds', 'examples/vienna-1517.json', '--policy', 'eager', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.total).toBe('1');
    expect(out.marginals['interception succeeds']).toBe('5/12');
  });

  test('[13.1] explore walks every path of a small example and finds no invariant violation', () => {
    const r = his('explore', 'examples/withdrawal-turned-back.json', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(true);
    expect(out.violations).toEqual([]);
    expect(out.paths).toBeGreaterThan(10);
    expect(out.states.withdrawal.reached).toContain('awaitingContinuation');
    // A process of its own that explores: on a loaded machine more than vitest's 5 s default.
  }, 60_000);
});
