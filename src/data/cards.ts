// The cards that plug into the land-combat procedures (RULES.md §5, ruling R14): their ids, their numbers in the
// deck, their names in English and Russian, their type (6.1) and the window of 13.1–14 where each may be played.
// The effects are the rules' (src/rules/cards.ts); the words of the effects are src/text's.
import type { MajorPower } from '../schema/power.ts';
import type { Text } from '../text/text.ts';

export const CARD_IDS = [
  'foul-weather',
  'gout',
  'landsknechts',
  'swiss-mercenaries',
  'arquebusiers',
  'field-artillery',
  'mercenaries-bribed',
  'surprise-attack',
  'tercios',
  'janissaries',
] as const;

export type CardId = (typeof CARD_IDS)[number];

/** 6.1: a response card interrupts any impulse, a combat card is played in a battle, a home card is one power's. */
export type CardType = 'response' | 'combat' | 'home';

/**
 * The windows inside 13.1–14 (RULES.md §5): after the CP of a move are spent (13.1 step 4), the last chance to
 * change the units in the space (14 step 1), the combat cards (14 steps 4–5) and after both rolls (14 step 7).
 */
export type CardWindow = 'move' | 'battle' | 'combat' | 'rolls';

export interface Card {
  readonly id: CardId;
  /** The card's number in the deck. */
  readonly number: number;
  readonly name: Text;
  readonly type: CardType;
  readonly window: CardWindow;
  /** A home card's power (6.1): only it may hold the card. */
  readonly home?: MajorPower;
}

const card = (c: Card): Card => Object.freeze({ ...c, name: Object.freeze({ ...c.name }) });

export const CARDS: Readonly<Record<CardId, Card>> = Object.freeze({
  'foul-weather': card({
    id: 'foul-weather',
    number: 31,
    name: { en: 'Foul Weather', ru: 'Непогода' },
    type: 'response',
    window: 'move',
  }),
  gout: card({ id: 'gout', number: 32, name: { en: 'Gout', ru: 'Подагра' }, type: 'response', window: 'move' }),
  landsknechts: card({
    id: 'landsknechts',
    number: 33,
    name: { en: 'Landsknechts', ru: 'Ландскнехты' },
    type: 'response',
    window: 'battle',
  }),
  'swiss-mercenaries': card({
    id: 'swiss-mercenaries',
    number: 36,
    name: { en: 'Swiss Mercenaries', ru: 'Швейцарские наёмники' },
    type: 'response',
    window: 'battle',
  }),
  arquebusiers: card({
    id: 'arquebusiers',
    number: 24,
    name: { en: 'Arquebusiers', ru: 'Аркебузиры' },
    type: 'combat',
    window: 'combat',
  }),
  'field-artillery': card({
    id: 'field-artillery',
    number: 25,
    name: { en: 'Field Artillery', ru: 'Полевая артиллерия' },
    type: 'combat',
    window: 'combat',
  }),
  'mercenaries-bribed': card({
    id: 'mercenaries-bribed',
    number: 26,
    name: { en: 'Mercenaries Bribed', ru: 'Подкуп наёмников' },
    type: 'combat',
    window: 'combat',
  }),
  'surprise-attack': card({
    id: 'surprise-attack',
    number: 29,
    name: { en: 'Surprise Attack', ru: 'Внезапная атака' },
    type: 'combat',
    window: 'combat',
  }),
  tercios: card({ id: 'tercios', number: 30, name: { en: 'Tercios', ru: 'Терции' }, type: 'combat', window: 'combat' }),
  janissaries: card({
    id: 'janissaries',
    number: 1,
    name: { en: 'Janissaries', ru: 'Янычары' },
    type: 'home',
    window: 'rolls',
    home: 'ottoman',
  }),
});

export function isCardId(id: string): id is CardId {
  return (CARD_IDS as readonly string[]).includes(id);
}

/**
 * The name of a card with its number, as the rules and the narrative cite it: "Foul Weather (#31)" — the message
 * `card.<id>` (its patterns generated from this table, src/text/catalogue.ts).
 */
export function cardTitle(id: CardId): Text {
  const c = CARDS[id];
  return { en: `${c.name.en} (#${c.number})`, ru: `«${c.name.ru}» (№${c.number})`, id: `card.${id}`, params: {} };
}

/** The card's name alone, as a decision lists the cards in hand: the message `card.<id>.name`. */
export function cardName(id: CardId): Text {
  const c = CARDS[id];
  return { en: c.name.en, ru: c.name.ru, id: `card.${id}.name`, params: {} };
}
