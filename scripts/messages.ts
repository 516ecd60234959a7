// npm run messages: writes messages/en.json and messages/ru.json, the catalogues a host renders the engine's messages
// with (ICU MessageFormat, one flat object of id → pattern per language, ids sorted); npm run messages -- --check
// fails when they are stale. The written messages are every `msg(id, en, ru, …)` call of src/ and machines/ whose
// id and patterns are literals; the generated ones (names, counts, lists, rule references) are
// src/text/catalogue.ts's. An id used twice with different patterns is an error; so is a pattern that does not
// parse.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { generatedMessages, type Patterns } from '../src/text/catalogue.ts';
import { verbPatterns } from '../src/text/grammar.ts';
import { argumentsOf } from '../src/text/icu.ts';

const ROOT = join(import.meta.dirname, '..');
export const MESSAGES_DIR = join(ROOT, 'messages');
const SOURCES = ['src', 'machines'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out.sort();
}

/** A literal string argument's value, or undefined for anything computed. */
function literal(n: ts.Expression | undefined): string | undefined {
  return n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : undefined;
}

/** Every written message of the sources: id → patterns and where it is written. */
export function writtenMessages(): Map<string, Patterns & { readonly at: string }> {
  const out = new Map<string, Patterns & { readonly at: string }>();
  for (const file of SOURCES.flatMap((d) => sourceFiles(join(ROOT, d)))) {
    const src = readFileSync(file, 'utf8');
    if (!src.includes('msg(')) continue;
    const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      // agree(subject, 'moves|move', 'ведут|ведёт') and says(…): the message `verb.<en forms>.<ru forms>`.
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        ['agree', 'says'].includes(node.expression.text)
      ) {
        const [en, ru] = [1, 2].map((i) => literal(node.arguments[i]));
        if (en !== undefined && ru !== undefined) {
          const at = `${relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
          out.set(`verb.${en}.${ru}`, { ...verbPatterns(en, ru), at });
        }
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'msg') {
        const [id, en, ru] = [0, 1, 2].map((i) => literal(node.arguments[i]));
        if (id !== undefined && en !== undefined && ru !== undefined) {
          const at = `${relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
          const seen = out.get(id);
          if (seen && (seen.en !== en || seen.ru !== ru))
            throw new Error(`message '${id}' has two sets of patterns: ${seen.at} and ${at}`);
          out.set(id, { en, ru, at });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/** The catalogues, by language: id → pattern, ids sorted. */
export function buildCatalogues(): { en: Record<string, string>; ru: Record<string, string> } {
  const all = new Map<string, Patterns>(generatedMessages());
  for (const [id, p] of writtenMessages()) {
    const g = all.get(id);
    if (g && (g.en !== p.en || g.ru !== p.ru)) throw new Error(`message '${id}' (${p.at}) is also a generated one`);
    all.set(id, { en: p.en, ru: p.ru });
  }
  const ids = [...all.keys()].sort();
  const en: Record<string, string> = {},
    ru: Record<string, string> = {};
  for (const id of ids) {
    const p = all.get(id)!;
    argumentsOf(p.en);
    argumentsOf(p.ru);
    en[id] = p.en;
    ru[id] = p.ru;
  }
  return { en, ru };
}

/** The catalogue files' text as they should be. */
export function catalogueFiles(): Record<string, string> {
  const c = buildCatalogues();
  return {
    'en.json': `${JSON.stringify(c.en, null, 2)}\n`,
    'ru.json': `${JSON.stringify(c.ru, null, 2)}\n`,
  };
}

/** Catalogue files that differ from what the sources give. */
export function staleCatalogues(): string[] {
  return Object.entries(catalogueFiles())
    .filter(([f, text]) => !existsSync(join(MESSAGES_DIR, f)) || readFileSync(join(MESSAGES_DIR, f), 'utf8') !== text)
    .map(([f]) => f);
}

if (process.argv[1]?.endsWith('messages.ts')) {
  if (process.argv.includes('--check')) {
    const stale = staleCatalogues();
    if (stale.length > 0) {
      console.error(`messages/ is stale (run npm run messages): ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log('messages/ is up to date');
  } else {
    const files = catalogueFiles();
    mkdirSync(MESSAGES_DIR, { recursive: true });
    for (const [f, text] of Object.entries(files)) writeFileSync(join(MESSAGES_DIR, f), text);
    console.log(
      `messages/: ${Object.keys(JSON.parse(files['en.json']!) as object).length} messages in en.json and ru.json`,
    );
  }
}
