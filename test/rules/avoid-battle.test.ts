// 13.3 Avoid Battle: a truth table per restriction (who may try, where to, with which units), the roll's
// modifiers (13.3 step 4, ruling R1), the automatic avoid, the destinations offered and the impulse order.
import { describe, expect, test } from 'vitest';
import {
  AVOID_DESTINATION_RESTRICTIONS,
  AVOID_GROUP_RESTRICTIONS,
  AVOIDER_RESTRICTIONS,
  areAvoidersInSpace,
  avoidDestinations,
  avoidingPieces,
  avoidingStacks,
  checkAvoid,
  isAutomaticAvoid,
  nextAvoider,
  type AvoidArgs,
  type AvoidState,
} from '../../src/rules/avoid-battle.ts';
import { avoidModifiers, isRollSuccess, rollTotal } from '../../src/rules/dice.ts';
import { isMoveActionInterceptable } from '../../src/rules/interception.ts';
import type { MoveLeg } from '../../src/rules/leg.ts';
import { stacksWhere } from '../../src/rules/stacks.ts';
import { check, type Verdict } from '../../src/rules/verdict.ts';
import type { World } from '../../src/rules/world.ts';
import type { MajorPower, Power } from '../../src/schema/power.ts';
import type { Units } from '../../src/schema/units.ts';
import { u, VIENNA, world, type ScenarioPatch, depart, SULEIMAN, CHARLES, FERDINAND, type StackInput } from '../helpers/fixtures.ts';


/** Ferdinand's whole stack: the group of the rulebook example (RULES.md §6). */
const FERDINANDS_GROUP: Partial<Units> = { regulars: 2, leaders: ['ferdinand'] };

/** 13.1 step 3 as the movement procedure does it: the formation leaves its space and is on its way to `to`. */

/** The Ottoman formation of `patch` (by default the rulebook's) moves from Pressburg into Vienna; nobody intercepted. */
function intoVienna(patch: ScenarioPatch = {}): { world: World; state: AvoidState } {
  const { world: w, leg } = depart(world({ ...VIENNA, ...patch }), 'ottoman', 'pressburg', 'vienna');
  return { world: w, state: { leg, intercepted: [], done: [] } };
}

function args(state: AvoidState, to: string, request: Partial<Units> = FERDINANDS_GROUP, power: Power = 'hapsburg'): AvoidArgs {
  return { ...state, power, from: state.leg.to, to, request: u(request) };
}

function outcome(v: Verdict): string {
  return v.ok ? 'ok' : v.code;
}

/** Rows for `test.for(...)('[rule] %s', ...)`: the title is the row's `what`, which ends with its statement ids. */
function named<T extends { what: string }>(rows: readonly T[]): (readonly [string, T])[] {
  return rows.map((r) => [r.what, r] as const);
}

