// The `his` command (DESIGN "Command line", a contract). The only place with console output, file I/O and exit codes.
// Exit codes: 0 done, 1 usage (a bad command, option or value), 2 a bad scenario, events or save file (or one that
// cannot be read), 3 an illegal scripted event, 4 explore found invariant violations, 70 an engine fault. No stack
// trace is printed for anything a user typed.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DecisionSchema } from './schema/decision.ts';
import { EventSchema } from './schema/events.ts';
import { ScenarioSchema } from './schema/scenario.ts';
import { ResultPositionSchema, SummarySchema } from './schema/result.ts';
import { parseScenario, readJson, ScenarioError } from './engine/scenario.ts';
import { resolve, POLICIES, type PolicyName } from './engine/resolve.ts';
import { narrative } from './engine/report.ts';
import { MAX_SEED } from './engine/session.ts';
import { SavedSessionSchema } from './schema/save.ts';
import type { Lang } from './rules/text.ts';
import { MACHINES, type MachineId } from '../machines/index.ts';
import { DIAGRAMS, drawDiagram, isDiagramName, OUTPUT_FORMATS, renderDiagram, resolveStateId, stateIds, type OutputFormat } from './viz/diagram.ts';
import { explore, type ExploreReport } from './review/explore.ts';
import { format, toNumber, type Fraction } from './review/fraction.ts';
import { serveStdio } from './server.ts';

const USAGE = `his — Here I Stand land-combat procedures

Usage:
  his resolve <scenario.json> [--events file.json] [--seed N] [--policy decline|eager] [--json] [--lang en|ru]
      Runs the move to its end: scripted events first, then the policy, with seeded dice (seed 0 to ${MAX_SEED}).
      Exit codes: 0 done, 1 usage, 2 bad scenario or events file, 3 illegal scripted event.
  his odds <scenario.json> [--policy decline|eager] [--max-nodes N] [--max-ms N] [--json]
      Exact chances of every outcome of the move when a policy answers every decision: dice outcomes are enumerated
      with exact probabilities (scripted events in the scenario are ignored).
  his explore <scenario.json> [--max-paths N] [--max-nodes N] [--max-ms N] [--json]
      Every listed answer of every decision and every dice outcome: paths, end positions, invariant violations
      (should be none) and the states of each machine that were reached. Exit code 4 when an invariant is violated.
  his diagram [<machine>|composed] [--format mermaid|dot|svg] [--lang en|ru] [--highlight <machine.state>]
      Prints a procedure's statechart (default: movement, Mermaid), drawn from the machine itself. A machine is one of
      movement, interception, avoidBattle, withdrawal, fieldBattle, retreat, siegeBreak; composed is movement with
      every procedure it invokes. --highlight marks one state (e.g. fieldBattle.rollingAttackerDice).
  his schema [scenario|event|decision|result|session]
      Prints a JSON Schema (default: scenario).
  his serve --stdio
      A JSON-RPC 2.0 server, one message per line on stdin and stdout, for hosts in other languages (docs/server.md).
`;

class UsageError extends Error {}

/** A file that cannot be read: a user's error, exit 2 like a bad scenario. */
class FileError extends Error {}

/** Where the command writes: the process's streams, or a test's buffers. */
export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

const processIo: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

let io: Io = processIo;

/** Control and bidirectional-override characters from a file never reach the terminal raw: they are escaped. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function out(text: string): void {
  io.out(printable(text.endsWith('\n') ? text : `${text}\n`));
}

function err(text: string): void {
  io.err(printable(text.endsWith('\n') ? text : `${text}\n`));
}

function readFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : (code ?? (e as Error).message);
    throw new FileError(`cannot read ${path}: ${why}`);
  }
}

function readEvents(path: string): unknown[] {
  const value = readJson(readFile(path));
  const list = Array.isArray(value) ? value : value !== null && typeof value === 'object' && Object.hasOwn(value, 'events') ? (value as { events?: unknown }).events : undefined;
  if (!Array.isArray(list)) throw new ScenarioError([{ path: '', message: `${path}: expected an array of events or {"events": [...]}` }]);
  const issues = list.flatMap((e, i) => {
    const r = EventSchema.safeParse(e);
    return r.success ? [] : r.error.issues.map((x) => ({ path: `events[${i}]${x.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`, message: x.message }));
  });
  if (issues.length > 0) throw new ScenarioError(issues);
  return list;
}

/** Options with a value: a missing value, a value given to a flag (--json=yes) or an unknown option is a usage error. */
function options<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], spec: T) {
  return parseArgs({ args, allowPositionals: true, strict: true, options: spec });
}

