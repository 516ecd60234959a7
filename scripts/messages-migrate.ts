// Gives texts their message ids: rewrites each `text(en, ru)` call whose two strings are literals or templates into
// `msg(id, enPattern, ruPattern, args)`, the ICU patterns made from the templates. Each `${x.en}` / `${x.ru}` pair
// becomes the argument `{x}` (a text, rendered in its language), a `ruAgree(who, …forms)` a `select` on the subject's
// Russian form, a condition between two literal strings a `select` on it, and any other interpolation an argument of
// its own. The id is the file's area and the names around the call (`reason.avoid-battle.isNotLoneLeader`), numbered
// when a scope has several. What it cannot rewrite it lists and leaves; `npm run messages` then collects the result.
//
//   npx tsx scripts/messages-migrate.ts <file.ts>…     (rewrites in place; run prettier on the files after)
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import ts from 'typescript';
import { escapePattern } from '../src/text/icu.ts';

type Lang = 'en' | 'ru';
interface Param {
  key: string;
  src: string;
}

class Unconvertible extends Error {}

function areaOf(file: string): string {
  const rel = relative(process.cwd(), file).replace(/\\/g, '/');
  const base = basename(rel).replace(/(\.machine)?\.tsx?$/, '');
  if (rel.startsWith('src/text/reasons/')) return `reason.${base}`;
  if (rel.startsWith('src/text/')) return base;
  if (rel.startsWith('src/engine/procedures/')) return `procedure.${base}`;
  if (rel.startsWith('src/rules/procedures/')) return `rules.${base}`;
  if (rel.startsWith('machines/')) return `machine.${base}`;
  if (rel.startsWith('src/engine/')) return base;
  return rel
    .replace(/^src\//, '')
    .replace(/\.tsx?$/, '')
    .replace(/\//g, '.');
}

const GENERIC = new Set(['states', 'meta', 'on', 'always', 'entry', 'exit', 'guards', 'actions', 'config', 'default']);

function scopeOf(node: ts.Node): string[] {
  const names: string[] = [];
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    let name: string | undefined;
    if (ts.isPropertyAssignment(n) || ts.isMethodDeclaration(n) || ts.isPropertyDeclaration(n))
      name = ts.isIdentifier(n.name) || ts.isStringLiteral(n.name) ? n.name.text : undefined;
    else if ((ts.isFunctionDeclaration(n) || ts.isVariableDeclaration(n)) && n.name && ts.isIdentifier(n.name))
      name = n.name.text;
    else if (ts.isCaseClause(n) && (ts.isStringLiteral(n.expression) || ts.isIdentifier(n.expression)))
      name = n.expression.text;
    if (name && !GENERIC.has(name) && !/^[A-Z0-9_]+$/.test(name)) names.unshift(name.replace(/[^A-Za-z0-9_-]/g, '-'));
    if (names.length >= 2) break;
  }
  return names;
}

function nameFor(src: string): string {
  const tokens = (src.replace(/\.(en|ru)$/, '').match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).filter(
    (t) => !['world', 'String', 'en', 'ru', 'this', 'join', 'map'].includes(t),
  );
  const name = tokens
    .slice(0, 4)
    .map((t, i) => (i === 0 ? t.charAt(0).toLowerCase() + t.slice(1) : t.charAt(0).toUpperCase() + t.slice(1)))
    .join('');
  return name || 'v';
}

function isLiteralish(n: ts.Expression): boolean {
  n = skipParens(n);
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n)) return true;
  return (
    ts.isBinaryExpression(n) &&
    n.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    (isLiteralish(n.left) || isLiteralish(n.right))
  );
}

function skipParens(n: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(n)) n = n.expression;
  return n;
}

// An interpolation that may be evaluated ahead of its condition: a name or a property of a name.
function isSafe(n: ts.Expression): boolean {
  n = skipParens(n);
  if (ts.isIdentifier(n) || ts.isNumericLiteral(n) || ts.isStringLiteral(n)) return true;
  if (ts.isPropertyAccessExpression(n)) return ts.isIdentifier(n.expression) || isSafe(n.expression);
  return false;
}

