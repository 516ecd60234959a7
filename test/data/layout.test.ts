// The drawing layout (src/data/layout.ts, src/data/his-layout.json): every space of the bundled board placed where it
// is on a map of Europe, none overlapping, and a deterministic neighbourhood for any board, inline ones included.
import { describe, expect, test, vi } from 'vitest';
import { hisBoard, inlineBoard } from '../../src/data/board.ts';
import hisLayoutJson from '../../src/data/his-layout.json' with { type: 'json' };
import hisMap from '../../src/data/his-map.json' with { type: 'json' };
import { hisLayout, localLayout, MIN_DISTANCE, type LocalLayout } from '../../src/data/layout.ts';
import { InlineMapSchema } from '../../src/schema/map.ts';

type LatLon = { lat: number; lon: number };
const land: Record<string, LatLon> = hisLayoutJson.spaces;
const seas: Record<string, LatLon> = hisLayoutJson.seaZones;
const geo = (id: string): LatLon => land[id] ?? seas[id] ?? { lat: NaN, lon: NaN };
const EPSILON = 1e-9;
/** Distance in degrees of latitude, longitude shrunk by the cosine of the mean latitude. */
const degrees = (a: LatLon, b: LatLon) =>
  Math.hypot(a.lat - b.lat, (a.lon - b.lon) * Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180)));

describe('his-layout.json: a position for every space of his-map.json', () => {
  test('every land space has coordinates, and nothing else does', () => {
    expect(Object.keys(land).sort()).toEqual(hisMap.spaces.map((s) => s.id).sort());
  });

  test('every sea zone has coordinates, and nothing else does', () => {
    expect(Object.keys(seas).sort()).toEqual(hisMap.seaZones.map((z) => z.id).sort());
  });

  test('says where its coordinates come from, and notes only land spaces', () => {
    expect(hisLayoutJson.provenance).toMatch(/approximate/);
    expect(hisLayoutJson.provenance).toMatch(/by hand/);
    expect(hisLayoutJson.provenance).toMatch(/degrees/);
    expect(Object.keys(hisLayoutJson.notes).filter((id) => !(id in land))).toEqual([]);
  });

  test.for(Object.entries({ ...land, ...seas }))('%s lies within Europe and the Mediterranean', ([, g]) => {
    expect(g.lat).toBeGreaterThanOrEqual(25);
    expect(g.lat).toBeLessThanOrEqual(60);
    expect(g.lon).toBeGreaterThanOrEqual(-12);
    expect(g.lon).toBeLessThanOrEqual(45);
  });

  // Each pair is far apart on one axis only, so a space with latitude and longitude swapped fails it.
  test.for([
    ['vienna', 'east of', 'paris'],
    ['istanbul', 'east of', 'vienna'],
    ['buda', 'east of', 'pressburg'],
    ['algiers', 'east of', 'oran'],
    ['london', 'north of', 'madrid'],
    ['edinburgh', 'north of', 'london'],
    ['rome', 'north of', 'tunis'],
    ['malta', 'north of', 'tripoli'],
    ['candia', 'north of', 'tripoli'],
    ['istanbul', 'north of', 'candia'],
    ['adriatic', 'east of', 'tyrrhenian'],
    ['baltic', 'north of', 'black'],
  ] as const)('%s lies %s %s', ([a, where, b]) => {
    if (where === 'east of') expect(geo(a).lon).toBeGreaterThan(geo(b).lon);
    else expect(geo(a).lat).toBeGreaterThan(geo(b).lat);
  });

  // Between them these two catch a space put at the wrong city or with latitude and longitude swapped, even where the
  // swap stays within the bounds above (Istanbul, Candia, Rhodes...): every land space is connected or a port.
  test('connected spaces lie within 5° of each other (the longest, Nicopolis–Szegedin, is 4.2°)', () => {
    const far = hisMap.connections.filter((c) => degrees(geo(c.a), geo(c.b)) > 5).map((c) => `${c.a}–${c.b}`);
    expect(far).toEqual([]);
  });

  test('ports lie within 9° of the point of each of their sea zones (the farthest, Tunis–Africa, is 8.1°)', () => {
    const far = hisMap.seaZones.flatMap((z) =>
      z.ports.filter((p) => degrees(geo(p), geo(z.id)) > 9).map((p) => `${p}–${z.id}`),
    );
    expect(far).toEqual([]);
    const ports = new Set(hisMap.seaZones.flatMap((z) => z.ports));
    expect(hisMap.spaces.filter((s) => s.neighbours.length === 0 && !ports.has(s.id))).toEqual([]);
  });
});

