// Every mistake a user can make on the command line (DESIGN "Command line": "no stack traces for user errors") is
// one line on stderr, nothing on stdout, and the documented exit code: 1 for a bad command, option or value, 2 for
// a file that cannot be read or is not a valid scenario or events file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { negativeValues } from '../../src/cli/common.ts';
import { COMMAND_NAMES } from '../../src/cli.ts';
import { his } from '../helpers/cli.ts';

const DIR = mkdtempSync(join(tmpdir(), 'his-user-errors-'));

function file(name: string, content: string): string {
  const path = join(DIR, name);
  writeFileSync(path, content);
  return path;
}

const VIENNA = 'examples/vienna-1517.json';
const NOT_JSON = file('not-json.json', 'war: ottoman vs hapsburg\n');
const TRUNCATED = file('truncated.json', '{ "war": [["ottoman", "hapsburg"]],\n  "stacks": [\n');
const EVENTS_NOT_JSON = file('events-not-json.json', '[{ "type": "dice.rolled" ');
const EVENTS_NOT_LIST = file('events-not-list.json', '{ "type": "dice.rolled" }');
const EVENTS_BAD_EVENT = file('events-bad-event.json', '[{ "type": "dice.rolled", "values": [7] }]');
const IMPULSE = { power: 'ottoman', cp: 1 };
const ONE_PROBLEM = file('one-problem.json', JSON.stringify({ impulse: IMPULSE, unrest: ['atlantis'] }));

/** [what, arguments, exit code, a part of the line]. */
const CASES: readonly (readonly [string, readonly string[], 1 | 2, string])[] = [
  ['--seed with no value', ['resolve', VIENNA, '--seed'], 1, "option '--seed <value>' argument missing"],
  // A negative number as the option's separate argument gets the same message as with = (not Node's "ambiguous").
  [
    'a negative seed',
    ['resolve', VIENNA, '--seed', '-5'],
    1,
    "--seed must be a whole number from 0 to 4294967295, not '-5'",
  ],
  [
    'a negative fractional seed',
    ['resolve', VIENNA, '--seed', '-1.5'],
    1,
    "--seed must be a whole number from 0 to 4294967295, not '-1.5'",
  ],
  [
    'a negative seed on walkthrough',
    ['walkthrough', VIENNA, '--seed', '-1'],
    1,
    "--seed must be a whole number from 0 to 4294967295, not '-1'",
  ],
  [
    'a negative --max-paths',
    ['explore', VIENNA, '--max-paths', '-1'],
    1,
    "--max-paths must be a whole number from 1 to 100000000, not '-1'",
  ],
  [
    'a negative --max-nodes',
    ['explore', VIENNA, '--max-nodes', '-1'],
    1,
    "--max-nodes must be a whole number from 1 to 10000000, not '-1'",
  ],
  [
    'a negative --max-ms',
    ['odds', VIENNA, '--max-ms', '-3'],
    1,
    "--max-ms must be a whole number from 1 to 86400000, not '-3'",
  ],
  [
    'a negative --max-nodes on odds',
    ['odds', VIENNA, '--max-nodes', '-20'],
    1,
    "--max-nodes must be a whole number from 1 to 10000000, not '-20'",
  ],
  [
    'a negative --workers',
    ['explore', VIENNA, '--workers', '-2'],
    1,
    "--workers must be a whole number from 1 to 64, not '-2'",
  ],
  ['a value that starts with a dash and is not a number', ['resolve', VIENNA, '--seed', '-x'], 1, "use '--seed=-XYZ'"],
  ['a negative seed given with =', ['resolve', VIENNA, '--seed=-5'], 1, '--seed must be a whole number from 0 to '],
  ['a fractional seed', ['resolve', VIENNA, '--seed', '2.5'], 1, "not '2.5'"],
  ['--lang with no value', ['resolve', VIENNA, '--lang'], 1, "option '--lang <value>' argument missing"],
  ['an unknown language', ['resolve', VIENNA, '--lang', 'xx'], 1, "--lang must be en or ru, not 'xx'"],
  ['an unknown language on diagram', ['diagram', '--lang', 'xx'], 1, "--lang must be en or ru, not 'xx'"],
  ['a value given to a flag', ['resolve', VIENNA, '--json=yes'], 1, "option '--json' does not take an argument"],
  ['an unknown option', ['resolve', VIENNA, '--frobnicate'], 1, "Unknown option '--frobnicate'"],
  ['an unknown policy', ['resolve', VIENNA, '--policy', 'greedy'], 1, '--policy must be one of decline, eager'],
  ['extra arguments', ['resolve', VIENNA, 'second.json', 'third.json'], 1, 'resolve takes one scenario file, not 3'],
  ['no scenario file', ['resolve'], 1, 'resolve needs a scenario file'],
  ['an unknown command', ['frobnicate'], 1, "unknown command 'frobnicate'"],
  ['a missing scenario file', ['resolve', join(DIR, 'missing.json')], 2, 'missing.json: no such file'],
  ['a folder as the scenario file', ['resolve', DIR], 2, 'it is a folder'],
  ['a scenario file that is not JSON', ['resolve', NOT_JSON], 2, 'not valid JSON'],
  ['a truncated scenario file', ['resolve', TRUNCATED], 2, '(line 3, column 1)'],
  ['a scenario with one problem', ['resolve', ONE_PROBLEM], 2, "unrest[0]: unknown space 'atlantis'"],
  [
    'a casebook case given as a scenario',
    ['odds', 'review/cases/empty-fortress-besieged.json'],
    2,
    'this is a casebook case (review/cases), not a scenario',
  ],
  ['a missing events file', ['resolve', VIENNA, '--events', join(DIR, 'none.json')], 2, 'none.json: no such file'],
  ['a folder as the events file', ['resolve', VIENNA, '--events', DIR], 2, 'it is a folder'],
  ['an events file that is not JSON', ['resolve', VIENNA, '--events', EVENTS_NOT_JSON], 2, 'invalid events file'],
  ['an events file that is not a list', ['resolve', VIENNA, '--events', EVENTS_NOT_LIST], 2, 'expected an array'],
  ['an events file with a bad event', ['resolve', VIENNA, '--events', EVENTS_BAD_EVENT], 2, 'events[0].values[0]'],
  ['odds on a scenario file that is not JSON', ['odds', NOT_JSON], 2, 'not valid JSON'],
  ['explore on a missing file', ['explore', join(DIR, 'missing.json')], 2, 'no such file'],
  ['explore with a bad bound', ['explore', VIENNA, '--max-paths', 'many'], 1, '--max-paths'],
  ['an unknown diagram format', ['diagram', 'movement', '--format', 'png'], 1, '--format must be'],
  ['an extra diagram argument', ['diagram', 'movement', 'retreat'], 1, 'diagram takes one machine, not 2'],
  ['an unknown schema', ['schema', 'board'], 1, "unknown schema 'board'"],
  ['an unknown kind of id', ['ids', 'cities'], 1, "unknown kind of id 'cities'"],
];

