// The interception procedure's decisions (13.2): which power tries from which adjacent space with which formation,
// and the 2d6 roll of an attempt.
import { commandLimit } from '../../rules/formation.ts';
import { largestFormation } from '../../rules/formation.ts';
import {
  interceptionCandidates,
  interceptionSpaces,
  isNoOtherPowerSuccessful,
  POWER_RESTRICTIONS,
  type InterceptionCandidate,
} from '../../rules/interception.ts';
import { withoutGoutyLeaders } from '../../rules/cards.ts';
import { must } from '../../rules/must.ts';
import { interceptClosed } from '../../text/refusals.ts';
import { intoSpace, outOfSpace, powerGen, powerName, spaceName, unitsText } from '../../text/names.ts';
import type { InterceptionContext } from '../../rules/procedures/interception.ts';
import { stacksIn, totals } from '../../rules/stacks.ts';
import { type Text, msg } from '../../text/text.ts';
import type { World } from '../../rules/world.ts';
import { check, checkAll } from '../../rules/verdict.ts';
import type { Blocked, DecisionLimits, DecisionOf, DecisionOption } from '../../schema/decision.ts';
import { MAJOR_POWERS, type MajorPower, type Power } from '../../schema/power.ts';
import type { EngineEvent } from '../../schema/events.ts';
import { MAX_OPTIONS } from './field-battle.ts';
import { NO_UNITS, type Units } from '../../schema/units.ts';
import { base, decision, option, refusedAnswer, unitsFields, type Waiting } from './common.ts';
import { interceptAnswers } from './answer-spaces.ts';
import { named } from './names.ts';
import { attemptRoll } from './rolls.ts';

/**
 * A refused interception, by the power that would try: "Hapsburg: intercept from Graz" — the words of the decision's
 * `blocked` and of a skipped interception's candidates (ruling R9).
 */
export function tryFrom(world: World, power: Power, from: string): Text {
  const p = powerName(power),
    f = spaceName(world, from);
  return msg('procedure.interception.tryFrom', '{p}: intercept from {f}', '{p}: перехват {outOfSpace}', {
    p,
    f,
    outOfSpace: outOfSpace(world, from),
  });
}

interface Declaration {
  readonly event: Extract<EngineEvent, { readonly type: 'intercept.declare' }>;
  readonly request: Units;
}

/** Each candidate's declaration, made once: the rules keep a candidate while its space and the world around stay. */
const declarations = new WeakMap<InterceptionCandidate, Declaration>();

/** The declaration of an attempt with the largest formation a candidate space allows (ruling R26: gouty leaders stay). */
function declaration(world: World, power: MajorPower, cand: InterceptionCandidate): Declaration {
  let d = declarations.get(cand);
  if (!d) {
    const request = largestFormation(world, withoutGoutyLeaders(world, cand.stacks));
    d = { event: { type: 'intercept.declare', power, from: cand.from, ...unitsFields(request) }, request };
    declarations.set(cand, d);
  }
  return d;
}

/**
 * The decision's answers without their words, in its order and cut as it is cut (MAX_OPTIONS, the decline kept): the
 * eager policy takes the first, so a space after it is judged only as the list needs it.
 */
function* answers(w: Waiting<InterceptionContext>): Generator<EngineEvent> {
  const c = w.context;
  const power = must(c.asking, 'an interception decision with no power asked');
  let listed = 0;
  for (const space of interceptionSpaces(c.world, c, power)) {
    if (space.blocked) continue;
    if (++listed >= MAX_OPTIONS) break;
    yield declaration(c.world, power, space.candidate).event;
  }
  yield { type: 'intercept.decline', power };
}

