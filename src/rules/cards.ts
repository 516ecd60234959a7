// The cards of ruling R14 that plug into 13.1–14 (RULES.md §5, rulings R26–R33, R36): who holds what (ruling R33)
// and which cards the engine plays.
import { CARDS, type CardId } from '../data/cards.ts';
import type { MajorPower } from '../schema/power.ts';
import type { World } from './world.ts';

/**
 * The cards whose windows and effects the engine runs. A scenario whose hands hold any other card of ruling R14 is
 * refused ("not supported yet"): the card would be offered nowhere, and a hand that cannot be played is no hand.
 */
export const SUPPORTED_CARDS: readonly CardId[] = [];

export function isSupportedCard(card: CardId): boolean {
  return SUPPORTED_CARDS.includes(card);
}

/** Ruling R33: the cards `power` holds (none when the scenario lists no hand for it). */
export function handOf(world: World, power: MajorPower): readonly CardId[] {
  return world.position.hands?.[power] ?? [];
}

/** Whether any power holds a card of the window (none does in a scenario without hands: ruling R9, nothing asked). */
export function anyHolds(world: World, window: (typeof CARDS)[CardId]['window']): boolean {
  for (const hand of Object.values(world.position.hands ?? {}))
    if (hand?.some((c) => CARDS[c].window === window)) return true;
  return false;
}
