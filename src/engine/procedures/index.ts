// The procedure registry: for every machine, the kinds of decision its waiting states stand for, each with how it is
// built, why an answer is refused and what the default policy answers. Adding a decision kind is a spec in its
// procedure's module and a line here (docs/architecture.md).
import type { MachineId } from '../../../machines/index.ts';
import { contextIf } from '../actors.ts';
import type { Decision, DecisionKind } from '../../schema/decision.ts';
import type { MajorPower } from '../../schema/power.ts';
import { avoid, avoidRoll } from './avoid-battle.ts';
import type { DecisionSpec, DecisionView, Waiting } from './common.ts';
import { battleResponseCard } from './battle-cards.ts';
import { battleRoll, casualties } from './field-battle.ts';
import { intercept, interceptionRoll } from './interception.ts';
import { move, responseCard } from './movement.ts';
import { sortie } from './relief.ts';
import { retreat } from './retreat.ts';
import { moveOnOrRetreat, withdraw } from './withdrawal.ts';

type Specs = { readonly [K in DecisionKind]?: DecisionSpec<never, K> };

export const PROCEDURE_DECISIONS: Readonly<Record<MachineId, Specs>> = {
  movement: { move, card: responseCard },
  interception: { intercept, roll: interceptionRoll },
  avoidBattle: { avoid, roll: avoidRoll },
  withdrawal: { withdraw, continue: moveOnOrRetreat },
  fieldBattle: { casualties, roll: battleRoll, card: battleResponseCard },
  relief: { relief: sortie },
  retreat: { retreat },
  siegeBreak: {},
};

/**
 * The spec of the decision a waiting state stands for. The one place where a waiting state's context, which the
 * actor tree hands out untyped, meets the procedure that knows its type.
 */
export function specOf(machine: MachineId, kind: DecisionKind): DecisionSpec<unknown> {
  const spec = PROCEDURE_DECISIONS[machine][kind];
  if (!spec) throw new Error(`engine fault: the ${machine} machine has no ${kind} decision`);
  return spec as DecisionSpec<unknown>;
}

export function kindOf(w: Waiting<unknown>): DecisionKind {
  if (w.meta.roll) return 'roll';
  if (!w.meta.decision) throw new Error(`engine fault: ${w.machine}.${w.state} waits for nothing`);
  return w.meta.decision;
}

/** The power whose interception succeeded, while the interception machine still runs (13.2 step 3). */
export function interceptedBy(w: Waiting<unknown>): MajorPower | undefined {
  return contextIf(w, 'interception')?.successPower;
}

/** The decision a waiting state stands for, unbounded. */
export function decide(w: Waiting<unknown>): Decision {
  return specOf(w.machine, kindOf(w)).build(w);
}

export type { DecisionSpec, DecisionView, Waiting };