class Call {
  readonly params: Param[] = [];
  private readonly sf: ts.SourceFile;
  constructor(sf: ts.SourceFile) {
    this.sf = sf;
  }

  private param(key: string, src: string): string {
    const same = this.params.find((p) => p.src === src);
    if (same) return same.key;
    let k = key,
      i = 2;
    while (this.params.some((p) => p.key === k)) k = `${key}${i++}`;
    this.params.push({ key: k, src });
    return k;
  }

  pattern(n: ts.Expression, lang: Lang, safeOnly = false): string {
    n = skipParens(n);
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return escapePattern(n.text);
    if (ts.isTemplateExpression(n)) {
      let out = escapePattern(n.head.text);
      for (const span of n.templateSpans)
        out += this.interpolation(span.expression, lang, safeOnly) + escapePattern(span.literal.text);
      return out;
    }
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const side = (x: ts.Expression) =>
        isLiteralish(x) ? this.pattern(x, lang, safeOnly) : this.interpolation(x, lang, safeOnly);
      return side(n.left) + side(n.right);
    }
    throw new Unconvertible(`not a string: ${n.getText(this.sf)}`);
  }

  private interpolation(e: ts.Expression, lang: Lang, safeOnly: boolean): string {
    e = skipParens(e);
    if (safeOnly && !isSafe(e) && !this.isAgree(e)) throw new Unconvertible('unsafe');
    if (ts.isPropertyAccessExpression(e) && e.name.text === lang) {
      const src = e.expression.getText(this.sf);
      return `{${this.param(nameFor(src), src)}}`;
    }
    if (this.isAgree(e)) {
      const [who, ...forms] = (e as ts.CallExpression).arguments.map((a) => a);
      const f = forms.map((x) => escapePattern((x as ts.StringLiteral).text));
      const [pl, fem, neu = fem, masc = fem] = f;
      const src = `ruFormOf(${who!.getText(this.sf)})`;
      const key = this.param(`${nameFor(who!.getText(this.sf))}Form`, src);
      const branches = [
        `pl {${pl}}`,
        ...(neu !== fem ? [`n {${neu}}`] : []),
        ...(masc !== fem ? [`m {${masc}}`] : []),
        `other {${fem}}`,
      ];
      return `{${key}, select, ${branches.join(' ')}}`;
    }
    if (ts.isConditionalExpression(e) && isLiteralish(e.whenTrue) && isLiteralish(e.whenFalse)) {
      const before = this.params.length;
      try {
        const yes = this.pattern(e.whenTrue, lang, true),
          no = this.pattern(e.whenFalse, lang, true);
        const cond = e.condition.getText(this.sf);
        const key = this.param(nameFor(cond), `${/^[\w.!]+$/.test(cond) ? cond : `(${cond})`} ? 'true' : 'false'`);
        return `{${key}, select, true {${yes}} other {${no}}}`;
      } catch (err) {
        if (!(err instanceof Unconvertible)) throw err;
        this.params.length = before;
      }
    }
    const src = e.getText(this.sf);
    return `{${this.param(nameFor(src), src)}}`;
  }

  private isAgree(e: ts.Expression): boolean {
    return (
      ts.isCallExpression(e) &&
      ts.isIdentifier(e.expression) &&
      e.expression.text === 'ruAgree' &&
      e.arguments.length >= 3 &&
      e.arguments.slice(1).every((a) => ts.isStringLiteral(a))
    );
  }
}

function importsTextFn(sf: ts.SourceFile): boolean {
  return sf.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      /text\/text\.ts$|\/text\.ts$/.test(s.moduleSpecifier.text) &&
      s.importClause?.namedBindings &&
      ts.isNamedImports(s.importClause.namedBindings) &&
      s.importClause.namedBindings.elements.some((el) => el.name.text === 'text'),
  );
}

