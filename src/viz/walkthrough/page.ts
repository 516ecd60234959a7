// The walkthrough page: one self-contained HTML file — inline CSS, the composed statechart in both languages as
// inline SVG, the data as inline JSON, the script inline — that requests nothing (no fonts, images, scripts or
// styles), so it opens from disk. Pure: every part comes in as a string.
import type { Lang } from '../../index.ts';
import { escapeHtml, scriptJson } from './html.ts';
import { appRegions, chartHeader } from './panels.ts';
import { STYLE } from './style.ts';
import type { WalkthroughModel } from './types.ts';
import { word } from './words.ts';

export interface PageParts {
  readonly model: WalkthroughModel;
  /** The composed statechart as Graphviz drew it, per language (renderDiagram('composed', 'svg', { lang })). */
  readonly svgs: Readonly<Record<Lang, string>>;
  /** The same chart folded to the procedures in play (renderDiagram(…, { inPlay })): shown while they are all that run. */
  readonly folded?: { readonly machines: readonly string[]; readonly svgs: Readonly<Record<Lang, string>> };
  /** The page's script (bundle.ts). */
  readonly script: string;
  /** The language the page opens in. */
  readonly lang: Lang;
  /** Play mode: the scenario as given, the seed, and the replay's answers (to play on from any step). */
  readonly play?: {
    readonly scenario: unknown;
    readonly seed: number;
    readonly events: readonly { readonly event: unknown; readonly source: string }[];
  };
}

/**
 * An SVG document as an element of an HTML page: no XML declaration, doctype or comments, and no namespace
 * declarations (the HTML parser puts <svg> in the SVG namespace itself), so the page holds no URL at all.
 */
export function inlineSvg(svg: string): string {
  return svg
    .replace(/<\?xml[^>]*\?>\s*/g, '')
    .replace(/<!DOCTYPE[^>]*>\s*/gi, '')
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(/\s+xmlns(?::\w+)?="[^"]*"/g, '')
    .trim();
}

export function renderPage(p: PageParts): string {
  const { model, lang } = p;
  const first = model.steps.findIndex((s) => s.story);
  const v = {
    index: Math.max(0, first),
    lang,
    mode: 'replay' as const,
    view: first >= 0 ? ('story' as const) : ('full' as const),
    playable: p.play !== undefined,
  };
  const r = appRegions(model, v);
  const diagram = (l: Lang, chart: 'folded' | 'full', svg: string, machines: readonly string[] | undefined) =>
    `<div class="diagram" data-lang="${l}" data-chart="${chart}"${machines ? ` data-machines="${escapeHtml(machines.join(' '))}"` : ''}>${inlineSvg(svg)}</div>`;
  const diagrams = (['en', 'ru'] as const)
    .flatMap((l) => [
      ...(p.folded ? [diagram(l, 'folded', p.folded.svgs[l], p.folded.machines)] : []),
      diagram(l, 'full', p.svgs[l], undefined),
    ])
    .join('\n');
  const title = `${escapeHtml(model.title[lang])} — ${lang === 'en' ? 'rule walkthrough' : 'разбор по правилам'}`;
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="his-procedures walkthrough">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body class="lang-${lang}" data-mode="replay" data-view="${v.view}" data-chart="${p.folded ? 'folded' : 'full'}" data-print="step">
<div id="wt-header">${r.header.text}</div>
<noscript><p class="panel">${escapeHtml(word('noscript', 'en'))} / ${escapeHtml(word('noscript', 'ru'))}</p></noscript>
<main class="layout">
<nav id="wt-steps" class="panel">${r.steps.text}</nav>
<div id="wt-step" class="panel">${r.step.text}</div>
<aside id="wt-side">
<section id="wt-chart" class="panel"><div id="wt-chart-head">${chartHeader(lang, p.folded !== undefined).text}</div><div id="wt-chart-view">
${diagrams}
</div></section>
<section id="wt-map" class="panel">${r.map.text}</section>
</aside>
</main>
<div id="wt-handout"></div>
<script type="application/json" id="wt-data">${scriptJson(model)}</script>
${p.play ? `<script type="application/json" id="wt-scenario">${scriptJson(p.play)}</script>\n` : ''}<script>${p.script}</script>
</body>
</html>
`;
}
