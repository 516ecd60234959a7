// The placeholder names of the shipped catalogues are what a host's translator reads beside each message
// (docs/api.md, "Text a host can translate"): they must say what they hold. A name is camelCase words (after the first,
// two letters or more), with an optional number at the end: `{side}`, `{whereEn}`, `{pGen}`, `{item2}` — never a fragment of the code that
// computed it (`{sIDETRole}`, `{legalLL}`, `{mathAbsTCount}`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { argumentsOf } from '../../src/text/icu.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const catalogue = (lang: 'en' | 'ru'): Record<string, string> =>
  JSON.parse(readFileSync(join(ROOT, 'messages', `${lang}.json`), 'utf8')) as Record<string, string>;

/** A first word (one letter is the catalogues' short form: `{p}`, `{pGen}`), then capitalised words of two letters or more. */
const READABLE = /^[a-z]+(?:[A-Z][a-z]+)*\d*$/;

function unreadableNames(messages: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [id, pattern] of Object.entries(messages))
    for (const name of argumentsOf(pattern)) if (!READABLE.test(name)) out.push(`${id}: {${name}}`);
  return out;
}

describe('placeholder names in the shipped catalogues', () => {
  test('the check itself refuses names made of code fragments', () => {
    expect(
      unreadableNames({
        a: '{sIDETRole} side',
        b: 'to {legalLL}',
        c: '{sign} {mathAbsTCount}',
        d: '{n, select, true {s} other {}}',
        e: '{whereEn} and {item2} and {p}',
      }),
    ).toEqual(['a: {sIDETRole}', 'b: {legalLL}', 'c: {mathAbsTCount}']);
  });

  for (const lang of ['en', 'ru'] as const)
    test(`every placeholder of messages/${lang}.json is a readable camelCase name`, () => {
      expect(unreadableNames(catalogue(lang))).toEqual([]);
    });
});
