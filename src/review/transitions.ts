// The states and transitions of every procedure machine, and which of them a run reached. The universe comes from
// the machines themselves (every state; every transition with its source, event and guard, composed guards drawn as
// `and(a, not(b))`); what a session reached comes from its trace: each step names its machine, the state entered,
// the event and the primitive guards evaluated in order, so the transition taken is the first candidate of the
// source state whose guard holds under those evaluations (XState's own selection, `and`/`or` short-circuiting).
import type { AnyStateMachine } from 'xstate';
import { MACHINES, type MachineId } from '../../machines/index.ts';
import type { TraceStep } from '../engine/trace.ts';

export interface TransitionInfo {
  readonly machine: MachineId;
  /** `machine|source|event|index`: the index among the source's candidates for that event. */
  readonly key: string;
  readonly source: string;
  /** `always`, an event type, or `done:<child id>`. */
  readonly event: string;
  readonly guard?: string;
  readonly targets: readonly string[];
}

type GuardRef = string | { type?: string; name?: string; guards?: GuardRef[] } | ((...args: never[]) => unknown);

interface Candidate {
  readonly guard?: GuardRef;
  readonly target?: readonly { key: string }[];
}

interface StateNodeLike {
  readonly key: string;
  readonly transitions: ReadonlyMap<string, readonly Candidate[]>;
  readonly always?: readonly Candidate[];
  readonly states: Readonly<Record<string, StateNodeLike>>;
}

const DONE_PREFIX = 'xstate.done.actor.';

/** How a transition's event is named in keys and reports: `always` for an eventless one, `done:<child id>`, a type. */
export function eventLabel(type: string): string {
  if (type === '') return 'always';
  return type.startsWith(DONE_PREFIX) ? `done:${type.slice(DONE_PREFIX.length)}` : type;
}

function composite(g: GuardRef): { kind: string; parts: GuardRef[] } | undefined {
  if (typeof g === 'string') return undefined;
  const parts = (g as { guards?: GuardRef[] }).guards;
  const kind = (g as { name?: string }).name;
  if (Array.isArray(parts) && (kind === 'and' || kind === 'or' || kind === 'not')) return { kind, parts };
  return undefined;
}

/** A guard as people read it: its name, or `and(a, not(b))`. */
export function guardLabel(g: GuardRef): string {
  if (typeof g === 'string') return g;
  const c = composite(g);
  if (c) return `${c.kind}(${c.parts.map(guardLabel).join(', ')})`;
  const type = (g as { type?: string }).type;
  return typeof type === 'string' ? type : '(inline guard)';
}

function rootOf(id: MachineId): StateNodeLike {
  return (MACHINES[id] as unknown as AnyStateMachine).root as unknown as StateNodeLike;
}

function candidatesOf(node: StateNodeLike, event: string): readonly Candidate[] {
  if (event === 'always') return node.always ?? [];
  const type = event.startsWith('done:') ? `${DONE_PREFIX}${event.slice(5)}` : event;
  return node.transitions.get(type) ?? [];
}

export const MACHINE_IDS = Object.keys(MACHINES) as MachineId[];

/** Every state of every machine, by machine. */
export function allStates(): Record<MachineId, string[]> {
  return Object.fromEntries(MACHINE_IDS.map((id) => [id, Object.keys(rootOf(id).states)])) as Record<
    MachineId,
    string[]
  >;
}

/** Every transition of every machine (guarded or not), in the machines' own order. */
export function allTransitions(): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  for (const machine of MACHINE_IDS)
    for (const [source, node] of Object.entries(rootOf(machine).states)) {
      const lists: [string, readonly Candidate[]][] = [
        ...[...node.transitions.entries()].map(([t, c]) => [eventLabel(t), c] as [string, readonly Candidate[]]),
        ['always', node.always ?? []],
      ];
      for (const [event, candidates] of lists)
        candidates.forEach((c, i) =>
          out.push({
            machine,
            key: `${machine}|${source}|${event}|${i}`,
            source,
            event,
            ...(c.guard !== undefined ? { guard: guardLabel(c.guard) } : {}),
            targets: (c.target ?? []).map((t) => t.key),
          }),
        );
    }
  return out;
}

/** The guarded transitions: what a review must see taken at least once. */
export function guardedTransitions(): TransitionInfo[] {
  return allTransitions().filter((t) => t.guard !== undefined);
}

/** Replays the recorded primitive guard results through a guard expression, as XState evaluates it. */
function evaluate(
  g: GuardRef,
  recorded: readonly { name: string; result: boolean }[],
  at: { i: number },
): boolean | undefined {
  const c = composite(g);
  if (c) {
    if (c.kind === 'not') {
      const r = evaluate(c.parts[0]!, recorded, at);
      return r === undefined ? undefined : !r;
    }
    for (const part of c.parts) {
      const r = evaluate(part, recorded, at);
      if (r === undefined) return undefined;
      if (c.kind === 'and' && !r) return false;
      if (c.kind === 'or' && r) return true;
    }
    return c.kind === 'and';
  }
  const name = guardLabel(g);
  const next = recorded[at.i];
  if (!next || next.name !== name) return undefined;
  at.i++;
  return next.result;
}

