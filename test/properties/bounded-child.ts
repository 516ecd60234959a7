// Child process of bounded.property.test.ts: plays one scenario (JSON on stdin) with seeded random answers and
// reports how long it took. Run in its own process so that unbounded work can be stopped by a timeout and a
// memory cap without taking the test runner down.
import { readFileSync } from 'node:fs';
import { drive, seededChooser } from './drive.ts';

const input = JSON.parse(readFileSync(0, 'utf8')) as { json: Parameters<typeof drive>[0]; seed: number };
const t = performance.now();
const run = drive(input.json, seededChooser(input.seed), {
  seed: input.seed,
  illegal: 0,
  unlisted: 20,
  hostDice: 70,
  dice: input.seed % 3 === 0 ? 'random' : 'attacker-wins',
  invariants: false,
  oracles: false,
  maxSteps: 200,
});
process.stdout.write(
  JSON.stringify({
    ms: Math.round(performance.now() - t),
    ended: run.ended,
    steps: run.calls.length,
    violations: run.violations.map((v) => `[${v.check}] ${v.category}`),
  }),
);
