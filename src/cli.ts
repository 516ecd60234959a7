// The `his` command (DESIGN "Command line", a contract). The only place with console output, file I/O and exit codes.
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
import { SavedSessionSchema } from './schema/save.ts';
import type { Lang } from './rules/text.ts';
import { MACHINES, type MachineId } from '../machines/index.ts';
import { diagram } from './viz/diagram.ts';
import { explore } from './review/explore.ts';
import { format, toNumber, type Fraction } from './review/fraction.ts';

const USAGE = `his — Here I Stand land-combat procedures

Usage:
  his resolve <scenario.json> [--events file.json] [--seed N] [--policy decline|eager] [--json] [--lang en|ru]
      Runs the move to its end: scripted events first, then the policy, with seeded dice.
      Exit codes: 0 done, 2 bad scenario or events file, 3 illegal scripted event.
  his odds <scenario.json> [--policy decline|eager] [--json]
      Exact chances of every outcome of the move when a policy answers every decision: dice outcomes are enumerated
      with exact probabilities (scripted events in the scenario are ignored).
  his explore <scenario.json> [--max-paths N] [--json]
      Every answer of every decision and every dice outcome: paths, end positions, invariant violations (should be
      none) and the states of each machine that were reached.
  his diagram [movement|interception|avoidBattle|withdrawal|fieldBattle|retreat] [--format mermaid|dot] [--lang en|ru]
      Prints a procedure's statechart (default: movement, Mermaid), drawn from the machine itself.
  his schema [scenario|event|decision|result|session]
      Prints a JSON Schema (default: scenario).
`;

class UsageError extends Error {}

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

function readFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new ScenarioError([{ path: '', message: `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` }]);
  }
}

function readEvents(path: string): unknown[] {
  const value = readJson(readFile(path));
  const list = Array.isArray(value) ? value : (value as { events?: unknown })?.events;
  if (!Array.isArray(list)) throw new ScenarioError([{ path: '', message: `${path}: expected an array of events or {"events": [...]}` }]);
  const issues = list.flatMap((e, i) => {
    const r = EventSchema.safeParse(e);
    return r.success ? [] : r.error.issues.map((x) => ({ path: `events[${i}]${x.path.map((p) => `.${String(p)}`).join('')}`, message: x.message }));
  });
  if (issues.length > 0) throw new ScenarioError(issues);
  return list;
}

function out(text: string): void {
  io.out(text.endsWith('\n') ? text : `${text}\n`);
}

function err(text: string): void {
  io.err(text);
}

