// The page's stylesheet (inline: the page loads nothing). System fonts only. Three layouts: a laptop's (the step
// list, the step, and beside them the statechart over the map, which stay in view), a tablet's (two columns, the
// chart and the map below), a phone's (one column, touch-sized controls, nothing wider than the screen); and print.
import { MAP_STYLE } from './map.ts';

/**
 * The statechart's marks — the current state red, the states and transitions taken so far green — under a prefix: the
 * page's drawings (`.diagram `), or an exported chart's own stylesheet ('').
 */
export function chartMarks(prefix: string): string {
  return `${prefix}g.wt-visited > polygon, ${prefix}g.wt-visited > path, ${prefix}g.wt-visited > ellipse { stroke: #16a34a; stroke-width: 3.5; }
${prefix}g.wt-edge > path { stroke: #16a34a; stroke-width: 3; } ${prefix}g.wt-edge > polygon { stroke: #16a34a; fill: #16a34a; }
${prefix}g.wt-current > polygon, ${prefix}g.wt-current > path, ${prefix}g.wt-current > ellipse { stroke: #dc2626; stroke-width: 7; }`;
}

/**
 * How a step prints: on one A4 page, the step over the map and the statechart side by side, no controls, colours
 * kept. The same rules lay the step out on screen under body.print-measure (at the page's width), so that the page's
 * script can measure it and scale it to one page (--print-zoom) before it prints.
 */
const PRINT_RULES: readonly (readonly [string, string])[] = [
  ['.top', 'position: static; border: 0; padding: 0 0 3mm;'],
  [
    '.top .controls, .top details.desc, .chart-tools, .legend-line, .export, #wt-steps, .toolbar, .play, noscript, #wt-map .stacks, #wt-map .captured',
    'display: none !important;',
  ],
  ['main.layout', 'display: block; padding: 0;'],
  ['.panel', 'border: 0; padding: 0; border-radius: 0;'],
  ['#wt-step', 'margin-bottom: 3mm;'],
  [
    '#wt-side',
    'position: static; max-height: none; overflow: visible; display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 5mm; align-items: start;',
  ],
  ['#wt-chart', 'order: 2;'],
  ['#wt-map', 'order: 1;'],
  ['#wt-chart-view', 'height: 75mm; border: 1px solid #cbd5e1;'],
  ['#wt-map svg.map', 'max-height: 75mm;'],
];

/** The width and height of an A4 page less its margins, in CSS pixels (96 per inch): what one step must fit in. */
export const PRINT_PAGE = { width: Math.floor(((210 - 22) / 25.4) * 96), height: Math.floor(((297 - 22) / 25.4) * 96) };

// Built inside pure calls (like STYLE): the replay script imports PRINT_PAGE from here, not the stylesheet.
const PRINT = /* @__PURE__ */ (() => `@media print {
  @page { size: A4; margin: 11mm; }
  /* Colours are part of the lesson: the powers, the hits, the path on the chart. */
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  html, body { background: #fff; }
  body { font-size: 10pt; padding: 0; }
  body[data-print="step"] main.layout, body[data-print="step"] #wt-header { zoom: var(--print-zoom, 1); }
  ${PRINT_RULES.map(([sel, decl]) => `${sel} { ${decl} }`).join('\n  ')}
  #wt-step .block, .decision, .dice, .outcome, .stopped, .handout-step, svg.map, tr { break-inside: avoid; }
  /* "The story": the handout only. */
  body[data-print="story"] > :not(#wt-handout) { display: none !important; }
  body[data-print="story"] #wt-handout { display: block; }
  .handout-step { padding: 3mm 0; border-top: 1px solid #cbd5e1; }
  .handout-step h2 { font-size: 11pt; margin: 0 0 2mm; }
  .handout svg.map { max-height: 80mm; }
}
body.print-measure { width: ${PRINT_PAGE.width}px; font-size: 10pt; padding: 0; }
body.print-measure main.layout, body.print-measure #wt-header { zoom: var(--print-zoom, 1); }
${PRINT_RULES.map(
  ([sel, decl]) =>
    `${sel
      .split(', ')
      .map((x) => `body.print-measure ${x}`)
      .join(', ')} { ${decl} }`,
).join('\n')}`)();

/**
 * The tablet's and the phone's rules, kept off a step laid out for print (body.print-measure measures it on screen
 * with the print rules; the page prints with none of the screen's width rules).
 */
function screenOnly(rules: string): string {
  return rules.replace(/(^|\n|\}\s*)([^{}@/]+?)\s*\{/g, (_m, lead: string, selectors: string) => {
    const scoped = selectors
      .split(',')
      .map((x) => x.trim())
      .map((x) => (x === 'body' ? 'body:not(.print-measure)' : `body:not(.print-measure) ${x}`))
      .join(', ');
    return `${lead}${scoped} {`;
  });
}

