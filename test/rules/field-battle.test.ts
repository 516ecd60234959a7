// 14 Field Battle: the sides and their dice (steps 2–3), hits (6), the winner (8), casualties chosen by their
// owners (9, rulings R5 and R7) and the lost-battle marks on the losing side (ruling R12).
import { describe, expect, test } from 'vitest';
import {
  CASUALTY_RESTRICTIONS,
  checkCasualties,
  lossCombinations,
  oddHitChoices,
  r7Keeper,
  requiredLosses,
  sidePlan,
  splitLosses,
  survivorsAfter,
  type CasualtyArgs,
  type Losses,
  type SidePlan,
} from '../../src/rules/casualties.ts';
import { countHits, diceTotal, dicePools, hitMarks, termDice, type DiceTerm } from '../../src/rules/dice.ts';
import {
  battleTerms,
  battleWinner,
  diceBreakdown,
  markLosers,
  sideLeader,
  sideStacks,
  type BattleSetup,
  type Role,
} from '../../src/rules/field-battle.ts';
import type { MoveLeg } from '../../src/rules/leg.ts';
import { addStacks, landUnitsIn, relocate, replaceStacks, stacksWhere, totals } from '../../src/rules/stacks.ts';
import { withPosition, type World } from '../../src/rules/world.ts';
import type { MajorPower, Power } from '../../src/schema/power.ts';
import { FERDINAND, SULEIMAN, VIENNA, world, type ScenarioPatch, type StackInput } from '../helpers/fixtures.ts';
import { named } from '../helpers/rows.ts';
import { ALLOWS, refusedBy, truthTable, type Expected } from '../helpers/truth-table.ts';

/** Charles V's army after its successful interception from Graz (marked, ruling R12). */
const CHARLES_IN_VIENNA: StackInput = {
  space: 'vienna',
  power: 'hapsburg',
  regulars: 8,
  leaders: ['charles-v'],
  attemptedInterception: true,
};

/** A battle in `to`: the defenders of `patch` stand there, and the `mover`'s stacks in `from` have just arrived. */
function battle(
  patch: ScenarioPatch,
  mover: MajorPower,
  from: string,
  to: string,
): { world: World; battle: BattleSetup } {
  const w = world(patch);
  const formation = stacksWhere(w.position, { space: from }).filter((s) => s.power === mover);
  const leg: MoveLeg = { power: mover, from, to, formation, kind: 'move' };
  const moved = replaceStacks(w.position, formation, []);
  return {
    world: withPosition(w, addStacks(moved, relocate(leg.formation, { space: to, inside: false }))),
    battle: { space: to, attacker: mover },
  };
}

/** The rulebook's battle (RULES.md §6): Suleiman's formation against Charles V's interceptors and Ferdinand. */
function viennaBattle(): { world: World; battle: BattleSetup } {
  return battle({ ...VIENNA, stacks: [SULEIMAN, CHARLES_IN_VIENNA, FERDINAND] }, 'ottoman', 'pressburg', 'vienna');
}

/** A Hapsburg–English defence of Vienna: England is a Hapsburg ally at war with the Ottoman (ruling R5 cases). */
function alliedDefence(hapsburg: StackInput, english: StackInput): { world: World; battle: BattleSetup } {
  return battle(
    {
      war: [
        ['ottoman', 'hapsburg'],
        ['ottoman', 'england'],
      ],
      alliances: [['hapsburg', 'england']],
      control: { pressburg: 'ottoman' },
      stacks: [{ space: 'pressburg', power: 'ottoman', regulars: 6, leaders: ['suleiman'] }, hapsburg, english],
    },
    'ottoman',
    'pressburg',
    'vienna',
  );
}

// The restrictions of 14 step 9, as the rows that expect their refusals name them.
const lossesPresent = refusedBy({ code: 'areLossesPresent', rule: '14 step 9' });
const oddHitsPlaced = refusedBy({ code: 'placesOddHits', rule: '14 step 9', ruling: 'R5' });
const lossTotal = refusedBy({ code: 'isLossTotalRight', rule: '14 step 9' });
const keepsWhenWipedOut = refusedBy({ code: 'keepsOnlyWhenWipedOut', rule: '14 step 9', ruling: 'R7' });

const losses = (l: Partial<Losses>): Losses => ({ regulars: 0, mercenaries: 0, cavalry: 0, ...l });

