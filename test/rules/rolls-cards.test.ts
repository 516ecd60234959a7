// Janissaries (#1, the Ottoman home card) at 14 step 7 (RULES.md §5, rulings R7, R9, R31, R36): the restrictions on
// a play as truth tables, then whole battles with the card played after both rolls, its 5 dice rolled then.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { explore } from '../../src/review/explore.ts';
import { declinePolicy } from '../../src/engine/resolve.ts';
import { rollOutcomes } from '../../src/review/outcomes.ts';
import { replayModel } from '../../src/viz/walkthrough/model.ts';
import { format } from '../../src/review/fraction.ts';
import {
  checkRollsCard,
  hasOwnLandUnitsInBattle,
  isCardOfRollsWindow,
  isHomeCardUnusedThisTurn,
  ottomanSide,
  type RollsCardArgs,
} from '../../src/rules/rolls-cards.ts';
import { check, type Restriction } from '../../src/rules/verdict.ts';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import type { Decision } from '../../src/schema/decision.ts';
import type { World } from '../../src/rules/world.ts';
import { issuesOf, world, type ScenarioPatch } from '../helpers/fixtures.ts';
import { accept, dice, finished, playing, refuse } from '../helpers/session.ts';
import type { Session } from '../../src/engine/session.ts';
import { ALLOWS, forbids, truthTable, type Expected, type Refused } from '../helpers/truth-table.ts';

const EXAMPLE = JSON.parse(
  readFileSync(new URL('../../examples/vienna-1517.json', import.meta.url), 'utf8'),
) as ScenarioInput;
const [INTERCEPT, ROLL, ATTACKER_DICE, DEFENDER_DICE] = EXAMPLE.events ?? [];

/** The battle of the rulebook's example (RULES.md §6): the Ottoman attacks Vienna, where Charles V intercepted. */
const BATTLE = { space: 'vienna', attacker: 'ottoman' as const };
/**
 * Charles V's 8 regulars beside Ferdinand's 2 in Vienna; the Ottoman army in Pressburg, placed in Vienna by
 * `battling` as 13.1 step 8 places a formation (a scenario cannot hold two enemies face to face, 2.1).
 */
const AT_VIENNA: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  alliances: [['hapsburg', 'hungary']],
  control: { pressburg: 'ottoman' },
  stacks: [
    { space: 'vienna', power: 'hapsburg', regulars: 10, leaders: ['charles-v', 'ferdinand'] },
    { space: 'pressburg', power: 'ottoman', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
  ],
  impulse: { power: 'ottoman', cp: 0 },
};
/** The same battle fought by France instead of the Ottoman: no Ottoman land units in it (ruling R31). */
const FRENCH_AT_VIENNA: ScenarioPatch = {
  war: [['france', 'hapsburg']],
  control: { pressburg: 'france' },
  stacks: [
    { space: 'vienna', power: 'hapsburg', regulars: 10, leaders: ['charles-v'] },
    { space: 'pressburg', power: 'france', regulars: 7 },
  ],
  impulse: { power: 'france', cp: 0 },
};

/** The world of `patch` with the stacks of Pressburg placed in Vienna: the battle about to be fought there. */
function battling(patch: ScenarioPatch): World {
  const w = world(patch);
  const stacks = w.position.stacks.map((s) => (s.space === 'pressburg' ? { ...s, space: 'vienna' } : s));
  return { ...w, position: { ...w.position, stacks } };
}
const FRENCH_BATTLE = { space: 'vienna', attacker: 'france' as const };

/** Answers what is left with each decision's first listed answer, rolling the seeded dice. */
function answerFirst(s: Session): void {
  for (let i = 0; i < 100; i++) {
    const p: Decision | null = s.pending;
    if (!p) return;
    accept(s, (p.kind === 'roll' ? { type: 'dice.rolled' } : p.options[0]!.event) as never);
  }
}

interface Row {
  readonly title: string;
  readonly patch?: ScenarioPatch;
  readonly battle?: RollsCardArgs['battle'];
  readonly power?: RollsCardArgs['power'];
  readonly card?: string;
  readonly expect: Expected;
}

