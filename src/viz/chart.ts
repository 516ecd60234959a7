// A machine — or the movement machine with every procedure it invokes — as plain states and transitions, with
// every label already worded in one language: what the Mermaid, DOT and SVG drawings are made from.
import type { AnyStateMachine } from 'xstate';
import type { ProcedureMeta, StateMeta } from '../../machines/index.ts';
import { ruleGuardOf } from '../rules/procedures/common.ts';
import type { Lang } from '../text/text.ts';
import { ruleText, stateRuleText } from '../text/rules.ts';
import { WORDS } from '../text/diagram-words.ts';

export interface ChartState {
  /** The machine id and the state's path joined with '.': 'fieldBattle.rollingAttackerDice'. */
  readonly id: string;
  readonly machine: string;
  /** The compound state this one is a child of. */
  readonly parent?: string;
  readonly title: string;
  /** The state's meta.rule (and ruling), as the language cites it. */
  readonly rule: string;
  readonly tags: readonly string[];
  readonly final: boolean;
  /** A compound state: drawn as a frame around its children. */
  readonly compound: boolean;
  /** A compound state's initial child. */
  readonly initial?: string;
  /** The ids of the machines the state invokes. */
  readonly invokes: readonly string[];
}

/**
 * `start`: into the initial state; `event`: on an event; `always`: an eventless transition; `else`: the fallback
 * of a transition list (its last entry, without a guard); `done`: an invoked machine finished; in the composed
 * chart `invoke` enters an invoked machine and `return` leaves its final state for the invoker's onDone target.
 */
export type EdgeKind = 'start' | 'event' | 'always' | 'else' | 'done' | 'invoke' | 'return';

export interface ChartEdge {
  /** Absent for the start edge. */
  readonly from?: string;
  readonly to: string;
  readonly kind: EdgeKind;
  /** The event as drawn: 'dice.rolled', 'always', 'else', 'done: fieldBattle'. */
  readonly event: string;
  readonly guard?: string;
  /** The guard's rule (and ruling), as the language cites it. */
  readonly rule?: string;
  readonly actions: readonly string[];
  /** done edges: the invoked machine. */
  readonly actor?: string;
  /** return edges: the invoking state whose onDone target this is (named in the label when several states invoke the machine). */
  readonly invokedBy?: string;
}

export interface ChartMachine {
  readonly id: string;
  readonly title: string;
  readonly rule: string;
  /** The states that invoke it, in the composed chart. */
  readonly invokedBy: readonly string[];
}

export interface Chart {
  /** A machine id, or 'composed'. */
  readonly name: string;
  readonly lang: Lang;
  /** The chart's title and the rules it covers. */
  readonly title: string;
  readonly rule: string;
  /** The machine whose initial state the chart starts from. */
  readonly root: string;
  readonly machines: readonly ChartMachine[];
  readonly states: readonly ChartState[];
  readonly edges: readonly ChartEdge[];
}

type AnyNode = AnyStateMachine['root'];
interface AnyTransition {
  readonly target?: readonly AnyNode[];
  readonly guard?: unknown;
  readonly actions: readonly unknown[];
}

const DONE_ACTOR = 'xstate.done.actor.';
const DONE_STATE = 'xstate.done.state.';

function stateId(machine: string, node: AnyNode): string {
  return [machine, ...node.path].join('.');
}

/** A composed guard (XState's and / or / not) is a function carrying the guards it composes. */
function composed(x: unknown): { readonly op: string; readonly parts: readonly unknown[] } | undefined {
  const parts = (x as { guards?: unknown } | null)?.guards;
  return typeof x === 'function' && Array.isArray(parts) ? { op: x.name, parts } : undefined;
}

/** The named guards a guard is made of. */
function guardNames(x: unknown): string[] {
  const c = composed(x);
  return c ? c.parts.flatMap(guardNames) : [nameOf(x)];
}

const OPERATORS: Record<Lang, Record<string, string>> = {
  en: { and: ' and ', or: ' or ', not: 'not ' },
  ru: { and: ' и ', or: ' или ', not: 'не ' },
};

/** A guard as a label: its name, or a composition of names ("canWithdraw and not isAutomaticWithdrawal"). */
function guardText(x: unknown, lang: Lang): string {
  const c = composed(x);
  if (!c) return nameOf(x);
  const parts = c.parts.map((p) =>
    composed(p) && composed(p)!.op !== 'not' ? `(${guardText(p, lang)})` : guardText(p, lang),
  );
  return c.op === 'not' ? `${OPERATORS[lang].not}${parts[0]}` : parts.join(OPERATORS[lang][c.op] ?? ` ${c.op} `);
}

