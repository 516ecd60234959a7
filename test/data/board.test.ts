// The bundled board and leaders (src/data), pinned against RULES.md §1 (2.1, 2.5), §8 (army leader table) and §9
// (the map around Vienna). Counts are taken from the loaded board, not from the JSON's own `counts` block.
import { describe, expect, test } from 'vitest';
import { connection, hisBoard, inlineBoard, space, type Board } from '../../src/data/board.ts';
import { HIS_ARMY_LEADER_IDS, HIS_SEA_ZONE_IDS, HIS_SPACE_IDS } from '../../src/data/his-ids.ts';
import hisLeaders from '../../src/data/his-leaders.json' with { type: 'json' };
import hisMap from '../../src/data/his-map.json' with { type: 'json' };
import { hisLeaderTable, mayServe } from '../../src/data/leaders.ts';
import namesRu from '../../src/data/names-ru.json' with { type: 'json' };
import { InlineMapSchema, SPACE_TYPES, type SpaceType } from '../../src/schema/map.ts';
import { POWERS, type Power } from '../../src/schema/power.ts';

const board = hisBoard();
const spaces = [...board.spaces.values()];

/** Every undirected land connection of a board, once, as "a–b" with a < b. */
function edges(b: Board, kind?: 'clear' | 'pass'): string[] {
  const out = new Set<string>();
  for (const s of b.spaces.values())
    for (const n of s.neighbours) {
      if (kind && connection(b, s.id, n) !== kind) continue;
      out.add([s.id, n].sort().join('–'));
    }
  return [...out].sort();
}

describe('the bundled board: size and shape', () => {
  test('has 134 land spaces and 14 sea zones', () => {
    expect(board.spaces.size).toBe(134);
    expect(board.seaZones.size).toBe(14);
  });

  test('[2.5] has 220 land connections: 204 clear and 16 over a pass', () => {
    expect(edges(board)).toHaveLength(220);
    expect(edges(board, 'clear')).toHaveLength(204);
    expect(edges(board, 'pass')).toHaveLength(16);
  });

  test('every connection listed in his-map.json is on the board with its kind, and no other', () => {
    const listed = hisMap.connections.map((c) => `${[c.a, c.b].sort().join('–')}:${c.kind}`).sort();
    const built = edges(board).map((e) => {
      const [a = '', b = ''] = e.split('–');
      return `${e}:${connection(board, a, b)}`;
    });
    expect(built).toEqual(listed);
  });

  test('adjacency is symmetric for every pair of spaces', () => {
    const oneWay = spaces.flatMap((s) =>
      s.neighbours.filter((n) => !board.spaces.get(n)?.neighbours.includes(s.id)).map((n) => `${s.id}→${n}`),
    );
    expect(oneWay).toEqual([]);
  });

  test('every neighbour is a land space of the board, and no space is its own neighbour', () => {
    const bad = spaces.flatMap((s) =>
      s.neighbours.filter((n) => n === s.id || !board.spaces.has(n)).map((n) => `${s.id}→${n}`),
    );
    expect(bad).toEqual([]);
  });

  test('[2.5] passes are a subset of the neighbours, and symmetric', () => {
    const notNeighbour = spaces.flatMap((s) =>
      s.passes.filter((p) => !s.neighbours.includes(p)).map((p) => `${s.id}≈${p}`),
    );
    const oneWay = spaces.flatMap((s) =>
      s.passes.filter((p) => !board.spaces.get(p)?.passes.includes(s.id)).map((p) => `${s.id}≈${p}`),
    );
    expect(notNeighbour).toEqual([]);
    expect(oneWay).toEqual([]);
  });

  test('[2.5] the passes are exactly the 16 of RULES.md §9 (3 Pyrenees, 6 Alps, 7 Balkans)', () => {
    const pyrenees = ['avignon–barcelona', 'barcelona–toulouse', 'bordeaux–navarre'];
    const alps = [
      'augsburg–innsbruck',
      'geneva–turin',
      'genoa–nice',
      'graz–salzburg',
      'grenoble–turin',
      'innsbruck–trent',
    ];
    const balkans = [
      'agram–zara',
      'belgrade–ragusa',
      'durazzo–larissa',
      'nezh–scutari',
      'nicopolis–sofia',
      'nicopolis–szegedin',
      'salonika–sofia',
    ];
    expect([pyrenees.length, alps.length, balkans.length]).toEqual([3, 6, 7]);
    expect(edges(board, 'pass')).toEqual([...pyrenees, ...alps, ...balkans].sort());
  });

  test('[2.1] counts 86 unfortified spaces, 27 keys, 6 electorates, 9 fortresses and 6 capitals', () => {
    const count = (t: SpaceType) => spaces.filter((s) => s.type === t).length;
    expect(Object.fromEntries(SPACE_TYPES.map((t) => [t, count(t)]))).toEqual({
      capital: 6,
      key: 27,
      electorate: 6,
      fortress: 9,
      unfortified: 86,
    });
  });

  test('[2.1] the six capitals are London, Paris, Valladolid, Vienna, Rome and Istanbul', () => {
    expect(
      spaces
        .filter((s) => s.type === 'capital')
        .map((s) => s.id)
        .sort(),
    ).toEqual(['istanbul', 'london', 'paris', 'rome', 'valladolid', 'vienna']);
  });

  test('[2.1] a space is fortified exactly when it is not unfortified', () => {
    const wrong = spaces.filter((s) => s.fortified !== (s.type !== 'unfortified')).map((s) => s.id);
    expect(wrong).toEqual([]);
    expect(spaces.filter((s) => s.fortified)).toHaveLength(48);
  });

  test('every home power is a power of the scenario format', () => {
    const unknown = spaces
      .filter((s) => !(POWERS as readonly string[]).includes(s.home))
      .map((s) => `${s.id}:${s.home}`);
    expect(unknown).toEqual([]);
  });

  test('space() finds a space and throws on an unknown id', () => {
    expect(space(board, 'vienna').name).toBe('Vienna');
    expect(() => space(board, 'atlantis')).toThrow(/unknown space 'atlantis'/);
  });

  test('connection() is undefined for spaces that are not adjacent, and for unknown ids', () => {
    expect(connection(board, 'vienna', 'buda')).toBeUndefined();
    expect(connection(board, 'vienna', 'atlantis')).toBeUndefined();
    expect(connection(board, 'atlantis', 'vienna')).toBeUndefined();
    expect(connection(board, 'trieste', 'adriatic')).toBeUndefined();
  });

  test('sea zones are not land spaces', () => {
    expect([...board.seaZones].filter((z) => board.spaces.has(z))).toEqual([]);
    expect(board.seaZones.has('adriatic')).toBe(true);
  });
});

