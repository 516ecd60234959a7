// Bounds on what a scenario or an event may ask for: far above any position of the real game (a power has at most
// a few dozen land units, leaders rate 0–2 in battle and 6–12 in command, an impulse gives at most a handful of CP),
// low enough that no input can make the engine run out of memory or time. A value beyond a bound is an ordinary
// `{path, message}` issue (docs/engine-choices.md lists them).
export const LIMITS = {
  /** Land units of one type in one stack, move or event. */
  unitsPerField: 1000,
  /** Land units on the whole board. */
  unitsTotal: 50_000,
  cp: 100,
  battleRating: 10,
  commandRating: 1000,
  stacks: 10_000,
  spaces: 20_000,
  connections: 100_000,
  leaders: 1000,
  leadersPerStack: 100,
  /** Pairs in `war` and `alliances`. */
  pairs: 1000,
  events: 10_000,
  /** Dice in one `dice.rolled` (a field battle rolls one die per land unit, plus a few). */
  dice: 60_000,
  idLength: 64,
  nameLength: 200,
  textLength: 5000,
  /** Nesting of objects and arrays in a scenario, a save or an event. */
  depth: 32,
} as const;
