// The session: the only place that runs actors. It drives the movement machine, says which decision is pending and
// what the legal answers are, checks every event (never silently ignored), applies forced decisions (ruling R9),
// rolls seeded dice when asked, keeps the trace, and saves and restores by replaying events.
import { createActor, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { z } from 'zod';
import type { MachineId, StateMeta } from '../../machines/index.ts';
import type { Decision } from '../schema/decision.ts';
import { EventSchema, type EngineEvent } from '../schema/events.ts';
import { EMPTY_SUMMARY, type ResultPosition, type Summary } from '../schema/result.ts';
import type { MovementContext } from '../rules/procedures/movement.ts';
import type { ProcedureContext } from '../rules/procedures/common.ts';
import type { RuleRef } from '../rules/registry.ts';
import { text, type Lang, type Text } from '../rules/text.ts';
import type { Position } from '../rules/world.ts';
import type { Stack } from '../schema/scenario.ts';
import { buildDecision, type Waiting } from './decisions.ts';
import { errorOf, explainRefusal, type EngineError } from './explain.ts';
import { GuardRecorder, instrumentedMovement } from './instrument.ts';
import { narrate } from './narrate.ts';
import { toResultPosition } from './position.ts';
import { Dice } from './rng.ts';
import { parseScenario, ScenarioError, zodIssues, type Scenario } from './scenario.ts';

export const ENGINE_VERSION = '0.1.0';
export const SAVE_FORMAT = 'his-procedures/session';

/** Who supplied an event: the host, a scenario script, the resolve policy, the seeded dice, or the engine (ruling R9). */
export type EventSource = 'host' | 'script' | 'policy' | 'seeded' | 'engine';

export interface TraceGuard {
  readonly name: string;
  readonly rule: RuleRef;
  readonly result: boolean;
}

export interface TraceEntry {
  readonly step: number;
  readonly machine: MachineId;
  readonly state: string;
  /** The event that caused the step: an event type, `always` for an eventless step, `done:<child>` when a procedure finished. */
  readonly event: string;
  readonly source: EventSource | 'start';
  readonly guards: readonly TraceGuard[];
  readonly note: Text;
  readonly headline: boolean;
}

export interface AcceptedEvent {
  readonly event: EngineEvent;
  readonly source: EventSource;
}

export interface SessionResult {
  readonly position: ResultPosition;
  readonly summary: Summary;
}

export type SendResult = { readonly ok: true } | { readonly ok: false; readonly error: EngineError };

export interface SessionOptions {
  /** Seed of the dice the session rolls itself (default 1). */
  readonly seed?: number;
  /** Language of error messages (reasons always come in both). */
  readonly lang?: Lang;
}

export const SavedSessionSchema = z.object({
  format: z.literal(SAVE_FORMAT),
  engine: z.string(),
  scenario: z.unknown(),
  seed: z.number().int(),
  lang: z.enum(['en', 'ru']),
  events: z.array(z.object({ event: EventSchema, source: z.enum(['host', 'script', 'policy', 'seeded']) })),
});
export type SavedSession = z.infer<typeof SavedSessionSchema>;

export class RestoreError extends Error {
  constructor(message: string, readonly index?: number) {
    super(message);
    this.name = 'RestoreError';
  }
}

/** Movement states between paying the CP and placing the formation (13.1 steps 3–5). */
const IN_TRANSIT = new Set(['checkingSiegeLeft', 'leavingBrokenSiege', 'responseCards', 'intercepting']);

/** A step as the inspector saw it: a transition (with the snapshot after it), or a machine starting in its initial state. */
type RawStep =
  | {
      readonly machine: MachineId;
      readonly snap: AnyMachineSnapshot;
      readonly event: string;
      /** The event itself, when it is one of the engine's (not an eventless step or a done event). */
      readonly payload?: EngineEvent;
      readonly guards: readonly TraceGuard[];
      readonly source: EventSource | 'start';
    }
  | { readonly machine: MachineId; readonly initial: AnyStateMachine['root']; readonly source: EventSource | 'start' };

function machineIdOf(snapshot: unknown): MachineId {
  return (snapshot as AnyMachineSnapshot).machine.id as MachineId;
}

function stateOf(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

export class Session {
  readonly scenario: Scenario;
  readonly seed: number;
  readonly lang: Lang;
  private readonly dice: Dice;
  private readonly recorder = new GuardRecorder();
  private readonly root: AnyActorRef;
  private readonly traceEntries: TraceEntry[] = [];
  private readonly accepted: AcceptedEvent[] = [];
  private lastSummary: Summary = EMPTY_SUMMARY;
  private source: EventSource | 'start' = 'start';
  private cachedPending: Decision | null | undefined;
  private restoring = false;

  constructor(scenario: Scenario, options: SessionOptions = {}, from?: Session) {
    this.scenario = scenario;
    this.seed = options.seed ?? 1;
    this.lang = options.lang ?? 'en';
    this.dice = from ? from.dice.clone() : new Dice(this.seed);
    if (from) {
      this.traceEntries.push(...from.traceEntries);
      this.accepted.push(...from.accepted);
      this.lastSummary = from.lastSummary;
    }
    const machine = instrumentedMovement(this.recorder);
    // A restored actor re-creates its children (while it is being created) without taking a step: nothing to defer.
    this.restoring = from !== undefined;
    this.root = from
      ? createActor(machine, { snapshot: from.root.getPersistedSnapshot(), inspect: (ev) => this.inspect(ev) })
      : createActor(machine, { input: { world: scenario.world, ...(scenario.data.move ? { move: scenario.data.move } : {}) }, inspect: (ev) => this.inspect(ev) });
    this.recorder.enabled = !from;
    this.root.start();
    this.recorder.enabled = false;
    this.restoring = false;
    if (!from) this.settle();
  }

  /** An independent copy of this session at this point (same trace, log and dice): for exploring alternatives. */
  fork(): Session {
    return new Session(this.scenario, { seed: this.seed, lang: this.lang }, this);
  }

  /** The decision the game waits for, or null when the move is over. */
  get pending(): Decision | null {
    if (this.cachedPending === undefined) {
      const w = this.waiting();
      this.cachedPending = w ? buildDecision(w) : null;
    }
    return this.cachedPending;
  }

  get done(): boolean {
    return this.root.getSnapshot().status === 'done';
  }

  get trace(): readonly TraceEntry[] {
    return this.traceEntries;
  }

  /** Events accepted so far, including the engine's own forced answers (ruling R9). */
  get log(): readonly AcceptedEvent[] {
    return this.accepted;
  }

  /** The board as it stands now (a moving formation between its space and the destination is not in it). */
  get position(): Position {
    return (this.leafSnapshot().context as ProcedureContext).world.position;
  }

  get summary(): Summary {
    return (this.leafSnapshot().context as ProcedureContext).summary;
  }

  /**
   * The moving formation while it is between its space and the destination (13.1 steps 3–5: it is placed only after
   * every interception is resolved), or null.
   */
  get inTransit(): { readonly from: string; readonly to: string; readonly stacks: readonly Stack[] } | null {
    const root = this.root.getSnapshot() as AnyMachineSnapshot;
    const leg = (root.context as MovementContext).leg;
    if (!leg || !IN_TRANSIT.has(stateOf(root))) return null;
    return { from: leg.from, to: leg.to, stacks: leg.formation };
  }

  get result(): SessionResult | null {
    const snap = this.root.getSnapshot();
    if (snap.status !== 'done') return null;
    const out = snap.output as ProcedureContext;
    return { position: toResultPosition(this.scenario, out.world.position), summary: out.summary };
  }

  /** Sends an event from the host. On an error nothing changes. */
  send(input: unknown): SendResult {
    return this.accept(input, 'host');
  }

  /** Rolls the pending roll with the session's seeded dice. */
  roll(): SendResult {
    return this.accept({ type: 'dice.rolled' }, 'host');
  }

  /** @internal Sends an event with its source (scripts, policies and restores use this). */
  accept(input: unknown, source: EventSource): SendResult {
    const parsed = EventSchema.safeParse(input);
    if (!parsed.success) {
      const issues = zodIssues(parsed.error);
      const reason = text(`Not a valid event: ${issues.map((i) => `${i.path || '(event)'}: ${i.message}`).join('; ')}`, `Недопустимое событие: ${issues.map((i) => `${i.path || '(событие)'}: ${i.message}`).join('; ')}`);
      return { ok: false, error: errorOf('invalid-event', undefined, reason, this.lang, { path: issues[0]?.path ?? '' }) };
    }
    let event = parsed.data;
    let effective: EventSource = source;
    const decision = this.pending;
    if (event.type === 'dice.rolled' && event.values === undefined) {
      if (decision?.kind !== 'roll' || !decision.roll) return { ok: false, error: explainRefusal(this.situation(), event) };
      event = { type: 'dice.rolled', values: this.dice.roll(decision.roll.dice) };
      effective = 'seeded';
    }
    const leaf = this.leaf();
    if (!decision || !leaf || !this.can(leaf, event)) return { ok: false, error: explainRefusal(this.situation(), event) };
    this.dispatch(leaf, event, effective);
    this.settle();
    return { ok: true };
  }

  /** Ruling R9: decisions with exactly one legal answer are answered by the engine, and traced like any other. */
  private settle(): void {
    for (let guard = 0; guard < 1000; guard++) {
      const d = this.pending;
      if (!d) return;
      const zeroDice = d.kind === 'roll' && d.roll?.dice === 0;
      if (!d.forced && !zeroDice) return;
      const event: EngineEvent = zeroDice ? { type: 'dice.rolled', values: [] } : d.options[0]!.event;
      const leaf = this.leaf();
      if (!leaf || !this.can(leaf, event)) throw new Error(`forced answer refused at ${d.machine}.${d.state}`);
      this.dispatch(leaf, event, 'engine');
    }
    throw new Error('forced decisions did not settle');
  }

  private dispatch(leaf: AnyActorRef, event: EngineEvent, source: EventSource): void {
    this.accepted.push({ event, source });
    this.source = source;
    this.cachedPending = undefined;
    this.recorder.enabled = true;
    try {
      leaf.send(event);
    } finally {
      this.recorder.enabled = false;
    }
  }

  private can(leaf: AnyActorRef, event: EngineEvent): boolean {
    this.recorder.enabled = false;
    return (leaf.getSnapshot() as AnyMachineSnapshot).can(event);
  }

  private leaf(): AnyActorRef | undefined {
    let actor: AnyActorRef = this.root;
    if (actor.getSnapshot().status !== 'active') return undefined;
    for (;;) {
      const children = Object.values((actor.getSnapshot() as AnyMachineSnapshot).children ?? {}) as AnyActorRef[];
      const next = children.find((c) => c.getSnapshot().status === 'active');
      if (!next) return actor;
      actor = next;
    }
  }

  private leafSnapshot(): AnyMachineSnapshot {
    return (this.leaf() ?? this.root).getSnapshot() as AnyMachineSnapshot;
  }

  private waiting(): Waiting | undefined {
    const leaf = this.leaf();
    if (!leaf) return undefined;
    const snap = leaf.getSnapshot() as AnyMachineSnapshot;
    const meta = Object.values(snap.getMeta())[0] as StateMeta | undefined;
    if (!meta || (!meta.decision && !meta.roll)) return undefined;
    return { machine: machineIdOf(snap), state: stateOf(snap), meta, context: snap.context };
  }

  private situation() {
    const rootSnap = this.root.getSnapshot() as AnyMachineSnapshot;
    return {
      root: rootSnap.context as MovementContext,
      stage: stateOf(rootSnap),
      waiting: this.waiting(),
      decision: this.pending,
      lang: this.lang,
    };
  }

  /**
   * XState reports a child's first steps (taken while it starts) before the parent's step that invoked it. The
   * trace puts them back in the order they happen: a child's steps wait until its parent's step is recorded.
   */
  private readonly deferred = new Map<string, { parent: string; steps: RawStep[] }>();

  private inspect(ev: InspectionEvent): void {
    if (this.restoring) return;
    if (ev.type === '@xstate.actor') {
      const ref = ev.actorRef as AnyActorRef & { _parent?: AnyActorRef; logic?: AnyStateMachine };
      const initial = ref.logic?.root.initial.target[0];
      const step: RawStep[] = ref.logic && initial ? [{ machine: ref.logic.id as MachineId, initial, source: this.source }] : [];
      if (ref._parent) this.deferred.set(ref.sessionId, { parent: ref._parent.sessionId, steps: step });
      else step.forEach((x) => this.record(x));
      return;
    }
    if (ev.type !== '@xstate.microstep') return;
    const snap = ev.snapshot as AnyMachineSnapshot;
    const machine = machineIdOf(snap);
    const transition = ev._transitions[0];
    const type = ev.event.type;
    const raw: RawStep = {
      machine,
      snap,
      event: transition && transition.eventType === '' ? 'always' : type.startsWith('xstate.done.actor.') ? `done:${type.slice('xstate.done.actor.'.length)}` : type,
      guards: this.recorder.take(machine).map(({ name, rule, result }) => ({ name, rule, result })),
      source: this.source,
      ...(transition && transition.eventType !== '' && EventSchema.safeParse(ev.event).success ? { payload: ev.event as EngineEvent } : {}),
    };
    const waiting = this.deferred.get(ev.actorRef.sessionId);
    if (waiting) return void waiting.steps.push(raw);
    this.record(raw);
    for (const [id, child] of [...this.deferred]) {
      if (child.parent !== ev.actorRef.sessionId) continue;
      this.deferred.delete(id);
      for (const step of child.steps) this.record(step);
    }
  }

  private record(raw: RawStep): void {
    if ('initial' in raw) {
      const meta = raw.initial.meta as StateMeta | undefined;
      const state = raw.initial.key;
      this.traceEntries.push({ step: this.traceEntries.length + 1, machine: raw.machine, state, event: 'start', source: raw.source, guards: [], note: meta?.title ?? text(state, state), headline: false });
      return;
    }
    const state = stateOf(raw.snap);
    const context = raw.snap.context as ProcedureContext;
    const meta = Object.values(raw.snap.getMeta())[0] as StateMeta | undefined;
    const { note, headline } = narrate({
      world: context.world,
      machine: raw.machine,
      state,
      context,
      before: this.lastSummary,
      after: context.summary,
      title: meta?.title ?? text(state, state),
      ...(raw.payload ? { event: raw.payload } : {}),
    });
    this.lastSummary = context.summary;
    this.traceEntries.push({ step: this.traceEntries.length + 1, machine: raw.machine, state, event: raw.event, source: raw.source, guards: raw.guards, note, headline });
  }

  /** A save that survives engine versions: the scenario, the seed and every event that was not the engine's own. */
  save(): SavedSession {
    return {
      format: SAVE_FORMAT,
      engine: ENGINE_VERSION,
      scenario: this.scenario.source,
      seed: this.seed,
      lang: this.lang,
      events: this.accepted
        .filter((a): a is AcceptedEvent & { source: Exclude<EventSource, 'engine'> } => a.source !== 'engine')
        .map((a) => ({ event: a.event, source: a.source })),
    };
  }

  /** @internal Restores the seeded dice position before a replayed seeded roll. */
  skipDice(count: number): void {
    this.dice.skip(count);
  }
}

export function createSession(scenario: Scenario, options: SessionOptions = {}): Session {
  return new Session(scenario, options);
}

/** Replays a save: the scenario, then every recorded event in order (seeded rolls with their recorded values). */
export function restoreSession(saved: unknown): Session {
  let raw: unknown = saved;
  if (typeof saved === 'string') {
    try {
      raw = JSON.parse(saved);
    } catch (e) {
      throw new RestoreError(`not a session save: the text is not valid JSON (${(e as Error).message})`);
    }
  }
  const parsed = SavedSessionSchema.safeParse(raw);
  if (!parsed.success) throw new RestoreError(`not a session save: ${zodIssues(parsed.error).map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  const s = parsed.data;
  let scenario: Scenario;
  try {
    scenario = parseScenario(s.scenario);
  } catch (e) {
    if (e instanceof ScenarioError) throw new RestoreError(`the saved scenario is no longer valid: ${e.message}`);
    throw e;
  }
  const session = createSession(scenario, { seed: s.seed, lang: s.lang });
  s.events.forEach((a, i) => {
    if (a.source === 'seeded' && a.event.type === 'dice.rolled') session.skipDice(a.event.values?.length ?? 0);
    const r = session.accept(a.event, a.source);
    if (!r.ok) throw new RestoreError(`saved event ${i + 1} (${a.event.type}) is refused on replay: ${r.error.message}`, i);
  });
  return session;
}
