// The avoid-battle procedure (13.3) as the avoidBattle machine runs it: each major power with land units in the
// destination, in impulse order, names a space and a group, then rolls — or succeeds automatically.
import type { EngineEvent } from '../../schema/events.ts';
import { isMajorPower, type MajorPower, type Power } from '../../schema/power.ts';
import { NO_UNITS } from '../../schema/units.ts';
import type { Stack } from '../../schema/scenario.ts';
import {
  AVOIDER_RESTRICTIONS,
  avoidingStacks,
  checkAvoid,
  isAutomaticAvoid,
  nextAvoider,
  type AvoidArgs,
  type AvoidState,
} from '../avoid-battle.ts';
import { avoidModifiers, isRollSuccess, ROLL_DICE, ROLL_TARGET, rollTotal, type DiceTerm } from '../dice.ts';
import type { MoveLeg } from '../leg.ts';
import { addStacks, landUnitsIn, relocate, splitStacks, takePieces, totals } from '../stacks.ts';
import { answerGuard, asIfAsked, eventAs, eventOf, eventUnits, guard, startContext } from './common.ts';
import type { AnswerVerdict, ProcedureContext, ProcedureInput } from './common.ts';
import { must } from '../must.ts';
import { checkAll } from '../verdict.ts';
import { settleArrival } from './summaries.ts';
import { skippedAvoids } from '../skipped.ts';

export interface AvoidInput extends ProcedureInput {
  readonly leg: MoveLeg;
  /** Powers that intercepted into the space during this Move action (13.3). */
  readonly intercepted?: readonly Power[];
}

export interface AvoidAttempt {
  readonly power: MajorPower;
  readonly to: string;
  readonly pieces: readonly Stack[];
  /** The roll's modifiers (13.3 step 4), as terms. */
  readonly terms: readonly DiceTerm[];
  readonly automatic: boolean;
  readonly dice?: readonly number[];
  readonly total?: number;
}

export interface AvoidContext extends ProcedureContext, AvoidState {
  readonly attempt?: AvoidAttempt | undefined;
}

export type AvoidOutput = ProcedureContext;

export function startAvoidBattle(input: AvoidInput): AvoidContext {
  return { ...startContext(input), leg: input.leg, intercepted: input.intercepted ?? [], done: [] };
}

/** The procedure's result; the powers it never asked go into the summary with their reasons (ruling R9). */
export function avoidOutput(c: AvoidContext): AvoidOutput {
  const skipped = skippedAvoids(c.world, c);
  return {
    world: c.world,
    summary: skipped.length > 0 ? { ...c.summary, skipped: [...c.summary.skipped, ...skipped] } : c.summary,
  };
}

/** The arguments of an answer as the restrictions read them: the guard, the refusal and the options share them. */
export function declarationArgs(c: AvoidContext, event: EngineEvent): AvoidArgs | undefined {
  const e = eventOf(event, 'avoid.declare');
  return e && { ...c, power: e.power, from: c.leg.to, to: e.to, request: eventUnits(e) };
}

/** A power with pieces outside in the destination, not the mover nor the one being asked (ruling R9). */
function passedOver(c: AvoidContext, p: Power): p is MajorPower {
  return isMajorPower(p) && p !== c.leg.power && p !== c.asking && avoidingStacks(c.world, p, c.leg).length > 0;
}

/**
 * The verdict on an answer to an avoid-battle decision (13.3 steps 2–3), by the restrictions its options are listed
 * with. As for interceptions: a power with pieces there that is not being asked hears what stops it even on its turn
 * (ruling R9: the rules may have passed it over), else whose turn it is.
 */
export function avoidVerdict(c: AvoidContext, e: EngineEvent): AnswerVerdict {
  if (e.type !== 'avoid.declare' && e.type !== 'avoid.decline') return false;
  // A declaration by all the restrictions, a decline by the power's own.
  const args: AvoidArgs =
    e.type === 'avoid.declare'
      ? must(declarationArgs(c, e), 'no avoid-battle arguments')
      : { ...c, power: e.power, from: c.leg.to, to: c.leg.to, request: NO_UNITS };
  const check = (a: AvoidArgs) =>
    e.type === 'avoid.declare' ? checkAvoid(c.world, a) : checkAll(AVOIDER_RESTRICTIONS, c.world, a);
  const other = passedOver(c, e.power) ? e.power : undefined;
  return asIfAsked(other !== undefined, (asIf) => check(asIf && other ? { ...args, asking: other } : args));
}

