// The words of the session's refusals that no restriction words (src/text/reasons/ words those): a step that is
// closed or not open yet, the move over, a roll, a card. What each refusal says is chosen by the engine from the
// machines' structure (src/engine/explain.ts); only the sentences are here.
import type { MoveLeg } from '../rules/leg.ts';
import type { MajorPower } from '../schema/power.ts';
import type { World } from '../rules/world.ts';
import { count, NOUNS } from './grammar.ts';
import { inSpace, outOfSpace, powerName, spaceFrom, spaceName, ruFormOf } from './names.ts';
import { cite } from './rules.ts';
import { msg, type Text } from './text.ts';

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
    name: leg ? spaceName(world, leg.to) : msg('refusals.destination.name', 'the destination', 'область назначения'),
    in: leg ? inSpace(world, leg.to).ru : 'в области назначения',
    gen: leg ? spaceFrom(world, leg.to).ru : 'области назначения',
    out: leg ? outOfSpace(world, leg.to).ru : 'из области назначения',
  };
}

// Why an answer of each kind of decision is refused when its step is over: one sentence per kind, named by the kind's
// spec (`stepClosed` in src/engine/procedures/: a spec without one does not compile). The rule it is cited with is
// read from the machines.

/** 13.1: the Move action is declared once per session. */
export const moveClosed = ({ world, leg }: ClosedStep): Text =>
  msg(
    'refusals.move',
    'The move is already declared ({leg}): one Move action per session.',
    'Движение уже объявлено ({legSpaceNameLegFrom2}): в одной сессии — одна акция движения.',
    {
      leg: leg ? `${spaceName(world, leg.from).en} → ${spaceName(world, leg.to).en}` : 'in the scenario',
      legSpaceNameLegFrom2: leg ? `${spaceName(world, leg.from).ru} → ${spaceName(world, leg.to).ru}` : 'в сценарии',
    },
  );

/** 13.2: interceptions are over once the formation is placed in the destination (13.1 step 5). */
export const interceptClosed = (c: ClosedStep): Text => {
  const d = destination(c);
  return msg(
    'refusals.intercept',
    'Interceptions of this move are over: they are resolved before the formation is placed in {name}.',
    'Перехваты этого движения завершены: они разыгрываются до того, как соединение размещается {in}.',
    { name: d.name, in: d.in },
  );
};

/** 13.3: avoiding battle (13.1 step 6) is over or was never open. */
export const avoidClosed = (c: ClosedStep): Text => {
  const d = destination(c);
  return msg(
    'refusals.avoid',
    'Step 6 (avoid battle out of {name}) is over or was never open: only enemy land units in the destination may avoid battle, before the withdrawal and the battle.',
    'Шаг 6 (уклонение от сражения {out}) завершён или не начинался: уклоняться могут только вражеские сухопутные части в области назначения, до отхода в укрепления и сражения.',
    { name: d.name, out: d.out },
  );
};

/** 13.4: the withdrawal into the fortifications (13.1 step 7) is over. */
export const withdrawClosed = (c: ClosedStep): Text => {
  const d = destination(c);
  return msg(
    'refusals.withdraw',
    'Step 7 (withdrawal into {name}) is over.',
    'Шаг 7 (отход в укрепления {gen}) завершён.',
    { name: d.name, gen: d.gen },
  );
};

/** 13.4 options 1 and 2: moving on or retreating is chosen only after a withdrawal the formation does not outnumber. */
export const continueClosed = (): Text =>
  msg(
    'refusals.continue',
    'Moving on or retreating is chosen only after the defenders withdrew into the fortifications and the formation does not outnumber them.',
    'Двигаться дальше или отступить можно выбрать, только когда обороняющиеся отошли в укрепления, а у соединения нет численного перевеса над ними.',
  );

/** 14 step 9: casualties are chosen after both sides roll. */
export const casualtiesClosed = ({ pending }: ClosedStep): Text =>
  msg(
    'refusals.casualties',
    'No casualties are owed now: they are chosen after both sides roll in a field battle — {pending}',
    'Сейчас потери не выбирают: их выбирают после бросков обеих сторон в полевом сражении. Игра ждёт: {pending}',
    { pending: pending() },
  );

/** 14.1: only the loser of a field battle retreats, after casualties. */
export const retreatClosed = ({ pending }: ClosedStep): Text =>
  msg(
    'refusals.retreat',
    'No retreat is owed now: only the loser of a field battle retreats, after casualties — {pending}',
    'Сейчас отступать не нужно: отступает только проигравший полевое сражение, после потерь. Игра ждёт: {pending}',
    { pending: pending() },
  );

