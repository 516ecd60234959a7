// The classes behind the third round of rule faults (test/regressions/cases F*, G*) and rulings R20–R25, played
// through the session with fixed dice. Each block names the rule and ruling that decide it and the regression that
// found it; every finished move's result must parse again as a scenario (`finished`).
import { describe, expect, test } from 'vitest';
import { resolve } from '../../src/engine/resolve.ts';
import { restoreSession } from '../../src/engine/save.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import type { ScenarioPatch, StackInput } from '../helpers/fixtures.ts';
import { named } from '../helpers/rows.ts';
import { dice, finished, finishWithPolicy, piecesAt, playing, refuse } from '../helpers/session.ts';

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

describe('15, 15.3: a siege whose besiegers are gone is over before another begins (F3)', () => {
  test('[15, 15.3, 14 step 12] beaten besiegers that retreat leave their siege ended; the winner besieges alone', () => {
    // F3 wipes the Protestant besiegers out; here they survive the battle and retreat, which ends their siege too.
    const s = playing(
      {
        war: [
          ['ottoman', 'hapsburg'],
          ['ottoman', 'protestant'],
          ['hapsburg', 'protestant'],
        ],
        control: { buda: 'hapsburg', mohacs: 'ottoman', pressburg: 'protestant' },
        stacks: [
          { space: 'mohacs', power: 'ottoman', regulars: 4 },
          { space: 'buda', power: 'protestant', regulars: 3 },
        ],
        sieges: [{ space: 'buda', by: ['protestant'] }],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'mohacs', to: 'buda', regulars: 4 },
      },
      [{ type: 'avoid.decline', power: 'protestant' }, dice(6, 6, 1, 1), dice(1, 1, 1, 1)],
    );
    const p = finished(finishWithPolicy(s));
    expect(p.sieges).toEqual([{ space: 'buda', by: ['ottoman'], thisImpulse: true }]);
    expect(s.result?.summary.siegesEnded).toEqual([{ space: 'buda', by: ['protestant'], rule: '15.3' }]);
    expect(piecesAt(p, 'buda', 'protestant')).toEqual(none);
  });

  test('[15, ruling R17] a besieger whose units all avoided battle out of its allies’ siege is no longer listed', () => {
    // The Ottoman and France (allies) besiege Hungarian-held fort; a Hapsburg relief force comes in, France avoids
    // battle, the Ottoman beats the relief force: the siege stands, held by the Ottoman alone.
    const s = playing(
      {
        map: {
          spaces: [
            { id: 'fort', type: 'key', home: 'hungary' },
            { id: 'relief', type: 'unfortified', home: 'hapsburg' },
            { id: 'east', type: 'unfortified', home: 'ottoman' },
          ],
          connections: [
            { a: 'fort', b: 'relief' },
            { a: 'fort', b: 'east' },
          ],
        },
        war: [
          ['ottoman', 'hapsburg'],
          ['france', 'hapsburg'],
          ['ottoman', 'hungary'],
          ['france', 'hungary'],
        ],
        alliances: [
          ['ottoman', 'france'],
          ['hapsburg', 'hungary'],
        ],
        control: { fort: 'hungary', east: 'ottoman', relief: 'hapsburg' },
        stacks: [
          { space: 'relief', power: 'hapsburg', regulars: 4, leaders: ['ferdinand'] },
          { space: 'fort', power: 'hungary', regulars: 1, inside: true },
          { space: 'fort', power: 'ottoman', regulars: 2 },
          { space: 'fort', power: 'france', regulars: 2 },
        ],
        sieges: [{ space: 'fort', by: ['ottoman', 'france'] }],
        impulse: { power: 'hapsburg', cp: 1 },
        move: { from: 'relief', to: 'fort', regulars: 4, leaders: ['ferdinand'] },
      },
      [
        { type: 'avoid.decline', power: 'ottoman' },
        { type: 'avoid.declare', power: 'france', to: 'east', regulars: 2 },
        dice(6, 6),
        { type: 'relief.declare', power: 'hapsburg' },
        dice(1, 1, 1, 1, 1),
        dice(5, 5, 5),
      ],
    );
    const p = finished(finishWithPolicy(s));
    expect(piecesAt(p, 'fort', 'france')).toEqual(none);
    expect(p.sieges).toEqual([{ space: 'fort', by: ['ottoman'], thisImpulse: false }]);
    // The session's own position says the same as its result.
    expect(s.position.sieges).toEqual(p.sieges);
  });

  test('[15] the validator refuses a siege listed by two powers at war with each other', () => {
    expect(() =>
      parseScenario({
        war: [
          ['ottoman', 'hapsburg'],
          ['ottoman', 'protestant'],
          ['hapsburg', 'protestant'],
        ],
        control: { buda: 'hapsburg' },
        stacks: [
          { space: 'buda', power: 'protestant', regulars: 2 },
          { space: 'buda', power: 'ottoman', regulars: 2 },
        ],
        sieges: [{ space: 'buda', by: ['protestant', 'ottoman'] }],
        impulse: { power: 'ottoman', cp: 1 },
      }),
    ).toThrow(/Ottoman and Protestant are not allies: they cannot besiege Buda together \(15\)/);
  });

  test("[15.3, 15, SIE-04] a friend's siege the withdrawal breaks ends first: its besiegers retreat, the formation besieges alone", () => {
    // England besieges Ottoman Antwerp (2 against 1 inside); the French beside it withdraw when the Hapsburgs come,
    // so England no longer outnumbers the 2 inside: its siege ends at once (15.3), and the 3 Hapsburgs lay their own.
    const s = playing(
      {
        war: [
          ['hapsburg', 'ottoman'],
          ['england', 'ottoman'],
          ['hapsburg', 'france'],
        ],
        alliances: [
          ['ottoman', 'france'],
          ['hapsburg', 'england'],
        ],
        control: { antwerp: 'ottoman' },
        stacks: [
          { space: 'amsterdam', power: 'hapsburg', regulars: 3 },
          { space: 'antwerp', power: 'england', regulars: 2 },
          { space: 'antwerp', power: 'ottoman', regulars: 1, inside: true },
          { space: 'antwerp', power: 'france', regulars: 1 },
        ],
        sieges: [{ space: 'antwerp', by: ['england'] }],
        impulse: { power: 'hapsburg', cp: 1 },
        move: { from: 'amsterdam', to: 'antwerp', regulars: 3 },
      },
      [{ type: 'withdraw.declare', power: 'france' }],
    );
    const p = finished(finishWithPolicy(s));
    expect(p.sieges).toEqual([{ space: 'antwerp', by: ['hapsburg'], thisImpulse: true }]);
    expect(s.result?.summary.siegesEnded.map((g) => g.by)).toEqual([['england']]);
    expect(piecesAt(p, 'antwerp', 'england')).toEqual(none);
    expect(s.result?.summary.retreats.map((r) => [r.power, r.reason])).toEqual([['england', 'siege']]);
  });
});

