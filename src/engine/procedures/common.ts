// What every procedure's decisions share: the waiting state they are built from, the shape of a decision kind's
// specification (its options and prompt, the refusal of an answer by the same restrictions as the machine's guard,
// and the default policy's answer), and small builders of options and blocked answers.
import type { MachineId, StateMeta } from '../../../machines/index.ts';
import { cardClosed, type ClosedStep } from '../../text/refusals.ts';
import { isCardId, type CardId } from '../../data/cards.ts';
import type { TerciosOption } from '../../rules/combat-cards.ts';
import { refusedPlayText } from '../../text/cards.ts';
import { powerName, spaceName } from '../../text/names.ts';
import { msg, type Text } from '../../text/text.ts';
import type { Refusal } from '../../rules/verdict.ts';
import { MAJOR_POWERS, type MajorPower, type Power } from '../../schema/power.ts';
import type { MovementContext } from '../../rules/procedures/movement.ts';
import type { World } from '../../rules/world.ts';
import { reasonOf } from '../../text/reasons/index.ts';
import type {
  Blocked,
  BlockedBase,
  Decision,
  DecisionKind,
  DecisionOf,
  DecisionOption,
} from '../../schema/decision.ts';
import type { EngineEvent, EventType } from '../../schema/events.ts';
import type { SkippedDecision } from '../../schema/result.ts';
import { LAND_UNIT_TYPES, type Units } from '../../schema/units.ts';
import { cardAnswers, type AnswerContext, type AnswerSet } from './answer-spaces.ts';

/** A machine state that waits for an answer or a roll, with its context (typed by the procedure that reads it). */
export interface Waiting<C = unknown> {
  readonly machine: MachineId;
  readonly state: string;
  readonly meta: StateMeta;
  readonly context: C;
}

/**
 * One kind of decision of one procedure, and every fact about it the engine reads: how the pending decision is built
 * from the waiting state, whether the engine may answer it itself, what the default policy answers, and — for a
 * decision answered by events other than dice — whose it is, which answers decline it, whether the eager policy
 * takes its first option, which rule closes it and in which words, and its whole answer space. The session (forced
 * answers), decisions.ts (long lists), resolve.ts (the policies), explain.ts (refusals) and the explorer
 * (src/review/answers.ts) read these fields: none of them lists kinds of its own. Why an answer is refused is not
 * here: the machine's guard of the answer gives the verdict (src/rules/procedures), once per event, and the session
 * reports it.
 */
export type DecisionSpec<C, K extends DecisionKind = DecisionKind> = SpecBase<C, K> &
  (K extends 'roll' ? { readonly [F in keyof AnswerFields<C>]?: undefined } : AnswerFields<C>) &
  (K extends SkippedKind ? SkippedFields : { readonly skippedLabel?: undefined });

/** The kinds of decision the engine may find nobody to ask (ruling R9), as the summary's `skipped` names them. */
export type SkippedKind = SkippedDecision['kind'];

/** The facts of a decision kind the engine may skip (ruling R9): how the trace words its refused candidates. */
export interface SkippedFields {
  /**
   * A refused candidate of a skipped decision (only the part of the answer that differs; {} for the whole decision),
   * in the words the decision's own `blocked` would label that answer — by the power whose answer it is, so that a
   * label read alone says who and what. The summary keeps the candidates without words; the trace words them.
   */
  readonly skippedLabel: (world: World, d: SkippedAt, option: Readonly<Record<string, string>>) => Text;
}

/** What a skipped decision's label reads of it. */
export type SkippedAt = Pick<SkippedDecision, 'kind' | 'power' | 'space'>;

/** Where an answer met a closed step: the movement's context, and the power that intercepted, if one did. */
export interface ClosedAt {
  readonly root: MovementContext;
  readonly intercepted: MajorPower | undefined;
}