function cmdResolve(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { events: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean' }, lang: { type: 'string' }, policy: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) throw new UsageError('resolve needs a scenario file');
  const lang = (values.lang ?? 'en') as Lang;
  if (lang !== 'en' && lang !== 'ru') throw new UsageError(`--lang must be en or ru, not ${values.lang}`);
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed must be a whole number, not ${values.seed}`);
  const policy = (values.policy ?? 'decline') as PolicyName;
  if (!(policy in POLICIES)) throw new UsageError(`--policy must be one of ${Object.keys(POLICIES).join(', ')}`);
  const json = values.json ?? false;
  try {
    const scenario = parseScenario(readFile(file));
    const events = values.events ? readEvents(values.events) : undefined;
    const r = resolve(scenario, { seed, lang, policy, ...(events ? { events } : {}) });
    if (!r.ok) {
      const { code, rule, message, path, index } = r.error;
      const error = { code, ...(rule ? { rule } : {}), message, ...(path !== undefined ? { path } : {}), ...(index !== undefined ? { index } : {}) };
      if (json) out(JSON.stringify({ ok: false, error }, null, 2));
      else err(`${narrative(r.session, lang)}\n\nerror${index !== undefined ? ` in scripted event ${index + 1}` : ''}: ${rule ? `[${rule}] ` : ''}${message}\n`);
      return 3;
    }
    if (json) out(JSON.stringify({ ok: true, position: r.result.position, summary: r.result.summary, trace: r.session.trace }, null, 2));
    else out(narrative(r.session, lang));
    return 0;
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    if (json) out(JSON.stringify({ ok: false, error: { code: 'invalid-scenario', message: e.issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; '), issues: e.issues, path: e.issues[0]?.path ?? '' } }, null, 2));
    else err(`${e.message}\n`);
    return 2;
  }
}

const SCHEMAS: Record<string, z.ZodType> = {
  scenario: ScenarioSchema,
  event: EventSchema,
  decision: DecisionSchema,
  result: z.object({ position: ResultPositionSchema, summary: SummarySchema }),
  session: SavedSessionSchema,
};

function cmdSchema(args: string[]): number {
  const name = args[0] ?? 'scenario';
  const schema = SCHEMAS[name];
  if (!schema) throw new UsageError(`unknown schema '${name}': one of ${Object.keys(SCHEMAS).join(', ')}`);
  const io = name === 'result' || name === 'decision' ? 'output' : 'input';
  out(JSON.stringify({ title: `his-procedures ${name}`, ...z.toJSONSchema(schema, { io, unrepresentable: 'any' }) }, null, 2));
  return 0;
}

function withoutScript(file: string) {
  const data = readJson(readFile(file)) as Record<string, unknown>;
  return parseScenario({ ...data, events: [] });
}

function cmdOdds(args: string[]): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { policy: { type: 'string' }, json: { type: 'boolean' } } });
  if (!positionals[0]) throw new UsageError('odds needs a scenario file');
  const policy = (values.policy ?? 'decline') as PolicyName;
  if (!(policy in POLICIES)) throw new UsageError(`--policy must be one of ${Object.keys(POLICIES).join(', ')}`);
  try {
    const r = explore(withoutScript(positionals[0]), { decisions: policy });
    const pct = (f: Fraction) => `${(toNumber(f) * 100).toFixed(2).padStart(6)} %`;
    if (values.json) {
      out(JSON.stringify({ ok: true, policy, paths: r.paths, total: format(r.totalProbability), marginals: Object.fromEntries(Object.entries(r.marginals).map(([k, f]) => [k, format(f)])), outcomes: r.outcomes.map((o) => ({ probability: format(o.probability), description: o.description, position: o.position })) }, null, 2));
      return 0;
    }
    out(`Policy ${policy}: ${r.paths} dice paths, probabilities add up to ${format(r.totalProbability)}.\n`);
    for (const [k, f] of Object.entries(r.marginals)) out(`${pct(f)}  ${k}  (${format(f)})`);
    out('\nOutcomes (end positions), most likely first:');
    for (const o of r.outcomes) out(`${pct(o.probability)}  ${o.description}`);
    return 0;
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    err(`${e.message}\n`);
    return 2;
  }
}

function cmdExplore(args: string[]): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { 'max-paths': { type: 'string' }, json: { type: 'boolean' } } });
  if (!positionals[0]) throw new UsageError('explore needs a scenario file');
  const maxPaths = values['max-paths'] === undefined ? 100_000 : Number(values['max-paths']);
  if (!Number.isInteger(maxPaths) || maxPaths < 1) throw new UsageError(`--max-paths must be a positive whole number`);
  try {
    const r = explore(withoutScript(positionals[0]), { decisions: 'all', maxPaths });
    const reached = Object.fromEntries((Object.keys(MACHINES) as MachineId[]).map((id) => [id, { reached: r.states[id] ?? [], unreached: Object.keys(MACHINES[id].root.states).filter((s) => !(r.states[id] ?? []).includes(s)) }]));
    if (values.json) {
      out(JSON.stringify({ ok: r.violations.length === 0, paths: r.paths, nodes: r.nodes, truncated: r.truncated, endPositions: r.outcomes.length, violations: r.violations, states: reached }, null, 2));
    } else {
      out(`${r.paths} paths${r.truncated ? ' (stopped at --max-paths)' : ''}, ${r.nodes} nodes, ${r.outcomes.length} distinct end positions.`);
      out(`Invariant violations: ${r.violations.length}`);
      for (const v of r.violations.slice(0, 10)) out(`  after ${v.path.join(' → ')}: ${v.violations.join('; ')}`);
      out('States reached:');
      for (const [id, s] of Object.entries(reached)) out(`  ${id}: ${s.reached.length} of ${s.reached.length + s.unreached.length}${s.unreached.length ? ` (not reached: ${s.unreached.join(', ')})` : ''}`);
    }
    return r.violations.length === 0 ? 0 : 4;
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    err(`${e.message}\n`);
    return 2;
  }
}

function cmdDiagram(args: string[]): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { format: { type: 'string' }, lang: { type: 'string' } } });
  const id = (positionals[0] ?? 'movement') as MachineId;
  if (!(id in MACHINES)) throw new UsageError(`unknown machine '${id}': one of ${Object.keys(MACHINES).join(', ')}`);
  const format = values.format ?? 'mermaid';
  if (format !== 'mermaid' && format !== 'dot') throw new UsageError(`--format must be mermaid or dot, not ${format}`);
  const lang = values.lang ?? 'en';
  if (lang !== 'en' && lang !== 'ru') throw new UsageError(`--lang must be en or ru, not ${lang}`);
  out(diagram(id, MACHINES[id], format, lang));
  return 0;
}

export function main(argv: string[], streams: Io = processIo): number {
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
    if (e instanceof UsageError || (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      err(`his: ${(e as Error).message}\n\n${USAGE}`);
      return 1;
    }
    throw e;
  }
}

/** Runs the command as a process: the real streams and exit code. */
export function runProcess(argv: string[]): void {
  // A reader that closes the pipe early (`his schema | head`) is not an error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  process.exitCode = main(argv);
}

if (process.argv[1]?.endsWith('cli.ts')) runProcess(process.argv.slice(2));
