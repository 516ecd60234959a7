// Ruling R16: within a major power and its active minor allies (one group, 22.3, ruling R10), the major chooses
// which power's units are moved, lost, kept, go inside or avoid. An event may split its counts per power
// (`byPower`); the split must add up to the counts and name only powers of the deciding group.
import type { Power } from '../schema/power.ts';
import { LAND_UNIT_TYPES, type LandUnitType, type Units } from '../schema/units.ts';
import type { RuleRef } from './registry.ts';
import { majorOf } from './relations.ts';
import { byPowerMismatch } from './stacks.ts';
import { restrictionsOn, type Restriction } from './verdict.ts';
import type { World } from './world.ts';

/** Why a split is refused: it names powers outside the group, or its counts of one unit type do not add up. */
export type ByPowerFacts =
  | { readonly kind: 'strangers'; readonly power: Power; readonly others: readonly Power[] }
  | { readonly kind: 'sum'; readonly type: LandUnitType; readonly named: number; readonly split: number };

/** Builds the R16 restriction for one kind of answer: `pick` gives the units it names and the deciding major. */
export function byPowerRestriction<A, const N extends string>(
  name: N,
  rule: RuleRef,
  pick: (args: A) => { readonly units: Units; readonly power: Power },
): Restriction<A, ByPowerFacts, N> {
  const strangers = (world: World, args: A) => {
    const { units, power } = pick(args);
    const group = majorOf(world.position, power) ?? power;
    const named = Object.keys(units.byPower ?? {}) as Power[];
    return named.filter((p) => (majorOf(world.position, p) ?? p) !== group);
  };
  return restrictionsOn<A>()({
    name,
    rule,
    ruling: 'R16',
    statements: [],
    holds: (world, args) => byPowerMismatch(pick(args).units) === undefined && strangers(world, args).length === 0,
    facts: (world, args): ByPowerFacts => {
      const { units, power } = pick(args);
      const others = strangers(world, args);
      if (others.length > 0) return { kind: 'strangers', power, others };
      const type = byPowerMismatch(units) ?? LAND_UNIT_TYPES[0];
      const split = Object.values(units.byPower ?? {}).reduce((n, c) => n + (c?.[type] ?? 0), 0);
      return { kind: 'sum', type, named: units[type], split };
    },
  });
}
