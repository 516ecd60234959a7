// parseScenario reports independent problems together (DESIGN "Scenario format": "every problem listed"): structure
// problems, then the ids of every well-formed part, then the rules on every part whose ids are fine — a problem in
// one layer or one part does not hide a problem in another.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Issue } from '../../src/engine/scenario.ts';
import { issuesOf } from '../helpers/fixtures.ts';

const VIENNA_TEXT = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'vienna-1517.json'), 'utf8');

/** The rulebook's worked example without its script, with `patch` applied. */
function vienna(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...JSON.parse(VIENNA_TEXT), events: [], ...patch };
}

/** Pressburg is not adjacent to Graz; Ibrahim Pasha commands 6 land units, the formation has 8. */
const BAD_MOVE = { from: 'pressburg', to: 'graz', regulars: 7, cavalry: 1, leaders: ['ibrahim-pasha'] };
const ATLANTIS = { space: 'atlantis', power: 'hapsburg', regulars: 1 };


const paths = (issues: readonly Issue[]) => issues.map((i) => i.path);

describe('parseScenario: independent problems in one error', () => {
  test('[13.1, 5.1] an unknown space, a non-adjacent move and a formation over its command limit: three issues', () => {
    const base = vienna();
    const issues = issuesOf(vienna({ stacks: [...(base.stacks as unknown[]), ATLANTIS], move: BAD_MOVE }));
    expect(issues).toHaveLength(3);
    expect(issues[0]).toEqual({ path: 'stacks[3].space', message: "unknown space 'atlantis'" });
    expect(issues[1]?.path).toBe('move.to');
    expect(issues[1]?.message).toMatch(/^\[13\.1\] Graz is not adjacent to Pressburg/);
    expect(issues[2]?.path).toBe('move');
    expect(issues[2]?.message).toMatch(/^\[5\.1\]/);
    // Each problem is independent: fixing one leaves exactly the others.
    const withAtlantis = (move: object) => vienna({ stacks: [...(base.stacks as unknown[]), ATLANTIS], move });
    const messages = (list: Issue[]) => list.map((i) => i.message);
    expect(messages(issuesOf(vienna({ move: BAD_MOVE })))).toEqual(messages(issues.slice(1)));
    expect(issuesOf(withAtlantis({ ...BAD_MOVE, to: 'vienna' }))).toEqual([issues[0], issues[2]]);
    expect(issuesOf(withAtlantis({ ...BAD_MOVE, leaders: ['suleiman'] }))).toEqual([issues[0], issues[1]]);
  });

  test('[13.1] a move whose spaces exist is checked for adjacency though another stack names an unknown leader', () => {
    const base = vienna();
    const stranger = { space: 'buda', power: 'hungary', regulars: 1, leaders: ['nobody'] };
    const move = { ...BAD_MOVE, leaders: ['suleiman'] };
    const issues = issuesOf(vienna({ stacks: [...(base.stacks as unknown[]), stranger], move }));
    expect(paths(issues)).toEqual(['stacks[3].leaders[0]', 'move.to']);
    expect(issues[0]?.message).toBe("unknown army leader 'nobody'");
  });

  test('[13.1] a structure problem does not hide the ids and the rules of the well-formed parts', () => {
    const base = vienna();
    const malformed = { space: 'linz', power: 'hapsburg', regulars: -1 };
    const issues = issuesOf(vienna({ stacks: [...(base.stacks as unknown[]), malformed, ATLANTIS], move: BAD_MOVE }));
    // Structure first (the malformed stack), then the unknown space of the next stack with its input index, then
    // both rules of the move.
    expect(paths(issues)).toEqual(['stacks[3].regulars', 'stacks[4].space', 'move.to', 'move']);
  });

  test('[5.1] a malformed impulse skips the move rules that need it, not the ids of the move', () => {
    const issues = issuesOf(vienna({ impulse: { power: 'hungary', cp: 1 }, move: { ...BAD_MOVE, to: 'atlantis' } }));
    expect(paths(issues)).toEqual(['impulse.power', 'move.to']);
    expect(issues[1]?.message).toBe("unknown space 'atlantis'");
  });

  test('[13.1] the move is not judged against a space where a malformed stack stands', () => {
    const base = vienna();
    const malformed = { space: 'pressburg', power: 'ottoman', regulars: 'seven' };
    // The formation's own space is unsure: whether its 10 regulars are there is not judged; adjacency still is.
    const move = { ...BAD_MOVE, regulars: 10, leaders: ['suleiman'] };
    const issues = issuesOf(vienna({ stacks: [...(base.stacks as unknown[]), malformed], move }));
    expect(paths(issues)).toEqual(['stacks[3].regulars', 'move.to']);
  });

  test('a malformed leader definition makes its id neither unknown nor checkable', () => {
    const base = vienna();
    const issues = issuesOf(
      vienna({
        leaders: [{ id: 'hero', power: 'hapsburg', battle: 1, command: 'many' }],
        stacks: [...(base.stacks as unknown[]), { space: 'linz', power: 'hapsburg', regulars: 1, leaders: ['hero'] }],
      }),
    );
    expect(paths(issues)).toEqual(['leaders[0].command']);
  });

  test('a malformed inline map stops at its own problems: it is the board every id is checked against', () => {
    const issues = issuesOf(vienna({ map: { spaces: [{ id: 'keep' }], connections: [] } }));
    expect(issues.every((i) => i.path.startsWith('map'))).toBe(true);
  });

  test('JSON that does not parse is one issue with its line and column', () => {
    const issues = issuesOf('{\n  "war": [\n}');
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toMatch(/^not valid JSON: .*\(line 3, column \d+\)$/);
  });
});
