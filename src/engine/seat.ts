// A seat at the table (session.view(power)): what one power may see of a session — the board, the pending decision,
// the trace, its own hand and only the sizes of the other hands — and its answers, sent as that power (a decision
// another power owns is refused with `not-your-decision`). A seat never sees the seeded dice to come: it has no seed
// and no save, the session it reads is out of reach (a private field), and its forks roll dice nobody knows.
import type { EngineEvent } from '../schema/events.ts';
import type { Power } from '../schema/power.ts';
import { deepFreeze } from './freeze.ts';
import type { SendResult, Session, SessionResult, InTransit } from './session.ts';
import type { SessionSnapshot } from './store.ts';
import type { Decision } from '../schema/decision.ts';
import type { Summary } from '../schema/result.ts';
import type { Position } from '../rules/world.ts';
import type { TraceEntry } from './trace.ts';

/** What a seat draws: the session's snapshot as its power may see it. Frozen; the same object until the session changes. */
export interface SeatSnapshot extends Omit<SessionSnapshot, 'canUndo'> {
  /** The power of this seat. */
  readonly seat: Power;
  /** Whether the pending decision is this power's to answer. */
  readonly yours: boolean;
  /**
   * This power's own hand, as card ids. Always empty today: no power holds cards in this engine yet (the hands come
   * with the cards; a seat will then see its own cards here).
   */
  readonly hand: readonly string[];
  /**
   * The other powers' hands by their sizes only, never their cards: `{ ottoman: 3 }`. Empty today (no power holds
   * cards yet).
   */
  readonly hands: Readonly<Partial<Record<Power, number>>>;
}

export type SeatListener = (snapshot: SeatSnapshot) => void;

export class SeatView {
  readonly power: Power;
  readonly #session: Session;
  #cached: { readonly from: SessionSnapshot; readonly seat: SeatSnapshot } | undefined;

  /** Made by `session.view(power)`, which checks the power. */
  constructor(session: Session, power: Power) {
    this.#session = session;
    this.power = power;
  }

  /** The seat's snapshot: the same object until the session's next accepted event or undo (bound: pass it as it is). */
  readonly getSnapshot = (): SeatSnapshot => {
    const from = this.#session.getSnapshot();
    if (this.#cached?.from !== from) {
      const { canUndo: _hidden, ...shared } = from;
      const seat: SeatSnapshot = {
        ...shared,
        seat: this.power,
        yours: from.pending?.power === this.power,
        hand: [],
        hands: {},
      };
      this.#cached = { from, seat: deepFreeze(seat) };
    }
    return this.#cached.seat;
  };

  /**
   * Calls `listener` with the seat's new snapshot after every change of the session (an accepted event, from any
   * seat or the host, and an undo). Returns the function that unsubscribes it. Bound, and fit for
   * `useSyncExternalStore` with `getSnapshot`.
   */
  readonly subscribe = (listener: SeatListener): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError('subscribe takes a function');
    return this.#session.subscribe(() => listener(this.getSnapshot()));
  };

  get pending(): Decision | null {
    return this.getSnapshot().pending;
  }

  get position(): Position {
    return this.getSnapshot().position;
  }

  get inTransit(): InTransit | null {
    return this.getSnapshot().inTransit;
  }

  get summary(): Summary {
    return this.getSnapshot().summary;
  }

  get trace(): readonly TraceEntry[] {
    return this.getSnapshot().trace;
  }

  get result(): SessionResult | null {
    return this.getSnapshot().result;
  }

  /** Sends an answer as this seat's power: `session.send(event, { as: power })`. */
  send(event: EngineEvent): SendResult {
    return this.#session.send(event, { as: this.power });
  }

  /** Sends untrusted input as this seat's power: `session.sendUntrusted(input, { as: power })`. */
  sendUntrusted(input: unknown): SendResult {
    return this.#session.sendUntrusted(input, { as: this.power });
  }

  /** Rolls the pending roll when this power rolls it. */
  roll(): SendResult {
    return this.#session.roll({ as: this.power });
  }

  /**
   * An independent session from this point, to try things out: it answers for every power, but its dice are not the
   * session's — a new seed nobody knows, the dice rolled so far kept as given — so that no fork reveals the seeded
   * dice to come. It cannot undo past the fork.
   */
  fork(): Session {
    return this.#session.unseenFork();
  }
}
