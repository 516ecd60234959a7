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
import { EngineError, engineCopy, engineVersion, lastRelease, runWith } from '../../src/review/engine-diff.ts';
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

/** A new git repository under the temporary folder, with a way to commit files and to run git in it. */
function gitRepo(name: string) {
  const dir = join(tmp, name);
  mkdirSync(dir);
  const git = (...args: string[]): string => {
    const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout.trim();
  };
  git('init', '-q');
  /** Writes the files, commits them and returns the commit. */
  const commit = (files: Record<string, string>, message: string): string => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    git('add', '.');
    git('commit', '-qm', message);
    return git('rev-parse', 'HEAD');
  };
  return { dir, git, commit };
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

  test('[13.2 step 2] a case the other copy throws on is that case’s change, not the end of the run (exit 5)', () => {
    // A copy whose explore throws on its first call, the first case: an older release breaking on a newer scenario.
    const throwing = copyOfEngine(join(tmp, 'throwing'), (dir) => {
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const index = join(dir, 'src', 'index.ts');
      const source = readFileSync(index, 'utf8');
      expect(source).toContain('export {\n  explore,\n');
      writeFileSync(
        index,
        `${source.replace('export {\n  explore,\n', 'export {\n  explore as exploreOfThisCopy,\n')}
import { explore as exploreOfThisCopy } from './review/explore.ts';
let calls = 0;
export function explore(...args: Parameters<typeof exploreOfThisCopy>): ReturnType<typeof exploreOfThisCopy> {
  if (calls++ === 0) throw new TypeError('the first case breaks this copy');
  return exploreOfThisCopy(...args);
}
`,
      );
    });
    const first = loadCases(cases)[0]!.id;
    const r = his('review', cases, '--engine', throwing);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stdout).toContain(`3 cases against the engine at ${throwing} (sources), version 0.2.0: 1 changed.`);
    expect(r.stdout).toContain(
      `${first}: CHANGED — the baseline could not run it: that engine threw TypeError: the first case breaks this copy`,
    );
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

  test('release with no version anywhere: the error says how to name a release, exit 2, no stack trace', () => {
    const repo = gitRepo('never-versioned');
    repo.commit({ 'README.md': 'not an engine\n' }, 'first');
    repo.commit({ 'package.json': '{ "name": "his-procedures" }\n' }, 'a manifest without a version');
    expect(() => lastRelease(repo.dir)).toThrow(EngineError);
    expect(() => engineCopy('release', repo.dir)).toThrow(
      /no tag reachable from HEAD and its package\.json at HEAD states no version: tag the release .* or name a commit with --engine git:<commit>/,
    );
    // The command itself, as a process run in that repository: a bad input, said on stderr, no stack trace.
    symlinkSync(join(ROOT, 'node_modules'), join(repo.dir, 'node_modules'), 'dir');
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'src', 'cli.ts'), 'review', cases, '--engine', 'release'],
      { cwd: repo.dir, encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('states no version: tag the release');
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  test('release without a tag: the newest commit that set the version HEAD states; with a tag, the tag', () => {
    const repo = gitRepo('versions');
    const manifest = (version: string, indent = 2) =>
      `${JSON.stringify({ name: 'his-procedures', version, type: 'module' }, null, indent)}\n`;
    // A stand-in engine: engineCopy only needs src/index.ts to be there; nothing is run here.
    const first = repo.commit({ 'package.json': manifest('0.1.0'), 'src/index.ts': 'export {};\n' }, '0.1.0');
    const bump = repo.commit({ 'package.json': manifest('0.2.0') }, '0.2.0');
    // After the release: a change to the "version" line that keeps the version, and a change elsewhere.
    repo.commit({ 'package.json': manifest('0.2.0', 4) }, 'reindent the manifest');
    repo.commit({ 'src/index.ts': 'export const x = 1;\n' }, 'unreleased work');
    expect(lastRelease(repo.dir)).toEqual({
      commit: bump,
      by: { version: '0.2.0' },
      why: `no tag reachable from HEAD; commit ${bump.slice(0, 7)}, which set package.json's version to 0.2.0`,
    });
    const copy = engineCopy('release', repo.dir);
    try {
      expect(copy.label).toBe(
        `release (no tag reachable from HEAD; commit ${bump.slice(0, 7)}, which set package.json's version to 0.2.0)`,
      );
      // The copy is the release's tree: the version it states, the sources it had then.
      expect(engineVersion(copy)).toBe('0.2.0');
      expect(readFileSync(copy.entry, 'utf8')).toBe('export {};\n');
    } finally {
      copy.cleanup();
    }
    // A version back to an older one and up again: the newest commit that set it is the release.
    repo.commit({ 'package.json': manifest('0.1.0') }, 'back to 0.1.0');
    const again = repo.commit({ 'package.json': manifest('0.2.0') }, '0.2.0 again');
    expect(lastRelease(repo.dir).commit).toBe(again);
    // A bump only the working tree has is not a release: still the commit that set HEAD's version, and it says so.
    writeFileSync(join(repo.dir, 'package.json'), manifest('0.3.0'));
    expect(lastRelease(repo.dir)).toMatchObject({ commit: again, by: { version: '0.2.0' } });
    expect(lastRelease(repo.dir).why).toContain("the working tree's package.json states 0.3.0, not committed");
    repo.git('checkout', '-q', '--', 'package.json');
    // A tag comes first, even an older one than the version commit.
    repo.git('tag', 'v0.1.0', first);
    expect(lastRelease(repo.dir)).toEqual({
      commit: first,
      by: { tag: 'v0.1.0' },
      why: `the newest tag reachable from HEAD, v0.1.0: commit ${first.slice(0, 7)}`,
    });
    const tagged = engineCopy('release', repo.dir);
    try {
      expect(tagged.label).toBe(`release (the newest tag reachable from HEAD, v0.1.0: commit ${first.slice(0, 7)})`);
      expect(engineVersion(tagged)).toBe('0.1.0');
    } finally {
      tagged.cleanup();
    }
  });

  test('release at a tag that holds no engine: the error says so', () => {
    const repo = gitRepo('tagged-readme');
    repo.commit({ 'README.md': 'not an engine\n' }, 'first');
    repo.git('tag', 'v9.9.9');
    expect(() => engineCopy('release', repo.dir)).toThrow(EngineError);
    expect(() => engineCopy('release', repo.dir)).toThrow('release is not a copy of the engine');
  });

  test('--engine goes with neither --baseline nor --find (usage errors)', () => {
    expect(his('review', cases, '--engine', 'git:HEAD', '--baseline', 'x.json').code).toBe(1);
    expect(his('explore', 'examples/vienna-1517.json', '--engine', 'git:HEAD', '--find', 'true').code).toBe(1);
  });
});
