// What a session hands out is frozen: a host cannot change the engine's state by editing a position, a decision or
// a trace entry it was given. Objects already frozen (shared between states) are not walked again.
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (value instanceof Map || value instanceof Set) return value;
  Object.freeze(value);
  // Walked without building a list of the values: this runs for every position and summary the session hands out.
  if (Array.isArray(value)) for (const v of value) deepFreeze(v);
  else for (const k of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[k]);
  return value;
}
