// Surprise Attack (#29) at 14 steps 4–9 (RULES.md §5, rulings R7, R9, R27, R28, R31): who may play it (a truth
// table), then whole battles through the session with scripted dice — the surprising side rolls first, the other side
// takes those hits at once, its dice are counted again on its survivors and it rolls them (or nothing), Janissaries
// after the second roll, the winner over both rolls, ruling R7 on the dice actually rolled — and the review tools'
// exact chances, checked by hand on a battle of one unit against one.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { declinePolicy } from '../../src/engine/resolve.ts';
import { explore } from '../../src/review/explore.ts';
import { format } from '../../src/review/fraction.ts';
import { rollOutcomes } from '../../src/review/outcomes.ts';
import { checkCombatCard, combatCardPlays, hasLandUnitsInBattle } from '../../src/rules/combat-cards.ts';
import { recountedTerms, hitsOwed } from '../../src/rules/surprise-attack.ts';
import { check } from '../../src/rules/verdict.ts';
import type { World } from '../../src/rules/world.ts';
import type { Decision } from '../../src/schema/decision.ts';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import type { Session } from '../../src/engine/session.ts';
import { issuesOf, world, type ScenarioPatch } from '../helpers/fixtures.ts';
import { accept, dice, finished, piecesAt, playing, refuse } from '../helpers/session.ts';
import { ALLOWS, forbids, truthTable } from '../helpers/truth-table.ts';

const EXAMPLE = JSON.parse(
  readFileSync(new URL('../../examples/vienna-1517.json', import.meta.url), 'utf8'),
) as ScenarioInput;
const [INTERCEPT, ROLL, ATTACKER_DICE, DEFENDER_DICE] = EXAMPLE.events ?? [];
const BOOK_TO_CARDS = [INTERCEPT!, ROLL!];

const SURPRISE = { type: 'card.play', card: 'surprise-attack' } as const;
const play = (power: 'ottoman' | 'hapsburg' | 'france') => ({ ...SURPRISE, power });

/** The Ottoman army of Pressburg moves into Vienna, where the Hapsburg stands (no interceptors near). */
function vienna(ottoman: number, hapsburg: number, hands: ScenarioInput['hands'], extra: ScenarioPatch = {}) {
  return {
    war: [['ottoman', 'hapsburg']],
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'vienna', power: 'hapsburg', regulars: hapsburg },
      { space: 'pressburg', power: 'ottoman', regulars: ottoman },
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'pressburg', to: 'vienna', regulars: ottoman },
    hands,
    ...extra,
  } as ScenarioInput;
}

/** Declines whatever comes before the combat cards (avoid battle, withdrawal); stops at a card or a roll. */
function toCombatCards(s: Session): Session {
  for (let i = 0; i < 20 && s.pending && s.pending.kind !== 'card' && s.pending.kind !== 'roll'; i++)
    accept(s, declinePolicy(s.pending) as never);
  return s;
}

/** The world of `patch` with the Ottoman of Pressburg placed in Vienna: the battle about to be fought there. */
function battling(patch: ScenarioPatch): World {
  const w = world(patch);
  const stacks = w.position.stacks.map((s) => (s.space === 'pressburg' ? { ...s, space: 'vienna' } : s));
  return { ...w, position: { ...w.position, stacks } };
}
const BATTLE = { space: 'vienna', attacker: 'ottoman' as const };

