// Truth tables for 13.2 Interception: every restriction on an attempt, the roll (13.2 step 2, ruling R1), who is
// asked next (impulse order, 3.2) and which adjacent stacks may try. Every board goes through the scenario schema,
// the Move included, so each row starts from a legal Move action.
import { largestFormation } from '../../src/rules/formation.ts';
import { describe, expect, test } from 'vitest';
import { interceptionModifiers, isRollSuccess, rollTotal } from '../../src/rules/dice.ts';
import { modifierOf } from '../../src/text/modifiers.ts';
import {
  areInterceptorsInSpace,
  isInterceptionSplitByPower,
  areInterceptorsNotBesieged,
  checkInterception,
  hasNotDeclined,
  haveNotAttemptedInterception,
  isNoInterceptorStruckByGout,
  INTERCEPTION_RESTRICTIONS,
  interceptingPieces,
  interceptionCandidates,
  isActingMajorPower,
  isAtWarWithMover,
  isDestinationOpenToInterception,
  isInterceptionNotEmpty,
  isInterceptionWithinCommand,
  isInterceptorAdjacent,
  isInterceptorsTurn,
  isMoveActionInterceptable,
  isNoOtherPowerSuccessful,
  isNoSiegeInOccupiedDestination,
  isNotAcrossPass,
  isProtestantFreeToIntercept,
  isSpaceNotUsed,
  mayInterceptIntoElectorate,
  mayInterceptIntoOccupiedSpace,
  mayInterceptorEnterSpace,
  nextInterceptor,
  type InterceptArgs,
  type InterceptionState,
} from '../../src/rules/interception.ts';
import type { MoveLeg, MovementKind } from '../../src/rules/leg.ts';
import type { RulingRef } from '../../src/rules/registry.ts';
import { formationFor } from '../../src/rules/movement.ts';
import { stacksWhere } from '../../src/rules/stacks.ts';
import { check, type Restriction } from '../../src/rules/verdict.ts';
import type { World } from '../../src/rules/world.ts';
import type { MajorPower, Power } from '../../src/schema/power.ts';
import type { Units } from '../../src/schema/units.ts';
import { reasonOf } from '../../src/text/reasons/index.ts';
import { plus, turn, u, VIENNA, world, type ScenarioPatch, type StackInput } from '../helpers/fixtures.ts';
import { titled } from '../helpers/rows.ts';
import { ALLOWS, forbids, TableIndex, truthTable, type Expected, type Refused } from '../helpers/truth-table.ts';

// ---------------------------------------------------------------------------------------------------------------
// Boards and moves

/** The rulebook board with Graz's stack replaced. */
const viennaWithGraz = (...graz: StackInput[]): ScenarioPatch => ({
  ...VIENNA,
  stacks: [...(VIENNA.stacks ?? []).filter((s) => s.space !== 'graz'), ...graz],
});

interface MoveSpec {
  readonly from: string;
  readonly to: string;
  readonly request: Partial<Units>;
  readonly kind?: MovementKind;
}
interface Attempt {
  readonly power: Power;
  readonly from: string;
  readonly request: Partial<Units>;
}
type StatePatch = Partial<Pick<InterceptionState, 'usedSpaces' | 'successPower' | 'declined' | 'asking'>>;

/** Rulebook example (RULES.md §6): Suleiman, Ibrahim, 7 regulars and 1 cavalry from Pressburg to Vienna. */
const SULEIMAN: MoveSpec = {
  from: 'pressburg',
  to: 'vienna',
  request: { regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
};
/** Rulebook example: Charles V and 8 regulars intercept from Graz. */
const CHARLES: Attempt = { power: 'hapsburg', from: 'graz', request: { regulars: 8, leaders: ['charles-v'] } };

/** The scenario carries the move, so parseScenario checks that it is a legal Move action (13.1). */
function setUp(
  patch: ScenarioPatch,
  move: MoveSpec,
  state: StatePatch = {},
): { w: World; leg: MoveLeg; state: InterceptionState } {
  const { leaders, ...counts } = move.request;
  const w = world({
    ...patch,
    move: { from: move.from, to: move.to, ...counts, ...(leaders ? { leaders: [...leaders] } : {}) },
  });
  const power = w.position.impulse.power;
  const formation = formationFor(w, { power, from: move.from, request: u(move.request) });
  if (!formation) throw new Error(`fixture: the moving formation is not in ${move.from}`);
  // As the movement machine records it: the formation leaves a space it was besieging (13.2, INT-09).
  const leftSiege = w.position.sieges.some((g) => g.space === move.from && g.by.includes(power));
  const leg: MoveLeg = {
    power,
    from: move.from,
    to: move.to,
    formation,
    kind: move.kind ?? 'move',
    ...(leftSiege ? { leftSiege } : {}),
  };
  return { w, leg, state: { leg, usedSpaces: [], declined: [], ...state } };
}

function attemptArgs(state: InterceptionState, attempt: Attempt): InterceptArgs {
  return { ...state, power: attempt.power, from: attempt.from, request: u(attempt.request) };
}

// Hapsburg Graz with Ottoman Ibrahim coming from Agram; Hapsburg stacks around Graz (Salzburg is across the pass).
const GRAZ: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  control: { agram: 'ottoman', salzburg: 'hapsburg' },
  stacks: [
    { space: 'agram', power: 'ottoman', regulars: 4, leaders: ['ibrahim-pasha'] },
    { space: 'vienna', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'] },
    { space: 'salzburg', power: 'hapsburg', regulars: 4 },
  ],
  ...turn('ottoman'),
};
const IBRAHIM_TO_GRAZ: MoveSpec = { from: 'agram', to: 'graz', request: { regulars: 4, leaders: ['ibrahim-pasha'] } };

/** The Ottoman besieges Vienna while Ibrahim marches from Agram to Graz; Hapsburg regulars wait in Trieste. */
const VIENNA_BESIEGED: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  control: { agram: 'ottoman' },
  stacks: [
    { space: 'agram', power: 'ottoman', regulars: 4, leaders: ['ibrahim-pasha'] },
    { space: 'vienna', power: 'ottoman', regulars: 5, leaders: ['suleiman'] },
    { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'], inside: true },
    { space: 'trieste', power: 'hapsburg', regulars: 2 },
  ],
  sieges: [{ space: 'vienna', by: ['ottoman'] }],
  ...turn('ottoman'),
};

/** The Ottoman besieges Buda, held by allied Hungary, and marches the besiegers out to Pressburg (INT-09). */
const BUDA_BESIEGED: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  alliances: [['hapsburg', 'hungary']],
  stacks: [
    { space: 'buda', power: 'ottoman', regulars: 5, leaders: ['ibrahim-pasha'] },
    { space: 'buda', power: 'hungary', regulars: 2, inside: true },
    { space: 'vienna', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'] },
  ],
  sieges: [{ space: 'buda', by: ['ottoman'] }],
  ...turn('ottoman'),
};
const BESIEGERS_OUT: MoveSpec = { from: 'buda', to: 'pressburg', request: { regulars: 5, leaders: ['ibrahim-pasha'] } };

/** France at war with the Ottoman and allied to the Hapsburg, in Linz next to Vienna; a Hapsburg stack in Brunn. */
const FRENCH_ALLY: ScenarioPatch = {
  ...VIENNA,
  war: [
    ['ottoman', 'hapsburg'],
    ['ottoman', 'france'],
  ],
  alliances: [
    ['hapsburg', 'hungary'],
    ['hapsburg', 'france'],
  ],
  stacks: [
    ...(VIENNA.stacks ?? []),
    { space: 'linz', power: 'france', regulars: 3, leaders: ['montmorency'] },
    { space: 'brunn', power: 'hapsburg', regulars: 3 },
  ],
};
const FRENCH: Attempt = { power: 'france', from: 'linz', request: { regulars: 3, leaders: ['montmorency'] } };

/** A guest power in Linz next to Vienna, with its own wars and alliances added to the rulebook board. */
const linzGuest = (
  power: 'england' | 'france',
  war: ScenarioPatch['war'],
  alliances: ScenarioPatch['alliances'],
): ScenarioPatch =>
  plus(
    {
      ...VIENNA,
      war: [...(VIENNA.war ?? []), ...(war ?? [])],
      alliances: [...(VIENNA.alliances ?? []), ...(alliances ?? [])],
    },
    { space: 'linz', power, regulars: 3 },
  );
const fromLinz = (power: Power): Attempt => ({ power, from: 'linz', request: { regulars: 3 } });

/** The Ottoman, at war with Hungary, moves from Belgrade to Mohacs next to Buda's Hungarian garrison. */
const MOHACS: ScenarioPatch = {
  war: [['ottoman', 'hungary']],
  control: { belgrade: 'ottoman' },
  stacks: [
    { space: 'belgrade', power: 'ottoman', regulars: 4 },
    { space: 'buda', power: 'hungary', regulars: 3 },
  ],
  ...turn('ottoman'),
};
const TO_MOHACS: MoveSpec = { from: 'belgrade', to: 'mohacs', request: { regulars: 4 } };

// ---------------------------------------------------------------------------------------------------------------
// Attempt truth tables

interface AttemptRow {
  readonly title: string;
  readonly patch: ScenarioPatch;
  readonly move: MoveSpec;
  readonly attempt: Attempt;
  readonly state?: StatePatch;
  readonly expect: Expected;
  /** Judge only this restriction: another one refuses the whole attempt first (the row's comment says which). */
  readonly alone?: boolean;
  /**
   * Judge the attempt as if the Schmalkaldic League had not formed (21.6, ruling R34), on a board parsed with it
   * formed: the move itself would be refused before the League (a move into an electorate, mayEnterElectorate).
   */
  readonly beforeLeague?: boolean;
}

const tables = new TableIndex();

/** One restriction's truth table: each row judged by the restriction alone and (unless `alone`) by checkInterception. */
function attemptTable(r: Restriction<InterceptArgs>, refusal: Refused, rows: readonly AttemptRow[]): void {
  tables.add(r.name, rows);
  truthTable({
    refusal,
    rows,
    judge: (row) => {
      const { w: parsed, state } = setUp(row.patch, row.move, row.state);
      const w: World = row.beforeLeague ? { ...parsed, schmalkaldicLeague: false } : parsed;
      const args = attemptArgs(state, row.attempt);
      return { world: w, verdicts: [check(r, w, args), ...(row.alone ? [] : [checkInterception(w, args)])] };
    },
  });
}

describe('isMoveActionInterceptable', () => {
  const by = (kind: MovementKind): MoveSpec => ({ ...SULEIMAN, kind });
  const cannot = forbids(
    ['avoid battle, interception or retreat', 'cannot be intercepted'],
    ['не могут быть перехвачены'],
  );
  attemptTable(isMoveActionInterceptable, { code: 'isMoveActionInterceptable', rule: '13.2' }, [
    {
      title: '[13.2] allows intercepting a Move action, the rulebook example (INT-06)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
    {
      title: '[13.2] forbids intercepting a formation that avoids battle (INT-06)',
      patch: VIENNA,
      move: by('avoid'),
      attempt: CHARLES,
      expect: cannot,
    },
    {
      title: '[13.2] forbids intercepting a retreating formation (INT-06)',
      patch: VIENNA,
      move: by('retreat'),
      attempt: CHARLES,
      expect: cannot,
    },
    {
      title: '[13.2] forbids intercepting an intercepting formation (INT-06)',
      patch: VIENNA,
      move: by('interception'),
      attempt: CHARLES,
      expect: cannot,
    },
  ]);
});

describe('isDestinationOpenToInterception', () => {
  const intoVienna: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'linz', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] },
      { space: 'pressburg', power: 'ottoman', regulars: 6, leaders: ['ibrahim-pasha'] },
    ],
    ...turn('hapsburg'),
  };
  const intoBuda: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    alliances: [['hapsburg', 'hungary']],
    control: { mohacs: 'ottoman' },
    stacks: [
      { space: 'pressburg', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] },
      { space: 'mohacs', power: 'ottoman', regulars: 4, leaders: ['ibrahim-pasha'] },
    ],
    ...turn('hapsburg'),
  };
  const intoLinz: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    control: { salzburg: 'ottoman' },
    stacks: [
      { space: 'vienna', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] },
      { space: 'salzburg', power: 'ottoman', regulars: 4, leaders: ['ibrahim-pasha'] },
    ],
    ...turn('hapsburg'),
  };
  const ferdinand = { regulars: 4, leaders: ['ferdinand'] };
  const ibrahim = (from: string): Attempt => ({
    power: 'ottoman',
    from,
    request: { regulars: 4, leaders: ['ibrahim-pasha'] },
  });
  attemptTable(isDestinationOpenToInterception, { code: 'isDestinationOpenToInterception', rule: '13.2' }, [
    {
      title: "[13.2] allows intercepting a move into the enemy's fortified Vienna (INT-11)",
      patch: VIENNA,
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
    {
      title: '[13.2] forbids intercepting a Hapsburg move into its own unbesieged Vienna (INT-11)',
      patch: intoVienna,
      move: { from: 'linz', to: 'vienna', request: ferdinand },
      attempt: { power: 'ottoman', from: 'pressburg', request: { regulars: 6, leaders: ['ibrahim-pasha'] } },
      expect: forbids(['Vienna', 'friendly fortified'], ['Вена']),
    },
    // "Friendly" is the active power's or an ally's (2.2): allied Hungary's Buda counts.
    {
      title: '[13.2] forbids intercepting a Hapsburg move into Buda held by allied Hungary (INT-11)',
      patch: intoBuda,
      move: { from: 'pressburg', to: 'buda', request: ferdinand },
      attempt: ibrahim('mohacs'),
      expect: forbids(['Buda'], ['Буда']),
    },
    {
      title: '[13.2] allows intercepting a Hapsburg move into its own unfortified Linz (INT-11)',
      patch: intoLinz,
      move: { from: 'vienna', to: 'linz', request: ferdinand },
      attempt: ibrahim('salzburg'),
      expect: ALLOWS,
    },
  ]);
});

