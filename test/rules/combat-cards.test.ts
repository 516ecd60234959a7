// The combat cards of 14 steps 4–5 (RULES.md §5, rulings R7, R9, R27, R29, R30, R34, R36): the restrictions on a play
// as truth tables, then whole battles with Arquebusiers (#24), Field Artillery (#25), Mercenaries Bribed (#26) and
// Tercios (#30) played and scripted dice.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  bribeMercenaries,
  checkCombatCard,
  combatCardPlays,
  hasLandUnitsInBattle,
  isBribedSideWithoutOttoman,
  isBriberNotOttoman,
  isCardOfCombatWindow,
  isCombatOptionNamed,
  isFacingHapsburgRegulars,
  isTerciosExtraDiceHapsburg,
  mayGainBribedMercenaries,
  nextCombatResponder,
  type CombatCardArgs,
} from '../../src/rules/combat-cards.ts';
import { check, type Refusal, type Restriction } from '../../src/rules/verdict.ts';
import { CARDS } from '../../src/data/cards.ts';
import { reasonOf } from '../../src/text/reasons/index.ts';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import type { Session } from '../../src/engine/session.ts';
import { world as scenarioWorld, type ScenarioPatch } from '../helpers/fixtures.ts';
import { relocate, replaceStacks, stacksWhere } from '../../src/rules/stacks.ts';
import { withPosition, type World } from '../../src/rules/world.ts';
import { accept, dice, finished, piecesAt, playing, refuse, type Event } from '../helpers/session.ts';
import { ALLOWS, forbids, truthTable, type Expected, type Refused } from '../helpers/truth-table.ts';

const EXAMPLE = JSON.parse(
  readFileSync(new URL('../../examples/vienna-1517.json', import.meta.url), 'utf8'),
) as ScenarioInput;
const [INTERCEPT, ROLL] = EXAMPLE.events ?? [];

/** The attacker's stacks (listed in `from`, where the scenario allows them) moved into the battle space. */
function world(patch: ScenarioPatch & { readonly from?: string; readonly into?: string }): World {
  const { from, into, ...rest } = patch;
  const w = scenarioWorld(rest);
  if (!from || !into) return w;
  const moving = stacksWhere(w.position, { space: from }).filter((s) => s.power === w.position.impulse.power);
  return withPosition(w, replaceStacks(w.position, moving, relocate(moving, { space: into })));
}

