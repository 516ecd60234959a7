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
} from '../names.ts';
import { cite } from '../rules.ts';
import { text, type Text } from '../text.ts';
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
    return text(
      `${p.en} is an active minor power: its units intercept with ${m.en}, who decides for them (${r.en}).`,
      `${p.ru} — активная второстепенная держава: её части перехватывают вместе с ${powerWith(f.major).ru}, ` +
        `${who} за них (${r.ru}).`,
    );
  }
  const r = cite('22.1', '2.2');
  return text(
    `${p.en} units never intercept: inactive minor powers and independents do not move (${r.en}).`,
    `Части ${powerGen(f.power).ru} никогда не перехватывают: неактивные второстепенные державы и независимые ` +
      `не двигаются (${r.ru}).`,
  );
}

export const INTERCEPTION_REASONS: RenderersOf<typeof rules> = {
  isProtestantFreeToIntercept: (_w, { power }) => heldBeforeLeagueReason(power, 'intercept'),
  mayInterceptIntoElectorate: (world, { power, to }) => electorateClosedReason(world, power, to, 'intercept'),
  isNoLeaderStruckByGout: goutReason,
  isMoveActionInterceptable: () =>
    text(
      'Formations moving by avoid battle, interception or retreat cannot be intercepted.',
      'Соединения, движущиеся при уклонении от сражения, перехвате или отступлении, не могут быть перехвачены.',
    ),
  isDestinationOpenToInterception: (world, { space }) => {
    const t = spaceName(world, space);
    return text(
      `${t.en} is a friendly fortified space not under siege: a move into it cannot be intercepted.`,
      `${t.ru} — дружественная активной державе укреплённая область, не находящаяся в осаде: ` +
        'движение туда перехватить нельзя.',
    );
  },
  isActingMajorPower: actingMajorPowerReason,
  isAtWarWithMover: (_w, { power, mover }) => {
    const p = powerName(power),
      a = powerName(mover);
    return text(
      `${p.en} is not at war with ${a.en}: only units of a power at war with the active power may intercept.`,
      `${p.ru} ${ruAgree(power, 'не воюют', 'не воюет')} с ${powerWith(mover).ru}: ` +
        'перехватывать могут только части державы, воюющей с активной державой.',
    );
  },
  isNoOtherPowerSuccessful: (_w, { successPower }) => {
    const s = powerName(successPower);
    return text(
      `${s.en} has already intercepted this move: once one power succeeds, no other power may try, not even an ally.`,
      `${s.ru} уже ${ruAgree(successPower, 'перехватили', 'перехватила', 'перехватило')} это движение: ` +
        'после успеха одной державы другие больше не пытаются, даже союзники.',
    );
  },
  hasNotDeclined: (_w, { power }) => {
    const p = powerName(power);
    return text(
      `${p.en} has declined to make more interception attempts against this move.`,
      `${p.ru} уже ${ruAgree(power, 'отказались', 'отказалась', 'отказалось')} от дальнейших попыток перехватить ` +
        'это движение.',
    );
  },
  isInterceptorsTurn: (_w, { asking }) => {
    const a = powerName(asking);
    return text(
      `Interception attempts are made one at a time in impulse order: ${a.en} decides now.`,
      `Попытки перехвата делаются по одной, в порядке импульсов: сейчас ${ruAgree(asking, 'решают', 'решает')} ` +
        `${a.ru}.`,
    );
  },
  isInterceptorAdjacent: (world, { from, to }) => {
    const f = spaceName(world, from),
      t = spaceName(world, to);
    const ru = from === to ? `${f.ru} — сама область назначения` : `${f.ru} и ${t.ru} не прилегают друг к другу`;
    return text(
      `${f.en} is not adjacent to ${t.en}: interceptors come from a space adjacent to the destination.`,
      `${ru}: перехватчики приходят из области, прилегающей к области назначения.`,
    );
  },
  isNotAcrossPass: (world, { from, to }) => {
    const f = spaceName(world, from),
      t = spaceName(world, to);
    return text(
      `${f.en} and ${t.en} are joined by a pass: there is no interception across a pass.`,
      `${f.ru} и ${t.ru} связаны горным проходом: перехват через горный проход запрещён.`,
    );
  },
  isSpaceNotUsed: (world, { from }) => {
    const f = spaceName(world, from);
    return text(
      `An attempt has already been made from ${f.en}: a space may not make another attempt.`,
      `${capitalize(outOfSpace(world, from).ru)} уже была попытка перехвата: второй попытки из той же области ` +
        'быть не может.',
    );
  },
  isInterceptionNotEmpty: () =>
    text(
      'An intercepting formation needs at least one land unit or army leader.',
      'В перехватывающем соединении должна быть хотя бы одна сухопутная часть или командующий.',
    ),
  isInterceptionSplitByPower: byPowerReason,
  areInterceptorsInSpace: (world, { power, from }) => {
    const f = spaceName(world, from),
      p = powerName(power);
    return text(
      `${f.en} does not hold those ${p.en} units and leaders: an intercepting formation starts in one space.`,
      `${capitalize(inSpace(world, from).ru)} нет таких частей и командующих ${powerGen(power).ru}: ` +
        'перехватывающее соединение выступает из одной области.',
    );
  },
  haveNotAttemptedInterception: (world, { from }) => {
    const f = spaceName(world, from);
    return text(
      `Units or leaders in ${f.en} already attempted an interception this impulse and may not try again.`,
      `Части или командующие ${inSpace(world, from).ru} уже пытались перехватывать в этот импульс и не могут ` +
        'пытаться снова.',
    );
  },
  areInterceptorsNotBesieged: (world, { kind, from }) => {
    const f = spaceName(world, from);
    if (kind === 'besiegedByMover')
      return text(
        `The stack in ${f.en} was besieged by the formation that is moving out: it may not intercept that move.`,
        `Группировку ${inSpace(world, from).ru} осаждало соединение, которое сейчас оттуда выходит: ` +
          'перехватить это движение она не может.',
      );
    return text(
      `Units under siege in ${f.en} may not intercept.`,
      `Осаждённые части ${inSpace(world, from).ru} не могут перехватывать.`,
    );
  },
  isWithinCommandLimit: commandLimitReason,
  mayInterceptIntoOccupiedSpace: (world, { power, space }) => {
    const t = spaceName(world, space),
      p = powerName(power);
    return text(
      `${t.en} already holds land units that belong neither to ${p.en} nor to its allies: ` +
        'only their power or its allies may intercept into it.',
      `${capitalize(inSpace(world, space).ru)} уже стоят сухопутные части, не принадлежащие ${powerDat(power).ru} ` +
        `или ${ruAgree(power, 'их', 'её', 'его')} союзникам: перехватывать туда могут только владелец этих ` +
        'частей и его союзники.',
    );
  },
  isNoSiegeInOccupiedDestination: (world, { space }) => {
    const t = spaceName(world, space),
      r = cite('R8');
    return text(
      `Units are under siege in ${t.en} at the start of the move: no interception into it (${r.en}).`,
      `${capitalize(inSpace(world, space).ru)} к началу движения есть осаждённые части: перехват туда запрещён ` +
        `(${r.ru}).`,
    );
  },
  mayInterceptorEnterSpace: (world, { power, space, controller }) => {
    const c = powerName(controller),
      t = spaceName(world, space),
      p = powerName(power);
    const which = ruAgree(controller, 'которые', 'которая', 'которое');
    return text(
      `${t.en} is controlled by ${c.en}, neither an enemy nor an ally of ${p.en}: its interceptors may not enter.`,
      `${t.ru} под контролем ${powerGen(controller).ru}, ${which} ${powerDat(power).ru} ` +
        `${ruAgree(controller, 'ни враги, ни союзники', 'ни враг, ни союзник')}: ` +
        `${ruAgree(power, 'их', 'её', 'его')} перехватчики не могут туда войти.`,
    );
  },
};
