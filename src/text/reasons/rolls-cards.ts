// Janissaries at 14 step 7 (RULES.md §5, ruling R31): why a card may not be played after the rolls.
import type * as rules from '../../rules/rolls-cards.ts';
import { cardTitle, isCardId } from '../../data/cards.ts';
import { inSpace, powerGen, powerName, ruAgree, spaceName } from '../names.ts';
import { text, type Text } from '../text.ts';
import type { RenderersOf } from './types.ts';

function cardText(id: string): Text {
  return isCardId(id) ? cardTitle(id) : text(`'${id}'`, `«${id}»`);
}

export const ROLLS_CARD_REASONS: RenderersOf<typeof rules> = {
  isCardOfRollsWindow: (_world, { card }) => {
    const c = cardText(card);
    return text(
      `${c.en} is not played after the rolls of a field battle (14 step 7: Janissaries only).`,
      `Карта ${c.ru} не разыгрывается после бросков полевого сражения (14, шаг 7: только «Янычары»).`,
    );
  },
  isHomeCardUnusedThisTurn: (_world, { power, card }) => {
    const c = cardText(card);
    return text(
      `${powerName(power).en} has already used ${c.en} this turn: a home card comes back only at the next turn (6.1, ruling R31).`,
      `${powerName(power).ru} уже ${ruAgree(power, 'использовали', 'использовала', 'использовало')} карту ${c.ru} в этот ход: домашняя карта возвращается только в следующий ход (6.1; постановление R31).`,
    );
  },
  hasOwnLandUnitsInBattle: (world, { power, card, space }) => {
    const c = cardText(card);
    return text(
      `${powerName(power).en} has no land units in the battle in ${spaceName(world, space).en}: ${c.en} is played only in a battle where its land units fight (14 step 7, ruling R31).`,
      `У ${powerGen(power).ru} нет сухопутных частей в сражении ${inSpace(world, space).ru}: карта ${c.ru} разыгрывается только в сражении, где сражаются сухопутные части этой державы (14, шаг 7; постановление R31).`,
    );
  },
};