/** The battle of the rulebook's example (RULES.md §6), both sides outside Vienna. */
const BATTLE = { space: 'vienna', attacker: 'ottoman' as const };
type BattlePatch = ScenarioPatch & { readonly from?: string; readonly into?: string };
const AT_VIENNA: BattlePatch = {
  from: 'pressburg',
  into: 'vienna',
  war: [['ottoman', 'hapsburg']],
  alliances: [['hapsburg', 'hungary']],
  control: { pressburg: 'ottoman' },
  stacks: [
    { space: 'vienna', power: 'hapsburg', regulars: 10, leaders: ['charles-v', 'ferdinand'] },
    { space: 'pressburg', power: 'ottoman', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
    { space: 'linz', power: 'england', regulars: 1 },
  ],
  impulse: { power: 'ottoman', cp: 0 },
};
/** France attacks Linz, held by Hapsburg and English mercenaries (ruling R29's two opposing powers). */
const AT_LINZ: BattlePatch = {
  from: 'salzburg',
  into: 'linz',
  control: { salzburg: 'france' },
  war: [
    ['france', 'hapsburg'],
    ['france', 'england'],
  ],
  alliances: [['hapsburg', 'england']],
  stacks: [
    { space: 'salzburg', power: 'france', regulars: 4 },
    { space: 'linz', power: 'hapsburg', regulars: 2, mercenaries: 2 },
    { space: 'linz', power: 'england', mercenaries: 3 },
  ],
  impulse: { power: 'france', cp: 0 },
};
const LINZ = { space: 'linz', attacker: 'france' as const };

interface Row {
  readonly title: string;
  readonly patch?: BattlePatch;
  readonly battle?: CombatCardArgs['battle'];
  readonly power: CombatCardArgs['power'];
  readonly card: string;
  readonly option?: string;
  readonly expect: Expected;
}

function table(r: Restriction<CombatCardArgs>, refusal: Refused, rows: readonly Row[]): void {
  truthTable({
    refusal,
    rows,
    judge: (row) => {
      const w = world(row.patch ?? AT_VIENNA);
      const args: CombatCardArgs = {
        power: row.power,
        card: row.card,
        battle: row.battle ?? BATTLE,
        option: row.option,
      };
      return { world: w, verdicts: [check(r, w, args)] };
    },
  });
}

describe('14 steps 4–5 restrictions', () => {
  table(isCardOfCombatWindow, { code: 'isCardOfCombatWindow', rule: '14 step 4', ruling: 'R27' }, [
    {
      title: '[14 step 4, ruling R27] allows Arquebusiers (#24), a combat card',
      power: 'ottoman',
      card: 'arquebusiers',
      expect: ALLOWS,
    },
    {
      title: '[14 step 4, ruling R27] forbids Landsknechts (#33), played at 14 step 1',
      power: 'hapsburg',
      card: 'landsknechts',
      expect: forbids(['Landsknechts (#33)', '14 step 1'], ['«Ландскнехты» (№33)', '(её момент — 14, шаг 1)']),
    },
    {
      title:
        '[14 step 4, rulings R27, R28] forbids Janissaries (#1), played at 14 step 7, naming all five combat cards, Surprise Attack among them',
      power: 'ottoman',
      card: 'janissaries',
      expect: forbids(
        ['Janissaries (#1)', '(it is played at 14 step 7)', 'Mercenaries Bribed, Surprise Attack and Tercios only'],
        ['«Янычары» (№1)', '(её момент — 14, шаг 7)', '«Подкуп наёмников», «Внезапная атака» и «Терции»'],
      ),
    },
  ]);
  test('[14 steps 4–5, rulings R27, R28] the refusal of a card of another window names every combat card of the window', () => {
    const w = world(AT_VIENNA);
    const v = check(isCardOfCombatWindow, w, { power: 'hapsburg', card: 'gout', battle: BATTLE });
    expect(v.ok).toBe(false);
    const reason = reasonOf(w, v as Refusal);
    const combat = Object.values(CARDS).filter((c) => c.window === 'combat');
    expect(combat.map((c) => c.id)).toContain('surprise-attack');
    for (const c of combat) {
      expect(reason.en).toContain(c.name.en);
      expect(reason.ru).toContain(`«${c.name.ru}»`);
    }
  });
  table(isCombatOptionNamed, { code: 'isCombatOptionNamed', rule: '14 step 4', ruling: 'R30' }, [
    {
      title: '[ruling R30] allows Tercios (#30) with its way named',
      power: 'hapsburg',
      card: 'tercios',
      option: 'extra-dice',
      expect: ALLOWS,
    },
    {
      title: '[ruling R30] forbids Tercios (#30) with no way named',
      power: 'hapsburg',
      card: 'tercios',
      expect: forbids(['one of two ways'], ['одним из двух способов']),
    },
    {
      title: '[ruling R30] forbids Field Artillery (#25) with a way: only Tercios names one',
      power: 'ottoman',
      card: 'field-artillery',
      option: 'extra-dice',
      expect: forbids(['Field Artillery (#25) has no option'], ['«Полевая артиллерия» (№25)']),
    },
  ]);
  table(hasLandUnitsInBattle, { code: 'hasLandUnitsInBattle', rule: '14 step 4', ruling: 'R27' }, [
    {
      title: '[14 step 5, ruling R27] allows the defending Hapsburg, with land units in the battle (FB-09)',
      power: 'hapsburg',
      card: 'arquebusiers',
      expect: ALLOWS,
    },
    {
      title: '[14 step 4, ruling R27] forbids England, whose only land unit is in Linz (FB-09)',
      power: 'england',
      card: 'field-artillery',
      expect: forbids(
        ['England has no land units in the battle in Vienna', 'Field Artillery (#25)'],
        ['У Англии нет сухопутных частей в сражении в Вене'],
      ),
    },
    {
      title: '[14 step 4, ruling R27] forbids a side of leaders only (its land units all gone)',
      patch: {
        ...AT_VIENNA,
        stacks: [
          { space: 'vienna', power: 'hapsburg', leaders: ['charles-v'] },
          { space: 'pressburg', power: 'ottoman', regulars: 2 },
        ],
      },
      power: 'hapsburg',
      card: 'arquebusiers',
      expect: forbids(['Hapsburg has no land units in the battle'], ['У Габсбургов нет сухопутных частей']),
    },
    {
      title: '[14 step 5, ruling R27] allows England too, a second defending major power, in Linz (FB-09)',
      patch: AT_LINZ,
      battle: LINZ,
      power: 'england',
      card: 'arquebusiers',
      expect: ALLOWS,
    },
  ]);
  table(isTerciosExtraDiceHapsburg, { code: 'isTerciosExtraDiceHapsburg', rule: '14 step 4', ruling: 'R30' }, [
    {
      title: '[ruling R30] allows the Hapsburg its 3 extra dice',
      power: 'hapsburg',
      card: 'tercios',
      option: 'extra-dice',
      expect: ALLOWS,
    },
    {
      title: '[ruling R30] forbids the Ottoman Tercios’ extra dice',
      power: 'ottoman',
      card: 'tercios',
      option: 'extra-dice',
      expect: forbids(['Only the Hapsburg gains'], ['получают только Габсбурги', 'Османы могут']),
    },
  ]);
  table(isFacingHapsburgRegulars, { code: 'isFacingHapsburgRegulars', rule: '14 step 4', ruling: 'R30' }, [
    {
      title: '[ruling R30] allows the Ottoman, facing 10 Hapsburg regulars, to take 3 Hapsburg dice',
      power: 'ottoman',
      card: 'tercios',
      option: 'fewer-dice',
      expect: ALLOWS,
    },
    {
      title: '[ruling R30] forbids it against 2 Hapsburg regulars',
      patch: {
        ...AT_VIENNA,
        stacks: [
          { space: 'vienna', power: 'hapsburg', regulars: 2, mercenaries: 4 },
          { space: 'pressburg', power: 'ottoman', regulars: 2 },
        ],
      },
      power: 'ottoman',
      card: 'tercios',
      option: 'fewer-dice',
      expect: forbids(['faces 2 Hapsburg regulars', 'at least 3'], ['регулярных частей Габсбургов: 2']),
    },
    {
      title: '[ruling R30] forbids the Hapsburg to take dice from its own side',
      power: 'hapsburg',
      card: 'tercios',
      option: 'fewer-dice',
      expect: forbids(['Hapsburg faces 0 Hapsburg regulars'], ['регулярных частей Габсбургов: 0']),
    },
  ]);
  table(isBriberNotOttoman, { code: 'isBriberNotOttoman', rule: '14 step 4', ruling: 'R29' }, [
    {
      title: '[ruling R29] allows France to bribe',
      patch: AT_LINZ,
      battle: LINZ,
      power: 'france',
      card: 'mercenaries-bribed',
      expect: ALLOWS,
    },
    {
      title: '[ruling R29] forbids the Ottoman to play Mercenaries Bribed (#26)',
      power: 'ottoman',
      card: 'mercenaries-bribed',
      expect: forbids(['Ottoman may not play Mercenaries Bribed (#26)'], ['Османы не могут']),
    },
  ]);
  table(isBribedSideWithoutOttoman, { code: 'isBribedSideWithoutOttoman', rule: '14 step 4', ruling: 'R29' }, [
    {
      title: '[ruling R29] allows it against the Hapsburg and English side',
      patch: AT_LINZ,
      battle: LINZ,
      power: 'france',
      card: 'mercenaries-bribed',
      expect: ALLOWS,
    },
    {
      title: '[ruling R29] forbids the Hapsburg to play it against the Ottoman side',
      power: 'hapsburg',
      card: 'mercenaries-bribed',
      expect: forbids(['never played against a side with Ottoman land units'], ['против стороны']),
    },
  ]);
  table(mayGainBribedMercenaries, { code: 'mayGainBribedMercenaries', rule: '21.6', ruling: 'R34' }, [
    {
      title: '[21.6, ruling R34] allows France to gain bribed mercenaries',
      patch: AT_LINZ,
      battle: LINZ,
      power: 'france',
      card: 'mercenaries-bribed',
      expect: ALLOWS,
    },
    {
      title: '[21.6, ruling R34] forbids the Protestant to gain them before the League',
      patch: { ...AT_LINZ, schmalkaldicLeague: false },
      battle: LINZ,
      power: 'protestant',
      card: 'mercenaries-bribed',
      expect: forbids(['Protestant gains no mercenaries'], ['протестанты не получают наёмников']),
    },
  ]);

  test('[14 step 4, ruling R27] a play checks the card, the hand, the way and the holder in that order', () => {
    const w = world({ ...AT_VIENNA, hands: { ottoman: ['arquebusiers'], hapsburg: ['tercios'] } });
    const play = (power: CombatCardArgs['power'], card: string, option?: string) =>
      checkCombatCard(w, { power, card, battle: BATTLE, option });
    expect(play('ottoman', 'arquebusiers')).toEqual({ ok: true });
    expect(play('ottoman', 'professional-rowers')).toMatchObject({ code: 'isCardOfProcedures', rule: 'R14' });
    expect(play('ottoman', 'surprise-attack')).toMatchObject({ code: 'isCardInHand' });
    expect(play('ottoman', 'gout')).toMatchObject({ code: 'isCardOfCombatWindow' });
    expect(play('ottoman', 'field-artillery')).toMatchObject({ code: 'isCardInHand' });
    expect(play('hapsburg', 'tercios')).toMatchObject({ code: 'isCombatOptionNamed' });
    expect(play('hapsburg', 'tercios', 'fewer-dice')).toMatchObject({ code: 'isFacingHapsburgRegulars' });
    expect(play('hapsburg', 'tercios', 'extra-dice')).toEqual({ ok: true });
  });

  test('[ruling R30] each of Tercios’ ways is a play of its own, a refused way listed with its rule', () => {
    const w = world({ ...AT_VIENNA, hands: { ottoman: ['tercios'] } });
    const { plays, refused } = combatCardPlays(w, 'ottoman', BATTLE);
    expect(plays).toEqual([{ power: 'ottoman', card: 'tercios', option: 'fewer-dice' }]);
    expect(refused).toMatchObject([
      { card: 'tercios', option: 'extra-dice', refusal: { code: 'isTerciosExtraDiceHapsburg', ruling: 'R30' } },
    ]);
  });

  test('[ruling R27] the attacker, then the defenders; never one before the last asked (FB-08)', () => {
    const w = world({ ...AT_VIENNA, hands: { ottoman: ['arquebusiers'], hapsburg: ['field-artillery'] } });
    expect(nextCombatResponder(w, BATTLE, { passed: [] })).toBe('ottoman');
    expect(nextCombatResponder(w, BATTLE, { passed: ['ottoman'] })).toBe('hapsburg');
    expect(nextCombatResponder(w, BATTLE, { passed: [], asked: 'hapsburg' })).toBe('hapsburg');
    expect(nextCombatResponder(w, BATTLE, { passed: ['hapsburg'], asked: 'hapsburg' })).toBeUndefined();
  });

  test('[14 step 5, ruling R27] each defending major power in impulse order: the Hapsburg, then England (FB-09)', () => {
    const w = world({
      ...AT_LINZ,
      hands: { france: ['mercenaries-bribed'], hapsburg: ['field-artillery'], england: ['arquebusiers'] },
    });
    expect(nextCombatResponder(w, LINZ, { passed: [] })).toBe('france');
    expect(nextCombatResponder(w, LINZ, { passed: ['france'], asked: 'france' })).toBe('hapsburg');
    expect(nextCombatResponder(w, LINZ, { passed: ['france', 'hapsburg'], asked: 'hapsburg' })).toBe('england');
    // The Hapsburg, asked before England, is not asked again after England's pass.
    expect(nextCombatResponder(w, LINZ, { passed: ['france', 'england'], asked: 'england' })).toBeUndefined();
  });

  test('[ruling R29] half the opposing mercenaries, rounded up, from the opposing powers in impulse order', () => {
    const w = world(AT_LINZ);
    const r = bribeMercenaries(w, LINZ, 'france');
    expect(r.mercenaries).toBe(3);
    expect(r.bribed).toEqual([
      { power: 'hapsburg', mercenaries: 2 },
      { power: 'england', mercenaries: 1 },
    ]);
    const at = (power: string) => r.position.stacks.filter((s) => s.space === 'linz' && s.power === power);
    expect(at('france')).toMatchObject([{ regulars: 4, mercenaries: 3 }]);
    expect(at('hapsburg')).toMatchObject([{ regulars: 2, mercenaries: 0 }]);
    expect(at('england')).toMatchObject([{ mercenaries: 2 }]);
  });
});

/** Answers every decision but the card windows and the rolls with the default policy's answer (a decline). */
function untilCardOrRoll(s: Session): void {
  for (let i = 0; i < 20 && s.pending && s.pending.kind !== 'card' && s.pending.kind !== 'roll'; i++) {
    const decline = s.pending.options.find((o) => /decline|pass/.test(o.event.type));
    accept(s, (decline ?? s.pending.options[0]!).event as Event);
  }
}

describe('14 steps 4–5 in a session (rulings R27, R29, R30)', () => {
  const cards = (hands: ScenarioInput['hands']): ScenarioInput => ({ ...EXAMPLE, events: [], hands });

  test('[14 step 4, ruling R27] the attacker plays two cards, Field Artillery (+3 for the Ottoman) and Arquebusiers (+2), then passes no more: 15 dice', () => {
    const s = playing(cards({ ottoman: ['field-artillery', 'arquebusiers'] }), [INTERCEPT!, ROLL!]);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'ottoman', rule: '14 step 4', ruling: 'R27' });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      { type: 'card.play', power: 'ottoman', card: 'field-artillery' },
      { type: 'card.play', power: 'ottoman', card: 'arquebusiers' },
      { type: 'card.pass', power: 'ottoman' },
    ]);
    // The defender is not asked now, nor may it pass for the attacker.
    refuse(s, { type: 'card.pass', power: 'hapsburg' }, {});
    accept(s, { type: 'card.play', power: 'ottoman', card: 'field-artillery' });
    // Asked again while it has a play (ruling R27).
    expect(s.pending).toMatchObject({ kind: 'card', power: 'ottoman' });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      { type: 'card.play', power: 'ottoman', card: 'arquebusiers' },
      { type: 'card.pass', power: 'ottoman' },
    ]);
    accept(s, { type: 'card.play', power: 'ottoman', card: 'arquebusiers' });
    // Nothing left to play: the window closes without a pass (ruling R9); the roll counts 10 + 3 + 2 dice.
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'attacker', dice: 15 } });
    expect(s.pending!.roll!.terms.filter((t) => t.source.kind === 'card')).toEqual([
      {
        source: { kind: 'card', card: 'field-artillery', power: 'ottoman' },
        rule: '14 step 4',
        ruling: 'R27',
        count: 3,
        hitOn: 5,
      },
      {
        source: { kind: 'card', card: 'arquebusiers', power: 'ottoman' },
        rule: '14 step 4',
        ruling: 'R27',
        count: 2,
        hitOn: 5,
      },
    ]);
    accept(s, dice(6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1));
    accept(s, dice(6, 6, 5, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1));
    // 6 hits to 5: the Ottoman wins; the Hapsburg loses 6, the Ottoman 5.
    accept(s, { type: 'casualties.assign', power: 'ottoman', regulars: 4, cavalry: 1 });
    for (let i = 0; i < 5 && s.pending; i++) accept(s, s.pending.options[0]!.event as Event);
    const end = finished(s);
    expect(end.hands).toEqual({ ottoman: [] });
    expect(s.result!.summary.battle).toMatchObject({
      winner: 'attacker',
      attacker: { dice: { units: 8, leader: 2, defender: 0, total: 15 }, hits: 6 },
      defender: { dice: { total: 13 }, hits: 5 },
    });
    expect(s.result!.summary.cards).toEqual([
      {
        power: 'ottoman',
        card: 'field-artillery',
        number: 25,
        window: '14 step 4',
        ruling: 'R27',
        side: 'attacker',
        dice: 3,
      },
      {
        power: 'ottoman',
        card: 'arquebusiers',
        number: 24,
        window: '14 step 4',
        ruling: 'R27',
        side: 'attacker',
        dice: 2,
      },
    ]);
    const story = s.trace.filter((t) => t.headline).map((t) => t.note);
    expect(story.map((n) => n.en)).toContainEqual(
      "Ottoman plays Field Artillery (#25): 3 more dice for the attacker's side (14 step 4, ruling R27).",
    );
    expect(story.map((n) => n.ru)).toContainEqual(
      'Османы разыгрывают карту «Полевая артиллерия» (№25): стороне атакующего — ещё 3 кубика (14, шаг 4, постановление R27).',
    );
  });

  test('[14 step 5, ruling R30] a defender’s play: the Hapsburg’s Tercios adds 3 dice hitting on 4–6 after the Ottoman passed', () => {
    const s = playing(cards({ ottoman: ['arquebusiers'], hapsburg: ['tercios', 'mercenaries-bribed'] }), [
      INTERCEPT!,
      ROLL!,
    ]);
    accept(s, { type: 'card.pass', power: 'ottoman' });
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg', rule: '14 step 5' });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      { type: 'card.play', power: 'hapsburg', card: 'tercios', option: 'extra-dice' },
      { type: 'card.pass', power: 'hapsburg' },
    ]);
    // The refused plays are listed with their rules: Tercios' other way, Mercenaries Bribed against the Ottoman.
    expect(s.pending!.blocked.map((b) => [b.option, b.code, b.ruling])).toEqual([
      [{ power: 'hapsburg', card: 'tercios', option: 'fewer-dice' }, 'isFacingHapsburgRegulars', 'R30'],
      [{ power: 'hapsburg', card: 'mercenaries-bribed' }, 'isBribedSideWithoutOttoman', 'R29'],
    ]);
    // The attacker passed: it answers no more (ruling R27).
    refuse(s, { type: 'card.play', power: 'ottoman', card: 'arquebusiers' }, {});
    refuse(s, { type: 'card.play', power: 'hapsburg', card: 'tercios' }, { restriction: 'isCombatOptionNamed' });
    accept(s, { type: 'card.play', power: 'hapsburg', card: 'tercios', option: 'extra-dice' });
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'attacker', dice: 10 } });
    accept(s, dice(6, 5, 5, 4, 3, 2, 1, 1, 2, 3));
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'defender', dice: 16 } });
    // The 13 dice of the book hit on 5–6 (5 hits); the last 3, Tercios', on 4–6: 4, 4, 3 add 2.
    accept(s, dice(6, 6, 5, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 3));
    expect(s.pending).toMatchObject({ kind: 'casualties' });
    accept(s, { type: 'casualties.assign', power: 'ottoman', regulars: 6, cavalry: 1 });
    for (let i = 0; i < 5 && s.pending; i++) accept(s, s.pending.options[0]!.event as Event);
    finished(s);
    expect(s.result!.summary.battle).toMatchObject({ winner: 'defender', defender: { hits: 7, dice: { total: 16 } } });
    expect(s.result!.summary.cards).toEqual([
      {
        power: 'hapsburg',
        card: 'tercios',
        number: 30,
        window: '14 step 5',
        ruling: 'R30',
        option: 'extra-dice',
        side: 'defender',
        dice: 3,
      },
    ]);
  });

  test('[ruling R9] nobody with a play: the window asks nobody, and the summary says why', () => {
    const s = playing(cards({ hapsburg: ['mercenaries-bribed'], england: ['arquebusiers'] }), [INTERCEPT!, ROLL!]);
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'attacker', dice: 10 } });
    expect(s.summary.skipped.filter((k) => k.kind === 'card')).toEqual([
      expect.objectContaining({
        power: 'hapsburg',
        rule: '14 step 5',
        refused: [expect.objectContaining({ code: 'isBribedSideWithoutOttoman', ruling: 'R29' })],
      }),
      expect.objectContaining({
        power: 'england',
        rule: '14 step 5',
        refused: [expect.objectContaining({ code: 'hasLandUnitsInBattle', ruling: 'R27' })],
      }),
    ]);
  });

  test('[ruling R29] France bribes 3 of 5 mercenaries, 2 Hapsburg then 1 English (impulse order); both sides’ dice counted again', () => {
    const s = playing(
      {
        war: [
          ['france', 'hapsburg'],
          ['france', 'england'],
        ],
        alliances: [['hapsburg', 'england']],
        control: { salzburg: 'france' },
        stacks: [
          { space: 'salzburg', power: 'france', regulars: 4 },
          { space: 'linz', power: 'hapsburg', regulars: 2, mercenaries: 2 },
          { space: 'linz', power: 'england', mercenaries: 3 },
        ],
        impulse: { power: 'france', cp: 1 },
        move: { from: 'salzburg', to: 'linz', regulars: 4 },
        hands: { france: ['mercenaries-bribed'] },
      },
      [],
    );
    untilCardOrRoll(s);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'france', rule: '14 step 4' });
    expect(s.pending!.options[0]!.label.en).toBe(
      "Play Mercenaries Bribed (#26): 3 of the opposing side's mercenaries become French mercenaries",
    );
    accept(s, { type: 'card.play', power: 'france', card: 'mercenaries-bribed' });
    // France 4 regulars + 3 mercenaries; the defenders 2 regulars + 2 English mercenaries + 1.
    expect(s.pending).toMatchObject({
      kind: 'roll',
      roll: { purpose: 'attacker', dice: 7, battle: { attacker: { dice: 7 }, defender: { dice: 5, landUnits: 4 } } },
    });
    accept(s, dice(1, 1, 1, 1, 1, 1, 1));
    accept(s, dice(1, 1, 1, 1, 1));
    expect(s.result ?? s.pending).toBeTruthy();
    for (let i = 0; i < 5 && s.pending; i++) accept(s, s.pending.options[0]!.event as Event);
    const end = finished(s);
    expect(s.result!.summary.cards).toEqual([
      {
        power: 'france',
        card: 'mercenaries-bribed',
        number: 26,
        window: '14 step 4',
        ruling: 'R29',
        bribed: [
          { power: 'hapsburg', mercenaries: 2 },
          { power: 'england', mercenaries: 1 },
        ],
        mercenaries: 3,
      },
    ]);
    // No hits either way: the defender wins the tie (14 step 8); France retreats to Salzburg with its new mercenaries.
    expect(piecesAt(end, 'salzburg', 'france')).toMatchObject({ regulars: 4, mercenaries: 3 });
    expect(piecesAt(end, 'linz', 'hapsburg')).toMatchObject({ regulars: 2, mercenaries: 0 });
    expect(piecesAt(end, 'linz', 'england')).toMatchObject({ mercenaries: 2 });
    const story = s.trace.filter((t) => t.headline).map((t) => t.note);
    expect(story.map((n) => n.en)).toContainEqual(
      'France plays Mercenaries Bribed (#26): 3 mercenaries change sides (2 from Hapsburg, 1 from England) and fight for France (14 step 4, ruling R29).',
    );
    expect(story.map((n) => n.ru)).toContainEqual(
      expect.stringMatching(/^Франция разыгрывает карту «Подкуп наёмников» \(№26\)/),
    );
  });

  test('[ruling R30] Tercios’ fewer dice bring the attacking Hapsburg side to zero dice: it rolls nothing and loses', () => {
    const s = playing(
      {
        war: [['france', 'hapsburg']],
        stacks: [
          { space: 'vienna', power: 'hapsburg', regulars: 3 },
          { space: 'linz', power: 'france', regulars: 2 },
        ],
        control: { linz: 'france' },
        impulse: { power: 'hapsburg', cp: 1 },
        move: { from: 'vienna', to: 'linz', regulars: 3 },
        hands: { france: ['tercios'] },
      },
      [],
    );
    untilCardOrRoll(s);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'france', rule: '14 step 5' });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      { type: 'card.play', power: 'france', card: 'tercios', option: 'fewer-dice' },
      { type: 'card.pass', power: 'france' },
    ]);
    accept(s, { type: 'card.play', power: 'france', card: 'tercios', option: 'fewer-dice' });
    // 3 dice − 3: the Hapsburg rolls none, and the engine rolls the empty roll itself (ruling R9).
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'defender', dice: 3 } });
    accept(s, dice(1, 1, 1));
    for (let i = 0; i < 5 && s.pending; i++) accept(s, s.pending.options[0]!.event as Event);
    const end = finished(s);
    expect(s.result!.summary.battle).toMatchObject({
      winner: 'defender',
      attacker: { dice: { units: 3, total: 0 }, rolled: [], hits: 0 },
      defender: { dice: { total: 3 }, hits: 0 },
    });
    expect(s.result!.summary.battle!.attacker.terms.at(-1)).toEqual({
      source: { kind: 'card', card: 'tercios', power: 'france' },
      rule: '14 step 5',
      ruling: 'R30',
      count: -3,
      hitOn: 5,
    });
    expect(piecesAt(end, 'vienna', 'hapsburg')).toMatchObject({ regulars: 3 });
  });

  test('[14 step 9, ruling R7] both sides wiped out: the Ottoman rolled more dice with Field Artillery (5 to 3) and keeps a unit', () => {
    const s = playing(
      {
        war: [['ottoman', 'hapsburg']],
        control: { agram: 'ottoman' },
        stacks: [
          { space: 'agram', power: 'ottoman', regulars: 2 },
          { space: 'graz', power: 'hapsburg', regulars: 2 },
        ],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'agram', to: 'graz', regulars: 2 },
        hands: { ottoman: ['field-artillery'] },
      },
      [],
    );
    untilCardOrRoll(s);
    accept(s, { type: 'card.play', power: 'ottoman', card: 'field-artillery' });
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'attacker', dice: 5 } });
    accept(s, dice(6, 6, 1, 1, 1));
    accept(s, dice(6, 6, 1));
    for (let i = 0; i < 5 && s.pending; i++) accept(s, s.pending.options[0]!.event as Event);
    const end = finished(s);
    // 2 hits each: the tie goes to the defender (14 step 8), but the Ottoman, who rolled more dice, keeps one.
    expect(s.result!.summary.battle).toMatchObject({
      winner: 'defender',
      attacker: { dice: { total: 5 }, kept: 'regulars' },
      defender: { dice: { total: 3 }, kept: null },
    });
    expect(piecesAt(end, 'graz', 'hapsburg').regulars).toBe(0);
    expect(piecesAt(end, 'agram', 'ottoman').regulars).toBe(1);
  });
});
