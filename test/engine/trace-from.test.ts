// The trace says which state each step left (`from`): the step's event, guards and note are what happened there, so
// a reader that shows states (the walkthrough, a host's log) puts the roll on "Attacker's dice" and the winner on
// "Winner". The short narrative (the headline notes the CLI prints) is the same as before.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, resolve } from '../../src/index.ts';
import { narrative } from '../../src/engine/report.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const EXAMPLES = readdirSync(join(ROOT, 'examples'))
  .filter((f) => f.endsWith('.json'))
  .sort();

function example(file: string) {
  return parseScenario(readFileSync(join(ROOT, 'examples', file), 'utf8'));
}

describe('the state each trace step left', () => {
  test.for(EXAMPLES)('[13.1] %s: every step but a start left the state of its machine’s step before it', (file) => {
    for (const policy of ['decline', 'eager'] as const) {
      const trace = resolve(example(file), { seed: 5, policy }).session.trace;
      const at = new Map<string, string>();
      for (const t of trace) {
        if (t.event === 'start') expect(t.from, `step ${t.step}`).toBeUndefined();
        else expect(t.from, `step ${t.step} (${t.machine}.${t.state})`).toBe(at.get(t.machine));
        at.set(t.machine, t.state);
      }
    }
  });

  test("[14 step 6] the worked example's rolls leave the dice states; its winner leaves 'Winner'", () => {
    const trace = resolve(example('vienna-1517.json'), { seed: 1 }).session.trace;
    const leaving = (state: string) => trace.filter((t) => t.machine === 'fieldBattle' && t.from === state);
    expect(leaving('rollingAttackerDice').map((t) => t.note.en)).toEqual([
      'Ottoman rolls 6 5 5 4 3 2 1 1 2 3: 3 hits (14 step 6).',
    ]);
    expect(leaving('rollingDefenderDice').map((t) => t.note.en)).toEqual([
      'The defender rolls 6 6 5 5 5 4 4 3 3 2 2 1 1: 5 hits (14 step 6).',
    ]);
    const winner = leaving('decidingWinner');
    expect(winner.map((t) => [t.note.en, t.headline])).toEqual([
      ['Hapsburg wins the field battle in Vienna, 5 hits to 3 (14 step 8).', false],
    ]);
    expect(winner[0]!.note.ru).toBe('Габсбурги побеждают в полевом сражении в Вене: 5 попаданий против 3 (14, шаг 8).');
    expect(trace.find((t) => t.from === 'rollingInterception')!.note.en).toMatch(/^Hapsburg tries to intercept/);
  });

  test('[14 step 8] a tie goes to the defender, said on the state that decides it', () => {
    const scenario = parseScenario({
      ...JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8')),
      events: [
        { type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 8, leaders: ['charles-v'] },
        { type: 'dice.rolled', values: [3, 5] },
        { type: 'dice.rolled', values: [6, 5, 5, 4, 3, 2, 1, 1, 2, 3] },
        { type: 'dice.rolled', values: [6, 6, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] },
      ],
    });
    const trace = resolve(scenario, { seed: 1 }).session.trace;
    expect(trace.find((t) => t.from === 'decidingWinner')!.note.en).toBe(
      'Hapsburg wins the field battle in Vienna, 3 hits to 3 (a tie goes to the defender) (14 step 8).',
    );
  });

  test("[13.1] the CLI's narrative of the worked example is unchanged: seven headlines, the winner with the losses", () => {
    const r = resolve(example('vienna-1517.json'), { seed: 1 });
    const lines = narrative(r.session, 'en')
      .split('\n')
      .filter((l) => /^\s*\d+\. /.test(l));
    expect(lines).toHaveLength(7);
    expect(lines[5]).toBe(
      ' 6. Hapsburg wins the field battle in Vienna, 5 hits to 3 (14 step 8). Losses: Ottoman loses 4 regulars, 1 cavalry; Hapsburg loses 3 regulars (14 step 9).',
    );
  });
});
