// Engine-version diffs (`his review <cases> --engine <copy>`, `his explore <scenario> --engine <copy>`): the casebook,
// or one scenario's exploration, run with another copy of the engine, and compared end position by end position with
// this one's, exactly as `--baseline` compares with a saved run. The other copy runs in a child process
// (src/review/engine-runner.ts) so that it loads its own modules; nothing is fetched.
//
// A copy is named by:
// - a folder: a checkout of the project (its sources, src/index.ts, run through tsx) or an installed package (its
//   compiled dist/src/index.js), with its dependencies where Node finds them from there (its node_modules);
// - a packed tarball (`npm pack`, *.tgz): unpacked into a temporary folder;
// - `git:<ref>`: a tag, a branch or a commit of the git repository the command runs in, written out with
//   `git archive` into a temporary folder (its sources, run through tsx);
// - `release`: the last release (lastRelease): the newest tag reachable from HEAD (`git describe --tags --abbrev=0`)
//   or, where no tag is reachable, the newest commit reachable from HEAD that set package.json's version to the one
//   HEAD states.
// A copy unpacked into a temporary folder uses this engine's dependencies (a node_modules link): the engine's
// runtime dependencies are pinned exactly, and a copy whose pins differ says so in its own package.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExploreReport } from './explore.ts';
import { outcomeLine } from './casebook.ts';
import { add, format, fraction, type Fraction } from './fraction.ts';

/** What the child runs: the casebook of a folder, or one scenario's exploration with its options. */
export type EngineJob =
  | { readonly kind: 'casebook'; readonly dir: string }
  | { readonly kind: 'explore'; readonly scenario: unknown; readonly options: Record<string, unknown> };

/** An engine copy that cannot be found, unpacked, loaded or run. */
export class EngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineError';
  }
}

/** A copy of the engine ready to run: the module to import, whether it needs tsx, and what to clean up after. */
export interface EngineCopy {
  /** As the reviewer named it. */
  readonly name: string;
  /** What it is, for the report: `git:v0.1.0 (commit 1a2b3c4, sources)`. */
  readonly label: string;
  readonly entry: string;
  readonly sources: boolean;
  readonly cleanup: () => void;
}

/** This engine's node_modules: the folder from which its own dependencies (xstate, zod) resolve. */
function ownNodeModules(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules');
    if (existsSync(join(candidate, 'xstate'))) return candidate;
    if (dirname(dir) === dir) throw new EngineError('cannot find the node_modules this engine runs from');
  }
}

function run(command: string, args: readonly string[], options: { cwd?: string; input?: Buffer } = {}): Buffer {
  const r = spawnSync(command, args, { cwd: options.cwd, input: options.input, maxBuffer: 1 << 30 });
  if (r.error) throw new EngineError(`${command} could not run: ${r.error.message}`);
  if (r.status !== 0)
    throw new EngineError(`${command} ${args.join(' ')} failed: ${r.stderr.toString().trim().split('\n')[0] ?? ''}`);
  return r.stdout;
}

/** The entry module of an engine in a folder: its compiled package, or its sources. */
function entryIn(dir: string, name: string): { entry: string; sources: boolean } {
  const compiled = join(dir, 'dist', 'src', 'index.js');
  if (existsSync(compiled)) return { entry: compiled, sources: false };
  const sources = join(dir, 'src', 'index.ts');
  if (existsSync(sources)) return { entry: sources, sources: true };
  throw new EngineError(`${name} is not a copy of the engine: it has neither dist/src/index.js nor src/index.ts`);
}

