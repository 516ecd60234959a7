// parseScenario (DESIGN "Scenario format", a contract): a valid scenario parses; a bad one is rejected with every
// problem listed as {path, message}, structural ones from the zod schema and semantic ones from scenario-checks.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { connection, space } from '../../src/data/board.ts';
import { parseScenario, ScenarioError, type Issue } from '../../src/engine/scenario.ts';
import { issuesOf } from '../helpers/fixtures.ts';
import type { ScenarioInput } from '../../src/schema/scenario.ts';

const EXAMPLE_TEXT = readFileSync(new URL('../../examples/vienna-1517.json', import.meta.url), 'utf8');

/** A fresh copy of the rulebook's worked example (RULES.md §6), to break one thing at a time. */
function example(): ScenarioInput {
  return JSON.parse(EXAMPLE_TEXT) as ScenarioInput;
}

/** The example's board without its move or events: Ottoman at war with the Hapsburgs, Hungary allied to them. */
function board(patch: Partial<ScenarioInput> = {}): Record<string, unknown> {
  const { move: _move, events: _events, ...rest } = example();
  return { ...rest, ...patch };
}


function onlyIssue(input: unknown): Issue {
  const issues = issuesOf(input);
  expect(issues, JSON.stringify(issues)).toHaveLength(1);
  return issues[0] as Issue;
}

describe('parseScenario: valid scenarios', () => {
  test('parses the rulebook example from JSON text', () => {
    const s = parseScenario(EXAMPLE_TEXT);
    expect(s.board.id).toBe('his');
    expect(s.data.impulse).toEqual({ power: 'ottoman', cp: 1 });
    expect(s.data.move).toMatchObject({ from: 'pressburg', to: 'vienna', regulars: 7, cavalry: 1 });
    expect(s.data.events).toHaveLength(5);
    expect(s.world.position.stacks).toHaveLength(3);
  });

  test('parses the rulebook example given as a value, filling in the defaults', () => {
    const s = parseScenario(example());
    expect(s.data.map).toBe('his');
    expect(s.data.schmalkaldicLeague).toBe(true);
    expect(s.data.sieges).toEqual([]);
    expect(s.data.captured).toEqual([]);
    const vienna = s.data.stacks.find((x) => x.space === 'vienna');
    expect(vienna).toMatchObject({ power: 'hapsburg', regulars: 2, mercenaries: 0, cavalry: 0, inside: false, lostBattle: false });
  });

  test('[21.6, ruling R34] parses a position before the Schmalkaldic League, and keeps it in the world the rules read', () => {
    const before = parseScenario(board({ schmalkaldicLeague: false }));
    expect(before.data.schmalkaldicLeague).toBe(false);
    expect(before.world.schmalkaldicLeague).toBe(false);
    const after = parseScenario(board({ schmalkaldicLeague: true, war: [['ottoman', 'hapsburg'], ['ottoman', 'protestant']] }));
    expect(after.data.schmalkaldicLeague).toBe(true);
    expect(after.world.schmalkaldicLeague).toBeUndefined();
  });

  test('[ruling R15] leaves control overrides as given and the rest to home powers', () => {
    const s = parseScenario(example());
    expect(s.world.position.control).toEqual({ pressburg: 'ottoman' });
  });

  test('[2.1] accepts 4 land units inside a fortified space', () => {
    const s = parseScenario(board({ stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 4, inside: true }] }));
    expect(s.world.position.stacks[0]).toMatchObject({ space: 'vienna', regulars: 4, inside: true });
  });

  test('[15] accepts a siege whose besiegers outnumber the units inside', () => {
    const s = parseScenario(
      board({
        stacks: [
          { space: 'vienna', power: 'hapsburg', regulars: 2, inside: true },
          { space: 'vienna', power: 'ottoman', regulars: 3 },
        ],
        sieges: [{ space: 'vienna', by: ['ottoman'] }],
      }),
    );
    expect(s.data.sieges).toEqual([{ space: 'vienna', by: ['ottoman'], thisImpulse: false }]);
  });

  test('[5.1] accepts Maurice of Saxony in a Hapsburg stack (two-sided counter) and the renegade with any power', () => {
    const s = parseScenario(
      board({
        stacks: [
          { space: 'linz', power: 'hapsburg', regulars: 1, leaders: ['maurice-of-saxony'] },
          { space: 'buda', power: 'ottoman', regulars: 1, leaders: ['renegade'] },
        ],
        control: { buda: 'ottoman' },
      }),
    );
    expect(s.world.position.stacks).toHaveLength(2);
  });
});

