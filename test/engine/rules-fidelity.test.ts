// The classes of rule violations found on random positions (issue "Rules fidelity"; the minimal positions are in
// test/regressions/cases) and rulings R16–R19, played through the session with fixed dice. Each block names the
// rule that decides it; every finished move's result must parse again as a scenario (`finished`).
import { describe, expect, test } from 'vitest';
import { declinePolicy, resolve } from '../../src/engine/resolve.ts';
import { parseScenario, ScenarioError } from '../../src/engine/scenario.ts';
import type { ScenarioPatch } from '../helpers/fixtures.ts';
import { accept, dice, finished, finishWithPolicy, piecesAt, playing, refuse, type Event } from '../helpers/session.ts';

const WAR: ScenarioPatch['war'] = [['ottoman', 'hapsburg']];
const none = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };

describe('13.1 step 8, 13.1 restriction 6: no battle without enemy land units', () => {
  // Charles V alone intercepts the Ottoman move into Vienna, which his side holds: he goes inside (13.3), nobody is
  // left outside to fight, and the formation, more land units than inside, puts Vienna under siege (ruling R13).
  const INTO_VIENNA: ScenarioPatch = {
    war: WAR,
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'pressburg', power: 'ottoman', regulars: 4 },
      { space: 'graz', power: 'hapsburg', leaders: ['charles-v'] },
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'pressburg', to: 'vienna', regulars: 4 },
  };

  test('[13.1 step 8, 13.2 step 5, ruling R23] a leader intercepting alone into his fortified space may not go inside: captured; no battle; the mover besieges (MOV-29)', () => {
    const s = playing(INTO_VIENNA, [
      { type: 'intercept.declare', power: 'hapsburg', from: 'graz', leaders: ['charles-v'] },
      dice(6, 6),
    ]);
    const p = finished(s);
    expect(s.result?.summary.battle).toBeNull();
    expect(p.captured).toEqual([{ leader: 'charles-v', by: 'ottoman' }]);
    expect(s.result?.summary.captures).toEqual([{ leader: 'charles-v', by: 'ottoman', space: 'vienna', rule: 'R23' }]);
    expect(piecesAt(p, 'vienna', 'hapsburg', true)).toEqual(none);
    expect(p.sieges).toEqual([{ space: 'vienna', by: ['ottoman'], thisImpulse: true }]);
    expect(s.trace.some((t) => t.machine === 'fieldBattle')).toBe(false);
  });

  test('[13.1 step 8] a leader intercepting alone into an unfortified space is captured and no battle is fought (MOV-23, MOV-29)', () => {
    const s = playing(
      {
        ...INTO_VIENNA,
        control: { pressburg: 'hapsburg', buda: 'ottoman' },
        stacks: [
          { space: 'buda', power: 'ottoman', regulars: 4 },
          { space: 'vienna', power: 'hapsburg', leaders: ['charles-v'] },
        ],
        move: { from: 'buda', to: 'pressburg', regulars: 4 },
      },
      [{ type: 'intercept.declare', power: 'hapsburg', from: 'vienna', leaders: ['charles-v'] }, dice(6, 6)],
    );
    const p = finished(s);
    expect(s.result?.summary.battle).toBeNull();
    expect(p.captured).toEqual([{ leader: 'charles-v', by: 'ottoman' }]);
    expect((p.stacks ?? []).some((x) => x.lostBattle)).toBe(false);
  });
});

describe('13.2 step 3, ruling R12, ruling R16: the pieces that attempted are the pieces that move', () => {
  // Hapsburg and allied Hungarian regulars share Graz; the Hapsburgs name Hungary's two (ruling R16).
  const GRAZ: ScenarioPatch = {
    war: WAR,
    alliances: [['hapsburg', 'hungary']],
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'pressburg', power: 'ottoman', regulars: 4 },
      { space: 'graz', power: 'hapsburg', regulars: 2 },
      { space: 'graz', power: 'hungary', regulars: 2 },
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'pressburg', to: 'vienna', regulars: 4 },
  };

  test("[13.2 step 1, ruling R16] Hungary's two regulars, named by power, intercept; the Hapsburg two stay unmarked", () => {
    const s = playing(GRAZ, [
      {
        type: 'intercept.declare',
        power: 'hapsburg',
        from: 'graz',
        regulars: 2,
        byPower: { hungary: { regulars: 2 } },
      },
      dice(6, 6),
    ]);
    expect(s.position.stacks).toContainEqual(
      expect.objectContaining({ space: 'vienna', power: 'hungary', regulars: 2, attemptedInterception: true }),
    );
    expect(s.position.stacks).toContainEqual(
      expect.objectContaining({ space: 'graz', power: 'hapsburg', regulars: 2, attemptedInterception: false }),
    );
  });

  test("[13.2 step 1, ruling R16] without byPower the Hapsburgs' own regulars go first", () => {
    const s = playing(GRAZ, [{ type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 2 }, dice(6, 6)]);
    expect(s.position.stacks).toContainEqual(
      expect.objectContaining({ space: 'vienna', power: 'hapsburg', regulars: 2 }),
    );
    expect(s.position.stacks).toContainEqual(
      expect.objectContaining({ space: 'graz', power: 'hungary', regulars: 2, attemptedInterception: false }),
    );
  });

  test('[ruling R16] a split that does not add up is refused with the ruling, and nothing changes', () => {
    const s = playing(GRAZ);
    refuse(
      s,
      {
        type: 'intercept.declare',
        power: 'hapsburg',
        from: 'graz',
        regulars: 3,
        byPower: { hungary: { regulars: 2 } },
      },
      { code: 'illegal', restriction: 'isInterceptionSplitByPower', ruling: 'R16' },
    );
  });
});

