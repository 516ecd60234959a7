// Agreement and number as properties of the words, not of each sentence. A subject (a power, a leader, a count of
// units, a list of them) carries its English number and the Russian form a verb, adjective or pronoun takes after
// it; a verb is chosen by the subject (agree), a count chooses its noun's form (count), a list of subjects is
// plural (listOf). A template that names a subject through these cannot put a singular verb after «Османы» or
// "1 units" on the page.
import { message, messageFields, type Text } from './text.ts';

/** English number of a subject: "moves" after one, "move" after several. */
export type EnNumber = 'one' | 'other';

/** The Russian form a word takes after the subject: masculine, feminine or neuter singular, or plural. */
export type RuForm = 'm' | 'f' | 'n' | 'pl';

/** Words that a verb agrees with: the text and its grammar in each language. */
export interface Subject extends Text {
  readonly number: EnNumber;
  readonly form: RuForm;
}

export function subject(t: Text, number: EnNumber, form: RuForm): Subject {
  // The text's message, if it has one, comes along (a text is its strings, an id and its parameters).
  return { ...t, number, form };
}

/** The plain text of a subject (what a contract carries: `{en, ru}`, and its message). */
export function plain(t: Text): Text {
  return { en: t.en, ru: t.ru, ...messageFields(t) };
}

/**
 * The form of a word that agrees with the subject. English forms are "one|other" ("moves|move"; one form when both
 * are the same). Russian forms are "pl|sg" (the present tense: «решают|решает») or "pl|m|f|n" (the past tense and
 * adjectives: «перехватили|перехватил|перехватила|перехватило»).
 */
export function agree(s: Pick<Subject, 'number' | 'form'>, en: string, ru: string): Text {
  // The message `verb.<en forms>.<ru forms>` selects on what the patterns read: `number` (English), `form` (Russian).
  const params = { ...(en.includes('|') ? { number: s.number } : {}), ...(ru.includes('|') ? { form: s.form } : {}) };
  return message(`verb.${en}.${ru}`, enForm(s.number, en), ruForm(s.form, ru), params);
}

/** The patterns of agree's message for its forms (src/text/catalogue.ts, from the sources' agree and says calls). */
export function verbPatterns(en: string, ru: string): { en: string; ru: string } {
  const e = en.split('|'),
    r = ru.split('|');
  return {
    en: e.length === 1 ? e[0]! : `{number, select, one {${e[0]}} other {${e[1]}}}`,
    ru:
      r.length === 1
        ? r[0]!
        : r.length === 2
          ? `{form, select, pl {${r[0]}} other {${r[1]}}}`
          : `{form, select, pl {${r[0]}} m {${r[1]}} f {${r[2]}} n {${r[3]}} other {${r[1]}}}`,
  };
}

export function enForm(n: EnNumber, forms: string): string {
  const f = forms.split('|');
  if (f.length > 2) throw new Error(`engine fault: English forms '${forms}' are not one|other`);
  return n === 'one' ? f[0]! : (f[1] ?? f[0]!);
}

export function ruForm(g: RuForm, forms: string): string {
  const f = forms.split('|');
  if (f.length === 2) return g === 'pl' ? f[0]! : f[1]!;
  if (f.length === 4) return f[['pl', 'm', 'f', 'n'].indexOf(g)]!;
  if (f.length === 1) return f[0]!;
  throw new Error(`engine fault: Russian forms '${forms}' are neither pl|sg nor pl|m|f|n`);
}

/** The subject with its verb: says(power('ottoman'), 'moves|move', 'ведут|ведёт') → "Ottoman moves" / «Османы ведут». */
export function says(s: Subject, en: string, ru: string): Text {
  const v = agree(s, en, ru);
  return message('says', `${s.en} ${v.en}`, `${s.ru} ${v.ru}`, { subject: s, verb: v });
}

