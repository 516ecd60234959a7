// 13.1 Land Movement Procedure, steps 1–8: the parent machine that composes interception, avoid battle,
// withdrawal, field battle and retreat.
import { and, not, setup } from 'xstate';
import type { EngineEvent } from '../../src/schema/events.ts';
import { msg } from '../../src/text/text.ts';
import {
  askNextResponder,
  avoidInput,
  closeResponseWindow,
  beginUnlistedSieges,
  dropAbsentBesiegers,
  declareMove,
  fieldBattleInput,
  interceptionInput,
  movementGuards as g,
  movementOutput,
  moveOn,
  originRetreatInput,
  passResponseCard,
  placeFormation,
  playResponseCard,
  startMove,
  startMovement,
  takeAvoidOutput,
  takeInterceptionOutput,
  takeSiegeBreakOutput,
  takeWithdrawalOutput,
  withdrawalInput,
  type MovementContext,
  type MovementInput,
  type MovementOutput,
} from '../../src/rules/procedures/movement.ts';
import { avoidBattleMachine } from '../avoid-battle/avoid-battle.machine.ts';
import { fieldBattleMachine } from '../field-battle/field-battle.machine.ts';
import { interceptionMachine } from '../interception/interception.machine.ts';
import type { StateMeta, Tag } from '../meta.ts';
import { outputReducersOf, reducersOf } from '../wiring.ts';
import { guardsOf, takeProcedureOutput } from '../../src/rules/procedures/common.ts';
import { siegeCheckStates } from '../siege-check.ts';
import { reliefMachine } from '../relief/relief.machine.ts';
import { retreatMachine } from '../retreat/retreat.machine.ts';
import { siegeBreakMachine } from '../siege-break/siege-break.machine.ts';
import { withdrawalMachine } from '../withdrawal/withdrawal.machine.ts';

