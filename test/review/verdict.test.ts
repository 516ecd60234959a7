// Queries a reviewer can trust (src/review/query.ts): the end position a query reads has every field, a property the
// data does not have is an error naming it (at once, on a sample outcome, or on the first real outcome that reaches
// it), and the one-line verdicts of src/review/verdict.ts: exists with its shortest witness, forall with its shortest
// counter-example, undecided when a bound stops the run first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolve } from '../../src/engine/resolve.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { explore } from '../../src/review/explore.ts';
import { compileExpression, queryPosition, QueryPropertyError, sampleOutcome } from '../../src/review/query.ts';
import { decide, verdictLine } from '../../src/review/verdict.ts';
import { ResultPositionSchema } from '../../src/schema/result.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const example = (name: string) =>
  parseScenario({ ...JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8')), events: [] });

/** 3 Ottoman regulars attack 2 Hapsburg regulars with Ferdinand, who may avoid battle to the east or the north. */
const SMALL = parseScenario({
  map: {
    spaces: [
      { id: 'origin', type: 'unfortified', home: 'ottoman' },
      { id: 'field', type: 'unfortified', home: 'hapsburg' },
      { id: 'east', type: 'unfortified', home: 'hapsburg' },
      { id: 'north', type: 'unfortified', home: 'hapsburg' },
    ],
    connections: [
      { a: 'origin', b: 'field' },
      { a: 'field', b: 'east' },
      { a: 'field', b: 'north' },
    ],
  },
  war: [['ottoman', 'hapsburg']],
  stacks: [
    { space: 'origin', power: 'ottoman', regulars: 3 },
    { space: 'field', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
    { space: 'north', power: 'hapsburg', regulars: 1 },
  ],
  impulse: { power: 'ottoman', cp: 1 },
  move: { from: 'origin', to: 'field', regulars: 3 },
});

describe('the end position a query reads has every field', { timeout: 120_000 }, () => {
  test('[14.1] the result position of the worked example has every field: it equals the scenario schema’s parse of it', () => {
    const r = resolve(example('vienna-1517.json'), { seed: 3 });
    if (!r.ok) throw new Error(r.error.message);
    const { position } = r.result;
    // The result has every field (zero counts, empty leader lists, false marks), as the scenario's parse has; a
    // query reads a copy of it.
    expect(position).toEqual(ResultPositionSchema.parse(position));
    expect(queryPosition(position)).toEqual(position);
    expect(Object.isFrozen(queryPosition(position).stacks)).toBe(false);
    // An older release of the engine (review --engine) hands compact results: a query sees every field all the same.
    const compact = {
      stacks: [{ space: 'vienna', power: 'hapsburg' as const, regulars: 2 }],
      impulse: position.impulse,
    };
    expect(queryPosition(compact)).toEqual(ResultPositionSchema.parse(compact));
  });

  test('[14.1] a stack without leaders answers s.leaders.includes(…) instead of throwing', () => {
    const r = explore(SMALL, {
      decisions: 'all',
      where: compileExpression("position.stacks.some(s => s.leaders.includes('ferdinand') && s.space === 'east')"),
    });
    expect(r.queryErrors).toEqual({ count: 0 });
    expect(r.matches!.length).toBeGreaterThan(0);
  });
});

describe('a query that reads a property that does not exist is an error', { timeout: 120_000 }, () => {
  test('a typo under optional chaining is found on the sample outcome, before any exploration', () => {
    let error: unknown;
    try {
      compileExpression("summary.battle?.winer === 'attacker'");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(QueryPropertyError);
    const e = error as QueryPropertyError;
    expect([e.property, e.path, e.expression]).toEqual([
      'winer',
      'summary.battle',
      "summary.battle?.winer === 'attacker'",
    ]);
    expect(e.known).toContain('winner');
    expect(e.message).toContain('summary.battle.winer does not exist');
  });

  test.for([
    'position.stack.length > 0',
    'summary.retreat.length > 0',
    'summary.retreats.to === "east"',
    'position.stacks.some(s => s.units > 0)',
    'summary.battle.attacker.loses.regulars > 0',
  ])('%s is refused when compiled', (expression) => {
    expect(() => compileExpression(expression)).toThrow(QueryPropertyError);
  });

  test('[14 step 8] a typo on a branch the sample does not take is an error on the first real outcome that takes it', () => {
    // The sample's battle is won by the attacker (the first value of its enum): this branch waits for a defender's win.
    const q = compileExpression("summary.battle?.winner === 'defender' ? summary.retreats[0].tooo === 'east' : false");
    expect(() => explore(SMALL, { decisions: 'all', where: q })).toThrow(QueryPropertyError);
  });

  test('records, out-of-range indices, array methods and JSON are not typos', () => {
    const q = compileExpression(
      "position.control.field === undefined && summary.retreats[7] === undefined && summary.retreats.length >= 0 && JSON.stringify(position.impulse).length > 0 && Object.keys(summary).includes('battle')",
    );
    expect(q(sampleOutcome())).toBe(true);
  });
});

describe('verdicts: exists and forall, with the shortest witness or counter-example', { timeout: 120_000 }, () => {
  test('[13.3 step 4] exists: an avoid battle that succeeds, with a witness that resolve replays to a matching end', () => {
    const v = decide(SMALL, 'exists', compileExpression('summary.avoids.some(a => a.success)'), { decisions: 'all' });
    expect(v.answer).toBe('yes');
    const replay = resolve(parseScenario({ ...(SMALL.source as object), events: v.witness!.events }), { seed: 1 });
    if (!replay.ok) throw new Error(replay.error.message);
    expect(replay.result.summary.avoids.some((a) => a.success)).toBe(true);
    // The shortest of the matching paths: no matching path is shorter.
    expect(v.witness!.events.length).toBe(Math.min(...v.report.matches!.map((m) => m.events.length)));
    expect(verdictLine(v)).toMatch(/^exists: yes — \d+ paths? to \d+ end positions? of \d+ paths/);
  });

  test(
    '[14.1] exists: no beaten defender retreats into the attacker’s origin in the worked example (one line, every path)',
    { timeout: 120_000 },
    () => {
      const v = decide(
        example('vienna-1517.json'),
        'exists',
        compileExpression(
          "summary.battle?.winner === 'attacker' && summary.retreats.some(r => r.reason === 'defender' && r.to === summary.moves[0].from)",
        ),
        { decisions: 'all' },
      );
      expect(v.answer).toBe('no');
      expect(v.witness).toBeUndefined();
      expect(verdictLine(v)).toBe(`exists: no — none of ${v.paths} paths (${v.ends} end positions)`);
      expect(verdictLine(v)).not.toContain('\n');
    },
  );

  test('[13.1 step 3] forall: the move spends its 1 CP on every path; a false claim fails with its shortest counter-example', () => {
    const holds = decide(SMALL, 'forall', compileExpression('summary.cpSpent === 1'), { decisions: 'all' });
    expect(holds.answer).toBe('holds');
    expect(holds.matchingPaths).toBe(0);
    const fails = decide(SMALL, 'forall', compileExpression('summary.battle !== null'), { decisions: 'all' });
    expect(fails.answer).toBe('fails');
    // The counter-example has no battle: Ferdinand's stack avoided it.
    expect(fails.witness!.summary.battle).toBeNull();
    expect(verdictLine(fails)).toContain('the shortest counter-example');
  });

  test('undecided when a bound stops the run before any witness: never a "no" it has not proved', () => {
    const v = decide(SMALL, 'exists', compileExpression('false'), { decisions: 'all', maxNodes: 1 });
    expect(v.answer).toBe('undecided');
    expect(verdictLine(v, '--max-nodes 1')).toContain('before --max-nodes 1 stopped the run');
  });
});
