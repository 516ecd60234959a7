// Properties of random playouts: every run ends within a bounded number of steps without an exception; every
// decision has at least one answer and hides nothing forced (ruling R9); every listed option is accepted — the one
// sent, and every one tried on a fork; legal answers the options do not list (README: "any legal answer is
// accepted": part of a stack intercepting or avoiding, a leader avoiding alone, part of a retreat going inside)
// are accepted too.
import fc from 'fast-check';
import { test } from 'vitest';
import { scenarioArb } from './arbitraries.ts';
import { drive, expectNo, genChooser, params, runs, seedArb, timeoutFor } from './drive.ts';

const NUM_RUNS = runs(40);

test(
  '[13.1] every run ends within 300 steps, without an exception, and every listed option sent is accepted',
  { timeout: timeoutFor(NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb(), seedArb, fc.gen(), (json, seed, g) => {
        const run = drive(json, genChooser(g), { seed, illegal: 10, unlisted: 0, invariants: false, oracles: false });
        expectNo(run, ['ends', 'exception', 'listed', 'decision']);
      }),
      params(NUM_RUNS),
    );
  },
);

test(
  '[session] every listed option of every decision is accepted (each tried on a fork)',
  { timeout: timeoutFor(NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb(), seedArb, fc.gen(), (json, seed, g) => {
        const run = drive(json, genChooser(g), { seed, exploreOptions: 8, invariants: false, oracles: false });
        expectNo(run, ['listed', 'fork']);
      }),
      params(Math.max(1, Math.round(NUM_RUNS / 2))),
    );
  },
);

test(
  '[13.2, 13.3, 14.1] legal answers the options do not list are accepted (README, ruling R3)',
  { timeout: timeoutFor(NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb(), seedArb, fc.gen(), (json, seed, g) => {
        const run = drive(json, genChooser(g), { seed, unlisted: 70, invariants: false, oracles: false });
        expectNo(run, ['unlisted']);
      }),
      params(NUM_RUNS),
    );
  },
);
