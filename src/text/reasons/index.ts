// Why a restriction refuses, in English and Russian: one renderer per restriction, in one file per rules file,
// looked up by the refusal's code. The table's type lists every restriction of src/rules: leaving one out is a type
// error.
import type { FactsOf, RestrictionCode } from '../../rules/index.ts';
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
import type { NameSource, Renderer } from './types.ts';
import { WITHDRAWAL_REASONS } from './withdrawal.ts';

export type { NameSource, Renderer };

/** Every restriction's renderer, by code. */
export const REASONS: { readonly [C in RestrictionCode]: Renderer<FactsOf<C>> } = {
  ...AVOID_BATTLE_REASONS,
  ...BATTLE_CARD_REASONS,
  ...CARD_REASONS,
  ...CASUALTY_REASONS,
  ...COMBAT_CARD_REASONS,
  ...FORMATION_REASONS,
  ...INTERCEPTION_REASONS,
  ...MOVEMENT_REASONS,
  ...RELIEF_REASONS,
  ...RETREAT_REASONS,
  ...ROLLS_CARD_REASONS,
  ...WITHDRAWAL_REASONS,
};

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
