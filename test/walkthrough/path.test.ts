// The path the page draws on the statechart: every two consecutive trace steps of every example, under either
// policy, are a transition of the composed chart — so the walkthrough can mark the transition taken, not only the
// states visited.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, resolve } from '../../src/index.ts';
import { chartOf } from '../../src/viz/diagram.ts';
import { ROOT } from './fixtures.ts';

const EXAMPLES = readdirSync(join(ROOT, 'examples'))
  .filter((f) => f.endsWith('.json'))
  .sort();
const edges = new Set(chartOf('composed').edges.map((e) => `${e.from ?? 'start'}>${e.to}`));

describe('the path drawn on the composed statechart', () => {
  test.for(EXAMPLES.flatMap((f) => (['decline', 'eager'] as const).map((p) => [f, p] as const)))(
    '[13.1] %s (%s): each step follows a transition of the chart',
    ([file, policy]) => {
      const scenario = parseScenario(readFileSync(join(ROOT, 'examples', file), 'utf8'));
      const trace = resolve(scenario, { seed: 7, policy }).session.trace;
      const ids = trace.map((t) => `${t.machine}.${t.state}`);
      expect(edges.has(`start>${ids[0]}`)).toBe(true);
      for (let i = 1; i < ids.length; i++)
        expect(edges.has(`${ids[i - 1]}>${ids[i]}`), `step ${trace[i]!.step}: ${ids[i - 1]} → ${ids[i]}`).toBe(true);
    },
  );
});
