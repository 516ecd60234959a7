// Random playouts of every example: random legal answers and seeded dice, the invariants checked after every step.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { EMPTY_SUMMARY } from '../../src/schema/result.ts';
import { endViolations, stepViolations } from '../../src/review/invariants.ts';
import { randomPlayout } from '../../src/review/playout.ts';
import { scenario } from '../helpers/fixtures.ts';

const dir = join(import.meta.dirname, '..', '..', 'examples');
const examples = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const SEEDS = Array.from({ length: 25 }, (_, i) => i + 1);

/** The examples without their scripts: every answer and every die is random. */
function open(file: string) {
  const data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return parseScenario({ ...data, events: [] });
}

describe('invariants on random playouts (no unit created or lost outside the rules, every leader in one place)', () => {
  test.for(examples)('[13.1] %s: 25 random playouts keep every invariant at every step', (file) => {
    const sc = open(file);
    for (const seed of SEEDS) {
      const r = randomPlayout(sc, seed);
      expect(r.violations, `${file} seed ${seed}`).toEqual([]);
      expect(r.session.result, `${file} seed ${seed}`).not.toBeNull();
    }
  });

  test('[14 step 9] a big battle with mixed unit types and several powers keeps every invariant', () => {
    // Hapsburg and English stacks defend Hapsburg Vienna together; France is allied to neither.
    const sc = scenario({
      war: [
        ['ottoman', 'hapsburg'],
        ['ottoman', 'england'],
      ],
      alliances: [
        ['hapsburg', 'england'],
        ['hapsburg', 'hungary'],
      ],
      control: { pressburg: 'ottoman' },
      stacks: [
        { space: 'pressburg', power: 'ottoman', regulars: 9, cavalry: 3, leaders: ['suleiman', 'ibrahim-pasha'] },
        { space: 'vienna', power: 'hapsburg', regulars: 2, mercenaries: 2, leaders: ['ferdinand'] },
        { space: 'vienna', power: 'england', regulars: 1, mercenaries: 2, leaders: ['charles-brandon'] },
        { space: 'vienna', power: 'hungary', regulars: 1 },
        { space: 'graz', power: 'hapsburg', regulars: 3, mercenaries: 1, leaders: ['charles-v'] },
        { space: 'brunn', power: 'hungary', regulars: 2 },
      ],
      impulse: { power: 'ottoman', cp: 3 },
      move: { from: 'pressburg', to: 'vienna', regulars: 9, cavalry: 3, leaders: ['suleiman', 'ibrahim-pasha'] },
    });
    const outcomes = new Set<string>();
    for (const seed of Array.from({ length: 40 }, (_, i) => i + 100)) {
      const r = randomPlayout(sc, seed);
      expect(r.violations, `seed ${seed}`).toEqual([]);
      const s = r.session.result?.summary;
      outcomes.add(s?.battle ? `battle won by the ${s.battle.winner}` : s?.siege ? 'siege' : 'no battle');
    }
    // The random answers reach more than one ending: the playouts explore, not repeat one path.
    expect(outcomes.size).toBeGreaterThan(1);
  });
});

describe('the invariant checks themselves', () => {
  const sc = open('vienna-1517.json');
  const start = { position: sc.world.position, transit: [], summary: EMPTY_SUMMARY };

  test('accept the starting position', () => {
    expect(stepViolations(sc, start)).toEqual([]);
  });

  test('catch a unit created from nothing', () => {
    const stacks = sc.world.position.stacks.map((s) => (s.space === 'graz' ? { ...s, regulars: s.regulars + 1 } : s));
    expect(stepViolations(sc, { ...start, position: { ...sc.world.position, stacks } }).join()).toMatch(
      /regulars: 18 on the board, expected 17/,
    );
  });

  test('catch a leader in two places and a leader gone', () => {
    const stacks = sc.world.position.stacks.map((s) =>
      s.space === 'graz'
        ? { ...s, leaders: ['charles-v', 'ferdinand'] }
        : s.space === 'vienna'
          ? { ...s, leaders: [] }
          : s,
    );
    expect(stepViolations(sc, { ...start, position: { ...sc.world.position, stacks } })).toEqual([]);
    const twice = sc.world.position.stacks.map((s) =>
      s.space === 'graz' ? { ...s, leaders: ['charles-v', 'ferdinand'] } : s,
    );
    expect(stepViolations(sc, { ...start, position: { ...sc.world.position, stacks: twice } }).join()).toMatch(
      /leaders:/,
    );
  });

  test('catch enemies face to face at the end of a move', () => {
    const stacks = sc.world.position.stacks.map((s) => (s.space === 'pressburg' ? { ...s, space: 'vienna' } : s));
    expect(
      endViolations(sc, {
        ...start,
        position: { ...sc.world.position, stacks: stacks.sort((a, b) => a.space.localeCompare(b.space)) },
      }).join(),
    ).toMatch(/at war, both outside/);
  });
});
