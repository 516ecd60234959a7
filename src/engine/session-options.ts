// The options a session starts with, checked before anything runs: a seed out of range, an unknown language or an
// inspector that is not one is refused with SessionOptionsError.
import type { Lang } from '../text/text.ts';
import { isInspector, type Inspector } from './observers.ts';

export interface SessionOptions {
  /** Seed of the dice the session rolls itself: a whole number from 0 to MAX_SEED (default 1). */
  readonly seed?: number;
  /** Language of error messages (reasons always come in both). */
  readonly lang?: Lang;
  /**
   * An XState inspector (`createWebSocketInspector(...)` of @statelyai/inspect, or a function of each inspection
   * event): it sees every step of the movement machine and of every procedure it invokes, with the events and
   * snapshots a live actor system would report (src/engine/tree.ts); a fork has none.
   */
  readonly inspect?: Inspector;
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

export function checkedOptions(options: SessionOptions): {
  seed: number;
  lang: Lang;
  inspect: Inspector | undefined;
} {
  const seed = options.seed ?? 1;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new SessionOptionsError('seed', `seed must be a whole number from 0 to ${MAX_SEED}, not ${String(seed)}`);
  const lang = options.lang ?? 'en';
  if (lang !== 'en' && lang !== 'ru')
    throw new SessionOptionsError('lang', `lang must be 'en' or 'ru', not ${String(lang)}`);
  const inspect = options.inspect;
  if (inspect !== undefined && !isInspector(inspect))
    throw new SessionOptionsError('inspect', 'inspect must be a function or an observer with a next method');
  return { seed, lang, inspect };
}
