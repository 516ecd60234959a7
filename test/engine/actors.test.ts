// src/engine/actors.ts is the only code that reads XState's actor internals (`logic`, `_parent`, `_transitions` of
// an inspection event). These tests pin what it reads to the installed version: an upgrade that moves them fails
// here first, with a clear message, instead of deep inside the session.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { movementMachine } from '../../machines/index.ts';
import { activeLeaf, actorInfo, microstepTrigger, XSTATE_VERSION } from '../../src/engine/actors.ts';
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
});
