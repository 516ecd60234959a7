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
