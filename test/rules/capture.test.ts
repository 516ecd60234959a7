// Ruling R20: who takes captured leaders. A side's captives go to the first major power in impulse order whose group
// has land units on the capturing side — never to an active minor, which has no power card (test/regressions F1); the
// leaders eliminated in a fortified space they may not stay in go to the power holding it (F6, G3). Truth tables over
// the groups a side can hold, and over every way the engine eliminates a group in a fortress, through the session.
import { describe, expect, test } from 'vitest';
import { captorAmong, holderOf } from '../../src/rules/capture.ts';
import type { Power } from '../../src/schema/power.ts';
import { world, type ScenarioPatch, type StackInput } from '../helpers/fixtures.ts';
import { named } from '../helpers/rows.ts';
import { dice, finished, playing, type Event } from '../helpers/session.ts';

/** Powers and their active minors: Hungary with the Hapsburgs, Scotland with England; Venice stays inactive. */
const RELATIONS: ScenarioPatch = {
  war: [
    ['ottoman', 'hapsburg'],
    ['ottoman', 'england'],
  ],
  alliances: [
    ['hapsburg', 'hungary'],
    ['england', 'scotland'],
    ['hapsburg', 'england'],
  ],
};

describe('ruling R20: captors are major powers', () => {
  const side = (...pieces: [Power, number, string[]?][]): StackInput[] =>
    pieces.map(([power, regulars, leaders]) => ({ space: 'mohacs', power, regulars, leaders: leaders ?? [] }));
  test.for(
    named<{ what: string; side: StackInput[]; expected: Power }>([
      { what: "gives an active minor's captives to its major (F1)", side: side(['hungary', 3]), expected: 'hapsburg' },
      {
        what: 'gives them to the first group in impulse order with land units, its minor’s units counting for it',
        side: side(['england', 2], ['hungary', 1]),
        expected: 'hapsburg',
      },
      {
        what: 'passes over a major whose group has only leaders on the side',
        side: side(['hapsburg', 0, ['ferdinand']], ['england', 2]),
        expected: 'england',
      },
      {
        what: 'gives a Scottish win to England, not to a major earlier in impulse order with nothing there',
        side: side(['scotland', 2], ['hapsburg', 0, ['ferdinand']]),
        expected: 'england',
      },
      {
        what: 'records independents as the captor when no major is on the side',
        side: side(['independent', 2]),
        expected: 'independent',
      },
      {
        what: 'records an inactive minor as the captor when no major is on the side',
        side: side(['venice', 2]),
        expected: 'venice',
      },
      {
        what: 'prefers a major to an inactive minor beside it',
        side: side(['venice', 3], ['england', 1]),
        expected: 'england',
      },
    ]),
  )('[14 step 10, ruling R20] %s', ([, { side: stacks, expected }]) => {
    const w = world({ ...RELATIONS, stacks });
    expect(captorAmong(w, w.position.stacks, 'ottoman')).toBe(expected);
  });

  test('[14 step 10, ruling R20] names the fallback only when nobody on the side has land units', () => {
    const w = world({ ...RELATIONS, stacks: [{ space: 'mohacs', power: 'hapsburg', leaders: ['ferdinand'] }] });
    expect(captorAmong(w, w.position.stacks, 'england')).toBe('england');
  });

  test.for(
    named<{ what: string; control: Record<string, Power>; expected: Power }>([
      { what: 'is the controller of the space', control: { buda: 'ottoman' }, expected: 'ottoman' },
      { what: "is an active minor controller's major", control: { buda: 'hungary' }, expected: 'hapsburg' },
      { what: 'is an inactive minor controller itself', control: { buda: 'venice' }, expected: 'venice' },
    ]),
  )('[15.3, ruling R20] the holder of a fortified space %s', ([, { control, expected }]) => {
    expect(holderOf(world({ ...RELATIONS, control }), 'buda')).toBe(expected);
  });
});

/**
 * A small board for the fortress eliminations: the Hapsburg formation stands in `origin` (unfortified, held by the
 * Ottoman: never a legal retreat for it) beside the fortified spaces `fort` and `keep`, which have no other
 * neighbour; Hungary is the Ottoman's active ally and holds `fort`; France, at war with the Hapsburgs, holds `keep`.
 */
