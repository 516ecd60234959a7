// 13.3 Avoid Battle: why an attempt is refused — who tries, where to, with which units.
import { goutReason } from './cards.ts';
import type { MinorPowerFacts } from '../../rules/relations.ts';
import type * as rules from '../../rules/avoid-battle.ts';
import { inSpace, powerGen, powerName, powerWith, ruAgree, spaceFrom, spaceName } from '../names.ts';
import { cite } from '../rules.ts';
import { text, type Text } from '../text.ts';
import { byPowerReason } from './by-power.ts';
import {
  adjacentReason,
  freeOfEnemyReason,
  friendlyReason,
  landSpaceReason,
  notInUnrestReason,
  notIndependentReason,
} from './destinations.ts';
import { electorateClosedReason, heldBeforeLeagueReason } from './league.ts';
import type { NameSource, RenderersOf } from './types.ts';

function avoidingMajorPowerReason(_w: NameSource, f: MinorPowerFacts): Text {
  const p = powerName(f.power);
  if (f.kind === 'activeMinor') {
    const m = powerName(f.major),
      r = cite('13.3', '22.3');
    const who = ruAgree(f.major, 'которые решают', 'которая решает', 'которое решает');
    return text(
      `${p.en} avoids battle together with ${m.en}, who decides for it (${r.en}).`,
      `${p.ru} ${ruAgree(f.power, 'уклоняются', 'уклоняется')} от сражения вместе с ${powerWith(f.major).ru}, ${who} ` +
        `за ${ruAgree(f.power, 'них', 'неё', 'него')} (${r.ru}).`,
    );
  }
  const r = cite('22.1');
  return text(
    `${p.en} units never avoid battle: inactive minor powers and independents stand (${r.en}).`,
    `Части ${powerGen(f.power).ru} никогда не уклоняются от сражения: ` +
      `неактивные второстепенные державы и независимые остаются на месте (${r.ru}).`,
  );
}

export const AVOID_BATTLE_REASONS: RenderersOf<typeof rules> = {
  isNoLeaderStruckByGout: goutReason,
  isAvoidingMajorPower: avoidingMajorPowerReason,
  didNotIntercept: (_w, { power }) => {
    const p = powerName(power);
    return text(
      `${p.en} intercepted into the battle space during this move: it may not avoid battle.`,
      `${p.ru} ${ruAgree(power, 'перехватили', 'перехватила', 'перехватило')} это движение и ` +
        `${ruAgree(power, 'вошли', 'вошла', 'вошло')} в область сражения: ` +
        `уклоняться от сражения ${ruAgree(power, 'им', 'ей', 'ему')} нельзя.`,
    );
  },
  isNotLoneLeader: (world, { kind, power, space }) => {
    const p = powerName(power),
      t = spaceName(world, space);
    if (kind === 'inside')
      return text(
        `${p.en} has no land units outside the fortifications of ${t.en}: units inside, under siege, may ` +
          'not avoid battle.',
        `У ${powerGen(power).ru} нет сухопутных частей вне укреплений ${spaceFrom(world, space).ru}: ` +
          'части внутри, в осаде, не могут уклоняться от сражения.',
      );
    return text(
      `${p.en} has no land units in ${t.en}: a leader alone may not avoid battle.`,
      `У ${powerGen(power).ru} нет сухопутных частей ${inSpace(world, space).ru}: командующий без частей ` +
        'не может уклониться от сражения.',
    );
  },
  hasNotAvoided: (_w, { power }) => {
    const p = powerName(power);
    return text(
      `${p.en} has already made (or declined) its avoid-battle attempt for this move.`,
      `${p.ru} уже ${ruAgree(power, 'пытались', 'пыталась', 'пыталось')} уклониться от сражения при этом движении ` +
        `(или ${ruAgree(power, 'отказались', 'отказалась', 'отказалось')} от попытки).`,
    );
  },
  isAvoidersTurn: (_w, { asking }) => {
    const a = powerName(asking);
    return text(
      `Avoid-battle attempts are made one power at a time, in impulse order: ${a.en} decides now.`,
      `Попытки уклониться от сражения делают державы по очереди, в порядке импульсов: ` +
        `сейчас ${ruAgree(asking, 'решают', 'решает')} ${a.ru}.`,
    );
  },
  isAvoidNotEmpty: () =>
    text(
      'Name at least one land unit or leader that tries to avoid battle.',
      'Назовите хотя бы одну сухопутную часть или командующего, которые пытаются уклониться от сражения.',
    ),
  isAvoidSplitByPower: byPowerReason,
  areAvoidersInSpace: (world, { power, space }) => {
    const p = powerName(power),
      t = spaceName(world, space);
    return text(
      `Those ${p.en} units and leaders are not outside the fortifications in ${t.en} (units under siege may ` +
        'not avoid battle).',
      `Этих частей и командующих ${powerGen(power).ru} нет вне укреплений ${spaceFrom(world, space).ru} ` +
        '(осаждённые части не могут уклоняться от сражения).',
    );
  },
  isAvoidDestinationLandSpace: landSpaceReason,
  isAvoidDestinationAdjacent: adjacentReason,
  isAvoidDestinationNotIndependent: notIndependentReason,
  isAvoidDestinationFriendly: friendlyReason,
  isAvoidDestinationNotInUnrest: notInUnrestReason,
  isAvoidDestinationFreeOfEnemy: freeOfEnemyReason,
  isAvoidDestinationNotElectorate: (world, { power, to }) => electorateClosedReason(world, power, to, 'avoid'),
  isProtestantFreeToAvoid: (_w, { power }) => heldBeforeLeagueReason(power, 'avoid'),
  isNotSpaceEnemyCameFrom: (world, { space, mover }) => {
    const f = spaceName(world, space),
      a = powerName(mover);
    return text(
      `${f.en} is the space the ${a.en} formation just left: no avoiding battle into it.`,
      `${f.ru} — область, которую только что покинуло соединение ${powerGen(mover).ru}: уклоняться туда нельзя.`,
    );
  },
};
