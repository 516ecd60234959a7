// The session's copy of the machines: the same machines with every named guard wrapped so that each evaluation is
// recorded (name, rule, result) for the trace, and the refusal an answer's guard gives is kept for the session to
// report. Built once per process; the evaluations go to the recorder of the session that is running (sessions run
// synchronously, so one recorder is active at a time).
import type { AnyStateMachine } from 'xstate';
import { MACHINES, type MachineId } from '../../machines/index.ts';
import type { EngineEvent } from '../schema/events.ts';
import { holds, refusalOf, ruleGuardOf } from '../rules/procedures/common.ts';
import type { Refusal } from '../rules/verdict.ts';
import type { TraceGuard } from './trace.ts';

export class GuardRecorder {
  /** The evaluations since each machine's last step, by machine. */
  private byMachine = new Map<MachineId, TraceGuard[]>();
  /** The refusals answers' guards gave since `clear`: the first is why an event was not taken. */
  private refusals: Refusal[] = [];

  record(machine: MachineId, e: TraceGuard, refusal?: Refusal): void {
    const list = this.byMachine.get(machine);
    if (list) list.push(e);
    else this.byMachine.set(machine, [e]);
    if (refusal) this.refusals.push(refusal);
  }

  /** Forgets what was recorded (the evaluations of a step that was undone). */
  clear(): void {
    this.byMachine = new Map();
    this.refusals = [];
  }

  /** The refusal of the first answer's guard that did not hold since `clear`. */
  get refusal(): Refusal | undefined {
    return this.refusals[0];
  }

  /** Takes the evaluations recorded for one machine since the last call. */
  take(machine: MachineId): TraceGuard[] {
    const mine = this.byMachine.get(machine);
    if (!mine) return [];
    this.byMachine.delete(machine);
    return mine;
  }
}

let active: GuardRecorder | undefined;

/** Runs `f` with guard evaluations recorded into `recorder` (and into nothing outside it). */
export function recording<T>(recorder: GuardRecorder | undefined, f: () => T): T {
  const previous = active;
  active = recorder;
  try {
    return f();
  } finally {
    active = previous;
  }
}

function wrapGuards(machine: AnyStateMachine) {
  const id = machine.id as MachineId;
  const guards: Record<string, (args: { context: unknown; event: EngineEvent }) => boolean> = {};
  for (const [name, adapter] of Object.entries(machine.implementations.guards)) {
    const g = ruleGuardOf(adapter);
    if (!g) throw new Error(`engine fault: the ${id} machine's guard '${name}' carries no rule (guardsOf)`);
    guards[name] = ({ context, event }) => {
      const answer = g.test(context, event);
      const result = holds(answer);
      active?.record(id, { name, rule: g.rule, result }, refusalOf(answer));
      return result;
    };
  }
  return guards;
}

/**
 * A machine with its guards wrapped and every procedure it invokes instrumented the same way, read from the
 * machine's own `setup({ actors })`: a procedure invoked from a new place cannot be left uninstrumented (its steps
 * would reach the trace without the conditions they checked). Each machine is instrumented once and shared.
 */
function instrument(machine: AnyStateMachine, done: Map<string, AnyStateMachine>): AnyStateMachine {
  const known = done.get(machine.id);
  if (known) return known;
  const actors = Object.fromEntries(
    Object.entries(machine.implementations.actors).map(([key, child]) => [
      key,
      instrument(child as AnyStateMachine, done),
    ]),
  );
  const out = machine.provide({ guards: wrapGuards(machine), actors } as never);
  done.set(machine.id, out);
  return out;
}

function build(): AnyStateMachine {
  return instrument(MACHINES.movement as AnyStateMachine, new Map());
}

let instrumented: AnyStateMachine | undefined;

/** The movement machine with every machine it composes instrumented, built once per process. */
export function instrumentedMovement(): AnyStateMachine {
  instrumented ??= build();
  return instrumented;
}