describe('parseScenario: JSON text', () => {
  test('a syntax error is one clear issue, without a stack trace', () => {
    const issue = onlyIssue('{ "impulse": { "power": "ottoman", "cp": 1 }, }');
    expect(issue.path).toBe('');
    expect(issue.message).toMatch(/^not valid JSON/);
    expect(issue.message).not.toMatch(/\n\s+at /);
  });

  test('a syntax error names its line and column when the parser gives its position', () => {
    // A trailing comma: the parser stops at the closing brace on line 3.
    const issue = onlyIssue('{\n  "impulse": { "power": "ottoman", "cp": 1 },\n}');
    expect(issue.message).toMatch(/^not valid JSON: .*\(line 3, column 1\)$/);
  });

  test('the error message lists the issue under (root)', () => {
    try {
      parseScenario('[');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioError);
      expect((e as Error).message).toMatch(/^invalid scenario:\n {2}\(root\): not valid JSON/);
    }
  });
});

interface Row {
  what: string;
  input: () => unknown;
  path: string;
  message: RegExp;
}

const rows = (list: Row[]) => list.map((r) => [r.what, r] as const);

describe('parseScenario: structural problems', () => {
  const STRUCTURAL: Row[] = [
    {
      what: 'a negative count',
      input: () => board({ stacks: [{ space: 'graz', power: 'hapsburg', regulars: -1 }] }),
      path: 'stacks[0].regulars',
      message: /cannot be negative/,
    },
    {
      what: 'a fractional count',
      input: () => board({ stacks: [{ space: 'graz', power: 'hapsburg', regulars: 2.5 }] }),
      path: 'stacks[0].regulars',
      message: /whole number/,
    },
    {
      what: 'a negative CP',
      input: () => board({ impulse: { power: 'ottoman', cp: -1 } }),
      path: 'impulse.cp',
      message: /cannot be negative/,
    },
    {
      what: 'an unknown power',
      input: () => board({ stacks: [{ space: 'graz', power: 'spain' as 'hapsburg', regulars: 1 }] }),
      path: 'stacks[0].power',
      message: /ottoman.*hapsburg/,
    },
    {
      what: 'a minor power as the active power',
      input: () => board({ impulse: { power: 'hungary' as 'ottoman', cp: 1 } }),
      path: 'impulse.power',
      message: /ottoman/,
    },
    {
      what: 'an unknown field in a stack',
      input: () => board({ stacks: [{ space: 'graz', power: 'hapsburg', regulars: 1, colour: 'red' } as never] }),
      path: 'stacks[0]',
      message: /colour/,
    },
    {
      what: 'an unknown top-level field',
      input: () => ({ ...board(), turn: 3 }),
      path: '',
      message: /turn/,
    },
    {
      what: 'a missing impulse',
      input: () => {
        const { impulse: _impulse, ...rest } = board();
        return rest;
      },
      path: 'impulse',
      message: /expected object/,
    },
  ];

  test.for(rows(STRUCTURAL))('rejects %s', ([, { input, path, message }]) => {
    const issue = onlyIssue(input());
    expect(issue.path).toBe(path);
    expect(issue.message).toMatch(message);
  });

  test('rejects a scripted die of 7 with the path of that die', () => {
    const s = example();
    s.events = [{ type: 'dice.rolled', values: [3, 7] }];
    expect(onlyIssue(s)).toEqual({ path: 'events[0].values[1]', message: 'a die shows 1 to 6' });
  });

  test('lists every structural problem at once', () => {
    const issues = issuesOf(
      board({
        stacks: [
          { space: 'graz', power: 'hapsburg', regulars: -1, cavalry: 0.5 },
          { space: 'graz', power: 'spain' as 'hapsburg' },
        ],
        impulse: { power: 'hungary' as 'ottoman', cp: 1 },
      }),
    );
    expect(issues.map((i) => i.path).sort()).toEqual(['impulse.power', 'stacks[0].cavalry', 'stacks[0].regulars', 'stacks[1].power']);
  });
});

