// Foul Weather (#31) and Gout (#32) at 13.1 step 4 (RULES.md §5, rulings R9, R14, R26, R33, R36): the restrictions
// on a play, as truth tables; then whole moves with their cards, their marks for the rest of the impulse and the
// refusals a later move of the same impulse meets.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  checkMoveCard,
  hasArmyLeaderInFormation,
  isCardInHand,
  isCardOfMoveWindow,
  isCardOfProcedures,
  isGoutLeaderInFormation,
  isOtherThanMovingPower,
  MOVE_CARD_RESTRICTIONS,
  type MoveCardArgs,
} from '../../src/rules/cards.ts';
import { check, type Restriction } from '../../src/rules/verdict.ts';
import { checkContinue, isNotStoppedByFoulWeather } from '../../src/rules/withdrawal.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { resolve } from '../../src/engine/resolve.ts';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import { depart, VIENNA, world, type ScenarioPatch } from '../helpers/fixtures.ts';
import { accept, finished, piecesAt, playing, refuse } from '../helpers/session.ts';
import { ALLOWS, forbids, truthTable, type Expected, type Refused } from '../helpers/truth-table.ts';

const EXAMPLE = JSON.parse(
  readFileSync(new URL('../../examples/vienna-1517.json', import.meta.url), 'utf8'),
) as ScenarioInput;
/** The rulebook's Vienna move (RULES.md §6), unscripted, with these hands. */
const vienna = (hands: ScenarioInput['hands'], patch: Partial<ScenarioInput> = {}): ScenarioInput => ({
  ...EXAMPLE,
  events: [],
  hands,
  ...patch,
});
const SULEIMAN_ALONE = { from: 'pressburg', to: 'vienna', regulars: 4 };

// ---------------------------------------------------------------------------------------------------------------
// Truth tables

interface CardRow {
  readonly title: string;
  readonly patch: ScenarioPatch;
  readonly power: MoveCardArgs['power'];
  readonly card: string;
  readonly leader?: string;
  /** The formation's units (the rulebook's by default). */
  readonly moving?: { regulars: number; cavalry?: number; leaders?: string[] };
  readonly expect: Expected;
}

function cardTable(r: Restriction<MoveCardArgs>, refusal: Refused, rows: readonly CardRow[]): void {
  truthTable({
    refusal,
    rows,
    judge: (row) => {
      const stacks = row.moving
        ? [
            ...(row.patch.stacks ?? []).filter((x) => x.space !== 'pressburg'),
            { space: 'pressburg', power: 'ottoman' as const, ...row.moving },
          ]
        : row.patch.stacks;
      const base = world({ ...row.patch, ...(stacks ? { stacks } : {}) });
      const { world: w, leg } = depart(base, 'ottoman', 'pressburg', 'vienna');
      const args: MoveCardArgs = { power: row.power, card: row.card, leg, leader: row.leader };
      return { world: w, verdicts: [check(r, w, args), checkMoveCard(w, args)] };
    },
  });
}

const HANDS: ScenarioPatch = { ...VIENNA, hands: { hapsburg: ['foul-weather'], france: ['gout'], ottoman: [] } };

describe('isCardOfProcedures', () => {
  cardTable(isCardOfProcedures, { code: 'isCardOfProcedures', rule: 'R14', ruling: 'R14' }, [
    {
      title: '[ruling R14] allows Foul Weather, a card whose window the engine runs',
      patch: HANDS,
      power: 'hapsburg',
      card: 'foul-weather',
      expect: ALLOWS,
    },
    {
      title: '[ruling R14] forbids a card outside these procedures',
      patch: HANDS,
      power: 'hapsburg',
      card: 'siege-artillery',
      expect: forbids(["'siege-artillery'", 'ruling R14'], ['«siege-artillery»', 'постановление R14']),
    },
    {
      // RULES.md §5: Professional Rowers (#34) is naval only; no window of 13.1–14 plays it.
      title: '[ruling R14] forbids Professional Rowers, a naval card outside these procedures',
      patch: HANDS,
      power: 'hapsburg',
      card: 'professional-rowers',
      expect: forbids(["'professional-rowers'", 'ruling R14'], ['«professional-rowers»', 'постановление R14']),
    },
  ]);
});