describe('hisLayout(): the bundled board in the plane', () => {
  const layout = hisLayout();

  test('places every land space and sea zone, at finite non-negative coordinates', () => {
    expect([...layout.keys()].sort()).toEqual([...Object.keys(land), ...Object.keys(seas)].sort());
    for (const [id, p] of layout) {
      expect(Number.isFinite(p.x) && Number.isFinite(p.y), id).toBe(true);
      expect(Math.min(p.x, p.y), id).toBeGreaterThanOrEqual(0);
    }
  });

  test('keeps north up and east right (y grows southwards)', () => {
    const at = (id: string) => layout.get(id)!;
    expect(at('vienna').x).toBeGreaterThan(at('paris').x);
    expect(at('istanbul').x).toBeGreaterThan(at('vienna').x);
    expect(at('london').y).toBeLessThan(at('madrid').y);
    expect(at('tunis').y).toBeGreaterThan(at('rome').y);
  });

  test(`after the nudge no two land spaces are closer than ${MIN_DISTANCE}`, () => {
    const ids = Object.keys(land);
    const close: string[] = [];
    for (const [i, a] of ids.entries())
      for (const b of ids.slice(i + 1)) {
        const [p, q] = [layout.get(a)!, layout.get(b)!];
        if (Math.hypot(p.x - q.x, p.y - q.y) < MIN_DISTANCE - EPSILON) close.push(`${a}–${b}`);
      }
    expect(close).toEqual([]);
  });

  test('the nudge parts the closest real pairs without moving anything far', () => {
    // Milan and Pavia are 0.27 apart in the projection: they must be pushed apart, each by under MIN_DISTANCE / 2.
    const [milan, pavia] = [layout.get('milan')!, layout.get('pavia')!];
    expect(Math.hypot(milan.x - pavia.x, milan.y - pavia.y)).toBeCloseTo(MIN_DISTANCE, 6);
    // Relative to Madrid, which has no space within MIN_DISTANCE, no space moves more than MIN_DISTANCE / 2.
    const madrid = layout.get('madrid')!;
    const meanLat = Object.values(land).reduce((s, g) => s + g.lat, 0) / Object.keys(land).length;
    const scale = Math.cos(meanLat * (Math.PI / 180));
    const drift = Object.entries(land).filter(([id, g]) => {
      const p = layout.get(id)!;
      const dx = p.x - madrid.x - (g.lon - geo('madrid').lon) * scale;
      const dy = p.y - madrid.y + (g.lat - geo('madrid').lat);
      return Math.hypot(dx, dy) > MIN_DISTANCE / 2;
    });
    expect(drift.map(([id]) => id)).toEqual([]);
  });

  test('is cached, and the same when computed afresh', async () => {
    expect(hisLayout()).toBe(layout);
    vi.resetModules();
    const fresh = await import('../../src/data/layout.ts');
    expect(fresh.hisLayout()).not.toBe(layout);
    expect(fresh.hisLayout()).toEqual(layout);
  });
});

const ids = (l: LocalLayout) => l.spaces.map((s) => s.id);
const within = (v: number) => v >= -EPSILON && v <= 1 + EPSILON;
const inUnitSquare = (l: LocalLayout) => l.spaces.every((s) => within(s.x) && within(s.y));
const distinct = (l: LocalLayout) =>
  new Set(l.spaces.map((s) => `${s.x.toFixed(9)},${s.y.toFixed(9)}`)).size === l.spaces.length;