export const movementMachine = setup({
  types: {
    context: {} as MovementContext,
    events: {} as EngineEvent,
    input: {} as MovementInput,
    output: {} as MovementOutput,
    meta: {} as StateMeta,
    tags: {} as Tag,
  },
  actors: {
    interception: interceptionMachine,
    avoidBattle: avoidBattleMachine,
    withdrawal: withdrawalMachine,
    fieldBattle: fieldBattleMachine,
    relief: reliefMachine,
    retreat: retreatMachine,
    siegeBreak: siegeBreakMachine,
  },
  guards: guardsOf(g),
  actions: {
    ...reducersOf<MovementContext>()({
      declareMove,
      startMove,
      placeFormation,
      moveOn,
      beginUnlistedSieges,
      dropAbsentBesiegers,
      askNextResponder,
      passResponseCard,
      closeResponseWindow,
      playResponseCard,
    }),
    ...outputReducersOf<MovementContext>()({
      takeInterceptionOutput,
      takeAvoidOutput,
      takeWithdrawalOutput,
      takeOutput: takeProcedureOutput,
      takeSiegeBreakOutput,
    }),
  },
}).createMachine({
  id: 'movement',
  meta: { rule: '13.1', title: msg('machine.movement.movementMachine.title', 'Land movement', 'Сухопутное движение') },
  description:
    'A formation moves into an adjacent space: interception, avoid battle, withdrawal and field battle (13.1).',
  context: ({ input }) => startMovement(input),
  initial: 'checkingDeclaration',
  states: {
    checkingDeclaration: {
      description: 'Steps 1–2: the scenario may already name the formation and its destination.',
      meta: {
        rule: '13.1',
        step: 1,
        title: msg('machine.movement.checkingDeclaration.title', 'Move declared?', 'Движение объявлено?'),
      },
      always: [
        { guard: 'hasDeclaredMove', target: 'payingCost' },
        { guard: 'hasLegalMove', target: 'awaitingMove' },
        { target: 'noLegalMove' },
      ],
    },
    noLegalMove: {
      description:
        'Steps 1–2: no formation of the active power may enter any adjacent space, so no Move action happens.',
      meta: {
        rule: '13.1',
        step: 1,
        title: msg('machine.movement.noLegalMove.title', 'No legal move', 'Движение невозможно'),
      },
      always: { target: 'done' },
    },
    awaitingMove: {
      description: 'Steps 1–2: the active power names a formation in one space and an adjacent destination.',
      tags: ['decision'],
      meta: {
        rule: '13.1',
        step: 1,
        decision: 'move',
        title: msg('machine.movement.awaitingMove.title', 'Declare the move', 'Объявление движения'),
      },
      on: { 'move.declare': { guard: 'isLegalMove', target: 'payingCost', actions: 'declareMove' } },
    },
    payingCost: {
      description: 'Step 3: 1 CP, or 2 CP over a pass; the formation leaves its space.',
      tags: ['transit'],
      meta: {
        rule: '13.1 step 3',
        step: 3,
        title: msg('machine.movement.payingCost.title', 'Pay the CP', 'Оплата КО'),
      },
      always: { target: 'responseCards', actions: 'startMove' },
    },
    responseCards: {
      description:
        'Step 4: other powers, in impulse order, may play Foul Weather or Gout against the move (ruling R26); nobody is asked when nobody holds a card to play (ruling R9).',
      tags: ['window', 'transit'],
      meta: {
        rule: '13.1 step 4',
        step: 4,
        ruling: 'R26',
        title: msg('machine.movement.responseCards.title', 'Response cards', 'Карты ответа'),
      },
      always: [
        { guard: 'hasResponderToAsk', target: 'awaitingResponseCard', actions: 'askNextResponder' },
        { target: 'checkingSiegesLeftBehind', actions: 'closeResponseWindow' },
      ],
    },
    awaitingResponseCard: {
      description: 'Step 4: the asked power plays Foul Weather or Gout (naming the army leader), or passes.',
      tags: ['decision', 'window', 'transit'],
      meta: {
        rule: '13.1 step 4',
        step: 4,
        ruling: 'R26',
        decision: 'card',
        title: msg('machine.movement.awaitingResponseCard.title', 'Play a response card?', 'Сыграть карту ответа?'),
      },
      on: {
        'card.play': { guard: 'isLegalResponseCard', target: 'moveCancelled', actions: 'playResponseCard' },
        'card.pass': { guard: 'isAskedResponderPassing', target: 'responseCards', actions: 'passResponseCard' },
      },
    },
    moveCancelled: {
      description:
        'Ruling R26: the move does not happen — the formation is back in its origin and the CP spent on it are lost; the mark holds for the rest of the impulse. A cancelled move on (13.4 option 1) leaves it beside a fortress it does not outnumber: it goes back as option 2 says.',
      meta: {
        rule: '13.1 step 4',
        step: 4,
        ruling: 'R26',
        title: msg('machine.movement.moveCancelled.title', 'Move cancelled', 'Движение отменено'),
      },
      always: [{ guard: 'wasMoveOnCancelled', target: 'retreatingToOrigin' }, { target: 'done' }],
    },
    ...siegeCheckStates('checkingSiegesLeftBehind', 'breakingSiegesLeftBehind', {
      description:
        'A siege the formation left ends at once if its besiegers no longer outnumber the units inside (15.3).',
      title: msg('machine.movement.movementMachine.title.2', 'Siege left behind?', 'Снимается ли оставленная осада?'),
      // After the response cards: a move they cancel leaves no siege (ruling R26).
      step: 4,
      tags: ['transit'],
      next: 'intercepting',
      take: 'takeOutput',
    }),
    intercepting: {
      description: 'Step 5: enemy stacks adjacent to the destination may try to intercept (13.2).',
      tags: ['transit'],
      meta: {
        rule: '13.1 step 5',
        step: 5,
        title: msg('machine.movement.intercepting.title', 'Interceptions', 'Перехваты'),
      },
      invoke: {
        id: 'interception',
        src: 'interception',
        input: ({ context }) => interceptionInput(context),
        onDone: {
          target: 'placingFormation',
          actions: { type: 'takeInterceptionOutput', params: ({ event }) => event.output },
        },
      },
    },
    placingFormation: {
      description:
        'Step 5: the formation is placed in the destination; after a successful interception go to step 8. Until then it stands in neither space (ruling R25).',
      // Still on its road while the machine is here: it is placed as it leaves (placeFormation).
      tags: ['transit'],
      meta: {
        rule: '13.1 step 5',
        ruling: 'R25',
        step: 5,
        title: msg('machine.movement.placingFormation.title', 'Place the formation', 'Размещение соединения'),
      },
      always: [
        { guard: 'wasIntercepted', target: 'checkingBattle', actions: 'placeFormation' },
        { target: 'avoidingBattle', actions: 'placeFormation' },
      ],
    },
    checkingBattle: {
      description:
        'Step 8 after a successful interception: a field battle only if enemy land units remain outside the fortifications; otherwise the move ends as after step 7 (siege check, ruling R13).',
      meta: {
        rule: '13.1 step 8',
        step: 8,
        title: msg('machine.movement.checkingBattle.title', 'Anyone to fight?', 'Есть с кем сражаться?'),
      },
      always: [
        { guard: not('hasFormationInDestination'), target: 'checkingSiegeByOthers' },
        { guard: 'hasEnemyLandUnitsOutside', target: 'fighting' },
        { target: 'withdrawing' },
      ],
    },
    avoidingBattle: {
      description: 'Step 6: enemy land units in the destination may try to avoid battle (13.3).',
      meta: {
        rule: '13.1 step 6',
        step: 6,
        title: msg('machine.movement.avoidingBattle.title', 'Avoid battle', 'Уклонение от сражения'),
      },
      invoke: {
        id: 'avoidBattle',
        src: 'avoidBattle',
        input: ({ context }) => avoidInput(context),
        onDone: {
          target: 'checkingSiegesAfterAvoid',
          actions: { type: 'takeAvoidOutput', params: ({ event }) => event.output },
        },
      },
    },
    ...siegeCheckStates('checkingSiegesAfterAvoid', 'breakingSiegesAfterAvoid', {
      description:
        'Besiegers that avoided battle out of the space may leave their siege without besiegers: it ends (15.3).',
      title: msg(
        'machine.movement.movementMachine.title.3',
        'Sieges left by avoiders?',
        'Сняты ли осады уклонившимися?',
      ),
      step: 6,
      next: 'withdrawing',
      take: 'takeSiegeBreakOutput',
    }),
    withdrawing: {
      description:
        'Step 7: a stack of 4 or fewer may withdraw into the fortifications; then siege, move on or retreat (13.4).',
      meta: {
        rule: '13.1 step 7',
        step: 7,
        title: msg('machine.movement.withdrawing.title', 'Withdraw into fortifications', 'Отход в укрепления'),
      },
      invoke: {
        id: 'withdrawal',
        src: 'withdrawal',
        input: ({ context }) => withdrawalInput(context),
        onDone: {
          target: 'afterWithdrawal',
          actions: { type: 'takeWithdrawalOutput', params: ({ event }) => event.output },
        },
      },
    },
    afterWithdrawal: {
      description:
        'Step 8 if enemy land units remain outside; or move on (13.4 option 1), retreat (option 2), or the move ends.',
      meta: {
        rule: '13.1 step 8',
        step: 7,
        title: msg('machine.movement.afterWithdrawal.title', 'What next?', 'Что дальше?'),
      },
      always: [
        { guard: and(['isBattleNext', 'isReliefBattle']), target: 'relieving' },
        { guard: 'isBattleNext', target: 'fighting' },
        { guard: 'isMovingOn', target: 'payingCost', actions: 'moveOn' },
        { guard: 'isRetreatingToOrigin', target: 'retreatingToOrigin' },
        { target: 'checkingSiegesAfterWithdrawal' },
      ],
    },
    ...siegeCheckStates('checkingSiegesAfterWithdrawal', 'breakingSiegesAfterWithdrawal', {
      description:
        'Defenders who withdrew inside may now match the besiegers of a siege already there: it ends (15.3).',
      title: msg(
        'machine.movement.movementMachine.title.4',
        'Sieges broken by the withdrawal?',
        'Снята ли осада отходом?',
      ),
      step: 7,
      next: 'checkingFormationBesideFortress',
      take: 'takeSiegeBreakOutput',
    }),
    checkingFormationBesideFortress: {
      description:
        "A siege of the formation's ally that the withdrawal broke is over and its besiegers gone (15.3); a formation left beside the fortress with no more units than are inside may not stay: step 7 again, for 13.4's move on or retreat (ruling R17).",
      meta: {
        rule: '13.4',
        ruling: 'R17',
        step: 7,
        title: msg(
          'machine.movement.checkingFormationBesideFortress.title',
          'Left beside the fortress?',
          'Осталось у крепости?',
        ),
      },
      always: [{ guard: 'isFormationLeftBesideFortress', target: 'withdrawing' }, { target: 'checkingSiegeByOthers' }],
    },
    retreatingToOrigin: {
      description: '13.4 option 2: back to the space it came from, free, under the 14.1 restrictions.',
      meta: {
        rule: '13.4 option 2',
        step: 7,
        title: msg(
          'machine.movement.retreatingToOrigin.title',
          'Retreat to the origin',
          'Отступление в исходную область',
        ),
      },
      invoke: {
        id: 'retreat',
        src: 'retreat',
        input: ({ context }) => originRetreatInput(context),
        onDone: {
          target: 'checkingSiegeByOthers',
          actions: { type: 'takeOutput', params: ({ event }) => event.output },
        },
      },
    },
    fighting: {
      description: 'Step 8: a field battle in the destination (14).',
      meta: {
        rule: '13.1 step 8',
        step: 8,
        title: msg('machine.movement.fighting.title', 'Field battle', 'Полевое сражение'),
      },
      invoke: {
        id: 'fieldBattle',
        src: 'fieldBattle',
        input: ({ context }) => fieldBattleInput(context),
        onDone: {
          target: 'checkingSiegesAfterBattle',
          actions: { type: 'takeOutput', params: ({ event }) => event.output },
        },
      },
    },
    relieving: {
      description:
        'Step 8 in a besieged friendly space: a relief force fights the besiegers, pieces inside may join it (15.2, ruling R35).',
      meta: {
        rule: '15.2',
        ruling: 'R35',
        step: 8,
        title: msg('machine.movement.relieving.title', 'Relief force', 'Деблокирующие силы'),
      },
      invoke: {
        id: 'relief',
        src: 'relief',
        input: ({ context }) => fieldBattleInput(context),
        onDone: {
          target: 'checkingSiegesAfterBattle',
          actions: { type: 'takeOutput', params: ({ event }) => event.output },
        },
      },
    },
    ...siegeCheckStates('checkingSiegesAfterBattle', 'breakingSiegesAfterBattle', {
      description:
        'Besiegers beaten, eliminated or outnumbered by units that went inside no longer hold their siege: it ends and they retreat (15.3).',
      title: msg(
        'machine.movement.movementMachine.title.5',
        'Sieges broken by the battle?',
        'Сняты ли осады сражением?',
      ),
      step: 8,
      next: 'checkingSiegeByOthers',
      take: 'takeSiegeBreakOutput',
    }),
    checkingSiegeByOthers: {
      description:
        'Pieces of other powers left outside an enemy fortress in the destination — interceptors that won, or that caught leaders moving alone — put it under siege if they outnumber the units inside (R13, R17).',
      meta: {
        rule: '15',
        ruling: 'R13',
        step: 8,
        title: msg('machine.movement.checkingSiegeByOthers.title', 'Siege by the others?', 'Осада другими?'),
      },
      always: [{ guard: 'hasUnlistedSiege', target: 'done', actions: 'beginUnlistedSieges' }, { target: 'done' }],
    },
    done: {
      type: 'final',
      description:
        'The Move action is over. A besieger whose land units all left a siege its allies hold is no longer listed (15, ruling R17).',
      entry: 'dropAbsentBesiegers',
      meta: { rule: '13.1', title: msg('machine.movement.done.title', 'Move over', 'Движение завершено') },
    },
  },
  output: ({ context }) => movementOutput(context),
});
