// Truth tables for 13.1 (restrictions on a Move action), 11.1 / 2.5 (its cost) and 5.1 (formations).
// Every row builds its board through the scenario schema and checks the restriction alone and, unless the row says
// an earlier restriction refuses first, the whole move through checkMove.
import { describe, expect, test } from 'vitest';
import { connection } from '../../src/data/board.ts';
import { commandLimit, isOneMajorPower, isWithinCommandLimit, type FormationArgs } from '../../src/rules/formation.ts';
import { isHostile } from '../../src/rules/hostility.ts';
import {
  areLeadersOfActivePower,
  areNotBesiegingSinceThisImpulse,
  areNotUnderSiege,
  areUnitsInSpace,
  checkMove,
  ENTRY_RESTRICTIONS,
  hasCpForMove,
  haveNotLostBattleThisImpulse,
  isDestinationAdjacent,
  isDestinationLandSpace,
  isFormationNotEmpty,
  isFormationWithinCommand,
  isMoveSplitByPower,
  isNoLeaderStruckByGout,
  isProtestantFreeToMove,
  mayEnterControlledSpace,
  mayEnterElectorate,
  mayEnterOccupiedSpace,
  mayLeadersMoveAlone,
  movableStacks,
  MOVE_RESTRICTIONS,
  moveCost,
  occupancyAllows,
  type MoveArgs,
} from '../../src/rules/movement.ts';
import { stacksWhere } from '../../src/rules/stacks.ts';
import { check, type Restriction } from '../../src/rules/verdict.ts';
import type { World } from '../../src/rules/world.ts';
import type { MajorPower } from '../../src/schema/power.ts';
import type { Units } from '../../src/schema/units.ts';
import { plus, turn, u, VIENNA, world, type ScenarioPatch, type StackInput } from '../helpers/fixtures.ts';
import { titled } from '../helpers/rows.ts';
import { ALLOWS, forbids, TableIndex, truthTable, type Expected, type Refused } from '../helpers/truth-table.ts';

// ---------------------------------------------------------------------------------------------------------------
// Boards

/** The rulebook example's move: Suleiman, Ibrahim, 7 regulars and 1 cavalry from Pressburg to Vienna (RULES.md §6). */
const SULEIMAN = { regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] };

/** Ferdinand and 2 regulars at home in Vienna, Hapsburg impulse. */
const HAPSBURG_HOME: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] }],
  ...turn('hapsburg', 2),
};

/** The Ottoman besieges Vienna (2 Hapsburg regulars and Ferdinand inside); Ibrahim waits in Pressburg, Charles in Linz. */
const VIENNA_SIEGE: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  control: { pressburg: 'ottoman' },
  stacks: [
    { space: 'vienna', power: 'ottoman', regulars: 5, leaders: ['suleiman'] },
    { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'], inside: true },
    { space: 'pressburg', power: 'ottoman', regulars: 3, leaders: ['ibrahim-pasha'] },
    { space: 'linz', power: 'hapsburg', regulars: 4, leaders: ['charles-v'] },
  ],
  sieges: [{ space: 'vienna', by: ['ottoman'] }],
  ...turn('ottoman', 2),
};

/** The Ottoman besieges Hungarian Buda; `thisImpulse` says whether the siege began in this impulse. */
const budaSiege = (thisImpulse: boolean): ScenarioPatch => ({
  war: [['ottoman', 'hungary']],
  stacks: [
    { space: 'buda', power: 'ottoman', regulars: 5, leaders: ['ibrahim-pasha'] },
    { space: 'buda', power: 'hungary', regulars: 2, inside: true },
  ],
  sieges: [{ space: 'buda', by: ['ottoman'], thisImpulse }],
  ...turn('ottoman'),
});

/** Rulebook 5.1 example: Suleiman and Ibrahim in Buda with 12 regulars and 2 cavalry. */
const BUDA_ARMY: ScenarioPatch = {
  control: { buda: 'ottoman', pressburg: 'ottoman' },
  stacks: [{ space: 'buda', power: 'ottoman', regulars: 12, cavalry: 2, leaders: ['suleiman', 'ibrahim-pasha'] }],
  ...turn('ottoman'),
};

