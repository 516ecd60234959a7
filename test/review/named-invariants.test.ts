// Named invariants (src/review/invariants.ts, explore's report.invariants): every built-in invariant and every
// reviewer's one listed by name with the distinct states it was checked on and its violations; and outcome
// descriptions that tell end positions apart (src/review/describe.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { describeSummary, distinguish } from '../../src/review/describe.ts';
import { ANSWERS_ACCEPTED, explore, type ExploreNode } from '../../src/review/explore.ts';
import { BUILT_IN_INVARIANTS, END_INVARIANTS, RESULT_PARSES, STEP_INVARIANTS } from '../../src/review/invariants.ts';
import { EMPTY_SUMMARY, ResultPositionSchema, type Summary } from '../../src/schema/result.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const example = (name: string) =>
  parseScenario({ ...JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8')), events: [] });

describe('named invariants', { timeout: 120_000 }, () => {
  test('[14.1] every built-in invariant is reported by name with the states it was checked on', () => {
    const r = explore(example('withdrawal-turned-back.json'), { decisions: 'all', answers: 'listed' });
    const byName = new Map(r.invariants.map((i) => [i.name, i]));
    expect(r.invariants.map((i) => i.name)).toEqual([...BUILT_IN_INVARIANTS.map((i) => i.name), ANSWERS_ACCEPTED]);
    expect(r.invariants.every((i) => i.builtIn && i.violations === 0)).toBe(true);
    // Each end state is a distinct state too: the step invariants run on both.
    const ends = byName.get('nothingInTransit')!.checked;
    expect(ends).toBeGreaterThanOrEqual(r.outcomes.length);
    for (const inv of STEP_INVARIANTS) expect(byName.get(inv.name)!.checked).toBe(r.distinctStates + ends);
    for (const inv of END_INVARIANTS) expect(byName.get(inv.name)!.checked).toBe(ends);
    // The result parses again: checked once per distinct end position.
    expect(byName.get(RESULT_PARSES)!.checked).toBe(r.outcomes.length);
    const sent = Object.values(r.answerCounts).reduce((n, c) => n + c.answers, 0);
    expect(byName.get(ANSWERS_ACCEPTED)!.checked).toBe(sent);
  });

  test('[14 step 10] a reviewer’s invariant is listed by its function’s name with its violations counted per state', () => {
    function ferdinandNeverCaptured({ position }: ExploreNode) {
      return !position.captured.some((c) => c.leader === 'ferdinand') || 'Ferdinand captured';
    }
    const r = explore(example('vienna-1517.json'), {
      decisions: 'decline',
      invariants: [ferdinandNeverCaptured, () => true],
    });
    const own = r.invariants.filter((i) => !i.builtIn);
    expect(own.map((i) => i.name)).toEqual(['ferdinandNeverCaptured', 'invariant 2']);
    const mine = own[0]!;
    expect(mine.violations).toBe(r.violations.length);
    expect(mine.violations).toBeGreaterThan(0);
    expect(mine.checked).toBe(r.invariants.find((i) => i.name === 'landUnitsConserved')!.checked);
    expect(own[1]!.violations).toBe(0);
  });

  test('a violated built-in invariant is counted under its own name', () => {
    // A position with a stack of no unit and no leader: noEmptyStack says so, and only it.
    const noEmpty = STEP_INVARIANTS.find((i) => i.name === 'noEmptyStack')!;
    const sc = example('vienna-1517.json');
    const o = {
      position: {
        ...sc.world.position,
        stacks: [{ ...sc.world.position.stacks[0]!, regulars: 0, cavalry: 0, leaders: [] }],
      },
      transit: [],
      summary: EMPTY_SUMMARY,
    };
    expect(noEmpty.check(sc, o)).toEqual([
      `${o.position.stacks[0]!.space} ${o.position.stacks[0]!.power}: an empty stack`,
    ]);
  });
});

describe('outcome descriptions name what differs between end positions', { timeout: 120_000 }, () => {
  test.for(['failed-interception.json', 'defender-retreat-choice.json', 'withdrawal-siege-vienna.json'])(
    '[14.1] %s: no two distinct end positions share a description',
    (name) => {
      const r = explore(example(name), { decisions: 'all', answers: 'listed' });
      expect(new Set(r.outcomes.map((o) => o.description)).size).toBe(r.outcomes.length);
    },
  );

  test('[14.1] a defender that goes inside is described as going inside, not as unable to retreat', () => {
    const s: Summary = {
      ...EMPTY_SUMMARY,
      retreats: [
        {
          power: 'hapsburg',
          from: 'vienna',
          reason: 'defender',
          to: null,
          units: { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] },
          inside: { regulars: 2, mercenaries: 0, cavalry: 0, leaders: ['ferdinand'] },
          eliminated: { regulars: 0, mercenaries: 0, cavalry: 0 },
          captured: [],
          eliminatedBy: null,
        },
      ],
    };
    expect(describeSummary(s)).toBe('hapsburg goes inside vienna with 2 regulars, ferdinand');
    expect(describeSummary(s)).not.toContain('cannot retreat');
  });

  test('[14 step 9] a battle is described with each side’s losses and its retreats with where they went', () => {
    const r = explore(example('vienna-1517.json'), { decisions: 'decline' });
    const won = r.outcomes.filter((o) => o.description.includes('won by the attacker'));
    expect(new Set(won.map((o) => o.description)).size).toBe(won.length);
    expect(
      r.outcomes.some((o) =>
        /ottoman retreats to pressburg with \d+ regulars?, 1 cavalry, ibrahim-pasha, suleiman/.test(o.description),
      ),
    ).toBe(true);
    expect(r.outcomes.every((o) => !/\(\d+–\d+\)/.test(o.description))).toBe(true);
  });

  test('ends with the same account are told apart by what their positions hold', () => {
    const position = (space: string) =>
      ResultPositionSchema.parse({
        stacks: [{ space, power: 'hapsburg', regulars: 2 }],
        impulse: { power: 'ottoman', cp: 0 },
      });
    const [a, b] = distinguish([
      { description: 'the move ends quietly', position: position('graz') },
      { description: 'the move ends quietly', position: position('linz') },
    ]);
    expect(a!.description).toBe('the move ends quietly — ends with hapsburg in graz: 2 regulars');
    expect(b!.description).toBe('the move ends quietly — ends with hapsburg in linz: 2 regulars');
  });
});
