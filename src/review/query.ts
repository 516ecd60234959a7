// A reviewer's queries and invariants as they come from the command line: an expression compiled into a checked
// query (src/review/strict-query.ts, re-exported here), and a module of invariants loaded by its path (explore
// --assert).
import { isAbsolute, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Invariant } from './explore.ts';

export {
  compileExpression,
  queryPosition,
  QueryPropertyError,
  sampleOutcome,
  strictView,
  type QueryPosition,
} from './strict-query.ts';

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
