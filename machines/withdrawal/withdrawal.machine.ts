// 13.4 Withdrawing into Fortifications (movement step 7) and what the active formation does after it.
import { and, not, setup } from 'xstate';
import type { EngineEvent } from '../../src/schema/events.ts';
import { msg } from '../../src/text/text.ts';
import {
  besiegeDestination,
  chooseBattle,
  joinSiege,
  chooseContinue,
  chooseRetreat,
  recordNoWithdrawal,
  startWithdrawal,
  withdrawalGuards as g,
  withdrawalOutput,
  withdrawInside,
  type WithdrawalContext,
  type WithdrawalInput,
  type WithdrawalOutput,
} from '../../src/rules/procedures/withdrawal.ts';
import type { StateMeta, Tag } from '../meta.ts';
import { reducersOf } from '../wiring.ts';
import { guardsOf } from '../../src/rules/procedures/common.ts';

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as EngineEvent,
    input: {} as WithdrawalInput,
    output: {} as WithdrawalOutput,
    meta: {} as StateMeta,
    tags: {} as Tag,
  },
  guards: guardsOf(g),
  actions: reducersOf<WithdrawalContext>()({
    withdrawInside,
    recordNoWithdrawal,
    besiegeDestination,
    joinSiege,
    chooseBattle,
    chooseContinue,
    chooseRetreat,
  }),
}).createMachine({
  id: 'withdrawal',
  meta: {
    rule: '13.4',
    title: msg('machine.withdrawal.withdrawalMachine.title', 'Withdrawal into fortifications', 'Отход в укрепления'),
  },
  description: 'Movement step 7: a defending stack of 4 or fewer units may withdraw into the fortifications (13.4).',
  context: ({ input }) => startWithdrawal(input),
  initial: 'checkingWithdrawal',
  states: {
    checkingWithdrawal: {
      description: 'Fortified, held by the defenders or an ally, 4 or fewer units: a withdrawal is possible.',
      meta: {
        rule: '13.4',
        title: msg(
          'machine.withdrawal.checkingWithdrawal.title',
          'May the defenders withdraw?',
          'Могут ли обороняющиеся отойти?',
        ),
      },
      always: [
        { guard: and(['canWithdraw', 'isAutomaticWithdrawal']), target: 'checkingSiege', actions: 'withdrawInside' },
        { guard: and(['canWithdraw', not('isAutomaticWithdrawal')]), target: 'awaitingWithdrawal' },
        { guard: and([not('canWithdraw'), 'hasDefendersOutside']), target: 'done', actions: 'chooseBattle' },
        { guard: 'needsSiegeCheck', target: 'checkingSiege' },
        { target: 'done' },
      ],
    },
    awaitingWithdrawal: {
      description: 'The power that controls the space decides: all units go inside together, or none.',
      tags: ['decision'],
      meta: {
        rule: '13.4',
        step: 7,
        decision: 'withdraw',
        title: msg(
          'machine.withdrawal.awaitingWithdrawal.title',
          'Withdraw into the fortifications?',
          'Отойти в укрепления?',
        ),
      },
      on: {
        'withdraw.declare': { guard: 'isLegalWithdrawal', target: 'checkingSiege', actions: 'withdrawInside' },
        'withdraw.decline': { guard: 'isDeciderDeclining', target: 'done', actions: 'recordNoWithdrawal' },
      },
    },
    checkingSiege: {
      description:
        'If the active formation has more land units than are inside, the space is under siege; a space held by a friend of the formation is not besieged, and the formation stays.',
      meta: { rule: '15', ruling: 'R13', title: msg('machine.withdrawal.checkingSiege.title', 'Siege?', 'Осада?') },
      always: [
        { guard: not('isHeldAgainstMover'), target: 'done' },
        { guard: 'isAlreadyBesiegedByFriend', target: 'done', actions: 'joinSiege' },
        { guard: 'doesMoverOutnumberInside', target: 'done', actions: 'besiegeDestination' },
        { target: 'awaitingContinuation' },
      ],
    },
    awaitingContinuation: {
      description:
        'Not more units than inside: pay 1 CP (2 over a pass) to move on (option 1), or retreat to the space it came from (option 2).',
      tags: ['decision'],
      meta: {
        rule: '13.4 option 1',
        step: 7,
        ruling: 'R4',
        decision: 'continue',
        title: msg(
          'machine.withdrawal.awaitingContinuation.title',
          'Move on or retreat?',
          'Двигаться дальше или отступить?',
        ),
      },
      on: {
        'move.continue': { guard: 'isLegalContinuation', target: 'done', actions: 'chooseContinue' },
        'move.stop': { target: 'done', actions: 'chooseRetreat' },
      },
    },
    done: {
      type: 'final',
      description: 'Step 7 is over: the movement goes on to a field battle, a continued move, a retreat, or ends.',
      meta: { rule: '13.1 step 7', title: msg('machine.withdrawal.done.title', 'Step 7 over', 'Шаг 7 завершён') },
    },
  },
  output: ({ context }) => withdrawalOutput(context),
});
