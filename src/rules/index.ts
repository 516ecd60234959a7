// Every named restriction of the rules layer, for the statement coverage (docs/coverage.md), for reviewers, and —
// as types — for src/text, which must word every one of them (RestrictionCode, FactsOf). One list of rules modules
// gives both: a module with restrictions is one line here, and test/rules/registry.test.ts fails when one is left out.
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

/** The rules modules that define restrictions, each exporting them as `RESTRICTIONS` in the order they are checked. */
export const RULE_MODULES = [
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
] as const;

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
