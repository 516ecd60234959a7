// The words a diagram prints besides the machines' own titles and rule references (src/text/rules.ts): the few
// fixed labels (else, done, the badges of decision, dice and card-window states).
import type { Lang } from './text.ts';

/** Fixed words of the diagrams, in both languages. */
export const WORDS = {
  always: { en: 'always', ru: 'сразу' },
  else: { en: 'else', ru: 'иначе' },
  done: { en: 'done', ru: 'завершено' },
  invoke: { en: 'invoke', ru: 'вызов' },
  invokedBy: { en: 'invoked by', ru: 'вызов из' },
  composed: { en: 'every procedure it invokes', ru: 'все вызываемые процедуры' },
  decision: { en: 'a player decides', ru: 'решает игрок' },
  roll: { en: 'dice roll', ru: 'бросок кубиков' },
  window: { en: 'card window', ru: 'окно карт' },
  folded: { en: 'not in this move: folded', ru: 'не участвует в этом ходе: свёрнуто' },
} as const satisfies Record<string, Record<Lang, string>>;
