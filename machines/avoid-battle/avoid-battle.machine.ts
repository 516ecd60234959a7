// 13.3 Avoid Battle: each major power with land units in the destination, in impulse order, may try to step aside.
import { setup } from 'xstate';
import type { EngineEvent } from '../../src/schema/events.ts';
import { msg } from '../../src/text/text.ts';
import {
  askNextAvoider,
  avoidGuards as g,
  avoidOutput,
  declareAvoid,
  declineAvoid,
  placeAvoiders,
  recordAvoidRoll,
  startAvoidBattle,
  type AvoidContext,
  type AvoidInput,
  type AvoidOutput,
} from '../../src/rules/procedures/avoid-battle.ts';
import type { StateMeta, Tag } from '../meta.ts';
import { reducersOf } from '../wiring.ts';
import { guardsOf } from '../../src/rules/procedures/common.ts';

export const avoidBattleMachine = setup({
  types: {
    context: {} as AvoidContext,
    events: {} as EngineEvent,
    input: {} as AvoidInput,
    output: {} as AvoidOutput,
    meta: {} as StateMeta,
    tags: {} as Tag,
  },
  guards: guardsOf(g),
  actions: reducersOf<AvoidContext>()({ askNextAvoider, declareAvoid, recordAvoidRoll, placeAvoiders, declineAvoid }),
}).createMachine({
  id: 'avoidBattle',
  meta: {
    rule: '13.3',
    title: msg('machine.avoid-battle.avoidBattleMachine.title', 'Avoid battle', 'Уклонение от сражения'),
  },
  description: 'Enemy land units in the destination may try to avoid battle into an adjacent space (13.3).',
  context: ({ input }) => startAvoidBattle(input),
  initial: 'checkingNextAvoider',
  states: {
    checkingNextAvoider: {
      description: 'Find the next major power, in impulse order, with land units here and a legal space to go to.',
      meta: {
        rule: '13.3',
        title: msg(
          'machine.avoid-battle.checkingNextAvoider.title',
          'Who may avoid battle?',
          'Кто может уклониться от сражения?',
        ),
      },
      always: [{ guard: 'hasAvoiderToAsk', target: 'awaitingAvoid', actions: 'askNextAvoider' }, { target: 'done' }],
    },
    awaitingAvoid: {
      description: 'The asked power names an adjacent space and the units and leaders that try, or declines.',
      tags: ['decision'],
      meta: {
        rule: '13.3 step 3',
        step: 6,
        decision: 'avoid',
        title: msg(
          'machine.avoid-battle.awaitingAvoid.title',
          'Declare avoid battle',
          'Объявление уклонения от сражения',
        ),
      },
      on: {
        'avoid.declare': { guard: 'isLegalAvoid', target: 'checkingAutomaticAvoid', actions: 'declareAvoid' },
        'avoid.decline': { guard: 'isAskedPowerDeclining', target: 'checkingNextAvoider', actions: 'declineAvoid' },
      },
    },
    checkingAutomaticAvoid: {
      description: 'If every unit in the group already lost a field battle this impulse, it avoids without a roll.',
      meta: {
        rule: '13.3 step 4',
        title: msg(
          'machine.avoid-battle.checkingAutomaticAvoid.title',
          'Automatic avoid?',
          'Автоматическое уклонение?',
        ),
      },
      always: [
        { guard: 'isAutomaticAvoid', target: 'checkingNextAvoider', actions: 'placeAvoiders' },
        { target: 'rollingAvoid' },
      ],
    },
    rollingAvoid: {
      description: 'Roll 2d6 + the best battle rating, Ottoman cavalry ±1, Telescope +1; 9 or more succeeds.',
      tags: ['roll'],
      meta: {
        rule: '13.3 step 4',
        roll: 'avoid',
        title: msg('machine.avoid-battle.rollingAvoid.title', 'Avoid-battle roll', 'Бросок на уклонение'),
      },
      on: {
        'dice.rolled': { guard: 'isAvoidRoll', target: 'resolvingAvoid', actions: 'recordAvoidRoll' },
      },
    },
    resolvingAvoid: {
      description: 'On a success the group goes to the chosen space; otherwise it stays and faces the battle.',
      meta: {
        rule: '13.3 step 4',
        title: msg('machine.avoid-battle.resolvingAvoid.title', 'Place the group', 'Размещение уклонившихся'),
      },
      always: [
        { guard: 'wasAvoidSuccessful', target: 'checkingNextAvoider', actions: 'placeAvoiders' },
        { target: 'checkingNextAvoider' },
      ],
    },
    done: {
      type: 'final',
      description: 'Every avoid-battle attempt is resolved (13.1 step 6).',
      meta: {
        rule: '13.1 step 6',
        title: msg('machine.avoid-battle.done.title', 'Avoid battle resolved', 'Уклонения разыграны'),
      },
    },
  },
  output: ({ context }) => avoidOutput(context),
});
