// Landsknechts and Swiss Mercenaries at 14 step 1 (RULES.md §5, ruling R32): why a card may not be played now.
import type * as rules from '../../rules/battle-cards.ts';
import { cardTitle, isCardId } from '../../data/cards.ts';
import { inSpace, powerGen, powerName, ruAgree, spaceName } from '../names.ts';
import { text, type Text } from '../text.ts';
import type { RenderersOf } from './types.ts';

function cardText(id: string): Text {
  return isCardId(id) ? cardTitle(id) : text(`'${id}'`, `«${id}»`);
}

export const BATTLE_CARD_REASONS: RenderersOf<typeof rules> = {
  isCardOfBattleWindow: (_world, { card }) => {
    const c = cardText(card);
    return text(
      `${c.en} is not played at the start of a field battle (14 step 1: Landsknechts and Swiss Mercenaries only).`,
      `Карта ${c.ru} не разыгрывается в начале полевого сражения (14, шаг 1: только «Ландскнехты» и «Швейцарские наёмники»).`,
    );
  },
  isPowerInTheBattle: (world, { power, space }) => {
    const p = powerName(power);
    return text(
      `${p.en} is neither the attacker nor a defending power in the battle in ${spaceName(world, space).en} (14 step 1, ruling R32).`,
      `${p.ru} не ${ruAgree(power, 'атакуют и не обороняются', 'атакует и не обороняется', 'атакует и не обороняется')} в сражении ${inSpace(world, space).ru} (14, шаг 1; постановление R32).`,
    );
  },
  isOttomanLandsknechtsSupported: () =>
    text(
      "The Ottoman's Landsknechts (#33) — eliminating 2 mercenaries anywhere (ruling R32) — is not supported yet (ruling R14).",
      '«Ландскнехты» (№33) у Османов — уничтожение 2 наёмников где угодно (постановление R32) — пока не поддерживаются (постановление R14).',
    ),
  mayGainMercenaries: () =>
    text(
      'Before the Schmalkaldic League the Protestant gains no mercenaries (21.6, ruling R34).',
      'До создания Шмалькальденской лиги протестанты не получают наёмников (21.6; постановление R34).',
    ),
  hasPlacementSpace: (_world, { power }) =>
    text(
      `${powerName(power).en} has no land units outside a siege anywhere: there is no space for the new mercenaries (ruling R32).`,
      `У ${powerGen(power).ru} нигде нет сухопутных частей вне осады: новых наёмников некуда поставить (постановление R32).`,
    ),
  arePlacementsLegal: (world, { problem, placer, count, spaces }) => {
    const p = powerName(placer);
    const where = (spaces ?? []).map((s) => spaceName(world, s));
    const list = text(where.map((w) => w.en).join(', '), where.map((w) => w.ru).join(', '));
    if (problem === 'count')
      return text(
        `Place exactly ${count} new ${p.en} mercenaries (ruling R32).`,
        `Нужно поставить ровно ${count} новых наёмников ${powerGen(placer).ru} (постановление R32).`,
      );
    if (problem === 'room')
      return text(
        'At most 4 land units fit inside a fortified space (2.1): the new mercenaries do not fit there (ruling R32).',
        'В укреплённой области не больше 4 сухопутных частей (2.1): новые наёмники туда не помещаются (постановление R32).',
      );
    return text(
      `New ${p.en} mercenaries go only where ${p.en} has land units not under siege: ${list.en} (ruling R32).`,
      `Новые наёмники ${powerGen(placer).ru} ставятся только туда, где у них есть сухопутные части не в осаде: ${list.ru} (постановление R32).`,
    );
  },
};
