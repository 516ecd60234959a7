// 15.2 Relief Forces (ruling R35): which moves are relief forces, who may come out of the fortifications to join
// one, the three results, and what a losing relief force may put back inside (the four-unit cap counted).
import { describe, expect, test } from 'vitest';
import {
  areSortiePiecesInside,
  checkSortie,
  isReliefOf,
  isSortieOfReliefPower,
  isSortieSplitByPower,
  mayReturnInside,
  powersHeldInside,
  reliefOutcome,
  sortieStacks,
  type ReliefReturn,
  type SortieArgs,
} from '../../src/rules/relief.ts';
import {
  checkRetreat,
  insideEligible,
  isInsideWithinLimit,
  isReliefReturnAllowed,
  mayAnyGoInside,
  type RetreatArgs,
  type RetreatState,
} from '../../src/rules/retreat.ts';
import { check } from '../../src/rules/verdict.ts';
import { addStacks, relocate, replaceStacks, stacksWhere } from '../../src/rules/stacks.ts';
import { withPosition, type World } from '../../src/rules/world.ts';
import type { MajorPower, Power } from '../../src/schema/power.ts';
import { NO_UNITS, type Units } from '../../src/schema/units.ts';
import { u, world, type ScenarioPatch, type StackInput } from '../helpers/fixtures.ts';
import { named } from '../helpers/rows.ts';
import { ALLOWS, refusedBy, truthTable, type Expected } from '../helpers/truth-table.ts';

const CHARLES_IN_LINZ: StackInput = { space: 'linz', power: 'hapsburg', regulars: 5, leaders: ['charles-v'] };
const FERDINAND_INSIDE: StackInput = {
  space: 'vienna',
  power: 'hapsburg',
  regulars: 2,
  leaders: ['ferdinand'],
  inside: true,
};
const IBRAHIM: StackInput = { space: 'vienna', power: 'ottoman', regulars: 5, cavalry: 1, leaders: ['ibrahim-pasha'] };

/** Vienna besieged by the Ottoman, Ferdinand inside, Charles V in Linz (examples/relief-vienna.json). */
function besieged(patch: ScenarioPatch = {}): ScenarioPatch {
  return {
    war: [['ottoman', 'hapsburg']],
    alliances: [['hapsburg', 'hungary']],
    control: { pressburg: 'ottoman' },
    stacks: [CHARLES_IN_LINZ, FERDINAND_INSIDE, IBRAHIM],
    sieges: [{ space: 'vienna', by: ['ottoman'] }],
    impulse: { power: 'hapsburg', cp: 1 },
    ...patch,
  };
}

describe('15.2 which moves are relief forces', () => {
  test.for(
    named<{ what: string; power: Power; patch?: ScenarioPatch; relief: boolean }>([
      {
        what: '[15.2, ruling R35] the Hapsburgs entering Vienna besieged by their enemy',
        power: 'hapsburg',
        relief: true,
      },
      {
        what: '[15.2, ruling R35] an ally of the besieged (the Papacy, allied and at war with the Ottoman) relieves too',
        power: 'papacy',
        patch: {
          war: [
            ['ottoman', 'hapsburg'],
            ['ottoman', 'papacy'],
          ],
          alliances: [['hapsburg', 'papacy']],
        },
        relief: true,
      },
      { what: '[15.2] the besiegers joining their own siege are no relief', power: 'ottoman', relief: false },
      {
        what: '[15.2] no siege in Vienna: entering it is no relief',
        power: 'hapsburg',
        patch: { sieges: [], stacks: [CHARLES_IN_LINZ, FERDINAND_INSIDE] },
        relief: false,
      },
      {
        what: '[15.2] a power not at war with the besiegers relieves nothing (England)',
        power: 'england',
        patch: { alliances: [['hapsburg', 'england']] },
        relief: false,
      },
    ]),
  )('%s', ([, row]) => {
    expect(isReliefOf(world(besieged(row.patch)), row.power, 'vienna')).toBe(row.relief);
  });
});

