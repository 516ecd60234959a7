// `his diagram`: a machine or the composed chart as Mermaid, DOT or SVG, in English or Russian, one state marked.
import {
  DIAGRAMS,
  drawDiagram,
  isDiagramName,
  OUTPUT_FORMATS,
  renderDiagram,
  resolveStateId,
  stateIds,
  type OutputFormat,
} from '../viz/diagram.ts';
import { langOf, options, out, UsageError } from './common.ts';

export function cmdDiagram(args: string[]): number | Promise<number> {
  const { values, positionals } = options(args, {
    format: { type: 'string' },
    lang: { type: 'string' },
    highlight: { type: 'string' },
  });
  if (positionals.length > 1) {
    const extra = positionals.slice(1).join(' ');
    throw new UsageError(`diagram takes one machine, not ${positionals.length} (${extra} is extra)`);
  }
  const name = positionals[0] ?? 'movement';
  if (!isDiagramName(name)) throw new UsageError(`unknown machine '${name}': one of ${DIAGRAMS.join(', ')}`);
  const format = values.format ?? 'mermaid';
  if (!OUTPUT_FORMATS.some((f) => f === format))
    throw new UsageError(`--format must be ${OUTPUT_FORMATS.join(', ')}, not ${format}`);
  const lang = langOf(values.lang);
  const highlight = values.highlight;
  if (highlight !== undefined && resolveStateId(name, highlight) === undefined) {
    const ids = stateIds(name);
    throw new UsageError(
      `unknown state '${highlight}' in the ${name} diagram: ${name === 'composed' ? `a <machine>.<state> id such as ${ids.find((id) => id.startsWith('fieldBattle.')) ?? ids[0]}` : `one of ${ids.join(', ')}`}`,
    );
  }
  const opts = { lang, ...(highlight !== undefined ? { highlight } : {}) } as const;
  if (format !== 'svg') {
    out(drawDiagram(name, format as 'mermaid' | 'dot', opts));
    return 0;
  }
  // Graphviz (WebAssembly) starts asynchronously: only an SVG makes the command wait.
  return renderDiagram(name, format as OutputFormat, opts).then((text) => {
    out(text);
    return 0;
  });
}
