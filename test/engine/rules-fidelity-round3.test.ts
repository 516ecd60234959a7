// The classes behind the third round of rule faults (test/regressions/cases F*, G*) and rulings R20–R25, played
// through the session with fixed dice. Each block names the rule and ruling that decide it and the regression that
// found it; every finished move's result must parse again as a scenario (`finished`).
import { describe, expect, test } from 'vitest';
import { resolve } from '../../src/engine/resolve.ts';
import { restoreSession } from '../../src/engine/save.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import type { ScenarioPatch } from '../helpers/fixtures.ts';
import { named } from '../helpers/rows.ts';
import { finished, piecesAt } from '../helpers/session.ts';

const none = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };

/** Every decision a session shows from its start to its end, answered by the default policy (the seeded dice roll). */
function shownUntilTheEnd(s: Session): { kind: string; forced: boolean }[] {
  const shown: { kind: string; forced: boolean }[] = [];
  for (let i = 0; i < 100 && s.pending; i++) {
    const d = s.pending;
    shown.push({ kind: d.kind, forced: d.forced });
    const r =
      d.kind === 'roll'
        ? s.roll()
        : s.send((d.options.find((o) => !o.event.type.endsWith('declare')) ?? d.options[0]!).event);
    expect(r.ok).toBe(true);
  }
  return shown;
}

describe('ruling R9: a forced decision is never shown, not even the first one (F2)', () => {
  // Each scenario starts on a decision with exactly one legal answer: the engine must answer it as the session is
  // created, exactly as it does after an event.
  const STARTS = named<{ what: string; scenario: ScenarioPatch; applied: Record<string, unknown> }>([
    {
      what: '13.4 option 2 with no CP left: back to the origin (F2)',
      scenario: {
        war: [['ottoman', 'hapsburg']],
        control: { pressburg: 'ottoman' },
        stacks: [
          { space: 'pressburg', power: 'ottoman', regulars: 2 },
          { space: 'vienna', power: 'hapsburg', regulars: 3, inside: true },
        ],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'pressburg', to: 'vienna', regulars: 2 },
      },
      applied: { type: 'move.stop' },
    },
    {
      what: '15.3: the besiegers the mover left behind have one legal space',
      scenario: {
        war: [['ottoman', 'hapsburg']],
        control: { pressburg: 'ottoman', buda: 'hapsburg', mohacs: 'hapsburg', szegedin: 'hapsburg' },
        stacks: [
          { space: 'buda', power: 'ottoman', regulars: 3 },
          { space: 'buda', power: 'hapsburg', regulars: 1, inside: true },
        ],
        sieges: [{ space: 'buda', by: ['ottoman'] }],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'buda', to: 'pressburg', regulars: 2 },
      },
      applied: { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' },
    },
  ]);

  test.for(STARTS)('[ruling R9] %s: answered as the session starts, never shown', ([, { scenario, applied }]) => {
    const s = createSession(parseScenario(scenario));
    expect(s.pending?.forced ?? false).toBe(false);
    expect(s.log.filter((a) => a.source === 'engine').map((a) => a.event)).toContainEqual(applied);
    expect(s.trace.some((t) => t.source === 'engine')).toBe(true);
    expect(shownUntilTheEnd(s).filter((d) => d.forced)).toEqual([]);
    finished(s);
    // Its fork and its restored save start past the forced answer too.
    expect(s.fork().pending?.forced ?? false).toBe(false);
    expect(restoreSession(createSession(parseScenario(scenario)).save()).pending?.forced ?? false).toBe(false);
    // resolve gives the answer as the engine's own, not as its policy's.
    const r = resolve(parseScenario(scenario));
    expect(r.ok).toBe(true);
    expect(r.session.log.find((a) => a.event.type === applied.type)?.source).toBe('engine');
  });

  test.for(STARTS)(
    '[ruling R9] %s: a save or a script that spells the forced answer out still replays',
    ([, { scenario, applied }]) => {
      const done = createSession(parseScenario(scenario));
      const save = { ...done.save(), events: [{ event: applied, source: 'host' as const }] };
      const restored = restoreSession(save);
      expect(restored.position).toEqual(done.position);
      const scripted = resolve(parseScenario({ ...scenario, events: [applied] }));
      expect(scripted.ok).toBe(true);
    },
  );

  test('[ruling R9] the engine applies the forced answer with the seeded dice untouched', () => {
    const [, { scenario }] = STARTS[0]!;
    const a = createSession(parseScenario(scenario), { seed: 7 });
    expect(a.summary.retreats.map((r) => [r.reason, r.to])).toEqual([['origin', 'pressburg']]);
    expect(piecesAt(finished(a), 'pressburg', 'ottoman')).toEqual({ ...none, regulars: 2 });
  });
});
