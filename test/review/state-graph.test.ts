// The explorer's two ways of adding up paths agree (src/review/state-graph.ts): the states kept as a graph, the
// chances flowing forward at the end (an exploration without a query), and every state's classes of paths below it
// (with a query, which needs each class's summary). Same outcomes with the same exact chances and path counts, same
// marginals, nodes and distinct states — on every example, with the listed answers and under a policy.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, type Scenario } from '../../src/engine/scenario.ts';
import { explore, type ExploreOptions, type ExploreReport } from '../../src/review/explore.ts';
import { format, fraction, ONE } from '../../src/review/fraction.ts';
import { pendingEdges, StateGraph } from '../../src/review/state-graph.ts';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const examples = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));
const load = (name: string): Scenario =>
  parseScenario({ ...JSON.parse(readFileSync(join(EXAMPLES, name), 'utf8')), events: [] });

function summary(r: ExploreReport) {
  return {
    paths: r.paths,
    nodes: r.nodes,
    distinctStates: r.distinctStates,
    total: format(r.totalProbability),
    marginals: Object.fromEntries(Object.entries(r.marginals).map(([k, v]) => [k, format(v)])),
    outcomes: r.outcomes.map((o) => [o.key, format(o.probability), o.paths, o.description]),
  };
}

describe('the explorer adds up paths alike over the state graph and over classes of paths', () => {
  const modes: [string, ExploreOptions][] = [
    ['the listed answers', {}],
    ['the decline policy', { decisions: 'decline' }],
  ];
  // The card example's listed answers (87,157 paths) take minutes with a query, whose classes keep each path's summary.
  const slowWithAQuery = new Set(['vienna-1517-cards.json the listed answers']);
  for (const name of examples)
    for (const [mode, options] of modes.filter(([m]) => !slowWithAQuery.has(`${name} ${m}`)))
      test(`[13.1–15.3] ${name}, ${mode}: the same outcomes, chances, paths and marginals both ways`, () => {
        const s = load(name);
        const graph = explore(s, { ...options, maxPaths: 200_000 });
        // A query needs each class's summary: it keeps the classes of paths below every state.
        const classes = explore(s, { ...options, maxPaths: 200_000, queries: [() => true] });
        expect(graph.truncated).toBe(false);
        expect(summary(graph)).toEqual(summary(classes));
        expect(format(classes.queryResults![0]!.probability)).toBe(format(graph.totalProbability));
      }, 240_000);
});

describe('StateGraph', () => {
  test('chances flow forward through shared states: a diamond with marginals on its edges', () => {
    const g = new StateGraph();
    // Two ends, X and Y; state a reaches X only, b reaches X (chance 1/3) or Y (2/3); the root goes to a or b.
    const x = g.end('end:x', 'X');
    const y = g.end('end:y', 'Y');
    const a = pendingEdges();
    a.child.push(x);
    a.flags.push(0);
    a.p.push(ONE);
    a.nodes += g.nodes(x);
    a.paths += g.paths(x);
    const ia = g.finish('a', a);
    const b = pendingEdges();
    for (const [child, p] of [
      [x, fraction(1, 3)],
      [y, fraction(2, 3)],
    ] as const) {
      b.child.push(child);
      b.flags.push(0);
      b.p.push(p);
      b.nodes += g.nodes(child);
      b.paths += g.paths(child);
    }
    const ib = g.finish('b', b);
    const root = pendingEdges();
    for (const [child, flag] of [
      [ia, 1],
      [ib, 2],
    ] as const) {
      root.child.push(child);
      root.flags.push(flag);
      root.p.push(fraction(1, 2));
      root.nodes += g.nodes(child);
      root.paths += g.paths(child);
    }
    const ir = g.finish('root', root);
    expect(g.get('b')).toBe(ib);
    expect(g.paths(ir)).toBe(3);
    expect(g.nodes(ir)).toBe(6);
    const classes = g.classes(ir, (end, flags) => `${end}#${flags}`);
    const view = Object.fromEntries(
      [...classes.entries()].map(([k, c]) => [k, `${format(c.probability)} over ${c.paths}`]),
    );
    expect(view).toEqual({ 'X#1': '1/2 over 1', 'X#2': '1/6 over 1', 'Y#2': '1/3 over 1' });
  });

  test('a state reached twice adds both arrivals before it passes them on', () => {
    const g = new StateGraph();
    const x = g.end('end:x', 'X');
    const mid = pendingEdges();
    mid.child.push(x);
    mid.flags.push(4);
    mid.p.push(fraction(1, 2));
    mid.paths += 1;
    mid.nodes += 1;
    const im = g.finish('mid', mid);
    const root = pendingEdges();
    for (let i = 0; i < 2; i++) {
      root.child.push(im);
      root.flags.push(0);
      root.p.push(fraction(1, 2));
      root.paths += g.paths(im);
      root.nodes += g.nodes(im);
    }
    const ir = g.finish('root', root);
    const [only, ...rest] = [...g.classes(ir, (end, flags) => `${end}#${flags}`).values()];
    expect(rest).toEqual([]);
    expect([format(only!.probability), only!.paths, only!.flags]).toEqual(['1/2', 2, 4]);
  });
});
