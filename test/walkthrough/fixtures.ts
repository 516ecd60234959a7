// Scenarios for the walkthrough tests: the rulebook's worked example, and a small inline map whose names are
// hostile markup (a space named like an <img> tag with an onerror handler, a leader and a title that try to close
// the page's script element). Every fixture passes through the scenario schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenario, type Scenario } from '../../src/index.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
export const VIENNA_TEXT = readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8');

export function vienna(): Scenario {
  return parseScenario(VIENNA_TEXT);
}

export const HOSTILE_SPACE = '<img src=x onerror=alert(1)>';
export const HOSTILE_LEADER = 'Bad "Leader" & <b>Co</b>';
export const HOSTILE_TITLE = "</script><script>alert(2)</script> & 'quotes'";

/** An Ottoman move into a Hapsburg key named like markup; the Hapsburg stack may avoid, withdraw or fight. */
export function hostile(): Scenario {
  return parseScenario({
    name: HOSTILE_TITLE,
    description: '<!-- a comment opener --> and <style>body{display:none}</style>',
    map: {
      spaces: [
        { id: 'keep', name: HOSTILE_SPACE, type: 'key', home: 'hapsburg' },
        { id: 'camp', name: 'Camp & <Co>', type: 'unfortified', home: 'ottoman' },
        { id: 'ford', name: 'Ford \'the "quoted"\'', type: 'unfortified', home: 'hapsburg' },
        { id: 'pass', name: 'High pass', type: 'unfortified', home: 'hapsburg' },
      ],
      connections: [
        { a: 'keep', b: 'camp' },
        { a: 'camp', b: 'ford' },
        { a: 'keep', b: 'ford' },
        { a: 'keep', b: 'pass', kind: 'pass' },
      ],
    },
    leaders: [{ id: 'bad-leader', name: HOSTILE_LEADER, power: 'hapsburg', battle: 1, command: 6 }],
    war: [['ottoman', 'hapsburg']],
    stacks: [
      { space: 'camp', power: 'ottoman', regulars: 5, leaders: ['ibrahim-pasha'] },
      { space: 'keep', power: 'hapsburg', regulars: 3, leaders: ['bad-leader'] },
    ],
    impulse: { power: 'ottoman', cp: 2 },
    move: { from: 'camp', to: 'keep', regulars: 5, leaders: ['ibrahim-pasha'] },
  });
}

/**
 * A crowded board around Vienna: the Ottoman formation moves in from Pressburg; three Hapsburg stacks may intercept
 * (Graz, Linz, and Brunn under a leader with a very long name), Ferdinand's stack stands outside Vienna and another
 * inside, a Hungarian one in Buda. Under the eager policy every interception is tried and fails, Ferdinand tries to
 * avoid battle and fails, loses, is captured, and Vienna is besieged: the busiest map the examples do not have.
 */
export function busy(): Scenario {
  return parseScenario(BUSY);
}

export const BUSY = {
  title: {
    en: 'A crowded Vienna: three interceptors, a stack inside and one outside',
    ru: 'Тесно у Вены: три перехватчика, гарнизон и войска у стен',
  },
  leaders: [
    {
      id: 'niklas-salm',
      name: 'Count Niklas Salm zu Neuburg am Inn',
      power: 'hapsburg',
      battle: 1,
      command: 6,
    },
  ],
  war: [
    ['ottoman', 'hapsburg'],
    ['ottoman', 'hungary'],
  ],
  alliances: [['hapsburg', 'hungary']],
  control: {
    pressburg: 'ottoman',
    brunn: 'hapsburg',
  },
  stacks: [
    {
      space: 'pressburg',
      power: 'ottoman',
      regulars: 7,
      cavalry: 2,
      leaders: ['suleiman', 'ibrahim-pasha'],
    },
    {
      space: 'vienna',
      power: 'hapsburg',
      regulars: 2,
      mercenaries: 1,
      leaders: ['ferdinand'],
    },
    {
      space: 'vienna',
      power: 'hapsburg',
      regulars: 3,
      inside: true,
    },
    {
      space: 'graz',
      power: 'hapsburg',
      regulars: 6,
      leaders: ['charles-v'],
    },
    {
      space: 'linz',
      power: 'hapsburg',
      regulars: 4,
      mercenaries: 2,
      leaders: ['duke-of-alva'],
    },
    {
      space: 'brunn',
      power: 'hapsburg',
      regulars: 3,
      mercenaries: 1,
      leaders: ['niklas-salm'],
    },
    {
      space: 'buda',
      power: 'hungary',
      regulars: 4,
    },
  ],
  impulse: {
    power: 'ottoman',
    cp: 1,
  },
  move: {
    from: 'pressburg',
    to: 'vienna',
    regulars: 7,
    cavalry: 2,
    leaders: ['suleiman', 'ibrahim-pasha'],
  },
} as const;
