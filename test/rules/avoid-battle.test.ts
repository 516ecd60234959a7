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
  isNoAvoiderStruckByGout,
  isAutomaticAvoid,
  nextAvoider,
  type AvoidArgs,
  type AvoidState,
} from '../../src/rules/avoid-battle.ts';
import { avoidModifiers, isRollSuccess, rollTotal } from '../../src/rules/dice.ts';
import { isMoveActionInterceptable, type InterceptArgs } from '../../src/rules/interception.ts';
import type { MoveLeg } from '../../src/rules/leg.ts';
import { stacksWhere } from '../../src/rules/stacks.ts';
import { check } from '../../src/rules/verdict.ts';
import type { World } from '../../src/rules/world.ts';
import type { MajorPower, Power } from '../../src/schema/power.ts';
import type { Units } from '../../src/schema/units.ts';
import {
  u,
  VIENNA,
  world,
  type ScenarioPatch,
  depart,
  SULEIMAN,
  CHARLES,
  FERDINAND,
  type StackInput,
} from '../helpers/fixtures.ts';
import { named } from '../helpers/rows.ts';
import { ALLOWS, expectVerdict, refusedBy, truthTable, type Expected } from '../helpers/truth-table.ts';

/** Ferdinand's whole stack: the group of the rulebook example (RULES.md §6). */
const FERDINANDS_GROUP: Partial<Units> = { regulars: 2, leaders: ['ferdinand'] };

/** 13.1 step 3 as the movement procedure does it: the formation leaves its space and is on its way to `to`. */

/** The Ottoman formation of `patch` (by default the rulebook's) moves from Pressburg into Vienna; nobody intercepted. */
function intoVienna(patch: ScenarioPatch = {}): { world: World; state: AvoidState } {
  const { world: w, leg } = depart(world({ ...VIENNA, ...patch }), 'ottoman', 'pressburg', 'vienna');
  return { world: w, state: { leg, intercepted: [], done: [] } };
}

function args(
  state: AvoidState,
  to: string,
  request: Partial<Units> = FERDINANDS_GROUP,
  power: Power = 'hapsburg',
): AvoidArgs {
  return { ...state, power, from: state.leg.to, to, request: u(request) };
}

// The restrictions of 13.3, as the rows that expect their refusals name them.
const landSpace = refusedBy({ code: 'isAvoidDestinationLandSpace', rule: '13.3' });
const adjacent = refusedBy({ code: 'isAvoidDestinationAdjacent', rule: '13.3' });
const notIndependent = refusedBy({ code: 'isAvoidDestinationNotIndependent', rule: '13.3' });
const friendly = refusedBy({ code: 'isAvoidDestinationFriendly', rule: '13.3' });
const notInUnrest = refusedBy({ code: 'isAvoidDestinationNotInUnrest', rule: '13.3' });
const freeOfEnemy = refusedBy({ code: 'isAvoidDestinationFreeOfEnemy', rule: '13.3', ruling: 'R2' });
const enemyCameFrom = refusedBy({ code: 'isNotSpaceEnemyCameFrom', rule: '13.3' });
const majorPower = refusedBy({ code: 'isAvoidingMajorPower', rule: '13.3', ruling: 'R10' });
const didNotIntercept = refusedBy({ code: 'didNotIntercept', rule: '13.3' });
const hasNotAvoided = refusedBy({ code: 'hasNotAvoided', rule: '13.3' });
const avoidersTurn = refusedBy({ code: 'isAvoidersTurn', rule: '13.3' });
const loneLeader = refusedBy({ code: 'isNotLoneLeader', rule: '13.3', ruling: 'R3' });
const notEmpty = refusedBy({ code: 'isAvoidNotEmpty', rule: '13.3 step 3' });
const inSpace = refusedBy({ code: 'areAvoidersInSpace', rule: '13.3 step 3' });
const interceptable = refusedBy({ code: 'isMoveActionInterceptable', rule: '13.2' });
const notElectorate = refusedBy({ code: 'isAvoidDestinationNotElectorate', rule: '21.6', ruling: 'R34' });
const protestantFree = refusedBy({ code: 'isProtestantFreeToAvoid', rule: '21.6', ruling: 'R34' });

