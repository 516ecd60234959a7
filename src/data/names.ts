// The names a host shows beside an id, in English and Russian: the bundled board's spaces, the army leaders and the
// powers — the names the narrative prints (src/text/names.ts; the Russian ones of spaces and leaders come from
// src/data/names-ru.json, with its provenance note).
import { POWERS, type Power } from '../schema/power.ts';
import { leaderName, powerName, spaceName } from '../text/names.ts';
import type { Text } from '../text/text.ts';
import { hisBoard } from './board.ts';
import { hisLeaderTable } from './leaders.ts';

export interface HisNames {
  /** Every land space of the bundled board, by id. */
  readonly spaces: Readonly<Record<string, Text>>;
  /** Every army leader, by id. */
  readonly leaders: Readonly<Record<string, Text>>;
  readonly powers: Readonly<Record<Power, Text>>;
}

let cached: HisNames | undefined;

/** A name's two strings (its message id is its kind and id: `space.graz`, `leader.suleiman`, `power.ottoman`). */
function pair(t: Text): Text {
  return { en: t.en, ru: t.ru };
}

/** Each id with its name: a frozen copy, so the table shares nothing with the narrative's names. */
function byId<K extends string>(ids: Iterable<K>, name: (id: K) => Text): Readonly<Record<K, Text>> {
  return Object.freeze(Object.fromEntries([...ids].map((id) => [id, Object.freeze(pair(name(id)))]))) as Record<
    K,
    Text
  >;
}

/** The English and Russian names of every id the bundled data has (a name without a Russian form repeats the English). */
export function hisNames(): HisNames {
  if (!cached) {
    const board = hisBoard();
    const leaders = hisLeaderTable();
    cached = Object.freeze({
      spaces: byId(board.spaces.keys(), (id) => spaceName({ board }, id)),
      leaders: byId(leaders.keys(), (id) => leaderName({ leaders }, id)),
      powers: byId(POWERS, powerName),
    });
  }
  return cached;
}