describe('13.3 where a group may avoid to', () => {
  const NO_ALLIANCE: ScenarioPatch = { alliances: [] };
  test.for(
    named<{ what: string; to: string; patch: ScenarioPatch; expected: string }>([
      // RULES.md §6: Brunn is legal because Hungary-Bohemia is a Hapsburg ally on the example's board.
      { what: 'allows Ferdinand into Brunn while Hungary-Bohemia is a Hapsburg ally (AVB-07)', to: 'brunn', patch: {}, expected: 'ok' },
      { what: 'forbids Brunn when Hungary-Bohemia controls it and is no ally (AVB-07)', to: 'brunn', patch: NO_ALLIANCE, expected: 'isAvoidDestinationFriendly' },
      // RULES.md §6: "or Brunn Hapsburg-controlled".
      {
        what: 'allows Brunn without the alliance once it is Hapsburg-controlled (AVB-07)',
        to: 'brunn',
        patch: { ...NO_ALLIANCE, control: { pressburg: 'ottoman', brunn: 'hapsburg' } },
        expected: 'ok',
      },
      { what: 'allows Linz, a Hapsburg space (AVB-05, AVB-07)', to: 'linz', patch: {}, expected: 'ok' },
      // Charles V's regulars in Graz are Hapsburg units: friendly, not enemy.
      { what: 'allows Graz although Charles V\'s army stands there (AVB-09)', to: 'graz', patch: {}, expected: 'ok' },
      // On the example's board Pressburg is Ottoman-controlled: refused before the "came from" check is reached.
      // Ottoman-controlled in the book: the most specific reason, the one the rulebook gives, is reported.
      { what: 'forbids Ottoman-controlled Pressburg because the enemy came from there (AVB-07, AVB-11)', to: 'pressburg', patch: {}, expected: 'isNotSpaceEnemyCameFrom' },
      // Hungarian-controlled (an ally) and empty: only the "came from" restriction is left to forbid it.
      { what: 'forbids Pressburg, friendly and empty, because the enemy came from there (AVB-11)', to: 'pressburg', patch: { control: {} }, expected: 'isNotSpaceEnemyCameFrom' },
      { what: 'forbids Buda, which is not adjacent to Vienna (AVB-05)', to: 'buda', patch: {}, expected: 'isAvoidDestinationAdjacent' },
      { what: 'forbids a sea zone (AVB-10)', to: 'adriatic', patch: {}, expected: 'isAvoidDestinationLandSpace' },
      { what: 'forbids a space that is not on the board (AVB-10)', to: 'atlantis', patch: {}, expected: 'isAvoidDestinationLandSpace' },
      { what: 'forbids a space in unrest (AVB-08)', to: 'linz', patch: { unrest: ['linz'] }, expected: 'isAvoidDestinationNotInUnrest' },
      // A control override makes Linz independent.
      {
        what: 'forbids an independent space (AVB-06)',
        to: 'linz',
        patch: { control: { pressburg: 'ottoman', linz: 'independent' } },
        expected: 'isAvoidDestinationNotIndependent',
      },
      {
        what: 'forbids a space holding enemy land units (AVB-09)',
        to: 'graz',
        patch: { stacks: [SULEIMAN, FERDINAND, { space: 'graz', power: 'ottoman', regulars: 2 }] },
        expected: 'isAvoidDestinationFreeOfEnemy',
      },
      // Ruling R2: a lone enemy leader is not an enemy unit; he is captured when the group arrives.
      {
        what: 'allows a space where an enemy leader stands alone (AVB-09, ruling R2)',
        to: 'linz',
        patch: { stacks: [{ ...SULEIMAN, leaders: ['suleiman'] }, FERDINAND, { space: 'linz', power: 'ottoman', leaders: ['ibrahim-pasha'] }] },
        expected: 'ok',
      },
    ]),
  )('[13.3] %s', ([, { to, patch, expected }]) => {
    const { world: w, state } = intoVienna(patch);
    expect(outcome(checkAvoid(w, args(state, to)))).toBe(expected);
  });

  test.for(
    named<{ what: string; to: string; control: Record<string, 'hapsburg'>; expected: string }>([
      // Graz–Salzburg is a pass (RULES.md §9).
      { what: 'allows avoiding from Graz over the pass into Hapsburg-controlled Salzburg (AVB-05)', to: 'salzburg', control: { salzburg: 'hapsburg' }, expected: 'ok' },
      // Salzburg's home power is the Protestant (ruling R15): the pass is not what refuses it.
      { what: 'forbids Salzburg over the pass only because the Protestant controls it (AVB-05, AVB-07)', to: 'salzburg', control: {}, expected: 'isAvoidDestinationFriendly' },
      { what: 'allows avoiding from Graz into Trieste over a clear connection (AVB-05)', to: 'trieste', control: {}, expected: 'ok' },
    ]),
  )('[13.3, 2.5] %s', ([, { to, control, expected }]) => {
    const w0 = world({
      war: [['ottoman', 'hapsburg']],
      control,
      stacks: [
        { space: 'mohacs', power: 'ottoman', regulars: 4 },
        { space: 'graz', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
      ],
    });
    const { world: w, leg } = depart(w0, 'ottoman', 'mohacs', 'graz');
    expect(outcome(checkAvoid(w, args({ leg, intercepted: [], done: [] }, to)))).toBe(expected);
  });

  test.for(
    named<{ what: string; to: string; expected: string }>([
      // Metz is one of the four independent keys (22.6).
      { what: 'forbids a Hapsburg group in Besançon to avoid into independent Metz (AVB-06)', to: 'metz', expected: 'isAvoidDestinationNotIndependent' },
      { what: 'forbids it Dijon, the French space the enemy came from (AVB-07, AVB-11)', to: 'dijon', expected: 'isNotSpaceEnemyCameFrom' },
      { what: 'forbids it Geneva under French control (AVB-07)', to: 'geneva', expected: 'isAvoidDestinationFriendly' },
      { what: 'allows it Strasburg, Hapsburg-controlled here (AVB-07)', to: 'strasburg', expected: 'ok' },
    ]),
  )('[13.3] %s', ([, { to, expected }]) => {
    const w0 = world({
      war: [['france', 'hapsburg']],
      control: { geneva: 'france', strasburg: 'hapsburg' },
      stacks: [
        { space: 'dijon', power: 'france', regulars: 4, leaders: ['montmorency'] },
        { space: 'besancon', power: 'hapsburg', regulars: 2 },
      ],
      impulse: { power: 'france', cp: 1 },
    });
    const { world: w, leg } = depart(w0, 'france', 'dijon', 'besancon');
    expect(outcome(checkAvoid(w, args({ leg, intercepted: [], done: [] }, to, { regulars: 2 })))).toBe(expected);
  });

  test('[13.3] every destination refusal cites 13.3 and explains itself in English and Russian (AVB-05, AVB-07, AVB-08, AVB-10)', () => {
    const { world: w, state } = intoVienna({ unrest: ['linz'] });
    for (const to of ['pressburg', 'buda', 'adriatic', 'linz']) {
      const v = checkAvoid(w, args(state, to));
      expect(v.ok, to).toBe(false);
      if (v.ok) continue;
      expect(v.rule).toBe('13.3');
      expect(v.reason.en.length).toBeGreaterThan(10);
      expect(v.reason.ru).toMatch(/[а-яё]/i);
    }
  });

  test('[13.3] lists the destination restrictions: a land space, adjacent, not where the enemy came from, then control, unrest and enemies (AVB-05..AVB-11)', () => {
    expect(AVOID_DESTINATION_RESTRICTIONS.flatMap((r) => r.statements)).toEqual(['AVB-10', 'AVB-05', 'AVB-11', 'AVB-06', 'AVB-07', 'AVB-08', 'AVB-09']);
    expect(AVOID_DESTINATION_RESTRICTIONS.every((r) => r.rule === '13.3')).toBe(true);
  });
});

describe('13.3 avoidDestinations: the rulebook example (RULES.md §6)', () => {
  test('[13.3] offers Ferdinand exactly Brunn, Linz and Graz against the Ottoman move from Pressburg, never Pressburg (AVB-07, AVB-11)', () => {
    const { world: w, state } = intoVienna();
    const d = avoidDestinations(w, state, 'hapsburg');
    expect([...d.to].sort()).toEqual(['brunn', 'graz', 'linz']);
    expect(d.blocked.map((b) => b.to)).toEqual(['pressburg']);
  });

  test('[13.3] leaves only Linz and Graz without the Hungarian alliance: Brunn is another power\'s space (AVB-07)', () => {
    const { world: w, state } = intoVienna({ alliances: [] });
    const d = avoidDestinations(w, state, 'hapsburg');
    expect([...d.to].sort()).toEqual(['graz', 'linz']);
    expect(d.blocked.find((b) => b.to === 'brunn')?.refusal.code).toBe('isAvoidDestinationFriendly');
  });

  test('[13.3] still refuses Pressburg when it is friendly and empty, as the space the enemy came from (AVB-11)', () => {
    const { world: w, state } = intoVienna({ control: {} });
    const d = avoidDestinations(w, state, 'hapsburg');
    expect(d.to).not.toContain('pressburg');
    expect(d.blocked.find((b) => b.to === 'pressburg')?.refusal.code).toBe('isNotSpaceEnemyCameFrom');
  });
});

describe('13.3 who may make an attempt', () => {
  const HUNGARIANS_TOO: ScenarioPatch = { stacks: [SULEIMAN, CHARLES, FERDINAND, { space: 'vienna', power: 'hungary', regulars: 1 }] };
  test.for(
    named<{ what: string; patch: ScenarioPatch; power: Power; request: Partial<Units>; state?: Partial<AvoidState>; expected: string }>([
      { what: 'allows Ferdinand\'s stack its attempt (AVB-01)', patch: {}, power: 'hapsburg', request: FERDINANDS_GROUP, expected: 'ok' },
      // 22.3: an active minor avoids with its major, which names the Hungarian units in its own attempt.
      { what: 'refuses an active minor an attempt of its own (AVB-04)', patch: HUNGARIANS_TOO, power: 'hungary', request: { regulars: 1 }, expected: 'isAvoidingMajorPower' },
      { what: 'lets the Hapsburgs take their Hungarian allies along (AVB-04)', patch: HUNGARIANS_TOO, power: 'hapsburg', request: { regulars: 3, leaders: ['ferdinand'] }, expected: 'ok' },
      {
        what: 'refuses a power whose units intercepted into the space (AVB-13)',
        patch: {},
        power: 'hapsburg',
        request: FERDINANDS_GROUP,
        state: { intercepted: ['hapsburg'] },
        expected: 'didNotIntercept',
      },
      { what: 'refuses a second attempt by the same power (AVB-03)', patch: {}, power: 'hapsburg', request: FERDINANDS_GROUP, state: { done: ['hapsburg'] }, expected: 'hasNotAvoided' },
      // 13.3 step 1: one power at a time, in impulse order; the machine records whose turn it is in `asking`.
      { what: 'allows the power whose turn it is (AVB-03)', patch: {}, power: 'hapsburg', request: FERDINANDS_GROUP, state: { asking: 'hapsburg' }, expected: 'ok' },
      { what: 'refuses a power while another decides (AVB-03)', patch: {}, power: 'hapsburg', request: FERDINANDS_GROUP, state: { asking: 'england' }, expected: 'isAvoidersTurn' },
      {
        what: 'refuses a leader who is alone in the space (AVB-14, ruling R3)',
        patch: { stacks: [SULEIMAN, { space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] }] },
        power: 'hapsburg',
        request: { leaders: ['ferdinand'] },
        expected: 'isNotLoneLeader',
      },
    ]),
  )('[13.3] %s', ([, { patch, power, request, state: extra, expected }]) => {
    const { world: w, state } = intoVienna(patch);
    expect(outcome(checkAvoid(w, args({ ...state, ...extra }, 'linz', request, power)))).toBe(expected);
  });

  test('[22.1] never lets an inactive minor\'s stack avoid battle, nor asks it (AVB-25, ruling R10)', () => {
    // Hungary-Bohemia without an ally is inactive; the Ottoman, at war with it, enters Pressburg from Buda.
    const w0 = world({
      war: [['ottoman', 'hungary']],
      control: { buda: 'ottoman' },
      stacks: [
        { space: 'buda', power: 'ottoman', regulars: 4 },
        { space: 'pressburg', power: 'hungary', regulars: 2 },
      ],
    });
    const { world: w, leg } = depart(w0, 'ottoman', 'buda', 'pressburg');
    const state: AvoidState = { leg, intercepted: [], done: [] };
    const v = checkAvoid(w, args(state, 'vienna', { regulars: 2 }, 'hungary'));
    expect(outcome(v)).toBe('isAvoidingMajorPower');
    expect(v.ok ? undefined : v.ruling).toBe('R10');
    expect(avoidingStacks(w, 'hungary', leg)).toEqual([]);
    expect(nextAvoider(w, state)).toBeUndefined();
  });

  test('[13.3] refuses units under siege inside the fortifications (AVB-12)', () => {
    // Vienna is besieged by 5 Ottoman regulars; 2 more join from Pressburg. The Hapsburgs inside must stay.
    const w0 = world({
      war: [['ottoman', 'hapsburg']],
      control: { pressburg: 'ottoman' },
      sieges: [{ space: 'vienna', by: ['ottoman'] }],
      stacks: [
        { space: 'pressburg', power: 'ottoman', regulars: 2 },
        { space: 'vienna', power: 'ottoman', regulars: 5 },
        { space: 'vienna', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'], inside: true },
      ],
    });
    const { world: w, leg } = depart(w0, 'ottoman', 'pressburg', 'vienna');
    const state: AvoidState = { leg, intercepted: [], done: [] };
    const a = args(state, 'linz', { regulars: 3, leaders: ['ferdinand'] });
    expect(outcome(check(areAvoidersInSpace, w, a))).toBe('areAvoidersInSpace');
    expect(checkAvoid(w, a).ok).toBe(false);
    expect(avoidingStacks(w, 'hapsburg', leg)).toEqual([]);
    expect(nextAvoider(w, state)).toBeUndefined();
  });

  test('[13.3] checks the power, its turn, its interception and the lone leader before anything else (AVB-03, AVB-04, AVB-13, AVB-14, AVB-25)', () => {
    expect(AVOIDER_RESTRICTIONS.map((r) => r.name)).toEqual(['isAvoidingMajorPower', 'hasNotAvoided', 'isAvoidersTurn', 'didNotIntercept', 'isNotLoneLeader']);
  });
});

describe('13.3 step 3 which units go', () => {
  test.for(
    named<{ what: string; stacks: StackInput[]; request: Partial<Units>; expected: string }>([
      // No leader commands more than 4 (5.1), but an avoiding group is not a formation.
      { what: 'lets six regulars without a leader avoid together (AVB-15)', stacks: [SULEIMAN, { space: 'vienna', power: 'hapsburg', regulars: 6 }], request: { regulars: 6 }, expected: 'ok' },
      { what: 'lets Ferdinand slip away alone, leaving his regulars (AVB-16, ruling R3)', stacks: [SULEIMAN, FERDINAND], request: { leaders: ['ferdinand'] }, expected: 'ok' },
      { what: 'lets one regular of two avoid (AVB-16)', stacks: [SULEIMAN, FERDINAND], request: { regulars: 1 }, expected: 'ok' },
      { what: 'refuses an attempt naming nobody (AVB-16)', stacks: [SULEIMAN, FERDINAND], request: {}, expected: 'isAvoidNotEmpty' },
      { what: 'refuses more regulars than stand in the space (AVB-16)', stacks: [SULEIMAN, FERDINAND], request: { regulars: 3 }, expected: 'areAvoidersInSpace' },
      { what: 'refuses a leader who is elsewhere (AVB-16)', stacks: [SULEIMAN, FERDINAND, CHARLES], request: { regulars: 2, leaders: ['charles-v'] }, expected: 'areAvoidersInSpace' },
      { what: 'refuses a unit type the stack does not have (AVB-16)', stacks: [SULEIMAN, FERDINAND], request: { mercenaries: 1 }, expected: 'areAvoidersInSpace' },
    ]),
  )('[13.3 step 3] %s', ([, { stacks, request, expected }]) => {
    const { world: w, state } = intoVienna({ stacks });
    expect(outcome(checkAvoid(w, args(state, 'linz', request)))).toBe(expected);
  });

  test('[13.3 steps 2, 5] sends the whole group, Hungarian allies included, to the one space named (AVB-04, AVB-17)', () => {
    const { world: w, state } = intoVienna({ stacks: [SULEIMAN, FERDINAND, { space: 'vienna', power: 'hungary', regulars: 2 }] });
    const a = args(state, 'linz', { regulars: 4, leaders: ['ferdinand'] });
    expect(checkAvoid(w, a).ok).toBe(true);
    const pieces = avoidingPieces(w, a);
    expect(pieces.map((p) => [p.power, p.regulars]).sort()).toEqual([['hapsburg', 2], ['hungary', 2]]);
    // Only the Hapsburgs are asked: the Hungarian units went with them.
    expect(nextAvoider(w, { ...state, done: ['hapsburg'] })).toBeUndefined();
  });

  test('[13.3 step 3] checks that the group is not empty and stands outside the fortifications (AVB-12, AVB-15, AVB-16)', () => {
    expect(AVOID_GROUP_RESTRICTIONS.map((r) => r.name)).toEqual(['isAvoidNotEmpty', 'isAvoidSplitByPower', 'areAvoidersInSpace']);
  });
});

describe('13.3 step 1 the order of attempts', () => {
  // England is a Hapsburg ally at war with the Ottoman; both have units in Vienna.
  const TWO_POWERS: ScenarioPatch = {
    war: [['ottoman', 'hapsburg'], ['ottoman', 'england']],
    alliances: [['hapsburg', 'hungary'], ['hapsburg', 'england']],
    stacks: [SULEIMAN, { space: 'vienna', power: 'england', regulars: 2 }, FERDINAND],
  };
  test.for(
    named<{ what: string; patch: ScenarioPatch; state: Partial<AvoidState>; expected: MajorPower | undefined }>([
      { what: 'asks the Hapsburgs first, in impulse order (AVB-03)', patch: TWO_POWERS, state: {}, expected: 'hapsburg' },
      { what: 'asks England once the Hapsburgs are done (AVB-03)', patch: TWO_POWERS, state: { done: ['hapsburg'] }, expected: 'england' },
      { what: 'asks nobody once both are done (AVB-03)', patch: TWO_POWERS, state: { done: ['hapsburg', 'england'] }, expected: undefined },
      // A decline counts as the attempt: the units stay for steps 7–8 and the power is not asked again.
      { what: 'asks nobody after the only power declined (AVB-01)', patch: {}, state: { done: ['hapsburg'] }, expected: undefined },
      // French units, at war with the Hapsburgs only, fill every Hapsburg destination.
      {
        what: 'skips the Hapsburgs when they have no legal space and asks England (AVB-03, ruling R9)',
        patch: {
          ...TWO_POWERS,
          war: [['ottoman', 'hapsburg'], ['ottoman', 'england'], ['france', 'hapsburg']],
          stacks: [
            ...(TWO_POWERS.stacks ?? []),
            { space: 'brunn', power: 'france', regulars: 1 },
            { space: 'graz', power: 'france', regulars: 1 },
            { space: 'linz', power: 'france', regulars: 1 },
          ],
        },
        state: {},
        expected: 'england',
      },
      // 13.1 step 5: after a successful interception there is no step 6 for anyone, not even an ally.
      { what: 'asks nobody after a successful interception, not even the interceptor\'s ally (AVB-02, AVB-13)', patch: TWO_POWERS, state: { intercepted: ['hapsburg'] }, expected: undefined },
    ]),
  )('[13.3 step 1] %s', ([, { patch, state: extra, expected }]) => {
    const { world: w, state } = intoVienna(patch);
    expect(nextAvoider(w, { ...state, ...extra })).toBe(expected);
  });

  test('[13.3] leaves a group that declined in the space, for withdrawal or battle (AVB-01)', () => {
    const { world: w, state } = intoVienna();
    expect(nextAvoider(w, state)).toBe('hapsburg');
    const declined: AvoidState = { ...state, done: ['hapsburg'] };
    expect(outcome(checkAvoid(w, args(declined, 'linz')))).toBe('hasNotAvoided');
    expect(avoidingStacks(w, 'hapsburg', declined.leg).map((s) => s.regulars)).toEqual([2]);
  });
});

describe('13.3 step 4 the roll', () => {
  const HAP_WAR: ScenarioPatch = { war: [['ottoman', 'hapsburg']], alliances: [] };
  const THREE_OTTOMANS: StackInput = { space: 'pressburg', power: 'ottoman', regulars: 3 };
  test.for(
    named<{ what: string; patch: ScenarioPatch; power: MajorPower; space: string; mover: MajorPower; from: string; values: number[] }>([
      // RULES.md §6: "the avoid-battle roll for Ferdinand's stack would be 2d6 + 1 − 1".
      { what: 'gives Ferdinand +1 for his rating and −1 against Ottoman cavalry (AVB-18, AVB-20)', patch: VIENNA, power: 'hapsburg', space: 'vienna', mover: 'ottoman', from: 'pressburg', values: [1, -1] },
      {
        what: 'gives nothing without a leader or cavalry (AVB-18, AVB-20)',
        patch: { ...HAP_WAR, stacks: [THREE_OTTOMANS, { space: 'vienna', power: 'hapsburg', regulars: 2 }] },
        power: 'hapsburg', space: 'vienna', mover: 'ottoman', from: 'pressburg', values: [],
      },
      {
        what: 'adds only the best rating, Charles V\'s 2, not Ferdinand\'s too (AVB-18)',
        patch: { ...HAP_WAR, stacks: [THREE_OTTOMANS, { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand', 'charles-v'] }] },
        power: 'hapsburg', space: 'vienna', mover: 'ottoman', from: 'pressburg', values: [2],
      },
      {
        what: 'gives an Ottoman group with Ibrahim and cavalry +1 and +1 (AVB-18, AVB-19)',
        patch: { ...HAP_WAR, impulse: { power: 'hapsburg', cp: 1 }, stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 4 }, { space: 'pressburg', power: 'ottoman', regulars: 2, cavalry: 1, leaders: ['ibrahim-pasha'] }] },
        power: 'ottoman', space: 'pressburg', mover: 'hapsburg', from: 'vienna', values: [1, 1],
      },
      {
        what: 'gives an Ottoman group without cavalry no cavalry bonus (AVB-19)',
        patch: { ...HAP_WAR, impulse: { power: 'hapsburg', cp: 1 }, stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 4 }, { space: 'pressburg', power: 'ottoman', regulars: 2 }] },
        power: 'ottoman', space: 'pressburg', mover: 'hapsburg', from: 'vienna', values: [],
      },
      {
        what: 'adds nothing for Dudley, whose battle rating is 0 (AVB-18)',
        patch: { war: [['france', 'england']], impulse: { power: 'france', cp: 1 }, stacks: [{ space: 'boulogne', power: 'france', regulars: 2 }, { space: 'calais', power: 'england', regulars: 2, leaders: ['dudley'] }] },
        power: 'england', space: 'calais', mover: 'france', from: 'boulogne', values: [],
      },
      {
        what: 'adds +1 for the Telescope (AVB-18, ruling R1)',
        patch: { ...VIENNA, bonuses: { hapsburg: ['telescope'] } },
        power: 'hapsburg', space: 'vienna', mover: 'ottoman', from: 'pressburg', values: [1, -1, 1],
      },
      // Ruling R1: the bonus is the holder's own; the Ottoman's Telescope does not help Ferdinand.
      {
        what: 'adds nothing for a Telescope another power holds (AVB-18, ruling R1)',
        patch: { ...VIENNA, bonuses: { ottoman: ['telescope'] } },
        power: 'hapsburg', space: 'vienna', mover: 'ottoman', from: 'pressburg', values: [1, -1],
      },
    ]),
  )('[13.3 step 4] %s', ([, { patch, power, space, mover, from, values }]) => {
    const w = world(patch);
    const pieces = stacksWhere(w.position, { space }).filter((s) => s.power === power);
    const opposing = stacksWhere(w.position, { space: from }).filter((s) => s.power === mover);
    const mods = avoidModifiers(w, { power, pieces, opposing });
    expect(mods.map((m) => m.value)).toEqual(values);
    expect(mods.every((m) => m.rule === '13.3 step 4')).toBe(true);
    expect(mods.filter((m) => m.ruling === 'R1').length).toBe(patch.bonuses?.[power] ? 1 : 0);
  });

  test.for(
    named<{ what: string; dice: [number, number]; success: boolean }>([
      { what: 'fails Ferdinand on a raw 8: 8 + 1 − 1 = 8 (AVB-21)', dice: [4, 4], success: false },
      { what: 'succeeds for Ferdinand on a raw 9: 9 + 1 − 1 = 9 (AVB-21)', dice: [5, 4], success: true },
      { what: 'succeeds for Ferdinand on double six (AVB-21)', dice: [6, 6], success: true },
      { what: 'fails Ferdinand on double one, with no automatic results (AVB-21)', dice: [1, 1], success: false },
    ]),
  )('[13.3 step 4] %s', ([, { dice, success }]) => {
    const w = world(VIENNA);
    const pieces = stacksWhere(w.position, { space: 'vienna' });
    const opposing = stacksWhere(w.position, { space: 'pressburg' });
    expect(isRollSuccess(rollTotal(dice, avoidModifiers(w, { power: 'hapsburg', pieces, opposing })))).toBe(success);
  });

  test('[13.3 step 4] lets Ferdinand\'s stack avoid on 10 of the 36 rolls, as RULES.md §6 says (AVB-21)', () => {
    const w = world(VIENNA);
    const mods = avoidModifiers(w, { power: 'hapsburg', pieces: stacksWhere(w.position, { space: 'vienna' }), opposing: stacksWhere(w.position, { space: 'pressburg' }) });
    let wins = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (isRollSuccess(rollTotal([a, b], mods))) wins++;
    expect(wins).toBe(10);
  });
});