describe('15.3: a siege ends whenever its besiegers no longer outnumber the units inside', () => {
  test('[15.3] besiegers that intercept out of their siege leave one behind: the siege ends and he retreats (SIE-06, SIE-07)', () => {
    const s = playing(
      {
        war: WAR,
        control: { mohacs: 'ottoman', buda: 'ottoman', belgrade: 'ottoman', agram: 'hapsburg' },
        stacks: [
          { space: 'buda', power: 'ottoman', regulars: 2 },
          { space: 'belgrade', power: 'ottoman', regulars: 1, inside: true },
          { space: 'belgrade', power: 'hapsburg', regulars: 3 },
        ],
        sieges: [{ space: 'belgrade', by: ['hapsburg'] }],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'buda', to: 'mohacs', regulars: 2 },
      },
      [{ type: 'intercept.declare', power: 'hapsburg', from: 'belgrade', regulars: 2 }, dice(6, 6)],
    );
    // Agram is the only legal space: the retreat is the engine's (ruling R9), before the formation is placed.
    expect(s.position.sieges).toEqual([]);
    expect(s.summary.siegesEnded).toEqual([{ space: 'belgrade', by: ['hapsburg'], rule: '15.3' }]);
    expect(s.position.stacks).toContainEqual(
      expect.objectContaining({ space: 'agram', power: 'hapsburg', regulars: 1 }),
    );
    expect(s.trace.some((t) => t.machine === 'siegeBreak' && t.state === 'retreatingBesiegers')).toBe(true);
    expect(
      s.trace
        .filter((t) => t.headline)
        .map((t) => t.note.en)
        .join(' '),
    ).toContain('The siege of Belgrade by Hapsburg is broken');
  });

  // The Ottoman besieges empty Hapsburg Buda (R13); a Hapsburg army comes to lift it from Pressburg.
  const EMPTY_BUDA = (ottoman: number, hapsburg: number): ScenarioPatch => ({
    war: WAR,
    control: { pressburg: 'hapsburg', buda: 'hapsburg', mohacs: 'ottoman' },
    stacks: [
      { space: 'pressburg', power: 'hapsburg', regulars: hapsburg },
      { space: 'buda', power: 'ottoman', regulars: ottoman },
    ],
    sieges: [{ space: 'buda', by: ['ottoman'] }],
    impulse: { power: 'hapsburg', cp: 1 },
    move: { from: 'pressburg', to: 'buda', regulars: hapsburg },
  });

  test('[15.3] besiegers that avoid battle out of their siege end it (AVB-26)', () => {
    const s = playing(EMPTY_BUDA(2, 4), [
      { type: 'avoid.declare', power: 'ottoman', to: 'mohacs', regulars: 2 },
      dice(6, 6),
    ]);
    const p = finished(s);
    expect(p.sieges).toEqual([]);
    expect(s.result?.summary.siegesEnded).toEqual([{ space: 'buda', by: ['ottoman'], rule: '15.3' }]);
    expect(piecesAt(p, 'mohacs', 'ottoman')).toEqual({ ...none, regulars: 2 });
  });

  test('[15.3, ruling R18] a losing attacker that goes inside, outnumbering the besiegers left, breaks the siege: the winners retreat', () => {
    // Hapsburg 4 dice, no hit; Ottoman 2 + 1 dice, one hit. Three Hapsburg regulars go inside their own Buda.
    const s = playing(EMPTY_BUDA(2, 4), [{ type: 'avoid.decline', power: 'ottoman' }, dice(1, 1, 1, 1), dice(5, 1, 1)]);
    expect(s.pending).toMatchObject({ kind: 'retreat', power: 'hapsburg' });
    accept(s, { type: 'retreat.declare', power: 'hapsburg', inside: { regulars: 3 } });
    const p = finished(s);
    expect(piecesAt(p, 'buda', 'hapsburg', true)).toEqual({ ...none, regulars: 3 });
    expect(p.sieges).toEqual([]);
    expect(piecesAt(p, 'mohacs', 'ottoman')).toEqual({ ...none, regulars: 2 });
  });

  test('[15, ruling R18] a losing attacker that goes inside among more besiegers stays besieged', () => {
    const s = playing(EMPTY_BUDA(4, 2), [{ type: 'avoid.decline', power: 'ottoman' }, dice(1, 1), dice(5, 1, 1, 1, 1)]);
    accept(s, { type: 'retreat.declare', power: 'hapsburg', inside: { regulars: 1 } });
    const p = finished(s);
    expect(piecesAt(p, 'buda', 'hapsburg', true)).toEqual({ ...none, regulars: 1 });
    expect(p.sieges).toEqual([{ space: 'buda', by: ['ottoman'], thisImpulse: false }]);
  });

  test('[15.3, 14 step 11] besiegers beaten and eliminated leave no siege behind', () => {
    const s = playing(EMPTY_BUDA(2, 4), [{ type: 'avoid.decline', power: 'ottoman' }, dice(6, 6, 1, 1), dice(1, 1, 1)]);
    const p = finished(s);
    expect(p.sieges).toEqual([]);
    expect(s.result?.summary.siegesEnded).toEqual([{ space: 'buda', by: ['ottoman'], rule: '15.3' }]);
  });
});

