// The names of the ids a decision shows (its `names`), so that a host never needs the board or the leader table to
// print a space, a leader or a power. The ids are found by the fields that hold them, the same vocabulary in events,
// refused answers and limits: `from`, `to`, `destinations` hold spaces; `leaders` leaders; `power`, `keepPower`,
// `oddHits` and the keys of `byPower` powers. The facts of a refused answer have a vocabulary of their own per
// restriction: an id there is named when it is one of a space, a leader or a power.
import { leaderName, powerName, spaceName } from '../../text/names.ts';
import type { Text } from '../../text/text.ts';
import type { World } from '../../rules/world.ts';
import type { Decision, DecisionNames } from '../../schema/decision.ts';
import { POWERS, type Power } from '../../schema/power.ts';

const SPACE_FIELDS: ReadonlySet<string> = new Set(['from', 'to', 'destinations']);
const LEADER_FIELDS: ReadonlySet<string> = new Set(['leaders', 'leader']);
const POWER_FIELDS: ReadonlySet<string> = new Set(['power', 'keepPower', 'oddHits']);

type NameSource = Pick<World, 'board' | 'leaders'>;

interface Ids {
  readonly spaces: Set<string>;
  readonly leaders: Set<string>;
  readonly powers: Set<Power>;
}

/** The parts of a decision that hold ids. */
type Shown = Pick<Decision, 'power' | 'options' | 'blocked' | 'limits'>;

/** Which ids are spaces and leaders, for the facts of refused answers. */
interface Known {
  readonly space: (id: string) => boolean;
  readonly leader: (id: string) => boolean;
}

function isPower(id: string): id is Power {
  return (POWERS as readonly string[]).includes(id);
}

function addPower(ids: Ids, id: string): void {
  if (isPower(id)) ids.powers.add(id);
}

function collect(ids: Ids, value: unknown, field: string): void {
  if (typeof value === 'string') {
    if (SPACE_FIELDS.has(field)) ids.spaces.add(value);
    else if (LEADER_FIELDS.has(field)) ids.leaders.add(value);
    else if (POWER_FIELDS.has(field)) addPower(ids, value);
  } else if (Array.isArray(value)) {
    for (const v of value) collect(ids, v, field);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (field === 'byPower') addPower(ids, k);
      collect(ids, v, field === 'byPower' ? '' : k);
    }
  }
}

function collectFacts(ids: Ids, facts: object | undefined, known: Known): void {
  for (const v of Object.values(facts ?? {})) {
    for (const id of Array.isArray(v) ? v : [v]) {
      if (typeof id !== 'string') continue;
      if (known.space(id)) ids.spaces.add(id);
      if (known.leader(id)) ids.leaders.add(id);
      addPower(ids, id);
    }
  }
}

/** The ids a decision shows: its power, its options' events, its refused answers (and their facts), its limits. */
function idsOf(d: Shown, known: Known): Ids {
  const ids: Ids = { spaces: new Set(), leaders: new Set(), powers: new Set() };
  addPower(ids, d.power);
  for (const o of d.options) collect(ids, o.event, '');
  for (const b of d.blocked) {
    collect(ids, b.option, '');
    collectFacts(ids, b.facts, known);
  }
  collect(ids, d.limits, '');
  return ids;
}

function table(ids: ReadonlySet<string>, name: (id: string) => Text): Record<string, Text> {
  const out: Record<string, Text> = {};
  // A name table holds the two strings; a name's message id is its kind and id (`space.graz`, docs/api.md).
  for (const id of [...ids].sort()) {
    const t = name(id);
    out[id] = { en: t.en, ru: t.ru };
  }
  return out;
}

function powerTable(ids: ReadonlySet<Power>, name: (p: Power) => Text | undefined): Partial<Record<Power, Text>> {
  const out: Partial<Record<Power, Text>> = {};
  for (const p of POWERS) {
    const t = ids.has(p) ? name(p) : undefined;
    if (t) out[p] = { en: t.en, ru: t.ru };
  }
  return out;
}

/** The decision with the names of every id it shows. */
export function named<D extends Omit<Decision, 'names'>>(world: NameSource, d: D): D & { names: DecisionNames } {
  const ids = idsOf(d, { space: (id) => world.board.spaces.has(id), leader: (id) => world.leaders.has(id) });
  return {
    ...d,
    names: {
      spaces: table(ids.spaces, (id) => spaceName(world, id)),
      leaders: table(ids.leaders, (id) => leaderName(world, id)),
      powers: powerTable(ids.powers, powerName),
    },
  };
}

/** The names a shortened decision still shows, taken from the full decision's names. */
export function namesIn(d: Shown, all: DecisionNames): DecisionNames {
  const known: Known = { space: (id) => Object.hasOwn(all.spaces, id), leader: (id) => Object.hasOwn(all.leaders, id) };
  const ids = idsOf(d, known);
  const pick = (keep: ReadonlySet<string>, from: Readonly<Record<string, Text>>): Record<string, Text> => {
    const out: Record<string, Text> = {};
    for (const id of [...keep].sort()) {
      const t = Object.hasOwn(from, id) ? from[id] : undefined;
      if (t) out[id] = t;
    }
    return out;
  };
  return {
    spaces: pick(ids.spaces, all.spaces),
    leaders: pick(ids.leaders, all.leaders),
    powers: powerTable(ids.powers, (p) => all.powers[p]),
  };
}
