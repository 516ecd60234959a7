// How large an exploration would be, before running it: Knuth's estimator of a tree's size (D. E. Knuth, "Estimating
// the efficiency of backtrack programs", Mathematics of Computation 29, 1975). A descent from the start takes, at
// every state, one of the branches the explorer would take (every answer, the listed answers or the policy's; every
// dice outcome as the explorer groups them), each with the same chance; the product of the numbers of branches met on
// the way is a sample whose mean is exactly the number of complete paths, and the sum of the products so far the
// number of tree nodes. The explorer merges states met again, so it expands fewer states than the tree has nodes:
// the estimate bounds its work from above and its path count is the count the exploration would report.
import type { Scenario } from '../engine/scenario.ts';
import { answeringPolicy } from '../engine/resolve.ts';
import { Dice } from '../engine/rng.ts';
import type { EngineEvent } from '../schema/events.ts';
import { createSession } from '../engine/session.ts';
import { DeadlinePassed } from './answers.ts';
import { optionsOf, SeedSchema } from '../engine/session-options.ts';
import { z } from 'zod';
import { decisionBranches, ExploreOptionsSchema, playScript, type ExploreOptions } from './explore.ts';

/**
 * The explorer's answer space (the same defaults: every decision branched on, its listed answers), script and clock
 * (`maxMs` bounds the descents: at least one is always taken).
 */
export interface EstimateOptions extends Pick<ExploreOptions, 'decisions' | 'answers' | 'events' | 'maxMs'> {
  /** Random descents (default 1000). */
  readonly samples?: number | undefined;
  /** The seed of the descents' choices (default 1). */
  readonly seed?: number | undefined;
}

export interface SizeEstimate {
  /** Descents taken. */
  readonly samples: number;
  readonly seed: number;
  /** The mean of the samples: the estimated number of complete paths, and its standard error. */
  readonly paths: number;
  readonly pathsError: number;
  /** The estimated number of tree nodes (decisions, rolls and end points, once per path prefix), and its standard error. */
  readonly nodes: number;
  readonly nodesError: number;
  /** The largest single sample: far above the mean, the tail is heavy and the mean is likely low. */
  readonly largestSample: number;
  /** Per decision kind met on the descents: decisions met and their mean number of branches. */
  readonly branching: Readonly<Record<string, { readonly met: number; readonly meanBranches: number }>>;
  /** Whether `maxMs` stopped the descents before `samples`. */
  readonly stoppedByTime: boolean;
  /** Descents that ended at a branch the engine refused (an exploration reports it as a violation of answersAccepted). */
  readonly refused: number;
  readonly ms: number;
}

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a whole number from ${min} to ${max}` })
    .int({ error: `${what} must be a whole number from ${min} to ${max}` })
    .min(min, { error: `${what} must be a whole number from ${min} to ${max}` })
    .max(max, { error: `${what} must be a whole number from ${min} to ${max}` });

/** The estimate's options, checked at the edge as the explorer's are (SessionOptionsError for a bad one). */
export const EstimateOptionsSchema = ExploreOptionsSchema.pick({
  decisions: true,
  answers: true,
  events: true,
  maxMs: true,
})
  .extend({
    samples: whole('samples', 1, 1_000_000).optional(),
    seed: SeedSchema.optional(),
  })
  .strict();

export function estimateSize(scenario: Scenario, given: EstimateOptions = {}): SizeEstimate {
  const options = optionsOf(EstimateOptionsSchema, given) as unknown as EstimateOptions;
  const started = performance.now();
  const samples = options.samples ?? 1000;
  const seed = options.seed ?? 1;
  const deadline = options.maxMs === undefined ? Infinity : started + options.maxMs;
  const policy =
    options.decisions === undefined || options.decisions === 'all'
      ? undefined
      : answeringPolicy(options.decisions).policy;
  const choices = new Dice(seed);
  const root = createSession(scenario);
  playScript(root, options.events ?? []);
  const pathSamples: number[] = [];
  const nodeSamples: number[] = [];
  const branching = new Map<string, { met: number; branches: number }>();
  let stoppedByTime = false;
  let refused = 0;
  for (let i = 0; i < samples; i++) {
    if (i > 0 && performance.now() > deadline) {
      stoppedByTime = true;
      break;
    }
    const s = root.fork();
    let weight = 1;
    let nodes = 1;
    let cut = false;
    while (s.pending) {
      const kind = s.pending.kind;
      let branches: (readonly EngineEvent[])[];
      try {
        // The first descent is always finished: an estimate has at least one sample.
        const how = {
          policy,
          answers: options.answers ?? 'listed',
          deadline: i === 0 ? Infinity : deadline,
          summary: () => s.summaryRead(),
        } as const;
        branches = [...decisionBranches(scenario, s, s.pending, how).branches].map((b) => b.events);
      } catch (e) {
        if (!(e instanceof DeadlinePassed)) throw e;
        cut = true;
        break;
      }
      // A state with no branch ends no path (the explorer counts it as a node with no paths below it).
      if (branches.length === 0) {
        weight = 0;
        break;
      }
      const b = branching.get(kind) ?? { met: 0, branches: 0 };
      b.met++;
      b.branches += branches.length;
      branching.set(kind, b);
      weight *= branches.length;
      nodes += weight;
      const pick = branches[choices.pick(branches.length)]!;
      if (pick.map((e) => s.accept(e, 'policy')).some((r) => !r.ok)) {
        // The explorer reports such a branch as a violation of answersAccepted and counts no path through it.
        refused++;
        weight = 0;
        break;
      }
    }
    if (cut) {
      // A descent the clock cut short is not a sample.
      stoppedByTime = true;
      break;
    }
    pathSamples.push(weight);
    nodeSamples.push(nodes);
  }
  const [paths, pathsError] = meanAndError(pathSamples);
  const [nodes, nodesError] = meanAndError(nodeSamples);
  return {
    samples: pathSamples.length,
    seed,
    paths,
    pathsError,
    nodes,
    nodesError,
    // Not Math.max(...samples): a million arguments overflow the call stack.
    largestSample: pathSamples.reduce((a, b) => (b > a ? b : a), 0),
    branching: Object.fromEntries(
      [...branching.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, { met: v.met, meanBranches: v.branches / v.met }]),
    ),
    stoppedByTime,
    refused,
    ms: performance.now() - started,
  };
}

/** The mean and its standard error (0 with a single sample). */
function meanAndError(xs: readonly number[]): [number, number] {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  if (xs.length < 2) return [mean, 0];
  const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1);
  return [mean, Math.sqrt(variance / xs.length)];
}
