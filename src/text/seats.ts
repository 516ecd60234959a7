// The words of seats and undo: an answer sent for a decision another power owns, an answer sent in another power's
// name, a send's options that are not understood, and an undo with nothing to take back.
import type { Power } from '../schema/power.ts';
import { powerName } from './names.ts';
import { cite } from './rules.ts';
import { text, type Text } from './text.ts';

/** `as` answered a decision that `owner` owns (the decision's `rule` says whose it is). */
export function notYourDecision(owner: Power, as: Power, rule: string, ruling?: string): Text {
  const o = powerName(owner);
  const a = powerName(as);
  const r = ruling ? cite(rule, ruling) : cite(rule);
  return text(
    `Not ${a.en}'s decision: ${o.en} answers it (${r.en}). This seat may answer only the decisions of ${a.en}.`,
    `Это решение не стороны «${a.ru}»: отвечает сторона «${o.ru}» (${r.ru}). Это место может отвечать только на решения стороны «${a.ru}».`,
  );
}

/** `as` sent an answer in the name of `named`, another power. */
export function notYourName(named: Power, as: Power, rule: string): Text {
  const n = powerName(named);
  const a = powerName(as);
  const r = cite(rule);
  return text(
    `${a.en} may not answer in the name of ${n.en} (${r.en}): each power sends its own answers.`,
    `Сторона «${a.ru}» не может отвечать от имени стороны «${n.ru}» (${r.ru}): каждая сторона отправляет свои ответы сама.`,
  );
}

/** The options of a send that are not understood (`shown` is the value as a message shows it). */
export function badSendOptions(problem: 'options' | 'as' | 'unknown', shown: string): Text {
  if (problem === 'options')
    return text(
      `A send's options must be an object such as { as: "hapsburg" }, not ${shown}.`,
      `Параметры отправки должны быть объектом вида { as: "hapsburg" }, а не ${shown}.`,
    );
  if (problem === 'as')
    return text(
      `'as' must be a power id such as "hapsburg", not ${shown}.`,
      `'as' должно быть обозначением стороны, например "hapsburg", а не ${shown}.`,
    );
  return text(
    `Unknown option ${shown} of a send (accepted: as).`,
    `Неизвестный параметр отправки ${shown} (допустим: as).`,
  );
}

export const NOTHING_TO_UNDO: Text = text(
  'Nothing to undo: no answer has been accepted since the session started (the engine’s own answers at the start are not undone).',
  'Отменять нечего: с начала сессии не принято ни одного ответа (собственные ответы движка в начале не отменяются).',
);