describe('14 step 9, ruling R7, ruling R16: casualties and the kept unit', () => {
  // Both sides wiped out; the defenders rolled more dice. Ferdinand has no land unit: England's group keeps one.
  test('[14 step 9, ruling R7] the unit is kept by a group that had land units, not by a leader-only controller (FB-16)', () => {
    const s = playing(
      {
        war: [
          ['ottoman', 'hapsburg'],
          ['ottoman', 'england'],
        ],
        alliances: [['hapsburg', 'england']],
        control: { mohacs: 'hapsburg', buda: 'ottoman' },
        stacks: [
          { space: 'buda', power: 'ottoman', regulars: 2 },
          { space: 'mohacs', power: 'hapsburg', leaders: ['ferdinand'] },
          { space: 'mohacs', power: 'england', regulars: 2 },
        ],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'buda', to: 'mohacs', regulars: 2 },
      },
      [{ type: 'avoid.decline', power: 'england' }, dice(6, 6), dice(6, 6, 1, 1)],
    );
    // One legal answer (lose both, keep one regular): the engine gives it itself (ruling R9).
    const p = finished(s);
    expect(s.log.filter((a) => a.source === 'engine').map((a) => a.event)).toContainEqual({
      type: 'casualties.assign',
      power: 'england',
      regulars: 2,
      keep: 'regulars',
    });
    expect(piecesAt(p, 'mohacs', 'england')).toEqual({ ...none, regulars: 1 });
    expect(piecesAt(p, 'mohacs', 'hapsburg').leaders).toEqual(['ferdinand']);
    expect(s.result?.summary.battle?.defender.kept).toBe('regulars');
  });

  // Hapsburg and allied Hungarian regulars defend Mohacs together: one group, decided by the Hapsburgs (22.3).
  const MOHACS = (hapsburg: number, hungary: number, ottoman: number): ScenarioPatch => ({
    war: WAR,
    alliances: [['hapsburg', 'hungary']],
    control: { mohacs: 'hapsburg', belgrade: 'ottoman' },
    stacks: [
      { space: 'belgrade', power: 'ottoman', regulars: ottoman },
      { space: 'mohacs', power: 'hapsburg', regulars: hapsburg },
      { space: 'mohacs', power: 'hungary', regulars: hungary },
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'belgrade', to: 'mohacs', regulars: ottoman },
  });
  const FIGHT: Event[] = [{ type: 'avoid.decline', power: 'hapsburg' }];

  test("[14 step 9, ruling R16] the Hapsburgs lose Hungary's regulars when they say so (byPower)", () => {
    const s = playing(MOHACS(1, 2, 4), [...FIGHT, dice(6, 6, 1, 1), dice(1, 1, 1, 1)]);
    accept(s, { type: 'casualties.assign', power: 'hapsburg', regulars: 2, byPower: { hungary: { regulars: 2 } } });
    const p = finished(finishWithPolicy(s));
    expect((p.stacks ?? []).filter((x) => x.power === 'hapsburg').reduce((n, x) => n + (x.regulars ?? 0), 0)).toBe(1);
    expect((p.stacks ?? []).filter((x) => x.power === 'hungary')).toEqual([]);
  });

  test("[14 step 9, ruling R16] without byPower the Hapsburgs' own regulars are lost first", () => {
    const s = playing(MOHACS(1, 2, 4), [...FIGHT, dice(6, 6, 1, 1), dice(1, 1, 1, 1)]);
    accept(s, { type: 'casualties.assign', power: 'hapsburg', regulars: 2 });
    const p = finished(finishWithPolicy(s));
    expect((p.stacks ?? []).filter((x) => x.power === 'hapsburg')).toEqual([]);
    expect((p.stacks ?? []).filter((x) => x.power === 'hungary').reduce((n, x) => n + (x.regulars ?? 0), 0)).toBe(1);
  });

  test("[14 step 9, ruling R7, ruling R16] the Hapsburgs keep Hungary's unit when they name it; a power that lost none cannot keep one", () => {
    // Ottoman 2 dice, 2 hits; defenders 2 + 1 dice, 2 hits: both wiped out, the defenders rolled more (FB-16).
    const s = playing(MOHACS(1, 1, 2), [...FIGHT, dice(6, 6), dice(6, 6, 1)]);
    expect(s.pending).toMatchObject({ kind: 'casualties', power: 'hapsburg' });
    refuse(
      s,
      { type: 'casualties.assign', power: 'hapsburg', regulars: 2, keep: 'regulars', keepPower: 'england' },
      { code: 'illegal', restriction: 'isKeptUnitLost', ruling: 'R16' },
    );
    accept(s, { type: 'casualties.assign', power: 'hapsburg', regulars: 2, keep: 'regulars', keepPower: 'hungary' });
    const p = finished(s);
    expect((p.stacks ?? []).filter((x) => x.space === 'mohacs').map((x) => [x.power, x.regulars])).toEqual([
      ['hungary', 1],
    ]);
  });

  test('[14 step 10, ruling R20] captured leaders go to the first major power in impulse order with land units on the winning side', () => {
    // Ferdinand (no units) and England's two regulars defend Hapsburg Mohacs; Ibrahim's one regular dies: England,
    // the only winner with land units, takes him — not the Hapsburgs who control the space.
    const s = playing(
      {
        war: [
          ['ottoman', 'hapsburg'],
          ['ottoman', 'england'],
        ],
        alliances: [['hapsburg', 'england']],
        control: { mohacs: 'hapsburg', belgrade: 'ottoman' },
        stacks: [
          { space: 'belgrade', power: 'ottoman', regulars: 1, leaders: ['ibrahim-pasha'] },
          { space: 'mohacs', power: 'hapsburg', leaders: ['ferdinand'] },
          { space: 'mohacs', power: 'england', regulars: 2 },
        ],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'belgrade', to: 'mohacs', regulars: 1, leaders: ['ibrahim-pasha'] },
      },
      [{ type: 'avoid.decline', power: 'england' }, dice(1, 1), dice(5, 1, 1, 1)],
    );
    const p = finished(s);
    expect(p.captured).toEqual([{ leader: 'ibrahim-pasha', by: 'england' }]);
  });
});