describe('isActingMajorPower', () => {
  const modena: ScenarioPatch = {
    war: [['hapsburg', 'france']],
    stacks: [
      { space: 'trent', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] },
      { space: 'milan', power: 'independent', regulars: 2 },
    ],
    ...turn('hapsburg'),
  };
  const hungarianGraz = plus(VIENNA, { space: 'graz', power: 'hungary', regulars: 2 });
  attemptTable(isActingMajorPower, { code: 'isActingMajorPower', rule: '22.1', ruling: 'R10' }, [
    {
      title: '[22.1, ruling R10] allows a major power to intercept (INT-02, INT-03)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
    {
      title: '[22.1, ruling R10] forbids inactive Hungary to intercept out of Buda (INT-03)',
      patch: MOHACS,
      move: TO_MOHACS,
      attempt: { power: 'hungary', from: 'buda', request: { regulars: 3 } },
      expect: forbids(['Hungarian units', 'never intercept'], ['Венгрии-Богемии', 'никогда не перехватывают']),
    },
    {
      title: '[22.1, ruling R10] forbids independent regulars in Milan to intercept (INT-02)',
      patch: modena,
      move: { from: 'trent', to: 'modena', request: { regulars: 4, leaders: ['ferdinand'] } },
      attempt: { power: 'independent', from: 'milan', request: { regulars: 2 } },
      expect: forbids(['independent', 'never intercept'], ['независимые']),
    },
    // 22.3: an active minor's units intercept only as part of its major's attempt.
    {
      title: '[22.1, ruling R10] forbids allied Hungary to intercept on its own: the Hapsburg decides for it (INT-03)',
      patch: hungarianGraz,
      move: SULEIMAN,
      attempt: { power: 'hungary', from: 'graz', request: { regulars: 2 } },
      expect: forbids(['Hungary-Bohemia', 'Hapsburg', '22.3'], ['Венгрия-Богемия', 'Габсбургами']),
    },
  ]);
});