describe('the command line: every user error is one line, no stack trace, and its exit code', () => {
  test.for(CASES)('%s: exit %i', ([, args, code, line]) => {
    const r = his(...args);
    expect(r.code, r.stderr).toBe(code);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('    at ');
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stderr).toMatch(/^his: /);
    // Node's own option errors have changed case between versions.
    expect(r.stderr.toLowerCase()).toContain(line.toLowerCase());
  });

  test('a scenario with several problems lists them under one heading, one per line', () => {
    const several = file('several.json', JSON.stringify({ impulse: IMPULSE, unrest: ['atlantis', 'lemuria'] }));
    const r = his('resolve', several);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^his: invalid scenario .*several\.json \(2 problems\):\n/);
    const [, first, second, end] = r.stderr.split('\n');
    expect(first).toMatch(/^ {2}unrest\[0\]: /);
    expect(second).toMatch(/^ {2}unrest\[1\]: /);
    expect(end).toBe('');
    expect(r.stderr).not.toContain('    at ');
  });

  test('under --json a bad file is reported on stdout as JSON, with nothing on stderr', () => {
    const r = his('resolve', NOT_JSON, '--json');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: { code: 'invalid-scenario', path: '' } });
  });
});

describe('a negative number after an option that takes a value is that value', () => {
  const SPEC = { seed: { type: 'string' }, output: { type: 'string', short: 'o' }, json: { type: 'boolean' } } as const;

  test.for([
    [['--seed', '-1'], ['--seed=-1']],
    [
      ['--seed', '-0.5', 'x.json'],
      ['--seed=-0.5', 'x.json'],
    ],
    [['-o', '-1.html'], ['--output=-1.html']],
    // A flag takes no value; an unknown option is left for parseArgs to refuse; after -- everything is positional.
    [
      ['--json', '-1'],
      ['--json', '-1'],
    ],
    [
      ['--frobnicate', '-1'],
      ['--frobnicate', '-1'],
    ],
    [
      ['--', '--seed', '-1'],
      ['--', '--seed', '-1'],
    ],
    [
      ['--seed', '-x'],
      ['--seed', '-x'],
    ],
    [['--seed'], ['--seed']],
  ] as const)('%j → %j', ([args, expected]) => {
    expect(negativeValues(args, SPEC)).toEqual(expected);
  });
});

describe('help for one command: his <command> --help, -h, his help <command>', () => {
  test.for(COMMAND_NAMES())(
    '%s --help prints its own lines of the usage, nothing of another command, exit 0',
    (name) => {
      const r = his(name, '--help');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain(`  his ${name}`);
      const others = [...r.stdout.matchAll(/^ {2}his (\w+)/gm)].map((m) => m[1]);
      expect(new Set(others)).toEqual(new Set([name]));
      expect(his(name, '-h').stdout).toBe(r.stdout);
      expect(his('help', name).stdout).toBe(r.stdout);
    },
  );

  test('--help wins over a missing file or a bad option, and after -- it is a file name', () => {
    expect(his('explore', 'no-such-file.json', '--max-paths', 'many', '--help').code).toBe(0);
    const after = his('resolve', '--', '--help');
    expect(after.code).toBe(2);
    expect(after.stderr).toMatch(/^his: cannot read --help/);
  });

  test('his review --help has both review lines (the casebook and --compare)', () => {
    const r = his('review', '--help');
    expect(r.stdout).toContain('his review <cases-dir> [--baseline');
    expect(r.stdout).toContain('his review <cases-dir> --compare');
  });

  test("an unknown option is named in one line that points at the command's help", () => {
    const r = his('odds', VIENNA, '--frobnicate');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("his: unknown option '--frobnicate' (see 'his odds --help')\n");
    expect(his('help', 'frobnicate').stderr).toBe("his: unknown command 'frobnicate' (see 'his help')\n");
  });
});
