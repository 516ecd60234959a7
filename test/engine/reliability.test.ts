// What a hostile or careless host can send never breaks the engine (issue "Reliability"): ids that are names of
// built-in object properties, out-of-range options, edited saves, mutated outputs, and faults inside a machine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { interceptionGuards } from '../../src/rules/procedures/interception.ts';
import { narrative } from '../../src/engine/report.ts';
import { resolve } from '../../src/engine/resolve.ts';
import { RestoreError, restoreSession } from '../../src/engine/save.ts';
import { parseScenario, ScenarioError } from '../../src/engine/scenario.ts';
import { createSession, MAX_SEED, SessionOptionsError } from '../../src/engine/session.ts';
import { explore } from '../../src/review/explore.ts';
import { ENGINE_VERSION } from '../../src/schema/save.ts';
import * as api from '../../src/index.ts';
import { his } from '../helpers/cli.ts';
import { dice } from '../helpers/session.ts';
import { builtinIdBoard } from '../helpers/fixtures.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const VIENNA = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'));
/** The worked example's script, parsed with the scenario: typed events. */
const BOOK_EVENTS = parseScenario(VIENNA).data.events;
const noScript = () => parseScenario({ ...VIENNA, events: [] });

describe('ids that are names of built-in object properties', () => {
  // `constructor` is a valid slug; `__proto__`, `toString` and `hasOwnProperty` are refused as ids by the schema.

  test('[DESIGN] a space and a leader named `constructor` run through resolve, odds, explore, save and restore, and both narratives', () => {
    const scenario = parseScenario(builtinIdBoard('constructor', 'constructor'));
    for (const policy of ['decline', 'eager'] as const) {
      const r = resolve(scenario, { policy });
      expect(r.ok).toBe(true);
      for (const lang of ['en', 'ru'] as const)
        expect(narrative(r.session, lang)).not.toMatch(/native code|function Object/);
      expect(restoreSession(r.session.save()).result).toEqual(r.session.result);
    }
    expect(explore(scenario, { decisions: 'decline' }).truncated).toBe(false);
    expect(explore(scenario, { maxNodes: 500 }).violations).toEqual([]);
  });

  test.for(['__proto__', 'toString', 'hasOwnProperty'])(
    '[DESIGN] the id %s is refused by the schema with a path, not a crash',
    (id) => {
      expect(() => parseScenario(builtinIdBoard(id, 'x'))).toThrow(ScenarioError);
    },
  );

  test('[DESIGN] a `__proto__` key in control or bonuses is reported, not dropped', () => {
    for (const field of ['control', 'bonuses']) {
      const input = JSON.parse(`{"impulse":{"power":"ottoman","cp":1},"${field}":{"__proto__":"ottoman"}}`);
      try {
        parseScenario(input);
        expect.unreachable();
      } catch (e) {
        expect((e as ScenarioError).issues).toEqual([
          { path: `${field}.__proto__`, message: "the key '__proto__' is not allowed" },
        ]);
      }
    }
  });

  test.for(['constructor', '__proto__', 'toString'])(
    '[DESIGN] the CLI refuses %s as a machine, a schema or a policy with exit 1',
    (id) => {
      for (const args of [
        ['diagram', id],
        ['schema', id],
        ['resolve', 'examples/vienna-1517.json', '--policy', id],
        ['odds', 'examples/vienna-1517.json', '--policy', id],
      ]) {
        const r = his(...args);
        expect(r.code, args.join(' ')).toBe(1);
        expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
      }
    },
  );
});

