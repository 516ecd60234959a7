// Machine gates of the relief machine (15.2, ruling R35): what it waits for and which answers it accepts — the
// sortie, the field battle it runs on the field battle's own states, the retreat with 15.2's limits — and where the
// movement machine invokes it. The composed machines run as actors; each event goes to the active child, checked
// with `can` first. Boards come from the scenario schema.
import { createActor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { describe, expect, test } from 'vitest';
import { activeLeaf as leafOf } from '../../src/engine/actors.ts';
import { movementMachine } from '../../machines/index.ts';
import { reliefMachine } from '../../machines/relief/relief.machine.ts';
import { addStacks, relocate, replaceStacks, stacksWhere } from '../../src/rules/stacks.ts';
import { withPosition, type World } from '../../src/rules/world.ts';
import type { EngineEvent } from '../../src/schema/events.ts';
import type { Power } from '../../src/schema/power.ts';
import type { Units } from '../../src/schema/units.ts';
import { world, type ScenarioPatch, type StackInput } from '../helpers/fixtures.ts';

const CHARLES_IN_LINZ: StackInput = { space: 'linz', power: 'hapsburg', regulars: 5, leaders: ['charles-v'] };
const FERDINAND_INSIDE: StackInput = {
  space: 'vienna',
  power: 'hapsburg',
  regulars: 2,
  leaders: ['ferdinand'],
  inside: true,
};
const IBRAHIM: StackInput = { space: 'vienna', power: 'ottoman', regulars: 5, cavalry: 1, leaders: ['ibrahim-pasha'] };

/** examples/relief-vienna.json without its move: Vienna besieged by the Ottoman, Charles V in Linz. */
const BESIEGED: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  control: { pressburg: 'ottoman' },
  stacks: [CHARLES_IN_LINZ, FERDINAND_INSIDE, IBRAHIM],
  sieges: [{ space: 'vienna', by: ['ottoman'] }],
  impulse: { power: 'hapsburg', cp: 1 },
};

/** The relief force placed in Vienna (13.1 step 5), as the movement machine hands it to the relief machine. */
function arrived(patch: ScenarioPatch = BESIEGED): World {
  const w = world(patch);
  const formation = stacksWhere(w.position, { space: 'linz' }).filter((s) => s.power === 'hapsburg');
  return withPosition(
    w,
    addStacks(replaceStacks(w.position, formation, []), relocate(formation, { space: 'vienna', inside: false })),
  );
}

function reliefActor(w: World = arrived()) {
  const actor = createActor(reliefMachine, {
    input: { world: w, battle: { space: 'vienna', attacker: 'hapsburg', origin: 'linz' } },
  });
  actor.start();
  return actor;
}

function activeLeaf(root: AnyActorRef): AnyActorRef {
  const leaf = leafOf(root);
  if (!leaf) throw new Error('the move is over: no actor waits');
  return leaf;
}

function waiting(root: AnyActorRef) {
  const snapshot = activeLeaf(root).getSnapshot() as AnyMachineSnapshot;
  return { machine: snapshot.machine.id, state: snapshot.value, tags: [...snapshot.tags].sort(), snapshot };
}

function answer(root: AnyActorRef, event: EngineEvent): void {
  const leaf = activeLeaf(root);
  expect((leaf.getSnapshot() as AnyMachineSnapshot).can(event), JSON.stringify(event)).toBe(true);
  leaf.send(event);
}

const dice = (n: number, face: number): EngineEvent => ({
  type: 'dice.rolled',
  values: Array.from({ length: n }, () => face),
});
const roll = (...values: number[]): EngineEvent => ({ type: 'dice.rolled', values });
const SORTIE: EngineEvent = { type: 'relief.declare', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] };

