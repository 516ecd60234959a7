// The command line's own words around what the engine says, in the language --lang chose: the engine's message
// comes in the session's language, so the line that carries it, and the rule it cites (through src/text/rules.ts),
// come in that language too. Usage errors (`his: …`) stay English: they are about the command, not the move.
import type { Decision } from '../schema/decision.ts';
import { count, NOUNS } from '../text/grammar.ts';
import { ruleText } from '../text/rules.ts';
import type { Lang } from '../text/text.ts';

/** A refused event as the CLI reports it: where it was, the rule that refused it, and why (in the session's language). */
export interface Refusal {
  readonly index?: number | undefined;
  readonly rule?: string | undefined;
  readonly message: string;
}

/** A rule reference in brackets, as the language cites it: "[13.2 step 5]" / «[13.2, шаг 5]»; nothing without one. */
export function bracketedRule(rule: string | undefined, lang: Lang): string {
  return rule ? `[${ruleText(rule, lang)}] ` : '';
}

/**
 * The line after the story of a move that stopped at a refused event: "error in scripted event 3 (index 2):
 * [13.2 step 5] …" / «ошибка в заданном событии 3 (индекс 2): [13.2, шаг 5] …».
 */
export function refusalLine(r: Refusal, lang: Lang): string {
  const where =
    r.index === undefined
      ? ''
      : lang === 'en'
        ? ` in scripted event ${r.index + 1} (index ${r.index})`
        : ` в заданном событии ${r.index + 1} (индекс ${r.index})`;
  return `${lang === 'en' ? 'error' : 'ошибка'}${where}: ${bracketedRule(r.rule, lang)}${r.message}`;
}

/** The walkthrough's refusal: the page was written all the same, up to the refused event. */
export function pageRefusalLine(r: Refusal, lang: Lang): string {
  return `${refusalLine(r, lang)}${lang === 'en' ? ' — the page ends at this refusal' : ' — страница заканчивается на этом отказе'}`;
}

/** How many legal answers the refusal lines list (the rest are counted). */
const LISTED_ANSWERS = 12;

/**
 * What the game waits for after a refused event, and its legal answers with the event to send for each — the
 * lines a person fixing an events file needs. Empty when the move is over.
 */
export function pendingLines(d: Decision | null, lang: Lang): string {
  if (!d) return '';
  const ru = lang === 'ru';
  const lines = [`${ru ? 'Ожидается' : 'Waiting for'}: ${d.prompt[lang]} ${bracketedRule(d.rule, lang).trim()}`];
  if (d.kind === 'roll' && d.roll)
    lines.push(
      ru
        ? `  бросок ${count(d.roll.dice, NOUNS.die, 'gen').ru}: {"type":"dice.rolled","values":[…]} или {"type":"dice.rolled"} — кубики сессии`
        : `  a roll of ${count(d.roll.dice, NOUNS.die).en}: {"type":"dice.rolled","values":[…]}, or {"type":"dice.rolled"} for the session's dice`,
    );
  else {
    // The listed answers; where the rules allow partial ones (fewer units, a leader alone), `--json` gives the limits.
    lines.push(
      ru
        ? 'Допустимые ответы (из списка решения; --json даёт его пределы):'
        : "Legal answers (the decision's list; --json gives its limits):",
    );
    for (const o of d.options.slice(0, LISTED_ANSWERS)) lines.push(`  - ${o.label[lang]}: ${JSON.stringify(o.event)}`);
    const more = d.options.length - LISTED_ANSWERS;
    if (more > 0) lines.push(ru ? `  … и ещё ${more}` : `  … and ${more} more`);
  }
  return lines.join('\n');
}
