// The destination restrictions that avoid battle (13.3), retreat (14.1) and a broken siege (15.3) share: adjacent,
// a land space, not independent nor another non-allied power's, not in unrest (12.4), free of enemy land units
// (ruling R2). Over a pass is allowed (2.5).
import { connection } from '../data/board.ts';
import type { Power } from '../schema/power.ts';
import { landUnitCount } from '../schema/units.ts';
import { capitalize, inSpace, powerGen, powerName, powerWith, ruAgree, spaceName } from './names.ts';
import type { RuleRef } from './registry.ts';
import { areAtWar, controllerOf, isFriendly } from './relations.ts';
import { stacksWhere } from './stacks.ts';
import { text } from './text.ts';
import { restriction, type Restriction } from './verdict.ts';

export interface DestinationArgs {
  /** The power whose units go (the avoiding or retreating major power). */
  readonly power: Power;
  /** The space they leave. */
  readonly from: string;
  readonly to: string;
}

type Ids = { land?: string[]; adjacent?: string[]; independent?: string[]; controlled?: string[]; unrest?: string[]; enemy?: string[] };

/** Builds the shared destination restrictions, each citing `rule` and the §7 statements given. */
export function destinationRestrictions<A extends DestinationArgs>(rule: RuleRef, prefix: string, ids: Ids): Restriction<A>[] {
  return [
    restriction<A>({
      name: `is${prefix}DestinationLandSpace`,
      rule,
      statements: ids.land ?? [],
      holds: (world, { to }) => world.board.spaces.has(to),
      reason: (world, { to }) =>
        world.board.seaZones.has(to)
          ? text(`${to} is a sea zone: land units may not go into a sea zone.`, `${to} — морская зона: сухопутные части не могут уходить в морскую зону.`)
          : text(`There is no land space '${to}' on this board.`, `На этой карте нет сухопутной области «${to}».`),
    }),
    restriction<A>({
      name: `is${prefix}DestinationAdjacent`,
      rule,
      statements: ids.adjacent ?? [],
      holds: (world, { from, to }) => connection(world.board, from, to) !== undefined,
      reason: (world, { from, to }) => {
        const f = spaceName(world, from), t = spaceName(world, to);
        return text(`${t.en} is not adjacent to ${f.en}.`, from === to ? `${t.ru} — та же область, которую нужно покинуть.` : `${t.ru} и ${f.ru} не прилегают друг к другу.`);
      },
    }),
    restriction<A>({
      name: `is${prefix}DestinationNotIndependent`,
      rule,
      statements: ids.independent ?? [],
      holds: (world, { to }) => controllerOf(world, to) !== 'independent',
      reason: (world, { to }) => {
        const t = spaceName(world, to);
        return text(`${t.en} is an independent space.`, `${t.ru} — независимая область.`);
      },
    }),
    restriction<A>({
      name: `is${prefix}DestinationFriendly`,
      rule,
      statements: ids.controlled ?? [],
      holds: (world, { power, to }) => {
        const c = controllerOf(world, to);
        return c === 'independent' || isFriendly(world.position, power, c);
      },
      reason: (world, { power, to }) => {
        const controller = controllerOf(world, to);
        const t = spaceName(world, to), c = powerName(controller), p = powerName(power);
        const which = ruAgree(controller, 'которые не состоят', 'которая не состоит', 'которое не состоит');
        return text(`${t.en} is controlled by ${c.en}, who is not an ally of ${p.en}.`, `${t.ru} под контролем ${powerGen(controller).ru}, ${which} в союзе с ${powerWith(power).ru}.`);
      },
    }),
    restriction<A>({
      name: `is${prefix}DestinationNotInUnrest`,
      rule,
      statements: ids.unrest ?? [],
      holds: (world, { to }) => !world.position.unrest.includes(to),
      reason: (world, { to }) => {
        const t = spaceName(world, to);
        return text(`${t.en} is in unrest (12.4).`, `${capitalize(inSpace(world, to).ru)} беспорядки (12.4).`);
      },
    }),
    restriction<A>({
      name: `is${prefix}DestinationFreeOfEnemy`,
      rule,
      ruling: 'R2',
      statements: ids.enemy ?? [],
      holds: (world, { power, to }) =>
        !stacksWhere(world.position, { space: to }).some((s) => landUnitCount(s) > 0 && areAtWar(world.position, power, s.power)),
      reason: (world, { to }) => {
        const t = spaceName(world, to);
        return text(`${t.en} contains enemy land units.`, `${capitalize(inSpace(world, to).ru)} стоят вражеские сухопутные части.`);
      },
    }),
  ];
}
