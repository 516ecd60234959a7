// Every legal answer of a decision, not only the canonical ones a decision lists (explore --answers all). Each
// decision kind's spec names its answer space (`answerSpace`, src/engine/procedures/): the enumerators are in
// src/engine/procedures/answer-spaces.ts, beside the specs that name them, and are re-exported here for the explorer.
import type { MachineId } from '../../machines/index.ts';
import { ANSWER_SPACES, specOf } from '../engine/procedures/index.ts';
import type { AnswerContext, AnswerSet } from '../engine/procedures/answer-spaces.ts';
import { withPosition, type Position, type World } from '../rules/world.ts';
import type { Decision } from '../schema/decision.ts';

export {
  avoidAnswers,
  cardAnswers,
  casualtiesAnswers,
  continueAnswers,
  DeadlinePassed,
  interceptAnswers,
  listedAnswers,
  MAX_ANSWERS,
  moveAnswers,
  retreatAnswers,
  sortieAnswers,
  withdrawAnswers,
  type AnswerContext,
  type AnswerSet,
} from '../engine/procedures/answer-spaces.ts';

/**
 * How each kind of decision's whole answer space is enumerated: one entry per kind that is answered by events, read
 * from the specs (a spec without its `answerSpace` does not compile).
 */
export { ANSWER_SPACES };

/** Every legal answer of a decision (not a roll), by the spec of its procedure and kind. */
export function allAnswers(d: Decision, ctx: AnswerContext): AnswerSet {
  const space = specOf(d.machine as MachineId, d.kind).answerSpace;
  if (!space) throw new Error(`engine fault: a ${d.kind} decision has no answer space`);
  return space(d, ctx);
}

/** The world a decision is taken in: the scenario's board and leaders with the session's position. */
export function worldAt(base: World, position: Position): World {
  return withPosition(base, position);
}
