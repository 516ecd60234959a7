// `his explore` through the command line: the invariants by name with their counts (text and --json), and --out with
// one events file per match (each replays to its match's end position) and, with --walkthrough, a page per match.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BUILT_IN_INVARIANTS } from '../../src/review/invariants.ts';
import { his, hisAsync } from '../helpers/cli.ts';

const SMALL = 'examples/withdrawal-turned-back.json';

describe('his explore lists the invariants by name', { timeout: 120_000 }, () => {
  test('[14.1] each built-in invariant and each --assert one, with the states it was checked on and its violations', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'his-inv-'));
    const mod = join(dir, 'mine.mjs');
    writeFileSync(
      mod,
      "export default function alwaysOneCpSpent({ summary, result }) { return !result || summary.cpSpent === 1 || 'CP'; }\n",
    );
    const r = await hisAsync('explore', SMALL, '--answers', 'listed', '--assert', mod);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `Invariants: ${BUILT_IN_INVARIANTS.length + 1} built in, 1 from --assert, each with what it was checked on:`,
    );
    for (const { name } of BUILT_IN_INVARIANTS)
      expect(r.stdout).toMatch(new RegExp(`\\n  ${name} +\\d+ [a-z ]+, no violation\\n`));
    expect(r.stdout).toMatch(/\n {2}answersAccepted +\d+ answers sent, no violation\n/);
    expect(r.stdout).toMatch(/\n {2}alwaysOneCpSpent +\d+ distinct states, no violation\n/);
    const json = JSON.parse(
      (await hisAsync('explore', SMALL, '--answers', 'listed', '--assert', mod, '--json')).stdout,
    );
    expect(json.invariants.map((i: { name: string }) => i.name)).toEqual([
      ...BUILT_IN_INVARIANTS.map((i) => i.name),
      'answersAccepted',
      'alwaysOneCpSpent',
    ]);
    for (const i of json.invariants)
      expect(Object.keys(i).sort()).toEqual(['builtIn', 'checked', 'name', 'violations']);
    expect(json.invariants.every((i: { checked: number }) => i.checked > 0)).toBe(true);
  });

  test('a violated --assert invariant shows its count of violations and exit code 4', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'his-inv-'));
    const mod = join(dir, 'never.mjs');
    writeFileSync(
      mod,
      "export default function noBattle({ summary }) { return summary.battle === null || 'a battle'; }\n",
    );
    const r = await hisAsync('explore', SMALL, '--answers', 'listed', '--assert', mod);
    expect(r.code).toBe(4);
    expect(r.stdout).toMatch(/\n {2}noBattle +\d+ distinct states, [1-9]\d* violations?\n/);
  });
});

describe('his explore --out writes every match', { timeout: 120_000 }, () => {
  test('[14.1] one events file per match beside the paths file; each replays through resolve to its match', () => {
    const dir = mkdtempSync(join(tmpdir(), 'his-out-'));
    const out = join(dir, 'ends.json');
    const r = his(
      'explore',
      SMALL,
      '--answers',
      'listed',
      '--find',
      "summary.battle?.winner === 'defender'",
      '--out',
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    const paths = JSON.parse(readFileSync(out, 'utf8'));
    expect(paths.matches.length).toBeGreaterThan(1);
    expect(r.stdout).toContain(
      `--out: ${out} and ${paths.matches.length} events files ${join(dir, 'ends-1.json')} … ${join(dir, `ends-${paths.matches.length}.json`)}`,
    );
    const json = JSON.parse(
      his('explore', SMALL, '--answers', 'listed', '--find', "summary.battle?.winner === 'defender'", '--json').stdout,
    );
    for (const [i, m] of paths.matches.entries()) {
      expect(m.file).toBe(join(dir, `ends-${i + 1}.json`));
      const replay = JSON.parse(his('resolve', SMALL, '--events', m.file, '--json').stdout);
      expect(replay.summary.battle.winner).toBe('defender');
      expect(replay.position.stacks).toEqual(json.matches[i].position.stacks);
    }
  });

  test('--walkthrough writes a page per match, at most --max-pages, and says how many were left without one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'his-out-'));
    const out = join(dir, 'ends.json');
    const r = await hisAsync(
      'explore',
      SMALL,
      '--answers',
      'listed',
      '--exists',
      'summary.battle !== null',
      '--out',
      out,
      '--walkthrough',
      '--max-pages',
      '1',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(readFileSync(join(dir, 'ends-1.html'), 'utf8')).toMatch(/^<!doctype html>/i);
    expect(existsSync(join(dir, 'ends-2.html'))).toBe(false);
    expect(existsSync(join(dir, 'ends-2.json'))).toBe(true);
  });

  test('--walkthrough without --out, and --max-pages without --walkthrough, are usage errors', () => {
    expect(his('explore', SMALL, '--find', 'true', '--walkthrough').code).toBe(1);
    expect(his('explore', SMALL, '--find', 'true', '--out', join(tmpdir(), 'x.json'), '--max-pages', '2').code).toBe(1);
  });
});
