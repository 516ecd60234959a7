// 13.4 Withdrawing into Fortifications: why a withdrawal is refused, and why the formation may not move on.
import type * as rules from '../../rules/withdrawal.ts';
import {
  capitalize,
  enLandUnits,
  inSpace,
  powerGen,
  powerName,
  powerWith,
  powers,
  ruAgree,
  ruLandUnits,
  spaceFrom,
  spaceName,
} from '../names.ts';
import { count, enForm, enPluralOf, NOUNS, says } from '../grammar.ts';
import { cite } from '../rules.ts';
import { text } from '../text.ts';
import type { RenderersOf } from './types.ts';

export const WITHDRAWAL_REASONS: RenderersOf<typeof rules> = {
  isNotStoppedByFoulWeather: (_world, { power }) => {
    const p = powerName(power);
    return text(
      `Foul Weather (#31) was played this impulse: no ${p.en} formation moves on (13.4 option 1, ruling R26).`,
      `В этот импульс сыграна «Непогода» (№31): соединения ${powerGen(power).ru} дальше не двигаются (13.4, вариант 1; постановление R26).`,
    );
  },
  isDestinationFortified: (world, { space }) => {
    const t = spaceName(world, space);
    return text(
      `${t.en} is not fortified: there are no fortifications to withdraw into.`,
      `${capitalize(inSpace(world, space).ru)} нет укреплений: отходить некуда.`,
    );
  },
  hasDefendersToWithdraw: (world, { space }) => {
    const t = spaceName(world, space);
    return text(
      `No enemy land units stand outside the fortifications of ${t.en}.`,
      `Вне укреплений ${spaceFrom(world, space).ru} нет вражеских сухопутных частей.`,
    );
  },
  isControlledByDefender: (world, { space, controller }) => {
    const t = spaceName(world, space),
      c = powerName(controller);
    const which = ruAgree(
      controller,
      'которые не обороняются там и не состоят',
      'которая не обороняется там и не состоит',
      'которое не обороняется там и не состоит',
    );
    return text(
      `${t.en} is controlled by ${c.en}, neither a defending power nor its ally.`,
      `${t.ru} под контролем ${powerGen(controller).ru}, ${which} в союзе с обороняющимися.`,
    );
  },
  mayEveryDefenderGoInside: (world, { space, controller, outside }) => {
    const o = powers(outside),
      t = spaceName(world, space);
    const c = powerName(controller),
      r = cite('2.1');
    return text(
      `${o.en} may not be inside ${t.en}, which ${c.en} controls (only the controller and its allies, ${r.en}): ` +
        'the stack withdraws all together or not at all, so nobody withdraws.',
      `${o.ru} не ${ruAgree(outside, 'могут', 'может')} находиться в укреплениях ${spaceFrom(world, space).ru} ` +
        `под контролем ${powerGen(controller).ru} (только контролирующая держава и её союзники, ${r.ru}): ` +
        'отходят все вместе или никто, поэтому отхода нет.',
    );
  },
  hasAtMostFourUnits: (world, { space, landUnits: n }) => {
    const t = spaceName(world, space);
    return text(
      `${enLandUnits(n)} ${n === 1 ? 'is' : 'are'} in ${t.en}: only a stack of 4 or fewer may withdraw into ` +
        'the fortifications.',
      `${capitalize(inSpace(world, space).ru)} ${ruLandUnits(n)}: отойти в укрепления может только группировка ` +
        'из 4 частей или меньше.',
    );
  },
  keepsFortificationLimit: (world, { space, inside }) => {
    const t = spaceName(world, space);
    return text(
      `${says(count(inside, NOUNS.landUnit), 'is|are', '').en} already inside ${t.en}: no more than 4 may be inside a fortified space.`,
      `В укреплениях ${spaceFrom(world, space).ru} уже ${ruLandUnits(inside)}: в укреплённой области внутри ` +
        'может быть не более 4.',
    );
  },
  isWithdrawalDecider: (_w, { decider, kind }) =>
    kind === 'defender'
      ? text(
          `${powerName(decider).en} decides: it is the only power defending the space, so it decides whether to withdraw.`,
          `Выбор за ${powerWith(decider).ru}: область обороняет только эта держава, и отходить ли в укрепления, решает она.`,
        )
      : text(
          `${powerName(decider).en} decides: several powers defend the space, so the power that controls it decides whether to withdraw.`,
          `Выбор за ${powerWith(decider).ru}: область обороняют несколько держав, и отходить ли в укрепления, решает держава, контролирующая её.`,
        ),
  hasCpToContinue: (_w, { cost, cp }) =>
    text(
      `Moving on costs ${cost} CP and ${cp} CP ${enForm(enPluralOf(cp), 'is|are')} left: the formation must retreat instead (option 2).`,
      `Продолжение движения стоит ${cost} КО, а осталось ${cp} КО: соединение должно отступить (вариант 2).`,
    ),
};
