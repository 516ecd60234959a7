// The Russian case forms of the bundled board's spaces and army leaders (src/data/names-ru.json: spaceCases,
// leaderCases), and the helpers that print them (src/text/names.ts), with their fall-back to the nominative.
import { describe, expect, test } from 'vitest';
import { hisBoard, inlineBoard } from '../../src/data/board.ts';
import { HIS_ARMY_LEADER_IDS, HIS_SPACE_IDS } from '../../src/data/his-ids.ts';
import { hisLeaderTable } from '../../src/data/leaders.ts';
import namesRu from '../../src/data/names-ru.json' with { type: 'json' };
import {
  inSpace,
  intoSpace,
  leaderAcc,
  leaderGen,
  leaderName,
  leaderWith,
  outOfSpace,
  powerAcc,
  powerDat,
  powerGen,
  powerName,
  powerWith,
  ruAgree,
  ruCount,
  ruLandUnits,
  ruList,
  spaceFrom,
  spaceIn,
  spaceName,
  spaceTo,
  unitsText,
} from '../../src/text/names.ts';
import { POWERS } from '../../src/schema/power.ts';

type Forms = Readonly<Record<string, string | undefined>>;
const spaceCases: Readonly<Record<string, Forms>> = namesRu.spaceCases;
const leaderCases: Readonly<Record<string, Forms>> = namesRu.leaderCases;
const spaces: Readonly<Record<string, string>> = namesRu.spaces;
const leaders: Readonly<Record<string, string>> = namesRu.leaders;

// Cyrillic letters, and no Latin letters except a ruler's Roman numeral (Карла V, Генрихом VIII).
const isRussian = (name: string | undefined) =>
  name !== undefined && /[а-яё]/i.test(name) && !/[a-z]/i.test(name.replace(/\b[IVX]+\b/g, ''));

const his = { board: hisBoard(), leaders: hisLeaderTable() };

