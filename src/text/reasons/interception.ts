// 13.2 Interception: why an attempt is refused — the move, the power, the space it comes from, the formation.
import { goutReason } from './cards.ts';
import type { MinorPowerFacts } from '../../rules/relations.ts';
import type * as rules from '../../rules/interception.ts';
import {
  capitalize,
  inSpace,
  outOfSpace,
  powerDat,
  powerGen,
  powerName,
  powerWith,
  ruAgree,
  spaceName,
  ruFormOf,
  powerAdjective,
} from '../names.ts';
import { cite } from '../rules.ts';
import { type Text, msg } from '../text.ts';
import { byPowerReason } from './by-power.ts';
import { commandLimitReason } from './formation.ts';
import { electorateClosedReason, heldBeforeLeagueReason } from './league.ts';
import type { NameSource, RenderersOf } from './types.ts';

function actingMajorPowerReason(_w: NameSource, f: MinorPowerFacts): Text {
  const p = powerName(f.power);
  if (f.kind === 'activeMinor') {
    const m = powerName(f.major),
      r = cite('22.3');
    const who = ruAgree(f.major, 'которые решают', 'которая решает', 'которое решает');
    return msg(
      'reason.interception.actingMajorPowerReason',
      '{p} is an active minor power: its units intercept with {m}, who decides for them ({r}).',
      '{p} — активная второстепенная держава: её части перехватывают вместе с {powerWith}, {who} за них ({r}).',
      { p, m, r, powerWith: powerWith(f.major), who },
    );
  }
  const r = cite('22.1', '2.2');
  return msg(
    'reason.interception.actingMajorPowerReason.2',
    '{p} units never intercept: inactive minor powers and independents do not move ({r}).',
    'Части {powerGen} никогда не перехватывают: неактивные второстепенные державы и независимые не двигаются ({r}).',
    { p: powerAdjective(f.power), r, powerGen: powerGen(f.power) },
  );
}

