// The Ottoman's Landsknechts (#33) at 14 step 1 (RULES.md §5, rulings R9, R32, R36): instead of new mercenaries it
// eliminates 2 mercenaries anywhere on the board. The restrictions as truth tables, the distinct choices, then whole
// battles: the battle's own mercenaries, a side left with no land units, a siege broken elsewhere, the explorer.
import { describe, expect, test } from 'vitest';
import {
  areEliminationsLegal,
  battleCardPlays,
  eliminateMercenaries,
  eliminationChoices,
  hasMercenaryToEliminate,
  type BattleCardArgs,
  type Elimination,
} from '../../src/rules/battle-cards.ts';
import { check, type Restriction } from '../../src/rules/verdict.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { explore } from '../../src/review/explore.ts';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import { world, type ScenarioPatch } from '../helpers/fixtures.ts';
import { accept, dice, finished, piecesAt, playing, refuse } from '../helpers/session.ts';
import { ALLOWS, forbids, truthTable, type Expected, type Refused } from '../helpers/truth-table.ts';

const BATTLE = { space: 'vienna', attacker: 'ottoman' as const };

/**
 * Mercenaries in four places: the Hapsburg defenders of Vienna (2), a Hapsburg garrison besieged in Buda (2), one in
 * Linz, and one of France — the Ottoman's ally — in Paris.
 */
const BOARD: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  alliances: [
    ['hapsburg', 'hungary'],
    ['ottoman', 'france'],
  ],
  control: { pressburg: 'ottoman' },
  hands: { ottoman: ['landsknechts'] },
  stacks: [
    { space: 'vienna', power: 'hapsburg', regulars: 1, mercenaries: 2 },
    { space: 'linz', power: 'hapsburg', mercenaries: 1 },
    { space: 'buda', power: 'hapsburg', mercenaries: 2, inside: true },
    { space: 'buda', power: 'ottoman', regulars: 4 },
    { space: 'paris', power: 'france', regulars: 1, mercenaries: 1 },
  ],
  sieges: [{ space: 'buda', by: ['ottoman'] }],
  impulse: { power: 'ottoman', cp: 0 },
};

interface Row {
  readonly title: string;
  readonly patch?: ScenarioPatch;
  readonly power?: BattleCardArgs['power'];
  readonly card?: string;
  readonly eliminations?: readonly Elimination[];
  readonly expect: Expected;
}

function table(r: Restriction<BattleCardArgs>, refusal: Refused, rows: readonly Row[]): void {
  truthTable({
    refusal,
    rows,
    judge: (row) => {
      const w = world(row.patch ?? BOARD);
      const args: BattleCardArgs = {
        power: row.power ?? 'ottoman',
        card: row.card ?? 'landsknechts',
        battle: BATTLE,
        eliminations: row.eliminations,
      };
      return { world: w, verdicts: [check(r, w, args)] };
    },
  });
}

const hapsburg = (space: string, mercenaries: number, inside?: boolean): Elimination => ({
  space,
  power: 'hapsburg',
  mercenaries,
  ...(inside ? { inside } : {}),
});

/** The board with only the mercenaries given (the Hapsburg defenders of Vienna keep their regular). */
const onlyMercenaries = (...stacks: NonNullable<ScenarioPatch['stacks']>): ScenarioPatch => ({
  ...BOARD,
  alliances: [['hapsburg', 'hungary']],
  stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 1 }, ...stacks],
  sieges: [],
});

