// Numbers before nouns in the shipped Russian catalogue (messages/ru.json), checked on the patterns themselves so
// that a message no example reaches is held too: a bare number placeholder never stands right before a counted noun
// («ещё {n} кубика» is wrong for 5, Janissaries' count) — the count is an ICU plural; every plural, rendered with
// every count from 0 to 125, gives its noun and adjective the form of that count («1 кубик», «2 новых наёмника»,
// «5 кубиков»); and a card title quoted in «» keeps the nominative of the card's name («карту «Янычары»», not
// «Янычар»). The English catalogue gets the same first check ("{n} more dice" says "1 more dice").
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { argumentsOf, formatPattern } from '../../src/text/icu.ts';
import { NOUNS, ruPluralOf, type Noun } from '../../src/text/grammar.ts';

type Catalogue = Record<string, string>;
const RU: Catalogue = JSON.parse(readFileSync('messages/ru.json', 'utf8')) as Catalogue;
const EN: Catalogue = JSON.parse(readFileSync('messages/en.json', 'utf8')) as Catalogue;

/** A noun's forms for one / few / many, in every case a count may govern (nom, acc, gen). */
interface Forms {
  readonly nom: readonly string[];
  readonly acc: readonly string[];
  readonly gen: readonly string[];
}

const last = (s: string) => s.split(' ').pop() ?? s;
const COUNTED: readonly Forms[] = [
  ...Object.values(NOUNS as Record<string, Noun>).map((n) => ({
    nom: n.ru.nom.map(last),
    acc: n.ru.acc.map(last),
    gen: n.ru.gen.map(last),
  })),
  {
    nom: ['событие', 'события', 'событий'],
    acc: ['событие', 'события', 'событий'],
    gen: ['события', 'событий', 'событий'],
  },
];
const ALL_FORMS = new Set(COUNTED.flatMap((f) => [...f.nom, ...f.acc, ...f.gen]));
/** Words after which a count is in the genitive: «после 5 событий», «ради ещё 5 кубиков», «не более 4 частей». */
const GENITIVE_BEFORE = /(?:^|[\s(])(?:из|более|менее|до|от|без|для|около|после|ради|бросок)(?: ещё)?\s$/;
/** An adjective before the noun: «новых», «регулярные», «кавалерийскую», «лишнее». */
const ADJECTIVE = /^[а-яё]+(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ых|их|ого|его|ую|юю)$/;

/** What is wrong with the words after the count n in a rendered Russian text (nothing when they are no counted noun). */
function agreementProblem(n: number, before: string, after: string, genitive: boolean): string | undefined {
  const words = after.split(/[\s,.;:)—]+/).filter(Boolean);
  const adjectives: string[] = [];
  let noun: string | undefined;
  for (const w of words.slice(0, 4)) {
    if (ALL_FORMS.has(w)) {
      noun = w;
      break;
    }
    if (!ADJECTIVE.test(w)) return undefined;
    adjectives.push(w);
  }
  if (noun === undefined) return undefined;
  const p = ruPluralOf(n);
  const i = p === 'one' ? 0 : p === 'few' ? 1 : 2;
  const cases = genitive || GENITIVE_BEFORE.test(before) ? (['nom', 'acc', 'gen'] as const) : (['nom', 'acc'] as const);
  const fits = COUNTED.some((f) => cases.some((c) => f[c][i] === noun));
  if (!fits) return `«${n} ${[...adjectives, noun].join(' ')}»: «${noun}» is not the form for ${n}`;
  for (const a of adjectives) {
    if (p === 'one' && /(?:ые|ие|ых|их)$/.test(a)) return `«${n} ${a} ${noun}»: a plural adjective after ${n}`;
    if (p === 'many' && !/(?:ых|их)$/.test(a)) return `«${n} ${a} ${noun}»: the adjective is not genitive plural`;
  }
  return undefined;
}

/**
 * Every problem of a rendered Russian text: each count before a counted noun must agree with it (`genitive`: the
 * text is a count in the genitive, e.g. the message count.die.gen).
 */
export function ruNumberProblems(ru: string, genitive = false): string[] {
  const out: string[] = [];
  for (const m of ru.matchAll(/(?<![\d.,–-])(\d+) /g)) {
    const problem = agreementProblem(Number(m[1]), ru.slice(0, m.index), ru.slice(m.index + m[0].length), genitive);
    if (problem) out.push(problem);
  }
  return out;
}

/** A bare placeholder right before a counted noun (after adjectives, if any): `{n} кубика`, `{count} новых наёмников`. */
function bareCountBeforeNoun(pattern: string): string[] {
  const out: string[] = [];
  for (const m of pattern.matchAll(/\{(\w+)\} ((?:[а-яё]+ ){0,3}[а-яё]+)/g)) {
    const words = (m[2] ?? '').split(' ');
    const k = words.findIndex((w) => ALL_FORMS.has(w));
    if (k >= 0 && words.slice(0, k).every((w) => ADJECTIVE.test(w)))
      out.push(`{${m[1]}} ${words.slice(0, k + 1).join(' ')}`);
  }
  return out;
}

/** The English placeholders that hold a number (the others are names and words: "{p} units" is "Ottoman units"). */
const EN_NUMBER = String.raw`(?:n|count|cp|cost|maxEvents|hitsAttacker|hitsDefender|\w*Count|\w*Hits|\w*Dice)`;
const EN_COUNTED = new RegExp(
  String.raw`\{${EN_NUMBER}\} (?:(?:more|new|extra|fewer) )?(?:dice|hits|mercenaries|units|regulars|events|land units)\b`,
  'g',
);

