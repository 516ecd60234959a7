// Property: the alternative readings of the rulings (src/schema/rulings.ts) keep every promise the rulings keep —
// the move ends, no exception, every decision lists its legal answers, listed answers are accepted and illegal ones
// refused without a change, the invariants hold after every event and at the end, and the result position parses
// again (with the same readings). The rule oracles (oracles.ts) are written for RULINGS.md's readings and are off.
import fc from 'fast-check';
import { test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { VARIANT_RULINGS, type Rulings } from '../../src/schema/rulings.ts';
import { scenarioArb, type ScenarioJson } from './arbitraries.ts';
import { drive, expectNo, genChooser, params, runs, seedArb, timeoutFor } from './drive.ts';

const NUM_RUNS = runs(60);

/** At least one ruling read the other way; each of the others either way. */
const rulingsArb: fc.Arbitrary<Rulings> = fc
  .subarray([...VARIANT_RULINGS], { minLength: 1 })
  .map((ids) => Object.fromEntries(ids.map((id) => [id, 'alternative'])) as Rulings);

/** A valid scenario read under some alternative readings (one the readings make invalid is left out). */
const variantArb: fc.Arbitrary<ScenarioJson> = fc
  .tuple(scenarioArb(), rulingsArb)
  .map(([json, rulings]) => ({ ...json, rulings }) as ScenarioJson)
  .filter((json) => {
    try {
      parseScenario(json);
      return true;
    } catch {
      return false;
    }
  });

test(
  '[RULINGS] under alternative readings the move ends, the invariants hold and the result parses again',
  { timeout: timeoutFor(NUM_RUNS, 60) },
  () => {
    fc.assert(
      fc.property(variantArb, seedArb, fc.gen(), (json, seed, g) => {
        const run = drive(json, genChooser(g), { seed, illegal: 10, unlisted: 25, oracles: false });
        expectNo(run, [
          'exception',
          'ends',
          'decision',
          'listed',
          'illegal',
          'unlisted',
          'fork',
          'invariants',
          'result',
        ]);
      }),
      params(NUM_RUNS),
    );
  },
);
