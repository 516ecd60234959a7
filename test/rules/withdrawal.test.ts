// 13.4 Withdrawing into Fortifications (movement step 7): the conditions, who decides, the automatic withdrawal of
// inactive minors (ruling R10), the siege check (15, ruling R13) and the mover's two options (ruling R4).
import { describe, expect, test } from 'vitest';
import { settleLoneLeaders } from '../../src/rules/capture.ts';
import type { MoveLeg } from '../../src/rules/leg.ts';
import { applyRetreat, checkRetreat, retreatDestinations, type RetreatState } from '../../src/rules/retreat.ts';
import { addStacks, relocate, stacksWhere } from '../../src/rules/stacks.ts';
import {
  canWithdraw,
  checkContinue,
  checkWithdrawal,
  continueDestinations,
  doesMoverOutnumberInside,
  isAutomaticWithdrawal,
  needsSiegeCheck,
  WITHDRAWAL_CONDITIONS,
  withdrawalDecider,
} from '../../src/rules/withdrawal.ts';
import { withPosition, type World } from '../../src/rules/world.ts';
import type { MajorPower, Power } from '../../src/schema/power.ts';
import { NO_UNITS } from '../../src/schema/units.ts';
import { VIENNA, world, type ScenarioPatch, depart, SULEIMAN, FERDINAND } from '../helpers/fixtures.ts';
import { named } from '../helpers/rows.ts';
import { ALLOWS, expectVerdict, refusedBy, truthTable, type Expected } from '../helpers/truth-table.ts';

/** The rulebook board when Charles V's interception failed: Ferdinand's stack alone faces the Ottoman move. */
const NO_INTERCEPTION: ScenarioPatch = { ...VIENNA, stacks: [SULEIMAN, FERDINAND] };

/** 13.1 step 3 as the movement procedure does it: the formation leaves its space and is on its way to `to`. */

/** 13.1 step 5: the formation is placed in the destination. */
function arrive(w: World, leg: MoveLeg): World {
  return withPosition(w, addStacks(w.position, relocate(leg.formation, { space: leg.to, inside: false })));
}

/** Step 7 of a move by `mover` from `from` into `to` on the board `patch` describes. */
function move(patch: ScenarioPatch, mover: MajorPower, from: string, to: string): { world: World; leg: MoveLeg } {
  return depart(world(patch), mover, from, to);
}

// The restrictions of 13.4 (and the 13.1 and 14.1 ones it applies), as the rows that expect their refusals name them.
const fortified = refusedBy({ code: 'isDestinationFortified', rule: '13.4' });
const defendersToWithdraw = refusedBy({ code: 'hasDefendersToWithdraw', rule: '13.4' });
const controlledByDefender = refusedBy({ code: 'isControlledByDefender', rule: '13.4' });
const atMostFour = refusedBy({ code: 'hasAtMostFourUnits', rule: '13.4', ruling: 'R6' });
const fortificationLimit = refusedBy({ code: 'keepsFortificationLimit', rule: '2.1' });
const decider = refusedBy({ code: 'isWithdrawalDecider', rule: '13.4', ruling: 'R21' });
const cpToContinue = refusedBy({ code: 'hasCpToContinue', rule: '13.4 option 1', ruling: 'R4' });
const adjacent = refusedBy({ code: 'isDestinationAdjacent', rule: '13.1' });
const enterControlled = refusedBy({ code: 'mayEnterControlledSpace', rule: '13.1' });
const attackerOrigin = refusedBy({ code: 'isAttackerOrigin', rule: '14.1', ruling: 'R11' });
const notInUnrest = refusedBy({ code: 'isRetreatDestinationNotInUnrest', rule: '14.1' });

const OTTOMAN_HAPSBURG_WAR: ScenarioPatch = { war: [['ottoman', 'hapsburg']] };

