// A parallel exploration (explore --workers N): N worker threads explore the same move, each following its share of
// the branches of the first state that has two branches or more (`split` in explore.ts); their paths are disjoint
// and together make every path, so the classes of complete paths they hand back merge into exactly the report one
// thread would give (paths, probabilities, end positions, matches). Memo hits between the parts are lost: the states
// expanded add up to at least the single thread's. When a worker cannot start (no TypeScript loader in the process,
// for instance), the exploration runs in this thread.
import { Worker } from 'node:worker_threads';
import { parseScenario } from '../engine/scenario.ts';
import type { EngineEvent } from '../schema/events.ts';
import type { ResultPosition } from '../schema/result.ts';
import {
  assembleReport,
  explore,
  exploreCore,
  type ExploreCore,
  type ExploreOptions,
  type ExploreReport,
  type PathClass,
  type PathLink,
  type SkippedSeen,
  type Violation,
} from './explore.ts';
import { add, fraction } from './fraction.ts';
import { compileExpression, importInvariants } from './query.ts';
import type { InvariantTally } from './invariants.ts';
import { DeltaTable, type SummaryDelta } from './summary-delta.ts';
import { questionQuery, type Question } from './verdict.ts';

/** What crosses to a worker: plain data only (a policy by name, the query as text, invariants as module paths). */
export interface WorkerJob {
  readonly scenario: unknown;
  readonly options: Omit<ExploreOptions, 'decisions' | 'invariants' | 'where' | 'queries' | 'split'> & {
    readonly decisions?: 'all' | 'decline' | 'eager';
  };
  readonly find?: string;
  /** With `find`: the question it answers (src/review/verdict.ts); a forall's matches are its counter-examples. */
  readonly question?: Question;
  readonly assert: readonly string[];
  readonly parts: number;
  readonly part: number;
}

interface WireClass {
  readonly end: string;
  readonly flags: number;
  readonly delta: SummaryDelta;
  readonly n: string;
  readonly d: string;
  readonly paths: number;
  readonly shortest: readonly { readonly events: readonly EngineEvent[]; readonly label: string }[];
  readonly length: number;
}

/** A field's value as plain data a worker can post: a map as its entries (values made plain too), a set as an array. */
type Plain<T> =
  T extends ReadonlyMap<infer K, infer V>
    ? readonly (readonly [K, Plain<V>])[]
    : T extends ReadonlySet<infer E>
      ? readonly E[]
      : T;
type PlainFields<T, K extends keyof T> = { readonly [P in K]: Plain<T[P]> };

function plain<T>(value: T): Plain<T> {
  if (value instanceof Map) return [...value].map(([k, v]) => [k, plain(v)] as const) as Plain<T>;
  if (value instanceof Set) return [...value] as Plain<T>;
  return value as Plain<T>;
}

function plainFields<T extends object, K extends keyof T>(o: T, keys: readonly K[]): PlainFields<T, K> {
  return Object.fromEntries(keys.map((k) => [k, plain(o[k])])) as unknown as PlainFields<T, K>;
}

/** The fields of an ExploreCore that cross to the parent as they are (made plain). */
const WIRE_FIELDS = [
  'mode',
  'answers',
  'ends',
  'violations',
  'states',
  'counts',
  'skipped',
  'invariants',
  'reviewerInvariants',
  'expanded',
  'pathsSoFar',
  'rootSummary',
  'prefix',
] as const satisfies readonly (keyof ExploreCore)[];
type WireField = (typeof WIRE_FIELDS)[number];
const SHARED_FIELDS = [
  'expanded',
  'nodes',
  'counts',
  'invariants',
] as const satisfies readonly (keyof ExploreCore['shared'])[];

/**
 * The fields that cross in a shape of their own: `top` as its classes (fractions as text, each class's delta by
 * value) and node count; `truncatedBy` only when set; `shared` field by field. What stays in the worker: the delta
 * table (each class carries its delta), `perAnswer` and `reached` (the advisor's and the walkthrough's, never split),
 * `started` (the parent's clock).
 */