describe('parseScenario: problems in the position', () => {
  const POSITION: Row[] = [
    {
      what: 'an unknown space id',
      input: () => board({ stacks: [{ space: 'atlantis', power: 'hapsburg', regulars: 1 }] }),
      path: 'stacks[0].space',
      message: /unknown space 'atlantis'/,
    },
    {
      what: 'a sea zone used as the space of a stack',
      input: () => board({ stacks: [{ space: 'adriatic', power: 'hapsburg', regulars: 1 }] }),
      path: 'stacks[0].space',
      message: /'adriatic' is a sea zone, not a land space/,
    },
    {
      what: 'an unknown space in control',
      input: () => board({ control: { atlantis: 'ottoman' } }),
      path: 'control.atlantis',
      message: /unknown space 'atlantis'/,
    },
    {
      what: 'an unknown space in unrest',
      input: () => board({ unrest: ['linz', 'atlantis'] }),
      path: 'unrest[1]',
      message: /unknown space 'atlantis'/,
    },
    {
      what: 'an unknown leader',
      input: () => board({ stacks: [{ space: 'graz', power: 'hapsburg', regulars: 1, leaders: ['napoleon'] }] }),
      path: 'stacks[0].leaders[0]',
      message: /unknown army leader 'napoleon'/,
    },
    {
      what: 'an unknown captured leader',
      input: () => board({ captured: [{ leader: 'napoleon', by: 'ottoman' }] }),
      path: 'captured[0].leader',
      message: /unknown army leader 'napoleon'/,
    },
  ];

  test.for(rows(POSITION))('rejects %s', ([, { input, path, message }]) => {
    const issue = onlyIssue(input());
    expect(issue.path).toBe(path);
    expect(issue.message).toMatch(message);
  });

  const RULES: Row[] = [
    {
      what: '[5.1] rejects a leader in a stack of another power',
      input: () =>
        board({
          stacks: [
            { space: 'pressburg', power: 'ottoman', regulars: 7, leaders: ['suleiman', 'duke-of-alva'] },
            { space: 'graz', power: 'hapsburg', regulars: 8, leaders: ['charles-v'] },
          ],
        }),
      path: 'stacks[0].leaders[1]',
      message: /Duke of Alva leads Hapsburg armies, not Ottoman ones/,
    },
    {
      what: '[5.1] rejects Maurice of Saxony in an Ottoman stack, naming both sides of his counter',
      input: () => board({ stacks: [{ space: 'pressburg', power: 'ottoman', regulars: 1, leaders: ['maurice-of-saxony'] }] }),
      path: 'stacks[0].leaders[0]',
      message: /Maurice of Saxony leads Protestant or Hapsburg armies/,
    },
    {
      what: '[5.2] rejects cavalry for a power other than the Ottoman',
      input: () => board({ stacks: [{ space: 'graz', power: 'hapsburg', regulars: 1, cavalry: 1 }] }),
      path: 'stacks[0].cavalry',
      message: /only the Ottoman has cavalry/,
    },
    {
      what: '[5.2] rejects mercenaries for the Ottoman',
      input: () => board({ stacks: [{ space: 'pressburg', power: 'ottoman', regulars: 1, mercenaries: 2 }] }),
      path: 'stacks[0].mercenaries',
      message: /Ottoman has no mercenaries/,
    },
    {
      what: '[5.2] rejects mercenaries for a minor power',
      input: () => board({ stacks: [{ space: 'buda', power: 'hungary', mercenaries: 1 }] }),
      path: 'stacks[0].mercenaries',
      message: /Hungary-Bohemia has no mercenaries/,
    },
    {
      what: '[2.1] rejects 5 land units inside a fortified space',
      input: () => board({ stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 4, cavalry: 0, mercenaries: 1, inside: true }] }),
      path: 'stacks[0].inside',
      message: /5 land units are inside Vienna: at most 4/,
    },
    {
      what: '[2.1] rejects 5 land units inside a fortified space split over two stacks, pointing at the one that overfills it',
      input: () =>
        board({
          stacks: [
            { space: 'buda', power: 'hungary', regulars: 3, inside: true },
            { space: 'vienna', power: 'hapsburg', regulars: 1 },
            { space: 'buda', power: 'hapsburg', regulars: 2, inside: true },
          ],
        }),
      path: 'stacks[2].inside',
      message: /5 land units are inside Buda: at most 4/,
    },
    {
      what: '[2.1] rejects units inside an unfortified space',
      input: () => board({ stacks: [{ space: 'graz', power: 'hapsburg', regulars: 2, inside: true }] }),
      path: 'stacks[0].inside',
      message: /Graz is not fortified: nothing can be inside/,
    },
    {
      what: '[2.1] rejects two powers at war both outside in one space',
      input: () =>
        board({
          stacks: [
            { space: 'mohacs', power: 'ottoman', regulars: 3 },
            { space: 'mohacs', power: 'hapsburg', regulars: 2 },
          ],
        }),
      path: 'stacks[1]',
      message: /Ottoman and Hapsburg are at war and both stand outside in Mohacs/,
    },
    {
      what: '[2.1] rejects an active minor ally and its major\'s enemy both outside in one space',
      input: () =>
        board({
          stacks: [
            { space: 'szegedin', power: 'hungary', regulars: 2 },
            { space: 'szegedin', power: 'ottoman', regulars: 3 },
          ],
        }),
      path: 'stacks[1]',
      message: /Hungary-Bohemia and Ottoman are at war/,
    },
    {
      what: '[2.1] rejects units inside a fortified space that an enemy controls',
      input: () => board({ stacks: [{ space: 'vienna', power: 'ottoman', regulars: 2, inside: true }] }),
      path: 'stacks[0].inside',
      message: /Ottoman units are inside Vienna, which Hapsburg controls/,
    },
    {
      what: '[15] rejects enemies outside and inside a fortified space when no siege is listed',
      input: () =>
        board({
          stacks: [
            { space: 'vienna', power: 'hapsburg', regulars: 2, inside: true },
            { space: 'vienna', power: 'ottoman', regulars: 3 },
          ],
        }),
      path: 'sieges',
      message: /list the siege in "sieges"/,
    },
    {
      what: '[15] rejects a siege of an unfortified space',
      input: () => board({ stacks: [{ space: 'graz', power: 'ottoman', regulars: 3 }], sieges: [{ space: 'graz', by: ['ottoman'] }] }),
      path: 'sieges[0]',
      message: /Graz is not fortified: it cannot be besieged/,
    },
    {
      what: '[15] rejects a siege whose besiegers do not outnumber the units inside',
      input: () =>
        board({
          stacks: [
            { space: 'vienna', power: 'hapsburg', regulars: 3, inside: true },
            { space: 'vienna', power: 'ottoman', regulars: 3 },
          ],
          sieges: [{ space: 'vienna', by: ['ottoman'] }],
        }),
      path: 'sieges[0]',
      message: /needs more land units of the besieging powers outside \(3\) than land units inside \(3\)/,
    },
    {
      what: '[15] rejects a siege in a sea zone',
      input: () => board({ sieges: [{ space: 'adriatic', by: ['ottoman'] }] }),
      path: 'sieges[0].space',
      message: /'adriatic' is a sea zone/,
    },
    {
      what: '[21.6, ruling R34] rejects a war with the Protestant before the Schmalkaldic League',
      input: () => board({ schmalkaldicLeague: false, war: [['ottoman', 'hapsburg'], ['protestant', 'france']] }),
      path: 'war[1]',
      message: /France is at war with the Protestant.*schmalkaldicLeague: false.*\(21\.6, ruling R34\)/,
    },
    {
      what: "[21.6, ruling R34] rejects a move of the Protestant's units before the League",
      input: () =>
        board({
          schmalkaldicLeague: false,
          stacks: [{ space: 'worms', power: 'protestant', regulars: 2 }],
          impulse: { power: 'protestant', cp: 1 },
          move: { from: 'worms', to: 'mainz', regulars: 2 },
        }),
      path: 'move',
      message: /^\[21\.6, ruling R34\] The Schmalkaldic League has not formed: until it does, Protestant units may not move/,
    },
    {
      what: '[21.6, ruling R34] rejects a move into an electorate before the League',
      input: () =>
        board({
          schmalkaldicLeague: false,
          control: { augsburg: 'hapsburg' },
          stacks: [{ space: 'regensburg', power: 'hapsburg', regulars: 2 }],
          impulse: { power: 'hapsburg', cp: 1 },
          move: { from: 'regensburg', to: 'augsburg', regulars: 2 },
        }),
      path: 'move.to',
      message: /^\[21\.6, ruling R34\] Augsburg is an electorate/,
    },
  ];

  test.for(rows(RULES))('%s', ([, { input, path, message }]) => {
    const issue = onlyIssue(input());
    expect(issue.path).toBe(path);
    expect(issue.message).toMatch(message);
  });

  const TWICE: [string, Partial<ScenarioInput>, string, string][] = [
    ['in two stacks', { stacks: [{ space: 'graz', power: 'hapsburg', regulars: 8, leaders: ['charles-v'] }, { space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand', 'charles-v'] }] }, 'stacks[1].leaders[1]', 'stacks[0].leaders[0]'],
    ['in a stack and captured', { stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] }], captured: [{ leader: 'ferdinand', by: 'ottoman' }] }, 'captured[0]', 'stacks[0].leaders[0]'],
    ['captured twice', { stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 2 }], captured: [{ leader: 'ferdinand', by: 'ottoman' }, { leader: 'ferdinand', by: 'france' }] }, 'captured[1]', 'captured[0]'],
  ];

  test.for(TWICE)('rejects a leader %s, naming where he already is', ([, patch, path, first]) => {
    const issue = onlyIssue(board(patch));
    expect(issue.path).toBe(path);
    expect(issue.message).toContain(`already placed at ${first}`);
    expect(issue.message).toContain('a leader is in exactly one place');
  });
});