export const INTERCEPTION_REASONS: RenderersOf<typeof rules> = {
  isProtestantFreeToIntercept: (_w, { power }) => heldBeforeLeagueReason(power, 'intercept'),
  mayInterceptIntoElectorate: (world, { power, to }) => electorateClosedReason(world, power, to, 'intercept'),
  isNoLeaderStruckByGout: goutReason,
  isMoveActionInterceptable: () =>
    msg(
      'reason.interception.isMoveActionInterceptable',
      'Formations moving by avoid battle, interception or retreat cannot be intercepted.',
      'Соединения, движущиеся при уклонении от сражения, перехвате или отступлении, не могут быть перехвачены.',
    ),
  isDestinationOpenToInterception: (world, { space }) => {
    const t = spaceName(world, space);
    return msg(
      'reason.interception.isDestinationOpenToInterception',
      '{t} is a friendly fortified space not under siege: a move into it cannot be intercepted.',
      '{t} — дружественная активной державе укреплённая область, не находящаяся в осаде: движение туда перехватить нельзя.',
      { t },
    );
  },
  isActingMajorPower: actingMajorPowerReason,
  isAtWarWithMover: (_w, { power, mover }) => {
    const p = powerName(power),
      a = powerName(mover);
    return msg(
      'reason.interception.isAtWarWithMover',
      '{p} is not at war with {a}: only units of a power at war with the active power may intercept.',
      '{p} {powerForm, select, pl {не воюют} other {не воюет}} с {powerWith}: перехватывать могут только части державы, воюющей с активной державой.',
      { p, a, powerForm: ruFormOf(power), powerWith: powerWith(mover) },
    );
  },
  isNoOtherPowerSuccessful: (_w, { successPower }) => {
    const s = powerName(successPower);
    return msg(
      'reason.interception.isNoOtherPowerSuccessful',
      '{s} has already intercepted this move: once one power succeeds, no other power may try, not even an ally.',
      '{s} уже {successPowerForm, select, pl {перехватили} n {перехватило} other {перехватила}} это движение: после успеха одной державы другие больше не пытаются, даже союзники.',
      { s, successPowerForm: ruFormOf(successPower) },
    );
  },
  hasNotDeclined: (_w, { power }) => {
    const p = powerName(power);
    return msg(
      'reason.interception.hasNotDeclined',
      '{p} has declined to make more interception attempts against this move.',
      '{p} уже {powerForm, select, pl {отказались} n {отказалось} other {отказалась}} от дальнейших попыток перехватить это движение.',
      { p, powerForm: ruFormOf(power) },
    );
  },
  isInterceptorsTurn: (_w, { asking }) => {
    const a = powerName(asking);
    return msg(
      'reason.interception.isInterceptorsTurn',
      'Interception attempts are made one at a time in impulse order: {a} decides now.',
      'Попытки перехвата делаются по одной, в порядке импульсов: сейчас {askingForm, select, pl {решают} other {решает}} {a}.',
      { a, askingForm: ruFormOf(asking) },
    );
  },
  isInterceptorAdjacent: (world, { from, to }) => {
    const f = spaceName(world, from),
      t = spaceName(world, to);
    const ru = from === to ? `${f.ru} — сама область назначения` : `${f.ru} и ${t.ru} не прилегают друг к другу`;
    return msg(
      'reason.interception.isInterceptorAdjacent',
      '{f} is not adjacent to {t}: interceptors come from a space adjacent to the destination.',
      '{v}: перехватчики приходят из области, прилегающей к области назначения.',
      { f, t, v: ru },
    );
  },
  isNotAcrossPass: (world, { from, to }) => {
    const f = spaceName(world, from),
      t = spaceName(world, to);
    return msg(
      'reason.interception.isNotAcrossPass',
      '{f} and {t} are joined by a pass: there is no interception across a pass.',
      '{f} и {t} связаны горным проходом: перехват через горный проход запрещён.',
      { f, t },
    );
  },
  isSpaceNotUsed: (world, { from }) => {
    const f = spaceName(world, from);
    return msg(
      'reason.interception.isSpaceNotUsed',
      'An attempt has already been made from {f}: a space may not make another attempt.',
      '{capitalize} уже была попытка перехвата: второй попытки из той же области быть не может.',
      { f, capitalize: capitalize(outOfSpace(world, from).ru) },
    );
  },
  isInterceptionNotEmpty: () =>
    msg(
      'reason.interception.isInterceptionNotEmpty',
      'An intercepting formation needs at least one land unit or army leader.',
      'В перехватывающем соединении должна быть хотя бы одна сухопутная часть или командующий.',
    ),
  isInterceptionSplitByPower: byPowerReason,
  areInterceptorsInSpace: (world, { power, from }) => {
    const f = spaceName(world, from),
      p = powerAdjective(power);
    return msg(
      'reason.interception.areInterceptorsInSpace',
      '{f} does not hold those {p} units and leaders: an intercepting formation starts in one space.',
      '{capitalize} нет таких частей и командующих {powerGen}: перехватывающее соединение выступает из одной области.',
      { f, p, capitalize: capitalize(inSpace(world, from).ru), powerGen: powerGen(power) },
    );
  },
  haveNotAttemptedInterception: (world, { from }) => {
    const f = spaceName(world, from);
    return msg(
      'reason.interception.haveNotAttemptedInterception',
      'Units or leaders in {f} already attempted an interception this impulse and may not try again.',
      'Части или командующие {inSpace} уже пытались перехватывать в этот импульс и не могут пытаться снова.',
      { f, inSpace: inSpace(world, from) },
    );
  },
  areInterceptorsNotBesieged: (world, { kind, from }) => {
    const f = spaceName(world, from);
    if (kind === 'besiegedByMover')
      return msg(
        'reason.interception.areInterceptorsNotBesieged',
        'The stack in {f} was besieged by the formation that is moving out: it may not intercept that move.',
        'Группировку {inSpace} осаждало соединение, которое сейчас оттуда выходит: перехватить это движение она не может.',
        { f, inSpace: inSpace(world, from) },
      );
    return msg(
      'reason.interception.areInterceptorsNotBesieged.2',
      'Units under siege in {f} may not intercept.',
      'Осаждённые части {inSpace} не могут перехватывать.',
      { f, inSpace: inSpace(world, from) },
    );
  },
  isWithinCommandLimit: commandLimitReason,
  mayInterceptIntoOccupiedSpace: (world, { power, space }) => {
    const t = spaceName(world, space),
      p = powerName(power);
    return msg(
      'reason.interception.mayInterceptIntoOccupiedSpace',
      '{t} already holds land units that belong neither to {p} nor to its allies: only their power or its allies may intercept into it.',
      '{capitalize} уже стоят сухопутные части, не принадлежащие {powerDat} или {powerForm, select, pl {их} n {его} other {её}} союзникам: перехватывать туда могут только владелец этих частей и его союзники.',
      {
        t,
        p,
        capitalize: capitalize(inSpace(world, space).ru),
        powerDat: powerDat(power),
        powerForm: ruFormOf(power),
      },
    );
  },
  isNoSiegeInOccupiedDestination: (world, { space }) => {
    const t = spaceName(world, space),
      r = cite('R8');
    return msg(
      'reason.interception.isNoSiegeInOccupiedDestination',
      'Units are under siege in {t} at the start of the move: no interception into it ({r}).',
      '{capitalize} к началу движения есть осаждённые части: перехват туда запрещён ({r}).',
      { t, r, capitalize: capitalize(inSpace(world, space).ru) },
    );
  },
  mayInterceptorEnterSpace: (world, { power, space, controller }) => {
    const c = powerName(controller),
      t = spaceName(world, space),
      p = powerName(power);
    const which = ruAgree(controller, 'которые', 'которая', 'которое');
    return msg(
      'reason.interception.mayInterceptorEnterSpace',
      '{t} is controlled by {c}, neither an enemy nor an ally of {p}: its interceptors may not enter.',
      '{t} под контролем {powerGen}, {which} {powerDat} {controllerForm, select, pl {ни враги, ни союзники} other {ни враг, ни союзник}}: {powerForm, select, pl {их} n {его} other {её}} перехватчики не могут туда войти.',
      {
        t,
        c,
        p,
        powerGen: powerGen(controller),
        which,
        powerDat: powerDat(power),
        controllerForm: ruFormOf(controller),
        powerForm: ruFormOf(power),
      },
    );
  },
};
