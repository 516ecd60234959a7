// The avoid-battle procedure's decisions (13.3): whether the asked power tries, into which space, with which units
// and leaders, and the 2d6 roll of the attempt.
import { avoidDestinations, avoidingStacks } from '../../rules/avoid-battle.ts';
import { withoutGoutyLeaders } from '../../rules/cards.ts';
import { must } from '../../rules/must.ts';
import { avoidClosed } from '../../text/refusals.ts';
import { intoSpace, outOfSpace, powerName, spaceName, unitsText } from '../../text/names.ts';
import type { AvoidContext } from '../../rules/procedures/avoid-battle.ts';
import { totals } from '../../rules/stacks.ts';
import { type Text, msg } from '../../text/text.ts';
import type { World } from '../../rules/world.ts';
import type { Power } from '../../schema/power.ts';
import type { Blocked, DecisionOf, DecisionOption } from '../../schema/decision.ts';
import type { Units } from '../../schema/units.ts';
import { base, decision, option, refusedAnswer, unitsFields, type Waiting } from './common.ts';
import { avoidAnswers } from './answer-spaces.ts';
import { named } from './names.ts';
import { attemptRoll } from './rolls.ts';

/**
 * A refused avoid-battle answer, by the power whose it is: "Hapsburg: avoid battle into Pressburg" — the words of the
 * decision's `blocked` and of a skipped decision's candidates (ruling R9).
 */
export function avoidIntoText(world: World, power: Power, to: string): Text {
  return msg(
    'procedure.avoid-battle.build.label',
    '{p}: avoid battle into {spaceName}',
    '{p}: уклониться {intoSpace}',
    {
      p: powerName(power),
      spaceName: spaceName(world, to),
      intoSpace: intoSpace(world, to),
    },
  );
}

/** The whole avoid-battle decision refused (the power may not try at all, ruling R9): "Hapsburg: avoid battle out of Vienna". */
export function avoidOutOfText(world: World, power: Power, from: string): Text {
  return msg(
    'procedure.avoid-battle.outOf',
    '{p}: avoid battle out of {spaceName}',
    '{p}: уклониться от сражения {outOfSpace}',
    { p: powerName(power), spaceName: spaceName(world, from), outOfSpace: outOfSpace(world, from) },
  );
}

function build(w: Waiting<AvoidContext>): DecisionOf<'avoid'> {
  const c = w.context;
  const world = c.world;
  const power = must(c.asking, 'an avoid-battle decision with no power asked');
  const options: DecisionOption<'avoid'>[] = [];
  const blocked: Blocked<'avoid'>[] = [];
  // Ruling R26: a leader struck by Gout stays.
  const available: Units = totals(withoutGoutyLeaders(world, avoidingStacks(world, power, c.leg)));
  {
    const { to, blocked: b } = avoidDestinations(world, c, power);
    for (const dest of to) {
      const d = spaceName(world, dest),
        u = unitsText(world, available);
      options.push(
        option(
          { type: 'avoid.declare', power, to: dest, ...unitsFields(available) },
          msg('procedure.avoid-battle.build', 'Avoid battle into {d} with {u}', 'Уклониться {intoSpace}: {u}', {
            d,
            u,
            intoSpace: intoSpace(world, dest),
          }),
        ),
      );
    }
    for (const x of b) blocked.push(refusedAnswer(world, { to: x.to }, x.refusal, avoidIntoText(world, power, x.to)));
    options.push(
      option(
        { type: 'avoid.decline', power },
        msg('procedure.avoid-battle.build.2', 'Stay and face the enemy', 'Остаться и встретить врага'),
      ),
    );
  }
  const p = powerName(power),
    t = spaceName(world, c.leg.to);
  const destinations = options.flatMap((o) => (o.event.type === 'avoid.declare' ? [o.event.to] : []));
  return named(world, {
    ...base(w),
    kind: 'avoid',
    power,
    forced: false,
    options,
    blocked,
    limits: { available, destinations },
    prompt: msg(
      'procedure.avoid-battle.build.prompt',
      '{p}: avoid battle out of {t}? Any units and leaders may try (a leader may go alone if units stay).',
      '{p}: уклониться от сражения {outOfSpace}? Пытаться могут любые части и командующие (командующий может уйти один, если его части остаются).',
      { p, t, outOfSpace: outOfSpace(world, c.leg.to) },
    ),
  });
}

export const avoid = decision<AvoidContext, 'avoid'>({
  build,
  power: (c) => c.asking,
  // It can always be declined (ruling R9: never forced).
  mayBeForced: false,
  declines: ['avoid.decline'],
  eager: true,
  closedBy: 'procedure',
  stepClosed: avoidClosed,
  answerSpace: avoidAnswers,
  skippedLabel: (world, d, { to }) =>
    to ? avoidIntoText(world, d.power, to) : avoidOutOfText(world, d.power, d.space),
  // As for interceptions: a power with pieces there that is not being asked hears what stops it even on its turn
  // (ruling R9: the rules may have passed it over), else whose turn it is.
  decline: (d) => ({ type: 'avoid.decline', power: d.power }),
});

/** 13.3 step 4: the attempt's 2d6 roll. */
export const avoidRoll = decision<AvoidContext, 'roll'>({
  build: (w) => {
    const attempt = must(w.context.attempt, 'an avoid-battle roll with no attempt');
    return attemptRoll(w, w.context.world, attempt, 'avoid');
  },
  decline: () => undefined,
  // Always two dice (ROLL_DICE): never a roll of no dice.
  mayBeForced: false,
});
