// Every rule is evaluated once per event (docs/architecture.md "Guards give verdicts"): the guard of an answer gives
// the verdict of the restrictions its decision lists the options with, and the session keeps it — `snapshot.can`,
// the transition, the trace's guard row and the refusal all read that one verdict. Counted on the rulebook's worked
// example (examples/vienna-1517.json): each host answer, accepted, and a refused variant of it.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, test, vi } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { MACHINES, type MachineId } from '../../machines/index.ts';
import { explainRefusal, type Situation } from '../../src/engine/explain.ts';
import { declinePolicy } from '../../src/engine/resolve.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import { ALL_RESTRICTIONS } from '../../src/rules/index.ts';
import type { RuleGuard } from '../../src/rules/procedures/common.ts';
import type { Decision } from '../../src/schema/decision.ts';
import type { EngineEvent } from '../../src/schema/events.ts';

const example = JSON.parse(readFileSync(new URL('../../examples/vienna-1517.json', import.meta.url), 'utf8')) as {
  events: EngineEvent[];
};

/** Restriction evaluations since the last reset: every restriction's `holds` is counted while this file runs. */
let evaluations = 0;
const originals = new Map<object, unknown>();

// Counted from the start: the plays below run while the tests are collected.
for (const r of ALL_RESTRICTIONS) {
  const holds = r.holds;
  originals.set(r, holds);
  (r as { holds: typeof holds }).holds = (w, a) => {
    evaluations++;
    return holds(w, a);
  };
}

afterAll(() => {
  for (const r of ALL_RESTRICTIONS) (r as { holds: unknown }).holds = originals.get(r);
});

/** The guard of the transition the waiting state takes `event` on (the machines' own, uninstrumented). */
function answerGuard(d: Decision, event: EngineEvent): RuleGuard<unknown> {
  const machine = MACHINES[d.machine as MachineId] as AnyStateMachine;
  const on = machine.root.states[d.state]?.config.on as Record<string, { guard?: string }> | undefined;
  const name = on?.[event.type]?.guard;
  expect(name, `${d.machine}.${d.state} takes ${event.type} on a guard`).toBeTypeOf('string');
  return machine.implementations.guards[name!] as unknown as RuleGuard<unknown>;
}

/** Restriction evaluations of one computation of the answer's verdict, outside any session. */
function oneVerdict(guard: RuleGuard<unknown>, context: unknown, event: EngineEvent): number {
  evaluations = 0;
  guard.test(context, event);
  return evaluations;
}

/** A refused variant of an answer: more regulars than there are, or the same answer from another power. */
function refusedVariant(e: EngineEvent): EngineEvent {
  if (e.type === 'intercept.declare' || e.type === 'casualties.assign') return { ...e, regulars: 99 };
  if ('power' in e) return { ...e, power: e.power === 'hapsburg' ? 'france' : 'hapsburg' } as EngineEvent;
  throw new Error(`no refused variant of ${e.type}`);
}

interface Count {
  readonly kind: string;
  readonly accepted: boolean;
  /** How many times the answer's verdict was computed during the send. */
  readonly verdicts: number;
  /** Restriction evaluations inside those computations, and in one computation on its own. */
  readonly inVerdicts: number;
  readonly once: number;
  /** Restriction evaluations during the whole send (refused: nothing else runs). */
  readonly send: number;
  readonly restriction?: string | undefined;
}

/** Sends `event` as a host and counts the verdicts of its guard and the restriction evaluations. */
function counted(s: Session, d: Decision, context: unknown, event: EngineEvent): Count {
  const guard = answerGuard(d, event);
  const once = oneVerdict(guard, context, event);
  const test = guard.test;
  let inVerdicts = 0;
  const spy = vi.spyOn(guard, 'test').mockImplementation((c, e) => {
    const before = evaluations;
    const answer = test(c, e);
    if (c === context && isDeepStrictEqual(e, event)) inVerdicts += evaluations - before;
    return answer;
  });
  evaluations = 0;
  const r = s.send(structuredClone(event));
  const send = evaluations;
  // The answer's own verdicts: the engine's forced answers after it (ruling R9) are other events.
  const verdicts = spy.mock.calls.filter(([c, e]) => c === context && isDeepStrictEqual(e, event)).length;
  spy.mockRestore();
  return {
    kind: d.kind,
    accepted: r.ok,
    verdicts,
    inVerdicts,
    once,
    send,
    restriction: r.ok ? undefined : r.error.restriction,
  };
}

