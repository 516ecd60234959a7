// Ruling R16: within a major power and its active minor allies (one group, 22.3, ruling R10), the major chooses
// which power's units are moved, lost, kept, go inside or avoid. An event may split its counts per power
// (`byPower`); the split must add up to the counts and name only powers of the deciding group.
import type { Power } from '../schema/power.ts';
import { LAND_UNIT_TYPES, type Units } from '../schema/units.ts';
import { powerGen, powerName, unitTypeCount } from './names.ts';
import type { RuleRef } from './registry.ts';
import { majorOf } from './relations.ts';
import { byPowerMismatch } from './stacks.ts';
import { joinText, text } from './text.ts';
import { restriction, type Restriction } from './verdict.ts';
import type { World } from './world.ts';

/** Builds the R16 restriction for one kind of answer: `pick` gives the units it names and the deciding major. */
export function byPowerRestriction<A>(name: string, rule: RuleRef, pick: (args: A) => { readonly units: Units; readonly power: Power }): Restriction<A> {
  const strangers = (world: World, args: A) => {
    const { units, power } = pick(args);
    const group = majorOf(world.position, power) ?? power;
    return Object.keys(units.byPower ?? {}).filter((p) => (majorOf(world.position, p as Power) ?? p) !== group) as Power[];
  };
  return restriction<A>({
    name,
    rule,
    ruling: 'R16',
    statements: [],
    holds: (world, args) => byPowerMismatch(pick(args).units) === undefined && strangers(world, args).length === 0,
    reason: (world, args) => {
      const { units, power } = pick(args);
      const others = strangers(world, args);
      if (others.length > 0) {
        const o = joinText(others.map(powerName), ', '), p = powerName(power);
        return text(`byPower names ${o.en}, not part of ${p.en}'s group (the major power and its active minor allies).`, `В byPower указаны ${o.ru} — не из группы ${powerGen(power).ru} (великая держава и её активные второстепенные союзники).`);
      }
      const type = byPowerMismatch(units) ?? LAND_UNIT_TYPES[0];
      const split = Object.values(units.byPower ?? {}).reduce((n, c) => n + (c?.[type] ?? 0), 0);
      const want = unitTypeCount(type, units[type]), got = unitTypeCount(type, split);
      return text(`The per-power counts (byPower) add up to ${got.en}, but the answer names ${want.en}.`, `Разбивка по державам (byPower) даёт в сумме ${got.ru}, а в ответе указано ${want.ru}.`);
    },
  });
}
