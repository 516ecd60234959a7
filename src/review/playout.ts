// Random playouts: a session driven to its end by random legal answers (from each decision's options) and seeded
// dice, with the invariants checked after every step. The answers' randomness has its own seed.
import type { Scenario } from '../engine/scenario.ts';
import { createSession, type Session } from '../engine/session.ts';
import { Dice } from '../engine/rng.ts';
import type { EngineEvent } from '../schema/events.ts';
import { endViolations, stepViolations, type Observation } from './invariants.ts';

export interface PlayoutReport {
  readonly session: Session;
  readonly steps: number;
  readonly violations: readonly { readonly step: number; readonly violations: readonly string[] }[];
}

function observe(session: Session): Observation {
  return { position: session.position, transit: session.inTransit?.stacks ?? [], summary: session.summary };
}

export function randomPlayout(scenario: Scenario, seed: number, maxSteps = 500): PlayoutReport {
  const session = createSession(scenario, { seed });
  const choices = new Dice(seed ^ 0x5bd1e995);
  const violations: { step: number; violations: string[] }[] = [];
  let steps = 0;
  const record = (found: string[]) => void (found.length > 0 && violations.push({ step: steps, violations: found }));
  record(stepViolations(scenario, observe(session)));
  for (; steps < maxSteps && session.pending; steps++) {
    const d = session.pending;
    const event: EngineEvent | undefined =
      d.kind === 'roll' ? { type: 'dice.rolled' } : d.options[choices.pick(d.options.length)]?.event;
    if (!event) {
      violations.push({ step: steps, violations: [`a ${d.kind} decision lists no answer`] });
      break;
    }
    const r = session.send(event);
    if (!r.ok) {
      violations.push({
        step: steps,
        violations: [`a listed option was refused: ${JSON.stringify(event)}: ${r.error.message}`],
      });
      break;
    }
    record(stepViolations(scenario, observe(session)));
  }
  if (session.pending) violations.push({ step: steps, violations: ['the move did not end'] });
  else record(endViolations(scenario, observe(session)));
  return { session, steps, violations };
}