/** Hapsburg and English units side by side in Linz (allies), Hapsburg impulse. */
const LINZ_ALLIES: ScenarioPatch = {
  alliances: [['hapsburg', 'england']],
  stacks: [
    { space: 'linz', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
    { space: 'linz', power: 'england', regulars: 3, leaders: ['charles-brandon'] },
  ],
  ...turn('hapsburg'),
};

/** Hapsburg and Hungarian units in Vienna, with or without the alliance that makes Hungary an active minor (22.3). */
const viennaWithHungary = (allied: boolean): ScenarioPatch => ({
  alliances: allied ? [['hapsburg', 'hungary']] : [],
  stacks: [
    { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
    { space: 'vienna', power: 'hungary', regulars: 3 },
  ],
  ...turn('hapsburg'),
});

// ---------------------------------------------------------------------------------------------------------------
// Move truth tables

interface MoveRow {
  readonly title: string;
  readonly patch: ScenarioPatch;
  readonly from: string;
  readonly to: string;
  readonly request: Partial<Units>;
  /** Defaults to the scenario's impulse power and CP. */
  readonly power?: MajorPower;
  readonly cp?: number;
  readonly expect: Expected;
  /** Judge only this restriction: another one refuses the whole move first (the row's comment says which). */
  readonly alone?: boolean;
}

function moveArgs(w: World, row: MoveRow): MoveArgs {
  return {
    power: row.power ?? w.position.impulse.power,
    from: row.from,
    to: row.to,
    request: u(row.request),
    cp: row.cp ?? w.position.impulse.cp,
  };
}

const tables = new TableIndex();

/** One restriction's truth table: each row is judged by the restriction alone and (unless `alone`) by checkMove. */
function moveTable(r: Restriction<MoveArgs>, refusal: Refused, rows: readonly MoveRow[]): void {
  tables.add(r.name, rows);
  truthTable({
    refusal,
    rows,
    judge: (row) => {
      const w = world(row.patch);
      const args = moveArgs(w, row);
      return { world: w, verdicts: [check(r, w, args), ...(row.alone ? [] : [checkMove(w, args)])] };
    },
  });
}

describe('isDestinationLandSpace', () => {
  const trieste: ScenarioPatch = {
    stacks: [{ space: 'trieste', power: 'hapsburg', regulars: 2 }],
    ...turn('hapsburg'),
  };
  moveTable(isDestinationLandSpace, { code: 'isDestinationLandSpace', rule: '13.1' }, [
    {
      title: '[13.1] allows a move between two land spaces, Pressburg to Vienna (MOV-03)',
      patch: VIENNA,
      from: 'pressburg',
      to: 'vienna',
      request: SULEIMAN,
      expect: ALLOWS,
    },
    {
      title: '[13.1] forbids a land move into the Adriatic sea zone (MOV-03)',
      patch: trieste,
      from: 'trieste',
      to: 'adriatic',
      request: { regulars: 2 },
      expect: forbids(['adriatic', 'sea zone'], ['adriatic', 'морская зона']),
    },
    {
      title: '[13.1] forbids a land move out of a sea zone (MOV-03)',
      patch: trieste,
      from: 'adriatic',
      to: 'trieste',
      request: { regulars: 2 },
      expect: forbids(['adriatic', 'sea zone'], ['adriatic']),
    },
    {
      title: '[13.1] forbids a move into a space the board does not have (MOV-03)',
      patch: trieste,
      from: 'trieste',
      to: 'atlantis',
      request: { regulars: 2 },
      expect: forbids(["'atlantis'"], ['«atlantis»']),
    },
  ]);
});

describe('isDestinationAdjacent', () => {
  moveTable(isDestinationAdjacent, { code: 'isDestinationAdjacent', rule: '13.1' }, [
    {
      title: '[13.1] allows a move into an adjacent space, Pressburg to Vienna (MOV-03)',
      patch: VIENNA,
      from: 'pressburg',
      to: 'vienna',
      request: SULEIMAN,
      expect: ALLOWS,
    },
    // Graz is two spaces from Pressburg (via Vienna): RULES.md §9.
    {
      title: '[13.1] forbids a move from Pressburg straight to Graz, two spaces away (MOV-03)',
      patch: VIENNA,
      from: 'pressburg',
      to: 'graz',
      request: SULEIMAN,
      expect: forbids(['Graz', 'Pressburg', 'adjacent'], ['Грац', 'Пресбург']),
    },
    {
      title: '[13.1] forbids a "move" that stays in its own space (MOV-03)',
      patch: VIENNA,
      from: 'pressburg',
      to: 'pressburg',
      request: SULEIMAN,
      expect: forbids(['Pressburg'], ['Пресбург']),
    },
  ]);
});

describe('isFormationNotEmpty', () => {
  moveTable(isFormationNotEmpty, { code: 'isFormationNotEmpty', rule: '13.1' }, [
    {
      title: '[13.1] forbids a Move action with no unit and no leader (MOV-03)',
      patch: VIENNA,
      from: 'pressburg',
      to: 'vienna',
      request: {},
      expect: forbids(['at least one'], ['хотя бы одна']),
    },
    {
      title: '[13.1] allows a formation of one army leader and no land units (MOV-03, MOV-22)',
      patch: HAPSBURG_HOME,
      from: 'vienna',
      to: 'linz',
      request: { leaders: ['ferdinand'] },
      expect: ALLOWS,
    },
  ]);
});

describe('isNoLeaderStruckByGout', () => {
  // Ruling R26: Gout, played against an earlier move of this impulse, struck Suleiman.
  const gout = (leaders: string[]): ScenarioPatch => ({
    ...VIENNA,
    impulse: { power: 'ottoman', cp: 2, ...(leaders.length ? { gout: leaders } : {}) },
  });
  moveTable(isNoLeaderStruckByGout, { code: 'isNoLeaderStruckByGout', rule: '13.1', ruling: 'R26' }, [
    {
      title: '[13.1, ruling R26] allows Suleiman to move when no Gout was played this impulse',
      patch: gout([]),
      from: 'pressburg',
      to: 'vienna',
      request: SULEIMAN,
      expect: ALLOWS,
    },
    {
      title: '[13.1, ruling R26] allows the rest of the stack to move without Suleiman, struck by Gout',
      patch: gout(['suleiman']),
      from: 'pressburg',
      to: 'vienna',
      request: { regulars: 5, cavalry: 1, leaders: ['ibrahim-pasha'] },
      expect: ALLOWS,
    },
    {
      title: '[13.1, ruling R26] forbids Suleiman, struck by Gout this impulse, to move',
      patch: gout(['suleiman']),
      from: 'pressburg',
      to: 'vienna',
      request: SULEIMAN,
      expect: forbids(
        ['Suleiman', 'Gout (#32)', 'may not move'],
        ['Сулейман', 'после карты «Подагра» (№32)', 'не может двигаться'],
      ),
    },
  ]);
});

describe('areLeadersOfActivePower', () => {
  moveTable(areLeadersOfActivePower, { code: 'areLeadersOfActivePower', rule: '5.1' }, [
    {
      title: '[5.1] allows the Hapsburg to move Ferdinand out of Linz beside English allies (MOV-10)',
      patch: LINZ_ALLIES,
      from: 'linz',
      to: 'vienna',
      request: { regulars: 2, leaders: ['ferdinand'] },
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids the Hapsburg to take the English leader Charles Brandon along (MOV-10)',
      patch: LINZ_ALLIES,
      from: 'linz',
      to: 'vienna',
      request: { regulars: 2, leaders: ['ferdinand', 'charles-brandon'] },
      expect: forbids(['Charles Brandon', 'Hapsburg'], ['Чарльз Брэндон', 'Габсбургов']),
    },
    // A besieger and the besieged share a space: Ferdinand inside Vienna is no Ottoman leader.
    {
      title: '[5.1] forbids the Ottoman to take the besieged Ferdinand out of Vienna (MOV-10)',
      patch: VIENNA_SIEGE,
      from: 'vienna',
      to: 'pressburg',
      request: { regulars: 5, leaders: ['suleiman', 'ferdinand'] },
      expect: forbids(['Ferdinand', 'Ottoman'], ['Фердинанд']),
    },
  ]);
});

describe('areUnitsInSpace', () => {
  const split: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    control: { pressburg: 'ottoman', buda: 'ottoman' },
    stacks: [
      { space: 'pressburg', power: 'ottoman', regulars: 4, leaders: ['suleiman'] },
      { space: 'buda', power: 'ottoman', regulars: 2, leaders: ['ibrahim-pasha'] },
    ],
    ...turn('ottoman'),
  };
  const budaAlone: ScenarioPatch = { stacks: [{ space: 'buda', power: 'hungary', regulars: 3 }], ...turn('hapsburg') };
  moveTable(areUnitsInSpace, { code: 'areUnitsInSpace', rule: '13.1' }, [
    {
      title: '[13.1] allows the whole rulebook formation that starts in Pressburg (MOV-04)',
      patch: VIENNA,
      from: 'pressburg',
      to: 'vienna',
      request: SULEIMAN,
      expect: ALLOWS,
    },
    {
      title: '[13.1] forbids moving 8 regulars out of Pressburg, which holds 7 (MOV-04)',
      patch: VIENNA,
      from: 'pressburg',
      to: 'vienna',
      request: { regulars: 8 },
      expect: forbids(['Pressburg', '8 regulars'], ['Пресбург', '8 регулярных частей']),
    },
    {
      title: '[13.1] forbids a formation whose leaders start in two spaces, Pressburg and Buda (MOV-04)',
      patch: split,
      from: 'pressburg',
      to: 'vienna',
      request: { regulars: 4, leaders: ['suleiman', 'ibrahim-pasha'] },
      expect: forbids(['Pressburg', 'Ibrahim Pasha'], ['Пресбург', 'Ибрагим-паша']),
    },
    {
      title: '[13.1] allows Hapsburg and allied Hungarian regulars to move together (MOV-11)',
      patch: viennaWithHungary(true),
      from: 'vienna',
      to: 'linz',
      request: { regulars: 5, leaders: ['ferdinand'] },
      expect: ALLOWS,
    },
    {
      title: '[13.1] forbids taking along the regulars of an inactive Hungary (MOV-11, MOV-33)',
      patch: viennaWithHungary(false),
      from: 'vienna',
      to: 'linz',
      request: { regulars: 5, leaders: ['ferdinand'] },
      expect: forbids(['Vienna', 'inactive minor', '22.1'], ['Вене', 'неактивной']),
    },
    {
      title: '[13.1] forbids moving the units of an inactive minor power out of Buda (MOV-33)',
      patch: budaAlone,
      from: 'buda',
      to: 'pressburg',
      request: { regulars: 3 },
      expect: forbids(['Buda', '22.1'], ['Буде', '22.1']),
    },
    {
      title: '[13.1] forbids the Hapsburg to move allied English regulars with its own (MOV-10)',
      patch: LINZ_ALLIES,
      from: 'linz',
      to: 'vienna',
      request: { regulars: 4, leaders: ['ferdinand'] },
      expect: forbids(['Linz', 'Hapsburg'], ['Линц']),
    },
  ]);
});

describe('haveNotLostBattleThisImpulse', () => {
  // Suleiman's 3 regulars lost a battle this impulse; Ibrahim's 4 regulars joined them afterwards (ruling R12 marks).
  const lost: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'pressburg', power: 'ottoman', regulars: 3, leaders: ['suleiman'], lostBattle: true },
      { space: 'pressburg', power: 'ottoman', regulars: 4, leaders: ['ibrahim-pasha'] },
    ],
    ...turn('ottoman'),
  };
  moveTable(haveNotLostBattleThisImpulse, { code: 'haveNotLostBattleThisImpulse', rule: '13.1', ruling: 'R12' }, [
    {
      title: '[13.1, ruling R12] forbids a formation that lost a field battle this impulse to move again (MOV-20)',
      patch: lost,
      from: 'pressburg',
      to: 'vienna',
      request: { regulars: 7, leaders: ['suleiman', 'ibrahim-pasha'] },
      expect: forbids(['Pressburg', 'lost a field battle'], ['Пресбург', 'проигравшие']),
    },
    {
      title: '[13.1, ruling R12] allows the units that did not lose to move (MOV-20)',
      patch: lost,
      from: 'pressburg',
      to: 'vienna',
      request: { regulars: 4, leaders: ['ibrahim-pasha'] },
      expect: ALLOWS,
    },
    {
      title: '[13.1, ruling R12] forbids one regular more than the units that did not lose (MOV-20)',
      patch: lost,
      from: 'pressburg',
      to: 'vienna',
      request: { regulars: 5, leaders: ['ibrahim-pasha'] },
      expect: forbids(['Pressburg'], ['в Пресбурге']),
    },
    {
      title: '[13.1, ruling R12] forbids a leader who lost a field battle this impulse to move (MOV-20)',
      patch: lost,
      from: 'pressburg',
      to: 'vienna',
      request: { regulars: 4, leaders: ['suleiman'] },
      expect: forbids(['Pressburg'], ['в Пресбурге']),
    },
  ]);
});