describe('14 steps 4–5: who may play Surprise Attack (rulings R27, R28)', () => {
  truthTable({
    refusal: { code: 'hasLandUnitsInBattle', rule: '14 step 4', ruling: 'R27' },
    rows: [
      {
        title: '[14 step 4, ruling R28] allows the attacker with land units in the battle',
        power: 'ottoman' as const,
        expect: ALLOWS,
      },
      {
        title: '[14 step 5, ruling R28] allows the defender with land units in the battle',
        power: 'hapsburg' as const,
        expect: ALLOWS,
      },
      {
        title: '[14 step 4, ruling R27] forbids a power without land units in the battle',
        power: 'france' as const,
        expect: forbids(['France has no land units in the battle in Vienna'], ['нет сухопутных частей в сражении']),
      },
    ],
    judge: (row) => {
      const w = battling({
        ...vienna(4, 4, { [row.power]: ['surprise-attack'] }),
        war: [
          ['ottoman', 'hapsburg'],
          ['ottoman', 'france'],
        ],
      });
      const args = { power: row.power, card: 'surprise-attack', battle: BATTLE };
      return { world: w, verdicts: [check(hasLandUnitsInBattle, w, args), checkCombatCard(w, args)] };
    },
  });

  test('[ruling R33, ruling R28] the card exists once: both sides cannot hold Surprise Attack, so only one side ever rolls first', () => {
    expect(issuesOf(vienna(4, 4, { ottoman: ['surprise-attack'], hapsburg: ['surprise-attack'] }))).toEqual([
      { path: 'hands.hapsburg[0]', message: expect.stringContaining('each card exists once (ruling R33)') },
    ]);
  });

  test('[14 step 4, ruling R28] a held Surprise Attack is one play, with no way to name (only Tercios names one)', () => {
    const w = battling(vienna(4, 4, { ottoman: ['surprise-attack'] }));
    expect(combatCardPlays(w, 'ottoman', BATTLE)).toEqual({
      plays: [{ power: 'ottoman', card: 'surprise-attack' }],
      refused: [],
    });
    expect(
      checkCombatCard(w, {
        ...BATTLE,
        power: 'ottoman',
        card: 'surprise-attack',
        battle: BATTLE,
        option: 'extra-dice',
      }),
    ).toMatchObject({
      code: 'isCombatOptionNamed',
    });
  });

  test('[14 step 3, ruling R28] the recount: one die per surviving land unit, the best leader, the defender’s die, the declared card dice; nothing without land units', () => {
    const w = battling({
      ...vienna(4, 3, {}),
      stacks: [
        { space: 'vienna', power: 'hapsburg', regulars: 3, leaders: ['charles-v'] },
        { space: 'pressburg', power: 'ottoman', regulars: 4 },
      ],
    });
    const tercios = {
      source: { kind: 'card', card: 'tercios', power: 'hapsburg' },
      rule: '14 step 5',
      ruling: 'R30',
      count: 3,
      hitOn: 4,
    } as const;
    const counted = [
      { source: { kind: 'landUnits' }, rule: '14 step 3', count: 5, hitOn: 5 },
      { source: { kind: 'leader', leader: 'charles-v' }, rule: '14 step 3', count: 2, hitOn: 5 },
      { source: { kind: 'defender' }, rule: '14 step 3', count: 1, hitOn: 5 },
      tercios,
    ] as const;
    expect(recountedTerms(w, BATTLE, 'defender', counted)).toEqual([
      { source: { kind: 'landUnits' }, rule: '14 step 3', count: 3, hitOn: 5 },
      { source: { kind: 'leader', leader: 'charles-v' }, rule: '14 step 3', count: 2, hitOn: 5 },
      { source: { kind: 'defender' }, rule: '14 step 3', count: 1, hitOn: 5 },
      tercios,
    ]);
    const leadersOnly = {
      ...w,
      position: {
        ...w.position,
        stacks: w.position.stacks.map((s) => (s.power === 'hapsburg' ? { ...s, regulars: 0 } : s)),
      },
    };
    expect(recountedTerms(leadersOnly, BATTLE, 'defender', counted)).toEqual([]);
  });

  test('[14 step 9, ruling R28] the surprised side owes at step 9 only the hits it has not taken at once', () => {
    const surprise = { power: 'ottoman' as const, side: 'attacker' as const, hits: 3 };
    expect(hitsOwed(surprise, 'defender', 5)).toBe(2);
    expect(hitsOwed(surprise, 'attacker', 4)).toBe(4);
    expect(hitsOwed(undefined, 'defender', 5)).toBe(5);
  });
});