describe('isAtWarWithMover', () => {
  // 13.1 restriction 3: English allies of the Hapsburg stand in Hapsburg Vienna, so the Ottoman entry makes them enemies.
  const englishBloc = plus(linzGuest('england', [], [['hapsburg', 'england']]), {
    space: 'vienna',
    power: 'england',
    regulars: 1,
  });
  const scottishBloc: ScenarioPatch = plus(
    { ...VIENNA, alliances: [...(VIENNA.alliances ?? []), ['hapsburg', 'england'], ['england', 'scotland']] },
    { space: 'vienna', power: 'scotland', regulars: 1 },
    { space: 'linz', power: 'scotland', regulars: 2 },
  );
  // The same Scots in Vienna as the Hapsburg's own active ally: England, allied to the Hapsburg, has no units there.
  const hapsburgScots: ScenarioPatch = plus(
    { ...VIENNA, alliances: [...(VIENNA.alliances ?? []), ['hapsburg', 'england'], ['hapsburg', 'scotland']] },
    { space: 'vienna', power: 'scotland', regulars: 1 },
    { space: 'linz', power: 'england', regulars: 3 },
  );
  attemptTable(isAtWarWithMover, { code: 'isAtWarWithMover', rule: '13.2' }, [
    {
      title: '[13.2] allows the Hapsburg, at war with the Ottoman, to intercept (INT-01)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
    {
      title: '[13.2] forbids France, at peace with the Ottoman, to intercept (INT-01)',
      patch: linzGuest('france', [], []),
      move: SULEIMAN,
      attempt: fromLinz('france'),
      expect: forbids(['France', 'Ottoman', 'not at war'], ['Франция', 'Османами']),
    },
    {
      title: "[13.2] forbids England, the Hapsburg's ally but at peace with the Ottoman, to intercept (INT-01)",
      patch: linzGuest('england', [], [['hapsburg', 'england']]),
      move: SULEIMAN,
      attempt: fromLinz('england'),
      expect: forbids(['England', 'Ottoman'], ['Англия', 'Османами']),
    },
    {
      title:
        '[13.2, 13.1] allows England to intercept when its units stand in the enemy-controlled destination (INT-01)',
      patch: englishBloc,
      move: SULEIMAN,
      attempt: fromLinz('england'),
      expect: ALLOWS,
    },
    // 22.3: the units in Vienna are England's active Scottish ally's; England declares the attempt of the Scots in Linz.
    {
      title:
        '[13.2, 13.1, 22.3] allows England to intercept with Scots when Scottish units stand in the enemy-controlled destination (INT-01)',
      patch: scottishBloc,
      move: SULEIMAN,
      attempt: { power: 'england', from: 'linz', request: { regulars: 2 } },
      expect: ALLOWS,
    },
    {
      title:
        "[13.2, 13.1, 22.3] forbids England when the Scots in the enemy-controlled destination are the Hapsburg's ally, not its own (INT-01)",
      patch: hapsburgScots,
      move: SULEIMAN,
      attempt: fromLinz('england'),
      expect: forbids(['England', 'Ottoman'], ['Англия', 'Османами']),
    },
  ]);
});

describe('isProtestantFreeToIntercept', () => {
  // 13.1 restriction 3: Protestant allies of the Hapsburg stand in Hapsburg Vienna, so the Ottoman entry makes them
  // enemies, and the Protestant regulars in Linz could intercept — once the Schmalkaldic League has formed.
  const protestantBloc = (league?: boolean): ScenarioPatch =>
    plus(
      {
        ...VIENNA,
        ...(league === undefined ? {} : { schmalkaldicLeague: league }),
        alliances: [...(VIENNA.alliances ?? []), ['hapsburg', 'protestant']],
      },
      { space: 'vienna', power: 'protestant', regulars: 1 },
      { space: 'linz', power: 'protestant', regulars: 3 },
    );
  attemptTable(isProtestantFreeToIntercept, { code: 'isProtestantFreeToIntercept', rule: '21.6', ruling: 'R34' }, [
    {
      title: '[21.6, ruling R34] forbids the Protestant to intercept from Linz before the Schmalkaldic League (MOV-32)',
      patch: protestantBloc(false),
      move: SULEIMAN,
      attempt: fromLinz('protestant'),
      expect: forbids(
        ['Schmalkaldic League has not formed', 'Protestant units may not intercept'],
        ['Шмалькальденская лига ещё не создана', 'части Протестантов не могут перехватывать'],
      ),
    },
    {
      title: '[21.6, ruling R34] allows the same interception once the League has formed (MOV-32, INT-01)',
      patch: protestantBloc(),
      move: SULEIMAN,
      attempt: fromLinz('protestant'),
      expect: ALLOWS,
    },
    {
      title: '[21.6, ruling R34] allows Charles V to intercept before the League (MOV-32)',
      patch: { ...VIENNA, schmalkaldicLeague: false },
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
  ]);
});

describe('mayInterceptIntoElectorate', () => {
  // France, at war with the Hapsburg, marches from Worms into Hapsburg Augsburg (an electorate); Ferdinand waits in
  // Regensburg, next to it.
  const augsburg: ScenarioPatch = {
    war: [['france', 'hapsburg']],
    control: { augsburg: 'hapsburg', worms: 'france' },
    stacks: [
      { space: 'worms', power: 'france', regulars: 3, leaders: ['montmorency'] },
      { space: 'regensburg', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'] },
    ],
    ...turn('france'),
  };
  const intoAugsburg: MoveSpec = { from: 'worms', to: 'augsburg', request: { regulars: 3, leaders: ['montmorency'] } };
  const ferdinand: Attempt = {
    power: 'hapsburg',
    from: 'regensburg',
    request: { regulars: 3, leaders: ['ferdinand'] },
  };
  attemptTable(mayInterceptIntoElectorate, { code: 'mayInterceptIntoElectorate', rule: '21.6', ruling: 'R34' }, [
    {
      title:
        '[21.6, ruling R34] forbids the Hapsburg to intercept into Augsburg, an electorate, before the League (MOV-31)',
      patch: augsburg,
      move: intoAugsburg,
      attempt: ferdinand,
      beforeLeague: true,
      expect: forbids(
        ['Augsburg is an electorate', 'Hapsburg units may not intercept into it'],
        ['Аугсбург — курфюршество', 'части Габсбургов не могут входить перехватом в Аугсбург'],
      ),
    },
    {
      title: '[21.6, ruling R34] allows the interception into Augsburg once the League has formed (MOV-31)',
      patch: augsburg,
      move: intoAugsburg,
      attempt: ferdinand,
      expect: ALLOWS,
    },
    {
      title: '[21.6, ruling R34] allows an interception into Vienna, not an electorate, before the League (MOV-31)',
      patch: { ...VIENNA, schmalkaldicLeague: false },
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
  ]);
});

describe('isNoOtherPowerSuccessful', () => {
  attemptTable(isNoOtherPowerSuccessful, { code: 'isNoOtherPowerSuccessful', rule: '13.2 step 3' }, [
    {
      title: '[13.2 step 3] allows France to try while no power has succeeded (INT-16)',
      patch: FRENCH_ALLY,
      move: SULEIMAN,
      attempt: FRENCH,
      expect: ALLOWS,
    },
    {
      title: "[13.2 step 3] forbids France, the Hapsburg's ally, to try once the Hapsburg has succeeded (INT-16)",
      patch: FRENCH_ALLY,
      move: SULEIMAN,
      attempt: FRENCH,
      state: { successPower: 'hapsburg', usedSpaces: ['graz'] },
      expect: forbids(['Hapsburg', 'not even an ally'], ['Габсбурги', 'даже союзники']),
    },
    {
      title: '[13.2 step 3] allows the successful Hapsburg to try again from Brunn (INT-17)',
      patch: FRENCH_ALLY,
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'brunn', request: { regulars: 3 } },
      state: { successPower: 'hapsburg', usedSpaces: ['graz'] },
      expect: ALLOWS,
    },
  ]);
});

describe('hasNotDeclined', () => {
  attemptTable(hasNotDeclined, { code: 'hasNotDeclined', rule: '13.2' }, [
    {
      title: '[13.2] allows France to try after only the Hapsburg declined (INT-15)',
      patch: FRENCH_ALLY,
      move: SULEIMAN,
      attempt: FRENCH,
      state: { declined: ['hapsburg'] },
      expect: ALLOWS,
    },
    {
      title: '[13.2] forbids France to try after it declined further attempts against this move (INT-15)',
      patch: FRENCH_ALLY,
      move: SULEIMAN,
      attempt: FRENCH,
      state: { declined: ['france'] },
      expect: forbids(['France', 'declined'], ['Франция']),
    },
  ]);
});

describe('isInterceptorsTurn', () => {
  attemptTable(isInterceptorsTurn, { code: 'isInterceptorsTurn', rule: '13.2' }, [
    {
      title: '[13.2] allows France to try when France is asked (INT-15, INT-19)',
      patch: FRENCH_ALLY,
      move: SULEIMAN,
      attempt: FRENCH,
      state: { asking: 'france' },
      expect: ALLOWS,
    },
    {
      title: '[13.2] allows an attempt when nobody in particular is being asked (INT-19)',
      patch: FRENCH_ALLY,
      move: SULEIMAN,
      attempt: FRENCH,
      expect: ALLOWS,
    },
    // 3.2: the Hapsburg comes before France in impulse order, so France waits while the Hapsburg decides.
    {
      title: '[13.2, 3.2] forbids France to try while the Hapsburg decides (INT-15, INT-19)',
      patch: FRENCH_ALLY,
      move: SULEIMAN,
      attempt: FRENCH,
      state: { asking: 'hapsburg' },
      expect: forbids(['impulse order', 'Hapsburg'], ['Габсбурги']),
    },
  ]);
});

describe('mayInterceptIntoOccupiedSpace', () => {
  // Ferdinand stands alone in Ottoman Pressburg; France (at war with the Ottoman) waits in Vienna.
  const lonePressburg = (ottomanThere: boolean): ScenarioPatch => ({
    war: [
      ['ottoman', 'hapsburg'],
      ['ottoman', 'france'],
    ],
    control: { pressburg: 'ottoman', buda: 'ottoman' },
    stacks: [
      { space: 'buda', power: 'ottoman', regulars: 4 },
      ottomanThere
        ? { space: 'pressburg', power: 'ottoman', regulars: 2 }
        : { space: 'pressburg', power: 'hapsburg', leaders: ['ferdinand'] },
      { space: 'vienna', power: 'france', regulars: 3 },
      { space: 'linz', power: 'hapsburg', regulars: 3, leaders: ['charles-v'] },
    ],
    ...turn('ottoman'),
  });
  const toPressburg: MoveSpec = { from: 'buda', to: 'pressburg', request: { regulars: 4 } };
  const england: ScenarioPatch['war'] = [['ottoman', 'england']];
  attemptTable(mayInterceptIntoOccupiedSpace, { code: 'mayInterceptIntoOccupiedSpace', rule: '13.2' }, [
    // Rulebook example: "Vienna already has Hapsburg units, interceptor is the same power".
    {
      title: "[13.2] allows the Hapsburg to intercept into Vienna where Ferdinand's Hapsburg units stand (INT-12)",
      patch: VIENNA,
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
    {
      title: '[13.2] allows England, allied to the Hapsburg units in Vienna, to intercept into it (INT-12)',
      patch: linzGuest('england', england, [['hapsburg', 'england']]),
      move: SULEIMAN,
      attempt: fromLinz('england'),
      expect: ALLOWS,
    },
    {
      title:
        '[13.2] forbids France, at war with the Ottoman but no ally of the Hapsburg, to intercept into Vienna (INT-12)',
      patch: linzGuest('france', [['ottoman', 'france']], []),
      move: SULEIMAN,
      attempt: fromLinz('france'),
      expect: forbids(['Vienna', 'France'], ['Вене', 'Франции']),
    },
    // Ruling R2: a lone leader is no land unit, so the destination counts as empty.
    {
      title: '[13.2, ruling R2] allows France into Pressburg where only the Hapsburg leader Ferdinand stands (INT-12)',
      patch: lonePressburg(false),
      move: toPressburg,
      attempt: { power: 'france', from: 'vienna', request: { regulars: 3 } },
      expect: ALLOWS,
    },
    // Literal reading: the mover's own regulars are "land units already there", and the Hapsburg is not their ally.
    {
      title: '[13.2] forbids the Hapsburg to intercept a move that joins Ottoman units already in Pressburg (INT-12)',
      patch: lonePressburg(true),
      move: toPressburg,
      attempt: { power: 'hapsburg', from: 'vienna', request: { regulars: 3 } },
      expect: forbids(['Pressburg', 'Hapsburg'], ['Пресбург']),
    },
  ]);
});

describe('isNoSiegeInOccupiedDestination', () => {
  const joinSiege: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'vienna', power: 'ottoman', regulars: 5, leaders: ['suleiman'] },
      { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'], inside: true },
      { space: 'pressburg', power: 'ottoman', regulars: 3, leaders: ['ibrahim-pasha'] },
      { space: 'linz', power: 'hapsburg', regulars: 4, leaders: ['charles-v'] },
    ],
    sieges: [{ space: 'vienna', by: ['ottoman'] }],
    ...turn('ottoman'),
  };
  const budaBesieged = plus(
    VIENNA,
    { space: 'buda', power: 'ottoman', regulars: 4 },
    { space: 'buda', power: 'hungary', regulars: 2, inside: true },
  );
  attemptTable(isNoSiegeInOccupiedDestination, { code: 'isNoSiegeInOccupiedDestination', rule: '13.2', ruling: 'R8' }, [
    // Ruling R8: the siege that forbids interception is the one in the destination. checkInterception refuses this
    // attempt earlier, under INT-12, because the Ottoman besiegers in Vienna are no allies of the Hapsburg.
    {
      title: '[13.2, ruling R8] forbids intercepting into Vienna while units are under siege there (INT-13)',
      patch: joinSiege,
      move: { from: 'pressburg', to: 'vienna', request: { regulars: 3, leaders: ['ibrahim-pasha'] } },
      attempt: { power: 'hapsburg', from: 'linz', request: { regulars: 4, leaders: ['charles-v'] } },
      expect: forbids(['Vienna', 'under siege'], ['Вене']),
      alone: true,
    },
    {
      title: '[13.2, ruling R8] allows intercepting into Vienna while the siege is elsewhere, in Buda (INT-13)',
      patch: { ...budaBesieged, sieges: [{ space: 'buda', by: ['ottoman'] }] },
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
  ]);

  test('[13.2] refuses the attempt into besieged Vienna as a whole under INT-12 first (INT-12, INT-13)', () => {
    const { w, state } = setUp(joinSiege, {
      from: 'pressburg',
      to: 'vienna',
      request: { regulars: 3, leaders: ['ibrahim-pasha'] },
    });
    const verdict = checkInterception(
      w,
      attemptArgs(state, { power: 'hapsburg', from: 'linz', request: { regulars: 4, leaders: ['charles-v'] } }),
    );
    expect(verdict).toMatchObject({ ok: false, code: 'mayInterceptIntoOccupiedSpace', rule: '13.2' });
  });
});

describe('mayInterceptorEnterSpace', () => {
  const pressburg = (alliances: ScenarioPatch['alliances']): ScenarioPatch => ({
    war: [
      ['ottoman', 'hapsburg'],
      ['ottoman', 'hungary'],
    ],
    alliances,
    control: { buda: 'ottoman' },
    stacks: [
      { space: 'buda', power: 'ottoman', regulars: 4 },
      { space: 'vienna', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'] },
    ],
    ...turn('ottoman'),
  });
  const modena: ScenarioPatch = {
    war: [['hapsburg', 'france']],
    stacks: [
      { space: 'trent', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] },
      { space: 'pavia', power: 'france', regulars: 3, leaders: ['montmorency'] },
    ],
    ...turn('hapsburg'),
  };
  const toPressburg: MoveSpec = { from: 'buda', to: 'pressburg', request: { regulars: 4 } };
  const ferdinand: Attempt = { power: 'hapsburg', from: 'vienna', request: { regulars: 3, leaders: ['ferdinand'] } };
  attemptTable(mayInterceptorEnterSpace, { code: 'mayInterceptorEnterSpace', rule: '13.2' }, [
    {
      title:
        '[13.2] forbids the Hapsburg to intercept into Pressburg held by Hungary, neither its enemy nor its ally (INT-14)',
      patch: pressburg([]),
      move: toPressburg,
      attempt: ferdinand,
      expect: forbids(['Pressburg', 'Hungary-Bohemia', 'Hapsburg'], ['Пресбург', 'Венгрии-Богемии']),
    },
    {
      title: '[13.2] allows the Hapsburg to intercept into Pressburg held by allied Hungary (INT-14)',
      patch: pressburg([['hapsburg', 'hungary']]),
      move: toPressburg,
      attempt: ferdinand,
      expect: ALLOWS,
    },
    {
      title: '[13.2] allows France to intercept into independent Modena (INT-14)',
      patch: modena,
      move: { from: 'trent', to: 'modena', request: { regulars: 4, leaders: ['ferdinand'] } },
      attempt: { power: 'france', from: 'pavia', request: { regulars: 3, leaders: ['montmorency'] } },
      expect: ALLOWS,
    },
    {
      title: '[13.2] allows the Hapsburg to intercept into its own Vienna (INT-14)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
  ]);
});

describe('isInterceptorAdjacent', () => {
  const trieste = plus(VIENNA, { space: 'trieste', power: 'hapsburg', regulars: 2 });
  attemptTable(isInterceptorAdjacent, { code: 'isInterceptorAdjacent', rule: '13.2' }, [
    {
      title: '[13.2] allows Charles V to intercept from Graz, adjacent to Vienna (INT-04)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
    {
      title: '[13.2] forbids intercepting into Vienna from Trieste, two spaces away (INT-04)',
      patch: trieste,
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'trieste', request: { regulars: 2 } },
      expect: forbids(['Trieste', 'Vienna', 'not adjacent'], ['Триест', 'Вена']),
    },
    // Units already in the destination defend it; they do not intercept into it.
    {
      title: '[13.2] forbids Ferdinand\'s units in Vienna to "intercept" into their own space (INT-04)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'vienna', request: { regulars: 2, leaders: ['ferdinand'] } },
      expect: forbids(['Vienna'], ['Вена']),
    },
  ]);
});

describe('isNotAcrossPass', () => {
  const zara: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    control: { ragusa: 'ottoman', zara: 'ottoman', agram: 'hapsburg' },
    stacks: [
      { space: 'ragusa', power: 'ottoman', regulars: 3 },
      { space: 'agram', power: 'hapsburg', regulars: 3 },
      { space: 'trieste', power: 'hapsburg', regulars: 2 },
    ],
    ...turn('ottoman'),
  };
  const toZara: MoveSpec = { from: 'ragusa', to: 'zara', request: { regulars: 3 } };
  attemptTable(isNotAcrossPass, { code: 'isNotAcrossPass', rule: '2.5' }, [
    // RULES.md §9: moves into Graz can be intercepted from Vienna, Agram, Mohacs, Trieste — not from Salzburg.
    {
      title: '[2.5] forbids an interception into Graz from Salzburg, across the pass (INT-05)',
      patch: GRAZ,
      move: IBRAHIM_TO_GRAZ,
      attempt: { power: 'hapsburg', from: 'salzburg', request: { regulars: 4 } },
      expect: forbids(['Salzburg', 'Graz', 'pass'], ['Зальцбург', 'Грац', 'горным проходом']),
    },
    {
      title: '[2.5] allows an interception into Graz from Vienna, a clear connection (INT-05)',
      patch: GRAZ,
      move: IBRAHIM_TO_GRAZ,
      attempt: { power: 'hapsburg', from: 'vienna', request: { regulars: 3, leaders: ['ferdinand'] } },
      expect: ALLOWS,
    },
    {
      title: '[2.5] forbids an interception into Zara from Agram, across the pass (INT-05)',
      patch: zara,
      move: toZara,
      attempt: { power: 'hapsburg', from: 'agram', request: { regulars: 3 } },
      expect: forbids(['Agram', 'Zara'], ['Аграм', 'Зара']),
    },
    {
      title: '[2.5] allows an interception into Zara from Trieste (INT-05)',
      patch: zara,
      move: toZara,
      attempt: { power: 'hapsburg', from: 'trieste', request: { regulars: 2 } },
      expect: ALLOWS,
    },
  ]);
});

describe('isSpaceNotUsed', () => {
  // Charles and 4 regulars tried from Graz and failed (marked, ruling R12); 4 more regulars stayed behind.
  const usedGraz = plus(
    viennaWithGraz(
      { space: 'graz', power: 'hapsburg', regulars: 4, leaders: ['charles-v'], attemptedInterception: true },
      { space: 'graz', power: 'hapsburg', regulars: 4 },
    ),
    { space: 'linz', power: 'hapsburg', regulars: 3 },
  );
  attemptTable(isSpaceNotUsed, { code: 'isSpaceNotUsed', rule: '13.2 step 4' }, [
    {
      title: '[13.2 step 4] forbids a second attempt from Graz, even by units that stayed behind (INT-18)',
      patch: usedGraz,
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'graz', request: { regulars: 4 } },
      state: { usedSpaces: ['graz'] },
      expect: forbids(['Graz', 'already'], ['Грац']),
    },
    {
      title: '[13.2 step 4] allows the next attempt from another space, Linz (INT-18)',
      patch: usedGraz,
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'linz', request: { regulars: 3 } },
      state: { usedSpaces: ['graz'] },
      expect: ALLOWS,
    },
  ]);
});

describe('isInterceptionNotEmpty', () => {
  attemptTable(isInterceptionNotEmpty, { code: 'isInterceptionNotEmpty', rule: '13.2 step 1', ruling: 'R3' }, [
    {
      title: '[13.2 step 1, ruling R3] forbids an attempt by nobody (INT-20)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'graz', request: {} },
      expect: forbids(['at least one'], ['хотя бы одна']),
    },
    {
      title: '[13.2 step 1, ruling R3] allows Charles V to intercept alone, leaving his regulars behind (INT-20)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'graz', request: { leaders: ['charles-v'] } },
      expect: ALLOWS,
    },
  ]);
});

describe('areInterceptorsInSpace', () => {
  const hungarians = (allied: boolean): ScenarioPatch =>
    plus(
      { ...VIENNA, alliances: allied ? [['hapsburg', 'hungary']] : [] },
      { space: 'graz', power: 'hungary', regulars: 2 },
    );
  attemptTable(areInterceptorsInSpace, { code: 'areInterceptorsInSpace', rule: '13.2 step 1' }, [
    {
      title: '[13.2 step 1] allows Charles V to intercept with 4 of the 8 regulars in Graz (INT-20)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'graz', request: { regulars: 4, leaders: ['charles-v'] } },
      expect: ALLOWS,
    },
    {
      title: '[13.2 step 1] forbids 9 regulars out of Graz, which holds 8 (INT-10)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'graz', request: { regulars: 9, leaders: ['charles-v'] } },
      expect: forbids(['Graz', 'Hapsburg'], ['Грац', 'Габсбургов']),
    },
    {
      title: '[13.2 step 1] forbids an intercepting formation with Ferdinand, who is in Vienna, not Graz (INT-10)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'graz', request: { regulars: 4, leaders: ['charles-v', 'ferdinand'] } },
      expect: forbids(['Graz', 'one space'], ['Грац']),
    },
    {
      title: '[13.2 step 1, 22.3] allows Charles V to take allied Hungarian regulars along (INT-10, INT-20)',
      patch: hungarians(true),
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'graz', request: { regulars: 10, leaders: ['charles-v'] } },
      expect: ALLOWS,
    },
    {
      title: '[13.2 step 1, 22.1] forbids Charles V to take the regulars of an inactive Hungary along (INT-03, INT-10)',
      patch: hungarians(false),
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'graz', request: { regulars: 10, leaders: ['charles-v'] } },
      expect: forbids(['Graz'], ['Грац']),
    },
  ]);
});

