// "Did you mean …?" for an unknown id: the known id nearest in spelling, when one is close enough to be a typo.

/** Levenshtein distance, stopping early once it exceeds `limit` (returns limit + 1 then). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known ids closest to `id` — at most 2 edits away (1 for ids of 4 characters or fewer), those sharing its first
 * letter first, at most three — or none. Case and surrounding spaces do not count as edits.
 */
export function nearestIds(id: string, known: Iterable<string>): string[] {
  const wanted = id.trim().toLowerCase();
  const limit = wanted.length <= 4 ? 1 : 2;
  let best: string[] = [];
  let bestDistance = limit + 1;
  for (const k of known) {
    const d = distance(wanted, k, limit);
    if (d < bestDistance) [best, bestDistance] = [[k], d];
    else if (d === bestDistance && d <= limit) best.push(k);
  }
  const first = (k: string) => (k[0] === wanted[0] ? 0 : 1);
  return best.sort((a, b) => first(a) - first(b) || a.localeCompare(b)).slice(0, 3);
}

/** " — did you mean 'vienna'?" (or "'vienna' or 'siena'") when known ids are close, else "". */
export function didYouMean(id: string, known: Iterable<string>): string {
  const near = nearestIds(id, known).filter((k) => k !== id);
  if (near.length === 0) return '';
  const quoted = near.map((k) => `'${k}'`);
  return ` — did you mean ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`}?`;
}
