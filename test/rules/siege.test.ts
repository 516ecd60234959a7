// 15, 15.3, rulings R13 and R17: who besieges a fortified space. Two powers besiege one space together only as
// allies, each at war with its controller: the bloc of the first power in impulse order and its allies, when together
// they outnumber the units inside. Found by the siege-biased random positions (issue 19): the Hapsburgs and the
// Papacy, at war with neither each other nor allied, were listed together outside an empty independent key.
import { describe, expect, test } from 'vitest';
import { besiegingBloc, laySiege } from '../../src/rules/siege.ts';
import type { Power } from '../../src/schema/power.ts';
import { normalizeStacks } from '../../src/rules/stacks.ts';
import { withPosition, type World } from '../../src/rules/world.ts';
import type { Siege, Stack } from '../../src/schema/scenario.ts';
import { world, type ScenarioPatch } from '../helpers/fixtures.ts';
import { named } from '../helpers/rows.ts';

/** Independent Metz (a key held against every power, ruling R13); England allied to the Hapsburgs, the Papacy neither. */
const METZ: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  alliances: [['hapsburg', 'england']],
};
const at = (power: Power, regulars: number, inside = false): Stack => ({
  space: 'metz',
  power,
  regulars,
  mercenaries: 0,
  cavalry: 0,
  leaders: [],
  inside,
  lostBattle: false,
  attemptedInterception: false,
});

/** The relations of METZ with these pieces in Metz: positions the moves reach before their sieges are listed. */
function metz(stacks: Stack[], sieges: Siege[] = []): World {
  const w = world(METZ);
  return withPosition(w, { ...w.position, stacks: normalizeStacks(stacks), sieges });
}

describe('15, rulings R13, R17: the besieging bloc', () => {
  test.for(
    named<{ what: string; stacks: Stack[]; expected: Power[] }>([
      { what: 'is the one power outside an empty fortress', stacks: [at('papacy', 1)], expected: ['papacy'] },
      {
        what: 'is the first in impulse order of two powers that are not allies: they never besiege together',
        stacks: [at('papacy', 2), at('hapsburg', 1)],
        expected: ['hapsburg'],
      },
      {
        what: 'takes the allies of the first power with it',
        stacks: [at('england', 1), at('hapsburg', 1), at('papacy', 1)],
        expected: ['hapsburg', 'england'],
      },
      {
        what: 'is the next bloc when the first does not outnumber the units inside',
        stacks: [at('independent', 2, true), at('hapsburg', 1), at('papacy', 3)],
        expected: ['papacy'],
      },
      {
        what: 'is nobody when no bloc outnumbers the units inside (ruling R17: both sides stay)',
        stacks: [at('independent', 2, true), at('hapsburg', 1), at('papacy', 2)],
        expected: [],
      },
    ]),
  )('[15, ruling R17] the bloc %s', ([, { stacks, expected }]) => {
    expect(besiegingBloc(metz(stacks), 'metz')).toEqual(expected);
  });

  test('[15.3, 14 step 12] a broken siege ends before the winner lays its own: it is returned as ended, never merged', () => {
    // The Protestants' siege of empty Metz with nobody of theirs left (beaten): the Hapsburgs lay their own.
    const { position, ended } = laySiege(
      metz([at('hapsburg', 2)], [{ space: 'metz', by: ['protestant'], thisImpulse: false }]),
      'metz',
      'hapsburg',
    );
    expect(ended?.by).toEqual(['protestant']);
    expect(position.sieges).toEqual([{ space: 'metz', by: ['hapsburg'], thisImpulse: true }]);
    // A standing siege of the Hapsburgs' side is joined instead.
    const joined = laySiege(
      metz([at('hapsburg', 2)], [{ space: 'metz', by: ['hapsburg'], thisImpulse: false }]),
      'metz',
      'hapsburg',
    );
    expect(joined.ended).toBeUndefined();
    expect(joined.position.sieges).toEqual([{ space: 'metz', by: ['hapsburg'], thisImpulse: false }]);
  });
});
