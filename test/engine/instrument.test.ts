// The session's instrumented machines (src/engine/instrument.ts): every procedure, wherever it is invoked from, has
// its guards recorded, so that every step in the trace carries the conditions it checked.
import { describe, expect, test } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { MACHINES, type MachineId } from '../../machines/index.ts';
import { instrumentedMovement } from '../../src/engine/instrument.ts';
import { createSession } from '../../src/engine/session.ts';
import { scenario } from '../helpers/fixtures.ts';
import { dice } from '../helpers/session.ts';

/** Every machine the instrumented tree can run, with the path of invocations that reaches it. */
function tree(m: AnyStateMachine, path: string[] = [m.id]): { path: string[]; machine: AnyStateMachine }[] {
  return [
    { path, machine: m },
    ...Object.entries(m.implementations.actors).flatMap(([key, child]) =>
      tree(child as AnyStateMachine, [...path, key]),
    ),
  ];
}

describe('the instrumented machines', () => {
  test('[DESIGN] every machine, at every place it is invoked from, has every guard wrapped for the trace', () => {
    const reached = tree(instrumentedMovement());
    // movement → interception → siegeBreak → retreat is one of the paths: a procedure invoked inside a procedure.
    expect(reached.map((r) => r.path.join(' → '))).toContain('movement → interception → siegeBreak → retreat');
    for (const { path, machine } of reached) {
      const own = MACHINES[machine.id as MachineId] as AnyStateMachine;
      for (const name of Object.keys(own.implementations.guards))
        expect(machine.implementations.guards[name], `${path.join(' → ')}: ${name}`).not.toBe(
          own.implementations.guards[name],
        );
    }
  });

  test('[15.3, 13.2] the siege break an interception causes is traced with the conditions it checked', () => {
    const s = createSession(
      scenario({
        war: [['ottoman', 'hapsburg']],
        control: { mohacs: 'ottoman', buda: 'ottoman', belgrade: 'ottoman', agram: 'hapsburg' },
        stacks: [
          { space: 'buda', power: 'ottoman', regulars: 2 },
          { space: 'belgrade', power: 'ottoman', regulars: 1, inside: true },
          { space: 'belgrade', power: 'hapsburg', regulars: 3 },
        ],
        sieges: [{ space: 'belgrade', by: ['hapsburg'] }],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'buda', to: 'mohacs', regulars: 2 },
      }),
    );
    expect(s.send({ type: 'intercept.declare', power: 'hapsburg', from: 'belgrade', regulars: 2 }).ok).toBe(true);
    expect(s.send(dice(6, 6)).ok).toBe(true);
    const steps = s.trace.filter((t) => (t.machine === 'siegeBreak' || t.machine === 'retreat') && t.event !== 'start');
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.filter((t) => t.event === 'always').every((t) => t.guards.length > 0)).toBe(true);
    expect(
      steps.find((t) => t.machine === 'siegeBreak' && t.state === 'retreatingBesiegers')?.guards.map((g) => g.name),
    ).toEqual(['hasBesiegersToRetreat']);
  });
});

describe('the trace of the steps the movement machine takes as it starts', () => {
  test('[13.1 steps 1 and 4, 15.3] the declared move, the response-card window and the siege-left-behind check carry the guards they evaluated', () => {
    const s = createSession(
      scenario({
        war: [['ottoman', 'hapsburg']],
        control: { pressburg: 'ottoman' },
        stacks: [{ space: 'pressburg', power: 'ottoman', regulars: 2 }],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'pressburg', to: 'vienna', regulars: 2 },
      }),
    );
    const start = s.trace.filter((t) => t.machine === 'movement' && t.source === 'start' && t.event === 'always');
    const guards = start.flatMap((t) => t.guards.map((g) => `${t.state}: ${g.name}=${g.result}`));
    // Ruling R26: the response cards come before the siege check (a move they cancel leaves no siege).
    expect(guards.slice(0, 3)).toEqual([
      'payingCost: hasDeclaredMove=true',
      'checkingSiegesLeftBehind: hasResponderToAsk=false',
      'intercepting: hasBrokenSiege=false',
    ]);
  });
});