describe('15.2, ruling R35: who may come out of the fortifications to join the relief force', () => {
  interface Row {
    title: string;
    power?: Power;
    units: Partial<Units> & { byPower?: Units['byPower'] };
    patch?: ScenarioPatch;
    expect: Expected;
  }
  const notRelief = refusedBy({ code: 'isSortieOfReliefPower', rule: '15.2', ruling: 'R35' });
  const notInside = refusedBy({ code: 'areSortiePiecesInside', rule: '15.2', ruling: 'R35' });
  const split = refusedBy({ code: 'isSortieSplitByPower', rule: '15.2', ruling: 'R16' });
  const HUNGARIANS: StackInput = { space: 'vienna', power: 'hungary', regulars: 1, inside: true };
  const PAPAL: StackInput = { space: 'vienna', power: 'papacy', regulars: 1, inside: true };
  const withPapacy: ScenarioPatch = {
    war: [
      ['ottoman', 'hapsburg'],
      ['ottoman', 'papacy'],
    ],
    alliances: [['hapsburg', 'papacy']],
    stacks: [CHARLES_IN_LINZ, { ...FERDINAND_INSIDE, regulars: 1 }, PAPAL, IBRAHIM],
  };
  const rows: Row[] = [
    {
      title: '[15.2, ruling R35] lets Ferdinand and both regulars come out, beyond any command limit (SIE-08)',
      units: { regulars: 2, leaders: ['ferdinand'] },
      expect: ALLOWS,
    },
    { title: '[15.2, ruling R35] lets everyone stay inside (the default)', units: {}, expect: ALLOWS },
    { title: '[15.2, ruling R35] lets one regular come out and one stay', units: { regulars: 1 }, expect: ALLOWS },
    {
      title: "[15.2, ruling R35] lets an active minor's units inside come out with its major (Hungary, SIE-08)",
      units: { regulars: 3 },
      patch: { stacks: [CHARLES_IN_LINZ, FERDINAND_INSIDE, HUNGARIANS, IBRAHIM] },
      expect: ALLOWS,
    },
    {
      title: '[15.2, ruling R35] refuses 3 regulars out of 2 inside (SIE-08)',
      units: { regulars: 3 },
      expect: notInside(['Only pieces of Hapsburg', 'Vienna', '2 land units'], ['Габсбургов', 'Вены', 'их активных']),
    },
    {
      title: '[15.2, ruling R35] refuses a leader who is not inside (Charles V) (SIE-08)',
      units: { leaders: ['charles-v'] },
      expect: notInside(['relief force'], ['деблокирующим силам']),
    },
    {
      title: "[15.2, ruling R35] refuses an allied major's unit inside (the Papacy's): it stays inside (SIE-08)",
      units: { regulars: 2 },
      patch: withPapacy,
      expect: notInside(['Papacy', 'stay inside'], ['остаются внутри']),
    },
    {
      title: '[15.2, ruling R35] refuses a sortie declared by the besieger',
      power: 'ottoman',
      units: {},
      expect: notRelief(['Only Hapsburg', 'Ottoman does not'], ['Габсбурги', 'а не Османы']),
    },
    {
      title: '[15.2, ruling R16] refuses a split that names a power outside the relief group',
      units: { regulars: 1, byPower: { ottoman: { regulars: 1 } } },
      expect: split(['Ottoman'], ['Османы']),
    },
  ];
  truthTable<Row>({
    rows,
    judge: (row) => {
      const w = world(besieged(row.patch));
      const args: SortieArgs = {
        space: 'vienna',
        relief: 'hapsburg',
        power: row.power ?? 'hapsburg',
        units: u(row.units),
      };
      return { world: w, verdicts: [checkSortie(w, args)] };
    },
  });

  test('[15.2, ruling R35] the pieces that may join are the relief group’s, and the powers held inside are listed', () => {
    const w = world(besieged(withPapacy));
    expect(sortieStacks(w, 'vienna', 'hapsburg').map((s) => [s.power, s.regulars])).toEqual([['hapsburg', 1]]);
    expect(powersHeldInside(w, 'vienna', 'hapsburg')).toEqual(['papacy']);
    expect(
      check(isSortieOfReliefPower, w, { space: 'vienna', relief: 'hapsburg', power: 'hapsburg', units: NO_UNITS }),
    ).toEqual({ ok: true });
    expect(isSortieSplitByPower.rule).toBe('15.2');
    expect(areSortiePiecesInside.statements).toContain('SIE-08');
  });
});

