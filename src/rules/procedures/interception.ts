// The interception procedure (13.2) as the interception machine runs it: who is asked, what an attempt does, and
// what a roll decides. Pure reducers over the machine's context.
import type { EngineEvent } from '../../schema/events.ts';
import { isMajorPower, type MajorPower, type Power } from '../../schema/power.ts';
import { NO_UNITS } from '../../schema/units.ts';
import type { Stack } from '../../schema/scenario.ts';
import { settleArrival } from './summaries.ts';
import { interceptionModifiers, isRollSuccess, ROLL_DICE, ROLL_TARGET, rollTotal, type DiceTerm } from '../dice.ts';
import {
  checkInterception,
  interceptionCandidates,
  interceptorStacks,
  nextInterceptor,
  POWER_RESTRICTIONS,
  type InterceptArgs,
  type InterceptionState,
} from '../interception.ts';
import type { MoveLeg } from '../leg.ts';
import { addStacks, landUnitsIn, relocate, replaceStacks, splitStacks, takePieces, totals } from '../stacks.ts';
import { answerGuard, asIfAsked, eventAs, eventOf, eventUnits, guard, startContext } from './common.ts';
import type { AnswerVerdict, ProcedureContext, ProcedureInput } from './common.ts';
import { must } from '../must.ts';
import { checkAll } from '../verdict.ts';
import { hasBrokenSiege } from './siege-break.ts';
import { skippedInterceptions } from '../skipped.ts';

export interface InterceptionInput extends ProcedureInput {
  readonly leg: MoveLeg;
}

export interface InterceptionAttempt {
  readonly power: MajorPower;
  readonly from: string;
  /** The pieces that try, already marked as having attempted (ruling R12). */
  readonly pieces: readonly Stack[];
  /** The roll's modifiers (13.2 step 2), as terms. */
  readonly terms: readonly DiceTerm[];
  readonly dice?: readonly number[];
  readonly total?: number;
}

export interface InterceptionContext extends ProcedureContext, InterceptionState {
  readonly attempt?: InterceptionAttempt | undefined;
  /** The leaders placed in the destination by successful attempts (ruling R23). */
  readonly placedLeaders?: readonly string[];
  /** The powers asked at least once (ruling R9: the others were skipped, and the summary says why). */
  readonly asked?: readonly MajorPower[];
}

export interface InterceptionOutput extends ProcedureContext {
  readonly successPower?: MajorPower;
  /** The leaders who intercepted into the destination (13.2 step 3): they may not go inside (ruling R23). */
  readonly interceptors?: readonly string[];
}

export function startInterception(input: InterceptionInput): InterceptionContext {
  return { ...startContext(input), leg: input.leg, usedSpaces: [], declined: [] };
}

/** The procedure's result; the powers it never asked go into the summary with their reasons (ruling R9). */
export function interceptionOutput(c: InterceptionContext): InterceptionOutput {
  const skipped = skippedInterceptions(c.world, c, c.asked ?? []);
  return {
    world: c.world,
    summary: skipped.length > 0 ? { ...c.summary, skipped: [...c.summary.skipped, ...skipped] } : c.summary,
    ...(c.successPower ? { successPower: c.successPower } : {}),
    ...(c.placedLeaders ? { interceptors: c.placedLeaders } : {}),
  };
}

/** The arguments of an answer as the restrictions read them: the guard, the refusal and the options share them. */
export function declarationArgs(c: InterceptionContext, event: EngineEvent): InterceptArgs | undefined {
  const e = eventOf(event, 'intercept.declare');
  return e && { ...c, power: e.power, from: e.from, request: eventUnits(e) };
}

/** A power with stacks next to the destination, not the mover nor the one being asked (ruling R9). */
function passedOver(c: InterceptionContext, p: Power): p is MajorPower {
  if (!isMajorPower(p) || p === c.leg.power || p === c.asking) return false;
  const { candidates, blocked } = interceptionCandidates(c.world, c, p);
  return candidates.length + blocked.length > 0;
}

/**
 * The verdict on an answer to an interception decision (13.2 step 1), by the restrictions its options are listed
 * with: a declaration by all of them, a decline by the power's own. A power with stacks next to the destination that
 * is not being asked hears what stops it even on its turn (a power the rules pass over, ruling R9, hears why — the
 * besieged stack of 13.2, a pass, marked units), else whose turn it is.
 */