describe('isCardOfMoveWindow', () => {
  test('[13.1 step 4] no card of another window is supported yet, so the restriction is reached only by a supported card', () => {
    const w = world(HANDS);
    const { leg } = depart(w, 'ottoman', 'pressburg', 'vienna');
    expect(check(isCardOfMoveWindow, w, { power: 'hapsburg', card: 'foul-weather', leg })).toEqual({ ok: true });
    expect(check(isCardOfMoveWindow, w, { power: 'hapsburg', card: 'tercios', leg })).toMatchObject({
      ok: false,
      code: 'isCardOfMoveWindow',
      rule: '13.1 step 4',
      facts: { card: 'tercios', window: '14 step 4' },
    });
  });
});

describe('isCardInHand', () => {
  cardTable(isCardInHand, { code: 'isCardInHand', rule: 'R33', ruling: 'R33' }, [
    {
      title: '[ruling R33] allows the Hapsburg to play the Foul Weather it holds',
      patch: HANDS,
      power: 'hapsburg',
      card: 'foul-weather',
      expect: ALLOWS,
    },
    {
      title: '[ruling R33] forbids France to play Foul Weather, which the Hapsburg holds',
      patch: HANDS,
      power: 'france',
      card: 'foul-weather',
      expect: forbids(['France does not hold Foul Weather (#31)'], ['У Франции нет карты «Непогода» (№31)']),
    },
  ]);
});

describe('isOtherThanMovingPower', () => {
  cardTable(isOtherThanMovingPower, { code: 'isOtherThanMovingPower', rule: '13.1 step 4', ruling: 'R26' }, [
    {
      title: '[13.1 step 4, ruling R26] allows the Hapsburg to play Foul Weather against the Ottoman move (MOV-26)',
      patch: HANDS,
      power: 'hapsburg',
      card: 'foul-weather',
      expect: ALLOWS,
    },
    {
      title: '[13.1 step 4, ruling R26] forbids the Ottoman to play Foul Weather against its own move (MOV-26)',
      patch: { ...VIENNA, hands: { ottoman: ['foul-weather'] } },
      power: 'ottoman',
      card: 'foul-weather',
      expect: forbids(['Ottoman is the power moving', 'another power'], ['Османы совершают движение сами']),
    },
  ]);
});

describe('hasArmyLeaderInFormation', () => {
  cardTable(hasArmyLeaderInFormation, { code: 'hasArmyLeaderInFormation', rule: '13.1 step 4', ruling: 'R26' }, [
    {
      title: '[13.1 step 4, ruling R26] allows Gout against a formation led by Suleiman',
      patch: HANDS,
      power: 'france',
      card: 'gout',
      leader: 'suleiman',
      expect: ALLOWS,
    },
    {
      title: '[13.1 step 4, ruling R26] forbids Gout against a formation of regulars without an army leader',
      patch: HANDS,
      power: 'france',
      card: 'gout',
      moving: { regulars: 4 },
      expect: forbids(['needs an army leader', 'Pressburg has none'], ['нужен командующий', 'из Пресбурга']),
    },
  ]);
});

describe('isGoutLeaderInFormation', () => {
  cardTable(isGoutLeaderInFormation, { code: 'isGoutLeaderInFormation', rule: '13.1 step 4', ruling: 'R26' }, [
    {
      title: '[13.1 step 4, ruling R26] allows Gout on Ibrahim Pasha, a leader of the formation',
      patch: HANDS,
      power: 'france',
      card: 'gout',
      leader: 'ibrahim-pasha',
      expect: ALLOWS,
    },
    {
      title: '[13.1 step 4, ruling R26] forbids Gout on Charles V, who is not in the moving formation',
      patch: HANDS,
      power: 'france',
      card: 'gout',
      leader: 'charles-v',
      expect: forbids(['Charles V is not in the formation'], ['Карл V не входит в соединение']),
    },
    {
      title: '[13.1 step 4, ruling R26] forbids Gout that names no leader (the player of the card chooses one)',
      patch: HANDS,
      power: 'france',
      card: 'gout',
      expect: forbids(['names the army leader'], ['нужно указать командующего']),
    },
    {
      title: '[13.1 step 4, ruling R26] forbids a leader named with Foul Weather, which strikes no leader',
      patch: HANDS,
      power: 'hapsburg',
      card: 'foul-weather',
      leader: 'suleiman',
      expect: forbids(['names no leader'], ['командующий не указывается']),
    },
  ]);

  test('[13.1 step 4] the restrictions go from the card to its holder to the choice inside the play', () => {
    expect(MOVE_CARD_RESTRICTIONS.map((r) => r.name)).toEqual([
      'isCardOfProcedures',
      'isCardOfMoveWindow',
      'isCardInHand',
      'isOtherThanMovingPower',
      'hasArmyLeaderInFormation',
      'isGoutLeaderInFormation',
    ]);
  });
});

