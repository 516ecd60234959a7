// Test fixtures: every board situation is built through the scenario schema (parseScenario), never by hand.
import { parseScenario, type Scenario } from '../../src/engine/scenario.ts';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import type { World } from '../../src/rules/world.ts';
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

/** The rulebook example's board (RULES.md §6) without its move. */
export const VIENNA: ScenarioPatch = {
  war: [['ottoman', 'hapsburg']],
  alliances: [['hapsburg', 'hungary']],
  control: { pressburg: 'ottoman' },
  stacks: [
    { space: 'pressburg', power: 'ottoman', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] },
    { space: 'graz', power: 'hapsburg', regulars: 8, leaders: ['charles-v'] },
    { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
  ],
  impulse: { power: 'ottoman', cp: 1 },
};
