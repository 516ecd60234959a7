// The session's copy of the machines: the same machines with every named guard wrapped so that each evaluation is
// recorded (name, rule, result) for the trace. Nothing else changes.
import type { AnyStateMachine } from 'xstate';
import { GUARD_TABLES, MACHINES, type MachineId } from '../../machines/index.ts';
import type { EngineEvent } from '../schema/events.ts';
import type { RuleRef } from '../rules/registry.ts';
import type { RuleGuard } from '../rules/procedures/common.ts';

export interface GuardEvaluation {
  readonly machine: MachineId;
  readonly name: string;
  readonly rule: RuleRef;
  readonly result: boolean;
}

export class GuardRecorder {
  enabled = false;
  private readonly buffer: GuardEvaluation[] = [];

  record(e: GuardEvaluation): void {
    if (this.enabled) this.buffer.push(e);
  }

  /** Takes the evaluations recorded for one machine since the last call. */
  take(machine: MachineId): GuardEvaluation[] {
    const mine = this.buffer.filter((e) => e.machine === machine);
    const rest = this.buffer.filter((e) => e.machine !== machine);
    this.buffer.length = 0;
    this.buffer.push(...rest);
    return mine;
  }
}

function wrapGuards(machine: MachineId, recorder: GuardRecorder) {
  const table = GUARD_TABLES[machine] as Record<string, RuleGuard<unknown>>;
  const guards: Record<string, (args: { context: unknown; event: EngineEvent }) => boolean> = {};
  for (const [name, g] of Object.entries(table)) {
    guards[name] = ({ context, event }) => {
      const result = g.test(context, event);
      recorder.record({ machine, name, rule: g.rule, result });
      return result;
    };
  }
  return guards;
}

/** The movement machine with every machine it composes instrumented for `recorder`. */
export function instrumentedMovement(recorder: GuardRecorder): AnyStateMachine {
  const provide = (id: MachineId, extra: Record<string, unknown> = {}) =>
    (MACHINES[id] as AnyStateMachine).provide({ guards: wrapGuards(id, recorder), ...extra } as never);
  const retreat = provide('retreat');
  const fieldBattle = provide('fieldBattle', { actors: { retreat } });
  return provide('movement', {
    actors: {
      interception: provide('interception'),
      avoidBattle: provide('avoidBattle'),
      withdrawal: provide('withdrawal'),
      fieldBattle,
      retreat,
    },
  });
}
