// The summary as a host reads it: the machines record an interception's or avoid-battle roll's modifiers as terms
// (src/rules/dice.ts, no words); here each gets its `modifiers` entry, worded from the same terms.
import type { World } from '../rules/world.ts';
import type { RecordedSummary, Summary } from '../schema/result.ts';
import { modifiersOf } from '../text/modifiers.ts';

/**
 * Worded once per recorded summary: a state's summary is frozen and shared by the forks of its session, so the
 * session hands out the same object for the same state (as it did before the terms). A summary belongs to one
 * scenario, whose leaders name its terms.
 */
const worded = new WeakMap<RecordedSummary, Summary>();

export function wordedSummary(world: Pick<World, 'leaders'>, summary: RecordedSummary): Summary {
  let out = worded.get(summary);
  if (!out) worded.set(summary, (out = wording(world, summary)));
  return out;
}

function wording(world: Pick<World, 'leaders'>, summary: RecordedSummary): Summary {
  return {
    ...summary,
    interceptions: summary.interceptions.map((entry) => wordedEntry(world, entry, interceptionWords)),
    avoids: summary.avoids.map((entry) => wordedEntry(world, entry, avoidWords)),
  };
}

/**
 * Each entry worded once: a step's summary is a new object, but the entries it keeps from the one before are the
 * same objects (a summary is only appended to), so they are not worded again at every state of a move.
 */
const wordedEntries = new WeakMap<object, object>();

function wordedEntry<E extends object, W>(
  world: Pick<World, 'leaders'>,
  entry: E,
  words: (w: Pick<World, 'leaders'>, e: E) => W,
): W {
  let out = wordedEntries.get(entry) as W | undefined;
  if (!out) wordedEntries.set(entry, (out = words(world, entry)) as object);
  return out;
}

// `modifiers` where the schema lists it, before `terms`, so that a result reads in the schema's order.
const interceptionWords = (
  world: Pick<World, 'leaders'>,
  { power, from, units, dice, ...rest }: RecordedSummary['interceptions'][number],
) => ({ power, from, units, dice, modifiers: modifiersOf(world, rest.terms), ...rest });

const avoidWords = (
  world: Pick<World, 'leaders'>,
  { power, from, to, units, dice, ...rest }: RecordedSummary['avoids'][number],
) => ({ power, from, to, units, dice, modifiers: modifiersOf(world, rest.terms), ...rest });
