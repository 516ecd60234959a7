// The session: the only place that runs the machines. It drives the movement machine's snapshot tree (tree.ts: XState's
// pure transitions, so a fork shares the tree and a failed step keeps the one before it), says which decision is
// pending and what the legal answers are, checks every event (never silently ignored), applies forced decisions
// (ruling R9), rolls seeded dice when asked, and keeps the trace. Saves replay its events (save.ts). A host watches it
// with listeners (subscribe) and an XState inspector (options.inspect), both in observers.ts.
import type { AnyMachineSnapshot } from 'xstate';
import type { StateMeta } from '../../machines/index.ts';
import type { Decision } from '../schema/decision.ts';
import { EventSchema, type EngineEvent } from '../schema/events.ts';
import type { DeepReadonly } from '../schema/readonly.ts';
import type { RecordedSummary, ResultPosition, Summary } from '../schema/result.ts';
import { ENGINE_VERSION, SAVE_FORMAT, type SavedSession } from '../schema/save.ts';
import type { Stack } from '../schema/scenario.ts';
import { POWERS, type Power } from '../schema/power.ts';
import { must } from '../rules/must.ts';
import { issueText } from '../text/issues.ts';
import { type Lang, msg } from '../text/text.ts';
import { badSendOptions, NOTHING_TO_UNDO, notYourDecision, notYourName } from '../text/seats.ts';
import type { Position } from '../rules/world.ts';
import {
  bareAnswers,
  bareDecision,
  buildDecision,
  mayBeForced,
  onlyAnswer,
  surelyUnforced,
  type DecisionView,
  type Waiting,
} from './decisions.ts';
import { errorOf, explainRefusal, rulingOfIssue, type EngineError, type Situation } from './explain.ts';
import { GuardRecorder, instrumentedMovement, keptVerdict, recording } from './instrument.ts';
import { contextIf, fromSnapshot, movementOutput, procedureContext, stateKeyOf } from './actors.ts';
import { leafOf, TreeRunner, type TreeNode } from './tree.ts';
import { deepFreeze } from './freeze.ts';
import { toResultPosition } from './position.ts';
import { wordedSummary } from './summary.ts';
import { Dice } from './rng.ts';
import { isScenario, zodIssues, type Scenario } from './scenario.ts';
import { Observers, type ObserverError, type SessionListener } from './observers.ts';
import { checkedOptions, SessionOptionsError, shownValue, type SessionOptions } from './session-options.ts';
import type { SendOptions, SessionSnapshot, SessionStep, UndoResult } from './store.ts';
import { SeatView } from './seat.ts';
import { stateMetaOf } from './structure.ts';
import { SharedList } from './shared-list.ts';
import { stateOf, Tracer, type EventSource, type TraceEntry, type TraceStep } from './trace.ts';

export type { EventSource, TraceEntry, TraceGuard } from './trace.ts';
export { ENGINE_VERSION, SAVE_FORMAT, SavedSessionSchema, type SavedSession } from '../schema/save.ts';
export type { Inspector, ObserverError, SessionListener, SessionUpdate } from './observers.ts';
export { MAX_SEED, SessionOptionsError, type SessionOptions } from './session-options.ts';
export type { SendOptions, SessionSnapshot, SessionStep, UndoResult } from './store.ts';
export { SeatView, type SeatListener, type SeatSnapshot } from './seat.ts';

export interface AcceptedEvent {
  readonly event: EngineEvent;
  readonly source: EventSource;
}

/** The moving formation between its space and the destination (13.1 steps 3–5). Frozen. */
export interface InTransit {
  readonly from: string;
  readonly to: string;
  readonly stacks: readonly Stack[];
}

export interface SessionResult {
  readonly position: ResultPosition;
  readonly summary: Summary;
}

/**
 * `observerErrors` lists what the host's listeners or inspector threw during this send (only when one did): the
 * event was accepted all the same.
 */
export type SendResult =
  | { readonly ok: true; readonly observerErrors?: readonly ObserverError[] }
  | { readonly ok: false; readonly error: EngineError };

/**
 * Where the session stood before an answer that `undo()` takes back (any event a save records: the host's, a
 * script's, a policy's, a seeded roll), linked to the one before it: a fork shares the chain.
 */
