// Whole moves through the session, scripted dice, for the battle outcomes the rulebook spells out: simultaneous
// losses, a wiped-out winner, no retreat for a wiped-out side, lost-battle marks that stop a later move, retreats that
// are never intercepted, and two allied powers besieging one space.
import { describe, expect, test } from 'vitest';
import { parseScenario, ScenarioError } from '../../src/engine/scenario.ts';
import { resolve } from '../../src/engine/resolve.ts';
import { createSession } from '../../src/engine/session.ts';
import { SiegeSchema, StackSchema } from '../../src/schema/scenario.ts';
import { check } from '../../src/rules/verdict.ts';
import { isMoveActionInterceptable } from '../../src/rules/interception.ts';
import { VIENNA, scenario, world, type ScenarioPatch } from '../helpers/fixtures.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const AGRAM_TO_GRAZ: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  control: { agram: 'ottoman' },
  impulse: { power: 'ottoman', cp: 1 },
};

function run(patch: ScenarioPatch, events: unknown[]) {
  const r = resolve(scenario({ ...patch, events: events as never }));
  if (!r.ok) throw new Error(r.error.message);
  // Every answer came from the script or was forced (ruling R9): the default policy never had to step in.
  expect(r.session.log.filter((a) => a.source === 'policy' || a.source === 'seeded')).toEqual([]);
  return r;
}

describe('14 step 9: losses are simultaneous', () => {
  test('[14 step 9] both sides lose every unit from one exchange of dice; the defender, with more dice, keeps one (FB-14, FB-17, ruling R7)', () => {
    const r = run(
      {
        ...AGRAM_TO_GRAZ,
        stacks: [
          { space: 'agram', power: 'ottoman', regulars: 2 },
          { space: 'graz', power: 'hapsburg', regulars: 2 },
        ],
        move: { from: 'agram', to: 'graz', regulars: 2 },
      },
      [
        { type: 'avoid.decline', power: 'hapsburg' },
        { type: 'dice.rolled', values: [5, 6] },
        { type: 'dice.rolled', values: [6, 5, 1] },
      ],
    );
    const b = r.result.summary.battle!;
    expect([b.attacker.dice.total, b.defender.dice.total]).toEqual([2, 3]);
    expect([b.attacker.hits, b.defender.hits]).toEqual([2, 2]);
    expect(b.winner).toBe('defender');
    expect(b.attacker.losses.regulars).toBe(2);
    expect(b.defender.losses.regulars).toBe(1);
    expect(b.defender.kept).toBe('regulars');
    expect(r.result.position.stacks).toEqual([StackSchema.parse({ space: 'graz', power: 'hapsburg', regulars: 1 })]);
  });
});

describe('14 steps 10–11: a side with no land units left', () => {
  test('[14 step 10] a winner wiped out loses its leader, and the loser still retreats (FB-18, FB-19, ruling R7)', () => {
    const r = run(
      {
        ...AGRAM_TO_GRAZ,
        stacks: [
          { space: 'agram', power: 'ottoman', regulars: 3, leaders: ['ibrahim-pasha'] },
          { space: 'graz', power: 'hapsburg', regulars: 1, leaders: ['ferdinand'] },
        ],
        move: { from: 'agram', to: 'graz', regulars: 3, leaders: ['ibrahim-pasha'] },
      },
      [
        { type: 'avoid.decline', power: 'hapsburg' },
        { type: 'dice.rolled', values: [5, 1, 1, 1] },
        { type: 'dice.rolled', values: [5, 5, 1] },
        { type: 'casualties.assign', power: 'ottoman', regulars: 2 },
      ],
    );
    const s = r.result.summary;
    expect(s.battle?.winner).toBe('defender');
    expect(s.captures).toEqual([{ leader: 'ferdinand', by: 'ottoman', space: 'graz', rule: '14 step 10' }]);
    expect(s.retreats).toMatchObject([{ power: 'ottoman', from: 'graz', to: 'agram', reason: 'attacker' }]);
    expect(r.result.position.stacks).toEqual([
      StackSchema.parse({
        space: 'agram',
        power: 'ottoman',
        regulars: 1,
        leaders: ['ibrahim-pasha'],
        lostBattle: true,
      }),
    ]);
    expect(r.result.position.captured).toEqual([{ leader: 'ferdinand', by: 'ottoman' }]);
  });

  test('[14 step 11] a side wiped out does not retreat (FB-19)', () => {
    const r = run(
      {
        ...AGRAM_TO_GRAZ,
        stacks: [
          { space: 'agram', power: 'ottoman', regulars: 4 },
          { space: 'graz', power: 'hapsburg', regulars: 1 },
        ],
        move: { from: 'agram', to: 'graz', regulars: 4 },
      },
      [
        { type: 'avoid.decline', power: 'hapsburg' },
        { type: 'dice.rolled', values: [5, 1, 1, 1] },
        { type: 'dice.rolled', values: [1, 1] },
      ],
    );
    expect(r.result.summary.battle?.winner).toBe('attacker');
    expect(r.result.summary.retreats).toEqual([]);
    expect(r.result.position.stacks).toEqual([StackSchema.parse({ space: 'graz', power: 'ottoman', regulars: 4 })]);
  });
});