describe('rulings R13, R17: a fortress left empty with enemies outside is besieged, wherever the move left it (F7)', () => {
  test('[ruling R17, ruling R13] a garrison that moves out of its fortress leaves it to the enemy outside: a siege', () => {
    // 2 Ottoman regulars stand outside Hapsburg Vienna, not outnumbering the 2 inside (no siege, ruling R17); the
    // garrison marches to Graz, and Vienna is empty with the Ottomans outside.
    const s = playing({
      war: [['ottoman', 'hapsburg']],
      stacks: [
        { space: 'vienna', power: 'hapsburg', regulars: 2, inside: true },
        { space: 'vienna', power: 'ottoman', regulars: 2 },
      ],
      impulse: { power: 'hapsburg', cp: 1 },
      move: { from: 'vienna', to: 'graz', regulars: 2 },
    });
    const p = finished(finishWithPolicy(s));
    expect(p.sieges).toEqual([{ space: 'vienna', by: ['ottoman'], thisImpulse: true }]);
    expect(s.result?.summary.siegesBegun).toEqual([{ space: 'vienna', by: 'ottoman', rule: '15' }]);
    expect(s.trace.some((t) => t.note.en.includes('Vienna is now under siege by Ottoman'))).toBe(true);
  });
});

describe('13.2 step 5, rulings R23, R24: interceptors never go inside (G1)', () => {
  const INTO_VIENNA = (brandon: StackInput[]): ScenarioPatch => ({
    war: [
      ['ottoman', 'hapsburg'],
      ['ottoman', 'england'],
    ],
    alliances: [['hapsburg', 'england']],
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'pressburg', power: 'ottoman', regulars: 4 },
      { space: 'vienna', power: 'hapsburg', regulars: 2 },
      ...brandon,
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'pressburg', to: 'vienna', regulars: 4 },
  });
  test('[13.2 step 5, ruling R24] a leader who intercepted alone beside his allies’ land units is not alone: he fights with them', () => {
    const s = playing(INTO_VIENNA([{ space: 'linz', power: 'england', leaders: ['charles-brandon'] }]), [
      { type: 'intercept.declare', power: 'england', from: 'linz', leaders: ['charles-brandon'] },
      dice(6, 6),
    ]);
    expect(s.pending).toMatchObject({ kind: 'roll', roll: { purpose: 'attacker' } });
    expect(s.summary.battle).toBeNull();
    expect(s.position.captured).toEqual([]);
    finished(finishWithPolicy(s));
    expect(s.result?.summary.battle?.defender.units.leaders).toEqual(['charles-brandon']);
  });
});

