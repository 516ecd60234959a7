// What every `his` command shares: where it writes, how it reads files, how it checks option values, and how a
// bad file is reported. The only module besides the commands that touches the console or the file system.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { EventSchema } from '../schema/events.ts';
import { parseScenario, readJson, ScenarioError, withRulings } from '../engine/scenario.ts';
import { POLICIES, type PolicyName } from '../engine/resolve.ts';
import type { Lang } from '../text/text.ts';
import {
  isReading,
  isVariantRuling,
  VARIANT_RULINGS,
  type Reading,
  type Rulings,
  type VariantRuling,
} from '../schema/rulings.ts';
import type { ExploreReport } from '../review/explore.ts';

/** A bad command, option or value: one line and exit 1. */
export class UsageError extends Error {}

/** A file that cannot be read: a user's error, exit 2 like a bad scenario. */
export class FileError extends Error {}

/** The problems of a scenario or events file, with the file they are in (exit 2). */
export class InputFileError extends ScenarioError {
  readonly what: 'scenario' | 'events file';
  readonly file: string;

  constructor(what: 'scenario' | 'events file', file: string, issues: ScenarioError['issues']) {
    super(issues);
    this.what = what;
    this.file = file;
    this.name = 'InputFileError';
  }
}

/** Reads a file's content with `read`, naming the file in the problems it has. */
function inFile<T>(what: InputFileError['what'], file: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof ScenarioError && !(e instanceof InputFileError)) throw new InputFileError(what, file, e.issues);
    throw e;
  }
}

/**
 * A scenario file, parsed, with `rulings` (`--ruling`) read over its own: FileError if it cannot be read,
 * InputFileError if it is not a valid scenario (under those readings).
 */
export function readScenario(file: string, rulings: Rulings = {}) {
  const text = readFile(file);
  return inFile('scenario', file, () => withRulings(parseScenario(text), rulings));
}

/** Where the command writes: the process's streams, or a test's buffers. */
export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

export const processIo: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

let io: Io = processIo;

/** Where the next command writes. */
export function useIo(streams: Io): void {
  io = streams;
}

/** Control and bidirectional-override characters from a file never reach the terminal raw: they are escaped. */
export function printable(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function out(text: string): void {
  io.out(printable(text.endsWith('\n') ? text : `${text}\n`));
}

export function err(text: string): void {
  io.err(printable(text.endsWith('\n') ? text : `${text}\n`));
}

export function readFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES'
            ? 'permission denied'
            : (code ?? (e as Error).message);
    throw new FileError(`cannot read ${path}: ${why}`);
  }
}

export function readEvents(path: string): unknown[] {
  const text = readFile(path);
  return inFile('events file', path, () => eventsOf(readJson(text)));
}

function eventsOf(value: unknown): unknown[] {
  const list = Array.isArray(value)
    ? value
    : value !== null && typeof value === 'object' && Object.hasOwn(value, 'events')
      ? (value as { events?: unknown }).events
      : undefined;
  if (!Array.isArray(list))
    throw new ScenarioError([{ path: '', message: 'expected an array of events or {"events": [...]}' }]);
  const issues = list.flatMap((e, i) => {
    const r = EventSchema.safeParse(e);
    return r.success
      ? []
      : r.error.issues.map((x) => ({
          path: `events[${i}]${x.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`,
          message: x.message,
        }));
  });
  if (issues.length > 0) throw new ScenarioError(issues);
  return list;
}

type OptionValue<O> = O extends { multiple: true } ? string[] : O extends { type: 'boolean' } ? boolean : string;

/** Options with a value: a missing value, a value given to a flag (--json=yes) or an unknown option is a usage error. */
export function options<T extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>>(
  args: string[],
  spec: T,
): { values: { [K in keyof T]?: OptionValue<T[K]> }; positionals: string[] } {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, strict: true, options: spec });
  return { values: values as { [K in keyof T]?: OptionValue<T[K]> }, positionals };
}

/** `--ruling ID=READING`, repeatable: the readings read over the scenario's own `rulings` (src/schema/rulings.ts). */
export const RULING_OPTION = { ruling: { type: 'string', multiple: true } } as const;

/**
 * Readings named on the command line, `R11=alternative` each (several may share one argument, comma-separated):
 * an unknown ruling or reading is a usage error naming the allowed ones.
 */