interface ViennaRow {
  id: string;
  type: SpaceType;
  home: Power;
  clear: string[];
  passes: string[];
}

// RULES.md §9, row by row ("—" is a clear connection, "≈" a pass; Vienna is a Hapsburg capital, so a key).
const VIENNA_MAP: ViennaRow[] = [
  { id: 'vienna', type: 'capital', home: 'hapsburg', clear: ['brunn', 'graz', 'linz', 'pressburg'], passes: [] },
  { id: 'pressburg', type: 'unfortified', home: 'hungary', clear: ['vienna', 'buda'], passes: [] },
  {
    id: 'graz',
    type: 'unfortified',
    home: 'hapsburg',
    clear: ['vienna', 'agram', 'mohacs', 'trieste'],
    passes: ['salzburg'],
  },
  { id: 'buda', type: 'key', home: 'hungary', clear: ['pressburg', 'mohacs', 'szegedin'], passes: [] },
  { id: 'brunn', type: 'unfortified', home: 'hungary', clear: ['vienna', 'prague', 'breslau'], passes: [] },
  {
    id: 'linz',
    type: 'unfortified',
    home: 'hapsburg',
    clear: ['vienna', 'prague', 'regensburg', 'salzburg'],
    passes: [],
  },
  { id: 'prague', type: 'key', home: 'hungary', clear: ['brunn', 'linz', 'leipzig', 'wittenberg'], passes: [] },
  { id: 'breslau', type: 'unfortified', home: 'hungary', clear: ['brunn', 'brandenburg', 'wittenberg'], passes: [] },
  { id: 'mohacs', type: 'unfortified', home: 'hungary', clear: ['buda', 'graz', 'agram', 'belgrade'], passes: [] },
  {
    id: 'agram',
    type: 'unfortified',
    home: 'hungary',
    clear: ['graz', 'mohacs', 'trieste', 'belgrade'],
    passes: ['zara'],
  },
  { id: 'szegedin', type: 'unfortified', home: 'hungary', clear: ['buda', 'belgrade'], passes: ['nicopolis'] },
  {
    id: 'belgrade',
    type: 'key',
    home: 'hungary',
    clear: ['agram', 'mohacs', 'szegedin', 'nezh', 'nicopolis'],
    passes: ['ragusa'],
  },
  { id: 'trieste', type: 'unfortified', home: 'hapsburg', clear: ['graz', 'agram', 'venice', 'zara'], passes: [] },
  {
    id: 'salzburg',
    type: 'unfortified',
    home: 'protestant',
    clear: ['linz', 'regensburg', 'augsburg', 'innsbruck'],
    passes: ['graz'],
  },
  {
    id: 'regensburg',
    type: 'unfortified',
    home: 'protestant',
    clear: ['linz', 'salzburg', 'augsburg', 'nuremberg'],
    passes: [],
  },
];