describe('13.4 may the defenders withdraw', () => {
  interface Row {
    title: string;
    patch: ScenarioPatch;
    mover: MajorPower;
    from: string;
    to: string;
    power: Power;
    expect: Expected;
  }
  truthTable<Row>({
    rows: [
      // RULES.md §6: "2 units ≤ 4 so withdrawal legal".
      {
        title: '[13.4] lets Ferdinand and his 2 regulars withdraw into Vienna (WDR-02, WDR-03, WDR-04)',
        patch: NO_INTERCEPTION,
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        power: 'hapsburg',
        expect: ALLOWS,
      },
      {
        title: '[13.4] lets 4 regulars withdraw with two leaders, who do not count (WDR-04, ruling R6)',
        patch: {
          ...NO_INTERCEPTION,
          stacks: [
            SULEIMAN,
            { space: 'vienna', power: 'hapsburg', regulars: 4, leaders: ['ferdinand', 'duke-of-alva'] },
          ],
        },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        power: 'hapsburg',
        expect: ALLOWS,
      },
      {
        title: '[13.4] refuses a stack of 5 land units (WDR-04)',
        patch: {
          ...NO_INTERCEPTION,
          stacks: [SULEIMAN, { space: 'vienna', power: 'hapsburg', regulars: 5, leaders: ['ferdinand'] }],
        },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        power: 'hapsburg',
        expect: atMostFour(['5 land units are in Vienna', '4 or fewer'], ['В Вене 5 сухопутных частей']),
      },
      {
        title: '[13.4] refuses in unfortified Graz (WDR-02)',
        patch: {
          ...OTTOMAN_HAPSBURG_WAR,
          stacks: [
            { space: 'mohacs', power: 'ottoman', regulars: 4 },
            { space: 'graz', power: 'hapsburg', regulars: 2 },
          ],
        },
        mover: 'ottoman',
        from: 'mohacs',
        to: 'graz',
        power: 'hapsburg',
        expect: fortified(['Graz is not fortified'], ['В Граце нет укреплений']),
      },
      {
        title: '[13.4] lets a Hapsburg garrison withdraw into the fortress of Besançon (WDR-02)',
        patch: {
          war: [['france', 'hapsburg']],
          impulse: { power: 'france', cp: 1 },
          stacks: [
            { space: 'dijon', power: 'france', regulars: 4 },
            { space: 'besancon', power: 'hapsburg', regulars: 2 },
          ],
        },
        mover: 'france',
        from: 'dijon',
        to: 'besancon',
        power: 'hapsburg',
        expect: ALLOWS,
      },
      {
        title: '[13.4] lets Protestant units withdraw into the electorate of Augsburg (WDR-02)',
        patch: {
          war: [['hapsburg', 'protestant']],
          impulse: { power: 'hapsburg', cp: 1 },
          control: { salzburg: 'hapsburg' },
          stacks: [
            { space: 'salzburg', power: 'hapsburg', regulars: 4 },
            { space: 'augsburg', power: 'protestant', regulars: 2 },
          ],
        },
        mover: 'hapsburg',
        from: 'salzburg',
        to: 'augsburg',
        power: 'protestant',
        expect: ALLOWS,
      },
      {
        title: '[13.4] refuses Hapsburg units in Buda when the Ottoman controls Buda (WDR-03)',
        // Ruling R17: Hapsburg units outside empty Ottoman Buda are besieging it.
        patch: {
          ...OTTOMAN_HAPSBURG_WAR,
          control: { buda: 'ottoman' },
          stacks: [
            { space: 'pressburg', power: 'ottoman', regulars: 4 },
            { space: 'buda', power: 'hapsburg', regulars: 2 },
          ],
          sieges: [{ space: 'buda', by: ['hapsburg'] }],
        },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'buda',
        power: 'hapsburg',
        expect: controlledByDefender(
          ['Buda is controlled by Ottoman'],
          ['Буда под контролем Османов', 'которые не обороняются'],
        ),
      },
      {
        title: '[13.4] lets Hapsburg units withdraw into Buda controlled by their Hungarian ally (WDR-03)',
        patch: {
          ...OTTOMAN_HAPSBURG_WAR,
          alliances: [['hapsburg', 'hungary']],
          stacks: [
            { space: 'pressburg', power: 'ottoman', regulars: 4 },
            { space: 'buda', power: 'hapsburg', regulars: 2 },
          ],
        },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'buda',
        power: 'hapsburg',
        expect: ALLOWS,
      },
      {
        title: '[13.4] refuses 2 more when 3 are already inside: never more than 4 inside (SIE-14)',
        patch: {
          ...NO_INTERCEPTION,
          stacks: [SULEIMAN, FERDINAND, { space: 'vienna', power: 'hapsburg', regulars: 3, inside: true }],
        },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        power: 'hapsburg',
        expect: fortificationLimit(
          ['3 land units are already inside Vienna'],
          ['В укреплениях Вены уже 3 сухопутные части'],
        ),
      },
      {
        title: '[13.4] lets 2 withdraw beside 2 already inside, 4 in all (SIE-14)',
        patch: {
          ...NO_INTERCEPTION,
          stacks: [SULEIMAN, FERDINAND, { space: 'vienna', power: 'hapsburg', regulars: 2, inside: true }],
        },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        power: 'hapsburg',
        expect: ALLOWS,
      },
      {
        title: '[13.4] has nothing to withdraw when no enemy land unit stands outside (WDR-04, ruling R13)',
        patch: { ...NO_INTERCEPTION, stacks: [SULEIMAN] },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        power: 'hapsburg',
        expect: defendersToWithdraw(['No enemy land units', 'Vienna'], ['Вне укреплений Вены']),
      },
      {
        title: '[13.4] refuses the moving power the decision (WDR-07)',
        patch: NO_INTERCEPTION,
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        power: 'ottoman',
        expect: decider(['Hapsburg decides'], ['Выбор за Габсбургами']),
      },
    ],
    judge: ({ patch, mover, from, to, power }) => {
      const { world: w, leg } = move(patch, mover, from, to);
      return { world: w, verdicts: [checkWithdrawal(w, { leg, power })] };
    },
  });

  test('[13.4] checks fortification, defenders, control, the 4-unit limit and room inside, in that order (WDR-02, WDR-03, WDR-04, SIE-14)', () => {
    expect(WITHDRAWAL_CONDITIONS.map((r) => r.name)).toEqual([
      'isDestinationFortified',
      'hasDefendersToWithdraw',
      'isControlledByDefender',
      'mayEveryDefenderGoInside',
      'hasAtMostFourUnits',
      'keepsFortificationLimit',
    ]);
  });
});