function fixImports(src: string, usesRuFormOf: boolean): string {
  const sf = ts.createSourceFile('x.ts', src, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; text: string }[] = [];
  const body = src.replace(/^import[^;]*;/gm, '');
  const used = (name: string) => new RegExp(`\\b${name}\\b`).test(body);
  for (const s of sf.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    const b = s.importClause?.namedBindings;
    if (!b || !ts.isNamedImports(b)) continue;
    const spec = s.moduleSpecifier.text;
    let names = b.elements.map((el) => el.getText(sf));
    if (/\/text\.ts$/.test(spec)) {
      names = names.filter((n) => n !== 'text' || used('text'));
      if (!names.includes('msg')) names.push('msg');
    }
    if (/\/names\.ts$/.test(spec)) {
      names = names.filter((n) => n !== 'ruAgree' || used('ruAgree'));
      if (usesRuFormOf && !names.includes('ruFormOf')) names.push('ruFormOf');
    }
    const typeOnly = s.importClause!.isTypeOnly;
    edits.push({
      start: s.getStart(sf),
      end: s.getEnd(),
      text: `import ${typeOnly ? 'type ' : ''}{ ${names.join(', ')} } from '${spec}';`,
    });
  }
  let out = src;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** Rewrites one file in place; what it converted and the calls it left (file:line and why). */
export function migrate(file: string): { converted: number; left: string[] } {
  const src = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true);
  if (!importsTextFn(sf)) return { converted: 0, left: [] };
  const area = areaOf(file);
  const edits: { start: number; end: number; text: string }[] = [];
  const left: string[] = [];
  const ids = new Map<string, number>();
  // Ids the file's messages already have: a new one is numbered past them.
  const taken = new Set([...src.matchAll(/\bmsg\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!));
  let usesRuFormOf = false;
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'text' &&
      node.arguments.length === 2
    ) {
      const [enArg, ruArg] = node.arguments as unknown as [ts.Expression, ts.Expression];
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      if (!isLiteralish(enArg) || !isLiteralish(ruArg)) {
        left.push(`${file}:${line}: ${node.getText(sf).slice(0, 80)}`);
        return;
      }
      const call = new Call(sf);
      try {
        const en = call.pattern(enArg, 'en'),
          ru = call.pattern(ruArg, 'ru');
        const base = [area, ...scopeOf(node)].join('.');
        let n = (ids.get(base) ?? 0) + 1;
        while (taken.has(n === 1 ? base : `${base}.${n}`)) n++;
        ids.set(base, n);
        const id = n === 1 ? base : `${base}.${n}`;
        taken.add(id);
        if (call.params.some((p) => p.src.startsWith('ruFormOf('))) usesRuFormOf = true;
        const args = call.params.map((p) => (p.key === p.src ? p.key : `${p.key}: ${p.src}`));
        edits.push({
          start: node.getStart(sf),
          end: node.getEnd(),
          text: `msg(${JSON.stringify(id)}, ${JSON.stringify(en)}, ${JSON.stringify(ru)}${args.length ? `, { ${args.join(', ')} }` : ''})`,
        });
      } catch (err) {
        if (!(err instanceof Unconvertible)) throw err;
        left.push(`${file}:${line}: ${err.message}`);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (edits.length === 0) return { converted: 0, left };
  let out = src;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  writeFileSync(file, fixImports(out, usesRuFormOf));
  return { converted: edits.length, left };
}

if (process.argv[1]?.endsWith('messages-migrate.ts')) {
  let total = 0;
  for (const file of process.argv.slice(2)) {
    const r = migrate(file);
    total += r.converted;
    if (r.converted) console.log(`${file}: ${r.converted} texts given ids`);
    for (const l of r.left) console.log(`  left: ${l}`);
  }
  console.log(`${total} texts given ids`);
}
