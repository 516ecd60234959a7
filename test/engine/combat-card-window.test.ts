// The combat-card window of 14 steps 4–5 played through a session, whole scenarios with scripted dice (rulings R27,
// R29, R30; R7, R9, R36): who is asked and in which order, several cards by one power, a defender's card, the cards'
// dice counted in R7's "rolled more dice", Tercios' two ways and a refused way, Mercenaries Bribed taken from two
// opposing powers, the policy's pass, and every play and pass an answer of the exploration. Every result position
// parses again as a scenario.
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { resolve } from '../../src/engine/resolve.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import { explore } from '../../src/review/explore.ts';
import type { EngineEvent } from '../../src/schema/events.ts';

/** Six unfortified spaces, no pass: the mover's origin, the field of battle and room to retreat. */
const MAP = {
  spaces: [
    { id: 'origin', type: 'unfortified', home: 'ottoman' },
    { id: 'field', type: 'unfortified', home: 'hapsburg' },
    { id: 'north', type: 'unfortified', home: 'hapsburg' },
    { id: 'south', type: 'unfortified', home: 'hapsburg' },
  ],
  connections: [
    { a: 'origin', b: 'field' },
    { a: 'field', b: 'north' },
    { a: 'field', b: 'south' },
  ],
};

interface Battle {
  attacker: { power: string; regulars?: number; mercenaries?: number; leaders?: string[] };
  defenders: { power: string; regulars?: number; mercenaries?: number; leaders?: string[] }[];
  hands: Record<string, string[]>;
  alliances?: string[][];
  war?: string[][];
}

/** A move from `origin` into `field`, where the defenders stand; the hands as given. */
function scenario(b: Battle, events: EngineEvent[] = []) {
  const { power, ...units } = b.attacker;
  const moved = { regulars: 0, mercenaries: 0, ...units };
  return parseScenario({
    map: MAP,
    war: b.war ?? b.defenders.map((d) => [power, d.power]),
    control: { origin: power },
    ...(b.alliances ? { alliances: b.alliances } : {}),
    stacks: [{ space: 'origin', power, ...units }, ...b.defenders.map((d) => ({ space: 'field', ...d }))],
    impulse: { power, cp: 1 },
    move: { from: 'origin', to: 'field', ...moved },
    hands: b.hands,
    events,
  });
}

/** Sends every event; each must be accepted. */
function play(s: Session, events: EngineEvent[]): void {
  for (const e of events) expect(s.send(e), JSON.stringify(e)).toEqual({ ok: true });
}

/** Answers avoid battle (13.3) with a decline while it is asked. */
function declineAvoid(s: Session): void {
  while (s.pending?.kind === 'avoid') play(s, [{ type: 'avoid.decline', power: s.pending.power } as EngineEvent]);
}

const eventsOf = (s: Session) => s.pending!.options.map((o) => o.event);

function expectReparses(s: Session): void {
  expect(() => parseScenario(s.result!.position)).not.toThrow();
}