describe('14 steps 2–3 the sides and their dice', () => {
  test("[14 steps 2–3] gives the Ottoman attackers 10 dice: 8 units + 2 for Suleiman, not Ibrahim's 1 too (FB-01, FB-04, FB-06, FB-07)", () => {
    const { world: w, battle: b } = viennaBattle();
    const attackers = sideStacks(w, b, 'attacker');
    expect(attackers.every((s) => s.power === 'ottoman')).toBe(true);
    expect(battleTerms(w, attackers, 'attacker')).toEqual([
      { source: { kind: 'landUnits' }, rule: '14 step 2', count: 8, hitOn: 5 },
      { source: { kind: 'leader', leader: 'suleiman' }, rule: '14 step 2', count: 2, hitOn: 5 },
    ]);
    expect(diceBreakdown(battleTerms(w, attackers, 'attacker'))).toEqual({
      units: 8,
      leader: 2,
      defender: 0,
      total: 10,
      leaderId: 'suleiman',
    });
  });

  test("[14 steps 2–3] gives the Hapsburg defenders 13 dice: 10 units + 2 for Charles V + 1, not Ferdinand's 1 too (FB-02, FB-05, FB-07)", () => {
    const { world: w, battle: b } = viennaBattle();
    const defenders = sideStacks(w, b, 'defender');
    expect(landUnitsIn(defenders)).toBe(10);
    expect(battleTerms(w, defenders, 'defender')).toEqual([
      { source: { kind: 'landUnits' }, rule: '14 step 3', count: 10, hitOn: 5 },
      { source: { kind: 'leader', leader: 'charles-v' }, rule: '14 step 3', count: 2, hitOn: 5 },
      { source: { kind: 'defender' }, rule: '14 step 3', count: 1, hitOn: 5 },
    ]);
    expect(diceBreakdown(battleTerms(w, defenders, 'defender'))).toEqual({
      units: 10,
      leader: 2,
      defender: 1,
      total: 13,
      leaderId: 'charles-v',
    });
  });

  test.for(
    named<{ what: string; stacks: StackInput[]; role: Role; dice: number }>([
      // RULES.md §6: "had Ferdinand's 2 regulars stayed and fought alone … Hapsburg 2 + 1 + 1 = 4".
      {
        what: "gives Ferdinand's 2 regulars fighting alone 2 + 1 + 1 = 4 dice (FB-05)",
        stacks: [FERDINAND],
        role: 'defender',
        dice: 4,
      },
      {
        what: 'gives 3 leaderless regulars 3 dice as attackers (FB-04)',
        stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 3 }],
        role: 'attacker',
        dice: 3,
      },
      {
        what: 'gives the same 3 regulars 4 dice as defenders (FB-05)',
        stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 3 }],
        role: 'defender',
        dice: 4,
      },
      {
        what: 'counts mercenaries as land units (FB-04)',
        stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 2, mercenaries: 2, leaders: ['duke-of-alva'] }],
        role: 'attacker',
        dice: 5,
      },
      {
        what: 'counts cavalry one die each (FB-06)',
        stacks: [{ space: 'vienna', power: 'ottoman', cavalry: 3 }],
        role: 'attacker',
        dice: 3,
      },
      {
        what: 'adds nothing for Dudley, whose battle rating is 0 (FB-04, FB-07)',
        stacks: [{ space: 'vienna', power: 'england', regulars: 2, leaders: ['dudley'] }],
        role: 'attacker',
        dice: 2,
      },
      {
        what: "adds Charles V's 2 once, not Charles V's and the Duke of Alva's 3 (FB-07)",
        stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 1, leaders: ['duke-of-alva', 'charles-v'] }],
        role: 'attacker',
        dice: 3,
      },
    ]),
  )('[14 steps 2–3] %s', ([, { stacks, role, dice }]) => {
    const w = world({ stacks });
    expect(diceTotal(battleTerms(w, w.position.stacks, role))).toBe(dice);
  });
});

/** A term of `count` dice hitting on `hitOn` or more (the land units' 5–6 unless told). */
function pool(count: number, hitOn = 5): DiceTerm {
  return { source: { kind: 'landUnits' }, rule: '14 step 2', count, hitOn };
}

describe('14 step 6 dice as terms: each die hits by its own term', () => {
  // A synthetic pool standing for Tercios' 3 dice that hit on 4–6 (RULES.md §5, ruling R30): no reader of the dice
  // knows about it, each reads the term's hitOn.
  const tercios: DiceTerm = { source: { kind: 'defender' }, rule: '14 step 3', count: 3, hitOn: 4 };

  test('[14 step 6] a die of a 4–6 term hits on a 4; the 5–6 dice before it do not', () => {
    const terms = [pool(4), tercios];
    expect(hitMarks([4, 4, 5, 6, 4, 3, 6], terms)).toEqual([false, false, true, true, true, false, true]);
    expect(countHits([4, 4, 5, 6, 4, 3, 6], terms)).toBe(4);
    expect(diceTotal(terms)).toBe(7);
    expect(dicePools(terms)).toEqual([
      { hitOn: 5, dice: 4 },
      { hitOn: 4, dice: 3 },
    ]);
  });

  test('[14 step 6] a term of fewer dice takes them from the terms before it, the latest first, never below none', () => {
    const fewer: DiceTerm = { source: { kind: 'landUnits' }, rule: '14 step 2', count: -3, hitOn: 5 };
    expect(termDice([pool(4), pool(2), fewer])).toEqual([3, 0, 0]);
    expect(diceTotal([pool(2), fewer])).toBe(0);
    expect(diceBreakdown([pool(2), fewer]).total).toBe(0);
  });

  test('[13.2 step 2] a 2d6 modifier (hitOn null) puts no dice in a roll', () => {
    expect(
      termDice([{ source: { kind: 'telescope' }, rule: '13.2 step 2', ruling: 'R1', count: 1, hitOn: null }]),
    ).toEqual([0]);
  });
});

