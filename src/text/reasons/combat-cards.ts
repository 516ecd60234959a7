// The combat cards of 14 steps 4–5 (RULES.md §5, rulings R27, R29, R30): why a card, or one of Tercios' ways, may not
// be played now.
import type * as rules from '../../rules/combat-cards.ts';
import { cardTitle, isCardId } from '../../data/cards.ts';
import { inSpace, powerGen, powerName, spaceName, ruFormOf } from '../names.ts';
import { ruleRef } from '../rules.ts';
import { type Text, msg } from '../text.ts';
import type { RenderersOf } from './types.ts';

function cardText(id: string): Text {
  return isCardId(id) ? cardTitle(id) : msg('reason.combat-cards.cardText', "''{id}''", '«{id}»', { id });
}

export const COMBAT_CARD_REASONS: RenderersOf<typeof rules> = {
  isCardOfCombatWindow: (_world, { card, window }) => {
    const c = cardText(card);
    // The card's own window cited as each language cites a rule: "14 step 1" / «14, шаг 1».
    const w = window
      ? msg('reason.combat-cards.isCardOfCombatWindow.w', ' (it is played at {window})', ' (её момент — {window})', {
          window: ruleRef(window),
        })
      : msg('reason.combat-cards.isCardOfCombatWindow.w.2', '', '');
    return msg(
      'reason.combat-cards.isCardOfCombatWindow',
      '{c} is not a combat card of 14 steps 4–5{w}: Arquebusiers, Field Artillery, Mercenaries Bribed, Surprise Attack and Tercios only (ruling R27).',
      'Карта {c} — не боевая карта (14, шаги 4–5){w}: только «Аркебузиры», «Полевая артиллерия», «Подкуп наёмников», «Внезапная атака» и «Терции» (постановление R27).',
      { c, w },
    );
  },
  isCombatOptionNamed: (_world, { card, tercios }) =>
    tercios
      ? msg(
          'reason.combat-cards.isCombatOptionNamed',
          'Tercios (#30) is played one of two ways: name option "extra-dice" or "fewer-dice" (ruling R30).',
          '«Терции» (№30) разыгрываются одним из двух способов: нужно указать, какой — три дополнительных кубика или на три кубика меньше у стороны Габсбургов (постановление R30).',
        )
      : msg(
          'reason.combat-cards.isCombatOptionNamed.2',
          '{cardTextCard} has no option: only Tercios (#30) names one (ruling R30).',
          'У карты {cardTextCard} нет способов розыгрыша на выбор: способ выбирают только для карты «Терции» (№30) (постановление R30).',
          { cardTextCard: cardText(card) },
        ),
  hasLandUnitsInBattle: (world, { power, card, space }) =>
    msg(
      'reason.combat-cards.hasLandUnitsInBattle',
      '{powerNamePower} has no land units in the battle in {spaceNameSpace}: only a power with land units in the battle plays a combat card such as {cardTextCard} (14 step 4, ruling R27).',
      'У {powerGenPower} нет сухопутных частей в сражении {inSpaceSpace}: боевую карту, например {cardTextCard}, играет только держава с сухопутными частями в сражении (14, шаг 4; постановление R27).',
      {
        powerNamePower: powerName(power),
        spaceNameSpace: spaceName(world, space),
        cardTextCard: cardText(card),
        powerGenPower: powerGen(power),
        inSpaceSpace: inSpace(world, space),
      },
    ),
  isTerciosExtraDiceHapsburg: (_world, { power }) =>
    msg(
      'reason.combat-cards.isTerciosExtraDiceHapsburg',
      "Only the Hapsburg gains Tercios' 3 extra dice; {powerNamePower} may only make the Hapsburg side roll 3 fewer (ruling R30).",
      'Три дополнительных кубика карты «Терции» получают только Габсбурги; {powerNamePower} {powerForm, select, pl {могут} other {может}} лишь отнять у стороны Габсбургов 3 кубика (постановление R30).',
      { powerNamePower: powerName(power), powerForm: ruFormOf(power) },
    ),
  isFacingHapsburgRegulars: (_world, { power, regulars }) =>
    msg(
      'reason.combat-cards.isFacingHapsburgRegulars',
      '{powerNamePower} faces {regulars} Hapsburg {regulars2, select, true {regular} other {regulars}}: Tercios makes the Hapsburg side roll 3 fewer dice only against at least 3 (ruling R30).',
      'Против {powerGenPower} стоит регулярных частей Габсбургов: {regulars}; «Терции» отнимают у стороны Габсбургов 3 кубика, только если их не меньше 3 (постановление R30).',
      {
        powerNamePower: powerName(power),
        regulars,
        regulars2: regulars === 1 ? 'true' : 'false',
        powerGenPower: powerGen(power),
      },
    ),
  isBriberNotOttoman: () =>
    msg(
      'reason.combat-cards.isBriberNotOttoman',
      'The Ottoman may not play Mercenaries Bribed (#26) (ruling R29).',
      'Османы не могут разыгрывать «Подкуп наёмников» (№26) (постановление R29).',
    ),
  isBribedSideWithoutOttoman: () =>
    msg(
      'reason.combat-cards.isBribedSideWithoutOttoman',
      'Mercenaries Bribed (#26) is never played against a side with Ottoman land units (ruling R29).',
      '«Подкуп наёмников» (№26) нельзя разыгрывать против стороны, в которой есть османские сухопутные части (постановление R29).',
    ),
  mayGainBribedMercenaries: () =>
    msg(
      'reason.combat-cards.mayGainBribedMercenaries',
      'Before the Schmalkaldic League the Protestant gains no mercenaries, bribed ones neither (21.6, ruling R34).',
      'До создания Шмалькальденской лиги протестанты не получают наёмников, в том числе подкупленных (21.6; постановление R34).',
    ),
};
