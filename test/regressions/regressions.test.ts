// Positions where the engine once broke the rules (cases/README.md gives the format and the provenance): each one
// is played with its answers and dice and must end as the rules require.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { declinePolicy, resolve } from '../../src/engine/resolve.ts';
import { parseScenario, ScenarioError } from '../../src/engine/scenario.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import type { ResultPosition } from '../../src/schema/result.ts';

interface Case {
  readonly id: string;
  readonly rule: string;
  readonly title: string;
  readonly scenario: unknown;
  readonly answers: readonly unknown[];
  readonly dice: readonly number[];
  readonly expect: {
    readonly battle?: null;
    readonly captured?: readonly string[];
    readonly stacks?: readonly string[];
    readonly absentStacks?: readonly string[];
    readonly siegesAt?: Readonly<Record<string, boolean>>;
    readonly noMarks?: readonly ('lost' | 'attempted')[];
    readonly done?: boolean;
    readonly resolveFinishes?: boolean;
    readonly validResult?: boolean;
    /** The case's `originalScenario` is refused, with a message that names this rule. */
    readonly originalRejected?: string;
  };
  readonly originalScenario?: unknown;
}

const DIR = join(import.meta.dirname, 'cases');
const CASES: Case[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Case);

/** Plays a case: each answer when the engine accepts it (else the default policy answers), the dice in order. */
function play(c: Case): Session {
  const session = createSession(parseScenario(c.scenario));
  const answers = [...c.answers];
  const dice = [...c.dice];
  for (let steps = 0; steps < 200 && session.pending; steps++) {
    const d = session.pending;
    if (d.kind === 'roll') {
      const n = d.roll?.dice ?? 0;
      const values = dice.splice(0, n);
      expect(values, `${c.id}: the dice stream ran out at a roll of ${n}`).toHaveLength(n);
      expect(session.send({ type: 'dice.rolled', values })).toEqual({ ok: true });
      continue;
    }
    if (answers.length > 0 && session.send(answers[0]).ok) {
      answers.shift();
      continue;
    }
    const fallback = declinePolicy(d);
    expect(fallback, `${c.id}: the default policy has an answer to ${d.kind}`).toBeDefined();
    expect(session.send(fallback)).toEqual({ ok: true });
  }
  return session;
}

/** "space|power|in: 1r 0m 0c [a, b]": the land units and leaders of one power on one side of the walls. */
function stackLine(p: ResultPosition, space: string, power: string, inside: boolean): string {
  const here = (p.stacks ?? []).filter((s) => s.space === space && s.power === power && (s.inside ?? false) === inside);
  const n = (k: 'regulars' | 'mercenaries' | 'cavalry') => here.reduce((a, s) => a + (s[k] ?? 0), 0);
  const leaders = here.flatMap((s) => s.leaders ?? []).sort();
  return `${space}|${power}|${inside ? 'in' : 'out'}: ${n('regulars')}r ${n('mercenaries')}m ${n('cavalry')}c [${leaders.join(', ')}]`;
}

describe('regressions: positions where the engine once broke the rules', () => {
  test.for(CASES.map((c) => [`[${c.rule}] ${c.id}: ${c.title}`, c] as const))('%s', ([, c]) => {
    const session = play(c);
    const e = c.expect;
    if (e.done || e.validResult || e.stacks || e.captured || e.siegesAt)
      expect(session.pending, `${c.id}: the move finishes`).toBeNull();
    const result = session.result;
    if (!result) return;
    const p = result.position;
    if (e.battle === null) expect(result.summary.battle).toBeNull();
    if (e.captured) expect((p.captured ?? []).map((x) => `${x.leader}>${x.by}`).sort()).toEqual([...e.captured].sort());
    for (const line of e.stacks ?? []) {
      const [space, power, side] = line.split(':')[0]!.split('|') as [string, string, string];
      expect(stackLine(p, space, power, side === 'in')).toBe(
        line.replace(
          /\[(.*)\]/,
          (_m, l: string) =>
            `[${l
              .split(/[\s,]+/)
              .filter(Boolean)
              .sort()
              .join(', ')}]`,
        ),
      );
    }
    for (const key of e.absentStacks ?? []) {
      const [space, power, side] = key.split('|') as [string, string, string];
      expect(
        (p.stacks ?? []).filter(
          (s) => s.space === space && s.power === power && (s.inside ?? false) === (side === 'in'),
        ),
      ).toEqual([]);
    }
    for (const [space, besieged] of Object.entries(e.siegesAt ?? {}))
      expect(
        (p.sieges ?? []).some((g) => g.space === space),
        `${c.id}: siege at ${space}`,
      ).toBe(besieged);
    if (e.noMarks?.includes('lost')) expect((p.stacks ?? []).filter((s) => s.lostBattle)).toEqual([]);
    if (e.noMarks?.includes('attempted')) expect((p.stacks ?? []).filter((s) => s.attemptedInterception)).toEqual([]);
    if (e.validResult) expect(() => parseScenario(p)).not.toThrow();
    if (e.resolveFinishes) expect(resolve(parseScenario(c.scenario)).ok).toBe(true);
    if (e.originalRejected) {
      expect(() => parseScenario(c.originalScenario)).toThrow(ScenarioError);
      expect(() => parseScenario(c.originalScenario)).toThrow(e.originalRejected);
    }
  });
});
