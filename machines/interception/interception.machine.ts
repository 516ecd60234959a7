// 13.2 Interception: enemy stacks adjacent to the destination try, one attempt at a time in impulse order.
import { setup } from 'xstate';
import type { EngineEvent } from '../../src/schema/events.ts';
import { msg } from '../../src/text/text.ts';
import {
  askNextInterceptor,
  declareInterception,
  declineInterception,
  interceptionGuards as g,
  interceptionOutput,
  placeInterceptors,
  recordInterceptionRoll,
  startInterception,
  type InterceptionContext,
  type InterceptionInput,
  type InterceptionOutput,
} from '../../src/rules/procedures/interception.ts';
import type { StateMeta, Tag } from '../meta.ts';
import { outputReducersOf, reducersOf } from '../wiring.ts';
import { guardsOf, takeProcedureOutput } from '../../src/rules/procedures/common.ts';
import { siegeCheckStates } from '../siege-check.ts';
import { siegeBreakMachine } from '../siege-break/siege-break.machine.ts';

export const interceptionMachine = setup({
  types: {
    context: {} as InterceptionContext,
    events: {} as EngineEvent,
    input: {} as InterceptionInput,
    output: {} as InterceptionOutput,
    meta: {} as StateMeta,
    tags: {} as Tag,
  },
  actors: { siegeBreak: siegeBreakMachine },
  guards: guardsOf(g),
  actions: {
    ...reducersOf<InterceptionContext>()({
      askNextInterceptor,
      declareInterception,
      recordInterceptionRoll,
      placeInterceptors,
      declineInterception,
    }),
    ...outputReducersOf<InterceptionContext>()({ takeOutput: takeProcedureOutput }),
  },
}).createMachine({
  id: 'interception',
  meta: { rule: '13.2', title: msg('machine.interception.interceptionMachine.title', 'Interception', 'Перехват') },
  description: 'Enemy stacks adjacent to the destination may try to intercept the moving formation (13.2).',
  context: ({ input }) => startInterception(input),
  initial: 'checkingNextInterceptor',
  states: {
    checkingNextInterceptor: {
      description:
        'Find the next power, in impulse order, with a stack that may still try; after a success only that power.',
      meta: {
        rule: '13.2',
        title: msg(
          'machine.interception.checkingNextInterceptor.title',
          'Who may intercept?',
          'Кто может перехватить?',
        ),
      },
      always: [
        { guard: 'hasInterceptorToAsk', target: 'awaitingInterception', actions: 'askNextInterceptor' },
        { target: 'done' },
      ],
    },
    awaitingInterception: {
      description: 'The asked power names a formation in one adjacent space, or declines.',
      tags: ['decision'],
      meta: {
        rule: '13.2 step 1',
        step: 5,
        decision: 'intercept',
        title: msg(
          'machine.interception.awaitingInterception.title',
          'Declare an interception',
          'Объявление перехвата',
        ),
      },
      on: {
        'intercept.declare': {
          guard: 'isLegalInterception',
          target: 'rollingInterception',
          actions: 'declareInterception',
        },
        'intercept.decline': {
          guard: 'isAskedPowerDeclining',
          target: 'checkingNextInterceptor',
          actions: 'declineInterception',
        },
      },
    },
    rollingInterception: {
      description: 'Roll 2d6 + the best battle rating, Ottoman cavalry ±1, Telescope +1; 9 or more succeeds.',
      tags: ['roll'],
      meta: {
        rule: '13.2 step 2',
        roll: 'interception',
        title: msg('machine.interception.rollingInterception.title', 'Interception roll', 'Бросок на перехват'),
      },
      on: {
        'dice.rolled': {
          guard: 'isInterceptionRoll',
          target: 'resolvingInterception',
          actions: 'recordInterceptionRoll',
        },
      },
    },
    resolvingInterception: {
      description: 'On a success the interceptors are placed in the destination; no other power may then try.',
      meta: {
        rule: '13.2 step 3',
        title: msg(
          'machine.interception.resolvingInterception.title',
          'Place the interceptors',
          'Размещение перехватчиков',
        ),
      },
      always: [
        { guard: 'wasInterceptionSuccessful', target: 'checkingSiegesLeft', actions: 'placeInterceptors' },
        { target: 'checkingNextInterceptor' },
      ],
    },
    ...siegeCheckStates('checkingSiegesLeft', 'breakingSieges', {
      description:
        'Besiegers that intercepted out of their siege may leave too few behind: the siege ends at once, before the next attempt (15.3).',
      title: msg(
        'machine.interception.interceptionMachine.title.2',
        'Siege left by the interceptors?',
        'Снята ли осада перехватчиками?',
      ),
      next: 'checkingNextInterceptor',
      take: 'takeOutput',
    }),
    done: {
      type: 'final',
      description: 'Every interception is resolved (13.1 step 5).',
      meta: {
        rule: '13.1 step 5',
        title: msg('machine.interception.done.title', 'Interceptions resolved', 'Перехваты разыграны'),
      },
    },
  },
  output: ({ context }) => interceptionOutput(context),
});
