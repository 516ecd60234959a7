// What the engine hands out is frozen (src/engine/freeze.ts), so its types say so: a zod-inferred type made readonly
// all the way down, so that `decision.options.sort()` or `position.stacks[0].leaders.push(…)` is a compile error and
// not a TypeError at run time. Unions stay unions (a decision still narrows on `kind`), tuples stay tuples.
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends ReadonlyMap<infer K, infer V>
    ? ReadonlyMap<K, DeepReadonly<V>>
    : T extends ReadonlySet<infer V>
      ? ReadonlySet<DeepReadonly<V>>
      : T extends object
        ? { readonly [P in keyof T]: DeepReadonly<T[P]> }
        : T;
