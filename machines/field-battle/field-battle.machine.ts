// 14 Field Battle: dice, rolls (attacker first), winner, casualties, captures, retreat and the siege check.
import { and, not, setup } from 'xstate';
import type { EngineEvent } from '../../src/schema/events.ts';
import { msg } from '../../src/text/text.ts';
import {
  askNextBattleResponder,
  awardUnfoughtBattle,
  closeBattleResponseWindow,
  passBattleResponseCard,
  playBattleResponseCard,
  placeCardMercenaries,
  askNextCombatResponder,
  closeCombatCardWindow,
  passCombatCard,
  playCombatCard,
  askNextRollsResponder,
  passRollsCard,
  playRollsCard,
  recordCardRoll,
  closeRollsWindow,
  applyCasualties,
  askNextCasualties,
  assignInactiveCasualties,
  attackerLeavingInput,
  besiegeBattleSpace,
  countDice,
  decideWinner,
  fieldBattleGuards as g,
  fieldBattleOutput,
  loserRetreatInput,
  recordAttackerRoll,
  recordCasualties,
  recordDefenderRoll,
  startFieldBattle,
  takeRetreatOutput,
  type FieldBattleContext,
  type FieldBattleInput,
  type FieldBattleOutput,
} from '../../src/rules/procedures/field-battle.ts';
import {
  applySurpriseCasualties,
  recountSurprisedDice,
  surpriseAttackGuards,
  takeSurpriseHits,
} from '../../src/rules/procedures/surprise-attack.ts';
import { retreatMachine } from '../retreat/retreat.machine.ts';
import { siegeBreakMachine } from '../siege-break/siege-break.machine.ts';
import { siegeCheckStates } from '../siege-check.ts';
import type { StateMeta, Tag } from '../meta.ts';
import { outputReducersOf, reducersOf } from '../wiring.ts';
import { guardsOf, takeProcedureOutput } from '../../src/rules/procedures/common.ts';