describe('14 steps 6 and 8 hits and the winner', () => {
  test.for(
    named<{ what: string; values: number[]; hits: number }>([
      { what: 'counts each 5 and 6 as a hit (FB-10)', values: [5, 6, 4, 1, 6], hits: 3 },
      { what: 'counts no hit on 1 to 4 (FB-10)', values: [1, 2, 3, 4], hits: 0 },
      { what: 'counts no hit with no dice (FB-10)', values: [], hits: 0 },
      // RULES.md §6: the Ottoman scored 3 hits with 10 dice, the Hapsburgs 5 with 13.
      {
        what: "scores the example's 3 Ottoman hits from 10 dice (FB-10)",
        values: [5, 1, 2, 6, 3, 4, 5, 2, 1, 3],
        hits: 3,
      },
      {
        what: "scores the example's 5 Hapsburg hits from 13 dice (FB-10)",
        values: [6, 5, 5, 1, 2, 3, 6, 4, 4, 1, 5, 2, 3],
        hits: 5,
      },
    ]),
  )('[14 step 6] %s', ([, { values, hits }]) => {
    expect(countHits(values, [pool(values.length)])).toBe(hits);
  });

  test.for(
    named<{ what: string; attacker: number; defender: number; winner: Role }>([
      {
        what: 'gives the rulebook battle, 3 hits against 5, to the defender (FB-12)',
        attacker: 3,
        defender: 5,
        winner: 'defender',
      },
      { what: 'gives the battle to the attacker with more hits (FB-12)', attacker: 5, defender: 3, winner: 'attacker' },
      { what: 'gives a tie in hits to the defender (FB-12)', attacker: 4, defender: 4, winner: 'defender' },
      { what: 'gives a battle without hits to the defender (FB-12)', attacker: 0, defender: 0, winner: 'defender' },
    ]),
  )('[14 step 8] %s', ([, { attacker, defender, winner }]) => {
    expect(battleWinner(attacker, defender)).toBe(winner);
  });

  test('[14 step 8] lets the hits decide even when the winner ends with fewer units (FB-23)', () => {
    // 3 Ottoman regulars with Suleiman attack 10 Hapsburg regulars; they hit 3 times and are hit twice.
    const { world: w, battle: b } = battle(
      {
        war: [['ottoman', 'hapsburg']],
        control: { pressburg: 'ottoman' },
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 3, leaders: ['suleiman'] },
          { space: 'vienna', power: 'hapsburg', regulars: 10 },
        ],
      },
      'ottoman',
      'pressburg',
      'vienna',
    );
    const attackers = sideStacks(w, b, 'attacker');
    const defenders = sideStacks(w, b, 'defender');
    expect(battleWinner(3, 2)).toBe('attacker');
    const a = sidePlan(w, 'attacker', attackers, 2, 'ottoman', false);
    const d = sidePlan(w, 'defender', defenders, 3, 'hapsburg', false);
    expect(landUnitsIn(attackers) - a.losses).toBe(1);
    expect(landUnitsIn(defenders) - d.losses).toBe(7);
  });
});

