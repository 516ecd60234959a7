// The advisor (src/review/advise.ts): each listed answer's exact odds under a policy, checked against an independent
// exploration from that answer (explore with the events so far and the answer as its script), at every decision of
// the worked example and of the other examples; its bounds, its options, and that the session advised on is not
// changed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, type Scenario } from '../../src/engine/scenario.ts';
import { createSession, SessionOptionsError, type Session } from '../../src/engine/session.ts';
import { advise, AdviseLimitError, type AnswerAdvice } from '../../src/review/advise.ts';
import { explore } from '../../src/review/explore.ts';
import { add, format, fraction, mul, ZERO, type Fraction } from '../../src/review/fraction.ts';
import type { ResultPosition } from '../../src/schema/result.ts';
import type { EngineEvent } from '../../src/schema/events.ts';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const withoutScript = (name: string): Scenario =>
  parseScenario({ ...JSON.parse(readFileSync(join(EXAMPLES, name), 'utf8')), events: [] });

const TIMEOUT = 180_000;

/** Land units of `mover` and of the other powers in some stacks. */
function units(stacks: ResultPosition['stacks'], mover: string): [number, number] {
  let m = 0,
    x = 0;
  for (const s of stacks) {
    const n = s.regulars + s.mercenaries + s.cavalry;
    if (s.power === mover) m += n;
    else x += n;
  }
  return [m, x];
}

/** What the advisor should say of `answer` at `s`, computed by exploring from scratch with the answer scripted. */
function independently(s: Session, answer: EngineEvent, policy: 'decline' | 'eager') {
  const events = [...s.log.filter((a) => a.source !== 'engine').map((a) => a.event), answer];
  // Queries over the whole summary of each end: the move's battle, captures, sieges and retreats, however early.
  const r = explore(s.scenario, {
    decisions: policy,
    events,
    queries: [
      ({ summary }) => summary.battle?.winner === 'attacker',
      ({ summary }) => summary.battle !== null,
      ({ summary }) => summary.captures.length > 0,
      ({ summary }) => summary.siege !== null,
      ({ summary }) => summary.retreats.length > 0,
    ],
  });
  const mover = s.position.impulse.power;
  const [m0, x0] = units(s.scenario.world.position.stacks, mover);
  let moverLoss: Fraction = ZERO,
    othersLoss: Fraction = ZERO;
  for (const o of r.outcomes) {
    const [m1, x1] = units(o.position.stacks, mover);
    moverLoss = add(moverLoss, mul(o.probability, fraction(m0 - m1)));
    othersLoss = add(othersLoss, mul(o.probability, fraction(x0 - x1)));
  }
  return {
    moverWinsBattle: format(r.queryResults![0]!.probability),
    battle: format(r.queryResults![1]!.probability),
    capture: format(r.queryResults![2]!.probability),
    siege: format(r.queryResults![3]!.probability),
    retreat: format(r.queryResults![4]!.probability),
    losses: { mover: format(moverLoss), others: format(othersLoss) },
    paths: r.paths,
    ends: r.outcomes.length,
  };
}

const view = (a: AnswerAdvice) => ({
  moverWinsBattle: a.moverWinsBattle.fraction,
  battle: a.battle.fraction,
  capture: a.capture.fraction,
  siege: a.siege.fraction,
  retreat: a.retreat.fraction,
  losses: { mover: a.losses.mover.fraction, others: a.losses.others.fraction },
  paths: a.paths,
  ends: a.ends,
});

/** Walks a move with seeded dice and the last option of every decision: the session at each pending decision. */
function* decisionsOf(scenario: Scenario, seed = 3): Generator<Session> {
  const s = createSession(scenario, { seed });
  for (let i = 0; i < 60 && s.pending; i++) {
    yield s;
    const d = s.pending;
    if (d.kind === 'roll') s.roll();
    else s.send(d.options.at(-1)!.event);
  }
}

