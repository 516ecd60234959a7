// Property: an illegal answer returns {ok: false} and changes nothing — pending, position, summary, trace length,
// log, save, result (DESIGN "Session API": "state unchanged on error"). Illegal answers are interleaved at random
// steps of random playouts: wrong power, wrong type, blocked answers, out-of-range values, unknown fields, cards
// (ruling R14), garbage, and events after the move ended.
import fc from 'fast-check';
import { test } from 'vitest';
import { scenarioArb } from './arbitraries.ts';
import { drive, expectNo, genChooser, params, runs, seedArb, timeoutFor } from './drive.ts';

const NUM_RUNS = runs(40);

test('[session] an illegal answer returns {ok: false} and changes nothing', { timeout: timeoutFor(NUM_RUNS) }, () => {
  fc.assert(
    fc.property(scenarioArb(), seedArb, fc.gen(), (json, seed, g) => {
      const run = drive(json, genChooser(g), {
        seed,
        illegal: 70,
        unlisted: 10,
        afterEnd: 2,
        invariants: false,
        oracles: false,
      });
      expectNo(run, ['illegal']);
    }),
    params(NUM_RUNS),
  );
});
