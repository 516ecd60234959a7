// Movement step 7 as the withdrawal machine runs it (13.4): the defenders may go inside; then a siege if the mover
// outnumbers the units inside (15, ruling R13), else option 1 (move on) or option 2 (retreat, ruling R4).
import type { EngineEvent } from '../../schema/events.ts';
import { hostileStacksOutside, hostileLandUnitsOutside } from '../hostility.ts';
import type { MoveLeg } from '../leg.ts';
import { isSiegeBroken, laySiege } from '../siege.ts';
import { relocate, replaceStacks, totals } from '../stacks.ts';
import {
  canWithdraw,
  checkContinue,
  checkWithdrawal,
  doesMoverOutnumberInside,
  isAlreadyBesiegedByFriend,
  isAutomaticWithdrawal,
  needsSiegeCheck,
  isHeldAgainstMover,
  withdrawalDecider,
} from '../withdrawal.ts';
import { answerGuard, eventAs, guard, startContext } from './common.ts';
import type { AnswerVerdict, ProcedureContext, ProcedureInput } from './common.ts';
import { withSiegeBegun } from './summaries.ts';
import { skippedWithdrawal } from '../skipped.ts';

/** What the movement does next: fight (step 8), nothing (a siege began, or nothing to fight), move on, or retreat. */
export type WithdrawalOutcome = 'battle' | 'siege' | 'continue' | 'retreat' | 'none';

export interface WithdrawalInput extends ProcedureInput {
  readonly leg: MoveLeg;
  /** CP the active power has left (13.4 option 1). */
  readonly cp: number;
}

export interface WithdrawalContext extends ProcedureContext {
  readonly leg: MoveLeg;
  readonly cp: number;
  readonly outcome: WithdrawalOutcome;
  readonly continueTo?: string;
}

export interface WithdrawalOutput extends ProcedureContext {
  readonly outcome: WithdrawalOutcome;
  readonly continueTo?: string;
}

export function startWithdrawal(input: WithdrawalInput): WithdrawalContext {
  return { ...startContext(input), leg: input.leg, cp: input.cp, outcome: 'none' };
}

export function withdrawalOutput(c: WithdrawalContext): WithdrawalOutput {
  return {
    world: c.world,
    summary: c.summary,
    outcome: c.outcome,
    ...(c.continueTo ? { continueTo: c.continueTo } : {}),
  };
}

/**
 * The verdict on an answer to the withdrawal decision (13.4, ruling R21): declaring and declining alike are the
 * decider's, when the defenders may withdraw at all.
 */
export function withdrawalVerdict(c: WithdrawalContext, e: EngineEvent): AnswerVerdict {
  return e.type === 'withdraw.declare' || e.type === 'withdraw.decline'
    ? checkWithdrawal(c.world, { leg: c.leg, power: e.power })
    : false;
}

/** The verdict on moving on (13.4 option 1): a legal space with the CP left. */
export function continueVerdict(c: WithdrawalContext, e: EngineEvent): AnswerVerdict {
  return e.type === 'move.continue' ? checkContinue(c.world, { leg: c.leg, to: e.to, cp: c.cp }) : false;
}

export const withdrawalGuards = {
  isAutomaticWithdrawal: guard<WithdrawalContext>('22.1', (c) => isAutomaticWithdrawal(c.world, c.leg)),
  canWithdraw: guard<WithdrawalContext>('13.4', (c) => canWithdraw(c.world, c.leg)),
  hasDefendersOutside: guard<WithdrawalContext>(
    '13.1 step 8',
    (c) => hostileLandUnitsOutside(c.world, c.leg.power, c.leg.to) > 0,
  ),
  needsSiegeCheck: guard<WithdrawalContext>('15', (c) => needsSiegeCheck(c.world, c.leg)),
  isLegalWithdrawal: answerGuard<WithdrawalContext>('13.4', withdrawalVerdict),
  isDeciderDeclining: answerGuard<WithdrawalContext>('13.4', withdrawalVerdict),
  isHeldAgainstMover: guard<WithdrawalContext>('15', (c) => isHeldAgainstMover(c.world, c.leg)),
  isAlreadyBesiegedByFriend: guard<WithdrawalContext>('15', (c) => isAlreadyBesiegedByFriend(c.world, c.leg)),
  doesMoverOutnumberInside: guard<WithdrawalContext>('13.4', (c) => doesMoverOutnumberInside(c.world, c.leg)),
  isLegalContinuation: answerGuard<WithdrawalContext>('13.4 option 1', continueVerdict),
};

