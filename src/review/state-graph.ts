// The distinct states of an exploration as a graph, for an exploration that needs only each end position's chance,
// path count and marginals (no query, no answer kept apart, no memo kept between explorations).
//
// The explorer's other way (src/review/explore.ts `merge`) keeps, for every distinct state, the classes of complete
// paths below it: every end position it can reach, with their chances. That is what a query's shortest path and an
// advisor's memo need; but a state near the start of a large move reaches thousands of end positions, so the memo
// grows with the states times the ends, and merging a child's classes into its parent costs as much again at every
// edge. Here a finished state keeps only its edges (the child it leads to, the dice chance, the marginals the step
// made true) and two numbers (tree nodes and complete paths below it). When the exploration is over the chances flow
// forward from the start, in an order where every state comes after all the states that lead to it: each state
// holds, while it waits for its turn, the chance and path count of reaching it per set of marginals so far (at most
// one entry per set of bits). Memory is proportional to the distinct states and their edges, and the work to the
// edges; the sums are the same exact fractions, in lowest terms, as the other way's.
import { add, mul, ONE, type Fraction } from './fraction.ts';
import type { PathClass } from './explore.ts';

/** The edges of a state being expanded, added to as each branch's subtree is known. */
export interface PendingEdges {
  readonly child: number[];
  readonly flags: number[];
  readonly p: Fraction[];
  /** Tree nodes in the subtree, this state included. */
  nodes: number;
  /** Complete paths below the state. */
  paths: number;
}

export function pendingEdges(): PendingEdges {
  return { child: [], flags: [], p: [], nodes: 1, paths: 0 };
}

interface Inflow {
  probability: Fraction;
  paths: number;
}

export class StateGraph {
  /** A finished state's number by its state key. Numbers are given as states finish, so a state's children have smaller ones. */
  private readonly ids = new Map<string, number>();
  private readonly nodeCounts: number[] = [];
  private readonly pathCounts: number[] = [];
  /** An end state's end position key; undefined for a state with edges. */
  private readonly endOf: (string | undefined)[] = [];
  /** The first of a state's edges in the edge lists; its last is before the next state's first. */
  private readonly firstEdge: number[] = [];
  private readonly edgeChild: number[] = [];
  private readonly edgeFlags: number[] = [];
  private readonly edgeP: Fraction[] = [];

  get size(): number {
    return this.nodeCounts.length;
  }

  get(key: string): number | undefined {
    return this.ids.get(key);
  }

  paths(id: number): number {
    return this.pathCounts[id]!;
  }

  nodes(id: number): number {
    return this.nodeCounts[id]!;
  }

  /** The end of the move: one path, one tree node, at end position `end`. */
  end(key: string, end: string): number {
    const id = this.push(key, 1, 1, end);
    return id;
  }

  /** A state all of whose branches are explored. */
  finish(key: string, edges: PendingEdges): number {
    const id = this.push(key, edges.nodes, edges.paths, undefined);
    for (let i = 0; i < edges.child.length; i++) {
      this.edgeChild.push(edges.child[i]!);
      this.edgeFlags.push(edges.flags[i]!);
      this.edgeP.push(edges.p[i]!);
    }
    return id;
  }

  private push(key: string, nodes: number, paths: number, end: string | undefined): number {
    const id = this.nodeCounts.length;
    this.ids.set(key, id);
    this.nodeCounts.push(nodes);
    this.pathCounts.push(paths);
    this.endOf.push(end);
    this.firstEdge.push(this.edgeChild.length);
    return id;
  }

  /**
   * The classes of complete paths from state `root`: per end position and set of marginals, the chance and the
   * number of paths. `classKey` names a class as the explorer's other way names it.
   */
  classes(root: number, classKey: (end: string, flags: number) => string): Map<string, PathClass> {
    const inflow: (Map<number, Inflow> | undefined)[] = [];
    inflow[root] = new Map([[0, { probability: ONE, paths: 1 }]]);
    const classes = new Map<string, PathClass>();
    // Children have smaller numbers than every state that leads to them: by the time a state's turn comes, all that
    // flows into it has arrived.
    for (let id = root; id >= 0; id--) {
      const here = inflow[id];
      if (!here) continue;
      inflow[id] = undefined;
      const end = this.endOf[id];
      if (end !== undefined) {
        for (const [flags, m] of here) {
          const k = classKey(end, flags);
          const prev = classes.get(k);
          classes.set(k, {
            end,
            flags,
            delta: 0,
            probability: prev ? add(prev.probability, m.probability) : m.probability,
            paths: (prev?.paths ?? 0) + m.paths,
            shortest: undefined,
            length: 0,
          });
        }
        continue;
      }
      const last = id + 1 < this.firstEdge.length ? this.firstEdge[id + 1]! : this.edgeChild.length;
      for (let e = this.firstEdge[id]!; e < last; e++) {
        const child = this.edgeChild[e]!;
        const into = (inflow[child] ??= new Map());
        const edgeFlags = this.edgeFlags[e]!;
        const p = this.edgeP[e]!;
        for (const [flags, m] of here) {
          const f = flags | edgeFlags;
          const probability = mul(m.probability, p);
          const prev = into.get(f);
          if (prev) {
            prev.probability = add(prev.probability, probability);
            prev.paths += m.paths;
          } else into.set(f, { probability, paths: m.paths });
        }
      }
    }
    return classes;
  }
}