describe('14 step 9 casualties in the rulebook battle', () => {
  test('[14 step 9] makes the Ottoman lose 5 units for 5 Hapsburg hits and the Hapsburgs 3 for 3 (FB-13)', () => {
    const { world: w, battle: b } = viennaBattle();
    const o = sidePlan(w, 'attacker', sideStacks(w, b, 'attacker'), 5, 'ottoman', false);
    const h = sidePlan(w, 'defender', sideStacks(w, b, 'defender'), 3, 'hapsburg', false);
    expect(o).toMatchObject({ losses: 5, oddHits: 0, groups: [{ power: 'ottoman', units: 8, base: 5 }] });
    expect(h).toMatchObject({ losses: 3, oddHits: 0, groups: [{ power: 'hapsburg', units: 10, base: 3 }] });
  });

  test('[14 step 9] lets the Ottoman choose between 5 regulars and the cavalry with 4 regulars (FB-15)', () => {
    const { world: w, battle: b } = viennaBattle();
    expect(lossCombinations(sideStacks(w, b, 'attacker'), 5)).toEqual([
      losses({ regulars: 4, cavalry: 1 }),
      losses({ regulars: 5 }),
    ]);
    expect(lossCombinations(sideStacks(w, b, 'defender'), 3)).toEqual([losses({ regulars: 3 })]);
  });

  test('[14 step 9] leaves Suleiman, Ibrahim and 3 regulars after the cavalry and 4 regulars die (FB-13, FB-15)', () => {
    const { world: w, battle: b } = viennaBattle();
    const left = survivorsAfter({
      stacks: sideStacks(w, b, 'attacker'),
      power: 'ottoman',
      losses: losses({ regulars: 4, cavalry: 1 }),
    });
    expect(left && totals(left)).toEqual({
      regulars: 3,
      mercenaries: 0,
      cavalry: 0,
      leaders: ['ibrahim-pasha', 'suleiman'],
    });
  });

  test('[14 step 9] leaves Charles V, Ferdinand and 7 Hapsburg regulars, the interceptors losing first (FB-13, ruling R12)', () => {
    const { world: w, battle: b } = viennaBattle();
    const left =
      survivorsAfter({ stacks: sideStacks(w, b, 'defender'), power: 'hapsburg', losses: losses({ regulars: 3 }) }) ??
      [];
    expect(landUnitsIn(left)).toBe(7);
    expect(left.flatMap((s) => s.leaders).sort()).toEqual(['charles-v', 'ferdinand']);
    // The engine takes losses from marked units first, which leaves the owner the most freedom.
    expect(left.find((s) => s.attemptedInterception)?.regulars).toBe(5);
    expect(left.find((s) => !s.attemptedInterception)?.regulars).toBe(2);
  });

  test('[14 step 9] caps the losses at the land units a side has (FB-13)', () => {
    const { world: w, battle: b } = battle(
      { ...VIENNA, stacks: [SULEIMAN, FERDINAND] },
      'ottoman',
      'pressburg',
      'vienna',
    );
    const plan = sidePlan(w, 'defender', sideStacks(w, b, 'defender'), 6, 'hapsburg', false);
    expect(plan.losses).toBe(2);
  });

  test('[14 step 9] refuses a loss the group does not have (FB-15)', () => {
    const { world: w, battle: b } = viennaBattle();
    expect(
      survivorsAfter({
        stacks: sideStacks(w, b, 'attacker'),
        power: 'ottoman',
        losses: losses({ cavalry: 2, regulars: 3 }),
      }),
    ).toBeUndefined();
  });
});

