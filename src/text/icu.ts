// A small ICU MessageFormat formatter: the subset the engine's catalogues use, so that a host without an ICU library
// renders a message the way FormatJS or ICU4J would. Supported: `{name}`, `{name, plural, =2 {…} one {…} few {…}
// many {…} other {…}}` with `#` for the number, `{name, select, key {…} other {…}}`, and ICU quoting (`''` is an
// apostrophe; `'{'` a literal brace). A pattern is parsed once and kept.

/** A parsed pattern: literal strings and arguments, in order. */
type Part = string | Arg;

interface Arg {
  readonly name: string;
  readonly type: 'simple' | 'plural' | 'select' | 'pound';
  readonly branches?: ReadonlyMap<string, readonly Part[]>;
}

/** A value a pattern's argument takes: a string or a number as it is, or anything with a string form for the language. */
export type FormatValue = string | number;

export class MessageFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MessageFormatError';
  }
}

class Parser {
  private i = 0;
  private readonly src: string;
  constructor(src: string) {
    this.src = src;
  }

  parse(): Part[] {
    const parts = this.parts(false, false);
    if (this.i < this.src.length) throw this.fail(`unexpected '${this.src[this.i]}'`);
    return parts;
  }

  private fail(what: string): MessageFormatError {
    return new MessageFormatError(`bad message pattern at ${this.i}: ${what} in ${JSON.stringify(this.src)}`);
  }

  // Literal text and arguments up to the end, or up to the `}` that closes a branch.
  private parts(inBranch: boolean, inPlural: boolean): Part[] {
    const out: Part[] = [];
    let lit = '';
    const s = this.src;
    while (this.i < s.length) {
      const c = s[this.i]!;
      if (c === "'") {
        const next = s[this.i + 1];
        if (next === "'") {
          lit += "'";
          this.i += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          const end = s.indexOf("'", this.i + 1);
          if (end < 0) throw this.fail('unclosed quote');
          lit += s.slice(this.i + 1, end);
          this.i = end + 1;
        } else {
          lit += c;
          this.i++;
        }
      } else if (c === '{') {
        if (lit) out.push(lit);
        lit = '';
        out.push(this.arg());
      } else if (c === '}') {
        if (!inBranch) throw this.fail("unmatched '}'");
        break;
      } else if (c === '#' && inPlural) {
        if (lit) out.push(lit);
        lit = '';
        out.push({ name: '#', type: 'pound' });
        this.i++;
      } else {
        lit += c;
        this.i++;
      }
    }
    if (lit) out.push(lit);
    return out;
  }

  private word(): string {
    const m = /^\s*([^\s,{}]+)\s*/.exec(this.src.slice(this.i));
    if (!m) throw this.fail('a name is missing');
    this.i += m[0].length;
    return m[1]!;
  }

  private arg(): Arg {
    this.i++; // {
    const name = this.word();
    if (this.src[this.i] === '}') {
      this.i++;
      return { name, type: 'simple' };
    }
    if (this.src[this.i] !== ',') throw this.fail(`expected ',' or '}' after '${name}'`);
    this.i++;
    const type = this.word();
    if (type !== 'plural' && type !== 'select') throw this.fail(`unsupported argument type '${type}'`);
    if (this.src[this.i] !== ',') throw this.fail(`expected ',' after '${type}'`);
    this.i++;
    const branches = new Map<string, readonly Part[]>();
    for (;;) {
      while (/\s/.test(this.src[this.i] ?? '')) this.i++;
      if (this.src[this.i] === '}') break;
      const key = this.word();
      if (this.src[this.i] !== '{') throw this.fail(`expected '{' after '${key}'`);
      this.i++;
      branches.set(key, this.parts(true, type === 'plural'));
      if (this.src[this.i] !== '}') throw this.fail('unclosed branch');
      this.i++;
    }
    this.i++;
    if (!branches.has('other')) throw this.fail(`'${name}' has no 'other' branch`);
    return { name, type, branches };
  }
}

const parsed = /* @__PURE__ */ new Map<string, readonly Part[]>();

function partsOf(pattern: string): readonly Part[] {
  let p = parsed.get(pattern);
  if (!p) {
    p = new Parser(pattern).parse();
    parsed.set(pattern, p);
  }
  return p;
}

const pluralRules = /* @__PURE__ */ new Map<string, Intl.PluralRules>();

function pluralCategory(locale: string, n: number): string {
  let r = pluralRules.get(locale);
  if (!r) {
    r = new Intl.PluralRules(locale);
    pluralRules.set(locale, r);
  }
  return r.select(n);
}

/**
 * The argument names a pattern reads (in every branch), for a catalogue check: a message's parameters and its
 * pattern's arguments should be the same set.
 */
export function argumentsOf(pattern: string): Set<string> {
  const out = new Set<string>();
  const walk = (parts: readonly Part[]): void => {
    for (const p of parts) {
      if (typeof p === 'string' || p.type === 'pound') continue;
      out.add(p.name);
      for (const b of p.branches?.values() ?? []) walk(b);
    }
  };
  walk(partsOf(pattern));
  return out;
}

/**
 * Renders a pattern with its arguments; `locale` chooses the plural rules (Intl.PluralRules). A missing argument is
 * an error, never an empty string; `onArgument` is told each argument read (a test counts unused ones with it).
 */
export function formatPattern(
  pattern: string,
  values: Readonly<Record<string, FormatValue>>,
  locale: string,
  onArgument?: (name: string) => void,
): string {
  const render = (parts: readonly Part[], pound: number | undefined): string => {
    let out = '';
    for (const p of parts) {
      if (typeof p === 'string') {
        out += p;
        continue;
      }
      if (p.type === 'pound') {
        out += String(pound);
        continue;
      }
      if (!Object.hasOwn(values, p.name))
        throw new MessageFormatError(`no value for '{${p.name}}' in ${JSON.stringify(pattern)}`);
      onArgument?.(p.name);
      const v = values[p.name]!;
      if (p.type === 'simple') out += String(v);
      else if (p.type === 'select') out += render(p.branches!.get(String(v)) ?? p.branches!.get('other')!, pound);
      else {
        const n = Number(v);
        const b = p.branches!.get(`=${n}`) ?? p.branches!.get(pluralCategory(locale, n)) ?? p.branches!.get('other')!;
        out += render(b, n);
      }
    }
    return out;
  };
  return render(partsOf(pattern), undefined);
}

/**
 * Quotes literal text for a pattern outside a plural: braces, and the apostrophes that would start a quote (one at
 * the end too, since an argument may follow it).
 */
export function escapePattern(literal: string): string {
  return literal.replace(/'(?=['{}])|'$/g, "''").replace(/[{}]+/g, (m) => `'${m}'`);
}