describe('areNotUnderSiege', () => {
  const insideNoSiege: ScenarioPatch = {
    stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'], inside: true }],
    ...turn('hapsburg'),
  };
  moveTable(areNotUnderSiege, { code: 'areNotUnderSiege', rule: '15' }, [
    {
      title: '[15] forbids the units besieged inside Vienna to move out (SIE-02)',
      patch: VIENNA_SIEGE,
      power: 'hapsburg',
      from: 'vienna',
      to: 'linz',
      request: { regulars: 2, leaders: ['ferdinand'] },
      expect: forbids(['Vienna', 'under siege'], ['Вены', 'осаждены']),
    },
    // Units that went inside once the enemy left are no longer besieged (15.3).
    {
      title: '[15] allows units inside Vienna to move when no siege is laid (SIE-02)',
      patch: insideNoSiege,
      from: 'vienna',
      to: 'linz',
      request: { regulars: 2, leaders: ['ferdinand'] },
      expect: ALLOWS,
    },
  ]);
});

describe('areNotBesiegingSinceThisImpulse', () => {
  moveTable(areNotBesiegingSinceThisImpulse, { code: 'areNotBesiegingSinceThisImpulse', rule: '13.1' }, [
    {
      title: '[13.1] forbids besiegers who laid the siege of Buda this impulse to move on (MOV-21)',
      patch: budaSiege(true),
      from: 'buda',
      to: 'pressburg',
      request: { regulars: 5, leaders: ['ibrahim-pasha'] },
      expect: forbids(['Buda', 'earlier this impulse'], ['Буду']),
    },
    {
      title: '[13.1] allows besiegers of Buda to move when the siege began in an earlier impulse (MOV-21)',
      patch: budaSiege(false),
      from: 'buda',
      to: 'pressburg',
      request: { regulars: 5, leaders: ['ibrahim-pasha'] },
      expect: ALLOWS,
    },
  ]);
});