/** What a set of runs reached: states per machine, transitions taken, and guards seen false (the other branch). */
/** States, transition keys and failed guards reached, as JSON lists. */
export interface ReachedLists {
  readonly states: Readonly<Record<string, readonly string[]>>;
  /** Transition keys as this file makes them. */
  readonly transitions: readonly string[];
  readonly guardFailed: readonly string[];
}

export class Reached {
  readonly states = new Map<MachineId, Set<string>>();
  readonly transitions = new Set<string>();
  /** Guarded transitions whose guard was evaluated and did not hold (so the candidate after it was considered). */
  readonly guardFailed = new Set<string>();
  /** Per guard name: whether it was seen holding and seen failing (`his coverage`: a guard evaluated both ways). */
  readonly guards = new Map<string, { held: boolean; failed: boolean }>();
  /** Steps whose transition could not be told from the trace (the machines changed under the review code). */
  unresolved = 0;
  /** The first few of them, as `machine.source [event] → state`. */
  readonly unresolvedSteps: string[] = [];
  /**
   * Steps a machine took while its actor was created (no guard evaluation is recorded then) where several candidates
   * lead to the state entered: not counted for any transition (the xstate/graph walks see these steps exactly).
   */
  ambiguous = 0;

  private miss(step: string): void {
    this.unresolved++;
    if (this.unresolvedSteps.length < 10) this.unresolvedSteps.push(step);
  }

  state(machine: MachineId, state: string): void {
    let set = this.states.get(machine);
    if (!set) this.states.set(machine, (set = new Set()));
    set.add(state);
  }

  /** What was reached, as sorted JSON lists (the suite's coverage files, review/suite-coverage.json). */
  toLists(): ReachedLists {
    return {
      states: Object.fromEntries(
        [...this.states].sort(([a], [b]) => a.localeCompare(b)).map(([m, set]) => [m, [...set].sort()]),
      ),
      transitions: [...this.transitions].sort(),
      guardFailed: [...this.guardFailed].sort(),
    };
  }

  /** Adds what `toLists` wrote. */
  addLists(lists: ReachedLists): void {
    for (const [m, list] of Object.entries(lists.states)) for (const s of list) this.state(m as MachineId, s);
    for (const t of lists.transitions) this.transitions.add(t);
    for (const t of lists.guardFailed) this.guardFailed.add(t);
  }

  merge(other: Reached): void {
    for (const [m, set] of other.states) for (const s of set) this.state(m, s);
    for (const t of other.transitions) this.transitions.add(t);
    for (const t of other.guardFailed) this.guardFailed.add(t);
    for (const [name, e] of other.guards) {
      const mine = this.guards.get(name) ?? { held: false, failed: false };
      this.guards.set(name, { held: mine.held || e.held, failed: mine.failed || e.failed });
    }
    this.unresolved += other.unresolved;
    this.ambiguous += other.ambiguous;
    for (const u of other.unresolvedSteps) if (this.unresolvedSteps.length < 10) this.unresolvedSteps.push(u);
  }

  /**
   * Takes the steps of a trace from `from` on (the steps before only tell where each machine stood). Each step's
   * transition is found among its source state's candidates for the event: the first whose guard holds under the
   * guard evaluations the step recorded.
   */
  addTrace(trace: readonly TraceStep[], from = 0): void {
    const at = new Map<MachineId, string>();
    for (let i = 0; i < from && i < trace.length; i++) at.set(trace[i]!.machine, trace[i]!.state);
    for (let i = from; i < trace.length; i++) {
      const e = trace[i]!;
      this.state(e.machine, e.state);
      for (const g of e.guards) {
        let seen = this.guards.get(g.name);
        if (!seen) this.guards.set(g.name, (seen = { held: false, failed: false }));
        if (g.result) seen.held = true;
        else seen.failed = true;
      }
      const source = at.get(e.machine);
      at.set(e.machine, e.state);
      if (e.event === 'start' || source === undefined) continue;
      const node = rootOf(e.machine).states[source];
      if (!node) {
        this.miss(`${e.machine}.${source} [${e.event}] → ${e.state}`);
        continue;
      }
      const candidates = candidatesOf(node, e.event);
      const cursor = { i: 0 };
      let taken = -1;
      const failed: number[] = [];
      for (let c = 0; c < candidates.length; c++) {
        const g = candidates[c]!.guard;
        const holds = g === undefined ? true : evaluate(g, e.guards, cursor);
        if (holds === undefined) break;
        if (holds) {
          taken = c;
          break;
        }
        failed.push(c);
      }
      if (taken < 0) {
        // No guard evaluations recorded (a machine's first steps, taken while its actor is created, are not
        // instrumented): the transition is the only candidate that leads to the state entered, if there is one.
        const into = candidates
          .map((c, i) => [c, i] as const)
          .filter(([c]) => (c.target?.length ? c.target.some((t) => t.key === e.state) : source === e.state));
        if (into.length === 1) taken = into[0]![1];
        else if (into.length > 1 && e.guards.length === 0) {
          this.ambiguous++;
          continue;
        } else {
          this.miss(
            `${e.machine}.${source} [${e.event}] → ${e.state} (guards ${e.guards.map((g) => `${g.name}=${g.result}`).join(', ') || 'none recorded'})`,
          );
          continue;
        }
      } else for (const c of failed) this.guardFailed.add(`${e.machine}|${source}|${e.event}|${c}`);
      this.transitions.add(`${e.machine}|${source}|${e.event}|${taken}`);
    }
  }
}
