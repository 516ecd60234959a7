// `his odds --events`: the exact chances of a move that starts from a scripted play (issue 22), as `his explore
// --events` starts from one — here the worked example with Field Artillery (#25) in the Ottoman hand (ruling R33),
// the interception and its roll scripted, then the card played at 14 step 4 (ruling R27) or passed by the policy
// (ruling R36). A refused event in the file is exit 3 with its rule, no stack trace.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { his } from '../helpers/cli.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = mkdtempSync(join(tmpdir(), 'his-odds-events-'));

function file(name: string, content: unknown): string {
  const path = join(DIR, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

const vienna = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'));
/** The worked example with Field Artillery in the Ottoman hand; its own script is ignored by odds anyway. */
const WITH_HAND = file('vienna-field-artillery.json', { ...vienna, hands: { ottoman: ['field-artillery'] } });
/** The example's interception and its roll (8 + 2 − 1 = 9, a success: 13.2 step 2). */
const INTERCEPTED = vienna.events.slice(0, 2);
const PLAY = { type: 'card.play', power: 'ottoman', card: 'field-artillery' };
const PLAYED = file('played.json', [...INTERCEPTED, PLAY]);
const PASSED = file('passed.json', INTERCEPTED);

const EXACT = /^(0|1|\d+\/\d+)$/;

function odds(...args: string[]) {
  const r = his('odds', ...args, '--json');
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as { total: string; paths: number; marginals: Record<string, string> };
}

describe('his odds --events (issue 22, ruling R36)', () => {
  test('[14 step 4, ruling R27] a scripted Field Artillery play changes the exact chances: 13 dice against 13, not 10', () => {
    const played = odds(WITH_HAND, '--events', PLAYED);
    const passed = odds(WITH_HAND, '--events', PASSED);
    for (const r of [played, passed]) {
      expect(r.total).toBe('1');
      for (const [name, f] of Object.entries(r.marginals)) expect(f, name).toMatch(EXACT);
      // What the events did counts on every path: the scripted interception succeeded (13.2 step 2).
      expect(r.marginals['interception succeeds']).toBe('1');
      expect(r.marginals['a field battle is fought']).toBe('1');
    }
    // 7 regulars + 1 cavalry + Suleiman's 2 + Field Artillery's 3 for the Ottoman (ruling R27) against the Hapsburg's 13.
    expect(played.marginals['the attacker wins the battle']).toBe('1061485326722/2541865828329');
    // The decline policy passes the card (ruling R36): 10 dice against 13.
    expect(passed.marginals['the attacker wins the battle']).toBe('23899839248/94143178827');
    expect(played.marginals).not.toEqual(passed.marginals);
    // Each side's chance adds up to the whole: every battle has a winner (14 step 8).
    const [an, ad] = played.marginals['the attacker wins the battle']!.split('/').map(BigInt);
    const [dn, dd] = played.marginals['the defender wins the battle']!.split('/').map(BigInt);
    expect(an! * dd! + dn! * ad!).toBe(ad! * dd!);
  });

  test('[14 step 4] the text report prints the same fractions, the scenario’s own script ignored', () => {
    const r = his('odds', WITH_HAND, '--events', PLAYED);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Policy decline: \d+ dice paths, probabilities add up to 1\.\n/);
    expect(r.stdout).toContain('the attacker wins the battle  (1061485326722/2541865828329)');
    // Without --events the scenario's script is not played: the decline policy declines the interception.
    expect(odds(WITH_HAND).marginals['interception succeeds']).toBe('0');
  });

  test('[14 step 4, ruling R33] a card not in the hand is refused: exit 3, the event, its rule and reason, no stack trace', () => {
    const bad = file('arquebusiers.json', [
      ...INTERCEPTED,
      { type: 'card.play', power: 'ottoman', card: 'arquebusiers' },
    ]);
    const r = his('odds', WITH_HAND, '--events', bad);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^his: scripted event 3 \(index 2\) was refused: \[R33\] Ottoman does not hold Arquebusiers \(#24\)/,
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    const json = JSON.parse(his('odds', WITH_HAND, '--events', bad, '--json').stdout);
    expect(json).toMatchObject({ ok: false, error: { index: 2 } });
    expect(json.error.rule).toBe('R33');
    expect(json.error.message).toContain('Arquebusiers');
  });

  test('[14 step 5, ruling R27] a defender’s play out of turn is refused the same way: the attacker is asked first', () => {
    const early = file('early.json', [
      ...INTERCEPTED,
      { type: 'card.play', power: 'hapsburg', card: 'field-artillery' },
    ]);
    const r = his('odds', WITH_HAND, '--events', early);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /^his: scripted event 3 \(index 2\) was refused: \[14 step 4\] Ottoman answers this decision, not Hapsburg/,
    );
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  test('an events file that is not a list of events is exit 2, as for explore and resolve', () => {
    const r = his('odds', WITH_HAND, '--events', file('not-events.json', { events: 3 }));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('expected an array');
    expect(his('odds', WITH_HAND, '--events', join(DIR, 'none.json')).code).toBe(2);
  });
});
