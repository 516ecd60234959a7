// The generator itself: most candidates are valid scenarios, and the valid ones reach every kind of decision and
// the outcomes the properties need (interceptions, avoid battle, withdrawals, battles, retreats, sieges, captures).
// Prints the acceptance rate and the histogram (STATS_RUNS candidates, default 200; `npx tsx test/properties/stats.ts
// 5000` for a bigger sample).
import { expect, test } from 'vitest';
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