describe('bounds: sizes far above any game, reported as ordinary problems', () => {
  test.for([
    ['1e9 regulars', { stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 1e9 }] }, 'stacks[0].regulars'],
    [
      'a battle rating of 1e9',
      { leaders: [{ id: 'x', power: 'ottoman', battle: 1e9, command: 4 }] },
      'leaders[0].battle',
    ],
    ['1e6 CP', { impulse: { power: 'ottoman', cp: 1e6 } }, 'impulse.cp'],
    ['a name with an ANSI escape', { name: '\u001b[31mred' }, 'name'],
    [
      'a leader named twice in one stack',
      { stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 1, leaders: ['ferdinand', 'ferdinand'] }] },
      'stacks[0].leaders',
    ],
  ] as const)('[DESIGN] %s is refused with its path', ([, patch, path]) => {
    try {
      parseScenario({ impulse: { power: 'ottoman', cp: 1 }, ...patch });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioError);
      expect((e as ScenarioError).issues.map((i) => i.path)).toContain(path);
    }
  });

  test('[DESIGN] nesting deeper than any scenario is refused, not recursed into', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(() => parseScenario({ impulse: { power: 'ottoman', cp: 1 }, name: deep })).toThrow(/nested more than/);
  });

  test('[DESIGN] a byte order mark is allowed; a truncated file gets its line and column', () => {
    expect(() => parseScenario(`\uFEFF${JSON.stringify({ impulse: { power: 'ottoman', cp: 1 } })}`)).not.toThrow();
    expect(() => parseScenario('{\n  "war": [')).toThrow(/line 2, column 11/);
  });

  test('[DESIGN] explore stops all work at maxNodes and at maxMs, and says so', () => {
    const big = parseScenario({
      war: [['ottoman', 'hapsburg']],
      control: { pressburg: 'ottoman' },
      stacks: [
        { space: 'pressburg', power: 'ottoman', regulars: 12, cavalry: 6, leaders: ['suleiman', 'ibrahim-pasha'] },
        { space: 'vienna', power: 'hapsburg', regulars: 20, leaders: ['charles-v', 'ferdinand'] },
      ],
      impulse: { power: 'ottoman', cp: 1 },
      move: { from: 'pressburg', to: 'vienna', regulars: 12, cavalry: 6, leaders: ['suleiman', 'ibrahim-pasha'] },
    });
    const byNodes = explore(big, { maxNodes: 50 });
    expect({ truncated: byNodes.truncated, by: byNodes.truncatedBy, states: byNodes.distinctStates }).toEqual({
      truncated: true,
      by: 'maxNodes',
      states: 51,
    });
    const t = performance.now();
    const byTime = explore(big, { maxMs: 50, maxNodes: 10_000_000 });
    expect(byTime.truncatedBy).toBe('maxMs');
    // Generous: the check comes between two expansions, each a few milliseconds at most.
    expect(performance.now() - t).toBeLessThan(5_000);
  }, 60_000);
});

