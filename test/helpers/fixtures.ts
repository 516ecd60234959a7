// Test fixtures: every board situation is built through the scenario schema (parseScenario), never by hand.
import { parseScenario, ScenarioError, type Issue, type Scenario } from '../../src/engine/scenario.ts';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import { withPosition, type World } from '../../src/rules/world.ts';
import type { MoveLeg } from '../../src/rules/leg.ts';
import type { MajorPower } from '../../src/schema/power.ts';
import { replaceStacks, stacksWhere } from '../../src/rules/stacks.ts';
import { units, type Units } from '../../src/schema/units.ts';

export type ScenarioPatch = Partial<ScenarioInput>;

/** A scenario with defaults: bundled map, Ottoman impulse with 2 CP, no move. */
export function scenario(patch: ScenarioPatch): Scenario {
  return parseScenario({ impulse: { power: 'ottoman', cp: 2 }, ...patch });
}

export function world(patch: ScenarioPatch): World {
  return scenario(patch).world;
}

export function u(partial: Partial<Units> = {}): Units {
  return units(partial);
}

export type StackInput = NonNullable<ScenarioPatch['stacks']>[number];

// The rulebook example's pieces (RULES.md §6).
export const SULEIMAN: StackInput = {
  space: 'pressburg',
  power: 'ottoman',
  regulars: 7,
  cavalry: 1,
  leaders: ['suleiman', 'ibrahim-pasha'],
};
export const CHARLES: StackInput = { space: 'graz', power: 'hapsburg', regulars: 8, leaders: ['charles-v'] };
export const FERDINAND: StackInput = { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] };

/** The rulebook example's board (RULES.md §6) without its move. */
export const VIENNA: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  alliances: [['hapsburg', 'hungary']],
  control: { pressburg: 'ottoman' },
  stacks: [SULEIMAN, CHARLES, FERDINAND],
  impulse: { power: 'ottoman', cp: 1 },
};

/** The patch with more stacks. */
export const plus = (patch: ScenarioPatch, ...stacks: StackInput[]): ScenarioPatch => ({
  ...patch,
  stacks: [...(patch.stacks ?? []), ...stacks],
});

/** The impulse of `power` with `cp` CP left. */
export const turn = (power: MajorPower, cp = 1): ScenarioPatch => ({ impulse: { power, cp } });

/** 13.1 step 3: the power's stacks leave `from` for `to` (in transit until placed), as the movement machine does. */
export function depart(w: World, power: MajorPower, from: string, to: string): { world: World; leg: MoveLeg } {
  const formation = stacksWhere(w.position, { space: from }).filter((s) => s.power === power);
  return {
    world: withPosition(w, replaceStacks(w.position, formation, [])),
    leg: { power, from, to, formation, kind: 'move' },
  };
}

/** The issues a rejected scenario lists; fails the test if the scenario parses. */
export function issuesOf(input: unknown): Issue[] {
  try {
    parseScenario(input);
  } catch (e) {
    if (e instanceof ScenarioError) return [...e.issues];
    throw e;
  }
  throw new Error('the scenario was accepted');
}