describe('14.1, ruling R9: every decision lists its legal answers', () => {
  test('[14.1] a group of leaders only may go inside; the decision lists it and the default policy takes it (RET-02)', () => {
    const s = playing(
      {
        war: WAR,
        alliances: [['hapsburg', 'france']],
        control: { belgrade: 'hapsburg', szegedin: 'ottoman' },
        stacks: [
          { space: 'szegedin', power: 'ottoman', regulars: 4 },
          { space: 'belgrade', power: 'hapsburg', regulars: 1, leaders: ['ferdinand'] },
          { space: 'belgrade', power: 'france', regulars: 2 },
        ],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'szegedin', to: 'belgrade', regulars: 4 },
      },
      [{ type: 'withdraw.decline', power: 'hapsburg' }, dice(6, 6, 1, 1), dice(1, 1, 1, 1, 1)],
    );
    expect(s.pending).toMatchObject({ kind: 'retreat', power: 'hapsburg' });
    expect(s.pending?.options.map((o) => o.event)).toEqual([
      { type: 'retreat.declare', power: 'hapsburg', inside: { leaders: ['ferdinand'] } },
      { type: 'retreat.declare', power: 'hapsburg' },
    ]);
    accept(s, declinePolicy(s.pending!) as Event);
    // Ruling R22: the Hapsburgs, who control Belgrade, lost there; their French ally may go inside in the places left.
    expect(s.pending).toMatchObject({ kind: 'retreat', power: 'france', limits: { insideRoom: 4 } });
    expect(s.pending?.options.map((o) => o.event)).toContainEqual({
      type: 'retreat.declare',
      power: 'france',
      inside: { regulars: 1 },
    });
    const p = finished(finishWithPolicy(s));
    expect(piecesAt(p, 'belgrade', 'hapsburg', true)).toEqual({ ...none, leaders: ['ferdinand'] });
  });
});

