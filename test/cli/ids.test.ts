// `his ids`: the ids a scenario may use, with their English and Russian names, and a space's neighbours with the
// kind of each connection (2.5). Every listed id is one the scenario schema accepts.
import { describe, expect, test } from 'vitest';
import { HIS_ARMY_LEADER_IDS, HIS_SPACE_IDS } from '../../src/data/index.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { POWERS } from '../../src/schema/power.ts';
import { his } from '../helpers/cli.ts';

interface Listed {
  readonly id: string;
  readonly name: { readonly en: string; readonly ru: string };
  readonly [fact: string]: unknown;
}

function json(...args: string[]): Record<string, Listed[]> {
  const r = his('ids', ...args, '--json');
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

describe('his ids', () => {
  test('lists every bundled space, army leader and power, each with an English and a Russian name', () => {
    const all = json();
    expect(Object.keys(all)).toEqual(['spaces', 'leaders', 'powers']);
    expect(all.spaces?.map((s) => s.id).sort()).toEqual([...HIS_SPACE_IDS].sort());
    expect(all.leaders?.map((l) => l.id).sort()).toEqual([...HIS_ARMY_LEADER_IDS].sort());
    expect(all.powers?.map((p) => p.id)).toEqual([...POWERS]);
    for (const row of [...all.spaces!, ...all.leaders!, ...all.powers!]) {
      expect(row.name.en, row.id).not.toBe('');
      expect(row.name.ru, row.id).toMatch(/[А-Яа-яЁё]/);
    }
    expect(all.spaces?.find((s) => s.id === 'vienna')).toEqual({
      id: 'vienna',
      name: { en: 'Vienna', ru: 'Вена' },
      type: 'capital',
      fortified: true,
      home: 'hapsburg',
    });
    expect(all.leaders?.find((l) => l.id === 'suleiman')).toMatchObject({
      name: { en: 'Suleiman', ru: 'Сулейман' },
      power: 'ottoman',
      battle: 2,
      command: 12,
    });
    const hungary = all.powers?.find((p) => p.id === 'hungary');
    expect(hungary).toMatchObject({ name: { en: 'Hungary-Bohemia' }, kind: 'minor' });
  });

  test.for(['spaces', 'leaders', 'powers'])('lists only the %s when asked, as aligned columns', (kind) => {
    expect(Object.keys(json(kind))).toEqual([kind]);
    const r = his('ids', kind);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const count = { spaces: HIS_SPACE_IDS.length, leaders: HIS_ARMY_LEADER_IDS.length, powers: POWERS.length }[kind];
    expect(lines.length).toBe(count);
    // The English name starts in the same column on every line.
    const column = (line: string) => line.search(/ {2}\S/);
    expect(new Set(lines.map(column)).size).toBe(1);
  });

  test('the plain listing names each kind', () => {
    const r = his('ids');
    expect(r.stdout).toMatch(/^spaces:\nagram {2,}Agram {2,}Аграм/);
    expect(r.stdout).toContain('\n\nleaders:\n');
    expect(r.stdout).toContain('\n\npowers:\n');
  });

  test("[2.5] --near lists a space's neighbours with the kind of each connection", () => {
    const r = his('ids', '--near', 'graz');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^graz \(Graz \/ Грац\) is adjacent to:\n/);
    expect(r.stdout).toMatch(/\nsalzburg +Salzburg +Зальцбург +pass\n/);
    const near = json('spaces', '--near', 'graz') as unknown as { space: Listed; neighbours: Listed[] };
    expect(near.space).toEqual({ id: 'graz', name: { en: 'Graz', ru: 'Грац' } });
    expect(near.neighbours.map((n) => [n.id, n.connection])).toEqual([
      ['agram', 'clear'],
      ['mohacs', 'clear'],
      ['salzburg', 'pass'],
      ['trieste', 'clear'],
      ['vienna', 'clear'],
    ]);
  });

  test('[13.1] every neighbour --near lists is a move the scenario schema accepts as adjacent', () => {
    const near = json('--near', 'pressburg') as unknown as { neighbours: Listed[] };
    for (const { id } of near.neighbours) {
      const scenario = {
        war: [['ottoman', 'hapsburg']],
        stacks: [{ space: 'pressburg', power: 'ottoman', regulars: 1 }],
        control: { pressburg: 'ottoman', [id]: 'ottoman' },
        impulse: { power: 'ottoman', cp: 2 },
        move: { from: 'pressburg', to: id, regulars: 1 },
      };
      expect(() => parseScenario(scenario), id).not.toThrow();
    }
  });

  test.for([
    [['ids', 'cities'], "unknown kind of id 'cities'"],
    [['ids', 'spaces', 'leaders'], 'ids takes one kind of id'],
    [['ids', 'leaders', '--near', 'vienna'], '--near lists spaces, not leaders'],
    [['ids', '--near', 'atlantis'], "--near: unknown space 'atlantis'"],
    [['ids', '--near', 'adriatic'], "--near: 'adriatic' is a sea zone"],
    [['ids', '--near'], "option '--near <value>' argument missing"],
    [['ids', '--json=yes'], "option '--json' does not take an argument"],
  ] as const)('his %j is a usage error: one line, exit 1', ([args, message]) => {
    const r = his(...args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr.toLowerCase()).toContain(message.toLowerCase());
  });
});
