// What every text of the engine must not do, in either language: the known-bad patterns of agreement and number
// (a verb that does not agree with its subject, a count with the wrong form of its noun, a rule cited twice) and,
// in Russian, Latin letters other than rule and ruling ids, the API's field names and ids the user typed.
import { NOUNS, ruPluralOf, type Noun, type RuCase } from '../../src/text/grammar.ts';
import type { Text } from '../../src/text/text.ts';
import { POWER_NAMES } from '../../src/schema/power.ts';

const RU_NAMES = Object.values(POWER_NAMES).map((n) => n.ru);
const RU_PLURAL_NAMES = ['Османы', 'Габсбурги', 'Протестанты', 'независимые'];
const RU_SINGULAR_NAMES = RU_NAMES.filter((n) => !RU_PLURAL_NAMES.includes(n));
const alt = (xs: readonly string[]) => xs.map((x) => x.replace(/[-]/g, '\\-')).join('|');

/** A Russian singular verb (present or past tense, short participle): решает, бросает, перехватила, уничтожена. */
const RU_SINGULAR_VERB = /^(?:[а-яё]+(?:ет|ёт|ит|ется|ится|ал|ял|ил|ел|ла|ло|на|но|ен|ан|ят)|может|должна|должно)$/;
/** A Russian plural verb: решают, бросают, перехватили, уничтожены, могут, должны. */
const RU_PLURAL_VERB = /^(?:[а-яё]+(?:ют|ят|ут|ли|ны|ются|ятся)|могут|должны)$/;
const SKIP = new Set(['не', 'уже', 'теперь', 'сейчас', 'ещё']);

const SUBJECT = `(?:${alt(RU_NAMES)})`;
/** A list of powers: «Габсбурги и Англия», «Османы, Франция и Генуя». */
const AFTER = '((?:[а-яё]+ )*[а-яё]+)';
const RU_LIST = new RegExp(`(?<![,и] )${SUBJECT}(?:, ${SUBJECT})* и ${SUBJECT} ${AFTER}`, 'g');
const RU_PLURAL = new RegExp(`(?<![,и] |и )(?:${alt(RU_PLURAL_NAMES)})(?![,] | и) ${AFTER}`, 'g');
const RU_SINGULAR = new RegExp(`(?<![,и] |и )(?:${alt(RU_SINGULAR_NAMES)})(?![,] | и) ${AFTER}`, 'g');
const RU_INVERTED = new RegExp(`(?:^|[\\s(])([а-яё]+) (?:${alt(RU_PLURAL_NAMES)})(?![,] | и)`, 'g');

/** The first word after the subject that is not «не», «уже», «теперь». */
function verbAfter(words: string): string | undefined {
  return words
    .trim()
    .split(' ')
    .find((w) => w && !SKIP.has(w));
}

/** The Russian forms of every counted noun, longest first, with the counts and cases each one fits. */
const RU_FORMS: readonly { form: string; noun: Noun }[] = Object.values(NOUNS as Record<string, Noun>)
  .flatMap((noun) => (['nom', 'acc', 'gen'] as const).flatMap((c) => noun.ru[c].map((form) => ({ form, noun }))))
  .sort((a, b) => b.form.length - a.form.length);
/** Words after which a count is in the genitive: «из 5 сухопутных частей», «не более 4 частей», «бросок 2 кубиков». */
const GENITIVE_BEFORE = /(?:^|\s)(?:из|более|менее|до|бросок|от|без|для|около)\s$/;

function ruCountProblems(ru: string): string[] {
  const out: string[] = [];
  for (const m of ru.matchAll(/(?<![\d.,–-])(\d+) /g)) {
    const n = Number(m[1]);
    const rest = ru.slice(m.index + m[0].length);
    const hit = RU_FORMS.find((f) => rest.startsWith(f.form) && !/[а-яё]/.test(rest.charAt(f.form.length)));
    if (!hit) continue;
    const p = ruPluralOf(n);
    const i = p === 'one' ? 0 : p === 'few' ? 1 : 2;
    const cases: RuCase[] = GENITIVE_BEFORE.test(ru.slice(0, m.index)) ? ['nom', 'acc', 'gen'] : ['nom', 'acc'];
    if (!cases.some((c) => hit.noun.ru[c][i] === hit.form)) out.push(`«${n} ${hit.form}»: the wrong form for ${n}`);
  }
  return out;
}

/** Latin words a Russian text may hold: ruling ids, 2d6, Roman numerals of names, the API's field names. */
const RU_LATIN_ALLOWED = /^(?:R\d+|2d6|[IVX]+|byPower|oddHits|keep|keepPower)$/;

