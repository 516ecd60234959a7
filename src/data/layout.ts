// Where to draw spaces on a schematic map around a battle. The rules need only adjacency, so the board carries no
// coordinates; a page that shows a move needs a legible picture of the destination, the origin and their neighbours.
// The bundled board gets real geography (his-layout.json) pushed apart just enough that no two spaces overlap; an
// inline board has no geography, so its spaces are placed in rings around the centre. Pure and deterministic, so the
// same position always produces the same picture.
import hisLayoutJson from './his-layout.json' with { type: 'json' };
import { connection, space, type Board, type ConnectionKind } from './board.ts';

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface PlacedSpace extends Point {
  readonly id: string;
  /** Land steps from the centre: 0 for the centre itself. */
  readonly steps: number;
}

export interface LayoutEdge {
  readonly a: string;
  readonly b: string;
  /** A page draws passes (2.5) dashed. */
  readonly kind: ConnectionKind;
}

export interface LocalLayout {
  readonly centre: string;
  readonly radius: number;
  /** In the unit square, y pointing down (south on the bundled board); ordered by steps, then id. */
  readonly spaces: readonly PlacedSpace[];
  /** Every land connection between two of the spaces, once, with a < b; ordered by a, then b. */
  readonly edges: readonly LayoutEdge[];
}

/**
 * The least distance between two land spaces of hisLayout(), in degrees of latitude (≈ 67 km). The tightest real
 * pairs (Milan–Pavia 0.27, Boulogne–Calais 0.28, Glasgow–Stirling 0.34) would overlap as circles; 0.6 is 40% of
 * the median connection (1.5), so circles of radius 0.3 never overlap and the nudge moves no space more than ~0.2.
 */
export const MIN_DISTANCE = 0.6;

const RELAXATION_PASSES = 20;

/** Land spaces and sea zones with their real positions, in a fixed (id-sorted) order. */
const geography = [...Object.entries(hisLayoutJson.spaces), ...Object.entries(hisLayoutJson.seaZones)];
const landIds = new Set(Object.keys(hisLayoutJson.spaces));

let cached: ReadonlyMap<string, Point> | undefined;

/**
 * Every land space and sea zone of the bundled board in a plane whose unit is a degree of latitude: x east, y south,
 * both from 0. Equirectangular with longitude scaled by cos(mean latitude), so distances in central Europe are true
 * to within a few percent; then land spaces closer than MIN_DISTANCE are pushed apart (sea zones are labels and stay).
 */
export function hisLayout(): ReadonlyMap<string, Point> {
  cached ??= computeHisLayout();
  return cached;
}

function computeHisLayout(): ReadonlyMap<string, Point> {
  const land = geography.filter(([id]) => landIds.has(id));
  const meanLat = land.reduce((sum, [, g]) => sum + g.lat, 0) / land.length;
  const scale = Math.cos((meanLat * Math.PI) / 180);
  const points = geography.map(([id, g]) => ({ id, x: g.lon * scale, y: -g.lat }));
  nudge(
    points.filter((p) => landIds.has(p.id)),
    MIN_DISTANCE,
  );
  const minX = Math.min(...points.map((p) => p.x));
  const minY = Math.min(...points.map((p) => p.y));
  return new Map(points.map((p) => [p.id, { x: p.x - minX, y: p.y - minY }]));
}

/**
 * Pushes every pair closer than `min` apart along the line between them, both halves equally, pass after pass (at
 * most `passes`). The walkthrough's ring layout of an inline map uses it too.
 */
export function nudge(points: { id: string; x: number; y: number }[], min: number, passes = RELAXATION_PASSES): void {
  for (let pass = 0; pass < passes; pass++) {
    let moved = false;
    for (let i = 0; i < points.length; i++)
      for (let j = i + 1; j < points.length; j++) {
        const p = points[i]!;
        const q = points[j]!;
        const d = Math.hypot(q.x - p.x, q.y - p.y);
        if (d >= min) continue;
        // Two spaces on one spot have no line between them: part them along a direction fixed by their order.
        const [ux, uy] = d > 0 ? [(q.x - p.x) / d, (q.y - p.y) / d] : [Math.cos(i + j), Math.sin(i + j)];
        const push = (min - d) / 2;
        p.x -= ux * push;
        p.y -= uy * push;
        q.x += ux * push;
        q.y += uy * push;
        moved = true;
      }
    if (!moved) return;
  }
}

