// A chart as Graphviz DOT. Each state gets a Graphviz `id` and `class` (its tags); the table of SVG attributes
// returned with the text (data-state, data-from, data-to, ...) is what svg.ts adds to the rendered SVG, so a page
// can find a state by its id.
import type { Lang } from '../text/text.ts';
import { edgeLabel, entryOf, type Chart, type ChartEdge, type ChartMachine, type ChartState } from './chart.ts';
import { WORDS } from '../text/diagram-words.ts';

export interface DotOptions {
  /** A state id to mark (a thick red border). */
  readonly highlight?: string;
}

export interface DotGraph {
  readonly name: string;
  readonly lang: Lang;
  readonly text: string;
  /** For each Graphviz id of the drawing, the attributes its SVG element gets. */
  readonly attributes: ReadonlyMap<string, Readonly<Record<string, string>>>;
}

/** How each kind of state looks: decisions are yellow hexagons, dice blue square boxes, card windows grey and dashed. */
const LOOK = {
  state: { shape: 'box', style: 'rounded,filled', fill: '#ffffff', color: '#475569' },
  invoking: { shape: 'box', style: 'rounded,filled', fill: '#ede9fe', color: '#6d28d9' },
  decision: { shape: 'hexagon', style: 'filled', fill: '#fde68a', color: '#b45309' },
  roll: { shape: 'box', style: 'filled', fill: '#bfdbfe', color: '#1d4ed8' },
  window: { shape: 'box', style: 'rounded,filled,dashed', fill: '#e5e7eb', color: '#6b7280' },
  folded: { shape: 'box3d', style: 'filled,dashed', fill: '#f1f5f9', color: '#94a3b8' },
} as const;

const HIGHLIGHT = '#dc2626';
const INVOKE = '#6d28d9';

/** How each kind of transition looks: eventless ones grey, the invocations of the composed chart violet. */
const EDGE_LOOK: Record<ChartEdge['kind'], string> = {
  start: 'color="#334155"',
  event: 'color="#334155"',
  done: 'color="#334155"',
  always: 'color="#94a3b8"',
  else: 'color="#94a3b8", style=dashed',
  invoke: `color="${INVOKE}", penwidth=2`,
  return: `color="${INVOKE}", style=dashed`,
};