describe('isInterceptionSplitByPower', () => {
  // Ruling R16: Charles V's Hapsburg regulars and allied Hungarian regulars share Graz; the Hapsburgs say whose go.
  const graz = plus(
    { ...VIENNA, alliances: [['hapsburg', 'hungary']] },
    { space: 'graz', power: 'hungary', regulars: 2 },
  );
  const split = (byPower: Attempt['request']['byPower'], regulars = 4): Attempt => ({
    power: 'hapsburg',
    from: 'graz',
    request: { regulars, leaders: ['charles-v'], ...(byPower ? { byPower } : {}) },
  });
  attemptTable(isInterceptionSplitByPower, { code: 'isInterceptionSplitByPower', rule: '13.2 step 1', ruling: 'R16' }, [
    {
      title: '[13.2 step 1, ruling R16] allows 2 Hapsburg and 2 Hungarian regulars named per power (INT-20)',
      patch: graz,
      move: SULEIMAN,
      attempt: split({ hapsburg: { regulars: 2 }, hungary: { regulars: 2 } }),
      expect: ALLOWS,
    },
    {
      title: "[13.2 step 1, ruling R16] allows no split at all: the Hapsburgs' own regulars go first (INT-20)",
      patch: graz,
      move: SULEIMAN,
      attempt: split(undefined),
      expect: ALLOWS,
    },
    {
      title: '[13.2 step 1, ruling R16] forbids a split that adds up to 3 regulars for an attempt with 4 (INT-20)',
      patch: graz,
      move: SULEIMAN,
      attempt: split({ hapsburg: { regulars: 1 }, hungary: { regulars: 2 } }),
      expect: forbids(['byPower', '3 regulars', '4 regulars'], ['byPower']),
    },
    {
      title: '[13.2 step 1, ruling R16] forbids a split naming France, outside the Hapsburg group (INT-20)',
      patch: graz,
      move: SULEIMAN,
      attempt: split({ hapsburg: { regulars: 2 }, france: { regulars: 2 } }),
      expect: forbids(['France', "Hapsburg's group"], ['Франция']),
    },
  ]);
});

