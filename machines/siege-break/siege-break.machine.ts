// 15.3 Breaking a Siege: a siege whose besiegers no longer outnumber the units inside ends at once, and the besieging
// stack retreats, free.
import { and, not, setup } from 'xstate';
import type { EngineEvent } from '../../src/schema/events.ts';
import { msg } from '../../src/text/text.ts';
import {
  besiegersRetreatInput,
  endBrokenSiege,
  siegeBreakGuards as g,
  siegeBreakOutput,
  startSiegeBreak,
  takeBesiegersRetreat,
  type SiegeBreakContext,
  type SiegeBreakInput,
  type SiegeBreakOutput,
} from '../../src/rules/procedures/siege-break.ts';
import type { StateMeta, Tag } from '../meta.ts';
import { outputReducersOf, reducersOf } from '../wiring.ts';
import { guardsOf } from '../../src/rules/procedures/common.ts';
import { retreatMachine } from '../retreat/retreat.machine.ts';

export const siegeBreakMachine = setup({
  types: {
    context: {} as SiegeBreakContext,
    events: {} as EngineEvent,
    input: {} as SiegeBreakInput,
    output: {} as SiegeBreakOutput,
    meta: {} as StateMeta,
    tags: {} as Tag,
  },
  actors: { retreat: retreatMachine },
  guards: guardsOf(g),
  actions: {
    ...reducersOf<SiegeBreakContext>()({ endBrokenSiege }),
    ...outputReducersOf<SiegeBreakContext>()({ takeBesiegersRetreat }),
  },
}).createMachine({
  id: 'siegeBreak',
  meta: { rule: '15.3', title: msg('machine.siege-break.siegeBreakMachine.title', 'Broken sieges', 'Снятие осады') },
  description:
    'Every siege whose besiegers no longer outnumber the units inside ends at once; the besiegers retreat (15.3).',
  context: ({ input }) => startSiegeBreak(input),
  initial: 'checkingSieges',
  states: {
    checkingSieges: {
      description: 'Does a besieging stack no longer have more land units than the units inside (cavalry counted)?',
      meta: {
        rule: '15.3',
        title: msg('machine.siege-break.checkingSieges.title', 'Sieges broken?', 'Сняты ли осады?'),
      },
      always: [
        { guard: 'hasBesiegersToRetreat', target: 'retreatingBesiegers' },
        {
          guard: and(['hasBrokenSiege', not('hasBesiegersToRetreat')]),
          target: 'checkingSieges',
          actions: 'endBrokenSiege',
          reenter: true,
        },
        { target: 'done' },
      ],
    },
    retreatingBesiegers: {
      description:
        'The besieging stack retreats, free, to a legal adjacent space; with none, it is eliminated and its leaders captured.',
      meta: {
        rule: '15.3',
        title: msg('machine.siege-break.retreatingBesiegers.title', 'The besiegers retreat', 'Осаждавшие отступают'),
      },
      invoke: {
        id: 'retreat',
        src: 'retreat',
        input: ({ context }) => besiegersRetreatInput(context),
        onDone: {
          target: 'checkingSieges',
          actions: { type: 'takeBesiegersRetreat', params: ({ event }) => event.output },
        },
      },
    },
    done: {
      type: 'final',
      description: 'No siege is left without besiegers that outnumber the units inside.',
      meta: { rule: '15.3', title: msg('machine.siege-break.done.title', 'Sieges checked', 'Осады проверены') },
    },
  },
  output: ({ context }) => siegeBreakOutput(context),
});
