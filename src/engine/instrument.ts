// The session's copy of the machines: the same machines with every named guard wrapped so that each evaluation is
// recorded (name, rule, result) for the trace, and the verdict an answer's guard gives is computed once per context
// and event and kept: `snapshot.can`, the transition, the trace's row and the session's refusal all read the one
// verdict. Built once per process; the evaluations go to the recorder of the session that is running (sessions run
// synchronously, so one recorder is active at a time).
import type { AnyStateMachine } from 'xstate';
import { MACHINES, type MachineId } from '../../machines/index.ts';
import type { EngineEvent } from '../schema/events.ts';
import { holds, ruleGuardOf, type AnswerVerdict, type GuardAnswer } from '../rules/procedures/common.ts';
import type { TraceGuard } from './trace.ts';

export class GuardRecorder {
  /** The evaluations since each machine's last step, by machine. */
  private byMachine = new Map<MachineId, TraceGuard[]>();

  record(machine: MachineId, e: TraceGuard): void {
    const list = this.byMachine.get(machine);
    if (list) list.push(e);
    else this.byMachine.set(machine, [e]);
  }

  /** Forgets what was recorded (the evaluations of a step that was undone). */
  clear(): void {
    this.byMachine = new Map();
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

/**
 * The last verdict an answer's guard gave: its context and event (both immutable: a snapshot's context is replaced,
 * never changed, and an accepted event is frozen), the guard's name and the answer. A verdict is a pure function of
 * the context and the event, and XState asks for it twice in a row (`can`, then the transition) before the session
 * reads it as the refusal: one slot keeps it for all three, with nothing for the garbage collector to trace (a
 * table of every context ever judged made the explorer a third slower).
 */
let last: { context: unknown; event: unknown; name: string; answer: GuardAnswer } | undefined;

function verdictOf(name: string, test: () => GuardAnswer, context: unknown, event: unknown): GuardAnswer {
  if (last && last.context === context && last.event === event && last.name === name) return last.answer;
  const answer = test();
  last = { context, event, name, answer };
  return answer;
}

/**
 * The verdict the guard of an answer gave on `event` in `context` (the waiting state's), as computed when the machine
 * was last asked to take it: the refusal, `false` when no restriction refuses and the answer is not its sender's to
 * give, or undefined when no answer's guard judged the event there last.
 */
export function keptVerdict(context: unknown, event: EngineEvent): AnswerVerdict | undefined {
  if (!last || last.context !== context || last.event !== event) return undefined;
  return typeof last.answer === 'boolean' ? (last.answer ? undefined : false) : last.answer;
}

function wrapGuards(machine: AnyStateMachine) {
  const id = machine.id as MachineId;
  const guards: Record<string, (args: { context: unknown; event: EngineEvent }) => boolean> = {};
  for (const [name, adapter] of Object.entries(machine.implementations.guards)) {
    const g = ruleGuardOf(adapter);
    if (!g) throw new Error(`engine fault: the ${id} machine's guard '${name}' carries no rule (guardsOf)`);
    guards[name] = g.answer
      ? ({ context, event }) => {
          const result = holds(verdictOf(name, () => g.test(context, event), context, event));
          active?.record(id, { name, rule: g.rule, result });
          return result;
        }
      : ({ context, event }) => {
          const result = holds(g.test(context, event));
          active?.record(id, { name, rule: g.rule, result });
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
