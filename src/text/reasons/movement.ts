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
  ruList,
  spaceFrom,
  spaceName,
  spaceTo,
  unitsText,
} from '../names.ts';
import { cite } from '../rules.ts';
import { text } from '../text.ts';
import { byPowerReason } from './by-power.ts';
import { commandLimitReason } from './formation.ts';
import { electorateClosedReason, heldBeforeLeagueReason } from './league.ts';
import type { RenderersOf } from './types.ts';

export const MOVEMENT_REASONS: RenderersOf<typeof rules> = {
  isNoLeaderStruckByGout: goutReason,
  isDestinationLandSpace: (_w, { space, seaZone }) =>
    seaZone
      ? text(
          `${space} is a sea zone: land units move between land spaces.`,
          `${space} — морская зона: сухопутные части перемещаются только между сухопутными областями.`,
        )
      : text(`There is no land space '${space}' on this board.`, `На этой карте нет сухопутной области «${space}».`),
  isDestinationAdjacent: (world, { from, to }) => {
    const f = spaceName(world, from),
      t = spaceName(world, to);
    const ru =
      from === to ? `${t.ru} — та же область, где стоит соединение` : `${f.ru} и ${t.ru} не прилегают друг к другу`;
    return text(
      `${t.en} is not adjacent to ${f.en}: a Move action enters one adjacent space.`,
      `${ru}: акция движения ведёт в одну прилегающую область.`,
    );
  },
  isFormationNotEmpty: () =>
    text(
      'A formation needs at least one land unit or army leader.',
      'В соединении должна быть хотя бы одна сухопутная часть или командующий.',
    ),
  isMoveSplitByPower: byPowerReason,
  areLeadersOfActivePower: (world, { power, leader }) => {
    const n = leaderName(world, leader),
      p = powerName(power);
    return text(
      `${n.en} is not a ${p.en} leader: a formation may not mix two major powers.`,
      `${n.ru} — не командующий ${powerGen(power).ru}: в одном соединении не может быть двух великих держав.`,
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
      ? text(
          ` Units of an inactive minor power never move (${r.en}).`,
          ` Части неактивной второстепенной державы никогда не двигаются (${r.ru}).`,
        )
      : text('', '');
    return text(
      `${from.en} does not hold ${u.en} of ${p.en} and its active allies: ` +
        `every unit of a formation starts in the space it moves from.${hint.en}`,
      `${capitalize(inSpace(world, f.from).ru)} нет таких сил ${whose} (${u.ru}): ` +
        `все части соединения начинают движение в той области, откуда оно движется.${hint.ru}`,
    );
  },
  haveNotLostBattleThisImpulse: (world, { from }) => {
    const f = spaceName(world, from);
    return text(
      `Units and leaders in ${f.en} that lost a field battle earlier this impulse may not take part in a Move action.`,
      `Части и командующие ${inSpace(world, from).ru}, проигравшие полевое сражение в этот импульс, ` +
        'не могут участвовать в акции движения.',
    );
  },
  areNotUnderSiege: (world, { from }) => {
    const f = spaceName(world, from);
    return text(
      `The units inside ${f.en} are under siege and may not move.`,
      `Части в укреплениях ${spaceFrom(world, from).ru} осаждены и не могут двигаться.`,
    );
  },
  areNotBesiegingSinceThisImpulse: (world, { from }) => {
    const f = spaceName(world, from);
    return text(
      `Units besieging ${f.en} put it under siege earlier this impulse and may not take part in a Move action.`,
      `Части, осаждающие ${spaceTo(world, from).ru}, начали осаду в этот импульс и не могут участвовать в ` +
        'акции движения.',
    );
  },
  isWithinCommandLimit: commandLimitReason,
  hasCpForMove: (world, { from, to, cost, cp }) => {
    const how =
      cost === 2 ? text('over a pass costs 2 CP', 'через горный проход стоит 2 КО') : text('costs 1 CP', 'стоит 1 КО');
    const f = spaceName(world, from),
      t = spaceName(world, to);
    return text(
      `Moving from ${f.en} to ${t.en} ${how.en}; ${cp} CP left.`,
      `Движение ${outOfSpace(world, from).ru} ${intoSpace(world, to).ru} ${how.ru}, а осталось ${cp} КО.`,
    );
  },
  mayEnterControlledSpace: (world, { power, to, controller }) => {
    const c = powerName(controller),
      t = spaceName(world, to),
      p = powerName(power);
    const which = ruAgree(controller, 'которые не воюют', 'которая не воюет', 'которое не воюет');
    const allied = ruAgree(controller, 'не состоят', 'не состоит');
    return text(
      `${t.en} is controlled by ${c.en}, neither at war with nor allied to ${p.en}.`,
      `${t.ru} под контролем ${powerGen(controller).ru}, ${which} с ${powerWith(power).ru} ` +
        `и ${allied} с ${ruAgree(power, 'ними', 'ней', 'ним')} в союзе.`,
    );
  },
  mayEnterOccupiedSpace: (world, { to, others }) => {
    const t = spaceName(world, to);
    return text(
      `${t.en} holds land units of ${others.map((o) => powerName(o).en).join(' and ')}: a formation may enter ` +
        'only if ' +
        "they are all allies, all enemies, the enemy controller's bloc, or a siege it may join.",
      `${capitalize(inSpace(world, to).ru)} стоят сухопутные части ${ruList(others.map((o) => powerGen(o).ru))}: ` +
        'войти туда можно, только если все они — союзники, или все — враги, или все принадлежат вражеской державе, ' +
        'контролирующей область, и её союзникам, или если там идёт осада, к которой можно присоединиться.',
    );
  },
  mayLeadersMoveAlone: (world, { to }) => {
    const t = spaceName(world, to);
    return text(
      `Army leaders moving without land units may not enter ${t.en}: it is enemy-controlled or holds enemy units.`,
      `Командующие без сухопутных частей не могут войти ${intoSpace(world, to).ru}: ` +
        'область под вражеским контролем или в ней стоят вражеские части.',
    );
  },
  isProtestantFreeToMove: (_w, { power }) => heldBeforeLeagueReason(power, 'move'),
  mayEnterElectorate: (world, { power, to }) => electorateClosedReason(world, power, to, 'move'),
};
