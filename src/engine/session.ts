// The session: the only place that runs actors. It drives the movement machine, says which decision is pending and
// what the legal answers are, checks every event (never silently ignored), applies forced decisions (ruling R9),
// rolls seeded dice when asked, and keeps the trace. Saves replay its events (save.ts). A host watches it with
// listeners (subscribe) and an XState inspector (options.inspect), both in observers.ts.
import { createActor, type AnyActorRef, type AnyMachineSnapshot, type InspectionEvent, type Snapshot } from 'xstate';
import type { StateMeta } from '../../machines/index.ts';
import type { Decision } from '../schema/decision.ts';
import { EventSchema, type EngineEvent } from '../schema/events.ts';
import type { ResultPosition, Summary } from '../schema/result.ts';
import { ENGINE_VERSION, SAVE_FORMAT, type SavedSession } from '../schema/save.ts';
import type { Stack } from '../schema/scenario.ts';
import { must } from '../rules/must.ts';
import { text, type Lang } from '../text/text.ts';
import type { Position } from '../rules/world.ts';
import { buildDecision, surelyUnforced, type Waiting } from './decisions.ts';
import { errorOf, explainRefusal, type EngineError } from './explain.ts';
import { GuardRecorder, instrumentedMovement, recording } from './instrument.ts';
import { activeLeaf, contextIf, fromSnapshot, movementOutput, procedureContext, stateKeyOf } from './actors.ts';
import { deepFreeze } from './freeze.ts';
import { toResultPosition } from './position.ts';
import { Dice } from './rng.ts';
import { zodIssues, type Scenario } from './scenario.ts';
import { Observers, type ObserverError, type SessionListener } from './observers.ts';
import { checkedOptions, SessionOptionsError, type SessionOptions } from './session-options.ts';
import { stateOf, Tracer, type EventSource, type TraceEntry } from './trace.ts';

export type { EventSource, TraceEntry, TraceGuard } from './trace.ts';
export { ENGINE_VERSION, SAVE_FORMAT, SavedSessionSchema, type SavedSession } from '../schema/save.ts';
export type { Inspector, ObserverError, SessionListener, SessionUpdate } from './observers.ts';
export { MAX_SEED, SessionOptionsError, type SessionOptions } from './session-options.ts';

export interface AcceptedEvent {
  readonly event: EngineEvent;
  readonly source: EventSource;
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

export class Session {
  readonly scenario: Scenario;
  readonly seed: number;
  readonly lang: Lang;
  private dice: Dice;
  private readonly recorder = new GuardRecorder();
  private root!: AnyActorRef;
  private readonly tracer: Tracer;
  private readonly accepted: AcceptedEvent[] = [];
  private readonly observers: Observers;
  private cachedPending: Decision | null | undefined;
  /** An error raised inside a machine while it handled the event being sent (an engine fault, never the host's). */
  private failure: unknown;

  constructor(scenario: Scenario, options: SessionOptions = {}, from?: Session) {
    const { seed, lang, inspect } = checkedOptions(options);
    this.observers = new Observers(inspect);
    this.scenario = scenario;
    this.seed = seed;
    this.lang = lang;
    this.dice = from ? from.dice.clone() : new Dice(this.seed);
    if (from) this.accepted.push(...from.accepted);
    this.tracer = new Tracer(this.recorder, from?.tracer);
    if (from) {
      this.attach(from.persisted());
      // Same state as the parent: its persisted snapshot and pending decision serve this one too.
      this.persistedCache = from.persisted();
      this.cachedPending = from.cachedPending;
    } else {
      this.attach(undefined);
      this.settle();
      if (this.failure !== undefined)
        throw new Error(`the engine failed to start this scenario: ${String(this.failure)}`);
      const inspectorError = this.observers.takeInspectorErrors()[0];
      if (inspectorError) {
        this.root.stop();
        const message = `the inspector threw while the session started: ${String(inspectorError.error)}`;
        throw new SessionOptionsError('inspect', message);
      }
    }
  }