describe('durable, isolated sessions and saves', () => {
  test.for([1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e20, -1, MAX_SEED + 1])(
    '[DESIGN] seed %s is refused with SessionOptionsError',
    (seed) => {
      expect(() => createSession(noScript(), { seed })).toThrow(SessionOptionsError);
    },
  );

  test('[DESIGN] a seed given as a string is refused; 0 and the largest seed are accepted and play different games', () => {
    expect(() => createSession(noScript(), { seed: '5' as unknown as number })).toThrow(SessionOptionsError);
    const roll = (seed: number) => {
      const s = createSession(noScript(), { seed });
      s.send(BOOK_EVENTS[0]!);
      s.roll();
      return s.log.at(-1)?.event;
    };
    expect(roll(0)).not.toEqual(roll(MAX_SEED));
  });

  test('[DESIGN] outputs are frozen: a host cannot edit the position, the decision, the trace, the log or the result', () => {
    const s = createSession(noScript());
    for (const value of [
      s.position,
      s.position.stacks[0],
      s.pending,
      s.pending?.options[0]?.event,
      s.trace,
      s.trace[0],
      s.log,
      s.summary,
    ])
      expect(Object.isFrozen(value)).toBe(true);
    const r = resolve(parseScenario(VIENNA));
    if (!r.ok) throw new Error(r.error.message);
    expect(Object.isFrozen(r.result.position.stacks)).toBe(true);
    expect(() => (r.result.position.stacks as unknown[]).push({})).toThrow(TypeError);
  });

  test('[DESIGN] the data the package exports is frozen all through: a host cannot change the registry, the statements, the ids or the policies for every later session', () => {
    /** Plain data (arrays and plain objects, not schemas, machines or classes) not frozen at some depth. */
    const unfrozen = (v: unknown, at: string, out: string[]): string[] => {
      if (v === null || typeof v !== 'object') return out;
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return out;
      if (!Object.isFrozen(v)) out.push(at);
      for (const [k, x] of Object.entries(v)) unfrozen(x, `${at}.${k}`, out);
      return out;
    };
    const found = Object.entries(api).flatMap(([name, value]) => unfrozen(value, name, []));
    expect(found).toEqual([]);
    expect(() => (api.HIS_SPACE_IDS as unknown as string[]).push('atlantis')).toThrow(TypeError);
    expect(() => Object.assign(api.POLICIES, { decline: api.eagerPolicy })).toThrow(TypeError);
  });

  test('[DESIGN] a save is a copy, and the scenario object given to parseScenario is copied too', () => {
    const input = structuredClone(VIENNA);
    const s = createSession(parseScenario(input));
    input.stacks.length = 0;
    s.send(BOOK_EVENTS[0]!);
    const save = s.save();
    (save.events as unknown[]).length = 0;
    (save.scenario as { stacks: unknown[] }).stacks.length = 0;
    expect(s.save().events).toHaveLength(1);
    expect(restoreSession(s.save()).pending).toEqual(s.pending);
  });

  test('[DESIGN] a save from a newer engine, or with an edited seeded roll, is refused with RestoreError', () => {
    const s = createSession(noScript(), { seed: 7 });
    s.send(BOOK_EVENTS[0]!);
    s.roll();
    const save = s.save();
    expect(() => restoreSession({ ...save, engine: '99.0.0' })).toThrow(/newer than this one/);
    expect(() => restoreSession({ ...save, engine: 'banana' })).toThrow(RestoreError);
    const seeded = save.events.at(-1)!;
    const values = (seeded.event as { values: number[] }).values;
    const edited = {
      ...save,
      events: [
        ...save.events.slice(0, -1),
        { ...seeded, event: { type: 'dice.rolled', values: values.map((v) => (v === 6 ? 5 : 6)) } },
      ],
    };
    expect(() => restoreSession(edited)).toThrow(/seeded roll/);
    expect(restoreSession(save).log).toEqual(s.log);
    expect(ENGINE_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('a fault inside a machine', () => {
  const guard = interceptionGuards.wasInterceptionSuccessful as { test: (...args: never[]) => boolean };
  const original = guard.test;
  afterEach(() => void (guard.test = original));

  test('[DESIGN] is returned synchronously as an internal error, the session unchanged and still usable', async () => {
    const s = createSession(noScript());
    s.send(BOOK_EVENTS[0]!);
    const before = JSON.stringify({
      pending: s.pending,
      position: s.position,
      log: s.log,
      save: s.save(),
      trace: s.trace.length,
    });
    guard.test = () => {
      throw new Error('a deliberately broken guard');
    };
    const r = s.send(dice(3, 5));
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(
      JSON.stringify({ pending: s.pending, position: s.position, log: s.log, save: s.save(), trace: s.trace.length }),
    ).toBe(before);
    // Nothing is thrown later, out of the host's reach.
    await new Promise((done) => setTimeout(done, 20));
    guard.test = original;
    expect(s.send(dice(3, 5))).toEqual({ ok: true });
    expect(s.summary.interceptions[0]?.success).toBe(true);
  });
});

describe('an answer from a policy the machine does not take', () => {
  test('[13.2 step 1] is refused with the same explanation as from the host, and leaves no step or log entry behind', () => {
    const s = createSession(noScript());
    const before = JSON.stringify({ pending: s.pending, log: s.log, trace: s.trace, save: s.save() });
    // Graz holds 8 regulars: a declaration of 9 reaches the machine (the decision is pending) and its guard says no.
    const wrong = { type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 9, leaders: ['charles-v'] };
    const fromPolicy = s.accept(wrong, 'policy', true);
    const fromHost = s.sendUntrusted(wrong);
    expect(fromPolicy).toMatchObject({ ok: false, error: { code: 'illegal', rule: '13.2 step 1' } });
    expect(fromPolicy).toEqual(fromHost);
    expect(JSON.stringify({ pending: s.pending, log: s.log, trace: s.trace, save: s.save() })).toBe(before);
    const policy = resolve(noScript(), { policy: () => wrong as never });
    expect(policy).toMatchObject({ ok: false, error: { code: 'illegal', rule: '13.2 step 1' } });
    expect(s.send(BOOK_EVENTS[0]!).ok).toBe(true);
  });
});

describe('the command line: every user error is one line and an exit code', () => {
  test.for([
    [['resolve', 'examples/vienna-1517.json', '--seed'], 1],
    [['resolve', 'examples/vienna-1517.json', '--seed', '-1'], 1],
    [['resolve', 'examples/vienna-1517.json', '--seed', '1.5'], 1],
    [['resolve', 'examples/vienna-1517.json', '--seed', '99999999999'], 1],
    [['resolve', 'examples/vienna-1517.json', '--json=yes'], 1],
    [['resolve', 'examples/vienna-1517.json', '--lang'], 1],
    [['resolve', 'examples/vienna-1517.json', '--lang', 'de'], 1],
    [['resolve', 'examples/vienna-1517.json', '--events'], 1],
    [['resolve', 'examples/vienna-1517.json', 'extra.json'], 1],
    [['resolve'], 1],
    [['explore', 'examples/vienna-1517.json', '--max-paths', '-1'], 1],
    [['explore', 'examples/vienna-1517.json', '--max-nodes', '0'], 1],
    [['odds', 'examples/vienna-1517.json', '--max-ms', 'soon'], 1],
    [['frobnicate'], 1],
    [['resolve', 'no-such-file.json'], 2],
    [['resolve', 'examples'], 2],
    [['resolve', 'examples/vienna-1517.json', '--events', 'no-such-file.json'], 2],
    [['resolve', 'package.json'], 2],
  ] as const)('[DESIGN] his %j exits %i with one line, no stack trace', ([args, code]) => {
    const r = his(...args);
    expect(r.code).toBe(code);
    expect(r.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
    if (code === 1) expect(r.stderr.trim().split('\n')).toHaveLength(1);
    if (code === 2 && args[1] !== 'package.json')
      expect(r.stderr).toMatch(/^his: cannot read .*: (no such file|it is a folder)\n$/);
  });
});
