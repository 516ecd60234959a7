// Ruling R32: "the placing power chooses" where new mercenaries go. When the Ottoman plays Swiss Mercenaries at
// 14 step 1, France places the 4 new French mercenaries: the Ottoman's play names no spaces, and France is asked
// where they go (or the engine places them itself when only one answer is legal, ruling R9). Whole scenarios through
// the session with scripted dice; every result position parses again as a scenario.
import { describe, expect, test } from 'vitest';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import type { Session } from '../../src/engine/session.ts';
import { narrative } from '../../src/engine/report.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { explore } from '../../src/review/explore.ts';
import { accept, dice, finished, piecesAt, playing, refuse } from '../helpers/session.ts';

/** The Ottoman moves from `origin` into `field` against the Hapsburg; France, at peace, stands in `stacks`. */
function board(french: { space: string; regulars: number; inside?: boolean }[]): ScenarioInput {
  return {
    map: {
      spaces: [
        { id: 'origin', type: 'unfortified', home: 'ottoman' },
        { id: 'field', type: 'unfortified', home: 'hapsburg' },
        { id: 'north', type: 'unfortified', home: 'hapsburg' },
        { id: 'lyon', type: 'unfortified', home: 'france' },
        { id: 'paris', type: 'key', home: 'france' },
      ],
      connections: [
        { a: 'origin', b: 'field' },
        { a: 'field', b: 'north' },
        { a: 'lyon', b: 'paris' },
      ],
    },
    war: [['ottoman', 'hapsburg']],
    control: { origin: 'ottoman' },
    stacks: [
      { space: 'origin', power: 'ottoman', regulars: 2 },
      { space: 'field', power: 'hapsburg', regulars: 2 },
      ...french.map((f) => ({ power: 'france' as const, ...f })),
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'origin', to: 'field', regulars: 2 },
    hands: { ottoman: ['swiss-mercenaries'] },
  };
}

/** Declines the Hapsburg's avoid battle; stops at the first card window. */
function toResponseCards(s: Session): Session {
  while (s.pending?.kind === 'avoid') accept(s, { type: 'avoid.decline', power: s.pending.power });
  return s;
}

