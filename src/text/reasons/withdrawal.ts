// 13.4 Withdrawing into Fortifications: why a withdrawal is refused, and why the formation may not move on.
import type * as rules from '../../rules/withdrawal.ts';
import {
  capitalize,
  inSpace,
  powerGen,
  powerName,
  powerWith,
  powers,
  ruLandUnits,
  spaceFrom,
  spaceName,
  ruFormOf,
  powerAdjective,
} from '../names.ts';
import { count, enForm, enPluralOf, NOUNS, says } from '../grammar.ts';
import { cite } from '../rules.ts';
import { msg } from '../text.ts';
import type { RenderersOf } from './types.ts';

export const WITHDRAWAL_REASONS: RenderersOf<typeof rules> = {
  isNotStoppedByFoulWeather: (_world, { power }) => {
    return msg(
      'reason.withdrawal.isNotStoppedByFoulWeather',
      'Foul Weather (#31) was played this impulse: no {pAdj} formation moves on (13.4 option 1, ruling R26).',
      'В этот импульс сыграна «Непогода» (№31): соединения {powerGen} дальше не двигаются (13.4, вариант 1; постановление R26).',
      { pAdj: powerAdjective(power), powerGen: powerGen(power) },
    );
  },
  isDestinationFortified: (world, { space }) => {
    const t = spaceName(world, space);
    return msg(
      'reason.withdrawal.isDestinationFortified',
      '{t} is not fortified: there are no fortifications to withdraw into.',
      '{capitalize} нет укреплений: отходить некуда.',
      { t, capitalize: capitalize(inSpace(world, space).ru) },
    );
  },
  hasDefendersToWithdraw: (world, { space }) => {
    const t = spaceName(world, space);
    return msg(
      'reason.withdrawal.hasDefendersToWithdraw',
      'No enemy land units stand outside the fortifications of {t}.',
      'Вне укреплений {spaceFrom} нет вражеских сухопутных частей.',
      { t, spaceFrom: spaceFrom(world, space) },
    );
  },
  isControlledByDefender: (world, { space, controller }) => {
    const t = spaceName(world, space),
      c = powerName(controller);
    return msg(
      'reason.withdrawal.isControlledByDefender',
      '{t} is controlled by {c}, neither a defending power nor its ally.',
      '{t} под контролем {powerGen}, {controllerForm, select, pl {которые не обороняются там и не состоят} n {которое не обороняется там и не состоит} other {которая не обороняется там и не состоит}} в союзе с обороняющимися.',
      { t, c, powerGen: powerGen(controller), controllerForm: ruFormOf(controller) },
    );
  },
  mayEveryDefenderGoInside: (world, { space, controller, outside }) => {
    const o = powers(outside),
      t = spaceName(world, space);
    const c = powerName(controller),
      r = cite('2.1');
    return msg(
      'reason.withdrawal.mayEveryDefenderGoInside',
      '{o} may not be inside {t}, which {c} controls (only the controller and its allies, {r}): the stack withdraws all together or not at all, so nobody withdraws.',
      '{o} не {outsideForm, select, pl {могут} other {может}} находиться в укреплениях {spaceFrom} под контролем {powerGen} (только контролирующая держава и её союзники, {r}): отходят все вместе или никто, поэтому отхода нет.',
      {
        o,
        t,
        c,
        r,
        outsideForm: ruFormOf(outside),
        spaceFrom: spaceFrom(world, space),
        powerGen: powerGen(controller),
      },
    );
  },
  hasAtMostFourUnits: (world, { space, landUnits: n }) => {
    const t = spaceName(world, space);
    return msg(
      'reason.withdrawal.hasAtMostFourUnits',
      '{units} {n, select, true {is} other {are}} in {t}: only a stack of 4 or fewer may withdraw into the fortifications.',
      '{capitalize} {units}: отойти в укрепления может только группировка из 4 частей или меньше.',
      {
        units: count(n, NOUNS.landUnit),
        n: n === 1 ? 'true' : 'false',
        t,
        capitalize: capitalize(inSpace(world, space).ru),
      },
    );
  },
  keepsFortificationLimit: (world, { space, inside }) => {
    const t = spaceName(world, space);
    return msg(
      'reason.withdrawal.keepsFortificationLimit',
      '{says} already inside {t}: no more than 4 may be inside a fortified space.',
      'В укреплениях {spaceFrom} уже {ruLandUnits}: в укреплённой области внутри может быть не более 4.',
      {
        says: says(count(inside, NOUNS.landUnit), 'is|are', ''),
        t,
        spaceFrom: spaceFrom(world, space),
        ruLandUnits: ruLandUnits(inside),
      },
    );
  },
  isWithdrawalDecider: (_w, { decider, kind }) =>
    kind === 'defender'
      ? msg(
          'reason.withdrawal.isWithdrawalDecider',
          '{powerName} decides: it is the only power defending the space, so it decides whether to withdraw.',
          'Выбор за {powerWith}: область обороняет только эта держава, и отходить ли в укрепления, решает она.',
          { powerName: powerName(decider), powerWith: powerWith(decider) },
        )
      : msg(
          'reason.withdrawal.isWithdrawalDecider.2',
          '{powerName} decides: several powers defend the space, so the power that controls it decides whether to withdraw.',
          'Выбор за {powerWith}: область обороняют несколько держав, и отходить ли в укрепления, решает держава, контролирующая её.',
          { powerName: powerName(decider), powerWith: powerWith(decider) },
        ),
  hasCpToContinue: (_w, { cost, cp }) =>
    msg(
      'reason.withdrawal.hasCpToContinue',
      'Moving on costs {cost} CP and {cp} CP {enForm} left: the formation must retreat instead (option 2).',
      'Продолжение движения стоит {cost} КО, а осталось {cp} КО: соединение должно отступить (вариант 2).',
      { cost, cp, enForm: enForm(enPluralOf(cp), 'is|are') },
    ),
};