describe('localLayout() on the bundled board', () => {
  const board = hisBoard();

  test('the neighbourhood of Vienna is Vienna and its four neighbours, with the connections among them', () => {
    const l = localLayout(board, 'vienna');
    expect(ids(l)).toEqual(['vienna', 'brunn', 'graz', 'linz', 'pressburg']);
    expect(l.spaces.map((s) => s.steps)).toEqual([0, 1, 1, 1, 1]);
    expect(l.edges).toEqual([
      { a: 'brunn', b: 'vienna', kind: 'clear' },
      { a: 'graz', b: 'vienna', kind: 'clear' },
      { a: 'linz', b: 'vienna', kind: 'clear' },
      { a: 'pressburg', b: 'vienna', kind: 'clear' },
    ]);
    expect(inUnitSquare(l) && distinct(l)).toBe(true);
  });

  test('[2.5] at radius 2 around Vienna the Graz–Salzburg connection is a pass', () => {
    const l = localLayout(board, 'vienna', 2);
    expect(ids(l)).toEqual(expect.arrayContaining(['salzburg', 'buda', 'prague', 'agram', 'mohacs', 'trieste']));
    expect(l.spaces.find((s) => s.id === 'salzburg')?.steps).toBe(2);
    expect(l.edges).toContainEqual({ a: 'graz', b: 'salzburg', kind: 'pass' });
    expect(l.edges).toContainEqual({ a: 'linz', b: 'salzburg', kind: 'clear' });
    expect(l.edges.filter((e) => e.kind === 'pass')).toEqual([{ a: 'graz', b: 'salzburg', kind: 'pass' }]);
  });

  test('keeps the geography: Pressburg east of Vienna, Brunn north, Graz south, Linz west', () => {
    const at = (id: string) => localLayout(board, 'vienna').spaces.find((s) => s.id === id)!;
    expect(at('pressburg').x).toBeGreaterThan(at('vienna').x);
    expect(at('linz').x).toBeLessThan(at('vienna').x);
    expect(at('brunn').y).toBeLessThan(at('vienna').y);
    expect(at('graz').y).toBeGreaterThan(at('vienna').y);
  });

  test('fills the unit square along the longer side of the neighbourhood', () => {
    const l = localLayout(board, 'vienna', 2);
    const xs = l.spaces.map((s) => s.x);
    const ys = l.spaces.map((s) => s.y);
    expect(Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys))).toBeCloseTo(1, 9);
    expect(inUnitSquare(l) && distinct(l)).toBe(true);
  });

  test('a space with no land connection is alone in the middle', () => {
    expect(localLayout(board, 'malta', 2)).toEqual({
      centre: 'malta',
      radius: 2,
      spaces: [{ id: 'malta', x: 0.5, y: 0.5, steps: 0 }],
      edges: [],
    });
  });

  test('refuses a sea zone, an unknown id and a bad radius', () => {
    expect(() => localLayout(board, 'adriatic')).toThrow(/unknown space/);
    expect(() => localLayout(board, 'atlantis')).toThrow(/unknown space/);
    expect(() => localLayout(board, 'vienna', -1)).toThrow(/radius/);
    expect(() => localLayout(board, 'vienna', 1.5)).toThrow(/radius/);
  });

  test('is deterministic', () => {
    expect(localLayout(board, 'pressburg', 2)).toEqual(localLayout(board, 'pressburg', 2));
  });
});