describe('14 step 9, ruling R5 several groups on one side', () => {
  test.for(
    named<{ what: string; groups: { power: Power; units: number }[]; losses: number; bases: number[]; odd: number }>([
      {
        what: 'splits 3 hits over Hapsburg 3 and England 2 as 1 and 1, one odd hit left (FB-13, ruling R5)',
        groups: [
          { power: 'hapsburg', units: 3 },
          { power: 'england', units: 2 },
        ],
        losses: 3,
        bases: [1, 1],
        odd: 1,
      },
      {
        what: 'splits 4 hits over Hapsburg 3 and England 2 as 2 and 2 (FB-13, ruling R5)',
        groups: [
          { power: 'hapsburg', units: 3 },
          { power: 'england', units: 2 },
        ],
        losses: 4,
        bases: [2, 2],
        odd: 0,
      },
      {
        what: 'gives the rest to England when the Hapsburgs run out of units (FB-13, ruling R5)',
        groups: [
          { power: 'hapsburg', units: 1 },
          { power: 'england', units: 5 },
        ],
        losses: 4,
        bases: [1, 3],
        odd: 0,
      },
      {
        what: 'splits 4 hits over three groups of 3 as 1, 1, 1, one odd hit left (FB-13, ruling R5)',
        groups: [
          { power: 'hapsburg', units: 3 },
          { power: 'england', units: 3 },
          { power: 'france', units: 3 },
        ],
        losses: 4,
        bases: [1, 1, 1],
        odd: 1,
      },
      {
        what: 'gives a group with only leaders no losses (FB-13, ruling R5)',
        groups: [
          { power: 'hapsburg', units: 0 },
          { power: 'england', units: 2 },
        ],
        losses: 1,
        bases: [0, 1],
        odd: 0,
      },
      {
        what: 'gives one group all its hits (FB-13)',
        groups: [{ power: 'ottoman', units: 8 }],
        losses: 5,
        bases: [5],
        odd: 0,
      },
      {
        what: 'gives nobody a loss without hits (FB-13)',
        groups: [
          { power: 'hapsburg', units: 2 },
          { power: 'england', units: 2 },
        ],
        losses: 0,
        bases: [0, 0],
        odd: 0,
      },
    ]),
  )('[14 step 9] %s', ([, { groups, losses: n, bases, odd }]) => {
    const split = splitLosses(groups, n);
    expect(split.shares.map((s) => s.base)).toEqual(bases);
    expect(split.odd).toBe(odd);
    expect(split.shares.reduce((a, s) => a + s.base, 0) + split.odd).toBe(n);
  });

  test.for(
    named<{ what: string; plan: SidePlan; choices: Power[][] }>([
      {
        what: 'offers the odd hit to either group (ruling R5)',
        plan: {
          role: 'defender',
          losses: 3,
          oddHits: 1,
          decider: 'hapsburg',
          keepsOne: false,
          groups: [
            { power: 'hapsburg', units: 3, base: 1 },
            { power: 'england', units: 2, base: 1 },
          ],
        },
        choices: [['hapsburg'], ['england']],
      },
      {
        what: 'never offers an odd hit to a group with no units left (ruling R5)',
        plan: {
          role: 'defender',
          losses: 4,
          oddHits: 1,
          decider: 'hapsburg',
          keepsOne: false,
          groups: [
            { power: 'hapsburg', units: 1, base: 1 },
            { power: 'england', units: 2, base: 1 },
            { power: 'france', units: 2, base: 1 },
          ],
        },
        choices: [['england'], ['france']],
      },
      {
        what: 'offers two odd hits to two different groups (ruling R5)',
        plan: {
          role: 'defender',
          losses: 5,
          oddHits: 2,
          decider: 'hapsburg',
          keepsOne: false,
          groups: [
            { power: 'hapsburg', units: 3, base: 1 },
            { power: 'england', units: 3, base: 1 },
            { power: 'france', units: 3, base: 1 },
          ],
        },
        choices: [
          ['hapsburg', 'england'],
          ['hapsburg', 'france'],
          ['england', 'france'],
        ],
      },
    ]),
  )('[14 step 9] %s', ([, { plan, choices }]) => {
    expect(oddHitChoices(plan)).toEqual(choices);
  });

  test.for(
    named<{ what: string; role: Role; expected: Power }>([
      { what: 'lets the active power decide for the attackers (ruling R5)', role: 'attacker', expected: 'ottoman' },
      {
        what: 'lets the Hapsburgs, who control Vienna, decide for the defenders (ruling R5)',
        role: 'defender',
        expected: 'hapsburg',
      },
    ]),
  )('[14 step 9] %s', ([, { role, expected }]) => {
    const { world: w, battle: b } = alliedDefence(
      { space: 'vienna', power: 'hapsburg', regulars: 3 },
      { space: 'vienna', power: 'england', regulars: 2 },
    );
    expect(sideLeader(w, b, role, sideStacks(w, b, role))).toBe(expected);
  });

  test("[14 step 9] lets England decide when it defends the Hapsburgs' Vienna alone (ruling R5)", () => {
    const w0 = battle(
      {
        war: [['ottoman', 'england']],
        alliances: [['hapsburg', 'england']],
        control: { pressburg: 'ottoman' },
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 4 },
          { space: 'vienna', power: 'england', regulars: 2 },
        ],
      },
      'ottoman',
      'pressburg',
      'vienna',
    );
    expect(sideLeader(w0.world, w0.battle, 'defender', sideStacks(w0.world, w0.battle, 'defender'))).toBe('england');
  });

  test("[14 step 9] counts an active minor's units in its major's group, which decides for them (ruling R5)", () => {
    const { world: w, battle: b } = battle(
      {
        war: [['ottoman', 'hapsburg']],
        alliances: [['hapsburg', 'hungary']],
        control: { pressburg: 'ottoman' },
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 6 },
          { space: 'buda', power: 'hungary', regulars: 2 },
          { space: 'buda', power: 'hapsburg', regulars: 1 },
        ],
      },
      'ottoman',
      'pressburg',
      'buda',
    );
    const defenders = sideStacks(w, b, 'defender');
    expect(sideLeader(w, b, 'defender', defenders)).toBe('hapsburg');
    const plan = sidePlan(w, 'defender', defenders, 2, 'hapsburg', false);
    expect(plan.groups).toEqual([{ power: 'hapsburg', units: 3, base: 2 }]);
    // The Hapsburgs lose their own regular first, then a Hungarian one.
    const left = survivorsAfter({ stacks: defenders, power: 'hapsburg', losses: losses({ regulars: 2 }) }) ?? [];
    expect(left.map((s) => [s.power, s.regulars])).toEqual([['hungary', 1]]);
  });
});