describe('Russian case forms (names-ru.json)', () => {
  test('every land space, and only those, has its genitive, accusative and prepositional in Cyrillic', () => {
    expect(Object.keys(spaceCases).sort()).toEqual([...HIS_SPACE_IDS].sort());
    const bad = HIS_SPACE_IDS.flatMap((id) =>
      (['gen', 'acc', 'prep'] as const).filter((c) => !isRussian(spaceCases[id]?.[c])).map((c) => `${id}.${c}`),
    );
    expect(bad).toEqual([]);
    for (const id of HIS_SPACE_IDS)
      expect(Object.keys(spaceCases[id] ?? {}).sort(), id).toEqual(['acc', 'gen', 'prep']);
  });

  test('every army leader, and only those, has his genitive, accusative and instrumental in Cyrillic', () => {
    expect(Object.keys(leaderCases).sort()).toEqual([...HIS_ARMY_LEADER_IDS].sort());
    const bad = HIS_ARMY_LEADER_IDS.flatMap((id) =>
      (['gen', 'acc', 'ins'] as const).filter((c) => !isRussian(leaderCases[id]?.[c])).map((c) => `${id}.${c}`),
    );
    expect(bad).toEqual([]);
    for (const id of HIS_ARMY_LEADER_IDS)
      expect(Object.keys(leaderCases[id] ?? {}).sort(), id).toEqual(['acc', 'gen', 'ins']);
  });

  test("the nominatives are unchanged (the seed texts' spellings)", () => {
    expect(spaces).toMatchObject({
      pressburg: 'Пресбург',
      brunn: 'Брюнн',
      linz: 'Линц',
      graz: 'Грац',
      vienna: 'Вена',
      buda: 'Буда',
    });
    expect(leaders).toMatchObject({
      suleiman: 'Сулейман',
      'ibrahim-pasha': 'Ибрагим-паша',
      'charles-v': 'Карл V',
      ferdinand: 'Фердинанд',
    });
  });

  test('the spaces around Vienna', () => {
    expect(spaceCases.vienna).toEqual({ gen: 'Вены', acc: 'Вену', prep: 'Вене' });
    expect(spaceCases.pressburg).toEqual({ gen: 'Пресбурга', acc: 'Пресбург', prep: 'Пресбурге' });
    expect(spaceCases.graz).toEqual({ gen: 'Граца', acc: 'Грац', prep: 'Граце' });
    expect(spaceCases.buda).toEqual({ gen: 'Буды', acc: 'Буду', prep: 'Буде' });
    expect(spaceCases.brunn).toEqual({ gen: 'Брюнна', acc: 'Брюнн', prep: 'Брюнне' });
    expect(spaceCases.linz).toEqual({ gen: 'Линца', acc: 'Линц', prep: 'Линце' });
  });

  test('other declensions: feminine in -ия and -ь, plurals, islands', () => {
    expect(spaceCases.venice).toEqual({ gen: 'Венеции', acc: 'Венецию', prep: 'Венеции' });
    expect(spaceCases.boulogne).toEqual({ gen: 'Булони', acc: 'Булонь', prep: 'Булони' });
    expect(spaceCases.naples).toEqual({ gen: 'Неаполя', acc: 'Неаполь', prep: 'Неаполе' });
    expect(spaceCases.athens).toEqual({ gen: 'Афин', acc: 'Афины', prep: 'Афинах' });
    expect(spaceCases.prague).toEqual({ gen: 'Праги', acc: 'Прагу', prep: 'Праге' });
    expect(spaceCases.malta).toEqual({ gen: 'Мальты', acc: 'Мальту', prep: 'Мальте' });
    expect(spaceCases.toulouse).toEqual({ gen: 'Тулузы', acc: 'Тулузу', prep: 'Тулузе' });
    expect(spaceCases.turin).toEqual({ gen: 'Турина', acc: 'Турин', prep: 'Турине' });
  });

  test('indeclinable names repeat the nominative in every case', () => {
    for (const id of ['calais', 'corfu', 'bordeaux', 'stdizier', 'palermo', 'tripoli', 'breslau']) {
      const nom = spaces[id];
      expect(spaceCases[id], id).toEqual({ gen: nom, acc: nom, prep: nom });
    }
    for (const id of ['montmorency', 'dudley']) {
      const nom = leaders[id];
      expect(leaderCases[id], id).toEqual({ gen: nom, acc: nom, ins: nom });
    }
  });

  test('the leaders', () => {
    expect(leaderCases.suleiman).toEqual({ gen: 'Сулеймана', acc: 'Сулеймана', ins: 'Сулейманом' });
    expect(leaderCases['charles-v']).toEqual({ gen: 'Карла V', acc: 'Карла V', ins: 'Карлом V' });
    expect(leaderCases['ibrahim-pasha']).toEqual({
      gen: 'Ибрагима-паши',
      acc: 'Ибрагима-пашу',
      ins: 'Ибрагимом-пашой',
    });
    expect(leaderCases.ferdinand).toEqual({ gen: 'Фердинанда', acc: 'Фердинанда', ins: 'Фердинандом' });
    expect(leaderCases['duke-of-alva']).toEqual({ gen: 'герцога Альбы', acc: 'герцога Альбу', ins: 'герцогом Альбой' });
  });
});