/** The facts of a decision answered by events other than dice. */
export interface AnswerFields<C> {
  /**
   * Whose decision it is, read from the context without building the decision (the built decision's `power`): an
   * answer another power sends is out of turn.
   */
  readonly power: (c: C) => Power | undefined;
  /** The answers that decline it: kept when a long list of options is cut (none when it cannot be declined). */
  readonly declines: readonly EventType[];
  /**
   * The waiting states of this kind where it cannot be declined, though `declines` names answers for the others: the
   * placing power's placement among the card windows (ruling R32). Absent: `declines` holds in every state.
   */
  readonly undeclinableIn?: readonly string[];
  /** Whether the eager policy takes its first listed option (else it answers as the default policy does). */
  readonly eager: boolean;
  /**
   * The rule an answer is refused with once the step is over: the rule of its procedure's final state
   * (`'procedure'`: 13.1 step 5 for interceptions) or of its own decision state (`'decision'`: 14 step 9).
   */
  readonly closedBy: 'procedure' | 'decision';
  /**
   * Why an answer of this kind is refused once its step is over, in words (a sentence of src/text/refusals.ts); the
   * rule it is cited with is `closedBy`'s.
   */
  readonly stepClosed: (c: ClosedStep) => Text;
  /**
   * Every legal answer, not only the ones the decision lists, from the decision's limits (explore --answers all; an
   * enumerator of ./answer-spaces.ts, `listedAnswers` when the decision lists them all).
   */
  readonly answerSpace: (d: Decision, ctx: AnswerContext) => AnswerSet;
  /**
   * The restriction that refuses an answer of this kind when its step is not open to the sender, if one does (a
   * second power's interception after a success, 13.2 step 3; a withdrawal the rules forbid, 13.4).
   */
  readonly closedRefusal?: (at: ClosedAt, event: EngineEvent) => Refusal | undefined;
}

interface SpecBase<C, K extends DecisionKind> {
  readonly build: (w: Waiting<C>) => DecisionOf<K>;
  /**
   * Whether the engine may ever answer it itself (ruling R9: exactly one legal answer, or a roll of no dice). False
   * for a decision that can always be declined or is the host's to declare, and for a roll of a fixed number of
   * dice: its options are then never built to know.
   */
  readonly mayBeForced: boolean;
  /** The default policy's answer (DESIGN "Session API": decline every optional action). */
  readonly decline: (d: DecisionView<K>) => EngineEvent | undefined;
  /**
   * True when the engine surely does not answer this decision itself (ruling R9: neither exactly one legal answer
   * nor a roll of no dice), read from the waiting state without building the decision. Absent: build it to know.
   */
  readonly unforced?: (w: Waiting<C>) => boolean;
  /**
   * The legal answers in the order the decision lists them, without their words, lazily: the engine lists up to
   * MAX_OPTIONS of them once per state, for the forced-answer check (ruling R9) and the built-in policies, without
   * building the decision. Absent: build the decision to know.
   */
  readonly answers?: (w: Waiting<C>) => Iterable<EngineEvent>;
}

/** One legal answer, with its label made only when a person reads it (a decision lists it; the engine counts it). */
export interface Choice<E extends EngineEvent = EngineEvent> {
  readonly event: E;
  readonly label: () => Text;
}

export function* eventsOf(choices: Iterable<Choice>): Generator<EngineEvent> {
  for (const c of choices) yield c.event;
}

/**
 * What a built-in policy reads of a decision: whose it is and its answers (a built decision is one; so is the bare
 * list of answers the session gives the explorer and `resolve`, without words).
 */
export type DecisionView<K extends DecisionKind = DecisionKind> = Pick<DecisionOf<K>, 'machine' | 'kind' | 'power'> & {
  readonly options: readonly { readonly event: DecisionOf<K>['options'][number]['event'] }[];
};

export function decision<C, K extends DecisionKind>(spec: DecisionSpec<C, K>): DecisionSpec<C, K> {
  return spec;
}

/**
 * What every card window's decision is, whichever window (13.1 step 4, 14 step 1): the power whose turn it is in the
 * window answers; a pass is always an answer (ruling R33: playing is optional), so it is never the engine's to
 * answer; the policies pass, the eager one too (ruling R36).
 */
