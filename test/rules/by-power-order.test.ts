// Ruling R16: within a major power and its active minor allies (one group, 22.3, ruling R10) an answer that names no
// per-power counts takes the major's own units first — whichever procedure picks the pieces (13.1 move, 13.2
// interception, 13.3 avoid battle, 14 step 9 casualties, 14.1 going inside). The marks of ruling R12 only order
// pieces within one power. A property over random groups: the avoid picker once sent the minor's units first because
// they were marked (test/regressions F5), while every other picker put the major first.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { avoidingPieces } from '../../src/rules/avoid-battle.ts';
import { lossesByPower } from '../../src/rules/casualties.ts';
import { interceptingPieces } from '../../src/rules/interception.ts';
import { formationFor } from '../../src/rules/movement.ts';
import { applyRetreat } from '../../src/rules/retreat.ts';
import type { Stack } from '../../src/schema/scenario.ts';
import { depart, u, world, type ScenarioPatch, type StackInput } from '../helpers/fixtures.ts';

const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 100);

/** The Ottoman group (the Ottoman and its active Hungarian ally) against the Hapsburgs, Buda and Pressburg Ottoman. */
const BASE: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  alliances: [['ottoman', 'hungary']],
  control: { pressburg: 'ottoman', buda: 'ottoman' },
  impulse: { power: 'hapsburg', cp: 1 },
};

interface Group {
  /** The Ottoman's own regulars, in up to two stacks with different marks. */
  readonly own: readonly { readonly regulars: number; readonly marked: boolean }[];
  /** The Hungarian regulars, all carrying the mark the picker prefers. */
  readonly minor: number;
  /** How many regulars the answer names, without a per-power split (at most the Ottoman's own). */
  readonly take: number;
}

const group: fc.Arbitrary<Group> = fc
  .record({
    own: fc.uniqueArray(fc.record({ regulars: fc.integer({ min: 1, max: 2 }), marked: fc.boolean() }), {
      minLength: 1,
      maxLength: 2,
      selector: (s) => s.marked,
    }),
    minor: fc.integer({ min: 1, max: 3 }),
    pick: fc.nat(),
  })
  .map(({ own, minor, pick }) => ({
    own,
    minor,
    take: 1 + (pick % own.reduce((n, s) => n + s.regulars, 0)),
  }));

/** The group's stacks in `space`; `mark` is the mark that makes a piece the picker's first choice within a power. */
function stacksOf(g: Group, space: string, mark: 'lostBattle' | 'attemptedInterception'): StackInput[] {
  const marks = (marked: boolean) => (marked ? { [mark]: true } : {});
  return [
    ...g.own.map((s) => ({ space, power: 'ottoman' as const, regulars: s.regulars, ...marks(s.marked) })),
    { space, power: 'hungary', regulars: g.minor, ...marks(true) },
  ];
}

const onlyOwn = (taken: readonly Pick<Stack, 'power' | 'regulars'>[]) =>
  taken.filter((s) => s.regulars > 0).every((s) => s.power === 'ottoman');

describe('ruling R16: without byPower the major power’s own units are taken first', () => {
  test('[13.3 step 3, ruling R16] avoid battle: the major’s own units go, even when the minor’s lost a battle (F5)', () => {
    fc.assert(
      fc.property(group, (g) => {
        const patch = {
          ...BASE,
          stacks: [
            { space: 'vienna', power: 'hapsburg' as const, regulars: 4 },
            ...stacksOf(g, 'pressburg', 'lostBattle'),
          ],
        };
        const { world: w, leg } = depart(world(patch), 'hapsburg', 'vienna', 'pressburg');
        const request = u({ regulars: g.take });
        const taken = avoidingPieces(w, {
          leg,
          intercepted: [],
          done: [],
          power: 'ottoman',
          from: 'pressburg',
          to: 'buda',
          request,
        });
        expect(taken.reduce((n, s) => n + s.regulars, 0)).toBe(g.take);
        expect(onlyOwn(taken)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  test('[13.2 step 1, ruling R16] interception: the major’s own units try first', () => {
    fc.assert(
      fc.property(group, (g) => {
        const patch = {
          ...BASE,
          stacks: [{ space: 'vienna', power: 'hapsburg' as const, regulars: 4 }, ...stacksOf(g, 'buda', 'lostBattle')],
        };
        const { world: w, leg } = depart(world(patch), 'hapsburg', 'vienna', 'pressburg');
        const request = u({ regulars: g.take });
        const taken = interceptingPieces(w, {
          leg,
          usedSpaces: [],
          declined: [],
          power: 'ottoman',
          from: 'buda',
          request,
        });
        expect(taken.reduce((n, s) => n + s.regulars, 0)).toBe(g.take);
        expect(onlyOwn(taken)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  test('[13.1, ruling R16] a move: the major’s own units move first', () => {
    fc.assert(
      fc.property(group, (g) => {
        const patch = {
          ...BASE,
          impulse: { power: 'ottoman' as const, cp: 1 },
          stacks: stacksOf(g, 'buda', 'attemptedInterception'),
        };
        const taken = formationFor(world(patch), { power: 'ottoman', from: 'buda', request: u({ regulars: g.take }) });
        expect(taken).toBeDefined();
        expect(onlyOwn(taken ?? [])).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  test('[14 step 9, ruling R16] casualties: the major’s own units are lost first, even when the minor’s are marked', () => {
    fc.assert(
      fc.property(group, (g) => {
        const w = world({ ...BASE, stacks: stacksOf(g, 'pressburg', 'attemptedInterception') });
        const stacks = w.position.stacks.filter((s) => s.space === 'pressburg');
        const by = lossesByPower({
          stacks,
          power: 'ottoman',
          losses: { regulars: g.take, mercenaries: 0, cavalry: 0 },
        });
        expect(by).toEqual({ ottoman: { regulars: g.take, mercenaries: 0, cavalry: 0 } });
      }),
      { numRuns: RUNS },
    );
  });

  test('[14.1, ruling R16] going inside after a lost battle: the major’s own units go in first', () => {
    fc.assert(
      fc.property(group, (g) => {
        const w = world({ ...BASE, stacks: stacksOf(g, 'buda', 'lostBattle') });
        const state = {
          space: 'buda',
          reason: 'defender' as const,
          attacker: 'hapsburg' as const,
          origin: 'pressburg',
          done: [],
          captor: 'hapsburg' as const,
        };
        const out = applyRetreat(w, state, 'ottoman', u({ regulars: Math.min(g.take, 4) }), 'mohacs');
        const inside = out.position.stacks.filter((s) => s.space === 'buda' && s.inside);
        expect(onlyOwn(inside)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