describe('case helpers (src/text/names.ts)', () => {
  test('on the bundled board: English name, Russian case form', () => {
    expect(spaceFrom(his, 'pressburg')).toMatchObject({ en: 'Pressburg', ru: 'Пресбурга' });
    expect(spaceTo(his, 'vienna')).toMatchObject({ en: 'Vienna', ru: 'Вену' });
    expect(spaceIn(his, 'vienna')).toMatchObject({ en: 'Vienna', ru: 'Вене' });
    expect(spaceIn(his, 'malta')).toMatchObject({ en: 'Malta', ru: 'Мальте' });
    expect(leaderAcc(his, 'suleiman')).toMatchObject({ en: 'Suleiman', ru: 'Сулеймана' });
    expect(leaderGen(his, 'ibrahim-pasha')).toMatchObject({ en: 'Ibrahim Pasha', ru: 'Ибрагима-паши' });
    expect(leaderAcc(his, 'ibrahim-pasha')).toMatchObject({ en: 'Ibrahim Pasha', ru: 'Ибрагима-пашу' });
    expect(leaderWith(his, 'charles-v')).toMatchObject({ en: 'Charles V', ru: 'Карлом V' });
  });

  test('every bundled space and leader: the helpers agree with the data and keep the English name', () => {
    for (const id of HIS_SPACE_IDS) {
      const en = spaceName(his, id).en;
      expect(spaceFrom(his, id), id).toMatchObject({ en, ru: spaceCases[id]?.gen });
      expect(spaceTo(his, id), id).toMatchObject({ en, ru: spaceCases[id]?.acc });
      expect(spaceIn(his, id), id).toMatchObject({ en, ru: spaceCases[id]?.prep });
    }
    for (const id of HIS_ARMY_LEADER_IDS) {
      const en = leaderName(his, id).en;
      expect(leaderGen(his, id), id).toMatchObject({ en, ru: leaderCases[id]?.gen });
      expect(leaderAcc(his, id), id).toMatchObject({ en, ru: leaderCases[id]?.acc });
      expect(leaderWith(his, id), id).toMatchObject({ en, ru: leaderCases[id]?.ins });
    }
  });

  test('an unknown id falls back to the nominative fall-back (the id itself)', () => {
    expect(spaceIn(his, 'atlantis')).toEqual(spaceName(his, 'atlantis'));
    expect(leaderWith(his, 'nobody')).toEqual(leaderName(his, 'nobody'));
  });

  test('on an inline board the space helpers give the nominative; leaders, the bundled ones on any map, still decline', () => {
    // An inline map that reuses bundled ids: its names are the scenario's, so no Russian case form applies.
    const board = inlineBoard({
      spaces: [
        { id: 'vienna', name: 'Wien', type: 'capital', home: 'hapsburg' },
        { id: 'pressburg', type: 'unfortified', home: 'hungary' },
        { id: 'a', name: 'Alpha', type: 'key', home: 'ottoman' },
      ],
      connections: [
        { a: 'vienna', b: 'pressburg', kind: 'clear' },
        { a: 'pressburg', b: 'a', kind: 'clear' },
      ],
    });
    const inline = { board, leaders: hisLeaderTable() };
    for (const id of ['vienna', 'pressburg', 'a']) {
      const nom = spaceName(inline, id);
      expect(spaceFrom(inline, id), id).toEqual(nom);
      expect(spaceTo(inline, id), id).toEqual(nom);
      expect(spaceIn(inline, id), id).toEqual(nom);
    }
    expect(spaceIn(inline, 'vienna')).toMatchObject({ en: 'Wien', ru: 'Wien' });
    for (const id of HIS_ARMY_LEADER_IDS) {
      const en = leaderName(inline, id).en;
      expect(leaderGen(inline, id), id).toMatchObject({ en, ru: leaderCases[id]?.gen });
      expect(leaderAcc(inline, id), id).toMatchObject({ en, ru: leaderCases[id]?.acc });
      expect(leaderWith(inline, id), id).toMatchObject({ en, ru: leaderCases[id]?.ins });
    }
    expect(leaderAcc(inline, 'suleiman')).toMatchObject({ en: 'Suleiman', ru: 'Сулеймана' });
  });
});

