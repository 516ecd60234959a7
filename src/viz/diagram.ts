// Statecharts as text diagrams: Mermaid (stateDiagram-v2) and Graphviz DOT, drawn from the machines themselves —
// every state with its title and rule, every transition with its event, guard (and the guard's rule) and actions.
import type { AnyStateMachine } from 'xstate';
import { GUARD_TABLES, type MachineId, type StateMeta } from '../../machines/index.ts';
import type { RuleGuard } from '../rules/procedures/common.ts';
import type { Lang } from '../rules/text.ts';

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly event: string;
  readonly guard?: string;
  readonly rule?: string;
  readonly actions: readonly string[];
}

interface Node {
  readonly id: string;
  readonly title: string;
  readonly rule: string;
  readonly tags: readonly string[];
  readonly final: boolean;
  readonly invokes: readonly string[];
}

interface Chart {
  readonly id: MachineId;
  readonly initial: string;
  readonly nodes: readonly Node[];
  readonly edges: readonly Edge[];
}

type AnyNode = AnyStateMachine['root'];
type AnyTransition = { target?: readonly AnyNode[]; guard?: unknown; actions: readonly unknown[] };

function eventLabel(type: string): string {
  if (type === '') return 'always';
  return type.startsWith('xstate.done.actor.') ? `done: ${type.slice('xstate.done.actor.'.length)}` : type;
}

/** The machine as plain nodes and edges. */
export function chart(id: MachineId, machine: AnyStateMachine, lang: Lang = 'en'): Chart {
  const guards = GUARD_TABLES[id] as Record<string, RuleGuard<unknown>>;
  const nodes: Node[] = [];
  const edges: Edge[] = [];
  for (const [key, n] of Object.entries(machine.root.states) as [string, AnyNode][]) {
    const meta = n.meta as StateMeta | undefined;
    nodes.push({
      id: key,
      title: meta?.title[lang] ?? key,
      rule: meta ? (meta.ruling ? `${meta.rule}, ${meta.ruling}` : meta.rule) : '',
      tags: [...n.tags],
      final: n.type === 'final',
      invokes: n.invoke.map((i) => String(i.src)),
    });
    const add = (event: string, t: AnyTransition) => {
      const guard = typeof t.guard === 'string' ? t.guard : undefined;
      for (const target of t.target ?? [n]) {
        edges.push({
          from: key,
          to: target.key,
          event: eventLabel(event),
          ...(guard ? { guard, rule: guards[guard]?.rule } : {}),
          actions: t.actions.map((a) => (typeof a === 'string' ? a : String((a as { type?: string }).type ?? 'inline'))),
        });
      }
    };
    for (const [event, ts] of n.transitions) for (const t of ts) add(event, t as unknown as AnyTransition);
    for (const t of n.always ?? []) add('', t as unknown as AnyTransition);
  }
  const initial = machine.root.initial?.target?.[0]?.key ?? nodes[0]?.id ?? '';
  return { id, initial, nodes, edges };
}

function edgeLabel(e: Edge): string {
  const guard = e.guard ? ` [${e.guard}${e.rule ? ` ${e.rule}` : ''}]` : '';
  const actions = e.actions.length ? ` / ${e.actions.join(', ')}` : '';
  return `${e.event}${guard}${actions}`;
}

/** Mermaid stateDiagram-v2; decision states yellow, dice states blue, card windows grey. */
export function toMermaid(c: Chart): string {
  const q = (s: string) => s.replace(/"/g, "'").replace(/:/g, ' -');
  const lines = ['stateDiagram-v2', `  %% ${c.id}: generated from machines/ by npm run viz; do not edit`];
  for (const n of c.nodes) {
    lines.push(`  state "${q(n.title)} (${q(n.rule)})${n.invokes.length ? ` ⇒ ${n.invokes.join(', ')}` : ''}" as ${n.id}`);
  }
  lines.push(`  [*] --> ${c.initial}`);
  for (const e of c.edges) lines.push(`  ${e.from} --> ${e.to} : ${q(edgeLabel(e))}`);
  for (const n of c.nodes) if (n.final) lines.push(`  ${n.id} --> [*]`);
  lines.push('  classDef decision fill:#fde68a,stroke:#b45309', '  classDef roll fill:#bfdbfe,stroke:#1d4ed8', '  classDef window fill:#e5e7eb,stroke:#6b7280,stroke-dasharray:4 3');
  for (const tag of ['decision', 'roll', 'window']) {
    const ids = c.nodes.filter((n) => n.tags.includes(tag)).map((n) => n.id);
    if (ids.length) lines.push(`  class ${ids.join(',')} ${tag}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Graphviz DOT, with the same colours. */
export function toDot(c: Chart): string {
  const q = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  const fill = (n: Node) => (n.tags.includes('decision') ? '#fde68a' : n.tags.includes('roll') ? '#bfdbfe' : n.tags.includes('window') ? '#e5e7eb' : '#ffffff');
  const lines = [`digraph ${c.id} {`, `  // generated from machines/ by npm run viz; do not edit`, '  rankdir=TB;', '  node [shape=box, style="rounded,filled", fontname="Helvetica"];', '  edge [fontname="Helvetica", fontsize=10];', '  __start [shape=point, label=""];'];
  for (const n of c.nodes) {
    const label = `${n.title}\\n(${n.rule})${n.invokes.length ? `\\n⇒ ${n.invokes.join(', ')}` : ''}`;
    lines.push(`  ${n.id} [label="${q(label).replace(/\\\\n/g, '\\n')}", fillcolor="${fill(n)}"${n.final ? ', peripheries=2' : ''}];`);
  }
  lines.push(`  __start -> ${c.initial};`);
  for (const e of c.edges) lines.push(`  ${e.from} -> ${e.to} [label="${q(edgeLabel(e))}"];`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

export type DiagramFormat = 'mermaid' | 'dot';

export function diagram(id: MachineId, machine: AnyStateMachine, format: DiagramFormat, lang: Lang = 'en'): string {
  const c = chart(id, machine, lang);
  return format === 'mermaid' ? toMermaid(c) : toDot(c);
}

/** The committed files of visualizations/: each machine in each format and language, and an index page. */
export function visualizationFiles(machines: Readonly<Record<MachineId, AnyStateMachine>>): Record<string, string> {
  const files: Record<string, string> = {};
  const index = [
    '# Statecharts of the procedures',
    '',
    'Generated from `machines/` by `npm run viz`; never edited by hand (`npm run viz:check` and a test fail when these',
    'files are stale). Yellow states wait for a decision, blue ones for dice, grey ones are card windows (ruling R14).',
    'Every transition shows its event, its guard with the guard\'s rule, and its actions.',
    '',
  ];
  for (const id of Object.keys(machines) as MachineId[]) {
    const machine = machines[id];
    for (const lang of ['en', 'ru'] as const) {
      files[`${id}.${lang}.mmd`] = diagram(id, machine, 'mermaid', lang);
      files[`${id}.${lang}.dot`] = diagram(id, machine, 'dot', lang);
    }
    index.push(`## ${id}`, '', `${machine.root.description ?? ''}`, '', '```mermaid', diagram(id, machine, 'mermaid', 'en').trimEnd(), '```', '');
  }
  files['README.md'] = `${index.join('\n')}`;
  return files;
}
