// Every legal answer (explore --answers all): each decision kind's answer space, enumerated from its limits, holds
// every listed option, only answers the engine accepts, and exactly the formations the rules allow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import { allAnswers, worldAt } from '../../src/review/answers.ts';
import { explore } from '../../src/review/explore.ts';
import type { Decision } from '../../src/schema/decision.ts';
import type { EngineEvent } from '../../src/schema/events.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const example = (name: string, patch: object = {}) =>
  parseScenario({ ...JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8')), events: [], ...patch });

/** Keys in a fixed order, so that an event equal to a listed option compares equal whatever its field order. */
function canon(v: unknown): string {
  const c = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(c)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.entries(x)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, y]) => [k, c(y)]),
          )
        : x;
  return JSON.stringify(c(v));
}

function answersAt(s: Session): { d: Decision; events: readonly EngineEvent[]; complete: boolean } {
  const d = s.pending!;
  const set = allAnswers(d, { world: worldAt(s.scenario.world, s.position), summary: s.summary });
  return { d, events: set.events, complete: set.complete };
}

/** Each answer sent on its own fork: the refused ones, with the engine's reason. */
function refusals(s: Session, events: readonly EngineEvent[]): string[] {
  return events.flatMap((e) => {
    const r = s.fork().send(e);
    return r.ok ? [] : [`${canon(e)}: ${r.error.message}`];
  });
}

describe('[13.2 step 1, 5.1] interception: every formation within the command limit', () => {
  test('Charles V and 8 regulars in Graz: 4 leaderless formations (1–4 regulars) and 9 with Charles V (0–8), and the decline', () => {
    const s = createSession(example('vienna-1517.json'));
    const { d, events, complete } = answersAt(s);
    expect(d.kind).toBe('intercept');
    expect(complete).toBe(true);
    const declares = events.filter((e) => e.type === 'intercept.declare') as Extract<
      EngineEvent,
      { type: 'intercept.declare' }
    >[];
    expect(declares.filter((e) => !e.leaders).map((e) => e.regulars)).toEqual([1, 2, 3, 4]);
    expect(declares.filter((e) => e.leaders?.includes('charles-v')).map((e) => e.regulars ?? 0)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    expect(events.filter((e) => e.type === 'intercept.decline')).toHaveLength(1);
    // Every listed option is among them, and the engine accepts every one.
    for (const o of d.options) expect(events.map(canon)).toContain(canon(o.event));
    expect(refusals(s, events)).toEqual([]);
  });

  test('[ruling R16] Hapsburg and Hungarian regulars in one space: every per-power split, and the answer that names none', () => {
    const s = createSession(
      parseScenario({
        war: [['ottoman', 'hapsburg']],
        alliances: [['hapsburg', 'hungary']],
        control: { pressburg: 'ottoman' },
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 4 },
          { space: 'graz', power: 'hapsburg', regulars: 2 },
          { space: 'graz', power: 'hungary', regulars: 1 },
        ],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'pressburg', to: 'vienna', regulars: 4 },
      }),
    );
    const { events } = answersAt(s);
    const threes = events
      .filter((e) => e.type === 'intercept.declare' && e.regulars === 3)
      .map((e) => (e as { byPower?: unknown }).byPower ?? null);
    // 3 regulars: without a split, or 2 Hapsburg + 1 Hungarian (the only way to make 3).
    expect(threes).toEqual([null, { hapsburg: { regulars: 2 }, hungary: { regulars: 1 } }]);
    const twos = events
      .filter((e) => e.type === 'intercept.declare' && e.regulars === 2)
      .map((e) => (e as { byPower?: unknown }).byPower ?? null);
    expect(twos).toEqual([
      null,
      { hapsburg: { regulars: 2 } },
      { hapsburg: { regulars: 1 }, hungary: { regulars: 1 } },
    ]);
    expect(refusals(s, events)).toEqual([]);
  });
});

describe('[13.3 step 3] avoid battle: every group to every legal space', () => {
  test('Ferdinand and 2 regulars in Vienna: 5 groups (a leader may go alone, ruling R3) to Brunn, Graz and Linz, and the decline', () => {
    const s = createSession(example('vienna-1517.json'));
    expect(s.send({ type: 'intercept.decline', power: 'hapsburg' }).ok).toBe(true);
    const { d, events } = answersAt(s);
    expect(d.kind).toBe('avoid');
    expect(d.limits?.destinations).toEqual(expect.arrayContaining(['brunn', 'graz', 'linz']));
    const declares = events.filter((e) => e.type === 'avoid.declare');
    expect(declares).toHaveLength(5 * (d.limits!.destinations as string[]).length);
    expect(declares).toContainEqual({ type: 'avoid.declare', power: 'hapsburg', to: 'linz', leaders: ['ferdinand'] });
    for (const o of d.options) expect(events.map(canon)).toContain(canon(o.event));
    expect(refusals(s, events)).toEqual([]);
  });
});

