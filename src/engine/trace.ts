// The trace: every step every machine takes, in the order it happens, with the guards it evaluated (and their
// rules) and a note in both languages. Fed by XState's inspection events; the session owns one. Steps are stored
// raw (the immutable snapshot after each step) and narrated only when the trace is read.
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';
import type { MachineId, StateMeta } from '../../machines/index.ts';
import { EVENT_TYPES, type EngineEvent } from '../schema/events.ts';
import { EMPTY_SUMMARY, type RecordedSummary, type SkippedDecision } from '../schema/result.ts';
import { reasonOf } from '../text/reasons/index.ts';
import type { RuleRef } from '../rules/registry.ts';
import { msg, type Text } from '../text/text.ts';
import type { GuardRecorder } from './instrument.ts';
import { deepFreeze } from './freeze.ts';
import { actorInfo, fromSnapshot, microstepTrigger, procedureContext } from './actors.ts';
import { narrate } from './narrate.ts';
import { SharedList } from './shared-list.ts';
import { stateMetaOf } from './structure.ts';
import { SKIPPED_LABELS } from './procedures/index.ts';

/** Who supplied an event: the host, a scenario script, the resolve policy, the seeded dice, or the engine (ruling R9). */
export type EventSource = 'host' | 'script' | 'policy' | 'seeded' | 'engine';

/** One guard evaluation, as the recorder took it and the trace shows it: the guard's name, its rule, its answer. */
export interface TraceGuard {
  readonly name: string;
  readonly rule: RuleRef;
  readonly result: boolean;
}

/**
 * Ruling R9: a decision nobody was asked at this step (no eligible interceptor, no legal space to avoid into or
 * retreat to, a withdrawal the rules forbid), with every candidate answer and the restriction that refuses it.
 */
export interface TraceSkipped {
  readonly kind: SkippedDecision['kind'];
  /** The power the decision would have gone to. */
  readonly power: SkippedDecision['power'];
  readonly space: string;
  readonly rule: string;
  /** Each candidate with its reason and its label: the answer worded as the decision's `blocked` would word it. */
  readonly refused: readonly (SkippedDecision['refused'][number] & { readonly reason: Text; readonly label: Text })[];
}

export interface TraceEntry {
  readonly step: number;
  readonly machine: MachineId;
  readonly state: string;
  /** The event that caused the step: an event type, `always` for an eventless step, `done:<child>` when a procedure finished. */
  readonly event: string;
  readonly source: EventSource | 'start';
  /**
   * The state the machine left (absent on a machine's start). The step's event, guards and note are what happened
   * in that state: the roll of "Attacker's dice" is the note of the step that leaves it.
   */
  readonly from?: string;
  readonly guards: readonly TraceGuard[];
  readonly note: Text;
  readonly headline: boolean;
  /** The decisions this step passed over without asking anybody (ruling R9); absent when there were none. */
  readonly skipped?: readonly TraceSkipped[];
}

/** What a step is without its narration: enough to tell which transition it took (src/review/transitions.ts). */
export type TraceStep = Pick<TraceEntry, 'machine' | 'state' | 'event' | 'guards'>;

/** A step as the inspector saw it: a transition (with the snapshot after it), or a machine starting in its initial state. */
type RawStep =
  | {
      readonly machine: MachineId;
      readonly snap: AnyMachineSnapshot;
      readonly event: string;
      /** The state the transition left. */
      readonly from: string | undefined;
      /** The event itself, when it is one of the engine's (not an eventless step or a done event). */
      readonly payload?: EngineEvent;
      readonly guards: readonly TraceGuard[];
      readonly source: EventSource | 'start';
    }
  | { readonly machine: MachineId; readonly initial: AnyStateMachine['root']; readonly source: EventSource | 'start' };

const ENGINE_EVENT_TYPES: ReadonlySet<string> = new Set(EVENT_TYPES);

export function machineIdOf(snapshot: unknown): MachineId {
  return (snapshot as AnyMachineSnapshot).machine.id as MachineId;
}

