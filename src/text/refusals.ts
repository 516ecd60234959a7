// The words of the session's refusals that no restriction words (src/text/reasons/ words those): a step that is
// closed or not open yet, the move over, a roll, a card. What each refusal says is chosen by the engine from the
// machines' structure (src/engine/explain.ts); only the sentences are here.
import type { DecisionKind } from '../schema/decision.ts';
import type { MoveLeg } from '../rules/leg.ts';
import type { MajorPower } from '../schema/power.ts';
import type { World } from '../rules/world.ts';
import { count, NOUNS } from './grammar.ts';
import { inSpace, outOfSpace, powerName, ruAgree, spaceFrom, spaceName } from './names.ts';
import { cite } from './rules.ts';
import { text, type Text } from './text.ts';

/** What the sentence of a closed step reads: the move's leg (when declared) and what the game waits for now. */
export interface ClosedStep {
  readonly world: World;
  readonly leg: MoveLeg | undefined;
  readonly pending: () => Text;
}

/** The destination in the cases the sentences need. */
function destination(c: ClosedStep) {
  const { world, leg } = c;
  return {
    name: leg ? spaceName(world, leg.to) : text('the destination', 'область назначения'),
    in: leg ? inSpace(world, leg.to).ru : 'в области назначения',
    gen: leg ? spaceFrom(world, leg.to).ru : 'области назначения',
    out: leg ? outOfSpace(world, leg.to).ru : 'из области назначения',
  };
}

/**
 * Why an answer of each kind of decision is refused when its step is over: one sentence per kind (a kind without
 * one does not compile). The rule it is cited with is read from the machines.
 */
export const STEP_CLOSED: { readonly [K in Exclude<DecisionKind, 'roll'>]: (c: ClosedStep) => Text } = {
  move: ({ world, leg }) =>
    text(
      `The move is already declared (${leg ? `${spaceName(world, leg.from).en} → ${spaceName(world, leg.to).en}` : 'in the scenario'}): one Move action per session.`,
      `Движение уже объявлено (${leg ? `${spaceName(world, leg.from).ru} → ${spaceName(world, leg.to).ru}` : 'в сценарии'}): в одной сессии — одна акция движения.`,
    ),
  intercept: (c) => {
    const d = destination(c);
    return text(
      `Interceptions of this move are over: they are resolved before the formation is placed in ${d.name.en}.`,
      `Перехваты этого движения завершены: они разыгрываются до того, как соединение размещается ${d.in}.`,
    );
  },
  avoid: (c) => {
    const d = destination(c);
    return text(
      `Step 6 (avoid battle out of ${d.name.en}) is over or was never open: only enemy land units in the destination may avoid battle, before the withdrawal and the battle.`,
      `Шаг 6 (уклонение от сражения ${d.out}) завершён или не начинался: уклоняться могут только вражеские сухопутные части в области назначения, до отхода в укрепления и сражения.`,
    );
  },
  withdraw: (c) => {
    const d = destination(c);
    return text(`Step 7 (withdrawal into ${d.name.en}) is over.`, `Шаг 7 (отход в укрепления ${d.gen}) завершён.`);
  },
  continue: () =>
    text(
      'Moving on or retreating is chosen only after the defenders withdrew into the fortifications and the formation does not outnumber them.',
      'Двигаться дальше или отступить можно выбрать, только когда обороняющиеся отошли в укрепления, а у соединения нет численного перевеса над ними.',
    ),
  casualties: ({ pending }) =>
    text(
      `No casualties are owed now: they are chosen after both sides roll in a field battle — ${pending().en}`,
      `Сейчас потери не выбирают: их выбирают после бросков обеих сторон в полевом сражении. Игра ждёт: ${pending().ru}`,
    ),
  retreat: ({ pending }) =>
    text(
      `No retreat is owed now: only the loser of a field battle retreats, after casualties — ${pending().en}`,
      `Сейчас отступать не нужно: отступает только проигравший полевое сражение, после потерь. Игра ждёт: ${pending().ru}`,
    ),
  relief: ({ pending }) =>
    text(
      `No sortie is asked now: the pieces inside join a relief force (15.2) when it enters their besieged space, before the battle — ${pending().en}`,
      `Сейчас вылазку не объявляют: части из укреплений присоединяются к деблокирующим силам (15.2), когда те входят в осаждённую область, до сражения. Игра ждёт: ${pending().ru}`,
    ),
  card: ({ pending }) =>
    text(
      `No card window is open now: a card is played in its window, when its holder is asked — ${pending().en}`,
      `Сейчас карты не разыгрываются: карту разыгрывают в её момент, когда держателя спрашивают. Игра ждёт: ${pending().ru}`,
    ),
};

/** 13.2 step 5: after a successful interception the steps it skips are closed. */
export function skippedByInterception(intercepted: MajorPower): Text {
  const p = powerName(intercepted);
  return text(
    `${p.en} intercepted: after a successful interception steps 6 and 7 are skipped — no avoiding battle and no withdrawal; the battle is fought.`,
    `${p.ru} ${ruAgree(intercepted, 'перехватили', 'перехватила', 'перехватило')} движение: после успешного перехвата шаги 6 и 7 пропускаются — ни уклонения от сражения, ни отхода в укрепления; происходит полевое сражение.`,
  );
}

export function notYet(pending: Text): Text {
  return text(
    `Not yet: the game is waiting for an earlier step first — ${pending.en}`,
    `Ещё рано: игра сначала ждёт более раннего шага — ${pending.ru}`,
  );
}

export function waitingFor(pending: Text): Text {
  return text(`The game is waiting for: ${pending.en}`, `Игра ждёт: ${pending.ru}`);
}

export const NOTHING_PENDING: Text = text('nothing', 'ничего');

export function cardsNotSupported(card: string): Text {
  const r = cite('R14');
  return text(
    `Cards are not supported in this release (${r.en}): ${card} cannot be played. ` +
      'The response and combat card windows are marked in the machines.',
    `Карты в этой версии не поддерживаются (${r.ru}): карту ${card} сыграть нельзя. ` +
      'Моменты розыгрыша карт ответа и боевых карт отмечены в машинах.',
  );
}

export const MOVE_ENDED: Text = text(
  'The move is over: no further events are accepted. Start a new session from the result position for the next move.',
  'Движение завершено: события больше не принимаются. Для следующего движения начните новую сессию с итоговой позиции.',
);

export function noRollPending(pending: Text): Text {
  return text(
    `No roll is pending. The game is waiting for: ${pending.en}`,
    `Сейчас бросок не нужен. Игра ждёт: ${pending.ru}`,
  );
}

export function wrongDiceCount(dice: number, got: number): Text {
  return text(
    `This roll takes exactly ${count(dice, NOUNS.die).en}, not ${got}.`,
    `Для этого броска нужно ровно ${count(dice, NOUNS.die).ru}, а не ${got}.`,
  );
}

export function answeredByOther(asked: MajorPower | string, sender: string, prompt: Text): Text {
  const a = powerName(asked as never),
    p = powerName(sender as never);
  return text(
    `${a.en} answers this decision, not ${p.en}: ${prompt.en}`,
    `Сейчас ${ruAgree(asked as never, 'отвечают', 'отвечает')} ${a.ru}, а не ${p.ru}: ${prompt.ru}`,
  );
}

export const REFUSED_WITHOUT_VERDICT: Text = text(
  'The machine refused an answer without a verdict of its rules: please report this scenario and event.',
  'Машина отвергла ответ без вердикта своих правил: пожалуйста, сообщите об этом сценарии и событии.',
);
