// What a hostile host does to a value the engine handed it (hostile.property.test.ts).
import { Session } from '../../src/index.ts';

/**
 * Tries to change every object reachable from `root` (its own keys, and the entries of anything iterable like a
 * map): sets every key to `junk`, deletes it, adds one, empties arrays and collections, swaps the prototype. Each
 * attempt may throw (a frozen object in strict mode): that is the point. A session met on the way (resolve's
 * outcome holds one) is the host's handle, not a value: its internals are not walked. Returns how many objects it
 * reached.
 */
export function attack(root: unknown, junk: unknown): number {
  const seen = new Set<object>();
  const todo: unknown[] = [root];
  while (todo.length > 0) {
    const v = todo.pop();
    if (v === null || typeof v !== 'object' || seen.has(v) || v instanceof Session) continue;
    seen.add(v);
    const o = v as Record<PropertyKey, unknown>;
    for (const k of Reflect.ownKeys(o)) {
      try {
        todo.push(o[k]);
      } catch {
        // a getter that throws: nothing to reach through it
      }
    }
    const entries = (o as { entries?: unknown }).entries;
    if (typeof entries === 'function' && !Array.isArray(o))
      try {
        for (const e of (entries as () => Iterable<unknown>).call(o)) todo.push(e);
      } catch {
        // not a collection after all
      }
    for (const k of Reflect.ownKeys(o)) {
      try {
        o[k] = junk;
      } catch {
        // frozen
      }
      try {
        delete o[k];
      } catch {
        // frozen
      }
    }
    const tries: (() => unknown)[] = [
      () => (o['injected'] = junk),
      () => Object.defineProperty(o, 'defined', { value: junk, enumerable: true }),
      () => Object.setPrototypeOf(o, null),
      () => Array.isArray(o) && o.push(junk),
      () => Array.isArray(o) && (o.length = 0),
      () => Map.prototype.clear.call(o),
      () => Set.prototype.clear.call(o),
      () => (o as { set?: (k: unknown, v: unknown) => void }).set?.('vienna', junk),
      () => (o as { delete?: (k: unknown) => void }).delete?.('vienna'),
      () => (o as { clear?: () => void }).clear?.(),
      () => (o as { add?: (v: unknown) => void }).add?.(junk),
    ];
    for (const t of tries)
      try {
        t();
      } catch {
        // refused: frozen, or not that kind of object
      }
  }
  return seen.size;
}