function build(w: Waiting<InterceptionContext>): DecisionOf<'intercept'> {
  const c = w.context;
  const world = c.world;
  const power = must(c.asking, 'an interception decision with no power asked');
  const options: DecisionOption<'intercept'>[] = [];
  const blocked: Blocked<'intercept'>[] = [];
  const spaces: DecisionLimits<'intercept'>['spaces'][number][] = [];
  {
    const { candidates, blocked: b } = interceptionCandidates(world, c, power);
    for (const cand of candidates) {
      const { event, request } = declaration(world, power, cand);
      const available = totals(cand.stacks);
      spaces.push({ from: cand.from, available, maxLandUnits: commandLimit(world, available.leaders) });
      const f = spaceName(world, cand.from),
        u = unitsText(world, request);
      options.push(
        option(
          event,
          msg('procedure.interception.build', 'Intercept from {f} with {u}', 'Перехватить {outOfSpace}: {u}', {
            f,
            u,
            outOfSpace: outOfSpace(world, cand.from),
          }),
        ),
      );
    }
    for (const x of b) {
      blocked.push(refusedAnswer(world, { power: x.power, from: x.from }, x.refusal, tryFrom(world, x.power, x.from)));
    }
    options.push(
      option(
        { type: 'intercept.decline', power },
        msg(
          'procedure.interception.build.2',
          'Make no (more) interception attempts',
          'Не делать (больше) попыток перехвата',
        ),
      ),
    );
  }
  // Other powers with adjacent units that may not intercept at all, with the reason (not those merely waiting their turn).
  for (const other of MAJOR_POWERS) {
    if (other === power || other === c.leg.power) continue;
    const near = (world.board.spaces.get(c.leg.to)?.neighbours ?? []).filter((n) =>
      stacksIn(world.position.stacks, n).some((s) => s.power === other),
    );
    if (near.length === 0) continue;
    const v = checkAll(POWER_RESTRICTIONS, world, {
      ...c,
      asking: other,
      power: other,
      from: near[0] ?? '',
      request: { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] },
    });
    if (!v.ok) {
      for (const from of near)
        blocked.push(refusedAnswer(world, { power: other, from }, v, tryFrom(world, other, from)));
    }
  }
  const p = powerName(power),
    a = powerName(c.leg.power),
    t = spaceName(world, c.leg.to);
  return named(world, {
    ...base(w),
    kind: 'intercept',
    power,
    forced: false,
    options,
    blocked,
    limits: { spaces },
    prompt: msg(
      'procedure.interception.build.prompt',
      '{p}: intercept the {a} move into {t}? (2d6 + modifiers ≥ 9)',
      '{p}: перехватить движение {powerGen} {intoSpace}? (2d6 + модификаторы ≥ 9)',
      { p, a, t, powerGen: powerGen(c.leg.power), intoSpace: intoSpace(world, c.leg.to) },
    ),
  });
}

export const intercept = decision<InterceptionContext, 'intercept'>({
  build,
  answers,
  power: (c) => c.asking,
  // It can always be declined (ruling R9: never forced).
  mayBeForced: false,
  declines: ['intercept.decline'],
  eager: true,
  closedBy: 'procedure',
  stepClosed: interceptClosed,
  answerSpace: interceptAnswers,
  skippedLabel: (world, d, { from }) => tryFrom(world, d.power, from ?? d.space),
  // After a success only the successful power may try again (13.2 step 3).
  closedRefusal: ({ root, intercepted }, e) => {
    if (!intercepted || !root.leg || !('power' in e) || e.power === intercepted) return undefined;
    const args = { leg: root.leg, usedSpaces: [], declined: [], successPower: intercepted, power: e.power };
    const v = check(isNoOtherPowerSuccessful, root.world, { ...args, from: '', request: NO_UNITS });
    return v.ok ? undefined : v;
  },
  // An answer of a power with stacks next to the destination that is not being asked is refused with what stops it
  // even on its turn (a power the rules pass over, ruling R9, hears why — the besieged stack of 13.2, a pass, marked
  // units), else with whose turn it is.
  decline: (d) => ({ type: 'intercept.decline', power: d.power }),
});

/** 13.2 step 2: the attempt's 2d6 roll. */
export const interceptionRoll = decision<InterceptionContext, 'roll'>({
  build: (w) => {
    const attempt = must(w.context.attempt, 'an interception roll with no attempt');
    return attemptRoll(w, w.context.world, attempt, 'interception');
  },
  decline: () => undefined,
  // Always two dice (ROLL_DICE): never a roll of no dice.
  mayBeForced: false,
});
