// A scenario's own words — its title and its description — in both languages. The scenario gives them once for both
// (a string), or per language ({en, ru}, one of them possibly left out: that one is shown in the other language).
import type { StructuredScenario } from '../schema/scenario.ts';
import type { Text } from './text.ts';

type Own = StructuredScenario['description'];

/** The text in both languages; undefined when the scenario gives none. */
export function ownText(value: Own): Text | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return { en: value, ru: value };
  const en = value.en ?? value.ru ?? '';
  return { en, ru: value.ru ?? en };
}

/** The scenario's title: its `title`, else its `name`. */
export function scenarioTitle(data: Pick<StructuredScenario, 'title' | 'name'>): Text | undefined {
  return ownText(data.title ?? data.name);
}

export function scenarioDescription(data: Pick<StructuredScenario, 'description'>): Text | undefined {
  return ownText(data.description);
}