describe('localLayout() on an inline board', () => {
  // Two rings around 'hub': a, b, c next to it; a1, a2 beyond a, c1 beyond c (and beyond b, over a pass).
  const board = inlineBoard(
    InlineMapSchema.parse({
      spaces: ['hub', 'a', 'b', 'c', 'a1', 'a2', 'c1'].map((id) => ({ id, type: 'unfortified', home: 'hapsburg' })),
      connections: [
        { a: 'hub', b: 'c' },
        { a: 'hub', b: 'a' },
        { a: 'hub', b: 'b' },
        { a: 'a', b: 'a1' },
        { a: 'a', b: 'a2' },
        { a: 'c', b: 'c1' },
        { a: 'b', b: 'c1', kind: 'pass' },
      ],
    }),
  );
  const at = (l: LocalLayout, id: string) => l.spaces.find((s) => s.id === id)!;
  const fromMiddle = (p: { x: number; y: number }) => Math.hypot(p.x - 0.5, p.y - 0.5);

  test('gives every space of both rings a distinct position in the unit square', () => {
    const l = localLayout(board, 'hub', 2);
    expect(ids(l)).toEqual(['hub', 'a', 'b', 'c', 'a1', 'a2', 'c1']);
    expect(inUnitSquare(l) && distinct(l)).toBe(true);
  });

  test('puts the centre in the middle, ring 1 on a circle in id order from the top, ring 2 further out', () => {
    const l = localLayout(board, 'hub', 2);
    expect(at(l, 'hub')).toMatchObject({ x: 0.5, y: 0.5, steps: 0 });
    for (const id of ['a', 'b', 'c']) expect(fromMiddle(at(l, id)), id).toBeCloseTo(0.25, 9);
    for (const id of ['a1', 'a2', 'c1']) expect(fromMiddle(at(l, id)), id).toBeCloseTo(0.5, 9);
    expect(at(l, 'a').x).toBeCloseTo(0.5, 9);
    expect(at(l, 'a').y).toBeCloseTo(0.25, 9);
    // Clockwise on screen (y down): b to the lower right, c to the lower left.
    expect(at(l, 'b').x).toBeGreaterThan(0.5);
    expect(at(l, 'c').x).toBeLessThan(0.5);
  });

  test('places a ring-2 space near its first neighbour on ring 1', () => {
    const l = localLayout(board, 'hub', 2);
    const dist = (p: string, q: string) => Math.hypot(at(l, p).x - at(l, q).x, at(l, p).y - at(l, q).y);
    // c1 touches b and c; its first neighbour (by id) is b.
    expect(dist('c1', 'b')).toBeLessThan(dist('c1', 'c'));
    expect(dist('a1', 'a')).toBeLessThan(dist('a1', 'b'));
    expect(dist('a2', 'a')).toBeLessThan(dist('a2', 'c'));
  });

  test('[2.5] lists the edges with their kind, the pass included', () => {
    expect(localLayout(board, 'hub', 2).edges).toEqual([
      { a: 'a', b: 'a1', kind: 'clear' },
      { a: 'a', b: 'a2', kind: 'clear' },
      { a: 'a', b: 'hub', kind: 'clear' },
      { a: 'b', b: 'c1', kind: 'pass' },
      { a: 'b', b: 'hub', kind: 'clear' },
      { a: 'c', b: 'c1', kind: 'clear' },
      { a: 'c', b: 'hub', kind: 'clear' },
    ]);
    expect(localLayout(board, 'hub').edges.map((e) => `${e.a}–${e.b}`)).toEqual(['a–hub', 'b–hub', 'c–hub']);
  });

  test('an inline board that reuses bundled ids is laid out in rings, not by geography', () => {
    const reuse = inlineBoard(
      InlineMapSchema.parse({
        spaces: ['vienna', 'pressburg', 'buda'].map((id) => ({ id, type: 'unfortified', home: 'hungary' })),
        connections: [
          { a: 'vienna', b: 'pressburg' },
          { a: 'pressburg', b: 'buda' },
        ],
      }),
    );
    const l = localLayout(reuse, 'vienna', 2);
    expect(at(l, 'vienna')).toMatchObject({ x: 0.5, y: 0.5 });
    expect(at(l, 'pressburg').y).toBeCloseTo(0.25, 9);
    expect(at(l, 'buda').y).toBeCloseTo(0, 9);
  });

  test('is deterministic', () => {
    expect(localLayout(board, 'hub', 2)).toEqual(localLayout(board, 'hub', 2));
    expect(localLayout(board, 'a1', 3)).toEqual(localLayout(board, 'a1', 3));
  });
});
