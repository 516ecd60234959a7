// Every named restriction of the rules layer, for the statement coverage (docs/coverage.md) and for reviewers.
import { AVOID_RESTRICTIONS } from './avoid-battle.ts';
import { CASUALTY_RESTRICTIONS } from './casualties.ts';
import { isOneMajorPower, isWithinCommandLimit } from './formation.ts';
import { INTERCEPTION_RESTRICTIONS } from './interception.ts';
import { MOVE_RESTRICTIONS } from './movement.ts';
import { namesLegalDestination, RETREAT_DESTINATION_RESTRICTIONS, RETREAT_RESTRICTIONS } from './retreat.ts';
import type { Restriction } from './verdict.ts';
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

export const ALL_RESTRICTIONS: readonly AnyRestriction[] = [...new Set(Object.values(RESTRICTIONS_BY_PROCEDURE).flat())];
