// Rendering a message with a catalogue: what a host without an ICU library of its own calls to show the engine's
// texts in its language. A message's parameters that are messages themselves (names, counts, rule references) are
// rendered first, with the same catalogue; a parameter that is only two strings (a text without an id) shows the
// fallback language's string.
import { formatPattern, MessageFormatError, type FormatValue } from './icu.ts';
import type { Lang, MessageParam, Text } from './text.ts';

/** A catalogue: message id → ICU pattern (the shape of messages/en.json and messages/ru.json). */
export type Catalogue = Readonly<Record<string, string>>;

export interface FormatMessageOptions {
  /** The locale whose plural rules apply (Intl.PluralRules), e.g. 'de'. */
  readonly locale: string;
  /** Which of a text's two strings to show when it has no id: 'ru' for a locale starting with ru, else 'en'. */
  readonly fallback?: Lang | undefined;
  /** Told each message rendered and each argument its pattern read (for a catalogue check). */
  readonly onArgument?: ((id: string, name: string) => void) | undefined;
}

/**
 * A message in the catalogue's language: formatMessage(de, decision.prompt, { locale: 'de' }). A message whose id the
 * catalogue lacks, or a pattern that reads a parameter the message does not have, is a MessageFormatError.
 */
export function formatMessage(
  catalogue: Catalogue,
  message: Text | MessageParam,
  options: FormatMessageOptions,
): string {
  if (typeof message !== 'object') return String(message);
  if (!('id' in message) || message.id === undefined) {
    const t = message as { readonly en: string; readonly ru: string };
    return t[options.fallback ?? (options.locale.toLowerCase().startsWith('ru') ? 'ru' : 'en')];
  }
  const id = message.id;
  const pattern = Object.hasOwn(catalogue, id) ? catalogue[id] : undefined;
  if (pattern === undefined) throw new MessageFormatError(`the catalogue has no message '${id}'`);
  const values: Record<string, FormatValue> = {};
  for (const [k, v] of Object.entries(message.params ?? {}))
    values[k] = typeof v === 'object' ? formatMessage(catalogue, v, options) : v;
  const on = options.onArgument;
  return formatPattern(pattern, values, options.locale, on && ((name) => on(id, name)));
}
