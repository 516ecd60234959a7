// A sentence of the story starts with a capital letter in both languages, even when it starts with a Russian
// leader's name that starts with his title in lower case («герцог Альба»).
import { describe, expect, test } from 'vitest';
import { narrative } from '../../src/engine/report.ts';
import { dice, finishWithPolicy, playing } from '../helpers/session.ts';

describe('the story in Russian', () => {
  test('[14 step 10] the Duke of Alva captured: «Герцог Альба … попадает в плен», capitalised', () => {
    // The Ottoman's 4 regulars wipe out the one Hapsburg regular with the Duke of Alva in Vienna: he is captured.
    const s = finishWithPolicy(
      playing(
        {
          war: [['ottoman', 'hapsburg']],
          control: { pressburg: 'ottoman' },
          stacks: [
            { space: 'pressburg', power: 'ottoman', regulars: 4 },
            { space: 'vienna', power: 'hapsburg', regulars: 1, leaders: ['duke-of-alva'] },
          ],
          impulse: { power: 'ottoman', cp: 1 },
          move: { from: 'pressburg', to: 'vienna', regulars: 4 },
        },
        [
          { type: 'avoid.decline', power: 'hapsburg' },
          { type: 'withdraw.decline', power: 'hapsburg' },
          dice(6, 6, 6, 6),
          dice(1, 1, 1),
        ],
      ),
    );
    expect(s.result?.summary.captures).toMatchObject([{ leader: 'duke-of-alva', by: 'ottoman' }]);
    const story = narrative(s, 'ru');
    expect(story).toContain('(14, шаг 9). Герцог Альба в Вене попадает в плен к Османам (14, шаг 10).');
    // The result's lines too: «Герцог Альба: в плену у Османов».
    expect(story).toContain('\n  Герцог Альба: в плену у Османов\n');
    expect(
      story
        .split('\n')
        .filter((l) => /^\s*\d+\. /.test(l))
        .every((l) => /^\s*\d+\. [^a-zа-яё]/.test(l)),
    ).toBe(true);
  });
});
