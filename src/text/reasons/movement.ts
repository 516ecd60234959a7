// 13.1 Land Movement: why a Move action is refused — where to, which formation, its marks, its cost, its entry.
import { goutReason } from './cards.ts';
import type * as rules from '../../rules/movement.ts';
import {
  capitalize,
  inSpace,
  intoSpace,
  leaderName,
  outOfSpace,
  powerGen,
  powerName,
  powerWith,
  ruAgree,
  spaceFrom,
  spaceName,
  spaceTo,
  unitsText,
  ruFormOf,
} from '../names.ts';
import { listText } from '../grammar.ts';
import { cite } from '../rules.ts';
import { msg } from '../text.ts';
import { byPowerReason } from './by-power.ts';
import { commandLimitReason } from './formation.ts';
import { electorateClosedReason, heldBeforeLeagueReason } from './league.ts';
import type { RenderersOf } from './types.ts';

export const MOVEMENT_REASONS: RenderersOf<typeof rules> = {
  isNoLeaderStruckByGout: goutReason,
  isDestinationLandSpace: (_w, { space, seaZone }) =>
    seaZone
      ? msg(
          'reason.movement.isDestinationLandSpace',
          '{space} is a sea zone: land units move between land spaces.',
          '{space} — морская зона: сухопутные части перемещаются только между сухопутными областями.',
          { space },
        )
      : msg(
          'reason.movement.isDestinationLandSpace.2',
          "There is no land space ''{space}' on this board.",
          'На этой карте нет сухопутной области «{space}».',
          { space },
        ),
  isDestinationAdjacent: (world, { from, to }) => {
    const f = spaceName(world, from),
      t = spaceName(world, to);
    const ru =
      from === to ? `${t.ru} — та же область, где стоит соединение` : `${f.ru} и ${t.ru} не прилегают друг к другу`;
    return msg(
      'reason.movement.isDestinationAdjacent',
      '{t} is not adjacent to {f}: a Move action enters one adjacent space.',
      '{v}: акция движения ведёт в одну прилегающую область.',
      { t, f, v: ru },
    );
  },
  isFormationNotEmpty: () =>
    msg(
      'reason.movement.isFormationNotEmpty',
      'A formation needs at least one land unit or army leader.',
      'В соединении должна быть хотя бы одна сухопутная часть или командующий.',
    ),
  isMoveSplitByPower: byPowerReason,
  areLeadersOfActivePower: (world, { power, leader }) => {
    const n = leaderName(world, leader),
      p = powerName(power);
    return msg(
      'reason.movement.areLeadersOfActivePower',
      '{n} is not a {p} leader: a formation may not mix two major powers.',
      '{n} — не командующий {powerGen}: в одном соединении не может быть двух великих держав.',
      { n, p, powerGen: powerGen(power) },
    );
  },
  areUnitsInSpace: (world, f) => {
    const from = spaceName(world, f.from),
      p = powerName(f.power);
    const { regulars, mercenaries, cavalry } = f;
    const u = unitsText(world, { regulars, mercenaries, cavalry, leaders: [...f.leaders] });
    const whose = `${powerGen(f.power).ru} и ${ruAgree(f.power, 'их', 'её', 'его')} активных союзников`;
    const r = cite('22.1');
    const hint = f.inactiveMinorThere
      ? msg(
          'reason.movement.areUnitsInSpace.hint',
          ' Units of an inactive minor power never move ({r}).',
          ' Части неактивной второстепенной державы никогда не двигаются ({r}).',
          { r },
        )
      : msg('reason.movement.areUnitsInSpace.hint.2', '', '');
    return msg(
      'reason.movement.areUnitsInSpace',
      '{from} does not hold {u} of {p} and its active allies: every unit of a formation starts in the space it moves from.{hint}',
      '{capitalize} нет таких сил {whose} ({u}): все части соединения начинают движение в той области, откуда оно движется.{hint}',
      { from, u, p, hint, capitalize: capitalize(inSpace(world, f.from).ru), whose },
    );
  },
  haveNotLostBattleThisImpulse: (world, { from }) => {
    const f = spaceName(world, from);
    return msg(
      'reason.movement.haveNotLostBattleThisImpulse',
      'Units and leaders in {f} that lost a field battle earlier this impulse may not take part in a Move action.',
      'Части и командующие {inSpace}, проигравшие полевое сражение в этот импульс, не могут участвовать в акции движения.',
      { f, inSpace: inSpace(world, from) },
    );
  },
  areNotUnderSiege: (world, { from }) => {
    const f = spaceName(world, from);
    return msg(
      'reason.movement.areNotUnderSiege',
      'The units inside {f} are under siege and may not move.',
      'Части в укреплениях {spaceFrom} осаждены и не могут двигаться.',
      { f, spaceFrom: spaceFrom(world, from) },
    );
  },
  areNotBesiegingSinceThisImpulse: (world, { from }) => {
    const f = spaceName(world, from);
    return msg(
      'reason.movement.areNotBesiegingSinceThisImpulse',
      'Units besieging {f} put it under siege earlier this impulse and may not take part in a Move action.',
      'Части, осаждающие {spaceTo}, начали осаду в этот импульс и не могут участвовать в акции движения.',
      { f, spaceTo: spaceTo(world, from) },
    );
  },
  isWithinCommandLimit: commandLimitReason,
  hasCpForMove: (world, { from, to, cost, cp }) => {
    const how =
      cost === 2
        ? msg('reason.movement.hasCpForMove.how', 'over a pass costs 2 CP', 'через горный проход стоит 2 КО')
        : msg('reason.movement.hasCpForMove.how.2', 'costs 1 CP', 'стоит 1 КО');
    const f = spaceName(world, from),
      t = spaceName(world, to);
    return msg(
      'reason.movement.hasCpForMove',
      'Moving from {f} to {t} {how}; {cp} CP left.',
      'Движение {outOfSpace} {intoSpace} {how}, а осталось {cp} КО.',
      { f, t, how, cp, outOfSpace: outOfSpace(world, from), intoSpace: intoSpace(world, to) },
    );
  },
  mayEnterControlledSpace: (world, { power, to, controller }) => {
    const c = powerName(controller),
      t = spaceName(world, to),
      p = powerName(power);
    return msg(
      'reason.movement.mayEnterControlledSpace',
      '{t} is controlled by {c}, neither at war with nor allied to {p}.',
      '{t} под контролем {powerGen}, {controllerForm, select, pl {которые не воюют} n {которое не воюет} other {которая не воюет}} с {powerWith} и {controllerForm, select, pl {не состоят} other {не состоит}} с {powerForm, select, pl {ними} n {ним} other {ней}} в союзе.',
      {
        t,
        c,
        p,
        powerGen: powerGen(controller),
        controllerForm: ruFormOf(controller),
        powerWith: powerWith(power),
        powerForm: ruFormOf(power),
      },
    );
  },
  mayEnterOccupiedSpace: (world, { to, others }) => {
    const t = spaceName(world, to);
    return msg(
      'reason.movement.mayEnterOccupiedSpace',
      "{t} holds land units of {others}: a formation may enter only if they are all allies, all enemies, the enemy controller's bloc, or a siege it may join.",
      '{capitalize} стоят сухопутные части {othersGen}: войти туда можно, только если все они — союзники, или все — враги, или все принадлежат вражеской державе, контролирующей область, и её союзникам, или если там идёт осада, к которой можно присоединиться.',
      {
        t,
        others: listText(
          'list.and',
          others.map((o) => powerName(o)),
        ),
        capitalize: capitalize(inSpace(world, to).ru),
        othersGen: listText('list.and', others.map(powerGen)),
      },
    );
  },
  mayLeadersMoveAlone: (world, { to }) => {
    const t = spaceName(world, to);
    return msg(
      'reason.movement.mayLeadersMoveAlone',
      'Army leaders moving without land units may not enter {t}: it is enemy-controlled or holds enemy units.',
      'Командующие без сухопутных частей не могут войти {intoSpace}: область под вражеским контролем или в ней стоят вражеские части.',
      { t, intoSpace: intoSpace(world, to) },
    );
  },
  isProtestantFreeToMove: (_w, { power }) => heldBeforeLeagueReason(power, 'move'),
  mayEnterElectorate: (world, { power, to }) => electorateClosedReason(world, power, to, 'move'),
};