describe('14 step 1, ruling R32: the placing power chooses where the new mercenaries go', () => {
  test('[14 step 1, ruling R32] the Ottoman plays Swiss Mercenaries naming no space; France is asked where its 4 go', () => {
    const s = toResponseCards(
      playing(
        board([
          { space: 'lyon', regulars: 1 },
          { space: 'paris', regulars: 1 },
        ]),
      ),
    );
    expect(s.pending).toMatchObject({ kind: 'card', power: 'ottoman', rule: '14 step 1' });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      { type: 'card.play', power: 'ottoman', card: 'swiss-mercenaries' },
      { type: 'card.pass', power: 'ottoman' },
    ]);
    // The Ottoman may not choose France's spaces.
    refuse(
      s,
      {
        type: 'card.play',
        power: 'ottoman',
        card: 'swiss-mercenaries',
        placements: [{ space: 'paris', mercenaries: 4 }],
      },
      { code: 'illegal', restriction: 'arePlacementsLegal', ruling: 'R32' },
    );
    // Before the play, a placement answers nothing: the window takes plays and passes.
    refuse(
      s,
      {
        type: 'card.place',
        power: 'ottoman',
        card: 'swiss-mercenaries',
        placements: [{ space: 'lyon', mercenaries: 4 }],
      },
      { code: 'illegal', rule: '14 step 1' },
    );
    accept(s, { type: 'card.play', power: 'ottoman', card: 'swiss-mercenaries' });
    expect(s.pending).toMatchObject({
      kind: 'card',
      power: 'france',
      rule: '14 step 1',
      ruling: 'R32',
      state: 'awaitingCardPlacement',
      forced: false,
    });
    expect(s.pending!.options.map((o) => o.event)).toEqual([
      {
        type: 'card.place',
        power: 'france',
        card: 'swiss-mercenaries',
        placements: [{ space: 'lyon', mercenaries: 4 }],
      },
      {
        type: 'card.place',
        power: 'france',
        card: 'swiss-mercenaries',
        placements: [{ space: 'paris', mercenaries: 4 }],
      },
    ]);
    refuse(
      s,
      {
        type: 'card.place',
        power: 'ottoman',
        card: 'swiss-mercenaries',
        placements: [{ space: 'lyon', mercenaries: 4 }],
      },
      { code: 'out-of-turn' },
    );
    refuse(
      s,
      {
        type: 'card.place',
        power: 'france',
        card: 'swiss-mercenaries',
        placements: [{ space: 'north', mercenaries: 4 }],
      },
      { code: 'illegal', restriction: 'arePlacementsLegal', ruling: 'R32' },
    );
    // A placement names the card just played; a pass or a play is no answer to it (no 'internal' refusal).
    refuse(
      s,
      { type: 'card.place', power: 'france', card: 'landsknechts', placements: [{ space: 'lyon', mercenaries: 4 }] },
      { code: 'illegal', restriction: 'isPlacingPlayedCard', rule: '14 step 1', ruling: 'R32' },
    );
    for (const e of [
      { type: 'card.pass', power: 'france' },
      { type: 'card.play', power: 'france', card: 'swiss-mercenaries' },
    ] as const)
      expect(refuse(s, e, { code: 'illegal', rule: '14 step 1', ruling: 'R32' }).message).toMatch(
        new RegExp(`^${e.type} does not answer this decision; it takes card.place: France: Ottoman played`),
      );
    // Any split France likes is accepted.
    accept(s, {
      type: 'card.place',
      power: 'france',
      card: 'swiss-mercenaries',
      placements: [
        { space: 'lyon', mercenaries: 3 },
        { space: 'paris', mercenaries: 1 },
      ],
    });
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'attacker', dice: 2 } });
    accept(s, dice(1, 1));
    accept(s, dice(1, 1, 1));
    const end = finished(s);
    expect(piecesAt(end, 'lyon', 'france').mercenaries).toBe(3);
    expect(piecesAt(end, 'paris', 'france').mercenaries).toBe(1);
    expect(end.hands).toEqual({ ottoman: [] });
    expect(s.result!.summary.cards).toEqual([
      expect.objectContaining({
        power: 'ottoman',
        card: 'swiss-mercenaries',
        window: '14 step 1',
        ruling: 'R32',
        placed: [
          { space: 'lyon', power: 'france', mercenaries: 3, inside: false },
          { space: 'paris', power: 'france', mercenaries: 1, inside: false },
        ],
      }),
    ]);
    // The printed result shows every space the card changed, not only those the move touched.
    const result = narrative(s, 'en').split('\nResult:\n')[1]!;
    expect(result).toMatch(/lyon: France 1 regular, 3 mercenaries/);
    expect(result).toMatch(/paris: France 1 regular, 1 mercenary/);
    const story = s.trace.filter((t) => t.headline).map((t) => t.note.en);
    expect(story).toContainEqual(
      'Ottoman plays Swiss Mercenaries (#36): 3 new French mercenaries in lyon, 1 new French mercenary in paris (14 step 1, ruling R32).',
    );
  });

  test('[14 step 1, rulings R9, R32] with one space for them, the engine places France’s mercenaries itself, on the record', () => {
    const s = toResponseCards(playing(board([{ space: 'lyon', regulars: 1 }])));
    accept(s, { type: 'card.play', power: 'ottoman', card: 'swiss-mercenaries' });
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'attacker' } });
    const forced = s.log.filter((a) => a.event.type === 'card.place');
    expect(forced.map((a) => [a.source, a.event])).toEqual([
      [
        'engine',
        {
          type: 'card.place',
          power: 'france',
          card: 'swiss-mercenaries',
          placements: [{ space: 'lyon', mercenaries: 4 }],
        },
      ],
    ]);
    accept(s, dice(1, 1));
    accept(s, dice(1, 1, 1));
    expect(piecesAt(finished(s), 'lyon', 'france').mercenaries).toBe(4);
  });

  test('[14 step 1, rulings R32, R36] explore --answers all tries every split of the new mercenaries, the listed answers one space each', () => {
    const scenario = parseScenario(
      board([
        { space: 'lyon', regulars: 1 },
        { space: 'paris', regulars: 1 },
      ]),
    );
    const queries = [0, 1, 2, 3, 4].map(
      (inLyon) => (o: { position: { stacks: readonly { space: string; power: string; mercenaries: number }[] } }) =>
        o.position.stacks.some((x) => x.space === 'lyon' && x.power === 'france' && x.mercenaries === inLyon) &&
        o.position.stacks.some((x) => x.space === 'paris' && x.power === 'france' && x.mercenaries === 4 - inLyon),
    );
    const events = [{ type: 'avoid.decline', power: 'hapsburg' }];
    const all = explore(scenario, { answers: 'all', events, queries });
    // The Ottoman's play and pass; France's 4 mercenaries as 4–0, 0–4, 3–1, 2–2 and 1–3.
    expect(all.answerCounts.card).toEqual({ decisions: 2, answers: 7, incomplete: 0 });
    expect(all.queryResults?.map((q) => q.ends > 0)).toEqual([true, true, true, true, true]);
    expect(all.invariants.filter((i) => i.violations > 0)).toEqual([]);
    const listed = explore(scenario, { answers: 'listed', events, queries });
    expect(listed.answerCounts.card).toEqual({ decisions: 2, answers: 4, incomplete: 0 });
    expect(listed.queryResults?.map((q) => q.ends > 0)).toEqual([true, false, false, false, true]);
  });
});
