// Lookups by ids that come from a scenario: only an object's own properties count, so an id such as `constructor`,
// `toString` or `__proto__` finds nothing instead of a built-in.
export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