// The dice panel's rules are written without spaces: the replay script carries this sheet and stays under its
// 100 000-character budget (test/walkthrough/bundle.test.ts).
/** The page's stylesheet: a pure call, so that a script importing only PRINT_PAGE or chartMarks leaves it out. */
export const STYLE = /* @__PURE__ */ (() => `
:root { --ink:#1f2937; --muted:#64748b; --line:#e2e8f0; --ok:#15803d; --no:#b91c1c; --cur:#dc2626; --seen:#16a34a; --bg:#f8fafc; --head:76px; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif; color: var(--ink); background: var(--bg); overflow-wrap: break-word; }
h1 { font-size: 1.25rem; margin: 0; } h2 { font-size: 1.05rem; margin: .2rem 0 .6rem; } h3 { font-size: .95rem; margin: .2rem 0 .35rem; } h4, h5 { font-size: .9rem; margin: .6rem 0 .3rem; }
code { font: .8rem ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; background: #eef2f7; padding: 0 .25em; border-radius: 3px; overflow-wrap: anywhere; }
button { font: inherit; padding: .3rem .7rem; border: 1px solid #94a3b8; border-radius: 6px; background: #fff; color: var(--ink); cursor: pointer; }
svg.icon { vertical-align: -2px; }
button:hover:not(:disabled) { background: #f1f5f9; } button:disabled { opacity: .5; cursor: not-allowed; }
button.on { background: var(--ink); color: #fff; border-color: var(--ink); } button.primary { background: #1d4ed8; color: #fff; border-color: #1d4ed8; }
/* The header sticks to the top of the whole page, not of its own wrapper (laid out for print, it is a block again). */
@media screen { body:not(.print-measure) #wt-header { display: contents; } }
.top { position: sticky; top: 0; z-index: 5; display: flex; flex-wrap: wrap; gap: .4rem 1.5rem; align-items: center; justify-content: space-between; padding: .45rem 1rem; background: #fff; border-bottom: 1px solid var(--line); }
.top .titles { min-width: 0; display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 1rem; } .top .titles h1 { flex-basis: 100%; }
.top .sub { margin: .1rem 0 0; color: var(--muted); font-size: .85rem; max-width: 70ch; }
.top details.desc { max-width: 75ch; font-size: .85rem; color: #334155; } .top details.desc summary { cursor: pointer; color: var(--muted); } .top details.desc p { margin: .3rem 0; }
.controls { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; } .controls .group { display: inline-flex; gap: 2px; align-items: center; } .counter { min-width: 7.5em; text-align: center; } .keys { color: var(--muted); font-size: .8rem; }
main.layout { display: grid; grid-template-columns: 230px minmax(0, 1fr) minmax(380px, 42%); gap: 14px; padding: 14px; align-items: start; }
.panel { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: .8rem 1rem; min-width: 0; }
#wt-steps { position: sticky; top: calc(var(--head) + 14px); max-height: calc(100vh - var(--head) - 28px); overflow: auto; padding: .6rem .5rem; }
#wt-side { position: sticky; top: calc(var(--head) + 14px); max-height: calc(100vh - var(--head) - 28px); overflow: auto; display: flex; flex-direction: column; gap: 14px; min-width: 0; }
.step-list { list-style: none; margin: 0; padding: 0; font-size: .85rem; }
.step-list a { display: block; padding: .25rem .4rem; border-radius: 6px; color: inherit; text-decoration: none; border-left: 3px solid transparent; }
.step-list a:hover { background: #f1f5f9; } .step-list .n { color: var(--muted); display: inline-block; min-width: 1.8em; }
.step-list .headline .t { font-weight: 600; } .step-list .waits a { border-left-color: #f59e0b; } .step-list .forced a { border-left: 3px dotted #f59e0b; }
.step-list .h { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; color: #334155; font-size: .78rem; margin-left: 1.8em; }
.step-list .current a { background: #fee2e2; border-left-color: var(--cur); }
.note { font-size: 1.05rem; padding: .5rem .7rem; background: #f1f5f9; border-radius: 8px; } .note.headline { background: #ecfdf5; border-left: 4px solid var(--ok); font-weight: 500; }
.block { margin: .8rem 0; } .ref { color: #0f766e; font-weight: 600; } .sum { color: #334155; font-size: .85rem; } .muted { color: var(--muted); }
.came, .next { margin: .3rem 0; }
table { border-collapse: collapse; width: 100%; font-size: .85rem; } th, td { text-align: left; vertical-align: top; padding: .3rem .4rem; border-bottom: 1px solid var(--line); }
.guards { table-layout: fixed; } .guards th:first-child { width: 34%; } .guards th:last-child { width: 8.5em; }
.guards tr.pass .res { color: var(--ok); font-weight: 600; } .guards tr.fail .res { color: var(--no); font-weight: 600; }
.decision { margin: 1rem 0; padding: .7rem .9rem; border: 2px solid #f59e0b; background: #fffbeb; border-radius: 10px; } .decision .who { font-weight: 700; }
.decision .prompt { font-weight: 500; } .options li, .blocked li { margin: .2rem 0; } .blocked .opt { text-decoration: line-through; color: var(--no); }
.answered { margin-top: .6rem; padding-top: .5rem; border-top: 1px dashed #f59e0b; }
.dice .faces{display:flex;flex-wrap:wrap;gap:6px;margin:.3rem 0}
svg.die rect{fill:#fff;stroke:#334155;stroke-width:2}svg.die circle{fill:#111827}
svg.die.hit rect{fill:#fee2e2;stroke:var(--no);stroke-width:3}svg.die.hit circle{fill:var(--no)}
svg.die[data-hit-on] rect{fill:#dbeafe}
[data-card=arquebusiers]{--pool:#fed7aa}[data-card=field-artillery]{--pool:#fde68a}[data-card=tercios]{--pool:#bfdbfe}[data-card=janissaries]{--pool:#bbf7d0}
svg.die[data-card] rect{fill:var(--pool,#e9d5ff)}svg.die:not([data-card])+svg.die[data-card]{margin-left:14px}
.pool{margin:.15rem 0;font-size:.85rem}.pool::before{content:"";display:inline-block;width:.9em;height:.9em;margin-right:.4em;vertical-align:-1px;border:1px solid #334155;border-radius:3px;background:var(--pool,#e9d5ff)}
.decision .hands{font-size:.85rem;color:#334155}
.mods{margin:.2rem 0;padding-left:1.2rem}.mod-value{display:inline-block;min-width:2.2em;font-weight:700}
.outcome .ok{color:var(--ok)}.outcome .no{color:var(--no)}.hits{color:var(--no)}
.chance{margin:.2rem 0}.hit-chances p{margin:.3rem 0 .1rem}.hit-chances ul{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:.15rem .8rem;font-size:.85rem}.hit-chances .rolled{background:#fee2e2;border-radius:4px;padding:0 .3rem}
.odds { margin: .25rem 0 .45rem; font-size: .8rem; color: #334155; } .odds .bar { display: flex; height: 10px; max-width: 340px; border-radius: 5px; overflow: hidden; border: 1px solid #cbd5e1; background: #e2e8f0; }
.odds .seg { display: block; height: 100%; } .odds .nums { display: flex; flex-wrap: wrap; gap: .05rem .9rem; margin-top: 2px; } .odds .pc { white-space: nowrap; } .odds .more { display: block; color: var(--muted); }
.sw { display: inline-block; width: .75em; height: .75em; border: 1px solid #94a3b8; border-radius: 2px; margin-right: .3em; vertical-align: -1px; }
.odds-head h4 { margin-bottom: .1rem; } .odds-head .sum { margin: 0; } .odds-legend { list-style: none; padding: 0; margin: .2rem 0 .3rem; display: flex; flex-wrap: wrap; gap: .1rem 1rem; font-size: .78rem; color: #334155; }
.odds-exact { font-size: .78rem; margin: .2rem 0 .4rem; } .odds-exact summary { cursor: pointer; color: var(--muted); } .odds-exact ul { padding-left: 1rem; margin: .2rem 0; } .odds-exact li { margin: .2rem 0; }
.stopped { border: 2px solid var(--no); background: #fef2f2; padding: .6rem .8rem; border-radius: 10px; }
.outcome { border: 2px solid var(--ok); background: #f0fdf4; padding: .6rem .8rem; border-radius: 10px; margin-top: 1rem; }
${MAP_STYLE}
.legend { display: flex; flex-wrap: wrap; gap: .2rem 1rem; list-style: none; padding: 0; font-size: .78rem; color: #334155; }
.legend li { display: inline-flex; align-items: center; gap: 4px; } .legend .lg { display: inline-block; width: 14px; height: 14px; vertical-align: middle; }
.lg.sq { border: 3px solid #111827; } .lg.ci { border: 1.5px solid #111827; border-radius: 50%; } .lg.fl { border: 1.5px dashed #b91c1c; background: #fff1f2; }
svg.lg-line { flex: none; }
.stacks ul { margin: 0; padding-left: 0; list-style: none; } .stacks .facts { font-weight: 400; color: var(--muted); font-size: .75rem; }
.swatch { display: inline-block; width: .8em; height: .8em; border: 1px solid #111827; margin-right: .3em; vertical-align: -1px; }
#wt-chart-head h2 { margin-bottom: .2rem; } #wt-chart-head .legend-line { margin: 0 0 .4rem; font-size: .8rem; }
.chart-tools { display: flex; flex-wrap: wrap; gap: .4rem .8rem; margin-bottom: .5rem; } .chart-tools .group { display: inline-flex; gap: 2px; }
#wt-chart-view { position: relative; height: clamp(220px, 38vh, 520px); overflow: hidden; background: #fff; border: 1px solid var(--line); border-radius: 8px; touch-action: none; cursor: grab; user-select: none; }
#wt-chart-view:active { cursor: grabbing; }
.diagram { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
.diagram svg { display: block; max-width: none; }
body.lang-en .diagram[data-lang="ru"], body.lang-ru .diagram[data-lang="en"] { display: none; }
body[data-chart="folded"] .diagram[data-chart="full"], body[data-chart="full"] .diagram[data-chart="folded"] { display: none; }
${chartMarks('.diagram ')}
.play { margin-top: .8rem; padding: .6rem .8rem; border: 2px solid #1d4ed8; background: #eff6ff; border-radius: 10px; }
.play-options, .play-blocked { list-style: none; padding: 0; margin: .2rem 0; } .play-options li, .play-blocked li { margin: .25rem 0; }
.play-blocked .why { font-size: .8rem; color: var(--no); }
form.custom { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: center; margin: .5rem 0; padding: .5rem; border: 1px dashed #1d4ed8; border-radius: 8px; }
form.custom .sub { width: 100%; margin: 0; font-weight: 600; } form.custom fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: .6rem; }
input[type="number"] { width: 4.2em; } input[name="dice"] { width: 16em; max-width: 100%; }
input, select { font: inherit; }
.error { color: var(--no); background: #fef2f2; padding: .4rem .6rem; border-radius: 6px; }
.toolbar { margin-top: 1rem; padding-top: .6rem; border-top: 1px solid var(--line); }
.panel-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: .3rem .8rem; } .panel-head .export button { font-size: .8rem; padding: .15rem .5rem; }
#wt-handout { display: none; }
.handout-step h2 .n { color: var(--muted); } .handout-body { display: grid; grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr); gap: 5mm; align-items: start; }
.handout-head .desc { font-size: .9rem; } .handout .odds-head .sum { display: none; } .handout-odds .options { margin: .2rem 0; padding-left: 1.2rem; } .handout .asked, .handout .answered { margin: .3rem 0; border: 0; padding: 0; }
@media screen and (max-width: 1199px) {${screenOnly(`
  main.layout { grid-template-columns: 210px minmax(0, 1fr); }
  #wt-side { grid-column: 1 / -1; position: static; max-height: none; overflow: visible; display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); align-items: start; }
`)}}
@media screen and (max-width: 767px) {${screenOnly(`
  body { font-size: 16px; padding-bottom: 64px; }
  /* The header scrolls away; the step buttons stay at the bottom of the screen, under the thumb. */
  .top { position: static; padding: .5rem .6rem; gap: .4rem; }
  .controls .nav { position: fixed; left: 0; right: 0; bottom: 0; z-index: 6; padding: 6px 8px; background: #fff; border-top: 1px solid var(--line); box-shadow: 0 -2px 8px rgb(0 0 0 / 8%); }
  .top h1 { font-size: 1.05rem; }
  .top .keys { display: none; }
  .controls { gap: .35rem; width: 100%; } .controls .nav { justify-content: space-between; } .counter { min-width: 0; flex: 1; }
  main.layout { grid-template-columns: minmax(0, 1fr); padding: 8px; gap: 8px; }
  #wt-step { order: 1; } #wt-side { order: 2; grid-template-columns: minmax(0, 1fr); } #wt-steps { order: 3; position: static; max-height: 60vh; }
  .panel { padding: .6rem .7rem; }
  #wt-chart-view { height: 55vh; }
  .guards th:first-child { width: 40%; } .guards th:last-child { width: 6.5em; }
  form.custom fieldset { width: 100%; }
`)}}
${PRINT}
@media screen and (max-width: 767px), screen and (pointer: coarse) {${screenOnly(`
  button, select, input[type="number"], input[name="dice"] { min-height: 44px; }
  button { min-width: 44px; }
  .step-list a { padding: .55rem .5rem; min-height: 44px; }
  input[type="checkbox"] { width: 22px; height: 22px; }
  summary { min-height: 44px; padding: .6rem 0; }
  label { display: inline-flex; flex-wrap: wrap; align-items: center; gap: .3rem; min-height: 44px; max-width: 100%; }
`)}}
`)();
