// Machine gates: what each procedure machine waits for and which answers it accepts. The leaf machines are driven
// through the pure `initialTransition` / `transition` functions and `snapshot.can(event)`, without actors (XState's
// packages/core/test/transition.test.ts); fieldBattle and movement invoke child machines, so they run as actors
// and each event goes to the active child, checked with `can` first. Boards come from the scenario schema.
import {
  createActor,
  initialTransition,
  transition,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type InspectionEvent,
} from 'xstate';
import { describe, expect, test } from 'vitest';
import { activeLeaf as leafOf } from '../../src/engine/actors.ts';
import {
  avoidBattleMachine,
  fieldBattleMachine,
  interceptionMachine,
  movementMachine,
  retreatMachine,
  withdrawalMachine,
} from '../../machines/index.ts';
import type { MoveLeg } from '../../src/rules/leg.ts';
import type { RetreatInput } from '../../src/rules/procedures/retreat.ts';
import { addStacks, relocate, replaceStacks, stacksWhere } from '../../src/rules/stacks.ts';
import { withPosition, type World } from '../../src/rules/world.ts';
import type { EngineEvent } from '../../src/schema/events.ts';
import type { MajorPower, Power } from '../../src/schema/power.ts';
import type { Stack } from '../../src/schema/scenario.ts';
import type { Units } from '../../src/schema/units.ts';
import { CHARLES, depart, FERDINAND, SULEIMAN, VIENNA, world, type ScenarioPatch } from '../helpers/fixtures.ts';
import { named } from '../helpers/rows.ts';

const SULEIMANS_MOVE = {
  from: 'pressburg',
  to: 'vienna',
  regulars: 7,
  cavalry: 1,
  leaders: ['suleiman', 'ibrahim-pasha'],
};

/** 13.1 step 3: the formation has left its space and is on its way (what the interception machine sees). */

/** 13.1 step 5: after the interceptions the formation stands in the destination (what steps 6 and 7 see). */
function arrive(w: World, power: MajorPower, from: string, to: string): { world: World; leg: MoveLeg } {
  const gone = depart(w, power, from, to);
  return {
    ...gone,
    world: withPosition(
      gone.world,
      addStacks(gone.world.position, relocate(gone.leg.formation, { space: to, inside: false })),
    ),
  };
}

/** The stacks of one power in one space, e.g. to read a result. */
function stacksOf(w: World, space: string, power: Power, inside?: boolean): Stack[] {
  return stacksWhere(w.position, { space, powers: [power], ...(inside === undefined ? {} : { inside }) });
}

/** What one power holds in a space (land units and leaders), optionally only inside or only outside. */
function held(w: World, space: string, power: Power, inside?: boolean): Units {
  const s = stacksOf(w, space, power, inside);
  return {
    regulars: s.reduce((n, x) => n + x.regulars, 0),
    mercenaries: s.reduce((n, x) => n + x.mercenaries, 0),
    cavalry: s.reduce((n, x) => n + x.cavalry, 0),
    leaders: s.flatMap((x) => x.leaders).sort(),
  };
}

/** Expected holdings, leaders sorted as `held` reports them. */
function units(p: Partial<Units>): Units {
  return {
    regulars: p.regulars ?? 0,
    mercenaries: p.mercenaries ?? 0,
    cavalry: p.cavalry ?? 0,
    leaders: [...(p.leaders ?? [])].sort(),
  };
}

const roll = (...values: number[]): EngineEvent => ({ type: 'dice.rolled', values });
const dice = (n: number, face: number): EngineEvent => ({
  type: 'dice.rolled',
  values: Array.from({ length: n }, () => face),
});

// ---------------------------------------------------------------------------------------------------------------
// 13.2 Interception
// ---------------------------------------------------------------------------------------------------------------

/** The example's board with France at war with the Ottoman, allied to the Hapsburg, and a stack in Brunn. */
const TWO_INTERCEPTORS: ScenarioPatch = {
  ...VIENNA,
  war: [
    ['ottoman', 'hapsburg'],
    ['ottoman', 'france'],
  ],
  alliances: [
    ['hapsburg', 'hungary'],
    ['hapsburg', 'france'],
  ],
  stacks: [SULEIMAN, CHARLES, FERDINAND, { space: 'brunn', power: 'france', regulars: 3, leaders: ['montmorency'] }],
};

function interceptionStart(patch: ScenarioPatch = VIENNA) {
  return initialTransition(interceptionMachine, depart(world(patch), 'ottoman', 'pressburg', 'vienna'))[0];
}

const CHARLES_DECLARES: EngineEvent = {
  type: 'intercept.declare',
  power: 'hapsburg',
  from: 'graz',
  regulars: 8,
  leaders: ['charles-v'],
};
const FRANCE_DECLARES: EngineEvent = {
  type: 'intercept.declare',
  power: 'france',
  from: 'brunn',
  regulars: 3,
  leaders: ['montmorency'],
};