describe('13.4, 2.1, ruling R18: who may be inside', () => {
  test('[13.4, ruling R18] nobody withdraws when one defender may not go inside: the battle is fought (WDR-03, WDR-06)', () => {
    // Inactive Hungary holds Buda; a Hapsburg regular, not Hungary's ally, stands with its stack.
    const s = playing({
      war: [
        ['ottoman', 'hapsburg'],
        ['ottoman', 'hungary'],
      ],
      control: { pressburg: 'ottoman' },
      stacks: [
        { space: 'pressburg', power: 'ottoman', regulars: 4 },
        { space: 'buda', power: 'hungary', regulars: 2 },
        { space: 'buda', power: 'hapsburg', regulars: 1 },
      ],
      impulse: { power: 'ottoman', cp: 1 },
      move: { from: 'pressburg', to: 'buda', regulars: 4 },
    });
    // Hungary's and the Hapsburg's units stay outside together: the battle's dice are next.
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'attacker' } });
    refuse(
      s,
      { type: 'withdraw.declare', power: 'hapsburg' },
      { code: 'step-closed', rule: '13.4', restriction: 'mayEveryDefenderGoInside' },
    );
  });

  test('[14.1, ruling R18] a beaten inactive minor in a fortress another power controls is eliminated, not put inside (RET-15)', () => {
    const s = playing(
      {
        war: [
          ['ottoman', 'hapsburg'],
          ['ottoman', 'hungary'],
        ],
        control: { buda: 'hapsburg', pressburg: 'ottoman' },
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 4 },
          { space: 'buda', power: 'hungary', regulars: 2 },
        ],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'pressburg', to: 'buda', regulars: 4 },
      },
      [dice(6, 1, 1, 1), dice(1, 1, 1)],
    );
    const p = finished(s);
    expect((p.stacks ?? []).filter((x) => x.power === 'hungary')).toEqual([]);
    expect(s.result?.summary.retreats).toMatchObject([
      { power: 'hungary', to: null, eliminated: { regulars: 1 }, eliminatedBy: 'R10' },
    ]);
  });
});

describe('13.1 restriction 6, ruling R2, ruling R13: leaders moving alone', () => {
  test('[13.1, ruling R2] a leader moving alone captures nobody: both lone leaders stay (MOV-22, MOV-23)', () => {
    const s = playing({
      war: [['france', 'hapsburg']],
      stacks: [
        { space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] },
        { space: 'linz', power: 'france', leaders: ['montmorency'] },
      ],
      impulse: { power: 'hapsburg', cp: 1 },
      move: { from: 'vienna', to: 'linz', leaders: ['ferdinand'] },
    });
    const p = finished(s);
    expect(p.captured).toEqual([]);
    expect(piecesAt(p, 'linz', 'france').leaders).toEqual(['montmorency']);
    expect(piecesAt(p, 'linz', 'hapsburg').leaders).toEqual(['ferdinand']);
  });

  test('[13.1, ruling R13] a leader moving alone into an empty independent key simply stays: no siege, no 13.4 choice', () => {
    const s = playing({
      war: [['hapsburg', 'ottoman']],
      control: { turin: 'hapsburg' },
      stacks: [{ space: 'turin', power: 'hapsburg', leaders: ['maurice-of-saxony'] }],
      impulse: { power: 'hapsburg', cp: 2 },
      move: { from: 'turin', to: 'milan', leaders: ['maurice-of-saxony'] },
    });
    const p = finished(s);
    expect(piecesAt(p, 'milan', 'hapsburg').leaders).toEqual(['maurice-of-saxony']);
    expect(p.sieges).toEqual([]);
    expect(p.impulse.cp).toBe(1);
  });
});

describe('ruling R19: the attacking force', () => {
  test('[14 step 2, ruling R19] a friendly leader waiting in the battle space fights with the formation, adds his rating and shares its defeat', () => {
    // Ibrahim waits alone in Hapsburg Mohacs beside two Hapsburg regulars; four Ottoman regulars march in from Belgrade.
    const s = playing(
      {
        war: WAR,
        control: { mohacs: 'hapsburg', belgrade: 'ottoman' },
        stacks: [
          { space: 'belgrade', power: 'ottoman', regulars: 4 },
          { space: 'mohacs', power: 'ottoman', leaders: ['ibrahim-pasha'] },
          { space: 'mohacs', power: 'hapsburg', regulars: 2 },
        ],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'belgrade', to: 'mohacs', regulars: 4 },
      },
      [{ type: 'avoid.decline', power: 'hapsburg' }],
    );
    expect(s.pending?.roll).toMatchObject({ purpose: 'attacker', dice: 5 });
    for (const e of [dice(1, 1, 1, 1, 1), dice(5, 1, 1)]) accept(s, e);
    const p = finished(s);
    expect(piecesAt(p, 'belgrade', 'ottoman')).toEqual({ ...none, regulars: 3, leaders: ['ibrahim-pasha'] });
    expect((p.stacks ?? []).find((x) => x.space === 'belgrade' && x.power === 'ottoman')?.lostBattle).toBe(true);
  });
});