describe('14 steps 4–5 through a session (ruling R27)', () => {
  const twoCards: Battle = {
    attacker: { power: 'ottoman', regulars: 2 },
    defenders: [{ power: 'hapsburg', regulars: 2 }],
    hands: { ottoman: ['arquebusiers', 'field-artillery'], hapsburg: ['tercios'] },
  };

  test('[14 step 4, ruling R27] the attacker is asked first, plays several cards one at a time, each once, then passes; the defender is asked after it (FB-08)', () => {
    const s = createSession(scenario(twoCards));
    declineAvoid(s);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'ottoman', limits: { window: '14 step 4' } });
    expect(eventsOf(s)).toEqual(
      expect.arrayContaining([
        { type: 'card.play', power: 'ottoman', card: 'arquebusiers' },
        { type: 'card.play', power: 'ottoman', card: 'field-artillery' },
        { type: 'card.pass', power: 'ottoman' },
      ]),
    );
    // The defender may not answer before the attacker has passed (14 step 5 follows step 4).
    const early = { type: 'card.play', power: 'hapsburg', card: 'tercios', option: 'extra-dice' } as EngineEvent;
    expect(s.send(early).ok).toBe(false);
    play(s, [{ type: 'card.play', power: 'ottoman', card: 'arquebusiers' } as EngineEvent]);
    // Still the attacker's turn; Arquebusiers is played and is no answer any more (each card once).
    expect(s.pending).toMatchObject({ kind: 'card', power: 'ottoman' });
    expect(eventsOf(s)).toEqual([
      { type: 'card.play', power: 'ottoman', card: 'field-artillery' },
      { type: 'card.pass', power: 'ottoman' },
    ]);
    expect(s.send({ type: 'card.play', power: 'ottoman', card: 'arquebusiers' } as EngineEvent).ok).toBe(false);
    play(s, [{ type: 'card.play', power: 'ottoman', card: 'field-artillery' } as EngineEvent]);
    // Nothing left to play: the Ottoman is not asked again (ruling R9); the Hapsburg's turn (14 step 5).
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg', limits: { window: '14 step 5' } });
    // Tercios' extra dice are a play; its fewer dice are refused: the Hapsburg faces no Hapsburg regulars (ruling R30).
    expect(eventsOf(s)).toEqual([early, { type: 'card.pass', power: 'hapsburg' }]);
    expect(JSON.stringify(s.pending!.blocked)).toContain('fewer-dice');
    play(s, [early]);
    // The attacker never answers the defender's card (ruling R27): the dice are rolled next.
    expect(s.pending).toMatchObject({ kind: 'roll' });
    play(s, [
      { type: 'dice.rolled', values: [1, 1, 1, 1, 1, 1, 1] } as EngineEvent,
      { type: 'dice.rolled', values: [1, 1, 1, 1, 1, 1] } as EngineEvent,
    ]);
    while (s.pending) {
      const first = s.pending.options[0];
      expect(first, s.pending.kind).toBeDefined();
      play(s, [first!.event as EngineEvent]);
    }
    const { summary, position } = s.result!;
    // 2 units + 2 (Arquebusiers, #24) + 3 (Field Artillery, #25: the Ottoman) = 7; 2 + 1 + 3 (Tercios, #30) = 6.
    expect(summary.battle!.attacker.dice.total).toBe(7);
    expect(summary.battle!.defender.dice.total).toBe(6);
    expect(summary.cards.map((c) => [c.power, c.card, (c as { window?: string }).window])).toEqual([
      ['ottoman', 'arquebusiers', '14 step 4'],
      ['ottoman', 'field-artillery', '14 step 4'],
      ['hapsburg', 'tercios', '14 step 5'],
    ]);
    expect(position.hands?.ottoman ?? []).toEqual([]);
    expect(position.hands?.hapsburg ?? []).toEqual([]);
    expectReparses(s);
  });

  test('[14 step 4, ruling R27] a power that passed may not add a card later', () => {
    const s = createSession(scenario(twoCards));
    declineAvoid(s);
    play(s, [{ type: 'card.pass', power: 'ottoman' } as EngineEvent]);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg' });
    const late = s.send({ type: 'card.play', power: 'ottoman', card: 'arquebusiers' } as EngineEvent);
    expect(late.ok).toBe(false);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg' });
    play(s, [{ type: 'card.pass', power: 'hapsburg' } as EngineEvent]);
    expect(s.pending).toMatchObject({ kind: 'roll' });
  });

  test('[14 step 5, ruling R27] each defending major power plays in impulse order: the Hapsburg, then England; the attacker with no card is not asked (FB-09)', () => {
    const s = createSession(
      scenario({
        attacker: { power: 'france', regulars: 2 },
        defenders: [
          { power: 'hapsburg', regulars: 2 },
          { power: 'england', regulars: 1 },
        ],
        alliances: [['hapsburg', 'england']],
        war: [
          ['france', 'hapsburg'],
          ['france', 'england'],
        ],
        hands: { hapsburg: ['arquebusiers'], england: ['field-artillery'] },
      }),
    );
    declineAvoid(s);
    // France holds nothing (ruling R9); the Hapsburg comes before England in impulse order.
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg', limits: { window: '14 step 5' } });
    const english = { type: 'card.play', power: 'england', card: 'field-artillery' } as EngineEvent;
    expect(s.send(english).ok).toBe(false);
    play(s, [{ type: 'card.play', power: 'hapsburg', card: 'arquebusiers' } as EngineEvent]);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'england', limits: { window: '14 step 5' } });
    play(s, [english]);
    expect(s.pending).toMatchObject({ kind: 'roll' });
    play(s, [
      { type: 'dice.rolled', values: [1, 1] } as EngineEvent,
      { type: 'dice.rolled', values: [1, 1, 1, 1, 1, 1, 1, 1] } as EngineEvent,
    ]);
    while (s.pending) play(s, [s.pending.options[0]!.event as EngineEvent]);
    const { summary } = s.result!;
    // 3 land units + 1 as defender + 2 (Arquebusiers, #24) + 2 (Field Artillery, #25: England) = 8.
    expect(summary.battle!.attacker.dice.total).toBe(2);
    expect(summary.battle!.defender.dice.total).toBe(8);
    expect(summary.cards.map((c) => [c.power, c.card, (c as { window?: string }).window])).toEqual([
      ['hapsburg', 'arquebusiers', '14 step 5'],
      ['england', 'field-artillery', '14 step 5'],
    ]);
    expectReparses(s);
  });

  test('[14 step 4, rulings R27, R9] a power without land units in the battle is not asked; its card is listed as refused', () => {
    // France holds Arquebusiers but fights nowhere here; the Ottoman holds nothing: no decision (ruling R9).
    const s = createSession(
      scenario({
        attacker: { power: 'ottoman', regulars: 2 },
        defenders: [{ power: 'hapsburg', regulars: 2 }],
        hands: { france: ['arquebusiers'] },
      }),
    );
    declineAvoid(s);
    expect(s.pending).toMatchObject({ kind: 'roll' });
    expect(s.getSnapshot().summary.skipped).toContainEqual(
      expect.objectContaining({
        kind: 'card',
        power: 'france',
        refused: [expect.objectContaining({ option: { card: 'arquebusiers' }, ruling: 'R27' })],
      }),
    );
  });
});