/**
 * The centre and every space within `radius` land steps, placed in the unit square, with the connections among them.
 * The bundled board keeps its geography (hisLayout() fitted to the neighbourhood); any other board is drawn in rings.
 */
export function localLayout(board: Board, centre: string, radius = 1): LocalLayout {
  if (!Number.isInteger(radius) || radius < 0)
    throw new Error(`layout radius must be a whole number ≥ 0, not ${radius}`);
  const steps = neighbourhood(board, centre, radius);
  const ids = [...steps.keys()].sort((a, b) => steps.get(a)! - steps.get(b)! || (a < b ? -1 : 1));
  const geo = board.id === 'his' ? hisLayout() : undefined;
  const points = geo && ids.every((id) => geo.has(id)) ? fitted(ids, geo) : rings(board, ids, steps);
  const edges: LayoutEdge[] = [];
  for (const a of [...ids].sort())
    for (const b of space(board, a).neighbours)
      if (a < b && steps.has(b)) edges.push({ a, b, kind: connection(board, a, b)! });
  return {
    centre,
    radius,
    spaces: ids.map((id) => ({ id, ...points.get(id)!, steps: steps.get(id)! })),
    edges,
  };
}

/** Breadth-first over land connections; neighbours are id-sorted, so the order of discovery is fixed. */
function neighbourhood(board: Board, centre: string, radius: number): Map<string, number> {
  const steps = new Map([[space(board, centre).id, 0]]);
  let frontier = [centre];
  for (let d = 1; d <= radius; d++) {
    const next: string[] = [];
    for (const id of frontier)
      for (const n of space(board, id).neighbours)
        if (!steps.has(n)) {
          steps.set(n, d);
          next.push(n);
        }
    frontier = next;
  }
  return steps;
}

/** The geographic positions, scaled so the neighbourhood's bounding box fills the unit square on its longer side. */
function fitted(ids: readonly string[], geo: ReadonlyMap<string, Point>): Map<string, Point> {
  const pts = ids.map((id) => geo.get(id)!);
  const [minX, maxX] = [Math.min(...pts.map((p) => p.x)), Math.max(...pts.map((p) => p.x))];
  const [minY, maxY] = [Math.min(...pts.map((p) => p.y)), Math.max(...pts.map((p) => p.y))];
  const size = Math.max(maxX - minX, maxY - minY) || 1;
  const [cx, cy] = [(minX + maxX) / 2, (minY + maxY) / 2];
  return new Map(ids.map((id, i) => [id, { x: 0.5 + (pts[i]!.x - cx) / size, y: 0.5 + (pts[i]!.y - cy) / size }]));
}

/**
 * The centre in the middle; ring 1 evenly on a circle, sorted by id, the first at the top; each space of ring d + 1
 * further out, in a fan around its first neighbour on ring d. Fans split their parent's share of the circle (at most a
 * half-circle), so no two spaces coincide.
 */
function rings(board: Board, ids: readonly string[], steps: ReadonlyMap<string, number>): Map<string, Point> {
  const polar = new Map<string, { angle: number; width: number }>();
  polar.set(ids[0]!, { angle: -Math.PI / 2, width: 2 * Math.PI });
  const outermost = Math.max(...steps.values());
  for (let d = 0; d < outermost; d++) {
    const children = new Map<string, string[]>();
    for (const id of ids.filter((i) => steps.get(i) === d + 1)) {
      const parent = space(board, id).neighbours.find((n) => steps.get(n) === d)!;
      children.set(parent, [...(children.get(parent) ?? []), id]);
    }
    for (const [parent, kids] of children) {
      const { angle, width } = polar.get(parent)!;
      // Ring 1 starts at the top and goes round; outer rings fan out symmetrically around their parent.
      const fan = d === 0 ? width : Math.min(width, Math.PI);
      const start = d === 0 ? angle : angle - fan / 2 + fan / kids.length / 2;
      kids.forEach((id, i) => polar.set(id, { angle: start + (i * fan) / kids.length, width: fan / kids.length }));
    }
  }
  const unit = 2 * Math.max(outermost, 1);
  return new Map(
    ids.map((id) => {
      const { angle } = polar.get(id)!;
      const r = steps.get(id)!;
      return [id, { x: 0.5 + (r * Math.cos(angle)) / unit, y: 0.5 + (r * Math.sin(angle)) / unit }];
    }),
  );
}
