// What every state of every procedure machine says about itself: the rule it applies, and for decision and dice
// states what the game waits for. Read by the session (pending decisions), the trace and the diagrams.
import type { RuleRef, RulingRef } from '../src/rules/registry.ts';
import type { Text } from '../src/text/text.ts';
import type { DecisionKind, RollInfo } from '../src/schema/decision.ts';

export type { DecisionKind };
export type RollPurpose = RollInfo['purpose'];
/**
 * `decision` and `roll`: the game waits for an answer or dice; `window`: a card window (ruling R14); `transit`: the
 * moving formation has left its space and is not yet placed in the destination (13.1 steps 3–5).
 */
export type Tag = 'decision' | 'roll' | 'window' | 'transit';

export interface StateMeta {
  readonly rule: RuleRef;
  readonly ruling?: RulingRef;
  readonly title: Text;
  /** Decision states: what kind of answer the game waits for. */
  readonly decision?: Exclude<DecisionKind, 'roll'>;
  /** Dice states: which roll. */
  readonly roll?: RollPurpose;
  /**
   * The step of the Land Movement Procedure (13.1 steps 1–8) a movement state belongs to, or a decision state's
   * answers belong to: how a refusal tells "not yet" from "that step is over".
   */
  readonly step?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
}