  /** Creates and starts the root actor: new from the scenario, or restored from a persisted snapshot. */
  private attach(snapshot: unknown, quiet = false): void {
    const machine = instrumentedMovement();
    const inspect = (ev: InspectionEvent) => {
      // Every actor, children included, reports its errors here instead of throwing them later (XState re-throws an
      // error nobody observes asynchronously, out of reach of the host's try/catch).
      if (ev.type === '@xstate.actor')
        (ev.actorRef as AnyActorRef).subscribe({ error: (e: unknown) => void (this.failure ??= e) });
      this.tracer.inspect(ev);
      this.observers.inspect(ev);
    };
    // A restored actor re-creates its children while it is being created, without taking a step.
    this.tracer.restoring = quiet || snapshot !== undefined;
    this.root = snapshot
      ? createActor(machine, { snapshot: snapshot as Snapshot<unknown>, inspect })
      : createActor(machine, {
          input: { world: this.scenario.world, ...(this.scenario.data.move ? { move: this.scenario.data.move } : {}) },
          inspect,
        });
    try {
      recording(snapshot || quiet ? undefined : this.recorder, () => this.root.start());
    } catch (e) {
      this.failure ??= e;
    }
    this.tracer.restoring = quiet;
  }

  /**
   * An independent copy of this session at this point (same trace, log and dice): for exploring alternatives. It has
   * no inspector and no listeners of its own.
   */
  fork(): Session {
    return new Session(this.scenario, { seed: this.seed, lang: this.lang }, this);
  }

  /**
   * @internal The state without its summary, as a string: the summary is only appended to, never read by a guard or
   * a reducer, so two sessions with the same key have the same future (the explorer memoises on it).
   */
  stateKey(): string {
    return stateKeyOf(this.root);
  }

  private persistedCache: unknown;

  /** XState's persisted snapshot of the root (children included), taken once per state: forks restore from it. */
  private persisted(): unknown {
    this.persistedCache ??= this.root.getPersistedSnapshot();
    return this.persistedCache;
  }

  /** The decision the game waits for, or null when the move is over. Frozen. */
  get pending(): Decision | null {
    if (this.cachedPending === undefined) {
      const w = this.waiting();
      this.cachedPending = w ? deepFreeze(buildDecision(w)) : null;
    }
    return this.cachedPending;
  }

  get done(): boolean {
    return this.root.getSnapshot().status === 'done';
  }

  /** Every step so far, narrated (a frozen copy). */
  get trace(): readonly TraceEntry[] {
    return Object.freeze([...this.tracer.entries]);
  }

  /** @internal The machine and state of every trace step from `from` on, without narrating them. */
  statesSince(from: number): { readonly machine: string; readonly state: string }[] {
    return this.tracer.statesSince(from);
  }

  /** @internal How many trace steps there are (cheap: nothing is narrated). */
  get traceLength(): number {
    return this.tracer.length;
  }

  /** Events accepted so far, including the engine's own forced answers (ruling R9). A frozen copy. */
  get log(): readonly AcceptedEvent[] {
    return Object.freeze([...this.accepted]);
  }

  /** The board as it stands now (a moving formation between its space and the destination is not in it). Frozen. */
  get position(): Position {
    return deepFreeze(procedureContext(fromSnapshot(this.leafSnapshot())).world.position);
  }

  /** What has happened so far. Frozen. */
  get summary(): Summary {
    return deepFreeze(procedureContext(fromSnapshot(this.leafSnapshot())).summary);
  }

  /**
   * The moving formation while it is between its space and the destination (13.1 steps 3–5: it is placed only after
   * every interception is resolved), or null.
   */
  get inTransit(): { readonly from: string; readonly to: string; readonly stacks: readonly Stack[] } | null {
    const root = this.root.getSnapshot() as AnyMachineSnapshot;
    const leg = contextIf(fromSnapshot(root), 'movement')?.leg;
    if (!leg || !root.hasTag('transit')) return null;
    return deepFreeze({ from: leg.from, to: leg.to, stacks: leg.formation });
  }

  private cachedResult: SessionResult | undefined;

  /** When the move is over: the position (the next scenario of the impulse) and the summary. Frozen. */
  get result(): SessionResult | null {
    const snap = this.root.getSnapshot();
    if (snap.status !== 'done') return null;
    const out = movementOutput(snap);
    this.cachedResult ??= deepFreeze({
      position: toResultPosition(this.scenario, out.world.position),
      summary: out.summary,
    });
    return this.cachedResult;
  }

  /**
   * Calls `listener` after every accepted event (one call per send: the forced answers that followed are in its
   * trace) with the pending decision, the position and the trace entries the event added. Returns the function that
   * unsubscribes it. A listener may send events itself; what it throws is reported in the send's `observerErrors`.
   */
  subscribe(listener: SessionListener): () => void {
    if (typeof listener !== 'function') throw new TypeError('subscribe takes a function');
    return this.observers.subscribe(listener);
  }

