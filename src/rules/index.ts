// Every named restriction of the rules layer, for the statement coverage (docs/coverage.md), for reviewers, and —
// as types — for src/text, which must word every one of them (RestrictionCode, FactsOf). One list of rules modules
// gives both: a module with restrictions is one line here, under an id; src/text/reasons/index.ts words each module
// under the same id (REASONS_BY_MODULE, typed by RuleModuleId), so a module whose reasons are written but which is
// left out here does not compile, nor one listed here without its reasons; test/rules/modules.test.ts fails when a
// module is left out of both, or a restriction out of its module's RESTRICTIONS.
import * as avoidBattle from './avoid-battle.ts';
import * as battleCards from './battle-cards.ts';
import * as cards from './cards.ts';
import * as casualties from './casualties.ts';
import * as combatCards from './combat-cards.ts';
import * as formation from './formation.ts';
import * as interception from './interception.ts';
import * as movement from './movement.ts';
import * as relief from './relief.ts';
import * as retreat from './retreat.ts';
import * as rollsCards from './rolls-cards.ts';
import type { Facts, Restriction } from './verdict.ts';
import * as withdrawal from './withdrawal.ts';

/** The rules modules that define restrictions, by id; each exports them as `RESTRICTIONS`, in the order checked. */
export const RULES_BY_MODULE = {
  formation,
  movement,
  interception,
  avoidBattle,
  withdrawal,
  casualties,
  retreat,
  relief,
  cards,
  battleCards,
  combatCards,
  rollsCards,
} as const;

/** A rules module's id: the key src/text/reasons/index.ts words its restrictions under. */
export type RuleModuleId = keyof typeof RULES_BY_MODULE;

/** The rules modules, in RULES_BY_MODULE's order. */
export const RULE_MODULES: readonly (typeof RULES_BY_MODULE)[RuleModuleId][] = Object.values(RULES_BY_MODULE);

type AnyRestriction = Restriction<never>;

/** Every restriction of the rules modules, once each, in the modules' order. */
export const ALL_RESTRICTIONS: readonly AnyRestriction[] = [
  ...new Set(RULE_MODULES.flatMap((m) => m.RESTRICTIONS as readonly AnyRestriction[])),
];

/** The restrictions a rules module exports, each with its own name and facts. */
export type RestrictionsIn<M> = M extends unknown ? Extract<M[keyof M], Restriction<never, Facts, string>> : never;

/** Every restriction of the rules layer, by type: the exports of the modules that define them. */
export type NamedRestriction = RestrictionsIn<(typeof RULE_MODULES)[number]>;

/** A refusal's `code`: the name of a restriction. */
export type RestrictionCode = NamedRestriction['name'];

/** The facts a restriction's refusals carry. */
export type RestrictionFacts<R> = R extends Restriction<never, infer F, string> ? F : never;

/** The facts a refusal with this code carries (a union where restrictions share a name, e.g. isWithinCommandLimit). */
export type FactsOf<C extends RestrictionCode> = RestrictionFacts<Extract<NamedRestriction, { readonly name: C }>>;
