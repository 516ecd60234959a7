// Property: the invariants of src/review/invariants.ts hold after every accepted event (stepViolations) and at the
// end of the move (endViolations): no land unit created or lost outside the rules, every leader in one place or
// captured, at most 4 inside, CP accounted for, no enemies face to face, lost-battle marks on the loser only,
// sieges that outnumber.
import fc from 'fast-check';
import { test } from 'vitest';
import { scenarioArb } from './arbitraries.ts';
import { drive, expectNo, genChooser, params, runs, seedArb, timeoutFor } from './drive.ts';

const NUM_RUNS = runs(40);

test(
  '[review] the invariants hold after every accepted event and at the end',
  { timeout: timeoutFor(NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb(), seedArb, fc.gen(), (json, seed, g) => {
        const run = drive(json, genChooser(g), { seed, illegal: 10, unlisted: 25, oracles: false });
        expectNo(run, ['invariants']);
      }),
      params(NUM_RUNS),
    );
  },
);