/** Every plural argument of a pattern: `{n, plural, …}`. */
function pluralArguments(pattern: string): string[] {
  return [...pattern.matchAll(/\{(\w+), plural,/g)].map((m) => m[1]!);
}

/** The pattern rendered with `n` for each of its plural arguments and a marker for every other argument. */
function render(pattern: string, n: number): string {
  const plural = new Set(pluralArguments(pattern));
  const values: Record<string, string | number> = {};
  for (const a of argumentsOf(pattern)) values[a] = plural.has(a) ? n : `⟨${a}⟩`;
  return formatPattern(pattern, values, 'ru');
}

const COUNTS = Array.from({ length: 126 }, (_, i) => i);

describe('Russian numbers in messages/ru.json', () => {
  test('the agreement check tells a right count from a wrong one («5 кубика», «2 новых наёмников», «1 новых наёмник»)', () => {
    expect(ruNumberProblems('ещё 1 кубик, 2 кубика, 5 кубиков, 21 кубик, 22 кубика')).toEqual([]);
    expect(ruNumberProblems('ставит 4 новых наёмника; 5 новых наёмников; 1 новый наёмник')).toEqual([]);
    expect(ruNumberProblems('после 5 событий, ради ещё 5 кубиков')).toEqual([]);
    expect(ruNumberProblems('ещё 5 кубика')).toHaveLength(1);
    expect(ruNumberProblems('ещё 2 кубиков')).toHaveLength(1);
    expect(ruNumberProblems('Сыграть: 5 новых наёмника')).toHaveLength(1);
    expect(ruNumberProblems('1 новых наёмник')).toHaveLength(1);
    expect(bareCountBeforeNoun('бросает на {n} кубика меньше')).toEqual(['{n} кубика']);
    expect(bareCountBeforeNoun('ставит {count} новых наёмников')).toEqual(['{count} новых наёмников']);
    expect(bareCountBeforeNoun('{p} {plays} карту {c}')).toEqual([]);
  });

  test('no bare number placeholder stands before a counted noun: the count is an ICU plural', () => {
    const bad = Object.entries(RU).flatMap(([id, p]) => bareCountBeforeNoun(p).map((b) => `${id}: ${b}`));
    expect(bad).toEqual([]);
  });

  test('no bare number placeholder stands before a counted English noun ("{n} more dice" would say "1 more dice")', () => {
    const bad = Object.entries(EN).flatMap(([id, p]) => [...p.matchAll(EN_COUNTED)].map((m) => `${id}: ${m[0]}`));
    expect(bad).toEqual([]);
  });

  test('every plural, rendered with every count from 0 to 125, gives its noun and adjectives the form of that count', () => {
    const withPlural = Object.entries(RU).filter(([, p]) => pluralArguments(p).length > 0);
    expect(withPlural.length).toBeGreaterThan(30);
    const bad = new Set<string>();
    for (const [id, pattern] of withPlural)
      for (const n of COUNTS)
        for (const p of ruNumberProblems(render(pattern, n), id.endsWith('.gen'))) bad.add(`${id}: ${p}`);
    expect([...bad].slice(0, 30)).toEqual([]);
  });

  test('the counts the cards give agree: Janissaries 5 dice, Field Artillery 2 or 3, Tercios 3, Landsknechts 2 or 4 mercenaries', () => {
    const cases: readonly [string, number, string][] = [
      ['procedure.rolls-cards.buildRollsCard.options', 5, 'ещё 5 кубиков'],
      ['procedure.rolls-cards.buildRollsCard.prompt', 5, 'ради ещё 5 кубиков'],
      ['procedure.combat-cards.playLabel.3', 2, 'ещё 2 кубика'],
      ['procedure.combat-cards.playLabel.3', 3, 'ещё 3 кубика'],
      ['procedure.combat-cards.playLabel.3', 5, 'ещё 5 кубиков'],
      ['procedure.combat-cards.playLabel.2', 3, 'на 3 кубика меньше'],
      ['narrate.cardNote.6', 3, 'на 3 кубика меньше'],
      ['procedure.battle-cards.playLabel', 2, '2 новых наёмника'],
      ['procedure.battle-cards.playLabel', 4, '4 новых наёмника'],
      ['procedure.battle-cards.playLabel', 5, '5 новых наёмников'],
    ];
    for (const [id, n, want] of cases) expect(render(RU[id]!, n), id).toContain(want);
  });

  test("a card title quoted in «» is the nominative of the card's name («Янычары», not «Янычар»)", () => {
    const names = Object.entries(RU)
      .filter(([id]) => /^card\.[\w-]+\.name$/.test(id))
      .map(([, name]) => name);
    expect(names).toContain('Янычары');
    const stem = (s: string) => s.toLowerCase().slice(0, Math.min(5, s.length - 1));
    const bad: string[] = [];
    for (const [id, pattern] of Object.entries(RU))
      for (const m of pattern.matchAll(/«([^«»{}]+)»/g)) {
        const quoted = m[1]!;
        if (names.includes(quoted)) continue;
        const card = names.find((n) => stem(n) === stem(quoted) && n.split(' ').length === quoted.split(' ').length);
        if (card) bad.push(`${id}: «${quoted}» for «${card}»`);
      }
    expect(bad).toEqual([]);
  });
});
