// Why a restriction refuses, in English and Russian: one renderer per restriction, in one file per rules file,
// looked up by the refusal's code. The tables are keyed by the rules modules' ids (RuleModuleId, src/rules/index.ts),
// each typed by its module's restrictions: leaving a restriction out, a module out, or wording a module the rules'
// list of modules lacks is a type error.
import type { FactsOf, RestrictionCode, RuleModuleId, RULES_BY_MODULE } from '../../rules/index.ts';
import { own } from '../../rules/own.ts';
import type { Refusal } from '../../rules/verdict.ts';
import type { Text } from '../text.ts';
import { AVOID_BATTLE_REASONS } from './avoid-battle.ts';
import { BATTLE_CARD_REASONS } from './battle-cards.ts';
import { CARD_REASONS } from './cards.ts';
import { CASUALTY_REASONS } from './casualties.ts';
import { COMBAT_CARD_REASONS } from './combat-cards.ts';
import { FORMATION_REASONS } from './formation.ts';
import { INTERCEPTION_REASONS } from './interception.ts';
import { MOVEMENT_REASONS } from './movement.ts';
import { RELIEF_REASONS } from './relief.ts';
import { RETREAT_REASONS } from './retreat.ts';
import { ROLLS_CARD_REASONS } from './rolls-cards.ts';
import type { NameSource, Renderer, RenderersOf } from './types.ts';
import { WITHDRAWAL_REASONS } from './withdrawal.ts';

export type { NameSource, Renderer };

/**
 * Each rules module's renderers, under its id in RULES_BY_MODULE: one entry per module, no more (an entry for a module
 * the rules do not list is an excess property), each typed by the restrictions its module exports.
 */
export const REASONS_BY_MODULE = {
  avoidBattle: AVOID_BATTLE_REASONS,
  battleCards: BATTLE_CARD_REASONS,
  cards: CARD_REASONS,
  casualties: CASUALTY_REASONS,
  combatCards: COMBAT_CARD_REASONS,
  formation: FORMATION_REASONS,
  interception: INTERCEPTION_REASONS,
  movement: MOVEMENT_REASONS,
  relief: RELIEF_REASONS,
  retreat: RETREAT_REASONS,
  rollsCards: ROLLS_CARD_REASONS,
  withdrawal: WITHDRAWAL_REASONS,
} as const satisfies { readonly [M in RuleModuleId]: RenderersOf<(typeof RULES_BY_MODULE)[M]> };

/**
 * Every restriction's renderer, by code: the modules' tables merged (complete, since every module of RULES_BY_MODULE
 * has its table, and the restriction union is the modules' exports).
 */
export const REASONS: { readonly [C in RestrictionCode]: Renderer<FactsOf<C>> } = Object.assign(
  {},
  ...Object.values(REASONS_BY_MODULE),
) as { readonly [C in RestrictionCode]: Renderer<FactsOf<C>> };

/**
 * The reason of a refusal in both languages, from its code and facts (a refusal of the rules, a blocked answer or an
 * engine error's `restriction` and `facts`); `world` names the spaces and leaders of the facts.
 */
export function reasonOf(world: NameSource, refusal: Pick<Refusal, 'code' | 'facts'>): Text {
  const table: Readonly<Record<string, Renderer<never>>> = REASONS;
  const render = own(table, refusal.code);
  if (!render) throw new Error(`engine fault: no reason is worded for the restriction '${refusal.code}'`);
  // The code says which restriction made the facts, so they are the ones its renderer reads.
  return render(world, refusal.facts as never);
}
