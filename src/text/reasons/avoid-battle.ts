// 13.3 Avoid Battle: why an attempt is refused — who tries, where to, with which units.
import { goutReason } from './cards.ts';
import type { MinorPowerFacts } from '../../rules/relations.ts';
import type * as rules from '../../rules/avoid-battle.ts';
import {
  inSpace,
  powerAdjective,
  powerGen,
  powerName,
  powerWith,
  ruAgree,
  spaceFrom,
  spaceName,
  ruFormOf,
} from '../names.ts';
import { cite } from '../rules.ts';
import { type Text, msg } from '../text.ts';
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
    return msg(
      'reason.avoid-battle.avoidingMajorPowerReason',
      '{p} avoids battle together with {m}, who decides for it ({r}).',
      '{p} {powerForm, select, pl {уклоняются} other {уклоняется}} от сражения вместе с {powerWith}, {who} за {powerForm, select, pl {них} n {него} other {неё}} ({r}).',
      { p, m, r, powerForm: ruFormOf(f.power), powerWith: powerWith(f.major), who },
    );
  }
  const r = cite('22.1');
  return msg(
    'reason.avoid-battle.avoidingMajorPowerReason.2',
    '{p} units never avoid battle: inactive minor powers and independents stand ({r}).',
    'Части {powerGen} никогда не уклоняются от сражения: неактивные второстепенные державы и независимые остаются на месте ({r}).',
    { p: powerAdjective(f.power), r, powerGen: powerGen(f.power) },
  );
}

export const AVOID_BATTLE_REASONS: RenderersOf<typeof rules> = {
  isNoLeaderStruckByGout: goutReason,
  isAvoidingMajorPower: avoidingMajorPowerReason,
  didNotIntercept: (_w, { power }) => {
    const p = powerName(power);
    return msg(
      'reason.avoid-battle.didNotIntercept',
      '{p} intercepted into the battle space during this move: it may not avoid battle.',
      '{p} {powerForm, select, pl {перехватили} n {перехватило} other {перехватила}} это движение и {powerForm, select, pl {вошли} n {вошло} other {вошла}} в область сражения: уклоняться от сражения {powerForm, select, pl {им} n {ему} other {ей}} нельзя.',
      { p, powerForm: ruFormOf(power) },
    );
  },
  isNotLoneLeader: (world, { kind, power, space }) => {
    const p = powerName(power),
      t = spaceName(world, space);
    if (kind === 'inside')
      return msg(
        'reason.avoid-battle.isNotLoneLeader',
        '{p} has no land units outside the fortifications of {t}: units inside, under siege, may not avoid battle.',
        'У {powerGen} нет сухопутных частей вне укреплений {spaceFrom}: части внутри, в осаде, не могут уклоняться от сражения.',
        { p, t, powerGen: powerGen(power), spaceFrom: spaceFrom(world, space) },
      );
    return msg(
      'reason.avoid-battle.isNotLoneLeader.2',
      '{p} has no land units in {t}: a leader alone may not avoid battle.',
      'У {powerGen} нет сухопутных частей {inSpace}: командующий без частей не может уклониться от сражения.',
      { p, t, powerGen: powerGen(power), inSpace: inSpace(world, space) },
    );
  },
  hasNotAvoided: (_w, { power }) => {
    const p = powerName(power);
    return msg(
      'reason.avoid-battle.hasNotAvoided',
      '{p} has already made (or declined) its avoid-battle attempt for this move.',
      '{p} уже {powerForm, select, pl {пытались} n {пыталось} other {пыталась}} уклониться от сражения при этом движении (или {powerForm, select, pl {отказались} n {отказалось} other {отказалась}} от попытки).',
      { p, powerForm: ruFormOf(power) },
    );
  },
  isAvoidersTurn: (_w, { asking }) => {
    const a = powerName(asking);
    return msg(
      'reason.avoid-battle.isAvoidersTurn',
      'Avoid-battle attempts are made one power at a time, in impulse order: {a} decides now.',
      'Попытки уклониться от сражения делают державы по очереди, в порядке импульсов: сейчас {askingForm, select, pl {решают} other {решает}} {a}.',
      { a, askingForm: ruFormOf(asking) },
    );
  },
  isAvoidNotEmpty: () =>
    msg(
      'reason.avoid-battle.isAvoidNotEmpty',
      'Name at least one land unit or leader that tries to avoid battle.',
      'Назовите хотя бы одну сухопутную часть или командующего, которые пытаются уклониться от сражения.',
    ),
  isAvoidSplitByPower: byPowerReason,
  areAvoidersInSpace: (world, { power, space }) => {
    const p = powerAdjective(power),
      t = spaceName(world, space);
    return msg(
      'reason.avoid-battle.areAvoidersInSpace',
      'Those {p} units and leaders are not outside the fortifications in {t} (units under siege may not avoid battle).',
      'Этих частей и командующих {powerGen} нет вне укреплений {spaceFrom} (осаждённые части не могут уклоняться от сражения).',
      { p, t, powerGen: powerGen(power), spaceFrom: spaceFrom(world, space) },
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
      a = powerAdjective(mover);
    return msg(
      'reason.avoid-battle.isNotSpaceEnemyCameFrom',
      '{f} is the space the {a} formation just left: no avoiding battle into it.',
      '{f} — область, которую только что покинуло соединение {powerGen}: уклоняться туда нельзя.',
      { f, a, powerGen: powerGen(mover) },
    );
  },
};