describe('13.4 who decides (ruling R21)', () => {
  // England is a Hapsburg ally at war with the Ottoman; so is the Protestant; Hungary and Scotland are active minors
  // of the Hapsburg and of England. Every row defends Hapsburg-held Vienna or Hungarian Buda against the Ottoman.
  const ALLIES: ScenarioPatch = {
    war: [
      ['ottoman', 'hapsburg'],
      ['ottoman', 'england'],
      ['ottoman', 'protestant'],
    ],
    alliances: [
      ['hapsburg', 'england'],
      ['hapsburg', 'protestant'],
      ['england', 'protestant'],
      ['hapsburg', 'hungary'],
      ['england', 'scotland'],
    ],
    control: { pressburg: 'ottoman' },
  };
  const OTTOMANS = { space: 'pressburg', power: 'ottoman', regulars: 6 } as const;
  const at = (space: string, ...powers: Power[]) => powers.map((power) => ({ space, power, regulars: 1 }));
  test.for(
    named<{ what: string; patch: ScenarioPatch; to: string; expected: MajorPower | undefined }>([
      {
        what: 'gives the decision to the Hapsburgs, who control Vienna, over English units beside theirs (WDR-07)',
        patch: { ...ALLIES, stacks: [SULEIMAN, FERDINAND, ...at('vienna', 'england')] },
        to: 'vienna',
        expected: 'hapsburg',
      },
      // F4 (test/regressions): only an ally defends; the controller, with nothing there, does not decide.
      {
        what: 'gives England, defending Hapsburg Vienna alone, its own decision (WDR-07)',
        patch: { ...ALLIES, stacks: [OTTOMANS, { space: 'vienna', power: 'england', regulars: 2 }] },
        to: 'vienna',
        expected: 'england',
      },
      {
        what: 'gives the Protestants, defending Hapsburg Vienna alone, their own decision (WDR-07)',
        patch: { ...ALLIES, stacks: [OTTOMANS, ...at('vienna', 'protestant')] },
        to: 'vienna',
        expected: 'protestant',
      },
      {
        what: 'gives the Protestants the decision beside a Hapsburg leader with no units: leaders make no defending power (WDR-07)',
        patch: {
          ...ALLIES,
          stacks: [
            OTTOMANS,
            { space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] },
            ...at('vienna', 'protestant'),
          ],
        },
        to: 'vienna',
        expected: 'protestant',
      },
      {
        what: 'gives the Hapsburgs the decision when England and the Protestants defend their Vienna without them (WDR-07)',
        patch: { ...ALLIES, stacks: [OTTOMANS, ...at('vienna', 'england', 'protestant')] },
        to: 'vienna',
        expected: 'hapsburg',
      },
      // Ruling R10, 22.3: an active minor's units are its major's to decide; with them a power still defends alone.
      {
        what: "gives England the decision over its own and its Scottish ally's units in Hapsburg Vienna (WDR-07, ruling R10)",
        patch: { ...ALLIES, stacks: [OTTOMANS, ...at('vienna', 'england', 'scotland')] },
        to: 'vienna',
        expected: 'england',
      },
      {
        what: "gives the Hapsburgs the decision when England and the Hapsburgs' Hungarian ally defend Vienna (WDR-07, ruling R10)",
        patch: { ...ALLIES, stacks: [OTTOMANS, ...at('vienna', 'england', 'hungary')] },
        to: 'vienna',
        expected: 'hapsburg',
      },
      {
        what: "gives the decision in Hungarian Buda to Hungary's major ally (WDR-07, 22.3)",
        patch: {
          ...ALLIES,
          stacks: [OTTOMANS, ...at('buda', 'hungary'), { space: 'buda', power: 'hapsburg', regulars: 2 }],
        },
        to: 'buda',
        expected: 'hapsburg',
      },
      {
        what: 'gives the Hapsburgs the decision over their Hungarian ally defending Vienna alone (WDR-07, ruling R10)',
        patch: { ...ALLIES, stacks: [OTTOMANS, ...at('vienna', 'hungary')] },
        to: 'vienna',
        expected: 'hapsburg',
      },
      // Ruling R10: nobody decides for an inactive minor; its stack goes in by itself.
      {
        what: "gives nobody the decision over an inactive minor's stack (WDR-13, ruling R10)",
        patch: {
          war: [['ottoman', 'hungary']],
          stacks: [
            { space: 'pressburg', power: 'ottoman', regulars: 6 },
            { space: 'buda', power: 'hungary', regulars: 3 },
          ],
        },
        to: 'buda',
        expected: undefined,
      },
    ]),
  )('[13.4, ruling R21] %s', ([, { patch, to, expected }]) => {
    const { world: w, leg } = move(patch, 'ottoman', 'pressburg', to);
    expect(withdrawalDecider(w, leg)).toBe(expected);
    if (expected) {
      expect(checkWithdrawal(w, { leg, power: expected }).ok).toBe(true);
      const other: Power = expected === 'hapsburg' ? 'england' : 'hapsburg';
      const name = {
        hapsburg: ['Hapsburg', 'Габсбургами'],
        england: ['England', 'Англией'],
        protestant: ['Protestant', 'Протестантами'],
      }[expected as 'hapsburg' | 'england' | 'protestant'];
      expectVerdict(
        w,
        checkWithdrawal(w, { leg, power: other }),
        decider([`${name[0]} decides`], [`Выбор за ${name[1]}`]),
      );
    }
  });
});

