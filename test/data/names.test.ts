// The names a host shows beside an id (src/data/names.ts, exported from `his-procedures/data` and the package root),
// against the bundled board, the leader table and the Russian names file.
import { describe, expect, test } from 'vitest';
import { hisBoard } from '../../src/data/board.ts';
import { HIS_ARMY_LEADER_IDS, HIS_SPACE_IDS } from '../../src/data/his-ids.ts';
import { hisNames } from '../../src/data/index.ts';
import namesRu from '../../src/data/names-ru.json' with { type: 'json' };
import { leaderName, powerName, spaceName } from '../../src/index.ts';
import { POWERS } from '../../src/schema/power.ts';
import { scenario, VIENNA } from '../helpers/fixtures.ts';

describe('hisNames: every id of the bundled data with its English and Russian name', () => {
  test('every land space, every army leader and every power has both names, the Russian one from names-ru.json', () => {
    const n = hisNames();
    expect(Object.keys(n.spaces).sort()).toEqual([...HIS_SPACE_IDS].sort());
    expect(Object.keys(n.leaders).sort()).toEqual([...HIS_ARMY_LEADER_IDS].sort());
    expect(Object.keys(n.powers).sort()).toEqual([...POWERS].sort());
    for (const [id, t] of Object.entries(n.spaces)) {
      expect(t.en, id).toBe(hisBoard().spaces.get(id)!.name);
      expect(t.ru, id).toBe((namesRu.spaces as Record<string, string>)[id] ?? t.en);
    }
    expect(n.spaces['vienna']).toMatchObject({ en: 'Vienna', ru: 'Вена' });
    expect(n.leaders['suleiman']).toMatchObject({ en: 'Suleiman', ru: 'Сулейман' });
    expect(n.powers.hapsburg).toMatchObject({ en: 'Hapsburg', ru: 'Габсбурги' });
  });

  test('is frozen: a host cannot change the names the engine prints', () => {
    const n = hisNames();
    expect(Object.isFrozen(n) && Object.isFrozen(n.spaces) && Object.isFrozen(n.spaces['vienna'])).toBe(true);
    expect(() => {
      (n.spaces as Record<string, unknown>)['vienna'] = { en: 'x', ru: 'x' };
    }).toThrow(TypeError);
  });

  test("the package root names ids on a scenario's own board and leaders, as the decisions print them", () => {
    const sc = scenario(VIENNA);
    expect(spaceName(sc.world, 'pressburg')).toMatchObject({ en: 'Pressburg', ru: 'Пресбург' });
    expect(leaderName(sc.world, 'charles-v').ru).toBe('Карл V');
    expect(powerName('ottoman')).toMatchObject({ en: 'Ottoman', ru: 'Османы' });
  });

  test('powerName takes a plain string: an id that is not a power has no name (not even one of Object.prototype)', () => {
    const fromJson: string = JSON.parse('"hungary"');
    expect(powerName(fromJson)).toMatchObject({ en: 'Hungary-Bohemia', ru: 'Венгрия-Богемия' });
    for (const id of ['ruritania', 'constructor', 'toString', '__proto__', 'Ottoman', ''])
      expect(powerName(id), id).toBeUndefined();
  });
});