function nameOf(x: unknown): string {
  if (typeof x === 'string') return x;
  const type = (x as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : 'inline';
}

/** A machine's own rule and title: its root `meta`, which every procedure machine states. */
function procedureOf(id: string, machine: AnyStateMachine): ProcedureMeta {
  const meta = machine.root.meta as Partial<ProcedureMeta> | undefined;
  if (!meta?.rule || !meta.title) throw new Error(`the ${id} machine states no rule and title in its root meta`);
  return { rule: meta.rule, title: meta.title };
}

function machineInfo(
  id: string,
  machine: AnyStateMachine,
  lang: Lang,
  invokedBy: readonly string[] = [],
): ChartMachine {
  const p = procedureOf(id, machine);
  return { id, title: p.title[lang], rule: ruleText(p.rule, lang), invokedBy };
}

/** How a transition's trigger reads: its event, 'always', 'else' (or 'event, else'), 'done: fieldBattle'. */
function eventWord(kind: EdgeKind, event: string, actor: string | undefined, lang: Lang): string {
  if (kind === 'done') return actor !== undefined ? `${WORDS.done[lang]}: ${actor}` : WORDS.done[lang];
  if (kind === 'else') return event === '' ? WORDS.else[lang] : `${event}, ${WORDS.else[lang]}`;
  return event === '' ? WORDS.always[lang] : event;
}

/** The simple state a transition into `id` ends in: a compound state enters its initial child, and so on down. */
export function entryOf(chart: Chart, id: string): string {
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  let current = byId.get(id);
  while (current?.compound && current.initial) current = byId.get(current.initial);
  return current?.id ?? id;
}

/** One machine: every state (nested ones with their path), every transition with its guard, the guard's rule and actions. */
export function machineChart(id: string, machine: AnyStateMachine, lang: Lang): Chart {
  const states: ChartState[] = [];
  const edges: ChartEdge[] = [];
  // Each named guard carries its rule, and the ruling that reads it when one does (guardsOf): the machine's own
  // implementations say what each one checks. A guard's ruling is cited with its rule, as a state's is.
  const guards: Readonly<Record<string, unknown>> = machine.implementations.guards;
  const citationOf = (g: string) => {
    const rg = Object.hasOwn(guards, g) ? ruleGuardOf(guards[g]) : undefined;
    return rg ? stateRuleText(rg.rule, rg.ruling, lang) : undefined;
  };
  const guardOf = (t: AnyTransition) => {
    if (t.guard === undefined) return {};
    const guard = guardText(t.guard, lang);
    const rules = [
      ...new Set(
        guardNames(t.guard)
          .map(citationOf)
          .filter((r): r is NonNullable<typeof r> => r !== undefined),
      ),
    ];
    return { guard, ...(rules.length > 0 ? { rule: rules.join('; ') } : {}) };
  };
  const visit = (node: AnyNode, parent: string | undefined) => {
    for (const n of Object.values(node.states) as AnyNode[]) {
      const sid = stateId(id, n);
      const meta = n.meta as StateMeta | undefined;
      const children = Object.keys(n.states).length > 0;
      const initial = children ? n.initial?.target?.[0] : undefined;
      states.push({
        id: sid,
        machine: id,
        ...(parent ? { parent } : {}),
        title: meta?.title[lang] ?? n.key,
        rule: meta ? stateRuleText(meta.rule, meta.ruling, lang) : '',
        tags: [...n.tags],
        final: n.type === 'final',
        compound: children,
        ...(initial ? { initial: stateId(id, initial) } : {}),
        invokes: n.invoke.map((i) => nameOf(i.src)),
      });
      const actorOf = new Map(n.invoke.map((i) => [i.id, nameOf(i.src)]));
      const add = (event: string, list: readonly AnyTransition[]) => {
        list.forEach((t, i) => {
          const fallback = list.length > 1 && i === list.length - 1 && t.guard === undefined;
          const actor = event.startsWith(DONE_ACTOR)
            ? (actorOf.get(event.slice(DONE_ACTOR.length)) ?? event.slice(DONE_ACTOR.length))
            : undefined;
          const kind: EdgeKind =
            actor !== undefined || event.startsWith(DONE_STATE)
              ? 'done'
              : fallback
                ? 'else'
                : event === ''
                  ? 'always'
                  : 'event';
          const word = eventWord(kind, event, actor, lang);
          for (const target of t.target ?? [n]) {
            edges.push({
              from: sid,
              to: stateId(id, target),
              kind,
              event: word,
              ...guardOf(t),
              actions: t.actions.map(nameOf),
              ...(actor !== undefined ? { actor } : {}),
            });
          }
        });
      };
      for (const [event, list] of n.transitions) add(event, list as unknown as AnyTransition[]);
      if (n.always) add('', n.always as unknown as AnyTransition[]);
      visit(n, sid);
    }
  };
  visit(machine.root, undefined);
  const initial = machine.root.initial?.target?.[0];
  if (initial) edges.unshift({ to: stateId(id, initial), kind: 'start', event: '', actions: [] });
  const info = machineInfo(id, machine, lang);
  return { name: id, lang, title: info.title, rule: info.rule, root: id, machines: [info], states, edges };
}

/**
 * The root machine with every machine it invokes, each drawn once: an invoking state enters the invoked machine's
 * initial state, and each final state of the invoked machine returns to the invoking state's onDone target. A
 * machine invoked from several states (siegeBreak, retreat) has one return edge per invoking state, naming it.
 */
export function composedChart(root: string, machines: Readonly<Record<string, AnyStateMachine>>, lang: Lang): Chart {
  const charts = new Map<string, Chart>();
  const order = [root];
  for (let i = 0; i < order.length; i++) {
    const id = order[i]!;
    const c = machineChart(id, machines[id]!, lang);
    charts.set(id, c);
    for (const s of c.states)
      for (const child of s.invokes) if (Object.hasOwn(machines, child) && !order.includes(child)) order.push(child);
  }
  const invokedBy = new Map<string, string[]>(order.map((id) => [id, []]));
  for (const c of charts.values())
    for (const s of c.states) for (const child of s.invokes) invokedBy.get(child)?.push(s.id);

  const states = [...charts.values()].flatMap((c) => c.states);
  const entry = (id: string) => charts.get(id)!.edges.find((e) => e.kind === 'start')!.to;
  const finals = (id: string) =>
    charts
      .get(id)!
      .states.filter((s) => s.final && s.parent === undefined)
      .map((s) => s.id);

  const edges: ChartEdge[] = [];
  for (const [id, c] of charts) {
    for (const e of c.edges) {
      if (e.kind === 'start') {
        if (id === root) edges.push(e);
        continue;
      }
      if (e.kind === 'done' && e.actor !== undefined && charts.has(e.actor)) {
        const local = e.from!.startsWith(`${root}.`) ? e.from!.slice(root.length + 1) : e.from!;
        const event =
          invokedBy.get(e.actor)!.length > 1
            ? `${WORDS.done[lang]} (${WORDS.invokedBy[lang]} ${local})`
            : WORDS.done[lang];
        for (const f of finals(e.actor))
          edges.push({ from: f, to: e.to, kind: 'return', event, actions: e.actions, invokedBy: e.from! });
        continue;
      }
      edges.push(e);
    }
    for (const s of c.states) {
      for (const child of s.invokes)
        if (charts.has(child))
          edges.push({ from: s.id, to: entry(child), kind: 'invoke', event: WORDS.invoke[lang], actions: [] });
    }
  }
  const machinesDrawn = order.map((id) => machineInfo(id, machines[id]!, lang, invokedBy.get(id)));
  const rules = order
    .map((id) => procedureOf(id, machines[id]!).rule as string)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const span = rules.length > 1 ? `${rules[0]}–${rules.at(-1)}` : (rules[0] ?? '');
  return {
    name: 'composed',
    lang,
    title: `${machinesDrawn[0]!.title}: ${WORDS.composed[lang]}`,
    rule: span,
    root,
    machines: machinesDrawn,
    states,
    edges,
  };
}

/**
 * The composed chart folded to the procedures in play: every machine not in `inPlay` (the root always is) becomes one
 * state standing for the whole procedure (id: the machine's id, tag `folded`), its own transitions gone, its
 * invocations and returns kept once each. What a page shows when only some procedures take part in a move.
 */
export function foldedChart(chart: Chart, inPlay: ReadonlySet<string>): Chart {
  const kept = (machine: string) => machine === chart.root || inPlay.has(machine);
  const machineOf = new Map(chart.states.map((s) => [s.id, s.machine]));
  const folded = chart.machines.filter((m) => !kept(m.id));
  const at = (id: string) => {
    const machine = machineOf.get(id) ?? '';
    return kept(machine) ? id : machine;
  };
  const seen = new Set<string>();
  const edges: ChartEdge[] = [];
  for (const e of chart.edges) {
    const from = e.from === undefined ? undefined : at(e.from);
    const to = at(e.to);
    if (from !== undefined && from === to && !kept(machineOf.get(e.to) ?? '')) continue;
    const invokedBy = e.invokedBy === undefined ? undefined : at(e.invokedBy);
    const key = `${from ?? ''}>${to}>${e.kind}>${invokedBy ?? ''}`;
    if (from !== e.from || to !== e.to || invokedBy !== e.invokedBy) {
      if (seen.has(key)) continue;
      seen.add(key);
    }
    edges.push({
      ...e,
      ...(from !== undefined ? { from } : {}),
      to,
      ...(invokedBy !== undefined ? { invokedBy } : {}),
    });
  }
  return {
    ...chart,
    machines: chart.machines.filter((m) => kept(m.id)),
    states: [
      ...chart.states.filter((s) => kept(s.machine)),
      ...folded.map((m): ChartState => ({
        id: m.id,
        machine: m.id,
        title: m.title,
        rule: m.rule,
        tags: ['folded'],
        final: false,
        compound: false,
        invokes: [],
      })),
    ],
    edges,
  };
}

/** An edge's label, one line per part: the event, the guard with its rule, the actions. */
export function edgeLabel(e: ChartEdge): string[] {
  if (e.kind === 'start') return [];
  const lines = [e.event];
  if (e.guard) lines.push(`[${e.guard}${e.rule ? ` (${e.rule})` : ''}]`);
  if (e.actions.length) lines.push(`/ ${e.actions.join(', ')}`);
  return lines;
}

/** The state a user names: a full id ('fieldBattle.rollingAttackerDice'), or a key of the chart's root machine. */
export function findState(chart: Chart, name: string): ChartState | undefined {
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  return byId.get(name) ?? byId.get(`${chart.root}.${name}`);
}