/** The worked example played by a host: its scripted answers, then the default policy's; each refused once first. */
function play(): Count[] {
  const { events, ...rest } = example;
  const s = createSession(parseScenario(rest), { seed: 1 });
  const script = [...events];
  const counts: Count[] = [];
  for (;;) {
    // The fork is taken before the decision is read: a refusal must not need it built.
    const fork = s.fork();
    const d = s.pending;
    if (!d) break;
    if (d.kind === 'roll') {
      s.send(script[0]?.type === 'dice.rolled' ? script.shift()! : { type: 'dice.rolled' });
      continue;
    }
    const answer = script[0] && script[0].type !== 'dice.rolled' ? script.shift()! : declinePolicy(d)!;
    const context = contextOf(s);
    counts.push(counted(fork, d, context, refusedVariant(answer)));
    counts.push(counted(s, d, context, answer));
  }
  return counts;
}

/** The waiting procedure's context, as its guard reads it (the session's leaf snapshot). */
function contextOf(s: Session): unknown {
  const leaf = (s as unknown as { leaf(): { snapshot: { context: unknown } } }).leaf();
  return leaf.snapshot.context;
}

describe('[13.1] every rule once per event: the worked example', () => {
  const counts = play();

  test('[13.2 step 1][14 step 9] the host answers an interception and the Ottoman casualties, each refused once first', () => {
    expect(counts.map((c) => [c.kind, c.accepted, c.restriction])).toEqual([
      ['intercept', false, 'areInterceptorsInSpace'],
      ['intercept', true, undefined],
      ['casualties', false, 'areLossesPresent'],
      ['casualties', true, undefined],
    ]);
  });

  test.for(counts.map((c) => [`${c.kind} ${c.accepted ? 'accepted' : 'refused'}`, c] as const))(
    '[13.1] %s: the answer’s verdict is computed once, and its restrictions evaluated once',
    ([, c]) => {
      expect(c.verdicts).toBe(1);
      expect(c.once).toBeGreaterThan(0);
      expect(c.inVerdicts).toBe(c.once);
    },
  );

  test.for(counts.filter((c) => !c.accepted).map((c) => [c.kind, c] as const))(
    '[13.1] a refused %s answer evaluates nothing but its verdict: the refusal is the kept verdict, and the decision is not built',
    ([, c]) => {
      expect(c.send).toBe(c.once);
    },
  );

  test('[13.2] an accepted interception evaluates its restrictions once (not again in the transition after `can`)', () => {
    const c = counts[1]!;
    expect(c.send).toBe(c.once);
  });
});

describe('[13.1] the refusal is the guard’s verdict', () => {
  test('[13.2] the trace’s guard row of an accepted answer reads the verdict the refusal would have given', () => {
    const { events, ...rest } = example;
    const s = createSession(parseScenario(rest), { seed: 1 });
    const r = s.send(events[0]!);
    expect(r.ok).toBe(true);
    const step = s.trace.at(-1)!;
    expect(step.guards).toContainEqual({ name: 'isLegalInterception', rule: '13.2', result: true });
  });

  test('[13.1] an answer of the pending kind that the machine refused with no verdict is an engine fault, reported, never thrown', () => {
    const { events, ...rest } = example;
    const s = createSession(parseScenario(rest), { seed: 1 });
    const situation = (s as unknown as { situation(e: EngineEvent): Situation }).situation(events[0]!);
    const e = explainRefusal({ ...situation, verdict: undefined, decision: s.pending }, events[0]!);
    expect(e.code).toBe('internal');
    expect(e.reason.en).toContain('without a verdict of its rules');
    expect(e.reason.ru).toContain('без вердикта');
  });
});