type ReshapedField = 'top' | 'truncatedBy' | 'shared' | 'deltas' | 'perAnswer' | 'reached' | 'started';
// A field added to ExploreCore fails to compile here until it is placed in WIRE_FIELDS or ReshapedField.
const everyFieldPlaced: [Exclude<keyof ExploreCore, WireField | ReshapedField>] extends [never] ? true : never = true;
void everyFieldPlaced;

/** An ExploreCore as plain data. */
export type WireCore = PlainFields<ExploreCore, WireField> & {
  readonly classes: readonly WireClass[];
  readonly nodes: number;
  readonly truncatedBy?: ExploreReport['truncatedBy'];
  readonly shared: PlainFields<ExploreCore['shared'], (typeof SHARED_FIELDS)[number]>;
};

export function toWire(core: ExploreCore): WireCore {
  const classes: WireClass[] = [];
  for (const c of core.top.classes.values()) {
    const shortest: { events: readonly EngineEvent[]; label: string }[] = [];
    for (let l = c.shortest; l; l = l.next) shortest.push({ events: l.events, label: l.label });
    classes.push({
      end: c.end,
      flags: c.flags,
      delta: core.deltas.get(c.delta),
      n: c.probability.n.toString(),
      d: c.probability.d.toString(),
      paths: c.paths,
      shortest,
      length: c.length,
    });
  }
  return {
    ...plainFields(core, WIRE_FIELDS),
    classes,
    nodes: core.top.nodes,
    ...(core.truncatedBy ? { truncatedBy: core.truncatedBy } : {}),
    shared: plainFields(core.shared, SHARED_FIELDS),
  };
}

/** The parts merged into one core: classes of equal end, marginals and summary delta add up. */
export function mergeWires(parts: readonly WireCore[], started: number): ExploreCore {
  const deltas = new DeltaTable();
  const classes = new Map<string, PathClass>();
  const ends = new Map<string, { position: ResultPosition; description: string }>();
  const states = new Map<string, Set<string>>();
  const counts = new Map<string, { decisions: number; answers: number; incomplete: number }>();
  const skipped = new Map<string, SkippedSeen>();
  const violations = new Map<string, Violation>();
  const invariants: InvariantTally = new Map();
  let nodes = 0,
    expanded = 0,
    pathsSoFar = 0;
  let truncatedBy: ExploreReport['truncatedBy'];
  for (const w of parts) {
    for (const c of w.classes) {
      const delta = deltas.intern(c.delta);
      let shortest: PathLink | undefined;
      for (let i = c.shortest.length - 1; i >= 0; i--)
        shortest = { events: c.shortest[i]!.events, label: c.shortest[i]!.label, next: shortest };
      const key = `${c.end}#${c.flags}#${delta}`;
      const prev = classes.get(key);
      const p = fraction(BigInt(c.n), BigInt(c.d));
      const better = !prev || c.length < prev.length;
      classes.set(key, {
        end: c.end,
        flags: c.flags,
        delta,
        probability: prev ? add(prev.probability, p) : p,
        paths: (prev?.paths ?? 0) + c.paths,
        shortest: better ? shortest : prev.shortest,
        length: better ? c.length : prev.length,
      });
    }
    for (const [k, e] of w.ends) if (!ends.has(k)) ends.set(k, e);
    for (const [m, list] of w.states) {
      const set = states.get(m) ?? new Set<string>();
      for (const x of list) set.add(x);
      states.set(m, set);
    }
    for (const [k, c] of w.counts) {
      const prev = counts.get(k) ?? { decisions: 0, answers: 0, incomplete: 0 };
      counts.set(k, {
        decisions: prev.decisions + c.decisions,
        answers: prev.answers + c.answers,
        incomplete: prev.incomplete + c.incomplete,
      });
    }
    for (const [k, v] of w.skipped) if (!skipped.has(k)) skipped.set(k, v);
    for (const v of w.violations) violations.set(JSON.stringify(v), v);
    for (const [k, c] of w.invariants) {
      const prev = invariants.get(k) ?? { checked: 0, violations: 0 };
      invariants.set(k, { checked: prev.checked + c.checked, violations: prev.violations + c.violations });
    }
    nodes += w.nodes;
    expanded += w.expanded;
    pathsSoFar += w.pathsSoFar;
    truncatedBy ??= w.truncatedBy;
  }
  // What every part did alike before the split is counted once.
  const first = parts[0]!;
  const extra = parts.length - 1;
  nodes -= extra * first.shared.nodes;
  expanded -= extra * first.shared.expanded;
  for (const [k, c] of first.shared.invariants) {
    const prev = invariants.get(k)!;
    invariants.set(k, {
      checked: prev.checked - extra * c.checked,
      violations: prev.violations - extra * c.violations,
    });
  }
  for (const [k, c] of first.shared.counts) {
    const prev = counts.get(k)!;
    counts.set(k, {
      decisions: prev.decisions - extra * c.decisions,
      answers: prev.answers - extra * c.answers,
      incomplete: prev.incomplete - extra * c.incomplete,
    });
  }
  return {
    mode: first.mode,
    answers: first.answers,
    top: { classes, nodes },
    ends,
    deltas,
    violations: [...violations.values()],
    states,
    counts,
    skipped,
    invariants,
    reviewerInvariants: first.reviewerInvariants,
    perAnswer: [],
    reached: undefined,
    expanded,
    pathsSoFar,
    truncatedBy,
    rootSummary: first.rootSummary,
    prefix: first.prefix,
    started,
    shared: {
      expanded: first.shared.expanded,
      nodes: first.shared.nodes,
      counts: new Map(first.shared.counts),
      invariants: new Map(first.shared.invariants.map(([k, c]) => [k, { ...c }])),
    },
  };
}

