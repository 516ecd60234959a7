// The public library API. The engine is a library first: nothing here prints, exits or touches files. Every type a
// host needs is exported here by name (test/package type-checks a strict host that uses them from the packed
// tarball); what the engine hands out is frozen, and typed readonly all the way down.
export { parseScenario, ScenarioError, type Scenario, type Issue } from './engine/scenario.ts';
export { restoreSession, RestoreError, type RestoreOptions } from './engine/save.ts';
export {
  createSession,
  Session,
  ENGINE_VERSION,
  SavedSessionSchema,
  type SessionOptions,
  SessionOptionsError,
  MAX_SEED,
  type Inspector,
  type SessionListener,
  type SessionUpdate,
  type ObserverError,
  type SendResult,
  type SessionResult,
  type TraceEntry,
  type TraceGuard,
  type InTransit,
  type AcceptedEvent,
  type EventSource,
  type SavedSession,
  type SessionSnapshot,
  type SessionStep,
  type UndoResult,
  type SendOptions,
  SeatView,
  type SeatSnapshot,
  type SeatListener,
} from './engine/session.ts';
export {
  resolve,
  POLICIES,
  declinePolicy,
  eagerPolicy,
  type Policy,
  type PolicyName,
  type ResolveOptions,
  type ResolveOutcome,
} from './engine/resolve.ts';
export type { EngineError, ErrorCode } from './engine/explain.ts';
export { narrative } from './engine/report.ts';
export {
  ScenarioSchema,
  type ScenarioInput,
  type StructuredScenario,
  type Stack,
  type Siege,
  type Capture,
  type MoveOrder,
  type LeaderDefinition,
  type Bonus,
} from './schema/scenario.ts';
export type { Position, World } from './rules/world.ts';
export type { Power, MajorPower, MinorPower } from './schema/power.ts';
export type { Units, UnitsInput, LandCounts, LandUnitType } from './schema/units.ts';
export type { Rulings, VariantRuling, Reading } from './schema/rulings.ts';
export type { DeepReadonly } from './schema/readonly.ts';
export { EventSchema, type EngineEvent, type EventType, type EventOf } from './schema/events.ts';
export {
  DecisionSchema,
  type Decision,
  type DecisionKind,
  type DecisionOf,
  type DecisionOption,
  type DecisionLimits,
  type DecisionNames,
  type Blocked,
  type BlockedBase,
  type RollInfo,
  type MoveDecision,
  type InterceptDecision,
  type RollDecision,
  type AvoidDecision,
  type WithdrawDecision,
  type ContinueDecision,
  type CasualtiesDecision,
  type RetreatDecision,
} from './schema/decision.ts';
export {
  SummarySchema,
  ResultPositionSchema,
  type Summary,
  type ResultPosition,
  type Modifier,
  type MoveSummary,
  type InterceptionSummary,
  type AvoidSummary,
  type WithdrawalSummary,
  type BattleSummary,
  type BattleSideSummary,
  type RetreatSummary,
  type CaptureSummary,
} from './schema/result.ts';
export type { RuleRef, RulingRef } from './rules/registry.ts';
export type { FactsOf, RestrictionCode } from './rules/index.ts';
export { RULE_REGISTRY } from './text/registry.ts';
export { STATEMENTS } from './rules/statements.ts';
export type { Text, Lang, Message, MessageParam, MessageParams } from './text/text.ts';
export { formatMessage, type Catalogue, type FormatMessageOptions } from './text/format.ts';
export { MessageFormatError, formatPattern } from './text/icu.ts';
export type { Fact, Facts } from './rules/verdict.ts';
export { reasonOf } from './text/reasons/index.ts';
export { ruleText } from './text/rules.ts';
export {
  hisBoard,
  hisLeaderTable,
  hisNames,
  HIS_SPACE_IDS,
  HIS_ARMY_LEADER_IDS,
  type HisNames,
  type HisSpaceId,
  type HisArmyLeaderId,
  type Board,
  type Space,
  type ConnectionKind,
  type Leader,
  type LeaderTable,
} from './data/index.ts';
/** A space's, a leader's or a power's name in English and Russian, on a scenario's own board and leaders (`scenario.world`). */
export { spaceName, leaderName, powerName } from './text/names.ts';
/** A scenario's own title (its `title`, else its `name`) and description, in both languages. */
export { scenarioTitle, scenarioDescription } from './text/scenario.ts';
export * from '../machines/index.ts';
export {
  explore,
  describeSummary,
  ExploreScriptError,
  type ExploreOptions,
  type ExploreReport,
  type Outcome,
  type Invariant,
  type OutcomeQuery,
  type ExploreNode,
  type Match,
  type Violation,
} from './review/explore.ts';
/** How large an exploration would be, before running it (Knuth's estimator over seeded random descents). */
export { estimateSize, type EstimateOptions, type SizeEstimate } from './review/estimate.ts';
export {
  advise,
  AdviseLimitError,
  type Advice,
  type AdviseOptions,
  type AnswerAdvice,
  type Exact,
} from './review/advise.ts';
export { stepViolations, endViolations, type Observation } from './review/invariants.ts';
export { format as formatFraction, toNumber as fractionToNumber, type Fraction } from './review/fraction.ts';
export { diagram, type DiagramFormat } from './viz/diagram.ts';