describe('ruling R7\'s "rolled more dice" counts the cards\' dice', () => {
  test('[14 step 9, rulings R7, R27] both sides wiped out: the attacker, 1 die + 2 of Arquebusiers against 2, keeps its unit', () => {
    const s = createSession(
      scenario({
        attacker: { power: 'ottoman', regulars: 1 },
        defenders: [{ power: 'hapsburg', regulars: 1 }],
        hands: { ottoman: ['arquebusiers'] },
      }),
    );
    declineAvoid(s);
    play(s, [
      { type: 'card.play', power: 'ottoman', card: 'arquebusiers' } as EngineEvent,
      { type: 'dice.rolled', values: [6, 1, 1] } as EngineEvent,
      { type: 'dice.rolled', values: [6, 1] } as EngineEvent,
    ]);
    while (s.pending) play(s, [s.pending.options[0]!.event as EngineEvent]);
    const battle = s.result!.summary.battle!;
    expect(battle.attacker.rolled).toHaveLength(3);
    expect(battle.defender.rolled).toHaveLength(2);
    expect(battle.attacker.kept).toBe('regulars');
    expect(battle.defender.kept).toBeNull();
    expectReparses(s);
  });
});

describe('Tercios (ruling R30)', () => {
  test('[14 step 5, ruling R30] fewer-dice brings the Hapsburg side to no dice: it rolls nothing, the defender wins and the loser retreats', () => {
    const s = createSession(
      scenario({
        attacker: { power: 'hapsburg', regulars: 3 },
        defenders: [{ power: 'france', regulars: 1 }],
        war: [['hapsburg', 'france']],
        hands: { france: ['tercios'] },
      }),
    );
    declineAvoid(s);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'france', limits: { window: '14 step 5' } });
    // France is no Hapsburg: the extra dice are refused with their ruling, the fewer dice are a play.
    expect(eventsOf(s)).toContainEqual({ type: 'card.play', power: 'france', card: 'tercios', option: 'fewer-dice' });
    expect(eventsOf(s)).not.toContainEqual(expect.objectContaining({ option: 'extra-dice' }));
    expect(JSON.stringify(s.pending!.blocked)).toContain('R30');
    play(s, [
      { type: 'card.play', power: 'france', card: 'tercios', option: 'fewer-dice' } as EngineEvent,
      { type: 'dice.rolled', values: [5, 1] } as EngineEvent,
    ]);
    while (s.pending) play(s, [s.pending.options[0]!.event as EngineEvent]);
    const battle = s.result!.summary.battle!;
    expect(battle.attacker.dice.total).toBe(0);
    expect(battle.attacker.rolled).toEqual([]);
    expect(battle.defender.rolled).toEqual([5, 1]);
    expect(battle.winner).toBe('defender');
    expect(battle.attacker.hits).toBe(0);
    expect(battle.defender.hits).toBe(1);
    expectReparses(s);
  });

  test('[14 step 4, ruling R30] extra-dice: 3 Hapsburg dice hitting on 4–6, its other dice still on 5–6', () => {
    const s = createSession(
      scenario({
        attacker: { power: 'hapsburg', regulars: 2 },
        defenders: [{ power: 'france', regulars: 4 }],
        war: [['hapsburg', 'france']],
        hands: { hapsburg: ['tercios'] },
      }),
    );
    declineAvoid(s);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg' });
    // 4 French regulars are no Hapsburg regulars: the Hapsburg may not take dice from its own side; extra dice only.
    expect(eventsOf(s)).toEqual([
      { type: 'card.play', power: 'hapsburg', card: 'tercios', option: 'extra-dice' },
      { type: 'card.pass', power: 'hapsburg' },
    ]);
    play(s, [
      { type: 'card.play', power: 'hapsburg', card: 'tercios', option: 'extra-dice' } as EngineEvent,
      // 2 unit dice (4s miss), then 3 Tercios dice (4s hit).
      { type: 'dice.rolled', values: [4, 4, 4, 4, 1] } as EngineEvent,
      { type: 'dice.rolled', values: [1, 1, 1, 1, 1] } as EngineEvent,
    ]);
    while (s.pending) play(s, [s.pending.options[0]!.event as EngineEvent]);
    const battle = s.result!.summary.battle!;
    expect(battle.attacker.dice.total).toBe(5);
    expect(battle.attacker.hits).toBe(2);
    expectReparses(s);
  });
});