interface Checkpoint {
  readonly tree: TreeNode;
  readonly trace: number;
  readonly accepted: number;
  /** The dice before the answer: a seeded roll taken back is rolled again with the same values. */
  readonly dice: Dice;
  readonly previous: Checkpoint | undefined;
}

/** A seed nobody chose (a seat's fork must not know the session's dice). */
function unseenSeed(): number {
  const n = new Uint32Array(1);
  globalThis.crypto.getRandomValues(n);
  return n[0]!;
}

/** Thrown inside a step when the machine did not take a trusted event: the step is undone and the event refused. */
const REFUSED = Symbol('refused');

/** The meta of a procedure's active state (what it waits for), read once per snapshot: snapshots are immutable. */
const metas = new WeakMap<AnyMachineSnapshot, StateMeta | null>();

function metaOf(snap: AnyMachineSnapshot): StateMeta | undefined {
  let meta = metas.get(snap);
  if (meta === undefined) {
    meta = stateMetaOf(snap) ?? null;
    metas.set(snap, meta);
  }
  return meta ?? undefined;
}

export class Session {
  readonly scenario: Scenario;
  readonly seed: number;
  readonly lang: Lang;
  private dice: Dice;
  private readonly recorder = new GuardRecorder();
  private readonly runner: TreeRunner;
  /** The machines' snapshots: replaced, never changed, by every step. */
  private tree!: TreeNode;
  private readonly tracer: Tracer;
  /** Shared with forks (a fork copies nothing of it). */
  private accepted: SharedList<AcceptedEvent>;
  private readonly observers: Observers;
  private cachedPending: Decision | null | undefined;
  /** The pending decision's bare answers (decisions.ts), null when its procedure does not list them bare. */
  private cachedAnswers: readonly EngineEvent[] | null | undefined;
  /** The answers undo() can take back, the last first. */
  private checkpoint: Checkpoint | undefined;
  /** Accepted events and undos so far (the snapshot's version). */
  private changes = 0;
  /** The trace steps of the last accepted event (none at the start and after an undo). */
  private lastSteps = { from: 0, to: 0 };
  private cachedSnapshot: SessionSnapshot | undefined;
  private cachedSteps: readonly SessionStep[] | undefined;

  constructor(scenario: Scenario, options: SessionOptions = {}, from?: Session) {
    if (!isScenario(scenario))
      throw new SessionOptionsError('scenario', 'a session starts from a scenario that parseScenario returned');
    // A fork takes its origin's options, checked when the origin was made.
    const { seed, lang, inspect } = from
      ? { seed: from.seed, lang: from.lang, inspect: undefined }
      : checkedOptions(options);
    this.observers = new Observers(inspect);
    this.scenario = scenario;
    this.seed = seed;
    this.lang = lang;
    this.dice = from ? from.dice.clone() : new Dice(this.seed);
    this.accepted = from ? from.accepted.fork() : new SharedList();
    this.tracer = new Tracer(this.recorder, from?.tracer);
    this.runner = new TreeRunner({
      trace: (ev) => this.tracer.inspect(ev),
      ...(this.observers.inspecting ? { host: (ev) => this.observers.inspect(ev) } : {}),
    });
    if (from) {
      // Same state as the parent: its tree and pending decision serve this one too.
      this.tree = from.tree;
      this.cachedPending = from.cachedPending;
      this.cachedAnswers = from.cachedAnswers;
      this.checkpoint = from.checkpoint;
      this.changes = from.changes;
      this.lastSteps = from.lastSteps;
      return;
    }
    const input = { world: scenario.world, ...(scenario.data.move ? { move: scenario.data.move } : {}) };
    try {
      this.tree = recording(this.recorder, () => this.runner.start(instrumentedMovement(), input));
      // Ruling R9 from the first step: a decision the session starts on (13.4 option 2 with no CP left, the 15.3
      // retreat of besiegers the mover left behind) is answered by the engine exactly as one reached by a send.
      this.settle();
    } catch (e) {
      throw new Error(`the engine failed to start this scenario: ${String(e)}`);
    }
    const inspectorError = this.observers.takeInspectorErrors()[0];
    if (inspectorError) {
      const message = `the inspector threw while the session started: ${String(inspectorError.error)}`;
      throw new SessionOptionsError('inspect', message);
    }
  }

