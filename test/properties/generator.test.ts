// The generator itself: most candidates are valid scenarios, and the valid ones reach every kind of decision and
// the outcomes the properties need (interceptions, avoid battle, withdrawals, battles, retreats, sieges, captures).
// Prints the acceptance rate and the histogram (STATS_RUNS candidates, default 200; `npx tsx test/properties/stats.ts
// 5000` for a bigger sample).
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { declinePolicy } from '../../src/engine/resolve.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession } from '../../src/engine/session.ts';
import { accepted, candidateArb } from './arbitraries.ts';
import { formatStats, generatorStats } from './stats.ts';

test('[generator] accepts most candidates and reaches every decision kind', { timeout: 120_000 }, () => {
  const s = generatorStats(Number(process.env.STATS_RUNS ?? 200), 1);
  console.log(formatStats(s));
  expect(s.accepted / s.candidates).toBeGreaterThan(0.5);
  for (const kind of ['move', 'intercept', 'roll', 'avoid', 'withdraw', 'continue', 'casualties', 'retreat'])
    expect(s.decisions[kind] ?? 0, kind).toBeGreaterThan(0);
  for (const o of [
    'interception succeeded',
    'avoid succeeded',
    'withdrawal into fortifications',
    'field battle',
    'retreat',
    'siege begun',
    'leader captured',
  ])
    expect((s.outcomes[o] ?? 0) / s.played, o).toBeGreaterThan(0.005);
});

test(
  '[generator] the siege-biased generator reaches sieges, several powers, withdrawals and 13.4 options',
  { timeout: 120_000 },
  () => {
    const s = generatorStats(Number(process.env.STATS_RUNS ?? 200), 2, { focus: 'sieges' });
    console.log(formatStats(s));
    expect(s.accepted / s.candidates).toBeGreaterThan(0.3);
    for (const kind of ['withdraw', 'continue', 'retreat', 'casualties'])
      expect(s.decisions[kind] ?? 0, kind).toBeGreaterThan(0);
    for (const o of ['siege begun', 'siege ended (15.3)', 'battle of several powers', 'withdrawal into fortifications'])
      expect((s.outcomes[o] ?? 0) / s.played, o).toBeGreaterThan(0.01);
  },
);

test(
  '[generator, 21.6, ruling R34] the pre-League generator states the League unformed and meets its restrictions',
  { timeout: 120_000 },
  () => {
    const candidates = fc.sample(candidateArb({ league: true }), { numRuns: 200, seed: 7 });
    const valid = candidates.filter(accepted);
    expect(valid.length / candidates.length).toBeGreaterThan(0.3);
    const codes = new Set<string>();
    for (const json of valid) {
      const scenario = parseScenario(json);
      expect(scenario.data.schmalkaldicLeague).toBe(false);
      expect(scenario.data.war.flat()).not.toContain('protestant');
      const s = createSession(scenario, { seed: 1 });
      for (let i = 0; i < 200 && s.pending; i++) {
        const d = s.pending;
        for (const b of d.blocked) if (b.rule === '21.6') codes.add(b.code);
        s.sendUntrusted(d.kind === 'roll' ? { type: 'dice.rolled' } : (declinePolicy(d) ?? d.options[0]!.event));
      }
      for (const k of s.result?.summary.skipped ?? [])
        for (const r of k.refused) if (r.rule === '21.6') codes.add(r.code);
    }
    expect(codes).toContain('mayEnterElectorate');
    expect(codes).toContain('isAvoidDestinationNotElectorate');
    expect(codes).toContain('isRetreatDestinationNotElectorate');
  },
);