describe('the map around Vienna (RULES.md §9)', () => {
  const rows = VIENNA_MAP.map((r) => [r.id, r] as const);

  test.for(rows)('[2.1] %s has its type, home power and fortification', ([, { id, type, home }]) => {
    const s = space(board, id);
    expect({ type: s.type, home: s.home, fortified: s.fortified }).toEqual({
      type,
      home,
      fortified: type !== 'unfortified',
    });
  });

  test.for(rows)('[2.5] %s has exactly its listed neighbours, passes marked', ([, { id, clear, passes }]) => {
    const s = space(board, id);
    expect(s.neighbours).toEqual([...clear, ...passes].sort());
    expect(s.passes).toEqual([...passes].sort());
    for (const n of clear) expect(connection(board, id, n), `${id}–${n}`).toBe('clear');
    for (const n of passes) expect(connection(board, id, n), `${id}≈${n}`).toBe('pass');
  });

  test('[2.1] no electorate or fortress is adjacent to Vienna', () => {
    const types = space(board, 'vienna').neighbours.map((n) => space(board, n).type);
    expect(types.filter((t) => t === 'electorate' || t === 'fortress')).toEqual([]);
  });
});

describe('the id lists for TypeScript hosts (his-ids.ts)', () => {
  test('HIS_SPACE_IDS are the land spaces of his-map.json', () => {
    expect([...HIS_SPACE_IDS].sort()).toEqual(hisMap.spaces.map((s) => s.id).sort());
    expect(new Set(HIS_SPACE_IDS).size).toBe(HIS_SPACE_IDS.length);
  });

  test('HIS_SEA_ZONE_IDS are the sea zones of his-map.json', () => {
    expect([...HIS_SEA_ZONE_IDS].sort()).toEqual(hisMap.seaZones.map((z) => z.id).sort());
  });

  test('HIS_ARMY_LEADER_IDS are the army leaders of his-leaders.json', () => {
    expect([...HIS_ARMY_LEADER_IDS].sort()).toEqual(hisLeaders.armyLeaders.map((l) => l.id).sort());
    expect([...hisLeaderTable().keys()].sort()).toEqual([...HIS_ARMY_LEADER_IDS].sort());
  });
});

describe('Russian names (names-ru.json)', () => {
  // Cyrillic letters, and no Latin letters except a ruler's Roman numeral (Карл V, Генрих VIII).
  const isRussian = (name: string | undefined) =>
    name !== undefined && /[а-яё]/i.test(name) && !/[a-z]/i.test(name.replace(/\b[IVX]+\b/g, ''));

  test('every land space has a Russian name in Cyrillic', () => {
    const missing = HIS_SPACE_IDS.filter((id) => !isRussian((namesRu.spaces as Record<string, string>)[id]));
    expect(missing).toEqual([]);
    expect(Object.keys(namesRu.spaces).sort()).toEqual([...HIS_SPACE_IDS].sort());
  });

  test('every army leader has a Russian name in Cyrillic', () => {
    const missing = HIS_ARMY_LEADER_IDS.filter((id) => !isRussian((namesRu.leaders as Record<string, string>)[id]));
    expect(missing).toEqual([]);
    expect(Object.keys(namesRu.leaders).sort()).toEqual([...HIS_ARMY_LEADER_IDS].sort());
  });

  test("uses the seed texts' spellings around Vienna", () => {
    expect(namesRu.spaces).toMatchObject({
      pressburg: 'Пресбург',
      brunn: 'Брюнн',
      linz: 'Линц',
      graz: 'Грац',
      vienna: 'Вена',
      buda: 'Буда',
    });
    expect(namesRu.leaders).toMatchObject({ suleiman: 'Сулейман', ferdinand: 'Фердинанд' });
  });
});

interface LeaderRow {
  id: string;
  power: Power | 'any';
  battle: number;
  command: number;
  serves: readonly Power[];
}

const MAJORS = ['ottoman', 'hapsburg', 'england', 'france', 'papacy', 'protestant'] as const;

