// Seats (issue 25, item 4): session.view(power) is what that power may see — the board, the pending decision, the
// trace, its own hand and the other hands' sizes (no power holds cards yet: both empty) — and never the seeded dice
// to come; send(event, { as }) refuses an answer for a decision another power owns with not-your-decision and the
// decision's rule. Forks of a seated view roll dice nobody knows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { restoreSession } from '../../src/engine/save.ts';
import { seatPosition } from '../../src/engine/seat.ts';
import { createSession, SeatView, SessionOptionsError, type Session } from '../../src/engine/session.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const VIENNA = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'));
const BOOK_EVENTS = parseScenario(VIENNA).data.events;
const noScript = () => parseScenario({ ...VIENNA, events: [] });

/** Every value reachable from `root` through own properties (getters read), and whether `seed`'s number is among them as a `seed`. */
function keysReachable(root: unknown): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const todo = [root];
  while (todo.length > 0) {
    const v = todo.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    for (const k of Reflect.ownKeys(v)) {
      keys.add(String(k));
      todo.push((v as Record<PropertyKey, unknown>)[k]);
    }
  }
  return keys;
}

describe('session.view(power)', () => {
  test('[DESIGN] a seat sees the board, the decision and whose it is; its own hand and the other hands are empty today', () => {
    const s = createSession(noScript());
    const hapsburg = s.view('hapsburg');
    const ottoman = s.view('ottoman');
    const seat = hapsburg.getSnapshot();
    expect(seat.seat).toBe('hapsburg');
    expect(seat.yours).toBe(true);
    expect(ottoman.getSnapshot().yours).toBe(false);
    expect(seat.pending).toEqual(s.pending);
    expect(seat.position).toEqual(s.position);
    expect(seat.inTransit).toEqual(s.inTransit);
    expect(seat.trace).toEqual(s.trace);
    expect(seat.hand).toEqual([]);
    expect(seat.hands).toEqual({});
    expect(Object.isFrozen(seat)).toBe(true);
    // Stable like the session's snapshot, and renewed when the session changes (whoever answered).
    expect(hapsburg.getSnapshot()).toBe(seat);
    expect(hapsburg.send(BOOK_EVENTS[0]!).ok).toBe(true);
    expect(hapsburg.getSnapshot()).not.toBe(seat);
    expect(hapsburg.getSnapshot().version).toBe(1);
  });

  test('[DESIGN] a seat holds no seed, no save and no way back to the session', () => {
    const s = createSession(noScript(), { seed: 987654321 });
    const seat = s.view('ottoman');
    const keys = keysReachable(seat);
    expect(keys.has('seed')).toBe(false);
    expect(keys.has('dice')).toBe(false);
    expect('save' in seat).toBe(false);
    expect(keysReachable(seat.getSnapshot()).has('seed')).toBe(false);
    expect(JSON.stringify(seat.getSnapshot())).not.toContain('987654321');
  });

  test('[DESIGN] a bad power is a SessionOptionsError naming it', () => {
    const s = createSession(noScript());
    expect(() => s.view('hapsbrug' as never)).toThrow(SessionOptionsError);
    expect(() => s.view('hapsbrug' as never)).toThrow(/power id/);
  });
});

describe('hands (ruling R33): a seat sees its own cards and only the sizes of the others', () => {
  // No card is played by this release, so a scenario with cards in hand is refused ("not supported yet"): the
  // session's snapshot is given hands here, as the cards will give it.
  const withHands = () => {
    const s = createSession(noScript());
    for (const e of BOOK_EVENTS) s.send(e);
    const real = s.getSnapshot();
    const hands = { ottoman: ['janissaries', 'gout'], hapsburg: ['tercios'], france: [] } as const;
    const position = { ...real.position, hands };
    const result = real.result && { ...real.result, position: { ...real.result.position, hands } };
    const steps = real.steps.map((step) => ({ ...step, position: { ...step.position, hands } }));
    const snapshot = { ...real, position, result, steps };
    return new SeatView({ getSnapshot: () => snapshot } as unknown as Session, 'hapsburg');
  };

  test('[ruling R33] the Hapsburg seat holds Tercios, sees two Ottoman cards and none of France, never their ids', () => {
    const seat = withHands().getSnapshot();
    expect(seat.hand).toEqual(['tercios']);
    expect(seat.hands).toEqual({ ottoman: 2, france: 0 });
    for (const position of [seat.position, seat.result!.position, ...seat.steps.map((x) => x.position)])
      expect(position.hands).toEqual({ hapsburg: ['tercios'] });
    expect(JSON.stringify(seat)).not.toMatch(/janissaries|gout/);
  });

  test('[ruling R33] a position without other hands is the same object; one with them loses them', () => {
    const s = createSession(noScript());
    expect(seatPosition(s.position, 'ottoman')).toBe(s.position);
    const own = { ...s.position, hands: { ottoman: ['gout' as const] } };
    expect(seatPosition(own, 'ottoman')).toBe(own);
    expect(seatPosition(own, 'hapsburg').hands).toEqual({});
    expect(seatPosition(own, 'hapsburg').stacks).toBe(s.position.stacks);
  });
});

