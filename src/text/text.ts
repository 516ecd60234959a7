// Bilingual text: every reason, prompt and note the engine gives is in English and Russian.
export interface Text {
  readonly en: string;
  readonly ru: string;
}

export type Lang = keyof Text;
export const LANGS: readonly Lang[] = ['en', 'ru'];

export function text(en: string, ru: string): Text {
  return { en, ru };
}

export function joinText(parts: readonly Text[], sep = ' '): Text {
  return { en: parts.map((p) => p.en).join(sep), ru: parts.map((p) => p.ru).join(sep) };
}
