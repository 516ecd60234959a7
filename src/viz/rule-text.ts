// The words a diagram prints besides the machines' own titles: rule references as each language cites them, and
// the few fixed labels (else, done, the badges of decision, dice and card-window states).
import type { Lang } from '../rules/text.ts';

/**
 * A rule reference as the language cites it. English keeps the rulebook's form ("14 step 6", "ruling R5");
 * Russian puts a comma before the step or option: «14, шаг 6», «14, шаги 2–3», «13.4, вариант 2», «решение R5».
 */
export function ruleText(ref: string, lang: Lang): string {
  if (/^R\d+$/.test(ref)) return lang === 'en' ? `ruling ${ref}` : `решение ${ref}`;
  if (lang === 'en') return ref;
  return ref
    .replace(/ (steps?) (\S+)/, (_, word: string, n: string) => `, ${word === 'steps' ? 'шаги' : 'шаг'} ${n}`)
    .replace(/ (options?) (\S+)/, (_, word: string, n: string) => `, ${word === 'options' ? 'варианты' : 'вариант'} ${n}`);
}

/** A state's rule with its ruling, e.g. 14 step 9 with R5: «14 step 9, ruling R5» in English, «14, шаг 9; решение R5» in Russian. */
export function stateRuleText(rule: string, ruling: string | undefined, lang: Lang): string {
  if (!ruling) return ruleText(rule, lang);
  return `${ruleText(rule, lang)}${lang === 'en' ? ', ' : '; '}${ruleText(ruling, lang)}`;
}

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
} as const satisfies Record<string, Record<Lang, string>>;
