// What every rule reads: the board, the leaders and the position (the scenario's board situation).
import type { Board } from '../data/board.ts';
import type { LeaderTable } from '../data/leaders.ts';
import type { CardId } from '../data/cards.ts';
import type { Power, MajorPower } from '../schema/power.ts';
import type { Bonus, Capture, Siege, Stack } from '../schema/scenario.ts';
import { READING_ALIASES, type Reading, type Rulings, type VariantRuling } from '../schema/rulings.ts';

export interface Position {
  readonly war: readonly (readonly [Power, Power])[];
  readonly alliances: readonly (readonly [Power, Power])[];
  /** Overrides only: a space not listed is controlled by its home power (ruling R15). */
  readonly control: Readonly<Record<string, Power>>;
  readonly unrest: readonly string[];
  readonly bonuses: Readonly<Partial<Record<Power, readonly Bonus[]>>>;
  /** Ruling R33: the cards each major power holds (absent: nobody holds a card). */
  readonly hands?: Readonly<Partial<Record<MajorPower, readonly CardId[]>>>;
  /** 6.1, ruling R31: the home cards each major power has used this turn (absent: none). */
  readonly homeCardsUsed?: Readonly<Partial<Record<MajorPower, readonly CardId[]>>> | undefined;
  readonly stacks: readonly Stack[];
  readonly sieges: readonly Siege[];
  readonly captured: readonly Capture[];
  /** The active power, its CP left and the marks of ruling R26 for the rest of the impulse (absent: none). */
  readonly impulse: {
    readonly power: MajorPower;
    readonly cp: number;
    readonly foulWeather?: true | undefined;
    readonly gout?: readonly string[] | undefined;
  };
}

export interface World {
  readonly board: Board;
  readonly leaders: LeaderTable;
  readonly position: Position;
  /** The scenario's reading of each open ruling (src/schema/rulings.ts); a ruling not listed applies as stated. */
  readonly rulings?: Rulings;
  /**
   * 21.6, ruling R34: `false` when the scenario states that the Schmalkaldic League has not formed yet (its
   * restrictions apply: src/rules/league.ts); absent or `true`, the League has formed and nothing is restricted.
   */
  readonly schmalkaldicLeague?: boolean;
}

export function withPosition(world: World, position: Position): World {
  return { ...world, position };
}

/**
 * How the engine reads ruling `id` here: `ruling` (RULINGS.md, the default) or `alternative` (the scenario's
 * `rulings`). Every rule that has an alternative reading asks this, at the one place the ruling is applied.
 */
export function reading(world: Pick<World, 'rulings'>, id: VariantRuling): Reading {
  const alias = READING_ALIASES[id];
  return world.rulings?.[id] ?? (alias ? world.rulings?.[alias] : undefined) ?? 'ruling';
}