function oneFile(positionals: string[], command: string): string {
  if (positionals.length === 0) throw new UsageError(`${command} needs a scenario file`);
  if (positionals.length > 1) throw new UsageError(`${command} takes one scenario file, not ${positionals.length} (${positionals.slice(1).join(' ')} is extra)`);
  return positionals[0]!;
}

function wholeNumber(name: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not '${value}'`);
  return Number(value);
}

function langOf(value: string | undefined): Lang {
  const lang = value ?? 'en';
  if (lang !== 'en' && lang !== 'ru') throw new UsageError(`--lang must be en or ru, not '${lang}'`);
  return lang;
}

function policyOf(value: string | undefined): PolicyName {
  const policy = value ?? 'decline';
  if (!Object.hasOwn(POLICIES, policy)) throw new UsageError(`--policy must be one of ${Object.keys(POLICIES).join(', ')}, not '${policy}'`);
  return policy as PolicyName;
}

/** A bad scenario or events file: every problem on stderr (or as JSON), exit 2. */
function badInput(e: ScenarioError | FileError, json: boolean): number {
  const issues = e instanceof ScenarioError ? e.issues : [{ path: '', message: e.message }];
  const code = e instanceof ScenarioError ? 'invalid-scenario' : 'unreadable-file';
  if (json) out(JSON.stringify({ ok: false, error: { code, message: issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; '), issues, path: issues[0]?.path ?? '' } }, null, 2));
  else err(e instanceof ScenarioError ? e.message : `his: ${e.message}`);
  return 2;
}

function cmdResolve(args: string[]): number {
  const { values, positionals } = options(args, { events: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean' }, lang: { type: 'string' }, policy: { type: 'string' } });
  const file = oneFile(positionals, 'resolve');
  const lang = langOf(values.lang);
  const seed = wholeNumber('seed', values.seed, 0, MAX_SEED, 1);
  const policy = policyOf(values.policy);
  const json = values.json ?? false;
  try {
    const scenario = parseScenario(readFile(file));
    const events = values.events ? readEvents(values.events) : undefined;
    const r = resolve(scenario, { seed, lang, policy, ...(events ? { events } : {}) });
    if (!r.ok) {
      const { code, rule, message, path, index } = r.error;
      const error = { code, ...(rule ? { rule } : {}), message, ...(path !== undefined ? { path } : {}), ...(index !== undefined ? { index } : {}) };
      if (json) out(JSON.stringify({ ok: false, error }, null, 2));
      else err(`${narrative(r.session, lang)}\n\nerror${index !== undefined ? ` in scripted event ${index + 1} (index ${index})` : ''}: ${rule ? `[${rule}] ` : ''}${message}`);
      return code === 'internal' ? 70 : 3;
    }
    if (json) out(JSON.stringify({ ok: true, position: r.result.position, summary: r.result.summary, trace: r.session.trace }, null, 2));
    else out(narrative(r.session, lang));
    return 0;
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, json);
    throw e;
  }
}

const SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  scenario: ScenarioSchema,
  event: EventSchema,
  decision: DecisionSchema,
  result: z.object({ position: ResultPositionSchema, summary: SummarySchema }),
  session: SavedSessionSchema,
};

function cmdSchema(args: string[]): number {
  const { positionals } = options(args, {});
  if (positionals.length > 1) throw new UsageError(`schema takes one name, not ${positionals.length}`);
  const name = positionals[0] ?? 'scenario';
  if (!Object.hasOwn(SCHEMAS, name)) throw new UsageError(`unknown schema '${name}': one of ${Object.keys(SCHEMAS).join(', ')}`);
  const io2 = name === 'result' || name === 'decision' ? 'output' : 'input';
  out(JSON.stringify({ title: `his-procedures ${name}`, ...z.toJSONSchema(SCHEMAS[name]!, { io: io2, unrepresentable: 'any' }) }, null, 2));
  return 0;
}

function withoutScript(file: string) {
  const data = readJson(readFile(file));
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return parseScenario(data);
  return parseScenario({ ...(data as Record<string, unknown>), events: [] });
}

const BOUNDS = { 'max-nodes': { type: 'string' }, 'max-ms': { type: 'string' } } as const;

function bounds(values: { 'max-nodes'?: string | undefined; 'max-ms'?: string | undefined }) {
  return {
    maxNodes: wholeNumber('max-nodes', values['max-nodes'], 1, 10_000_000, 200_000),
    ...(values['max-ms'] !== undefined ? { maxMs: wholeNumber('max-ms', values['max-ms'], 1, 86_400_000, 0) } : {}),
  };
}

function truncation(r: ExploreReport): string {
  if (!r.truncated) return '';
  const by = { maxPaths: '--max-paths', maxNodes: '--max-nodes', maxMs: '--max-ms' }[r.truncatedBy ?? 'maxNodes'];
  return ` — STOPPED EARLY at ${by}: the figures below cover only what was explored`;
}

function cmdOdds(args: string[]): number {
  const { values, positionals } = options(args, { policy: { type: 'string' }, json: { type: 'boolean' }, ...BOUNDS });
  const file = oneFile(positionals, 'odds');
  const policy = policyOf(values.policy);
  const limits = bounds(values);
  try {
    const r = explore(withoutScript(file), { decisions: policy, ...limits });
    const pct = (f: Fraction) => `${(toNumber(f) * 100).toFixed(2).padStart(6)} %`;
    if (values.json) {
      out(JSON.stringify({ ok: true, policy, paths: r.paths, truncated: r.truncated, ...(r.truncatedBy ? { truncatedBy: r.truncatedBy } : {}), total: format(r.totalProbability), marginals: Object.fromEntries(Object.entries(r.marginals).map(([k, f]) => [k, format(f)])), outcomes: r.outcomes.map((o) => ({ probability: format(o.probability), description: o.description, position: o.position })) }, null, 2));
      return 0;
    }
    out(`Policy ${policy}: ${r.paths} dice paths, probabilities add up to ${format(r.totalProbability)}${truncation(r)}.\n`);
    for (const [k, f] of Object.entries(r.marginals)) out(`${pct(f)}  ${k}  (${format(f)})`);
    out('\nOutcomes (end positions), most likely first:');
    for (const o of r.outcomes) out(`${pct(o.probability)}  ${o.description}`);
    return 0;
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, values.json ?? false);
    throw e;
  }
}

function cmdExplore(args: string[]): number {
  const { values, positionals } = options(args, { 'max-paths': { type: 'string' }, json: { type: 'boolean' }, ...BOUNDS });
  const file = oneFile(positionals, 'explore');
  const maxPaths = wholeNumber('max-paths', values['max-paths'], 1, 100_000_000, 1_000_000);
  const limits = bounds(values);
  try {
    const r = explore(withoutScript(file), { decisions: 'all', maxPaths, ...limits });
    const reached = Object.fromEntries((Object.keys(MACHINES) as MachineId[]).map((id) => [id, { reached: r.states[id] ?? [], unreached: Object.keys(MACHINES[id].root.states).filter((s) => !(r.states[id] ?? []).includes(s)) }]));
    if (values.json) {
      out(JSON.stringify({ ok: r.violations.length === 0, paths: r.paths, nodes: r.nodes, distinctStates: r.distinctStates, truncated: r.truncated, ...(r.truncatedBy ? { truncatedBy: r.truncatedBy } : {}), endPositions: r.outcomes.length, violations: r.violations, states: reached }, null, 2));
    } else {
      out(`${r.paths} paths, ${r.nodes} nodes (${r.distinctStates} distinct states), ${r.outcomes.length} distinct end positions${truncation(r)}.`);
      out(`Invariant violations: ${r.violations.length}`);
      for (const v of r.violations.slice(0, 10)) out(`  after ${v.path.join(' → ')}: ${v.violations.join('; ')}`);
      out('States reached:');
      for (const [id, s2] of Object.entries(reached)) out(`  ${id}: ${s2.reached.length} of ${s2.reached.length + s2.unreached.length}${s2.unreached.length ? ` (not reached: ${s2.unreached.join(', ')})` : ''}`);
    }
    return r.violations.length === 0 ? 0 : 4;
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, values.json ?? false);
    throw e;
  }
}

function cmdDiagram(args: string[]): number | Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { format: { type: 'string' }, lang: { type: 'string' }, highlight: { type: 'string' } } });
  const name = positionals[0] ?? 'movement';
  if (!isDiagramName(name)) throw new UsageError(`unknown machine '${name}': one of ${DIAGRAMS.join(', ')}`);
  const format = values.format ?? 'mermaid';
  if (!OUTPUT_FORMATS.some((f) => f === format)) throw new UsageError(`--format must be ${OUTPUT_FORMATS.join(', ')}, not ${format}`);
  const lang = values.lang ?? 'en';
  if (lang !== 'en' && lang !== 'ru') throw new UsageError(`--lang must be en or ru, not ${lang}`);
  const highlight = values.highlight;
  if (highlight !== undefined && resolveStateId(name, highlight) === undefined) {
    const ids = stateIds(name);
    throw new UsageError(`unknown state '${highlight}' in the ${name} diagram: ${name === 'composed' ? `a <machine>.<state> id such as ${ids.find((id) => id.startsWith('fieldBattle.')) ?? ids[0]}` : `one of ${ids.join(', ')}`}`);
  }
  const opts = { lang, ...(highlight !== undefined ? { highlight } : {}) } as const;
  if (format !== 'svg') {
    out(drawDiagram(name, format as 'mermaid' | 'dot', opts));
    return 0;
  }
  // Graphviz (WebAssembly) starts asynchronously: only an SVG makes the command wait.
  return renderDiagram(name, format as OutputFormat, opts).then((text) => {
    out(text);
    return 0;
  });
}

/** Runs one command. Every command but an SVG diagram answers at once; that one returns a promise of its exit code. */
export function main(argv: string[], streams: Io = processIo): number | Promise<number> {
  io = streams;
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'resolve':
        return cmdResolve(rest);
      case 'schema':
        return cmdSchema(rest);
      case 'diagram':
        return cmdDiagram(rest);
      case 'odds':
        return cmdOdds(rest);
      case 'explore':
        return cmdExplore(rest);
      case 'serve':
        // Only the options are checked here; runProcess starts the server once they are right.
        serveOptions(rest);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        out(USAGE);
        return command === undefined ? 1 : 0;
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    if (e instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      err(`his: ${(e as Error).message.split('\n')[0]} (see 'his help')`);
      return 1;
    }
    return fault(e);
  }
}

/** An engine fault, not the user's: one line, no stack trace, exit 70. */
function fault(e: unknown): number {
  err(`his: internal error: ${(e as Error)?.message ?? String(e)} (please report the command and its files)`);
  return 70;
}

/** `his serve --stdio`: checks its options; the server itself runs only as a process (runProcess). */
function serveOptions(args: string[]): void {
  const { values, positionals } = options(args, { stdio: { type: 'boolean' } });
  if (positionals.length > 0) throw new UsageError(`serve takes no file, not ${positionals.join(' ')}`);
  if (!values.stdio) throw new UsageError('serve needs --stdio (the only transport)');
}

/** Runs the command as a process: the real streams and exit code. */
export function runProcess(argv: string[]): void {
  // A reader that closes the pipe early (`his schema | head`) is not an error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  if (argv[0] === 'serve') {
    const code = main(argv);
    if (code !== 0) return void (process.exitCode = typeof code === 'number' ? code : 70);
    serveStdio().then(
      () => void (process.exitCode = 0),
      (e: unknown) => {
        err(`his: internal error in the server: ${(e as Error)?.message ?? String(e)}`);
        process.exitCode = 70;
      },
    );
    return;
  }
  const code = main(argv);
  if (typeof code === 'number') process.exitCode = code;
  else code.then((c) => void (process.exitCode = c), (e: unknown) => void (process.exitCode = fault(e)));
}

if (process.argv[1]?.endsWith('cli.ts')) runProcess(process.argv.slice(2));