  /**
   * An independent copy of this session at this point (same trace, log and dice): for exploring alternatives. It has
   * no inspector and no listeners of its own.
   */
  fork(): Session {
    return new Session(this.scenario, { seed: this.seed, lang: this.lang }, this);
  }

  /**
   * @internal A fork whose dice are not this session's: a new seed nobody knows, the dice rolled so far kept as
   * given (a seat's fork, which must not reveal the seeded dice to come). It cannot undo past the fork.
   */
  unseenFork(): Session {
    const fork = new Session(this.scenario, {}, this);
    // A fork takes its origin's seed: this one's is replaced (its saves record it) before anyone holds the fork.
    (fork as { seed: number }).seed = unseenSeed();
    fork.dice = new Dice(fork.seed);
    fork.checkpoint = undefined;
    fork.accepted = new SharedList(
      fork.accepted
        .slice()
        .map((a) => (a.source === 'seeded' ? Object.freeze({ event: a.event, source: 'host' as const }) : a)),
    );
    return fork;
  }

  /**
   * @internal The state without its summary, as a string: the summary is only appended to, never read by a guard or
   * a reducer, so two sessions with the same key have the same future (the explorer memoises on it).
   */
  stateKey(): string {
    return stateKeyOf(this.tree);
  }

  /** The decision the game waits for, or null when the move is over. Frozen. */
  get pending(): Decision | null {
    if (this.cachedPending === undefined) {
      const w = this.waiting();
      this.cachedPending = w ? deepFreeze(buildDecision(w)) : null;
    }
    return this.cachedPending;
  }

  /**
   * @internal The pending decision without its words when its procedure lists its answers bare (casualties,
   * retreat): what a built-in policy reads, for the explorer and `resolve`. Undefined otherwise: read `pending`.
   */
  bareDecision(): DecisionView | undefined {
    if (this.cachedPending) return this.cachedPending;
    if (this.cachedPending === null) return undefined;
    const w = this.waiting();
    const answers = w && this.answers(w);
    return w && answers ? bareDecision(w, answers) : undefined;
  }

  /** The bare answers of the decision `w` stands for (the pending one), listed once per state. */
  private answers(w: Waiting): readonly EngineEvent[] | undefined {
    this.cachedAnswers ??= bareAnswers(w) ?? null;
    return this.cachedAnswers ?? undefined;
  }

  get done(): boolean {
    return this.tree.snapshot.status === 'done';
  }

  /** Every step so far, narrated (a frozen copy). */
  get trace(): readonly TraceEntry[] {
    return Object.freeze([...this.tracer.entries]);
  }

  /** @internal The machine and state of every trace step from `from` on, without narrating them. */
  statesSince(from: number): { readonly machine: string; readonly state: string }[] {
    return this.tracer.statesSince(from);
  }

  /** @internal Every trace step from `from` on, without its note: machine, state, event and guards (cheap). */
  stepsSince(from: number): TraceStep[] {
    return this.tracer.stepsSince(from);
  }

  /** @internal How many trace steps there are (cheap: nothing is narrated). */
  get traceLength(): number {
    return this.tracer.length;
  }

  /** Events accepted so far, including the engine's own forced answers (ruling R9). A frozen copy. */
  get log(): readonly AcceptedEvent[] {
    return Object.freeze(this.accepted.slice());
  }

  /** The board as it stands now (a moving formation between its space and the destination is not in it). Frozen. */
  get position(): Position {
    return deepFreeze(procedureContext(fromSnapshot(this.leafSnapshot())).world.position);
  }

  /** What has happened so far. Frozen. */
  get summary(): Summary {
    const context = procedureContext(fromSnapshot(this.leafSnapshot()));
    return deepFreeze(wordedSummary(context.world, context.summary));
  }

  /**
   * The moving formation while it is between its space and the destination (13.1 steps 3–5: it is placed only after
   * every interception is resolved), or null.
   */
  get inTransit(): InTransit | null {
    return transitOf(this.tree.snapshot);
  }

  private cachedResult: SessionResult | undefined;
  /** The result's position, made once, frozen with the result when someone reads that. */
  private cachedEnd: ResultPosition | undefined;

