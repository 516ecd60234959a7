// The board (2.1 space types, 2.5 passes): the bundled Here I Stand map or an inline one from a scenario.
import hisMap from './his-map.json' with { type: 'json' };
import type { Power } from '../schema/power.ts';
import type { InlineMap, SpaceType } from '../schema/map.ts';
import { FrozenMap, FrozenSet } from './frozen.ts';

export type ConnectionKind = 'clear' | 'pass';

export interface Space {
  readonly id: string;
  readonly name: string;
  readonly type: SpaceType;
  /** 2.1: capitals, keys, electorates and fortresses are fortified. */
  readonly fortified: boolean;
  readonly home: Power;
  /** Every adjacent land space, passes included. */
  readonly neighbours: readonly string[];
  /** The subset of neighbours reached over a mountain pass (2.5). */
  readonly passes: readonly string[];
  readonly ports: readonly string[];
}

export interface Board {
  readonly id: string;
  readonly spaces: ReadonlyMap<string, Space>;
  /** Sea-zone ids, so that a land move or retreat "into a sea zone" can be refused with its rule. */
  readonly seaZones: ReadonlySet<string>;
}

export function space(board: Board, id: string): Space {
  const found = board.spaces.get(id);
  if (!found) throw new Error(`unknown space '${id}' on board '${board.id}'`);
  return found;
}

export function hasSpace(board: Board, id: string): boolean {
  return board.spaces.has(id);
}

/** The land connection between two spaces, or undefined when they are not adjacent. */
export function connection(board: Board, from: string, to: string): ConnectionKind | undefined {
  const a = board.spaces.get(from);
  if (!a || !a.neighbours.includes(to)) return undefined;
  return a.passes.includes(to) ? 'pass' : 'clear';
}

/** A board cannot be changed once built (its spaces, their lists, the tables): every scenario on it shares it. */
function fromSpaces(id: string, spaces: Space[], seaZones: string[]): Board {
  const frozen = spaces.map((s) =>
    Object.freeze({
      ...s,
      neighbours: Object.freeze(s.neighbours),
      passes: Object.freeze(s.passes),
      ports: Object.freeze(s.ports),
    }),
  );
  return Object.freeze({
    id,
    spaces: new FrozenMap(frozen.map((s) => [s.id, s] as const)),
    seaZones: new FrozenSet(seaZones),
  });
}

let cached: Board | undefined;

/** The bundled 134-space board (src/data/his-map.json, with its provenance note): one for the process, frozen. */
export function hisBoard(): Board {
  cached ??= fromSpaces(
    'his',
    hisMap.spaces.map((s) => ({
      id: s.id,
      name: s.name,
      type: s.type as SpaceType,
      fortified: s.fortified,
      home: s.home as Power,
      neighbours: [...s.neighbours].sort(),
      passes: [...s.passes].sort(),
      ports: [...s.ports].sort(),
    })),
    hisMap.seaZones.map((z) => z.id),
  );
  return cached;
}

/** A board from a scenario's inline map; the schema has already checked the ids it refers to. */
export function inlineBoard(map: InlineMap): Board {
  const neighbours = new Map<string, Set<string>>();
  const passes = new Map<string, Set<string>>();
  for (const s of map.spaces) {
    neighbours.set(s.id, new Set());
    passes.set(s.id, new Set());
  }
  for (const c of map.connections) {
    neighbours.get(c.a)?.add(c.b);
    neighbours.get(c.b)?.add(c.a);
    if (c.kind === 'pass') {
      passes.get(c.a)?.add(c.b);
      passes.get(c.b)?.add(c.a);
    }
  }
  return fromSpaces(
    'inline',
    map.spaces.map((s) => ({
      id: s.id,
      name: s.name ?? s.id,
      type: s.type,
      fortified: s.type !== 'unfortified',
      home: s.home,
      neighbours: [...(neighbours.get(s.id) ?? [])].sort(),
      passes: [...(passes.get(s.id) ?? [])].sort(),
      ports: [],
    })),
    [],
  );
}
