// Property: relief forces (15.2, ruling R35; arbitraries.ts `focus: 'relief'`): a formation entering its own
// besieged fortress, with a sortie chosen at random among the listed and unlisted answers. The move ends, its result
// parses again as a scenario, the rule oracles and the invariants hold after every accepted event, illegal events
// are refused, and the generator reaches each of 15.2's three results.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { scenarioArb } from './arbitraries.ts';
import { drive, expectNo, genChooser, params, runs, seedArb, timeoutFor } from './drive.ts';
import { generatorStats } from './stats.ts';

const NUM_RUNS = runs(40);

test(
  '[15.2, ruling R35, DESIGN] a relief force ends its move, its result parses again as a scenario, and the rule oracles hold',
  { timeout: timeoutFor(NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb({ focus: 'relief' }), seedArb, fc.gen(), (json, seed, g) => {
        const run = drive(json, genChooser(g), { seed, unlisted: 25, invariants: false });
        expectNo(run, ['ends', 'exception', 'result', 'oracle', 'decision', 'listed']);
        expect(() => parseScenario(run.session.result?.position)).not.toThrow();
      }),
      params(NUM_RUNS),
    );
  },
);

test(
  '[15.2, ruling R35, review] in a relief the invariants hold after every accepted event, and illegal events are refused',
  { timeout: timeoutFor(NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb({ focus: 'relief' }), seedArb, fc.gen(), (json, seed, g) => {
        const run = drive(json, genChooser(g), { seed, illegal: 10, unlisted: 25, oracles: false });
        expectNo(run, ['invariants', 'illegal']);
      }),
      params(NUM_RUNS),
    );
  },
);

test(
  '[generator, 15.2, ruling R35] the relief generator reaches sorties and each of the three results',
  { timeout: 120_000 },
  () => {
    const s = generatorStats(Number(process.env.STATS_RUNS ?? 200), 3, { focus: 'relief' });
    expect(s.accepted / s.candidates).toBeGreaterThan(0.3);
    expect(s.decisions['relief'] ?? 0).toBeGreaterThan(0);
    for (const o of [
      'relief force (15.2)',
      'relief with a sortie (ruling R35)',
      'relief won (15.2)',
      'relief tie (15.2)',
      'relief fewer (15.2)',
    ])
      expect(s.outcomes[o] ?? 0, o).toBeGreaterThan(0);
  },
);
