// Boards for the benchmarks: the worked example, a big battle, and boards built to be large (hubs with a thousand
// spokes, ten groups on one side). Every one passes through the scenario schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenario, type Scenario } from '../src/engine/scenario.ts';

const EXAMPLES = join(import.meta.dirname, '..', 'examples');

export const viennaText = readFileSync(join(EXAMPLES, 'vienna-1517.json'), 'utf8');
export const vienna = (): Scenario => parseScenario(viennaText);
export const viennaWithoutScript = (): Scenario => parseScenario({ ...JSON.parse(viennaText), events: [] });

/** 20 dice against 39: Suleiman and Ibrahim with 18 units attack Charles V's 36 regulars in Vienna. */
export const battle20v39 = (): Scenario =>
  parseScenario({
    war: [['ottoman', 'hapsburg']],
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'pressburg', power: 'ottoman', regulars: 12, cavalry: 6, leaders: ['suleiman', 'ibrahim-pasha'] },
      { space: 'vienna', power: 'hapsburg', regulars: 36, leaders: ['charles-v'] },
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'pressburg', to: 'vienna', regulars: 12, cavalry: 6, leaders: ['suleiman', 'ibrahim-pasha'] },
  });

/** A hub with `n` spokes: the Ottoman moves into the hub; a Hapsburg stack waits on every spoke. */
export const interceptHub = (n: number): Scenario => {
  const spokes = Array.from({ length: n }, (_, i) => `s${i}`);
  return parseScenario({
    map: {
      spaces: [
        { id: 'hub', type: 'unfortified', home: 'hapsburg' },
        { id: 'origin', type: 'unfortified', home: 'ottoman' },
        ...spokes.map((id) => ({ id, type: 'unfortified' as const, home: 'hapsburg' as const })),
      ],
      connections: [{ a: 'origin', b: 'hub' }, ...spokes.map((id) => ({ a: 'hub', b: id }))],
    },
    war: [['ottoman', 'hapsburg']],
    stacks: [
      { space: 'origin', power: 'ottoman', regulars: 4 },
      ...spokes.map((space) => ({ space, power: 'hapsburg' as const, regulars: 1 })),
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'origin', to: 'hub', regulars: 4 },
  });
};

/** A fortified hub with `k` neighbours held by the Hapsburgs; 8 Ottoman regulars attack 5 Hapsburg regulars there. */
export const retreatHub = (k: number): Scenario => {
  const around = Array.from({ length: k }, (_, i) => `n${i}`);
  return parseScenario({
    map: {
      spaces: [
        { id: 'hub', type: 'key', home: 'hapsburg' },
        { id: 'origin', type: 'unfortified', home: 'ottoman' },
        ...around.map((id) => ({ id, type: 'unfortified' as const, home: 'hapsburg' as const })),
      ],
      connections: [{ a: 'origin', b: 'hub' }, ...around.map((id) => ({ a: 'hub', b: id }))],
    },
    war: [['ottoman', 'hapsburg']],
    stacks: [
      { space: 'origin', power: 'ottoman', regulars: 8, leaders: ['suleiman'] },
      { space: 'hub', power: 'hapsburg', regulars: 5, leaders: ['ferdinand'] },
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'origin', to: 'hub', regulars: 8, leaders: ['suleiman'] },
  });
};

/** Ten groups defend one space together against the Ottoman: five majors and five minors and independents. */
export const tenGroups = (): Scenario => {
  const majors = ['hapsburg', 'england', 'france', 'papacy', 'protestant'] as const;
  const minors = ['hungary', 'scotland', 'venice', 'genoa'] as const;
  return parseScenario({
    map: {
      spaces: [
        { id: 'field', type: 'unfortified', home: 'hapsburg' },
        { id: 'origin', type: 'unfortified', home: 'ottoman' },
        { id: 'back', type: 'unfortified', home: 'hapsburg' },
      ],
      connections: [
        { a: 'origin', b: 'field' },
        { a: 'field', b: 'back' },
      ],
    },
    war: [...majors, ...minors, 'independent' as const]
      .filter((p) => p !== 'independent')
      .map((p) => ['ottoman', p] as [string, string]),
    stacks: [
      { space: 'origin', power: 'ottoman', regulars: 40, leaders: ['suleiman', 'ibrahim-pasha'] },
      ...majors.map((power) => ({ space: 'field', power, regulars: 3 })),
      ...minors.map((power) => ({ space: 'field', power, regulars: 3 })),
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'origin', to: 'field', regulars: 18, leaders: ['suleiman', 'ibrahim-pasha'] },
  });
};

/** A map of `n` spaces in a ring, for parsing. */
export const bigMapInput = (n: number): unknown => ({
  map: {
    spaces: Array.from({ length: n }, (_, i) => ({
      id: `p${i}`,
      type: i % 10 === 0 ? 'key' : 'unfortified',
      home: i % 2 ? 'hapsburg' : 'ottoman',
    })),
    connections: Array.from({ length: n }, (_, i) => ({ a: `p${i}`, b: `p${(i + 1) % n}` })),
  },
  war: [['ottoman', 'hapsburg']],
  stacks: Array.from({ length: Math.min(n, 2000) }, (_, i) => ({
    space: `p${(i * 5) % n}`,
    power: i % 2 ? 'hapsburg' : 'ottoman',
    regulars: 1,
  })).filter((s, i, a) => a.findIndex((x) => x.space === s.space) === i),
  impulse: { power: 'ottoman', cp: 1 },
});
