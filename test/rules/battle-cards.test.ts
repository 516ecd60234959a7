// Landsknechts (#33) and Swiss Mercenaries (#36) at 14 step 1 (RULES.md §5, rulings R9, R14, R32, R34, R36): the
// restrictions on a play as truth tables, then whole battles with the cards played and their mercenaries fighting.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  arePlacementsLegal,
  battlePowers,
  checkBattleCard,
  hasPlacementSpace,
  isCardOfBattleWindow,
  isPlacingPlayedCard,
  isPowerInTheBattle,
  mayGainMercenaries,
  mercenaryGrant,
  type BattleCardArgs,
  type Placement,
} from '../../src/rules/battle-cards.ts';
import { check, type Restriction } from '../../src/rules/verdict.ts';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import { world, type ScenarioPatch } from '../helpers/fixtures.ts';
import { accept, dice, finished, playing, refuse } from '../helpers/session.ts';
import { ALLOWS, forbids, truthTable, type Expected, type Refused } from '../helpers/truth-table.ts';

const EXAMPLE = JSON.parse(
  readFileSync(new URL('../../examples/vienna-1517.json', import.meta.url), 'utf8'),
) as ScenarioInput;
const [INTERCEPT, ROLL] = EXAMPLE.events ?? [];

/** The battle of the rulebook's example (RULES.md §6): the Ottoman attacks Vienna, where Charles V intercepted. */
const BATTLE = { space: 'vienna', attacker: 'ottoman' as const };
/** Charles V's 8 regulars placed beside Ferdinand's 2 in Vienna; the Ottoman army outside Vienna too. */
const AT_VIENNA: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  alliances: [['hapsburg', 'hungary']],
  control: { pressburg: 'ottoman' },
  stacks: [
    { space: 'vienna', power: 'hapsburg', regulars: 10, leaders: ['charles-v', 'ferdinand'] },
    { space: 'linz', power: 'hapsburg', regulars: 1 },
    { space: 'buda', power: 'hapsburg', regulars: 2, inside: true },
    { space: 'buda', power: 'ottoman', regulars: 4 },
  ],
  sieges: [{ space: 'buda', by: ['ottoman'] }],
  impulse: { power: 'ottoman', cp: 0 },
};

interface Row {
  readonly title: string;
  readonly patch?: ScenarioPatch;
  readonly power: BattleCardArgs['power'];
  readonly card: string;
  readonly placements?: readonly Placement[];
  /** The placing power's answer (card.place, ruling R32): the card it names. */
  readonly named?: string;
  readonly expect: Expected;
}

function table(r: Restriction<BattleCardArgs>, refusal: Refused, rows: readonly Row[]): void {
  truthTable({
    refusal,
    rows,
    judge: (row) => {
      const base = row.patch ?? AT_VIENNA;
      const w = world({
        ...base,
        hands: { hapsburg: ['landsknechts'], ottoman: ['swiss-mercenaries'] },
      });
      const grant = mercenaryGrant(row.power, row.card as never);
      const placements = row.placements ?? [{ space: 'vienna', mercenaries: grant?.count ?? 0 }];
      const args: BattleCardArgs = {
        power: row.power,
        card: row.card,
        battle: BATTLE,
        placements,
        ...(row.named !== undefined ? { named: row.named, placing: true as const } : {}),
      };
      return { world: w, verdicts: [check(r, w, args)] };
    },
  });
}

describe('mercenaryGrant (ruling R32)', () => {
  test.each([
    ['hapsburg', 'landsknechts', { placer: 'hapsburg', count: 4 }],
    ['france', 'landsknechts', { placer: 'france', count: 2 }],
    ['ottoman', 'landsknechts', undefined],
    ['france', 'swiss-mercenaries', { placer: 'france', count: 4 }],
    ['ottoman', 'swiss-mercenaries', { placer: 'france', count: 4 }],
    ['hapsburg', 'swiss-mercenaries', { placer: 'hapsburg', count: 2 }],
  ] as const)('[ruling R32] %s playing %s', (power, card, grant) => {
    expect(mercenaryGrant(power, card)).toEqual(grant);
  });
});

