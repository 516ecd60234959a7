// 14.1 Retreat: the losing power's survivors go inside (up to 4, in its own fortified space) or to one legal space.
import { and, not, setup } from 'xstate';
import type { EngineEvent } from '../../src/schema/events.ts';
import { msg } from '../../src/text/text.ts';
import {
  askNextRetreat,
  eliminateTrapped,
  retreatAsDeclared,
  retreatGuards as g,
  retreatInactive,
  retreatOutput,
  startRetreat,
  type RetreatContext,
  type RetreatInput,
  type RetreatOutput,
} from '../../src/rules/procedures/retreat.ts';
import type { StateMeta, Tag } from '../meta.ts';
import { reducersOf } from '../wiring.ts';
import { guardsOf } from '../../src/rules/procedures/common.ts';

export const retreatMachine = setup({
  types: {
    context: {} as RetreatContext,
    events: {} as EngineEvent,
    input: {} as RetreatInput,
    output: {} as RetreatOutput,
    meta: {} as StateMeta,
    tags: {} as Tag,
  },
  guards: guardsOf(g),
  actions: reducersOf<RetreatContext>()({ retreatInactive, eliminateTrapped, askNextRetreat, retreatAsDeclared }),
}).createMachine({
  id: 'retreat',
  meta: { rule: '14.1', title: msg('machine.retreat.retreatMachine.title', 'Retreat', 'Отступление') },
  description:
    'The losing stacks retreat to one legal adjacent space each, or go inside their own fortifications (14.1).',
  context: ({ input }) => startRetreat(input),
  initial: 'checkingNextRetreat',
  states: {
    checkingNextRetreat: {
      description:
        'Take the next retreating group in impulse order; inactive minors and trapped stacks need no answer.',
      meta: {
        rule: '14.1',
        title: msg('machine.retreat.checkingNextRetreat.title', 'Who retreats?', 'Кто отступает?'),
      },
      always: [
        { guard: 'isNextGroupInactive', target: 'checkingNextRetreat', actions: 'retreatInactive', reenter: true },
        {
          guard: and(['isNextGroupTrapped', not('isNextGroupInactive')]),
          target: 'checkingNextRetreat',
          actions: 'eliminateTrapped',
          reenter: true,
        },
        {
          guard: and(['hasGroupToRetreat', not('isNextGroupInactive'), not('isNextGroupTrapped')]),
          target: 'awaitingRetreat',
          actions: 'askNextRetreat',
        },
        { target: 'done' },
      ],
    },
    awaitingRetreat: {
      description:
        'The owner names one adjacent space, and in its own fortified space which units (up to 4) go inside.',
      tags: ['decision'],
      meta: {
        rule: '14.1',
        step: 8,
        decision: 'retreat',
        title: msg('machine.retreat.awaitingRetreat.title', 'Declare the retreat', 'Объявление отступления'),
      },
      on: {
        'retreat.declare': { guard: 'isLegalRetreat', target: 'checkingNextRetreat', actions: 'retreatAsDeclared' },
      },
    },
    done: {
      type: 'final',
      description: 'Every losing stack has retreated, gone inside or been eliminated.',
      meta: { rule: '14 step 11', title: msg('machine.retreat.done.title', 'Retreats done', 'Отступления завершены') },
    },
  },
  output: ({ context }) => retreatOutput(context),
});
