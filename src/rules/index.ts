// Every named restriction of the rules layer, for the statement coverage (docs/coverage.md), for reviewers, and —
// as types — for src/text, which must word every one of them (RestrictionCode, FactsOf).
import type * as avoidBattle from './avoid-battle.ts';
import { AVOID_RESTRICTIONS } from './avoid-battle.ts';
import type * as casualties from './casualties.ts';
import { CASUALTY_RESTRICTIONS } from './casualties.ts';
import type * as formation from './formation.ts';
import { isOneMajorPower, isWithinCommandLimit } from './formation.ts';
import type * as interception from './interception.ts';
import { INTERCEPTION_RESTRICTIONS } from './interception.ts';
import type * as movement from './movement.ts';
import { MOVE_RESTRICTIONS } from './movement.ts';
import type * as retreat from './retreat.ts';
import { namesLegalDestination, RETREAT_DESTINATION_RESTRICTIONS, RETREAT_RESTRICTIONS } from './retreat.ts';
import type { Facts, Restriction } from './verdict.ts';
import type * as withdrawal from './withdrawal.ts';
import { hasCpToContinue, isWithdrawalDecider, WITHDRAWAL_CONDITIONS } from './withdrawal.ts';

type AnyRestriction = Restriction<never>;
type List = readonly AnyRestriction[];

/** The restrictions of each procedure, as the machines and the session apply them. */
export const RESTRICTIONS_BY_PROCEDURE: Readonly<Record<string, readonly AnyRestriction[]>> = {
  formation: [isWithinCommandLimit, isOneMajorPower] as List,
  movement: MOVE_RESTRICTIONS as List,
  interception: INTERCEPTION_RESTRICTIONS as List,
  avoidBattle: AVOID_RESTRICTIONS as List,
  withdrawal: [...WITHDRAWAL_CONDITIONS, isWithdrawalDecider, hasCpToContinue] as List,
  casualties: CASUALTY_RESTRICTIONS as List,
  retreat: [...RETREAT_RESTRICTIONS, namesLegalDestination, ...RETREAT_DESTINATION_RESTRICTIONS] as List,
};

export const ALL_RESTRICTIONS: readonly AnyRestriction[] = [
  ...new Set(Object.values(RESTRICTIONS_BY_PROCEDURE).flat()),
];

/** The restrictions a rules module exports, each with its own name and facts. */
export type RestrictionsIn<M> = Extract<M[keyof M], Restriction<never, Facts, string>>;

/** Every restriction of the rules layer, by type: the exports of the files that define them. */
export type NamedRestriction =
  | RestrictionsIn<typeof avoidBattle>
  | RestrictionsIn<typeof casualties>
  | RestrictionsIn<typeof formation>
  | RestrictionsIn<typeof interception>
  | RestrictionsIn<typeof movement>
  | RestrictionsIn<typeof retreat>
  | RestrictionsIn<typeof withdrawal>;

/** A refusal's `code`: the name of a restriction. */
export type RestrictionCode = NamedRestriction['name'];

/** The facts a restriction's refusals carry. */
export type RestrictionFacts<R> = R extends Restriction<never, infer F, string> ? F : never;

/** The facts a refusal with this code carries (a union where restrictions share a name, e.g. isWithinCommandLimit). */
export type FactsOf<C extends RestrictionCode> = RestrictionFacts<Extract<NamedRestriction, { readonly name: C }>>;