describe('22.1 inactive minors withdraw by themselves', () => {
  /** Hungarian regulars in Buda: an inactive minor at war with the Ottoman, or a Hapsburg ally (then active, 22.3). */
  const hungarianBuda = (regulars: number, allied = false): ScenarioPatch => ({
    war: allied ? [['ottoman', 'hapsburg']] : [['ottoman', 'hungary']],
    alliances: allied ? [['hapsburg', 'hungary']] : [],
    stacks: [
      { space: 'pressburg', power: 'ottoman', regulars: 6 },
      { space: 'buda', power: 'hungary', regulars },
    ],
  });
  test.for(
    named<{
      what: string;
      patch: ScenarioPatch;
      from: string;
      to: string;
      mover: MajorPower;
      can: boolean;
      automatic: boolean;
    }>([
      {
        what: 'withdraws 3 inactive Hungarian regulars into Buda with no one asked (WDR-13, ruling R10)',
        patch: hungarianBuda(3),
        from: 'pressburg',
        to: 'buda',
        mover: 'ottoman',
        can: true,
        automatic: true,
      },
      {
        what: 'withdraws 4 inactive Hungarian regulars the same way (WDR-13, ruling R10)',
        patch: hungarianBuda(4),
        from: 'pressburg',
        to: 'buda',
        mover: 'ottoman',
        can: true,
        automatic: true,
      },
      // 22.1: a stack of 5 or more stands and fights.
      {
        what: 'keeps 5 inactive Hungarian regulars outside to fight (WDR-13, ruling R10)',
        patch: hungarianBuda(5),
        from: 'pressburg',
        to: 'buda',
        mover: 'ottoman',
        can: false,
        automatic: false,
      },
      // 22.3: an active minor is decided for by its major.
      {
        what: 'asks the Hapsburgs about 3 Hungarian regulars once Hungary is their ally (WDR-07, WDR-13)',
        patch: hungarianBuda(3, true),
        from: 'pressburg',
        to: 'buda',
        mover: 'ottoman',
        can: true,
        automatic: false,
      },
      {
        what: 'asks the Hapsburgs about their own stack in Vienna (WDR-07)',
        patch: NO_INTERCEPTION,
        from: 'pressburg',
        to: 'vienna',
        mover: 'ottoman',
        can: true,
        automatic: false,
      },
      // 22.6: independent regulars in an independent key defend like an inactive minor.
      {
        what: 'withdraws 2 independent regulars into Metz with no one asked (WDR-13, ruling R10)',
        patch: {
          impulse: { power: 'france', cp: 1 },
          stacks: [
            { space: 'stdizier', power: 'france', regulars: 4 },
            { space: 'metz', power: 'independent', regulars: 2 },
          ],
        },
        from: 'stdizier',
        to: 'metz',
        mover: 'france',
        can: true,
        automatic: true,
      },
    ]),
  )('[22.1] %s', ([, { patch, from, to, mover, can, automatic }]) => {
    const { world: w, leg } = move(patch, mover, from, to);
    expect(canWithdraw(w, leg)).toBe(can);
    expect(can && isAutomaticWithdrawal(w, leg)).toBe(automatic);
  });
});