/** An English list: "A", "A and B", "A, B and C". */
export function enList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A Russian list: «А», «А и Б», «А, Б и В». */
export function ruList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} и ${items[items.length - 1]}`;
}

/** The longest list that has a message of its own (`list.and.2` … `list.and.12`); a longer one is its strings. */
export const LIST_MESSAGE_MAX = 12;

/**
 * The patterns of a list of n items, `{item1}` … `{itemN}`: English "A, B and C" (or joined by `enSep`), Russian
 * «А, Б и В».
 */
export function listPatterns(n: number, enSep?: string): { en: string; ru: string } {
  const names = Array.from({ length: n }, (_, i) => `{item${i + 1}}`);
  return { en: enSep === undefined ? enList(names) : names.join(enSep), ru: ruList(names) };
}

/** A list as a message: `list.and.3` ("A, B and C") or, with `enSep` ', ', `units.list.3` ("A, B, C" / «А, Б и В»). */
export function listText(family: 'list.and' | 'units.list', items: readonly Text[], enSep?: string): Text {
  const en = enSep === undefined ? enList(items.map((i) => i.en)) : items.map((i) => i.en).join(enSep);
  const ru = ruList(items.map((i) => i.ru));
  // One item is that item, its message id kept.
  if (items.length === 1) return items[0]!;
  if (items.length === 0 || items.length > LIST_MESSAGE_MAX) return { en, ru };
  return message(`${family}.${items.length}`, en, ru, Object.fromEntries(items.map((t, i) => [`item${i + 1}`, t])));
}

/** Several subjects as one: "Hapsburg and England" / «Габсбурги и Англия», plural; one subject stays itself. */
export function listOf(items: readonly Subject[], empty?: Subject): Subject {
  if (items.length === 1) return items[0]!;
  if (items.length === 0 && empty) return empty;
  return subject(listText('list.and', items), 'other', 'pl');
}

/** The Russian number category of a count: 1, 21 «one»; 2–4, 22 «few»; 0, 5–20, 25 «many». */
export type RuPlural = 'one' | 'few' | 'many';

export function ruPluralOf(n: number): RuPlural {
  const a = Math.abs(n) % 100,
    b = a % 10;
  if (a >= 11 && a <= 14) return 'many';
  if (b === 1) return 'one';
  if (b >= 2 && b <= 4) return 'few';
  return 'many';
}

/** The English number category of a count: 1 is one, every other count is other. */
export function enPluralOf(n: number): EnNumber {
  return n === 1 ? 'one' : 'other';
}

/** The Russian cases a count's noun is written in. */
export type RuCase = 'nom' | 'acc' | 'gen';

/**
 * A countable noun: its English singular and plural, its Russian forms after one, few and many in each case, and
 * the gender of its singular (what «уничтожена» agrees with after «1 регулярная часть»).
 */
export interface Noun {
  readonly en: readonly [one: string, other: string];
  readonly ru: Readonly<Record<RuCase, readonly [one: string, few: string, many: string]>>;
  readonly gender: Exclude<RuForm, 'pl'>;
}

/**
 * A noun whose Russian accusative is its nominative (an inanimate noun: «кубик», «2 кубика»; «попадание»), with its
 * genitive.
 */
function sameInEveryCase(
  en: readonly [string, string],
  nomAcc: readonly [string, string, string],
  gen: readonly [string, string, string],
  gender: Exclude<RuForm, 'pl'>,
): Noun {
  return { en, ru: { nom: nomAcc, acc: nomAcc, gen }, gender };
}

export const NOUNS = {
  hit: sameInEveryCase(
    ['hit', 'hits'],
    ['попадание', 'попадания', 'попаданий'],
    ['попадания', 'попаданий', 'попаданий'],
    'n',
  ),
  oddHit: sameInEveryCase(
    ['odd hit', 'odd hits'],
    ['лишнее попадание', 'лишних попадания', 'лишних попаданий'],
    ['лишнего попадания', 'лишних попаданий', 'лишних попаданий'],
    'n',
  ),
  die: sameInEveryCase(['die', 'dice'], ['кубик', 'кубика', 'кубиков'], ['кубика', 'кубиков', 'кубиков'], 'm'),
  unit: sameInEveryCase(['unit', 'units'], ['часть', 'части', 'частей'], ['части', 'частей', 'частей'], 'f'),
  landUnit: {
    en: ['land unit', 'land units'],
    ru: {
      nom: ['сухопутная часть', 'сухопутные части', 'сухопутных частей'],
      acc: ['сухопутную часть', 'сухопутные части', 'сухопутных частей'],
      gen: ['сухопутной части', 'сухопутных частей', 'сухопутных частей'],
    },
    gender: 'f',
  },
  regulars: {
    en: ['regular', 'regulars'],
    ru: {
      nom: ['регулярная часть', 'регулярные части', 'регулярных частей'],
      acc: ['регулярную часть', 'регулярные части', 'регулярных частей'],
      gen: ['регулярной части', 'регулярных частей', 'регулярных частей'],
    },
    gender: 'f',
  },
  mercenaries: {
    en: ['mercenary', 'mercenaries'],
    ru: {
      nom: ['наёмник', 'наёмника', 'наёмников'],
      acc: ['наёмника', 'наёмников', 'наёмников'],
      gen: ['наёмника', 'наёмников', 'наёмников'],
    },
    gender: 'm',
  },
  cavalry: {
    en: ['cavalry', 'cavalry'],
    ru: {
      nom: ['кавалерийская часть', 'кавалерийские части', 'кавалерийских частей'],
      acc: ['кавалерийскую часть', 'кавалерийские части', 'кавалерийских частей'],
      gen: ['кавалерийской части', 'кавалерийских частей', 'кавалерийских частей'],
    },
    gender: 'f',
  },
  character: sameInEveryCase(
    ['character', 'characters'],
    ['символ', 'символа', 'символов'],
    ['символа', 'символов', 'символов'],
    'm',
  ),
  item: sameInEveryCase(
    ['item', 'items'],
    ['элемент', 'элемента', 'элементов'],
    ['элемента', 'элементов', 'элементов'],
    'm',
  ),
} as const satisfies Record<string, Noun>;

export type NounId = keyof typeof NOUNS;

/**
 * A noun's plural patterns, for a count (`# ` before it) or the noun alone: English one/other, Russian one/few/many
 * (other, for a fraction, as few). The engine's counts are whole numbers.
 */