  /** When the move is over: the position (the next scenario of the impulse) and the summary. Frozen. */
  get result(): SessionResult | null {
    const snap = this.tree.snapshot;
    if (snap.status !== 'done') return null;
    const out = movementOutput(snap);
    this.cachedResult ??= deepFreeze({
      position: this.resultPosition()!,
      summary: wordedSummary(out.world, out.summary),
    });
    return this.cachedResult;
  }

  /**
   * @internal When the move is over, the result's position, not frozen until the result is read (the explorer keys
   * end states by it, and reads the whole result only at an end position it has not met): null before. The caller
   * only reads it.
   */
  resultPosition(): ResultPosition | null {
    const snap = this.tree.snapshot;
    if (snap.status !== 'done') return null;
    this.cachedEnd ??= toResultPosition(this.scenario, movementOutput(snap).world.position);
    return this.cachedEnd;
  }

  /** @internal The board as it stands now, not frozen (what `position` freezes): for the engine's own reading only. */
  positionRead(): Position {
    return procedureContext(fromSnapshot(this.leafSnapshot())).world.position;
  }

  /**
   * @internal What has happened so far as the machines record it (the rolls' modifiers as terms, not yet worded) and
   * not frozen: what the explorer reads of every step it takes (its marginals, the decisions passed over).
   */
  recordedSummary(): RecordedSummary {
    return procedureContext(fromSnapshot(this.leafSnapshot())).summary;
  }

  /** @internal What has happened so far, not frozen (what `summary` freezes): for the engine's own reading only. */
  summaryRead(): Summary {
    const context = procedureContext(fromSnapshot(this.leafSnapshot()));
    return wordedSummary(context.world, context.summary);
  }

