// Rule references as each language cites them: the one place that turns "13.3 step 4" into «13.3, шаг 4» and "R10"
// into "ruling R10" / «постановление R10». Reasons, errors, narration and diagrams all cite rules through here.
import type { Lang, Text } from './text.ts';

/**
 * A rule reference as the language cites it. English keeps the rulebook's form ("14 step 6", "ruling R5");
 * Russian puts a comma before the step or option: «14, шаг 6», «14, шаги 2–3», «13.4, вариант 2», «постановление R5».
 */
export function ruleText(ref: string, lang: Lang): string {
  if (/^R\d+$/.test(ref)) return lang === 'en' ? `ruling ${ref}` : `постановление ${ref}`;
  if (lang === 'en') return ref;
  return ref
    .replace(/ (steps?) (\S+)/, (_, word: string, n: string) => `, ${word === 'steps' ? 'шаги' : 'шаг'} ${n}`)
    .replace(
      / (options?) (\S+)/,
      (_, word: string, n: string) => `, ${word === 'options' ? 'варианты' : 'вариант'} ${n}`,
    );
}

/** A rule with its ruling: «14 step 9, ruling R5» in English, «14, шаг 9; постановление R5» in Russian. */
export function stateRuleText(rule: string, ruling: string | undefined, lang: Lang): string {
  if (!ruling) return ruleText(rule, lang);
  return `${ruleText(rule, lang)}${lang === 'en' ? ', ' : '; '}${ruleText(ruling, lang)}`;
}

/**
 * Rule references in both languages, as a text cites them: cite('13.3 step 4') → 13.3 step 4 / «13.3, шаг 4»;
 * several are joined with commas: cite('13.3', '22.3') → 13.3, 22.3.
 */
export function cite(...refs: readonly string[]): Text {
  return { en: refs.map((r) => ruleText(r, 'en')).join(', '), ru: refs.map((r) => ruleText(r, 'ru')).join(', ') };
}
