// 21.6 Schmalkaldic League, ruling R34: what the restrictions before the League read. A scenario that states
// `"schmalkaldicLeague": false` holds the Protestant's units in place (no move, interception or avoid battle) and
// keeps every other power's units out of the electorates (no move, interception, avoid battle, retreat or 13.4
// option 1 into one); without the statement the League has formed and nothing here applies. The restrictions
// themselves are in the rules module of each procedure (movement, interception, avoid battle, retreat).
import type { Power } from '../schema/power.ts';
import { majorOf } from './relations.ts';
import { restrictionsOn, type Restriction } from './verdict.ts';
import type { World } from './world.ts';

/** Ruling R34: the scenario states that the League has not formed. */
export function isBeforeLeague(world: Pick<World, 'schmalkaldicLeague'>): boolean {
  return world.schmalkaldicLeague === false;
}

/** 21.6: the electorates are the board's spaces of type `electorate` (2.1: hexagons, six in Germany). */
export function isElectorate(world: Pick<World, 'board'>, space: string): boolean {
  return world.board.spaces.get(space)?.type === 'electorate';
}

/** Whether `power` is the Protestant or an active minor it decides for (22.3, ruling R10). */
function isProtestantGroup(world: Pick<World, 'position'>, power: Power): boolean {
  return (majorOf(world.position, power) ?? power) === 'protestant';
}

/** 21.6, ruling R34: before the League the Protestant's units may not move, intercept or avoid battle. */
export function isHeldBeforeLeague(world: Pick<World, 'schmalkaldicLeague' | 'position'>, power: Power): boolean {
  return isBeforeLeague(world) && isProtestantGroup(world, power);
}

/** 21.6, ruling R34: before the League no unit of another power than the Protestant may go into an electorate. */
export function isElectorateClosedTo(world: World, power: Power, space: string): boolean {
  return isBeforeLeague(world) && isElectorate(world, space) && !isProtestantGroup(world, power);
}

/** Who is held (21.6: the Protestant's units do not move, intercept or avoid battle). */
export type HeldFacts = { readonly power: Power };
/** Who may not go where (21.6: no other power's units into an electorate). */
export type ElectorateFacts = { readonly power: Power; readonly to: string };

/** The restriction that holds the Protestant's units in one procedure; `pick` names the power that acts. */
export function heldBeforeLeagueRestriction<A, const N extends string>(
  name: N,
  pick: (args: A) => Power,
): Restriction<A, HeldFacts, N> {
  return restrictionsOn<A>()({
    name,
    rule: '21.6',
    ruling: 'R34',
    statements: ['MOV-32'],
    holds: (world, args) => !isHeldBeforeLeague(world, pick(args)),
    facts: (_w, args) => ({ power: pick(args) }),
  });
}

/** The restriction that keeps other powers out of the electorates in one procedure; `pick` names who goes where. */
export function electorateRestriction<A, const N extends string>(
  name: N,
  pick: (args: A) => ElectorateFacts,
): Restriction<A, ElectorateFacts, N> {
  return restrictionsOn<A>()({
    name,
    rule: '21.6',
    ruling: 'R34',
    statements: ['MOV-31'],
    holds: (world, args) => {
      const { power, to } = pick(args);
      return !isElectorateClosedTo(world, power, to);
    },
    facts: (_w, args) => {
      const { power, to } = pick(args);
      return { power, to };
    },
  });
}