describe('13.3 where a group may avoid to', () => {
  const NO_ALLIANCE: ScenarioPatch = { alliances: [] };
  truthTable<{ title: string; to: string; patch: ScenarioPatch; expect: Expected }>({
    rows: [
      // RULES.md §6: Brunn is legal because Hungary-Bohemia is a Hapsburg ally on the example's board.
      {
        title: '[13.3] allows Ferdinand into Brunn while Hungary-Bohemia is a Hapsburg ally (AVB-07)',
        to: 'brunn',
        patch: {},
        expect: ALLOWS,
      },
      {
        title: '[13.3] forbids Brunn when Hungary-Bohemia controls it and is no ally (AVB-07)',
        to: 'brunn',
        patch: NO_ALLIANCE,
        expect: friendly(
          ['Brunn', 'Hungary-Bohemia', 'not an ally of Hapsburg'],
          ['Брюнн', 'Венгрии-Богемии', 'в союзе с Габсбургами'],
        ),
      },
      // RULES.md §6: "or Brunn Hapsburg-controlled".
      {
        title: '[13.3] allows Brunn without the alliance once it is Hapsburg-controlled (AVB-07)',
        to: 'brunn',
        patch: { ...NO_ALLIANCE, control: { pressburg: 'ottoman', brunn: 'hapsburg' } },
        expect: ALLOWS,
      },
      { title: '[13.3] allows Linz, a Hapsburg space (AVB-05, AVB-07)', to: 'linz', patch: {}, expect: ALLOWS },
      // Charles V's regulars in Graz are Hapsburg units: friendly, not enemy.
      {
        title: "[13.3] allows Graz although Charles V's army stands there (AVB-09)",
        to: 'graz',
        patch: {},
        expect: ALLOWS,
      },
      // On the example's board Pressburg is Ottoman-controlled: refused before the "came from" check is reached.
      // Ottoman-controlled in the book: the most specific reason, the one the rulebook gives, is reported.
      {
        title: '[13.3] forbids Ottoman-controlled Pressburg because the enemy came from there (AVB-07, AVB-11)',
        to: 'pressburg',
        patch: {},
        expect: enemyCameFrom(['Pressburg', 'Ottoman formation just left'], ['Пресбург', 'соединение Османов']),
      },
      // Hungarian-controlled (an ally) and empty: only the "came from" restriction is left to forbid it.
      {
        title: '[13.3] forbids Pressburg, friendly and empty, because the enemy came from there (AVB-11)',
        to: 'pressburg',
        patch: { control: {} },
        expect: enemyCameFrom(['Pressburg', 'Ottoman formation just left'], ['Пресбург', 'соединение Османов']),
      },
      {
        title: '[13.3] forbids Buda, which is not adjacent to Vienna (AVB-05)',
        to: 'buda',
        patch: {},
        expect: adjacent(['Buda is not adjacent to Vienna'], ['Буда и Вена не прилегают']),
      },
      {
        title: '[13.3] forbids a sea zone (AVB-10)',
        to: 'adriatic',
        patch: {},
        expect: landSpace(['adriatic', 'sea zone'], ['adriatic', 'морская зона']),
      },
      {
        title: '[13.3] forbids a space that is not on the board (AVB-10)',
        to: 'atlantis',
        patch: {},
        expect: landSpace(["'atlantis'"], ['«atlantis»']),
      },
      {
        title: '[13.3] forbids a space in unrest (AVB-08)',
        to: 'linz',
        patch: { unrest: ['linz'] },
        expect: notInUnrest(['Linz', 'unrest (12.4)'], ['В Линце беспорядки (12.4)']),
      },
      // A control override makes Linz independent.
      {
        title: '[13.3] forbids an independent space (AVB-06)',
        to: 'linz',
        patch: { control: { pressburg: 'ottoman', linz: 'independent' } },
        expect: notIndependent(['Linz', 'independent'], ['Линц', 'независимая']),
      },
      {
        title: '[13.3] forbids a space holding enemy land units (AVB-09)',
        to: 'graz',
        patch: { stacks: [SULEIMAN, FERDINAND, { space: 'graz', power: 'ottoman', regulars: 2 }] },
        expect: freeOfEnemy(['Graz', 'enemy land units'], ['В Граце', 'вражеские сухопутные части']),
      },
      // Ruling R2: a lone enemy leader is not an enemy unit; he is captured when the group arrives.
      {
        title: '[13.3] allows a space where an enemy leader stands alone (AVB-09, ruling R2)',
        to: 'linz',
        patch: {
          stacks: [
            { ...SULEIMAN, leaders: ['suleiman'] },
            FERDINAND,
            { space: 'linz', power: 'ottoman', leaders: ['ibrahim-pasha'] },
          ],
        },
        expect: ALLOWS,
      },
    ],
    judge: ({ to, patch }) => {
      const { world: w, state } = intoVienna(patch);
      return { world: w, verdicts: [checkAvoid(w, args(state, to))] };
    },
  });

  truthTable<{ title: string; to: string; control: Record<string, 'hapsburg'>; expect: Expected }>({
    rows: [
      // Graz–Salzburg is a pass (RULES.md §9).
      {
        title: '[13.3, 2.5] allows avoiding from Graz over the pass into Hapsburg-controlled Salzburg (AVB-05)',
        to: 'salzburg',
        control: { salzburg: 'hapsburg' },
        expect: ALLOWS,
      },
      // Salzburg's home power is the Protestant (ruling R15): the pass is not what refuses it.
      {
        title: '[13.3, 2.5] forbids Salzburg over the pass only because the Protestant controls it (AVB-05, AVB-07)',
        to: 'salzburg',
        control: {},
        expect: friendly(['Salzburg', 'Protestant'], ['Зальцбург', 'Протестантов']),
      },
      {
        title: '[13.3, 2.5] allows avoiding from Graz into Trieste over a clear connection (AVB-05)',
        to: 'trieste',
        control: {},
        expect: ALLOWS,
      },
    ],
    judge: ({ to, control }) => {
      const w0 = world({
        war: [['ottoman', 'hapsburg']],
        control,
        stacks: [
          { space: 'mohacs', power: 'ottoman', regulars: 4 },
          { space: 'graz', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
        ],
      });
      const { world: w, leg } = depart(w0, 'ottoman', 'mohacs', 'graz');
      return { world: w, verdicts: [checkAvoid(w, args({ leg, intercepted: [], done: [] }, to))] };
    },
  });

  truthTable<{ title: string; to: string; expect: Expected }>({
    rows: [
      // Metz is one of the four independent keys (22.6).
      {
        title: '[13.3] forbids a Hapsburg group in Besançon to avoid into independent Metz (AVB-06)',
        to: 'metz',
        expect: notIndependent(['Metz', 'independent'], ['Мец', 'независимая']),
      },
      {
        title: '[13.3] forbids it Dijon, the French space the enemy came from (AVB-07, AVB-11)',
        to: 'dijon',
        expect: enemyCameFrom(['Dijon', 'French formation'], ['Дижон', 'соединение Франции']),
      },
      {
        title: '[13.3] forbids it Geneva under French control (AVB-07)',
        to: 'geneva',
        expect: friendly(['Geneva', 'France'], ['Женева', 'Франции']),
      },
      { title: '[13.3] allows it Strasburg, Hapsburg-controlled here (AVB-07)', to: 'strasburg', expect: ALLOWS },
    ],
    judge: ({ to }) => {
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
      return { world: w, verdicts: [checkAvoid(w, args({ leg, intercepted: [], done: [] }, to, { regulars: 2 }))] };
    },
  });

  // France, at war with the Hapsburg, enters Hapsburg Regensburg from Nuremberg. Augsburg, next to it, is an
  // electorate (2.1), Linz is not.
  truthTable<{ title: string; to: string; patch: ScenarioPatch; expect: Expected }>({
    rows: [
      {
        title:
          '[21.6, ruling R34] forbids the Hapsburg to avoid battle into Augsburg, an electorate, before the League (MOV-31)',
        to: 'augsburg',
        patch: { schmalkaldicLeague: false },
        expect: notElectorate(
          ['Augsburg is an electorate', 'Hapsburg units may not avoid battle into it'],
          ['Аугсбург — курфюршество', 'части Габсбургов не могут уклоняться от сражения в Аугсбург'],
        ),
      },
      {
        title: '[21.6, ruling R34] allows Augsburg once the League has formed (MOV-31)',
        to: 'augsburg',
        patch: {},
        expect: ALLOWS,
      },
      {
        title: '[21.6, ruling R34] allows Linz, not an electorate, before the League (MOV-31)',
        to: 'linz',
        patch: { schmalkaldicLeague: false },
        expect: ALLOWS,
      },
      // The Protestant's own Augsburg: an ally may avoid into it (13.3), but not before the League.
      {
        title: "[21.6, ruling R34] forbids the Protestant's ally its Augsburg before the League (MOV-31, AVB-07)",
        to: 'augsburg',
        patch: {
          schmalkaldicLeague: false,
          control: { nuremberg: 'france', regensburg: 'hapsburg' },
          alliances: [['hapsburg', 'protestant']],
        },
        expect: notElectorate(['Augsburg is an electorate'], ['курфюршество']),
      },
    ],
    judge: ({ to, patch }) => {
      const w0 = world({
        war: [['france', 'hapsburg']],
        control: { nuremberg: 'france', regensburg: 'hapsburg', augsburg: 'hapsburg' },
        stacks: [
          { space: 'nuremberg', power: 'france', regulars: 4 },
          { space: 'regensburg', power: 'hapsburg', regulars: 2 },
        ],
        impulse: { power: 'france', cp: 1 },
        ...patch,
      });
      const { world: w, leg } = depart(w0, 'france', 'nuremberg', 'regensburg');
      return { world: w, verdicts: [checkAvoid(w, args({ leg, intercepted: [], done: [] }, to, { regulars: 2 }))] };
    },
  });

  test('[13.3] every destination refusal cites 13.3 and explains itself in English and Russian (AVB-05, AVB-07, AVB-08, AVB-10)', () => {
    const { world: w, state } = intoVienna({ unrest: ['linz'] });
    const expected: Readonly<Record<string, Expected>> = {
      pressburg: enemyCameFrom(['Pressburg'], ['Пресбург']),
      buda: adjacent(['Buda', 'Vienna'], ['Буда', 'Вена']),
      adriatic: landSpace(['adriatic'], ['морская зона']),
      linz: notInUnrest(['Linz'], ['В Линце']),
    };
    for (const [to, e] of Object.entries(expected)) expectVerdict(w, checkAvoid(w, args(state, to)), e);
  });

  test('[13.3, 21.6] lists the destination restrictions: a land space, adjacent, not where the enemy came from, then control, unrest, enemies and, before the League, electorates (AVB-05..AVB-11, MOV-31)', () => {
    expect(AVOID_DESTINATION_RESTRICTIONS.flatMap((r) => r.statements)).toEqual([
      'AVB-10',
      'AVB-05',
      'AVB-11',
      'AVB-06',
      'AVB-07',
      'AVB-08',
      'AVB-09',
      'MOV-31',
    ]);
    expect(AVOID_DESTINATION_RESTRICTIONS.map((r) => r.rule)).toEqual([...Array<string>(7).fill('13.3'), '21.6']);
  });
});

describe('13.3 avoidDestinations: the rulebook example (RULES.md §6)', () => {
  test('[13.3] offers Ferdinand exactly Brunn, Linz and Graz against the Ottoman move from Pressburg, never Pressburg (AVB-07, AVB-11)', () => {
    const { world: w, state } = intoVienna();
    const d = avoidDestinations(w, state, 'hapsburg');
    expect([...d.to].sort()).toEqual(['brunn', 'graz', 'linz']);
    expect(d.blocked.map((b) => b.to)).toEqual(['pressburg']);
  });

  test("[13.3] leaves only Linz and Graz without the Hungarian alliance: Brunn is another power's space (AVB-07)", () => {
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
  const HUNGARIANS_TOO: ScenarioPatch = {
    stacks: [SULEIMAN, CHARLES, FERDINAND, { space: 'vienna', power: 'hungary', regulars: 1 }],
  };
  interface WhoRow {
    readonly title: string;
    readonly patch: ScenarioPatch;
    readonly power: Power;
    readonly request: Partial<Units>;
    readonly state?: Partial<AvoidState>;
    readonly expect: Expected;
  }
  truthTable<WhoRow>({
    rows: [
      {
        title: "[13.3] allows Ferdinand's stack its attempt (AVB-01)",
        patch: {},
        power: 'hapsburg',
        request: FERDINANDS_GROUP,
        expect: ALLOWS,
      },
      // 22.3: an active minor avoids with its major, which names the Hungarian units in its own attempt.
      {
        title: '[13.3] refuses an active minor an attempt of its own (AVB-04)',
        patch: HUNGARIANS_TOO,
        power: 'hungary',
        request: { regulars: 1 },
        expect: majorPower(
          ['Hungary-Bohemia', 'together with Hapsburg', '(13.3, 22.3)'],
          ['Венгрия-Богемия', 'вместе с Габсбургами', '(13.3, 22.3)'],
        ),
      },
      {
        title: '[13.3] lets the Hapsburgs take their Hungarian allies along (AVB-04)',
        patch: HUNGARIANS_TOO,
        power: 'hapsburg',
        request: { regulars: 3, leaders: ['ferdinand'] },
        expect: ALLOWS,
      },
      {
        title: '[13.3] refuses a power whose units intercepted into the space (AVB-13)',
        patch: {},
        power: 'hapsburg',
        request: FERDINANDS_GROUP,
        state: { intercepted: ['hapsburg'] },
        expect: didNotIntercept(['Hapsburg intercepted'], ['Габсбурги перехватили', 'им нельзя']),
      },
      {
        title: '[13.3] refuses a second attempt by the same power (AVB-03)',
        patch: {},
        power: 'hapsburg',
        request: FERDINANDS_GROUP,
        state: { done: ['hapsburg'] },
        expect: hasNotAvoided(['Hapsburg has already made'], ['Габсбурги уже пытались']),
      },
      // 13.3 step 1: one power at a time, in impulse order; the machine records whose turn it is in `asking`.
      {
        title: '[13.3] allows the power whose turn it is (AVB-03)',
        patch: {},
        power: 'hapsburg',
        request: FERDINANDS_GROUP,
        state: { asking: 'hapsburg' },
        expect: ALLOWS,
      },
      {
        title: '[13.3] refuses a power while another decides (AVB-03)',
        patch: {},
        power: 'hapsburg',
        request: FERDINANDS_GROUP,
        state: { asking: 'england' },
        expect: avoidersTurn(['impulse order', 'England decides now'], ['сейчас решает Англия']),
      },
      {
        title: '[13.3] refuses a leader who is alone in the space (AVB-14, ruling R3)',
        patch: { stacks: [SULEIMAN, { space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] }] },
        power: 'hapsburg',
        request: { leaders: ['ferdinand'] },
        expect: loneLeader(
          ['Hapsburg', 'in Vienna', 'a leader alone'],
          ['У Габсбургов', 'в Вене', 'командующий без частей'],
        ),
      },
    ],
    judge: ({ patch, power, request, state: extra }) => {
      const { world: w, state } = intoVienna(patch);
      return { world: w, verdicts: [checkAvoid(w, args({ ...state, ...extra }, 'linz', request, power))] };
    },
  });

  // 13.1 restriction 3: the Protestant regulars in Hapsburg Vienna, an ally's, are enemies of the Ottoman who enters.
  truthTable<{ title: string; league?: boolean; power: MajorPower; expect: Expected }>({
    rows: [
      {
        title: '[21.6, ruling R34] forbids the Protestant to avoid battle before the Schmalkaldic League (MOV-32)',
        league: false,
        power: 'protestant',
        expect: protestantFree(
          ['Schmalkaldic League has not formed', 'Protestant units may not avoid battle'],
          ['Шмалькальденская лига ещё не создана', 'части Протестантов не могут уклоняться от сражения'],
        ),
      },
      {
        title: '[21.6, ruling R34] allows the Protestant to avoid battle once the League has formed (MOV-32)',
        power: 'protestant',
        expect: ALLOWS,
      },
      {
        title: '[21.6, ruling R34] allows the Hapsburg beside them to avoid battle before the League (MOV-32)',
        league: false,
        power: 'hapsburg',
        expect: ALLOWS,
      },
    ],
    judge: ({ league, power }) => {
      const { world: w, state } = intoVienna({
        ...(league === undefined ? {} : { schmalkaldicLeague: league }),
        alliances: [...(VIENNA.alliances ?? []), ['hapsburg', 'protestant']],
        stacks: [SULEIMAN, FERDINAND, { space: 'vienna', power: 'protestant', regulars: 2 }],
      });
      const request = power === 'protestant' ? { regulars: 2 } : FERDINANDS_GROUP;
      return { world: w, verdicts: [checkAvoid(w, args(state, 'linz', request, power))] };
    },
  });

  test("[22.1] never lets an inactive minor's stack avoid battle, nor asks it (AVB-25, ruling R10)", () => {
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
    expectVerdict(
      w,
      checkAvoid(w, args(state, 'vienna', { regulars: 2 }, 'hungary')),
      majorPower(
        ['Hungarian units never avoid battle', '(22.1)'],
        ['Части Венгрии-Богемии никогда не уклоняются', '(22.1)'],
      ),
    );
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
    expectVerdict(
      w,
      check(areAvoidersInSpace, w, a),
      inSpace(['Hapsburg', 'outside the fortifications in Vienna'], ['Габсбургов', 'вне укреплений Вены']),
    );
    expect(checkAvoid(w, a).ok).toBe(false);
    expect(avoidingStacks(w, 'hapsburg', leg)).toEqual([]);
    expect(nextAvoider(w, state)).toBeUndefined();
  });

  test('[13.3, 21.6] checks the power, its turn, its interception, the League and the lone leader before anything else (AVB-03, AVB-04, AVB-13, AVB-14, AVB-25, MOV-32)', () => {
    expect(AVOIDER_RESTRICTIONS.map((r) => r.name)).toEqual([
      'isAvoidingMajorPower',
      'hasNotAvoided',
      'isAvoidersTurn',
      'didNotIntercept',
      'isProtestantFreeToAvoid',
      'isNotLoneLeader',
    ]);
  });
});

describe('13.3 step 3 which units go', () => {
  truthTable<{ title: string; stacks: StackInput[]; request: Partial<Units>; expect: Expected }>({
    rows: [
      // No leader commands more than 4 (5.1), but an avoiding group is not a formation.
      {
        title: '[13.3 step 3] lets six regulars without a leader avoid together (AVB-15)',
        stacks: [SULEIMAN, { space: 'vienna', power: 'hapsburg', regulars: 6 }],
        request: { regulars: 6 },
        expect: ALLOWS,
      },
      {
        title: '[13.3 step 3] lets Ferdinand slip away alone, leaving his regulars (AVB-16, ruling R3)',
        stacks: [SULEIMAN, FERDINAND],
        request: { leaders: ['ferdinand'] },
        expect: ALLOWS,
      },
      {
        title: '[13.3 step 3] lets one regular of two avoid (AVB-16)',
        stacks: [SULEIMAN, FERDINAND],
        request: { regulars: 1 },
        expect: ALLOWS,
      },
      {
        title: '[13.3 step 3] refuses an attempt naming nobody (AVB-16)',
        stacks: [SULEIMAN, FERDINAND],
        request: {},
        expect: notEmpty(['at least one land unit or leader'], ['хотя бы одну сухопутную часть']),
      },
      {
        title: '[13.3 step 3] refuses more regulars than stand in the space (AVB-16)',
        stacks: [SULEIMAN, FERDINAND],
        request: { regulars: 3 },
        expect: inSpace(['Hapsburg', 'Vienna'], ['Габсбургов', 'Вены']),
      },
      {
        title: '[13.3 step 3] refuses a leader who is elsewhere (AVB-16)',
        stacks: [SULEIMAN, FERDINAND, CHARLES],
        request: { regulars: 2, leaders: ['charles-v'] },
        expect: inSpace(['Hapsburg', 'Vienna'], ['Габсбургов', 'Вены']),
      },
      {
        title: '[13.3 step 3] refuses a unit type the stack does not have (AVB-16)',
        stacks: [SULEIMAN, FERDINAND],
        request: { mercenaries: 1 },
        expect: inSpace(['Hapsburg', 'Vienna'], ['Габсбургов', 'Вены']),
      },
    ],
    judge: ({ stacks, request }) => {
      const { world: w, state } = intoVienna({ stacks });
      return { world: w, verdicts: [checkAvoid(w, args(state, 'linz', request))] };
    },
  });

  test('[13.3 steps 2, 5] sends the whole group, Hungarian allies included, to the one space named (AVB-04, AVB-17)', () => {
    const { world: w, state } = intoVienna({
      stacks: [SULEIMAN, FERDINAND, { space: 'vienna', power: 'hungary', regulars: 2 }],
    });
    const a = args(state, 'linz', { regulars: 4, leaders: ['ferdinand'] });
    expect(checkAvoid(w, a).ok).toBe(true);
    const pieces = avoidingPieces(w, a);
    expect(pieces.map((p) => [p.power, p.regulars]).sort()).toEqual([
      ['hapsburg', 2],
      ['hungary', 2],
    ]);
    // Only the Hapsburgs are asked: the Hungarian units went with them.
    expect(nextAvoider(w, { ...state, done: ['hapsburg'] })).toBeUndefined();
  });

  test('[13.3 step 3] checks that the group is not empty, stands outside the fortifications and has no leader struck by Gout (AVB-12, AVB-15, AVB-16, ruling R26)', () => {
    expect(AVOID_GROUP_RESTRICTIONS.map((r) => r.name)).toEqual([
      'isAvoidNotEmpty',
      'isAvoidSplitByPower',
      'areAvoidersInSpace',
      'isNoLeaderStruckByGout',
    ]);
  });

  const gout = refusedBy({ code: 'isNoLeaderStruckByGout', rule: '13.3', ruling: 'R26' });
  truthTable<{ title: string; patch: ScenarioPatch; request: Partial<Units>; expect: Expected }>({
    rows: [
      {
        title: '[13.3, ruling R26] allows Ferdinand and his regulars to avoid battle when no Gout struck him',
        patch: {},
        request: FERDINANDS_GROUP,
        expect: ALLOWS,
      },
      {
        title: '[13.3, ruling R26] forbids Ferdinand, struck by Gout this impulse, to avoid battle',
        patch: { impulse: { power: 'ottoman', cp: 1, gout: ['ferdinand'] } },
        request: FERDINANDS_GROUP,
        expect: gout(['Ferdinand', 'may not avoid battle'], ['Фердинанд', 'не может уклоняться от сражения']),
      },
      {
        title: '[13.3, ruling R26] allows his regulars to avoid battle without him',
        patch: { impulse: { power: 'ottoman', cp: 1, gout: ['ferdinand'] } },
        request: { regulars: 2 },
        expect: ALLOWS,
      },
    ],
    judge: (row) => {
      const { world: w, state } = intoVienna(row.patch);
      const a = args(state, 'linz', row.request);
      return { world: w, verdicts: [check(isNoAvoiderStruckByGout, w, a), checkAvoid(w, a)] };
    },
  });
});

describe('13.3 step 1 the order of attempts', () => {
  // England is a Hapsburg ally at war with the Ottoman; both have units in Vienna.
  const TWO_POWERS: ScenarioPatch = {
    war: [
      ['ottoman', 'hapsburg'],
      ['ottoman', 'england'],
    ],
    alliances: [
      ['hapsburg', 'hungary'],
      ['hapsburg', 'england'],
    ],
    stacks: [SULEIMAN, { space: 'vienna', power: 'england', regulars: 2 }, FERDINAND],
  };
  test.for(
    named<{ what: string; patch: ScenarioPatch; state: Partial<AvoidState>; expected: MajorPower | undefined }>([
      {
        what: 'asks the Hapsburgs first, in impulse order (AVB-03)',
        patch: TWO_POWERS,
        state: {},
        expected: 'hapsburg',
      },
      {
        what: 'asks England once the Hapsburgs are done (AVB-03)',
        patch: TWO_POWERS,
        state: { done: ['hapsburg'] },
        expected: 'england',
      },
      {
        what: 'asks nobody once both are done (AVB-03)',
        patch: TWO_POWERS,
        state: { done: ['hapsburg', 'england'] },
        expected: undefined,
      },
      // A decline counts as the attempt: the units stay for steps 7–8 and the power is not asked again.
      {
        what: 'asks nobody after the only power declined (AVB-01)',
        patch: {},
        state: { done: ['hapsburg'] },
        expected: undefined,
      },
      // French units, at war with the Hapsburgs only, fill every Hapsburg destination.
      {
        what: 'skips the Hapsburgs when they have no legal space and asks England (AVB-03, ruling R9)',
        patch: {
          ...TWO_POWERS,
          war: [
            ['ottoman', 'hapsburg'],
            ['ottoman', 'england'],
            ['france', 'hapsburg'],
          ],
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
      {
        what: "asks nobody after a successful interception, not even the interceptor's ally (AVB-02, AVB-13)",
        patch: TWO_POWERS,
        state: { intercepted: ['hapsburg'] },
        expected: undefined,
      },
    ]),
  )('[13.3 step 1] %s', ([, { patch, state: extra, expected }]) => {
    const { world: w, state } = intoVienna(patch);
    expect(nextAvoider(w, { ...state, ...extra })).toBe(expected);
  });

  test('[13.3] leaves a group that declined in the space, for withdrawal or battle (AVB-01)', () => {
    const { world: w, state } = intoVienna();
    expect(nextAvoider(w, state)).toBe('hapsburg');
    const declined: AvoidState = { ...state, done: ['hapsburg'] };
    expectVerdict(
      w,
      checkAvoid(w, args(declined, 'linz')),
      hasNotAvoided(['Hapsburg', 'already'], ['Габсбурги', 'уже']),
    );
    expect(avoidingStacks(w, 'hapsburg', declined.leg).map((s) => s.regulars)).toEqual([2]);
  });
});

describe('13.3 step 4 the roll', () => {
  const HAP_WAR: ScenarioPatch = { war: [['ottoman', 'hapsburg']], alliances: [] };
  const THREE_OTTOMANS: StackInput = { space: 'pressburg', power: 'ottoman', regulars: 3 };
  test.for(
    named<{
      what: string;
      patch: ScenarioPatch;
      power: MajorPower;
      space: string;
      mover: MajorPower;
      from: string;
      values: number[];
    }>([
      // RULES.md §6: "the avoid-battle roll for Ferdinand's stack would be 2d6 + 1 − 1".
      {
        what: 'gives Ferdinand +1 for his rating and −1 against Ottoman cavalry (AVB-18, AVB-20)',
        patch: VIENNA,
        power: 'hapsburg',
        space: 'vienna',
        mover: 'ottoman',
        from: 'pressburg',
        values: [1, -1],
      },
      {
        what: 'gives nothing without a leader or cavalry (AVB-18, AVB-20)',
        patch: { ...HAP_WAR, stacks: [THREE_OTTOMANS, { space: 'vienna', power: 'hapsburg', regulars: 2 }] },
        power: 'hapsburg',
        space: 'vienna',
        mover: 'ottoman',
        from: 'pressburg',
        values: [],
      },
      {
        what: "adds only the best rating, Charles V's 2, not Ferdinand's too (AVB-18)",
        patch: {
          ...HAP_WAR,
          stacks: [
            THREE_OTTOMANS,
            { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand', 'charles-v'] },
          ],
        },
        power: 'hapsburg',
        space: 'vienna',
        mover: 'ottoman',
        from: 'pressburg',
        values: [2],
      },
      {
        what: 'gives an Ottoman group with Ibrahim and cavalry +1 and +1 (AVB-18, AVB-19)',
        patch: {
          ...HAP_WAR,
          impulse: { power: 'hapsburg', cp: 1 },
          stacks: [
            { space: 'vienna', power: 'hapsburg', regulars: 4 },
            { space: 'pressburg', power: 'ottoman', regulars: 2, cavalry: 1, leaders: ['ibrahim-pasha'] },
          ],
        },
        power: 'ottoman',
        space: 'pressburg',
        mover: 'hapsburg',
        from: 'vienna',
        values: [1, 1],
      },
      {
        what: 'gives an Ottoman group without cavalry no cavalry bonus (AVB-19)',
        patch: {
          ...HAP_WAR,
          impulse: { power: 'hapsburg', cp: 1 },
          stacks: [
            { space: 'vienna', power: 'hapsburg', regulars: 4 },
            { space: 'pressburg', power: 'ottoman', regulars: 2 },
          ],
        },
        power: 'ottoman',
        space: 'pressburg',
        mover: 'hapsburg',
        from: 'vienna',
        values: [],
      },
      {
        what: 'adds nothing for Dudley, whose battle rating is 0 (AVB-18)',
        patch: {
          war: [['france', 'england']],
          impulse: { power: 'france', cp: 1 },
          stacks: [
            { space: 'boulogne', power: 'france', regulars: 2 },
            { space: 'calais', power: 'england', regulars: 2, leaders: ['dudley'] },
          ],
        },
        power: 'england',
        space: 'calais',
        mover: 'france',
        from: 'boulogne',
        values: [],
      },
      {
        what: 'adds +1 for the Telescope (AVB-18, ruling R1)',
        patch: { ...VIENNA, bonuses: { hapsburg: ['telescope'] } },
        power: 'hapsburg',
        space: 'vienna',
        mover: 'ottoman',
        from: 'pressburg',
        values: [1, -1, 1],
      },
      // Ruling R1: the bonus is the holder's own; the Ottoman's Telescope does not help Ferdinand.
      {
        what: 'adds nothing for a Telescope another power holds (AVB-18, ruling R1)',
        patch: { ...VIENNA, bonuses: { ottoman: ['telescope'] } },
        power: 'hapsburg',
        space: 'vienna',
        mover: 'ottoman',
        from: 'pressburg',
        values: [1, -1],
      },
    ]),
  )('[13.3 step 4] %s', ([, { patch, power, space, mover, from, values }]) => {
    const w = world(patch);
    const pieces = stacksWhere(w.position, { space }).filter((s) => s.power === power);
    const opposing = stacksWhere(w.position, { space: from }).filter((s) => s.power === mover);
    const mods = avoidModifiers(w, { power, pieces, opposing });
    expect(mods.map((m) => m.count)).toEqual(values);
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

  test("[13.3 step 4] lets Ferdinand's stack avoid on 10 of the 36 rolls, as RULES.md §6 says (AVB-21)", () => {
    const w = world(VIENNA);
    const mods = avoidModifiers(w, {
      power: 'hapsburg',
      pieces: stacksWhere(w.position, { space: 'vienna' }),
      opposing: stacksWhere(w.position, { space: 'pressburg' }),
    });
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
      {
        what: 'succeeds without a roll for the two beaten regulars (AVB-22)',
        request: { regulars: 2 },
        automatic: true,
      },
      {
        what: 'succeeds without a roll for the beaten regulars with Ferdinand (AVB-22)',
        request: { regulars: 2, leaders: ['ferdinand'] },
        automatic: true,
      },
      {
        what: 'succeeds without a roll for Ferdinand alone, who lost too (AVB-22)',
        request: { leaders: ['ferdinand'] },
        automatic: true,
      },
      { what: 'rolls for three regulars, one of them fresh (AVB-22)', request: { regulars: 3 }, automatic: false },
      {
        what: 'rolls for the whole stack (AVB-22)',
        request: { regulars: 4, leaders: ['ferdinand'] },
        automatic: false,
      },
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
  truthTable<{ title: string; kind: MoveLeg['kind']; expect: Expected }>({
    rows: [
      {
        title: '[13.2] lets the Ottoman try to intercept a Move action into Linz (AVB-24)',
        kind: 'move',
        expect: ALLOWS,
      },
      {
        title: '[13.2] refuses any interception of units avoiding battle into Linz (AVB-24)',
        kind: 'avoid',
        expect: interceptable(
          ['avoid battle, interception or retreat', 'cannot be intercepted'],
          ['не могут быть перехвачены'],
        ),
      },
    ],
    judge: ({ kind }) => {
      const w = world({ ...VIENNA, stacks: [FERDINAND, { space: 'regensburg', power: 'ottoman', regulars: 2 }] });
      const formation = stacksWhere(w.position, { space: 'vienna' });
      const leg: MoveLeg = { power: 'hapsburg', from: 'vienna', to: 'linz', formation, kind };
      const request = u({ regulars: 2 });
      const args: InterceptArgs = { leg, usedSpaces: [], declined: [], power: 'ottoman', from: 'regensburg', request };
      return { world: w, verdicts: [check(isMoveActionInterceptable, w, args)] };
    },
  });
});