function held(w: World, space: string, power: Power, inside: boolean): Units {
  const s = stacksWhere(w.position, { space, powers: [power], inside });
  return {
    regulars: s.reduce((n, x) => n + x.regulars, 0),
    mercenaries: s.reduce((n, x) => n + x.mercenaries, 0),
    cavalry: s.reduce((n, x) => n + x.cavalry, 0),
    leaders: s.flatMap((x) => x.leaders).sort(),
  };
}

describe('15.2 relief machine (with the field battle and its retreat as children)', () => {
  test('[15.2, ruling R35] waits for the sortie and accepts only the relief power’s pieces that are inside (SIE-08)', () => {
    const actor = reliefActor();
    expect(waiting(actor)).toMatchObject({ machine: 'relief', state: 'awaitingSortie', tags: ['decision'] });
    const s = waiting(actor).snapshot;
    expect(s.can({ type: 'relief.declare', power: 'ottoman' })).toBe(false);
    expect(s.can({ type: 'relief.declare', power: 'hapsburg', regulars: 3 })).toBe(false);
    expect(s.can({ type: 'relief.declare', power: 'hapsburg', leaders: ['charles-v'] })).toBe(false);
    expect(s.can({ type: 'relief.declare', power: 'hapsburg' })).toBe(true);
    expect(s.can({ type: 'dice.rolled', values: [6] })).toBe(false);
    answer(actor, SORTIE);
    // The sortie fights with the relief force beyond Charles V's command: 7 units + 2 = 9 dice (14 step 2).
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice', tags: ['roll'] });
    expect(waiting(actor).snapshot.can(dice(7, 1))).toBe(false);
    answer(actor, dice(9, 1));
    // The besiegers defend: 6 units + 1 for Ibrahim Pasha + 1 as defender (14 step 3, the Calais example).
    expect(waiting(actor).snapshot.can(dice(7, 1))).toBe(false);
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingDefenderDice' });
  });

  test('[15.2, ruling R35] units held back stay inside untouched and do not fight', () => {
    const actor = reliefActor();
    answer(actor, { type: 'relief.declare', power: 'hapsburg', regulars: 1 });
    const ctx = waiting(actor).snapshot.context as { world: World };
    expect(held(ctx.world, 'vienna', 'hapsburg', true)).toEqual({
      regulars: 1,
      mercenaries: 0,
      cavalry: 0,
      leaders: ['ferdinand'],
    });
    // 5 + 1 land units + 2 for Charles V.
    expect(waiting(actor).snapshot.can(dice(8, 1))).toBe(true);
  });

  test('[15.2, rulings R9, R35] nobody of the relief power inside: nobody is asked, the reasons are recorded', () => {
    const patch: ScenarioPatch = {
      ...BESIEGED,
      war: [
        ['ottoman', 'hapsburg'],
        ['ottoman', 'papacy'],
      ],
      alliances: [['hapsburg', 'papacy']],
      stacks: [CHARLES_IN_LINZ, { space: 'vienna', power: 'papacy', regulars: 2, inside: true }, IBRAHIM],
    };
    const actor = reliefActor(arrived(patch));
    expect(waiting(actor)).toMatchObject({ machine: 'fieldBattle', state: 'rollingAttackerDice' });
    const ctx = waiting(actor).snapshot.context as {
      summary: { skipped: { kind: string; refused: { code: string }[] }[]; relief?: unknown };
    };
    expect(ctx.summary.skipped).toMatchObject([{ kind: 'relief', refused: [{ code: 'areSortiePiecesInside' }] }]);
    expect(ctx.summary.relief).toMatchObject({ power: 'hapsburg', besiegers: ['ottoman'], outcome: null });
    // 5 units + 2 for Charles V: the Papal units inside do not fight.
    expect(waiting(actor).snapshot.can(dice(7, 1))).toBe(true);
  });

  test('[15.2, ruling R35] lost with fewer hits: the retreat accepts only what came out back inside (SIE-11)', () => {
    const actor = reliefActor();
    answer(actor, SORTIE);
    answer(actor, roll(6, 1, 1, 1, 1, 1, 1, 1, 1));
    answer(actor, roll(6, 5, 5, 1, 1, 1, 1, 1));
    answer(actor, { type: 'casualties.assign', power: 'hapsburg', regulars: 3 });
    answer(actor, { type: 'casualties.assign', power: 'ottoman', regulars: 1 });
    expect(waiting(actor)).toMatchObject({ machine: 'retreat', state: 'awaitingRetreat' });
    const s = waiting(actor).snapshot;
    expect(s.can({ type: 'retreat.declare', power: 'hapsburg', to: 'linz', inside: { regulars: 3 } })).toBe(false);
    expect(s.can({ type: 'retreat.declare', power: 'hapsburg', to: 'linz', inside: { leaders: ['charles-v'] } })).toBe(
      false,
    );
    // A losing attacker goes back where it came from (ruling R11).
    expect(s.can({ type: 'retreat.declare', power: 'hapsburg', to: 'graz' })).toBe(false);
    answer(actor, {
      type: 'retreat.declare',
      power: 'hapsburg',
      to: 'linz',
      inside: { regulars: 2, leaders: ['ferdinand'] },
    });
    const out = actor.getSnapshot();
    expect(out.status).toBe('done');
    expect(out.output!.summary.relief).toMatchObject({
      outcome: 'fewer',
      sortie: { regulars: 2, leaders: ['ferdinand'] },
    });
    expect(out.output!.world.position.sieges).toEqual([{ space: 'vienna', by: ['ottoman'], thisImpulse: false }]);
  });

  test('[15.2] won: the besiegers retreat (14.1) and the relief machine ends the siege (SIE-09)', () => {
    const actor = reliefActor();
    answer(actor, SORTIE);
    answer(actor, roll(6, 5, 5, 1, 1, 1, 1, 1, 1));
    answer(actor, roll(6, 1, 1, 1, 1, 1, 1, 1));
    answer(actor, { type: 'casualties.assign', power: 'hapsburg', regulars: 1 });
    answer(actor, { type: 'casualties.assign', power: 'ottoman', regulars: 3 });
    // A losing defender may not go back where the enemy came from (14.1).
    expect(waiting(actor).snapshot.can({ type: 'retreat.declare', power: 'ottoman', to: 'linz' })).toBe(false);
    answer(actor, { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' });
    const out = actor.getSnapshot().output!;
    expect(out.world.position.sieges).toEqual([]);
    expect(out.summary.siegesEnded).toEqual([{ space: 'vienna', by: ['ottoman'], rule: '15.2' }]);
    expect(out.summary.relief).toMatchObject({ outcome: 'won' });
  });
});

describe('13.1 step 8: the movement machine invokes the relief machine', () => {
  test('[15.2, 13.3, 13.4] a relief of Vienna: the besiegers may avoid battle, never withdraw, then the relief battle', () => {
    const actor = createActor(movementMachine, {
      input: {
        world: world(BESIEGED),
        move: { from: 'linz', to: 'vienna', regulars: 5, mercenaries: 0, cavalry: 0, leaders: ['charles-v'] },
      },
    });
    actor.start();
    // 13.3: the besiegers are the enemy in the destination and may avoid battle.
    expect(waiting(actor)).toMatchObject({ machine: 'avoidBattle', state: 'awaitingAvoid' });
    expect(waiting(actor).snapshot.can({ type: 'avoid.declare', power: 'ottoman', to: 'linz', regulars: 5 })).toBe(
      false,
    );
    answer(actor, { type: 'avoid.decline', power: 'ottoman' });
    // 13.4: no withdrawal (Vienna is not theirs); straight to the relief machine's sortie.
    expect(waiting(actor)).toMatchObject({ machine: 'relief', state: 'awaitingSortie' });
    const movement = actor.getSnapshot();
    expect(movement.value).toBe('relieving');
  });
});