describe('Russian phrases (src/text/names.ts)', () => {
  test('a space with its preposition: в, во before в/ф and a consonant, на for the islands', () => {
    expect(inSpace(his, 'vienna')).toMatchObject({ en: 'Vienna', ru: 'в Вене' });
    expect(intoSpace(his, 'vienna')).toMatchObject({ en: 'Vienna', ru: 'в Вену' });
    expect(outOfSpace(his, 'pressburg')).toMatchObject({ en: 'Pressburg', ru: 'из Пресбурга' });
    expect(inSpace(his, 'florence').ru).toBe('во Флоренции');
    expect(intoSpace(his, 'florence').ru).toBe('во Флоренцию');
    expect(inSpace(his, 'worms').ru).toBe('в Вормсе');
    expect(inSpace(his, 'malta').ru).toBe('на Мальте');
    expect(intoSpace(his, 'rhodes').ru).toBe('на Родос');
    expect(outOfSpace(his, 'corfu').ru).toBe('с Корфу');
  });

  test('power case forms: the English name, the Russian case', () => {
    expect(powerGen('ottoman')).toMatchObject({ en: 'Ottoman', ru: 'Османов' });
    expect(powerDat('hapsburg')).toMatchObject({ en: 'Hapsburg', ru: 'Габсбургам' });
    expect(powerAcc('france')).toMatchObject({ en: 'France', ru: 'Францию' });
    expect(powerWith('hungary')).toMatchObject({ en: 'Hungary-Bohemia', ru: 'Венгрией-Богемией' });
    expect(powerGen('papacy').ru).toBe('Папства');
    expect(powerGen('independent').ru).toBe('независимых');
    for (const p of POWERS)
      for (const f of [powerGen, powerDat, powerAcc, powerWith]) expect(f(p).en, p).toBe(powerName(p).en);
  });

  test('verbs agree with the power: plural, feminine, neuter', () => {
    expect(ruAgree('ottoman', 'перехватили', 'перехватила', 'перехватило')).toBe('перехватили');
    expect(ruAgree('france', 'перехватили', 'перехватила', 'перехватило')).toBe('перехватила');
    expect(ruAgree('papacy', 'перехватили', 'перехватила', 'перехватило')).toBe('перехватило');
    expect(ruAgree(['france', 'england'], 'воюют', 'воюет')).toBe('воюют');
  });

  test('counts take the right noun form', () => {
    expect([1, 2, 5, 11, 21, 22, 25].map((n) => ruCount(n, 'кубик', 'кубика', 'кубиков'))).toEqual([
      '1 кубик',
      '2 кубика',
      '5 кубиков',
      '11 кубиков',
      '21 кубик',
      '22 кубика',
      '25 кубиков',
    ]);
    expect(ruLandUnits(1)).toBe('1 сухопутная часть');
    expect(ruLandUnits(1, 'acc')).toBe('1 сухопутную часть');
    expect(ruLandUnits(1, 'gen')).toBe('1 сухопутной части');
    expect(ruLandUnits(3, 'gen')).toBe('3 сухопутных частей');
    expect(ruList(['А', 'Б', 'В'])).toBe('А, Б и В');
  });

  test('units: English unchanged, Russian with numerals and «и» before the last', () => {
    const u = unitsText(his, { regulars: 7, cavalry: 1, leaders: ['ibrahim-pasha', 'suleiman'] });
    expect(u).toMatchObject({
      en: '7 regulars, 1 cavalry, Suleiman, Ibrahim Pasha',
      ru: '7 регулярных частей, 1 кавалерийская часть, Сулейман и Ибрагим-паша',
      number: 'other',
      form: 'pl',
    });
    expect(unitsText(his, { regulars: 1, mercenaries: 2 })).toMatchObject({
      en: '1 regular, 2 mercenaries',
      ru: '1 регулярная часть и 2 наёмника',
    });
    expect(unitsText(his, {})).toMatchObject({ en: 'nothing', ru: 'ничего' });
    // One unit or one leader is singular; the accusative is the sentence's («Потерять 1 кавалерийскую часть»).
    expect(unitsText(his, { regulars: 1 })).toMatchObject({ number: 'one', form: 'f' });
    expect(unitsText(his, { leaders: ['ferdinand'] })).toMatchObject({ en: 'Ferdinand', number: 'one', form: 'm' });
    expect(unitsText(his, { cavalry: 1, regulars: 2 }, 'acc').ru).toBe('2 регулярные части и 1 кавалерийскую часть');
  });
});