describe('14 step 9 checkCasualties: the answers a group may give', () => {
  // 3 Ottoman hits on a Hapsburg stack of 3 regulars and an English one of 1 regular and 1 mercenary.
  function alliedPlan(): { world: World; plan: SidePlan; stacks: (p: Power) => ReturnType<typeof sideStacks> } {
    const { world: w, battle: b } = alliedDefence(
      { space: 'vienna', power: 'hapsburg', regulars: 3 },
      { space: 'vienna', power: 'england', regulars: 1, mercenaries: 1 },
    );
    const defenders = sideStacks(w, b, 'defender');
    const plan = sidePlan(w, 'defender', defenders, 3, sideLeader(w, b, 'defender', defenders), false);
    return { world: w, plan, stacks: (p) => defenders.filter((s) => s.power === p) };
  }
  interface Row {
    title: string;
    power: Power;
    losses: Partial<Losses>;
    oddHits?: Power[];
    oddTo?: Power[];
    keep?: 'regulars';
    expect: Expected;
  }
  truthTable<Row>({
    rows: [
      {
        title: '[14 step 9] accepts the Hapsburgs taking the odd hit themselves: 2 regulars (FB-13, FB-15, ruling R5)',
        power: 'hapsburg',
        losses: { regulars: 2 },
        oddHits: ['hapsburg'],
        expect: ALLOWS,
      },
      {
        title: '[14 step 9] accepts the Hapsburgs giving the odd hit to England: 1 regular (FB-13, ruling R5)',
        power: 'hapsburg',
        losses: { regulars: 1 },
        oddHits: ['england'],
        expect: ALLOWS,
      },
      {
        title: '[14 step 9] refuses the Hapsburgs leaving the odd hit unplaced (FB-13, ruling R5)',
        power: 'hapsburg',
        losses: { regulars: 1 },
        expect: oddHitsPlaced(
          ['1 hit is left over', '(hapsburg, england)'],
          ['1 лишнее попадание', '("hapsburg", "england")'],
        ),
      },
      {
        title: '[14 step 9] refuses two odd hits where there is one (FB-13, ruling R5)',
        power: 'hapsburg',
        losses: { regulars: 2 },
        oddHits: ['hapsburg', 'england'],
        expect: oddHitsPlaced(['1 hit is left over'], ['осталось 1 лишнее попадание']),
      },
      {
        title: '[14 step 9] refuses an odd hit on a power that is not in the battle (FB-13, ruling R5)',
        power: 'hapsburg',
        losses: { regulars: 1 },
        oddHits: ['france'],
        expect: oddHitsPlaced(['name that many different groups in oddHits'], ['укажите в oddHits']),
      },
      {
        title: '[14 step 9] refuses England placing the odd hit: the controller decides (FB-13, ruling R5)',
        power: 'england',
        losses: { regulars: 1 },
        oddHits: ['england'],
        expect: oddHitsPlaced(['Only Hapsburg places hits left over'], ['распределяют только Габсбурги']),
      },
      {
        title:
          '[14 step 9] accepts England losing its mercenary once the odd hit went to the Hapsburgs (FB-15, ' +
          'ruling R5)',
        power: 'england',
        losses: { mercenaries: 1 },
        oddTo: ['hapsburg'],
        expect: ALLOWS,
      },
      {
        title: '[14 step 9] accepts England losing both units once the odd hit went to England (FB-13, ruling R5)',
        power: 'england',
        losses: { regulars: 1, mercenaries: 1 },
        oddTo: ['england'],
        expect: ALLOWS,
      },
      {
        title: '[14 step 9] refuses England losing 1 unit when it took the odd hit (FB-13, ruling R5)',
        power: 'england',
        losses: { regulars: 1 },
        oddTo: ['england'],
        expect: lossTotal(
          ['England must lose exactly 2', '(1 given)'],
          ['Англия должна потерять ровно 2 сухопутные части', '(указано 1)'],
        ),
      },
      {
        title: '[14 step 9] refuses England losing 2 units when it did not take the odd hit (FB-13, ruling R5)',
        power: 'england',
        losses: { regulars: 1, mercenaries: 1 },
        oddTo: ['hapsburg'],
        expect: lossTotal(['England must lose exactly 1', '(2 given)'], ['ровно 1 сухопутную часть', '(указано 2)']),
      },
      {
        title: '[14 step 9] refuses losses of a type the group does not have (FB-15)',
        power: 'hapsburg',
        losses: { mercenaries: 2 },
        oddHits: ['hapsburg'],
        expect: lossesPresent(
          ['Hapsburg has only 0 mercenaries', 'not 2'],
          ['У Габсбургов в сражении только 0 наёмников, а не 2'],
        ),
      },
      {
        title: '[14 step 9] refuses keeping a unit when not both sides are wiped out (FB-16, ruling R7)',
        power: 'hapsburg',
        losses: { regulars: 2 },
        oddHits: ['hapsburg'],
        keep: 'regulars',
        expect: keepsWhenWipedOut(
          ['keeps a unit only when both sides are wiped out'],
          ['только если уничтожены обе стороны'],
        ),
      },
    ],
    judge: ({ power, losses: l, oddHits, oddTo, keep }) => {
      const { world: w, plan, stacks } = alliedPlan();
      expect(plan).toMatchObject({ losses: 3, oddHits: 1, decider: 'hapsburg' });
      const a: CasualtyArgs = {
        plan,
        power,
        stacks: stacks(power),
        losses: losses(l),
        ...(oddHits ? { oddHits } : {}),
        ...(oddTo ? { oddTo } : {}),
        ...(keep ? { keep } : {}),
      };
      return { world: w, verdicts: [checkCasualties(w, a)] };
    },
  });

  test('[14 step 9] counts the odd hits into what a group must lose (FB-13, ruling R5)', () => {
    const { plan } = alliedPlan();
    expect(requiredLosses(plan, 'hapsburg', ['hapsburg'])).toBe(2);
    expect(requiredLosses(plan, 'england', ['hapsburg'])).toBe(1);
    expect(requiredLosses(plan, 'france', [])).toBe(0);
  });

  test('[14 step 9] checks the units, the odd hits, the total and the kept unit, in that order (FB-13, FB-15, FB-16, FB-17)', () => {
    expect(CASUALTY_RESTRICTIONS.map((r) => r.name)).toEqual([
      'isCasualtySplitByPower',
      'areLossesPresent',
      'placesOddHits',
      'isLossTotalRight',
      'keepsOnlyWhenWipedOut',
      'isKeptUnitLost',
    ]);
  });
});

