// Landsknechts and Swiss Mercenaries at 14 step 1 (RULES.md §5, ruling R32): why a card may not be played now.
import type * as rules from '../../rules/battle-cards.ts';
import { cardTitle, isCardId } from '../../data/cards.ts';
import { inSpace, powerGen, powerName, spaceName, ruFormOf } from '../names.ts';
import { joinText, msg, type Text } from '../text.ts';
import type { RenderersOf } from './types.ts';

function cardText(id: string): Text {
  return isCardId(id) ? cardTitle(id) : msg('reason.battle-cards.cardText', "''{id}''", '«{id}»', { id });
}

export const BATTLE_CARD_REASONS: RenderersOf<typeof rules> = {
  isCardOfBattleWindow: (_world, { card }) => {
    const c = cardText(card);
    return msg(
      'reason.battle-cards.isCardOfBattleWindow',
      '{c} is not played at the start of a field battle (14 step 1: Landsknechts and Swiss Mercenaries only).',
      'Карта {c} не разыгрывается в начале полевого сражения (14, шаг 1: только «Ландскнехты» и «Швейцарские наёмники»).',
      { c },
    );
  },
  isPowerInTheBattle: (world, { power, space }) => {
    const p = powerName(power);
    return msg(
      'reason.battle-cards.isPowerInTheBattle',
      '{p} is neither the attacker nor a defending power in the battle in {spaceName} (14 step 1, ruling R32).',
      '{p} не {powerForm, select, pl {атакуют и не обороняются} other {атакует и не обороняется}} в сражении {inSpace} (14, шаг 1; постановление R32).',
      { p, spaceName: spaceName(world, space), powerForm: ruFormOf(power), inSpace: inSpace(world, space) },
    );
  },
  isOttomanLandsknechtsSupported: () =>
    msg(
      'reason.battle-cards.isOttomanLandsknechtsSupported',
      "The Ottoman's Landsknechts (#33) — eliminating 2 mercenaries anywhere (ruling R32) — is not supported yet (ruling R14).",
      '«Ландскнехты» (№33) у Османов — уничтожение 2 наёмников где угодно (постановление R32) — пока не поддерживаются (постановление R14).',
    ),
  mayGainMercenaries: () =>
    msg(
      'reason.battle-cards.mayGainMercenaries',
      'Before the Schmalkaldic League the Protestant gains no mercenaries (21.6, ruling R34).',
      'До создания Шмалькальденской лиги протестанты не получают наёмников (21.6; постановление R34).',
    ),
  hasPlacementSpace: (_world, { power }) =>
    msg(
      'reason.battle-cards.hasPlacementSpace',
      '{powerName} has no land units outside a siege anywhere: there is no space for the new mercenaries (ruling R32).',
      'У {powerGen} нигде нет сухопутных частей вне осады: новых наёмников некуда поставить (постановление R32).',
      { powerName: powerName(power), powerGen: powerGen(power) },
    ),
  arePlacementsLegal: (world, { problem, placer, count, spaces }) => {
    const p = powerName(placer);
    const where = (spaces ?? []).map((s) => spaceName(world, s));
    const list = joinText(where, ', ');
    if (problem === 'count')
      return msg(
        'reason.battle-cards.arePlacementsLegal',
        'Place exactly {count} new {p} mercenaries (ruling R32).',
        'Нужно поставить ровно {count} новых наёмников {powerGen} (постановление R32).',
        { count, p, powerGen: powerGen(placer) },
      );
    if (problem === 'room')
      return msg(
        'reason.battle-cards.arePlacementsLegal.2',
        'At most 4 land units fit inside a fortified space (2.1): the new mercenaries do not fit there (ruling R32).',
        'В укреплённой области не больше 4 сухопутных частей (2.1): новые наёмники туда не помещаются (постановление R32).',
      );
    return msg(
      'reason.battle-cards.arePlacementsLegal.3',
      'New {p} mercenaries go only where {p} has land units not under siege: {list} (ruling R32).',
      'Новые наёмники {powerGen} ставятся только туда, где у них есть сухопутные части не в осаде: {list} (постановление R32).',
      { p, list, powerGen: powerGen(placer) },
    );
  },
};