describe('isWithinCommandLimit (Move action)', () => {
  const horde = plus(
    { ...BUDA_ARMY, stacks: [] },
    { space: 'buda', power: 'ottoman', regulars: 19, leaders: ['suleiman', 'ibrahim-pasha'] },
  );
  const threeLeaders: ScenarioPatch = {
    stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 17, leaders: ['charles-v', 'ferdinand', 'duke-of-alva'] }],
    ...turn('hapsburg'),
  };
  const buda = { patch: BUDA_ARMY, from: 'buda', to: 'pressburg' };
  moveTable(isFormationWithinCommand, { code: 'isWithinCommandLimit', rule: '5.1' }, [
    // Rulebook 5.1 example: both leaders are needed to move all 14 units.
    {
      title: '[5.1] allows all 14 units of the Buda army under Suleiman and Ibrahim (MOV-07, MOV-09)',
      ...buda,
      request: { regulars: 12, cavalry: 2, leaders: ['suleiman', 'ibrahim-pasha'] },
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids 14 units under Suleiman alone (MOV-06, MOV-09)',
      ...buda,
      request: { regulars: 12, cavalry: 2, leaders: ['suleiman'] },
      expect: forbids(['14', 'Suleiman', 'at most 12'], ['14', 'Сулейман', '12']),
    },
    {
      title: '[5.1] allows 12 units under Suleiman alone (MOV-06, MOV-09)',
      ...buda,
      request: { regulars: 10, cavalry: 2, leaders: ['suleiman'] },
      expect: ALLOWS,
    },
    {
      title: '[5.1] allows 6 units under Ibrahim alone (MOV-06, MOV-09)',
      ...buda,
      request: { regulars: 6, leaders: ['ibrahim-pasha'] },
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids 7 units under Ibrahim alone (MOV-06, MOV-09)',
      ...buda,
      request: { regulars: 7, leaders: ['ibrahim-pasha'] },
      expect: forbids(['7', 'Ibrahim Pasha', 'at most 6'], ['7', 'Ибрагима-паши', '6']),
    },
    {
      title: '[5.1] allows 4 units without a leader (MOV-05, MOV-09)',
      ...buda,
      request: { regulars: 4 },
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids 5 units without a leader (MOV-05, MOV-09)',
      ...buda,
      request: { regulars: 5 },
      expect: forbids(['5', 'no leader', '4'], ['5', 'без командующего', '4']),
    },
    // Ruling R6: cavalry are land units and count toward the limit.
    {
      title: '[5.1, ruling R6] forbids 11 regulars and 2 cavalry under Suleiman alone (MOV-06)',
      ...buda,
      request: { regulars: 11, cavalry: 2, leaders: ['suleiman'] },
      expect: forbids(['13', 'Suleiman'], ['13', 'Сулейман']),
    },
    {
      title:
        '[5.1] allows 18 units under Suleiman and Ibrahim; the leaders themselves do not count (MOV-07, MOV-08, MOV-09)',
      patch: horde,
      from: 'buda',
      to: 'pressburg',
      request: { regulars: 18, leaders: ['suleiman', 'ibrahim-pasha'] },
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids 19 units under Suleiman and Ibrahim (MOV-07, MOV-09)',
      patch: horde,
      from: 'buda',
      to: 'pressburg',
      request: { regulars: 19, leaders: ['suleiman', 'ibrahim-pasha'] },
      expect: forbids(['19', 'at most 18'], ['19', '18']),
    },
    // Three leaders: only the two highest ratings count, 10 + 6, not 10 + 6 + 6.
    {
      title: '[5.1] allows 16 units under Charles V, Ferdinand and Alva (MOV-07)',
      patch: threeLeaders,
      from: 'vienna',
      to: 'linz',
      request: { regulars: 16, leaders: ['charles-v', 'ferdinand', 'duke-of-alva'] },
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids 17 units under Charles V, Ferdinand and Alva (MOV-07)',
      patch: threeLeaders,
      from: 'vienna',
      to: 'linz',
      request: { regulars: 17, leaders: ['charles-v', 'ferdinand', 'duke-of-alva'] },
      expect: forbids(['17', 'at most 16'], ['17', '16']),
    },
  ]);
});

describe('hasCpForMove', () => {
  const grazPass: ScenarioPatch = {
    control: { salzburg: 'hapsburg' },
    stacks: [{ space: 'graz', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] }],
    ...turn('hapsburg', 2),
  };
  const ferdinand = { regulars: 4, leaders: ['ferdinand'] };
  moveTable(hasCpForMove, { code: 'hasCpForMove', rule: '13.1 step 3' }, [
    // Rulebook example: "move the whole formation to Vienna for 1 CP".
    {
      title: '[13.1 step 3] allows Pressburg to Vienna with 1 CP left (MOV-01)',
      patch: VIENNA,
      from: 'pressburg',
      to: 'vienna',
      request: SULEIMAN,
      cp: 1,
      expect: ALLOWS,
    },
    {
      title: '[13.1 step 3] forbids Pressburg to Vienna with no CP left (MOV-01)',
      patch: VIENNA,
      from: 'pressburg',
      to: 'vienna',
      request: SULEIMAN,
      cp: 0,
      expect: forbids(['Pressburg', 'Vienna', 'costs 1 CP', '0 CP'], ['Пресбург', 'Вену', 'стоит 1 КО']),
    },
    {
      title: '[13.1 step 3] allows Graz to Salzburg over the pass with 2 CP (MOV-02)',
      patch: grazPass,
      from: 'graz',
      to: 'salzburg',
      request: ferdinand,
      cp: 2,
      expect: ALLOWS,
    },
    {
      title: '[13.1 step 3] forbids Graz to Salzburg over the pass with 1 CP (MOV-02)',
      patch: grazPass,
      from: 'graz',
      to: 'salzburg',
      request: ferdinand,
      cp: 1,
      expect: forbids(['Graz', 'Salzburg', 'over a pass costs 2 CP'], ['Грац', 'Зальцбург', 'горный проход', '2 КО']),
    },
    {
      title: '[13.1 step 3] allows Graz to Vienna, a clear connection, with 1 CP (MOV-01)',
      patch: grazPass,
      from: 'graz',
      to: 'vienna',
      request: ferdinand,
      cp: 1,
      expect: ALLOWS,
    },
  ]);
});

describe('mayEnterControlledSpace', () => {
  const innsbruck: ScenarioPatch = {
    stacks: [{ space: 'innsbruck', power: 'hapsburg', regulars: 3 }],
    ...turn('hapsburg'),
  };
  const viennaHapsburg = (alliances: ScenarioPatch['alliances']): ScenarioPatch => ({ ...HAPSBURG_HOME, alliances });
  const linz: ScenarioPatch = { stacks: [{ space: 'linz', power: 'hapsburg', regulars: 3 }], ...turn('hapsburg') };
  const budaOttoman: ScenarioPatch = {
    war: [['ottoman', 'hungary']],
    control: { buda: 'ottoman' },
    stacks: [{ space: 'buda', power: 'ottoman', regulars: 4 }],
    ...turn('ottoman'),
  };
  moveTable(mayEnterControlledSpace, { code: 'mayEnterControlledSpace', rule: '13.1' }, [
    {
      title: '[13.1] allows entering a space the active power controls, Linz (MOV-12)',
      patch: HAPSBURG_HOME,
      from: 'vienna',
      to: 'linz',
      request: { regulars: 2, leaders: ['ferdinand'] },
      expect: ALLOWS,
    },
    {
      title: '[13.1] allows entering an independent space, Zurich (MOV-12)',
      patch: innsbruck,
      from: 'innsbruck',
      to: 'zurich',
      request: { regulars: 3 },
      expect: ALLOWS,
    },
    {
      title: '[13.1] allows entering a space controlled by a power at war with the mover, Vienna (MOV-13)',
      patch: VIENNA,
      from: 'pressburg',
      to: 'vienna',
      request: SULEIMAN,
      expect: ALLOWS,
    },
    {
      title: '[13.1] allows entering a space controlled by an ally, Hungarian Pressburg (MOV-13)',
      patch: viennaHapsburg([['hapsburg', 'hungary']]),
      from: 'vienna',
      to: 'pressburg',
      request: { regulars: 2 },
      expect: ALLOWS,
    },
    {
      title: '[13.1] allows the Ottoman, at war with Hungary, into Hungarian Pressburg (MOV-13)',
      patch: budaOttoman,
      from: 'buda',
      to: 'pressburg',
      request: { regulars: 4 },
      expect: ALLOWS,
    },
    {
      title: '[13.1] forbids entering Pressburg while Hungary is neither at war with nor allied to the mover (MOV-13)',
      patch: viennaHapsburg([]),
      from: 'vienna',
      to: 'pressburg',
      request: { regulars: 2 },
      expect: forbids(['Pressburg', 'Hungary-Bohemia', 'Hapsburg'], ['Пресбург', 'Венгрии-Богемии', 'Габсбургами']),
    },
    // Ruling R15: Salzburg's home power is the Protestant, so it is Protestant-controlled unless the scenario says otherwise.
    {
      title: '[13.1, ruling R15] forbids entering Protestant Salzburg without war or alliance (MOV-13)',
      patch: linz,
      from: 'linz',
      to: 'salzburg',
      request: { regulars: 3 },
      expect: forbids(['Salzburg', 'Protestant'], ['Зальцбург', 'Протестантов']),
    },
  ]);
});