describe('13.4, 15 the siege check after step 7', () => {
  interface Row {
    what: string;
    patch: ScenarioPatch;
    mover: MajorPower;
    from: string;
    to: string;
    siegeCheck: boolean;
    outnumbers: boolean;
  }
  test.for(
    named<Row>([
      // RULES.md §6: "had they withdrawn, 8 > 2 puts Vienna under siege".
      {
        what: "besieges Vienna when the 8 Ottoman units face Ferdinand's 2 inside (WDR-09, SIE-01)",
        patch: { ...VIENNA, stacks: [SULEIMAN, { ...FERDINAND, inside: true }] },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        siegeCheck: true,
        outnumbers: true,
      },
      {
        what: 'does not besiege Vienna with 2 Ottoman regulars against 2 inside (WDR-09, SIE-01)',
        patch: {
          ...VIENNA,
          stacks: [
            { space: 'pressburg', power: 'ottoman', regulars: 2 },
            { ...FERDINAND, inside: true },
          ],
        },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        siegeCheck: true,
        outnumbers: false,
      },
      {
        what: 'does not besiege Vienna with 3 against 4 inside (WDR-09, SIE-01)',
        patch: {
          ...VIENNA,
          stacks: [
            { space: 'pressburg', power: 'ottoman', regulars: 3, leaders: ['suleiman', 'ibrahim-pasha'] },
            { ...FERDINAND, regulars: 4, inside: true },
          ],
        },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        siegeCheck: true,
        outnumbers: false,
      },
      {
        what: 'counts cavalry: 2 regulars and 1 cavalry besiege 2 inside (SIE-01, ruling R6)',
        patch: {
          ...VIENNA,
          stacks: [
            { space: 'pressburg', power: 'ottoman', regulars: 2, cavalry: 1 },
            { ...FERDINAND, inside: true },
          ],
        },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        siegeCheck: true,
        outnumbers: true,
      },
      {
        what: 'never counts leaders: 2 regulars with Suleiman and Ibrahim do not besiege 2 inside (SIE-01, ruling R6)',
        patch: {
          ...VIENNA,
          stacks: [
            { space: 'pressburg', power: 'ottoman', regulars: 2, leaders: ['suleiman', 'ibrahim-pasha'] },
            { ...FERDINAND, inside: true },
          ],
        },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        siegeCheck: true,
        outnumbers: false,
      },
      // Ruling R13: an enemy fortified space with nobody in it is put under siege.
      {
        what: 'besieges an empty enemy Vienna (SIE-01, ruling R13)',
        patch: { ...VIENNA, stacks: [{ space: 'pressburg', power: 'ottoman', regulars: 1 }] },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        siegeCheck: true,
        outnumbers: true,
      },
      {
        what: 'besieges empty independent Metz (SIE-01, ruling R13)',
        patch: { impulse: { power: 'france', cp: 1 }, stacks: [{ space: 'stdizier', power: 'france', regulars: 2 }] },
        mover: 'france',
        from: 'stdizier',
        to: 'metz',
        siegeCheck: true,
        outnumbers: true,
      },
      {
        what: 'hands over to a field battle, not a siege, when the defenders stay outside (WDR-09)',
        patch: NO_INTERCEPTION,
        mover: 'ottoman',
        from: 'pressburg',
        to: 'vienna',
        siegeCheck: false,
        outnumbers: true,
      },
      {
        what: "never besieges the mover's own fortified space (ruling R13)",
        patch: {
          ...OTTOMAN_HAPSBURG_WAR,
          control: { buda: 'ottoman' },
          stacks: [{ space: 'pressburg', power: 'ottoman', regulars: 2 }],
        },
        mover: 'ottoman',
        from: 'pressburg',
        to: 'buda',
        siegeCheck: false,
        outnumbers: true,
      },
      {
        what: 'never besieges an unfortified space (WDR-02, ruling R13)',
        patch: { ...OTTOMAN_HAPSBURG_WAR, stacks: [{ space: 'mohacs', power: 'ottoman', regulars: 2 }] },
        mover: 'ottoman',
        from: 'mohacs',
        to: 'graz',
        siegeCheck: false,
        outnumbers: true,
      },
    ]),
  )('[13.4, 15] %s', ([, { patch, mover, from, to, siegeCheck, outnumbers }]) => {
    const { world: w, leg } = move(patch, mover, from, to);
    const placed = arrive(w, leg);
    expect(needsSiegeCheck(placed, leg)).toBe(siegeCheck);
    expect(doesMoverOutnumberInside(placed, leg)).toBe(outnumbers);
  });

  test('[13.3, 13.4, 15] sends a lone leader inside Vienna instead of capturing him, and 1 entering unit then besieges him (WDR-14)', () => {
    const { world: w, leg } = move(
      {
        ...VIENNA,
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 1 },
          { space: 'vienna', power: 'hapsburg', leaders: ['ferdinand'] },
        ],
      },
      'ottoman',
      'pressburg',
      'vienna',
    );
    // 13.4 is about land units: the leader alone is handled by 13.3, not by a withdrawal decision.
    expect(canWithdraw(w, leg)).toBe(false);
    const settled = settleLoneLeaders(arrive(w, leg), 'vienna', 'ottoman');
    expect(settled.withdrawn).toEqual([{ power: 'hapsburg', leaders: ['ferdinand'] }]);
    expect(settled.captured).toEqual([]);
    const after = withPosition(w, settled.position);
    expect(stacksWhere(after.position, { space: 'vienna', inside: true }).flatMap((s) => s.leaders)).toEqual([
      'ferdinand',
    ]);
    expect(needsSiegeCheck(after, leg)).toBe(true);
    expect(doesMoverOutnumberInside(after, leg)).toBe(true);
  });
});