function html(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function lookOf(s: ChartState) {
  if (s.tags.includes('folded')) return LOOK.folded;
  if (s.tags.includes('decision')) return LOOK.decision;
  if (s.tags.includes('roll')) return LOOK.roll;
  if (s.tags.includes('window')) return LOOK.window;
  return s.invokes.length > 0 ? LOOK.invoking : LOOK.state;
}

/** The state's label: its title in bold, its rule, and a line for what makes it special. */
function stateLabel(s: ChartState, lang: Lang): string {
  const lines = [html(s.title), ...(s.rule ? [`<FONT POINT-SIZE="10" COLOR="#334155">${html(s.rule)}</FONT>`] : [])];
  const badge = s.tags.includes('folded')
    ? WORDS.folded
    : s.tags.includes('decision')
      ? WORDS.decision
      : s.tags.includes('roll')
        ? WORDS.roll
        : s.tags.includes('window')
          ? WORDS.window
          : undefined;
  if (badge) lines.push(`<FONT POINT-SIZE="9" COLOR="#475569"><I>${html(badge[lang])}</I></FONT>`);
  if (s.invokes.length > 0)
    lines.push(`<FONT POINT-SIZE="10" COLOR="${INVOKE}">⇒ ${html(s.invokes.join(', '))}</FONT>`);
  return `<${lines.join('<BR/>')}>`;
}

/** A transition's label: the event (else in italics), the guard with its rule in teal, the actions in grey. */
function transitionLabel(e: ChartEdge): string {
  const [event = '', ...rest] = edgeLabel(e);
  const first = e.kind === 'else' || e.kind === 'always' ? `<I>${html(event)}</I>` : html(event);
  const lines = [
    first,
    ...rest.map((l) =>
      l.startsWith('[') ? `<FONT COLOR="#0f766e">${html(l)}</FONT>` : `<FONT COLOR="#64748b">${html(l)}</FONT>`,
    ),
  ];
  return `<${lines.join('<BR/>')}>`;
}

function frameLabel(title: string, rule: string): string {
  return `<${html(title)}${rule ? ` <FONT COLOR="#475569">(${html(rule)})</FONT>` : ''}>`;
}

/** The chart as DOT, with the SVG attributes of every state, transition and frame. */
export function toDot(c: Chart, options: DotOptions = {}): DotGraph {
  const prefix = `${c.name}_${c.lang}_`;
  const attributes = new Map<string, Record<string, string>>();
  const composed = c.machines.length > 1;
  const out = [
    `digraph ${quote(c.name)} {`,
    '  // generated from machines/ by npm run viz; do not edit',
    `  graph [id=${quote(`${prefix}graph`)}, rankdir=TB, compound=true, newrank=true, nodesep=0.3, ranksep=0.35, fontname="Helvetica", fontsize=14, labelloc=t, label=${frameLabel(c.title, c.rule)}];`,
    '  node [fontname="Helvetica", fontsize=12, margin="0.14,0.06", penwidth=1.2];',
    '  edge [fontname="Helvetica", fontsize=9, arrowsize=0.7];',
  ];
  attributes.set(`${prefix}graph`, { 'data-diagram': c.name, 'data-lang': c.lang });

  const node = (s: ChartState, indent: string) => {
    const look = lookOf(s);
    const marked = s.id === options.highlight;
    const classes = [
      'state',
      ...s.tags,
      ...(s.final ? ['final'] : []),
      ...(s.invokes.length ? ['invoking'] : []),
      ...(marked ? ['highlight'] : []),
    ];
    const gv = `${prefix}${s.id}`;
    attributes.set(gv, { 'data-state': s.id, 'data-machine': s.machine });
    const attrs = [
      `id=${quote(gv)}`,
      `class=${quote(classes.join(' '))}`,
      `shape=${look.shape}`,
      `style=${quote(look.style)}`,
      `fillcolor=${quote(look.fill)}`,
      `color=${quote(marked ? HIGHLIGHT : look.color)}`,
      ...(marked ? ['penwidth=4'] : []),
      ...(s.final ? ['peripheries=2'] : []),
      ...(composed && s.machine === c.root ? [`group=${quote(c.root)}`] : []),
      `label=${stateLabel(s, c.lang)}`,
    ];
    out.push(`${indent}${quote(s.id)} [${attrs.join(', ')}];`);
  };

  // A compound state is a frame around its children; it carries data-state like any state.
  const states = (machine: string, parent: string | undefined, indent: string) => {
    for (const s of c.states.filter((x) => x.machine === machine && x.parent === parent)) {
      if (!s.compound) {
        node(s, indent);
        continue;
      }
      const gv = `${prefix}${s.id}`;
      attributes.set(gv, { 'data-state': s.id, 'data-machine': s.machine });
      const marked = s.id === options.highlight;
      out.push(`${indent}subgraph ${quote(`cluster_${s.id}`)} {`);
      out.push(
        `${indent}  graph [id=${quote(gv)}, class=${quote(['state', 'compound', ...s.tags, ...(marked ? ['highlight'] : [])].join(' '))}, label=${frameLabel(s.title, s.rule)}, style="rounded", color=${quote(marked ? HIGHLIGHT : '#64748b')}${marked ? ', penwidth=4' : ''}];`,
      );
      states(machine, s.id, `${indent}  `);
      out.push(`${indent}}`);
    }
  };

  const start = (indent: string) => {
    attributes.set(`${prefix}start`, { 'data-start': c.root });
    out.push(`${indent}__start [id=${quote(`${prefix}start`)}, class="start", shape=point, width=0.15, label=""];`);
  };

  const frame = (m: ChartMachine) => {
    const gv = `${prefix}machine_${m.id}`;
    attributes.set(gv, {
      'data-machine': m.id,
      ...(m.invokedBy.length ? { 'data-invoked-by': m.invokedBy.join(' ') } : {}),
    });
    out.push(`  subgraph ${quote(`cluster_machine_${m.id}`)} {`);
    out.push(
      `    graph [id=${quote(gv)}, class="machine", label=${frameLabel(m.title, m.rule)}, style="rounded,filled", fillcolor="#faf5ff", color="#c4b5fd", fontsize=13];`,
    );
    states(m.id, undefined, '    ');
    out.push('  }');
  };

  // The root machine's states stand unframed (the graph's label names it); each machine it invokes is a frame, or
  // one state of its own when the chart is folded to the procedures in play.
  start('  ');
  states(c.root, undefined, '  ');
  for (const m of c.machines.slice(1)) frame(m);
  for (const s of c.states.filter((x) => x.tags.includes('folded'))) node(s, '  ');

  const byId = new Map(c.states.map((s) => [s.id, s]));
  // Layout of the composed chart: a machine is drawn in line with the first state that invokes it (the flow runs
  // from that state down through the machine's frame and back), so single invocations read top to bottom. Further
  // invocations of a shared machine (siegeBreak, retreat) are thin edges that do not pull the layout; an invisible
  // edge keeps each such invoking state above its onDone target.
  const anchors = new Map<string, string>();
  for (const e of c.edges) {
    const machine = byId.get(e.to)?.machine;
    if (e.kind === 'invoke' && e.from && machine && !anchors.has(machine)) anchors.set(machine, e.from);
  }
  const inline = (e: ChartEdge): boolean => {
    const machine = byId.get(e.kind === 'invoke' ? e.to : (e.from ?? ''))?.machine ?? '';
    return anchors.get(machine) === (e.kind === 'invoke' ? e.from : e.invokedBy);
  };
  const layout = (e: ChartEdge): string[] =>
    (e.kind !== 'invoke' && e.kind !== 'return') || inline(e) ? [] : ['constraint=false', 'penwidth=1'];
  const spine = new Set<string>();
  for (const e of c.edges) {
    if (e.kind !== 'return' || !e.invokedBy || inline(e)) continue;
    const pair = `${quote(entryOf(c, e.invokedBy))} -> ${quote(entryOf(c, e.to))}`;
    if (!spine.has(pair)) out.push(`  ${pair} [class="layout", style=invis];`);
    spine.add(pair);
  }
  c.edges.forEach((e, i) => {
    const gv = `${prefix}edge${i}`;
    attributes.set(gv, { ...(e.from ? { 'data-from': e.from } : {}), 'data-to': e.to, 'data-kind': e.kind });
    const from = e.from ? entryOf(c, e.from) : '__start';
    const to = entryOf(c, e.to);
    const attrs = [
      `id=${quote(gv)}`,
      `class=${quote(`transition ${e.kind}`)}`,
      EDGE_LOOK[e.kind],
      ...layout(e),
      ...(e.kind === 'start' ? [] : [`label=${transitionLabel(e)}`]),
      ...(e.from && byId.get(e.from)?.compound ? [`ltail=${quote(`cluster_${e.from}`)}`] : []),
      ...(byId.get(e.to)?.compound ? [`lhead=${quote(`cluster_${e.to}`)}`] : []),
    ];
    out.push(`  ${from === '__start' ? from : quote(from)} -> ${quote(to)} [${attrs.join(', ')}];`);
  });
  out.push('}');
  return { name: c.name, lang: c.lang, text: `${out.join('\n')}\n`, attributes };
}