function table(r: Restriction<RollsCardArgs>, refusal: Refused, rows: readonly Row[]): void {
  truthTable({
    refusal,
    rows,
    judge: (row) => {
      const w = battling(row.patch ?? { ...AT_VIENNA, hands: { ottoman: ['janissaries'] } });
      const args: RollsCardArgs = {
        power: row.power ?? 'ottoman',
        card: row.card ?? 'janissaries',
        battle: row.battle ?? BATTLE,
      };
      return { world: w, verdicts: [check(r, w, args)] };
    },
  });
}

describe('14 step 7 restrictions (ruling R31)', () => {
  table(isCardOfRollsWindow, { code: 'isCardOfRollsWindow', rule: '14 step 7' }, [
    { title: '[14 step 7] allows Janissaries after both rolls (FB-11)', expect: ALLOWS },
    {
      title: '[14 step 7] forbids Landsknechts after both rolls: its window is 14 step 1 (FB-11)',
      card: 'landsknechts',
      expect: forbids(['Landsknechts (#33)', '14 step 7'], ['«Ландскнехты» (№33)', '14, шаг 7']),
    },
  ]);
  table(isHomeCardUnusedThisTurn, { code: 'isHomeCardUnusedThisTurn', rule: '14 step 7', ruling: 'R31' }, [
    { title: '[14 step 7, ruling R31] allows Janissaries not yet used this turn (FB-11)', expect: ALLOWS },
    {
      title: '[14 step 7, ruling R31] forbids Janissaries already used this turn (6.1, FB-11)',
      patch: { ...AT_VIENNA, homeCardsUsed: { ottoman: ['janissaries'] } },
      expect: forbids(
        ['Ottoman has already used Janissaries (#1) this turn', 'ruling R31'],
        ['Османы уже использовали карту «Янычары» (№1) в этот ход', 'постановление R31'],
      ),
    },
  ]);
  table(hasOwnLandUnitsInBattle, { code: 'hasOwnLandUnitsInBattle', rule: '14 step 7', ruling: 'R31' }, [
    { title: '[14 step 7, ruling R31] allows the attacking Ottoman (FB-11)', expect: ALLOWS },
    {
      title: '[14 step 7, ruling R31] allows the defending Ottoman: either side (FB-11)',
      patch: {
        war: [['ottoman', 'hapsburg']],
        control: { pressburg: 'hapsburg' },
        stacks: [
          { space: 'vienna', power: 'ottoman', regulars: 3 },
          { space: 'pressburg', power: 'hapsburg', regulars: 4 },
        ],
        sieges: [{ space: 'vienna', by: ['ottoman'] }],
        impulse: { power: 'hapsburg', cp: 0 },
        hands: { ottoman: ['janissaries'] },
      },
      battle: { space: 'vienna', attacker: 'hapsburg' },
      expect: ALLOWS,
    },
    {
      title: '[14 step 7, ruling R31] forbids Janissaries in a battle without Ottoman land units (FB-11)',
      patch: { ...FRENCH_AT_VIENNA, hands: { ottoman: ['janissaries'] } },
      battle: FRENCH_BATTLE,
      expect: forbids(
        ['Ottoman has no land units in the battle in Vienna', 'ruling R31'],
        ['У Османов нет сухопутных частей в сражении в Вене', 'постановление R31'],
      ),
    },
  ]);

  test('[14 step 7, ruling R31] a play checks the card, the turn, the hand and the battle in that order', () => {
    const play = (patch: ScenarioPatch, card = 'janissaries', power: RollsCardArgs['power'] = 'ottoman') =>
      checkRollsCard(battling(patch), { power, card, battle: BATTLE });
    expect(play({ ...AT_VIENNA, hands: { ottoman: ['janissaries'] } })).toEqual({ ok: true });
    expect(play(AT_VIENNA, 'professional-rowers')).toMatchObject({ code: 'isCardOfProcedures' });
    expect(play(AT_VIENNA, 'surprise-attack')).toMatchObject({ code: 'isCardOfRollsWindow' });
    expect(play(AT_VIENNA, 'landsknechts')).toMatchObject({ code: 'isCardOfRollsWindow' });
    // A used home card is out of the hand: the refusal says it was used, not merely that it is not held.
    expect(play({ ...AT_VIENNA, homeCardsUsed: { ottoman: ['janissaries'] } })).toMatchObject({
      code: 'isHomeCardUnusedThisTurn',
    });
    expect(play(AT_VIENNA)).toMatchObject({ code: 'isCardInHand' });
  });

  test('[14 step 7, ruling R31] the Ottoman side is the one with Ottoman land units, attacking or defending', () => {
    expect(ottomanSide(battling(AT_VIENNA), BATTLE)).toBe('attacker');
    expect(ottomanSide(battling(FRENCH_AT_VIENNA), FRENCH_BATTLE)).toBeUndefined();
  });
});