describe('mayEnterOccupiedSpace', () => {
  const linzGuest = (power: 'england' | 'france'): ScenarioPatch => ({
    ...HAPSBURG_HOME,
    alliances: [['hapsburg', 'england']],
    stacks: [...(HAPSBURG_HOME.stacks ?? []), { space: 'linz', power, regulars: 3 }],
  });
  // Hapsburg Graz holds Hapsburg regulars and a guest's; the Ottoman comes from Agram.
  const grazWith = (guest: 'england' | 'france', alliances: ScenarioPatch['alliances']): ScenarioPatch => ({
    war: [['ottoman', 'hapsburg']],
    alliances,
    control: { agram: 'ottoman' },
    stacks: [
      { space: 'agram', power: 'ottoman', regulars: 4, leaders: ['ibrahim-pasha'] },
      { space: 'graz', power: 'hapsburg', regulars: 2 },
      { space: 'graz', power: guest, regulars: 2 },
    ],
    ...turn('ottoman'),
  });
  // France besieges Hapsburg Vienna; the mover is `mover`, coming from Linz (England) or Pressburg (Ottoman).
  const frenchSiege = (
    war: ScenarioPatch['war'],
    alliances: ScenarioPatch['alliances'],
    mover: StackInput,
  ): ScenarioPatch => ({
    war,
    alliances,
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'vienna', power: 'france', regulars: 5, leaders: ['montmorency'] },
      { space: 'vienna', power: 'hapsburg', regulars: 2, inside: true },
      mover,
    ],
    sieges: [{ space: 'vienna', by: ['france'] }],
    ...turn(mover.power as MajorPower),
  });
  const ottomanPressburg: StackInput = { space: 'pressburg', power: 'ottoman', regulars: 4 };
  const milan = (siege: boolean): ScenarioPatch => ({
    war: [['hapsburg', 'france']],
    stacks: [
      { space: 'trent', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] },
      { space: 'milan', power: 'independent', regulars: 2, inside: siege },
      ...(siege ? [{ space: 'milan', power: 'france' as const, regulars: 3 }] : []),
    ],
    sieges: siege ? [{ space: 'milan', by: ['france' as const] }] : [],
    ...turn('hapsburg'),
  });
  const ibrahim = { regulars: 4, leaders: ['ibrahim-pasha'] };
  moveTable(mayEnterOccupiedSpace, { code: 'mayEnterOccupiedSpace', rule: '13.1' }, [
    {
      title: '[13.1] allows entering a space where every unit is an enemy, Ferdinand in Vienna (MOV-14)',
      patch: VIENNA,
      from: 'pressburg',
      to: 'vienna',
      request: SULEIMAN,
      expect: ALLOWS,
    },
    {
      title: '[13.1] allows entering a space where every unit is an ally, English regulars in Linz (MOV-14)',
      patch: linzGuest('england'),
      from: 'vienna',
      to: 'linz',
      request: { regulars: 2, leaders: ['ferdinand'] },
      expect: ALLOWS,
    },
    {
      title: '[13.1] forbids entering Linz while neutral French regulars stand there (MOV-14)',
      patch: linzGuest('france'),
      from: 'vienna',
      to: 'linz',
      request: { regulars: 2, leaders: ['ferdinand'] },
      expect: forbids(['Linz', 'France'], ['Линц', 'Франции']),
    },
    // 13.1 restriction 3, third case: England is no enemy of the Ottoman but stands with its Hapsburg ally in Hapsburg Graz.
    {
      title: '[13.1] allows entering enemy-controlled Graz held by the enemy and its English ally (MOV-17)',
      patch: grazWith('england', [['hapsburg', 'england']]),
      from: 'agram',
      to: 'graz',
      request: ibrahim,
      expect: ALLOWS,
    },
    {
      title:
        "[13.1] forbids entering enemy-controlled Graz where French units are not the controller's allies (MOV-14, MOV-17)",
      patch: grazWith('france', [['ottoman', 'france']]),
      from: 'agram',
      to: 'graz',
      request: ibrahim,
      expect: forbids(['Graz', 'Hapsburg', 'France'], ['Грац']),
    },
    // England is allied to both sides of the French siege of Hapsburg Vienna.
    {
      title: '[13.1] forbids entering a fortified space where one ally besieges another (MOV-15)',
      patch: frenchSiege(
        [['france', 'hapsburg']],
        [
          ['england', 'hapsburg'],
          ['england', 'france'],
        ],
        { space: 'linz', power: 'england', regulars: 3 },
      ),
      from: 'linz',
      to: 'vienna',
      request: { regulars: 3 },
      expect: forbids(['Vienna'], ['Вене']),
    },
    {
      title: '[13.1] forbids entering a fortified space where one enemy besieges another (MOV-16)',
      patch: frenchSiege(
        [
          ['ottoman', 'hapsburg'],
          ['ottoman', 'france'],
          ['france', 'hapsburg'],
        ],
        [],
        ottomanPressburg,
      ),
      from: 'pressburg',
      to: 'vienna',
      request: { regulars: 4 },
      expect: forbids(['Vienna', 'France', 'Hapsburg'], ['Вене']),
    },
    {
      title: '[13.1] allows joining the siege of Vienna laid by an allied power (MOV-18)',
      patch: frenchSiege(
        [
          ['ottoman', 'hapsburg'],
          ['france', 'hapsburg'],
        ],
        [['ottoman', 'france']],
        ottomanPressburg,
      ),
      from: 'pressburg',
      to: 'vienna',
      request: { regulars: 4 },
      expect: ALLOWS,
    },
    {
      title: "[13.1] allows joining the active power's own siege of Vienna (MOV-18)",
      patch: VIENNA_SIEGE,
      from: 'pressburg',
      to: 'vienna',
      request: { regulars: 3, leaders: ['ibrahim-pasha'] },
      expect: ALLOWS,
    },
    // Case (a), everything inside friendly and every besieger an enemy: entry is legal, and the move is a relief force
    // (15.2, ruling R35: test/rules/relief.test.ts).
    {
      title: '[13.1] allows entering a besieged space to relieve friendly units inside (MOV-18)',
      patch: VIENNA_SIEGE,
      power: 'hapsburg',
      from: 'linz',
      to: 'vienna',
      request: { regulars: 4, leaders: ['charles-v'] },
      expect: ALLOWS,
      alone: true,
    },
    {
      title: '[13.1, 22.6] allows entering Milan although independent regulars stand there (MOV-19)',
      patch: milan(false),
      from: 'trent',
      to: 'milan',
      request: { regulars: 4, leaders: ['ferdinand'] },
      expect: ALLOWS,
    },
    // "The mover may first have to fight enemy-power troops there before it can besiege the key" (13.1).
    {
      title: '[13.1, 22.6] allows entering Milan where the French besiege the independent garrison (MOV-19)',
      patch: milan(true),
      from: 'trent',
      to: 'milan',
      request: { regulars: 4, leaders: ['ferdinand'] },
      expect: ALLOWS,
    },
  ]);

  test("[13.1] treats the enemy controller's allies in the entered space as enemy units (MOV-17)", () => {
    const w = world(grazWith('england', [['hapsburg', 'england']]));
    expect(occupancyAllows(w, 'ottoman', 'graz')).toBe(true);
    expect(isHostile(w, 'ottoman', 'england', 'graz')).toBe(true);
    // In a space England controls it stays a neutral power for the Ottoman.
    expect(isHostile(w, 'ottoman', 'england', 'london')).toBe(false);
  });
});

