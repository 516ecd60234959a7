// Property: the finished move obeys the rules as RULES.md and RULINGS.md state them, checked by oracles written
// independently of the engine's procedures (oracles.ts): lone leaders captured (13.1), no avoid or withdrawal after
// a successful interception (13.2 step 5), roll and battle arithmetic (13.2, 13.3, 14), marks (R12), retreat and
// avoid destinations (13.3, 14.1, R11), CP (13.1 step 3), withdrawal limits (13.4, R18), sieges (15, R13), and
// rulings R20–R25: captors are majors or the fortress's holder, who decides a withdrawal, interceptors never inside,
// no empty enemy fortress left unbesieged wherever the move emptied it. Twice: on the broad generator, and on one
// biased to sieges, multi-power battles, withdrawals and 13.4's options.
import fc from 'fast-check';
import { test } from 'vitest';
import { scenarioArb } from './arbitraries.ts';
import { drive, expectNo, genChooser, params, runs, seedArb, timeoutFor } from './drive.ts';

const NUM_RUNS = runs(40);
const SIEGE_RUNS = runs(30);

test('[13–15] a finished move obeys the rule oracles', { timeout: timeoutFor(NUM_RUNS) }, () => {
  fc.assert(
    fc.property(scenarioArb(), seedArb, fc.gen(), (json, seed, g) => {
      const run = drive(json, genChooser(g), { seed, unlisted: 25, invariants: false });
      expectNo(run, ['oracle']);
    }),
    params(NUM_RUNS),
  );
});

test(
  '[13–15, rulings R20–R25] a finished move obeys the rule oracles on positions biased to sieges',
  { timeout: timeoutFor(SIEGE_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb({ focus: 'sieges' }), seedArb, fc.gen(), (json, seed, g) => {
        const run = drive(json, genChooser(g), { seed, unlisted: 25, invariants: false });
        expectNo(run, ['oracle']);
      }),
      params(SIEGE_RUNS),
    );
  },
);