describe('isNotStoppedByFoulWeather', () => {
  // The Ottoman entered Vienna, whose defenders withdrew inside and are not outnumbered (13.4).
  const intoVienna = (foulWeather: boolean) => {
    const base = world({
      war: [['ottoman', 'hapsburg']],
      control: { pressburg: 'ottoman' },
      stacks: [
        { space: 'pressburg', power: 'ottoman', regulars: 3, leaders: ['ibrahim-pasha'] },
        { space: 'vienna', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'], inside: true },
      ],
      impulse: { power: 'ottoman', cp: 2, ...(foulWeather ? { foulWeather: true } : {}) },
    });
    return depart(base, 'ottoman', 'pressburg', 'vienna');
  };
  truthTable<{ title: string; foulWeather: boolean; expect: Expected }>({
    refusal: { code: 'isNotStoppedByFoulWeather', rule: '13.4 option 1', ruling: 'R26' },
    rows: [
      {
        title: '[13.4 option 1, ruling R26] allows moving on to Linz without Foul Weather',
        foulWeather: false,
        expect: ALLOWS,
      },
      {
        title: '[13.4 option 1, ruling R26] forbids moving on to Linz after Foul Weather this impulse',
        foulWeather: true,
        expect: forbids(
          ['Foul Weather (#31)', 'no Ottoman formation moves on'],
          ['«Непогода» (№31)', 'дальше не двигаются'],
        ),
      },
    ],
    judge: (row) => {
      const { world: w, leg } = intoVienna(row.foulWeather);
      const args = { leg, to: 'linz', cp: 2 };
      return { world: w, verdicts: [check(isNotStoppedByFoulWeather, w, args), checkContinue(w, args)] };
    },
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Whole moves

describe('13.1 step 4 in a session (ruling R26)', () => {
  test('[13.1 step 4, ruling R26] the Hapsburg plays Foul Weather: the move is cancelled, the CP lost, the mark in the result', () => {
    const s = playing(vienna({ hapsburg: ['foul-weather'] }));
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg', rule: '13.1 step 4', ruling: 'R26' });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      { type: 'card.play', power: 'hapsburg', card: 'foul-weather' },
      { type: 'card.pass', power: 'hapsburg' },
    ]);
    expect(s.pending!.limits).toEqual({
      window: '13.1 step 4',
      cards: [
        {
          card: 'foul-weather',
          number: 31,
          name: { en: 'Foul Weather', ru: 'Непогода', id: 'card.foul-weather.name', params: {} },
          playable: true,
        },
      ],
    });
    accept(s, { type: 'card.play', power: 'hapsburg', card: 'foul-weather' });
    const end = finished(s);
    expect(piecesAt(end, 'pressburg', 'ottoman')).toMatchObject({ regulars: 7, cavalry: 1 });
    expect(end.impulse).toEqual({ power: 'ottoman', cp: 0, foulWeather: true });
    expect(end.hands).toEqual({ hapsburg: [] });
    const summary = s.result!.summary;
    expect(summary.cpSpent).toBe(1);
    expect(summary.interceptions).toEqual([]);
    expect(summary.battle).toBeNull();
    expect(summary.cards).toEqual([
      { power: 'hapsburg', card: 'foul-weather', number: 31, window: '13.1 step 4', ruling: 'R26' },
    ]);
    const story = s.trace.filter((t) => t.headline).map((t) => t.note);
    expect(story.at(-1)!.en).toMatch(
      /^Hapsburg plays Foul Weather \(#31\): the Ottoman move from Pressburg to Vienna is cancelled/,
    );
    expect(story.at(-1)!.ru).toMatch(
      /^Габсбурги разыгрывают карту «Непогода» \(№31\): движение Османов из Пресбурга в Вену отменено/,
    );
  });

  test('[13.1 step 4, ruling R26] France plays Gout on Suleiman: his next move of the impulse is refused, the others may go', () => {
    const s = playing(vienna({ hapsburg: ['foul-weather'], france: ['gout'] }), [
      { type: 'card.pass', power: 'hapsburg' },
    ]);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'france' });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      { type: 'card.play', power: 'france', card: 'gout', leader: 'ibrahim-pasha' },
      { type: 'card.play', power: 'france', card: 'gout', leader: 'suleiman' },
      { type: 'card.pass', power: 'france' },
    ]);
    refuse(
      s,
      { type: 'card.play', power: 'france', card: 'gout', leader: 'charles-v' },
      {
        code: 'illegal',
        restriction: 'isGoutLeaderInFormation',
        ruling: 'R26',
      },
    );
    refuse(s, { type: 'card.pass', power: 'hapsburg' }, { code: 'out-of-turn' });
    accept(s, { type: 'card.play', power: 'france', card: 'gout', leader: 'suleiman' });
    const end = finished(s);
    expect(end.impulse).toEqual({ power: 'ottoman', cp: 0, gout: ['suleiman'] });
    // The next move of the impulse (1 CP more): Suleiman may not go; Ibrahim and the army may.
    // A result position is the next scenario of the impulse (a mutable copy of the frozen one).
    const copy = structuredClone(end) as ScenarioInput;
    const next: ScenarioInput = { ...copy, impulse: { ...copy.impulse!, cp: 1 } };
    expect(() =>
      parseScenario({ ...next, move: { from: 'pressburg', to: 'vienna', regulars: 4, leaders: ['suleiman'] } }),
    ).toThrow(/Suleiman was struck by Gout \(#32\) this impulse and may not move \(ruling R26\)/);
    // The Hapsburg still holds Foul Weather: it is asked again at step 4 of the new move.
    const onward = playing({
      ...next,
      move: { from: 'pressburg', to: 'vienna', regulars: 6, leaders: ['ibrahim-pasha'] },
    });
    expect(onward.pending).toMatchObject({ kind: 'card', power: 'hapsburg' });
  });

  test('[13.2, ruling R26] a leader Gout struck this impulse is left out of the interception options, and refused if named', () => {
    const s = playing({ ...EXAMPLE, events: [], impulse: { power: 'ottoman', cp: 1, gout: ['charles-v'] } });
    expect(s.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg' });
    const declare = s.pending!.options.find((o) => o.event.type === 'intercept.declare')!.event;
    expect(declare).toEqual({ type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 4 });
    refuse(
      s,
      { type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 8, leaders: ['charles-v'] },
      {
        code: 'illegal',
        restriction: 'isNoLeaderStruckByGout',
        ruling: 'R26',
      },
    );
  });

  test('[13.4 option 1, ruling R26] after Foul Weather, the formation that does not outnumber the garrison retreats: moving on is refused', () => {
    const moveOn = JSON.parse(readFileSync(new URL('../../examples/withdrawal-move-on.json', import.meta.url), 'utf8'));
    const marked = { ...moveOn, events: [], impulse: { ...moveOn.impulse, foulWeather: true } };
    const s = playing(marked, moveOn.events.slice(0, 2));
    // Ruling R9: only the retreat is left, so the engine takes it; the result carries the mark on.
    const end = finished(s);
    expect(s.result!.summary.retreats).toEqual([
      expect.objectContaining({ power: 'ottoman', reason: 'origin', to: 'pressburg' }),
    ]);
    expect(s.result!.summary.moves).toHaveLength(1);
    expect(end.impulse).toMatchObject({ foulWeather: true });
    const without = finished(playing({ ...moveOn, events: [] }, moveOn.events));
    expect(piecesAt(without, 'linz', 'ottoman').regulars).toBe(3);
  });

  test('[ruling R9] a window where nobody has a play asks nobody; the held card that may not be played is on the record', () => {
    // The Ottoman holds Foul Weather but moves itself; France's Gout finds no leader in the formation.
    const s = playing(vienna({ ottoman: ['foul-weather'], france: ['gout'] }, { move: { ...SULEIMAN_ALONE } }));
    expect(s.pending).toMatchObject({ kind: 'intercept' });
    const skipped = s.summary.skipped.filter((k) => k.kind === 'card');
    expect(skipped).toEqual([
      expect.objectContaining({
        power: 'ottoman',
        rule: '13.1 step 4',
        refused: [expect.objectContaining({ option: { card: 'foul-weather' }, code: 'isOtherThanMovingPower' })],
      }),
      expect.objectContaining({
        power: 'france',
        refused: [expect.objectContaining({ option: { card: 'gout' }, code: 'hasArmyLeaderInFormation' })],
      }),
    ]);
    const entry = s.trace.find((t) => t.skipped?.some((k) => k.kind === 'card'));
    expect(entry?.skipped?.find((k) => k.power === 'france')?.refused[0]?.reason.en).toMatch(/needs an army leader/);
  });

  test.each(['decline', 'eager'] as const)(
    '[ruling R36] the %s policy passes: both powers are asked, no card is played',
    (policy) => {
      const r = resolve(parseScenario(vienna({ hapsburg: ['foul-weather'], france: ['gout'] })), { seed: 1, policy });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const passes = r.session.log.filter((a) => a.event.type === 'card.pass');
      expect(passes.map((a) => [a.source, a.event])).toEqual([
        ['policy', { type: 'card.pass', power: 'hapsburg' }],
        ['policy', { type: 'card.pass', power: 'france' }],
      ]);
      expect(r.result.summary.cards).toEqual([]);
      expect(r.result.position.hands).toEqual({ hapsburg: ['foul-weather'], france: ['gout'] });
    },
  );

  test('[13.1 step 4] a script that skips the card decision is refused at its first event, naming the window', () => {
    const r = resolve(parseScenario({ ...EXAMPLE, hands: { hapsburg: ['foul-weather'] } }), { seed: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code: 'out-of-turn', rule: '13.1 step 4', index: 0 });
  });

  test('[13.1 step 4] the rulebook example with cards in hand and its dice scripted, both powers passing, ends as the book says', () => {
    const s = playing(vienna({ hapsburg: ['foul-weather'], france: ['gout'] }), [
      { type: 'card.pass', power: 'hapsburg' },
      { type: 'card.pass', power: 'france' },
      ...(EXAMPLE.events ?? []),
    ]);
    finished(s);
    expect(s.result!.summary.battle).toMatchObject({ attacker: { hits: 3 }, defender: { hits: 5 } });
  });
  test('[13.4 option 2, ruling R26] Gout cancels a move on: the formation, beside the fortress it does not outnumber, goes back where it came from', () => {
    // The bundled withdrawal example (Ibrahim and 3 regulars into Vienna, Ferdinand's 4 withdraw inside, move on to
    // Linz), with Gout in France's hand: France passes on the first move and plays it on the move on.
    const base = JSON.parse(readFileSync(new URL('../../examples/withdrawal-move-on.json', import.meta.url), 'utf8'));
    const s = playing({ ...base, events: [], hands: { france: ['gout'] } }, [
      { type: 'card.pass', power: 'france' },
      { type: 'avoid.decline', power: 'hapsburg' },
      { type: 'withdraw.declare', power: 'hapsburg' },
      { type: 'move.continue', to: 'linz' },
    ]);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'france', rule: '13.1 step 4' });
    accept(s, { type: 'card.play', power: 'france', card: 'gout', leader: 'ibrahim-pasha' });
    // 13.4 option 2: the only way back is Pressburg; the retreat is free (the move on's CP is lost, ruling R26).
    if (s.pending) accept(s, { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' });
    const end = finished(s);
    expect(piecesAt(end, 'pressburg', 'ottoman')).toMatchObject({ regulars: 3, leaders: ['ibrahim-pasha'] });
    expect(end.stacks.filter((x) => x.space === 'vienna' && x.power === 'ottoman')).toEqual([]);
    expect(end.stacks.filter((x) => x.space === 'linz')).toEqual([]);
    expect(piecesAt(end, 'vienna', 'hapsburg', true)).toMatchObject({ regulars: 4, leaders: ['ferdinand'] });
    expect(end.sieges).toEqual([]);
    expect(end.impulse).toEqual({ power: 'ottoman', cp: 0, gout: ['ibrahim-pasha'] });
    const summary = s.result!.summary;
    expect(summary.moves.map((m) => [m.from, m.to, m.cp, m.cancelled ?? null])).toEqual([
      ['pressburg', 'vienna', 1, null],
      ['vienna', 'linz', 1, 'gout'],
    ]);
    expect(summary.retreats).toEqual([
      expect.objectContaining({ power: 'ottoman', from: 'vienna', to: 'pressburg', reason: 'origin' }),
    ]);
    // The result is the next scenario of the impulse.
    expect(() => parseScenario(structuredClone(end))).not.toThrow();
  });
});
