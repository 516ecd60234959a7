// Rule references as each language cites them: the one place that turns "13.3 step 4" into «13.3, шаг 4» and "R10"
// into "ruling R10" / «постановление R10». Reasons, errors, narration and diagrams all cite rules through here.
import { message, type Lang, type Text } from './text.ts';

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
  if (refs.length === 1) return ruleRef(refs[0]!);
  const each = refs.map(ruleRef);
  return message(
    `rule.list.${refs.length}`,
    each.map((r) => r.en).join(', '),
    each.map((r) => r.ru).join(', '),
    Object.fromEntries(each.map((r, i) => [`ref${i + 1}`, r])),
  );
}

/**
 * The messages a rule reference is cited with, by its form: a section ("13.2"), a step or steps, an option or
 * options of a section ("13.3 step 4" / «13.3, шаг 4»), a ruling ("ruling R5" / «постановление R5»).
 */
export const RULE_MESSAGES = {
  'rule.section': { en: '{section}', ru: '{section}' },
  'rule.step': { en: '{section} step {n}', ru: '{section}, шаг {n}' },
  'rule.steps': { en: '{section} steps {n}', ru: '{section}, шаги {n}' },
  'rule.option': { en: '{section} option {n}', ru: '{section}, вариант {n}' },
  'rule.options': { en: '{section} options {n}', ru: '{section}, варианты {n}' },
  'rule.ruling': { en: 'ruling {ruling}', ru: 'постановление {ruling}' },
} as const;

/** A rule reference as a message: `rule.step` { section: '13.3', n: '4' }, `rule.ruling` { ruling: 'R5' }. */
export function ruleRef(ref: string): Text {
  const en = ruleText(ref, 'en'),
    ru = ruleText(ref, 'ru');
  if (/^R\d+$/.test(ref)) return message('rule.ruling', en, ru, { ruling: ref });
  const m = /^(\S+) (steps?|options?) (\S+)$/.exec(ref);
  if (m) return message(`rule.${m[2]!}`, en, ru, { section: m[1]!, n: m[3]! });
  // A section alone reads the same in both languages; anything else keeps its own words (and no id).
  return en === ref && ru === ref ? message('rule.section', en, ru, { section: ref }) : { en, ru };
}