describe('14 steps 4–9 in a session (ruling R28)', () => {
  const book = (hands: ScenarioInput['hands']): ScenarioInput => ({ ...EXAMPLE, events: [], hands });

  test('[14 step 4, ruling R28] the worked example with the Ottoman’s Surprise Attack: 3 hits first, the Hapsburg rolls 10 dice, not 13', () => {
    const s = playing(book({ ottoman: ['surprise-attack'] }), BOOK_TO_CARDS);
    expect(s.pending).toMatchObject({
      kind: 'card',
      power: 'ottoman',
      rule: '14 step 4',
      state: 'awaitingAttackerCombatCard',
    });
    expect(s.pending!.options.map((o) => [o.event, o.label.en])).toEqual([
      [
        { type: 'card.play', power: 'ottoman', card: 'surprise-attack' },
        "Play Surprise Attack (#29): the attacker's side rolls first; the other side takes those hits before its dice are counted again",
      ],
      [{ type: 'card.pass', power: 'ottoman' }, 'Play no (more) combat cards'],
    ]);
    refuse(s, play('hapsburg'), { code: 'out-of-turn' });
    accept(s, play('ottoman'));
    // Nobody else holds a combat card: the attacker rolls first, its 10 dice.
    expect(s.pending).toMatchObject({
      kind: 'roll',
      power: 'ottoman',
      state: 'rollingSurpriseAttackerDice',
      ruling: 'R28',
      roll: { dice: 10, purpose: 'attacker', battle: { surprise: 'attacker' } },
    });
    accept(s, ATTACKER_DICE!);
    // 3 hits on Hapsburg regulars only: taken at once by the engine (ruling R9); 7 units + 2 + 1 = 10 dice.
    expect(s.pending).toMatchObject({
      kind: 'roll',
      state: 'rollingRecountedDefenderDice',
      roll: { dice: 10, purpose: 'defender' },
    });
    // A host's odds panel sees the land units left, not those first counted.
    expect(s.pending!.roll!.battle).toMatchObject({ surprise: 'attacker', defender: { dice: 10, landUnits: 7 } });
    refuse(s, DEFENDER_DICE!, {});
    accept(s, dice(6, 6, 5, 5, 1, 1, 1, 1, 1, 1));
    // 3 hits against 4: the Hapsburg wins (14 step 8); the Ottoman chooses its 4 losses (step 9).
    expect(s.pending).toMatchObject({ kind: 'casualties', power: 'ottoman', state: 'awaitingCasualties' });
    expect(s.pending!.limits).toMatchObject({ losses: 4 });
    accept(s, { type: 'casualties.assign', power: 'ottoman', regulars: 3, cavalry: 1 });
    while (s.pending) accept(s, s.pending.options[0]!.event as never);
    const end = finished(s);
    expect(end.hands).toEqual({ ottoman: [] });
    const battle = s.result!.summary.battle!;
    expect(battle).toMatchObject({
      winner: 'defender',
      attacker: { hits: 3, losses: { regulars: 3, mercenaries: 0, cavalry: 1 } },
      defender: { hits: 4, losses: { regulars: 3, mercenaries: 0, cavalry: 0 }, dice: { units: 7, total: 10 } },
    });
    expect(s.result!.summary.surprise).toMatchObject({
      power: 'ottoman',
      side: 'attacker',
      hits: 3,
      losses: { regulars: 3, mercenaries: 0, cavalry: 0 },
      counted: 13,
      recounted: 10,
    });
    expect(battle.defender.rolled).toEqual([6, 6, 5, 5, 1, 1, 1, 1, 1, 1]);
    expect(s.result!.summary.cards).toEqual([
      { power: 'ottoman', card: 'surprise-attack', number: 29, window: '14 step 4', ruling: 'R28', side: 'attacker' },
    ]);
    expect(piecesAt(end, 'vienna', 'hapsburg').regulars).toBe(7);
    const story = s.trace.filter((t) => t.headline).map((t) => t.note);
    expect(story.map((n) => n.en)).toEqual(
      expect.arrayContaining([
        "Ottoman plays Surprise Attack (#29): the attacker's side rolls first, and the other side takes those hits before its dice are counted again (14 step 4, ruling R28).",
        'The attacker rolls first, 6 5 5 4 3 2 1 1 2 3: 3 hits, taken at once by the other side (14 step 6, ruling R28).',
        'Hapsburg loses 3 regulars at once; its dice counted again: Hapsburg 10 dice (7 units + 2 for Charles V + 1 as defender) (14 step 9, ruling R28).',
        'The defender rolls 6 6 5 5 1 1 1 1 1 1: 4 hits (14 step 6).',
      ]),
    );
    expect(story.map((n) => n.ru)).toEqual(
      expect.arrayContaining([
        'Османы разыгрывают карту «Внезапная атака» (№29): сторона атакующего бросает первой, а другая сторона несёт эти потери до того, как её кубики пересчитают (14, шаг 4, постановление R28).',
        'Габсбурги теряют сразу 3 регулярные части; кубики заново: Габсбурги — 10 кубиков (7 частей + 2 за Карла V + 1 за оборону) (14, шаг 9, постановление R28).',
      ]),
    );
  });

  test('[14 step 5, ruling R28] the defender’s Surprise Attack: the Ottoman chooses its first losses among the legal answers, then rolls what is left', () => {
    const s = playing(book({ hapsburg: ['surprise-attack'] }), BOOK_TO_CARDS);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg', rule: '14 step 5' });
    accept(s, play('hapsburg'));
    expect(s.pending).toMatchObject({
      kind: 'roll',
      state: 'rollingSurpriseDefenderDice',
      roll: { dice: 13, purpose: 'defender' },
    });
    accept(s, DEFENDER_DICE!);
    // 5 hits against 7 regulars and 1 cavalry: two legal answers, asked before any Ottoman die is rolled.
    expect(s.pending).toMatchObject({
      kind: 'casualties',
      power: 'ottoman',
      state: 'awaitingSurpriseCasualties',
      forced: false,
    });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      { type: 'casualties.assign', power: 'ottoman', regulars: 4, cavalry: 1 },
      { type: 'casualties.assign', power: 'ottoman', regulars: 5 },
    ]);
    refuse(s, { type: 'casualties.assign', power: 'ottoman', regulars: 6 }, { code: 'illegal' });
    accept(s, { type: 'casualties.assign', power: 'ottoman', regulars: 4, cavalry: 1 });
    // 3 regulars + 2 for Suleiman.
    expect(s.pending).toMatchObject({
      kind: 'roll',
      state: 'rollingRecountedAttackerDice',
      roll: { dice: 5, purpose: 'attacker' },
    });
    accept(s, dice(6, 6, 6, 1, 1));
    // 3 hits against 5: the Hapsburg wins; its 3 losses are regulars (ruling R9); the Ottoman owes nothing more.
    while (s.pending) accept(s, s.pending.options[0]!.event as never);
    const end = finished(s);
    expect(s.result!.summary.battle).toMatchObject({
      winner: 'defender',
      attacker: { hits: 3, losses: { regulars: 4, cavalry: 1 }, rolled: [6, 6, 6, 1, 1] },
      defender: { hits: 5, losses: { regulars: 3 } },
    });
    expect(s.result!.summary.surprise).toMatchObject({
      side: 'defender',
      power: 'hapsburg',
      hits: 5,
      counted: 10,
      recounted: 5,
    });
    expect(piecesAt(end, 'pressburg', 'ottoman')).toMatchObject({ regulars: 3, cavalry: 0 });
  });

  test('[14 step 6, ruling R28] a side wiped out before it rolls rolls nothing, its leader is captured and nobody retreats', () => {
    const s = toCombatCards(
      playing(
        vienna(
          3,
          2,
          { ottoman: ['surprise-attack'] },
          {
            stacks: [
              { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
              { space: 'pressburg', power: 'ottoman', regulars: 3 },
            ],
          },
        ),
      ),
    );
    accept(s, play('ottoman'));
    accept(s, dice(6, 5, 1));
    // Ferdinand alone: not 1 + 1 dice for his rating and the defender, none (card text #29).
    expect(s.pending).toBeNull();
    const battle = s.result!.summary.battle!;
    expect(battle).toMatchObject({
      winner: 'attacker',
      defender: { hits: 0, rolled: [], losses: { regulars: 2 } },
    });
    expect(s.result!.summary.surprise).toMatchObject({ hits: 2, counted: 4, recounted: 0 });
    expect(s.result!.summary.captures).toEqual([
      expect.objectContaining({ leader: 'ferdinand', by: 'ottoman', rule: '14 step 10' }),
    ]);
    expect(s.result!.summary.retreats).toEqual([]);
    const end = finished(s);
    expect(piecesAt(end, 'vienna', 'ottoman').regulars).toBe(3);
  });

  test('[14 step 7, rulings R28, R31] Janissaries after a Surprise Attack: the defending Ottoman rolls second, then plays; the winner counts both rolls and the card', () => {
    const s = toCombatCards(
      playing({
        war: [['ottoman', 'hapsburg']],
        control: { pressburg: 'ottoman' },
        stacks: [
          { space: 'vienna', power: 'hapsburg', regulars: 4 },
          { space: 'pressburg', power: 'ottoman', regulars: 4 },
        ],
        impulse: { power: 'hapsburg', cp: 1 },
        move: { from: 'vienna', to: 'pressburg', regulars: 4 },
        hands: { ottoman: ['janissaries'], hapsburg: ['surprise-attack'] },
      }),
    );
    accept(s, play('hapsburg'));
    accept(s, dice(6, 1, 1, 1));
    // One Ottoman regular off at once: 3 + 1 dice.
    expect(s.pending).toMatchObject({ state: 'rollingRecountedDefenderDice', roll: { dice: 4 } });
    accept(s, dice(6, 1, 1, 1));
    expect(s.pending).toMatchObject({ kind: 'card', power: 'ottoman', rule: '14 step 7' });
    expect(s.pending!.prompt.en).toContain('gave the attacker 1 hit and the defender 1 hit');
    accept(s, { type: 'card.play', power: 'ottoman', card: 'janissaries' });
    accept(s, dice(6, 6, 1, 1, 1));
    while (s.pending) accept(s, s.pending.options[0]!.event as never);
    finished(s);
    // 1 hit against 1 + 2: the Ottoman defender wins; the Hapsburg loses 3, the Ottoman only the one of the first roll.
    expect(s.result!.summary.battle).toMatchObject({
      winner: 'defender',
      attacker: { hits: 1, losses: { regulars: 3 } },
      defender: { hits: 3, losses: { regulars: 1 } },
    });
  });

  test('[14 step 9, rulings R7, R28, R31] Janissaries for the surprising side: its hits are taken at step 9; both sides wiped out, the dice actually rolled decide who keeps a unit', () => {
    const s = toCombatCards(playing(vienna(2, 7, { ottoman: ['surprise-attack', 'janissaries'] })));
    accept(s, play('ottoman'));
    // Nothing else to declare: the Ottoman rolls its 2 dice first, 2 hits.
    accept(s, dice(6, 6));
    // 5 Hapsburg regulars left: 5 + 1 = 6 dice (8 were counted).
    expect(s.pending).toMatchObject({ state: 'rollingRecountedDefenderDice', roll: { dice: 6 } });
    accept(s, dice(6, 6, 1, 1, 1, 1));
    accept(s, { type: 'card.play', power: 'ottoman', card: 'janissaries' });
    accept(s, dice(6, 6, 6, 6, 6));
    // 7 hits against 2: the attacker wins. The Hapsburg owes 7 − 2 = 5, all it has; the Ottoman 2, all it has. The
    // Ottoman rolled 2 + 5 = 7 dice, the Hapsburg 6 (had its 8 counted dice been read, it would keep the unit).
    expect(s.pending).toBeNull();
    const battle = s.result!.summary.battle!;
    expect(battle).toMatchObject({
      winner: 'attacker',
      attacker: { hits: 7, kept: 'regulars', losses: { regulars: 1 } },
      defender: { hits: 2, kept: null, losses: { regulars: 7 } },
    });
    expect(s.result!.summary.surprise).toMatchObject({ hits: 2, counted: 8, recounted: 6 });
    expect(battle.attacker.rolled).toHaveLength(7);
    expect(battle.defender.rolled).toHaveLength(6);
    const end = finished(s);
    expect(piecesAt(end, 'vienna', 'ottoman').regulars).toBe(1);
    expect(end.homeCardsUsed).toEqual({ ottoman: ['janissaries'] });
  });

  test('[14 step 3, rulings R28, R30] Tercios’ extra dice declared before the rolls are counted again with the surprised Hapsburg’s survivors', () => {
    const s = playing(book({ ottoman: ['surprise-attack'], hapsburg: ['tercios'] }), BOOK_TO_CARDS);
    accept(s, play('ottoman'));
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg', rule: '14 step 5' });
    accept(s, { type: 'card.play', power: 'hapsburg', card: 'tercios', option: 'extra-dice' });
    accept(s, ATTACKER_DICE!);
    // 7 units + 2 + 1, and Tercios' 3 hitting on 4–6: 13 dice.
    const roll = s.pending!.roll!;
    expect(roll).toMatchObject({ dice: 13, purpose: 'defender' });
    expect(roll.terms.at(-1)).toMatchObject({ source: { kind: 'card', card: 'tercios' }, count: 3, hitOn: 4 });
    // Explored one roll at a time: the first roll's losses decide what this one is.
    expect([...rollOutcomes(roll)]).toHaveLength(14);
  });

  test('[14 steps 4–5, rulings R28, R29] Mercenaries Bribed before the Surprise Attack: the bribed mercenaries roll first with the player, and the surprised side is counted again without them', () => {
    const s = toCombatCards(
      playing({
        war: [['france', 'hapsburg']],
        control: { pressburg: 'france' },
        stacks: [
          { space: 'vienna', power: 'hapsburg', regulars: 2, mercenaries: 4 },
          { space: 'pressburg', power: 'france', regulars: 3 },
        ],
        impulse: { power: 'france', cp: 1 },
        move: { from: 'pressburg', to: 'vienna', regulars: 3 },
        hands: { france: ['mercenaries-bribed', 'surprise-attack'] },
      }),
    );
    accept(s, { type: 'card.play', power: 'france', card: 'mercenaries-bribed' });
    accept(s, play('france'));
    // 3 regulars + 2 bribed mercenaries roll first.
    expect(s.pending).toMatchObject({ state: 'rollingSurpriseAttackerDice', roll: { dice: 5 } });
    accept(s, dice(6, 1, 1, 1, 1));
    // The Hapsburg's 2 regulars and 2 mercenaries lose one of its choice, then roll 3 + 1.
    expect(s.pending).toMatchObject({ kind: 'casualties', power: 'hapsburg', state: 'awaitingSurpriseCasualties' });
    accept(s, { type: 'casualties.assign', power: 'hapsburg', mercenaries: 1 });
    expect(s.pending).toMatchObject({ state: 'rollingRecountedDefenderDice', roll: { dice: 4 } });
    accept(s, dice(1, 1, 1, 1));
    while (s.pending) accept(s, s.pending.options[0]!.event as never);
    finished(s);
    expect(s.result!.summary.battle).toMatchObject({
      winner: 'attacker',
      defender: { losses: { regulars: 0, mercenaries: 1 } },
    });
    expect(s.result!.summary.surprise).toMatchObject({ power: 'france', counted: 5, recounted: 4 });
  });

  test('[14 step 4, ruling R9] a Surprise Attack held by a power with no land units in the battle: nobody is asked, the record says why', () => {
    const s = toCombatCards(
      playing(
        vienna(
          4,
          4,
          { france: ['surprise-attack'] },
          {
            war: [
              ['ottoman', 'hapsburg'],
              ['ottoman', 'france'],
            ],
          },
        ),
      ),
    );
    expect(s.pending).toMatchObject({ kind: 'roll', state: 'rollingAttackerDice' });
    expect(s.summary.skipped.filter((k) => k.kind === 'card')).toEqual([
      expect.objectContaining({
        power: 'france',
        rule: '14 step 5',
        refused: [
          expect.objectContaining({
            option: { card: 'surprise-attack' },
            code: 'hasLandUnitsInBattle',
            ruling: 'R27',
          }),
        ],
      }),
    ]);
  });
});