/** One part, run in a worker (or in this thread). */
export async function runPart(job: WorkerJob): Promise<WireCore> {
  const invariants = (await Promise.all(job.assert.map(importInvariants))).flat();
  const scenario = parseScenario(job.scenario);
  return toWire(
    exploreCore(scenario, {
      ...job.options,
      ...(invariants.length ? { invariants } : {}),
      ...(job.find !== undefined ? { where: compileExpression(job.find) } : {}),
      split: { parts: job.parts, part: job.part },
    }),
  );
}

/**
 * A worker thread for one part. Compiled (dist/), the worker is plain JavaScript; from the sources (tsx), the worker
 * first registers tsx's loader, which a worker thread does not inherit.
 */
function startWorker(job: WorkerJob): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const target = new URL(`./explore-worker${fromSources ? '.ts' : '.js'}`, import.meta.url);
  if (!fromSources) return new Worker(target, { workerData: job });
  const api = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(target.href)}); })`;
  return new Worker(code, { eval: true, workerData: job });
}

function inWorker(job: WorkerJob): Promise<WireCore> {
  return new Promise((resolve, reject) => {
    const w = startWorker(job);
    w.once('message', (m: { ok: true; core: WireCore } | { ok: false; error: string }) =>
      m.ok ? resolve(m.core) : reject(new Error(m.error)),
    );
    w.once('error', reject);
    w.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with code ${code}`)));
  });
}

/**
 * Explores with `workers` threads and returns the report one thread would give. The scenario goes to the workers as
 * its source (JSON); the query as text; invariants as module paths (each worker imports them).
 */
export async function exploreInParallel(
  job: Omit<WorkerJob, 'parts' | 'part'>,
  workers: number,
): Promise<ExploreReport & { readonly workers: number }> {
  const started = performance.now();
  const where =
    job.find !== undefined
      ? job.question
        ? questionQuery(job.question, compileExpression(job.find))
        : compileExpression(job.find)
      : undefined;
  if (workers > 1) {
    let parts: WireCore[] | undefined;
    try {
      parts = await Promise.all(
        Array.from({ length: workers }, (_, part) => inWorker({ ...job, parts: workers, part })),
      );
    } catch {
      // A worker could not start or failed: the same exploration in this thread (below) says what went wrong, if anything.
    }
    if (parts) return { ...assembleReport(mergeWires(parts, started), where ? { where } : {}), workers };
  }
  const invariants = (await Promise.all(job.assert.map(importInvariants))).flat();
  const report = explore(parseScenario(job.scenario), {
    ...job.options,
    ...(invariants.length ? { invariants } : {}),
    ...(where ? { where } : {}),
  });
  return { ...report, workers: 1 };
}