export function rulingsOf(values: readonly string[] | undefined, option = 'ruling'): Rulings {
  const out: Partial<Record<VariantRuling, Reading>> = {};
  for (const item of (values ?? []).flatMap((v) => v.split(','))) {
    const [id = '', value, ...extra] = item.trim().split('=');
    if (value === undefined || extra.length > 0)
      throw new UsageError(`--${option} takes ID=READING (e.g. R11=alternative), not '${item}'`);
    if (!isVariantRuling(id))
      throw new UsageError(
        `--${option}: '${id}' is not a ruling with an alternative reading (one of ${VARIANT_RULINGS.join(', ')})`,
      );
    if (!isReading(value))
      throw new UsageError(`--${option} ${id}: the reading is ruling or alternative, not '${value}'`);
    out[id] = value;
  }
  return out;
}

export function oneFile(positionals: string[], command: string): string {
  if (positionals.length === 0) throw new UsageError(`${command} needs a scenario file`);
  if (positionals.length > 1)
    throw new UsageError(
      `${command} takes one scenario file, not ${positionals.length} (${positionals.slice(1).join(' ')} is extra)`,
    );
  return positionals[0]!;
}

export function wholeNumber(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not '${value}'`);
  return Number(value);
}

export function langOf(value: string | undefined): Lang {
  const lang = value ?? 'en';
  if (lang !== 'en' && lang !== 'ru') throw new UsageError(`--lang must be en or ru, not '${lang}'`);
  return lang;
}

export function policyOf(value: string | undefined): PolicyName {
  const policy = value ?? 'decline';
  if (!Object.hasOwn(POLICIES, policy))
    throw new UsageError(`--policy must be one of ${Object.keys(POLICIES).join(', ')}, not '${policy}'`);
  return policy as PolicyName;
}

/** A bad scenario or events file: every problem on stderr (or as JSON), exit 2. */
export function badInput(e: ScenarioError | FileError, json: boolean): number {
  const issues = e instanceof ScenarioError ? e.issues : [{ path: '', message: e.message }];
  const code = e instanceof ScenarioError ? 'invalid-scenario' : 'unreadable-file';
  if (json)
    out(
      JSON.stringify(
        {
          ok: false,
          error: {
            code,
            message: issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; '),
            issues,
            path: issues[0]?.path ?? '',
          },
        },
        null,
        2,
      ),
    );
  else err(e instanceof ScenarioError ? problems(e) : `his: ${e.message}`);
  return 2;
}

/** One problem on one line; several under one heading, one per line. */
function problems(e: ScenarioError): string {
  const what = e instanceof InputFileError ? `invalid ${e.what} ${e.file}` : 'invalid scenario';
  const lines = e.issues.map((i) => `${i.path || '(root)'}: ${i.message.replace(/\s*\n\s*/g, ' ')}`);
  if (lines.length === 1) return `his: ${what}: ${lines[0]}`;
  return `his: ${what} (${lines.length} problems):\n${lines.map((l) => `  ${l}`).join('\n')}`;
}

export function withoutScript(file: string, rulings: Rulings = {}) {
  const text = readFile(file);
  return inFile('scenario', file, () => {
    const data = readJson(text);
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return parseScenario(data);
    return withRulings(parseScenario({ ...(data as Record<string, unknown>), events: [] }), rulings);
  });
}

export const BOUNDS = { 'max-nodes': { type: 'string' }, 'max-ms': { type: 'string' } } as const;

export function bounds(values: { 'max-nodes'?: string | undefined; 'max-ms'?: string | undefined }) {
  return {
    maxNodes: wholeNumber('max-nodes', values['max-nodes'], 1, 10_000_000, 200_000),
    ...(values['max-ms'] !== undefined ? { maxMs: wholeNumber('max-ms', values['max-ms'], 1, 86_400_000, 0) } : {}),
  };
}

export function truncation(r: ExploreReport): string {
  if (!r.truncated) return '';
  const by = { maxPaths: '--max-paths', maxNodes: '--max-nodes', maxMs: '--max-ms' }[r.truncatedBy ?? 'maxNodes'];
  return ` — STOPPED EARLY at ${by}: the figures below cover only what was explored`;
}
