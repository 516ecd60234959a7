// The destination restrictions that avoid battle (13.3), retreat (14.1) and a broken siege (15.3) share: adjacent,
// a land space, not independent nor another non-allied power's, not in unrest (12.4), free of enemy land units
// (ruling R2), and before the Schmalkaldic League not an electorate (21.6, ruling R34). Over a pass is allowed (2.5).
import { connection } from '../data/board.ts';
import type { Power } from '../schema/power.ts';
import { landUnitCount } from '../schema/units.ts';
import { electorateRestriction, type ElectorateFacts } from './league.ts';
import type { RuleRef } from './registry.ts';
import { areAtWar, controllerOf, isFriendly } from './relations.ts';
import { stacksWhere } from './stacks.ts';
import { restrictionsOn, type Refusal, type Restriction, type Verdict } from './verdict.ts';
import type { World } from './world.ts';

export interface DestinationArgs {
  /** The power whose units go (the avoiding or retreating major power). */
  readonly power: Power;
  /** The space they leave. */
  readonly from: string;
  readonly to: string;
}

type Ids = {
  land?: string[];
  adjacent?: string[];
  independent?: string[];
  controlled?: string[];
  unrest?: string[];
  enemy?: string[];
  electorate?: string[];
};

/** The destination named: a sea zone, or an id the board does not have. */
export type LandSpaceFacts = { readonly to: string; readonly seaZone: boolean };
export type AdjacentFacts = { readonly from: string; readonly to: string };
export type DestinationFacts = { readonly to: string };
export type ControlledFacts = { readonly power: Power; readonly to: string; readonly controller: Power };

/** The shared destination restrictions of one procedure, named after it (`isAvoidDestinationAdjacent`, ...). */
export type DestinationRestrictions<A, P extends string> = readonly [
  Restriction<A, LandSpaceFacts, `is${P}DestinationLandSpace`>,
  Restriction<A, AdjacentFacts, `is${P}DestinationAdjacent`>,
  Restriction<A, DestinationFacts, `is${P}DestinationNotIndependent`>,
  Restriction<A, ControlledFacts, `is${P}DestinationFriendly`>,
  Restriction<A, DestinationFacts, `is${P}DestinationNotInUnrest`>,
  Restriction<A, DestinationFacts, `is${P}DestinationFreeOfEnemy`>,
  Restriction<A, ElectorateFacts, `is${P}DestinationNotElectorate`>,
];

/** Builds the shared destination restrictions, each citing `rule` and the §7 statements given. */
export function destinationRestrictions<A extends DestinationArgs, P extends string>(
  rule: RuleRef,
  prefix: P,
  ids: Ids,
): DestinationRestrictions<A, P> {
  const restriction = restrictionsOn<A>();
  return [
    restriction({
      name: `is${prefix}DestinationLandSpace`,
      rule,
      statements: ids.land ?? [],
      holds: (world, { to }) => world.board.spaces.has(to),
      facts: (world, { to }) => ({ to, seaZone: world.board.seaZones.has(to) }),
    }),
    restriction({
      name: `is${prefix}DestinationAdjacent`,
      rule,
      statements: ids.adjacent ?? [],
      holds: (world, { from, to }) => connection(world.board, from, to) !== undefined,
      facts: (_w, { from, to }) => ({ from, to }),
    }),
    restriction({
      name: `is${prefix}DestinationNotIndependent`,
      rule,
      statements: ids.independent ?? [],
      holds: (world, { to }) => controllerOf(world, to) !== 'independent',
      facts: (_w, { to }) => ({ to }),
    }),
    restriction({
      name: `is${prefix}DestinationFriendly`,
      rule,
      statements: ids.controlled ?? [],
      holds: (world, { power, to }) => {
        const c = controllerOf(world, to);
        return c === 'independent' || isFriendly(world.position, power, c);
      },
      facts: (world, { power, to }) => ({ power, to, controller: controllerOf(world, to) }),
    }),
    restriction({
      name: `is${prefix}DestinationNotInUnrest`,
      rule,
      statements: ids.unrest ?? [],
      holds: (world, { to }) => !world.position.unrest.includes(to),
      facts: (_w, { to }) => ({ to }),
    }),
    restriction({
      name: `is${prefix}DestinationFreeOfEnemy`,
      rule,
      ruling: 'R2',
      statements: ids.enemy ?? [],
      holds: (world, { power, to }) =>
        !stacksWhere(world.position, { space: to }).some(
          (s) => landUnitCount(s) > 0 && areAtWar(world.position, power, s.power),
        ),
      facts: (_w, { to }) => ({ to }),
    }),
    // 21.6, ruling R34: its own rule, whichever procedure it restricts.
    {
      ...electorateRestriction(`is${prefix}DestinationNotElectorate`, (a: A) => ({ power: a.power, to: a.to })),
      statements: ids.electorate ?? [],
    },
  ];
}

/** The neighbours of a space a piece may go to, and each other neighbour with the restriction that refuses it. */
export interface Destinations {
  readonly to: string[];
  readonly blocked: { readonly to: string; readonly refusal: Refusal }[];
}

/** Sorts the neighbours of `from` by the verdict on each (avoid battle 13.3, retreat 14.1, moving on 13.4). */
export function destinationsFrom(world: World, from: string, judge: (to: string) => Verdict): Destinations {
  const to: string[] = [];
  const blocked: { to: string; refusal: Refusal }[] = [];
  for (const n of world.board.spaces.get(from)?.neighbours ?? []) {
    const v = judge(n);
    if (v.ok) to.push(n);
    else blocked.push({ to: n, refusal: v });
  }
  return { to, blocked };
}
