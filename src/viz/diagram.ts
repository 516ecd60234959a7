// Statecharts drawn from the machines themselves — Mermaid (stateDiagram-v2), Graphviz DOT and SVG — one per
// machine, and the composed chart: the movement machine with every procedure it invokes. Every state shows its
// title and rule, every transition its event, guard (with the guard's rule) and actions.
import type { AnyStateMachine } from 'xstate';
import { MACHINES, procedureMeta, type MachineId } from '../../machines/index.ts';
import type { Lang } from '../text/text.ts';
import { composedChart, findState, foldedChart, machineChart, type Chart } from './chart.ts';
import { toDot } from './dot.ts';
import { toMermaid } from './mermaid.ts';
import { renderSvg } from './svg.ts';

export type DiagramFormat = 'mermaid' | 'dot';
export type OutputFormat = DiagramFormat | 'svg';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['mermaid', 'dot', 'svg'];

/** A machine's diagram, or 'composed': movement with every procedure it invokes. */
export type DiagramName = MachineId | 'composed';
export const DIAGRAMS: readonly DiagramName[] = [...(Object.keys(MACHINES) as MachineId[]), 'composed'];

export function isDiagramName(name: string): name is DiagramName {
  return name === 'composed' || Object.hasOwn(MACHINES, name);
}

export interface DiagramOptions {
  readonly lang?: Lang;
  /** A state to mark: its id ('fieldBattle.rollingAttackerDice') or a key of the diagram's root machine. */
  readonly highlight?: string;
  /** The composed chart only: draw these machines (and the root) in full, every other one as one folded state. */
  readonly inPlay?: readonly string[];
}

/** A name or state the diagrams do not know. */
export class DiagramError extends Error {}

export function chartOf(name: DiagramName, lang: Lang = 'en'): Chart {
  if (!isDiagramName(name)) throw new DiagramError(`unknown diagram '${String(name)}': one of ${DIAGRAMS.join(', ')}`);
  return name === 'composed' ? composedChart('movement', MACHINES, lang) : machineChart(name, MACHINES[name], lang);
}

/** The ids of the states a diagram draws: '<machine>.<state path>'. */
export function stateIds(name: DiagramName): string[] {
  return chartOf(name).states.map((s) => s.id);
}

/** The id of the state a name refers to in a diagram, if it has one. */
export function resolveStateId(name: DiagramName, state: string): string | undefined {
  return findState(chartOf(name), state)?.id;
}

function highlighted(c: Chart, highlight: string | undefined): { highlight?: string } {
  if (highlight === undefined) return {};
  const s = findState(c, highlight);
  if (!s)
    throw new DiagramError(`unknown state '${highlight}' in the ${c.name} diagram (e.g. ${c.states[0]?.id ?? ''})`);
  return { highlight: s.id };
}

function text(c: Chart, format: DiagramFormat, highlight: string | undefined): string {
  const options = highlighted(c, highlight);
  return format === 'mermaid' ? toMermaid(c, options) : toDot(c, options).text;
}

/** A diagram as Mermaid or DOT text, synchronously. */
export function drawDiagram(name: DiagramName, format: DiagramFormat, options: DiagramOptions = {}): string {
  return text(chartOf(name, options.lang), format, options.highlight);
}

/** A diagram in any format; SVG is rendered in this process (Graphviz initialised once). */
export async function renderDiagram(
  name: DiagramName,
  format: OutputFormat,
  options: DiagramOptions = {},
): Promise<string> {
  const full = chartOf(name, options.lang);
  const c = options.inPlay && name === 'composed' ? foldedChart(full, new Set(options.inPlay)) : full;
  return format === 'svg' ? renderSvg(toDot(c, highlighted(c, options.highlight))) : text(c, format, options.highlight);
}

/** One machine's diagram as Mermaid or DOT, drawn from the machine given. */
export function diagram(
  id: MachineId,
  machine: AnyStateMachine,
  format: DiagramFormat,
  lang: Lang = 'en',
  options: { readonly highlight?: string | undefined } = {},
): string {
  return text(machineChart(id, machine, lang), format, options.highlight);
}

const LANGS: readonly Lang[] = ['en', 'ru'];

/**
 * The files of visualizations/: each machine as Mermaid, DOT and SVG in English and Russian, the composed chart as
 * DOT and SVG, and an index page.
 */
export async function visualizationFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const svgs: string[] = [];
  for (const name of DIAGRAMS) {
    for (const lang of LANGS) {
      const c = chartOf(name, lang);
      const dot = toDot(c);
      if (name !== 'composed') files[`${name}.${lang}.mmd`] = toMermaid(c);
      files[`${name}.${lang}.dot`] = dot.text;
      files[`${name}.${lang}.svg`] = await renderSvg(dot);
      svgs.push(`${name}.${lang}.svg`);
    }
  }
  files['README.md'] = readme(svgs);
  return files;
}

function readme(svgs: readonly string[]): string {
  const lines = [
    '# Statecharts of the procedures',
    '',
    'Generated from `machines/` by `npm run viz`; never edited by hand (`npm run viz:check` and a test fail when these',
    'files are stale). Yellow hexagons wait for a decision, blue boxes for dice, grey dashed ones are card windows',
    '(ruling R14), violet ones invoke another machine. Every state shows its title and rule; every transition its',
    "event, its guard with the guard's rule, and its actions; the fallback of an eventless list reads `else`.",
    '',
  ];
  for (const id of Object.keys(MACHINES) as MachineId[]) {
    lines.push(
      `## ${id}`,
      '',
      `${MACHINES[id].root.description ?? ''}`,
      '',
      '```mermaid',
      toMermaid(chartOf(id, 'en')).trimEnd(),
      '```',
      '',
    );
  }
  lines.push(
    '## SVG files',
    '',
    'Rendered offline from the DOT files by Graphviz (`@viz-js/viz`, WebAssembly). Every state is a `<g>` with',
    '`data-state="<machine>.<state>"` (nested states join their path with `.`) and `data-machine`; every transition',
    'has `data-from`, `data-to` and `data-kind` (`event`, `always`, `else`, `done`, `start`, and in the composed chart',
    "`invoke` and `return`); each procedure's frame in the composed chart has `data-machine`. `his diagram <name>",
    '--format svg --highlight <state>` draws one with a state marked.',
    '',
    '| diagram | English | Russian |',
    '| --- | --- | --- |',
  );
  for (const name of DIAGRAMS) {
    const title =
      name === 'composed'
        ? 'movement with every procedure it invokes (13.1–15.3)'
        : `${procedureMeta(name).title.en} (${procedureMeta(name).rule})`;
    const [en, ru] = LANGS.map((l) => `${name}.${l}.svg`).map((f) => (svgs.includes(f) ? `[${f}](${f})` : ''));
    lines.push(`| ${name}: ${title} | ${en} | ${ru} |`);
  }
  return `${lines.join('\n')}\n`;
}