export function stateOf(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

export class Tracer {
  /** Who supplied the event being processed now. */
  source: EventSource | 'start' = 'start';
  /** Shared with forks (a fork copies nothing of it). */
  private readonly raw: SharedList<RawStep>;
  /** The narrated prefix of `raw`, built on demand. */
  private readonly built: SharedList<TraceEntry>;
  private lastSummary: RecordedSummary = EMPTY_SUMMARY;

  private readonly recorder: GuardRecorder;

  constructor(recorder: GuardRecorder, from?: Tracer) {
    this.recorder = recorder;
    this.raw = from ? from.raw.fork() : new SharedList();
    this.built = from ? from.built.fork() : new SharedList();
    if (from) this.lastSummary = from.lastSummary;
  }

  /**
   * XState reports a child's first steps (taken while it starts) before the parent's step that invoked it. The
   * trace puts them back in the order they happen: a child's steps wait until its parent's step is recorded.
   */
  private readonly deferred = new Map<string, { parent: string; steps: RawStep[] }>();

  /** Every step so far, narrated. */
  get entries(): readonly TraceEntry[] {
    return this.entriesSince(0);
  }

  /** The steps from `from` to `to`, narrated (those before them are narrated too: a note reads the summary before). */
  entriesSince(from: number, to = this.raw.length): TraceEntry[] {
    while (this.built.length < this.raw.length) this.built.push(this.narrate(this.raw.at(this.built.length)!));
    return this.built.slice(from, to);
  }

  get length(): number {
    return this.raw.length;
  }

  /** Forgets every step from `length` on (a failed step is undone). */
  truncate(length: number): void {
    this.raw.truncate(length);
    this.deferred.clear();
    // Notes are written from the summary before each step: narrate again from the start when steps were built.
    if (this.built.length > length) {
      this.built.truncate(0);
      this.lastSummary = EMPTY_SUMMARY;
    }
  }

  /**
   * For every step from `from` on, the snapshots that hold the board after it: `board`, the last machine step's at or
   * before it (a machine's start changes no board), and `movement`, the movement machine's last one (the formation in
   * transit, 13.1 steps 3–5). Undefined before the first such step.
   */
  boardsSince(from: number): {
    readonly board: AnyMachineSnapshot | undefined;
    readonly movement: AnyMachineSnapshot | undefined;
  }[] {
    let board: AnyMachineSnapshot | undefined;
    let movement: AnyMachineSnapshot | undefined;
    for (let i = Math.min(from, this.raw.length) - 1; i >= 0 && !(board && movement); i--) {
      const r = this.raw.at(i)!;
      if ('initial' in r) continue;
      board ??= r.snap;
      if (r.machine === 'movement') movement ??= r.snap;
    }
    return this.raw.slice(from).map((r) => {
      if (!('initial' in r)) {
        board = r.snap;
        if (r.machine === 'movement') movement = r.snap;
      }
      return { board, movement };
    });
  }

  /** The machine and state of every step from `from` on, without narrating them (cheap). */
  statesSince(from: number): { readonly machine: MachineId; readonly state: string }[] {
    return this.raw
      .slice(from)
      .map((r) => ({ machine: r.machine, state: 'initial' in r ? r.initial.key : stateOf(r.snap) }));
  }

  /** Every step from `from` on as a coverage count reads it — machine, state, event, guards — without narrating it. */
  stepsSince(from: number): TraceStep[] {
    return this.raw
      .slice(from)
      .map((r) =>
        'initial' in r
          ? { machine: r.machine, state: r.initial.key, event: 'start', guards: [] }
          : { machine: r.machine, state: stateOf(r.snap), event: r.event, guards: r.guards },
      );
  }

  inspect(ev: InspectionEvent): void {
    if (ev.type === '@xstate.actor') {
      const { machine, parent, initial } = actorInfo(ev.actorRef as AnyActorRef);
      const step: RawStep[] =
        machine && initial ? [{ machine: machine.id as MachineId, initial, source: this.source }] : [];
      if (parent) this.deferred.set(ev.actorRef.sessionId, { parent, steps: step });
      else this.raw.push(...step);
      return;
    }
    if (ev.type !== '@xstate.microstep') return;
    const snap = ev.snapshot as AnyMachineSnapshot;
    const machine = machineIdOf(snap);
    const { eventless, type, from } = microstepTrigger(ev);
    const raw: RawStep = {
      machine,
      snap,
      from,
      event: eventless
        ? 'always'
        : type.startsWith('xstate.done.actor.')
          ? `done:${type.slice('xstate.done.actor.'.length)}`
          : type,
      guards: this.recorder.take(machine),
      source: this.source,
      ...(!eventless && ENGINE_EVENT_TYPES.has(type) ? { payload: ev.event as EngineEvent } : {}),
    };
    // A step of an actor whose own start is still waiting for its parent's step waits with it, and so do the steps
    // of the children it has just started (they follow the step that started them, however deep the nesting).
    const target: { push(...steps: RawStep[]): void } = this.deferred.get(ev.actorRef.sessionId)?.steps ?? this.raw;
    target.push(raw);
    this.flushChildren(ev.actorRef.sessionId, target);
  }

  /** Moves the waiting steps of `parent`'s children, and of theirs, after `parent`'s step in `target`. */
  private flushChildren(parent: string, target: { push(...steps: RawStep[]): void }): void {
    if (this.deferred.size === 0) return;
    for (const [id, child] of [...this.deferred]) {
      if (child.parent !== parent) continue;
      this.deferred.delete(id);
      target.push(...child.steps);
      this.flushChildren(id, target);
    }
  }

  private narrate(raw: RawStep): TraceEntry {
    const step = this.built.length + 1;
    if ('initial' in raw) {
      const meta = raw.initial.meta as StateMeta | undefined;
      const state = raw.initial.key;
      return deepFreeze({
        step,
        machine: raw.machine,
        state,
        event: 'start',
        source: raw.source,
        guards: [],
        note: meta?.title ?? msg('trace.state', '{state}', '{state}', { state }),
        headline: false,
      });
    }
    const state = stateOf(raw.snap);
    const source = fromSnapshot(raw.snap);
    const context = procedureContext(source);
    const meta = stateMetaOf(raw.snap);
    const { note, headline } = narrate({
      world: context.world,
      source,
      state,
      ...(raw.from !== undefined ? { from: raw.from } : {}),
      before: this.lastSummary,
      after: context.summary,
      title: meta?.title ?? msg('trace.state', '{state}', '{state}', { state }),
      ...(raw.payload ? { event: raw.payload } : {}),
    });
    const skipped = context.summary.skipped.slice(this.lastSummary.skipped.length).map((d): TraceSkipped => ({
      ...d,
      refused: d.refused.map((r) => ({
        ...r,
        reason: reasonOf(context.world, r),
        label: SKIPPED_LABELS[d.kind](context.world, d, r.option),
      })),
    }));
    this.lastSummary = context.summary;
    return deepFreeze({
      step,
      machine: raw.machine,
      state,
      event: raw.event,
      source: raw.source,
      ...(raw.from !== undefined ? { from: raw.from } : {}),
      guards: raw.guards,
      note,
      headline,
      ...(skipped.length > 0 ? { skipped } : {}),
    });
  }
}