describe('6.1, ruling R31: a home card used this turn in a scenario', () => {
  test('[6.1, ruling R31] homeCardsUsed lists the Ottoman’s used Janissaries: the window is not asked', () => {
    const s = playing({ ...EXAMPLE, events: [], homeCardsUsed: { ottoman: ['janissaries'] } }, [
      INTERCEPT!,
      ROLL!,
      ATTACKER_DICE!,
      DEFENDER_DICE!,
    ]);
    expect(s.pending).toMatchObject({ kind: 'casualties' });
    expect(s.summary.skipped.filter((k) => k.kind === 'card')).toEqual([]);
  });

  test('[6.1, ruling R31] refuses a home card both in the hand and used, and a card that is not the power’s home card', () => {
    const both = issuesOf({
      ...EXAMPLE,
      hands: { ottoman: ['janissaries'] },
      homeCardsUsed: { ottoman: ['janissaries'] },
    });
    expect(both).toEqual([
      expect.objectContaining({
        path: 'homeCardsUsed.ottoman[0]',
        message: expect.stringContaining('listed both in the hand and as used this turn (6.1, ruling R31)'),
      }),
    ]);
    const notHome = issuesOf({ ...EXAMPLE, homeCardsUsed: { hapsburg: ['janissaries'] } });
    expect(notHome).toEqual([
      expect.objectContaining({
        path: 'homeCardsUsed.hapsburg[0]',
        message: expect.stringContaining('not a Hapsburg home card'),
      }),
    ]);
  });
});

