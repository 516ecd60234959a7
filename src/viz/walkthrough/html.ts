// Markup built from strings that may come from a scenario (an inline map's space names, a scenario's title, the
// engine's notes that quote them): every interpolated value is escaped unless it is markup this module built.
// Runs in Node (the page) and in the browser (the page's script).

/** Markup that is already safe: built by `html` or escaped on purpose. */
export class Markup {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

/** Escapes text for an element's content or a double- or single-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Value = Markup | string | number | boolean | null | undefined | readonly Value[];

function part(v: Value): string {
  if (v === null || v === undefined || v === false || v === true) return '';
  if (v instanceof Markup) return v.text;
  if (Array.isArray(v)) return (v as readonly Value[]).map(part).join('');
  return escapeHtml(String(v));
}

/** A template literal tag: values are escaped, except Markup (and arrays of it); null, undefined and booleans vanish. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Markup {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += part(v) + (strings[i + 1] ?? '');
  });
  return new Markup(out);
}

/** Markup from a trusted constant (never from data). */
export function raw(text: string): Markup {
  return new Markup(text);
}

/**
 * JSON for a `<script type="application/json">` element: `<`, `>` and `&` are written as \u escapes, so no string
 * in the data can close the element or open a comment; U+2028 and U+2029 likewise.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A signed number as the rulebook prints it: +2, −1 (a real minus sign), 0. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}
