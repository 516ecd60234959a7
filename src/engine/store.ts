// What a UI reads from a session: one frozen snapshot of everything it draws, the same object until the session
// changes (an accepted event, an undo), so that React's useSyncExternalStore (or any store that compares by identity)
// re-renders exactly when something happened; and the steps of each change, each with the board after it, so that a
// host can animate what the engine did between two answers. Also the shapes of undo's result and of a send's options.
import type { Decision } from '../schema/decision.ts';
import type { Power } from '../schema/power.ts';
import type { Summary } from '../schema/result.ts';
import type { Position } from '../rules/world.ts';
import type { EngineError } from './explain.ts';
import type { ObserverError } from './observers.ts';
import type { AcceptedEvent, InTransit, SessionResult } from './session.ts';
import type { TraceEntry } from './trace.ts';

/** One trace step of a change, with the board as it stood after that step. Frozen. */
export interface SessionStep {
  /** The trace entry (`entry.source` says who supplied its event: `engine` for a forced answer, ruling R9). */
  readonly entry: TraceEntry;
  /** The board after the step (as `session.position` would have read then). */
  readonly position: Position;
  /** The moving formation between its space and the destination after the step (13.1 steps 3–5), or null. */
  readonly inTransit: InTransit | null;
}

/**
 * Everything a UI draws, at one point of the session. `session.getSnapshot()` returns the same object until the next
 * accepted event or undo (a refused event changes nothing, so it gives no new snapshot). Frozen.
 */
export interface SessionSnapshot {
  /** How many times the session has changed: 0 when it starts, one more at every accepted event and every undo. */
  readonly version: number;
  readonly pending: Decision | null;
  readonly position: Position;
  readonly inTransit: InTransit | null;
  readonly summary: Summary;
  /** Every step so far (as `session.trace`). */
  readonly trace: readonly TraceEntry[];
  /** Null until the move is over (as `session.result`). */
  readonly result: SessionResult | null;
  /** Whether `session.undo()` has an answer to take back. */
  readonly canUndo: boolean;
  /**
   * The steps of the last accepted event, each with its board: the host's answer, the eventless steps after it and
   * the engine's forced answers (ruling R9), in order, up to the next decision. Empty at the start and after an undo.
   */
  readonly steps: readonly SessionStep[];
}

/** `session.undo()`: the events taken back (the host's answer first, the engine's answers after it), or why not. */
export type UndoResult =
  | {
      readonly ok: true;
      readonly undone: readonly AcceptedEvent[];
      readonly observerErrors?: readonly ObserverError[];
    }
  | { readonly ok: false; readonly error: EngineError };

/** How an answer is sent: `as` names the seat that sends it (`not-your-decision` when another power owns it). */
export interface SendOptions {
  readonly as?: Power | undefined;
}