describe('14 step 7 in a session (ruling R31)', () => {
  const cards = (hands: ScenarioInput['hands'], extra: ScenarioPatch = {}): ScenarioInput => ({
    ...EXAMPLE,
    events: [],
    hands,
    ...extra,
  });
  const TO_ROLLS = [INTERCEPT!, ROLL!, ATTACKER_DICE!, DEFENDER_DICE!];

  test('[14 step 7, ruling R31] the Ottoman plays Janissaries after the book’s rolls: 5 more dice, 3 + 3 hits beat 5', () => {
    const s = playing(cards({ ottoman: ['janissaries'] }), TO_ROLLS);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'ottoman', rule: '14 step 7', ruling: 'R31' });
    expect(s.pending!.limits).toMatchObject({ window: '14 step 7', cards: [{ card: 'janissaries', playable: true }] });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      { type: 'card.play', power: 'ottoman', card: 'janissaries' },
      { type: 'card.pass', power: 'ottoman' },
    ]);
    expect(s.pending!.prompt.en).toContain('the attacker 3 hits and the defender 5 hits');
    refuse(s, { type: 'card.play', power: 'hapsburg', card: 'janissaries' }, { code: 'out-of-turn' });
    accept(s, { type: 'card.play', power: 'ottoman', card: 'janissaries' });
    // The card's own roll: 5 dice hitting on 5–6, rolled by the Ottoman (a roll state of its own).
    expect(s.pending).toMatchObject({
      kind: 'roll',
      power: 'ottoman',
      state: 'rollingCardDice',
      roll: {
        dice: 5,
        purpose: 'card',
        terms: [
          {
            source: { kind: 'card', card: 'janissaries', power: 'ottoman' },
            rule: '14 step 7',
            ruling: 'R31',
            count: 5,
            hitOn: 5,
          },
        ],
      },
    });
    refuse(s, dice(6, 6, 6, 6), {});
    accept(s, dice(6, 5, 5, 1, 1));
    // Ottoman 6 hits, Hapsburg 5: the Ottoman wins (14 step 8); each loses one unit per hit against it (step 9).
    accept(s, { type: 'casualties.assign', power: 'ottoman', regulars: 5 });
    // The Hapsburg's 6 losses are all regulars (ruling R9); it retreats where the policy sends it.
    while (s.pending) accept(s, s.pending.options[0]!.event as never);
    const end = finished(s);
    expect(end.hands).toEqual({ ottoman: [] });
    expect(end.homeCardsUsed).toEqual({ ottoman: ['janissaries'] });
    const battle = s.result!.summary.battle!;
    expect(battle).toMatchObject({ winner: 'attacker', attacker: { hits: 6 }, defender: { hits: 5 } });
    expect(battle.attacker.rolled).toEqual([6, 5, 5, 4, 3, 2, 1, 1, 2, 3, 6, 5, 5, 1, 1]);
    expect(battle.attacker.terms.at(-1)).toMatchObject({ source: { kind: 'card', card: 'janissaries' }, count: 5 });
    expect(s.result!.summary.cards).toEqual([
      {
        power: 'ottoman',
        card: 'janissaries',
        number: 1,
        window: '14 step 7',
        ruling: 'R31',
        side: 'attacker',
        dice: 5,
      },
    ]);
    const story = s.trace.filter((t) => t.headline).map((t) => t.note);
    expect(story.map((n) => n.en)).toEqual(
      expect.arrayContaining([
        "Ottoman plays Janissaries (#1): 5 more dice for the attacker's side (14 step 7, ruling R31).",
        'Ottoman rolls 6 5 5 1 1 for Janissaries (#1): 3 hits; the attacker now has 6 hits (14 step 7, ruling R31).',
      ]),
    );
    expect(story.map((n) => n.ru)).toEqual(
      expect.arrayContaining([
        'Османы разыгрывают карту «Янычары» (№1): стороне атакующего — ещё 5 кубиков (14, шаг 7, постановление R31).',
        'У Османов за карту «Янычары» (№1) выпало 6, 5, 5, 1 и 1 — 3 попадания; теперь у атакующего 6 попаданий (14, шаг 7, постановление R31).',
      ]),
    );
    // The result is the next scenario of the turn: Janissaries may not be played again (6.1, ruling R31).
    expect(() => parseScenario({ ...end, move: undefined })).not.toThrow();
  });

  test('[14 step 7, ruling R31] a pass leaves the card in the hand and the battle as the book has it', () => {
    const s = playing(cards({ ottoman: ['janissaries'] }), TO_ROLLS);
    accept(s, { type: 'card.pass', power: 'ottoman' });
    expect(s.pending).toMatchObject({ kind: 'casualties', power: 'ottoman' });
    accept(s, { type: 'casualties.assign', power: 'ottoman', regulars: 4, cavalry: 1 });
    const end = finished(s);
    expect(end.hands).toEqual({ ottoman: ['janissaries'] });
    expect(end.homeCardsUsed).toBeUndefined();
    expect(s.result!.summary.battle).toMatchObject({
      winner: 'defender',
      attacker: { hits: 3 },
      defender: { hits: 5 },
    });
    expect(s.result!.summary.cards).toEqual([]);
  });

  test('[14 step 7, ruling R31] the defending Ottoman’s Janissaries join the defender’s dice', () => {
    const s = playing(
      {
        war: [['ottoman', 'hapsburg']],
        control: { pressburg: 'ottoman' },
        stacks: [
          { space: 'vienna', power: 'hapsburg', regulars: 4 },
          { space: 'pressburg', power: 'ottoman', regulars: 4 },
        ],
        impulse: { power: 'hapsburg', cp: 1 },
        move: { from: 'vienna', to: 'pressburg', regulars: 4 },
        hands: { ottoman: ['janissaries'] },
      },
      [],
    );
    while (s.pending && s.pending.kind !== 'roll')
      accept(s, { type: `${s.pending.kind}.decline`, power: s.pending.power } as never);
    accept(s, dice(6, 6, 6, 1));
    accept(s, dice(6, 1, 1, 1, 1));
    expect(s.pending).toMatchObject({ kind: 'card', power: 'ottoman', rule: '14 step 7' });
    expect((s.pending as Decision).options[0]!.label.en).toContain('for the defender');
    accept(s, { type: 'card.play', power: 'ottoman', card: 'janissaries' });
    accept(s, dice(6, 5, 1, 1, 1));
    // 3 hits for the Hapsburg attacker against 1 + 2 for the Ottoman defender: a tie goes to the defender.
    expect(s.summary.cards.at(-1)).toMatchObject({ side: 'defender', dice: 5 });
    answerFirst(s);
    expect(s.result!.summary.battle).toMatchObject({
      winner: 'defender',
      attacker: { hits: 3 },
      defender: { hits: 3 },
    });
    finished(s);
  });

  test('[14 step 7, ruling R9] a held Janissaries without Ottoman land units in the battle: nobody is asked, the trace says why', () => {
    const s = playing(
      {
        war: [['france', 'hapsburg']],
        stacks: [
          { space: 'vienna', power: 'hapsburg', regulars: 4 },
          { space: 'pressburg', power: 'france', regulars: 4 },
        ],
        control: { pressburg: 'france' },
        impulse: { power: 'france', cp: 1 },
        move: { from: 'pressburg', to: 'vienna', regulars: 4 },
        hands: { ottoman: ['janissaries'] },
      },
      [],
    );
    while (s.pending && s.pending.kind !== 'roll')
      accept(s, { type: `${s.pending.kind}.decline`, power: s.pending.power } as never);
    accept(s, dice(6, 1, 1, 1));
    accept(s, dice(1, 1, 1, 1, 1));
    expect(s.pending?.kind).not.toBe('card');
    expect(s.summary.skipped.filter((k) => k.kind === 'card')).toEqual([
      expect.objectContaining({
        power: 'ottoman',
        rule: '14 step 7',
        refused: [
          expect.objectContaining({ option: { card: 'janissaries' }, code: 'hasOwnLandUnitsInBattle', ruling: 'R31' }),
        ],
      }),
    ]);
  });

  test('[14 step 9, rulings R7, R31] both sides wiped out: the Janissaries dice count as rolled, so the attacker keeps a unit', () => {
    const s = playing(
      {
        war: [['ottoman', 'hapsburg']],
        control: { pressburg: 'ottoman' },
        stacks: [
          { space: 'vienna', power: 'hapsburg', regulars: 2 },
          { space: 'pressburg', power: 'ottoman', regulars: 2 },
        ],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'pressburg', to: 'vienna', regulars: 2 },
        hands: { ottoman: ['janissaries'] },
      },
      [],
    );
    while (s.pending && s.pending.kind !== 'roll')
      accept(s, { type: `${s.pending.kind}.decline`, power: s.pending.power } as never);
    // 2 dice against 3: without the card the defender rolled more and would keep a unit.
    accept(s, dice(1, 1));
    accept(s, dice(6, 6, 1));
    accept(s, { type: 'card.play', power: 'ottoman', card: 'janissaries' });
    accept(s, dice(6, 6, 1, 1, 1));
    // Regulars only on each side: the losses and the kept unit are the engine's (ruling R9).
    expect(s.pending).toBeNull();
    const battle = s.result!.summary.battle!;
    // 2 hits each: a tie to the defender (14 step 8), but the attacker rolled 7 dice to 3 (ruling R7).
    expect(battle).toMatchObject({ attacker: { hits: 2, kept: 'regulars' }, defender: { hits: 2, kept: null } });
    expect(battle.attacker.rolled).toHaveLength(7);
    finished(s);
  });
});

