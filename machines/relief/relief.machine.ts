// 15.2 Relief Forces (ruling R35): the sortie from the besieged fortifications, then the field battle against the
// besiegers on the field battle's own states (its card windows included), then 15.2's result.
import { setup } from 'xstate';
import type { EngineEvent } from '../../src/schema/events.ts';
import { msg } from '../../src/text/text.ts';
import {
  declareSortie,
  recordNoSortie,
  reliefBattleInput,
  reliefGuards as g,
  reliefOutput,
  startRelief,
  takeReliefBattleOutput,
  type ReliefContext,
  type ReliefInput,
  type ReliefOutput,
} from '../../src/rules/procedures/relief.ts';
import { fieldBattleMachine } from '../field-battle/field-battle.machine.ts';
import type { StateMeta, Tag } from '../meta.ts';
import { outputReducersOf, reducersOf } from '../wiring.ts';
import { guardsOf } from '../../src/rules/procedures/common.ts';

export const reliefMachine = setup({
  types: {
    context: {} as ReliefContext,
    events: {} as EngineEvent,
    input: {} as ReliefInput,
    output: {} as ReliefOutput,
    meta: {} as StateMeta,
    tags: {} as Tag,
  },
  actors: { fieldBattle: fieldBattleMachine },
  guards: guardsOf(g),
  actions: {
    ...reducersOf<ReliefContext>()({ declareSortie, recordNoSortie }),
    ...outputReducersOf<ReliefContext>()({ takeReliefBattleOutput }),
  },
}).createMachine({
  id: 'relief',
  meta: {
    rule: '15.2',
    ruling: 'R35',
    title: msg('machine.relief.reliefMachine.title', 'Relief force', 'Деблокирующие силы'),
  },
  description:
    'A formation friendly to the besieged units enters their space and fights the besiegers, who defend (15.2).',
  context: ({ input }) => startRelief(input),
  initial: 'checkingSortie',
  states: {
    checkingSortie: {
      description:
        "Ruling R35: pieces inside of the relief force's power or its active minors may join it; with none, nobody is asked (ruling R9).",
      meta: {
        rule: '15.2',
        ruling: 'R35',
        title: msg('machine.relief.checkingSortie.title', 'Anyone inside to join?', 'Кто может выйти на вылазку?'),
      },
      always: [
        { guard: 'hasSortieChoice', target: 'awaitingSortie' },
        { target: 'fighting', actions: 'recordNoSortie' },
      ],
    },
    awaitingSortie: {
      description:
        'The relief force’s power names the land units and leaders inside that come out to join it, beyond the command limit; the rest stay inside.',
      tags: ['decision'],
      meta: {
        rule: '15.2',
        ruling: 'R35',
        step: 8,
        decision: 'relief',
        title: msg('machine.relief.awaitingSortie.title', 'Declare the sortie', 'Объявление вылазки'),
      },
      on: { 'relief.declare': { guard: 'isLegalSortie', target: 'fighting', actions: 'declareSortie' } },
    },
    fighting: {
      description:
        'The field battle (14): the relief force attacks, the besiegers defend (their +1 die, ties to them); 15.2 decides what goes back inside.',
      meta: {
        rule: '15.2',
        ruling: 'R35',
        title: msg('machine.relief.fighting.title', 'Relief battle', 'Сражение за деблокаду'),
      },
      invoke: {
        id: 'fieldBattle',
        src: 'fieldBattle',
        input: ({ context }) => reliefBattleInput(context),
        onDone: {
          target: 'done',
          actions: { type: 'takeReliefBattleOutput', params: ({ event }) => event.output },
        },
      },
    },
    done: {
      type: 'final',
      description:
        'Won: the besiegers retreated and the siege ends. Lost: what may went back inside, the rest retreated with the relief force.',
      meta: {
        rule: '15.2',
        ruling: 'R35',
        title: msg('machine.relief.done.title', 'Relief over', 'Деблокада завершена'),
      },
    },
  },
  output: ({ context }) => reliefOutput(context),
});