describe('14 step 1 restrictions', () => {
  table(isCardOfBattleWindow, { code: 'isCardOfBattleWindow', rule: '14 step 1' }, [
    {
      title: '[14 step 1] allows Landsknechts at the start of the battle (FB-03)',
      power: 'hapsburg',
      card: 'landsknechts',
      expect: ALLOWS,
    },
    {
      title: '[14 step 1] forbids Foul Weather at the start of the battle (FB-03)',
      power: 'hapsburg',
      card: 'foul-weather',
      expect: forbids(['Foul Weather (#31)', '14 step 1'], ['«Непогода» (№31)', '14, шаг 1']),
    },
  ]);
  table(isPowerInTheBattle, { code: 'isPowerInTheBattle', rule: '14 step 1', ruling: 'R32' }, [
    {
      title: '[14 step 1, ruling R32] allows the defending Hapsburg (FB-03)',
      power: 'hapsburg',
      card: 'landsknechts',
      expect: ALLOWS,
    },
    {
      title: '[14 step 1, ruling R32] forbids England, which has no units in the battle (FB-03)',
      power: 'england',
      card: 'landsknechts',
      expect: forbids(
        ['England is neither the attacker nor a defending power'],
        ['Англия не атакует и не обороняется'],
      ),
    },
  ]);
  table(mayGainMercenaries, { code: 'mayGainMercenaries', rule: '21.6', ruling: 'R34' }, [
    {
      title: '[21.6, ruling R34] allows the Hapsburg to gain mercenaries',
      power: 'hapsburg',
      card: 'landsknechts',
      expect: ALLOWS,
    },
    {
      title: '[21.6, ruling R34] forbids the Protestant to gain mercenaries before the League',
      patch: { ...AT_VIENNA, schmalkaldicLeague: false },
      power: 'protestant',
      card: 'landsknechts',
      expect: forbids(['Protestant gains no mercenaries'], ['протестанты не получают наёмников']),
    },
  ]);
  table(hasPlacementSpace, { code: 'hasPlacementSpace', rule: '14 step 1', ruling: 'R32' }, [
    {
      title: '[14 step 1, ruling R32] allows the Hapsburg, with units in Vienna',
      power: 'hapsburg',
      card: 'landsknechts',
      expect: ALLOWS,
    },
    {
      title: '[14 step 1, ruling R32] forbids the Ottoman’s Swiss Mercenaries when France has no land units anywhere',
      power: 'ottoman',
      card: 'swiss-mercenaries',
      expect: forbids(['France has no land units outside a siege'], ['У Франции нигде нет сухопутных частей']),
    },
  ]);
  table(arePlacementsLegal, { code: 'arePlacementsLegal', rule: '14 step 1', ruling: 'R32' }, [
    {
      title: '[14 step 1, ruling R32] allows 4 new Hapsburg mercenaries in Vienna, the battle space',
      power: 'hapsburg',
      card: 'landsknechts',
      expect: ALLOWS,
    },
    {
      title: '[14 step 1, ruling R32] allows them split between Vienna and Linz, where Hapsburg units stand',
      power: 'hapsburg',
      card: 'landsknechts',
      placements: [
        { space: 'vienna', mercenaries: 3 },
        { space: 'linz', mercenaries: 1 },
      ],
      expect: ALLOWS,
    },
    {
      title: '[14 step 1, ruling R32] forbids placing them in besieged Buda, inside with the garrison',
      power: 'hapsburg',
      card: 'landsknechts',
      placements: [{ space: 'buda', mercenaries: 4, inside: true }],
      expect: forbids(['only where Hapsburg has land units not under siege', 'Vienna, Linz'], ['не в осаде']),
    },
    {
      title: '[14 step 1, ruling R32] forbids placing 3 of the 4',
      power: 'hapsburg',
      card: 'landsknechts',
      placements: [{ space: 'vienna', mercenaries: 3 }],
      expect: forbids(['exactly 4 new Hapsburg mercenaries'], ['ровно 4 новых наёмников']),
    },
  ]);

  table(isPlacingPlayedCard, { code: 'isPlacingPlayedCard', rule: '14 step 1', ruling: 'R32' }, [
    {
      title: '[14 step 1, ruling R32] allows France’s placement naming Swiss Mercenaries, the card the Ottoman played',
      power: 'ottoman',
      card: 'swiss-mercenaries',
      named: 'swiss-mercenaries',
      expect: ALLOWS,
    },
    {
      title:
        '[14 step 1, ruling R32] forbids France’s placement naming Landsknechts after the Ottoman played Swiss Mercenaries',
      power: 'ottoman',
      card: 'swiss-mercenaries',
      named: 'landsknechts',
      expect: forbids(
        ['Ottoman played Swiss Mercenaries', 'not those of Landsknechts'],
        ['Османы сыграли', 'а не карты «Ландскнехты»'],
      ),
    },
  ]);

  test('[14 step 1] a play checks the card, the hand, the holder and the placements in that order', () => {
    const w = world({ ...AT_VIENNA, hands: { hapsburg: ['landsknechts'] } });
    const play = (card: string, power: BattleCardArgs['power'] = 'hapsburg') =>
      checkBattleCard(w, { power, card, battle: BATTLE, placements: [{ space: 'vienna', mercenaries: 4 }] });
    expect(play('landsknechts')).toEqual({ ok: true });
    expect(play('professional-rowers')).toMatchObject({ code: 'isCardOfProcedures' });
    expect(play('surprise-attack')).toMatchObject({ code: 'isCardOfBattleWindow' });
    expect(play('tercios')).toMatchObject({ code: 'isCardOfBattleWindow' });
    expect(play('swiss-mercenaries')).toMatchObject({ code: 'isCardInHand' });
  });
});

