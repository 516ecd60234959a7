// The withdrawal procedure's decisions (13.4): whether the controller puts the defenders inside, and, when the
// formation does not outnumber the units inside, whether it moves on (option 1) or retreats (option 2).
import { must } from '../../rules/must.ts';
import { moveCost } from '../../rules/movement.ts';
import { continueClosed, withdrawClosed } from '../../text/refusals.ts';
import { inSpace, intoSpace, powerName, spaceFrom, spaceName } from '../../text/names.ts';
import type { WithdrawalContext } from '../../rules/procedures/withdrawal.ts';
import { landUnitsInside } from '../../rules/siege.ts';
import { stacksIn, totals } from '../../rules/stacks.ts';
import { type Text, msg } from '../../text/text.ts';
import type { World } from '../../rules/world.ts';
import type { Power } from '../../schema/power.ts';
import { activeLandUnits, checkWithdrawal, continueDestinations, withdrawalDecider } from '../../rules/withdrawal.ts';
import type { DecisionOf, DecisionOption } from '../../schema/decision.ts';
import { landUnitCount } from '../../schema/units.ts';
import { base, decision, option, refusedAnswer, type Waiting } from './common.ts';
import { continueAnswers, withdrawAnswers } from './answer-spaces.ts';
import { named } from './names.ts';

/**
 * The withdrawal itself, by the power that decides it (ruling R21): "Hapsburg: withdraw into the fortifications of
 * Vienna" — the candidate of a withdrawal the rules forbid, which nobody is asked (13.4, ruling R9).
 */
export function withdrawText(world: World, power: Power, space: string): Text {
  return msg(
    'procedure.withdrawal.withdrawText',
    '{p}: withdraw into the fortifications of {spaceName}',
    '{p}: отойти в укрепления {spaceFrom}',
    { p: powerName(power), spaceName: spaceName(world, space), spaceFrom: spaceFrom(world, space) },
  );
}

/** A space the formation may not move on to (13.4 option 1), by the moving power: "Ottoman: move on to Linz". */
export function moveOnText(world: World, power: Power, to: string): Text {
  return msg('procedure.withdrawal.blocked.label', '{p}: move on to {spaceName}', '{p}: двигаться дальше {intoSpace}', {
    p: powerName(power),
    spaceName: spaceName(world, to),
    intoSpace: intoSpace(world, to),
  });
}

function buildWithdraw(w: Waiting<WithdrawalContext>): DecisionOf<'withdraw'> {
  const c = w.context;
  const world = c.world;
  const power = must(
    withdrawalDecider(world, c.leg),
    'a withdrawal decision with nobody to decide (ruling R10 makes it automatic)',
  );
  const t = spaceName(world, c.leg.to),
    p = powerName(power);
  const mover = activeLandUnits(c.leg, world);
  const inside = landUnitsInside(world, c.leg.to);
  const outside = totals(stacksIn(world.position.stacks, c.leg.to).filter((s) => !s.inside && s.power !== c.leg.power));
  const after = landUnitCount(outside) + inside;
  const consequence =
    mover > after
      ? msg(
          'procedure.withdrawal.buildWithdraw.consequence',
          'they would be besieged ({mover} against {after})',
          'они окажутся в осаде ({mover} против {after})',
          { mover, after },
        )
      : msg(
          'procedure.withdrawal.buildWithdraw.consequence.2',
          'the mover ({mover}) would not outnumber them ({after})',
          'у наступающего соединения ({mover}) не будет численного перевеса над ними ({after})',
          { mover, after },
        );
  return named(world, {
    ...base(w),
    kind: 'withdraw',
    power,
    forced: false,
    blocked: [],
    options: [
      option(
        { type: 'withdraw.declare', power },
        msg(
          'procedure.withdrawal.buildWithdraw.options',
          'Withdraw into {t}: {consequence}',
          'Отойти в укрепления {spaceFrom}: {consequence}',
          { t, consequence, spaceFrom: spaceFrom(world, c.leg.to) },
        ),
      ),
      option(
        { type: 'withdraw.decline', power },
        msg(
          'procedure.withdrawal.buildWithdraw.options.2',
          'Stay outside and fight a field battle',
          'Остаться снаружи и принять полевое сражение',
        ),
      ),
    ],
    prompt: msg(
      'procedure.withdrawal.buildWithdraw.prompt',
      '{p}: withdraw every unit in {t} into the fortifications? (13.4: all together)',
      '{p}: отвести в укрепления все части {inSpace}? (13.4: только все вместе)',
      { p, t, inSpace: inSpace(world, c.leg.to) },
    ),
  });
}

