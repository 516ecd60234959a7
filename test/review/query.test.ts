// A reviewer's own invariants and queries (explore's `invariants` and `where`): checked at every state, reported with
// their path; each matching outcome with the shortest path to it, which `resolve --events` replays to that outcome.
// The memoised answers are checked against a plain walk of every path.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { declinePolicy, resolve } from '../../src/engine/resolve.ts';
import { parseScenario, type Scenario } from '../../src/engine/scenario.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import { explore, ExploreScriptError, positionKey, type OutcomeView } from '../../src/review/explore.ts';
import { add, format, mul, ONE, ZERO, type Fraction } from '../../src/review/fraction.ts';
import { rollOutcomes } from '../../src/review/outcomes.ts';
import { applyDelta, composeDeltas, summaryDelta } from '../../src/review/summary-delta.ts';
import { queryPosition } from '../../src/review/query.ts';
import { EMPTY_SUMMARY, type ResultPosition, type Summary } from '../../src/schema/result.ts';
import type { EngineEvent } from '../../src/schema/events.ts';
import { his, hisAsync } from '../helpers/cli.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

const ROOT = join(import.meta.dirname, '..', '..');
const example = (name: string) =>
  parseScenario({ ...JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8')), events: [] });

/** A small battle on an inline map: 3 Ottoman regulars against 2 Hapsburg regulars who may try to avoid it. */
const SMALL = parseScenario({
  map: {
    spaces: [
      { id: 'origin', type: 'unfortified', home: 'ottoman' },
      { id: 'field', type: 'unfortified', home: 'hapsburg' },
      { id: 'east', type: 'unfortified', home: 'hapsburg' },
      { id: 'north', type: 'unfortified', home: 'hapsburg' },
    ],
    connections: [
      { a: 'origin', b: 'field' },
      { a: 'field', b: 'east' },
      { a: 'field', b: 'north' },
    ],
  },
  war: [['ottoman', 'hapsburg']],
  stacks: [
    { space: 'origin', power: 'ottoman', regulars: 3 },
    { space: 'field', power: 'hapsburg', regulars: 2, leaders: ['ferdinand'] },
    { space: 'north', power: 'hapsburg', regulars: 1 },
  ],
  impulse: { power: 'ottoman', cp: 1 },
  move: { from: 'origin', to: 'field', regulars: 3 },
});

interface Walked {
  readonly key: string;
  readonly summary: Summary;
  readonly position: ResultPosition;
  readonly events: readonly EngineEvent[];
  readonly p: Fraction;
}

/** Every complete path, one by one, with no memo: the reference the memoised query must agree with. */
function walk(sc: Scenario, decisions: 'all' | 'decline'): Walked[] {
  const out: Walked[] = [];
  const go = (s: Session, events: EngineEvent[], p: Fraction) => {
    const d = s.pending;
    if (!d) {
      const r = s.result!;
      out.push({ key: positionKey(r.position), summary: r.summary, position: r.position, events, p });
      return;
    }
    const branches: { events: EngineEvent[]; p: Fraction }[] =
      d.kind === 'roll'
        ? [...rollOutcomes(d.roll!)].map((o) => ({
            events: o.rolls.map((values) => ({ type: 'dice.rolled', values: [...values] }) as EngineEvent),
            p: o.probability,
          }))
        : decisions === 'all'
          ? d.options.map((o) => ({ events: [o.event], p: ONE }))
          : [{ events: [declinePolicy(d)!], p: ONE }];
    for (const b of branches) {
      const f = s.fork();
      for (const e of b.events) expect(f.send(e).ok).toBe(true);
      go(f, [...events, ...b.events], mul(p, b.p));
    }
  };
  go(createSession(sc), [], ONE);
  return out;
}

describe('summary deltas (what part of a move adds to the summary)', () => {
  test('composing the deltas of two steps and applying them equals the summary at the end, from any summary before', () => {
    const a: Summary = {
      ...EMPTY_SUMMARY,
      cpSpent: 1,
      moves: [
        {
          power: 'ottoman',
          from: 'x',
          to: 'y',
          units: { regulars: 1, mercenaries: 0, cavalry: 0, leaders: [] },
          cp: 1,
          continued: false,
        },
      ],
    };
    const b: Summary = {
      ...a,
      captures: [{ leader: 'l', by: 'hapsburg', space: 'y', rule: '13.1' }],
      siege: { space: 'y', besieger: 'ottoman' },
    };
    const c: Summary = {
      ...b,
      captures: [...b.captures, { leader: 'm', by: 'hapsburg', space: 'y', rule: '13.1' }],
      cpSpent: 2,
    };
    const ab = summaryDelta(a, b),
      bc = summaryDelta(b, c);
    expect(applyDelta(a, composeDeltas(ab, bc))).toEqual(c);
    // Counted from the end: the same delta applies after a longer history.
    const longer: Summary = { ...a, moves: [...a.moves, ...a.moves] };
    expect(applyDelta(longer, composeDeltas(ab, bc)).captures).toEqual(c.captures);
    expect(applyDelta(longer, composeDeltas(ab, bc)).moves).toHaveLength(2);
  });
});

describe('explore where: the outcomes a query matches, with the shortest path to each', () => {
  test(
    '[13.3, 14] on a small battle every matching end position and its chance equal a plain walk of every path',
    { timeout: 60_000 },
    () => {
      const query = ({ summary }: OutcomeView) =>
        summary.battle?.winner === 'defender' || summary.avoids.some((x) => x.success);
      for (const decisions of ['decline', 'all'] as const) {
        const r = explore(SMALL, { decisions, where: query });
        const paths = walk(SMALL, decisions).filter((w) =>
          query({ position: queryPosition(w.position), summary: w.summary }),
        );
        const byEnd = new Map<string, { p: Fraction; shortest: number }>();
        for (const w of paths) {
          const prev = byEnd.get(w.key);
          byEnd.set(w.key, {
            p: add(prev?.p ?? ZERO, w.p),
            shortest: Math.min(prev?.shortest ?? Infinity, w.events.length),
          });
        }
        expect(r.matches!.map((m) => m.key).sort(), decisions).toEqual([...byEnd.keys()].sort());
        for (const m of r.matches!) {
          expect(format(m.probability), `${decisions} ${m.description}`).toBe(format(byEnd.get(m.key)!.p));
          expect(m.events.length, `${decisions} ${m.description}`).toBe(byEnd.get(m.key)!.shortest);
        }
        expect(format(r.matchProbability!)).toBe(format(paths.reduce((a, w) => add(a, w.p), ZERO)));
      }
    },
  );

  // The worked example under the eager policy (the rulebook battle after the interception), then one resolve per match.
  test(
    '[14 step 10] each match of "Suleiman is captured" in the worked example replays through resolve to that very outcome',
    { timeout: 120_000 },
    () => {
      const sc = example('vienna-1517.json');
      const r = explore(sc, {
        decisions: 'eager',
        where: ({ summary }) => summary.captures.some((c) => c.leader === 'suleiman'),
      });
      expect(r.matches!.length).toBeGreaterThan(0);
      for (const m of r.matches!) {
        const replay = resolve(sc, { events: m.events });
        expect(replay.ok, m.description).toBe(true);
        if (!replay.ok) continue;
        expect(positionKey(replay.result.position)).toBe(m.key);
        expect(replay.result.summary).toEqual(m.summary);
        expect(replay.result.summary.captures.some((c) => c.leader === 'suleiman')).toBe(true);
        // Every event of the path was the replay's own: nothing was left to the policy.
        expect(replay.session.log.filter((a) => a.source === 'policy')).toEqual([]);
      }
    },
  );

  test(
    'under a policy the matching chance is a probability: the eager interception of the worked example succeeds 5/12',
    { timeout: 60_000 },
    () => {
      const r = explore(example('vienna-1517.json'), {
        decisions: 'eager',
        where: ({ summary }) => summary.interceptions.some((i) => i.success),
      });
      expect(format(r.matchProbability!)).toBe('5/12');
    },
  );

  test('an expression that throws counts as no match, and is reported', { timeout: 60_000 }, () => {
    const bad = explore(SMALL, {
      decisions: 'decline',
      where: () => {
        throw new Error('boom');
      },
    });
    expect(bad.matches).toEqual([]);
    expect(bad.queryErrors).toMatchObject({ first: 'boom' });
    expect(bad.queryErrors!.count).toBeGreaterThan(0);
  });
});

describe('explore events: a script played first', () => {
  test('[13.3] the exploration starts after the script, whose events head every path; a refused script event names its index', () => {
    const script = [
      { type: 'intercept.decline', power: 'hapsburg' },
      { type: 'avoid.declare', power: 'hapsburg', to: 'east', regulars: 2, leaders: ['ferdinand'] },
      { type: 'dice.rolled', values: [6, 6] },
    ];
    const r = explore(SMALL, { decisions: 'decline', events: script, where: () => true });
    expect(r.outcomes).toHaveLength(1);
    expect(r.matches![0]!.events).toEqual(script);
    expect(() =>
      explore(SMALL, { events: [script[0], { type: 'avoid.declare', power: 'hapsburg', to: 'origin', regulars: 2 }] }),
    ).toThrow(ExploreScriptError);
    let index = -1;
    try {
      explore(SMALL, {
        events: [script[0], { type: 'avoid.decline', power: 'hapsburg' }, { type: 'avoid.decline', power: 'hapsburg' }],
      });
    } catch (e) {
      if (e instanceof ExploreScriptError) index = e.index;
    }
    expect(index).toBe(2);
  });
});

describe("explore invariants: a reviewer's own property at every state", () => {
  test(
    'a property that fails after a battle is reported with its path, and the path replays to a state where it fails',
    { timeout: 60_000 },
    () => {
      const noBattle = ({ summary }: { summary: Summary }) => summary.battle === null || 'a battle was fought';
      const r = explore(SMALL, { decisions: 'decline', invariants: [noBattle] });
      expect(r.violations.length).toBeGreaterThan(0);
      for (const v of r.violations) {
        expect(v.violations).toEqual(['noBattle: a battle was fought']);
        const s = createSession(SMALL);
        for (const e of v.events) expect(s.send(e).ok).toBe(true);
        expect(s.summary.battle).not.toBeNull();
      }
    },
  );

  test(
    'false, a list of messages and a thrown error are violations; true and nothing are not',
    { timeout: 60_000 },
    () => {
      const r = explore(SMALL, {
        decisions: 'decline',
        invariants: [
          () => true,
          () => undefined,
          function never() {
            return false;
          },
          () => ['one', 'two'],
          function boom() {
            throw new Error('bad');
          },
        ],
      });
      const first = r.violations[0]!.violations;
      expect(first).toEqual(['never: does not hold', 'invariant 4: one', 'invariant 4: two', 'boom: threw bad']);
    },
  );
});

describe('his explore --find, --out, --assert', () => {
  const dir = mkdtempSync(join(tmpdir(), 'his-review-'));
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const small = file('small.json', JSON.stringify(SMALL.source));

  test(
    '--find prints the matches and --out writes a path that his resolve --events replays to the outcome',
    { timeout: 60_000 },
    () => {
      const out = join(dir, 'paths.json');
      const r = his(
        'explore',
        small,
        '--answers',
        'listed',
        '--find',
        'summary.avoids.some(a => a.success)',
        '--out',
        out,
        '--json',
      );
      expect(r.code).toBe(0);
      const report = JSON.parse(r.stdout);
      expect(report.matches.length).toBeGreaterThan(0);
      const written = JSON.parse(readFileSync(out, 'utf8'));
      expect(written.events).toEqual(report.matches[0].events);
      const replay = JSON.parse(his('resolve', small, '--events', out, '--json').stdout);
      expect(replay.ok).toBe(true);
      expect(replay.summary.avoids.some((a: { success: boolean }) => a.success)).toBe(true);
      expect(replay.position.stacks).toEqual(report.matches[0].position.stacks);
    },
  );

  test('an expression that does not compile is a usage error (exit 1); --out without --find too', () => {
    expect(his('explore', small, '--find', 'summary.(').code).toBe(1);
    expect(his('explore', small, '--find', 'summary.(').stderr).toContain('--find is not a JavaScript expression');
    expect(his('explore', small, '--out', join(dir, 'x.json')).code).toBe(1);
    expect(his('explore', small, '--answers', 'some').code).toBe(1);
    expect(his('explore', small, '--answers', 'all', '--policy', 'eager').code).toBe(1);
  });

  // Four explorations of a small battle and two module loads: seconds on a loaded machine.
  test(
    '--assert loads a module whose default export is an invariant or an array of them; a violation exits 4',
    { timeout: 60_000 },
    async () => {
      const ok = file('ok.mjs', 'export default () => true;\n');
      const failing = file(
        'failing.mjs',
        "export default [function noCapture({ position }) { return position.captured.length === 0 || 'captured'; }];\n",
      );
      expect((await hisAsync('explore', small, '--answers', 'listed', '--assert', ok)).code).toBe(0);
      const r = await hisAsync('explore', small, '--answers', 'listed', '--assert', failing, '--json');
      expect(r.code).toBe(4);
      expect(JSON.parse(r.stdout).violations[0].violations).toContain('noCapture: captured');
      const notAFunction = file('bad.mjs', 'export default 42;\n');
      expect((await hisAsync('explore', small, '--answers', 'listed', '--assert', notAFunction)).code).toBe(2);
      expect((await hisAsync('explore', small, '--answers', 'listed', '--assert', join(dir, 'missing.mjs'))).code).toBe(
        2,
      );
    },
  );
});
