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
  /** The page's script (bundle.ts). */
  readonly script: string;
  /** The language the page opens in. */
  readonly lang: Lang;
  /** Play mode: the scenario as given and the seed, for the engine in the page. */
  readonly play?: { readonly scenario: unknown; readonly seed: number };
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
  const v = { index: 0, lang, mode: 'replay' as const, playable: p.play !== undefined };
  const r = appRegions(model, v);
  const diagrams = (['en', 'ru'] as const)
    .map((l) => `<div class="diagram" data-lang="${l}">${inlineSvg(p.svgs[l])}</div>`)
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
<body class="lang-${lang}" data-mode="replay">
<div id="wt-header">${r.header.text}</div>
<noscript><p class="panel">${escapeHtml(word('noscript', 'en'))} / ${escapeHtml(word('noscript', 'ru'))}</p></noscript>
<main class="layout">
<nav id="wt-steps" class="panel">${r.steps.text}</nav>
<div id="wt-step" class="panel">${r.step.text}</div>
<aside id="wt-map" class="panel">${r.map.text}</aside>
</main>
<section id="wt-chart"><div id="wt-chart-head">${chartHeader(lang).text}</div><div id="wt-chart-scroll">
${diagrams}
</div></section>
<script type="application/json" id="wt-data">${scriptJson(model)}</script>
${p.play ? `<script type="application/json" id="wt-scenario">${scriptJson(p.play)}</script>\n` : ''}<script>${p.script}</script>
</body>
</html>
`;
}