  /**
   * Calls `listener` after every accepted event (one call per send: the forced answers that followed are in its
   * trace) with the pending decision, the position and the trace entries the event added. Returns the function that
   * unsubscribes it. A listener may send events itself; what it throws is reported in the send's `observerErrors`.
   */
  readonly subscribe = (listener: SessionListener): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError('subscribe takes a function');
    return this.observers.subscribe(listener);
  };

  /**
   * Everything a UI draws — pending, position, inTransit, summary, the trace so far, the result, whether undo can
   * take anything back, and the last accepted event's steps with their boards — as one frozen object that stays the
   * same until the next accepted event or undo. With `subscribe`, fit for React's `useSyncExternalStore` (both are
   * bound: pass them as they are).
   */
  readonly getSnapshot = (): SessionSnapshot => {
    this.cachedSnapshot ??= deepFreeze({
      version: this.changes,
      pending: this.pending,
      position: this.position,
      inTransit: this.inTransit,
      summary: this.summary,
      trace: this.trace,
      result: this.result,
      canUndo: this.canUndo,
      steps: this.steps(),
    });
    return this.cachedSnapshot;
  };

  /** The steps of the last accepted event, each with the board after it (built once per change). */
  private steps(): readonly SessionStep[] {
    if (this.cachedSteps) return this.cachedSteps;
    const { from, to } = this.lastSteps;
    const entries = this.tracer.entriesSince(from, to);
    const boards = this.tracer.boardsSince(from).slice(0, to - from);
    const position = this.position;
    this.cachedSteps = deepFreeze(
      boards.map(({ board, movement }, i) => ({
        entry: entries[i]!,
        position: board ? procedureContext(fromSnapshot(board)).world.position : position,
        inTransit: movement ? transitOf(movement) : null,
      })),
    );
    return this.cachedSteps;
  }

  /** Whether `undo()` has an answer to take back. */
  get canUndo(): boolean {
    return this.checkpoint !== undefined;
  }

  /**
   * Takes back the last answer the save records (the host's, a script's, a policy's, a seeded roll) and the engine's
   * forced answers after it (ruling R9): the session is exactly where it was before that answer — the position, the
   * pending decision, the trace, the log and the dice. A seeded roll taken back is rolled again with the same values
   * (the dice are the seed's: a save stays deterministic). Listeners are told (an update of kind `undone`); the
   * inspector is not (XState has no such event): it sees what follows.
   */
  undo(): UndoResult {
    const cp = this.checkpoint;
    if (!cp)
      return Object.freeze({
        ok: false,
        error: deepFreeze(errorOf('nothing-to-undo', undefined, NOTHING_TO_UNDO, this.lang)),
      });
    const undone = Object.freeze(this.accepted.slice(cp.accepted));
    const taken = undone[0]!;
    this.checkpoint = cp.previous;
    this.tree = cp.tree;
    this.accepted.truncate(cp.accepted);
    this.dice = cp.dice.clone();
    this.recorder.clear();
    this.tracer.truncate(cp.trace);
    this.cachedPending = undefined;
    this.cachedAnswers = undefined;
    this.cachedResult = undefined;
    this.cachedEnd = undefined;
    this.changed({ from: cp.trace, to: cp.trace });
    const listenerErrors = this.observers.notify(() => ({
      kind: 'undone',
      event: taken.event,
      source: taken.source,
      pending: this.pending,
      position: this.position,
      inTransit: this.inTransit,
      summary: this.summary,
      trace: Object.freeze([]),
      traceFrom: cp.trace,
      steps: Object.freeze([]),
      undone,
    }));
    if (listenerErrors.length === 0) return Object.freeze({ ok: true, undone });
    return Object.freeze({
      ok: true,
      undone,
      observerErrors: Object.freeze(listenerErrors.map((e) => Object.freeze({ ...e }))),
    });
  }

  /** The session changed: a new snapshot, and the trace steps of the change. */
  private changed(steps: { readonly from: number; readonly to: number }): void {
    this.changes++;
    this.lastSteps = steps;
    this.cachedSnapshot = undefined;
    this.cachedSteps = undefined;
  }

  /**
   * What `power` may see, as a seat at the table: the board, the pending decision, the trace, its own hand and the
   * sizes of the other hands (ruling R33), never the seeded dice to come. Its sends answer as `power`; its forks
   * roll dice nobody knows.
   */
  view(power: Power): SeatView {
    if (!(POWERS as readonly unknown[]).includes(power))
      throw new SessionOptionsError('power', `view takes a power id such as "hapsburg", not ${shownValue(power)}`);
    return new SeatView(this, power);
  }

  /**
   * Sends an answer from the host: an `EngineEvent` (a decision's option as it is, or one the host built). It is
   * checked like any input — a JavaScript caller passing anything else gets `invalid-event`, never a throw. On an
   * error nothing changes.
   */
  send(event: EngineEvent, options?: SendOptions): SendResult {
    return this.seated(options, (as) => frozenResult(this.acceptEvent(event, 'host', false, as)));
  }

  /**
   * Sends input the host's types know nothing of (JSON from a socket, a file, a form): the same checks as `send`, for
   * a value of any type; whatever is not a valid event is refused with `invalid-event` and the path of the problem.
   */
  sendUntrusted(input: unknown, options?: SendOptions): SendResult {
    return this.seated(options, (as) => frozenResult(this.acceptEvent(input, 'host', false, as)));
  }

  /** Rolls the pending roll with the session's seeded dice (with `as`, only the power that rolls it may). */
  roll(options?: SendOptions): SendResult {
    return this.seated(options, (as) => frozenResult(this.acceptEvent({ type: 'dice.rolled' }, 'host', false, as)));
  }

  /** A send's options read once and checked: `as` a power id, nothing else; a bad one is refused, never thrown. */
  private seated(options: unknown, send: (as: Power | undefined) => SendResult): SendResult {
    if (options === undefined) return send(undefined);
    const refuse = (problem: 'options' | 'as' | 'unknown', shown: string, path: string): SendResult =>
      frozenResult({
        ok: false,
        error: errorOf('invalid-event', undefined, badSendOptions(problem, shown), this.lang, { path }),
      });
    if (options === null || typeof options !== 'object' || Array.isArray(options))
      return refuse('options', shownValue(options), '(options)');
    let as: unknown;
    try {
      const unknown = Object.keys(options).find((k) => k !== 'as');
      if (unknown !== undefined) return refuse('unknown', `'${unknown}'`, `(options).${unknown}`);
      as = (options as { as?: unknown }).as;
    } catch {
      return refuse('options', 'an object that cannot be read', '(options)');
    }
    if (as !== undefined && !(POWERS as readonly unknown[]).includes(as))
      return refuse('as', shownValue(as), '(options).as');
    return send(as as Power | undefined);
  }

  /**
   * A seat's answer to a decision another power owns, or in another power's name: refused with the decision's rule,
   * which says whose it is. Undefined when the seat may send it (the engine then judges the answer itself).
   */
  private seatRefusal(event: EngineEvent, as: Power) {
    const d = this.pending;
    if (!d) return undefined;
    const ruling = d.ruling ? { ruling: d.ruling } : {};
    if (d.power !== as)
      return errorOf('not-your-decision', d.rule, notYourDecision(d.power, as, d.rule, d.ruling), this.lang, {
        ...ruling,
        facts: { power: d.power, as, kind: d.kind },
      });
    const named = 'power' in event ? event.power : undefined;
    if (named !== undefined && named !== as)
      return errorOf('not-your-decision', d.rule, notYourName(named, as, d.rule), this.lang, {
        ...ruling,
        facts: { power: named, as, kind: d.kind },
      });
    return undefined;
  }

  /**
   * @internal Sends an event with its source (scripts, policies and restores use this). Events from outside are
   * validated here, at the edge; the engine's own events (policies, forced answers, explored options) are built
   * from the schema's types, and a parsed scenario's script passed the event schema with the scenario (`validated`):
   * neither is parsed again.
   */
  accept(input: unknown, source: EventSource, validated = source === 'policy' || source === 'engine'): SendResult {
    return frozenResult(this.acceptEvent(input, source, validated));
  }

  private acceptEvent(input: unknown, source: EventSource, validated: boolean, as?: Power): SendResult {
    let event: EngineEvent;
    if (validated) event = input as EngineEvent;
    else {
      // The input is kept in each issue so that its Russian can say what was given (src/text/issues.ts).
      const parsed = EventSchema.safeParse(input, { reportInput: true });
      if (!parsed.success) {
        const issues = zodIssues(parsed.error);
        const words = parsed.error.issues.map((i) => issueText(i));
        const reason = msg(
          'session.acceptEvent.reason',
          'Not a valid event: {issuesEn}',
          'Недопустимое событие: {issuesRu}',
          {
            issuesEn: issues.map((i, n) => `${i.path || '(event)'}: ${words[n]!.en}`).join('; '),
            issuesRu: issues.map((i, n) => `${i.path || '(событие)'}: ${words[n]!.ru}`).join('; '),
          },
        );
        return {
          ok: false,
          error: errorOf('invalid-event', undefined, reason, this.lang, {
            path: issues[0]?.path ?? '',
            ...rulingOfIssue(parsed.error.issues[0]),
          }),
        };
      }
      event = parsed.data;
    }
    if (as !== undefined) {
      const refusal = this.seatRefusal(event, as);
      if (refusal) return { ok: false, error: refusal };
    }
    let effective: EventSource = source;
    const kind = this.waitingKind();
    const diceBefore = this.dice.clone();
    if (event.type === 'dice.rolled' && event.values === undefined) {
      const roll = kind === 'roll' ? this.pending?.roll : undefined;
      if (!roll) return { ok: false, error: explainRefusal(this.situation(event), event) };
      event = { type: 'dice.rolled', values: this.dice.roll(roll.dice) };
      effective = 'seeded';
    }
    const leaf = this.leaf();
    // The decision itself is built only to explain a refusal: an accepted answer needs only the machine's word. An
    // event from outside is put to the machine before it is sent: a refused event never reaches the machines, the
    // trace or the log. The engine's own events (and a parsed script's) are sent at once, and the step is undone if
    // the machine did not take it — the same answer, without evaluating the guards twice; not while a host's
    // inspector watches, which would see the event.
    const trusted = validated && !this.observers.inspecting;
    if (!kind || !leaf || (!trusted && !this.can(leaf, event))) {
      if (effective === 'seeded') this.dice = diceBefore;
      return { ok: false, error: explainRefusal(this.situation(event), event) };
    }
    const traceFrom = this.tracer.length;
    const before: Checkpoint = {
      tree: this.tree,
      trace: traceFrom,
      accepted: this.accepted.length,
      dice: diceBefore,
      previous: this.checkpoint,
    };
    const accepted = deepFreeze(event);
    const result = this.transact(diceBefore, () => {
      if (!this.dispatch(accepted, effective)) throw REFUSED;
      this.settle();
    });
    if (result === 'refused') return { ok: false, error: explainRefusal(this.situation(event), event) };
    const inspectorErrors = this.observers.takeInspectorErrors();
    if (!result.ok) return result;
    if (source !== 'engine') this.checkpoint = before;
    const traceTo = this.tracer.length;
    this.changed({ from: traceFrom, to: traceTo });
    const listenerErrors = this.observers.notify(() => ({
      kind: 'accepted',
      event: accepted,
      source: effective,
      pending: this.pending,
      position: this.position,
      inTransit: this.inTransit,
      summary: this.summary,
      trace: Object.freeze(this.tracer.entriesSince(traceFrom, traceTo)),
      traceFrom,
      steps: this.steps(),
    }));
    if (inspectorErrors.length === 0 && listenerErrors.length === 0) return result;
    return { ok: true, observerErrors: [...inspectorErrors, ...listenerErrors] };
  }

  /**
   * Runs an accepted event and the forced answers after it as one step: if anything inside the machines fails (an
   * engine fault, never the host's), the session goes back to exactly where it was — the tree, the dice, the log and
   * the trace from before the step — and the error is returned.
   */
  private transact(diceBefore: Dice, step: () => void): SendResult | 'refused' {
    const marks = {
      tree: this.tree,
      trace: this.tracer.length,
      accepted: this.accepted.length,
      snapshot: this.cachedSnapshot,
      steps: this.cachedSteps,
    };
    try {
      step();
      return { ok: true };
    } catch (failure) {
      const refused = failure === REFUSED;
      this.tree = marks.tree;
      // A snapshot read while the step ran (by an inspector) is not kept: the one from before the step is.
      this.cachedSnapshot = marks.snapshot;
      this.cachedSteps = marks.steps;
      this.cachedPending = undefined;
      this.cachedAnswers = undefined;
      this.cachedResult = undefined;
      this.cachedEnd = undefined;
      this.accepted.truncate(marks.accepted);
      this.dice = diceBefore;
      this.recorder.clear();
      this.tracer.truncate(marks.trace);
      if (refused) return 'refused';
      const message = failure instanceof Error ? failure.message : String(failure);
      const reason = msg(
        'session.transact.reason',
        'The engine failed while applying this event, and nothing changed: {message}. Please report the scenario and the events.',
        'Движок дал сбой при обработке этого события; ничего не изменилось: {message}. Пожалуйста, сообщите о сценарии и событиях.',
        { message },
      );
      return { ok: false, error: errorOf('internal', undefined, reason, this.lang) };
    }
  }

  /** Ruling R9: decisions with exactly one legal answer are answered by the engine, and traced like any other. */
  private settle(): void {
    for (let guard = 0; guard < 1000; guard++) {
      // A decision its spec says is never forced (one that can always be declined or is the host's to declare, a
      // roll of a fixed number of dice) is not built here (ruling R9).
      const w = this.waiting();
      if (!w || !mayBeForced(w)) return;
      // A roll with dice to roll is the host's too: its decision is built when someone reads it. A decision whose
      // procedure lists its answers bare is not built either: the engine needs its only answer, or to know there
      // are several.
      if (this.cachedPending === undefined) {
        if (surelyUnforced(w)) return;
        const answers = this.answers(w);
        const only = answers && onlyAnswer(answers);
        if (only === null) return;
        if (only) {
          this.dispatchForced(only, w);
          continue;
        }
      }
      const d = this.pending;
      if (!d) return;
      const zeroDice = d.kind === 'roll' && d.roll?.dice === 0;
      if (!d.forced && !zeroDice) return;
      this.dispatchForced(zeroDice ? { type: 'dice.rolled', values: [] } : d.options[0]!.event, d);
    }
    throw new Error('forced decisions did not settle');
  }

  /** The engine's own answer to a forced decision: the machine must take it (an engine fault otherwise). */
  private dispatchForced(event: EngineEvent, at: { readonly machine: string; readonly state: string }): void {
    if (!this.dispatch(event, 'engine')) throw new Error(`forced answer refused at ${at.machine}.${at.state}`);
  }

  /**
   * Sends an event to the procedure that waits and logs it; false when the machine did not take it (its procedure's
   * snapshot is the same): the caller undoes the step.
   */
  private dispatch(event: EngineEvent, source: EventSource): boolean {
    const leaf = this.leaf();
    if (!leaf) return false;
    this.accepted.push(Object.freeze({ event: deepFreeze(event), source }));
    this.tracer.source = source;
    this.cachedPending = undefined;
    this.cachedAnswers = undefined;
    this.cachedResult = undefined;
    this.cachedEnd = undefined;
    const tree = this.tree;
    this.tree = recording(this.recorder, () => this.runner.send(tree, event));
    return leafOf(this.tree).snapshot !== leaf.snapshot;
  }

  private can(leaf: TreeNode, event: EngineEvent): boolean {
    return recording(undefined, () => leaf.snapshot.can(event));
  }

  /** The procedure that takes the next event, while the move runs. */
  private leaf(): TreeNode | undefined {
    return this.tree.snapshot.status === 'active' ? leafOf(this.tree) : undefined;
  }

  private leafSnapshot(): AnyMachineSnapshot {
    return leafOf(this.tree).snapshot;
  }

  /** What kind of answer the active state waits for (from its meta), without building the decision. */
  private waitingKind(): Decision['kind'] | undefined {
    if (this.cachedPending !== undefined) return this.cachedPending?.kind;
    const leaf = this.leaf();
    if (!leaf) return undefined;
    const meta = metaOf(leaf.snapshot);
    return meta?.roll ? 'roll' : meta?.decision;
  }

  private waiting(): Waiting | undefined {
    const leaf = this.leaf();
    if (!leaf) return undefined;
    const snap = leaf.snapshot;
    const meta = metaOf(snap);
    if (!meta || (!meta.decision && !meta.roll)) return undefined;
    // Named field by field, not spread: the forced-answer check (ruling R9) reads it after every step.
    const { machine, context } = fromSnapshot(snap);
    return { machine, context, state: stateOf(snap), meta };
  }

  /**
   * Where a refused `event` met the game: the verdict its guard gave (kept from when the machine was asked: never
   * computed again) and the pending decision, built only if the refusal's words need it.
   */
  private situation(event: EngineEvent): Situation {
    const rootSnap = this.tree.snapshot;
    const leaf = this.leaf();
    const pending = () => this.pending;
    return {
      root: must(contextIf(fromSnapshot(rootSnap), 'movement'), 'the root actor is not the movement machine'),
      stage: stateOf(rootSnap),
      waiting: this.waiting(),
      verdict: leaf ? keptVerdict(leaf.snapshot.context, event) : undefined,
      get decision() {
        return pending();
      },
      lang: this.lang,
    };
  }

  /**
   * A save that survives engine versions: the scenario, the seed and every event that was not the engine's own. A
   * copy: editing it changes nothing here.
   */
  save(): SavedSession {
    // A fresh copy, the host's own to edit: its events are copies of the frozen (readonly) ones.
    const save: DeepReadonly<SavedSession> = {
      format: SAVE_FORMAT,
      engine: ENGINE_VERSION,
      scenario: this.scenario.source,
      seed: this.seed,
      lang: this.lang,
      events: this.accepted
        .slice()
        .filter((a): a is AcceptedEvent & { source: Exclude<EventSource, 'engine'> } => a.source !== 'engine')
        .map((a) => ({ event: a.event, source: a.source })),
    };
    return structuredClone(save) as SavedSession;
  }

  /** @internal The dice the seeded generator gives next, taken from it (a restore checks a saved seeded roll). */
  drawSeeded(count: number): number[] {
    return this.dice.roll(count);
  }
}

/**
 * A send's result, frozen: the error all through; of what an observer threw, only the list and its entries (the
 * thrown value is the host's own).
 */
function frozenResult(r: SendResult): SendResult {
  if (!r.ok) return Object.freeze({ ok: false, error: deepFreeze(r.error) });
  if (!r.observerErrors) return Object.freeze(r);
  return Object.freeze({
    ok: true,
    observerErrors: Object.freeze(r.observerErrors.map((e) => Object.freeze({ ...e }))),
  });
}

/** A session of the scenario's move; throws SessionOptionsError for a bad option. */
export function createSession(scenario: Scenario, options: SessionOptions = {}): Session {
  return new Session(scenario, options);
}

/** The formation in transit that the movement machine's snapshot holds (13.1 steps 3–5), or null. Frozen. */
function transitOf(root: AnyMachineSnapshot): InTransit | null {
  const leg = contextIf(fromSnapshot(root), 'movement')?.leg;
  if (!leg || !root.hasTag('transit')) return null;
  return deepFreeze({ from: leg.from, to: leg.to, stacks: leg.formation });
}