describe('advise: the exact odds of each listed answer', () => {
  test(
    "[13.2–15.3] at every decision of the worked example, each answer's odds are those of exploring from it (decline)",
    () => {
      let decisions = 0;
      for (const s of decisionsOf(withoutScript('vienna-1517.json'))) {
        const before = JSON.stringify(s.save());
        const advice = advise(s);
        expect(JSON.stringify(s.save()), 'the session advised on is not changed').toBe(before);
        const d = s.pending!;
        expect(advice.decision).toEqual({ kind: d.kind, power: d.power });
        expect(advice.mover).toBe('ottoman');
        const answers = d.kind === 'roll' ? [{ event: { type: 'dice.rolled' } as EngineEvent }] : d.options;
        expect(advice.answers.map((a) => a.index)).toEqual(answers.map((_, i) => i));
        advice.answers.forEach((a, i) => {
          expect(a.event).toEqual(answers[i]!.event);
          if (d.kind === 'roll') return;
          expect(view(a), `${d.kind} answer ${i}`).toEqual(independently(s, answers[i]!.event, 'decline'));
          const [n, q = '1'] = a.moverWinsBattle.fraction.split('/');
          expect(a.moverWinsBattle.value).toBeCloseTo(Number(n) / Number(q), 12);
        });
        decisions++;
      }
      expect(decisions).toBeGreaterThan(3);
    },
    TIMEOUT,
  );

  test.for(readdirSync(EXAMPLES).filter((f) => f.endsWith('.json')))(
    "[13.1–15.3] %s: the first decision's answers under the eager policy match an exploration from each",
    { timeout: TIMEOUT },
    (name: string) => {
      const s = createSession(withoutScript(name));
      const d = s.pending;
      if (!d || d.kind === 'roll') return;
      const advice = advise(s, { policy: 'eager' });
      expect(advice.policy).toBe('eager');
      expect(advice.answers).toHaveLength(d.options.length);
      advice.answers.forEach((a, i) => expect(view(a)).toEqual(independently(s, d.options[i]!.event, 'eager')));
    },
  );

  test("[13.2, 14] the worked example's interception: declining it and failing it meet in states explored once", () => {
    const s = createSession(withoutScript('vienna-1517.json'));
    expect(s.pending?.kind).toBe('intercept');
    const shared = advise(s).distinctStates;
    const apart = s.pending!.options.reduce((n, o) => {
      const f = s.fork();
      f.send(o.event);
      return n + advise(f).distinctStates;
    }, 0);
    expect(shared).toBeLessThan(apart);
  });

  test("[13.2–15.3] the advice at a session's later decisions, and again after undo, reuses its earlier advice and says the same as a fresh fork", () => {
    const s = createSession(withoutScript('vienna-1517.json'), { seed: 3 });
    let reused = 0,
      fresh = 0,
      calls = 0;
    const compare = () => {
      const kept = advise(s);
      // A fork is a session of its own: it has no earlier advice to reuse.
      const cold = advise(s.fork());
      expect(kept.answers, `${s.pending?.kind ?? 'end'} after ${s.log.length} events`).toEqual(cold.answers);
      expect(kept.decision).toEqual(cold.decision);
      reused += kept.distinctStates;
      fresh += cold.distinctStates;
      calls++;
    };
    for (let i = 0; i < 60 && s.pending; i++) {
      compare();
      if (s.pending.kind === 'roll') s.roll();
      else s.send(s.pending.options.at(-1)!.event);
    }
    // Back to the first decision: each state advised on before is the first state again (its listed answers), and
    // the states below it are known.
    while (s.undo().ok) compare();
    expect(calls).toBeGreaterThan(8);
    expect(reused).toBeLessThan(fresh / 2);
    // The eager policy's advice keeps its own: the decline policy's states are not its futures.
    expect(advise(s, { policy: 'eager' }).answers).toEqual(advise(s.fork(), { policy: 'eager' }).answers);
  });

  test('[14] at a roll, the roll is the one answer: the chances of the whole distribution add up as explore says', () => {
    const s = createSession(withoutScript('vienna-1517.json'));
    s.send(s.pending!.options[0]!.event);
    expect(s.pending?.kind).toBe('roll');
    const advice = advise(s);
    expect(advice.answers).toHaveLength(1);
    const events = s.log.filter((a) => a.source !== 'engine').map((a) => a.event);
    const r = explore(s.scenario, { decisions: 'decline', events });
    expect(advice.answers[0]!.battle.fraction).toBe(format(r.marginals['a field battle is fought']!));
    expect(advice.answers[0]!.moverWinsBattle.fraction).toBe(format(r.marginals['the attacker wins the battle']!));
  });

  test('[13.1 step 8] once the move is over there is nothing to advise on', () => {
    const s = createSession(withoutScript('vienna-1517.json'));
    for (let i = 0; i < 60 && s.pending; i++)
      if (s.pending.kind === 'roll') s.roll();
      else s.send(s.pending.options.at(-1)!.event);
    expect(s.pending).toBeNull();
    const advice = advise(s);
    expect(advice.decision).toBeNull();
    expect(advice.answers).toEqual([]);
  });

  test('a bound stops the advice with an error naming it; bad options are refused by name', () => {
    const s = createSession(withoutScript('vienna-1517.json'));
    expect(() => advise(s, { maxNodes: 3 })).toThrow(AdviseLimitError);
    try {
      advise(s, { maxNodes: 3 });
    } catch (e) {
      expect((e as AdviseLimitError).limit).toEqual({ name: 'maxNodes', value: 3 });
      expect((e as Error).message).toMatch(/stopped by maxNodes 3 .*raise maxNodes/);
    }
    try {
      advise(s, { maxPaths: 2 });
    } catch (e) {
      expect((e as AdviseLimitError).limit).toEqual({ name: 'maxPaths', value: 2 });
    }
    expect(() => advise(s, { maxNodes: 0 })).toThrow(SessionOptionsError);
    expect(() => advise(s, { policy: 'greedy' as never })).toThrow(/policy must be/);
    expect(() => advise(s, { depth: 3 } as never)).toThrow(SessionOptionsError);
  });
});
