// src/engine/actors.ts is the only code that reads XState's actor internals (`logic`, `_parent`, `_transitions` of
// an inspection event). These tests pin what it reads to the installed version: an upgrade that moves them fails
// here first, with a clear message, instead of deep inside the session.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { createActor, getInitialMicrosteps, type AnyActorRef, type InspectionEvent } from 'xstate';
import { MACHINES, movementMachine } from '../../machines/index.ts';
import {
  activeLeaf,
  actorInfo,
  initialStateKey,
  childActor,
  microstepScope,
  microstepTrigger,
  takenTransitions,
  XSTATE_VERSION,
  type TakenTransition,
} from '../../src/engine/actors.ts';
import { scenario, VIENNA } from '../helpers/fixtures.ts';

const require = createRequire(import.meta.url);

describe('the XState adapter', () => {
  test('reads the XState version it was written for', () => {
    const installed = JSON.parse(readFileSync(require.resolve('xstate/package.json'), 'utf8')).version;
    expect(
      installed,
      'xstate was upgraded: check src/engine/actors.ts against the new internals, then update XSTATE_VERSION',
    ).toBe(XSTATE_VERSION);
  });

  test('[13.1 step 5] finds the interception machine as the active leaf, its machine and parent, and eventless steps', () => {
    const sc = scenario({
      ...VIENNA,
      move: { from: 'pressburg', to: 'vienna', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
    });
    const events: InspectionEvent[] = [];
    const root = createActor(movementMachine, {
      input: { world: sc.world, move: sc.data.move! },
      inspect: (e) => void events.push(e),
    }).start();
    const leaf = activeLeaf(root)!;
    expect(actorInfo(leaf).machine?.id).toBe('interception');
    expect(actorInfo(leaf).parent).toBe(root.sessionId);
    expect(actorInfo(root as AnyActorRef).parent).toBeUndefined();
    expect(actorInfo(leaf).initial?.key).toBe('checkingNextInterceptor');
    const steps = events.filter(
      (e): e is Extract<InspectionEvent, { type: '@xstate.microstep' }> => e.type === '@xstate.microstep',
    );
    expect(steps.some((e) => microstepTrigger(e).eventless)).toBe(true);
    root.stop();
    expect(activeLeaf(root)).toBeUndefined();
  });

  test("[13.1 step 5] reads the transitions a microstep took, with their place in their state's list, and what an invoked child was given", () => {
    const sc = scenario({
      ...VIENNA,
      move: { from: 'pressburg', to: 'vienna', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
    });
    const input = { world: sc.world, move: sc.data.move! };
    const taken: TakenTransition[] = [];
    const root = createActor(movementMachine, {
      input,
      inspect: (e) => {
        if (e.type === '@xstate.microstep') taken.push(...takenTransitions(e));
      },
    }).start();
    expect(taken.length).toBeGreaterThan(0);
    expect(taken.every((t) => t.index >= 0)).toBe(true);
    expect(taken[0]).toMatchObject({ machine: 'movement', state: initialStateKey(movementMachine), eventType: '' });
    const leaf = activeLeaf(root)!;
    const child = childActor(leaf);
    expect(child).toMatchObject({ id: leaf.id, sessionId: leaf.sessionId });
    expect(child.logic.id).toBe('interception');
    expect((child.input as { world: { board: unknown } }).world.board).toBe(sc.world.board);
    root.stop();
  });

  test('[13.1] which transition a microstep took is read from `_transitions`: the public pure API gives snapshots and actions only', () => {
    const sc = scenario({
      ...VIENNA,
      move: { from: 'pressburg', to: 'vienna', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
    });
    const input = { world: sc.world, move: sc.data.move! };
    // XState's getInitialMicrosteps (and getMicrosteps) give each microstep as [snapshot, actions], nothing more.
    const steps = getInitialMicrosteps(MACHINES.movement, input as never);
    expect(steps.length).toBeGreaterThan(1);
    for (const step of steps)
      expect(
        step,
        "XState's getMicrosteps now gives more than [snapshot, actions]: if it says which transition was taken, read that instead of _transitions (src/engine/actors.ts transitionsOf, docs/architecture.md)",
      ).toHaveLength(2);
    // The same start, in the microstep scope: every microstep names the transitions it took, each one of XState's own
    // definitions (found by identity in its source state's list).
    const perStep: TakenTransition[][] = [];
    const scope = microstepScope((taken) => void perStep.push([...taken]));
    MACHINES.movement.getInitialSnapshot(scope as never, input as never);
    expect(perStep.length).toBeGreaterThan(0);
    for (const taken of perStep) {
      expect(taken.length).toBeGreaterThan(0);
      expect(taken.every((t) => t.machine === 'movement' && t.index >= 0)).toBe(true);
    }
    // A microstep event without them (an XState that moved them) is an engine fault that says where to look.
    expect(() => takenTransitions({})).toThrow(
      `engine fault: XState's microstep inspection event has no _transitions (read from XState ${XSTATE_VERSION}`,
    );
    expect(() => microstepTrigger({ type: '@xstate.microstep', event: { type: 'move.stop' } } as never)).toThrow(
      'has no _transitions',
    );
  });

  test('[13.1] a pure machine run in the microstep scope reports each step it takes and the state it reaches', () => {
    const sc = scenario({
      ...VIENNA,
      move: { from: 'pressburg', to: 'vienna', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
    });
    const seen: TakenTransition[] = [];
    const states: string[] = [];
    const scope = microstepScope((taken, snap) => {
      seen.push(...taken);
      if (snap) states.push(String(snap.value));
    });
    const movement = MACHINES.movement;
    const first = movement.getInitialSnapshot(scope as never, { world: sc.world, move: sc.data.move! } as never);
    expect(String(first.value)).toBe('intercepting');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((t) => t.machine === 'movement' && t.index >= 0)).toBe(true);
    expect(states.at(-1)).toBe('intercepting');
  });
});
