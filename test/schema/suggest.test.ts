// "Did you mean …?" for an unknown id in a scenario (src/schema/suggest.ts): the nearest known ids by spelling.
import { describe, expect, test } from 'vitest';
import { hisBoard } from '../../src/data/board.ts';
import { hisLeaderTable } from '../../src/data/leaders.ts';
import { didYouMean, nearestIds } from '../../src/schema/suggest.ts';
import { issuesOf, VIENNA } from '../helpers/fixtures.ts';

const spaces = () => hisBoard().spaces.keys();

describe('the nearest known ids of an unknown one', () => {
  test.for<[string, string[]]>([
    ['viena', ['vienna', 'siena']],
    ['Vienna ', ['vienna']],
    ['presburg', ['pressburg']],
    ['pressbrug', ['pressburg']],
    ['atlantis', []],
    ['xyz', []],
  ])('%s → %j', ([id, want]) => {
    expect(nearestIds(id, spaces())).toEqual(want);
  });

  test('leaders too, and nothing for an id that is known or far from every id', () => {
    expect(nearestIds('suleyman', hisLeaderTable().keys())).toEqual(['suleiman']);
    expect(didYouMean('vienna', spaces())).toBe('');
    expect(didYouMean('napoleon', hisLeaderTable().keys())).toBe('');
    expect(didYouMean('viena', spaces())).toBe(" — did you mean 'vienna' or 'siena'?");
  });

  test('[13.1] a scenario with a misspelt space and leader names the ids it probably meant', () => {
    const issues = issuesOf({
      ...VIENNA,
      stacks: [
        { space: 'pressburg', power: 'ottoman', regulars: 7, leaders: ['suleyman'] },
        { space: 'viena', power: 'hapsburg', regulars: 2 },
      ],
      move: { from: 'pressburg', to: 'vienna', regulars: 7 },
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'stacks[0].leaders[0]', message: "unknown army leader 'suleyman' — did you mean 'suleiman'?" },
        { path: 'stacks[1].space', message: "unknown space 'viena' — did you mean 'vienna' or 'siena'?" },
      ]),
    );
  });
});