  /** Sends an event from the host. On an error nothing changes. */
  send(input: unknown): SendResult {
    return this.accept(input, 'host');
  }

  /** Rolls the pending roll with the session's seeded dice. */
  roll(): SendResult {
    return this.accept({ type: 'dice.rolled' }, 'host');
  }

  /**
   * @internal Sends an event with its source (scripts, policies and restores use this). Events from outside are
   * validated here, at the edge; the engine's own events (policies, forced answers, explored options) are built
   * from the schema's types, and a parsed scenario's script passed the event schema with the scenario (`validated`):
   * neither is parsed again.
   */
  accept(input: unknown, source: EventSource, validated = source === 'policy' || source === 'engine'): SendResult {
    let event: EngineEvent;
    if (validated) event = input as EngineEvent;
    else {
      const parsed = EventSchema.safeParse(input);
      if (!parsed.success) {
        const issues = zodIssues(parsed.error);
        const reason = text(
          `Not a valid event: ${issues.map((i) => `${i.path || '(event)'}: ${i.message}`).join('; ')}`,
          `Недопустимое событие: ${issues.map((i) => `${i.path || '(событие)'}: ${i.message}`).join('; ')}`,
        );
        return {
          ok: false,
          error: errorOf('invalid-event', undefined, reason, this.lang, { path: issues[0]?.path ?? '' }),
        };
      }
      event = parsed.data;
    }
    let effective: EventSource = source;
    const kind = this.waitingKind();
    const diceBefore = this.dice.clone();
    if (event.type === 'dice.rolled' && event.values === undefined) {
      const roll = kind === 'roll' ? this.pending?.roll : undefined;
      if (!roll) return { ok: false, error: explainRefusal(this.situation(), event) };
      event = { type: 'dice.rolled', values: this.dice.roll(roll.dice) };
      effective = 'seeded';
    }
    const leaf = this.leaf();
    // The decision itself is built only to explain a refusal: an accepted answer needs only the machine's word. The
    // machine is asked before the event is sent: a refused event never reaches the actors, the trace or the log.
    if (!kind || !leaf || !this.can(leaf, event)) {
      if (effective === 'seeded') this.dice = diceBefore;
      return { ok: false, error: explainRefusal(this.situation(), event) };
    }
    const traceFrom = this.tracer.length;
    const accepted = deepFreeze(event);
    const result = this.transact(diceBefore, () => {
      this.dispatch(leaf, accepted, effective);
      this.settle();
    });
    const inspectorErrors = this.observers.takeInspectorErrors();
    if (!result.ok) return result;
    const listenerErrors = this.observers.notify(() => ({
      event: accepted,
      source: effective,
      pending: this.pending,
      position: this.position,
      trace: Object.freeze(this.tracer.entries.slice(traceFrom)),
    }));
    if (inspectorErrors.length === 0 && listenerErrors.length === 0) return result;
    return { ok: true, observerErrors: [...inspectorErrors, ...listenerErrors] };
  }

  /**
   * Runs an accepted event and the forced answers after it as one step: if anything inside the machines fails (an
   * engine fault, never the host's), the session goes back to exactly where it was and the error is returned.
   */
  private transact(diceBefore: Dice, step: () => void): SendResult {
    const marks = { trace: this.tracer.length, accepted: this.accepted.length };
    this.failure = undefined;
    try {
      step();
    } catch (e) {
      this.failure ??= e;
    }
    if (this.failure === undefined) return { ok: true };
    const failure = this.failure;
    this.failure = undefined;
    this.accepted.length = marks.accepted;
    this.dice = diceBefore;
    this.rebuild();
    this.tracer.truncate(marks.trace);
    const message = failure instanceof Error ? failure.message : String(failure);
    const reason = text(
      `The engine failed while applying this event, and nothing changed: ${message}. Please report the scenario and the events.`,
      `Движок дал сбой при обработке этого события; ничего не изменилось: ${message}. Пожалуйста, сообщите о сценарии и событиях.`,
    );
    return { ok: false, error: errorOf('internal', undefined, reason, this.lang) };
  }

  /**
   * Puts the machines back where the accepted events lead, by replaying them on new actors (the machines are
   * deterministic): what a failed step is undone with. Costs nothing unless a step fails.
   */
  private rebuild(): void {
    this.root.stop();
    this.cachedPending = undefined;
    this.cachedResult = undefined;
    this.persistedCache = undefined;
    this.tracer.restoring = true;
    try {
      this.attach(undefined, true);
      for (const a of this.accepted) this.leaf()?.send(a.event);
    } finally {
      this.tracer.restoring = false;
      this.failure = undefined;
    }
  }

