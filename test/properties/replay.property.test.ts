// Properties of replays: the same scenario, seed and events give the same outcomes, result and trace; a save
// (through JSON text) restored and continued equals continuing; a fork is independent of its parent, and its
// parent of it (DESIGN "Session API": "restoreSession(saved) continues identically").
import fc from 'fast-check';
import { test } from 'vitest';
import { createSession, parseScenario, restoreSession, type Session } from '../../src/index.ts';
import { scenarioArb } from './arbitraries.ts';
import { drive, genChooser, params, replay, report, runs, seedArb, snapshot, timeoutFor, type Run } from './drive.ts';

const NUM_RUNS = runs(30);

const final = (s: Session) =>
  JSON.stringify({ result: s.result, pending: s.pending, save: s.save(), trace: s.trace, log: s.log });

function fail(run: Run, what: string, a: string, b: string): never {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  throw new Error(
    `${what}\n  first difference at character ${i}:\n    expected …${a.slice(Math.max(0, i - 80), i + 120)}\n    actual   …${b.slice(Math.max(0, i - 80), i + 120)}\n${report(run)}`,
  );
}

function played(json: Parameters<typeof drive>[0], seed: number, g: fc.GeneratorValue): Run | undefined {
  const run = drive(json, genChooser(g), {
    seed,
    illegal: 20,
    unlisted: 25,
    afterEnd: 1,
    invariants: false,
    oracles: false,
  });
  // runs that crash are the playout property's business
  return run.violations.some((v) => v.check === 'exception') || !run.session ? undefined : run;
}

test(
  '[session] same scenario, seed and events → same outcomes, result and trace',
  { timeout: timeoutFor(NUM_RUNS) },
  () => {
    fc.assert(
      fc.property(scenarioArb(), seedArb, fc.gen(), (json, seed, g) => {
        const run = played(json, seed, g);
        if (!run) return;
        const again = createSession(parseScenario(JSON.parse(JSON.stringify(json))), { seed });
        const outcomes = replay(again, run.calls);
        if (JSON.stringify(outcomes) !== JSON.stringify(run.outcomes))
          fail(run, 'the replayed calls had other outcomes', JSON.stringify(run.outcomes), JSON.stringify(outcomes));
        const a = final(run.session),
          b = final(again);
        if (a !== b) fail(run, 'the replay ended elsewhere', a, b);
      }),
      params(NUM_RUNS),
    );
  },
);

test('[session] save → restoreSession → continue equals continuing', { timeout: timeoutFor(NUM_RUNS) }, () => {
  fc.assert(
    fc.property(scenarioArb(), seedArb, fc.gen(), fc.nat(), (json, seed, g, cut) => {
      const run = played(json, seed, g);
      if (!run) return;
      const k = cut % (run.calls.length + 1);
      const c = createSession(parseScenario(json), { seed });
      replay(c, run.calls.slice(0, k));
      const text = JSON.stringify(c.save());
      const d = restoreSession(text);
      const at = (s: Session) =>
        JSON.stringify({
          pending: s.pending,
          position: s.position,
          summary: s.summary,
          save: s.save(),
          trace: s.trace,
          result: s.result,
        });
      if (at(c) !== at(d)) fail(run, `the session restored after ${k} calls differs from the saved one`, at(c), at(d));
      replay(d, run.calls.slice(k));
      const a = final(run.session),
        b = final(d);
      if (a !== b) fail(run, `restored after ${k} calls and continued, the session ends elsewhere`, a, b);
    }),
    params(NUM_RUNS),
  );
});

test('[session] a fork is independent of its parent, and continues like it', { timeout: timeoutFor(NUM_RUNS) }, () => {
  fc.assert(
    fc.property(scenarioArb(), seedArb, fc.gen(), fc.nat(), (json, seed, g, cut) => {
      const run = played(json, seed, g);
      if (!run) return;
      const k = cut % (run.calls.length + 1);
      const parent = createSession(parseScenario(json), { seed });
      replay(parent, run.calls.slice(0, k));
      // the parent does not see what a fork does
      const before = snapshot(parent);
      const probe = parent.fork();
      const d = probe.pending;
      if (d)
        d.kind === 'roll'
          ? probe.roll()
          : d.options[d.options.length - 1] && probe.send(d.options[d.options.length - 1]!.event);
      if (snapshot(parent) !== before)
        fail(run, `answering on a fork (after ${k} calls) changed the parent`, before, snapshot(parent));
      // the fork does not see what the parent does, and continues like it
      const fork = parent.fork();
      const frozen = snapshot(fork);
      replay(parent, run.calls.slice(k));
      if (snapshot(fork) !== frozen)
        fail(run, `continuing the parent (after ${k} calls) changed its fork`, frozen, snapshot(fork));
      replay(fork, run.calls.slice(k));
      const a = final(run.session),
        b = final(fork);
      if (a !== b) fail(run, `the fork taken after ${k} calls ends elsewhere than its parent`, a, b);
    }),
    params(NUM_RUNS),
  );
});