export function nounPatterns(noun: Noun, c: RuCase, withCount: boolean): { en: string; ru: string } {
  const n = withCount ? '# ' : '';
  const [one, few, many] = noun.ru[c];
  return {
    en: `{n, plural, one {${n}${noun.en[0]}} other {${n}${noun.en[1]}}}`,
    ru: `{n, plural, one {${n}${one}} few {${n}${few}} many {${n}${many}} other {${n}${few}}}`,
  };
}

function nounId(noun: Noun): string | undefined {
  return Object.keys(NOUNS).find((k) => NOUNS[k as NounId] === noun);
}

/** The noun alone in the form a count takes: nounFor(NOUNS.die, 3) → "dice" / «кубика» (message `noun.die.nom`). */
export function nounFor(noun: Noun, n: number, c: RuCase = 'nom'): Text {
  const [one, few, many] = noun.ru[c];
  const p = ruPluralOf(n);
  return {
    en: noun.en[n === 1 ? 0 : 1],
    ru: p === 'one' ? one : p === 'few' ? few : many,
    id: `noun.${nounId(noun)}.${c}`,
    params: { n },
  };
}

/**
 * A count with its noun, as a subject: count(1, NOUNS.hit) → "1 hit" / «1 попадание»; count(5, NOUNS.regulars) →
 * "5 regulars" / «5 регулярных частей». Its verb agrees: «1 регулярная часть уничтожена», «2 … уничтожены».
 */
export function count(n: number, noun: Noun, c: RuCase = 'nom'): Subject {
  const w = nounFor(noun, n, c);
  return subject(
    { en: `${n} ${w.en}`, ru: `${n} ${w.ru}`, id: `count${w.id!.slice(4)}`, params: w.params },
    enPluralOf(n),
    ruPluralOf(n) === 'one' ? noun.gender : 'pl',
  );
}
