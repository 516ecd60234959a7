// Positions where the engine once broke the rules (cases/README.md gives the format and the provenance): each one
// is played with its answers and dice and must end as the rules require.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { declinePolicy, resolve } from '../../src/engine/resolve.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { isVariantRuling } from '../../src/schema/rulings.ts';
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
    /** Who was asked each decision of that kind (every time it was asked, and at least once). */
    readonly decidedBy?: Readonly<Record<string, string>>;
    /** No pending decision a host sees is marked `forced` (ruling R9: the engine answers those itself). */
    readonly noForcedPending?: boolean;
    /** Exactly these besieging powers are listed for the space. */
    readonly siegeBy?: Readonly<Record<string, readonly string[]>>;
    /** The `eliminatedBy` of every retreat that eliminated something (and at least one did). */
    readonly eliminatedBy?: string;
    /**
     * No rule or ruling the summary (eliminations, captures) or the narrative names is one of these. A variant
     * ruling listed here (src/schema/rulings.ts) is also played under its alternative reading, and every
     * expectation must hold there too.
     */
    readonly notCited?: readonly string[];
  };
}

const DIR = join(import.meta.dirname, 'cases');
const CASES: Case[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Case);

/** A decision as the host saw it while the case was played. */
interface Seen {
  readonly kind: string;
  readonly power: string;
  readonly forced: boolean;
}

/**
 * Plays a case: each answer when the engine accepts it (else the default policy answers), the dice in order. Every
 * decision the host was shown goes into `seen`.
 */
function play(c: Case, scenario: unknown, seen: Seen[]): Session {
  const session = createSession(parseScenario(scenario));
  const answers = [...c.answers];
  const dice = [...c.dice];
  for (let steps = 0; steps < 200 && session.pending; steps++) {
    const d = session.pending;
    seen.push({ kind: d.kind, power: d.power, forced: d.forced });
    if (d.kind === 'roll') {
      const n = d.roll?.dice ?? 0;
      const values = dice.splice(0, n);
      expect(values, `${c.id}: the dice stream ran out at a roll of ${n}`).toHaveLength(n);
      expect(session.send({ type: 'dice.rolled', values })).toEqual({ ok: true });
      continue;
    }
    if (answers.length > 0 && session.sendUntrusted(answers[0]).ok) {
      answers.shift();
      continue;
    }
    const fallback = declinePolicy(d);
    if (!fallback) throw new Error(`${c.id}: the default policy has no answer to ${d.kind}`);
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

/** The alternative readings a case is also played under: the variant rulings its `notCited` names. */
function readingsOf(c: Case): { readonly label: string; readonly scenario: unknown }[] {
  const variants = (c.expect.notCited ?? []).filter(isVariantRuling);
  return [
    { label: 'as RULINGS.md reads', scenario: c.scenario },
    ...variants.map((id) => ({
      label: `${id}=alternative`,
      scenario: { ...(c.scenario as object), rulings: { [id]: 'alternative' } },
    })),
  ];
}

/** Every rule and ruling the summary gives for an elimination or a capture, and every note of the narrative. */
function citations(session: Session): string[] {
  const summary = session.result?.summary;
  const given = [
    ...(summary?.retreats ?? []).flatMap((r) => (r.eliminatedBy ? [r.eliminatedBy] : [])),
    ...(summary?.captures ?? []).map((x) => x.rule),
  ];
  const notes = session.trace.flatMap((t) => [t.note.en, t.note.ru]);
  return [...given, ...notes];
}

describe('regressions: positions where the engine once broke the rules', () => {
  const runs = CASES.flatMap((c) =>
    readingsOf(c).map((r) => [`[${c.rule}] ${c.id} (${r.label}): ${c.title}`, c, r.scenario] as const),
  );
  test.for(runs)('%s', ([, c, scenario]) => {
    const seen: Seen[] = [];
    const session = play(c, scenario, seen);
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
    if (e.resolveFinishes) expect(resolve(parseScenario(scenario)).ok).toBe(true);
    for (const [kind, power] of Object.entries(e.decidedBy ?? {})) {
      const asked = seen.filter((d) => d.kind === kind).map((d) => d.power);
      expect(asked.length, `${c.id}: a ${kind} decision was asked`).toBeGreaterThan(0);
      expect(new Set(asked), `${c.id}: who was asked the ${kind} decision`).toEqual(new Set([power]));
    }
    if (e.noForcedPending)
      expect(
        seen.filter((d) => d.forced),
        `${c.id}: forced decisions shown`,
      ).toEqual([]);
    for (const [space, by] of Object.entries(e.siegeBy ?? {}))
      expect(
        [...((p.sieges ?? []).find((g) => g.space === space)?.by ?? [])].sort(),
        `${c.id}: the besiegers of ${space}`,
      ).toEqual([...by].sort());
    if (e.eliminatedBy) {
      const by = result.summary.retreats.filter((r) => r.eliminatedBy !== null).map((r) => r.eliminatedBy);
      expect(by.length, `${c.id}: a retreat eliminated something`).toBeGreaterThan(0);
      expect(new Set(by)).toEqual(new Set([e.eliminatedBy]));
    }
    for (const id of e.notCited ?? []) {
      const pattern = new RegExp(`\\b${id}\\b`);
      expect(
        citations(session).filter((x) => pattern.test(x)),
        `${c.id}: citations of ${id}`,
      ).toEqual([]);
    }
  });
});