describe('13.4 option 1: moving on', () => {
  /** Ottoman regulars stand in Vienna after Ferdinand withdrew; they do not outnumber him. */
  function stuckInVienna(patch: ScenarioPatch = {}): { world: World; leg: MoveLeg } {
    const { world: w, leg } = move(
      {
        ...VIENNA,
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 2 },
          { ...FERDINAND, inside: true },
        ],
        ...patch,
      },
      'ottoman',
      'pressburg',
      'vienna',
    );
    return { world: arrive(w, leg), leg };
  }
  /** Hapsburg regulars in Augsburg after the Protestant garrison withdrew; Augsburg–Innsbruck is a pass. */
  function stuckInAugsburg(): { world: World; leg: MoveLeg } {
    const { world: w, leg } = move(
      {
        war: [['hapsburg', 'protestant']],
        impulse: { power: 'hapsburg', cp: 2 },
        control: { salzburg: 'hapsburg' },
        stacks: [
          { space: 'salzburg', power: 'hapsburg', regulars: 2 },
          { space: 'augsburg', power: 'protestant', regulars: 2, inside: true },
        ],
      },
      'hapsburg',
      'salzburg',
      'augsburg',
    );
    return { world: arrive(w, leg), leg };
  }
  interface ContinueRow {
    readonly title: string;
    readonly at: 'vienna' | 'augsburg';
    readonly to: string;
    readonly cp: number;
    readonly patch?: ScenarioPatch;
    readonly expect: Expected;
  }
  truthTable<ContinueRow>({
    rows: [
      {
        title: '[13.4 option 1] lets the Ottoman regulars pay 1 CP to move on from Vienna to Linz (WDR-10)',
        at: 'vienna',
        to: 'linz',
        cp: 1,
        expect: ALLOWS,
      },
      {
        title: '[13.4 option 1] refuses moving on with no CP left (WDR-10, ruling R4)',
        at: 'vienna',
        to: 'linz',
        cp: 0,
        expect: cpToContinue(
          ['costs 1 CP and 0 CP are left', 'option 2'],
          ['стоит 1 КО, а осталось 0 КО', 'вариант 2'],
        ),
      },
      {
        title: '[13.4 option 1] lets them move on back to Pressburg as a new Move (WDR-10)',
        at: 'vienna',
        to: 'pressburg',
        cp: 1,
        expect: ALLOWS,
      },
      {
        title: '[13.4 option 1] refuses a space that is not adjacent (WDR-10)',
        at: 'vienna',
        to: 'buda',
        cp: 1,
        expect: adjacent(['Buda is not adjacent to Vienna'], ['Вена и Буда не прилегают']),
      },
      // 13.1: moving on is a Move; Brunn belongs to an inactive Hungary-Bohemia, neither enemy nor ally.
      {
        title: '[13.4 option 1] applies the 13.1 entry rules: no entering neutral Hungarian Brunn (WDR-10)',
        at: 'vienna',
        to: 'brunn',
        cp: 1,
        patch: { alliances: [] },
        expect: enterControlled(['Brunn', 'Hungary-Bohemia', 'Ottoman'], ['Брюнн', 'Венгрии-Богемии', 'с Османами']),
      },
      {
        title: '[13.4 option 1] charges 2 CP over the Augsburg–Innsbruck pass: 1 is not enough (WDR-10)',
        at: 'augsburg',
        to: 'innsbruck',
        cp: 1,
        expect: cpToContinue(['costs 2 CP and 1 CP is left'], ['стоит 2 КО, а осталось 1 КО']),
      },
      {
        title: '[13.4 option 1] lets the Hapsburgs cross the pass to Innsbruck with 2 CP (WDR-10)',
        at: 'augsburg',
        to: 'innsbruck',
        cp: 2,
        expect: ALLOWS,
      },
      {
        title: '[13.4 option 1] charges 1 CP over a clear connection, Augsburg to Regensburg (WDR-10)',
        at: 'augsburg',
        to: 'regensburg',
        cp: 1,
        expect: ALLOWS,
      },
    ],
    judge: ({ at, to, cp, patch }) => {
      const { world: w, leg } = at === 'vienna' ? stuckInVienna(patch) : stuckInAugsburg();
      expect(doesMoverOutnumberInside(w, leg)).toBe(false);
      return { world: w, verdicts: [checkContinue(w, { leg, to, cp })] };
    },
  });

  test('[13.4 option 1] offers every adjacent space with 1 CP and none with 0 CP (WDR-10, ruling R4)', () => {
    const { world: w, leg } = stuckInVienna();
    expect([...continueDestinations(w, leg, 1).to].sort()).toEqual(['brunn', 'graz', 'linz', 'pressburg']);
    const none = continueDestinations(w, leg, 0);
    expect(none.to).toEqual([]);
    expect(none.blocked.map((b) => b.refusal.code)).toEqual([
      'hasCpToContinue',
      'hasCpToContinue',
      'hasCpToContinue',
      'hasCpToContinue',
    ]);
  });
});

