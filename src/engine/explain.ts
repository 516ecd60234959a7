// Why an event is refused. Every refusal names a rule: the restriction that fails for an answer to the pending
// decision (the verdict its guard gave, kept by the session), or the rule that closed (or has not yet opened) the
// step the event belongs to — read from the machines: which decision state takes the event, its step of 13.1, and
// the rule of the state that closes it (its spec's `closedBy`). Never "unexpected event". The words are src/text's.
import type { EngineEvent } from '../schema/events.ts';
import type { Decision } from '../schema/decision.ts';
import type { MovementContext } from '../rules/procedures/movement.ts';
import { isRuleRef, type RuleRef, type RulingRef } from '../rules/registry.ts';
import type { Facts, Refusal } from '../rules/verdict.ts';
import type { AnswerVerdict } from '../rules/procedures/common.ts';
import { must } from '../rules/must.ts';
import { skippedRefusal, type SkippedDecision } from '../rules/skipped.ts';
import { interceptedBy, kindOf, specOf, type Waiting } from './procedures/index.ts';
import type { World } from '../rules/world.ts';
import { reasonOf } from '../text/reasons/index.ts';
import {
  answeredByOther,
  MOVE_ENDED,
  noRollPending,
  NOTHING_PENDING,
  notYet,
  notAnAnswerHere,
  REFUSED_WITHOUT_VERDICT,
  skippedByInterception,
  waitingFor,
  wrongDiceCount,
} from '../text/refusals.ts';
import type { Lang, Text } from '../text/text.ts';
import { isCardId } from '../data/cards.ts';
import { isCardOfProcedures, isSupportedCard } from '../rules/cards.ts';
import {
  answeringState,
  closedAnsweringState,
  decisionOfEvent,
  finalRuleOf,
  stepOfEvent,
  stepOfMovementState,
  eventsOfState,
  STEPS_SKIPPED_BY_INTERCEPTION,
} from './structure.ts';

export type ErrorCode =
  | 'invalid-event'
  | 'illegal'
  | 'out-of-turn'
  | 'step-closed'
  | 'move-ended'
  | 'not-supported'
  | 'limit'
  | 'internal'
  /** A seat (`send(event, { as })`) answered a decision another power owns, or in another power's name. */
  | 'not-your-decision'
  /** `undo()` with no answer to take back. */
  | 'nothing-to-undo';

export interface EngineError {
  readonly code: ErrorCode;
  readonly rule?: RuleRef;
  readonly ruling?: RulingRef;
  /** The restriction that refused the answer, when one did. */
  readonly restriction?: string;
  readonly message: string;
  /** The refusal in English and Russian (`message` is its text in the session's language): always present. */
  readonly reason: Text;
  /**
   * With `restriction`: the facts of the refusal (ids, counts, which case applies), from which a host may word its
   * own message; `reason` is the engine's wording of them.
   */
  readonly facts?: Facts;
  readonly path?: string;
  /** With code `limit`: the bound that stopped the work (`maxEvents`, `maxMs`, …) and its value. */
  readonly limit?: { readonly name: string; readonly value: number };
}

export function errorOf(
  code: ErrorCode,
  rule: RuleRef | undefined,
  reason: Text,
  lang: Lang,
  extra: Partial<EngineError> = {},
): EngineError {
  return { code, ...(rule ? { rule } : {}), message: reason[lang], reason, ...extra };
}

/**
 * The ruling a schema issue names (`params.ruling`: a card's choice given to another card, src/schema/events.ts),
 * for the `ruling` field of an `invalid-event` refusal; nothing for zod's own issues.
 */
export function rulingOfIssue(issue: { readonly code: string; readonly params?: unknown } | undefined): {
  ruling?: RulingRef;
} {
  const ruling = issue?.code === 'custom' ? (issue.params as { ruling?: unknown } | undefined)?.ruling : undefined;
  return typeof ruling === 'string' && isRuleRef(ruling) && ruling.startsWith('R')
    ? { ruling: ruling as RulingRef }
    : {};
}

function fromRefusal(world: World, r: Refusal, lang: Lang, code: ErrorCode = 'illegal'): EngineError {
  const reason = reasonOf(world, r);
  const ruling = r.ruling ? { ruling: r.ruling } : {};
  return { code, rule: r.rule, ...ruling, restriction: r.code, message: reason[lang], reason, facts: r.facts };
}

interface Situation {
  readonly root: MovementContext;
  readonly stage: string;
  readonly waiting: Waiting | undefined;
  /**
   * The verdict the guard of an answer gave on the event when the machine was asked to take it (the one
   * computation: never made again here), or undefined when no answer's guard judged it.
   */
  readonly verdict: AnswerVerdict | undefined;
  /** The pending decision (a session builds it only when read: only the words of a refusal need it). */
  readonly decision: Decision | null;
  readonly lang: Lang;
}

const SKIPPED_KINDS: ReadonlySet<string> = new Set<SkippedDecision['kind']>([
  'intercept',
  'avoid',
  'withdraw',
  'retreat',
]);

/**
 * Ruling R9: an answer of a power the rules passed over (nobody asked it: no eligible interceptor, no legal space to
 * avoid into or retreat to) is refused with the restriction that made them pass it over, as the summary recorded it.
 */