const BOARD: ScenarioPatch = {
  map: {
    spaces: [
      { id: 'origin', type: 'unfortified', home: 'ottoman' },
      { id: 'fort', type: 'fortress', home: 'hungary' },
      { id: 'keep', type: 'fortress', home: 'france' },
    ],
    connections: [
      { a: 'origin', b: 'fort' },
      { a: 'fort', b: 'keep' },
    ],
  },
  war: [
    ['hapsburg', 'ottoman'],
    ['hapsburg', 'france'],
    ['hapsburg', 'venice'],
  ],
  alliances: [['ottoman', 'hungary']],
};

const ALVA: StackInput = { space: 'origin', power: 'hapsburg', regulars: 2, leaders: ['duke-of-alva'] };

describe('ruling R20: leaders eliminated in a fortress go to the power holding it (14 step 12, 15.3, 13.4)', () => {
  test.for(
    named<{ what: string; patch: ScenarioPatch; events: Event[]; captor: Power; rule: string; by: string }>([
      // F6: the winner does not outnumber the 4 inside and has nowhere to go — not captured by the Venetians it beat.
      {
        what: 'a winner sent away as in 15.3 with no legal space (14 step 12, F6)',
        patch: {
          stacks: [
            { ...ALVA, regulars: 4 },
            { space: 'fort', power: 'venice', regulars: 2 },
            { space: 'fort', power: 'hungary', regulars: 4, inside: true },
          ],
          impulse: { power: 'hapsburg', cp: 1 },
          move: { from: 'origin', to: 'fort', regulars: 4, leaders: ['duke-of-alva'] },
        },
        events: [dice(6, 6, 1, 1, 1), dice(1, 1, 1)],
        captor: 'ottoman',
        rule: '15.3',
        by: '15.3',
      },
      {
        what: 'besiegers left behind by the formation, whose siege broke, with no legal space (15.3)',
        patch: {
          stacks: [
            { space: 'fort', power: 'hapsburg', regulars: 3, leaders: ['duke-of-alva'] },
            { space: 'fort', power: 'hungary', regulars: 1, inside: true },
          ],
          sieges: [{ space: 'fort', by: ['hapsburg'] }],
          impulse: { power: 'hapsburg', cp: 1 },
          move: { from: 'fort', to: 'origin', regulars: 2 },
        },
        events: [],
        captor: 'ottoman',
        rule: '15.3',
        by: '15.3',
      },
      {
        what: 'a formation sent back under 13.4 option 2 to an origin it may not enter (14.1)',
        patch: {
          stacks: [ALVA, { space: 'fort', power: 'hungary', regulars: 3 }],
          impulse: { power: 'hapsburg', cp: 1 },
          move: { from: 'origin', to: 'fort', regulars: 2, leaders: ['duke-of-alva'] },
        },
        events: [{ type: 'withdraw.declare', power: 'ottoman' }],
        captor: 'ottoman',
        rule: '14.1',
        by: '14.1',
      },
      // G3: forced back into `fort`, which it moved on from — captured by fort's holder, not by keep's.
      {
        what: 'a formation forced back into the fortress it moved on from (13.4 option 1, G3)',
        patch: {
          stacks: [
            ALVA,
            { space: 'fort', power: 'hungary', regulars: 3 },
            { space: 'keep', power: 'france', regulars: 3 },
          ],
          impulse: { power: 'hapsburg', cp: 2 },
          move: { from: 'origin', to: 'fort', regulars: 2, leaders: ['duke-of-alva'] },
        },
        events: [
          { type: 'withdraw.declare', power: 'ottoman' },
          { type: 'move.continue', to: 'keep' },
          { type: 'withdraw.declare', power: 'france' },
        ],
        captor: 'ottoman',
        rule: '13.4',
        by: '13.4',
      },
    ]),
  )('[ruling R20] %s', ([, { patch, events, captor, rule, by }]) => {
    for (const rulings of [{}, { R11: 'alternative' as const }]) {
      const s = playing({ ...BOARD, ...patch, rulings }, events);
      const p = finished(s);
      expect(p.captured).toEqual([{ leader: 'duke-of-alva', by: captor }]);
      expect(s.result?.summary.captures.map((c) => c.rule)).toEqual([rule]);
      expect(s.result?.summary.retreats.filter((r) => r.eliminatedBy).map((r) => r.eliminatedBy)).toEqual([by]);
    }
  });
});