describe('14 step 9, ruling R7 both sides wiped out', () => {
  test.for(
    named<{
      what: string;
      attacker: { dice: number; wipedOut: boolean };
      defender: { dice: number; wipedOut: boolean };
      keeper: Role | undefined;
    }>([
      {
        what: 'lets the attacker keep a unit when it rolled more dice (FB-16, ruling R7)',
        attacker: { dice: 10, wipedOut: true },
        defender: { dice: 4, wipedOut: true },
        keeper: 'attacker',
      },
      {
        what: 'lets the defender keep a unit when it rolled more dice (FB-16, ruling R7)',
        attacker: { dice: 3, wipedOut: true },
        defender: { dice: 4, wipedOut: true },
        keeper: 'defender',
      },
      {
        what: 'lets the defender keep a unit on equal dice (FB-17, ruling R7)',
        attacker: { dice: 4, wipedOut: true },
        defender: { dice: 4, wipedOut: true },
        keeper: 'defender',
      },
      {
        what: 'lets nobody keep a unit when only the attacker is wiped out (FB-16, ruling R7)',
        attacker: { dice: 10, wipedOut: true },
        defender: { dice: 4, wipedOut: false },
        keeper: undefined,
      },
      {
        what: 'lets nobody keep a unit when only the defender is wiped out (FB-16, ruling R7)',
        attacker: { dice: 10, wipedOut: false },
        defender: { dice: 4, wipedOut: true },
        keeper: undefined,
      },
    ]),
  )('[14 step 9] %s', ([, { attacker, defender, keeper }]) => {
    expect(r7Keeper(attacker, defender)).toBe(keeper);
  });

  // 4 leaderless Ottoman regulars (4 dice) against 2 Hapsburg regulars with the Duke of Alva (2 + 1 + 1 = 4 dice):
  // 2 Ottoman hits and 4 Hapsburg hits wipe out both sides.
  function equalDice(): { world: World; attacker: SidePlan; defender: SidePlan; b: BattleSetup } {
    const { world: w, battle: b } = battle(
      {
        war: [['ottoman', 'hapsburg']],
        control: { pressburg: 'ottoman' },
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 4 },
          { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['duke-of-alva'] },
        ],
      },
      'ottoman',
      'pressburg',
      'vienna',
    );
    const aStacks = sideStacks(w, b, 'attacker');
    const dStacks = sideStacks(w, b, 'defender');
    const aDice = diceTotal(battleTerms(w, aStacks, 'attacker'));
    const dDice = diceTotal(battleTerms(w, dStacks, 'defender'));
    const keeper = r7Keeper({ dice: aDice, wipedOut: true }, { dice: dDice, wipedOut: true });
    return {
      world: w,
      b,
      attacker: sidePlan(w, 'attacker', aStacks, 4, 'ottoman', keeper === 'attacker'),
      defender: sidePlan(w, 'defender', dStacks, 2, 'hapsburg', keeper === 'defender'),
    };
  }

  test('[14 step 9] lets the defender keep one unit when both sides are wiped out on equal dice (FB-17, ruling R7)', () => {
    const { world: w, b, attacker, defender } = equalDice();
    expect(diceTotal(battleTerms(w, sideStacks(w, b, 'attacker'), 'attacker'))).toBe(4);
    expect(diceTotal(battleTerms(w, sideStacks(w, b, 'defender'), 'defender'))).toBe(4);
    expect(attacker).toMatchObject({ losses: 4, keepsOne: false });
    expect(defender).toMatchObject({ losses: 2, keepsOne: true, decider: 'hapsburg' });
  });

  interface KeepRow {
    title: string;
    role: Role;
    power: Power;
    losses: Partial<Losses>;
    keep?: 'regulars' | 'mercenaries';
    expect: Expected;
  }
  truthTable<KeepRow>({
    rows: [
      {
        title: '[14 step 9] accepts the defender losing both regulars and keeping one (FB-17, ruling R7)',
        role: 'defender',
        power: 'hapsburg',
        losses: { regulars: 2 },
        keep: 'regulars',
        expect: ALLOWS,
      },
      {
        title: '[14 step 9] refuses the defender not naming the unit it keeps (FB-17, ruling R7)',
        role: 'defender',
        power: 'hapsburg',
        losses: { regulars: 2 },
        expect: keepsWhenWipedOut(['Both sides are wiped out', 'name in keep'], ['укажите в keep']),
      },
      {
        title: '[14 step 9] refuses the defender keeping a type it did not lose (FB-17, ruling R7)',
        role: 'defender',
        power: 'hapsburg',
        losses: { regulars: 2 },
        keep: 'mercenaries',
        expect: keepsWhenWipedOut(['name in keep'], ['Обе стороны уничтожены']),
      },
      {
        title: '[14 step 9] refuses the attacker keeping a unit on equal dice (FB-17, ruling R7)',
        role: 'attacker',
        power: 'ottoman',
        losses: { regulars: 4 },
        keep: 'regulars',
        expect: keepsWhenWipedOut(['only when both sides are wiped out'], ['при равенстве — если она обороняется']),
      },
      {
        title: '[14 step 9] accepts the attacker losing all 4 regulars (FB-13, FB-17)',
        role: 'attacker',
        power: 'ottoman',
        losses: { regulars: 4 },
        expect: ALLOWS,
      },
    ],
    judge: ({ role, power, losses: l, keep }) => {
      const { world: w, b, attacker, defender } = equalDice();
      const plan = role === 'attacker' ? attacker : defender;
      const a: CasualtyArgs = {
        plan,
        power,
        stacks: sideStacks(w, b, role),
        losses: losses(l),
        ...(keep ? { keep } : {}),
      };
      return { world: w, verdicts: [checkCasualties(w, a)] };
    },
  });
});

