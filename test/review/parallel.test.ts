// A parallel exploration (explore --workers N) gives exactly the report of one thread: the same paths, end positions,
// probabilities, marginals and matches.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { explore } from '../../src/review/explore.ts';
import { format } from '../../src/review/fraction.ts';
import { exploreInParallel } from '../../src/review/parallel.ts';
import { compileExpression } from '../../src/review/query.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const source = (name: string) => ({ ...JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8')), events: [] });

/** Starting worker threads (each loads the engine) and two explorations: seconds on a loaded machine. */
const PARALLEL_TIMEOUT = 120_000;

describe('explore --workers', () => {
  test.for(['withdrawal-turned-back.json'])(
    '[13.1] %s: three worker threads give the one-thread report, outcome by outcome',
    { timeout: PARALLEL_TIMEOUT },
    async (name) => {
      const find = "summary.battle !== null && summary.battle.winner === 'defender'";
      const one = explore(parseScenario(source(name)), {
        decisions: 'all',
        answers: 'listed',
        where: compileExpression(find),
      });
      const many = await exploreInParallel(
        { scenario: source(name), options: { decisions: 'all', answers: 'listed' }, find, assert: [] },
        3,
      );
      expect(many.workers).toBe(3);
      expect({
        paths: many.paths,
        nodes: many.nodes,
        truncated: many.truncated,
        total: format(many.totalProbability),
      }).toEqual({ paths: one.paths, nodes: one.nodes, truncated: one.truncated, total: format(one.totalProbability) });
      expect(many.outcomes.map((o) => [o.key, format(o.probability), o.paths])).toEqual(
        one.outcomes.map((o) => [o.key, format(o.probability), o.paths]),
      );
      expect(Object.fromEntries(Object.entries(many.marginals).map(([k, f]) => [k, format(f)]))).toEqual(
        Object.fromEntries(Object.entries(one.marginals).map(([k, f]) => [k, format(f)])),
      );
      expect(many.matches!.map((m) => [m.key, format(m.probability), m.events.length])).toEqual(
        one.matches!.map((m) => [m.key, format(m.probability), m.events.length]),
      );
      expect(many.violations).toEqual([]);
      // Every invariant is listed by name; a state two parts reach is checked in each, so at least as often.
      expect(many.invariants.map((i) => [i.name, i.violations])).toEqual(one.invariants.map((i) => [i.name, 0]));
      many.invariants.forEach((inv, i) => expect(inv.checked).toBeGreaterThanOrEqual(one.invariants[i]!.checked));
      // Memo hits between the parts are lost: at least as many states are expanded.
      expect(many.distinctStates).toBeGreaterThanOrEqual(one.distinctStates);
    },
  );
});