describe('ruling R17, 22.3: positions the validator accepts and refuses', () => {
  const base: ScenarioPatch = { war: WAR, impulse: { power: 'ottoman', cp: 1 } };
  test('[ruling R17] units inside that the enemy outside does not outnumber stand unbesieged: a legal position', () => {
    expect(() =>
      parseScenario({
        ...base,
        stacks: [
          { space: 'vienna', power: 'hapsburg', regulars: 2, inside: true },
          { space: 'vienna', power: 'ottoman', regulars: 2 },
        ],
      }),
    ).not.toThrow();
  });

  test('[ruling R17, ruling R13] enemy land units outside an empty enemy fortress with no siege: refused', () => {
    expect(() => parseScenario({ ...base, stacks: [{ space: 'vienna', power: 'ottoman', regulars: 2 }] })).toThrow(
      /empty Vienna.*ruling R13.*ruling R17/,
    );
  });

  test('[15, ruling R17] units of a third power do not count for a siege: refused when the besieger alone does not outnumber', () => {
    const input = {
      war: [
        ['ottoman', 'hapsburg'],
        ['france', 'hapsburg'],
      ],
      alliances: [['ottoman', 'france']] as [string, string][],
      stacks: [
        { space: 'vienna', power: 'hapsburg', regulars: 2, inside: true },
        { space: 'vienna', power: 'ottoman', regulars: 1 },
        { space: 'vienna', power: 'france', regulars: 3 },
      ],
      sieges: [{ space: 'vienna', by: ['ottoman'] }],
      impulse: { power: 'ottoman', cp: 1 },
    };
    expect(() => parseScenario(input)).toThrow(/besieging powers outside \(1\) than land units inside \(2\)/);
    expect(() => parseScenario({ ...input, sieges: [{ space: 'vienna', by: ['ottoman', 'france'] }] })).not.toThrow();
  });

  test('[22.3] an active minor at war with a power its major is at peace with: refused', () => {
    try {
      parseScenario({
        war: [
          ['ottoman', 'hapsburg'],
          ['hungary', 'france'],
        ],
        alliances: [['hapsburg', 'hungary']],
        impulse: { power: 'ottoman', cp: 1 },
      });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioError);
      expect((e as ScenarioError).issues).toEqual([
        { path: 'war[1]', message: expect.stringContaining('active minor allied to Hapsburg (22.3)') },
      ]);
    }
  });

  test('[14 step 10] a two-sided leader (Maurice of Saxony) may be captured by either of his powers; a one-sided one not by his own', () => {
    const stacks = [{ space: 'vienna', power: 'hapsburg', regulars: 2 }];
    expect(() =>
      parseScenario({ ...base, stacks, captured: [{ leader: 'maurice-of-saxony', by: 'hapsburg' }] }),
    ).not.toThrow();
    expect(() =>
      parseScenario({ ...base, stacks, captured: [{ leader: 'maurice-of-saxony', by: 'protestant' }] }),
    ).not.toThrow();
    expect(() => parseScenario({ ...base, stacks, captured: [{ leader: 'ferdinand', by: 'hapsburg' }] })).toThrow(
      /the only power he serves/,
    );
  });

  test('[DESIGN] resolve finishes every regression-like board with the default policy and its result parses', () => {
    const r = resolve(
      parseScenario({
        ...base,
        control: { pressburg: 'ottoman' },
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 3 },
          { space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] },
        ],
        move: { from: 'pressburg', to: 'vienna', regulars: 3 },
      }),
    );
    expect(r.ok).toBe(true);
    if (r.ok) expect(() => parseScenario(r.result.position)).not.toThrow();
  });
});

/** Three spaces in a line, west – field – east: the middle one unfortified (LINE), a Hapsburg fortress held by the
 * Ottomans (FORT_LINE, control given by the inside garrison's home) or a Protestant fortress (PROTESTANT_FORT). */
const line = (type: string, home: string) => ({
  spaces: [
    { id: 'west', type: 'unfortified', home: 'hapsburg' },
    { id: 'field', type, home },
    { id: 'east', type: 'unfortified', home: 'hapsburg' },
  ],
  connections: [
    { a: 'west', b: 'field' },
    { a: 'field', b: 'east' },
  ],
});
const LINE = line('unfortified', 'hapsburg') as ScenarioPatch['map'];
const FORT_LINE = line('fortress', 'ottoman') as ScenarioPatch['map'];
const PROTESTANT_FORT = line('fortress', 'protestant') as ScenarioPatch['map'];

