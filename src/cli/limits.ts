// The bounds of `his odds` and `his explore` (--max-paths, --max-nodes, --max-ms), and what a run that one of them
// stopped says about itself: which limit stopped it, how much was explored, what to raise — and never a table of
// chances that only looks like an answer. An exploration keeps a path's outcome once the state it branched from is
// finished, so a run stopped early may keep none at all (src/review/explore.ts); one split between workers keeps
// the parts that finished.
import type { ExploreReport } from '../review/explore.ts';
import { format } from '../review/fraction.ts';
import { wholeNumber } from './common.ts';

export const BOUNDS = {
  'max-paths': { type: 'string' },
  'max-nodes': { type: 'string' },
  'max-ms': { type: 'string' },
} as const;

/** Each bound: its option, its range and its default (--max-ms has none: no deadline). */
const LIMITS = {
  maxPaths: { option: '--max-paths', max: 100_000_000, fallback: 1_000_000 },
  maxNodes: { option: '--max-nodes', max: 10_000_000, fallback: 200_000 },
  maxMs: { option: '--max-ms', max: 86_400_000, fallback: undefined },
} as const;

export interface Limits {
  readonly maxPaths: number;
  readonly maxNodes: number;
  readonly maxMs?: number;
}

export function bounds(values: {
  'max-paths'?: string | undefined;
  'max-nodes'?: string | undefined;
  'max-ms'?: string | undefined;
}): Limits {
  return {
    maxPaths: wholeNumber('max-paths', values['max-paths'], 1, LIMITS.maxPaths.max, LIMITS.maxPaths.fallback),
    maxNodes: wholeNumber('max-nodes', values['max-nodes'], 1, LIMITS.maxNodes.max, LIMITS.maxNodes.fallback),
    ...(values['max-ms'] !== undefined
      ? { maxMs: wholeNumber('max-ms', values['max-ms'], 1, LIMITS.maxMs.max, 0) }
      : {}),
  };
}

/** The limit that stopped a run, as JSON adds it: `{option, value}` (e.g. `{option: '--max-nodes', value: 20}`). */
export function stoppedAt(r: ExploreReport, limits: Limits): { option: string; value: number } | undefined {
  if (!r.truncatedBy) return undefined;
  return { option: LIMITS[r.truncatedBy].option, value: limits[r.truncatedBy] ?? 0 };
}

/** Whether a stopped run kept no outcome at all: then it has no chance, end position or match to show. */
export function keptNothing(r: ExploreReport): boolean {
  return r.truncated && r.outcomes.length === 0;
}

/**
 * What a stopped run says first, or undefined for a finished one. `subject` names what is missing when nothing was
 * kept ("no probabilities and no outcomes"); `context` (how it explored, how long) goes after the limit.
 */
export function stoppedEarly(r: ExploreReport, limits: Limits, subject: string, context?: string): string | undefined {
  const at = stoppedAt(r, limits);
  if (!at) return undefined;
  const range = LIMITS[r.truncatedBy!];
  const given = limits[r.truncatedBy!] !== range.fallback;
  const raise = `raise ${at.option} (${given ? `now ${at.value}` : `${at.value} by default`}; at most ${range.max})`;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const head = `STOPPED EARLY by ${at.option} ${at.value}${context ? ` (${context})` : ''}, after expanding ${plural(r.distinctStates, 'distinct state')} and reaching the end of ${plural(r.paths, 'path')}`;
  if (keptNothing(r))
    return `${head}. An exploration keeps its outcomes only when it (or a worker's part of it) finishes, and none did: ${subject} to report. To get them, ${raise}.`;
  const sum =
    r.answers === 'policy'
      ? `their chances add up to ${format(r.totalProbability)}, not 1`
      : `their dice weight adds up to ${format(r.totalProbability)}`;
  return `${head}. Only some of its parts finished: what follows covers only those (${sum}). For the whole of it, ${raise}.`;
}
