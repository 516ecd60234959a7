// A chart as Mermaid stateDiagram-v2: decision states yellow, dice states blue, card windows grey and dashed,
// invoking states violet, the highlighted state with a thick red border. In the composed chart each invoked machine
// is a composite state entered from the state that invokes it; Mermaid draws no transition between the inside of
// two composite states, so an invocation from inside one (fieldBattle → retreat) shows only as "⇒ retreat".
import { edgeLabel, type Chart, type ChartEdge, type ChartState } from './chart.ts';

export interface MermaidOptions {
  readonly highlight?: string;
}

const CLASSES = [
  ['decision', 'fill:#fde68a,stroke:#b45309'],
  ['roll', 'fill:#bfdbfe,stroke:#1d4ed8'],
  ['window', 'fill:#e5e7eb,stroke:#6b7280,stroke-dasharray:4 3'],
  ['invoking', 'fill:#ede9fe,stroke:#6d28d9'],
  ['highlight', 'stroke:#dc2626,stroke-width:4px'],
] as const;

/** Mermaid text: no double quotes, and no colon (it would end a transition's label). */
function q(s: string): string {
  return s.replace(/"/g, "'").replace(/:/g, ' -');
}

export function toMermaid(c: Chart, options: MermaidOptions = {}): string {
  // The root machine's states keep their keys; the others are prefixed with their machine.
  const mid = (id: string) => (id.startsWith(`${c.root}.`) ? id.slice(c.root.length + 1) : id).replace(/\./g, '__');
  const frame = (machine: string) => `machine_${machine}`;
  const byId = new Map(c.states.map((s) => [s.id, s]));
  const lines = ['stateDiagram-v2', `  %% ${c.name}: generated from machines/ by npm run viz; do not edit`];

  const label = (s: ChartState) =>
    `${q(s.title)}${s.rule ? ` (${q(s.rule)})` : ''}${s.invokes.length ? ` ⇒ ${s.invokes.join(', ')}` : ''}`;
  const edge = (e: ChartEdge, from: string, to: string, indent: string) => {
    const text = q(edgeLabel(e).join(' '));
    lines.push(`${indent}${from} --> ${to}${text ? ` : ${text}` : ''}`);
  };
  // The states of one machine under one parent, their transitions, and the start and final markers.
  const block = (machine: string, parent: string | undefined, indent: string) => {
    const members = c.states.filter((s) => s.machine === machine && s.parent === parent);
    for (const s of members) {
      lines.push(`${indent}state "${label(s)}" as ${mid(s.id)}`);
      if (s.compound) {
        lines.push(`${indent}state ${mid(s.id)} {`);
        block(machine, s.id, `${indent}  `);
        lines.push(`${indent}}`);
      }
    }
    const inside = new Set(members.map((s) => s.id));
    // A machine starts where the start edge (the root) or its invocations (the others) lead.
    const initial = parent
      ? byId.get(parent)?.initial
      : c.edges.find((e) => (e.kind === 'start' || e.kind === 'invoke') && byId.get(e.to)?.machine === machine)?.to;
    if (initial) lines.push(`${indent}[*] --> ${mid(initial)}`);
    for (const e of c.edges)
      if (
        e.from &&
        inside.has(e.from) &&
        e.kind !== 'invoke' &&
        e.kind !== 'return' &&
        e.kind !== 'start' &&
        byId.get(e.to)?.machine === machine
      )
        edge(e, mid(e.from), mid(e.to), indent);
    for (const s of members) if (s.final) lines.push(`${indent}${mid(s.id)} --> [*]`);
  };

  block(c.root, undefined, '  ');
  for (const m of c.machines.slice(1)) {
    lines.push(`  state "${q(m.title)} (${q(m.rule)})" as ${frame(m.id)}`, `  state ${frame(m.id)} {`);
    block(m.id, undefined, '    ');
    lines.push('  }');
  }
  // Invocations from and returns to the root machine's top-level states.
  const topLevel = (id: string | undefined) =>
    id !== undefined && byId.get(id)?.machine === c.root && byId.get(id)?.parent === undefined;
  const returns = new Set<string>();
  for (const e of c.edges) {
    if (e.kind === 'invoke' && topLevel(e.from)) edge(e, mid(e.from!), frame(byId.get(e.to)!.machine), '  ');
    if (e.kind !== 'return' || !topLevel(e.to)) continue;
    // One return per invocation, however many final states the invoked machine has.
    const from = frame(byId.get(e.from!)!.machine);
    const key = `${from} ${e.to} ${e.invokedBy}`;
    if (!returns.has(key)) edge(e, from, mid(e.to), '  ');
    returns.add(key);
  }

  for (const [name, style] of CLASSES) lines.push(`  classDef ${name} ${style}`);
  // One colour class per state: its kind (decision, roll, window), else whether it invokes a machine.
  const kind = (s: ChartState) =>
    ['decision', 'roll', 'window'].find((t) => s.tags.includes(t)) ?? (s.invokes.length > 0 ? 'invoking' : undefined);
  for (const tag of ['decision', 'roll', 'window', 'invoking']) {
    const ids = c.states.filter((s) => kind(s) === tag).map((s) => mid(s.id));
    if (ids.length) lines.push(`  class ${ids.join(',')} ${tag}`);
  }
  if (options.highlight && byId.has(options.highlight)) lines.push(`  class ${mid(options.highlight)} highlight`);
  return `${lines.join('\n')}\n`;
}
