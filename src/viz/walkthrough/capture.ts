// What the machine held at each trace step. The public trace says which machine entered which state, not where
// the units stood then: the session hands every XState inspection event to a host's inspector
// (SessionOptions.inspect), and each microstep's snapshot carries the machine's context — the world, the summary
// and, for the movement machine, the formation on its way (13.1 steps 3–5). The trace moves a child's first steps
// after its parent's step but never reorders one machine's own steps, so a machine's n-th trace step that is not
// its start is its n-th microstep here. No engine file is read or changed: only XState's public snapshot.
import type { AnyMachineSnapshot, InspectionEvent } from 'xstate';
import type { StateMeta } from '../../index.ts';
import type { Summary } from '../../schema/result.ts';
import type { Stack } from '../../schema/scenario.ts';
import type { Position } from '../../rules/world.ts';
import { stateMetaOf } from '../../engine/structure.ts';

/** One microstep of one machine: the state it entered and what its context held after it. */
export interface CapturedStep {
  readonly machine: string;
  readonly state: string;
  readonly snapshot: AnyMachineSnapshot;
}

/** What every machine's context holds (src/rules/procedures/common.ts), and the movement machine's leg. */
interface ProcedureLike {
  readonly world: { readonly position: Position };
  readonly summary: Summary;
  readonly leg?: { readonly from: string; readonly to: string; readonly formation: readonly Stack[] };
}

/** The inspector to give a session, and the microsteps it saw, per machine in the order they happened. */
export class StepCapture {
  private readonly byMachine = new Map<string, CapturedStep[]>();

  readonly inspect = (ev: InspectionEvent): void => {
    if (ev.type !== '@xstate.microstep') return;
    const snapshot = ev.snapshot as AnyMachineSnapshot;
    const machine = snapshot.machine.id;
    const state = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
    const list = this.byMachine.get(machine) ?? [];
    list.push({ machine, state, snapshot });
    this.byMachine.set(machine, list);
  };

  /**
   * Forgets every microstep past the first `kept(machine)` of each machine: the session took them back
   * (`session.undo()`), and the machine's next microsteps are seen again from there.
   */
  truncate(kept: (machine: string) => number): void {
    for (const [machine, list] of this.byMachine) list.length = Math.min(list.length, kept(machine));
  }

  /** The `n`-th microstep (from 0) of `machine`, when it took that many. */
  nth(machine: string, n: number): CapturedStep | undefined {
    return this.byMachine.get(machine)?.[n];
  }
}

export function contextOf(step: CapturedStep): ProcedureLike {
  return step.snapshot.context as ProcedureLike;
}

/** The formation between its space and the destination after this movement step, or null (the `transit` tag). */
export function transitOf(step: CapturedStep): { from: string; to: string; formation: readonly Stack[] } | null {
  const leg = contextOf(step).leg;
  return leg && step.snapshot.hasTag('transit') ? { from: leg.from, to: leg.to, formation: leg.formation } : null;
}

/** The meta of the state the step entered (title, rule, and `decision` / `roll` when the machine waits there). */
export function metaAt(step: CapturedStep): StateMeta | undefined {
  return stateMetaOf(step.snapshot);
}