function ruLatinProblems(ru: string, ids: readonly string[]): string[] {
  let s = ru
    .replace(/"[^"]*"/g, '')
    .replace(/«[^»]*»/g, '')
    .replace(/\b\d+d6\b/g, '');
  for (const id of [...ids].sort((a, b) => b.length - a.length)) s = s.split(id).join('');
  // Paths of an invalid event's fields (values[0], inside.regulars) are the event's own keys.
  s = s.replace(/(?:^|; |: )[a-zA-Z][\w.[\]]*(?=: )/g, '');
  return (s.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [])
    .filter((w) => !RU_LATIN_ALLOWED.test(w))
    .map((w) => `Latin '${w}' in Russian`);
}

const EN_NAMES = alt(Object.values(POWER_NAMES).map((n) => n.en));

const EN_BAD: readonly (readonly [RegExp, string])[] = [
  [/\b1 (?:hits|dice|units|land units|regulars|mercenaries|characters|items|odd hits)\b/, 'a plural noun after 1'],
  [/\b(?:0|[2-9]|\d{2,}) (?:hit|die|unit|land unit|regular|mercenary|odd hit)\b/, 'a singular noun after a count'],
  [/\w\(s\)/, 'a "(s)" plural'],
  [/one (?:regulars|mercenaries|cavalry) unit/, 'a unit type as an adjective'],
  [/(\([^()]+\))[.,;]? \1/, 'a rule cited twice'],
  [
    new RegExp(`\\b(?:${EN_NAMES})(?:, (?:${EN_NAMES}))+ (?:loses|keeps|goes|withdraws|decides|rolls|is|has|moves)\\b`),
    'a singular verb after powers listed with commas',
  ],
  [
    /(?<!\b(?:by|of|to|with|on) )\b[A-Z][\w-]*(?: [A-Z][\w-]*| V| VIII)* and [A-Z][\w-]*(?: [A-Z][\w-]*| V| VIII)* (?:loses|keeps|goes|withdraws|decides|rolls|commands|is|has|moves|retreats)\b/,
    'a singular verb after a list',
  ],
  [
    /(?<!, )\b1 (?:regular|mercenary|cavalry|land unit) (?:go|withdraw|are|lose|keep)\b/,
    'a plural verb after one unit',
  ],
  [/\b1 CP are\b/, 'a plural verb after 1 CP'],
];

/** An English plural verb after one name (no list, no modal): "Ferdinand go inside". */
function enSingularProblems(en: string): string[] {
  const out: string[] = [];
  for (const m of en.matchAll(/ (go|withdraw|lose|keep|command)\b/g)) {
    const clause =
      en
        .slice(0, m.index)
        .split(/[:;(—]/)
        .pop() ?? '';
    const last = clause.trim().split(' ').pop() ?? '';
    if (/\band\b|,/.test(clause) || /^(?:must|may|cannot|can|to|not|will|would|and|or)$/i.test(last)) continue;
    if (/\b(?:0|[2-9]|\d{2,}) \w+s?$/.test(clause.trim()) || /s$/.test(last)) continue;
    if (/^[A-Z]|^1$/.test(clause.trim())) out.push(`"${clause.trim()} ${m[1]}": a plural verb after one subject`);
  }
  return out;
}

/** Every problem of a text; `ids` are the ids the user typed (they may be Latin in Russian). */
export function problems(t: Text, ids: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const [re, what] of EN_BAD) if (re.test(t.en)) out.push(`${what}: ${t.en}`);
  out.push(...enSingularProblems(t.en).map((p) => `${p}: ${t.en}`));
  const ru = t.ru;
  if (/(\([^()]+\))[.,;]? \1/.test(ru)) out.push(`a rule cited twice: ${ru}`);
  for (const m of ru.matchAll(RU_PLURAL)) {
    const v = verbAfter(m[1] ?? '');
    if (v && RU_SINGULAR_VERB.test(v)) out.push(`«${v}» after a plural name: ${ru}`);
  }
  for (const m of ru.matchAll(RU_LIST)) {
    const v = verbAfter(m[1] ?? '');
    if (v && RU_SINGULAR_VERB.test(v)) out.push(`«${v}» after a list: ${ru}`);
  }
  for (const m of ru.matchAll(RU_SINGULAR)) {
    const v = verbAfter(m[1] ?? '');
    if (v && RU_PLURAL_VERB.test(v)) out.push(`«${v}» after a singular name: ${ru}`);
  }
  for (const m of ru.matchAll(RU_INVERTED)) {
    const v = m[1] ?? '';
    if (/(?:ет|ёт|ит)$/.test(v) && !SKIP.has(v)) out.push(`«${v}» before a plural name: ${ru}`);
  }
  out.push(...ruCountProblems(ru).map((p) => `${p}: ${ru}`));
  out.push(...ruLatinProblems(ru, ids).map((p) => `${p}: ${ru}`));
  return out;
}
