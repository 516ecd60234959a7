// `his explore <scenario> --estimate N`: how large the exploration would be, before running it (src/review/estimate.ts).
import type { SizeEstimate } from '../review/estimate.ts';

const whole = (x: number) => Math.round(x).toLocaleString('en-US');

/** The estimate's lines: paths and tree nodes with a 95 % interval, how heavy the tail is, branches per decision kind. */
export function estimateLines(e: SizeEstimate, space: string, maxPaths: number): string[] {
  const interval = (mean: number, error: number) =>
    `about ${whole(mean)} (95 % interval ${whole(Math.max(0, mean - 1.96 * error))} to ${whole(mean + 1.96 * error)})`;
  const lines = [
    `Estimated size of the exploration of ${space} (Knuth's estimator: ${e.samples} random descents, seed ${e.seed}, ${(e.ms / 1000).toFixed(1)} s${e.stoppedByTime ? '; --max-ms stopped the descents' : ''}):`,
    `  complete paths  ${interval(e.paths, e.pathsError)}`,
    `  tree nodes      ${interval(e.nodes, e.nodesError)}`,
    `  the largest single descent stands for ${whole(e.largestSample)} paths${e.largestSample > 20 * Math.max(1, e.paths) ? ': the samples have a heavy tail, so the mean is more likely too low than too high' : ''}.`,
    `Branches per decision on the descents: ${Object.entries(e.branching)
      .map(([kind, b]) => `${kind} ${b.meanBranches.toFixed(1)} (${b.met} met)`)
      .join(', ')}.`,
    `The exploration expands at most the tree's nodes (states met again are merged); it reports the paths, and --max-paths (${whole(maxPaths)} unless given) stops it first${e.paths > maxPaths ? ' — here it would' : ''}.`,
  ];
  if (e.refused > 0)
    lines.push(`${e.refused} descents ended at a branch the engine refused: explore reports each as a violation.`);
  return lines;
}