function buildContinue(w: Waiting<WithdrawalContext>): DecisionOf<'continue'> {
  const c = w.context;
  const world = c.world;
  const power = c.leg.power;
  const { to, blocked: b } = continueDestinations(world, c.leg, c.cp);
  const options: DecisionOption<'continue'>[] = to.map((dest) => {
    const d = spaceName(world, dest),
      cost = moveCost(world, c.leg.to, dest);
    return option(
      { type: 'move.continue', to: dest },
      msg(
        'procedure.withdrawal.buildContinue.options',
        'Move on to {d} ({cost} CP)',
        'Двигаться дальше {intoSpace} ({cost} КО)',
        { d, cost, intoSpace: intoSpace(world, dest) },
      ),
    );
  });
  const o = spaceName(world, c.leg.from);
  options.push(
    option(
      { type: 'move.stop' },
      msg(
        'procedure.withdrawal.buildContinue',
        'Retreat to {o} (free, 14.1)',
        'Отступить {intoSpace} (бесплатно, 14.1)',
        { o, intoSpace: intoSpace(world, c.leg.from) },
      ),
    ),
  );
  const p = powerName(power),
    t = spaceName(world, c.leg.to);
  const blocked = b.map((x) => refusedAnswer(world, { to: x.to }, x.refusal, moveOnText(world, power, x.to)));
  return named(world, {
    ...base(w),
    kind: 'continue',
    power,
    options,
    forced: to.length === 0,
    blocked,
    prompt: msg(
      'procedure.withdrawal.buildContinue.prompt',
      '{p}: the formation does not outnumber the units inside {t}. Move on ({cp} CP left) or retreat?',
      '{p}: у соединения нет численного перевеса над частями в укреплениях {spaceFrom}. Двигаться дальше (осталось {cp} КО) или отступить?',
      { p, t, cp: c.cp, spaceFrom: spaceFrom(world, c.leg.to) },
    ),
  });
}

export const withdraw = decision<WithdrawalContext, 'withdraw'>({
  build: buildWithdraw,
  power: (c) => withdrawalDecider(c.world, c.leg),
  // It can always be declined (ruling R9: never forced).
  mayBeForced: false,
  declines: ['withdraw.decline'],
  eager: true,
  closedBy: 'procedure',
  stepClosed: withdrawClosed,
  answerSpace: withdrawAnswers,
  skippedLabel: (world, d) => withdrawText(world, d.power, d.space),
  // The same check as the decision's guard: a withdrawal the rules forbid says why (13.4, ruling R21).
  closedRefusal: ({ root }, e) => {
    if ((e.type !== 'withdraw.declare' && e.type !== 'withdraw.decline') || !root.leg) return undefined;
    const v = checkWithdrawal(root.world, { leg: root.leg, power: e.power });
    return v.ok ? undefined : v;
  },
  decline: (d) => ({ type: 'withdraw.decline', power: d.power }),
});

export const moveOnOrRetreat = decision<WithdrawalContext, 'continue'>({
  build: buildContinue,
  power: (c) => c.leg.power,
  // Forced when no space is open to move on to (13.4 option 2 only).
  mayBeForced: true,
  declines: ['move.stop'],
  eager: true,
  closedBy: 'decision',
  stepClosed: continueClosed,
  answerSpace: continueAnswers,
  decline: () => ({ type: 'move.stop' }),
});