function unpacked(name: string, label: string, fill: (dir: string) => string): EngineCopy {
  const tmp = mkdtempSync(join(tmpdir(), 'his-engine-'));
  const cleanup = () => rmSync(tmp, { recursive: true, force: true });
  try {
    const root = fill(tmp);
    if (!existsSync(join(root, 'node_modules'))) symlinkSync(ownNodeModules(), join(root, 'node_modules'), 'dir');
    return { name, label, ...entryIn(root, name), cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}

/** The version a package.json states, or undefined when it is missing, not JSON or has no string version. */
function versionOf(manifest: string | undefined): string | undefined {
  if (manifest === undefined) return undefined;
  try {
    const version = (JSON.parse(manifest) as { version?: unknown } | null)?.version;
    return typeof version === 'string' && version !== '' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** package.json as committed at a commit of the repository at `top`, when it has one there. */
function manifestAt(top: string, commit: string): string | undefined {
  const r = spawnSync('git', ['show', `${commit}:package.json`], { cwd: top, encoding: 'utf8', maxBuffer: 1 << 26 });
  return r.status === 0 ? r.stdout : undefined;
}

/** The last release, as `--engine release` resolves it: the commit, and how it was found (for the report). */
export interface Release {
  readonly commit: string;
  /** `tag v0.2.0` or `version 0.2.0` — what names the release. */
  readonly by: { readonly tag: string } | { readonly version: string };
  /** What was compared and why, for the report's label. */
  readonly why: string;
}

/**
 * The last release of the repository at `top`:
 * 1. the newest tag reachable from HEAD (`git describe --tags --abbrev=0`), when there is one;
 * 2. otherwise the newest commit reachable from HEAD at which package.json's `version` took the value HEAD's
 *    package.json states: the commit that set it (its first parent states another version, or none). The project
 *    bumps the version when it releases, so that commit is the release of the version HEAD carries, and the commits
 *    after it are what has not been released. A version only the working tree states (an uncommitted bump) has no
 *    commit yet and is not a release: the last release is still the commit that set HEAD's version, and the report
 *    says that the working tree states another.
 * With neither a tag nor a version at HEAD, an EngineError saying how to name a release instead.
 */
export function lastRelease(top: string): Release {
  const described = spawnSync('git', ['describe', '--tags', '--abbrev=0'], { cwd: top, encoding: 'utf8' });
  if (described.status === 0 && described.stdout.trim() !== '') {
    const tag = described.stdout.trim();
    const commit = run('git', ['rev-parse', '--verify', '--quiet', `${tag}^{commit}`], { cwd: top })
      .toString()
      .trim();
    return { commit, by: { tag }, why: `the newest tag reachable from HEAD, ${tag}: commit ${commit.slice(0, 7)}` };
  }
  const version = versionOf(manifestAt(top, 'HEAD'));
  if (version === undefined)
    throw new EngineError(
      `--engine release names the last release: the newest tag reachable from HEAD or, with none, the commit that set package.json's version; ${top} has no tag reachable from HEAD and its package.json at HEAD states no version: tag the release (git tag v0.2.0 <commit>) or name a commit with --engine git:<commit>`,
    );
  // Every commit reachable from HEAD whose diff of package.json touches a line with "version", newest first; the
  // first whose package.json states the version while its first parent's does not is the one that set it.
  const candidates = run('git', ['log', '-G"version"', '--format=%H', 'HEAD', '--', 'package.json'], { cwd: top })
    .toString()
    .split('\n')
    .filter((c) => c !== '');
  const commit = candidates.find(
    (c) => versionOf(manifestAt(top, c)) === version && versionOf(manifestAt(top, `${c}^`)) !== version,
  );
  if (commit === undefined)
    throw new EngineError(
      `--engine release: ${top} has no tag reachable from HEAD, and no commit reachable from HEAD sets package.json's version to ${version}: tag the release (git tag v${version} <commit>) or name a commit with --engine git:<commit>`,
    );
  let working: string | undefined;
  try {
    working = versionOf(readFileSync(join(top, 'package.json'), 'utf8'));
  } catch {
    working = undefined;
  }
  const uncommitted =
    working !== undefined && working !== version
      ? `; the working tree's package.json states ${working}, not committed, so not a release`
      : '';
  return {
    commit,
    by: { version },
    why: `no tag reachable from HEAD; commit ${commit.slice(0, 7)}, which set package.json's version to ${version}${uncommitted}`,
  };
}

/** The copy a reviewer named (see the head of this file), unpacked where it needs to be. */
export function engineCopy(name: string, cwd = process.cwd()): EngineCopy {
  if (name === 'release' || name.startsWith('git:')) {
    const top = run('git', ['rev-parse', '--show-toplevel'], { cwd }).toString().trim();
    let commit: string;
    let label: string;
    if (name === 'release') {
      const release = lastRelease(top);
      commit = release.commit;
      label = `release (${release.why})`;
    } else {
      const ref = name.slice('git:'.length);
      if (ref === '') throw new EngineError('--engine git: needs a ref: git:v0.2.0, git:main, git:<commit>');
      try {
        commit = run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: top })
          .toString()
          .trim();
      } catch {
        throw new EngineError(`${name}: '${ref}' is not a tag, branch or commit of ${top}`);
      }
      label = `${name} (commit ${commit.slice(0, 7)})`;
    }
    return unpacked(name, label, (dir) => {
      run('tar', ['-x', '-C', dir], { input: run('git', ['archive', '--format=tar', commit], { cwd: top }) });
      return dir;
    });
  }
  const path = resolvePath(cwd, name);
  if (!existsSync(path)) throw new EngineError(`${name}: no such folder or tarball`);
  if (statSync(path).isFile()) {
    if (!/\.(tgz|tar\.gz)$/.test(path)) throw new EngineError(`${name}: a packed engine is a .tgz file (npm pack)`);
    return unpacked(name, `${name} (packed)`, (dir) => {
      run('tar', ['-xzf', path, '-C', dir]);
      if (!existsSync(join(dir, 'package'))) throw new EngineError(`${name}: not an npm tarball (no package/ in it)`);
      return join(dir, 'package');
    });
  }
  const { entry, sources } = entryIn(path, name);
  return { name, label: `${name} (${sources ? 'sources' : 'compiled'})`, entry, sources, cleanup: () => undefined };
}

/** The version a copy's package.json states, when it has one. */
export function engineVersion(copy: EngineCopy): string | undefined {
  const manifest = join(dirname(copy.entry), copy.sources ? '..' : '../..', 'package.json');
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** The runner module next to this one: its sources from the sources, its compiled form from dist/. */
function runner(): { path: string; sources: boolean } {
  const sources = import.meta.url.endsWith('.ts');
  return { path: fileURLToPath(new URL(`./engine-runner${sources ? '.ts' : '.js'}`, import.meta.url)), sources };
}

/** tsx's loader, for a copy (or this engine) that runs from its TypeScript sources. */
function tsxLoader(): string {
  try {
    return import.meta.resolve('tsx/esm');
  } catch {
    throw new EngineError(
      'running an engine from its sources needs tsx (a dev dependency of this project): use a compiled copy (npm pack) instead',
    );
  }
}

/** Runs a job with the copy, in a child process, and returns its answer. */
export function runWith(copy: EngineCopy, job: EngineJob): unknown {
  const me = runner();
  const tmp = mkdtempSync(join(tmpdir(), 'his-engine-job-'));
  try {
    const jobFile = join(tmp, 'job.json');
    const answerFile = join(tmp, 'answer.json');
    writeFileSync(jobFile, JSON.stringify(job));
    const loader = me.sources || copy.sources ? ['--import', tsxLoader()] : [];
    const r = spawnSync(process.execPath, [...loader, me.path, copy.entry, jobFile, answerFile], {
      maxBuffer: 1 << 30,
      encoding: 'utf8',
    });
    if (r.error) throw new EngineError(`the engine at ${copy.label} could not run: ${r.error.message}`);
    if (r.status !== 0) {
      const why = r.stderr
        .split('\n')
        .find((l) => /Error|error:/.test(l))
        ?.trim();
      throw new EngineError(`the engine at ${copy.label} failed: ${why ?? `exit code ${r.status}`}`);
    }
    return JSON.parse(readFileSync(answerFile, 'utf8'));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** An exploration's end positions as casebook lines, each with its probability (or dice weight) as a fraction. */
export function outcomeValues(r: Pick<ExploreReport, 'outcomes' | 'truncated'>): {
  readonly outcomes: Record<string, string>;
  readonly truncated: boolean;
} {
  const sums = new Map<string, Fraction>();
  for (const o of r.outcomes) {
    const line = outcomeLine(o.position);
    sums.set(line, add(sums.get(line) ?? fraction(0), o.probability));
  }
  const outcomes: Record<string, string> = {};
  for (const [line, p] of [...sums.entries()].sort(([a], [b]) => a.localeCompare(b))) outcomes[line] = format(p);
  return { outcomes, truncated: r.truncated };
}