describe('13.3 step 4 the automatic avoid', () => {
  // Two Hapsburg regulars and Ferdinand lost a battle earlier this impulse; two fresh regulars joined them.
  const MARKED: ScenarioPatch = {
    stacks: [
      SULEIMAN,
      { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'], lostBattle: true },
      { space: 'vienna', power: 'hapsburg', regulars: 2 },
    ],
  };
  test.for(
    named<{ what: string; request: Partial<Units>; automatic: boolean }>([
      { what: 'succeeds without a roll for the two beaten regulars (AVB-22)', request: { regulars: 2 }, automatic: true },
      { what: 'succeeds without a roll for the beaten regulars with Ferdinand (AVB-22)', request: { regulars: 2, leaders: ['ferdinand'] }, automatic: true },
      { what: 'succeeds without a roll for Ferdinand alone, who lost too (AVB-22)', request: { leaders: ['ferdinand'] }, automatic: true },
      { what: 'rolls for three regulars, one of them fresh (AVB-22)', request: { regulars: 3 }, automatic: false },
      { what: 'rolls for the whole stack (AVB-22)', request: { regulars: 4, leaders: ['ferdinand'] }, automatic: false },
    ]),
  )('[13.3 step 4] %s', ([, { request, automatic }]) => {
    const { world: w, state } = intoVienna(MARKED);
    const a = args(state, 'linz', request);
    expect(checkAvoid(w, a).ok).toBe(true);
    expect(isAutomaticAvoid(avoidingPieces(w, a))).toBe(automatic);
  });

  test('[13.3 step 4] never treats an empty group as automatic (AVB-22)', () => {
    expect(isAutomaticAvoid([])).toBe(false);
  });

  test('[13.3 step 4] rolls for a group that never lost a battle (AVB-22)', () => {
    const { world: w, state } = intoVienna();
    expect(isAutomaticAvoid(avoidingPieces(w, args(state, 'linz')))).toBe(false);
  });
});

describe('13.2 avoiding units cannot be intercepted', () => {
  test.for(
    named<{ what: string; kind: MoveLeg['kind']; expected: string }>([
      { what: 'lets the Ottoman try to intercept a Move action into Linz (AVB-24)', kind: 'move', expected: 'ok' },
      { what: 'refuses any interception of units avoiding battle into Linz (AVB-24)', kind: 'avoid', expected: 'isMoveActionInterceptable' },
    ]),
  )('[13.2] %s', ([, { kind, expected }]) => {
    const w = world({ ...VIENNA, stacks: [FERDINAND, { space: 'regensburg', power: 'ottoman', regulars: 2 }] });
    const formation = stacksWhere(w.position, { space: 'vienna' });
    const leg: MoveLeg = { power: 'hapsburg', from: 'vienna', to: 'linz', formation, kind };
    const v = check(isMoveActionInterceptable, w, { leg, usedSpaces: [], declined: [], power: 'ottoman', from: 'regensburg', request: u({ regulars: 2 }) });
    expect(outcome(v)).toBe(expected);
  });
});