describe('15.2: the three results', () => {
  test.for(
    named<{ what: string; won: boolean; a: number; d: number; outcome: string }>([
      { what: '[15.2] more hits: the relief force wins (SIE-09)', won: true, a: 3, d: 1, outcome: 'won' },
      { what: '[15.2] equal hits: a tie goes to the besiegers (SIE-10)', won: false, a: 2, d: 2, outcome: 'tie' },
      { what: '[15.2] fewer hits: the relief force loses (SIE-11)', won: false, a: 1, d: 3, outcome: 'fewer' },
      {
        what: '[15.2, ruling R7] more hits but wiped out: still the winner on hits',
        won: true,
        a: 4,
        d: 2,
        outcome: 'won',
      },
    ]),
  )('%s', ([, row]) => {
    expect(reliefOutcome(row.won, row.a, row.d)).toBe(row.outcome);
  });
});

/**
 * The relief force lost in Vienna: `outside` of the Hapsburgs (the relief force and its sortie) stand outside beside
 * the besiegers, `inside` stayed in; `sortie` is what came out.
 */
function reliefLost(
  outcome: ReliefReturn['outcome'],
  outside: StackInput,
  inside: readonly StackInput[],
  sortie: Partial<Units>,
  relief: MajorPower = 'hapsburg',
  patch: ScenarioPatch = {},
): { world: World; state: RetreatState } {
  const start = world(besieged({ stacks: [{ ...outside, space: 'linz' }, ...inside, IBRAHIM], ...patch }));
  const formation = stacksWhere(start.position, { space: 'linz' }).filter((s) => s.power === relief);
  const w = withPosition(
    start,
    addStacks(replaceStacks(start.position, formation, []), relocate(formation, { space: 'vienna', inside: false })),
  );
  return {
    world: w,
    state: {
      space: 'vienna',
      reason: 'attacker',
      attacker: relief,
      origin: 'linz',
      done: [],
      captor: 'ottoman',
      relief: { outcome, sortie: u(sortie) },
    },
  };
}

function args(
  state: RetreatState,
  to: string | undefined,
  inside: Partial<Units>,
  power: Power = 'hapsburg',
): RetreatArgs {
  return { ...state, power, from: state.space, to: to ?? '', hasDestination: to !== undefined, inside: u(inside) };
}

