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
    // `modifiers` where the schema lists it, before `terms`, so that a result reads in the schema's order.
    interceptions: summary.interceptions.map(({ power, from, units, dice, ...rest }) => ({
      power,
      from,
      units,
      dice,
      modifiers: modifiersOf(world, rest.terms),
      ...rest,
    })),
    avoids: summary.avoids.map(({ power, from, to, units, dice, ...rest }) => ({
      power,
      from,
      to,
      units,
      dice,
      modifiers: modifiersOf(world, rest.terms),
      ...rest,
    })),
  };
}