describe('mayLeadersMoveAlone', () => {
  const linzWith = (stack: StackInput): ScenarioPatch => plus(HAPSBURG_HOME, stack);
  const emptyPressburg: ScenarioPatch = { ...HAPSBURG_HOME, control: { pressburg: 'ottoman' } };
  const ferdinand = { leaders: ['ferdinand'] };
  moveTable(mayLeadersMoveAlone, { code: 'mayLeadersMoveAlone', rule: '13.1', ruling: 'R2' }, [
    {
      title: '[13.1] allows Ferdinand to move alone into friendly, empty Linz (MOV-22)',
      patch: HAPSBURG_HOME,
      from: 'vienna',
      to: 'linz',
      request: ferdinand,
      expect: ALLOWS,
    },
    {
      title: '[13.1] forbids Ferdinand alone to enter Ottoman-held Pressburg (MOV-22)',
      patch: VIENNA,
      power: 'hapsburg',
      from: 'vienna',
      to: 'pressburg',
      request: ferdinand,
      expect: forbids(['Pressburg', 'without land units'], ['Пресбург']),
    },
    {
      title: '[13.1] forbids Ferdinand alone to enter an empty enemy-controlled space (MOV-22)',
      patch: emptyPressburg,
      from: 'vienna',
      to: 'pressburg',
      request: ferdinand,
      expect: forbids(['Pressburg', 'enemy-controlled'], ['Пресбург']),
    },
    {
      title: '[13.1] forbids Ferdinand alone to enter his own Linz while Ottoman land units stand there (MOV-22)',
      patch: linzWith({ space: 'linz', power: 'ottoman', regulars: 2 }),
      from: 'vienna',
      to: 'linz',
      request: ferdinand,
      expect: forbids(['Linz', 'enemy units'], ['Линц']),
    },
    // Ruling R2: a lone enemy leader is no "enemy unit"; he is captured when land units arrive.
    {
      title: '[13.1, ruling R2] allows Ferdinand alone into Linz where only the enemy leader Ibrahim stands (MOV-22)',
      patch: linzWith({ space: 'linz', power: 'ottoman', leaders: ['ibrahim-pasha'] }),
      from: 'vienna',
      to: 'linz',
      request: ferdinand,
      expect: ALLOWS,
    },
    {
      title: '[13.1] allows Ferdinand with land units into Ottoman-held Pressburg (MOV-22)',
      patch: VIENNA,
      power: 'hapsburg',
      from: 'vienna',
      to: 'pressburg',
      request: { regulars: 2, leaders: ['ferdinand'] },
      expect: ALLOWS,
    },
  ]);
});

describe('isProtestantFreeToMove', () => {
  // Ruling R34: "schmalkaldicLeague": false holds the Protestant's units; without it the League has formed.
  const worms = (league?: boolean): ScenarioPatch => ({
    ...(league === undefined ? {} : { schmalkaldicLeague: league }),
    stacks: [
      { space: 'worms', power: 'protestant', regulars: 2, leaders: ['philip-of-hesse'] },
      { space: 'linz', power: 'hapsburg', regulars: 2 },
    ],
    ...turn('protestant', 2),
  });
  moveTable(isProtestantFreeToMove, { code: 'isProtestantFreeToMove', rule: '21.6', ruling: 'R34' }, [
    {
      title:
        '[21.6, ruling R34] forbids the Protestant to move from Worms to Mainz before the Schmalkaldic League (MOV-32)',
      patch: worms(false),
      from: 'worms',
      to: 'mainz',
      request: { regulars: 2, leaders: ['philip-of-hesse'] },
      expect: forbids(
        ['Schmalkaldic League has not formed', 'Protestant units may not move'],
        ['Шмалькальденская лига ещё не создана', 'части Протестантов не могут двигаться'],
      ),
    },
    {
      title: '[21.6, ruling R34] forbids Philip of Hesse to move alone before the League (MOV-32)',
      patch: worms(false),
      from: 'worms',
      to: 'nuremberg',
      request: { leaders: ['philip-of-hesse'] },
      expect: forbids(['Protestant units may not move'], ['не могут двигаться']),
    },
    {
      title: '[21.6, ruling R34] allows the Protestant the same move once the League has formed (MOV-32)',
      patch: worms(true),
      from: 'worms',
      to: 'mainz',
      request: { regulars: 2, leaders: ['philip-of-hesse'] },
      expect: ALLOWS,
    },
    {
      title: '[21.6, ruling R34] allows it when the scenario says nothing of the League: it has formed (MOV-32)',
      patch: worms(),
      from: 'worms',
      to: 'mainz',
      request: { regulars: 2 },
      expect: ALLOWS,
    },
    {
      title: '[21.6, ruling R34] allows the Hapsburg to move before the League (MOV-32)',
      patch: { ...worms(false), ...turn('hapsburg') },
      from: 'linz',
      to: 'vienna',
      request: { regulars: 2 },
      expect: ALLOWS,
    },
  ]);
});

