// Failing loudly: a reducer or a decision builder that finds missing what its guard established is a fault in the
// engine, not a rule — it throws (the session turns that into an `internal` error and undoes the step).
export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`engine fault: ${what}`);
  return value;
}
