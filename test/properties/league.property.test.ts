// Property: positions before the Schmalkaldic League (21.6, ruling R34; arbitraries.ts `league`): the move ends, the
// result parses again as a scenario and is still a position before the League, the rule oracles hold (21.6's among
// them: no Protestant move, interception or avoid battle, no other power into an electorate), and so do the
// invariants after every accepted event.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { scenarioArb } from './arbitraries.ts';
import { drive, expectNo, genChooser, params, runs, seedArb, timeoutFor } from './drive.ts';

const NUM_RUNS = runs(40);

test(
  '[21.6, ruling R34, DESIGN] a move before the League ends, its result parses again as a position before the League, and the rule oracles hold',
  { timeout: timeoutFor(NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb({ league: true }), seedArb, fc.gen(), (json, seed, g) => {
        const run = drive(json, genChooser(g), { seed, unlisted: 25, invariants: false });
        expectNo(run, ['ends', 'exception', 'result', 'oracle', 'decision', 'listed']);
        const position = run.session.result?.position;
        expect(position?.schmalkaldicLeague).toBe(false);
        expect(parseScenario(position).data.schmalkaldicLeague).toBe(false);
      }),
      params(NUM_RUNS),
    );
  },
);

test(
  '[21.6, ruling R34, review] before the League the invariants hold after every accepted event, and illegal events are refused',
  { timeout: timeoutFor(NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb({ league: true }), seedArb, fc.gen(), (json, seed, g) => {
        const run = drive(json, genChooser(g), { seed, illegal: 10, unlisted: 25, oracles: false });
        expectNo(run, ['invariants', 'illegal']);
      }),
      params(NUM_RUNS),
    );
  },
);