function skippedAnswerRefusal(s: Situation, event: EngineEvent): EngineError | undefined {
  const kind = decisionOfEvent(event.type);
  if (!kind || !SKIPPED_KINDS.has(kind) || !('power' in event)) return undefined;
  // This leg's decisions only (13.4 option 1 makes a new Move, asked again).
  const to = s.root.leg?.to;
  const entries = s.root.summary.skipped.filter((e) => e.kind === 'retreat' || e.space === to);
  const option = { from: 'from' in event ? event.from : undefined, to: 'to' in event ? event.to : undefined };
  const r = skippedRefusal(entries, kind as SkippedDecision['kind'], event.power, option);
  return r && fromRefusal(s.root.world, r, s.lang, 'step-closed');
}

/** The rule that closed the step an event belongs to, or that it has not opened yet, read from the machines. */
function stepRefusal(s: Situation, event: EngineEvent): EngineError {
  const { root, lang } = s;
  const skipped = skippedAnswerRefusal(s, event);
  if (skipped) return skipped;
  const pending = (): Text => s.decision?.prompt ?? NOTHING_PENDING;
  const rule = s.waiting?.meta.rule as RuleRef | undefined;
  const answering = s.waiting
    ? closedAnsweringState(event.type, s.waiting.machine, s.waiting.state)
    : answeringState(event.type);
  if (!answering) return errorOf('out-of-turn', rule, waitingFor(pending()), lang);
  const at = stepOfEvent(event.type);
  // A success is known as soon as the roll is made, before the interception machine finishes (13.2 step 3).
  const intercepted = root.intercepted ?? (s.waiting ? interceptedBy(s.waiting) : undefined);
  const spec = specOf(answering.machine, answering.kind);
  // The procedures of the steps a success skips (avoid battle, withdrawal) are closed by it; a decision closed by its
  // own state (moving on, 13.4 option 1) says what opens it.
  if (intercepted && spec.closedBy === 'procedure' && STEPS_SKIPPED_BY_INTERCEPTION.has(at))
    return errorOf('step-closed', '13.2 step 5', skippedByInterception(intercepted), lang);
  if (at > stepOfMovementState(s.stage)) return errorOf('out-of-turn', rule, notYet(pending()), lang);
  const r = spec.closedRefusal?.({ root, intercepted }, event);
  if (r) return fromRefusal(root.world, r, lang, 'step-closed');
  const closedBy = (spec.closedBy === 'procedure' ? finalRuleOf(answering.machine) : answering.meta.rule) as RuleRef;
  const closed = must(spec.stepClosed, `the ${answering.kind} decision's spec without the words of its closed step`);
  const words = closed({ world: root.world, leg: root.leg, pending });
  return errorOf('step-closed', closedBy, words, lang);
}

/** Explains why `event` cannot be accepted now. */
export function explainRefusal(s: Situation, event: EngineEvent): EngineError {
  const { lang } = s;
  if (event.type === 'card.play' && !(isCardId(event.card) && isSupportedCard(event.card))) {
    // Ruling R14: a card outside these procedures, or one whose window this release does not run.
    const facts = { card: event.card, known: isCardId(event.card) };
    const reason = reasonOf(s.root.world, { code: isCardOfProcedures.name, facts });
    return errorOf('not-supported', 'R14', reason, lang, {
      ruling: 'R14',
      restriction: isCardOfProcedures.name,
      facts,
    });
  }
  const w = s.waiting;
  if (!w) return errorOf('move-ended', '13.1', MOVE_ENDED, lang);
  const kind = kindOf(w);
  if (event.type === 'dice.rolled') {
    const decision = must(s.decision, 'a waiting state with no decision');
    if (kind !== 'roll') return errorOf('out-of-turn', decision.rule as RuleRef, noRollPending(decision.prompt), lang);
    const wrong = wrongDiceCount(decision.roll?.dice ?? 0, event.values?.length ?? 0);
    return errorOf('illegal', decision.rule as RuleRef, wrong, lang);
  }
  if (decisionOfEvent(event.type) === kind) {
    const spec = specOf(w.machine, kind);
    const r = s.verdict;
    const asked = spec.power?.(w.context);
    const otherPower = 'power' in event && event.power !== asked;
    if (r && !r.ok) return fromRefusal(s.root.world, r, lang, otherPower ? 'out-of-turn' : 'illegal');
    const decision = must(s.decision, 'a waiting state with no decision');
    if (otherPower && r === false)
      return errorOf(
        'out-of-turn',
        decision.rule as RuleRef,
        answeredByOther(decision.power, event.power, decision.prompt),
        lang,
      );
    // An event of this kind that this state does not take (a pass, or a play, when the placing power places the
    // mercenaries of a card just played, ruling R32): no guard judged it, and the decision says what it takes.
    const takes = eventsOfState(w.machine, w.state);
    if (!takes.includes(event.type))
      return errorOf(
        'illegal',
        decision.rule as RuleRef,
        notAnAnswerHere(event.type, takes, decision.prompt),
        lang,
        decision.ruling ? { ruling: decision.ruling as RulingRef } : {},
      );
    // Engine fault: the guard of every answer of a decision gives its verdict (src/rules/procedures), so a refused
    // answer of the pending kind always has a refusal, or is another power's (`false`).
    return errorOf('internal', decision.rule as RuleRef, REFUSED_WITHOUT_VERDICT, lang);
  }
  return stepRefusal(s, event);
}

export type { Situation };
