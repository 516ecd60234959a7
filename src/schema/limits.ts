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
  /**
   * Stacks, spaces and connections of one scenario: seven times the bundled board (134 spaces), and ten times the
   * stacks a whole game ever has on the board. The largest valid scenario is then parsed, started and answered in milliseconds, so no
   * session of a server can hold the others up for long (docs/server.md "Fairness").
   */
  stacks: 1000,
  spaces: 1000,
  connections: 5000,
  /** Keys of one object (`control` names spaces; nothing else comes near): checked before any schema. */
  keys: 1000,
  /** Problems a ScenarioError lists; the rest are counted in a last one ("… and 205 990 more"). */
  issues: 100,
  leaders: 1000,
  leadersPerStack: 100,
  /** Pairs in `war` and `alliances`. */
  pairs: 1000,
  events: 2000,
  /** Dice in one `dice.rolled` (a field battle rolls one die per land unit, plus a few). */
  dice: 60_000,
  idLength: 64,
  /** Cards in one power's hand (ruling R33: the ten cards of ruling R14 exist once each). */
  handSize: 20,
  nameLength: 200,
  textLength: 5000,
  /** Nesting of objects and arrays in a scenario, a save or an event. */
  depth: 32,
} as const;
