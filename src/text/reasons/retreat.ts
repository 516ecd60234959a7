// 14.1 Retreat: why a retreat is refused — who retreats, who goes inside, where to.
import type * as rules from '../../rules/retreat.ts';
import {
  enLandUnits,
  intoSpace,
  outOfSpace,
  powerDat,
  powerGen,
  powerName,
  ruLandUnits,
  spaceFrom,
  spaceName,
  ruFormOf,
  powerAdjective,
} from '../names.ts';
import { nounFor, NOUNS } from '../grammar.ts';
import { cite } from '../rules.ts';
import { joinText, msg } from '../text.ts';
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
      return msg(
        'reason.retreat.isRetreatingPower',
        '{p} retreats with its major ally, who decides for it ({r}).',
        '{p} {powerForm, select, pl {отступают} other {отступает}} вместе со своим великим союзником, который решает за {powerForm, select, pl {них} n {него} other {неё}} ({r}).',
        { p, r, powerForm: ruFormOf(power) },
      );
    }
    if (kind === 'inactive') {
      const r = cite('R10');
      return msg(
        'reason.retreat.isRetreatingPower.2',
        '{p} never chooses: an inactive minor or independent stack does not retreat; up to 4 units go inside and the rest are eliminated ({r}).',
        '{p} не {powerForm, select, pl {выбирают} other {выбирает}}: группировка неактивной второстепенной державы или независимых не отступает; до 4 частей уходят в укрепления, остальные уничтожаются ({r}).',
        { p, r, powerForm: ruFormOf(power) },
      );
    }
    const s = spaceName(world, space);
    return msg(
      'reason.retreat.isRetreatingPower.3',
      '{p} has nothing that must retreat from {s} now.',
      '{powerDat} сейчас нечего отводить {outOfSpace}.',
      { p, s, powerDat: powerDat(power), outOfSpace: outOfSpace(world, space) },
    );
  },
  mayGoInside: (world, { space }) => {
    const s = spaceName(world, space);
    return msg(
      'reason.retreat.mayGoInside',
      'Only the power that controls fortified {s} and lost the battle there may go inside, and with it its allies.',
      'Уйти в укрепления {spaceFrom} может только держава, которая контролирует эту укреплённую область и проиграла там сражение, а вместе с ней её союзники.',
      { s, spaceFrom: spaceFrom(world, space) },
    );
  },
  isReliefReturnAllowed: (world, { space, units, leaders, sharePower, shareUnits }) => {
    const r = cite('15.2', 'R35');
    if (sharePower !== undefined && shareUnits !== undefined)
      return msg(
        'reason.retreat.isReliefReturnAllowed.share',
        'The relief force lost with fewer hits ({r}): only pieces that were inside {spaceNameSpace} when the move began may go back in — of the units of {p}, at most {enLandUnitsUnits} who came out.',
        'Деблокирующие силы проиграли с меньшим числом попаданий ({r}): вернуться в укрепления {spaceFromSpace} могут только те, кто был внутри в начале движения, — из частей {powerGen} не более {ruLandUnitsUnitsGen} из вышедших.',
        {
          r,
          spaceNameSpace: spaceName(world, space),
          p: powerName(sharePower),
          enLandUnitsUnits: enLandUnits(shareUnits),
          spaceFromSpace: spaceFrom(world, space),
          powerGen: powerGen(sharePower),
          ruLandUnitsUnitsGen: ruLandUnits(shareUnits, 'gen'),
        },
      );
    const who = leaders.length > 0 ? ' and the leaders' : '';
    const whoRu = leaders.length > 0 ? ' и командующие' : '';
    return msg(
      'reason.retreat.isReliefReturnAllowed',
      'The relief force lost with fewer hits ({r}): only pieces that were inside {spaceNameSpace} when the move began may go back in — at most {enLandUnitsUnits}{who} who came out.',
      'Деблокирующие силы проиграли с меньшим числом попаданий ({r}): вернуться в укрепления {spaceFromSpace} могут только те, кто был внутри в начале движения, — не более {ruLandUnitsUnitsGen}{whoRu} из вышедших.',
      {
        r,
        spaceNameSpace: spaceName(world, space),
        enLandUnitsUnits: enLandUnits(units),
        who,
        spaceFromSpace: spaceFrom(world, space),
        ruLandUnitsUnitsGen: ruLandUnits(units, 'gen'),
        whoRu,
      },
    );
  },
  isInsideSplitByPower: byPowerReason,
  areInsideUnitsPresent: (world, { power, space }) => {
    const p = powerAdjective(power),
      s = spaceName(world, space);
    return msg(
      'reason.retreat.areInsideUnitsPresent',
      'Those {p} units and leaders are not among the retreating stack in {s}.',
      'Этих частей и командующих {powerGen} нет среди отступающих {outOfSpace}.',
      { p, s, powerGen: powerGen(power), outOfSpace: outOfSpace(world, space) },
    );
  },
  isInsideWithinLimit: (world, { space, room }) => {
    const s = spaceName(world, space);
    return msg(
      'reason.retreat.isInsideWithinLimit',
      'At most {room} more {nounFor} may go inside {s} (no more than 4 inside a fortified space).',
      'В укрепления {spaceFrom} можно увести ещё не более {ruLandUnits} (в укреплённой области внутри не более 4).',
      {
        room,
        nounFor: nounFor(NOUNS.landUnit, room),
        s,
        spaceFrom: spaceFrom(world, space),
        ruLandUnits: ruLandUnits(room, 'gen'),
      },
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
    return msg(
      'reason.retreat.isNotSpaceEnemyEnteredFrom',
      '{o} is the space the enemy entered from: a losing defender may not retreat into it.',
      '{o} — область, из которой пришёл противник: проигравший сражение обороняющийся не может туда отступать.',
      { o },
    );
  },
  isAttackerOrigin: (world, { origin }) => {
    const o = spaceName(world, origin);
    return msg(
      'reason.retreat.isAttackerOrigin',
      'The active formation must retreat into {o}, the space it entered from.',
      'Активное соединение должно отступить {intoSpace} — в область, из которой оно пришло.',
      { o, intoSpace: intoSpace(world, origin) },
    );
  },
  namesLegalDestination: (world, f) => {
    if (f.kind === 'nothingLeft')
      return msg(
        'reason.retreat.namesLegalDestination',
        'Everything goes inside: there is nothing left to retreat, so name no destination.',
        'Все уходят в укрепления: отступать некому, поэтому не указывайте область отступления.',
      );
    const legal = f.legal.map((t) => spaceName(world, t));
    return msg(
      'reason.retreat.namesLegalDestination.2',
      'The stack must retreat to one adjacent space: {legal}.',
      'Группировка должна отступить в одну прилегающую область: {legal}.',
      { legal: joinText(legal, ', ') },
    );
  },
};
