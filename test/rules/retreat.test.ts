// 14.1 Retreat: who retreats, where to, who may go inside (rulings R10, R11), what is eliminated; the capture of
// lone leaders (13.1, ruling R2) and the breaking of a siege (15.3).
import { describe, expect, test } from 'vitest';
import { captureLeaders, loneLeadersAgainst, settleLoneLeaders } from '../../src/rules/capture.ts';
import {
  applyRetreat,
  checkRetreat,
  inactiveInside,
  insideRoom,
  isInactiveGroup,
  mayAnyGoInside,
  RETREAT_DESTINATION_RESTRICTIONS,
  RETREAT_RESTRICTIONS,
  retreatDestinations,
  retreatingGroups,
  type RetreatArgs,
  type RetreatState,
} from '../../src/rules/retreat.ts';
import { isSiegeBroken } from '../../src/rules/siege.ts';
import { addStacks, relocate, replaceStacks, splitStacks, stacksWhere, totals } from '../../src/rules/stacks.ts';
import { withPosition, type World } from '../../src/rules/world.ts';
import type { MajorPower, Power } from '../../src/schema/power.ts';
import { NO_UNITS, type Units } from '../../src/schema/units.ts';
import { u, VIENNA, world, type ScenarioPatch, SULEIMAN, type StackInput } from '../helpers/fixtures.ts';
import { named } from '../helpers/rows.ts';
import { ALLOWS, expectVerdict, refusedBy, truthTable, type Expected } from '../helpers/truth-table.ts';

/** The Hapsburg survivors of a lost battle in Vienna. */
const HAPSBURGS: StackInput = { space: 'vienna', power: 'hapsburg', regulars: 6, leaders: ['charles-v', 'ferdinand'] };

/** The `mover`'s stacks in `from` have fought in `to`: they stand there beside the other side's survivors. */
function fought(patch: ScenarioPatch, mover: MajorPower, from: string, to: string): World {
  const w = world(patch);
  const formation = stacksWhere(w.position, { space: from }).filter((s) => s.power === mover);
  return withPosition(
    w,
    addStacks(replaceStacks(w.position, formation, []), relocate(formation, { space: to, inside: false })),
  );
}

/** The Ottoman formation from Pressburg won in Vienna: the Hapsburgs of `patch` retreat (a losing defender). */
function defenderLost(patch: ScenarioPatch = {}): { world: World; state: RetreatState } {
  return {
    world: fought({ ...VIENNA, stacks: [SULEIMAN, HAPSBURGS], ...patch }, 'ottoman', 'pressburg', 'vienna'),
    state: {
      space: 'vienna',
      reason: 'defender',
      attacker: 'ottoman',
      origin: 'pressburg',
      done: [],
      captor: 'ottoman',
    },
  };
}

/** The rulebook's outcome (RULES.md §6): the Ottoman formation lost in Vienna and retreats (a losing attacker). */
function attackerLost(patch: ScenarioPatch = {}): { world: World; state: RetreatState } {
  const survivors: StackInput = { ...SULEIMAN, regulars: 3, cavalry: 0 };
  return {
    world: fought(
      {
        ...VIENNA,
        stacks: [survivors, { space: 'vienna', power: 'hapsburg', regulars: 7, leaders: ['charles-v', 'ferdinand'] }],
        ...patch,
      },
      'ottoman',
      'pressburg',
      'vienna',
    ),
    state: {
      space: 'vienna',
      reason: 'attacker',
      attacker: 'ottoman',
      origin: 'pressburg',
      done: [],
      captor: 'hapsburg',
    },
  };
}

function retreatArgs(
  state: RetreatState,
  power: Power,
  to: string | undefined,
  inside: Partial<Units> = {},
): RetreatArgs {
  return { ...state, power, from: state.space, to: to ?? '', hasDestination: to !== undefined, inside: u(inside) };
}

// The restrictions of 14.1, as the rows that expect their refusals name them.
const landSpace = refusedBy({ code: 'isRetreatDestinationLandSpace', rule: '14.1' });
const adjacent = refusedBy({ code: 'isRetreatDestinationAdjacent', rule: '14.1' });
const notIndependent = refusedBy({ code: 'isRetreatDestinationNotIndependent', rule: '14.1' });
const friendly = refusedBy({ code: 'isRetreatDestinationFriendly', rule: '14.1' });
const notInUnrest = refusedBy({ code: 'isRetreatDestinationNotInUnrest', rule: '14.1' });
const freeOfEnemy = refusedBy({ code: 'isRetreatDestinationFreeOfEnemy', rule: '14.1', ruling: 'R2' });
const enemyEnteredFrom = refusedBy({ code: 'isNotSpaceEnemyEnteredFrom', rule: '14.1' });
const attackerOrigin = refusedBy({ code: 'isAttackerOrigin', rule: '14.1', ruling: 'R11' });
const retreatingPower = refusedBy({ code: 'isRetreatingPower', rule: '14.1' });
const mayGoInside = refusedBy({ code: 'mayGoInside', rule: '14.1', ruling: 'R22' });
const withinLimit = refusedBy({ code: 'isInsideWithinLimit', rule: '14.1' });
const unitsPresent = refusedBy({ code: 'areInsideUnitsPresent', rule: '14.1' });
const legalDestination = refusedBy({ code: 'namesLegalDestination', rule: '14.1' });
const notElectorate = refusedBy({ code: 'isRetreatDestinationNotElectorate', rule: '21.6', ruling: 'R34' });