describe('15.2, ruling R35: what a losing relief force may put inside, and the four-unit cap', () => {
  interface Row {
    title: string;
    outcome: ReliefReturn['outcome'];
    /** The relief force and its sortie, outside after the battle. */
    outside: StackInput;
    /** What stayed inside. */
    inside?: readonly StackInput[];
    sortie: Partial<Units>;
    goIn: Partial<Units>;
    expect: Expected;
  }
  const returnOnly = refusedBy({ code: 'isReliefReturnAllowed', rule: '15.2', ruling: 'R35' });
  const cap = refusedBy({ code: 'isInsideWithinLimit', rule: '14.1' });
  const SURVIVORS: StackInput = {
    space: 'vienna',
    power: 'hapsburg',
    regulars: 5,
    leaders: ['charles-v', 'ferdinand'],
  };
  const HELD: StackInput = { space: 'vienna', power: 'hapsburg', regulars: 1, inside: true };
  const rows: Row[] = [
    {
      title: '[15.2, ruling R35] on equal hits lets relief and sortie pieces go inside, 4 in all (SIE-10, SIE-14)',
      outcome: 'tie',
      outside: SURVIVORS,
      sortie: { regulars: 2, leaders: ['ferdinand'] },
      goIn: { regulars: 4, leaders: ['charles-v', 'ferdinand'] },
      expect: ALLOWS,
    },
    {
      title: '[15.2, ruling R35] on equal hits refuses a fifth land unit inside (SIE-10, SIE-14)',
      outcome: 'tie',
      outside: SURVIVORS,
      sortie: { regulars: 2, leaders: ['ferdinand'] },
      goIn: { regulars: 5 },
      expect: cap(['At most 4 more', 'Vienna'], ['Вены', 'не более 4']),
    },
    {
      title: '[15.2, ruling R35] on equal hits counts the unit held back inside: 3 more at most (SIE-10, SIE-14)',
      outcome: 'tie',
      outside: SURVIVORS,
      inside: [HELD],
      sortie: { regulars: 1, leaders: ['ferdinand'] },
      goIn: { regulars: 4 },
      expect: cap(['At most 3 more'], ['не более 3']),
    },
    {
      title: '[15.2, ruling R35] on equal hits lets 3 go in beside the one held back (SIE-10, SIE-14)',
      outcome: 'tie',
      outside: SURVIVORS,
      inside: [HELD],
      sortie: { regulars: 1, leaders: ['ferdinand'] },
      goIn: { regulars: 3, leaders: ['charles-v'] },
      expect: ALLOWS,
    },
    {
      title: '[15.2, ruling R35] on fewer hits lets what came out go back in (SIE-11)',
      outcome: 'fewer',
      outside: SURVIVORS,
      sortie: { regulars: 2, leaders: ['ferdinand'] },
      goIn: { regulars: 2, leaders: ['ferdinand'] },
      expect: ALLOWS,
    },
    {
      title: '[15.2, ruling R35] on fewer hits refuses a third regular: only 2 came out (SIE-11)',
      outcome: 'fewer',
      outside: SURVIVORS,
      sortie: { regulars: 2, leaders: ['ferdinand'] },
      goIn: { regulars: 3 },
      expect: returnOnly(['fewer hits', 'at most 2 land units', 'Vienna'], ['меньшим числом', 'Вены', 'не более 2']),
    },
    {
      title: '[15.2, ruling R35] on fewer hits refuses Charles V inside: he came with the relief force (SIE-11)',
      outcome: 'fewer',
      outside: SURVIVORS,
      sortie: { regulars: 2, leaders: ['ferdinand'] },
      goIn: { leaders: ['charles-v'] },
      expect: returnOnly(['only pieces that were inside'], ['только те, кто был внутри']),
    },
    {
      title: '[15.2, ruling R35] on fewer hits with no sortie nothing may go inside (SIE-11)',
      outcome: 'fewer',
      outside: { ...SURVIVORS, leaders: ['charles-v'] },
      inside: [{ ...FERDINAND_INSIDE }],
      sortie: {},
      goIn: { regulars: 1 },
      expect: refusedBy({ code: 'mayGoInside', rule: '14.1', ruling: 'R22' })(['Vienna'], ['Вены']),
    },
  ];
  truthTable<Row>({
    rows,
    judge: (row) => {
      const { world: w, state } = reliefLost(row.outcome, row.outside, row.inside ?? [], row.sortie);
      return { world: w, verdicts: [checkRetreat(w, args(state, 'linz', row.goIn))] };
    },
  });

  test('[15.2, ruling R35] after fewer hits what may go in is what came out, of what survived (SIE-11)', () => {
    const { world: w, state } = reliefLost('fewer', { ...SURVIVORS, regulars: 1 }, [], {
      regulars: 2,
      leaders: ['ferdinand'],
    });
    expect(insideEligible(w, state, 'hapsburg')).toEqual(u({ regulars: 1, leaders: ['ferdinand'] }));
    expect(mayReturnInside(u({ regulars: 4, leaders: ['charles-v'] }), { outcome: 'tie', sortie: NO_UNITS })).toEqual(
      u({ regulars: 4, leaders: ['charles-v'] }),
    );
    expect(isReliefReturnAllowed.statements).toEqual(['SIE-10', 'SIE-11']);
    expect(isInsideWithinLimit.statements).toContain('SIE-14');
  });

  test('[15.2, ruling R35] a Papal relief force may go inside the Hapsburgs’ Vienna on equal hits', () => {
    const patch: ScenarioPatch = {
      war: [
        ['ottoman', 'hapsburg'],
        ['ottoman', 'papacy'],
      ],
      alliances: [['hapsburg', 'papacy']],
      impulse: { power: 'papacy', cp: 1 },
    };
    const { world: w, state } = reliefLost(
      'tie',
      { space: 'vienna', power: 'papacy', regulars: 3 },
      [FERDINAND_INSIDE],
      {},
      'papacy',
      patch,
    );
    expect(mayAnyGoInside(w, state, 'papacy')).toBe(true);
    expect(checkRetreat(w, args(state, 'linz', { regulars: 2 }, 'papacy'))).toEqual({ ok: true });
    expect(checkRetreat(w, args(state, 'linz', { regulars: 3 }, 'papacy'))).toMatchObject({
      ok: false,
      code: 'isInsideWithinLimit',
    });
  });
});