describe('mayEnterElectorate', () => {
  // Augsburg is an electorate (2.1); Regensburg, Linz and Nuremberg are not. The Hapsburg holds Augsburg here.
  const regensburg = (league: boolean, patch: ScenarioPatch = {}): ScenarioPatch => ({
    schmalkaldicLeague: league,
    control: { augsburg: 'hapsburg' },
    stacks: [{ space: 'regensburg', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'] }],
    ...turn('hapsburg'),
    ...patch,
  });
  const army = { regulars: 3, leaders: ['ferdinand'] };
  moveTable(mayEnterElectorate, { code: 'mayEnterElectorate', rule: '21.6', ruling: 'R34' }, [
    {
      title: '[21.6, ruling R34] forbids the Hapsburg to move into Augsburg, an electorate, before the League (MOV-31)',
      patch: regensburg(false),
      from: 'regensburg',
      to: 'augsburg',
      request: army,
      expect: forbids(
        ['Augsburg is an electorate', 'Hapsburg units may not move into it', 'only the Protestant'],
        ['Аугсбург — курфюршество', 'части Габсбургов не могут входить в Аугсбург'],
      ),
    },
    {
      title: '[21.6, ruling R34] forbids a leader moving alone into Augsburg before the League (MOV-31)',
      patch: regensburg(false),
      from: 'regensburg',
      to: 'augsburg',
      request: { leaders: ['ferdinand'] },
      expect: forbids(['Augsburg is an electorate'], ['курфюршество']),
    },
    // An ally of the Protestant may enter its Augsburg (13.1), but not before the League.
    {
      title: "[21.6, ruling R34] forbids the Protestant's ally its Augsburg before the League (MOV-31, MOV-13)",
      patch: regensburg(false, { control: {}, alliances: [['hapsburg', 'protestant']] }),
      from: 'regensburg',
      to: 'augsburg',
      request: army,
      expect: forbids(['Augsburg is an electorate'], ['Аугсбург — курфюршество']),
    },
    {
      title: '[21.6, ruling R34] allows the Hapsburg into Augsburg once the League has formed (MOV-31)',
      patch: regensburg(true),
      from: 'regensburg',
      to: 'augsburg',
      request: army,
      expect: ALLOWS,
    },
    {
      title: '[21.6, ruling R34] allows the Hapsburg into Linz, not an electorate, before the League (MOV-31)',
      patch: regensburg(false),
      from: 'regensburg',
      to: 'linz',
      request: army,
      expect: ALLOWS,
    },
    // isProtestantFreeToMove refuses the whole move first: the Protestant is never kept out of an electorate.
    {
      title: '[21.6, ruling R34] never keeps the Protestant itself out of an electorate (MOV-31)',
      patch: {
        schmalkaldicLeague: false,
        stacks: [{ space: 'worms', power: 'protestant', regulars: 2 }],
        ...turn('protestant'),
      },
      from: 'worms',
      to: 'augsburg',
      request: { regulars: 2 },
      expect: ALLOWS,
      alone: true,
    },
  ]);
});

describe('isMoveSplitByPower', () => {
  // Ruling R16: Ferdinand's Hapsburg regulars and allied Hungarian regulars share Vienna; the Hapsburgs say whose go.
  const request = (byPower?: Units['byPower'], regulars = 4): Partial<Units> => ({
    regulars,
    leaders: ['ferdinand'],
    ...(byPower ? { byPower } : {}),
  });
  moveTable(isMoveSplitByPower, { code: 'isMoveSplitByPower', rule: '13.1', ruling: 'R16' }, [
    {
      title: '[13.1, ruling R16] allows 1 Hapsburg and 3 Hungarian regulars named per power (MOV-11)',
      patch: viennaWithHungary(true),
      from: 'vienna',
      to: 'linz',
      request: request({ hapsburg: { regulars: 1 }, hungary: { regulars: 3 } }),
      expect: ALLOWS,
    },
    {
      title: '[13.1, ruling R16] forbids a split that adds up to 5 regulars for a move of 4 (MOV-11)',
      patch: viennaWithHungary(true),
      from: 'vienna',
      to: 'linz',
      request: request({ hapsburg: { regulars: 2 }, hungary: { regulars: 3 } }),
      expect: forbids(['byPower', '5 regulars', '4 regulars'], ['byPower']),
    },
    {
      title: '[13.1, ruling R16] forbids a split naming England, outside the Hapsburg group (MOV-10)',
      patch: viennaWithHungary(true),
      from: 'vienna',
      to: 'linz',
      request: request({ hapsburg: { regulars: 1 }, england: { regulars: 3 } }),
      expect: forbids(['England', "Hapsburg's group"], ['Англия']),
    },
  ]);
});

describe('every Move restriction', () => {
  test('[13.1] has a truth table with a row that allows and a row that forbids (MOV-03)', () => {
    tables.expectEvery(MOVE_RESTRICTIONS.map((r) => r.name));
  });

  test('[13.1] lists as entry restrictions only Move restrictions that do not depend on where the units start (MOV-12, MOV-13, MOV-14)', () => {
    const order = ENTRY_RESTRICTIONS.map((r) => MOVE_RESTRICTIONS.indexOf(r));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(ENTRY_RESTRICTIONS).toContain(mayEnterControlledSpace);
    expect(ENTRY_RESTRICTIONS).toContain(mayEnterOccupiedSpace);
    expect(ENTRY_RESTRICTIONS).not.toContain(areUnitsInSpace);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Which stacks a move may draw from

describe('movableStacks', () => {
  const mixed: ScenarioPatch = {
    alliances: [['hapsburg', 'hungary']],
    stacks: [
      { space: 'vienna', power: 'hungary', regulars: 3 },
      { space: 'vienna', power: 'hapsburg', regulars: 1, inside: true },
      { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
      { space: 'vienna', power: 'hapsburg', regulars: 4, lostBattle: true },
    ],
    ...turn('hapsburg'),
  };
  const summary = (w: World, power: MajorPower, space: string) =>
    movableStacks(w, power, space).map((s) => `${s.power}:${s.regulars}${s.inside ? ':inside' : ''}`);

  test.for(
    titled([
      {
        title:
          '[13.1] draws own units first, outside before inside, then active allies; never units that lost a battle (MOV-11, MOV-20)',
        patch: mixed,
        power: 'hapsburg' as const,
        space: 'vienna',
        expected: ['hapsburg:2', 'hapsburg:1:inside', 'hungary:3'],
      },
      {
        title: '[15] draws nothing from units besieged inside Vienna (SIE-02)',
        patch: VIENNA_SIEGE,
        power: 'hapsburg' as const,
        space: 'vienna',
        expected: [],
      },
      {
        title: '[13.1] draws nothing from besiegers of Buda who laid the siege this impulse (MOV-21)',
        patch: budaSiege(true),
        power: 'ottoman' as const,
        space: 'buda',
        expected: [],
      },
      {
        title: '[13.1] draws the besiegers of Buda when the siege is from an earlier impulse (MOV-21)',
        patch: budaSiege(false),
        power: 'ottoman' as const,
        space: 'buda',
        expected: ['ottoman:5'],
      },
      {
        title: "[22.1] draws nothing from an inactive minor power's units (MOV-33)",
        patch: viennaWithHungary(false),
        power: 'hapsburg' as const,
        space: 'vienna',
        expected: ['hapsburg:2'],
      },
    ]),
  )('%s', ([, row]) => {
    expect(summary(world(row.patch), row.power, row.space)).toEqual(row.expected);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 11.1, 2.5: cost

describe('moveCost', () => {
  test.for(
    titled([
      {
        title: '[11.1] charges 1 CP from Pressburg to Vienna, as in the rulebook example (MOV-01)',
        from: 'pressburg',
        to: 'vienna',
        cost: 1,
      },
      { title: '[11.1] charges 1 CP from Graz to Vienna (MOV-01)', from: 'graz', to: 'vienna', cost: 1 },
      {
        title: '[11.1] charges 1 CP from Linz to Salzburg, a clear connection (MOV-01)',
        from: 'linz',
        to: 'salzburg',
        cost: 1,
      },
      {
        title: '[2.5] charges 2 CP from Graz to Salzburg over the pass (MOV-02)',
        from: 'graz',
        to: 'salzburg',
        cost: 2,
      },
      {
        title: '[2.5] charges 2 CP from Salzburg to Graz: a pass costs 2 both ways (MOV-02)',
        from: 'salzburg',
        to: 'graz',
        cost: 2,
      },
      { title: '[2.5] charges 2 CP from Agram to Zara over the pass (MOV-02)', from: 'agram', to: 'zara', cost: 2 },
    ]),
  )('%s', ([, row]) => {
    expect(moveCost(world(VIENNA), row.from, row.to)).toBe(row.cost);
  });

  test('[2.5] charges 2 CP for each of the 16 passes of the bundled map and 1 CP for every other connection (MOV-01, MOV-02)', () => {
    const w = world(VIENNA);
    const passes = new Set<string>();
    for (const s of w.board.spaces.values())
      for (const n of s.neighbours) {
        const pass = connection(w.board, s.id, n) === 'pass';
        expect(moveCost(w, s.id, n), `${s.id}–${n}`).toBe(pass ? 2 : 1);
        if (pass) passes.add([s.id, n].sort().join('–'));
      }
    // 3 Pyrenees + 6 Alps + 7 Balkans (2.5).
    expect(passes.size).toBe(16);
    expect(passes).toContain('graz–salzburg');
    expect(passes).toContain('agram–zara');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 5.1: formations

describe('commandLimit', () => {
  test.for(
    titled([
      { title: '[5.1] allows 4 land units with no leader (MOV-05, MOV-09)', leaders: [], limit: 4 },
      { title: '[5.1] allows 12 land units under Suleiman alone (MOV-06, MOV-09)', leaders: ['suleiman'], limit: 12 },
      { title: '[5.1] allows 6 land units under Ibrahim alone (MOV-06, MOV-09)', leaders: ['ibrahim-pasha'], limit: 6 },
      {
        title: '[5.1] allows 18 units under Suleiman and Ibrahim (MOV-07, MOV-09)',
        leaders: ['suleiman', 'ibrahim-pasha'],
        limit: 18,
      },
      { title: '[5.1] allows 10 land units under Charles V alone (MOV-06)', leaders: ['charles-v'], limit: 10 },
      // Three leaders: only the two highest command ratings count (10 + 6), whatever the order they are named in.
      {
        title: '[5.1] allows 16, not 22, land units under Alva, Ferdinand and Charles V (MOV-07)',
        leaders: ['duke-of-alva', 'ferdinand', 'charles-v'],
        limit: 16,
      },
      {
        title: '[5.1] allows 12 land units under Ferdinand and Alva (MOV-07)',
        leaders: ['ferdinand', 'duke-of-alva'],
        limit: 12,
      },
    ]),
  )('%s', ([, row]) => {
    expect(commandLimit(world(VIENNA), row.leaders)).toBe(row.limit);
  });
});

interface FormationRow {
  readonly title: string;
  readonly patch: ScenarioPatch;
  readonly power: MajorPower;
  readonly space: string;
  readonly expect: Expected;
}

/** The formation is every stack in the space, as a host would gather it. */
function formationTable(r: Restriction<FormationArgs>, refusal: Refused, rows: readonly FormationRow[]): void {
  truthTable({
    refusal,
    rows,
    judge: (row) => {
      const w = world(row.patch);
      const pieces = stacksWhere(w.position, { space: row.space });
      return { world: w, verdicts: [check(r, w, { power: row.power, pieces })] };
    },
  });
}

describe('isOneMajorPower', () => {
  formationTable(isOneMajorPower, { code: 'isOneMajorPower', rule: '5.1' }, [
    {
      title: '[5.1] allows a Hapsburg formation with the regulars of allied Hungary (MOV-11)',
      patch: viennaWithHungary(true),
      power: 'hapsburg',
      space: 'vienna',
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids a Hapsburg formation with the regulars of an inactive Hungary (MOV-11)',
      patch: viennaWithHungary(false),
      power: 'hapsburg',
      space: 'vienna',
      expect: forbids(['Hapsburg', 'Hungarian units'], ['Габсбургов', 'Венгрии-Богемии']),
    },
    {
      title: '[5.1] forbids a formation of Hapsburg and English units, allies though they are (MOV-10)',
      patch: LINZ_ALLIES,
      power: 'hapsburg',
      space: 'linz',
      expect: forbids(['Hapsburg', 'English units'], ['Габсбургов', 'Англии']),
    },
  ]);
});

describe('isWithinCommandLimit (formation)', () => {
  const pieces = (hapsburg: number, hungary: number, leaders: string[]): ScenarioPatch => ({
    alliances: [['hapsburg', 'hungary']],
    stacks: [
      { space: 'vienna', power: 'hapsburg', regulars: hapsburg, leaders },
      { space: 'vienna', power: 'hungary', regulars: hungary },
    ],
    ...turn('hapsburg'),
  });
  formationTable(isWithinCommandLimit, { code: 'isWithinCommandLimit', rule: '5.1' }, [
    {
      title: '[5.1] allows 4 land units of two allied powers without a leader (MOV-05)',
      patch: pieces(1, 3, []),
      power: 'hapsburg',
      space: 'vienna',
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids 5 land units of two allied powers without a leader (MOV-05)',
      patch: pieces(2, 3, []),
      power: 'hapsburg',
      space: 'vienna',
      expect: forbids(['5', 'no leader: at most 4'], ['5', 'без командующего']),
    },
    {
      title: '[5.1] allows Ferdinand to command 6 units, Hungarian ones included (MOV-06, MOV-11)',
      patch: pieces(2, 4, ['ferdinand']),
      power: 'hapsburg',
      space: 'vienna',
      expect: ALLOWS,
    },
    {
      title: '[5.1] forbids Ferdinand to command 7 units (MOV-06)',
      patch: pieces(3, 4, ['ferdinand']),
      power: 'hapsburg',
      space: 'vienna',
      expect: forbids(['7', 'Ferdinand', 'at most 6'], ['7', 'Фердинанд', '6']),
    },
  ]);
});
