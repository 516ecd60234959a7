// `his explore --exists / --forall` (one verdict line, exit 0/1, 6 when a bound stopped the run first) and a query
// with a typo (exit 2, the property and the expression named), through the command line; the casebook refuses a
// fact that reads a property that does not exist.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { his } from '../helpers/cli.ts';

const SMALL = 'examples/withdrawal-turned-back.json';

describe('his explore --exists and --forall', { timeout: 120_000 }, () => {
  test(
    '[14.1] --exists prints one line with the shortest witness and exits 0; a question with no witness exits 1',
    { timeout: 60_000 },
    () => {
      const yes = his('explore', SMALL, '--exists', 'summary.battle !== null');
      expect(yes.code, yes.stderr).toBe(0);
      expect(yes.stdout.trimEnd().split('\n')).toHaveLength(1);
      expect(yes.stdout).toMatch(
        /^exists: yes — \d+ paths? to \d+ end positions? of \d+ paths? \(\d+ end positions?\); the shortest witness, \d+ events?: .+ ⇒ .+\n$/,
      );
      const no = his('explore', SMALL, '--exists', "summary.captures.some(c => c.leader === 'no-such-leader')");
      expect(no.code).toBe(1);
      expect(no.stdout).toMatch(/^exists: no — none of \d+ paths \(\d+ end positions?\)\n$/);
    },
  );

  test(
    '[13.1 step 3] --forall exits 0 when it holds on every path, 1 with the shortest counter-example when it does not',
    { timeout: 60_000 },
    () => {
      const holds = his('explore', SMALL, '--forall', 'summary.cpSpent >= 1');
      expect(holds.code, holds.stderr).toBe(0);
      expect(holds.stdout).toMatch(/^forall: holds on every one of \d+ paths/);
      const fails = his('explore', SMALL, '--forall', 'summary.battle === null');
      expect(fails.code).toBe(1);
      expect(fails.stdout).toContain('the shortest counter-example');
    },
  );

  test(
    '--json gives the answer, the witness events (which resolve --events replays) and the counts',
    { timeout: 60_000 },
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'his-verdict-'));
      const r = his('explore', SMALL, '--exists', 'summary.battle !== null', '--json');
      const v = JSON.parse(r.stdout);
      expect(v).toMatchObject({ ok: true, question: 'exists', answer: 'yes', truncated: false });
      expect(v.matchingPaths).toBeGreaterThan(0);
      writeFileSync(join(dir, 'witness.json'), JSON.stringify({ events: v.witness.events }));
      const replay = JSON.parse(his('resolve', SMALL, '--events', join(dir, 'witness.json'), '--json').stdout);
      expect(replay.summary.battle).not.toBeNull();
    },
  );

  test('a bound that stops the run before any witness: undecided, exit 6', () => {
    const r = his('explore', SMALL, '--exists', 'false', '--max-nodes', '1');
    expect(r.code).toBe(6);
    expect(r.stdout).toMatch(/^exists: undecided — no witness among .* before --max-nodes 1 stopped the run/);
  });

  test('--find, --exists and --forall exclude each other (exit 1)', () => {
    const r = his('explore', SMALL, '--exists', 'true', '--forall', 'true');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--exists and --forall exclude each other');
  });
});

describe('a query with a typo is an error, not "no match"', { timeout: 120_000 }, () => {
  test.for(['--find', '--exists', '--forall'])(
    '%s summary.battle?.winer: exit 2, naming the property, where it was read and the expression, before exploring',
    (option) => {
      const r = his('explore', SMALL, option, "summary.battle?.winer === 'attacker'");
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `his: ${option} reads a property that does not exist: summary.battle.winer does not exist (summary.battle has space, attacker, defender, winner, winnerPower, unfought) in the expression summary.battle?.winer === 'attacker'\n`,
      );
    },
  );

  test('--json: an error with code unknown-property, the property and its path', () => {
    const r = his('explore', SMALL, '--find', 'position.stack.length > 0', '--json');
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({
      code: 'unknown-property',
      property: 'stack',
      path: 'position',
      expression: 'position.stack.length > 0',
    });
  });

  test('a casebook fact with a typo makes the case file bad (exit 2)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'his-cases-'));
    const file = 'intercept-ally-blocked-after-success.json';
    cpSync(join('review/cases', file), join(dir, file));
    const c = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    c.expected.facts = [{ find: 'summary.interceptions.some(i => i.sucess)', reachable: true }];
    writeFileSync(join(dir, file), JSON.stringify(c));
    const r = his('review', dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('reads a property that does not exist: summary.interceptions[0].sucess does not exist');
  });
});
