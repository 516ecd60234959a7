// `his odds` and `his explore`: exact chances under a policy, and every listed answer with the invariants.
import { MACHINES, type MachineId } from '../../machines/index.ts';
import { ScenarioError } from '../engine/scenario.ts';
import { explore } from '../review/explore.ts';
import { format, toNumber, type Fraction } from '../review/fraction.ts';
import { badInput, bounds, BOUNDS, FileError, oneFile, options, out, policyOf, truncation, wholeNumber, withoutScript } from './common.ts';

export function cmdOdds(args: string[]): number {
  const { values, positionals } = options(args, { policy: { type: 'string' }, json: { type: 'boolean' }, ...BOUNDS });
  const file = oneFile(positionals, 'odds');
  const policy = policyOf(values.policy);
  const limits = bounds(values);
  try {
    const r = explore(withoutScript(file), { decisions: policy, ...limits });
    const pct = (f: Fraction) => `${(toNumber(f) * 100).toFixed(2).padStart(6)} %`;
    if (values.json) {
      out(JSON.stringify({ ok: true, policy, paths: r.paths, truncated: r.truncated, ...(r.truncatedBy ? { truncatedBy: r.truncatedBy } : {}), total: format(r.totalProbability), marginals: Object.fromEntries(Object.entries(r.marginals).map(([k, f]) => [k, format(f)])), outcomes: r.outcomes.map((o) => ({ probability: format(o.probability), description: o.description, position: o.position })) }, null, 2));
      return 0;
    }
    out(`Policy ${policy}: ${r.paths} dice paths, probabilities add up to ${format(r.totalProbability)}${truncation(r)}.\n`);
    for (const [k, f] of Object.entries(r.marginals)) out(`${pct(f)}  ${k}  (${format(f)})`);
    out('\nOutcomes (end positions), most likely first:');
    for (const o of r.outcomes) out(`${pct(o.probability)}  ${o.description}`);
    return 0;
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, values.json ?? false);
    throw e;
  }
}

export function cmdExplore(args: string[]): number {
  const { values, positionals } = options(args, { 'max-paths': { type: 'string' }, json: { type: 'boolean' }, ...BOUNDS });
  const file = oneFile(positionals, 'explore');
  const maxPaths = wholeNumber('max-paths', values['max-paths'], 1, 100_000_000, 1_000_000);
  const limits = bounds(values);
  try {
    const r = explore(withoutScript(file), { decisions: 'all', maxPaths, ...limits });
    const reached = Object.fromEntries((Object.keys(MACHINES) as MachineId[]).map((id) => [id, { reached: r.states[id] ?? [], unreached: Object.keys(MACHINES[id].root.states).filter((s) => !(r.states[id] ?? []).includes(s)) }]));
    if (values.json) {
      out(JSON.stringify({ ok: r.violations.length === 0, paths: r.paths, nodes: r.nodes, distinctStates: r.distinctStates, truncated: r.truncated, ...(r.truncatedBy ? { truncatedBy: r.truncatedBy } : {}), endPositions: r.outcomes.length, violations: r.violations, states: reached }, null, 2));
    } else {
      out(`${r.paths} paths, ${r.nodes} nodes (${r.distinctStates} distinct states), ${r.outcomes.length} distinct end positions${truncation(r)}.`);
      out(`Invariant violations: ${r.violations.length}`);
      for (const v of r.violations.slice(0, 10)) out(`  after ${v.path.join(' → ')}: ${v.violations.join('; ')}`);
      out('States reached:');
      for (const [id, s2] of Object.entries(reached)) out(`  ${id}: ${s2.reached.length} of ${s2.reached.length + s2.unreached.length}${s2.unreached.length ? ` (not reached: ${s2.unreached.join(', ')})` : ''}`);
    }
    return r.violations.length === 0 ? 0 : 4;
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, values.json ?? false);
    throw e;
  }
}

