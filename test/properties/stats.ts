// Generator statistics: how many candidates the validator accepts (and why it refuses the rest), and which
// decisions and outcomes the accepted scenarios reach when played with random answers.
import fc from 'fast-check';
import { candidateArb, verdictOf, type GenOptions, type ScenarioJson } from './arbitraries.ts';
import { drive, seededChooser } from './drive.ts';

export interface Stats {
  readonly candidates: number;
  readonly accepted: number;
  readonly refusals: [string, number][];
  readonly decisions: Record<string, number>;
  readonly outcomes: Record<string, number>;
  readonly played: number;
}

export function generatorStats(n: number, seed: number, opts: GenOptions = {}): Stats {
  const candidates = fc.sample(candidateArb(opts), { numRuns: n, seed });
  const refusals = new Map<string, number>();
  const ok: ScenarioJson[] = [];
  for (const c of candidates) {
    const v = verdictOf(c);
    if (v.ok) ok.push(c);
    else refusals.set(v.reason.slice(0, 140), (refusals.get(v.reason.slice(0, 140)) ?? 0) + 1);
  }
  const decisions: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const inc = (h: Record<string, number>, k: string) => void (h[k] = (h[k] ?? 0) + 1);
  ok.forEach((json, i) => {
    const run = drive(json, seededChooser(seed + i), {
      seed: seed + i,
      unlisted: 20,
      invariants: false,
      oracles: false,
    });
    for (const k of new Set(run.kinds)) inc(decisions, k);
    inc(outcomes, json.map ? 'board: inline' : 'board: his');
    if (!json.move) inc(outcomes, 'scenario without a move');
    const s = run.session?.result?.summary;
    if (!s) return inc(outcomes, 'did not end');
    if (s.interceptions.length) inc(outcomes, 'interception attempted');
    if (s.interceptions.some((x) => x.success)) inc(outcomes, 'interception succeeded');
    if (s.interceptions.some((x) => x.units.regulars + x.units.mercenaries + x.units.cavalry === 0))
      inc(outcomes, 'leaders intercepted alone');
    if (s.avoids.length) inc(outcomes, 'avoid attempted');
    if (s.avoids.some((x) => x.success)) inc(outcomes, 'avoid succeeded');
    if (s.avoids.some((x) => x.automatic)) inc(outcomes, 'avoid automatic (13.3 step 4)');
    if (s.withdrawals.some((x) => x.withdrew)) inc(outcomes, 'withdrawal into fortifications');
    if (s.battle) inc(outcomes, 'field battle');
    if (s.battle?.winner === 'attacker') inc(outcomes, 'field battle won by the attacker');
    if (s.battle && (s.battle.attacker.kept || s.battle.defender.kept)) inc(outcomes, 'both sides wiped out (R7)');
    if (s.relief) inc(outcomes, 'relief force (15.2)');
    if (s.relief?.outcome) inc(outcomes, `relief ${s.relief.outcome} (15.2)`);
    if (s.relief && s.relief.sortie.regulars + s.relief.sortie.mercenaries + s.relief.sortie.cavalry > 0)
      inc(outcomes, 'relief with a sortie (ruling R35)');
    if (s.retreats.length) inc(outcomes, 'retreat');
    if (s.retreats.some((r) => r.to === null)) inc(outcomes, 'retreat with units eliminated');
    if (
      s.retreats.some((r) => r.inside.regulars + r.inside.mercenaries + r.inside.cavalry + r.inside.leaders.length > 0)
    )
      inc(outcomes, 'retreat inside (14.1)');
    if (s.siege) inc(outcomes, 'siege begun');
    if (s.siegesBegun.length > 1) inc(outcomes, 'several sieges begun');
    if (s.siegesEnded.length) inc(outcomes, 'siege ended (15.3)');
    if (s.battle && s.battle.attacker.powers.length + s.battle.defender.powers.length > 2)
      inc(outcomes, 'battle of several powers');
    if (s.leadersInside.length) inc(outcomes, 'lone leader went inside (13.3)');
    if (s.skipped.length) inc(outcomes, 'decision nobody was asked (R9)');
    if (s.captures.length) inc(outcomes, 'leader captured');
    if (s.moves.length > 1) inc(outcomes, 'moved on (13.4 option 1)');
    if ((json.sieges ?? []).length) inc(outcomes, 'scenario with a siege');
    if (json.stacks.some((x) => x.inside)) inc(outcomes, 'scenario with a garrison');
    if (json.stacks.some((x) => !x.regulars && !x.mercenaries && !x.cavalry))
      inc(outcomes, 'scenario with a lone leader');
    if (json.stacks.some((x) => x.lostBattle || x.attemptedInterception)) inc(outcomes, 'scenario with R12 marks');
    if (json.unrest.length) inc(outcomes, 'scenario with unrest');
    if (
      json.alliances.some(
        ([a, b]) =>
          ['hungary', 'scotland', 'venice', 'genoa'].includes(a) ||
          ['hungary', 'scotland', 'venice', 'genoa'].includes(b),
      )
    )
      inc(outcomes, 'scenario with an active minor');
    if (json.stacks.some((x) => x.power === 'independent')) inc(outcomes, 'scenario with independent regulars');
    const activeMinors = new Set(json.alliances.flat());
    if (
      json.stacks.some(
        (x) => ['hungary', 'scotland', 'venice', 'genoa'].includes(x.power) && !activeMinors.has(x.power),
      )
    )
      inc(outcomes, 'scenario with an inactive minor stack');
    if (
      json.stacks.some((x) => ['hungary', 'scotland', 'venice', 'genoa'].includes(x.power) && activeMinors.has(x.power))
    )
      inc(outcomes, 'scenario with an active minor stack');
  });
  return {
    candidates: n,
    accepted: ok.length,
    refusals: [...refusals].sort((a, b) => b[1] - a[1]),
    decisions,
    outcomes,
    played: ok.length,
  };
}

export function formatStats(s: Stats): string {
  const pct = (k: number) => `${((100 * k) / s.played).toFixed(1)}%`;
  return [
    `accepted ${s.accepted} of ${s.candidates} candidates (${((100 * s.accepted) / s.candidates).toFixed(1)}%)`,
    'most frequent refusals:',
    ...s.refusals.slice(0, 8).map(([r, k]) => `  ${k}× ${r}`),
    'runs that reach each decision kind:',
    ...Object.entries(s.decisions)
      .sort()
      .map(([k, n]) => `  ${k.padEnd(12)} ${String(n).padStart(5)}  ${pct(n)}`),
    'outcomes:',
    ...Object.entries(s.outcomes)
      .sort()
      .map(([k, n]) => `  ${k.padEnd(36)} ${String(n).padStart(5)}  ${pct(n)}`),
  ].join('\n');
}

if (process.argv[1]?.endsWith('stats.ts'))
  console.log(
    formatStats(
      generatorStats(Number(process.argv[2] ?? 2000), Number(process.argv[3] ?? 1), {
        ...(process.argv[4] === 'sieges' ? { focus: 'sieges' as const } : {}),
      }),
    ),
  );
