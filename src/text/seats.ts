// The words of seats and undo: an answer sent for a decision another power owns, an answer sent in another power's
// name, a send's options that are not understood, and an undo with nothing to take back.
import type { Power } from '../schema/power.ts';
import { powerName } from './names.ts';
import { cite } from './rules.ts';
import { type Text, msg } from './text.ts';

/** `as` answered a decision that `owner` owns (the decision's `rule` says whose it is). */
export function notYourDecision(owner: Power, as: Power, rule: string, ruling?: string): Text {
  const o = powerName(owner);
  const a = powerName(as);
  const r = ruling ? cite(rule, ruling) : cite(rule);
  return msg(
    'seats.notYourDecision',
    "Not {a}'s decision: {o} answers it ({r}). This seat may answer only the decisions of {a}.",
    'Это решение не стороны «{a}»: отвечает сторона «{o}» ({r}). Это место может отвечать только на решения стороны «{a}».',
    { a, o, r },
  );
}

/** `as` sent an answer in the name of `named`, another power. */
export function notYourName(named: Power, as: Power, rule: string): Text {
  const n = powerName(named);
  const a = powerName(as);
  const r = cite(rule);
  return msg(
    'seats.notYourName',
    '{a} may not answer in the name of {n} ({r}): each power sends its own answers.',
    'Сторона «{a}» не может отвечать от имени стороны «{n}» ({r}): каждая сторона отправляет свои ответы сама.',
    { a, n, r },
  );
}

/** The options of a send that are not understood (`shown` is the value as a message shows it). */
export function badSendOptions(problem: 'options' | 'as' | 'unknown', shown: string): Text {
  if (problem === 'options')
    return msg(
      'seats.badSendOptions',
      "A send's options must be an object such as '{' as: \"hapsburg\" '}', not {shown}.",
      "Параметры отправки должны быть объектом вида '{' as: \"hapsburg\" '}', а не {shown}.",
      { shown },
    );
  if (problem === 'as')
    return msg(
      'seats.badSendOptions.2',
      '\'as\' must be a power id such as "hapsburg", not {shown}.',
      '\'as\' должно быть обозначением стороны, например "hapsburg", а не {shown}.',
      { shown },
    );
  return msg(
    'seats.badSendOptions.3',
    'Unknown option {shown} of a send (accepted: as).',
    'Неизвестный параметр отправки {shown} (допустим: as).',
    { shown },
  );
}

export const NOTHING_TO_UNDO: Text = msg(
  'seats',
  'Nothing to undo: no answer has been accepted since the session started (the engine’s own answers at the start are not undone).',
  'Отменять нечего: с начала сессии не принято ни одного ответа (собственные ответы движка в начале не отменяются).',
);