describe('[14.1] retreat: every space, and every choice going inside', () => {
  test('beaten in its own Vienna, the Hapsburg stack may put up to 4 regulars and any leaders inside, and send the rest to any legal space', () => {
    const s = createSession(example('vienna-1517.json'));
    // Charles V intercepts with 8; the Ottomans roll 10 hits, the Hapsburgs 1: the defenders keep 0 + 0 … of 10.
    for (const e of [
      { type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 8, leaders: ['charles-v'] },
      { type: 'dice.rolled', values: [6, 6] },
      { type: 'dice.rolled', values: [6, 6, 6, 6, 6, 1, 1, 1, 1, 1] },
      { type: 'dice.rolled', values: [6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] },
    ])
      expect(s.sendUntrusted(e).ok).toBe(true);
    while (s.pending?.kind === 'casualties') expect(s.send(s.pending.options[0]!.event).ok).toBe(true);
    const { d, events } = answersAt(s);
    expect(d.kind).toBe('retreat');
    const room = d.limits!.insideRoom as number;
    expect(room).toBe(4);
    // 5 regulars, Charles V and Ferdinand left: inside, 0–4 regulars with any of the 4 leader subsets (not nothing at
    // all), each with the rest to one of the legal spaces; plus a plain retreat to each space.
    const spaces = (d.limits!.destinations as string[]).length;
    expect(events).toHaveLength(spaces + (5 * 4 - 1) * spaces);
    for (const o of d.options) expect(events.map(canon)).toContain(canon(o.event));
    expect(refusals(s, events)).toEqual([]);
  });
});

describe('[13.1] a scenario with no move: every formation to every space it may enter', () => {
  test('Ibrahim and 2 regulars: leaderless groups of 1–2, Ibrahim with 0–2, to each open space; a leader alone goes nowhere hostile (13.1 restriction 6)', () => {
    const s = createSession(
      parseScenario({
        map: {
          spaces: [
            { id: 'home', type: 'unfortified', home: 'ottoman' },
            { id: 'own', type: 'unfortified', home: 'ottoman' },
            { id: 'enemy', type: 'unfortified', home: 'hapsburg' },
          ],
          connections: [
            { a: 'home', b: 'own' },
            { a: 'home', b: 'enemy' },
          ],
        },
        war: [['ottoman', 'hapsburg']],
        stacks: [{ space: 'home', power: 'ottoman', regulars: 2, leaders: ['ibrahim-pasha'] }],
        impulse: { power: 'ottoman', cp: 1 },
      }),
    );
    const { d, events } = answersAt(s);
    expect(d.kind).toBe('move');
    const key = (e: EngineEvent) =>
      e.type === 'move.declare' ? `${e.to}:${e.regulars ?? 0}${e.leaders ? '+I' : ''}` : e.type;
    expect(events.map(key).sort()).toEqual(
      ['enemy:1', 'enemy:1+I', 'enemy:2', 'enemy:2+I', 'own:0+I', 'own:1', 'own:1+I', 'own:2', 'own:2+I'].sort(),
    );
    expect(refusals(s, events)).toEqual([]);
  });
});

/**
 * An exhaustive exploration runs the engine many times: seconds on an idle machine, longer on a loaded one. These
 * tests carry an explicit timeout with a wide margin; speed is measured by `npm run bench`, not here.
 */
const EXHAUSTIVE_TIMEOUT = 120_000;

describe('explore --answers all on the examples', () => {
  test.for([
    'withdrawal-turned-back.json',
    'automatic-avoid-after-defeat.json',
    'withdrawal-siege-vienna.json',
    'lone-leader-captured.json',
  ])(
    '[13.1] %s: every legal answer is accepted and every invariant holds; it reaches at least what the listed answers reach',
    { timeout: EXHAUSTIVE_TIMEOUT },
    (file) => {
      const sc = example(file);
      const all = explore(sc, { decisions: 'all', answers: 'all' });
      const listed = explore(sc, { decisions: 'all', answers: 'listed' });
      expect(all.truncated).toBe(false);
      expect(all.violations).toEqual([]);
      expect(all.answers).toBe('all');
      const ends = new Set(all.outcomes.map((o) => o.key));
      for (const o of listed.outcomes) expect(ends.has(o.key), o.description).toBe(true);
      for (const [kind, c] of Object.entries(listed.answerCounts))
        expect(all.answerCounts[kind]!.answers, kind).toBeGreaterThanOrEqual(c.answers);
    },
  );
});
