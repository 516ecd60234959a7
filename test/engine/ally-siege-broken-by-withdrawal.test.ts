// 13.4 after 15.3: a withdrawal that ends the siege of the formation's ally (the Hapsburgs besiege English Antwerp, the
// Ottomans their ally move in, the Venetians in the field withdraw inside) leaves the formation — a third power to
// that siege (ruling R17) — beside a fortress held against it once the besiegers have retreated. It besieges if it has
// more units than are inside, else 13.4's two options: move on (option 1) or retreat (option 2, ruling R4). Found by
// the 13.4 oracle of test/properties on the siege-biased generator; its minimal position is test/regressions/cases/H1.
import { describe, expect, test } from 'vitest';
import type { ScenarioPatch } from '../helpers/fixtures.ts';
import { accept, finished, finishWithPolicy, piecesAt, playing } from '../helpers/session.ts';

const none = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };

/**
 * Antwerp held by England (2 regulars inside), besieged by 3 Hapsburg regulars; 2 Venetian regulars (France's active
 * minor, at war with the Ottomans, at peace with the Hapsburgs) in the field; the Ottomans move in from Amsterdam.
 */
function antwerp(o: { ottoman?: ScenarioPatch['stacks']; hapsburg?: number; cp?: number } = {}): ScenarioPatch {
  return {
    war: [
      ['ottoman', 'england'],
      ['hapsburg', 'england'],
      ['ottoman', 'france'],
    ],
    alliances: [
      ['ottoman', 'hapsburg'],
      ['venice', 'france'],
      ['france', 'england'],
    ],
    control: { antwerp: 'england' },
    stacks: [
      ...(o.ottoman ?? [{ space: 'amsterdam', power: 'ottoman', regulars: 1 }]),
      { space: 'antwerp', power: 'england', regulars: 2, inside: true },
      { space: 'antwerp', power: 'hapsburg', regulars: o.hapsburg ?? 3 },
      { space: 'antwerp', power: 'venice', regulars: 2 },
    ],
    sieges: [{ space: 'antwerp', by: ['hapsburg'] }],
    impulse: { power: 'ottoman', cp: o.cp ?? 2 },
  };
}

const MOVE_1 = { type: 'move.declare', from: 'amsterdam', to: 'antwerp', regulars: 1 } as const;
const WITHDRAW = [
  { type: 'avoid.decline', power: 'france' },
  { type: 'withdraw.declare', power: 'france' },
] as const;

describe('13.4, 15.3, ruling R17: the formation left beside a fortress whose siege by its ally the withdrawal broke', () => {
  test('[13.4, 15.3] the besiegers retreat first, then the formation, not more than the 4 inside, is asked to move on or retreat (H1)', () => {
    const s = playing(antwerp(), [MOVE_1, ...WITHDRAW]);
    // 15.3 "immediately": the siege is over and its besiegers retreat before anything else.
    expect(s.pending).toMatchObject({ kind: 'retreat', power: 'hapsburg' });
    accept(s, { type: 'retreat.declare', power: 'hapsburg', to: 'brussels' });
    expect(s.pending).toMatchObject({ kind: 'continue', power: 'ottoman', forced: false });
    const events = s.pending!.options.map((o) => o.event);
    expect(events).toContainEqual({ type: 'move.stop' });
    expect(events).toContainEqual({ type: 'move.continue', to: 'calais' });
    expect(s.trace.map((t) => t.state)).toContain('checkingFormationBesideFortress');
    accept(s, { type: 'move.stop' });
    const p = finished(s);
    expect(piecesAt(p, 'amsterdam', 'ottoman')).toEqual({ ...none, regulars: 1 });
    expect(piecesAt(p, 'antwerp', 'ottoman')).toEqual(none);
    expect(piecesAt(p, 'antwerp', 'england', true)).toEqual({ ...none, regulars: 2 });
    expect(piecesAt(p, 'antwerp', 'venice', true)).toEqual({ ...none, regulars: 2 });
    expect(p.sieges ?? []).toEqual([]);
    expect(s.result!.summary.siegesEnded).toEqual([{ space: 'antwerp', by: ['hapsburg'], rule: '15.3' }]);
    expect(s.result!.summary.retreats.map((r) => [r.power, r.reason, r.to])).toEqual([
      ['hapsburg', 'siege', 'brussels'],
      ['ottoman', 'origin', 'amsterdam'],
    ]);
  });

  test('[13.4 option 1] it may pay its last CP and move on: into empty English Calais, which it besieges (ruling R13)', () => {
    const s = playing(antwerp(), [
      MOVE_1,
      ...WITHDRAW,
      { type: 'retreat.declare', power: 'hapsburg', to: 'brussels' },
      { type: 'move.continue', to: 'calais' },
    ]);
    const p = finished(finishWithPolicy(s));
    expect(piecesAt(p, 'calais', 'ottoman')).toEqual({ ...none, regulars: 1 });
    expect(piecesAt(p, 'antwerp', 'ottoman')).toEqual(none);
    expect(p.sieges).toEqual([{ space: 'calais', by: ['ottoman'], thisImpulse: true }]);
    expect(p.impulse.cp).toBe(0);
  });

  test('[13.4 option 2, ruling R4, ruling R9] with no CP left it goes back to Amsterdam unasked', () => {
    const s = playing(antwerp({ cp: 1 }), [
      MOVE_1,
      ...WITHDRAW,
      { type: 'retreat.declare', power: 'hapsburg', to: 'brussels' },
    ]);
    const p = finished(s);
    expect(piecesAt(p, 'amsterdam', 'ottoman')).toEqual({ ...none, regulars: 1 });
    expect(p.sieges ?? []).toEqual([]);
    expect(s.log.filter((a) => a.source === 'engine').map((a) => a.event)).toContainEqual({ type: 'move.stop' });
  });

  test('[13.4, 15, rulings R13, R17] a formation with more units than the 4 inside besieges Antwerp alone, unasked', () => {
    const s = playing(
      antwerp({ ottoman: [{ space: 'amsterdam', power: 'ottoman', regulars: 5, leaders: ['ibrahim-pasha'] }] }),
      [
        { ...MOVE_1, regulars: 5, leaders: ['ibrahim-pasha'] },
        ...WITHDRAW,
        { type: 'retreat.declare', power: 'hapsburg', to: 'brussels' },
      ],
    );
    const p = finished(s);
    expect(piecesAt(p, 'antwerp', 'ottoman')).toEqual({ ...none, regulars: 5, leaders: ['ibrahim-pasha'] });
    expect(p.sieges).toEqual([{ space: 'antwerp', by: ['ottoman'], thisImpulse: true }]);
    expect(s.trace.some((t) => t.state === 'awaitingContinuation')).toBe(false);
  });

  test('[15, SIE-04] a siege of its ally that the withdrawal does not break is kept, and the formation stays beside it', () => {
    // 5 Hapsburg regulars still outnumber the 4 inside: the siege goes on; the Ottoman regular stays with them.
    const s = playing(antwerp({ hapsburg: 5 }), [MOVE_1, ...WITHDRAW]);
    const p = finished(s);
    expect(piecesAt(p, 'antwerp', 'ottoman')).toEqual({ ...none, regulars: 1 });
    expect(p.sieges).toEqual([{ space: 'antwerp', by: ['hapsburg'], thisImpulse: false }]);
    expect(s.trace.some((t) => t.state === 'awaitingContinuation')).toBe(false);
  });
});