export const avoidGuards = {
  hasAvoiderToAsk: guard<AvoidContext>('13.3', (c) => nextAvoider(c.world, c) !== undefined),
  isLegalAvoid: answerGuard<AvoidContext>('13.3', avoidVerdict),
  isAskedPowerDeclining: answerGuard<AvoidContext>('13.3', avoidVerdict),
  isAutomaticAvoid: guard<AvoidContext>('13.3 step 4', (c) => c.attempt?.automatic ?? false),
  isAvoidRoll: guard<AvoidContext>('13.3 step 4', (_c, e) => eventOf(e, 'dice.rolled')?.values?.length === ROLL_DICE),
  wasAvoidSuccessful: guard<AvoidContext>('13.3 step 4', (c) => isRollSuccess(c.attempt?.total ?? 0)),
};

export function askNextAvoider(c: AvoidContext): Partial<AvoidContext> {
  return { asking: nextAvoider(c.world, c), attempt: undefined };
}

/** 13.3 steps 2–3: the destination and the group (which may exceed a formation, AVB-15). */
export function declareAvoid(c: AvoidContext, event: EngineEvent): Partial<AvoidContext> {
  const args = must(declarationArgs(c, event), 'declareAvoid without avoid.declare');
  const asking = must(c.asking, 'declareAvoid with no power asked');
  const split = splitStacks(avoidingStacks(c.world, asking, c.leg), args.request);
  if (!split.ok) throw new Error('engine fault: declareAvoid on a group the guard did not find');
  const terms = avoidModifiers(c.world, { power: asking, pieces: split.taken, opposing: c.leg.formation });
  return {
    done: [...c.done, asking],
    attempt: { power: asking, to: args.to, pieces: split.taken, terms, automatic: isAutomaticAvoid(split.taken) },
  };
}

function avoidSummary(c: AvoidContext, attempt: AvoidAttempt, success: boolean): AvoidContext['summary'] {
  return {
    ...c.summary,
    avoids: [
      ...c.summary.avoids,
      {
        power: attempt.power,
        from: c.leg.to,
        to: attempt.to,
        units: totals(attempt.pieces),
        dice: [...(attempt.dice ?? [])],
        terms: attempt.automatic ? [] : attempt.terms.map((t) => ({ ...t })),
        total: attempt.automatic ? null : (attempt.total ?? null),
        target: ROLL_TARGET,
        success,
        automatic: attempt.automatic,
      },
    ],
  };
}

/** 13.3 step 4: roll 2d6 + modifiers; the attempt is recorded whatever the result. */
export function recordAvoidRoll(c: AvoidContext, event: EngineEvent): Partial<AvoidContext> {
  const dice = eventAs(event, 'dice.rolled').values ?? [];
  const declared = must(c.attempt, 'recordAvoidRoll with no attempt');
  const total = rollTotal(dice, declared.terms);
  const attempt = { ...declared, dice, total };
  return { attempt, summary: isRollSuccess(total) ? c.summary : avoidSummary(c, attempt, false) };
}

/** 13.3 step 5: the group goes to its space; a lone enemy leader there is captured (13.1, ruling R2). */
export function placeAvoiders(c: AvoidContext): Partial<AvoidContext> {
  const attempt = must(c.attempt, 'placeAvoiders with no attempt');
  // The group that rolled is the group that goes (13.3 step 5).
  const moved = relocate(attempt.pieces, { space: attempt.to, inside: false });
  const position = addStacks(takePieces(c.world.position, attempt.pieces), moved);
  const arriving = landUnitsIn(attempt.pieces) > 0 ? attempt.power : undefined;
  return settleArrival({ ...c.world, position }, avoidSummary(c, attempt, true), attempt.to, arriving, '13.1');
}

export function declineAvoid(c: AvoidContext, event: EngineEvent): Partial<AvoidContext> {
  return { done: [...c.done, eventAs(event, 'avoid.decline').power], asking: undefined };
}
