// 14.1 Retreat: why a retreat is refused — who retreats, who goes inside, where to.
import type * as rules from '../../rules/retreat.ts';
import {
  enLandUnits,
  intoSpace,
  outOfSpace,
  powerDat,
  powerGen,
  powerName,
  ruAgree,
  ruLandUnits,
  spaceFrom,
  spaceName,
} from '../names.ts';
import { nounFor, NOUNS } from '../grammar.ts';
import { cite } from '../rules.ts';
import { text } from '../text.ts';
import { byPowerReason } from './by-power.ts';
import {
  adjacentReason,
  freeOfEnemyReason,
  friendlyReason,
  landSpaceReason,
  notInUnrestReason,
  notIndependentReason,
} from './destinations.ts';
import { electorateClosedReason } from './league.ts';
import type { RenderersOf } from './types.ts';

export const RETREAT_REASONS: RenderersOf<typeof rules> = {
  isRetreatDestinationNotElectorate: (world, { power, to }) => electorateClosedReason(world, power, to, 'retreat'),
  isRetreatingPower: (world, { kind, power, space }) => {
    const p = powerName(power);
    if (kind === 'activeMinor') {
      const r = cite('22.3');
      return text(
        `${p.en} retreats with its major ally, who decides for it (${r.en}).`,
        `${p.ru} ${ruAgree(power, 'отступают', 'отступает')} вместе со своим великим союзником, ` +
          `который решает за ${ruAgree(power, 'них', 'неё', 'него')} (${r.ru}).`,
      );
    }
    if (kind === 'inactive') {
      const r = cite('R10');
      return text(
        `${p.en} never chooses: an inactive minor or independent stack does not retreat; ` +
          `up to 4 units go inside and the rest are eliminated (${r.en}).`,
        `${p.ru} не ${ruAgree(power, 'выбирают', 'выбирает')}: группировка неактивной второстепенной державы ` +
          `или независимых не отступает; до 4 частей уходят в укрепления, остальные уничтожаются (${r.ru}).`,
      );
    }
    const s = spaceName(world, space);
    return text(
      `${p.en} has nothing that must retreat from ${s.en} now.`,
      `${powerDat(power).ru} сейчас нечего отводить ${outOfSpace(world, space).ru}.`,
    );
  },
  mayGoInside: (world, { space }) => {
    const s = spaceName(world, space);
    return text(
      `Only the power that controls fortified ${s.en} and lost the battle there may go inside, and with it its allies.`,
      `Уйти в укрепления ${spaceFrom(world, space).ru} может только держава, ` +
        'которая контролирует эту укреплённую область и проиграла там сражение, а вместе с ней её союзники.',
    );
  },
  isReliefReturnAllowed: (world, { space, units, leaders }) => {
    const r = cite('15.2', 'R35');
    const who = leaders.length > 0 ? ' and the leaders' : '';
    const whoRu = leaders.length > 0 ? ' и командующие' : '';
    return text(
      `The relief force lost with fewer hits (${r.en}): only pieces that were inside ${spaceName(world, space).en} when the move began may go back in — at most ${enLandUnits(units)}${who} who came out.`,
      `Деблокирующие силы проиграли с меньшим числом попаданий (${r.ru}): вернуться в укрепления ${spaceFrom(world, space).ru} могут только те, кто был внутри в начале движения, — не более ${ruLandUnits(units, 'gen')}${whoRu} из вышедших.`,
    );
  },
  isInsideSplitByPower: byPowerReason,
  areInsideUnitsPresent: (world, { power, space }) => {
    const p = powerName(power),
      s = spaceName(world, space);
    return text(
      `Those ${p.en} units and leaders are not among the retreating stack in ${s.en}.`,
      `Этих частей и командующих ${powerGen(power).ru} нет среди отступающих ${outOfSpace(world, space).ru}.`,
    );
  },
  isInsideWithinLimit: (world, { space, room }) => {
    const s = spaceName(world, space);
    return text(
      `At most ${room} more ${nounFor(NOUNS.landUnit, room).en} may go inside ${s.en} (no more than 4 inside a fortified space).`,
      `В укрепления ${spaceFrom(world, space).ru} можно увести ещё не более ${ruLandUnits(room, 'gen')} ` +
        '(в укреплённой области внутри не более 4).',
    );
  },
  isRetreatDestinationLandSpace: landSpaceReason,
  isRetreatDestinationAdjacent: adjacentReason,
  isRetreatDestinationNotIndependent: notIndependentReason,
  isRetreatDestinationFriendly: friendlyReason,
  isRetreatDestinationNotInUnrest: notInUnrestReason,
  isRetreatDestinationFreeOfEnemy: freeOfEnemyReason,
  isNotSpaceEnemyEnteredFrom: (world, { origin }) => {
    const o = spaceName(world, origin);
    return text(
      `${o.en} is the space the enemy entered from: a losing defender may not retreat into it.`,
      `${o.ru} — область, из которой пришёл противник: проигравший сражение обороняющийся не может туда отступать.`,
    );
  },
  isAttackerOrigin: (world, { origin }) => {
    const o = spaceName(world, origin);
    return text(
      `The active formation must retreat into ${o.en}, the space it entered from.`,
      `Активное соединение должно отступить ${intoSpace(world, origin).ru} — в область, из которой оно пришло.`,
    );
  },
  namesLegalDestination: (world, f) => {
    if (f.kind === 'nothingLeft')
      return text(
        'Everything goes inside: there is nothing left to retreat, so name no destination.',
        'Все уходят в укрепления: отступать некому, поэтому не указывайте область отступления.',
      );
    const legal = f.legal.map((t) => spaceName(world, t));
    return text(
      `The stack must retreat to one adjacent space: ${legal.map((l) => l.en).join(', ')}.`,
      `Группировка должна отступить в одну прилегающую область: ${legal.map((l) => l.ru).join(', ')}.`,
    );
  },
};
