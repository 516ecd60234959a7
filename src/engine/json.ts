// Where JSON text goes wrong: the offset of the first character that is not JSON (RFC 8259), found by a scanner of
// its own. V8 names a position for most syntax errors but not for all (Node 20 gives none for an unexpected token
// such as NaN), and a person editing a file wants the real line and column, not the end of the file.

/**
 * The offset of the first character at which `text` stops being one JSON value (the text's length when it ends too
 * early), or undefined when it is valid JSON. Iterative: nesting costs no stack.
 */
export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  /** Scans one string, number or literal at i; false when it is not one. */
  const scalar = (): boolean => {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < n) {
        const ch = text.charCodeAt(i);
        if (ch === 0x22) {
          i++;
          return true;
        }
        if (ch < 0x20) return false;
        if (ch === 0x5c) {
          const e = text[i + 1];
          if (e === 'u') {
            if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
              i += 2;
              while (i < n && /[0-9a-fA-F]/.test(text[i]!)) i++;
              return false;
            }
            i += 6;
          } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
          else {
            i++;
            return false;
          }
        } else i++;
      }
      return false;
    }
    for (const word of ['true', 'false', 'null'])
      if (text.startsWith(word, i)) {
        i += word.length;
        return true;
      }
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = i;
    const found = m.exec(text);
    if (!found || found[0] === '' || found[0] === '-') return false;
    i += found[0].length;
    return true;
  };
  // The containers open at i: '{' or '['; for an object, whether a key is expected next.
  const open: string[] = [];
  ws();
  for (;;) {
    // A value is expected at i.
    ws();
    if (i >= n) return n;
    const c = text[i];
    if (c === '{' || c === '[') {
      open.push(c);
      i++;
      ws();
      if (text[i] === (c === '{' ? '}' : ']')) {
        open.pop();
        i++;
      } else if (c === '{') {
        if (!keyColon()) return i;
        continue;
      } else continue;
    } else if (!scalar()) return i;
    // After a value: a comma, a closing bracket, or the end.
    for (;;) {
      ws();
      const top = open.at(-1);
      if (top === undefined) return i < n ? i : undefined;
      if (i >= n) return n;
      const d = text[i];
      if (d === ',') {
        i++;
        if (top === '{') {
          ws();
          if (!keyColon()) return i;
        }
        break;
      }
      if (d === (top === '{' ? '}' : ']')) {
        open.pop();
        i++;
        continue;
      }
      return i;
    }
  }

  /** An object key and its colon at i. */
  function keyColon(): boolean {
    ws();
    if (text[i] !== '"' || !scalar()) return false;
    ws();
    if (text[i] !== ':') return false;
    i++;
    return true;
  }
}

/** "line L, column C" of an offset (both from 1; a column counts UTF-16 code units, as editors mostly do). */
export function lineAndColumn(text: string, offset: number): string {
  let line = 1;
  let start = 0;
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++;
    start = k + 1;
  }
  return `line ${line}, column ${offset - start + 1}`;
}