describe('13.1: the lost-battle mark', () => {
  test('[13.1] units that lost a battle this impulse may not move again: the result fed back with a new move is refused (FB-22, MOV-20, ruling R12)', () => {
    const example = parseScenario(
      readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'vienna-1517.json'), 'utf8'),
    );
    const r = resolve(example);
    if (!r.ok) throw new Error(r.error.message);
    const next = {
      ...r.result.position,
      impulse: { power: 'ottoman', cp: 1 },
      move: { from: 'pressburg', to: 'buda', regulars: 3, leaders: ['suleiman'] },
    };
    let error: unknown;
    try {
      parseScenario(next);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as ScenarioError).issues).toEqual([
      {
        path: 'move',
        message: expect.stringMatching(/^\[13\.1, ruling R12\] .*lost a field battle earlier this impulse/),
      },
    ]);
  });
});

describe('13.2: a retreat is never intercepted', () => {
  test('[13.2] the Ottoman retreat to Pressburg, next to Hapsburg Vienna, asks no interception (RET-13)', () => {
    const r = resolve(
      parseScenario(readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'vienna-1517.json'), 'utf8')),
    );
    if (!r.ok) throw new Error(r.error.message);
    const trace = r.session.trace;
    const battle = trace.findIndex((t) => t.machine === 'fieldBattle');
    expect(trace.slice(battle).some((t) => t.machine === 'interception')).toBe(false);
    const w = world(VIENNA);
    const leg = { power: 'ottoman' as const, from: 'vienna', to: 'pressburg', formation: [], kind: 'retreat' as const };
    expect(
      check(isMoveActionInterceptable, w, {
        leg,
        usedSpaces: [],
        declined: [],
        power: 'hapsburg',
        from: 'vienna',
        request: { regulars: 1, mercenaries: 0, cavalry: 0, leaders: [] },
      }),
    ).toMatchObject({ ok: false, rule: '13.2' });
  });
});

describe('15: two allied powers besieging one space', () => {
  const buda = (french: number) => ({
    war: [
      ['ottoman', 'hapsburg'],
      ['ottoman', 'france'],
    ] as [string, string][],
    alliances: [['hapsburg', 'france']] as [string, string][],
    control: { buda: 'ottoman', pressburg: 'hapsburg' },
    stacks: [
      { space: 'buda', power: 'ottoman', regulars: 2, inside: true },
      { space: 'buda', power: 'hapsburg', regulars: 3 },
      { space: 'pressburg', power: 'france', regulars: french },
    ],
    sieges: [{ space: 'buda', by: ['hapsburg'] }],
    impulse: { power: 'france', cp: 1 },
    move: { from: 'pressburg', to: 'buda', regulars: french },
  });

  // The siege keeps the impulse it began in: the Hapsburgs put Buda under siege earlier, France joins it (13.1 restriction 5).
  test('[15] a French formation that alone outnumbers the units inside joins the Hapsburg siege as a besieger (SIE-04)', () => {
    const s = createSession(scenario(buda(3) as never));
    expect(s.pending).toBeNull();
    expect(s.result?.position.sieges).toEqual([SiegeSchema.parse({ space: 'buda', by: ['hapsburg', 'france'] })]);
    expect(s.result?.summary.siege).toEqual({ space: 'buda', besieger: 'france' });
  });

  test('[15] a French formation that does not alone outnumber them stands with the besiegers, the siege stays Hapsburg (SIE-04)', () => {
    const s = createSession(scenario(buda(2) as never));
    expect(s.pending).toBeNull();
    expect(s.result?.position.sieges).toEqual([SiegeSchema.parse({ space: 'buda', by: ['hapsburg'] })]);
    expect(s.result?.summary.battle).toBeNull();
  });
});