describe('13.4 option 2: back to where it came from', () => {
  /** 2 Ottoman regulars with Ibrahim in Vienna, Ferdinand's 2 inside: they retreat (reason `origin`). */
  function option2(patch: ScenarioPatch = {}): { world: World; state: RetreatState } {
    const { world: w, leg } = move(
      {
        ...VIENNA,
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 2, leaders: ['ibrahim-pasha'] },
          { ...FERDINAND, inside: true },
        ],
        ...patch,
      },
      'ottoman',
      'pressburg',
      'vienna',
    );
    return {
      world: arrive(w, leg),
      state: {
        space: 'vienna',
        reason: 'origin',
        attacker: 'ottoman',
        origin: 'pressburg',
        done: [],
        captor: 'hapsburg',
      },
    };
  }
  const base = { inside: NO_UNITS, hasDestination: true, power: 'ottoman' as const, from: 'vienna' };

  truthTable<{ title: string; to: string; patch: ScenarioPatch; expect: Expected }>({
    rows: [
      {
        title: '[13.4 option 2] sends the formation back to Pressburg, the space it came from (WDR-11)',
        to: 'pressburg',
        patch: {},
        expect: ALLOWS,
      },
      // Linz made Ottoman-controlled so that only the origin rule can refuse it.
      {
        title: '[13.4 option 2] refuses any other space, even a friendly one (WDR-11, ruling R11)',
        to: 'linz',
        patch: { control: { pressburg: 'ottoman', linz: 'ottoman' } },
        expect: attackerOrigin(['must retreat into Pressburg'], ['в Пресбург']),
      },
      {
        title: '[13.4 option 2] obeys the 14.1 restrictions: not into Pressburg in unrest (WDR-11)',
        to: 'pressburg',
        patch: { unrest: ['pressburg'] },
        expect: notInUnrest(['Pressburg is in unrest'], ['В Пресбурге беспорядки']),
      },
    ],
    judge: ({ to, patch }) => {
      const { world: w, state } = option2(patch);
      return { world: w, verdicts: [checkRetreat(w, { ...state, ...base, to })] };
    },
  });

  test('[13.4 option 2] costs no CP (WDR-11)', () => {
    const { world: w, state } = option2();
    const out = applyRetreat(w, state, 'ottoman', NO_UNITS, 'pressburg');
    expect(out.to).toBe('pressburg');
    expect(out.position.impulse.cp).toBe(w.position.impulse.cp);
    expect(stacksWhere(out.position, { space: 'pressburg' }).map((s) => [s.power, s.regulars, s.leaders])).toEqual([
      ['ottoman', 2, ['ibrahim-pasha']],
    ]);
  });

  test('[13.4 option 2] eliminates the formation and captures its leader when the way back is illegal (WDR-11, ruling R11)', () => {
    const { world: w, state } = option2({ unrest: ['pressburg'] });
    expect(retreatDestinations(w, state, 'ottoman').to).toEqual([]);
    const out = applyRetreat(w, state, 'ottoman', NO_UNITS, undefined);
    expect(out.eliminated).toEqual({ regulars: 2, mercenaries: 0, cavalry: 0 });
    expect(out.captured).toEqual(['ibrahim-pasha']);
    expect(out.position.captured).toContainEqual({ leader: 'ibrahim-pasha', by: 'hapsburg' });
    expect(stacksWhere(out.position, { space: 'vienna', inside: false })).toEqual([]);
  });
});
