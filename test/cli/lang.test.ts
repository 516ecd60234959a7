// Under --lang ru the command's own words and the rules it cites are Russian too, not only the engine's message
// (src/cli/words.ts, through src/text/rules.ts): no English prefix or "13.2 step 5" inside a Russian line.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { bracketedRule, pageRefusalLine, refusalLine } from '../../src/cli/words.ts';
import { his, hisAsync } from '../helpers/cli.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = mkdtempSync(join(tmpdir(), 'his-lang-'));
const vienna = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'));

/** The worked example with a withdrawal scripted after the successful interception: refused by 13.2 step 5. */
const WITHDRAW_AFTER_INTERCEPTION = join(DIR, 'withdraw-after-interception.json');
writeFileSync(
  WITHDRAW_AFTER_INTERCEPTION,
  JSON.stringify({
    ...vienna,
    events: [
      vienna.events[0],
      vienna.events[1],
      { type: 'withdraw.declare', power: 'hapsburg' },
      ...vienna.events.slice(2),
    ],
  }),
);

/** Latin words of three letters or more: English left in a Russian line. */
const ENGLISH = /[A-Za-z]{3,}/;

describe('the CLI words in each language', () => {
  test.for([
    ['13.2 step 5', 'en', '[13.2 step 5] '],
    ['13.2 step 5', 'ru', '[13.2, шаг 5] '],
    ['14 steps 2–3', 'ru', '[14, шаги 2–3] '],
    ['13.4 option 2', 'ru', '[13.4, вариант 2] '],
    ['R9', 'ru', '[постановление R9] '],
    ['R9', 'en', '[ruling R9] '],
  ] as const)('[%s] in %s is cited as %s', ([rule, lang, expected]) => {
    expect(bracketedRule(rule, lang)).toBe(expected);
  });

  test('a refusal without a rule or an index has no brackets and no place', () => {
    expect(refusalLine({ message: 'x' }, 'en')).toBe('error: x');
    expect(refusalLine({ message: 'x' }, 'ru')).toBe('ошибка: x');
  });

  test('the refusal lines in English and Russian', () => {
    const r = { index: 2, rule: '13.2 step 5', message: '…' };
    expect(refusalLine(r, 'en')).toBe('error in scripted event 3 (index 2): [13.2 step 5] …');
    expect(refusalLine(r, 'ru')).toBe('ошибка в заданном событии 3 (индекс 2): [13.2, шаг 5] …');
    expect(pageRefusalLine(r, 'ru')).toBe(
      'ошибка в заданном событии 3 (индекс 2): [13.2, шаг 5] … — страница заканчивается на этом отказе',
    );
  });
});

describe('his resolve and his walkthrough --lang ru', () => {
  test('[13.2 step 5] resolve: the refusal line is Russian throughout, with the rule cited «13.2, шаг 5»', () => {
    const r = his('resolve', WITHDRAW_AFTER_INTERCEPTION, '--lang', 'ru');
    expect(r.code).toBe(3);
    const line = r.stderr.split('\n').find((l) => l.startsWith('ошибка'));
    expect(line).toMatch(/^ошибка в заданном событии 3 \(индекс 2\): \[13\.2, шаг 5\] Габсбурги /);
    expect(line).not.toMatch(ENGLISH);
    // The story before it and what the game waits for after it are Russian too (after the scenario's own name on
    // the first line; the events to send are JSON, not words).
    for (const l of r.stderr.trimEnd().split('\n').slice(1))
      expect(l.replace(/\{.*\}/g, '').replace('--json', '')).not.toMatch(ENGLISH);
  });

  test('[13.2 step 5] resolve in English keeps the rulebook form', () => {
    const r = his('resolve', WITHDRAW_AFTER_INTERCEPTION);
    expect(r.stderr.split('\n').find((l) => l.startsWith('error'))).toMatch(
      /^error in scripted event 3 \(index 2\): \[13\.2 step 5\] Hapsburg /,
    );
  });

  test('[13.2 step 5] walkthrough: the refusal line is Russian throughout', async () => {
    const r = await hisAsync('walkthrough', WITHDRAW_AFTER_INTERCEPTION, '--lang', 'ru', '-o', join(DIR, 'page.html'));
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /^ошибка в заданном событии 3 \(индекс 2\): \[13\.2, шаг 5\] .* — страница заканчивается на этом отказе\n$/,
    );
    expect(r.stderr).not.toMatch(ENGLISH);
    // It writes a whole walkthrough page in this process: seconds on a loaded machine.
  }, 60_000);
});

describe("a scenario's own title in each language", () => {
  test('[DESIGN] his resolve prints the title in the language asked; a Russian-only title in both', () => {
    const file = join(ROOT, 'examples', 'vienna-1517.json');
    expect(his('resolve', file).stdout.split('\n')[0]).toBe(
      "Vienna, 1517 — the rulebook's Interception and Battle Example",
    );
    expect(his('resolve', file, '--lang', 'ru').stdout.split('\n')[0]).toBe(
      'Вена, 1517 — пример перехвата и сражения из правил',
    );
    const own = join(DIR, 'own-title.json');
    writeFileSync(own, JSON.stringify({ ...vienna, title: { ru: 'Урок 3: перехват у Вены' } }));
    for (const lang of ['en', 'ru'])
      expect(his('resolve', own, '--lang', lang).stdout.split('\n')[0]).toBe('Урок 3: перехват у Вены');
  });
});