describe('14 step 1: the Ottoman’s Landsknechts (ruling R32)', () => {
  table(hasMercenaryToEliminate, { code: 'hasMercenaryToEliminate', rule: '14 step 1', ruling: 'R32' }, [
    {
      title: '[14 step 1, ruling R32] allows the Ottoman’s Landsknechts with mercenaries on the board',
      eliminations: [hapsburg('vienna', 2)],
      expect: ALLOWS,
    },
    {
      title: '[14 step 1, ruling R32] allows it with a single mercenary anywhere (it eliminates that one)',
      patch: onlyMercenaries({ space: 'linz', power: 'hapsburg', mercenaries: 1 }),
      eliminations: [hapsburg('linz', 1)],
      expect: ALLOWS,
    },
    {
      title: '[14 step 1, ruling R32] forbids it when no mercenary stands anywhere on the board',
      patch: onlyMercenaries(),
      expect: forbids(['eliminates 2 mercenaries anywhere', 'none on the board'], ['нет ни одного наёмника']),
    },
    {
      title: '[14 step 1, ruling R32] allows the Hapsburg’s Landsknechts whatever the board holds (it places)',
      patch: { ...onlyMercenaries(), hands: { hapsburg: ['landsknechts'] } },
      power: 'hapsburg',
      expect: ALLOWS,
    },
  ]);

  table(areEliminationsLegal, { code: 'areEliminationsLegal', rule: '14 step 1', ruling: 'R32' }, [
    {
      title: '[14 step 1, ruling R32] allows 2 of the battle’s own mercenaries, in Vienna',
      eliminations: [hapsburg('vienna', 2)],
      expect: ALLOWS,
    },
    {
      title: '[14 step 1, ruling R32] allows 1 in Vienna and 1 in Linz, far from the battle: anywhere',
      eliminations: [hapsburg('vienna', 1), hapsburg('linz', 1)],
      expect: ALLOWS,
    },
    {
      title: '[14 step 1, ruling R32] allows the 2 besieged inside Buda (under siege too)',
      eliminations: [hapsburg('buda', 2, true)],
      expect: ALLOWS,
    },
    {
      title: '[14 step 1, ruling R32] allows the mercenary of France, the Ottoman’s ally (any power’s)',
      eliminations: [hapsburg('linz', 1), { space: 'paris', power: 'france', mercenaries: 1 }],
      expect: ALLOWS,
    },
    {
      title: '[14 step 1, ruling R32] forbids naming only 1 when the board holds more',
      eliminations: [hapsburg('vienna', 1)],
      expect: forbids(['exactly 2 mercenaries', 'eliminates 2'], ['«Ландскнехты» Османов уничтожают 2']),
    },
    {
      title: '[14 step 1, ruling R32] forbids naming none',
      eliminations: [],
      expect: forbids(['exactly 2 mercenaries'], ['ровно столько наёмников']),
    },
    {
      title: '[14 step 1, ruling R32] forbids 2 in Linz, which holds 1',
      eliminations: [hapsburg('linz', 2)],
      expect: forbids(
        ['There is 1 Hapsburg mercenary in Linz, not 2', 'Vienna'],
        ['Наёмников Габсбургов в Линце: 1, а не 2'],
      ),
    },
    {
      title: '[14 step 1, ruling R32] forbids Linz twice, which holds 1',
      eliminations: [hapsburg('linz', 1), hapsburg('linz', 1)],
      expect: forbids(['in Linz, not 2'], ['а не 2']),
    },
    {
      title: '[14 step 1, ruling R32] forbids the Buda garrison named as outside the fortifications',
      eliminations: [hapsburg('buda', 2)],
      expect: forbids(['There are 0 Hapsburg mercenaries in Buda, not 2'], ['Наёмников Габсбургов в Буде: 0']),
    },
    {
      title: '[14 step 1, ruling R32] allows the only mercenary when the board holds one',
      patch: onlyMercenaries({ space: 'linz', power: 'hapsburg', mercenaries: 1 }),
      eliminations: [hapsburg('linz', 1)],
      expect: ALLOWS,
    },
    {
      title: '[14 step 1, ruling R32] forbids 2 when the board holds one',
      patch: onlyMercenaries({ space: 'linz', power: 'hapsburg', mercenaries: 1 }),
      eliminations: [hapsburg('linz', 2)],
      expect: forbids(['exactly 1 mercenary'], ['(1)']),
    },
    {
      title: '[14 step 1, ruling R32] forbids eliminations with any other play (the Hapsburg’s Landsknechts places)',
      patch: { ...BOARD, hands: { hapsburg: ['landsknechts'] } },
      power: 'hapsburg',
      eliminations: [hapsburg('linz', 1)],
      expect: forbids(["Only the Ottoman's Landsknechts"], ['только «Ландскнехты», сыгранные Османами']),
    },
  ]);

  test('[14 step 1, ruling R32] every distinct choice once: 2 of one place, or 1 of each of two places', () => {
    const w = world(BOARD);
    const key = (c: readonly Elimination[]) =>
      c.map((e) => `${e.mercenaries} ${e.power} ${e.space}${e.inside ? ' inside' : ''}`).join(' + ');
    expect([...eliminationChoices(w, BATTLE)].map(key)).toEqual([
      '2 hapsburg vienna',
      '1 hapsburg vienna + 1 hapsburg buda inside',
      '1 hapsburg vienna + 1 hapsburg linz',
      '1 hapsburg vienna + 1 france paris',
      '2 hapsburg buda inside',
      '1 hapsburg buda inside + 1 hapsburg linz',
      '1 hapsburg buda inside + 1 france paris',
      '1 hapsburg linz + 1 france paris',
    ]);
    // Each listed choice passes the restrictions it is checked with.
    for (const c of eliminationChoices(w, BATTLE))
      expect(
        check(areEliminationsLegal, w, { power: 'ottoman', card: 'landsknechts', battle: BATTLE, eliminations: c }),
      ).toEqual({ ok: true });
    const one = world(onlyMercenaries({ space: 'linz', power: 'hapsburg', mercenaries: 3 }));
    expect([...eliminationChoices(one, BATTLE)].map(key)).toEqual(['2 hapsburg linz']);
  });

  test('[14 step 1, ruling R32] the plays list the choices; with none on the board the card is refused', () => {
    expect(battleCardPlays(world(BOARD), 'ottoman', BATTLE).plays).toHaveLength(8);
    const none = battleCardPlays(world(onlyMercenaries()), 'ottoman', BATTLE);
    expect(none.plays).toEqual([]);
    expect(none.refused).toEqual([
      { card: 'landsknechts', refusal: expect.objectContaining({ code: 'hasMercenaryToEliminate', ruling: 'R32' }) },
    ]);
  });

  test('[14 step 1, ruling R32] within one place the mercenaries of a marked stack go first; a leader left alone stays', () => {
    const w = world({
      ...onlyMercenaries(
        { space: 'linz', power: 'hapsburg', mercenaries: 1 },
        { space: 'linz', power: 'hapsburg', mercenaries: 1, leaders: ['ferdinand'], lostBattle: true },
      ),
    });
    const after = eliminateMercenaries(w.position, [hapsburg('linz', 1)]);
    const linz = after.stacks.filter((s) => s.space === 'linz');
    expect(linz.map((s) => [s.mercenaries, s.leaders, s.lostBattle])).toEqual([
      [1, [], false],
      [0, ['ferdinand'], true],
    ]);
  });
});

