// Properties of a hostile host: whatever it does to what the engine hands it — every reachable object of every
// returned value written over, deleted from, pushed into, cleared, given another prototype — changes nothing for
// the session it came from, for later sessions of the same scenario or of a new one, for saves and for restores
// (docs/api.md "What is frozen, what is copied"). The bundled board, leaders and names are attacked too: they are
// shared by every scenario of the process.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  createSession,
  hisBoard,
  hisLeaderTable,
  hisNames,
  parseScenario,
  resolve,
  restoreSession,
  type Session,
} from '../../src/index.ts';
import { scenarioArb, type ScenarioJson } from './arbitraries.ts';
import { attack } from './attack.ts';
import { params, runs, seedArb, timeoutFor } from './drive.ts';

const NUM_RUNS = runs(25);

/** Values a hostile host writes. */
const junkArb = fc.constantFrom<unknown>(0, -1, null, undefined, '', 'x', [], {}, Number.NaN, 1e9, true);

/** Plays a session with the first listed answer (or a seeded roll) at each step, `steps` at most. */
function play(s: Session, steps: number, each?: (s: Session) => void): void {
  for (let i = 0; i < steps && s.pending; i++) {
    const d = s.pending;
    const r = d.kind === 'roll' ? s.roll() : s.send(d.options[0]!.event);
    each?.(s);
    if (!r.ok) throw new Error(`refused: ${r.error.message}`);
  }
}

/** What a session shows, as JSON: equal for two sessions in the same state. */
function view(s: Session): string {
  return JSON.stringify({
    pending: s.pending,
    position: s.position,
    summary: s.summary,
    log: s.log,
    trace: s.trace.map((t) => [t.machine, t.state, t.event, t.source]),
    save: s.save(),
    result: s.result,
  });
}

// What a plain session of the worked example gives, computed before anything is attacked.
const WORKED = {
  war: [['ottoman', 'hapsburg']],
  alliances: [['hapsburg', 'hungary']],
  control: { pressburg: 'ottoman' },
  stacks: [
    { space: 'pressburg', power: 'ottoman', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
    { space: 'graz', power: 'hapsburg', regulars: 8, leaders: ['charles-v'] },
    { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
  ],
  impulse: { power: 'ottoman', cp: 1 },
  move: { from: 'pressburg', to: 'vienna', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
};
const eagerWorked = () => JSON.stringify(resolve(parseScenario(WORKED), { policy: 'eager', seed: 3 }).session.save());
const WORKED_BEFORE = eagerWorked();

test(
  '[DESIGN] a host that writes over everything it is handed changes no session, save, restore or later scenario',
  { timeout: timeoutFor(NUM_RUNS, 60) },
  () => {
    fc.assert(
      fc.property(scenarioArb(), seedArb, junkArb, fc.integer({ min: 0, max: 40 }), (json, seed, junk, steps) => {
        const copy = structuredClone(json) as ScenarioJson;
        const scenario = parseScenario(copy);
        // The reference: the same game on a scenario parsed apart, nothing attacked.
        const reference = createSession(parseScenario(json), { seed });
        play(reference, steps);
        const hostile = createSession(scenario, { seed });
        attack(copy, junk);
        attack(scenario, junk);
        attack(hostile.pending, junk);
        play(hostile, steps, (s) => {
          for (const value of [s.pending, s.position, s.summary, s.log, s.trace, s.inTransit, s.result, s.save()])
            attack(value, junk);
          attack(s.sendUntrusted({ type: 'bogus' }), junk);
        });
        expect(view(hostile)).toBe(view(reference));
        // The shared data, then later sessions: of the attacked scenario, of a new parse, and a restore of the save.
        attack(hisBoard(), junk);
        attack(hisLeaderTable(), junk);
        attack(hisNames(), junk);
        const save = hostile.save();
        attack(hostile.save(), junk);
        const later = createSession(scenario, { seed });
        play(later, steps);
        expect(view(later)).toBe(view(reference));
        const fresh = createSession(parseScenario(json), { seed });
        play(fresh, steps);
        expect(view(fresh)).toBe(view(reference));
        const restored = restoreSession(save);
        attack(restored.log, junk);
        expect(view(restored)).toBe(view(reference));
        const r = resolve(scenario, { seed, policy: 'eager' });
        attack(r, junk);
        const again = resolve(scenario, { seed, policy: 'eager' });
        const apart = resolve(parseScenario(json), { seed, policy: 'eager' });
        expect(view(again.session)).toBe(view(apart.session));
        expect(again.ok).toBe(apart.ok);
      }),
      params(NUM_RUNS),
    );
    expect(eagerWorked()).toBe(WORKED_BEFORE);
  },
);

test('[DESIGN] the repros: a leader rating, a board space, a world position and a log entry cannot be changed', () => {
  const charles = hisLeaderTable().get('charles-v')!;
  expect(() => ((charles as { battle: number }).battle = 0)).toThrow(TypeError);
  expect(() => (hisBoard().spaces as unknown as Map<string, unknown>).delete('vienna')).toThrow(TypeError);
  expect(() => Map.prototype.delete.call(hisBoard().spaces, 'vienna')).toThrow(TypeError);
  const scenario = parseScenario(WORKED);
  expect(scenario.world.board).toBe(hisBoard());
  expect(() => delete (scenario.world as { position?: unknown }).position).toThrow(TypeError);
  expect(() => ((scenario.source as { stacks: unknown[] }).stacks = [])).toThrow(TypeError);
  const s = createSession(scenario);
  s.send(s.pending!.options[0]!.event);
  expect(() => ((s.log[0] as { source: string }).source = 'engine')).toThrow(TypeError);
  expect(() => ((s.log[0] as { event: unknown }).event = { type: 'avoid.decline' })).toThrow(TypeError);
  expect(attack(hisBoard(), 0)).toBeGreaterThan(134 * 4);
  expect(hisBoard().spaces.get('vienna')?.neighbours.length).toBeGreaterThan(0);
  expect(eagerWorked()).toBe(WORKED_BEFORE);
});