describe('Mercenaries Bribed (ruling R29)', () => {
  test('[14 step 4, ruling R29] half the opposing side’s 3 mercenaries, rounded up, are taken in impulse order from the Hapsburg and England', () => {
    const s = createSession(
      scenario({
        attacker: { power: 'france', regulars: 2 },
        defenders: [
          { power: 'hapsburg', regulars: 1, mercenaries: 1 },
          { power: 'england', mercenaries: 2 },
        ],
        alliances: [['hapsburg', 'england']],
        war: [
          ['france', 'hapsburg'],
          ['france', 'england'],
        ],
        hands: { france: ['mercenaries-bribed'] },
      }),
    );
    declineAvoid(s);
    expect(s.pending).toMatchObject({ kind: 'card', power: 'france' });
    play(s, [{ type: 'card.play', power: 'france', card: 'mercenaries-bribed' } as EngineEvent]);
    // France has no card left, the defenders none: nobody else is asked (ruling R9).
    // 2 regulars + 2 new mercenaries = 4 dice; 1 Hapsburg regular + 1 English mercenary + 1 as defender = 3.
    expect(s.pending).toMatchObject({ kind: 'roll' });
    play(s, [
      { type: 'dice.rolled', values: [1, 1, 1, 1] } as EngineEvent,
      { type: 'dice.rolled', values: [1, 1, 1] } as EngineEvent,
    ]);
    while (s.pending) play(s, [s.pending.options[0]!.event as EngineEvent]);
    const battle = s.result!.summary.battle!;
    expect(battle.attacker.dice.total).toBe(4);
    expect(battle.defender.dice.total).toBe(3);
    const stacks = s.result!.position.stacks;
    const french = stacks.filter((x) => x.power === 'france');
    expect(french.reduce((n, x) => n + x.mercenaries, 0)).toBe(2);
    const mercs = (p: string) => stacks.filter((x) => x.power === p).reduce((n, x) => n + x.mercenaries, 0);
    expect(mercs('hapsburg')).toBe(0);
    expect(mercs('england')).toBe(1);
    expectReparses(s);
  });

  test('[14 step 4, ruling R29] one mercenary bribed: the story says it changes sides and fights, in the singular in both languages', () => {
    const s = createSession(
      scenario({
        attacker: { power: 'france', regulars: 2 },
        defenders: [{ power: 'hapsburg', regulars: 2, mercenaries: 1 }],
        war: [['france', 'hapsburg']],
        hands: { france: ['mercenaries-bribed'] },
      }),
    );
    declineAvoid(s);
    play(s, [{ type: 'card.play', power: 'france', card: 'mercenaries-bribed' } as EngineEvent]);
    const story = s.trace.filter((t) => t.headline).map((t) => t.note);
    expect(story.map((n) => n.en)).toContainEqual(
      'France plays Mercenaries Bribed (#26): 1 mercenary changes sides (1 from Hapsburg) and fights for France (14 step 4, ruling R29).',
    );
    expect(story.map((n) => n.ru)).toContainEqual(
      expect.stringMatching(/: 1 наёмник \(1 от Габсбургов\) переходит на сторону Франции \(/),
    );
  });

  test('[14 step 4, ruling R29] not against a side with Ottoman land units: refused with its ruling, so nobody is asked', () => {
    const s = createSession(
      scenario({
        attacker: { power: 'ottoman', regulars: 2 },
        defenders: [{ power: 'hapsburg', regulars: 1, mercenaries: 2 }],
        hands: { hapsburg: ['mercenaries-bribed'] },
      }),
    );
    declineAvoid(s);
    expect(s.pending).toMatchObject({ kind: 'roll' });
    expect(s.getSnapshot().summary.skipped).toContainEqual(
      expect.objectContaining({
        kind: 'card',
        power: 'hapsburg',
        refused: [expect.objectContaining({ option: { card: 'mercenaries-bribed' }, ruling: 'R29' })],
      }),
    );
  });
});

describe('Mercenaries Bribed leaving a side without land units (rulings R29, R32)', () => {
  // Charles V's 1 regular against Montmorency's lone mercenary: the bribe turns it, France has nothing left to fight
  // with.
  const lone = (hands: Record<string, string[]>) =>
    scenario({
      attacker: { power: 'hapsburg', regulars: 1, leaders: ['charles-v'] },
      defenders: [{ power: 'france', mercenaries: 1, leaders: ['montmorency'] }],
      war: [['hapsburg', 'france']],
      hands,
    });
  const bribe = { type: 'card.play', power: 'hapsburg', card: 'mercenaries-bribed' } as EngineEvent;

  test('[14 step 4, rulings R29, R32] the bribe takes the defending side’s last land unit: the window closes, no die is rolled, the attacker wins, nobody loses a unit and the defending leader is captured (14 step 10)', () => {
    const s = createSession(lone({ hapsburg: ['mercenaries-bribed', 'tercios'] }));
    declineAvoid(s);
    expect(eventsOf(s)).toContainEqual(bribe);
    play(s, [bribe]);
    // Tercios is not offered any more: nobody is left to fight, so the window is over (ruling R29).
    expect(s.trace.some((t) => t.machine === 'fieldBattle' && t.state === 'bribedAway')).toBe(true);
    expect(s.trace.some((t) => t.machine === 'fieldBattle' && t.state.startsWith('rolling'))).toBe(false);
    while (s.pending) {
      expect(s.pending.kind).not.toBe('roll');
      play(s, [s.pending.options[0]!.event as EngineEvent]);
    }
    const { summary, position } = s.result!;
    expect(summary.battle).toMatchObject({
      winner: 'attacker',
      winnerPower: 'hapsburg',
      unfought: 'defender',
      attacker: { rolled: [], hits: 0, losses: { regulars: 0, mercenaries: 0, cavalry: 0 } },
      defender: { rolled: [], hits: 0, dice: { total: 0 } },
    });
    expect(summary.cards.map((c) => c.card)).toEqual(['mercenaries-bribed']);
    expect(position.hands?.hapsburg).toEqual(['tercios']);
    const inField = position.stacks.filter((x) => x.space === 'field');
    expect(inField).toEqual([expect.objectContaining({ power: 'hapsburg', regulars: 1, mercenaries: 1 })]);
    expect(position.captured).toEqual([{ leader: 'montmorency', by: 'hapsburg' }]);
    const story = s.trace.filter((t) => t.headline).map((t) => t.note);
    expect(story.map((n) => n.en)).toContainEqual(
      'No field battle is fought in field: Mercenaries Bribed took the last land units of the defending side, and Hapsburg wins without a roll (14 step 4, ruling R29). Montmorency is captured by Hapsburg in field (14 step 10).',
    );
    expect(story.map((n) => n.ru)).toContainEqual(
      expect.stringMatching(
        /^Полевого сражения .* не будет: «Подкуп наёмников» забрал последние сухопутные части обороняющейся стороны, и Габсбурги побеждают без броска \(/,
      ),
    );
    expectReparses(s);
  });

  test('[14 steps 4–6, rulings R28, R29] after the attacker’s Surprise Attack, a bribe that empties the defending side still means no roll at all', () => {
    const s = createSession(lone({ hapsburg: ['surprise-attack', 'mercenaries-bribed'] }));
    declineAvoid(s);
    play(s, [{ type: 'card.play', power: 'hapsburg', card: 'surprise-attack' } as EngineEvent, bribe]);
    while (s.pending) {
      expect(s.pending.kind).not.toBe('roll');
      play(s, [s.pending.options[0]!.event as EngineEvent]);
    }
    expect(s.result!.summary.battle).toMatchObject({ winnerPower: 'hapsburg', unfought: 'defender' });
    expect(s.trace.some((t) => t.machine === 'fieldBattle' && /Surprise/.test(t.state))).toBe(false);
    expectReparses(s);
  });

  test('[14 step 4, ruling R29] a bribe that leaves the side a land unit is fought as before: both sides roll', () => {
    const s = createSession(
      scenario({
        attacker: { power: 'hapsburg', regulars: 1, leaders: ['charles-v'] },
        defenders: [{ power: 'france', regulars: 1, mercenaries: 1 }],
        war: [['hapsburg', 'france']],
        hands: { hapsburg: ['mercenaries-bribed'] },
      }),
    );
    declineAvoid(s);
    play(s, [bribe]);
    expect(s.pending).toMatchObject({ kind: 'roll', power: 'hapsburg' });
    expect(s.trace.some((t) => t.state === 'bribedAway')).toBe(false);
  });
});

describe('the default policy and the exploration (ruling R36)', () => {
  const held: Battle = {
    attacker: { power: 'ottoman', regulars: 2 },
    defenders: [{ power: 'hapsburg', regulars: 2 }],
    hands: { ottoman: ['field-artillery'] },
  };

  test('[ruling R36] the decline policy passes: the card stays in hand and adds no dice', () => {
    const r = resolve(scenario(held), { seed: 7, policy: 'decline' });
    expect(r.ok).toBe(true);
    const { summary, position } = r.session.result!;
    expect(summary.cards).toEqual([]);
    expect(summary.battle!.attacker.dice.total).toBe(2);
    expect(position.hands?.ottoman).toEqual(['field-artillery']);
  });

  test('[14 step 4, ruling R27] --answers all branches on the play and the pass; the outcomes differ', () => {
    const all = explore(scenario(held), { decisions: 'all', answers: 'all' });
    const passOnly = explore(scenario(held), { decisions: 'decline' });
    expect(all.truncated).toBe(false);
    expect(all.violations).toEqual([]);
    expect(all.answerCounts.card!.answers).toBeGreaterThanOrEqual(2);
    expect(all.outcomes.length).toBeGreaterThan(passOnly.outcomes.length);
  });
});