describe('14 step 7 in the review tools (rulings R31, R36)', () => {
  const cards = (hands: ScenarioInput['hands']): ScenarioInput => ({ ...EXAMPLE, events: [], hands });
  const fromTheRolls = parseScenario({ ...EXAMPLE, events: [], hands: { ottoman: ['janissaries'] } });
  const TO_ROLLS = [INTERCEPT!, ROLL!, ATTACKER_DICE!, DEFENDER_DICE!];

  test('[14 step 7, rulings R31, R36] explore --answers all tries the play and the pass; a player who plays wins 17/81 of the time', () => {
    const all = explore(fromTheRolls, {
      answers: 'all',
      events: TO_ROLLS,
      queries: [(o) => o.summary.cards.length === 1, (o) => o.summary.cards.length === 0],
    });
    expect(all.answerCounts.card).toEqual({ decisions: 1, answers: 2, incomplete: 0 });
    expect(all.queryResults?.map((q) => q.ends > 0)).toEqual([true, true]);
    // Exact chances under a policy that plays the card (ruling R36: a policy may choose to).
    const plays = explore(fromTheRolls, {
      decisions: (d) => (d.kind === 'card' ? d.options[0]!.event : declinePolicy(d)),
      events: TO_ROLLS,
      queries: [(o) => o.summary.battle?.winner === 'attacker'],
    });
    expect(plays.queryResults?.map((q) => format(q.probability))).toEqual(['17/81']);
  });

  test('[14 step 7, ruling R36] the decline policy passes: the book’s result, the card kept', () => {
    const r = explore(fromTheRolls, { decisions: 'decline', events: TO_ROLLS });
    expect(r.outcomes.every((o) => o.position.hands?.ottoman?.includes('janissaries'))).toBe(true);
    expect(r.answerCounts.card).toEqual({ decisions: 1, answers: 1, incomplete: 0 });
  });

  test('[14 step 7, ruling R31] with the window open the battle’s rolls are explored one by one, every hit count an outcome', () => {
    // The joint grouping by winner and losses would lose the hits the card adds to.
    const open = playing(cards({ ottoman: ['janissaries'] }), [INTERCEPT!, ROLL!]).pending!.roll!;
    expect(open.battle?.rollsWindow).toBe(true);
    expect([...rollOutcomes(open)].map((o) => o.label)).toEqual(
      Array.from({ length: 11 }, (_, k) => `${k} ${k === 1 ? 'hit' : 'hits'}`),
    );
    const closed = playing(cards({}), [INTERCEPT!, ROLL!]).pending!.roll!;
    expect(closed.battle?.rollsWindow).toBeUndefined();
    expect([...rollOutcomes(closed)][0]!.rolls).toHaveLength(2);
  });
});

