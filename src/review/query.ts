// A reviewer's query written as a JavaScript expression over `position` and `summary` (explore --find, the casebook's
// facts). It is the reviewer's own code, run in this process with `new Function` — as trusted as a module given to
// `his explore --assert`. Compiling it checks its syntax; a SyntaxError says what is wrong.
import { isAbsolute, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Invariant, OutcomeQuery } from './explore.ts';

export function compileExpression(expression: string): OutcomeQuery {
  const f = new Function('position', 'summary', `"use strict"; return (${expression}\n);`) as (
    position: unknown,
    summary: unknown,
  ) => unknown;
  return ({ position, summary }) => f(position, summary);
}

/**
 * A module whose default export is an invariant or an array of them (explore --assert): imported by its path. A `.ts`
 * module needs a TypeScript loader in the process (tsx, as `npm run his` runs the sources); `.mjs` and `.js` need none.
 */
export async function importInvariants(path: string): Promise<Invariant[]> {
  const url = pathToFileURL(isAbsolute(path) ? path : resolvePath(process.cwd(), path)).href;
  let mod: { default?: unknown };
  try {
    mod = (await import(url)) as { default?: unknown };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'ENOENT')
      throw new InvariantModuleError(`cannot read ${path}: no such module`);
    throw new InvariantModuleError(`cannot load ${path}: ${(e as Error).message.split('\n')[0]}`);
  }
  const d = mod.default;
  const list = Array.isArray(d) ? d : [d];
  if (list.length === 0 || list.some((f) => typeof f !== 'function'))
    throw new InvariantModuleError(`${path}: the default export must be an invariant function or an array of them`);
  return list as Invariant[];
}

/** An --assert module that cannot be loaded or exports no invariant. */
export class InvariantModuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvariantModuleError';
  }
}