export function cardWindow<C extends { readonly responding?: MajorPower | undefined }>(
  build: (w: Waiting<C>) => DecisionOf<'card'>,
  /**
   * The waiting state, if any, whose decision has no pass (the placing power's placement, ruling R32): the engine
   * answers it itself when it has one legal answer (ruling R9). Every other card window can be passed.
   */
  undeclinable?: string,
): DecisionSpec<C, 'card'> {
  return {
    build,
    mayBeForced: undeclinable !== undefined,
    ...(undeclinable !== undefined ? { unforced: (w: Waiting<C>) => w.state !== undeclinable } : {}),
    power: (c) => c.responding,
    declines: ['card.pass'],
    ...(undeclinable !== undefined ? { undeclinableIn: [undeclinable] } : {}),
    eager: false,
    closedBy: 'decision',
    stepClosed: cardClosed,
    answerSpace: cardAnswers,
    skippedLabel: cardSkipped,
    // A placement has no pass (ruling R32): the policies take its first listed answer.
    decline: (d) =>
      d.options.some((o) => o.event.type === 'card.place')
        ? d.options[0]!.event
        : { type: 'card.pass', power: d.power },
  };
}

/** A refused play of a card window nobody was asked (ruling R9), as the window's own `blocked` labels it. */
function cardSkipped(world: World, d: SkippedAt, { card, option }: Readonly<Record<string, string>>): Text {
  return card && isCardId(card)
    ? refusedPlayText(d.power, { card, option })
    : msg('procedure.skipped.card', '{p}: a card in {s}', '{p}: карта ({s})', {
        p: powerName(d.power),
        s: spaceName(world, d.space),
      });
}

/** What a card window's restrictions say of one power's hand (src/rules: moveCardPlays, battleCardPlays, …). */
export interface WindowPlays<P> {
  readonly plays: readonly P[];
  readonly refused: readonly { readonly card: CardId; readonly option?: TerciosOption; readonly refusal: Refusal }[];
}

/**
 * A card window's answers (ruling R33: playing is optional): each legal play of the asked power, then the pass; and
 * every held card of the window that may not be played — the asked power's and each other major's — refused with
 * its rule and reason, labelled by the power that holds it.
 */
export function windowAnswers<P>(
  world: World,
  power: MajorPower,
  playsOf: (p: MajorPower) => WindowPlays<P>,
  play: (p: P) => DecisionOption<'card'>,
  pass: Text = msg('procedure.card-window.pass', 'Play no card', 'Не разыгрывать карту'),
): { readonly own: WindowPlays<P>; readonly options: DecisionOption<'card'>[]; readonly blocked: Blocked<'card'>[] } {
  const own = playsOf(power);
  const options = [...own.plays.map(play), option({ type: 'card.pass', power }, pass)];
  const blocked: Blocked<'card'>[] = [];
  for (const p of MAJOR_POWERS)
    for (const r of p === power ? own.refused : playsOf(p).refused)
      blocked.push(
        refusedAnswer(
          world,
          { power: p, card: r.card, ...(r.option ? { option: r.option } : {}) },
          r.refusal,
          refusedPlayText(p, r),
        ),
      );
  return { own, options, blocked };
}

/** A refused answer before its label: the answer (only the part that differs) and the refusal. */
export type RefusedAnswer<O> = { readonly option: O } & BlockedBase;

/** A refused answer: the answer, the refusal's code, rule and facts, and its reason worded from the facts. */
export function blockedOf<O>(world: World, option: O, r: Refusal): RefusedAnswer<O> {
  const ruling = r.ruling ? { ruling: r.ruling } : {};
  return { option, code: r.code, rule: r.rule, ...ruling, reason: reasonOf(world, r), facts: r.facts };
}

/** A refused answer with its label: what the answer would have read as an option. */
export function refusedAnswer<O>(
  world: World,
  option: O,
  r: Refusal,
  label: Text,
): RefusedAnswer<O> & { readonly label: Text } {
  return { ...blockedOf(world, option, r), label };
}

/** Unit counts as an event writes them: zero counts and no leaders left out. */
export function unitsFields(u: Units): Partial<Units> {
  const out: { regulars?: number; mercenaries?: number; cavalry?: number; leaders?: string[] } = {};
  for (const k of LAND_UNIT_TYPES) if (u[k] > 0) out[k] = u[k];
  if (u.leaders.length > 0) out.leaders = [...u.leaders];
  return out;
}

export function option<E extends EngineEvent>(event: E, label: Text): { event: E; label: Text } {
  return { event, label };
}

export type DecisionBase = Pick<Decision, 'machine' | 'state' | 'rule' | 'ruling'>;

export function base(w: Waiting<unknown>): DecisionBase {
  return { machine: w.machine, state: w.state, rule: w.meta.rule, ...(w.meta.ruling ? { ruling: w.meta.ruling } : {}) };
}