describe('14 step 7 in the walkthrough (ruling R31)', () => {
  test('[14 step 7, ruling R31] the page shows the window, the play and the card’s dice as the attacker’s, citing 14 step 7', () => {
    const events = [
      ...(EXAMPLE.events ?? []).slice(0, 4),
      { type: 'card.play', power: 'ottoman', card: 'janissaries' },
      dice(6, 5, 5, 1, 1),
    ];
    const model = replayModel(
      parseScenario({ ...EXAMPLE, events: [], hands: { ottoman: ['janissaries'] } }),
      events.map((event) => ({ event, source: 'script' })) as never,
      {
        seed: 1,
      },
    );
    const card = model.steps.find((s) => s.stateId === 'fieldBattle.awaitingRollsCard' && s.waits);
    expect(model.frames[card!.frame]!.pending).toMatchObject({ kind: 'card', power: 'ottoman', rule: '14 step 7' });
    expect(model.frames[card!.frame]!.pending?.options.map((o) => o.label.en)).toEqual([
      'Play Janissaries (#1): 5 more dice for the attacker, hitting on 5–6',
      'Play no card',
    ]);
    const rolled = model.steps.find((s) => s.stateId === 'fieldBattle.rollingCardDice' && s.dice);
    expect(rolled?.dice).toMatchObject({ purpose: 'attacker', rule: '14 step 7', values: [6, 5, 5, 1, 1], hits: 3 });
    expect(rolled?.dice?.terms).toEqual([
      {
        source: { kind: 'card', card: 'janissaries', power: 'ottoman' },
        rule: '14 step 7',
        ruling: 'R31',
        count: 5,
        hitOn: 5,
      },
    ]);
  });
});
