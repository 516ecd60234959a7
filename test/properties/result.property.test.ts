// Property: the result position parses again as a scenario (DESIGN: "every result position parses again as a
// scenario (it is the next scenario of the impulse)").
import fc from 'fast-check';
import { test } from 'vitest';
import { scenarioArb } from './arbitraries.ts';
import { drive, expectNo, genChooser, params, runs, seedArb, timeoutFor } from './drive.ts';

const NUM_RUNS = runs(40);

test('[DESIGN] parseScenario(session.result.position) does not throw', { timeout: timeoutFor(NUM_RUNS) }, () => {
  fc.assert(
    fc.property(scenarioArb(), seedArb, fc.gen(), (json, seed, g) => {
      const run = drive(json, genChooser(g), { seed, unlisted: 25, invariants: false, oracles: false });
      expectNo(run, ['result']);
    }),
    params(NUM_RUNS),
  );
});