// RULES.md §8: battle / command ratings, and the powers each counter may serve.
const LEADERS: LeaderRow[] = [
  { id: 'suleiman', power: 'ottoman', battle: 2, command: 12, serves: ['ottoman'] },
  { id: 'ibrahim-pasha', power: 'ottoman', battle: 1, command: 6, serves: ['ottoman'] },
  { id: 'charles-v', power: 'hapsburg', battle: 2, command: 10, serves: ['hapsburg'] },
  { id: 'ferdinand', power: 'hapsburg', battle: 1, command: 6, serves: ['hapsburg'] },
  { id: 'duke-of-alva', power: 'hapsburg', battle: 1, command: 6, serves: ['hapsburg'] },
  { id: 'francis-i', power: 'france', battle: 1, command: 8, serves: ['france'] },
  { id: 'henry-ii', power: 'france', battle: 0, command: 8, serves: ['france'] },
  { id: 'montmorency', power: 'france', battle: 1, command: 6, serves: ['france'] },
  { id: 'henry-viii', power: 'england', battle: 1, command: 8, serves: ['england'] },
  { id: 'charles-brandon', power: 'england', battle: 1, command: 6, serves: ['england'] },
  { id: 'dudley', power: 'england', battle: 0, command: 6, serves: ['england'] },
  // Two-sided counter: Protestant side and Hapsburg side.
  { id: 'maurice-of-saxony', power: 'protestant', battle: 1, command: 6, serves: ['hapsburg', 'protestant'] },
  { id: 'john-frederick', power: 'protestant', battle: 0, command: 6, serves: ['protestant'] },
  { id: 'philip-of-hesse', power: 'protestant', battle: 0, command: 6, serves: ['protestant'] },
  // The renegade (Charles Bourbon) serves whoever plays his event.
  { id: 'renegade', power: 'any', battle: 1, command: 6, serves: MAJORS },
];

describe('army leaders (RULES.md §8)', () => {
  const table = hisLeaderTable();
  const rows = LEADERS.map((r) => [r.id, r.battle, r.command, r] as const);

  test('the table holds the 15 army leaders and no naval leader', () => {
    expect(table.size).toBe(15);
    for (const naval of ['andrea-doria', 'barbarossa', 'dragut']) expect(table.has(naval), naval).toBe(false);
  });

  test.for(rows)('[5.1] %s has battle rating %i and command rating %i', ([, , , { id, power, battle, command }]) => {
    const l = table.get(id);
    expect(l).toBeDefined();
    expect({ power: l?.power, battle: l?.battle, command: l?.command }).toEqual({ power, battle, command });
  });

  test.for(rows)('[5.1] %s serves exactly the powers of his counter', ([, , , { id, serves }]) => {
    const l = table.get(id);
    if (!l) throw new Error(`no leader ${id}`);
    // Listed in impulse order (3.2), as MAJORS is.
    expect(MAJORS.filter((p) => mayServe(l, p))).toEqual([...serves]);
  });
});

describe('inline boards', () => {
  const map = InlineMapSchema.parse({
    spaces: [
      { id: 'keep', name: 'The Keep', type: 'key', home: 'hapsburg' },
      { id: 'field', type: 'unfortified', home: 'hapsburg' },
      { id: 'col', type: 'unfortified', home: 'ottoman' },
      { id: 'far', type: 'fortress', home: 'ottoman' },
    ],
    connections: [
      { a: 'keep', b: 'field' },
      { a: 'field', b: 'col', kind: 'pass' },
      { a: 'far', b: 'col', kind: 'clear' },
    ],
  });
  const small = inlineBoard(map);

  test('[2.1] builds its spaces with their types, home powers and fortification', () => {
    expect(small.spaces.size).toBe(4);
    expect(small.seaZones.size).toBe(0);
    expect(space(small, 'keep')).toMatchObject({ name: 'The Keep', type: 'key', home: 'hapsburg', fortified: true });
    expect(space(small, 'field')).toMatchObject({ name: 'field', type: 'unfortified', fortified: false });
    expect(space(small, 'far').fortified).toBe(true);
  });

  test('[2.5] connects both ways and marks the pass on both sides', () => {
    expect(space(small, 'field').neighbours).toEqual(['col', 'keep']);
    expect(space(small, 'field').passes).toEqual(['col']);
    expect(space(small, 'col').neighbours).toEqual(['far', 'field']);
    expect(space(small, 'col').passes).toEqual(['field']);
    expect(connection(small, 'field', 'col')).toBe('pass');
    expect(connection(small, 'col', 'field')).toBe('pass');
    expect(connection(small, 'keep', 'field')).toBe('clear');
    expect(connection(small, 'far', 'col')).toBe('clear');
    expect(connection(small, 'keep', 'col')).toBeUndefined();
  });
});
