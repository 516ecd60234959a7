// The explorer's bounds bound (issue "Reliability, round 3"): a move as deep as its decisions costs heap, not the
// call stack; --max-ms is read inside long steps (the enumeration of a decision's answers, the invariants), so a
// run stops near its limit; an answer space of billions is enumerated lazily up to MAX_ANSWERS.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createSession, explore, parseScenario, type Decision } from '../../src/index.ts';
import { allAnswers, avoidAnswers, DeadlinePassed, MAX_ANSWERS, worldAt } from '../../src/review/answers.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** An Ottoman move into `c`, with `n` one-regular Hapsburg stacks around it: n interception decisions in a row. */
function star(n: number) {
  const spaces = [
    { id: 'o', type: 'unfortified', home: 'ottoman' },
    { id: 'c', type: 'unfortified', home: 'hapsburg' },
  ];
  const connections = [{ a: 'o', b: 'c' }];
  const stacks: object[] = [{ space: 'o', power: 'ottoman', regulars: 4 }];
  for (let i = 0; i < n; i++) {
    spaces.push({ id: `s${i}`, type: 'unfortified', home: 'hapsburg' });
    connections.push({ a: 'c', b: `s${i}` });
    stacks.push({ space: `s${i}`, power: 'hapsburg', regulars: 1 });
  }
  return {
    map: { spaces, connections },
    war: [['ottoman', 'hapsburg']],
    stacks,
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'o', to: 'c', regulars: 4 },
  };
}

describe('[13.2] a move as deep as its decisions', () => {
  test(
    '150 interceptions in a row are explored on a 150 KB call stack (a recursion per decision overflowed it)',
    { timeout: 120_000 },
    () => {
      const script = `
      import { explore, parseScenario } from './src/index.ts';
      const r = explore(parseScenario(${JSON.stringify(JSON.stringify(star(150)))}), { decisions: 'eager', maxPaths: 1 });
      process.stdout.write(JSON.stringify({ states: r.distinctStates, by: r.truncatedBy }));`;
      const child = spawnSync(
        process.execPath,
        ['--stack-size=150', '--import', 'tsx', '--input-type=module', '-e', script],
        {
          cwd: ROOT,
          encoding: 'utf8',
          timeout: 120_000,
        },
      );
      expect(child.stderr).not.toMatch(/RangeError|Maximum call stack/);
      // Every decision of the first path expanded: 150 interceptions and their rolls, and the move itself.
      expect(JSON.parse(child.stdout)).toEqual({ states: 301, by: 'maxPaths' });
    },
  );
});

describe('[13.3] answers are enumerated lazily and the clock is read inside the enumeration', () => {
  // A Hapsburg leader in Vienna with 1 000 regulars and 1 000 mercenaries: a million ways to avoid with part of them.
  const big = {
    war: [['ottoman', 'hapsburg']],
    leaders: [{ id: 'big-pasha', power: 'hapsburg', battle: 0, command: 1000 }],
    stacks: [
      { space: 'pressburg', power: 'ottoman', regulars: 4 },
      { space: 'vienna', power: 'hapsburg', regulars: 1000, mercenaries: 1000, leaders: ['big-pasha'] },
    ],
    control: { pressburg: 'ottoman' },
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'pressburg', to: 'vienna', regulars: 4 },
  };
  const avoid = () => {
    const scenario = parseScenario(big);
    const s = createSession(scenario);
    const d = s.pending as Decision;
    expect(d.kind).toBe('avoid');
    return { d, ctx: { world: worldAt(scenario.world, s.position), summary: s.summary } };
  };

  test('a million legal avoids: the first MAX_ANSWERS are listed and the set says it is incomplete', () => {
    const { d, ctx } = avoid();
    const set = avoidAnswers(d, ctx);
    expect(set.events).toHaveLength(MAX_ANSWERS);
    expect(set.complete).toBe(false);
  });

  test('a deadline already passed stops the enumeration after its first answers, not at its end', () => {
    const { d, ctx } = avoid();
    expect(() => allAnswers(d, { ...ctx, deadline: performance.now() - 1 })).toThrow(DeadlinePassed);
  });

  test('explore --answers all with --max-ms stops by maxMs within a generous bound of its limit', () => {
    const t = performance.now();
    const r = explore(parseScenario(big), { answers: 'all', maxMs: 200 });
    expect(r.truncatedBy).toBe('maxMs');
    // Generous (a shared machine): the run stops inside the enumeration of one decision, not after it.
    expect(performance.now() - t).toBeLessThan(200 + 3000);
  });
});
