// What a session hands out is frozen: a host cannot change the engine's state by editing a position, a decision or
// a trace entry it was given. Objects already frozen (shared between states) are not walked again.
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (value instanceof Map || value instanceof Set) return value;
  Object.freeze(value);
  for (const v of Object.values(value as object)) deepFreeze(v);
  return value;
}
