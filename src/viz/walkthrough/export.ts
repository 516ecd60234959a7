/// <reference lib="dom" />
// Export for slides: the map or the statechart of the step on screen as an SVG file (the drawing with its own
// stylesheet, so that it looks the same anywhere) or a PNG (that SVG drawn on a canvas). Everything is made in the
// page — a Blob and a download link; nothing is requested. Runs only in the browser.
import { MAP_STYLE } from './map.ts';
import { chartMarks } from './style.ts';

export type ExportWhat = 'map' | 'chart';
export type ExportFormat = 'svg' | 'png';

/** At most this many pixels in a PNG (the composed chart is large): the scale goes down to stay under it. */
const MAX_PIXELS = 16_000_000;
/** A map or a chart at twice its size is sharp on a slide. */
const PNG_SCALE = 2;

export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A drawing as a standalone SVG document: a copy with its stylesheet inside and its size in its attributes. */
export function standaloneSvg(svg: SVGSVGElement, css: string): { text: string; width: number; height: number } {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const box = svg.viewBox.baseVal;
  const width = box && box.width > 0 ? box.width : svg.width.baseVal.value;
  const height = box && box.height > 0 ? box.height : svg.height.baseVal.value;
  copy.removeAttribute('style');
  if (!copy.getAttribute('width')) copy.setAttribute('width', String(width));
  if (!copy.getAttribute('height')) copy.setAttribute('height', String(height));
  const style = document.createElementNS(copy.namespaceURI, 'style');
  style.textContent = css;
  copy.insertBefore(style, copy.firstChild);
  return { text: `${new XMLSerializer().serializeToString(copy)}\n`, width, height };
}

/** The SVG drawn on a canvas, as PNG bytes. */
function png(svg: { text: string; width: number; height: number }, scale: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.floor(svg.width * scale));
      canvas.height = Math.max(1, Math.floor(svg.height * scale));
      const g = canvas.getContext('2d');
      if (!g) return reject(new Error('no 2D canvas'));
      g.fillStyle = '#ffffff';
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.drawImage(image, 0, 0, canvas.width, canvas.height);
      URL.revokeObjectURL(url);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be made'))), 'image/png');
    };
    image.onerror = () => (URL.revokeObjectURL(url), reject(new Error('the SVG could not be drawn')));
    image.src = url;
  });
}

/** The drawing to export: the map of the step shown, or the statechart shown (its language, folded or whole). */
function drawing(what: ExportWhat): { svg: SVGSVGElement; css: string } | undefined {
  if (what === 'map') {
    const svg = document.querySelector<SVGSVGElement>('#wt-map svg.map');
    return svg ? { svg, css: MAP_STYLE } : undefined;
  }
  const lang = document.documentElement.lang;
  const chart = document.body.dataset.chart ?? 'full';
  const svg = document.querySelector<SVGSVGElement>(`.diagram[data-lang="${lang}"][data-chart="${chart}"] svg`);
  return svg ? { svg, css: chartMarks('') } : undefined;
}

/** Downloads the map or the chart of the step shown as `<name>-map.svg`, `<name>-chart.png`, …. */
export async function exportDrawing(what: ExportWhat, format: ExportFormat, name: string): Promise<void> {
  const d = drawing(what);
  if (!d) return;
  const svg = standaloneSvg(d.svg, d.css);
  const file = `${name}-${what}.${format}`;
  if (format === 'svg') return download(new Blob([svg.text], { type: 'image/svg+xml' }), file);
  const scale = Math.min(PNG_SCALE, Math.sqrt(MAX_PIXELS / Math.max(1, svg.width * svg.height)));
  download(await png(svg, scale), file);
}