export const fieldBattleMachine = setup({
  types: {
    context: {} as FieldBattleContext,
    events: {} as EngineEvent,
    input: {} as FieldBattleInput,
    output: {} as FieldBattleOutput,
    meta: {} as StateMeta,
    tags: {} as Tag,
  },
  actors: { retreat: retreatMachine, siegeBreak: siegeBreakMachine },
  guards: guardsOf({ ...g, ...surpriseAttackGuards }),
  actions: {
    ...reducersOf<FieldBattleContext>()({
      askNextBattleResponder,
      awardUnfoughtBattle,
      passBattleResponseCard,
      playBattleResponseCard,
      placeCardMercenaries,
      closeBattleResponseWindow,
      askNextRollsResponder,
      passRollsCard,
      playRollsCard,
      recordCardRoll,
      closeRollsWindow,
      countDice,
      askNextCombatResponder,
      passCombatCard,
      playCombatCard,
      closeCombatCardWindow,
      recordAttackerRoll,
      recordDefenderRoll,
      takeSurpriseHits,
      applySurpriseCasualties,
      recountSurprisedDice,
      decideWinner,
      askNextCasualties,
      assignInactiveCasualties,
      recordCasualties,
      applyCasualties,
      besiegeBattleSpace,
    }),
    ...outputReducersOf<FieldBattleContext>()({ takeRetreatOutput, takeOutput: takeProcedureOutput }),
  },
}).createMachine({
  id: 'fieldBattle',
  meta: { rule: '14', title: msg('machine.field-battle.fieldBattleMachine.title', 'Field battle', 'Полевое сражение') },
  description: 'A field battle in the destination (14): the active power attacks, the defender gets one extra die.',
  context: ({ input }) => startFieldBattle(input),
  initial: 'responseCards',
  states: {
    responseCards: {
      description:
        'Step 1: the attacker first, then each defending major power, may play Landsknechts or Swiss Mercenaries (ruling R32); nobody is asked when nobody holds a card to play (ruling R9).',
      tags: ['window'],
      meta: {
        rule: '14 step 1',
        ruling: 'R32',
        title: msg('machine.field-battle.responseCards.title', 'Response cards', 'Карты ответа'),
      },
      always: [
        { guard: 'isCardPlacementAsked', target: 'awaitingCardPlacement' },
        { guard: 'hasBattleResponderToAsk', target: 'awaitingBattleResponseCard', actions: 'askNextBattleResponder' },
        { guard: 'isSideWithoutLandUnits', target: 'unfought', actions: 'closeBattleResponseWindow' },
        { target: 'countingDice', actions: ['closeBattleResponseWindow', 'countDice'] },
      ],
    },
    awaitingBattleResponseCard: {
      description:
        'Step 1: the asked power plays Landsknechts or Swiss Mercenaries (naming where the new mercenaries go), or passes.',
      tags: ['decision', 'window'],
      meta: {
        rule: '14 step 1',
        ruling: 'R32',
        decision: 'card',
        title: msg(
          'machine.field-battle.awaitingBattleResponseCard.title',
          'Play a response card?',
          'Сыграть карту ответа?',
        ),
      },
      on: {
        'card.play': {
          guard: 'isLegalBattleResponseCard',
          target: 'checkingCardSieges',
          actions: 'playBattleResponseCard',
        },
        'card.pass': {
          guard: 'isAskedBattleResponderPassing',
          target: 'responseCards',
          actions: 'passBattleResponseCard',
        },
      },
    },
    awaitingCardPlacement: {
      description:
        "Step 1: the placing power places the new mercenaries of a card another power played — France, for the Ottoman's Swiss Mercenaries (ruling R32: the placing power chooses).",
      tags: ['decision', 'window'],
      meta: {
        rule: '14 step 1',
        ruling: 'R32',
        decision: 'card',
        title: msg(
          'machine.field-battle.awaitingCardPlacement.title',
          'Place the new mercenaries',
          'Поставить новых наёмников',
        ),
      },
      on: {
        'card.place': {
          guard: 'isLegalCardPlacement',
          target: 'checkingCardSieges',
          actions: 'placeCardMercenaries',
        },
      },
    },
    ...siegeCheckStates('checkingCardSieges', 'breakingCardSieges', {
      description:
        "Step 1: mercenaries the Ottoman's Landsknechts eliminated may leave besiegers too few anywhere: the siege ends at once and they retreat (15.3, ruling R32).",
      title: msg(
        'machine.field-battle.checkingCardSieges.title',
        'Sieges broken by the card?',
        'Сняты ли осады картой?',
      ),
      next: 'responseCards',
      take: 'takeOutput',
    }),
    unfought: {
      description:
        "Step 1 left a side with no land units (ruling R32): no dice are rolled; the side with land units wins, the other's leaders are captured (14 step 10).",
      meta: {
        rule: '14 step 1',
        ruling: 'R32',
        title: msg('machine.field-battle.unfought.title', 'No battle to fight', 'Сражаться некому'),
      },
      always: { target: 'applyingCasualties', actions: 'awardUnfoughtBattle' },
    },
    bribedAway: {
      description:
        "Steps 4–5: Mercenaries Bribed turned every land unit of a side (ruling R29, read as ruling R32): no dice are rolled, the cards' declared dice included; the side with land units wins, the other's leaders are captured (14 step 10).",
      meta: {
        rule: '14 step 4',
        ruling: 'R29',
        title: msg('machine.field-battle.bribedAway.title', 'Nobody left to fight', 'Сражаться больше некому'),
      },
      always: { target: 'applyingCasualties', actions: 'awardUnfoughtBattle' },
    },
    countingDice: {
      description: 'Steps 2–3: one die per land unit, + the best battle rating; the defender adds 1.',
      meta: {
        rule: '14 step 2',
        title: msg('machine.field-battle.countingDice.title', 'Count the dice', 'Подсчёт кубиков'),
      },
      always: { target: 'combatCards' },
    },
    combatCards: {
      description:
        'Steps 4–5: the combat cards, the attacker first, then each defending major power in impulse order — a power with a play that has not passed, never one before the last asked (ruling R27); nobody is asked when nobody has a play (ruling R9).',
      tags: ['window'],
      meta: {
        rule: '14 step 4',
        ruling: 'R27',
        title: msg('machine.field-battle.combatCards.title', 'Combat cards', 'Боевые карты'),
      },
      always: [
        // Ruling R29: Mercenaries Bribed can leave a side with no land unit; the window closes and nobody rolls.
        { guard: 'isSideBribedWithoutLandUnits', target: 'bribedAway', actions: 'closeCombatCardWindow' },
        {
          guard: 'hasAttackerCombatCardToAsk',
          target: 'awaitingAttackerCombatCard',
          actions: 'askNextCombatResponder',
        },
        {
          guard: 'hasDefenderCombatCardToAsk',
          target: 'awaitingDefenderCombatCard',
          actions: 'askNextCombatResponder',
        },
        {
          guard: 'isSurpriseAttackByAttacker',
          target: 'rollingSurpriseAttackerDice',
          actions: 'closeCombatCardWindow',
        },
        {
          guard: 'isSurpriseAttackByDefender',
          target: 'rollingSurpriseDefenderDice',
          actions: 'closeCombatCardWindow',
        },
        { target: 'rollingAttackerDice', actions: 'closeCombatCardWindow' },
      ],
    },
    awaitingAttackerCombatCard: {
      description: 'Step 4: the attacker declares a combat card (Tercios naming its way), or passes.',
      tags: ['decision', 'window'],
      meta: {
        rule: '14 step 4',
        ruling: 'R27',
        decision: 'card',
        title: msg(
          'machine.field-battle.awaitingAttackerCombatCard.title',
          "Attacker's combat card?",
          'Боевая карта атакующего?',
        ),
      },
      on: {
        'card.play': { guard: 'isLegalCombatCard', target: 'combatCards', actions: 'playCombatCard' },
        'card.pass': { guard: 'isAskedCombatResponderPassing', target: 'combatCards', actions: 'passCombatCard' },
      },
    },
    awaitingDefenderCombatCard: {
      description:
        'Step 5: a defending major power declares a combat card (Tercios naming its way), or passes; the attacker answers no more.',
      tags: ['decision', 'window'],
      meta: {
        rule: '14 step 5',
        ruling: 'R27',
        decision: 'card',
        title: msg(
          'machine.field-battle.awaitingDefenderCombatCard.title',
          "Defender's combat card?",
          'Боевая карта обороняющегося?',
        ),
      },
      on: {
        'card.play': { guard: 'isLegalCombatCard', target: 'combatCards', actions: 'playCombatCard' },
        'card.pass': { guard: 'isAskedCombatResponderPassing', target: 'combatCards', actions: 'passCombatCard' },
      },
    },
    rollingAttackerDice: {
      description: 'Step 6: the attacker rolls its dice; each 5 or 6 is a hit.',
      tags: ['roll'],
      meta: {
        rule: '14 step 6',
        roll: 'attacker',
        title: msg('machine.field-battle.rollingAttackerDice.title', "Attacker's dice", 'Кубики атакующего'),
      },
      on: { 'dice.rolled': { guard: 'isAttackerRoll', target: 'rollingDefenderDice', actions: 'recordAttackerRoll' } },
    },
    rollingDefenderDice: {
      description: 'Step 6: the defender rolls its dice; each 5 or 6 is a hit.',
      tags: ['roll'],
      meta: {
        rule: '14 step 6',
        roll: 'defender',
        title: msg('machine.field-battle.rollingDefenderDice.title', "Defender's dice", 'Кубики обороняющегося'),
      },
      on: { 'dice.rolled': { guard: 'isDefenderRoll', target: 'rollsCards', actions: 'recordDefenderRoll' } },
    },
    rollingSurpriseAttackerDice: {
      description:
        "Step 6 after the attacker's Surprise Attack: the attacker rolls first; each 5 or 6 is a hit (ruling R28).",
      tags: ['roll'],
      meta: {
        rule: '14 step 6',
        ruling: 'R28',
        roll: 'attacker',
        title: msg(
          'machine.field-battle.rollingSurpriseAttackerDice.title',
          'Surprise: attacker rolls first',
          'Внезапно: атакующий бросает первым',
        ),
      },
      on: { 'dice.rolled': { guard: 'isAttackerRoll', target: 'takingSurpriseHits', actions: 'recordAttackerRoll' } },
    },
    rollingSurpriseDefenderDice: {
      description:
        "Step 6 after the defender's Surprise Attack: the defender rolls first; each 5 or 6 is a hit (ruling R28).",
      tags: ['roll'],
      meta: {
        rule: '14 step 6',
        ruling: 'R28',
        roll: 'defender',
        title: msg(
          'machine.field-battle.rollingSurpriseDefenderDice.title',
          'Surprise: defender rolls first',
          'Внезапно: обороняющийся бросает первым',
        ),
      },
      on: { 'dice.rolled': { guard: 'isDefenderRoll', target: 'takingSurpriseHits', actions: 'recordDefenderRoll' } },
    },
    takingSurpriseHits: {
      description:
        "Step 9 at once (ruling R28): the first roll's hits are owed by the other side alone, one land unit per hit.",
      meta: {
        rule: '14 step 9',
        ruling: 'R28',
        title: msg('machine.field-battle.takingSurpriseHits.title', 'Hits taken at once', 'Потери сразу'),
      },
      always: { target: 'choosingSurpriseCasualties', actions: 'takeSurpriseHits' },
    },
    choosingSurpriseCasualties: {
      description:
        "Step 9 at once (ruling R28): the surprised side's groups choose their losses (each power its own, ruling R5).",
      meta: {
        rule: '14 step 9',
        ruling: 'R28',
        title: msg(
          'machine.field-battle.choosingSurpriseCasualties.title',
          'Who chooses the first losses?',
          'Кто выбирает первые потери?',
        ),
      },
      always: [
        {
          guard: 'isNextCasualtyGroupInactive',
          target: 'choosingSurpriseCasualties',
          actions: 'assignInactiveCasualties',
          reenter: true,
        },
        {
          guard: and(['hasCasualtyDecision', not('isNextCasualtyGroupInactive')]),
          target: 'awaitingSurpriseCasualties',
          actions: 'askNextCasualties',
        },
        { target: 'applyingSurpriseCasualties' },
      ],
    },
    awaitingSurpriseCasualties: {
      description:
        'The asked power of the surprised side names the land units it loses to the first roll (ruling R28).',
      tags: ['decision'],
      meta: {
        rule: '14 step 9',
        step: 8,
        ruling: 'R28',
        decision: 'casualties',
        title: msg(
          'machine.field-battle.awaitingSurpriseCasualties.title',
          'Choose the first losses',
          'Выбор первых потерь',
        ),
      },
      on: {
        'casualties.assign': {
          guard: 'isLegalCasualties',
          target: 'choosingSurpriseCasualties',
          actions: 'recordCasualties',
        },
      },
    },
    applyingSurpriseCasualties: {
      description:
        "Step 9 at once (ruling R28): the surprised side's losses come off before its dice are counted again.",
      meta: {
        rule: '14 step 9',
        ruling: 'R28',
        title: msg('machine.field-battle.applyingSurpriseCasualties.title', 'First losses off', 'Первые потери сняты'),
      },
      always: { target: 'recountingDice', actions: 'applySurpriseCasualties' },
    },
    recountingDice: {
      description:
        "Steps 2–3 again (ruling R28): the surprised side's dice on its surviving land units — the best leader, the defender's die and its card dice still count; none without land units.",
      meta: {
        rule: '14 step 3',
        ruling: 'R28',
        title: msg('machine.field-battle.recountingDice.title', 'Count the dice again', 'Кубики заново'),
      },
      always: [
        {
          guard: 'isSurpriseAttackByAttacker',
          target: 'rollingRecountedDefenderDice',
          actions: 'recountSurprisedDice',
        },
        { target: 'rollingRecountedAttackerDice', actions: 'recountSurprisedDice' },
      ],
    },
    rollingRecountedDefenderDice: {
      description: 'Step 6, second: the surprised defender rolls the dice it has left (ruling R28).',
      tags: ['roll'],
      meta: {
        rule: '14 step 6',
        ruling: 'R28',
        roll: 'defender',
        title: msg(
          'machine.field-battle.rollingRecountedDefenderDice.title',
          "Defender's dice, second",
          'Кубики обороняющегося, вторыми',
        ),
      },
      on: { 'dice.rolled': { guard: 'isDefenderRoll', target: 'rollsCards', actions: 'recordDefenderRoll' } },
    },
    rollingRecountedAttackerDice: {
      description: 'Step 6, second: the surprised attacker rolls the dice it has left (ruling R28).',
      tags: ['roll'],
      meta: {
        rule: '14 step 6',
        ruling: 'R28',
        roll: 'attacker',
        title: msg(
          'machine.field-battle.rollingRecountedAttackerDice.title',
          "Attacker's dice, second",
          'Кубики атакующего, вторыми',
        ),
      },
      on: { 'dice.rolled': { guard: 'isAttackerRoll', target: 'rollsCards', actions: 'recordAttackerRoll' } },
    },
    rollsCards: {
      description:
        'Step 7: after both rolls the Ottoman, with Janissaries unused this turn and land units in the battle (either side), may play it (ruling R31); nobody is asked when nobody holds a card to play (ruling R9).',
      tags: ['window'],
      meta: {
        rule: '14 step 7',
        ruling: 'R31',
        title: msg('machine.field-battle.rollsCards.title', 'Janissaries?', 'Янычары?'),
      },
      always: [
        { guard: 'hasRollsResponderToAsk', target: 'awaitingRollsCard', actions: 'askNextRollsResponder' },
        { target: 'decidingWinner', actions: 'closeRollsWindow' },
      ],
    },
    awaitingRollsCard: {
      description: 'Step 7: the Ottoman plays Janissaries (5 more dice for its side, hitting on 5–6) or passes.',
      tags: ['decision', 'window'],
      meta: {
        rule: '14 step 7',
        ruling: 'R31',
        decision: 'card',
        title: msg('machine.field-battle.awaitingRollsCard.title', 'Play Janissaries?', 'Сыграть «Янычары»?'),
      },
      on: {
        'card.play': { guard: 'isLegalRollsCard', target: 'rollingCardDice', actions: 'playRollsCard' },
        'card.pass': { guard: 'isAskedRollsResponderPassing', target: 'rollsCards', actions: 'passRollsCard' },
      },
    },
    rollingCardDice: {
      description:
        "Step 7: the Janissaries' 5 dice are rolled for the Ottoman's side; each 5 or 6 is a hit (ruling R31).",
      tags: ['roll'],
      meta: {
        rule: '14 step 7',
        ruling: 'R31',
        roll: 'card',
        title: msg('machine.field-battle.rollingCardDice.title', "Janissaries' dice", 'Кубики янычар'),
      },
      on: { 'dice.rolled': { guard: 'isCardRoll', target: 'rollsCards', actions: 'recordCardRoll' } },
    },
    decidingWinner: {
      description:
        'Step 8: more hits wins; a tie goes to the defender. Step 9: each side owes one loss per hit against it.',
      meta: { rule: '14 step 8', title: msg('machine.field-battle.decidingWinner.title', 'Winner', 'Победитель') },
      always: { target: 'choosingCasualties', actions: 'decideWinner' },
    },
    choosingCasualties: {
      description: 'Step 9: the attacker, then the defender, choose their losses (each power its own, ruling R5).',
      meta: {
        rule: '14 step 9',
        ruling: 'R5',
        title: msg('machine.field-battle.choosingCasualties.title', 'Who chooses losses?', 'Кто выбирает потери?'),
      },
      always: [
        {
          guard: 'isNextCasualtyGroupInactive',
          target: 'choosingCasualties',
          actions: 'assignInactiveCasualties',
          reenter: true,
        },
        {
          guard: and(['hasCasualtyDecision', not('isNextCasualtyGroupInactive')]),
          target: 'awaitingCasualties',
          actions: 'askNextCasualties',
        },
        { target: 'applyingCasualties' },
      ],
    },
    awaitingCasualties: {
      description: 'The asked power names the land units it loses (and, by ruling R7, the one it keeps).',
      tags: ['decision'],
      meta: {
        rule: '14 step 9',
        step: 8,
        ruling: 'R5',
        decision: 'casualties',
        title: msg('machine.field-battle.awaitingCasualties.title', 'Choose casualties', 'Выбор потерь'),
      },
      on: {
        'casualties.assign': { guard: 'isLegalCasualties', target: 'choosingCasualties', actions: 'recordCasualties' },
      },
    },
    applyingCasualties: {
      description:
        'Steps 9–10: losses come off together; leaders of a side with no land units left are captured; the losers are marked (ruling R12).',
      meta: {
        rule: '14 step 10',
        ruling: 'R12',
        title: msg('machine.field-battle.applyingCasualties.title', 'Losses and captures', 'Потери и пленные'),
      },
      always: { target: 'retreating', actions: 'applyCasualties' },
    },
    retreating: {
      description: 'Step 11: the losing side retreats (14.1).',
      meta: { rule: '14 step 11', title: msg('machine.field-battle.retreating.title', 'Retreat', 'Отступление') },
      invoke: {
        id: 'retreat',
        src: 'retreat',
        input: ({ context }) => loserRetreatInput(context),
        onDone: {
          target: 'checkingSiege',
          actions: { type: 'takeRetreatOutput', params: ({ event }) => event.output },
        },
      },
    },
    checkingSiege: {
      description:
        'Step 12: in a fortified space won by the attacker, a siege if it outnumbers the units inside, else it leaves.',
      meta: {
        rule: '14 step 12',
        title: msg('machine.field-battle.checkingSiege.title', 'Siege check', 'Проверка осады'),
      },
      always: [
        { guard: 'doesAttackerBesiege', target: 'done', actions: 'besiegeBattleSpace' },
        { guard: 'mustAttackerLeave', target: 'attackerLeaving' },
        { target: 'done' },
      ],
    },
    attackerLeaving: {
      description: 'Step 12, as in 15.3: the attacker retreats, free, to a legal adjacent space.',
      meta: {
        rule: '15.3',
        title: msg('machine.field-battle.attackerLeaving.title', 'The attacker leaves', 'Атакующий уходит'),
      },
      invoke: {
        id: 'retreat',
        src: 'retreat',
        input: ({ context }) => attackerLeavingInput(context),
        onDone: { target: 'done', actions: { type: 'takeRetreatOutput', params: ({ event }) => event.output } },
      },
    },
    done: {
      type: 'final',
      description: 'The battle is over.',
      meta: { rule: '14', title: msg('machine.field-battle.done.title', 'Battle over', 'Сражение завершено') },
    },
  },
  output: ({ context }) => fieldBattleOutput(context),
});
