// What a host watches a session with: listeners called after every accepted event (session.subscribe) and an
// inspector that sees every actor of the session's snapshot tree (SessionOptions.inspect). Both run the host's code inside a step:
// whatever they throw is caught here and reported in the result of the send, so that a step is never left half done.
import type { InspectionEvent, Observer } from 'xstate';
import { InspectionCopies } from './actors.ts';
import type { Decision } from '../schema/decision.ts';
import type { EngineEvent } from '../schema/events.ts';
import type { Summary } from '../schema/result.ts';
import type { Position } from '../rules/world.ts';
import type { AcceptedEvent, InTransit } from './session.ts';
import type { SessionStep } from './store.ts';
import type { EventSource, TraceEntry } from './trace.ts';

/** XState's inspection observer, or a function of each inspection event (what `createActor` takes as `inspect`). */
export type Inspector = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * What a listener is told after an accepted event (and the forced answers the engine applied after it), or after an
 * undo.
 */
export interface SessionUpdate {
  /** `accepted` after an accepted event; `undone` after `session.undo()` (then `event` is the answer taken back). */
  readonly kind: 'accepted' | 'undone';
  /** The event as it was accepted (a seeded roll with its values). */
  readonly event: EngineEvent;
  readonly source: EventSource;
  /** The decision the game waits for now, or null when the move is over. */
  readonly pending: Decision | null;
  /** The board as it stands now. */
  readonly position: Position;
  /** The moving formation between its space and the destination now (13.1 steps 3–5), or null. */
  readonly inTransit: InTransit | null;
  /** What has happened so far. */
  readonly summary: Summary;
  /** The trace entries this event added, the engine's forced answers included (none after an undo). */
  readonly trace: readonly TraceEntry[];
  /**
   * Where this update's `trace` begins in the session's trace: the trace is the entries before it and `trace`. After
   * an undo, where the entries taken back began.
   */
  readonly traceFrom: number;
  /** Each entry of `trace` with the board after it, to animate what the engine did (none after an undo). */
  readonly steps: readonly SessionStep[];
  /** After an undo: the events taken back, the answer first, then the engine's forced answers after it. */
  readonly undone?: readonly AcceptedEvent[];
}

export type SessionListener = (update: SessionUpdate) => void;

/** Something a listener or the inspector threw during a send: the session went on as if it had not. */
export interface ObserverError {
  readonly source: 'listener' | 'inspector';
  readonly error: unknown;
}

/** What an observer threw during one send: nothing, most of the time (shared, so that a send allocates nothing). */
const NONE: readonly ObserverError[] = Object.freeze([]);

export function isInspector(value: unknown): value is Inspector {
  if (typeof value === 'function') return true;
  return value !== null && typeof value === 'object' && typeof (value as { next?: unknown }).next === 'function';
}

export class Observers {
  private readonly listeners: SessionListener[] = [];
  private readonly inspector: Inspector | undefined;
  /** The inspector is handed copies it may serialise (and write into), never the engine's own objects. */
  private readonly copies: InspectionCopies | undefined;
  /** What the inspector threw since the last `takeInspectorErrors`. */
  private inspectorErrors: ObserverError[] = [];

  constructor(inspector?: Inspector) {
    this.inspector = inspector;
    this.copies = inspector ? new InspectionCopies() : undefined;
  }

  /** Whether the host handed the session an inspector (it sees every event sent to an actor, a refused one too). */
  get inspecting(): boolean {
    return this.inspector !== undefined;
  }

  get listening(): boolean {
    return this.listeners.length > 0;
  }

  subscribe(listener: SessionListener): () => void {
    // Each subscription is its own entry: a function subscribed twice is called twice, and unsubscribed once each.
    const entry: SessionListener = (u) => listener(u);
    this.listeners.push(entry);
    return () => {
      const i = this.listeners.indexOf(entry);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Hands an inspection event to the host's inspector, if any; what it throws is kept for the send's result. */
  inspect(event: InspectionEvent): void {
    const inspector = this.inspector;
    if (!inspector || !this.copies) return;
    try {
      const copy = this.copies.copy(event);
      if (typeof inspector === 'function') inspector(copy);
      else inspector.next?.(copy);
    } catch (error) {
      if (this.inspectorErrors.length < 100) this.inspectorErrors.push({ source: 'inspector', error });
    }
  }

  takeInspectorErrors(): readonly ObserverError[] {
    if (this.inspectorErrors.length === 0) return NONE;
    const taken = this.inspectorErrors;
    this.inspectorErrors = [];
    return taken;
  }

  /**
   * Calls every listener subscribed when the event was accepted with the same update (built once, only when someone
   * listens). A listener that throws does not keep the others from being called; what it threw is returned.
   */
  notify(update: () => SessionUpdate): readonly ObserverError[] {
    if (this.listeners.length === 0) return NONE;
    const u = update();
    const errors: ObserverError[] = [];
    for (const listener of [...this.listeners]) {
      // One unsubscribed by an earlier listener of this round is not called any more.
      if (!this.listeners.includes(listener)) continue;
      try {
        listener(u);
      } catch (error) {
        errors.push({ source: 'listener', error });
      }
    }
    return errors;
  }
}
