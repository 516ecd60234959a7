// Landsknechts and Swiss Mercenaries at 14 step 1 (RULES.md §5, ruling R32): why a card may not be played now.
import type * as rules from '../../rules/battle-cards.ts';
import { cardTitle, isCardId } from '../../data/cards.ts';
import { inSpace, powerAdjective, powerGen, powerName, spaceName, ruFormOf } from '../names.ts';
import { joinText, msg, type Text } from '../text.ts';
import type { RenderersOf } from './types.ts';

function cardText(id: string): Text {
  return isCardId(id) ? cardTitle(id) : msg('reason.battle-cards.cardText', "''{id}''", '«{id}»', { id });
}

export const BATTLE_CARD_REASONS: RenderersOf<typeof rules> = {
  isPlacingPlayedCard: (_world, { card, named, power }) =>
    msg(
      'reason.battle-cards.isPlacingPlayedCard',
      '{p} played {c}: these are its new mercenaries, not those of {n} (ruling R32).',
      '{p} {powerForm, select, pl {сыграли} other {сыграла}} {c}: ставятся наёмники этой карты, а не карты {n} (постановление R32).',
      { p: powerName(power), c: cardText(card), n: cardText(named), powerForm: ruFormOf(power) },
    ),
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
  hasMercenaryToEliminate: () =>
    msg(
      'reason.battle-cards.hasMercenaryToEliminate',
      "The Ottoman's Landsknechts (#33) eliminates 2 mercenaries anywhere: there are none on the board (ruling R32).",
      '«Ландскнехты» (№33) у Османов уничтожают 2 наёмников где угодно, но на карте нет ни одного наёмника (постановление R32).',
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
    if (problem === 'none')
      return msg(
        'reason.battle-cards.arePlacementsLegal.none',
        'This play places no new mercenaries (ruling R32).',
        'Этот розыгрыш не ставит новых наёмников (постановление R32).',
      );
    if (problem === 'placer')
      return msg(
        'reason.battle-cards.arePlacementsLegal.placer',
        '{p} places the new mercenaries of this card, not the power that plays it: the play names no spaces, and {p} is asked where they go (ruling R32).',
        'Новых наёмников этой карты ставит не держава, которая её разыгрывает, а {powerName}: в розыгрыше области не указываются, и куда их поставить, {powerForm, select, pl {решают} other {решает}} {powerName} (постановление R32).',
        { p, powerName: p, powerForm: ruFormOf(placer) },
      );
    if (problem === 'count')
      return msg(
        'reason.battle-cards.arePlacementsLegal',
        'Place exactly {count, plural, one {# new {pAdj} mercenary} other {# new {pAdj} mercenaries}} (ruling R32).',
        'Нужно поставить ровно {count, plural, one {# нового наёмника} few {# новых наёмников} many {# новых наёмников} other {# нового наёмника}} {powerGen} (постановление R32).',
        { count, pAdj: powerAdjective(placer), powerGen: powerGen(placer) },
      );
    if (problem === 'room')
      return msg(
        'reason.battle-cards.arePlacementsLegal.2',
        'At most 4 land units fit inside a fortified space (2.1): the new mercenaries do not fit there (ruling R32).',
        'В укреплённой области не больше 4 сухопутных частей (2.1): новые наёмники туда не помещаются (постановление R32).',
      );
    return msg(
      'reason.battle-cards.arePlacementsLegal.3',
      'New {pAdj} mercenaries go only where {p} has land units not under siege: {list} (ruling R32).',
      'Новые наёмники {powerGen} ставятся только туда, где у них есть сухопутные части не в осаде: {list} (постановление R32).',
      { p, pAdj: powerAdjective(placer), list, powerGen: powerGen(placer) },
    );
  },
  areEliminationsLegal: (world, { problem, count, spaces, space, power, asked, there }) => {
    if (problem === 'none')
      return msg(
        'reason.battle-cards.areEliminationsLegal.none',
        "Only the Ottoman's Landsknechts eliminates mercenaries (ruling R32).",
        'Наёмников уничтожают только «Ландскнехты», сыгранные Османами (постановление R32).',
      );
    if (problem === 'count')
      return msg(
        'reason.battle-cards.areEliminationsLegal',
        "Name exactly {count, plural, one {# mercenary} other {# mercenaries}} to eliminate: the Ottoman's Landsknechts eliminates 2, or every one on the board when there are fewer (ruling R32).",
        'Нужно назвать ровно столько наёмников, сколько уничтожается ({count}): «Ландскнехты» Османов уничтожают 2, а если на карте их меньше — всех (постановление R32).',
        { count },
      );
    const list = joinText(
      (spaces ?? []).map((s) => spaceName(world, s)),
      ', ',
    );
    if (problem === 'target' && space !== undefined && power !== undefined)
      return msg(
        'reason.battle-cards.areEliminationsLegal.2',
        'There {one, select, true {is} other {are}} {there} {p} {one, select, true {mercenary} other {mercenaries}} in {spaceName}, not {asked}: mercenaries stand in {list} (ruling R32).',
        'Наёмников {powerGen} {inSpace}: {there}, а не {asked}; наёмники есть здесь: {list} (постановление R32).',
        {
          one: there === 1 ? 'true' : 'false',
          there: there ?? 0,
          p: powerName(power),
          spaceName: spaceName(world, space),
          asked: asked ?? 0,
          list,
          powerGen: powerGen(power),
          inSpace: inSpace(world, space),
        },
      );
    return msg(
      'reason.battle-cards.areEliminationsLegal.3',
      'Mercenaries stand only in {list} (ruling R32).',
      'Наёмники есть только здесь: {list} (постановление R32).',
      { list },
    );
  },
};