  /** Ruling R9: decisions with exactly one legal answer are answered by the engine, and traced like any other. */
  private settle(): void {
    for (let guard = 0; guard < 1000; guard++) {
      // An interception, an avoid battle, a withdrawal or a move can always be declined or is the host's to declare:
      // never forced, so its options need not be built here (ruling R9).
      const kind = this.waitingKind();
      if (kind === undefined || kind === 'intercept' || kind === 'avoid' || kind === 'withdraw' || kind === 'move')
        return;
      // A roll with dice to roll is the host's too: its decision is built when someone reads it.
      if (this.cachedPending === undefined) {
        const w = this.waiting();
        if (w && surelyUnforced(w)) return;
      }
      const d = this.pending;
      if (!d) return;
      const zeroDice = d.kind === 'roll' && d.roll?.dice === 0;
      if (!d.forced && !zeroDice) return;
      const event: EngineEvent = zeroDice ? { type: 'dice.rolled', values: [] } : d.options[0]!.event;
      const leaf = this.leaf();
      if (!leaf) throw new Error(`forced answer refused at ${d.machine}.${d.state}`);
      const before = leaf.getSnapshot();
      this.dispatch(leaf, event, 'engine');
      if (leaf.getSnapshot() === before) throw new Error(`forced answer refused at ${d.machine}.${d.state}`);
    }
    throw new Error('forced decisions did not settle');
  }

  private dispatch(leaf: AnyActorRef, event: EngineEvent, source: EventSource): void {
    this.accepted.push({ event, source });
    this.tracer.source = source;
    this.cachedPending = undefined;
    this.cachedResult = undefined;
    this.persistedCache = undefined;
    recording(this.recorder, () => leaf.send(event));
  }

  private can(leaf: AnyActorRef, event: EngineEvent): boolean {
    return recording(undefined, () => (leaf.getSnapshot() as AnyMachineSnapshot).can(event));
  }

  private leaf(): AnyActorRef | undefined {
    return activeLeaf(this.root);
  }

  private leafSnapshot(): AnyMachineSnapshot {
    return (this.leaf() ?? this.root).getSnapshot() as AnyMachineSnapshot;
  }

  /** What kind of answer the active state waits for (from its meta), without building the decision. */
  private waitingKind(): Decision['kind'] | undefined {
    if (this.cachedPending !== undefined) return this.cachedPending?.kind;
    const leaf = this.leaf();
    if (!leaf) return undefined;
    const meta = Object.values((leaf.getSnapshot() as AnyMachineSnapshot).getMeta())[0] as StateMeta | undefined;
    return meta?.roll ? 'roll' : meta?.decision;
  }

  private waiting(): Waiting | undefined {
    const leaf = this.leaf();
    if (!leaf) return undefined;
    const snap = leaf.getSnapshot() as AnyMachineSnapshot;
    const meta = Object.values(snap.getMeta())[0] as StateMeta | undefined;
    if (!meta || (!meta.decision && !meta.roll)) return undefined;
    return { ...fromSnapshot(snap), state: stateOf(snap), meta };
  }

  private situation() {
    const rootSnap = this.root.getSnapshot() as AnyMachineSnapshot;
    return {
      root: must(contextIf(fromSnapshot(rootSnap), 'movement'), 'the root actor is not the movement machine'),
      stage: stateOf(rootSnap),
      waiting: this.waiting(),
      decision: this.pending,
      lang: this.lang,
    };
  }

  /**
   * A save that survives engine versions: the scenario, the seed and every event that was not the engine's own. A
   * copy: editing it changes nothing here.
   */
  save(): SavedSession {
    return structuredClone({
      format: SAVE_FORMAT,
      engine: ENGINE_VERSION,
      scenario: this.scenario.source,
      seed: this.seed,
      lang: this.lang,
      events: this.accepted
        .filter((a): a is AcceptedEvent & { source: Exclude<EventSource, 'engine'> } => a.source !== 'engine')
        .map((a) => ({ event: a.event, source: a.source })),
    });
  }

  /** @internal The dice the seeded generator gives next, taken from it (a restore checks a saved seeded roll). */
  drawSeeded(count: number): number[] {
    return this.dice.roll(count);
  }
}

/** A session of the scenario's move; throws SessionOptionsError for a bad option. */
export function createSession(scenario: Scenario, options: SessionOptions = {}): Session {
  return new Session(scenario, options);
}
