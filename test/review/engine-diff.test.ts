// Engine-version diffs (src/review/engine-diff.ts, `his review --engine`, `his explore --engine`): the casebook or one
// scenario's exploration run with another copy of the engine — a checkout folder, a packed tarball, a git ref of this
// repository — and compared end position by end position with this engine's, with exact fractions. The changed copy
// here is this checkout's sources with one rule changed (an interception or avoid roll needs 10, not 9).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadCases, runCase, savedResults } from '../../src/review/casebook.ts';
import { EngineError, engineCopy, runWith } from '../../src/review/engine-diff.ts';
import { his } from '../helpers/cli.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CASES = ['intercept-ally-blocked-after-success', 'telescope-on-avoid', 'attacker-origin-illegal'];
let tmp = '';
let cases = '';
let changed = '';

/** A copy of this checkout's engine (sources, manifest, a link to its node_modules), with `edit` applied. */
function copyOfEngine(where: string, edit?: (dir: string) => void): string {
  mkdirSync(where, { recursive: true });
  for (const part of ['src', 'machines', 'package.json'])
    cpSync(join(ROOT, part), join(where, part), { recursive: true });
  edit?.(where);
  return where;
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'his-engines-'));
  cases = join(tmp, 'cases');
  mkdirSync(cases);
  for (const id of CASES) cpSync(join(ROOT, 'review', 'cases', `${id}.json`), join(cases, `${id}.json`));
  changed = copyOfEngine(join(tmp, 'changed'), (dir) => {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const dice = join(dir, 'src', 'rules', 'dice.ts');
    writeFileSync(
      dice,
      readFileSync(dice, 'utf8').replace('export const ROLL_TARGET = 9;', 'export const ROLL_TARGET = 10;'),
    );
  });
});

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('another copy of the engine answers the casebook', { timeout: 180_000 }, () => {
  test('[13.2 step 2] git:HEAD answers every case exactly as this checkout does', () => {
    const copy = engineCopy('git:HEAD', ROOT);
    try {
      expect(copy.label).toMatch(/^git:HEAD \(commit [0-9a-f]{7}\)$/);
      expect(copy.sources).toBe(true);
      const theirs = runWith(copy, { kind: 'casebook', dir: cases });
      expect(theirs).toEqual(JSON.parse(JSON.stringify(savedResults(loadCases(cases).map(runCase)))));
    } finally {
      copy.cleanup();
    }
    // The temporary copy is gone once it has answered.
    expect(existsSync(join(copy.entry, '..', '..'))).toBe(false);
  });

  test('[13.2 step 2, 13.3 step 4] his review --engine <checkout>: each changed end position with its exact change, exit 5', () => {
    const r = his('review', cases, '--engine', changed);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stdout).toContain(`3 cases against the engine at ${changed} (sources), version 0.2.0: 2 changed.`);
    // With 10 to hit, the Hapsburgs fail more often under the copy, so England (asked only then) tries more often:
    // 5/6 there, 13/18 here (from the copy, the baseline, to this engine).
    expect(r.stdout).toContain("  fact summary.interceptions.some(i => i.power === 'england'): 5/6 → 13/18");
    expect(r.stdout).toContain('telescope-on-avoid: CHANGED');
    expect(r.stdout).toMatch(/ {2}~ 5\/18 → 5\/12 \(\+5\/36\) {2}east hapsburg 2r; field ottoman 3r \| cp 0/);
    expect(r.stdout).not.toContain('attacker-origin-illegal');
    const json = JSON.parse(his('review', cases, '--engine', changed, '--json').stdout);
    expect(json).toMatchObject({ ok: false, cases: 3, changed: 2 });
    expect(json.against).toBe(`the engine at ${changed} (sources), version 0.2.0`);
  });

  test('[13.2 step 2] his explore --engine: one scenario’s end positions against the copy’s', () => {
    const r = his('explore', 'examples/failed-interception.json', '--policy', 'eager', '--engine', changed);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stdout).toMatch(
      /^\d+ end positions here, \d+ with the engine at .* \(sources\), version 0\.2\.0; their probabilities: CHANGED\.\n/,
    );
    expect(r.stdout).toMatch(/\n {2}~ \d+\/\d+ → \d+\/\d+ \([+−]\d+\/\d+\) {2}/);
    const same = his('explore', 'examples/failed-interception.json', '--policy', 'eager', '--engine', 'git:HEAD');
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('nothing changed');
  });

  test('a packed tarball is unpacked and run with this engine’s dependencies', () => {
    const pack = join(tmp, 'pack');
    copyOfEngine(join(pack, 'package'));
    const tgz = join(tmp, 'his-procedures-copy.tgz');
    const tar = spawnSync('tar', ['-czf', tgz, '-C', pack, 'package']);
    expect(tar.status).toBe(0);
    const r = his('review', cases, '--engine', tgz);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`3 cases against the engine at ${tgz} (packed), version 0.2.0: nothing changed.\n`);
  });
});

describe('naming a copy', { timeout: 60_000 }, () => {
  test('a folder, a file or a ref that is not an engine is a bad input (exit 2) saying why', () => {
    const none = his('review', cases, '--engine', join(tmp, 'nowhere'));
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no such folder or tarball');
    const notEngine = his('review', cases, '--engine', cases);
    expect(notEngine.code).toBe(2);
    expect(notEngine.stderr).toContain('is not a copy of the engine');
    const ref = his('review', cases, '--engine', 'git:no-such-ref-here');
    expect(ref.code).toBe(2);
    expect(ref.stderr).toContain("'no-such-ref-here' is not a tag, branch or commit");
  });

  test('release names the newest tag reachable from HEAD; with none, the error says how to name a commit', () => {
    const repo = join(tmp, 'repo');
    mkdirSync(repo);
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    writeFileSync(join(repo, 'README.md'), 'not an engine\n');
    git('add', '.');
    git('commit', '-qm', 'first');
    expect(() => engineCopy('release', repo)).toThrow(
      /there is none: tag the release .* or name a commit with --engine git:<commit>/,
    );
    git('tag', 'v9.9.9');
    // The tag is found; what it holds is not an engine.
    expect(() => engineCopy('release', repo)).toThrow(EngineError);
    expect(() => engineCopy('release', repo)).toThrow('release is not a copy of the engine');
  });

  test('--engine goes with neither --baseline nor --find (usage errors)', () => {
    expect(his('review', cases, '--engine', 'git:HEAD', '--baseline', 'x.json').code).toBe(1);
    expect(his('explore', 'examples/vienna-1517.json', '--engine', 'git:HEAD', '--find', 'true').code).toBe(1);
  });
});
