// Janissaries at 14 step 7 (RULES.md §5, ruling R31): why a card may not be played after the rolls.
import type * as rules from '../../rules/rolls-cards.ts';
import { cardTitle, isCardId } from '../../data/cards.ts';
import { inSpace, powerGen, powerName, spaceName, ruFormOf } from '../names.ts';
import { type Text, msg } from '../text.ts';
import type { RenderersOf } from './types.ts';

function cardText(id: string): Text {
  return isCardId(id) ? cardTitle(id) : msg('reason.rolls-cards.cardText', "''{id}''", '«{id}»', { id });
}

export const ROLLS_CARD_REASONS: RenderersOf<typeof rules> = {
  isCardOfRollsWindow: (_world, { card }) => {
    const c = cardText(card);
    return msg(
      'reason.rolls-cards.isCardOfRollsWindow',
      '{c} is not played after the rolls of a field battle (14 step 7: Janissaries only).',
      'Карта {c} не разыгрывается после бросков полевого сражения (14, шаг 7: только «Янычары»).',
      { c },
    );
  },
  isHomeCardUnusedThisTurn: (_world, { power, card }) => {
    const c = cardText(card);
    return msg(
      'reason.rolls-cards.isHomeCardUnusedThisTurn',
      '{powerNamePower} has already used {c} this turn: a home card comes back only at the next turn (6.1, ruling R31).',
      '{powerNamePower} уже {powerForm, select, pl {использовали} n {использовало} other {использовала}} карту {c} в этот ход: домашняя карта возвращается только в следующий ход (6.1; постановление R31).',
      { powerNamePower: powerName(power), c, powerForm: ruFormOf(power) },
    );
  },
  hasOwnLandUnitsInBattle: (world, { power, card, space }) => {
    const c = cardText(card);
    return msg(
      'reason.rolls-cards.hasOwnLandUnitsInBattle',
      '{powerNamePower} has no land units in the battle in {spaceNameSpace}: {c} is played only in a battle where its land units fight (14 step 7, ruling R31).',
      'У {powerGenPower} нет сухопутных частей в сражении {inSpaceSpace}: карта {c} разыгрывается только в сражении, где сражаются сухопутные части этой державы (14, шаг 7; постановление R31).',
      {
        powerNamePower: powerName(power),
        spaceNameSpace: spaceName(world, space),
        c,
        powerGenPower: powerGen(power),
        inSpaceSpace: inSpace(world, space),
      },
    );
  },
};