describe('13.2 interception machine', () => {
  test('[13.2, 3.2] asks the Hapsburg before France: impulse order, not map or name order (INT-15)', () => {
    const s = interceptionStart(TWO_INTERCEPTORS);
    expect(s.value).toBe('awaitingInterception');
    expect(s.hasTag('decision')).toBe(true);
    expect(s.context.asking).toBe('hapsburg');
  });

  test('[13.2] does not ask France when it is neither at war with nor allied to the Hapsburg who controls Vienna (INT-14)', () => {
    const s = interceptionStart({ ...TWO_INTERCEPTORS, alliances: [['hapsburg', 'hungary']] });
    expect(s.context.asking).toBe('hapsburg');
    const [next] = transition(interceptionMachine, s, { type: 'intercept.decline', power: 'hapsburg' });
    expect(next.status).toBe('done');
  });

  test('[13.2] does not ask France into a space holding Hapsburg land units when it is not their ally (INT-12)', () => {
    // At war with both: France may enter Hapsburg Vienna, but only the Hapsburg or its allies intercept into it.
    const s = interceptionStart({
      ...TWO_INTERCEPTORS,
      war: [
        ['ottoman', 'hapsburg'],
        ['ottoman', 'france'],
        ['france', 'hapsburg'],
      ],
      alliances: [['hapsburg', 'hungary']],
    });
    const [next] = transition(interceptionMachine, s, { type: 'intercept.decline', power: 'hapsburg' });
    expect(next.status).toBe('done');
  });

  test('[13.2] refuses a declaration or a decline from a power whose turn it is not (INT-15, INT-19)', () => {
    const s = interceptionStart(TWO_INTERCEPTORS);
    expect(s.can(FRANCE_DECLARES)).toBe(false);
    expect(s.can({ type: 'intercept.decline', power: 'france' })).toBe(false);
    expect(s.can({ type: 'intercept.decline', power: 'ottoman' })).toBe(false);
    expect(s.can({ type: 'intercept.decline', power: 'hapsburg' })).toBe(true);
    expect(s.can(CHARLES_DECLARES)).toBe(true);
  });

  test('[13.2] once the Hapsburg declines, France is asked (INT-15)', () => {
    const [s] = transition(interceptionMachine, interceptionStart(TWO_INTERCEPTORS), {
      type: 'intercept.decline',
      power: 'hapsburg',
    });
    expect(s.value).toBe('awaitingInterception');
    expect(s.context.asking).toBe('france');
    expect(s.can(FRANCE_DECLARES)).toBe(true);
    expect(s.can(CHARLES_DECLARES)).toBe(false);
  });

  interface IllegalRow {
    readonly what: string;
    readonly event: EngineEvent;
    readonly patch?: ScenarioPatch;
  }
  test.for(
    named<IllegalRow>([
      // INT-20: the formation must be in the space it comes from.
      {
        what: 'a declaration from a space without those units (INT-20)',
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'linz', regulars: 2 },
      },
      {
        what: 'a declaration more regulars than the space holds (INT-20)',
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 9, leaders: ['charles-v'] },
      },
      // INT-10, 5.1: without a leader at most 4 land units form a formation.
      {
        what: 'a declaration 5 regulars without a leader (INT-10)',
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 5 },
      },
      // INT-04: Ferdinand is in the destination itself, not adjacent to it.
      {
        what: 'a declaration from the destination itself (INT-04)',
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'vienna', regulars: 2, leaders: ['ferdinand'] },
      },
      {
        what: 'a declaration of an empty formation (13.2 step 1)',
        event: { type: 'intercept.declare', power: 'hapsburg', from: 'graz' },
      },
      // Ruling R10, 22.3: an active minor's units are decided by its major power.
      {
        what: 'a declaration made by an active minor power instead of its major (R10)',
        event: { type: 'intercept.declare', power: 'hungary', from: 'graz', regulars: 8, leaders: ['charles-v'] },
      },
      {
        // Ruling R12, INT-07: 4 of the 8 regulars already attempted an interception this impulse.
        what: 'a declaration of units that already attempted an interception this impulse (INT-07, R12)',
        event: CHARLES_DECLARES,
        patch: {
          ...VIENNA,
          stacks: [
            SULEIMAN,
            FERDINAND,
            { space: 'graz', power: 'hapsburg', regulars: 4, leaders: ['charles-v'] },
            { space: 'graz', power: 'hapsburg', regulars: 4, attemptedInterception: true },
          ],
        },
      },
    ]),
  )('[13.2] can() refuses %s', ([, { event, patch }]) => {
    const s = interceptionStart(patch ?? VIENNA);
    expect(s.value).toBe('awaitingInterception');
    expect(s.can(event)).toBe(false);
  });

  test('[13.2, R12] the unmarked part of a partly marked stack may still intercept (INT-07)', () => {
    const s = interceptionStart({
      ...VIENNA,
      stacks: [
        SULEIMAN,
        FERDINAND,
        { space: 'graz', power: 'hapsburg', regulars: 4, leaders: ['charles-v'] },
        { space: 'graz', power: 'hapsburg', regulars: 4, attemptedInterception: true },
      ],
    });
    expect(
      s.can({ type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 4, leaders: ['charles-v'] }),
    ).toBe(true);
  });

  test('[2.5] no interception across a pass: Salzburg–Graz (INT-05)', () => {
    // The Ottoman moves Mohacs → Graz; the Hapsburg has stacks in Trieste (normal) and Salzburg (pass).
    const patch: ScenarioPatch = {
      war: [['ottoman', 'hapsburg']],
      stacks: [
        { space: 'mohacs', power: 'ottoman', regulars: 4 },
        { space: 'trieste', power: 'hapsburg', regulars: 2 },
        { space: 'salzburg', power: 'hapsburg', regulars: 2 },
      ],
      impulse: { power: 'ottoman', cp: 1 },
    };
    const [s] = initialTransition(interceptionMachine, depart(world(patch), 'ottoman', 'mohacs', 'graz'));
    expect(s.context.asking).toBe('hapsburg');
    expect(s.can({ type: 'intercept.declare', power: 'hapsburg', from: 'salzburg', regulars: 2 })).toBe(false);
    expect(s.can({ type: 'intercept.declare', power: 'hapsburg', from: 'trieste', regulars: 2 })).toBe(true);
  });

  test('[13.2] a move into a friendly fortified space not under siege is not intercepted: nobody is asked (INT-11)', () => {
    const patch: ScenarioPatch = { ...VIENNA, impulse: { power: 'hapsburg', cp: 1 } };
    const [s] = initialTransition(interceptionMachine, depart(world(patch), 'hapsburg', 'graz', 'vienna'));
    expect(s.status).toBe('done');
    expect(s.output?.successPower).toBeUndefined();
    expect(s.output?.summary.interceptions).toEqual([]);
  });

  test('[13.2 step 2] the roll needs exactly two dice', () => {
    const [s] = transition(interceptionMachine, interceptionStart(), CHARLES_DECLARES);
    expect(s.value).toBe('rollingInterception');
    expect(s.hasTag('roll')).toBe(true);
    expect(s.can({ type: 'dice.rolled' })).toBe(false);
    expect(s.can(roll())).toBe(false);
    expect(s.can(roll(3))).toBe(false);
    expect(s.can(roll(3, 5, 1))).toBe(false);
    expect(s.can(CHARLES_DECLARES)).toBe(false);
    expect(s.can(roll(3, 5))).toBe(true);
  });

  test('[13.2 step 3] a success places the interceptors in the destination, as if they had been there (INT-25, INT-24)', () => {
    const [declared] = transition(interceptionMachine, interceptionStart(), CHARLES_DECLARES);
    const [s] = transition(interceptionMachine, declared, roll(3, 5));
    expect(s.status).toBe('done');
    const out = s.output!;
    expect(out.successPower).toBe('hapsburg');
    expect(stacksOf(out.world, 'graz', 'hapsburg')).toEqual([]);
    expect(held(out.world, 'vienna', 'hapsburg', false)).toEqual(
      units({ regulars: 10, leaders: ['charles-v', 'ferdinand'] }),
    );
    // RULES.md §6: 8 + 2 (Charles V) − 1 (against Ottoman cavalry) = 9, "just enough".
    expect(out.summary.interceptions).toHaveLength(1);
    expect(out.summary.interceptions[0]).toMatchObject({
      power: 'hapsburg',
      from: 'graz',
      dice: [3, 5],
      total: 9,
      target: 9,
      success: true,
    });
    expect(out.summary.interceptions[0]!.terms.map((t) => t.count)).toEqual([2, -1]);
  });

  test('[13.2 step 3] stops other powers once one succeeds (INT-16)', () => {
    const [declared] = transition(interceptionMachine, interceptionStart(TWO_INTERCEPTORS), CHARLES_DECLARES);
    const [s] = transition(interceptionMachine, declared, roll(3, 5));
    expect(s.status).toBe('done');
    expect(s.output?.successPower).toBe('hapsburg');
    expect(s.output?.summary.interceptions.map((i) => i.power)).toEqual(['hapsburg']);
    // France's stack never moved.
    expect(held(s.output!.world, 'brunn', 'france')).toEqual(units({ regulars: 3, leaders: ['montmorency'] }));
  });

  test('[13.2 step 4] after a success only the successful power may go on trying, from its other spaces (INT-16, INT-17)', () => {
    const patch: ScenarioPatch = {
      ...TWO_INTERCEPTORS,
      stacks: [...TWO_INTERCEPTORS.stacks!, { space: 'linz', power: 'hapsburg', regulars: 2 }],
    };
    const [declared] = transition(interceptionMachine, interceptionStart(patch), CHARLES_DECLARES);
    const [s] = transition(interceptionMachine, declared, roll(3, 5));
    expect(s.value).toBe('awaitingInterception');
    expect(s.context.asking).toBe('hapsburg');
    expect(s.can(FRANCE_DECLARES)).toBe(false);
    // Graz was used (13.2 step 4); Linz was not.
    expect(s.can({ type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 1 })).toBe(false);
    expect(s.can({ type: 'intercept.declare', power: 'hapsburg', from: 'linz', regulars: 2 })).toBe(true);
  });

  test('[13.2 step 4] a failure lets the next power try; the failed interceptors stay where they were (INT-19, INT-26)', () => {
    const [declared] = transition(interceptionMachine, interceptionStart(TWO_INTERCEPTORS), CHARLES_DECLARES);
    const [s] = transition(interceptionMachine, declared, roll(1, 1));
    expect(s.value).toBe('awaitingInterception');
    expect(s.context.asking).toBe('france');
    expect(s.can(FRANCE_DECLARES)).toBe(true);
    expect(held(s.context.world, 'graz', 'hapsburg')).toEqual(units({ regulars: 8, leaders: ['charles-v'] }));
    expect(s.context.summary.interceptions[0]).toMatchObject({ power: 'hapsburg', total: 3, success: false });
  });

  test('[13.2, R12] a failed attempt marks every unit and leader that tried, and only them (INT-07)', () => {
    const [declared] = transition(interceptionMachine, interceptionStart(TWO_INTERCEPTORS), {
      type: 'intercept.declare',
      power: 'hapsburg',
      from: 'graz',
      regulars: 5,
      leaders: ['charles-v'],
    });
    const [s] = transition(interceptionMachine, declared, roll(1, 1));
    const graz = stacksOf(s.context.world, 'graz', 'hapsburg');
    expect(graz.filter((x) => x.attemptedInterception).map((x) => [x.regulars, x.leaders])).toEqual([
      [5, ['charles-v']],
    ]);
    expect(graz.filter((x) => !x.attemptedInterception).map((x) => [x.regulars, x.leaders])).toEqual([[3, []]]);
    // 13.2 step 4: Graz may not make another attempt, so France is next.
    expect(s.context.asking).toBe('france');
  });

  test('[13.2, R12] a successful attempt marks the interceptors in the destination, not the units already there (INT-07)', () => {
    const [declared] = transition(interceptionMachine, interceptionStart(), CHARLES_DECLARES);
    const [s] = transition(interceptionMachine, declared, roll(6, 6));
    const vienna = stacksOf(s.output!.world, 'vienna', 'hapsburg');
    expect(vienna.filter((x) => x.attemptedInterception).map((x) => [x.regulars, x.leaders])).toEqual([
      [8, ['charles-v']],
    ]);
    expect(vienna.filter((x) => !x.attemptedInterception).map((x) => [x.regulars, x.leaders])).toEqual([
      [2, ['ferdinand']],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 13.3 Avoid Battle
// ---------------------------------------------------------------------------------------------------------------

function avoidStart(patch: ScenarioPatch = VIENNA, intercepted: readonly Power[] = []) {
  return initialTransition(avoidBattleMachine, {
    ...arrive(world(patch), 'ottoman', 'pressburg', 'vienna'),
    intercepted,
  })[0];
}

const FERDINAND_TO_LINZ: EngineEvent = {
  type: 'avoid.declare',
  power: 'hapsburg',
  to: 'linz',
  regulars: 2,
  leaders: ['ferdinand'],
};

describe('13.3 avoid battle machine', () => {
  test('[13.3 step 1] asks the Hapsburg, who has land units in Vienna and a legal space to go to', () => {
    const s = avoidStart();
    expect(s.value).toBe('awaitingAvoid');
    expect(s.hasTag('decision')).toBe(true);
    expect(s.context.asking).toBe('hapsburg');
    expect(s.can(FERDINAND_TO_LINZ)).toBe(true);
    expect(s.can({ type: 'avoid.decline', power: 'hapsburg' })).toBe(true);
  });

  test('[13.3, R9] does not ask a power with no legal destination (AVB-07, AVB-08, AVB-11)', () => {
    // Linz and Graz in unrest, Brunn Hungarian with no alliance, Pressburg the space the enemy came from.
    const s = avoidStart({ ...VIENNA, alliances: [], unrest: ['linz', 'graz'] });
    expect(s.status).toBe('done');
    expect(s.output?.summary.avoids).toEqual([]);
    expect(held(s.output!.world, 'vienna', 'hapsburg')).toEqual(units({ regulars: 2, leaders: ['ferdinand'] }));
  });

  test('[13.3, R3] does not ask a power whose only piece in the space is a leader (AVB-14)', () => {
    const s = avoidStart({
      ...VIENNA,
      stacks: [SULEIMAN, CHARLES, { space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] }],
    });
    expect(s.status).toBe('done');
  });

  test('[13.1 step 5] nobody is asked after a successful interception (AVB-02, AVB-13)', () => {
    const s = avoidStart(VIENNA, ['hapsburg']);
    expect(s.status).toBe('done');
    expect(s.output?.summary.avoids).toEqual([]);
  });

  test('[13.3 step 1] each major power with land units is asked in turn, in impulse order (AVB-03)', () => {
    const patch: ScenarioPatch = {
      ...VIENNA,
      war: [
        ['ottoman', 'hapsburg'],
        ['ottoman', 'france'],
      ],
      alliances: [
        ['hapsburg', 'hungary'],
        ['hapsburg', 'france'],
      ],
      stacks: [SULEIMAN, CHARLES, FERDINAND, { space: 'vienna', power: 'france', regulars: 2 }],
    };
    const first = avoidStart(patch);
    expect(first.context.asking).toBe('hapsburg');
    expect(first.can({ type: 'avoid.declare', power: 'france', to: 'linz', regulars: 2 })).toBe(false);
    expect(first.can({ type: 'avoid.decline', power: 'france' })).toBe(false);
    const [second] = transition(avoidBattleMachine, first, { type: 'avoid.decline', power: 'hapsburg' });
    expect(second.value).toBe('awaitingAvoid');
    expect(second.context.asking).toBe('france');
    expect(second.can({ type: 'avoid.declare', power: 'france', to: 'linz', regulars: 2 })).toBe(true);
  });

  interface AvoidRow {
    readonly what: string;
    readonly event: EngineEvent;
    readonly patch?: ScenarioPatch;
  }
  test.for(
    named<AvoidRow>([
      // Hungary-controlled Pressburg, allied to the Hapsburg: only "the space the enemy just left" forbids it.
      {
        what: 'an avoid into the space the enemy came from (AVB-11)',
        event: { type: 'avoid.declare', power: 'hapsburg', to: 'pressburg', regulars: 2, leaders: ['ferdinand'] },
        patch: { ...VIENNA, control: {} },
      },
      {
        what: 'an avoid into a space in unrest (AVB-08)',
        event: FERDINAND_TO_LINZ,
        patch: { ...VIENNA, unrest: ['linz'] },
      },
      {
        what: 'an avoid into a space that is not adjacent (AVB-05)',
        event: { type: 'avoid.declare', power: 'hapsburg', to: 'salzburg', regulars: 2, leaders: ['ferdinand'] },
      },
      {
        what: 'an avoid with more units than are there (13.3 step 3)',
        event: { type: 'avoid.declare', power: 'hapsburg', to: 'linz', regulars: 3, leaders: ['ferdinand'] },
      },
      {
        what: 'an avoid declared by a power that is not asked (AVB-03)',
        event: { type: 'avoid.declare', power: 'france', to: 'linz', regulars: 2 },
      },
      { what: 'a decline by a power that is not asked (AVB-03)', event: { type: 'avoid.decline', power: 'ottoman' } },
    ]),
  )('[13.3] can() refuses %s', ([, { event, patch }]) => {
    const s = avoidStart(patch ?? VIENNA);
    expect(s.value).toBe('awaitingAvoid');
    expect(s.can(event)).toBe(false);
  });

  test('[13.3 step 4] the roll needs exactly two dice', () => {
    const [s] = transition(avoidBattleMachine, avoidStart(), FERDINAND_TO_LINZ);
    expect(s.value).toBe('rollingAvoid');
    expect(s.hasTag('roll')).toBe(true);
    expect(s.can(roll(6))).toBe(false);
    expect(s.can(roll(6, 6, 6))).toBe(false);
    expect(s.can(roll(6, 6))).toBe(true);
  });

  test('[13.3 step 4] a failed roll leaves the units in the space (AVB-21, AVB-23)', () => {
    const [declared] = transition(avoidBattleMachine, avoidStart(), FERDINAND_TO_LINZ);
    // RULES.md §6: 2d6 + 1 (Ferdinand) − 1 (against Ottoman cavalry); 7 + 0 = 7 < 9.
    const [s] = transition(avoidBattleMachine, declared, roll(3, 4));
    expect(s.status).toBe('done');
    expect(held(s.output!.world, 'vienna', 'hapsburg', false)).toEqual(units({ regulars: 2, leaders: ['ferdinand'] }));
    expect(stacksOf(s.output!.world, 'linz', 'hapsburg')).toEqual([]);
    expect(s.output?.summary.avoids).toEqual([
      expect.objectContaining({
        power: 'hapsburg',
        to: 'linz',
        dice: [3, 4],
        total: 7,
        success: false,
        automatic: false,
      }),
    ]);
  });

  test('[13.3 step 5] a successful roll puts the group in the chosen space (AVB-17, AVB-21)', () => {
    const [declared] = transition(avoidBattleMachine, avoidStart(), FERDINAND_TO_LINZ);
    const [s] = transition(avoidBattleMachine, declared, roll(4, 5));
    expect(s.status).toBe('done');
    expect(stacksOf(s.output!.world, 'vienna', 'hapsburg')).toEqual([]);
    expect(held(s.output!.world, 'linz', 'hapsburg')).toEqual(units({ regulars: 2, leaders: ['ferdinand'] }));
    expect(s.output?.summary.avoids[0]).toMatchObject({ total: 9, success: true, automatic: false });
  });

  test('[13.3 step 4] succeeds automatically, without a roll, when every unit lost a battle this impulse (AVB-22)', () => {
    const s0 = avoidStart({ ...VIENNA, stacks: [SULEIMAN, CHARLES, { ...FERDINAND, lostBattle: true }] });
    const [s] = transition(avoidBattleMachine, s0, FERDINAND_TO_LINZ);
    expect(s.status).toBe('done');
    expect(s.hasTag('roll')).toBe(false);
    expect(held(s.output!.world, 'linz', 'hapsburg')).toEqual(units({ regulars: 2, leaders: ['ferdinand'] }));
    expect(s.output?.summary.avoids).toEqual([
      expect.objectContaining({ dice: [], total: null, success: true, automatic: true }),
    ]);
  });

  test('[13.3 step 4] rolls when only part of the group lost a battle, and not when the group is only those units (AVB-22)', () => {
    const patch: ScenarioPatch = {
      ...VIENNA,
      stacks: [
        SULEIMAN,
        CHARLES,
        { space: 'vienna', power: 'hapsburg', regulars: 1, leaders: ['ferdinand'] },
        { space: 'vienna', power: 'hapsburg', regulars: 1, lostBattle: true },
      ],
    };
    const [mixed] = transition(avoidBattleMachine, avoidStart(patch), FERDINAND_TO_LINZ);
    expect(mixed.value).toBe('rollingAvoid');
    const [beaten] = transition(avoidBattleMachine, avoidStart(patch), {
      type: 'avoid.declare',
      power: 'hapsburg',
      to: 'linz',
      regulars: 1,
    });
    expect(beaten.status).toBe('done');
    expect(beaten.output?.summary.avoids[0]).toMatchObject({ automatic: true, success: true });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 13.4 Withdrawing into fortifications (movement step 7)
// ---------------------------------------------------------------------------------------------------------------

function withdrawalStart(patch: ScenarioPatch, cp: number, from = 'pressburg', to = 'vienna') {
  return initialTransition(withdrawalMachine, { ...arrive(world(patch), 'ottoman', from, to), cp })[0];
}

/** A small Ottoman formation that does not outnumber Ferdinand's 2 regulars once they are inside. */
const SMALL_MOVER: ScenarioPatch = {
  ...VIENNA,
  stacks: [{ space: 'pressburg', power: 'ottoman', regulars: 2, leaders: ['suleiman'] }, CHARLES, FERDINAND],
};

/** Ottoman formation into Hungarian Buda; Hungary not allied to anyone (an inactive minor, 22.1). */
function budaBoard(hungarians: number, ottomanRegulars = 7): ScenarioPatch {
  return {
    war: [['ottoman', 'hungary']],
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'pressburg', power: 'ottoman', regulars: ottomanRegulars, leaders: ['suleiman'] },
      { space: 'buda', power: 'hungary', regulars: hungarians },
    ],
    impulse: { power: 'ottoman', cp: 1 },
  };
}

describe('13.4 withdrawal machine', () => {
  test('[13.4] the power that controls the space decides; nobody else may answer (WDR-07)', () => {
    const s = withdrawalStart(VIENNA, 0);
    expect(s.value).toBe('awaitingWithdrawal');
    expect(s.hasTag('decision')).toBe(true);
    expect(s.can({ type: 'withdraw.declare', power: 'hapsburg' })).toBe(true);
    expect(s.can({ type: 'withdraw.declare', power: 'ottoman' })).toBe(false);
    expect(s.can({ type: 'withdraw.declare', power: 'hungary' })).toBe(false);
    expect(s.can({ type: 'withdraw.decline', power: 'france' })).toBe(false);
    expect(s.can({ type: 'withdraw.decline', power: 'hapsburg' })).toBe(true);
  });

  test('[13.4, 22.3] an active minor stack in a Hapsburg space: the Hapsburg decides, not Hungary (WDR-07)', () => {
    const s = withdrawalStart(
      { ...VIENNA, stacks: [SULEIMAN, CHARLES, { space: 'vienna', power: 'hungary', regulars: 2 }] },
      0,
    );
    expect(s.value).toBe('awaitingWithdrawal');
    expect(s.can({ type: 'withdraw.declare', power: 'hungary' })).toBe(false);
    expect(s.can({ type: 'withdraw.declare', power: 'hapsburg' })).toBe(true);
  });

  test('[13.4, 15] a siege when the mover has more land units than went inside (WDR-09)', () => {
    const [s] = transition(withdrawalMachine, withdrawalStart(VIENNA, 0), {
      type: 'withdraw.declare',
      power: 'hapsburg',
    });
    expect(s.status).toBe('done');
    expect(s.output?.outcome).toBe('siege');
    expect(held(s.output!.world, 'vienna', 'hapsburg', true)).toEqual(units({ regulars: 2, leaders: ['ferdinand'] }));
    expect(stacksOf(s.output!.world, 'vienna', 'hapsburg', false)).toEqual([]);
    expect(s.output!.world.position.sieges).toEqual([expect.objectContaining({ space: 'vienna', by: ['ottoman'] })]);
    expect(s.output?.summary.withdrawals).toEqual([
      expect.objectContaining({ space: 'vienna', decidedBy: 'hapsburg', withdrew: true }),
    ]);
  });

  test('[13.4] a decline leaves the stack outside for the field battle (WDR-05, WDR-08)', () => {
    const [s] = transition(withdrawalMachine, withdrawalStart(VIENNA, 0), {
      type: 'withdraw.decline',
      power: 'hapsburg',
    });
    expect(s.status).toBe('done');
    expect(s.output?.outcome).toBe('battle');
    expect(held(s.output!.world, 'vienna', 'hapsburg', false)).toEqual(units({ regulars: 2, leaders: ['ferdinand'] }));
  });

  test('[13.4, R6] nobody is asked when 5 or more land units are there (WDR-04)', () => {
    const s = withdrawalStart({ ...VIENNA, stacks: [SULEIMAN, CHARLES, { ...FERDINAND, regulars: 5 }] }, 0);
    expect(s.status).toBe('done');
    expect(s.output?.outcome).toBe('battle');
    expect(s.output?.summary.withdrawals).toEqual([]);
  });

  test('[13.4 option 1] not outnumbering the units inside: move on or retreat (WDR-10, WDR-11, R4)', () => {
    const [s] = transition(withdrawalMachine, withdrawalStart(SMALL_MOVER, 1), {
      type: 'withdraw.declare',
      power: 'hapsburg',
    });
    expect(s.value).toBe('awaitingContinuation');
    expect(s.hasTag('decision')).toBe(true);
    expect(s.can({ type: 'move.continue', to: 'linz' })).toBe(true);
    expect(s.can({ type: 'move.stop' })).toBe(true);
    const [on] = transition(withdrawalMachine, s, { type: 'move.continue', to: 'linz' });
    expect(on.output).toMatchObject({ outcome: 'continue', continueTo: 'linz' });
    const [back] = transition(withdrawalMachine, s, { type: 'move.stop' });
    expect(back.output?.outcome).toBe('retreat');
    expect(back.output?.world.position.sieges).toEqual([]);
  });

  test('[13.4 option 1] move.continue is refused without CP left; move.stop is not (WDR-10, R4)', () => {
    const [s] = transition(withdrawalMachine, withdrawalStart(SMALL_MOVER, 0), {
      type: 'withdraw.declare',
      power: 'hapsburg',
    });
    expect(s.value).toBe('awaitingContinuation');
    expect(s.can({ type: 'move.continue', to: 'linz' })).toBe(false);
    expect(s.can({ type: 'move.stop' })).toBe(true);
  });

  test('[13.4 option 1] move.continue is refused into a space that is not adjacent (WDR-10)', () => {
    const [s] = transition(withdrawalMachine, withdrawalStart(SMALL_MOVER, 2), {
      type: 'withdraw.declare',
      power: 'hapsburg',
    });
    expect(s.can({ type: 'move.continue', to: 'salzburg' })).toBe(false);
  });

  test('[15, R13] an empty enemy fortress is put under siege, without a question', () => {
    const s = withdrawalStart({ ...VIENNA, stacks: [SULEIMAN, CHARLES] }, 0);
    expect(s.status).toBe('done');
    expect(s.output?.outcome).toBe('siege');
    expect(s.output?.world.position.sieges).toEqual([expect.objectContaining({ space: 'vienna', by: ['ottoman'] })]);
    expect(s.output?.summary.withdrawals).toEqual([]);
  });

  test('[13.4 option 1, 2.5] moving on costs 1 CP, or 2 CP over a pass (WDR-10)', () => {
    // Belgrade: 3 inactive Hungarian regulars withdraw; 2 Ottoman regulars do not outnumber them. Ragusa is over a pass.
    const patch: ScenarioPatch = {
      war: [['ottoman', 'hungary']],
      stacks: [
        { space: 'nicopolis', power: 'ottoman', regulars: 2, leaders: ['suleiman'] },
        { space: 'belgrade', power: 'hungary', regulars: 3 },
      ],
      impulse: { power: 'ottoman', cp: 2 },
    };
    const one = withdrawalStart(patch, 1, 'nicopolis', 'belgrade');
    expect(one.value).toBe('awaitingContinuation');
    expect(one.can({ type: 'move.continue', to: 'mohacs' })).toBe(true);
    expect(one.can({ type: 'move.continue', to: 'ragusa' })).toBe(false);
    const two = withdrawalStart(patch, 2, 'nicopolis', 'belgrade');
    expect(two.can({ type: 'move.continue', to: 'ragusa' })).toBe(true);
  });

  test('[22.1, R10] an inactive minor stack of 4 or fewer withdraws without a question (WDR-13)', () => {
    const s = withdrawalStart(budaBoard(3), 0, 'pressburg', 'buda');
    expect(s.status).toBe('done');
    expect(held(s.output!.world, 'buda', 'hungary', true)).toEqual(units({ regulars: 3 }));
    expect(s.output?.summary.withdrawals).toEqual([
      expect.objectContaining({ space: 'buda', decidedBy: null, withdrew: true }),
    ]);
    // 7 Ottoman regulars against 3 inside: a siege (WDR-09).
    expect(s.output?.outcome).toBe('siege');
  });

  test('[22.1, R10] after the automatic withdrawal a mover that does not outnumber the units inside chooses option 1 or 2', () => {
    const s = withdrawalStart(budaBoard(3, 2), 1, 'pressburg', 'buda');
    expect(s.value).toBe('awaitingContinuation');
    expect(s.context.summary.withdrawals).toEqual([expect.objectContaining({ decidedBy: null, withdrew: true })]);
  });

  test('[22.1, R10] an inactive minor stack of 5 or more stands and fights, without a question', () => {
    const s = withdrawalStart(budaBoard(5), 0, 'pressburg', 'buda');
    expect(s.status).toBe('done');
    expect(s.output?.outcome).toBe('battle');
    expect(held(s.output!.world, 'buda', 'hungary', false)).toEqual(units({ regulars: 5 }));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 14.1 Retreat
// ---------------------------------------------------------------------------------------------------------------

function retreatStart(w: World, retreat: RetreatInput['retreat']) {
  return initialTransition(retreatMachine, { world: w, retreat })[0];
}

/**
 * The position a retreat starts from: the scenario can only hold the two sides apart (they would have fought), so
 * the winner, or the beaten attacker, is moved into the battle space as the movement procedure does (13.1 step 5).
 */
function afterBattle(patch: ScenarioPatch, mover: MajorPower, from: string, to: string): World {
  return arrive(world(patch), mover, from, to).world;
}

/** After the example's battle: the beaten Ottoman formation and the Hapsburg winners in Vienna (RULES.md §6). */
function afterVienna(control: Record<string, Power>): World {
  const patch: ScenarioPatch = {
    ...VIENNA,
    control,
    stacks: [
      { space: 'pressburg', power: 'ottoman', regulars: 3, leaders: ['suleiman', 'ibrahim-pasha'], lostBattle: true },
      { space: 'vienna', power: 'hapsburg', regulars: 7, leaders: ['charles-v', 'ferdinand'] },
    ],
  };
  return afterBattle(patch, 'ottoman', 'pressburg', 'vienna');
}
const OTTOMAN_LOST: RetreatInput['retreat'] = {
  space: 'vienna',
  reason: 'attacker',
  attacker: 'ottoman',
  origin: 'pressburg',
  captor: 'hapsburg',
};

describe('14.1 retreat machine', () => {
  test('[14.1, R11] a losing attacker may only retreat to the space it entered from (RET-10)', () => {
    // Linz is Ottoman-controlled and empty: legal for anyone else, but not for a losing attacker.
    const s = retreatStart(afterVienna({ pressburg: 'ottoman', linz: 'ottoman' }), OTTOMAN_LOST);
    expect(s.value).toBe('awaitingRetreat');
    expect(s.hasTag('decision')).toBe(true);
    expect(s.can({ type: 'retreat.declare', power: 'ottoman', to: 'linz' })).toBe(false);
    expect(s.can({ type: 'retreat.declare', power: 'ottoman', to: 'brunn' })).toBe(false);
    expect(s.can({ type: 'retreat.declare', power: 'ottoman' })).toBe(false);
    expect(s.can({ type: 'retreat.declare', power: 'hapsburg', to: 'pressburg' })).toBe(false);
    // Vienna is not the Ottoman's: nothing may go inside (RET-02).
    expect(s.can({ type: 'retreat.declare', power: 'ottoman', to: 'pressburg', inside: { regulars: 1 } })).toBe(false);
    expect(s.can({ type: 'retreat.declare', power: 'ottoman', to: 'pressburg' })).toBe(true);
    const [done] = transition(retreatMachine, s, { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' });
    expect(done.status).toBe('done');
    expect(held(done.output!.world, 'pressburg', 'ottoman')).toEqual(
      units({ regulars: 3, leaders: ['ibrahim-pasha', 'suleiman'] }),
    );
    expect(stacksOf(done.output!.world, 'vienna', 'ottoman')).toEqual([]);
  });

  test('[14.1, R11] a losing attacker whose origin is not a legal retreat space is eliminated, its leaders captured (RET-11)', () => {
    // Without the control override Pressburg is Hungarian, an ally of the Hapsburg: no retreat into it.
    const s = retreatStart(afterVienna({ linz: 'ottoman' }), OTTOMAN_LOST);
    expect(s.status).toBe('done');
    expect(stacksOf(s.output!.world, 'vienna', 'ottoman')).toEqual([]);
    expect(s.output!.world.position.captured).toEqual(
      expect.arrayContaining([
        { leader: 'suleiman', by: 'hapsburg' },
        { leader: 'ibrahim-pasha', by: 'hapsburg' },
      ]),
    );
    expect(s.output?.summary.retreats).toEqual([
      expect.objectContaining({ power: 'ottoman', to: null, eliminated: { regulars: 3, mercenaries: 0, cavalry: 0 } }),
    ]);
  });

  test('[14.1] a trapped stack is eliminated without a question, its leaders captured (RET-12)', () => {
    // Graz: Vienna, Trieste and Salzburg in unrest; Agram and Mohacs Hungarian with no alliance.
    const patch: ScenarioPatch = {
      war: [['ottoman', 'hapsburg']],
      unrest: ['vienna', 'trieste', 'salzburg'],
      stacks: [
        { space: 'agram', power: 'ottoman', regulars: 6, leaders: ['suleiman'] },
        { space: 'graz', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'], lostBattle: true },
      ],
      impulse: { power: 'ottoman', cp: 0 },
    };
    const s = retreatStart(afterBattle(patch, 'ottoman', 'agram', 'graz'), {
      space: 'graz',
      reason: 'defender',
      attacker: 'ottoman',
      origin: 'agram',
      captor: 'ottoman',
    });
    expect(s.status).toBe('done');
    expect(stacksOf(s.output!.world, 'graz', 'hapsburg')).toEqual([]);
    expect(s.output!.world.position.captured).toEqual([{ leader: 'ferdinand', by: 'ottoman' }]);
    expect(s.output?.summary.retreats).toEqual([
      expect.objectContaining({
        power: 'hapsburg',
        to: null,
        eliminated: { regulars: 3, mercenaries: 0, cavalry: 0 },
        captured: ['ferdinand'],
      }),
    ]);
  });

  test('[22.1, R10] a beaten inactive minor stack in its fortified space puts 4 inside and loses the rest, without a question (RET-15)', () => {
    const patch: ScenarioPatch = {
      war: [['ottoman', 'hungary']],
      control: { pressburg: 'ottoman' },
      stacks: [
        { space: 'pressburg', power: 'ottoman', regulars: 5, leaders: ['suleiman'] },
        { space: 'buda', power: 'hungary', regulars: 6, lostBattle: true },
      ],
      impulse: { power: 'ottoman', cp: 0 },
    };
    const s = retreatStart(afterBattle(patch, 'ottoman', 'pressburg', 'buda'), {
      space: 'buda',
      reason: 'defender',
      attacker: 'ottoman',
      origin: 'pressburg',
      captor: 'ottoman',
    });
    expect(s.status).toBe('done');
    expect(held(s.output!.world, 'buda', 'hungary', true)).toEqual(units({ regulars: 4 }));
    expect(stacksOf(s.output!.world, 'buda', 'hungary', false)).toEqual([]);
    expect(s.output?.summary.retreats).toEqual([
      expect.objectContaining({ power: 'hungary', to: null, eliminated: { regulars: 2, mercenaries: 0, cavalry: 0 } }),
    ]);
  });

  test('[22.1, R10] a beaten inactive minor stack in an unfortified space is eliminated, without a question (RET-15)', () => {
    const patch: ScenarioPatch = {
      war: [['ottoman', 'hungary']],
      control: { agram: 'ottoman' },
      stacks: [
        { space: 'agram', power: 'ottoman', regulars: 5 },
        { space: 'mohacs', power: 'hungary', regulars: 5, lostBattle: true },
      ],
      impulse: { power: 'ottoman', cp: 0 },
    };
    const s = retreatStart(afterBattle(patch, 'ottoman', 'agram', 'mohacs'), {
      space: 'mohacs',
      reason: 'defender',
      attacker: 'ottoman',
      origin: 'agram',
      captor: 'ottoman',
    });
    expect(s.status).toBe('done');
    expect(stacksOf(s.output!.world, 'mohacs', 'hungary')).toEqual([]);
    expect(s.output?.summary.retreats[0]).toMatchObject({
      power: 'hungary',
      eliminated: { regulars: 5, mercenaries: 0, cavalry: 0 },
    });
  });

  test('[14.1] a losing defender in its own fortified space: up to 4 inside, the rest to a legal space, never where the enemy came from (RET-02, RET-03, RET-09)', () => {
    const patch: ScenarioPatch = {
      ...VIENNA,
      control: {},
      stacks: [
        { space: 'pressburg', power: 'ottoman', regulars: 6, leaders: ['suleiman'] },
        { space: 'vienna', power: 'hapsburg', regulars: 6, leaders: ['ferdinand'], lostBattle: true },
      ],
    };
    const s = retreatStart(afterBattle(patch, 'ottoman', 'pressburg', 'vienna'), {
      space: 'vienna',
      reason: 'defender',
      attacker: 'ottoman',
      origin: 'pressburg',
      captor: 'ottoman',
    });
    expect(s.value).toBe('awaitingRetreat');
    expect(
      s.can({
        type: 'retreat.declare',
        power: 'hapsburg',
        to: 'linz',
        inside: { regulars: 4, leaders: ['ferdinand'] },
      }),
    ).toBe(true);
    expect(s.can({ type: 'retreat.declare', power: 'hapsburg', to: 'linz', inside: { regulars: 5 } })).toBe(false);
    expect(s.can({ type: 'retreat.declare', power: 'hapsburg', to: 'pressburg' })).toBe(false);
    const [done] = transition(retreatMachine, s, {
      type: 'retreat.declare',
      power: 'hapsburg',
      to: 'linz',
      inside: { regulars: 4, leaders: ['ferdinand'] },
    });
    expect(held(done.output!.world, 'vienna', 'hapsburg', true)).toEqual(
      units({ regulars: 4, leaders: ['ferdinand'] }),
    );
    expect(held(done.output!.world, 'linz', 'hapsburg')).toEqual(units({ regulars: 2 }));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Composed machines: fieldBattle (invokes retreat) and movement (invokes all of them), run as actors
// ---------------------------------------------------------------------------------------------------------------

/** The active actor at the bottom of the invocation chain (src/engine/actors.ts): it must exist while the move runs. */
function activeLeaf(root: AnyActorRef): AnyActorRef {
  const leaf = leafOf(root);
  if (!leaf) throw new Error('the move is over: no actor waits');
  return leaf;
}

interface Waiting {
  readonly machine: string;
  readonly state: unknown;
  readonly tags: string[];
  readonly snapshot: AnyMachineSnapshot;
}

function waiting(root: AnyActorRef): Waiting {
  const snapshot = activeLeaf(root).getSnapshot() as AnyMachineSnapshot;
  return { machine: snapshot.machine.id, state: snapshot.value, tags: [...snapshot.tags].sort(), snapshot };
}

/** Sends an event to the active child, after checking that its gate accepts it (as the session does). */
function answer(root: AnyActorRef, event: EngineEvent): void {
  const leaf = activeLeaf(root);
  expect(
    (leaf.getSnapshot() as AnyMachineSnapshot).can(event),
    `${JSON.stringify(event)} at ${waiting(root).machine}.${String(waiting(root).state)}`,
  ).toBe(true);
  leaf.send(event);
}

/** Every state value the root machine itself passes through, microstep by microstep (from its very first one). */
function startRecording<T extends AnyActorRef>(
  make: (inspect: (e: InspectionEvent) => void) => T,
): { actor: T; visited: string[] } {
  const visited: string[] = [];
  // The initial microsteps are inspected while the actor is being created, so the root is known by its session id.
  const actor = make((e) => {
    if (e.type === '@xstate.microstep' && (e.actorRef as AnyActorRef).sessionId === e.rootId)
      visited.push(String((e.snapshot as AnyMachineSnapshot).value));
  });
  actor.start();
  return { actor, visited };
}

/** The example's battle position: Charles V's interceptors placed beside Ferdinand (13.2 step 3), the Ottoman arrived. */
function viennaBattleWorld(): World {
  const { world: w } = arrive(world(VIENNA), 'ottoman', 'pressburg', 'vienna');
  const graz = stacksOf(w, 'graz', 'hapsburg');
  return withPosition(
    w,
    replaceStacks(w.position, graz, relocate(graz, { space: 'vienna', attemptedInterception: true })),
  );
}

describe('14 field battle machine (with its retreat child)', () => {
  test('[14] the rulebook example: 10 dice against 13, 3 hits against 5, the Ottoman chooses its losses and retreats to Pressburg', () => {
    const actor = createActor(fieldBattleMachine, {
      input: { world: viennaBattleWorld(), battle: { space: 'vienna', attacker: 'ottoman', origin: 'pressburg' } },
    });
    actor.start();

    // 14 step 2: 8 land units + 2 for Suleiman = 10 dice (Ibrahim's 1 not added).
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice', tags: ['roll'] });
    expect(waiting(actor).snapshot.can(dice(9, 1))).toBe(false);
    expect(waiting(actor).snapshot.can(dice(11, 1))).toBe(false);
    answer(actor, roll(6, 5, 5, 4, 3, 2, 1, 1, 2, 3));

    // 14 step 3: 10 land units + 2 for Charles V + 1 for the defender = 13.
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingDefenderDice', tags: ['roll'] });
    expect(waiting(actor).snapshot.can(dice(12, 1))).toBe(false);
    answer(actor, roll(6, 6, 5, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1));

    // 14 step 9: the attacker's casualties first; 5 hits, its own choice (it may not lose the wrong number).
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'awaitingCasualties', tags: ['decision'] });
    expect(waiting(actor).snapshot.context.asking).toEqual({ role: 'attacker', power: 'ottoman' });
    expect(waiting(actor).snapshot.can({ type: 'casualties.assign', power: 'ottoman', regulars: 4 })).toBe(false);
    expect(waiting(actor).snapshot.can({ type: 'casualties.assign', power: 'hapsburg', regulars: 3 })).toBe(false);
    expect(waiting(actor).snapshot.can({ type: 'casualties.assign', power: 'ottoman', regulars: 5 })).toBe(true);
    answer(actor, { type: 'casualties.assign', power: 'ottoman', regulars: 4, cavalry: 1 });

    // Then the defender's: 3 hits.
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'awaitingCasualties' });
    expect(waiting(actor).snapshot.context.asking).toEqual({ role: 'defender', power: 'hapsburg' });
    answer(actor, { type: 'casualties.assign', power: 'hapsburg', regulars: 3 });

    // 14 step 11, ruling R11: the losing attacker retreats to the space it entered from.
    expect(waiting(actor)).toMatchObject({ machine: 'retreat', state: 'awaitingRetreat', tags: ['decision'] });
    expect(waiting(actor).snapshot.can({ type: 'retreat.declare', power: 'ottoman', to: 'brunn' })).toBe(false);
    answer(actor, { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' });

    const snap = actor.getSnapshot();
    expect(snap.status).toBe('done');
    const out = snap.output!;
    expect(out.winner).toBe('defender');
    const battle = out.summary.battle!;
    expect(battle.attacker.dice).toEqual({ units: 8, leader: 2, defender: 0, total: 10 });
    expect(battle.defender.dice).toEqual({ units: 10, leader: 2, defender: 1, total: 13 });
    expect([battle.attacker.hits, battle.defender.hits]).toEqual([3, 5]);
    expect(battle.attacker.losses).toEqual({ regulars: 4, mercenaries: 0, cavalry: 1 });
    expect(battle.defender.losses).toEqual({ regulars: 3, mercenaries: 0, cavalry: 0 });
    expect(held(out.world, 'pressburg', 'ottoman')).toEqual(
      units({ regulars: 3, leaders: ['ibrahim-pasha', 'suleiman'] }),
    );
    expect(held(out.world, 'vienna', 'hapsburg')).toEqual(units({ regulars: 7, leaders: ['charles-v', 'ferdinand'] }));
    expect(stacksOf(out.world, 'vienna', 'ottoman')).toEqual([]);
    // Ruling R12: only the losing side is marked; no siege (the attacker lost, 14 step 12).
    expect(stacksOf(out.world, 'pressburg', 'ottoman').every((s) => s.lostBattle)).toBe(true);
    expect(stacksOf(out.world, 'vienna', 'hapsburg').some((s) => s.lostBattle)).toBe(false);
    expect(out.world.position.sieges).toEqual([]);
    expect(out.world.position.captured).toEqual([]);
  });

  describe('14 step 1: the response-card window (ruling R32)', () => {
    const battleWith = (hands: ScenarioPatch['hands']) => {
      const base = viennaBattleWorld();
      return startRecording((inspect) =>
        createActor(fieldBattleMachine, {
          input: {
            world: withPosition(base, { ...base.position, hands: hands ?? {} }),
            battle: { space: 'vienna', attacker: 'ottoman', origin: 'pressburg' },
          },
          inspect,
        }),
      );
    };
    const LANDSKNECHTS_IN_VIENNA: EngineEvent = {
      type: 'card.play',
      power: 'hapsburg',
      card: 'landsknechts',
      placements: [{ space: 'vienna', mercenaries: 4 }],
    };

    test('[14 step 1, ruling R32] the window waits before the dice are counted; only the asked holder, with its 4 mercenaries placed, is accepted', () => {
      const { actor } = battleWith({ hapsburg: ['landsknechts'] });
      expect(waiting(actor)).toMatchObject({
        machine: 'fieldBattle',
        state: 'awaitingBattleResponseCard',
        tags: ['decision', 'window'],
      });
      const s = waiting(actor).snapshot;
      expect(s.can(LANDSKNECHTS_IN_VIENNA)).toBe(true);
      // Ruling R32: the Hapsburg places exactly 4, where it has land units not under siege.
      expect(s.can({ ...LANDSKNECHTS_IN_VIENNA, placements: [{ space: 'vienna', mercenaries: 3 }] })).toBe(false);
      expect(s.can({ ...LANDSKNECHTS_IN_VIENNA, placements: [{ space: 'pressburg', mercenaries: 4 }] })).toBe(false);
      // Ruling R33: a card not in the hand, and a power that is not asked, are refused; so is its pass.
      expect(s.can({ ...LANDSKNECHTS_IN_VIENNA, card: 'swiss-mercenaries' })).toBe(false);
      expect(s.can({ type: 'card.pass', power: 'ottoman' })).toBe(false);
      expect(s.can({ type: 'dice.rolled', values: [6, 6, 6, 6, 6, 6, 6, 6, 6, 6] })).toBe(false);
      expect(s.can({ type: 'card.pass', power: 'hapsburg' })).toBe(true);
    });

    test('[14 step 1, ruling R32] after the play the 4 new mercenaries fight: the defender rolls 14 + 2 + 1 = 17 dice', () => {
      const { actor, visited } = battleWith({ hapsburg: ['landsknechts'] });
      answer(actor, LANDSKNECHTS_IN_VIENNA);
      expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice' });
      expect(visited.indexOf('awaitingBattleResponseCard')).toBeLessThan(visited.indexOf('countingDice'));
      answer(actor, dice(10, 1));
      expect(waiting(actor).snapshot.can(dice(13, 1))).toBe(false);
      expect(waiting(actor).snapshot.can(dice(17, 1))).toBe(true);
      expect(held(waiting(actor).snapshot.context.world, 'vienna', 'hapsburg')).toEqual(
        units({ regulars: 10, mercenaries: 4, leaders: ['charles-v', 'ferdinand'] }),
      );
    });

    /** The book's battle with `stacks` for the Hapsburg in Vienna instead of its 10 regulars, and the Ottoman's card. */
    const ottomanCardWith = (viennaStacks: readonly Stack[], elsewhere: readonly Stack[] = []) => {
      const base = viennaBattleWorld();
      const hapsburgInVienna = stacksOf(base, 'vienna', 'hapsburg');
      const position = addStacks(replaceStacks(base.position, hapsburgInVienna, viennaStacks), elsewhere);
      return startRecording((inspect) =>
        createActor(fieldBattleMachine, {
          input: {
            world: withPosition(base, { ...position, hands: { ottoman: ['landsknechts'] } }),
            battle: { space: 'vienna', attacker: 'ottoman', origin: 'pressburg' },
          },
          inspect,
        }),
      );
    };
    const hapsburgStack = (space: string, p: Partial<Stack>): Stack => ({
      space,
      power: 'hapsburg',
      regulars: 0,
      mercenaries: 0,
      cavalry: 0,
      leaders: [],
      inside: false,
      lostBattle: false,
      attemptedInterception: false,
      ...p,
    });
    const eliminate = (...eliminations: { space: string; mercenaries: number }[]): EngineEvent => ({
      type: 'card.play',
      power: 'ottoman',
      card: 'landsknechts',
      eliminations: eliminations.map((e) => ({ ...e, power: 'hapsburg' as const })),
    });

    test('[14 step 1, ruling R32] the Ottoman’s Landsknechts: only 2 mercenaries that stand on the board are accepted', () => {
      const { actor } = ottomanCardWith(
        [hapsburgStack('vienna', { regulars: 8, mercenaries: 2, leaders: ['charles-v', 'ferdinand'] })],
        [hapsburgStack('linz', { mercenaries: 1 })],
      );
      expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'awaitingBattleResponseCard' });
      const s = waiting(actor).snapshot;
      expect(s.can(eliminate({ space: 'vienna', mercenaries: 2 }))).toBe(true);
      expect(s.can(eliminate({ space: 'vienna', mercenaries: 1 }, { space: 'linz', mercenaries: 1 }))).toBe(true);
      expect(s.can(eliminate({ space: 'vienna', mercenaries: 1 }))).toBe(false);
      expect(s.can(eliminate({ space: 'linz', mercenaries: 2 }))).toBe(false);
      expect(s.can(eliminate({ space: 'graz', mercenaries: 2 }))).toBe(false);
      expect(s.can({ type: 'card.play', power: 'ottoman', card: 'landsknechts' })).toBe(false);
      expect(s.can({ type: 'card.pass', power: 'ottoman' })).toBe(true);
      answer(actor, eliminate({ space: 'vienna', mercenaries: 1 }, { space: 'linz', mercenaries: 1 }));
      // The dice are counted after the window: 9 land units + 2 for Charles V + 1 for the defender.
      answer(actor, dice(10, 1));
      expect(waiting(actor).snapshot.can(dice(12, 1))).toBe(true);
      expect(held(waiting(actor).snapshot.context.world, 'linz', 'hapsburg')).toEqual(units({}));
    });

    test('[14 step 1, ruling R32] a play that leaves the defenders without land units goes to the losses with no dice; their leaders are captured', () => {
      const { actor, visited } = ottomanCardWith([hapsburgStack('vienna', { mercenaries: 2, leaders: ['ferdinand'] })]);
      answer(actor, eliminate({ space: 'vienna', mercenaries: 2 }));
      expect(visited).toContain('unfought');
      expect(visited).not.toContain('countingDice');
      expect(visited).not.toContain('rollingAttackerDice');
      const snap = actor.getSnapshot();
      expect(snap.status).toBe('done');
      expect(snap.output?.winner).toBe('attacker');
      expect(snap.output?.summary.battle).toMatchObject({ unfought: 'defender', winner: 'attacker' });
      expect(snap.output?.world.position.captured).toEqual([{ leader: 'ferdinand', by: 'ottoman' }]);
    });

    test('[15.3, ruling R32] mercenaries taken from besiegers elsewhere break that siege before the window goes on', () => {
      const base = viennaBattleWorld();
      const hapsburgInVienna = stacksOf(base, 'vienna', 'hapsburg');
      const besieged = addStacks(
        replaceStacks(base.position, hapsburgInVienna, [
          hapsburgStack('vienna', { regulars: 8, leaders: ['charles-v', 'ferdinand'] }),
        ]),
        [
          hapsburgStack('belgrade', { regulars: 1, mercenaries: 1 }),
          { ...hapsburgStack('belgrade', { regulars: 1, inside: true }), power: 'ottoman' },
        ],
      );
      const { actor, visited } = startRecording((inspect) =>
        createActor(fieldBattleMachine, {
          input: {
            world: withPosition(base, {
              ...besieged,
              control: { ...besieged.control, belgrade: 'ottoman', szegedin: 'hapsburg' },
              sieges: [{ space: 'belgrade', by: ['hapsburg'], thisImpulse: false }],
              hands: { ottoman: ['landsknechts'] },
            }),
            battle: { space: 'vienna', attacker: 'ottoman', origin: 'pressburg' },
          },
          inspect,
        }),
      );
      // Ruling R32: the only mercenary on the board — 1 of 2 besiegers against 1 inside.
      answer(actor, eliminate({ space: 'belgrade', mercenaries: 1 }));
      expect(visited.indexOf('checkingCardSieges')).toBeLessThan(visited.indexOf('breakingCardSieges'));
      // 15.3: the besiegers retreat (their choice of space) before the battle's dice are counted.
      expect(waiting(actor)).toMatchObject({ machine: 'retreat', state: 'awaitingRetreat' });
      answer(actor, { type: 'retreat.declare', power: 'hapsburg', to: 'szegedin' });
      expect(visited.indexOf('breakingCardSieges')).toBeLessThan(visited.indexOf('countingDice'));
      const w = waiting(actor).snapshot.context.world;
      expect(w.position.sieges).toEqual([]);
      expect(held(w, 'belgrade', 'hapsburg')).toEqual(units({}));
      expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice' });
    });

    test('[14 step 1, ruling R9] nobody holds a card of the window: it passes through and asks nobody', () => {
      const { actor, visited } = battleWith({ hapsburg: ['foul-weather'] });
      expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice' });
      // The initial state's eventless transition is taken before the first recorded microstep.
      expect(visited[0]).toBe('countingDice');
      expect(visited).not.toContain('awaitingBattleResponseCard');
    });
  });

  describe('14 steps 4–5: the combat-card window (ruling R27)', () => {
    const battleWith = (hands: ScenarioPatch['hands']) => {
      const base = viennaBattleWorld();
      return startRecording((inspect) =>
        createActor(fieldBattleMachine, {
          input: {
            world: withPosition(base, { ...base.position, hands: hands ?? {} }),
            battle: { space: 'vienna', attacker: 'ottoman', origin: 'pressburg' },
          },
          inspect,
        }),
      );
    };

    test('[14 step 4, ruling R27] the window waits after the dice are counted; only the attacker’s own play, then the defender’s (FB-08)', () => {
      const { actor, visited } = battleWith({ ottoman: ['field-artillery'], hapsburg: ['tercios'] });
      expect(waiting(actor)).toMatchObject({
        machine: 'fieldBattle',
        state: 'awaitingAttackerCombatCard',
        tags: ['decision', 'window'],
      });
      expect(visited.indexOf('countingDice')).toBeLessThan(visited.indexOf('awaitingAttackerCombatCard'));
      const s = waiting(actor).snapshot;
      expect(s.can({ type: 'card.play', power: 'ottoman', card: 'field-artillery' })).toBe(true);
      // Not its turn yet (14 step 5 follows), a card not in the hand, a way for a card that has none.
      expect(s.can({ type: 'card.play', power: 'hapsburg', card: 'tercios', option: 'extra-dice' })).toBe(false);
      expect(s.can({ type: 'card.play', power: 'ottoman', card: 'arquebusiers' })).toBe(false);
      expect(s.can({ type: 'card.play', power: 'ottoman', card: 'field-artillery', option: 'extra-dice' })).toBe(false);
      expect(s.can({ type: 'card.pass', power: 'hapsburg' })).toBe(false);
      expect(s.can(dice(10, 1))).toBe(false);
      answer(actor, { type: 'card.play', power: 'ottoman', card: 'field-artillery' });
      expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'awaitingDefenderCombatCard' });
      const d = waiting(actor).snapshot;
      // Ruling R30: Tercios needs its way; the attacker answers no more (ruling R27).
      expect(d.can({ type: 'card.play', power: 'hapsburg', card: 'tercios' })).toBe(false);
      expect(d.can({ type: 'card.pass', power: 'ottoman' })).toBe(false);
      expect(d.can({ type: 'card.play', power: 'hapsburg', card: 'tercios', option: 'fewer-dice' })).toBe(false);
      answer(actor, { type: 'card.play', power: 'hapsburg', card: 'tercios', option: 'extra-dice' });
      expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice' });
      // The Ottoman's 10 + 3, the Hapsburg's 13 + 3.
      expect(waiting(actor).snapshot.can(dice(10, 1))).toBe(false);
      answer(actor, dice(13, 1));
      expect(waiting(actor).snapshot.can(dice(13, 1))).toBe(false);
      expect(waiting(actor).snapshot.can(dice(16, 1))).toBe(true);
    });

    test('[14 step 5, ruling R27] a pass closes a power’s declarations: the Hapsburg asked after the Ottoman passed, never again after its own pass (FB-08, FB-09)', () => {
      const { actor, visited } = battleWith({ ottoman: ['arquebusiers'], hapsburg: ['field-artillery'] });
      answer(actor, { type: 'card.pass', power: 'ottoman' });
      expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'awaitingDefenderCombatCard' });
      answer(actor, { type: 'card.pass', power: 'hapsburg' });
      expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice' });
      expect(visited.filter((v) => v === 'awaitingAttackerCombatCard')).toHaveLength(1);
      expect(visited.filter((v) => v === 'awaitingDefenderCombatCard')).toHaveLength(1);
      expect(waiting(actor).snapshot.can(dice(10, 1))).toBe(true);
    });

    test('[14 step 4, rulings R29, R32] Mercenaries Bribed taking the defenders’ last land units closes the window: no roll, the attacker wins, their leader is captured', () => {
      // Charles V's 2 regulars, arrived in Linz, against an English mercenary with Brandon: the bribe turns it.
      const { world: w } = arrive(
        world({
          war: [['hapsburg', 'england']],
          stacks: [
            { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['charles-v'] },
            { space: 'linz', power: 'england', mercenaries: 1, leaders: ['charles-brandon'] },
          ],
          impulse: { power: 'hapsburg', cp: 1 },
        }),
        'hapsburg',
        'vienna',
        'linz',
      );
      const { actor, visited } = startRecording((inspect) =>
        createActor(fieldBattleMachine, {
          input: {
            world: withPosition(w, { ...w.position, hands: { hapsburg: ['mercenaries-bribed', 'arquebusiers'] } }),
            battle: { space: 'linz', attacker: 'hapsburg', origin: 'vienna' },
          },
          inspect,
        }),
      );
      expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'awaitingAttackerCombatCard' });
      answer(actor, { type: 'card.play', power: 'hapsburg', card: 'mercenaries-bribed' });
      expect(visited).toContain('bribedAway');
      expect(visited.filter((v) => v === 'awaitingAttackerCombatCard')).toHaveLength(1);
      expect(visited.some((v) => v.startsWith('rolling'))).toBe(false);
      const snap = actor.getSnapshot();
      expect(snap.status).toBe('done');
      expect(snap.output?.summary.battle).toMatchObject({ unfought: 'defender', winner: 'attacker' });
      expect(snap.output?.world.position.captured).toEqual([{ leader: 'charles-brandon', by: 'hapsburg' }]);
      expect(snap.output?.world.position.hands?.hapsburg).toEqual(['arquebusiers']);
      expect(held(snap.output!.world, 'linz', 'hapsburg')).toEqual(
        units({ regulars: 2, mercenaries: 1, leaders: ['charles-v'] }),
      );
    });

    test('[14 step 4, ruling R9] nobody has a combat card to play: the window passes through and asks nobody', () => {
      const { actor, visited } = battleWith({ hapsburg: ['mercenaries-bribed'], england: ['arquebusiers'] });
      expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice' });
      expect(visited).toContain('combatCards');
      expect(visited).not.toContain('awaitingAttackerCombatCard');
      expect(visited).not.toContain('awaitingDefenderCombatCard');
    });
  });

  describe('14 step 7: Janissaries after both rolls (ruling R31)', () => {
    const battleWith = (hands: ScenarioPatch['hands'], homeCardsUsed?: ScenarioPatch['homeCardsUsed']) => {
      const base = viennaBattleWorld();
      return startRecording((inspect) =>
        createActor(fieldBattleMachine, {
          input: {
            world: withPosition(base, {
              ...base.position,
              hands: hands ?? {},
              ...(homeCardsUsed ? { homeCardsUsed } : {}),
            }),
            battle: { space: 'vienna', attacker: 'ottoman', origin: 'pressburg' },
          },
          inspect,
        }),
      );
    };
    const JANISSARIES: EngineEvent = { type: 'card.play', power: 'ottoman', card: 'janissaries' };

    test('[14 step 7, ruling R31] the window waits after both rolls, before the winner; only the Ottoman’s play or pass is accepted', () => {
      const { actor, visited } = battleWith({ ottoman: ['janissaries'] });
      answer(actor, dice(10, 1));
      expect(waiting(actor).snapshot.can(JANISSARIES)).toBe(false);
      answer(actor, dice(13, 1));
      expect(waiting(actor)).toMatchObject({
        machine: 'fieldBattle',
        state: 'awaitingRollsCard',
        tags: ['decision', 'window'],
      });
      expect(visited).not.toContain('decidingWinner');
      const s = waiting(actor).snapshot;
      expect(s.can(JANISSARIES)).toBe(true);
      expect(s.can({ ...JANISSARIES, power: 'hapsburg' })).toBe(false);
      expect(s.can({ ...JANISSARIES, card: 'landsknechts' })).toBe(false);
      expect(s.can({ type: 'card.pass', power: 'hapsburg' })).toBe(false);
      expect(s.can(dice(5, 6))).toBe(false);
      expect(s.can({ type: 'card.pass', power: 'ottoman' })).toBe(true);
    });

    test('[14 step 7, ruling R31] a play waits for exactly 5 dice of its own; their hits join the attacker’s for the winner (step 8)', () => {
      const { actor, visited } = battleWith({ ottoman: ['janissaries'] });
      answer(actor, dice(10, 1));
      answer(actor, dice(13, 1));
      answer(actor, JANISSARIES);
      expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingCardDice', tags: ['roll'] });
      expect(waiting(actor).snapshot.can(dice(4, 6))).toBe(false);
      expect(waiting(actor).snapshot.can(dice(6, 6))).toBe(false);
      answer(actor, dice(5, 6));
      expect(visited.indexOf('rollingCardDice')).toBeLessThan(visited.indexOf('decidingWinner'));
      // 0 + 5 hits against 0: the Ottoman attacker wins; the Hapsburg's 5 losses are its choice of regulars only.
      const c = actor.getSnapshot().context;
      expect(c.winner ?? actor.getSnapshot().output?.winner).toBe('attacker');
      expect(c.world.position.hands).toEqual({ ottoman: [] });
      expect(c.world.position.homeCardsUsed).toEqual({ ottoman: ['janissaries'] });
    });

    test('[14 step 7, ruling R9] the card used this turn, or not held: the window passes through and asks nobody', () => {
      for (const { actor, visited } of [
        battleWith({}, { ottoman: ['janissaries'] }),
        battleWith({ hapsburg: ['gout'] }),
      ]) {
        answer(actor, dice(10, 1));
        answer(actor, dice(13, 1));
        expect(visited).toContain('rollsCards');
        expect(visited).not.toContain('awaitingRollsCard');
        expect(visited).toContain('decidingWinner');
      }
    });
  });

  describe('14 steps 4–9: Surprise Attack (ruling R28)', () => {
    const battleWith = (hands: ScenarioPatch['hands']) => {
      const base = viennaBattleWorld();
      return startRecording((inspect) =>
        createActor(fieldBattleMachine, {
          input: {
            world: withPosition(base, { ...base.position, hands: hands ?? {} }),
            battle: { space: 'vienna', attacker: 'ottoman', origin: 'pressburg' },
          },
          inspect,
        }),
      );
    };
    const OTTOMAN_SURPRISE: EngineEvent = { type: 'card.play', power: 'ottoman', card: 'surprise-attack' };
    const HAPSBURG_SURPRISE: EngineEvent = { type: 'card.play', power: 'hapsburg', card: 'surprise-attack' };

    test('[14 step 6, ruling R28] the attacker’s Surprise Attack: it rolls first, the defender takes the hits, then rolls the dice it has left', () => {
      const { actor, visited } = battleWith({ ottoman: ['surprise-attack'] });
      expect(waiting(actor).state).toBe('awaitingAttackerCombatCard');
      answer(actor, OTTOMAN_SURPRISE);
      expect(waiting(actor)).toMatchObject({ state: 'rollingSurpriseAttackerDice', tags: ['roll'] });
      // The attacker's 10 dice; the defender's 13 are not asked for first.
      expect(waiting(actor).snapshot.can(dice(13, 1))).toBe(false);
      answer(actor, { type: 'dice.rolled', values: [6, 6, 6, 1, 1, 1, 1, 1, 1, 1] });
      // 3 hits on Hapsburg regulars only (the session would apply them itself, ruling R9); 13 − 3 = 10 dice are left.
      expect(waiting(actor)).toMatchObject({ state: 'awaitingSurpriseCasualties', tags: ['decision'] });
      answer(actor, { type: 'casualties.assign', power: 'hapsburg', regulars: 3 });
      expect(waiting(actor)).toMatchObject({ state: 'rollingRecountedDefenderDice', tags: ['roll'] });
      expect(visited.indexOf('applyingSurpriseCasualties')).toBeLessThan(visited.indexOf('recountingDice'));
      expect(waiting(actor).snapshot.can(dice(13, 1))).toBe(false);
      expect(waiting(actor).snapshot.can(dice(10, 1))).toBe(true);
      const c = actor.getSnapshot().context;
      expect(c.surprise).toMatchObject({ power: 'ottoman', side: 'attacker', hits: 3, counted: 13, recounted: 10 });
      expect(
        c.world.position.stacks
          .filter((x) => x.space === 'vienna' && x.power === 'hapsburg')
          .reduce((n, x) => n + x.regulars, 0),
      ).toBe(7);
      answer(actor, dice(10, 1));
      expect(visited).not.toContain('rollingAttackerDice');
      expect(visited).not.toContain('rollingDefenderDice');
      expect(visited.indexOf('rollingRecountedDefenderDice')).toBeLessThan(visited.indexOf('rollsCards'));
      expect(visited.indexOf('rollsCards')).toBeLessThan(visited.indexOf('decidingWinner'));
    });

    test('[14 step 6, ruling R28] the defender’s Surprise Attack: the defender rolls first and the attacker chooses its first losses', () => {
      const { actor, visited } = battleWith({ hapsburg: ['surprise-attack'] });
      answer(actor, HAPSBURG_SURPRISE);
      expect(waiting(actor)).toMatchObject({ state: 'rollingSurpriseDefenderDice', tags: ['roll'] });
      expect(waiting(actor).snapshot.can(dice(10, 1))).toBe(false);
      answer(actor, { type: 'dice.rolled', values: [6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] });
      // 2 hits against 7 regulars and 1 cavalry: the Ottoman chooses (14 step 9), in a decision state of its own.
      expect(waiting(actor)).toMatchObject({ state: 'awaitingSurpriseCasualties', tags: ['decision'] });
      expect(waiting(actor).snapshot.can({ type: 'casualties.assign', power: 'ottoman', regulars: 3 })).toBe(false);
      expect(waiting(actor).snapshot.can({ type: 'casualties.assign', power: 'hapsburg', regulars: 2 })).toBe(false);
      answer(actor, { type: 'casualties.assign', power: 'ottoman', regulars: 1, cavalry: 1 });
      // 6 regulars + 2 for Suleiman: the attacker rolls 8 dice.
      expect(waiting(actor)).toMatchObject({ state: 'rollingRecountedAttackerDice', tags: ['roll'] });
      expect(waiting(actor).snapshot.can(dice(10, 1))).toBe(false);
      answer(actor, dice(8, 1));
      expect(visited).toContain('recountingDice');
      expect(visited).not.toContain('rollingRecountedDefenderDice');
    });

    test('[14 step 6, ruling R28] a surprised side left without land units rolls nothing: an empty roll, then its leaders are captured (14 step 10)', () => {
      const { actor } = battleWith({ ottoman: ['surprise-attack'] });
      answer(actor, OTTOMAN_SURPRISE);
      answer(actor, dice(10, 6));
      // 10 hits, 10 Hapsburg regulars: none left; Charles V and Ferdinand alone roll no die (not 2 + 1).
      answer(actor, { type: 'casualties.assign', power: 'hapsburg', regulars: 10 });
      expect(waiting(actor)).toMatchObject({ state: 'rollingRecountedDefenderDice' });
      expect(actor.getSnapshot().context.surprise).toMatchObject({ hits: 10, recounted: 0 });
      expect(waiting(actor).snapshot.can(dice(3, 1))).toBe(false);
      answer(actor, { type: 'dice.rolled', values: [] });
      // The winner's losses: none. The retreat is nobody's: the captured leaders and no land units.
      const out = actor.getSnapshot();
      const w = (out.output ?? out.context).world as World;
      expect(w.position.captured.map((c) => c.leader).sort()).toEqual(['charles-v', 'ferdinand']);
    });

    test('[14 steps 4–5, ruling R28] without the card the battle rolls as it always did: neither surprise state is entered', () => {
      const { actor, visited } = battleWith({ hapsburg: ['surprise-attack'] });
      answer(actor, { type: 'card.pass', power: 'hapsburg' });
      expect(waiting(actor).state).toBe('rollingAttackerDice');
      answer(actor, dice(10, 1));
      answer(actor, dice(13, 1));
      expect(visited.filter((v) => /Surprise|Recount/.test(v))).toEqual([]);
    });
  });

  test('[14 step 8] equal hits: the defender wins and the attacker retreats (FB-12)', () => {
    const actor = createActor(fieldBattleMachine, {
      input: { world: viennaBattleWorld(), battle: { space: 'vienna', attacker: 'ottoman', origin: 'pressburg' } },
    });
    actor.start();
    answer(actor, dice(10, 1));
    answer(actor, dice(13, 1));
    expect(waiting(actor)).toMatchObject({ machine: 'retreat', state: 'awaitingRetreat' });
    answer(actor, { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' });
    expect(actor.getSnapshot().output?.winner).toBe('defender');
  });
});

describe('13.1 movement machine (with every procedure as a child)', () => {
  function startMovement(patch: ScenarioPatch, move: Parameters<typeof world>[0]['move']) {
    const w = world({ ...patch, move });
    return startRecording((inspect) =>
      createActor(movementMachine, {
        input: { world: w, move: { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [], ...move! } },
        inspect,
      }),
    );
  }

  test('[13.1, 14] the Vienna example (RULES.md §6): interception roll → attacker dice (10) → defender dice (13) → casualties → retreat → done', () => {
    const { actor, visited } = startMovement(VIENNA, SULEIMANS_MOVE);

    // 13.2: the Hapsburg is asked; Charles V intercepts from Graz; the roll is 8 + 2 − 1 = 9.
    expect(waiting(actor)).toMatchObject({
      machine: 'interception',
      state: 'awaitingInterception',
      tags: ['decision'],
    });
    // 13.1 steps 3 and 5: 1 CP is paid; the formation has left Pressburg and is placed only after the interceptions (MOV-27).
    const inTransit = actor.getSnapshot().context.world;
    expect(inTransit.position.impulse.cp).toBe(0);
    expect(stacksOf(inTransit, 'pressburg', 'ottoman')).toEqual([]);
    expect(stacksOf(inTransit, 'vienna', 'ottoman')).toEqual([]);
    answer(actor, CHARLES_DECLARES);
    expect(waiting(actor)).toMatchObject({ machine: 'interception', state: 'rollingInterception', tags: ['roll'] });
    answer(actor, roll(3, 5));

    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice' });
    expect(waiting(actor).snapshot.can(dice(9, 1))).toBe(false);
    answer(actor, roll(6, 5, 5, 4, 3, 2, 1, 1, 2, 3));
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingDefenderDice' });
    expect(waiting(actor).snapshot.can(dice(12, 1))).toBe(false);
    answer(actor, roll(6, 6, 5, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1));

    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'awaitingCasualties' });
    answer(actor, { type: 'casualties.assign', power: 'ottoman', regulars: 4, cavalry: 1 });
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'awaitingCasualties' });
    answer(actor, { type: 'casualties.assign', power: 'hapsburg', regulars: 3 });
    expect(waiting(actor)).toMatchObject({ machine: 'retreat', state: 'awaitingRetreat' });
    answer(actor, { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' });

    const snap = actor.getSnapshot();
    expect(snap.status).toBe('done');
    const out = snap.output!;
    expect(out.summary.interceptions).toEqual([
      expect.objectContaining({ power: 'hapsburg', from: 'graz', dice: [3, 5], total: 9, success: true }),
    ]);
    expect(out.summary.battle).toMatchObject({
      space: 'vienna',
      winner: 'defender',
      winnerPower: 'hapsburg',
      attacker: { dice: { total: 10 }, hits: 3, losses: { regulars: 4, cavalry: 1 } },
      defender: { dice: { total: 13 }, hits: 5, losses: { regulars: 3 } },
    });
    expect(out.summary.retreats).toEqual([
      expect.objectContaining({ power: 'ottoman', to: 'pressburg', reason: 'attacker' }),
    ]);
    expect(out.summary.cpSpent).toBe(1);
    expect(held(out.world, 'pressburg', 'ottoman')).toEqual(
      units({ regulars: 3, leaders: ['ibrahim-pasha', 'suleiman'] }),
    );
    expect(held(out.world, 'vienna', 'hapsburg')).toEqual(units({ regulars: 7, leaders: ['charles-v', 'ferdinand'] }));
    expect(out.world.position.stacks.filter((s) => s.space === 'graz')).toEqual([]);
    expect(out.world.position.impulse.cp).toBe(0);
    expect(visited.at(-1)).toBe('done');
  });

  describe('13.1 step 4: the response-card window (ruling R26)', () => {
    const HANDS: ScenarioPatch = { ...VIENNA, hands: { hapsburg: ['foul-weather'], france: ['gout'] } };

    test('[13.1 step 4, ruling R26] asks the Hapsburg, then France, before any interception; a pass moves on', () => {
      const { actor, visited } = startMovement(HANDS, SULEIMANS_MOVE);
      expect(waiting(actor)).toMatchObject({
        machine: 'movement',
        state: 'awaitingResponseCard',
        tags: ['decision', 'transit', 'window'],
      });
      // Ruling R26: only the asked power, with a card it holds; Gout names a leader of the formation.
      const snap = waiting(actor).snapshot;
      expect(snap.can({ type: 'card.play', power: 'france', card: 'gout', leader: 'suleiman' })).toBe(false);
      expect(snap.can({ type: 'card.play', power: 'hapsburg', card: 'gout', leader: 'suleiman' })).toBe(false);
      expect(snap.can({ type: 'card.pass', power: 'france' })).toBe(false);
      answer(actor, { type: 'card.pass', power: 'hapsburg' });
      expect(waiting(actor)).toMatchObject({ machine: 'movement', state: 'awaitingResponseCard' });
      expect(
        waiting(actor).snapshot.can({ type: 'card.play', power: 'france', card: 'gout', leader: 'charles-v' }),
      ).toBe(false);
      answer(actor, { type: 'card.pass', power: 'france' });
      expect(waiting(actor)).toMatchObject({ machine: 'interception', state: 'awaitingInterception' });
      expect(visited.indexOf('responseCards')).toBeLessThan(visited.indexOf('checkingSiegesLeftBehind'));
    });

    test('[13.1 step 4, ruling R26] Gout cancels the move: the formation is back in Pressburg, the CP spent, Suleiman marked', () => {
      const { actor, visited } = startMovement(HANDS, SULEIMANS_MOVE);
      answer(actor, { type: 'card.pass', power: 'hapsburg' });
      answer(actor, { type: 'card.play', power: 'france', card: 'gout', leader: 'suleiman' });
      const snap = actor.getSnapshot();
      expect(snap.status).toBe('done');
      expect(visited.slice(-2)).toEqual(['moveCancelled', 'done']);
      expect(visited).not.toContain('intercepting');
      const out = snap.output!;
      expect(held(out.world, 'pressburg', 'ottoman')).toEqual(
        units({ regulars: 7, cavalry: 1, leaders: ['ibrahim-pasha', 'suleiman'] }),
      );
      expect(out.world.position.impulse).toEqual({ power: 'ottoman', cp: 0, gout: ['suleiman'] });
      expect(out.world.position.hands).toEqual({ hapsburg: ['foul-weather'], france: [] });
      expect(out.summary.cards).toEqual([
        { power: 'france', card: 'gout', number: 32, window: '13.1 step 4', ruling: 'R26', leader: 'suleiman' },
      ]);
      expect(out.summary.moves).toEqual([expect.objectContaining({ cp: 1, cancelled: 'gout' })]);
    });

    test('[13.1 step 4, ruling R9] without hands the window passes through and asks nobody', () => {
      const { actor, visited } = startMovement(VIENNA, SULEIMANS_MOVE);
      expect(waiting(actor)).toMatchObject({ machine: 'interception', state: 'awaitingInterception' });
      expect(visited).toContain('responseCards');
      expect(visited).not.toContain('awaitingResponseCard');
    });
  });

  test('[13.1 step 5] after a successful interception the movement never enters avoid battle or withdrawal (MOV-28)', () => {
    const { actor, visited } = startMovement(VIENNA, SULEIMANS_MOVE);
    answer(actor, CHARLES_DECLARES);
    answer(actor, roll(3, 5));
    // Ferdinand's 2 regulars in fortified Vienna could otherwise avoid battle or withdraw (RULES.md §6).
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice' });
    expect(visited).toContain('fighting');
    expect(visited).not.toContain('avoidingBattle');
    expect(visited).not.toContain('withdrawing');
    expect(actor.getSnapshot().context.summary.avoids).toEqual([]);
    expect(actor.getSnapshot().context.summary.withdrawals).toEqual([]);
  });

  test('[13.1] with no interception: avoid battle (step 6), then withdrawal (step 7), then the field battle (step 8) (MOV-25)', () => {
    const { actor, visited } = startMovement(VIENNA, SULEIMANS_MOVE);
    expect(waiting(actor)).toMatchObject({ machine: 'interception', state: 'awaitingInterception' });
    answer(actor, { type: 'intercept.decline', power: 'hapsburg' });

    expect(waiting(actor)).toMatchObject({ machine: 'avoidBattle', state: 'awaitingAvoid' });
    // 13.1 step 5: the formation was placed before avoid battle is asked (MOV-27).
    expect(held(actor.getSnapshot().context.world, 'vienna', 'ottoman')).toEqual(
      units({ regulars: 7, cavalry: 1, leaders: ['ibrahim-pasha', 'suleiman'] }),
    );
    answer(actor, { type: 'avoid.decline', power: 'hapsburg' });

    expect(waiting(actor)).toMatchObject({ machine: 'withdrawal', state: 'awaitingWithdrawal' });
    answer(actor, { type: 'withdraw.decline', power: 'hapsburg' });

    // Ferdinand's 2 regulars fight outside: 10 dice against 2 + 1 + 1 = 4 (RULES.md §6). No hits: the defender wins.
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice' });
    answer(actor, dice(10, 1));
    expect(waiting(actor).snapshot.can(dice(5, 1))).toBe(false);
    answer(actor, dice(4, 1));
    expect(waiting(actor)).toMatchObject({ machine: 'retreat', state: 'awaitingRetreat' });
    answer(actor, { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' });
    expect(actor.getSnapshot().status).toBe('done');

    const steps = [
      'intercepting',
      'placingFormation',
      'avoidingBattle',
      'withdrawing',
      'afterWithdrawal',
      'fighting',
      'done',
    ];
    expect(visited.filter((v) => steps.includes(v))).toEqual(steps);
  });

  /** A small Ottoman formation (2 regulars and Suleiman) moves into Vienna with 2 CP; nobody intercepts or avoids. */
  function smallMoveWithdrawn() {
    const run = startMovement(
      { ...SMALL_MOVER, impulse: { power: 'ottoman', cp: 2 } },
      { from: 'pressburg', to: 'vienna', regulars: 2, leaders: ['suleiman'] },
    );
    answer(run.actor, { type: 'intercept.decline', power: 'hapsburg' });
    answer(run.actor, { type: 'avoid.decline', power: 'hapsburg' });
    answer(run.actor, { type: 'withdraw.declare', power: 'hapsburg' });
    // 2 Ottoman regulars do not outnumber the 2 Hapsburg regulars inside: no siege, option 1 or 2.
    expect(waiting(run.actor)).toMatchObject({
      machine: 'withdrawal',
      state: 'awaitingContinuation',
      tags: ['decision'],
    });
    return run;
  }

  test('[13.4 option 2, R4] stopping, the formation retreats free to the space it came from (WDR-11)', () => {
    const { actor, visited } = smallMoveWithdrawn();
    answer(actor, { type: 'move.stop' });
    expect(waiting(actor)).toMatchObject({ machine: 'retreat', state: 'awaitingRetreat' });
    expect(waiting(actor).snapshot.can({ type: 'retreat.declare', power: 'ottoman', to: 'linz' })).toBe(false);
    answer(actor, { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' });
    const snap = actor.getSnapshot();
    expect(snap.status).toBe('done');
    expect(visited).toContain('retreatingToOrigin');
    expect(visited).not.toContain('fighting');
    expect(held(snap.output!.world, 'pressburg', 'ottoman')).toEqual(units({ regulars: 2, leaders: ['suleiman'] }));
    // 1 CP for the move; the retreat is free.
    expect(snap.output!.world.position.impulse.cp).toBe(1);
    expect(snap.output!.world.position.sieges).toEqual([]);
  });

  test('[13.4 option 1] moving on is a new Move: 1 CP more, and its own interception step (WDR-10)', () => {
    const { actor, visited } = smallMoveWithdrawn();
    answer(actor, { type: 'move.continue', to: 'linz' });
    expect(visited.filter((v) => v === 'payingCost')).toHaveLength(2);
    expect(actor.getSnapshot().context.world.position.impulse.cp).toBe(0);
    expect(actor.getSnapshot().context.summary.moves.map((m) => [m.from, m.to, m.continued])).toEqual([
      ['pressburg', 'vienna', false],
      ['vienna', 'linz', true],
    ]);
    // 13.1 step 5 again, for the move into Linz.
    expect(visited.filter((v) => v === 'intercepting')).toHaveLength(2);
  });

  test('[13.3, 13.4] a leader alone in a fortified space goes inside and the entering formation besieges him (WDR-14)', () => {
    const patch: ScenarioPatch = {
      ...VIENNA,
      stacks: [SULEIMAN, CHARLES, { space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] }],
    };
    const { actor, visited } = startMovement(patch, SULEIMANS_MOVE);
    answer(actor, { type: 'intercept.decline', power: 'hapsburg' });
    const snap = actor.getSnapshot();
    expect(snap.status).toBe('done');
    expect(visited).not.toContain('fighting');
    expect(held(snap.output!.world, 'vienna', 'hapsburg', true)).toEqual(units({ leaders: ['ferdinand'] }));
    expect(snap.output!.world.position.captured).toEqual([]);
    expect(snap.output!.world.position.sieges).toEqual([expect.objectContaining({ space: 'vienna', by: ['ottoman'] })]);
  });

  test('[13.1] a leader alone in an unfortified space is captured when enemy land units enter (MOV-23)', () => {
    const patch: ScenarioPatch = {
      war: [['ottoman', 'hapsburg']],
      stacks: [
        { space: 'mohacs', power: 'ottoman', regulars: 4 },
        { space: 'graz', power: 'hapsburg', leaders: ['charles-v'] },
      ],
      impulse: { power: 'ottoman', cp: 1 },
    };
    const { actor, visited } = startMovement(patch, { from: 'mohacs', to: 'graz', regulars: 4 });
    const snap = actor.getSnapshot();
    expect(snap.status).toBe('done');
    expect(visited).not.toContain('fighting');
    expect(snap.output!.world.position.captured).toEqual([{ leader: 'charles-v', by: 'ottoman' }]);
    expect(stacksOf(snap.output!.world, 'graz', 'hapsburg')).toEqual([]);
  });

  test("[22.1, R10] an inactive minor stack of 5 or more: only dice and the mover's losses are asked; survivors go inside (RET-15)", () => {
    const patch: ScenarioPatch = {
      war: [['ottoman', 'hungary']],
      control: { pressburg: 'ottoman' },
      stacks: [
        { space: 'pressburg', power: 'ottoman', regulars: 7, leaders: ['suleiman'] },
        { space: 'buda', power: 'hungary', regulars: 6 },
      ],
      impulse: { power: 'ottoman', cp: 1 },
    };
    const { actor, visited } = startMovement(patch, {
      from: 'pressburg',
      to: 'buda',
      regulars: 7,
      leaders: ['suleiman'],
    });
    // No interception, avoid battle or withdrawal question: the Hungarians never move (22.1); 6 units fight.
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice' });
    // 7 + 2 (Suleiman) = 9 dice; 6 + 1 = 7 for the defender.
    answer(actor, roll(6, 6, 6, 6, 1, 1, 1, 1, 1));
    answer(actor, roll(6, 1, 1, 1, 1, 1, 1));
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'awaitingCasualties' });
    expect(waiting(actor).snapshot.context.asking).toEqual({ role: 'attacker', power: 'ottoman' });
    answer(actor, { type: 'casualties.assign', power: 'ottoman', regulars: 1 });
    const snap = actor.getSnapshot();
    expect(snap.status).toBe('done');
    expect(visited).toEqual(expect.arrayContaining(['avoidingBattle', 'withdrawing', 'fighting']));
    const out = snap.output!;
    expect(held(out.world, 'buda', 'hungary', true)).toEqual(units({ regulars: 2 }));
    expect(stacksOf(out.world, 'buda', 'hungary', false)).toEqual([]);
    // 14 step 12: 6 Ottoman regulars outnumber the 2 inside: a siege.
    expect(out.world.position.sieges).toEqual([expect.objectContaining({ space: 'buda', by: ['ottoman'] })]);
  });

  test('[13.1] a move into an empty friendly space ends without a battle and without a change of control (MOV-30)', () => {
    // The Ottoman formation stands in Ottoman-controlled Buda and moves into Ottoman-controlled, empty Pressburg.
    const patch: ScenarioPatch = {
      ...VIENNA,
      control: { pressburg: 'ottoman', buda: 'ottoman' },
      stacks: [{ ...SULEIMAN, space: 'buda' }, CHARLES, FERDINAND],
    };
    const { actor, visited } = startMovement(patch, { ...SULEIMANS_MOVE, from: 'buda', to: 'pressburg' });
    // Ferdinand in Vienna is adjacent to Pressburg and may try to intercept; he declines.
    expect(waiting(actor)).toMatchObject({ machine: 'interception', state: 'awaitingInterception' });
    answer(actor, { type: 'intercept.decline', power: 'hapsburg' });
    const snap = actor.getSnapshot();
    expect(snap.status).toBe('done');
    expect(visited).not.toContain('fighting');
    const out = snap.output!;
    expect(out.summary.battle).toBeNull();
    expect(out.summary.siege).toBeNull();
    expect(out.summary.avoids).toEqual([]);
    expect(out.summary.withdrawals).toEqual([]);
    expect(out.summary.cpSpent).toBe(1);
    expect(held(out.world, 'pressburg', 'ottoman')).toEqual(
      units({ regulars: 7, cavalry: 1, leaders: ['ibrahim-pasha', 'suleiman'] }),
    );
    expect(out.world.position.control).toEqual({ pressburg: 'ottoman', buda: 'ottoman' });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 21.6 Schmalkaldic League (ruling R34): the same gates before the League
// ---------------------------------------------------------------------------------------------------------------

describe('21.6 before the Schmalkaldic League (ruling R34)', () => {
  /** The example's board with Protestant allies of the Hapsburg in Vienna and Linz: the Ottoman meets them as enemies (13.1). */
  const protestantBloc = (league?: boolean): ScenarioPatch => ({
    ...VIENNA,
    ...(league === undefined ? {} : { schmalkaldicLeague: league }),
    alliances: [
      ['hapsburg', 'hungary'],
      ['hapsburg', 'protestant'],
    ],
    stacks: [
      SULEIMAN,
      FERDINAND,
      { space: 'vienna', power: 'protestant', regulars: 2 },
      { space: 'linz', power: 'protestant', regulars: 3 },
    ],
  });
  const PROTESTANT_AVOIDS: EngineEvent = { type: 'avoid.declare', power: 'protestant', to: 'linz', regulars: 2 };

  test('[13.1, 21.6, ruling R34] a Protestant impulse before the League: the movement machine ends at noLegalMove (MOV-32)', () => {
    const patch: ScenarioPatch = {
      schmalkaldicLeague: false,
      stacks: [{ space: 'worms', power: 'protestant', regulars: 2 }],
      impulse: { power: 'protestant', cp: 2 },
    };
    const before = startRecording((inspect) =>
      createActor(movementMachine, { input: { world: world(patch) }, inspect }),
    );
    expect(before.actor.getSnapshot().status).toBe('done');
    expect(before.visited).toContain('noLegalMove');
    const after = startRecording((inspect) =>
      createActor(movementMachine, { input: { world: world({ ...patch, schmalkaldicLeague: true }) }, inspect }),
    );
    expect(waiting(after.actor)).toMatchObject({ machine: 'movement', state: 'awaitingMove', tags: ['decision'] });
  });

  test('[13.1, 21.6, ruling R34] the move gate refuses a Hapsburg move into Augsburg, an electorate, before the League (MOV-31)', () => {
    const patch = (league: boolean): ScenarioPatch => ({
      schmalkaldicLeague: league,
      control: { augsburg: 'hapsburg' },
      stacks: [{ space: 'regensburg', power: 'hapsburg', regulars: 2 }],
      impulse: { power: 'hapsburg', cp: 1 },
    });
    const into = (to: string): EngineEvent => ({ type: 'move.declare', from: 'regensburg', to, regulars: 2 });
    for (const league of [false, true]) {
      const { actor } = startRecording((inspect) =>
        createActor(movementMachine, { input: { world: world(patch(league)) }, inspect }),
      );
      expect(waiting(actor).state).toBe('awaitingMove');
      expect(waiting(actor).snapshot.can(into('augsburg'))).toBe(league);
      expect(waiting(actor).snapshot.can(into('linz'))).toBe(true);
    }
  });

  test('[13.2, 21.6, ruling R34] the Protestant next to Vienna is not asked to intercept before the League, and is after (MOV-32)', () => {
    expect(interceptionStart(protestantBloc(false)).status).toBe('done');
    const s = interceptionStart(protestantBloc());
    expect(s.value).toBe('awaitingInterception');
    expect(s.context.asking).toBe('protestant');
  });

  test('[13.3, 21.6, ruling R34] the Protestant in Vienna may not avoid battle before the League; the Hapsburg beside it may (MOV-32)', () => {
    const s = avoidStart(protestantBloc(false));
    expect(s.context.asking).toBe('hapsburg');
    expect(s.can(PROTESTANT_AVOIDS)).toBe(false);
    const [next] = transition(avoidBattleMachine, s, { type: 'avoid.decline', power: 'hapsburg' });
    expect(next.status).toBe('done');
    const [after] = transition(avoidBattleMachine, avoidStart(protestantBloc()), {
      type: 'avoid.decline',
      power: 'hapsburg',
    });
    expect(after.context.asking).toBe('protestant');
    expect(after.can(PROTESTANT_AVOIDS)).toBe(true);
  });

  test('[13.4 option 1, 21.6, ruling R34] moving on from Metz into Trier, an electorate, is refused before the League; Liege is not (MOV-31, WDR-10)', () => {
    // Two independent regulars withdraw into Metz (22.6, ruling R10); two Ottoman regulars do not outnumber them.
    const metz = (league: boolean): ScenarioPatch => ({
      schmalkaldicLeague: league,
      control: { strasburg: 'ottoman', trier: 'ottoman' },
      stacks: [
        { space: 'strasburg', power: 'ottoman', regulars: 2 },
        { space: 'metz', power: 'independent', regulars: 2 },
      ],
    });
    for (const league of [false, true]) {
      const s = withdrawalStart(metz(league), 1, 'strasburg', 'metz');
      expect(s.value).toBe('awaitingContinuation');
      expect(s.can({ type: 'move.continue', to: 'trier' })).toBe(league);
      expect(s.can({ type: 'move.continue', to: 'liege' })).toBe(true);
    }
  });

  test('[14.1, 21.6, ruling R34] a beaten Hapsburg defender may not retreat into Augsburg before the League (MOV-31)', () => {
    const beaten = (league: boolean) =>
      afterBattle(
        {
          schmalkaldicLeague: league,
          war: [['france', 'hapsburg']],
          control: { nuremberg: 'france', regensburg: 'hapsburg', augsburg: 'hapsburg', salzburg: 'hapsburg' },
          stacks: [
            { space: 'nuremberg', power: 'france', regulars: 4 },
            { space: 'regensburg', power: 'hapsburg', regulars: 1, lostBattle: true },
          ],
          impulse: { power: 'france', cp: 1 },
        },
        'france',
        'nuremberg',
        'regensburg',
      );
    const lost: RetreatInput['retreat'] = {
      space: 'regensburg',
      reason: 'defender',
      attacker: 'france',
      origin: 'nuremberg',
      captor: 'france',
    };
    for (const league of [false, true]) {
      const s = retreatStart(beaten(league), lost);
      expect(s.value).toBe('awaitingRetreat');
      expect(s.can({ type: 'retreat.declare', power: 'hapsburg', to: 'augsburg' })).toBe(league);
      expect(s.can({ type: 'retreat.declare', power: 'hapsburg', to: 'linz' })).toBe(true);
    }
  });
});
