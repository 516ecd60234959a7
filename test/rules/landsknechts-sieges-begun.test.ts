// The Ottoman's Landsknechts (#33, ruling R32) eliminates mercenaries anywhere, inside fortifications too: a space it
// leaves with enemy land units outside that outnumber the units inside — or an empty enemy fortress with enemies
// outside and no siege — is under siege when the move is over (15, rulings R13, R17), as after any other move.
import { describe, expect, test } from 'vitest';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import { dice, finished, playing } from '../helpers/session.ts';

const TO_THE_BATTLE = [
  { type: 'avoid.decline', power: 'hapsburg' },
  { type: 'withdraw.decline', power: 'hapsburg' },
] as const;
const eliminate = (...eliminations: { space: string; power: string; mercenaries: number; inside?: boolean }[]) => ({
  type: 'card.play',
  power: 'ottoman',
  card: 'landsknechts',
  eliminations,
});
const attack = (extra: Partial<ScenarioInput>): ScenarioInput => ({
  war: [['ottoman', 'hapsburg'], ...(extra.war ?? [])],
  control: { pressburg: 'ottoman', prague: 'hapsburg' },
  hands: { ottoman: ['landsknechts'] },
  stacks: [
    { space: 'pressburg', power: 'ottoman', regulars: 4, leaders: ['ibrahim-pasha'] },
    { space: 'vienna', power: 'hapsburg', regulars: 1, mercenaries: 1 },
    ...(extra.stacks ?? []),
  ],
  sieges: extra.sieges ?? [],
  impulse: { power: 'ottoman', cp: 1 },
  move: { from: 'pressburg', to: 'vienna', regulars: 4, leaders: ['ibrahim-pasha'] },
});

describe('15, rulings R13, R17, R32: sieges the Ottoman’s Landsknechts begins elsewhere', () => {
  test('[15, rulings R17, R32] a mercenary eliminated inside Prague leaves the Ottoman outside outnumbering the garrison: Prague is under siege', () => {
    const s = playing(
      attack({
        stacks: [
          { space: 'prague', power: 'hapsburg', regulars: 1, mercenaries: 1, inside: true },
          { space: 'prague', power: 'ottoman', regulars: 2 },
        ],
      }),
      [
        ...TO_THE_BATTLE,
        eliminate(
          { space: 'vienna', power: 'hapsburg', mercenaries: 1 },
          { space: 'prague', power: 'hapsburg', mercenaries: 1, inside: true },
        ),
      ],
    );
    s.send(dice(1, 1, 1, 1, 1));
    s.send(dice(...Array<number>(s.pending?.kind === 'roll' ? s.pending.roll!.dice : 0).fill(1)));
    const end = finished(s);
    expect(end.sieges).toContainEqual(expect.objectContaining({ space: 'prague', by: ['ottoman'] }));
  });

  test('[15, rulings R13, R17, R32] the French besiegers of an empty Prague eliminated: the Ottoman beside them, at war with its holder, now besieges it, and the result parses again', () => {
    const s = playing(
      attack({
        war: [['france', 'hapsburg']],
        stacks: [
          { space: 'prague', power: 'france', mercenaries: 2 },
          { space: 'prague', power: 'ottoman', regulars: 3 },
        ],
        sieges: [{ space: 'prague', by: ['france'] }],
      }),
      [...TO_THE_BATTLE, eliminate({ space: 'prague', power: 'france', mercenaries: 2 })],
    );
    expect(s.summary.siegesEnded).toEqual([{ space: 'prague', by: ['france'], rule: '15.3' }]);
    s.send(dice(1, 1, 1, 1, 1));
    s.send(dice(...Array<number>(s.pending?.kind === 'roll' ? s.pending.roll!.dice : 0).fill(1)));
    const end = finished(s);
    expect(end.sieges).toContainEqual(expect.objectContaining({ space: 'prague', by: ['ottoman'] }));
  });
});
