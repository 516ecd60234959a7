// A seat at the table (session.view(power)): what one power may see of a session — the board, the pending decision,
// the trace, its own hand and only the sizes of the other hands (ruling R33) — and its answers, sent as that power (a decision
// another power owns is refused with `not-your-decision`). A seat never sees the seeded dice to come: it has no seed
// and no save, the session it reads is out of reach (a private field), and its forks roll dice nobody knows.
import type { CardId } from '../data/cards.ts';
import type { EngineEvent } from '../schema/events.ts';
import { MAJOR_POWERS, type MajorPower, type Power } from '../schema/power.ts';
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
   * This power's own hand (ruling R33), as card ids: empty while it holds none. Every position of the seat's snapshot
   * (`position`, each step's, the result's) shows this hand only.
   */
  readonly hand: readonly CardId[];
  /** The other major powers' hands by their sizes only, never their cards: `{ ottoman: 3 }` (those that hold cards). */
  readonly hands: Readonly<Partial<Record<MajorPower, number>>>;
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
      const power = this.power;
      const seat: SeatSnapshot = {
        ...shared,
        position: seatPosition(from.position, power),
        pending: seatDecision(from.pending, power),
        steps: from.steps.map((step) => ({ ...step, position: seatPosition(step.position, power) })),
        result: from.result && { ...from.result, position: seatPosition(from.result.position, power) },
        seat: power,
        yours: from.pending?.power === power,
        hand: from.position.hands?.[power as MajorPower] ?? [],
        hands: handSizes(from.position, power),
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

/** A position as `power` may see it: its own hand only (ruling R33); the same object when no other power holds cards. */
export function seatPosition<P extends Position>(position: P, power: Power): P {
  const hands = position.hands;
  if (!hands || Object.keys(hands).every((p) => p === power)) return position;
  const own = hands[power as MajorPower];
  return { ...position, hands: own ? { [power]: own } : {} };
}

/**
 * A decision as `power` may see it (ruling R33: a hand is its holder's secret). A refused play of a card another power
 * holds is left out of `blocked` (it would name the card); a card window another power answers shows who is asked and
 * where, and only its pass — not the plays, the cards held or where new mercenaries could go. The decision's owner sees
 * its own plays and its own refused cards as the session lists them. The same object when nothing is hidden.
 */
export function seatDecision(pending: Decision | null, power: Power): Decision | null {
  if (!pending) return pending;
  // A refused answer names what was refused: a card's names the card.
  const othersCard = (option: { readonly power?: string | undefined; readonly card?: string | undefined }) =>
    option.card !== undefined && option.power !== power;
  if (pending.kind === 'card' && pending.power !== power)
    return {
      ...pending,
      options: pending.options.filter((o) => o.event.type === 'card.pass'),
      blocked: [],
      limits: { window: pending.limits.window, cards: [] },
    };
  const blocked = pending.blocked.filter((b) => !othersCard(b.option));
  return blocked.length === pending.blocked.length ? pending : ({ ...pending, blocked } as Decision);
}

/** The sizes of the other major powers' hands: how many cards each holds, never which. */
function handSizes(position: Position, power: Power): Partial<Record<MajorPower, number>> {
  const sizes: Partial<Record<MajorPower, number>> = {};
  for (const p of MAJOR_POWERS) {
    const hand = position.hands?.[p];
    if (p !== power && hand) sizes[p] = hand.length;
  }
  return sizes;
}
