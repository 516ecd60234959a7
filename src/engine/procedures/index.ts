// The procedure registry: for every machine, the kinds of decision its waiting states stand for, each with how it is
// built, why an answer is refused, what the default policy answers, the words of its closed step and its whole answer
// space. Adding a decision kind is a spec in its procedure's module and a line here (docs/architecture.md): what the
// engine and the explorer read of a kind by the kind alone (STEP_CLOSED, ANSWER_SPACES) is derived from these rows.
import type { MachineId } from '../../../machines/index.ts';
import { contextIf } from '../actors.ts';
import type { Decision, DecisionKind } from '../../schema/decision.ts';
import type { MajorPower } from '../../schema/power.ts';
import { avoid, avoidRoll } from './avoid-battle.ts';
import type { AnswerFields, DecisionSpec, DecisionView, SkippedFields, SkippedKind, Waiting } from './common.ts';
import { battleResponseCard } from './battle-cards.ts';
import { battleRoll, casualties } from './field-battle.ts';
import { intercept, interceptionRoll } from './interception.ts';
import { move, responseCard } from './movement.ts';
import { sortie } from './relief.ts';
import { retreat } from './retreat.ts';
import { moveOnOrRetreat, withdraw } from './withdrawal.ts';

type Specs = { readonly [K in DecisionKind]?: DecisionSpec<never, K> };

const ROWS = {
  movement: { move, card: responseCard },
  interception: { intercept, roll: interceptionRoll },
  avoidBattle: { avoid, roll: avoidRoll },
  withdrawal: { withdraw, continue: moveOnOrRetreat },
  fieldBattle: { casualties, roll: battleRoll, card: battleResponseCard },
  relief: { relief: sortie },
  retreat: { retreat },
  siegeBreak: {},
} satisfies Record<MachineId, Specs>;

export const PROCEDURE_DECISIONS: Readonly<Record<MachineId, Specs>> = ROWS;

/** The decision kinds the rows stand for. */
type RowKind = { [M in MachineId]: keyof (typeof ROWS)[M] }[MachineId];

/** The compiler's check that every decision kind has a spec in some row: a kind without one does not compile. */
const everyKindInARow: [Exclude<DecisionKind, RowKind>] extends [never] ? true : never = true;
void everyKindInARow;

/** The kinds answered by events other than dice: each spec of one of them has every answer field. */
export type AnsweredKind = Exclude<DecisionKind, 'roll'>;

/**
 * One answer field of the specs, by kind, read from the rows (a kind some procedures share, the card windows', has
 * the same field in each: test/engine/registry.test.ts). Complete: every kind is in a row (`everyKindInARow`) and
 * every spec of an answered kind has the field (`DecisionSpec`).
 */
function byKind<F extends 'stepClosed' | 'answerSpace'>(
  field: F,
): { readonly [K in AnsweredKind]: AnswerFields<never>[F] } {
  const out: Partial<Record<AnsweredKind, AnswerFields<never>[F]>> = {};
  for (const specs of Object.values<Specs>(PROCEDURE_DECISIONS))
    for (const [kind, spec] of Object.entries(specs) as [DecisionKind, DecisionSpec<never>][]) {
      const value = spec[field] as AnswerFields<never>[F] | undefined;
      if (kind !== 'roll' && value) out[kind] ??= value;
    }
  return out as { readonly [K in AnsweredKind]: AnswerFields<never>[F] };
}

/**
 * Why an answer of each kind is refused when its step is over, in words: the rows' `stepClosed` by kind
 * (src/text/refusals.ts holds the sentences; explain.ts reads the answering state's own spec).
 */
export const STEP_CLOSED = byKind('stepClosed');

/** How each kind's whole answer space is enumerated: the rows' `answerSpace` by kind (src/review/answers.ts). */
export const ANSWER_SPACES = byKind('answerSpace');

/**
 * How the trace words the refused candidates of a decision nobody was asked (ruling R9): the rows' `skippedLabel` by
 * kind. Every spec of a kind the summary may list as skipped has one (`DecisionSpec`), so the table is complete.
 */
export const SKIPPED_LABELS = ((): { readonly [K in SkippedKind]: SkippedFields['skippedLabel'] } => {
  const out: Partial<Record<SkippedKind, SkippedFields['skippedLabel']>> = {};
  for (const specs of Object.values<Specs>(PROCEDURE_DECISIONS))
    for (const [kind, spec] of Object.entries(specs) as [DecisionKind, DecisionSpec<never>][])
      if (spec.skippedLabel) out[kind as SkippedKind] ??= spec.skippedLabel;
  return out as { readonly [K in SkippedKind]: SkippedFields['skippedLabel'] };
})();

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