/** The Ottoman attacks Vienna (1 regular and 2 mercenaries there; 1 mercenary in Linz) holding Landsknechts. */
const ATTACK: ScenarioInput = {
  war: [['ottoman', 'hapsburg']],
  control: { pressburg: 'ottoman' },
  hands: { ottoman: ['landsknechts'] },
  stacks: [
    { space: 'pressburg', power: 'ottoman', regulars: 4, leaders: ['ibrahim-pasha'] },
    { space: 'vienna', power: 'hapsburg', regulars: 1, mercenaries: 2 },
    { space: 'linz', power: 'hapsburg', mercenaries: 1 },
  ],
  impulse: { power: 'ottoman', cp: 1 },
  move: { from: 'pressburg', to: 'vienna', regulars: 4, leaders: ['ibrahim-pasha'] },
};
const TO_THE_BATTLE = [
  { type: 'intercept.decline', power: 'hapsburg' },
  { type: 'avoid.decline', power: 'hapsburg' },
  { type: 'withdraw.decline', power: 'hapsburg' },
] as const;
const play = (...eliminations: Elimination[]) => ({
  type: 'card.play',
  power: 'ottoman',
  card: 'landsknechts',
  eliminations,
});

describe('14 step 1 in a session: the Ottoman’s Landsknechts (ruling R32)', () => {
  test('[14 step 1, ruling R32] the decision lists each choice and a pass; the battle’s own 2 mercenaries gone, the defender rolls 2 dice', () => {
    const s = playing(ATTACK, TO_THE_BATTLE);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'ottoman', rule: '14 step 1', ruling: 'R32' });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      play(hapsburg('vienna', 2)),
      play(hapsburg('vienna', 1), hapsburg('linz', 1)),
      { type: 'card.pass', power: 'ottoman' },
    ]);
    expect(s.pending!.options[1]!.label.en).toBe(
      'Play Landsknechts (#33): eliminate 1 Hapsburg mercenary in Vienna and 1 Hapsburg mercenary in Linz',
    );
    expect(s.pending!.options[1]!.label.ru).toBe(
      'Сыграть «Ландскнехты» (№33) — уничтожение наёмников: 1 наёмник Габсбургов в Вене и 1 наёмник Габсбургов в Линце',
    );
    expect(s.pending!.limits).toMatchObject({
      eliminate: 2,
      targets: [
        { space: 'vienna', power: 'hapsburg', inside: false, mercenaries: 2 },
        { space: 'linz', power: 'hapsburg', inside: false, mercenaries: 1 },
      ],
    });
    expect(s.pending!.prompt.en).toContain('Landsknechts eliminates 2 mercenaries anywhere on the board');
    // Refused, citing ruling R32: 2 in Linz (it holds 1), a single one, and placements instead.
    refuse(s, play(hapsburg('linz', 2)), { code: 'illegal', restriction: 'areEliminationsLegal', ruling: 'R32' });
    refuse(s, play(hapsburg('vienna', 1)), { code: 'illegal', restriction: 'areEliminationsLegal', ruling: 'R32' });
    refuse(
      s,
      { type: 'card.play', power: 'ottoman', card: 'landsknechts', placements: [{ space: 'vienna', mercenaries: 2 }] },
      { code: 'illegal', restriction: 'arePlacementsLegal', ruling: 'R32' },
    );
    accept(s, play(hapsburg('vienna', 2)));
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { battle: { defender: { dice: 2, landUnits: 1 } } } });
    accept(s, dice(6, 6, 1, 1, 1));
    accept(s, dice(1, 1));
    const end = finished(s);
    expect(end.hands).toEqual({ ottoman: [] });
    expect(s.result!.summary.cards).toEqual([
      {
        power: 'ottoman',
        card: 'landsknechts',
        number: 33,
        window: '14 step 1',
        ruling: 'R32',
        eliminated: [{ space: 'vienna', power: 'hapsburg', mercenaries: 2, inside: false }],
      },
    ]);
    expect(s.result!.summary.battle).toMatchObject({ winner: 'attacker', defender: { units: { mercenaries: 0 } } });
    expect(piecesAt(end, 'linz', 'hapsburg').mercenaries).toBe(1);
    const story = s.trace.filter((t) => t.headline).map((t) => t.note);
    expect(story.map((n) => n.en)).toContainEqual(
      'Ottoman plays Landsknechts (#33): 2 Hapsburg mercenaries in Vienna eliminated (14 step 1, ruling R32).',
    );
    expect(story.map((n) => n.ru)).toContainEqual(
      expect.stringMatching(
        /^Османы разыгрывают карту «Ландскнехты» \(№33\): уничтожены наёмники — 2 наёмника Габсбургов в Вене/,
      ),
    );
  });

  test('[14 step 1, ruling R32] a defending side left with no land units fights no battle: no dice, its leader captured, a siege', () => {
    const alone: ScenarioInput = {
      ...ATTACK,
      stacks: [ATTACK.stacks![0]!, { space: 'vienna', power: 'hapsburg', mercenaries: 2, leaders: ['ferdinand'] }],
    };
    const s = playing(alone, [...TO_THE_BATTLE.slice(1), play(hapsburg('vienna', 2))]);
    // No roll was asked: the battle is over.
    const end = finished(s);
    expect(s.trace.some((t) => t.machine === 'fieldBattle' && t.state === 'rollingAttackerDice')).toBe(false);
    expect(s.trace.some((t) => t.machine === 'fieldBattle' && t.state === 'unfought')).toBe(true);
    expect(s.result!.summary.battle).toMatchObject({
      winner: 'attacker',
      winnerPower: 'ottoman',
      unfought: 'defender',
      attacker: { dice: { total: 0 }, rolled: [], hits: 0 },
      defender: { dice: { total: 0 }, rolled: [], hits: 0, units: { mercenaries: 0, leaders: ['ferdinand'] } },
    });
    expect(end.captured).toEqual([{ leader: 'ferdinand', by: 'ottoman' }]);
    expect(end.sieges).toMatchObject([{ space: 'vienna', by: ['ottoman'] }]);
    const story = s.trace.filter((t) => t.headline).map((t) => t.note);
    expect(story.map((n) => n.en)).toContainEqual(
      expect.stringContaining(
        'No field battle is fought in Vienna: the defending side has no land units left after 14 step 1, and Ottoman wins without a roll (14 step 1, ruling R32).',
      ),
    );
    expect(story.map((n) => n.ru)).toContainEqual(expect.stringContaining('Полевого сражения в Вене не будет'));
  });

  test('[14 step 1, ruling R32] an attacking side left with no land units: the defending Ottoman wins, the attacker’s leader is captured, nothing retreats', () => {
    const s = playing(
      {
        war: [['ottoman', 'hapsburg']],
        control: { belgrade: 'ottoman', szegedin: 'hapsburg' },
        hands: { ottoman: ['landsknechts'] },
        stacks: [
          { space: 'szegedin', power: 'hapsburg', mercenaries: 2, leaders: ['ferdinand'] },
          { space: 'belgrade', power: 'ottoman', regulars: 2 },
        ],
        impulse: { power: 'hapsburg', cp: 1 },
        move: { from: 'szegedin', to: 'belgrade', mercenaries: 2, leaders: ['ferdinand'] },
      },
      [
        { type: 'avoid.decline', power: 'ottoman' },
        { type: 'withdraw.decline', power: 'ottoman' },
        play(hapsburg('belgrade', 2)),
      ],
    );
    const end = finished(s);
    expect(s.result!.summary.battle).toMatchObject({
      winner: 'defender',
      winnerPower: 'ottoman',
      unfought: 'attacker',
    });
    expect(end.captured).toEqual([{ leader: 'ferdinand', by: 'ottoman' }]);
    expect(s.result!.summary.retreats).toEqual([]);
    expect(piecesAt(end, 'belgrade', 'ottoman').regulars).toBe(2);
  });

  test('[15.3, ruling R32] mercenaries eliminated from a besieging stack elsewhere break that siege at once: the besiegers retreat before the battle', () => {
    const s = playing(
      {
        ...ATTACK,
        control: { pressburg: 'ottoman', belgrade: 'ottoman', szegedin: 'hapsburg' },
        stacks: [
          ...ATTACK.stacks!,
          { space: 'belgrade', power: 'ottoman', regulars: 1, inside: true },
          { space: 'belgrade', power: 'hapsburg', regulars: 1, mercenaries: 1 },
        ],
        sieges: [{ space: 'belgrade', by: ['hapsburg'] }],
      },
      [...TO_THE_BATTLE, play(hapsburg('vienna', 1), hapsburg('belgrade', 1))],
    );
    expect(s.trace.some((t) => t.machine === 'fieldBattle' && t.state === 'breakingCardSieges')).toBe(true);
    expect(s.summary.siegesEnded).toEqual([{ space: 'belgrade', by: ['hapsburg'], rule: '15.3' }]);
    // The battle follows with what is left in Vienna: 1 regular and 1 mercenary, + 1 for the defender.
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { battle: { defender: { dice: 3, landUnits: 2 } } } });
  });

  test('[14 step 1, rulings R9, R32] with no mercenary anywhere the Ottoman is not asked; the refusal is on the record', () => {
    const s = playing(
      { ...ATTACK, stacks: [ATTACK.stacks![0]!, { space: 'vienna', power: 'hapsburg', regulars: 2 }] },
      [...TO_THE_BATTLE.slice(1)],
    );
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'attacker' } });
    expect(s.summary.skipped.filter((k) => k.kind === 'card')).toEqual([
      expect.objectContaining({
        power: 'ottoman',
        rule: '14 step 1',
        refused: [expect.objectContaining({ code: 'hasMercenaryToEliminate', ruling: 'R32' })],
      }),
    ]);
  });

  test('[14 step 1, rulings R32, R36] explore --answers all tries every choice and the pass; the decline policy passes', () => {
    const scenario = parseScenario(ATTACK);
    const all = explore(scenario, {
      answers: 'all',
      events: TO_THE_BATTLE,
      queries: [
        (o) => o.summary.cards.some((c) => c.eliminated?.length === 2),
        (o) => o.summary.cards.some((c) => c.eliminated?.length === 1),
        (o) => o.summary.cards.length === 0,
      ],
    });
    expect(all.answerCounts.card).toEqual({ decisions: 1, answers: 3, incomplete: 0 });
    expect(all.queryResults?.map((q) => q.ends > 0)).toEqual([true, true, true]);
    expect(all.invariants.filter((i) => i.violations > 0)).toEqual([]);
    const declined = explore(scenario, { decisions: 'decline', events: TO_THE_BATTLE });
    expect(declined.outcomes.every((o) => o.position.hands?.ottoman?.includes('landsknechts'))).toBe(true);
  });
});
