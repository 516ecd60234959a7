// The options a session starts with, checked before anything runs: a seed out of range, an unknown language or an
// inspector that is not one is refused with SessionOptionsError.
import { z } from 'zod';
import type { Lang } from '../text/text.ts';
import { isInspector, type Inspector } from './observers.ts';

export interface SessionOptions {
  /** Seed of the dice the session rolls itself: a whole number from 0 to MAX_SEED (default 1). */
  readonly seed?: number | undefined;
  /** Language of error messages (reasons always come in both). */
  readonly lang?: Lang | undefined;
  /**
   * An XState inspector (`createWebSocketInspector(...)` of @statelyai/inspect, or a function of each inspection
   * event): it sees every step of the movement machine and of every procedure it invokes, with the events and
   * snapshots a live actor system would report (src/engine/tree.ts); a fork has none.
   */
  readonly inspect?: Inspector | undefined;
}

/** The largest seed: seeds are 32-bit (the generator's state), so every seed in range plays a different game. */
export const MAX_SEED = 0xffff_ffff;

/** Options a session cannot start with: a seed out of range, an unknown language, an inspector that is not one. */
export class SessionOptionsError extends Error {
  readonly option: string;

  constructor(option: string, message: string) {
    super(message);
    this.option = option;
    this.name = 'SessionOptionsError';
  }
}

/** A value as an error message shows it, without calling anything of it (a hostile object cannot throw here). */
export function shownValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'string':
      return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return 'an object';
  }
}

/**
 * Reads a host's options object against its schema (strict: an unknown option is refused, a typo does not pass
 * silently). Anything wrong — not an object, a getter that throws, a value out of range, nesting of any depth — is
 * refused through `fail(option, message)`, never a TypeError or a RangeError. The options are read once: what the
 * schema accepted is what the call uses.
 */
export function readOptions<T extends object>(
  schema: z.ZodType<T>,
  options: unknown,
  fail: (option: string, message: string) => Error,
): T {
  if (options === undefined) options = {};
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw fail('options', `the options must be an object, not ${shownValue(options)}`);
  const copy: Record<string, unknown> = {};
  try {
    for (const key of Object.keys(options)) copy[key] = (options as Record<string, unknown>)[key];
  } catch (e) {
    throw fail('options', `the options could not be read: ${e instanceof Error ? e.message : 'a getter threw'}`);
  }
  const parsed = schema.safeParse(copy);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const option = String(issue.path[0] ?? 'options');
  if (issue.code === 'unrecognized_keys') {
    const accepted = schema instanceof z.ZodObject ? Object.keys(schema.shape).join(', ') : '';
    throw fail(issue.keys[0] ?? option, `unknown option '${issue.keys[0]}' (accepted: ${accepted})`);
  }
  throw fail(option, `${issue.message}, not ${shownValue(copy[option])}`);
}

/** readOptions for the library's own calls: a bad option is a SessionOptionsError naming it. */
export function optionsOf<T extends object>(schema: z.ZodType<T>, options: unknown): T {
  return readOptions(schema, options, (option, message) => new SessionOptionsError(option, message));
}

export const SeedSchema = z
  .number({ error: `seed must be a whole number from 0 to ${MAX_SEED}` })
  .int({ error: `seed must be a whole number from 0 to ${MAX_SEED}` })
  .min(0, { error: `seed must be a whole number from 0 to ${MAX_SEED}` })
  .max(MAX_SEED, { error: `seed must be a whole number from 0 to ${MAX_SEED}` });

export const LangSchema = z.enum(['en', 'ru'], { error: "lang must be 'en' or 'ru'" });

export const InspectorSchema = z.custom<Inspector>((v) => isInspector(v), {
  error: 'inspect must be a function or an observer with a next method',
});

export const SessionOptionsSchema = z
  .object({ seed: SeedSchema.optional(), lang: LangSchema.optional(), inspect: InspectorSchema.optional() })
  .strict();

export function checkedOptions(options: unknown): {
  seed: number;
  lang: Lang;
  inspect: Inspector | undefined;
} {
  const o = optionsOf(SessionOptionsSchema, options);
  return { seed: o.seed ?? 1, lang: o.lang ?? 'en', inspect: o.inspect };
}
