// The names a host shows beside an id, in English and Russian: the bundled board's spaces, the army leaders and the
// powers (src/data/names-ru.json holds the Russian ones, with its provenance note). The Russian case forms the
// narrative needs stay in src/text/names.ts.
import { POWER_NAMES, POWERS, type Power } from '../schema/power.ts';
import type { Text } from '../text/text.ts';
import { hisBoard } from './board.ts';
import { hisLeaderTable } from './leaders.ts';
import namesRu from './names-ru.json' with { type: 'json' };

export interface HisNames {
  /** Every land space of the bundled board, by id. */
  readonly spaces: Readonly<Record<string, Text>>;
  /** Every army leader, by id. */
  readonly leaders: Readonly<Record<string, Text>>;
  readonly powers: Readonly<Record<Power, Text>>;
}

const RU_SPACES: Readonly<Record<string, string>> = namesRu.spaces;
const RU_LEADERS: Readonly<Record<string, string>> = namesRu.leaders;

let cached: HisNames | undefined;

const name = (en: string, ru: string | undefined): Text => Object.freeze({ en, ru: ru ?? en });
const byId = <T>(entries: [string, T][]) => Object.freeze(Object.fromEntries(entries));

/** The English and Russian names of every id the bundled data has (a name without a Russian form repeats the English). */
export function hisNames(): HisNames {
  cached ??= Object.freeze({
    spaces: byId(
      [...hisBoard().spaces.values()].map((s) => [
        s.id,
        name(s.name, Object.hasOwn(RU_SPACES, s.id) ? RU_SPACES[s.id] : undefined),
      ]),
    ),
    leaders: byId(
      [...hisLeaderTable().values()].map((l) => [
        l.id,
        name(l.name, Object.hasOwn(RU_LEADERS, l.id) ? RU_LEADERS[l.id] : undefined),
      ]),
    ),
    powers: byId(POWERS.map((p) => [p, name(POWER_NAMES[p].en, POWER_NAMES[p].ru)])) as Readonly<Record<Power, Text>>,
  });
  return cached;
}