describe('Classes found by the property tests (test/properties): each pinned also in the casebook', () => {
  test('[13.1] with no legal move there is no move decision: the Move action does not happen and the move ends', () => {
    const s = playing({
      war: WAR,
      stacks: [{ space: 'pressburg', power: 'ottoman', regulars: 2, lostBattle: true }],
      impulse: { power: 'ottoman', cp: 2 },
    });
    expect(s.pending).toBeNull();
    const p = finished(s);
    expect(piecesAt(p, 'pressburg', 'ottoman')).toEqual({ ...none, regulars: 2 });
    expect(
      s.trace.some((t) => t.state === 'noLegalMove' && t.headline && /has no legal move: .* \(13\.1\)/.test(t.note.en)),
    ).toBe(true);
  });

  test('[13.1, 13.2] a leader moving alone, intercepted by land units, is captured: no battle is fought (MOV-23)', () => {
    const s = playing(
      {
        map: LINE,
        war: WAR,
        stacks: [
          { space: 'west', power: 'hapsburg', regulars: 1, leaders: ['charles-v'] },
          { space: 'east', power: 'ottoman', regulars: 1 },
        ],
        impulse: { power: 'hapsburg', cp: 1 },
        move: { from: 'west', to: 'field', leaders: ['charles-v'] },
      },
      [{ type: 'intercept.declare', power: 'ottoman', from: 'east', regulars: 1 }, dice(6, 6)],
    );
    const p = finished(s);
    expect(s.result?.summary.battle).toBeNull();
    expect(s.trace.some((t) => t.machine === 'fieldBattle')).toBe(false);
    expect(p.captured).toEqual([{ leader: 'charles-v', by: 'ottoman' }]);
  });

  test('[13.4 options 1 and 2] only the formation that entered moves on or goes back: a friendly leader already there stays', () => {
    const patch: ScenarioPatch = {
      map: FORT_LINE,
      war: WAR,
      stacks: [
        { space: 'west', power: 'hapsburg', regulars: 1 },
        { space: 'field', power: 'ottoman', cavalry: 1, inside: true },
        { space: 'field', power: 'hapsburg', leaders: ['duke-of-alva'] },
      ],
      impulse: { power: 'hapsburg', cp: 2 },
      move: { from: 'west', to: 'field', regulars: 1 },
    };
    const on = finishWithPolicy(playing(patch, [{ type: 'move.continue', to: 'east' }]));
    expect(piecesAt(finished(on), 'field', 'hapsburg')).toEqual({ ...none, leaders: ['duke-of-alva'] });
    expect(piecesAt(finished(on), 'east', 'hapsburg')).toEqual({ ...none, regulars: 1 });
    const back = finishWithPolicy(playing(patch, [{ type: 'move.stop' }]));
    expect(piecesAt(finished(back), 'field', 'hapsburg')).toEqual({ ...none, leaders: ['duke-of-alva'] });
    expect(piecesAt(finished(back), 'west', 'hapsburg')).toEqual({ ...none, regulars: 1 });
  });

  test("[15, ruling R18] enemies inside an ally's fortress are not besieged by the formation: it stays, no siege", () => {
    const s = playing({
      war: [['england', 'protestant']],
      alliances: [
        ['england', 'hapsburg'],
        ['hapsburg', 'protestant'],
      ],
      stacks: [
        { space: 'brussels', power: 'england', regulars: 1 },
        { space: 'antwerp', power: 'protestant', leaders: ['john-frederick'] },
      ],
      impulse: { power: 'england', cp: 1 },
      move: { from: 'brussels', to: 'antwerp', regulars: 1 },
    });
    const p = finished(finishWithPolicy(s));
    expect(p.sieges).toEqual([]);
    expect(piecesAt(p, 'antwerp', 'protestant', true)).toEqual({ ...none, leaders: ['john-frederick'] });
  });

  // England, at war with the Hapsburgs, moves its allied Hungarian regular into Hapsburg Antwerp, where units of the
  // Hapsburgs' French ally stand: they are treated as enemy units for all purposes (13.1 restriction 3). The
  // mover's own minor ally standing in the space once placed does not undo that.
  const ANTWERP: ScenarioPatch = {
    war: [['england', 'hapsburg']],
    alliances: [
      ['hapsburg', 'france'],
      ['england', 'hungary'],
    ],
    control: { amsterdam: 'england' },
    stacks: [
      { space: 'amsterdam', power: 'hungary', regulars: 1 },
      { space: 'antwerp', power: 'france', mercenaries: 1 },
    ],
    impulse: { power: 'england', cp: 1 },
    move: { from: 'amsterdam', to: 'antwerp', regulars: 1 },
  };

  test("[13.1 restriction 3, 13.1 step 8] the enemy controller's allies still fight a formation of the mover's minor ally: no siege past them (MOV-17)", () => {
    const s = finishWithPolicy(playing(ANTWERP));
    const p = finished(s);
    expect(s.result?.summary.battle?.defender.powers).toEqual(['france']);
    expect((p.sieges ?? []).filter((g) => g.space === 'antwerp' && g.by.includes('england'))).toEqual([]);
  });

  test("[13.1 restriction 3, 13.2 step 5] a successful interception by the enemy controller's ally into that space is followed by a field battle (MOV-17, INT-27)", () => {
    const s = playing(
      { ...ANTWERP, stacks: [...(ANTWERP.stacks ?? []), { space: 'brussels', power: 'france', mercenaries: 1 }] },
      [{ type: 'intercept.declare', power: 'france', from: 'brussels', mercenaries: 1 }, dice(6, 6)],
    );
    expect(s.pending?.kind).toBe('roll');
    const p = finished(finishWithPolicy(s));
    expect(s.result?.summary.battle?.defender.units.mercenaries).toBe(2);
    expect((p.sieges ?? []).filter((g) => g.space === 'antwerp' && g.by.includes('england'))).toEqual([]);
  });

  test('[15.3, 13.1] a leader left alone beside the formation when the besiegers of the destination retreat is captured (MOV-23, SIE-07)', () => {
    // Four French regulars besiege the independent key with Charles V beside them; one French regular avoids the
    // Ottoman formation, the four left no longer outnumber the four inside, the siege ends and they retreat —
    // Charles V, who may not go inside an independent key, is alone beside the Ottoman land units.
    const s = playing(
      {
        map: line('key', 'ottoman') as ScenarioPatch['map'],
        war: [
          ['ottoman', 'hapsburg'],
          ['ottoman', 'france'],
        ],
        alliances: [['hapsburg', 'france']],
        control: { field: 'independent' },
        stacks: [
          { space: 'west', power: 'ottoman', regulars: 5, leaders: ['ibrahim-pasha'] },
          { space: 'field', power: 'independent', regulars: 4, inside: true },
          { space: 'field', power: 'france', regulars: 5 },
          { space: 'field', power: 'hapsburg', leaders: ['charles-v'] },
        ],
        sieges: [{ space: 'field', by: ['france'] }],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'west', to: 'field', regulars: 5, leaders: ['ibrahim-pasha'] },
      },
      [
        { type: 'avoid.declare', power: 'france', to: 'east', regulars: 1 },
        dice(5, 6),
        { type: 'retreat.declare', power: 'france', to: 'east' },
      ],
    );
    const p = finished(finishWithPolicy(s));
    expect(p.captured).toEqual([{ leader: 'charles-v', by: 'ottoman' }]);
    expect(piecesAt(p, 'field', 'hapsburg')).toEqual(none);
  });

  test('[15.3, 13.2] a siege left by interceptors ends at once: its besiegers retreat before the next attempt and may join it (SIE-06, SIE-07, INT-17)', () => {
    // Three English regulars and Brandon besiege s3 (two Hapsburg mercenaries inside); one regular intercepts the
    // Ottoman move into s0. The two left no longer outnumber the two inside: the siege ends immediately (15.3) and
    // they retreat, with Brandon, to s2 — where Dudley waits; England's next attempt from s2 may take them all.
    const s = playing(
      {
        map: {
          spaces: [
            { id: 's0', type: 'unfortified', home: 'hapsburg' },
            { id: 's1', type: 'unfortified', home: 'france' },
            { id: 's2', type: 'unfortified', home: 'england' },
            { id: 's3', type: 'key', home: 'ottoman' },
          ],
          connections: [
            { a: 's0', b: 's1' },
            { a: 's0', b: 's2' },
            { a: 's2', b: 's3' },
            { a: 's0', b: 's3' },
          ],
        } as ScenarioPatch['map'],
        war: [
          ['ottoman', 'england'],
          ['ottoman', 'france'],
        ],
        alliances: [
          ['ottoman', 'hapsburg'],
          ['ottoman', 'hungary'],
          ['england', 'france'],
        ],
        control: { s0: 'hungary' },
        stacks: [
          { space: 's1', power: 'ottoman', regulars: 1 },
          { space: 's3', power: 'england', regulars: 3, leaders: ['charles-brandon'] },
          { space: 's2', power: 'england', leaders: ['dudley'] },
          { space: 's3', power: 'hapsburg', mercenaries: 2, inside: true, attemptedInterception: true },
        ],
        sieges: [{ space: 's3', by: ['england'] }],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 's1', to: 's0', regulars: 1 },
      },
      [{ type: 'intercept.declare', power: 'england', from: 's3', regulars: 1 }, dice(6, 6)],
    );
    expect(s.summary.siegesEnded).toEqual([{ space: 's3', by: ['england'], rule: '15.3' }]);
    accept(s, {
      type: 'intercept.declare',
      power: 'england',
      from: 's2',
      regulars: 2,
      leaders: ['charles-brandon', 'dudley'],
    });
  });

  test('[ruling R13, ruling R17] interceptors that win outside an empty enemy fortress put it under siege', () => {
    const s = playing(
      {
        map: PROTESTANT_FORT,
        war: [
          ['ottoman', 'hapsburg'],
          ['ottoman', 'protestant'],
          ['hapsburg', 'protestant'],
        ],
        stacks: [
          { space: 'west', power: 'ottoman', regulars: 1 },
          { space: 'east', power: 'hapsburg', mercenaries: 1 },
        ],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'west', to: 'field', regulars: 1 },
      },
      [{ type: 'intercept.declare', power: 'hapsburg', from: 'east', mercenaries: 1 }, dice(6, 6), dice(1), dice(6, 6)],
    );
    const p = finished(finishWithPolicy(s));
    expect(p.sieges).toEqual([{ space: 'field', by: ['hapsburg'], thisImpulse: true }]);
  });
});