describe('ruling R9: a decision nobody is asked keeps its reasons', () => {
  // The Ottomans besieging Hapsburg Vienna march out to Pressburg, where a Hapsburg regular stands: the besieged
  // stack may not intercept its besiegers' move (13.2), so the Hapsburgs are never asked to intercept.
  const BESIEGERS_LEAVE: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    control: { pressburg: 'hapsburg', buda: 'hapsburg' },
    stacks: [
      { space: 'vienna', power: 'ottoman', regulars: 3 },
      { space: 'vienna', power: 'hapsburg', regulars: 2, inside: true },
      { space: 'pressburg', power: 'hapsburg', regulars: 1 },
    ],
    sieges: [{ space: 'vienna', by: ['ottoman'] }],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'vienna', to: 'pressburg', regulars: 3 },
  };

  test('[13.2, ruling R9] the besieged stack is not asked; the trace says why, with the 13.2 restriction', () => {
    const s = playing(BESIEGERS_LEAVE);
    expect(s.pending).toMatchObject({ kind: 'avoid', power: 'hapsburg' });
    const skipped = s.trace.flatMap((t) => t.skipped ?? []);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({
      kind: 'intercept',
      power: 'hapsburg',
      space: 'pressburg',
      rule: '13.2',
      refused: [{ option: { from: 'vienna' }, code: 'areInterceptorsNotBesieged', rule: '13.2' }],
    });
    expect(skipped[0]!.refused[0]!.reason.en).toMatch(/besieg/);
    expect(skipped[0]!.refused[0]!.reason.ru).toMatch(/осажд/);
    expect(s.summary.skipped.map((d) => [d.kind, d.power])).toEqual([['intercept', 'hapsburg']]);
  });

  test('[13.2, ruling R9] its interception sent afterwards is refused with that restriction, not "the interceptions are over"', () => {
    const s = playing(BESIEGERS_LEAVE);
    refuse(
      s,
      { type: 'intercept.declare', power: 'hapsburg', from: 'vienna', regulars: 2 },
      { code: 'step-closed', rule: '13.2', restriction: 'areInterceptorsNotBesieged' },
    );
  });

  test('[13.3, ruling R9] a group with no legal space to avoid into is not asked; its answer is refused with the destination restriction', () => {
    // Pressburg's Hapsburg regular could only avoid to Buda (Ottoman-held) or back to Vienna (the space the enemy came
    // from): nobody is asked, and the battle follows.
    const s = playing({
      ...BESIEGERS_LEAVE,
      control: { pressburg: 'hapsburg', buda: 'ottoman' },
    });
    const avoid = s.trace.flatMap((t) => t.skipped ?? []).find((d) => d.kind === 'avoid');
    expect(avoid).toMatchObject({ kind: 'avoid', power: 'hapsburg', space: 'pressburg', rule: '13.3' });
    expect(avoid?.refused.map((r) => [r.option.to, r.code]).sort()).toEqual([
      ['buda', 'isAvoidDestinationFriendly'],
      ['vienna', 'isNotSpaceEnemyCameFrom'],
    ]);
    expect(s.pending?.roll?.purpose).toBe('attacker');
    refuse(
      s,
      { type: 'avoid.declare', power: 'hapsburg', to: 'buda', regulars: 1 },
      { code: 'step-closed', rule: '13.3', restriction: 'isAvoidDestinationFriendly' },
    );
  });
});

describe('ruling R25: the formation in transit stands in neither space', () => {
  // Three Ottoman regulars besiege one Hapsburg regular in Vienna; two march to Pressburg (casebook
  // formation-in-transit).
  const MARCH: ScenarioPatch = {
    war: [['ottoman', 'hapsburg']],
    control: { pressburg: 'ottoman' },
    stacks: [
      { space: 'vienna', power: 'ottoman', regulars: 3 },
      { space: 'vienna', power: 'hapsburg', regulars: 1, inside: true },
    ],
    sieges: [{ space: 'vienna', by: ['ottoman'] }],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'vienna', to: 'pressburg', regulars: 2 },
  };

  test('[13.1 step 5, 15.3, ruling R25] the siege it leaves breaks at once, and its besieger left behind retreats into the destination before the formation is placed', () => {
    const s = playing(MARCH);
    const steps = s.trace.map((t) => `${t.machine}.${t.state}`);
    const retreated = s.trace.findIndex((t) => t.machine === 'retreat' && t.state === 'done');
    const placed = steps.indexOf('movement.placingFormation');
    expect(retreated).toBeGreaterThan(-1);
    expect(retreated).toBeLessThan(placed);
    const p = finished(s);
    expect(s.result?.summary.retreats).toMatchObject([{ power: 'ottoman', reason: 'siege', to: 'pressburg' }]);
    expect(piecesAt(p, 'pressburg', 'ottoman')).toEqual({ ...none, regulars: 3 });
    expect(p.sieges).toEqual([]);
  });

  test('[13.1 steps 3–5, ruling R25] while interceptions are asked the formation is in neither space: not in the position, in inTransit', () => {
    const s = playing({
      war: [['ottoman', 'hapsburg']],
      control: { pressburg: 'ottoman' },
      stacks: [
        { space: 'buda', power: 'ottoman', regulars: 2 },
        { space: 'vienna', power: 'hapsburg', regulars: 2 },
      ],
      impulse: { power: 'ottoman', cp: 1 },
      move: { from: 'buda', to: 'pressburg', regulars: 2 },
    });
    expect(s.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg' });
    expect(s.position.stacks.filter((x) => x.power === 'ottoman')).toEqual([]);
    expect(s.inTransit).toMatchObject({ from: 'buda', to: 'pressburg' });
    expect(s.inTransit?.stacks.reduce((n, x) => n + x.regulars, 0)).toBe(2);
  });
});