describe('14 steps 6–9 in the review tools (rulings R28, R36)', () => {
  // One Ottoman regular against one Hapsburg regular in Vienna, the Ottoman holding Surprise Attack.
  const ONE_ON_ONE = parseScenario(vienna(1, 1, { ottoman: ['surprise-attack'] }));
  const playsTheCard = (d: Decision) => (d.kind === 'card' ? d.options[0]!.event : declinePolicy(d));
  const queries = [
    (o: { summary: { battle: { winner: string } | null } }) => o.summary.battle?.winner === 'attacker',
    (o: { summary: { battle: { winner: string; attacker: { hits: number }; defender: { hits: number } } | null } }) =>
      o.summary.battle?.winner === 'defender' && o.summary.battle.defender.hits === 0,
    (o: { summary: { battle: { winner: string; defender: { hits: number } } | null } }) =>
      o.summary.battle?.winner === 'defender' && o.summary.battle.defender.hits > 0,
  ];

  test('[14 step 6, rulings R28, R36] one against one: the surprising attacker wins 1/3 of the time (by hand: its one die hits, 2 of 6), against 4/27 without the card', () => {
    // By hand. The attacker's die hits with 1/3: the defender's one regular is gone, it rolls nothing, 1–0. It
    // misses with 2/3: the defender rolls 1 + 1 = 2 dice; no hit (4/9) is a 0–0 tie to the defender (8/27 in
    // all), a hit or two (5/9) wipe the attacker out (10/27). Without the card both roll at once, 1 die against
    // 2: the attacker wins only on 1 hit to 0, 1/3 · 4/9 = 4/27.
    const surprise = explore(ONE_ON_ONE, { decisions: playsTheCard as never, queries: queries as never });
    expect(surprise.queryResults?.map((q) => format(q.probability))).toEqual(['1/3', '8/27', '10/27']);
    expect(format(surprise.totalProbability)).toBe('1');
    const pass = explore(ONE_ON_ONE, { decisions: 'decline', queries: queries as never });
    // Without it: 1–0 is 4/27, 0–0 is 2/3 · 4/9 = 8/27, a defender's hit 5/9 (a tie at 1–1 goes to the defender).
    expect(pass.queryResults?.map((q) => format(q.probability))).toEqual(['4/27', '8/27', '5/9']);
  });

  test('[14 step 6, ruling R28] both rolls are explored exactly, one after the other: 2 outcomes of the first, 3 of the second after a miss', () => {
    const r = explore(ONE_ON_ONE, { decisions: playsTheCard as never });
    // Hit: 1 path (the defender's empty roll and its losses are the engine's, ruling R9). Miss: 0, 1 or 2 hits.
    expect(r.paths).toBe(4);
    expect(r.outcomes.map((o) => format(o.probability)).sort()).toEqual(['1/3', '10/27', '8/27'].sort());
    expect(r.states.fieldBattle).toEqual(
      expect.arrayContaining([
        'rollingSurpriseAttackerDice',
        'takingSurpriseHits',
        'recountingDice',
        'rollingRecountedDefenderDice',
      ]),
    );
  });

  test('[14 step 4, rulings R28, R36] explore --answers all tries the play and the pass; the decline policy passes and keeps the card', () => {
    const all = explore(ONE_ON_ONE, {
      answers: 'all',
      queries: [(o) => o.summary.cards.length === 1, (o) => o.summary.cards.length === 0],
    });
    expect(all.answerCounts.card).toMatchObject({ decisions: 1, answers: 2 });
    expect(all.queryResults?.map((q) => q.ends > 0)).toEqual([true, true]);
    const decline = explore(ONE_ON_ONE, { decisions: 'decline' });
    expect(decline.outcomes.every((o) => o.position.hands?.ottoman?.includes('surprise-attack'))).toBe(true);
    for (const o of all.outcomes) expect(() => parseScenario(o.position)).not.toThrow();
  });

  test('[14 step 6, ruling R28] a scripted play starts the exploration from it; every end parses again as a scenario', () => {
    const r = explore(parseScenario({ ...EXAMPLE, events: [], hands: { hapsburg: ['surprise-attack'] } }), {
      decisions: 'decline',
      events: [...BOOK_TO_CARDS, play('hapsburg')],
      queries: [(o) => o.summary.surprise?.side === 'defender'],
    });
    expect(r.queryResults?.map((q) => format(q.probability))).toEqual(['1']);
    expect(format(r.totalProbability)).toBe('1');
    for (const o of r.outcomes) expect(() => parseScenario(o.position)).not.toThrow();
  });
});