describe('who answers for an active minor power', () => {
  test('[22.3] the Hapsburgs roll the dice of the Hungarian regulars defending Buda, and choose their losses (ruling R5, ruling R10)', () => {
    const s = createSession(
      scenario({
        war: [['ottoman', 'hapsburg']],
        alliances: [['hapsburg', 'hungary']],
        stacks: [
          { space: 'mohacs', power: 'ottoman', regulars: 6, leaders: ['ibrahim-pasha'] },
          { space: 'buda', power: 'hungary', regulars: 5 },
        ],
        control: { mohacs: 'ottoman' },
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'mohacs', to: 'buda', regulars: 6, leaders: ['ibrahim-pasha'] },
      }),
    );
    expect(s.pending).toMatchObject({ kind: 'avoid', power: 'hapsburg' });
    expect(s.send({ type: 'avoid.decline', power: 'hapsburg' })).toEqual({ ok: true });
    // Five units: too many to withdraw into Buda (13.4), so a field battle.
    expect(s.pending).toMatchObject({ kind: 'roll', power: 'ottoman', roll: { dice: 7, purpose: 'attacker' } });
    expect(s.send({ type: 'dice.rolled', values: [6, 6, 1, 1, 1, 1, 1] })).toEqual({ ok: true });
    expect(s.pending).toMatchObject({ kind: 'roll', power: 'hapsburg', roll: { dice: 6, purpose: 'defender' } });
    expect(s.send({ type: 'dice.rolled', values: [6, 1, 1, 1, 1, 1] })).toEqual({ ok: true });
    // The Hungarians lose 2 regulars (forced: one unit type), the Ottoman 1 (forced); the Hapsburgs retreat them.
    expect(s.pending).toMatchObject({ kind: 'retreat', power: 'hapsburg' });
  });
});

describe('15.3: leaving a siege', () => {
  // The Ottoman besieges Hapsburg-held Buda with 6 regulars against 2 inside, then marches 4 of them to Pressburg.
  const BUDA = {
    war: [['ottoman', 'hapsburg']] as [string, string][],
    control: { buda: 'hapsburg', pressburg: 'ottoman', mohacs: 'ottoman' },
    stacks: [
      { space: 'buda', power: 'ottoman', regulars: 5 },
      { space: 'buda', power: 'hapsburg', regulars: 2, inside: true },
      { space: 'vienna', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'] },
    ],
    sieges: [{ space: 'buda', by: ['ottoman'] }],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'buda', to: 'pressburg', regulars: 4 },
  };

  test('[15.3] the siege ends when the besiegers left behind no longer outnumber the units inside; they retreat, free (SIE-06, SIE-07)', () => {
    const s = createSession(scenario(BUDA as never));
    // The one regular left behind (1 against 2) must leave: Mohacs (Ottoman) is legal; Pressburg too; Szegedin is Hungarian.
    expect(s.pending).toMatchObject({ kind: 'retreat', power: 'ottoman', rule: '14.1' });
    expect(s.position.sieges).toEqual([]);
    expect(s.send({ type: 'retreat.declare', power: 'ottoman', to: 'mohacs' })).toEqual({ ok: true });
    expect(s.summary.retreats).toMatchObject([{ power: 'ottoman', from: 'buda', to: 'mohacs', reason: 'siege' }]);
    // Then the move goes on: the Hapsburg garrison of Buda, besieged by the formation that left, may not intercept it.
    expect(s.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg' });
    expect(s.pending?.options.map((o) => (o.event as { from?: string }).from)).toEqual(['vienna', undefined]);
    expect(s.pending?.blocked).toContainEqual(
      expect.objectContaining({
        option: { power: 'hapsburg', from: 'buda' },
        code: 'areInterceptorsNotBesieged',
        rule: '13.2',
      }),
    );
  });

  test('[15] a siege that still outnumbers after the move stays (SIE-06)', () => {
    // 2 move, 3 stay against 2 inside.
    const s = createSession(scenario({ ...BUDA, move: { from: 'buda', to: 'pressburg', regulars: 2 } } as never));
    expect(s.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg' });
    expect(s.position.sieges).toEqual([{ space: 'buda', by: ['ottoman'], thisImpulse: false }]);
  });
});

describe('refusals that name the rule closing the step', () => {
  test('[13.4] withdraw.declare with 5 units in Vienna: "not yet" while avoid battle may still thin the stack, then refused by 13.4', () => {
    const s = createSession(
      scenario({
        ...VIENNA,
        stacks: [
          ...(VIENNA.stacks ?? []).filter((x) => x.space !== 'vienna'),
          { space: 'vienna', power: 'hapsburg', regulars: 5, leaders: ['ferdinand'] },
        ],
        move: { from: 'pressburg', to: 'vienna', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
      }),
    );
    expect(s.pending).toMatchObject({ kind: 'intercept', power: 'hapsburg' });
    // 13.4 counts the units after interception and avoid battle: some may still leave.
    expect(s.send({ type: 'withdraw.declare', power: 'hapsburg' })).toMatchObject({
      ok: false,
      error: { code: 'out-of-turn' },
    });
    expect(s.send({ type: 'intercept.decline', power: 'hapsburg' })).toEqual({ ok: true });
    expect(s.send({ type: 'avoid.decline', power: 'hapsburg' })).toEqual({ ok: true });
    const r = s.send({ type: 'withdraw.declare', power: 'hapsburg' });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'step-closed', rule: '13.4', restriction: 'hasAtMostFourUnits' },
    });
    expect(r.ok ? '' : r.error.message).toContain('5 land units are in Vienna');
  });
});