describe("hands in play (ruling R33): a card window shows no seat another power's cards", () => {
  // The Foul Weather example without its script, the Hapsburg holding Foul Weather and the Ottoman — the mover, who may
  // not play against its own move (ruling R26) — Gout: the session's decision lists that refusal in `blocked`.
  const FOUL = JSON.parse(readFileSync(join(ROOT, 'examples', 'foul-weather.json'), 'utf8'));
  const withHands = () =>
    createSession(
      parseScenario({
        ...FOUL,
        events: [],
        hands: { hapsburg: ['foul-weather'], ottoman: ['gout'], france: ['landsknechts'] },
      }),
    );
  const names = (v: unknown) =>
    JSON.stringify(v).match(/foul-weather|gout|landsknechts|Foul Weather|Gout|Landsknechts/g) ?? [];

  test("[13.1 step 4, ruling R33] the asked Hapsburg seat sees its own play and card, and nothing of France's or the Ottoman's hand", () => {
    const s = withHands();
    expect(s.pending).toMatchObject({ kind: 'card', power: 'hapsburg' });
    expect(s.pending!.blocked.map((b) => b.option)).toEqual([{ power: 'ottoman', card: 'gout' }]);
    const seat = s.view('hapsburg').getSnapshot();
    expect(seat.yours).toBe(true);
    expect(seat.pending!.options.map((o) => o.event)).toEqual([
      { type: 'card.play', power: 'hapsburg', card: 'foul-weather' },
      { type: 'card.pass', power: 'hapsburg' },
    ]);
    expect(new Set(names(seat.pending))).toEqual(new Set(['foul-weather', 'Foul Weather']));
    expect(seat.pending!.blocked).toEqual([]);
    expect(seat.hands).toEqual({ france: 1, ottoman: 1 });
  });

  test('[13.1 step 4, ruling R33] a seat that is not asked sees who is asked and the pass, never the cards held', () => {
    const s = withHands();
    for (const power of ['ottoman', 'france'] as const) {
      const seat = s.view(power).getSnapshot();
      expect(seat.yours).toBe(false);
      expect(seat.pending).toMatchObject({
        kind: 'card',
        power: 'hapsburg',
        limits: { window: '13.1 step 4', cards: [] },
      });
      expect(seat.pending!.options.map((o) => o.event)).toEqual([{ type: 'card.pass', power: 'hapsburg' }]);
      expect(seat.pending!.blocked).toEqual([]);
      // Its own hand is its own: the only card id the seat's snapshot names is in `hand` and its positions.
      const own = power === 'ottoman' ? 'gout' : 'landsknechts';
      expect(names({ ...seat, hand: [], position: null, steps: [], result: null }).filter((n) => n !== own)).toEqual(
        [],
      );
    }
    // The session itself (the host) still sees everything.
    expect(names(s.pending).length).toBeGreaterThan(0);
  });

  test('[13.1 step 4, ruling R33] once played, a card is public: every seat reads it in the summary', () => {
    const s = withHands();
    expect(s.view('hapsburg').send({ type: 'card.play', power: 'hapsburg', card: 'foul-weather' }).ok).toBe(true);
    for (const power of ['ottoman', 'france', 'hapsburg'] as const)
      expect(s.view(power).getSnapshot().summary.cards).toEqual([
        expect.objectContaining({ power: 'hapsburg', card: 'foul-weather' }),
      ]);
  });
});