/** 13.4: every defending unit and leader outside goes in together. */
export function withdrawInside(c: WithdrawalContext): Partial<WithdrawalContext> {
  const outside = hostileStacksOutside(c.world, c.leg.power, c.leg.to);
  const position = replaceStacks(c.world.position, outside, relocate(outside, { inside: true }));
  const decidedBy = isAutomaticWithdrawal(c.world, c.leg) ? null : (withdrawalDecider(c.world, c.leg) ?? null);
  return {
    world: { ...c.world, position },
    summary: {
      ...c.summary,
      withdrawals: [...c.summary.withdrawals, { space: c.leg.to, decidedBy, withdrew: true, units: totals(outside) }],
    },
  };
}

export function recordNoWithdrawal(c: WithdrawalContext): Partial<WithdrawalContext> {
  const outside = hostileStacksOutside(c.world, c.leg.power, c.leg.to);
  return {
    outcome: 'battle',
    summary: {
      ...c.summary,
      withdrawals: [
        ...c.summary.withdrawals,
        {
          space: c.leg.to,
          decidedBy: withdrawalDecider(c.world, c.leg) ?? null,
          withdrew: false,
          units: totals(outside),
        },
      ],
    },
  };
}

/** 15, 13.4, ruling R13: the active power puts (or joins) the siege of the space. */
export function besiegeDestination(c: WithdrawalContext): Partial<WithdrawalContext> {
  return {
    outcome: 'siege',
    world: { ...c.world, position: laySiege(c.world, c.leg.to, c.leg.power).position },
    summary: withSiegeBegun(c.summary, c.leg.to, c.leg.power, '13.4'),
  };
}

/**
 * 15 (SIE-04): a formation entering a space its side already besieges stays with the besiegers; its power becomes
 * a besieger too only if it alone outnumbers the units inside. When the withdrawal has just left that siege without
 * enough besiegers, it ends first (15.3: "immediately", after this procedure) and nothing is joined: its besiegers
 * retreat, and a formation that alone outnumbers the units inside then lays a siege of its own (rulings R13, R17);
 * one that does not is sent back to this machine for 13.4's move on or retreat (the movement machine's
 * `checkingFormationBesideFortress`).
 */
export function joinSiege(c: WithdrawalContext): Partial<WithdrawalContext> {
  if (isSiegeBroken(c.world, c.leg.to)) return { outcome: 'siege' };
  return doesMoverOutnumberInside(c.world, c.leg) ? besiegeDestination(c) : { outcome: 'siege' };
}

/** 13.1 step 8: nobody may withdraw (ruling R9: nobody is asked, and the summary says why); the battle follows. */
export function chooseBattle(c: WithdrawalContext): Partial<WithdrawalContext> {
  const skipped = skippedWithdrawal(c.world, c.leg);
  return {
    outcome: 'battle',
    ...(skipped.length > 0 ? { summary: { ...c.summary, skipped: [...c.summary.skipped, ...skipped] } } : {}),
  };
}

export function chooseContinue(_c: WithdrawalContext, event: EngineEvent): Partial<WithdrawalContext> {
  return { outcome: 'continue', continueTo: eventAs(event, 'move.continue').to };
}

export function chooseRetreat(): Partial<WithdrawalContext> {
  return { outcome: 'retreat' };
}
