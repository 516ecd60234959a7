// The words of the advisor's odds (src/review/advise.ts) as a page or a host shows them: what each listed answer of a
// decision gives to the end of the move under the default policy — the moving power wins or loses a field battle or
// none is fought, each side's expected land-unit losses, a leader captured, a siege begun — in English and Russian.
// Imports nothing but types: the replay page's script words the odds with these and carries no engine (the power's
// names come in with the odds: names.ts powerName and powerGen).
import type { Lang, Text } from './text.ts';

/** A power as the odds name it: "Ottoman" in both cases in English; «Османы», «Османов» in Russian. */
export interface OddsPower {
  readonly name: Text;
  /** The genitive: «Османов», «Франции». */
  readonly gen: Text;
}

/** Fixed words of the odds, in both languages. */
export const ODDS_WORDS = {
  title: { en: 'Odds of each answer', ru: 'Шансы каждого ответа' },
  rollTitle: { en: 'Odds of the roll', ru: 'Шансы броска' },
  policy: {
    en: 'Exact, to the end of the move: every dice outcome weighed by its chance, every later decision declined (the default policy).',
    ru: 'Точно, до конца хода: каждый исход кубиков учтён с его вероятностью, все следующие решения — отказ (политика по умолчанию).',
  },
  noBattle: { en: 'no battle', ru: 'без сражения' },
  capture: { en: 'a leader captured', ru: 'командующий в плену' },
  siege: { en: 'a siege begins', ru: 'начинается осада' },
  retreat: { en: 'a retreat', ru: 'отступление' },
  battle: { en: 'a battle is fought', ru: 'сражение состоится' },
  othersLosses: { en: 'expected losses of the other powers', ru: 'ожидаемые потери других держав' },
  exact: { en: 'Exact fractions', ru: 'Точные дроби' },
  stopped: {
    en: 'The odds were not computed: the exploration stopped at its bound',
    ru: 'Шансы не рассчитаны: перебор остановлен на своей границе',
  },
} as const satisfies Record<string, Text>;

export type OddsWord = keyof typeof ODDS_WORDS;

export function oddsWord(key: OddsWord, lang: Lang): string {
  return ODDS_WORDS[key][lang];
}

/** "Ottoman wins the battle" / «победа Османов в сражении». */
export function winsBattle(p: OddsPower): Text {
  return { en: `${p.name.en} wins the battle`, ru: `победа ${p.gen.ru} в сражении` };
}

/** "Ottoman loses the battle" / «поражение Османов в сражении». */
export function losesBattle(p: OddsPower): Text {
  return { en: `${p.name.en} loses the battle`, ru: `поражение ${p.gen.ru} в сражении` };
}

/** "expected losses of Ottoman" / «ожидаемые потери Османов» (land units). */
export function lossesOf(p: OddsPower): Text {
  return { en: `expected losses of ${p.name.en}`, ru: `ожидаемые потери ${p.gen.ru}` };
}

/**
 * "expected land units lost: Ottoman 2.58, the other powers 2.48" / «ожидаемые потери: Османов — 2,58, других
 * держав — 2,48» (the numbers already written in the language).
 */
export function expectedLosses(p: OddsPower, mover: string, others: string): Text {
  return {
    en: `expected land units lost: ${p.name.en} ${mover}, the other powers ${others}`,
    ru: `ожидаемые потери войск: ${p.gen.ru} — ${mover}, других держав — ${others}`,
  };
}

/** The bound that stopped the advisor, as the page says it: "maxNodes 20000". */
export function stoppedBy(limit: string, value: number, lang: Lang): string {
  return `${oddsWord('stopped', lang)}: ${limit} ${value}.`;
}

/** A chance as a percentage with one decimal where it helps ('57.4%', «57,4 %»); '<0.1%' rather than 0 when it is not nil, '>99.9%' rather than 100 when it is not certain. */
export function oddsPercent(value: number, lang: Lang): string {
  const p = Math.round(value * 1000) / 10;
  const shown =
    value > 0 && p === 0 ? '<0.1' : value < 1 && p === 100 ? '>99.9' : Number.isInteger(p) ? String(p) : p.toFixed(1);
  const local = lang === 'ru' ? shown.replace('.', ',') : shown;
  return lang === 'ru' ? `${local}\u00a0%` : `${local}%`;
}

/** An expected number of units, to two decimals ('2.58', «2,58»); whole numbers as they are. */
export function oddsNumber(value: number, lang: Lang): string {
  const r = Math.round(value * 100) / 100;
  const shown = Number.isInteger(r) ? String(r) : r.toFixed(2);
  return lang === 'ru' ? shown.replace('.', ',') : shown;
}