/** 15.2, ruling R35: the sortie is asked when a relief force enters the besieged space. */
export const reliefClosed = ({ pending }: ClosedStep): Text =>
  msg(
    'refusals.relief',
    'No sortie is asked now: the pieces inside join a relief force (15.2) when it enters their besieged space, before the battle — {pending}',
    'Сейчас вылазку не объявляют: части из укреплений присоединяются к деблокирующим силам (15.2), когда те входят в осаждённую область, до сражения. Игра ждёт: {pending}',
    { pending: pending() },
  );

/** Ruling R14: a card is played in its window (13.1 step 4, 14 step 1), when its holder is asked. */
export const cardClosed = ({ pending }: ClosedStep): Text =>
  msg(
    'refusals.card',
    'No card window is open now: a card is played in its window, when its holder is asked — {pending}',
    'Сейчас карты не разыгрываются: карту разыгрывают в её момент, когда держателя спрашивают. Игра ждёт: {pending}',
    { pending: pending() },
  );

/** 13.2 step 5: after a successful interception the steps it skips are closed. */
export function skippedByInterception(intercepted: MajorPower): Text {
  const p = powerName(intercepted);
  return msg(
    'refusals.skippedByInterception',
    '{p} intercepted: after a successful interception steps 6 and 7 are skipped — no avoiding battle and no withdrawal; the battle is fought.',
    '{p} {interceptedForm, select, pl {перехватили} n {перехватило} other {перехватила}} движение: после успешного перехвата шаги 6 и 7 пропускаются — ни уклонения от сражения, ни отхода в укрепления; происходит полевое сражение.',
    { p, interceptedForm: ruFormOf(intercepted) },
  );
}

export function notYet(pending: Text): Text {
  return msg(
    'refusals.notYet',
    'Not yet: the game is waiting for an earlier step first — {pending}',
    'Ещё рано: игра сначала ждёт более раннего шага — {pending}',
    { pending },
  );
}

export function waitingFor(pending: Text): Text {
  return msg('refusals.waitingFor', 'The game is waiting for: {pending}', 'Игра ждёт: {pending}', { pending });
}

export const NOTHING_PENDING: Text = msg('refusals', 'nothing', 'ничего');

export function cardsNotSupported(card: string): Text {
  const r = cite('R14');
  return msg(
    'refusals.cardsNotSupported',
    'Cards are not supported in this release ({r}): {card} cannot be played. The response and combat card windows are marked in the machines.',
    'Карты в этой версии не поддерживаются ({r}): карту {card} сыграть нельзя. Моменты розыгрыша карт ответа и боевых карт отмечены в машинах.',
    { r, card },
  );
}

export const MOVE_ENDED: Text = msg(
  'refusals.2',
  'The move is over: no further events are accepted. Start a new session from the result position for the next move.',
  'Движение завершено: события больше не принимаются. Для следующего движения начните новую сессию с итоговой позиции.',
);

export function noRollPending(pending: Text): Text {
  return msg(
    'refusals.noRollPending',
    'No roll is pending. The game is waiting for: {pending}',
    'Сейчас бросок не нужен. Игра ждёт: {pending}',
    { pending },
  );
}

export function wrongDiceCount(dice: number, got: number): Text {
  return msg(
    'refusals.wrongDiceCount',
    'This roll takes exactly {count}, not {got}.',
    'Для этого броска нужно ровно {count}, а не {got}.',
    { count: count(dice, NOUNS.die), got },
  );
}

export function answeredByOther(asked: MajorPower | string, sender: string, prompt: Text): Text {
  const a = powerName(asked as never),
    p = powerName(sender as never);
  return msg(
    'refusals.answeredByOther',
    '{a} answers this decision, not {p}: {prompt}',
    'Сейчас {neverForm, select, pl {отвечают} other {отвечает}} {a}, а не {p}: {prompt}',
    { a, p, prompt, neverForm: ruFormOf(asked as never) },
  );
}

/** An answer of the pending decision's kind that its state does not take: what it takes instead. */
export function notAnAnswerHere(type: string, takes: readonly string[], prompt: Text): Text {
  const list = takes.join(', ');
  return msg(
    'refusals.notAnAnswerHere',
    '{type} does not answer this decision; it takes {list}: {prompt}',
    '{type} не отвечает на это решение; ответ — {list}: {prompt}',
    { type, list, prompt },
  );
}

export const REFUSED_WITHOUT_VERDICT: Text = msg(
  'refusals.3',
  'The machine refused an answer without a verdict of its rules: please report this scenario and event.',
  'Машина отвергла ответ без вердикта своих правил: пожалуйста, сообщите об этом сценарии и событии.',
);