describe('isNoInterceptorStruckByGout', () => {
  // Ruling R26: a leader the scenario's mark names (Gout struck him earlier this impulse) may not intercept.
  const struck: ScenarioPatch = { ...VIENNA, impulse: { power: 'ottoman', cp: 1, gout: ['charles-v'] } };
  attemptTable(isNoInterceptorStruckByGout, { code: 'isNoLeaderStruckByGout', rule: '13.2', ruling: 'R26' }, [
    {
      title: '[13.2, ruling R26] allows Charles V to intercept when no Gout struck him',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
    {
      title: '[13.2, ruling R26] forbids Charles V, struck by Gout this impulse, to intercept',
      patch: struck,
      move: SULEIMAN,
      attempt: CHARLES,
      expect: forbids(['Charles V', 'Gout (#32)', 'may not intercept'], ['Карл V', 'не может перехватывать']),
    },
    {
      title: '[13.2, ruling R26] allows his regulars to intercept without him',
      patch: struck,
      move: SULEIMAN,
      attempt: { power: 'hapsburg', from: 'graz', request: { regulars: 4 } },
      expect: ALLOWS,
    },
  ]);
});

describe('haveNotAttemptedInterception', () => {
  // Marks from an earlier Move action this impulse (ruling R12).
  const marked = (leaderMarked: boolean): ScenarioPatch =>
    viennaWithGraz(
      {
        space: 'graz',
        power: 'hapsburg',
        regulars: 3,
        leaders: leaderMarked ? ['charles-v'] : [],
        attemptedInterception: true,
      },
      { space: 'graz', power: 'hapsburg', regulars: 5, leaders: leaderMarked ? [] : ['charles-v'] },
    );
  const allMarked = viennaWithGraz({
    space: 'graz',
    power: 'hapsburg',
    regulars: 8,
    leaders: ['charles-v'],
    attemptedInterception: true,
  });
  const from = (regulars: number): Attempt => ({
    power: 'hapsburg',
    from: 'graz',
    request: { regulars, leaders: ['charles-v'] },
  });
  attemptTable(haveNotAttemptedInterception, { code: 'haveNotAttemptedInterception', rule: '13.2', ruling: 'R12' }, [
    {
      title: '[13.2, ruling R12] forbids a stack that already tried this impulse to try again (INT-07)',
      patch: allMarked,
      move: SULEIMAN,
      attempt: CHARLES,
      expect: forbids(['Graz', 'already attempted'], ['Грац']),
    },
    {
      title: '[13.2, ruling R12] allows the units that have not tried yet (INT-07)',
      patch: marked(false),
      move: SULEIMAN,
      attempt: from(5),
      expect: ALLOWS,
    },
    {
      title: '[13.2, ruling R12] forbids one regular more than those that have not tried (INT-07)',
      patch: marked(false),
      move: SULEIMAN,
      attempt: from(6),
      expect: forbids(['Graz'], ['в Граце']),
    },
    {
      title: '[13.2, ruling R12] forbids a leader who already tried this impulse, whatever the result (INT-07)',
      patch: marked(true),
      move: SULEIMAN,
      attempt: from(5),
      expect: forbids(['Graz'], ['в Граце']),
    },
  ]);
});

describe('areInterceptorsNotBesieged', () => {
  attemptTable(areInterceptorsNotBesieged, { code: 'areInterceptorsNotBesieged', rule: '13.2' }, [
    {
      title: "[13.2] forbids Ferdinand's units besieged in Vienna to intercept into Graz (INT-08)",
      patch: VIENNA_BESIEGED,
      move: IBRAHIM_TO_GRAZ,
      attempt: { power: 'hapsburg', from: 'vienna', request: { regulars: 2, leaders: ['ferdinand'] } },
      expect: forbids(['Vienna', 'under siege'], ['Вене']),
    },
    {
      title: '[13.2] allows free Hapsburg units in Trieste to intercept into Graz (INT-08)',
      patch: VIENNA_BESIEGED,
      move: IBRAHIM_TO_GRAZ,
      attempt: { power: 'hapsburg', from: 'trieste', request: { regulars: 2 } },
      expect: ALLOWS,
    },
    // 13.2: "If a besieging force moves out of a besieged space, the stack that had been besieged may not intercept that move."
    {
      title: '[13.2] forbids the garrison of Buda to intercept the besiegers marching out of Buda (INT-09)',
      patch: BUDA_BESIEGED,
      move: BESIEGERS_OUT,
      attempt: { power: 'hapsburg', from: 'buda', request: { regulars: 2 } },
      expect: forbids(['Buda', 'besieged by the formation that is moving out'], ['Буде']),
    },
    {
      title: '[13.2] allows Ferdinand from Vienna to intercept the besiegers marching out of Buda (INT-09)',
      patch: BUDA_BESIEGED,
      move: BESIEGERS_OUT,
      attempt: { power: 'hapsburg', from: 'vienna', request: { regulars: 3, leaders: ['ferdinand'] } },
      expect: ALLOWS,
    },
  ]);
});

describe('isWithinCommandLimit (interception)', () => {
  const big = viennaWithGraz({
    space: 'graz',
    power: 'hapsburg',
    regulars: 17,
    leaders: ['charles-v', 'duke-of-alva'],
  });
  const from = (regulars: number, leaders: string[]): Attempt => ({
    power: 'hapsburg',
    from: 'graz',
    request: { regulars, leaders },
  });
  attemptTable(isInterceptionWithinCommand, { code: 'isWithinCommandLimit', rule: '5.1' }, [
    {
      title: '[5.1] allows Charles V to intercept with the 8 regulars of the rulebook example (INT-10)',
      patch: VIENNA,
      move: SULEIMAN,
      attempt: CHARLES,
      expect: ALLOWS,
    },
    {
      title: '[5.1] allows Charles V to intercept with 10 regulars (INT-10)',
      patch: big,
      move: SULEIMAN,
      attempt: from(10, ['charles-v']),
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids Charles V to intercept with 11 regulars (INT-10)',
      patch: big,
      move: SULEIMAN,
      attempt: from(11, ['charles-v']),
      expect: forbids(['11', 'Charles V', 'at most 10'], ['11', 'Карла V', '10']),
    },
    {
      title: '[5.1] allows 4 regulars to intercept without a leader (INT-10)',
      patch: big,
      move: SULEIMAN,
      attempt: from(4, []),
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids 5 regulars to intercept without a leader (INT-10)',
      patch: big,
      move: SULEIMAN,
      attempt: from(5, []),
      expect: forbids(['5', 'without a leader at most 4'], ['5', 'без командующего']),
    },
    {
      title: '[5.1] allows Charles V and Alva to intercept with 16 regulars (INT-10)',
      patch: big,
      move: SULEIMAN,
      attempt: from(16, ['charles-v', 'duke-of-alva']),
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids Charles V and Alva to intercept with 17 regulars (INT-10)',
      patch: big,
      move: SULEIMAN,
      attempt: from(17, ['charles-v', 'duke-of-alva']),
      expect: forbids(['17', 'at most 16'], ['17', '16']),
    },
  ]);
});

describe('every interception restriction', () => {
  test('[13.2] has a truth table with a row that allows and a row that forbids (INT-01, INT-19)', () => {
    tables.expectEvery(INTERCEPTION_RESTRICTIONS.map((r) => r.name));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 13.2 step 2: the roll

describe('interceptionModifiers', () => {
  // The Hapsburg marches from Vienna to Graz; Ottoman stacks wait in Agram.
  const ottomanInterceptors: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    control: { agram: 'ottoman' },
    stacks: [
      { space: 'vienna', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] },
      { space: 'agram', power: 'ottoman', regulars: 5, cavalry: 2, leaders: ['suleiman', 'ibrahim-pasha'] },
    ],
    ...turn('hapsburg'),
  };
  const toGraz: MoveSpec = { from: 'vienna', to: 'graz', request: { regulars: 4, leaders: ['ferdinand'] } };
  const fromAgram = (request: Partial<Units>): Attempt => ({ power: 'ottoman', from: 'agram', request });
  // Suleiman's stack without its cavalry.
  const noCavalry = {
    ...VIENNA,
    stacks: (VIENNA.stacks ?? []).map((s) => (s.space === 'pressburg' ? { ...s, cavalry: 0 } : s)),
  };
  const suleimanOnFoot: MoveSpec = { ...SULEIMAN, request: { regulars: 7, leaders: ['suleiman', 'ibrahim-pasha'] } };
  const dudley = plus(
    {
      ...VIENNA,
      war: [...(VIENNA.war ?? []), ['ottoman', 'england']],
      alliances: [...(VIENNA.alliances ?? []), ['hapsburg', 'england']],
    },
    { space: 'linz', power: 'england', regulars: 2, leaders: ['dudley'] },
  );
  const telescope = (holder: MajorPower): ScenarioPatch => ({ ...VIENNA, bonuses: { [holder]: ['telescope'] } });

  interface RollRow {
    readonly title: string;
    readonly patch: ScenarioPatch;
    readonly move: MoveSpec;
    readonly attempt: Attempt;
    /** Modifier values in order, with the ruling each one cites. */
    readonly modifiers: readonly (readonly [number, RulingRef?])[];
    readonly dice: readonly [number, number];
    readonly total: number;
    readonly success: boolean;
  }
  test.for(
    titled<RollRow>([
      // RULES.md §6: "+2 (Charles' battle rating) −1 (Ottoman cavalry); they roll 8, just enough".
      {
        title:
          "[13.2 step 2] gives Charles V +2 and −1 against Suleiman's cavalry: a raw 8 makes 9 and succeeds (INT-21, INT-23, INT-24)",
        patch: VIENNA,
        move: SULEIMAN,
        attempt: CHARLES,
        modifiers: [[2], [-1]],
        dice: [5, 3],
        total: 9,
        success: true,
      },
      {
        title: "[13.2 step 2] fails Charles V on a raw 7 against Suleiman's cavalry (INT-24)",
        patch: VIENNA,
        move: SULEIMAN,
        attempt: CHARLES,
        modifiers: [[2], [-1]],
        dice: [3, 4],
        total: 8,
        success: false,
      },
      {
        title: '[13.2 step 2] gives Charles V no −1 against a stack without cavalry (INT-23)',
        patch: noCavalry,
        move: suleimanOnFoot,
        attempt: CHARLES,
        modifiers: [[2]],
        dice: [3, 4],
        total: 9,
        success: true,
      },
      {
        title: '[13.2 step 2] adds nothing to leaderless regulars against a stack without cavalry (INT-21)',
        patch: noCavalry,
        move: suleimanOnFoot,
        attempt: { power: 'hapsburg', from: 'graz', request: { regulars: 4 } },
        modifiers: [],
        dice: [4, 4],
        total: 8,
        success: false,
      },
      {
        title: '[13.2 step 2] adds nothing for Dudley, battle rating 0, and takes 1 against cavalry (INT-21, INT-23)',
        patch: dudley,
        move: SULEIMAN,
        attempt: { power: 'england', from: 'linz', request: { regulars: 2, leaders: ['dudley'] } },
        modifiers: [[-1]],
        dice: [6, 4],
        total: 9,
        success: true,
      },
      {
        title: '[13.2 step 2] gives the Ottoman +1 for cavalry in the intercepting formation (INT-22)',
        patch: ottomanInterceptors,
        move: toGraz,
        attempt: fromAgram({ regulars: 3, cavalry: 1 }),
        modifiers: [[1]],
        dice: [4, 4],
        total: 9,
        success: true,
      },
      {
        title: '[13.2 step 2] gives the Ottoman no +1 when the cavalry stay behind (INT-22)',
        patch: ottomanInterceptors,
        move: toGraz,
        attempt: fromAgram({ regulars: 4 }),
        modifiers: [],
        dice: [4, 4],
        total: 8,
        success: false,
      },
      {
        title:
          "[13.2 step 2] counts only Suleiman's 2, not Suleiman's and Ibrahim's ratings together (INT-21, INT-22, INT-28)",
        patch: ottomanInterceptors,
        move: toGraz,
        attempt: fromAgram({ regulars: 5, cavalry: 2, leaders: ['suleiman', 'ibrahim-pasha'] }),
        modifiers: [[2], [1]],
        dice: [3, 2],
        total: 8,
        success: false,
      },
      {
        title: '[13.2 step 2] gives Ibrahim leading on his own his rating of 1 (INT-21)',
        patch: ottomanInterceptors,
        move: toGraz,
        attempt: fromAgram({ regulars: 5, leaders: ['ibrahim-pasha'] }),
        modifiers: [[1]],
        dice: [6, 2],
        total: 9,
        success: true,
      },
      // Ruling R1: Telescope adds +1 to its holder's interception rolls.
      {
        title: "[13.2 step 2, ruling R1] adds +1 for the Hapsburg's Telescope: a raw 7 then succeeds (INT-21, INT-24)",
        patch: telescope('hapsburg'),
        move: SULEIMAN,
        attempt: CHARLES,
        modifiers: [[2], [-1], [1, 'R1']],
        dice: [3, 4],
        total: 9,
        success: true,
      },
      {
        title: "[13.2 step 2, ruling R1] adds nothing to the Hapsburg for the Ottoman's Telescope (INT-21)",
        patch: telescope('ottoman'),
        move: SULEIMAN,
        attempt: CHARLES,
        modifiers: [[2], [-1]],
        dice: [3, 4],
        total: 8,
        success: false,
      },
    ]),
  )('%s', ([, row]) => {
    const { w, state } = setUp(row.patch, row.move);
    const args = attemptArgs(state, row.attempt);
    expect(checkInterception(w, args)).toEqual({ ok: true });
    const mods = interceptionModifiers(w, {
      power: row.attempt.power,
      pieces: interceptingPieces(w, args),
      opposing: state.leg.formation,
    });
    expect(mods.map((m) => [m.count, m.ruling])).toEqual(row.modifiers.map(([value, ruling]) => [value, ruling]));
    for (const m of mods) {
      expect(m.rule).toBe('13.2 step 2');
      // A 2d6 modifier adds to the total: no dice of its own.
      expect(m.hitOn).toBeNull();
      const reason = modifierOf(w, m).reason;
      expect(reason.en).not.toBe('');
      expect(reason.ru).toMatch(/[а-яё]/i);
    }
    expect(rollTotal(row.dice, mods)).toBe(row.total);
    expect(isRollSuccess(rollTotal(row.dice, mods))).toBe(row.success);
  });

  test('[13.2 step 2] names the leader whose rating is added (INT-21)', () => {
    const { w, state } = setUp(VIENNA, SULEIMAN);
    const args = attemptArgs(state, CHARLES);
    const [rating] = interceptionModifiers(w, {
      power: 'hapsburg',
      pieces: interceptingPieces(w, args),
      opposing: state.leg.formation,
    });
    expect(rating?.source).toEqual({ kind: 'leader', leader: 'charles-v' });
    expect(modifierOf(w, rating!).reason.en).toContain('Charles V');
    expect(modifierOf(w, rating!).reason.ru).toContain('Карла V');
  });
});

describe('isRollSuccess', () => {
  test.for(
    titled([
      { title: '[13.2 step 2] fails a modified total of 8 (INT-24)', total: 8, success: false },
      { title: '[13.2 step 2] succeeds on a modified total of 9 (INT-24)', total: 9, success: true },
      { title: '[13.2 step 2] fails a modified total of 1, a double one with −1 (INT-24)', total: 1, success: false },
      {
        title: '[13.2 step 2] succeeds on a modified total of 15, a double six with +3 (INT-24)',
        total: 15,
        success: true,
      },
    ]),
  )('%s', ([, row]) => {
    expect(isRollSuccess(row.total)).toBe(row.success);
  });

  // RULES.md §2: −1 → 6/36, 0 → 10/36, +1 → 15/36, +2 → 21/36, +3 → 26/36; no automatic results on any dice.
  test.for(
    titled([
      { title: '[13.2 step 2] succeeds on 6 of 36 rolls with −1 (INT-24)', modifier: -1, successes: 6 },
      { title: '[13.2 step 2] succeeds on 10 of 36 rolls with no modifier (INT-24)', modifier: 0, successes: 10 },
      { title: '[13.2 step 2] succeeds on 15 of 36 rolls with +1 (INT-24)', modifier: 1, successes: 15 },
      { title: '[13.2 step 2] succeeds on 21 of 36 rolls with +2 (INT-24)', modifier: 2, successes: 21 },
      { title: '[13.2 step 2] succeeds on 26 of 36 rolls with +3 (INT-24)', modifier: 3, successes: 26 },
    ]),
  )('%s', ([, row]) => {
    const mod = { source: { kind: 'telescope' }, rule: '13.2 step 2', count: row.modifier, hitOn: null } as const;
    let successes = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (isRollSuccess(rollTotal([a, b], [mod]))) successes++;
    expect(successes).toBe(row.successes);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 13.2, 3.2: who is asked next

describe('nextInterceptor', () => {
  // The Hapsburg marches from Vienna to Graz; Ottoman stacks in Agram and Mohacs, a French one in Trieste.
  const GRAZ_ENEMIES: ScenarioPatch = {
    war: [
      ['ottoman', 'hapsburg'],
      ['france', 'hapsburg'],
    ],
    control: { agram: 'ottoman', mohacs: 'ottoman', trieste: 'france' },
    stacks: [
      { space: 'vienna', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] },
      { space: 'agram', power: 'ottoman', regulars: 4, leaders: ['ibrahim-pasha'] },
      { space: 'mohacs', power: 'ottoman', regulars: 3 },
      { space: 'trieste', power: 'france', regulars: 3, leaders: ['montmorency'] },
    ],
    ...turn('hapsburg'),
  };
  const toGraz: MoveSpec = { from: 'vienna', to: 'graz', request: { regulars: 4, leaders: ['ferdinand'] } };
  const intoOwnVienna: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'linz', power: 'hapsburg', regulars: 4 },
      { space: 'pressburg', power: 'ottoman', regulars: 6 },
    ],
    ...turn('hapsburg'),
  };
  const salzburgOnly: ScenarioPatch = { ...GRAZ, stacks: (GRAZ.stacks ?? []).filter((s) => s.space !== 'vienna') };

  interface NextRow {
    readonly title: string;
    readonly patch: ScenarioPatch;
    readonly move: MoveSpec;
    readonly state?: StatePatch;
    readonly next: MajorPower | undefined;
  }
  test.for(
    titled<NextRow>([
      {
        title: '[13.2] asks the Hapsburg first in the rulebook example (INT-01, INT-15)',
        patch: VIENNA,
        move: SULEIMAN,
        next: 'hapsburg',
      },
      {
        title: '[13.2, 3.2] asks the Ottoman before France, in impulse order (INT-15)',
        patch: GRAZ_ENEMIES,
        move: toGraz,
        next: 'ottoman',
      },
      {
        title: '[13.2, 3.2] asks France once the Ottoman has declined (INT-15)',
        patch: GRAZ_ENEMIES,
        move: toGraz,
        state: { declined: ['ottoman'] },
        next: 'france',
      },
      {
        title: '[13.2, 3.2] asks France once both Ottoman spaces failed their attempts (INT-15, INT-18)',
        patch: GRAZ_ENEMIES,
        move: toGraz,
        state: { usedSpaces: ['agram', 'mohacs'] },
        next: 'france',
      },
      {
        title: '[13.2 step 3] asks the successful Ottoman again while Mohacs has not tried (INT-17)',
        patch: GRAZ_ENEMIES,
        move: toGraz,
        state: { successPower: 'ottoman', usedSpaces: ['agram'] },
        next: 'ottoman',
      },
      {
        title: '[13.2 step 3] asks no one else, not France, once the Ottoman succeeded and has no space left (INT-16)',
        patch: GRAZ_ENEMIES,
        move: toGraz,
        state: { successPower: 'ottoman', usedSpaces: ['agram', 'mohacs'] },
        next: undefined,
      },
      {
        title: '[13.2 step 3] asks no one once the successful Ottoman declines more attempts (INT-16)',
        patch: GRAZ_ENEMIES,
        move: toGraz,
        state: { successPower: 'ottoman', usedSpaces: ['agram'], declined: ['ottoman'] },
        next: undefined,
      },
      {
        title: '[13.2] asks no one once every power has declined (INT-15)',
        patch: GRAZ_ENEMIES,
        move: toGraz,
        state: { declined: ['ottoman', 'france'] },
        next: undefined,
      },
      {
        title: '[13.2] asks no one about a retreat (INT-06)',
        patch: GRAZ_ENEMIES,
        move: { ...toGraz, kind: 'retreat' },
        next: undefined,
      },
      {
        title: '[22.1] never asks an inactive Hungary, adjacent though it is (INT-03)',
        patch: MOHACS,
        move: TO_MOHACS,
        next: undefined,
      },
      {
        title: "[13.2] asks no one about a move into the mover's own unbesieged Vienna (INT-11)",
        patch: intoOwnVienna,
        move: { from: 'linz', to: 'vienna', request: { regulars: 4 } },
        next: undefined,
      },
      {
        title: '[2.5] asks no one when the only Hapsburg stack is across the pass in Salzburg (INT-05)',
        patch: salzburgOnly,
        move: IBRAHIM_TO_GRAZ,
        next: undefined,
      },
    ]),
  )('%s', ([, row]) => {
    const { w, state } = setUp(row.patch, row.move, row.state);
    expect(nextInterceptor(w, state)).toBe(row.next);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 13.2 step 1: which adjacent stacks may try

describe('interceptionCandidates', () => {
  const grazAround = plus(
    GRAZ,
    { space: 'trieste', power: 'hapsburg', regulars: 2, attemptedInterception: true },
    { space: 'mohacs', power: 'hapsburg', regulars: 5 },
    { space: 'mohacs', power: 'hapsburg', regulars: 2, attemptedInterception: true },
  );
  interface CandidateRow {
    readonly title: string;
    readonly patch: ScenarioPatch;
    readonly move: MoveSpec;
    readonly state?: StatePatch;
    readonly power: MajorPower;
    /** Candidate spaces with the land units that may join an attempt from there. */
    readonly candidates: Readonly<Record<string, number>>;
    readonly blocked: Readonly<Record<string, Refused>>;
  }
  test.for(
    titled<CandidateRow>([
      {
        title: '[13.2] offers the Hapsburg its Graz stack in the rulebook example (INT-04)',
        patch: VIENNA,
        move: SULEIMAN,
        power: 'hapsburg',
        candidates: { graz: 8 },
        blocked: {},
      },
      // Mohacs: only the 5 regulars that have not tried this impulse may join (ruling R12).
      {
        title:
          "[13.2] offers Vienna and Mohacs but blocks Salzburg across the pass and Trieste's marked units (INT-05, INT-07)",
        patch: grazAround,
        move: IBRAHIM_TO_GRAZ,
        power: 'hapsburg',
        candidates: { vienna: 3, mohacs: 5 },
        blocked: {
          salzburg: { code: 'isNotAcrossPass', rule: '2.5' },
          trieste: { code: 'haveNotAttemptedInterception', rule: '13.2', ruling: 'R12' },
        },
      },
      {
        title: '[13.2 step 4] blocks Vienna once it has made its attempt (INT-18)',
        patch: grazAround,
        move: IBRAHIM_TO_GRAZ,
        power: 'hapsburg',
        state: { usedSpaces: ['vienna'] },
        candidates: { mohacs: 5 },
        blocked: {
          vienna: { code: 'isSpaceNotUsed', rule: '13.2 step 4' },
          salzburg: { code: 'isNotAcrossPass', rule: '2.5' },
          trieste: { code: 'haveNotAttemptedInterception', rule: '13.2', ruling: 'R12' },
        },
      },
      {
        title: '[13.2] blocks the Hapsburg units besieged in Vienna (INT-08)',
        patch: VIENNA_BESIEGED,
        move: IBRAHIM_TO_GRAZ,
        power: 'hapsburg',
        candidates: { trieste: 2 },
        blocked: { vienna: { code: 'areInterceptorsNotBesieged', rule: '13.2' } },
      },
      {
        title: '[13.2] blocks the garrison of Buda against its departing besiegers (INT-09)',
        patch: BUDA_BESIEGED,
        move: BESIEGERS_OUT,
        power: 'hapsburg',
        candidates: { vienna: 3 },
        blocked: { buda: { code: 'areInterceptorsNotBesieged', rule: '13.2' } },
      },
      {
        title: '[13.2] blocks France, at peace with the Ottoman, in every space (INT-01)',
        patch: linzGuest('france', [], []),
        move: SULEIMAN,
        power: 'france',
        candidates: {},
        blocked: { linz: { code: 'isAtWarWithMover', rule: '13.2' } },
      },
    ]),
  )('%s', ([, row]) => {
    const { w, state } = setUp(row.patch, row.move, row.state);
    const { candidates, blocked } = interceptionCandidates(w, state, row.power);
    const units = (c: (typeof candidates)[number]) =>
      c.stacks.reduce((n, s) => n + s.regulars + s.mercenaries + s.cavalry, 0);
    expect(Object.fromEntries(candidates.map((c) => [c.from, units(c)]))).toEqual(row.candidates);
    expect(
      Object.fromEntries(
        blocked.map((b) => [b.from, { code: b.refusal.code, rule: b.refusal.rule, ruling: b.refusal.ruling }]),
      ),
    ).toEqual(Object.fromEntries(Object.entries(row.blocked).map(([from, r]) => [from, { ruling: undefined, ...r }])));
    for (const c of candidates)
      expect(c.stacks.every((s) => !s.attemptedInterception && s.space === c.from)).toBe(true);
  });

  test("[13.2] blocks a move into the mover's own unbesieged Vienna with 13.2's reason (INT-11)", () => {
    const patch: ScenarioPatch = {
      war: [['ottoman', 'hapsburg']],
      control: { pressburg: 'ottoman' },
      stacks: [
        { space: 'linz', power: 'hapsburg', regulars: 4 },
        { space: 'pressburg', power: 'ottoman', regulars: 6 },
      ],
      ...turn('hapsburg'),
    };
    const { w, state } = setUp(patch, { from: 'linz', to: 'vienna', request: { regulars: 4 } });
    const { candidates, blocked } = interceptionCandidates(w, state, 'ottoman');
    expect(candidates).toEqual([]);
    expect(blocked.map((b) => [b.from, b.refusal.code, b.refusal.rule])).toEqual([
      ['pressburg', 'isDestinationOpenToInterception', '13.2'],
    ]);
    expect(blocked[0] && reasonOf(w, blocked[0].refusal).en).toContain('Vienna');
  });
});

describe('largestFormation', () => {
  interface LargestRow {
    readonly title: string;
    readonly stack: StackInput;
    readonly largest: Units;
  }
  test.for(
    titled<LargestRow>([
      {
        title: '[13.2 step 1] sends Charles V with 10 of the 12 regulars in Graz (INT-10, INT-20)',
        stack: { space: 'graz', power: 'hapsburg', regulars: 12, leaders: ['charles-v'] },
        largest: { regulars: 10, mercenaries: 0, cavalry: 0, leaders: ['charles-v'] },
      },
      {
        title: '[13.2 step 1] sends 4 of 6 regulars without a leader (INT-10, INT-20)',
        stack: { space: 'graz', power: 'hapsburg', regulars: 6 },
        largest: { regulars: 4, mercenaries: 0, cavalry: 0, leaders: [] },
      },
      // Cavalry first: an Ottoman formation with cavalry rolls +1 (13.2 step 2).
      {
        title: '[13.2 step 1] sends Ibrahim with his 3 cavalry first, then 3 regulars (INT-10, INT-22)',
        stack: { space: 'agram', power: 'ottoman', regulars: 5, cavalry: 3, leaders: ['ibrahim-pasha'] },
        largest: { regulars: 3, mercenaries: 0, cavalry: 3, leaders: ['ibrahim-pasha'] },
      },
      {
        title: '[13.2 step 1] sends Suleiman and Ibrahim with 18 of 22 land units (INT-10)',
        stack: { space: 'agram', power: 'ottoman', regulars: 20, cavalry: 2, leaders: ['suleiman', 'ibrahim-pasha'] },
        largest: { regulars: 16, mercenaries: 0, cavalry: 2, leaders: ['ibrahim-pasha', 'suleiman'] },
      },
    ]),
  )('%s', ([, row]) => {
    const w = world({ war: [['ottoman', 'hapsburg']], control: { agram: 'ottoman' }, stacks: [row.stack] });
    expect(largestFormation(w, stacksWhere(w.position, { space: row.stack.space }))).toEqual(row.largest);
  });
});
