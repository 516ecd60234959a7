// The combat cards of 14 steps 4–5 (RULES.md §5, rulings R27, R29, R30): why a card, or one of Tercios' ways, may not
// be played now.
import type * as rules from '../../rules/combat-cards.ts';
import { cardTitle, isCardId } from '../../data/cards.ts';
import { inSpace, powerGen, powerName, ruAgree, spaceName } from '../names.ts';
import { text, type Text } from '../text.ts';
import type { RenderersOf } from './types.ts';

function cardText(id: string): Text {
  return isCardId(id) ? cardTitle(id) : text(`'${id}'`, `«${id}»`);
}

export const COMBAT_CARD_REASONS: RenderersOf<typeof rules> = {
  isCardOfCombatWindow: (_world, { card, window }) => {
    const c = cardText(card);
    const w = window ? text(` (it is played at ${window})`, ` (она разыгрывается на шаге ${window})`) : text('', '');
    return text(
      `${c.en} is not a combat card of 14 steps 4–5${w.en}: Arquebusiers, Field Artillery, Mercenaries Bribed and Tercios only (ruling R27).`,
      `Карта ${c.ru} — не боевая карта шагов 4–5 14${w.ru}: только «Аркебузиры», «Полевая артиллерия», «Подкуп наёмников» и «Терции» (постановление R27).`,
    );
  },
  isCombatOptionNamed: (_world, { card, tercios }) =>
    tercios
      ? text(
          'Tercios (#30) is played one of two ways: name option "extra-dice" or "fewer-dice" (ruling R30).',
          '«Терции» (№30) разыгрываются одним из двух способов: нужно указать, какой — три дополнительных кубика или на три кубика меньше у стороны Габсбургов (постановление R30).',
        )
      : text(
          `${cardText(card).en} has no option: only Tercios (#30) names one (ruling R30).`,
          `У карты ${cardText(card).ru} нет способов розыгрыша на выбор: способ выбирают только для «Терций» (№30) (постановление R30).`,
        ),
  hasLandUnitsInBattle: (world, { power, card, space }) =>
    text(
      `${powerName(power).en} has no land units in the battle in ${spaceName(world, space).en}: only a power with land units in the battle plays a combat card such as ${cardText(card).en} (14 step 4, ruling R27).`,
      `У ${powerGen(power).ru} нет сухопутных частей в сражении ${inSpace(world, space).ru}: боевую карту, например ${cardText(card).ru}, играет только держава с сухопутными частями в сражении (14, шаг 4; постановление R27).`,
    ),
  isTerciosExtraDiceHapsburg: (_world, { power }) =>
    text(
      `Only the Hapsburg gains Tercios' 3 extra dice; ${powerName(power).en} may only make the Hapsburg side roll 3 fewer (ruling R30).`,
      `Три дополнительных кубика «Терций» получают только Габсбурги; ${powerName(power).ru} ${ruAgree(power, 'могут', 'может')} лишь отнять у стороны Габсбургов 3 кубика (постановление R30).`,
    ),
  isFacingHapsburgRegulars: (_world, { power, regulars }) =>
    text(
      `${powerName(power).en} faces ${regulars} Hapsburg ${regulars === 1 ? 'regular' : 'regulars'}: Tercios makes the Hapsburg side roll 3 fewer dice only against at least 3 (ruling R30).`,
      `Против ${powerGen(power).ru} стоит регулярных частей Габсбургов: ${regulars}; «Терции» отнимают у стороны Габсбургов 3 кубика, только если их не меньше 3 (постановление R30).`,
    ),
  isBriberNotOttoman: () =>
    text(
      'The Ottoman may not play Mercenaries Bribed (#26) (ruling R29).',
      'Османы не могут разыгрывать «Подкуп наёмников» (№26) (постановление R29).',
    ),
  isBribedSideWithoutOttoman: () =>
    text(
      'Mercenaries Bribed (#26) is never played against a side with Ottoman land units (ruling R29).',
      '«Подкуп наёмников» (№26) нельзя разыгрывать против стороны, в которой есть османские сухопутные части (постановление R29).',
    ),
  mayGainBribedMercenaries: () =>
    text(
      'Before the Schmalkaldic League the Protestant gains no mercenaries, bribed ones neither (21.6, ruling R34).',
      'До создания Шмалькальденской лиги протестанты не получают наёмников, в том числе подкупленных (21.6; постановление R34).',
    ),
};