describe('send(event, { as })', () => {
  test('[13.2 step 1] the Ottoman seat may not answer the Hapsburg interception: not-your-decision, with the rule', () => {
    const s = createSession(noScript());
    const snapshot = s.getSnapshot();
    const r = s.send(BOOK_EVENTS[0]!, { as: 'ottoman' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('not-your-decision');
    expect(r.error.rule).toBe('13.2 step 1');
    expect(r.error.facts).toEqual({ power: 'hapsburg', as: 'ottoman', kind: 'intercept' });
    expect(r.error.reason.en).toMatch(/Hapsburg answers it \(13\.2 step 1\)/);
    expect(r.error.reason.ru).toMatch(/отвечает сторона «Габсбурги» \(13\.2, шаг 1\)/);
    expect(s.getSnapshot()).toBe(snapshot);
    // The owner's seat may.
    expect(s.send(BOOK_EVENTS[0]!, { as: 'hapsburg' }).ok).toBe(true);
  });

  test('[14 step 6] a roll belongs to the power that rolls it: the seeded roll too', () => {
    const s = createSession(noScript());
    s.send(BOOK_EVENTS[0]!);
    expect(s.pending?.kind).toBe('roll');
    const other = s.roll({ as: 'ottoman' });
    expect(!other.ok && other.error.code).toBe('not-your-decision');
    // Refused before the dice are drawn: the owner's roll is the seed's first.
    const twin = s.fork();
    expect(s.view('hapsburg').roll().ok).toBe(true);
    expect(twin.roll().ok).toBe(true);
    expect(s.log.at(-1)).toEqual(twin.log.at(-1));
  });

  test('[ruling R5] a seat may not answer in another power’s name, even on its own turn', () => {
    const s = createSession(noScript());
    for (const e of BOOK_EVENTS.slice(0, 4)) s.send(e);
    expect(s.pending?.kind).toBe('casualties');
    expect(s.pending?.power).toBe('ottoman');
    const r = s.view('ottoman').send({ type: 'intercept.decline', power: 'hapsburg' });
    expect(!r.ok && r.error.code).toBe('not-your-decision');
    expect(!r.ok && r.error.facts).toEqual({ power: 'hapsburg', as: 'ottoman', kind: 'casualties' });
    expect(!r.ok && r.error.reason.en).toMatch(/may not answer in the name of Hapsburg/);
    // A wrong answer of the right seat is the engine's to judge, as without a seat.
    const wrong = s.send({ type: 'casualties.assign', power: 'ottoman', regulars: 1 }, { as: 'ottoman' });
    expect(!wrong.ok && wrong.error.code).toBe(
      (() => {
        const plain = s.send({ type: 'casualties.assign', power: 'ottoman', regulars: 1 });
        return !plain.ok && plain.error.code;
      })(),
    );
  });

  test('[DESIGN] options that are not { as: power } are refused, never thrown', () => {
    const s = createSession(noScript());
    for (const options of [null, 5, 'hapsburg', [], { as: 'hapsbrug' }, { as: 7 }, { seat: 'hapsburg' }]) {
      const r = s.sendUntrusted(BOOK_EVENTS[0], options as never);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('invalid-event');
        expect(r.error.path).toMatch(/^\(options\)/);
      }
    }
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no');
        },
      },
    );
    expect(s.send(BOOK_EVENTS[0]!, hostile).ok).toBe(false);
    expect(s.send(BOOK_EVENTS[0]!, { as: undefined }).ok).toBe(true);
  });
});

describe('forks of a seated view', () => {
  test('[DESIGN] roll dice nobody knows: a new seed, the dice so far kept as given, and a save that restores', () => {
    const s = createSession(noScript(), { seed: 5 });
    s.send(BOOK_EVENTS[0]!);
    s.roll(); // the interception roll, seeded
    expect(s.pending?.kind).toBe('roll');
    const fork = s.view('ottoman').fork();
    expect(fork.seed).not.toBe(s.seed);
    expect(fork.pending).toEqual(s.pending);
    // The seed's dice to come are not the fork's: 10 dice that match by chance once in 6^10.
    const twin = s.fork();
    twin.roll();
    fork.roll();
    expect(fork.log.at(-1)?.event).not.toEqual(twin.log.at(-1)?.event);
    // The roll made before the fork is kept as given, so the fork's save replays under its own seed.
    expect(fork.save().events.map((e) => e.source)).toEqual(['host', 'host', 'seeded']);
    expect(restoreSession(fork.save()).pending).toEqual(fork.pending);
    // It cannot undo past the fork (that would bring back the session's dice).
    expect(fork.undo().ok).toBe(true);
    expect(fork.undo().ok).toBe(false);
  });
});