describe('14.1 where a losing defender may retreat', () => {
  truthTable<{ title: string; to: string; patch: ScenarioPatch; expect: Expected }>({
    rows: [
      { title: '[14.1] allows Linz, a Hapsburg space (RET-04)', to: 'linz', patch: {}, expect: ALLOWS },
      {
        title: '[14.1] allows Brunn while Hungary-Bohemia is a Hapsburg ally (RET-08)',
        to: 'brunn',
        patch: {},
        expect: ALLOWS,
      },
      {
        title: '[14.1] forbids Brunn when Hungary-Bohemia is no ally (RET-08)',
        to: 'brunn',
        patch: { alliances: [] },
        expect: friendly(['Brunn', 'Hungary-Bohemia', 'not an ally of Hapsburg'], ['Брюнн', 'Венгрии-Богемии']),
      },
      {
        title: '[14.1] forbids an independent space (RET-08)',
        to: 'linz',
        patch: { control: { pressburg: 'ottoman', linz: 'independent' } },
        expect: notIndependent(['Linz is an independent space'], ['Линц — независимая область']),
      },
      {
        title: '[14.1] forbids a space in unrest (RET-05)',
        to: 'linz',
        patch: { unrest: ['linz'] },
        expect: notInUnrest(['Linz', 'unrest (12.4)'], ['В Линце беспорядки (12.4)']),
      },
      {
        title: '[14.1] forbids a space holding enemy land units (RET-06)',
        to: 'graz',
        patch: { stacks: [SULEIMAN, HAPSBURGS, { space: 'graz', power: 'ottoman', regulars: 1 }] },
        expect: freeOfEnemy(['Graz', 'enemy land units'], ['В Граце', 'вражеские']),
      },
      // Ruling R2: a lone enemy leader does not block; he is captured (see below).
      {
        title: '[14.1] allows a space where an enemy leader stands alone (RET-06, ruling R2)',
        to: 'linz',
        patch: {
          stacks: [
            { ...SULEIMAN, leaders: ['suleiman'] },
            HAPSBURGS,
            { space: 'linz', power: 'ottoman', leaders: ['ibrahim-pasha'] },
          ],
        },
        expect: ALLOWS,
      },
      {
        title: '[14.1] forbids a sea zone (RET-07)',
        to: 'adriatic',
        patch: {},
        expect: landSpace(['adriatic', 'sea zone'], ['морская зона']),
      },
      {
        title: '[14.1] forbids a space that is not adjacent (RET-04)',
        to: 'buda',
        patch: {},
        expect: adjacent(['Buda is not adjacent to Vienna'], ['Буда и Вена']),
      },
      // Ottoman-controlled in the book: the most specific reason (the enemy entered from there) is reported.
      {
        title: '[14.1] forbids Ottoman-controlled Pressburg because the enemy entered from there (RET-08, RET-09)',
        to: 'pressburg',
        patch: {},
        expect: enemyEnteredFrom(['Pressburg', 'enemy entered from'], ['Пресбург', 'пришёл противник']),
      },
      // Hungarian-controlled (an ally) and empty: the "entered from" restriction alone forbids it.
      {
        title: '[14.1] forbids Pressburg, friendly and empty, because the enemy entered from there (RET-09)',
        to: 'pressburg',
        patch: { control: {} },
        expect: enemyEnteredFrom(['Pressburg', 'losing defender'], ['Пресбург', 'обороняющийся']),
      },
    ],
    judge: ({ to, patch }) => {
      const { world: w, state } = defenderLost(patch);
      return { world: w, verdicts: [checkRetreat(w, retreatArgs(state, 'hapsburg', to))] };
    },
  });

  test('[14.1] offers the Hapsburgs Brunn, Graz and Linz, not the space the enemy entered from (RET-04, RET-09)', () => {
    const { world: w, state } = defenderLost({ control: {} });
    const d = retreatDestinations(w, state, 'hapsburg');
    expect([...d.to].sort()).toEqual(['brunn', 'graz', 'linz']);
    expect(d.blocked.map((b) => [b.to, b.refusal.code])).toEqual([['pressburg', 'isNotSpaceEnemyEnteredFrom']]);
  });

  test('[14.1, 2.5] allows a retreat over the Graz–Salzburg pass (RET-14)', () => {
    const w = fought(
      {
        war: [['ottoman', 'hapsburg']],
        control: { salzburg: 'hapsburg' },
        stacks: [
          { space: 'mohacs', power: 'ottoman', regulars: 6 },
          { space: 'graz', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
        ],
      },
      'ottoman',
      'mohacs',
      'graz',
    );
    const state: RetreatState = {
      space: 'graz',
      reason: 'defender',
      attacker: 'ottoman',
      origin: 'mohacs',
      done: [],
      captor: 'ottoman',
    };
    expect(retreatDestinations(w, state, 'hapsburg').to).toContain('salzburg');
    expect(checkRetreat(w, retreatArgs(state, 'hapsburg', 'salzburg')).ok).toBe(true);
  });

  test('[14.1, 21.6] lists the destination restrictions, the attacker and defender rules right after adjacency, electorates last (RET-04..RET-10, RET-14, MOV-31)', () => {
    expect(RETREAT_DESTINATION_RESTRICTIONS.map((r) => r.name).slice(2, 4)).toEqual([
      'isAttackerOrigin',
      'isNotSpaceEnemyEnteredFrom',
    ]);
    expect(RETREAT_DESTINATION_RESTRICTIONS.at(-1)?.name).toBe('isRetreatDestinationNotElectorate');
    expect(RETREAT_DESTINATION_RESTRICTIONS.map((r) => r.rule)).toEqual([...Array<string>(8).fill('14.1'), '21.6']);
  });
});

describe('14.1 and 21.6: no retreat into an electorate before the Schmalkaldic League', () => {
  // France beat the Hapsburg in Hapsburg Regensburg, coming from Nuremberg; Augsburg, next to it, is an electorate.
  const regensburg = (reason: 'defender' | 'attacker', patch: ScenarioPatch): { world: World; state: RetreatState } => {
    const defender = reason === 'defender';
    const w = fought(
      {
        war: [['france', 'hapsburg']],
        control: { nuremberg: 'france', regensburg: 'hapsburg', augsburg: 'hapsburg' },
        stacks: defender
          ? [
              { space: 'nuremberg', power: 'france', regulars: 4 },
              { space: 'regensburg', power: 'hapsburg', regulars: 2 },
            ]
          : [
              { space: 'augsburg', power: 'hapsburg', regulars: 2 },
              { space: 'regensburg', power: 'france', regulars: 4 },
            ],
        impulse: { power: defender ? 'france' : 'hapsburg', cp: 1 },
        ...patch,
      },
      defender ? 'france' : 'hapsburg',
      defender ? 'nuremberg' : 'augsburg',
      'regensburg',
    );
    return {
      world: w,
      state: {
        space: 'regensburg',
        reason,
        attacker: defender ? 'france' : 'hapsburg',
        origin: defender ? 'nuremberg' : 'augsburg',
        done: [],
        captor: 'france',
      },
    };
  };
  truthTable<{ title: string; reason: 'defender' | 'attacker'; to: string; patch: ScenarioPatch; expect: Expected }>({
    rows: [
      {
        title:
          '[21.6, ruling R34] forbids a losing Hapsburg defender to retreat into Augsburg before the League (MOV-31)',
        reason: 'defender',
        to: 'augsburg',
        patch: { schmalkaldicLeague: false },
        expect: notElectorate(
          ['Augsburg is an electorate', 'Hapsburg units may not retreat into it'],
          ['Аугсбург — курфюршество', 'части Габсбургов не могут отступать в Аугсбург'],
        ),
      },
      {
        title: '[21.6, ruling R34] allows the retreat into Augsburg once the League has formed (MOV-31)',
        reason: 'defender',
        to: 'augsburg',
        patch: {},
        expect: ALLOWS,
      },
      {
        title: '[21.6, ruling R34] allows the retreat into Linz, not an electorate, before the League (MOV-31)',
        reason: 'defender',
        to: 'linz',
        patch: { schmalkaldicLeague: false },
        expect: ALLOWS,
      },
      // Ruling R11: a losing attacker must go back where it came from; before the League that is no legal space.
      {
        title:
          '[21.6, ruling R34, ruling R11] forbids a losing attacker its origin when that is an electorate (MOV-31, RET-10)',
        reason: 'attacker',
        to: 'augsburg',
        patch: { schmalkaldicLeague: false },
        expect: notElectorate(['Augsburg is an electorate'], ['курфюршество']),
      },
      {
        title:
          '[21.6, ruling R34, ruling R11] allows it its origin Augsburg once the League has formed (MOV-31, RET-10)',
        reason: 'attacker',
        to: 'augsburg',
        patch: {},
        expect: ALLOWS,
      },
    ],
    judge: ({ reason, to, patch }) => {
      const { world: w, state } = regensburg(reason, patch);
      return { world: w, verdicts: [checkRetreat(w, retreatArgs(state, 'hapsburg', to))] };
    },
  });

  test('[21.6, ruling R34] offers a losing Hapsburg defender Linz, never Augsburg, before the League (MOV-31)', () => {
    const { world: w, state } = regensburg('defender', { schmalkaldicLeague: false });
    const d = retreatDestinations(w, state, 'hapsburg');
    expect(d.to).toEqual(['linz']);
    expect(d.blocked.map((b) => [b.to, b.refusal.code])).toEqual([
      ['augsburg', 'isRetreatDestinationNotElectorate'],
      ['nuremberg', 'isNotSpaceEnemyEnteredFrom'],
      ['salzburg', 'isRetreatDestinationFriendly'],
    ]);
  });
});

describe('14.1 who retreats and who goes inside', () => {
  interface Row {
    title: string;
    power: Power;
    to?: string;
    inside?: Partial<Units>;
    patch?: ScenarioPatch;
    expect: Expected;
  }
  truthTable<Row>({
    rows: [
      {
        title:
          '[14.1] lets 4 regulars and both leaders go inside Vienna while 2 regulars retreat to Linz (RET-02, ' +
          'RET-03)',
        power: 'hapsburg',
        to: 'linz',
        inside: { regulars: 4, leaders: ['charles-v', 'ferdinand'] },
        expect: ALLOWS,
      },
      {
        title: '[14.1] lets only a leader go inside and the rest retreat (RET-02, RET-03)',
        power: 'hapsburg',
        to: 'linz',
        inside: { leaders: ['ferdinand'] },
        expect: ALLOWS,
      },
      {
        title: '[14.1] refuses 5 regulars inside: at most 4 (RET-02, SIE-14)',
        power: 'hapsburg',
        to: 'linz',
        inside: { regulars: 5 },
        expect: withinLimit(['At most 4 more', 'Vienna'], ['Вены', 'не более 4 сухопутных частей']),
      },
      {
        title: '[14.1] refuses 3 more inside where 2 already are (RET-02, SIE-14)',
        power: 'hapsburg',
        to: 'linz',
        inside: { regulars: 3 },
        patch: { stacks: [SULEIMAN, HAPSBURGS, { space: 'vienna', power: 'hapsburg', regulars: 2, inside: true }] },
        expect: withinLimit(['At most 2 more', 'Vienna'], ['Вены', 'не более 2 сухопутных частей']),
      },
      {
        title: '[14.1] refuses leaving the 2 regulars outside without a destination (RET-01, RET-04)',
        power: 'hapsburg',
        inside: { regulars: 4, leaders: ['charles-v', 'ferdinand'] },
        expect: legalDestination(['must retreat', 'Brunn, Graz, Linz'], ['Брюнн, Грац, Линц']),
      },
      {
        title: '[14.1] refuses staying put: all survivors must retreat (RET-01)',
        power: 'hapsburg',
        expect: legalDestination(['Brunn, Graz, Linz'], ['должна отступить']),
      },
      {
        title: '[14.1] lets a stack of 3 go inside entirely, naming no destination (RET-02)',
        power: 'hapsburg',
        inside: { regulars: 3, leaders: ['ferdinand'] },
        patch: { stacks: [SULEIMAN, { space: 'vienna', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'] }] },
        expect: ALLOWS,
      },
      {
        title: '[14.1] refuses a destination when everyone went inside (RET-04)',
        power: 'hapsburg',
        to: 'linz',
        inside: { regulars: 3, leaders: ['ferdinand'] },
        patch: { stacks: [SULEIMAN, { space: 'vienna', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'] }] },
        expect: legalDestination(['Everything goes inside', 'name no destination'], ['Все уходят в укрепления']),
      },
      // 14.1: leaders need not go inside; one left outside must retreat like any unit.
      {
        title:
          '[14.1] refuses leaving Ferdinand outside with nowhere named, when the 4 regulars and Charles V go inside ' +
          '(RET-01, RET-04)',
        power: 'hapsburg',
        inside: { regulars: 4, leaders: ['charles-v'] },
        patch: { stacks: [SULEIMAN, { ...HAPSBURGS, regulars: 4 }] },
        expect: legalDestination(['Brunn, Graz, Linz'], ['Брюнн, Грац, Линц']),
      },
      {
        title:
          '[14.1] lets Ferdinand retreat alone to Linz while the 4 regulars and Charles V go inside ' +
          '(RET-02, RET-03, RET-04)',
        power: 'hapsburg',
        to: 'linz',
        inside: { regulars: 4, leaders: ['charles-v'] },
        patch: { stacks: [SULEIMAN, { ...HAPSBURGS, regulars: 4 }] },
        expect: ALLOWS,
      },
      {
        title: '[14.1] refuses units the stack does not have (RET-02)',
        power: 'hapsburg',
        to: 'linz',
        inside: { mercenaries: 1 },
        expect: unitsPresent(['Hapsburg', 'retreating stack in Vienna'], ['Габсбургов', 'из Вены']),
      },
      {
        title: '[14.1] refuses the winner a retreat (RET-01)',
        power: 'ottoman',
        to: 'pressburg',
        expect: retreatingPower(['Ottoman has nothing', 'Vienna'], ['Османам сейчас нечего отводить из Вены']),
      },
      {
        title: '[14.1] refuses a power with nothing in the battle (RET-01)',
        power: 'england',
        to: 'linz',
        expect: retreatingPower(['England has nothing', 'Vienna'], ['Англии сейчас нечего']),
      },
      // 22.3: the Hungarian units retreat with the Hapsburgs, who decide for them.
      {
        title: '[14.1] refuses an active minor a retreat of its own (RET-01)',
        power: 'hungary',
        to: 'linz',
        patch: { stacks: [SULEIMAN, HAPSBURGS, { space: 'vienna', power: 'hungary', regulars: 1 }] },
        expect: retreatingPower(
          ['Hungary-Bohemia retreats with its major ally', '(22.3)'],
          ['Венгрия-Богемия отступает', 'решает за неё'],
        ),
      },
      // 14.1, ruling R22: the Hapsburgs, who control Vienna, lost there too: their English ally may go inside.
      {
        title:
          "[14.1, ruling R22] lets English units go inside the Hapsburgs' Vienna when the Hapsburgs lost there too (RET-02)",
        power: 'england',
        to: 'linz',
        inside: { regulars: 1 },
        patch: {
          war: [
            ['ottoman', 'hapsburg'],
            ['ottoman', 'england'],
          ],
          alliances: [
            ['hapsburg', 'hungary'],
            ['hapsburg', 'england'],
          ],
          stacks: [SULEIMAN, HAPSBURGS, { space: 'vienna', power: 'england', regulars: 2 }],
        },
        expect: ALLOWS,
      },
      // 14.1: only when "the power controlling that space lost" may anyone go inside.
      {
        title:
          "[14.1, ruling R22] refuses English units going inside the Hapsburgs' Vienna when no Hapsburg fought there (RET-02)",
        power: 'england',
        to: 'linz',
        inside: { regulars: 1 },
        patch: {
          war: [
            ['ottoman', 'hapsburg'],
            ['ottoman', 'england'],
          ],
          alliances: [
            ['hapsburg', 'hungary'],
            ['hapsburg', 'england'],
          ],
          stacks: [SULEIMAN, { space: 'vienna', power: 'england', regulars: 2 }],
        },
        expect: mayGoInside(['controls fortified Vienna', 'its allies'], ['Вены']),
      },
    ],
    judge: ({ power, to, inside, patch }) => {
      const { world: w, state } = defenderLost(patch);
      return { world: w, verdicts: [checkRetreat(w, retreatArgs(state, power, to, inside))] };
    },
  });

  test('[14.1] refuses going inside an unfortified space (RET-02)', () => {
    const w = fought(
      {
        war: [['ottoman', 'hapsburg']],
        stacks: [
          { space: 'mohacs', power: 'ottoman', regulars: 6 },
          { space: 'graz', power: 'hapsburg', regulars: 3 },
        ],
      },
      'ottoman',
      'mohacs',
      'graz',
    );
    const state: RetreatState = {
      space: 'graz',
      reason: 'defender',
      attacker: 'ottoman',
      origin: 'mohacs',
      done: [],
      captor: 'ottoman',
    };
    expect(mayAnyGoInside(w, state, 'hapsburg')).toBe(false);
    expectVerdict(
      w,
      checkRetreat(w, retreatArgs(state, 'hapsburg', 'vienna', { regulars: 1 })),
      mayGoInside(['fortified Graz'], ['Граца']),
    );
  });

  test('[14.1] counts the room left inside (RET-02, SIE-14)', () => {
    expect(insideRoom(defenderLost().world, defenderLost().state)).toBe(4);
    const { world: w, state } = defenderLost({
      stacks: [SULEIMAN, HAPSBURGS, { space: 'vienna', power: 'hapsburg', regulars: 3, inside: true }],
    });
    expect(insideRoom(w, state)).toBe(1);
  });

  test('[14.1] asks the losing groups in impulse order, inactive minors last (RET-01, ruling R10)', () => {
    // Hapsburg, English and inactive Hungarian units lost in Pressburg to an Ottoman formation from Buda.
    const w = fought(
      {
        war: [
          ['ottoman', 'hapsburg'],
          ['ottoman', 'england'],
          ['ottoman', 'hungary'],
        ],
        alliances: [['hapsburg', 'england']],
        control: { buda: 'ottoman' },
        stacks: [
          { space: 'buda', power: 'ottoman', regulars: 8 },
          { space: 'pressburg', power: 'hungary', regulars: 1 },
          { space: 'pressburg', power: 'england', regulars: 1 },
          { space: 'pressburg', power: 'hapsburg', regulars: 1 },
        ],
      },
      'ottoman',
      'buda',
      'pressburg',
    );
    const state: RetreatState = {
      space: 'pressburg',
      reason: 'defender',
      attacker: 'ottoman',
      origin: 'buda',
      done: [],
      captor: 'ottoman',
    };
    expect(retreatingGroups(w, state)).toEqual(['hapsburg', 'england', 'hungary']);
    expect(retreatingGroups(w, { ...state, done: ['hapsburg'] })).toEqual(['england', 'hungary']);
  });

  test('[14.1] checks the power, who goes inside, what goes inside and the room left, in that order (RET-01, RET-02, RET-03)', () => {
    expect(RETREAT_RESTRICTIONS.map((r) => r.name)).toEqual([
      'isRetreatingPower',
      'mayGoInside',
      'isInsideSplitByPower',
      'areInsideUnitsPresent',
      'isReliefReturnAllowed',
      'isInsideWithinLimit',
    ]);
  });
});

describe('14.1, ruling R11 a losing attacker goes back where it came from', () => {
  test('[14.1] sends Suleiman, Ibrahim and the 3 regulars back to Pressburg, the only choice (RET-10, ruling R11)', () => {
    const { world: w, state } = attackerLost({ control: { pressburg: 'ottoman', linz: 'ottoman' } });
    expect(retreatDestinations(w, state, 'ottoman').to).toEqual(['pressburg']);
    expectVerdict(
      w,
      checkRetreat(w, retreatArgs(state, 'ottoman', 'linz')),
      attackerOrigin(['must retreat into Pressburg'], ['в Пресбург']),
    );
    const out = applyRetreat(w, state, 'ottoman', NO_UNITS, 'pressburg');
    expect(totals(stacksWhere(out.position, { space: 'pressburg' }))).toEqual({
      regulars: 3,
      mercenaries: 0,
      cavalry: 0,
      leaders: ['ibrahim-pasha', 'suleiman'],
    });
    // RULES.md §6: Charles, Ferdinand and 7 Hapsburg regulars stay in Vienna.
    expect(totals(stacksWhere(out.position, { space: 'vienna' }))).toEqual({
      regulars: 7,
      mercenaries: 0,
      cavalry: 0,
      leaders: ['charles-v', 'ferdinand'],
    });
  });

  test("[14.1] refuses a losing attacker any place inside the enemy's fortifications (RET-02, RET-10)", () => {
    const { world: w, state } = attackerLost();
    expect(mayAnyGoInside(w, state, 'ottoman')).toBe(false);
    expectVerdict(
      w,
      checkRetreat(w, retreatArgs(state, 'ottoman', 'pressburg', { regulars: 1 })),
      mayGoInside(['Vienna'], ['Вены']),
    );
  });

  test("[14.1] under ruling R11's alternative reading a losing attacker whose origin is not legal may retreat to another legal space (ruling R11)", () => {
    // Pressburg stays Hungarian (a Hapsburg ally's, not legal for the Ottomans); Linz is held by the Ottomans here.
    const { world, state } = attackerLost({ control: { linz: 'ottoman' } });
    const w: World = { ...world, rulings: { R11: 'alternative' } };
    expect(retreatDestinations(world, state, 'ottoman').to).toEqual([]);
    expect(retreatDestinations(w, state, 'ottoman').to).toEqual(['linz']);
    expectVerdict(w, checkRetreat(w, retreatArgs(state, 'ottoman', 'linz')), ALLOWS);
  });

  test("[14.1] under ruling R11's alternative reading a legal origin is still the only choice (RET-10, ruling R11)", () => {
    const { world, state } = attackerLost({ control: { pressburg: 'ottoman', linz: 'ottoman' } });
    const w: World = { ...world, rulings: { R11: 'alternative' } };
    expectVerdict(
      w,
      checkRetreat(w, retreatArgs(state, 'ottoman', 'linz')),
      attackerOrigin(['must retreat into Pressburg'], ['в Пресбург']),
    );
  });

  test("[14.1] a losing attacker holding the battle space may go inside it (ruling R18), not under R18's alternative reading (RET-10)", () => {
    const { world, state } = attackerLost({
      control: { vienna: 'ottoman', pressburg: 'ottoman' },
      sieges: [{ space: 'vienna', by: ['hapsburg'] }],
    });
    expect(mayAnyGoInside(world, state, 'ottoman')).toBe(true);
    expectVerdict(world, checkRetreat(world, retreatArgs(state, 'ottoman', 'pressburg', { regulars: 1 })), ALLOWS);
    const w: World = { ...world, rulings: { R18: 'alternative' } };
    expect(mayAnyGoInside(w, state, 'ottoman')).toBe(false);
    expectVerdict(
      w,
      checkRetreat(w, retreatArgs(state, 'ottoman', 'pressburg', { regulars: 1 })),
      mayGoInside(['Vienna'], ['Вены']),
    );
  });

  test('[14.1] eliminates the attackers and captures Suleiman and Ibrahim when Pressburg is not a legal retreat (RET-11, ruling R11)', () => {
    // Without the override Pressburg is Hungarian, and Hungary-Bohemia is a Hapsburg ally: not the Ottoman's.
    const { world: w, state } = attackerLost({ control: {} });
    const d = retreatDestinations(w, state, 'ottoman');
    expect(d.to).toEqual([]);
    expect(d.blocked.find((b) => b.to === 'pressburg')?.refusal.code).toBe('isRetreatDestinationFriendly');
    // With nowhere to go the stack names no destination (ruling R9 applies it without asking).
    expect(checkRetreat(w, retreatArgs(state, 'ottoman', undefined)).ok).toBe(true);
    const out = applyRetreat(w, state, 'ottoman', NO_UNITS, undefined);
    expect(out.to).toBeNull();
    expect(out.eliminated).toEqual({ regulars: 3, mercenaries: 0, cavalry: 0 });
    expect([...out.captured].sort()).toEqual(['ibrahim-pasha', 'suleiman']);
    expect(out.position.captured).toEqual(
      expect.arrayContaining([
        { leader: 'suleiman', by: 'hapsburg' },
        { leader: 'ibrahim-pasha', by: 'hapsburg' },
      ]),
    );
    expect(stacksWhere(out.position, { powers: ['ottoman'] })).toEqual([]);
  });

  test('[13.4, 14.1] eliminates a formation that must retreat back into the fortified space it moved on from (WDR-12)', () => {
    // The Ottoman formation went Pressburg → Vienna (Ferdinand withdrew inside), moved on to Linz and lost there.
    const w = fought(
      {
        ...VIENNA,
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 2, leaders: ['ibrahim-pasha'] },
          { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'], inside: true },
          { space: 'linz', power: 'hapsburg', regulars: 4, leaders: ['duke-of-alva'] },
        ],
      },
      'ottoman',
      'pressburg',
      'linz',
    );
    const state: RetreatState = {
      space: 'linz',
      reason: 'attacker',
      attacker: 'ottoman',
      origin: 'vienna',
      continuedFrom: 'vienna',
      done: [],
      captor: 'hapsburg',
    };
    expect(retreatDestinations(w, state, 'ottoman').to).toEqual([]);
    const out = applyRetreat(w, state, 'ottoman', NO_UNITS, 'vienna');
    expect(out.to).toBeNull();
    expect(out.eliminated).toEqual({ regulars: 2, mercenaries: 0, cavalry: 0 });
    expect(out.position.captured).toContainEqual({ leader: 'ibrahim-pasha', by: 'hapsburg' });
    expect(stacksWhere(out.position, { space: 'vienna', powers: ['ottoman'] })).toEqual([]);
  });
});

describe('14.1 nowhere to go', () => {
  test("[14.1] eliminates Ferdinand's regulars and captures him when Graz has no legal neighbour (RET-12)", () => {
    // Agram and Mohacs are Hungarian (no alliance), Salzburg Protestant, Trieste and Vienna in unrest.
    const w = fought(
      {
        war: [['ottoman', 'hapsburg']],
        unrest: ['trieste', 'vienna'],
        stacks: [
          { space: 'mohacs', power: 'ottoman', regulars: 6 },
          { space: 'graz', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'] },
        ],
      },
      'ottoman',
      'mohacs',
      'graz',
    );
    const state: RetreatState = {
      space: 'graz',
      reason: 'defender',
      attacker: 'ottoman',
      origin: 'mohacs',
      done: [],
      captor: 'ottoman',
    };
    const d = retreatDestinations(w, state, 'hapsburg');
    expect(d.to).toEqual([]);
    expect(d.blocked.map((b) => b.to).sort()).toEqual(['agram', 'mohacs', 'salzburg', 'trieste', 'vienna']);
    expect(checkRetreat(w, retreatArgs(state, 'hapsburg', undefined)).ok).toBe(true);
    const out = applyRetreat(w, state, 'hapsburg', NO_UNITS, undefined);
    expect(out.eliminated).toEqual({ regulars: 3, mercenaries: 0, cavalry: 0 });
    expect(out.captured).toEqual(['ferdinand']);
    expect(out.position.captured).toContainEqual({ leader: 'ferdinand', by: 'ottoman' });
    expect(stacksWhere(out.position, { space: 'graz', powers: ['hapsburg'] })).toEqual([]);
  });

  test('[14.1] lets the trapped Hapsburgs in Vienna put 4 inside; the rest are eliminated (RET-02, RET-12)', () => {
    const { world: w, state } = defenderLost({ unrest: ['brunn', 'graz', 'linz'] });
    expect(retreatDestinations(w, state, 'hapsburg').to).toEqual([]);
    const inside = u({ regulars: 4, leaders: ['charles-v', 'ferdinand'] });
    expect(checkRetreat(w, retreatArgs(state, 'hapsburg', undefined, inside)).ok).toBe(true);
    const out = applyRetreat(w, state, 'hapsburg', inside, undefined);
    expect(out.inside).toEqual({ regulars: 4, mercenaries: 0, cavalry: 0, leaders: ['charles-v', 'ferdinand'] });
    expect(out.eliminated).toEqual({ regulars: 2, mercenaries: 0, cavalry: 0 });
    expect(out.captured).toEqual([]);
  });
});

describe('22.1, ruling R10 inactive minors do not retreat', () => {
  /** Inactive Hungarian regulars lost to an Ottoman formation from Pressburg in `space`. */
  function inactiveLost(
    space: 'buda' | 'pressburg',
    outside: number,
    already = 0,
  ): { world: World; state: RetreatState } {
    const from = space === 'buda' ? 'pressburg' : 'buda';
    const stacks: StackInput[] = [
      { space: from, power: 'ottoman', regulars: 8 },
      { space, power: 'hungary', regulars: outside },
    ];
    if (already > 0) stacks.push({ space, power: 'hungary', regulars: already, inside: true });
    return {
      world: fought({ war: [['ottoman', 'hungary']], control: { [from]: 'ottoman' }, stacks }, 'ottoman', from, space),
      state: { space, reason: 'defender', attacker: 'ottoman', origin: from, done: [], captor: 'ottoman' },
    };
  }
  test.for(
    named<{
      what: string;
      space: 'buda' | 'pressburg';
      outside: number;
      already: number;
      goIn: number;
      eliminated: number;
    }>([
      {
        what: 'puts 4 of 6 beaten Hungarian regulars inside Buda and eliminates 2 (RET-15, ruling R10)',
        space: 'buda',
        outside: 6,
        already: 0,
        goIn: 4,
        eliminated: 2,
      },
      {
        what: 'puts all 5 inside Buda up to the limit: 4, and eliminates 1 (RET-15, ruling R10)',
        space: 'buda',
        outside: 5,
        already: 0,
        goIn: 4,
        eliminated: 1,
      },
      {
        what: 'fills only the room left: 1 already inside, 3 go in, 2 are eliminated (RET-15, SIE-14)',
        space: 'buda',
        outside: 5,
        already: 1,
        goIn: 3,
        eliminated: 2,
      },
      // Ruling R10: in an unfortified space all of them are eliminated.
      {
        what: 'eliminates all 5 in unfortified Pressburg (RET-15, ruling R10)',
        space: 'pressburg',
        outside: 5,
        already: 0,
        goIn: 0,
        eliminated: 5,
      },
    ]),
  )('[22.1] %s', ([, { space, outside, already, goIn, eliminated }]) => {
    const { world: w, state } = inactiveLost(space, outside, already);
    expect(retreatingGroups(w, state)).toEqual(['hungary']);
    expect(isInactiveGroup(w, 'hungary')).toBe(true);
    const inside = inactiveInside(w, state, 'hungary');
    expect(inside.regulars).toBe(goIn);
    const out = applyRetreat(w, state, 'hungary', inside, undefined);
    expect(out.eliminated.regulars).toBe(eliminated);
    expect(stacksWhere(out.position, { space, inside: true }).reduce((n, s) => n + s.regulars, 0)).toBe(goIn + already);
    expect(stacksWhere(out.position, { space, inside: false, powers: ['hungary'] })).toEqual([]);
  });

  test('[22.1] never asks an inactive minor where to retreat (RET-15, ruling R10)', () => {
    const { world: w, state } = inactiveLost('buda', 6);
    expectVerdict(
      w,
      checkRetreat(w, retreatArgs(state, 'hungary', 'mohacs')),
      retreatingPower(
        ['Hungary-Bohemia never chooses', '(ruling R10)'],
        ['Венгрия-Богемия не выбирает', '(постановление R10)'],
      ),
    );
  });
});

describe('13.1, ruling R2 lone leaders', () => {
  test('[13.1] captures Ibrahim, alone in Linz, when the retreating Hapsburgs arrive (MOV-23, MOV-24, ruling R2)', () => {
    const { world: w, state } = defenderLost({
      stacks: [
        { ...SULEIMAN, leaders: ['suleiman'] },
        HAPSBURGS,
        { space: 'linz', power: 'ottoman', leaders: ['ibrahim-pasha'] },
      ],
    });
    const out = applyRetreat(w, state, 'hapsburg', NO_UNITS, 'linz');
    expect(out.to).toBe('linz');
    expect(out.capturedThere).toEqual([{ leader: 'ibrahim-pasha', by: 'hapsburg' }]);
    expect(out.position.captured).toContainEqual({ leader: 'ibrahim-pasha', by: 'hapsburg' });
    expect(stacksWhere(out.position, { space: 'linz' }).map((s) => [s.power, s.regulars, s.leaders])).toEqual([
      ['hapsburg', 6, ['charles-v', 'ferdinand']],
    ]);
  });

  test('[13.1] captures no one when only leaders retreat into the space (MOV-23)', () => {
    const { world: w, state } = defenderLost({
      stacks: [
        { ...SULEIMAN, leaders: ['suleiman'] },
        { space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] },
        { space: 'linz', power: 'ottoman', leaders: ['ibrahim-pasha'] },
      ],
    });
    const out = applyRetreat(w, state, 'hapsburg', NO_UNITS, 'linz');
    expect(out.capturedThere).toEqual([]);
  });

  interface Row {
    what: string;
    patch: ScenarioPatch;
    space: string;
    arriving: Power;
    captured: string[];
    withdrawn: { power: Power; leaders: string[] }[];
    /** Leaders who intercepted into the space (ruling R23), and those of them the rule keeps out. */
    interceptors?: string[];
    keptOut?: string[];
  }
  test.for(
    named<Row>([
      {
        what: 'captures an enemy leader alone in an unfortified space (MOV-23, MOV-24)',
        patch: {
          war: [['ottoman', 'hapsburg']],
          stacks: [
            { space: 'linz', power: 'ottoman', leaders: ['ibrahim-pasha'] },
            { space: 'linz', power: 'hapsburg', regulars: 2 },
          ],
        },
        space: 'linz',
        arriving: 'hapsburg',
        captured: ['ibrahim-pasha'],
        withdrawn: [],
      },
      {
        what: 'captures every lone enemy leader there (MOV-23)',
        patch: {
          war: [['ottoman', 'hapsburg']],
          stacks: [
            { space: 'linz', power: 'ottoman', leaders: ['ibrahim-pasha', 'suleiman'] },
            { space: 'linz', power: 'hapsburg', regulars: 2 },
          ],
        },
        space: 'linz',
        arriving: 'hapsburg',
        captured: ['ibrahim-pasha', 'suleiman'],
        withdrawn: [],
      },
      {
        what: 'leaves a leader who is not at war with the arriving power (MOV-23)',
        patch: {
          war: [['ottoman', 'hapsburg']],
          stacks: [
            { space: 'linz', power: 'england', leaders: ['dudley'] },
            { space: 'linz', power: 'hapsburg', regulars: 2 },
          ],
        },
        space: 'linz',
        arriving: 'hapsburg',
        captured: [],
        withdrawn: [],
      },
      // A leader with friendly land units beside him is not alone: there is a battle, not a capture.
      {
        what: 'leaves a leader who stands with his own land units (MOV-23)',
        patch: {
          war: [['ottoman', 'hapsburg']],
          stacks: [{ space: 'linz', power: 'ottoman', regulars: 1, leaders: ['ibrahim-pasha'] }],
        },
        space: 'linz',
        arriving: 'hapsburg',
        captured: [],
        withdrawn: [],
      },
      {
        what: 'sends Ferdinand, alone in fortified Vienna, inside instead of capturing him (WDR-14, AVB-14)',
        // The Ottoman regular has just arrived: the siege it will begin is not listed yet (ruling R13 comes later).
        patch: {
          war: [['ottoman', 'hapsburg']],
          stacks: [
            { space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] },
            { space: 'vienna', power: 'ottoman', regulars: 1 },
          ],
          sieges: [{ space: 'vienna', by: ['ottoman'] }],
        },
        space: 'vienna',
        arriving: 'ottoman',
        captured: [],
        withdrawn: [{ power: 'hapsburg', leaders: ['ferdinand'] }],
      },
      // G1 (test/regressions): Brandon intercepted alone into Vienna; he may not go inside with Ferdinand (13.2 step 5).
      {
        what: 'captures a leader who intercepted alone into fortified Vienna, and sends Ferdinand inside (ruling R23, ruling R24)',
        patch: {
          war: [
            ['ottoman', 'hapsburg'],
            ['ottoman', 'england'],
          ],
          alliances: [['hapsburg', 'england']],
          stacks: [
            { space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] },
            { space: 'vienna', power: 'england', leaders: ['charles-brandon'], attemptedInterception: true },
            { space: 'vienna', power: 'ottoman', regulars: 1 },
          ],
          sieges: [{ space: 'vienna', by: ['ottoman'] }],
        },
        space: 'vienna',
        arriving: 'ottoman',
        interceptors: ['charles-brandon'],
        captured: ['charles-brandon'],
        keptOut: ['charles-brandon'],
        withdrawn: [{ power: 'hapsburg', leaders: ['ferdinand'] }],
      },
      // The fortifications of Ottoman-held Buda are not his side's to withdraw into.
      {
        what: 'captures Ferdinand alone in a fortified space the enemy controls (MOV-23, WDR-14)',
        patch: {
          war: [['ottoman', 'hapsburg']],
          control: { buda: 'ottoman' },
          stacks: [
            { space: 'buda', power: 'hapsburg', leaders: ['ferdinand'] },
            { space: 'buda', power: 'ottoman', regulars: 1 },
          ],
        },
        space: 'buda',
        arriving: 'ottoman',
        captured: ['ferdinand'],
        withdrawn: [],
      },
    ]),
  )('[13.1] %s', ([, { patch, space, arriving, captured, withdrawn, interceptors, keptOut }]) => {
    const w = world(patch);
    const out = settleLoneLeaders(w, space, arriving, interceptors ?? []);
    expect(out.captured.map((c) => c.leader).sort()).toEqual(captured);
    expect(out.keptOut).toEqual(keptOut ?? []);
    expect(out.withdrawn).toEqual(withdrawn);
    expect(out.captured.every((c) => c.by === arriving)).toBe(true);
    for (const leader of captured) expect(out.position.captured).toContainEqual({ leader, by: arriving });
    const inside = stacksWhere(out.position, { space, inside: true }).flatMap((s) => s.leaders);
    expect(inside).toEqual(withdrawn.flatMap((x) => x.leaders));
    expect(loneLeadersAgainst(withPosition(w, out.position), space, arriving)).toEqual([]);
  });

  test("[13.1, 14 step 10] puts a captured leader on the captor's card and off the board (MOV-24)", () => {
    const w = world({
      war: [['ottoman', 'hapsburg']],
      stacks: [{ space: 'linz', power: 'ottoman', leaders: ['ibrahim-pasha'] }],
    });
    const position = captureLeaders(w.position, ['ibrahim-pasha'], 'hapsburg');
    expect(position.captured).toEqual([{ leader: 'ibrahim-pasha', by: 'hapsburg' }]);
    expect(position.stacks.flatMap((s) => s.leaders)).not.toContain('ibrahim-pasha');
  });
});

describe('15.3 breaking a siege', () => {
  /** Vienna besieged: Suleiman with 3 regulars and 1 cavalry outside, 3 Hapsburg regulars inside (4 > 3). */
  const BESIEGED: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    control: { pressburg: 'ottoman' },
    sieges: [{ space: 'vienna', by: ['ottoman'] }],
    stacks: [
      { space: 'vienna', power: 'ottoman', regulars: 3, cavalry: 1, leaders: ['suleiman'] },
      { space: 'vienna', power: 'hapsburg', regulars: 3, inside: true },
    ],
  };
  /** Part of the besiegers leaves by a Move, as the movement procedure takes a formation out (15.3). */
  function leaving(patch: ScenarioPatch, space: string, power: Power, gone: Partial<Units>): World {
    const w = world(patch);
    const besiegers = stacksWhere(w.position, { space, inside: false, powers: [power] });
    const split = splitStacks(besiegers, u(gone));
    if (!split.ok) throw new Error('the fixture asks for units that are not there');
    return withPosition(w, replaceStacks(w.position, besiegers, split.rest));
  }
  test.for(
    named<{ what: string; patch: ScenarioPatch; space: string; power: Power; gone: Partial<Units>; broken: boolean }>([
      {
        what: 'keeps the siege while 3 regulars and 1 cavalry outnumber 3 inside (SIE-06)',
        patch: BESIEGED,
        space: 'vienna',
        power: 'ottoman',
        gone: {},
        broken: false,
      },
      {
        what: 'breaks it when the cavalry leaves: 3 against 3 (SIE-06)',
        patch: BESIEGED,
        space: 'vienna',
        power: 'ottoman',
        gone: { cavalry: 1 },
        broken: true,
      },
      {
        what: 'breaks it when a regular leaves: the cavalry counts, 3 against 3 (SIE-06)',
        patch: BESIEGED,
        space: 'vienna',
        power: 'ottoman',
        gone: { regulars: 1 },
        broken: true,
      },
      {
        what: 'keeps it when only Suleiman leaves: leaders never count (SIE-06, ruling R6)',
        patch: BESIEGED,
        space: 'vienna',
        power: 'ottoman',
        gone: { leaders: ['suleiman'] },
        broken: false,
      },
      // Ottoman-held Buda besieged by the Hapsburgs: cavalry inside count for the defenders too.
      {
        what: 'counts cavalry inside: 3 Hapsburg regulars no longer outnumber 2 regulars and 1 cavalry (SIE-06)',
        patch: {
          war: [['ottoman', 'hapsburg']],
          control: { buda: 'ottoman' },
          sieges: [{ space: 'buda', by: ['hapsburg'] }],
          stacks: [
            { space: 'buda', power: 'hapsburg', regulars: 4 },
            { space: 'buda', power: 'ottoman', regulars: 2, cavalry: 1, inside: true },
          ],
        },
        space: 'buda',
        power: 'hapsburg',
        gone: { regulars: 1 },
        broken: true,
      },
    ]),
  )('[15.3] %s', ([, { patch, space, power, gone, broken }]) => {
    expect(isSiegeBroken(leaving(patch, space, power, gone), space)).toBe(broken);
  });

  test('[15.3] has no siege to break in a space that is not besieged (SIE-06)', () => {
    expect(isSiegeBroken(world({ ...VIENNA }), 'vienna')).toBe(false);
  });

  /** The besiegers of Vienna after the cavalry left: they must retreat (reason `siege`). */
  function brokenSiege(patch: ScenarioPatch = {}): { world: World; state: RetreatState } {
    return {
      world: leaving({ ...BESIEGED, ...patch }, 'vienna', 'ottoman', { cavalry: 1 }),
      state: {
        space: 'vienna',
        reason: 'siege',
        attacker: 'ottoman',
        origin: 'pressburg',
        done: [],
        captor: 'hapsburg',
      },
    };
  }

  test.for(
    named<{ what: string; patch: ScenarioPatch; to: string[] }>([
      {
        what: 'lets the broken besiegers retreat, free, to Ottoman-held Pressburg (SIE-07)',
        patch: {},
        to: ['pressburg'],
      },
      // Unlike a losing attacker (14.1), a broken besieger may use any legal space.
      {
        what: 'lets them use any legal adjacent space, not only the one they came from (SIE-07)',
        patch: { control: { pressburg: 'ottoman', linz: 'ottoman' } },
        to: ['linz', 'pressburg'],
      },
      { what: 'offers no space in unrest (SIE-07)', patch: { unrest: ['pressburg'] }, to: [] },
    ]),
  )('[15.3] %s', ([, { patch, to }]) => {
    const { world: w, state } = brokenSiege(patch);
    expect(isSiegeBroken(w, 'vienna')).toBe(true);
    expect([...retreatDestinations(w, state, 'ottoman').to].sort()).toEqual(to);
  });

  test('[15.3] eliminates broken besiegers with nowhere to go and captures Suleiman (SIE-07)', () => {
    const { world: w, state } = brokenSiege({ unrest: ['pressburg'] });
    expect(mayAnyGoInside(w, state, 'ottoman')).toBe(false);
    const out = applyRetreat(w, state, 'ottoman', NO_UNITS, undefined);
    expect(out.eliminated).toEqual({ regulars: 3, mercenaries: 0, cavalry: 0 });
    expect(out.position.captured).toContainEqual({ leader: 'suleiman', by: 'hapsburg' });
    expect(stacksWhere(out.position, { space: 'vienna', inside: true }).map((s) => [s.power, s.regulars])).toEqual([
      ['hapsburg', 3],
    ]);
  });
});

describe('14.1, ruling R22: who may go inside after losing in a fortified space', () => {
  // Vienna, held by the Hapsburgs, lost to the Ottoman formation from Pressburg. England and the Protestants are
  // Hapsburg allies (Scotland is England's active ally); France is at war with the Ottoman but no Hapsburg ally;
  // Venice stays inactive. The rows say who stands on the losing side and which power asks to go inside.
  const RELATIONS: ScenarioPatch = {
    war: [
      ['ottoman', 'hapsburg'],
      ['ottoman', 'england'],
      ['ottoman', 'france'],
      ['ottoman', 'venice'],
    ],
    alliances: [
      ['hapsburg', 'england'],
      ['england', 'scotland'],
    ],
  };
  const at = (power: Power, regulars = 1): StackInput => ({ space: 'vienna', power, regulars });
  test.for(
    named<{ what: string; losers: StackInput[]; power: Power; may: boolean }>([
      { what: 'the controller that lost', losers: [at('hapsburg')], power: 'hapsburg', may: true },
      {
        what: 'an ally of the controller that lost beside it',
        losers: [at('hapsburg'), at('england')],
        power: 'england',
        may: true,
      },
      {
        what: "an ally with its active minor's units, beside the controller that lost",
        losers: [at('hapsburg'), at('scotland')],
        power: 'england',
        may: true,
      },
      {
        what: 'an ally, beside a controller that lost with leaders only',
        losers: [{ space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] }, at('england')],
        power: 'england',
        may: true,
      },
      {
        what: 'an ally that lost without the controller in the battle',
        losers: [at('england', 2)],
        power: 'england',
        may: false,
      },
      {
        what: 'a power that is no ally of the controller',
        losers: [at('hapsburg'), at('france')],
        power: 'france',
        may: false,
      },
    ]),
  )('[14.1, ruling R22] %s', ([, { losers, power, may }]) => {
    const { world: w, state } = defenderLost({ ...RELATIONS, stacks: [SULEIMAN, ...losers] });
    expect(mayAnyGoInside(w, state, power)).toBe(may);
  });

  test('[14.1, ruling R22] the controller answers first, and the four places are shared: its allies have what it leaves', () => {
    const losers = [at('england', 2), at('hapsburg', 3)];
    const { world: w, state } = defenderLost({ ...RELATIONS, stacks: [SULEIMAN, ...losers] });
    expect(retreatingGroups(w, state)).toEqual(['hapsburg', 'england']);
    expect(insideRoom(w, state)).toBe(4);
    const first = applyRetreat(w, state, 'hapsburg', u({ regulars: 3 }), undefined);
    const after = { ...state, done: ['hapsburg' as const] };
    const w2 = withPosition(w, first.position);
    expect(insideRoom(w2, after)).toBe(1);
    expect(checkRetreat(w2, retreatArgs(after, 'england', 'graz', { regulars: 1 })).ok).toBe(true);
    expectVerdict(
      w2,
      checkRetreat(w2, retreatArgs(after, 'england', 'graz', { regulars: 2 })),
      refusedBy({ code: 'isInsideWithinLimit', rule: '14.1' })(['Vienna'], ['Вены']),
    );
  });
});