describe('14 step 1 in a session (ruling R32)', () => {
  const cards = (hands: ScenarioInput['hands']): ScenarioInput => ({ ...EXAMPLE, events: [], hands });

  test('[14 step 1, ruling R32] the Hapsburg plays Landsknechts before the book’s battle: 4 mercenaries fight, 14 units + 2 + 1 dice', () => {
    const s = playing(cards({ hapsburg: ['landsknechts'] }), [INTERCEPT!, ROLL!]);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg', rule: '14 step 1', ruling: 'R32' });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      { type: 'card.play', power: 'hapsburg', card: 'landsknechts', placements: [{ space: 'vienna', mercenaries: 4 }] },
      { type: 'card.pass', power: 'hapsburg' },
    ]);
    refuse(
      s,
      { type: 'card.play', power: 'hapsburg', card: 'landsknechts', placements: [{ space: 'graz', mercenaries: 4 }] },
      { code: 'illegal', restriction: 'arePlacementsLegal', ruling: 'R32' },
    );
    accept(s, s.pending!.options[0]!.event);
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { battle: { defender: { dice: 17, landUnits: 14 } } } });
    accept(s, dice(6, 5, 5, 4, 3, 2, 1, 1, 2, 3));
    accept(s, dice(6, 6, 5, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1));
    accept(s, { type: 'casualties.assign', power: 'ottoman', regulars: 4, cavalry: 1 });
    // The owner chooses (ruling R5): the new mercenaries go first.
    accept(s, { type: 'casualties.assign', power: 'hapsburg', mercenaries: 3 });
    // Ruling R9: the losing attacker's retreat to its origin is the engine's.
    const end = finished(s);
    expect(end.hands).toEqual({ hapsburg: [] });
    expect(s.result!.summary.cards).toEqual([
      {
        power: 'hapsburg',
        card: 'landsknechts',
        number: 33,
        window: '14 step 1',
        ruling: 'R32',
        placed: [{ space: 'vienna', power: 'hapsburg', mercenaries: 4, inside: false }],
      },
    ]);
    expect(s.result!.summary.battle?.defender.units).toMatchObject({ regulars: 10, mercenaries: 4 });
    const story = s.trace.filter((t) => t.headline).map((t) => t.note);
    expect(story.map((n) => n.en)).toContainEqual(
      'Hapsburg plays Landsknechts (#33): 4 new Hapsburg mercenaries in Vienna (14 step 1, ruling R32).',
    );
    expect(story.map((n) => n.ru)).toContainEqual(
      expect.stringMatching(/^Габсбурги разыгрывают карту «Ландскнехты» \(№33\)/),
    );
  });

  test('[14 step 1, ruling R32] the attacker is asked first; France’s Swiss Mercenaries for the Ottoman give France nothing to place here', () => {
    const s = playing(cards({ ottoman: ['swiss-mercenaries'] }), [INTERCEPT!, ROLL!]);
    // Ruling R9: the Ottoman's Swiss Mercenaries have nowhere to go (France has no land units): nobody is asked.
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'attacker' } });
    expect(s.summary.skipped.filter((k) => k.kind === 'card')).toEqual([
      expect.objectContaining({
        power: 'ottoman',
        rule: '14 step 1',
        refused: [expect.objectContaining({ code: 'hasPlacementSpace' })],
      }),
    ]);
  });

  test('[14 step 1, ruling R32] the attacker is asked before the defenders', () => {
    const w = world(AT_VIENNA);
    expect(battlePowers(w, BATTLE)).toEqual(['ottoman', 'hapsburg']);
  });

  test('[14 step 1, ruling R32] a power that played is asked again while it holds a card; Swiss Mercenaries gives the Hapsburg 2', () => {
    const s = playing(cards({ hapsburg: ['landsknechts', 'swiss-mercenaries'] }), [INTERCEPT!, ROLL!]);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg' });
    expect(s.pending!.limits).toMatchObject({ window: '14 step 1', destinations: ['vienna'] });
    accept(s, {
      type: 'card.play',
      power: 'hapsburg',
      card: 'landsknechts',
      placements: [{ space: 'vienna', mercenaries: 4 }],
    });
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg' });
    accept(s, {
      type: 'card.play',
      power: 'hapsburg',
      card: 'swiss-mercenaries',
      placements: [{ space: 'vienna', mercenaries: 2 }],
    });
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { battle: { defender: { landUnits: 16 } } } });
  });
});