describe('ruling R12 the lost-battle marks', () => {
  test.for(
    named<{ what: string; loser: Role; marked: Power[] }>([
      {
        what: 'marks every Ottoman unit and leader when the attacker loses, and no Hapsburg (ruling R12)',
        loser: 'attacker',
        marked: ['ottoman'],
      },
      {
        what: 'marks every Hapsburg unit and leader, interceptors included, when the defender loses (ruling R12)',
        loser: 'defender',
        marked: ['hapsburg'],
      },
    ]),
  )('[14, 13.1] %s', ([, { loser, marked }]) => {
    const { world: w, battle: b } = viennaBattle();
    const position = markLosers(w.position, sideStacks(w, b, loser));
    const here = stacksWhere(position, { space: 'vienna' });
    for (const s of here) expect(s.lostBattle, `${s.power} ${s.leaders.join(',')}`).toBe(marked.includes(s.power));
    // Nothing is lost or moved by marking.
    expect(totals(here)).toEqual(totals(stacksWhere(w.position, { space: 'vienna' })));
    expect(here.filter((s) => s.lostBattle).flatMap((s) => s.leaders).length).toBe(2);
  });

  test('[14, 13.1] leaves stacks elsewhere unmarked (ruling R12)', () => {
    const { world: w, battle: b } = battle(
      {
        ...VIENNA,
        stacks: [SULEIMAN, FERDINAND, { space: 'graz', power: 'hapsburg', regulars: 8, leaders: ['charles-v'] }],
      },
      'ottoman',
      'pressburg',
      'vienna',
    );
    const position = markLosers(w.position, sideStacks(w, b, 'defender'));
    expect(stacksWhere(position, { space: 'graz' }).every((s) => !s.lostBattle)).toBe(true);
    expect(stacksWhere(position, { space: 'vienna', powers: ['hapsburg'] }).every((s) => s.lostBattle)).toBe(true);
  });
});
