// DOT → SVG with @viz-js/viz (Graphviz compiled to WebAssembly: offline, no browser), then the data attributes a
// page selects states and transitions by. Graphviz is initialised once per process; the output is deterministic.
import type { Viz } from '@viz-js/viz';
import type { DotGraph } from './dot.ts';

/** How every SVG is rendered (the same options give the same bytes). */
const RENDER = { format: 'svg', engine: 'dot' } as const;

let graphviz: Promise<Viz> | undefined;

/** The Graphviz instance, created on first use (the WebAssembly module is compiled once per process). */
function instance(): Promise<Viz> {
  graphviz ??= import('@viz-js/viz').then((m) => m.instance());
  return graphviz;
}

function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

function unescapeXml(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * Adds the graph's data attributes to the SVG Graphviz drew: each `<g id="…">` of a state, transition or frame
 * gets its `data-*` attributes. Fails if an element of the table is missing from the SVG.
 */
export function decorateSvg(svg: string, graph: DotGraph): string {
  const seen = new Set<string>();
  const out = svg.replace(/<g id="([^"]*)" class="([^"]*)"/g, (tag, id: string, cls: string) => {
    const key = unescapeXml(id);
    const attrs = graph.attributes.get(key);
    if (!attrs) return tag;
    seen.add(key);
    const data = Object.entries(attrs)
      .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
      .join('');
    return `<g id="${id}" class="${cls}"${data}`;
  });
  // Graphviz measured the text with Helvetica's metrics: Arial and Liberation Sans have the same widths.
  const fonts = out.replace(
    /font-family="Helvetica,sans-Serif"/g,
    'font-family="Helvetica,Arial,\'Liberation Sans\',sans-serif"',
  );
  const missing = [...graph.attributes.keys()].filter((k) => !seen.has(k));
  if (missing.length > 0) throw new Error(`SVG of ${graph.name} (${graph.lang}) lacks elements: ${missing.join(', ')}`);
  return fonts;
}

/** The graph as SVG, rendered in this process. */
export async function renderSvg(graph: DotGraph): Promise<string> {
  const viz = await instance();
  return decorateSvg(viz.renderString(graph.text, RENDER), graph);
}