export function interceptionVerdict(c: InterceptionContext, e: EngineEvent): AnswerVerdict {
  if (e.type !== 'intercept.declare' && e.type !== 'intercept.decline') return false;
  const args: InterceptArgs =
    e.type === 'intercept.declare'
      ? must(declarationArgs(c, e), 'no interception arguments')
      : { ...c, power: e.power, from: c.leg.to, request: NO_UNITS };
  const check = (a: InterceptArgs) =>
    e.type === 'intercept.declare' ? checkInterception(c.world, a) : checkAll(POWER_RESTRICTIONS, c.world, a);
  const other = passedOver(c, e.power) ? e.power : undefined;
  return asIfAsked(other !== undefined, (asIf) => check(asIf && other ? { ...args, asking: other } : args));
}

export const interceptionGuards = {
  hasInterceptorToAsk: guard<InterceptionContext>('13.2', (c) => nextInterceptor(c.world, c) !== undefined),
  isLegalInterception: answerGuard<InterceptionContext>('13.2', interceptionVerdict),
  isAskedPowerDeclining: answerGuard<InterceptionContext>('13.2', interceptionVerdict),
  isInterceptionRoll: guard<InterceptionContext>(
    '13.2 step 2',
    (_c, e) => eventOf(e, 'dice.rolled')?.values?.length === ROLL_DICE,
  ),
  wasInterceptionSuccessful: guard<InterceptionContext>('13.2 step 2', (c) => isRollSuccess(c.attempt?.total ?? 0)),
  hasBrokenSiege,
};

export function askNextInterceptor(c: InterceptionContext): Partial<InterceptionContext> {
  const asking = nextInterceptor(c.world, c);
  const asked = c.asked ?? [];
  return { asking, attempt: undefined, asked: asking && !asked.includes(asking) ? [...asked, asking] : asked };
}

/** 13.2 step 1, ruling R12: the named formation is marked as having attempted an interception. */
export function declareInterception(c: InterceptionContext, event: EngineEvent): Partial<InterceptionContext> {
  const args = must(declarationArgs(c, event), 'declareInterception without intercept.declare');
  const asking = must(c.asking, 'declareInterception with no power asked');
  const stacks = interceptorStacks(c.world, asking, args.from, c.leg);
  const split = splitStacks(stacks, args.request);
  if (!split.ok) throw new Error('engine fault: declareInterception on a formation the guard did not find');
  const pieces = relocate(split.taken, { attemptedInterception: true });
  const position = replaceStacks(c.world.position, stacks, [...split.rest, ...pieces]);
  const terms = interceptionModifiers(c.world, { power: asking, pieces, opposing: c.leg.formation });
  return {
    world: { ...c.world, position },
    usedSpaces: [...c.usedSpaces, args.from],
    attempt: { power: asking, from: args.from, pieces, terms },
  };
}

/** 13.2 step 2: 2d6 + modifiers, recorded in the summary whatever the result. */
export function recordInterceptionRoll(c: InterceptionContext, event: EngineEvent): Partial<InterceptionContext> {
  const dice = eventAs(event, 'dice.rolled').values ?? [];
  const attempt = must(c.attempt, 'recordInterceptionRoll with no attempt');
  const total = rollTotal(dice, attempt.terms);
  return {
    attempt: { ...attempt, dice, total },
    summary: {
      ...c.summary,
      interceptions: [
        ...c.summary.interceptions,
        {
          power: attempt.power,
          from: attempt.from,
          units: totals(attempt.pieces),
          dice: [...dice],
          terms: attempt.terms.map((t) => ({ ...t })),
          total,
          target: ROLL_TARGET,
          success: isRollSuccess(total),
        },
      ],
    },
  };
}

/** 13.2 step 3: the interceptors go into the destination as if they had been there before the mover arrived. */
export function placeInterceptors(c: InterceptionContext): Partial<InterceptionContext> {
  const attempt = must(c.attempt, 'placeInterceptors with no attempt');
  // The pieces that attempted are the pieces that move (13.2 step 3, ruling R12), whatever else stands beside them.
  const moved = relocate(attempt.pieces, { space: c.leg.to, inside: false });
  const position = addStacks(takePieces(c.world.position, attempt.pieces), moved);
  const arriving = landUnitsIn(attempt.pieces) > 0 ? attempt.power : undefined;
  return {
    ...settleArrival({ ...c.world, position }, c.summary, c.leg.to, arriving, '13.1'),
    successPower: attempt.power,
    placedLeaders: [...(c.placedLeaders ?? []), ...attempt.pieces.flatMap((p) => p.leaders)],
  };
}

export function declineInterception(c: InterceptionContext, event: EngineEvent): Partial<InterceptionContext> {
  return { declined: [...c.declined, eventAs(event, 'intercept.decline').power], asking: undefined };
}