describe('parseScenario: the move', () => {
  const MOVES: Row[] = [
    {
      what: '[13.1] rejects a move whose units are not in its from space',
      input: () => ({ ...example(), move: { from: 'pressburg', to: 'vienna', regulars: 9, leaders: ['suleiman'] } }),
      path: 'move',
      message: /Pressburg does not hold 9 regulars.*every unit of a formation starts in the space it moves from/,
    },
    {
      what: '[13.1] rejects a move of a leader who is elsewhere',
      input: () => ({ ...example(), move: { from: 'pressburg', to: 'vienna', regulars: 1, leaders: ['suleiman', 'ferdinand'] } }),
      path: 'move',
      message: /Pressburg does not hold/,
    },
    {
      what: '[13.1] rejects a move to a space that is not adjacent',
      input: () => ({ ...example(), move: { from: 'pressburg', to: 'graz', regulars: 7, leaders: ['suleiman'] } }),
      path: 'move.to',
      message: /Graz is not adjacent to Pressburg/,
    },
    {
      what: '[13.1] rejects a move to an unknown space',
      input: () => ({ ...example(), move: { from: 'pressburg', to: 'atlantis', regulars: 1 } }),
      path: 'move.to',
      message: /unknown space 'atlantis'/,
    },
    {
      what: '[13.1] rejects a move into a sea zone',
      input: () => ({ ...example(), move: { from: 'pressburg', to: 'adriatic', regulars: 1 } }),
      path: 'move.to',
      message: /'adriatic' is a sea zone/,
    },
    {
      what: '[5.1] rejects a move over the command limit of its leader',
      input: () => ({ ...example(), move: { from: 'pressburg', to: 'vienna', regulars: 7, cavalry: 1, leaders: ['ibrahim-pasha'] } }),
      path: 'move',
      message: /\[5\.1\] A formation of 8 land units is too large: Ibrahim Pasha commands at most 6/,
    },
    {
      what: '[5.1] rejects a leaderless move of 5 land units',
      input: () => ({ ...example(), move: { from: 'pressburg', to: 'vienna', regulars: 5 } }),
      path: 'move',
      message: /\[5\.1\] A formation of 5 land units is too large: no leader: at most 4/,
    },
    {
      what: '[5.1] rejects a move that mixes two major powers (an English leader in an Ottoman move)',
      input: () => {
        const s = example();
        s.stacks = [...(s.stacks ?? []), { space: 'pressburg', power: 'england', regulars: 1, leaders: ['charles-brandon'] }];
        s.move = { from: 'pressburg', to: 'vienna', regulars: 7, leaders: ['suleiman', 'charles-brandon'] };
        return s;
      },
      path: 'move.leaders',
      message: /\[5\.1\] Charles Brandon is not a.*leader: a formation may not mix two major powers/,
    },
    {
      what: '[2.5] rejects a move over a pass with 1 CP (2 CP needed)',
      input: () =>
        board({
          stacks: [{ space: 'salzburg', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'] }],
          impulse: { power: 'hapsburg', cp: 1 },
          move: { from: 'salzburg', to: 'graz', regulars: 3, leaders: ['ferdinand'] },
        }),
      path: 'impulse.cp',
      message: /\[13\.1 step 3\] Moving from Salzburg to Graz over a pass costs 2 CP; 1 CP left/,
    },
  ];

  test.for(rows(MOVES))('%s', ([, { input, path, message }]) => {
    const issue = onlyIssue(input());
    expect(issue.path).toBe(path);
    expect(issue.message).toMatch(message);
  });

  test('[2.5] accepts the same move over the pass with 2 CP', () => {
    const s = parseScenario(
      board({
        stacks: [{ space: 'salzburg', power: 'hapsburg', regulars: 3, leaders: ['ferdinand'] }],
        impulse: { power: 'hapsburg', cp: 2 },
        move: { from: 'salzburg', to: 'graz', regulars: 3, leaders: ['ferdinand'] },
      }),
    );
    expect(connection(s.board, 'salzburg', 'graz')).toBe('pass');
  });

  test('[5.1] accepts 12 regulars and 2 cavalry with Suleiman and Ibrahim (command 12 + 6)', () => {
    const s = parseScenario(
      board({
        stacks: [{ space: 'pressburg', power: 'ottoman', regulars: 12, cavalry: 2, leaders: ['suleiman', 'ibrahim-pasha'] }],
        move: { from: 'pressburg', to: 'buda', regulars: 12, cavalry: 2, leaders: ['suleiman', 'ibrahim-pasha'] },
      }),
    );
    expect(s.data.move?.regulars).toBe(12);
  });
});

describe('parseScenario: several problems at once', () => {
  test('lists every problem of the position, each with its path', () => {
    const issues = issuesOf(
      board({
        stacks: [
          { space: 'atlantis', power: 'ottoman', regulars: 3 },
          { space: 'graz', power: 'hapsburg', cavalry: 1, leaders: ['napoleon'] },
          { space: 'vienna', power: 'hapsburg', regulars: 5, inside: true, leaders: ['ferdinand'] },
          { space: 'linz', power: 'hapsburg', regulars: 1, inside: true, leaders: ['suleiman'] },
        ],
        captured: [{ leader: 'ferdinand', by: 'ottoman' }],
        sieges: [{ space: 'adriatic', by: ['ottoman'] }],
        schmalkaldicLeague: false,
        war: [['ottoman', 'hapsburg'], ['ottoman', 'protestant']],
      }),
    );
    expect(issues.map((i) => i.path).sort()).toEqual(
      [
        'war[1]',
        'stacks[0].space',
        'stacks[1].cavalry',
        'stacks[1].leaders[0]',
        'captured[0]',
        'stacks[2].inside',
        'stacks[3].inside',
        'stacks[3].leaders[0]',
        'sieges[0].space',
      ].sort(),
    );
    for (const issue of issues) expect(issue.message.length, issue.path).toBeGreaterThan(10);
  });

  test('lists a bad move space alongside the problems of the position', () => {
    const issues = issuesOf({
      ...example(),
      stacks: [{ space: 'graz', power: 'hapsburg', regulars: 8, mercenaries: 0, cavalry: 1, leaders: ['charles-v'] }],
      move: { from: 'pressburg', to: 'adriatic', regulars: 1 },
    });
    expect(issues.map((i) => i.path)).toEqual(['stacks[0].cavalry', 'move.to']);
  });
});

describe('parseScenario: inline maps', () => {
  const MAP = {
    spaces: [
      { id: 'keep', name: 'The Keep', type: 'key' as const, home: 'hapsburg' as const },
      { id: 'field', type: 'unfortified' as const, home: 'hapsburg' as const },
      { id: 'col', type: 'unfortified' as const, home: 'ottoman' as const },
    ],
    connections: [
      { a: 'keep', b: 'field' },
      { a: 'field', b: 'col', kind: 'pass' as const },
    ],
  };

  const inline = (patch: Partial<ScenarioInput> = {}): ScenarioInput => ({
    map: MAP,
    war: [['ottoman', 'hapsburg']],
    stacks: [
      { space: 'col', power: 'ottoman', regulars: 3 },
      { space: 'keep', power: 'hapsburg', regulars: 2, inside: true },
    ],
    impulse: { power: 'ottoman', cp: 2 },
    move: { from: 'col', to: 'field', regulars: 3 },
    ...patch,
  });

  test('[2.5] parses a scenario on an inline map with a pass', () => {
    const s = parseScenario(inline());
    expect(s.board.id).toBe('inline');
    expect([...s.board.spaces.keys()].sort()).toEqual(['col', 'field', 'keep']);
    expect(space(s.board, 'keep').fortified).toBe(true);
    expect(connection(s.board, 'col', 'field')).toBe('pass');
  });

  test('[2.5] rejects a move over the inline pass with 1 CP', () => {
    const issue = onlyIssue(inline({ impulse: { power: 'ottoman', cp: 1 } }));
    expect(issue.path).toBe('impulse.cp');
    expect(issue.message).toMatch(/over a pass costs 2 CP/);
  });

  test('rejects a connection to an unknown space with the path of that connection', () => {
    const issue = onlyIssue(inline({ map: { ...MAP, connections: [...MAP.connections, { a: 'field', b: 'vienna' }] } }));
    expect(issue).toEqual({ path: 'map.connections[2].b', message: "unknown space 'vienna'" });
  });

  test('rejects a space listed twice and a space connected to itself', () => {
    const issues = issuesOf(
      inline({
        map: { spaces: [...MAP.spaces, { id: 'col', type: 'key', home: 'ottoman' }], connections: [...MAP.connections, { a: 'keep', b: 'keep' }] },
      }),
    );
    expect(issues.map((i) => i.path)).toEqual(['map.spaces[3].id', 'map.connections[2]']);
  });

  test('does not know the bundled spaces', () => {
    const issue = onlyIssue(inline({ stacks: [{ space: 'vienna', power: 'hapsburg', regulars: 1 }], move: undefined }));
    expect(issue).toEqual({ path: 'stacks[0].space', message: "unknown space 'vienna'" });
  });
});

describe('parseScenario: a title and a description of its own, in English and Russian', () => {
  test('[DESIGN] {en, ru}, one language only, or one text for both; the worked example carries both languages', async () => {
    const { scenarioDescription, scenarioTitle } = await import('../../src/text/scenario.ts');
    const book = parseScenario(EXAMPLE_TEXT).data;
    expect(scenarioTitle(book)).toEqual({
      en: "Vienna, 1517 — the rulebook's Interception and Battle Example",
      ru: 'Вена, 1517 — пример перехвата и сражения из правил',
    });
    expect(scenarioDescription(book)!.ru).toMatch(/^Импульс Османов\./);
    expect(scenarioDescription(book)!.ru).not.toMatch(/RULES\.md/);
    const { title: _title, description: _description, ...untitled } = board();
    const own = (patch: Partial<ScenarioInput>) => parseScenario({ ...untitled, ...patch }).data;
    expect(scenarioTitle(own({ title: { ru: 'Урок: перехват' } }))).toEqual({ en: 'Урок: перехват', ru: 'Урок: перехват' });
    expect(scenarioTitle(own({ title: 'Lesson 3' }))).toEqual({ en: 'Lesson 3', ru: 'Lesson 3' });
    expect(scenarioTitle(own({ name: 'old name', title: { en: 'Lesson', ru: 'Урок' } }))).toEqual({ en: 'Lesson', ru: 'Урок' });
    expect(scenarioTitle(own({ name: 'old name' }))).toEqual({ en: 'old name', ru: 'old name' });
    expect(scenarioTitle(own({}))).toBeUndefined();
    expect(scenarioDescription(own({ description: { en: 'What it shows', ru: 'Что он показывает' } }))).toEqual({
      en: 'What it shows',
      ru: 'Что он показывает',
    });
  });

  test('[DESIGN] an empty title, an unknown language and an over-long title are refused with their path', () => {
    expect(onlyIssue(board({ title: {} } as never)).path).toBe('title');
    expect(onlyIssue(board({ title: { en: 'x', de: 'y' } } as never)).path).toMatch(/^title/);
    expect(onlyIssue(board({ title: { en: 'x'.repeat(201) } })).path).toMatch(/^title/);
    expect(onlyIssue(board({ description: { ru: 1 } } as never)).path).toMatch(/^description/);
  });

  test('[13.1] a move with a title resolves, and its result position parses again as a scenario', async () => {
    const { resolve } = await import('../../src/engine/resolve.ts');
    const r = resolve(parseScenario({ ...example(), title: { en: 'Lesson', ru: 'Урок' } }), { seed: 1 });
    expect(r.ok).toBe(true);
    expect(() => parseScenario(r.session.result!.position)).not.toThrow();
  });
});
