// Bilingual text: every reason, prompt and note the engine gives is in English and Russian, and, for a host that
// renders its own language, a message: the id of a catalogue entry (messages/<lang>.json, ICU MessageFormat) and the
// parameters it is rendered with. `msg` is the one way the engine makes a message: its English and Russian patterns
// are written where it is used, `npm run messages` collects them into the catalogues, and the `en`/`ru` strings are
// the patterns rendered, so the catalogues and the strings cannot differ.
import { formatPattern, type FormatValue } from './icu.ts';

/** A message a host renders with a catalogue: a pattern's id and the values of its arguments. */
export interface Message {
  readonly id: string;
  readonly params: MessageParams;
}

/**
 * A message's parameter: a string or a number as it is (a count, dice faces, a grammatical form such as `pl` for a
 * select), another message rendered first in the same language (a name, a count with its noun, a rule), or, for a
 * text that has no message id, its two strings as they were rendered.
 */
export type MessageParam = FormatValue | Message | { readonly en: string; readonly ru: string };

export type MessageParams = Readonly<Record<string, MessageParam>>;

export interface Text {
  readonly en: string;
  readonly ru: string;
  /** The message id (absent for a text not yet given one: its `en` and `ru` are all there is). */
  readonly id?: string | undefined;
  /** The values of the message's arguments, by name; present whenever `id` is. */
  readonly params?: MessageParams | undefined;
}

export type Lang = 'en' | 'ru';
export const LANGS: readonly Lang[] = ['en', 'ru'];

/** A text without a message id: write `msg(id, en, ru, params)` instead (`npm run messages:migrate` converts). */
export function text(en: string, ru: string): Text {
  return { en, ru };
}

/** What a message's argument may be given as, where the engine makes it. */
export type MsgArg = FormatValue | Text | null | undefined;

/** A text's message, or its two strings when it has none: what a parameter holding it carries. */
export function messageOf(t: Text): MessageParam {
  return t.id !== undefined ? { id: t.id, params: t.params ?? {} } : { en: t.en, ru: t.ru };
}

/**
 * A message: its id, its English and Russian ICU patterns, and its arguments. A text argument is rendered in the
 * pattern's language and handed on as its own message (so a host renders it with the same catalogue).
 */
export function msg(id: string, en: string, ru: string, args: Readonly<Record<string, MsgArg>> = {}): Text {
  const enValues: Record<string, FormatValue> = {},
    ruValues: Record<string, FormatValue> = {},
    params: Record<string, MessageParam> = {};
  for (const k of Object.keys(args)) {
    const v = args[k];
    // An argument a branch not taken would read may be missing; a pattern that reads it throws.
    if (v === undefined || v === null) continue;
    if (typeof v === 'object') {
      enValues[k] = v.en;
      ruValues[k] = v.ru;
      params[k] = messageOf(v);
    } else {
      enValues[k] = ruValues[k] = params[k] = v;
    }
  }
  return { en: formatPattern(en, enValues, 'en'), ru: formatPattern(ru, ruValues, 'ru'), id, params };
}

/**
 * A message whose strings are already rendered: for the helpers whose patterns are generated (names, counts, lists,
 * rule references; src/text/catalogue.ts), which word their strings themselves and need no pattern parsed (the
 * walkthrough's renderer uses them without the formatter). A test renders each with the catalogues.
 */
export function message(id: string, en: string, ru: string, args: Readonly<Record<string, MsgArg>> = {}): Text {
  const params: Record<string, MessageParam> = {};
  for (const [k, v] of Object.entries(args)) if (v != null) params[k] = typeof v === 'object' ? messageOf(v) : v;
  return { en, ru, id, params };
}

/** The message fields of a text, to carry over into a text made from it (a subject, a plain copy). */
export function messageFields(t: Text): Pick<Text, 'id' | 'params'> {
  return t.id !== undefined ? { id: t.id, params: t.params ?? {} } : {};
}

/** The most parts a join has a message for (`join.2` … `join.12`); a longer one is its strings. */
export const JOIN_MESSAGE_MAX = 12;

/** The pattern of n parts joined: `{part1}{sep}{part2}`, the separator (", ", "; ", " ") a parameter. */
export function joinPattern(n: number): string {
  return Array.from({ length: n }, (_, i) => `{part${i + 1}}`).join('{sep}');
}

/** Texts one after another, as one text: the message `join.<n>`, its arguments the parts and the separator. */
export function joinText(parts: readonly Text[], sep = ' '): Text {
  const en = parts.map((p) => p.en).join(sep),
    ru = parts.map((p) => p.ru).join(sep);
  if (parts.length === 1) return { en, ru, ...messageFields(parts[0]!) };
  if (parts.length === 0) return message('join.0', '', '');
  if (parts.length > JOIN_MESSAGE_MAX) return { en, ru };
  return message(`join.${parts.length}`, en, ru, {
    sep,
    ...Object.fromEntries(parts.map((p, i) => [`part${i + 1}`, p])),
  });
}
