// The page's stylesheet (inline: the page loads nothing). System fonts only.
export const STYLE = `
:root { --ink:#1f2937; --muted:#64748b; --line:#e2e8f0; --ok:#15803d; --no:#b91c1c; --cur:#dc2626; --seen:#16a34a; --bg:#f8fafc; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif; color: var(--ink); background: var(--bg); }
h1 { font-size: 1.25rem; margin: 0; } h2 { font-size: 1.05rem; margin: .2rem 0 .6rem; } h3 { font-size: .95rem; margin: .2rem 0 .35rem; } h4, h5 { font-size: .9rem; margin: .6rem 0 .3rem; }
code { font: .8rem ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; background: #eef2f7; padding: 0 .25em; border-radius: 3px; }
button { font: inherit; padding: .3rem .7rem; border: 1px solid #94a3b8; border-radius: 6px; background: #fff; cursor: pointer; }
button:hover:not(:disabled) { background: #f1f5f9; } button:disabled { opacity: .5; cursor: not-allowed; }
button.on { background: var(--ink); color: #fff; border-color: var(--ink); } button.primary { background: #1d4ed8; color: #fff; border-color: #1d4ed8; }
.top { position: sticky; top: 0; z-index: 5; display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; justify-content: space-between; padding: .6rem 1rem; background: #fff; border-bottom: 1px solid var(--line); }
.top .sub { margin: .1rem 0 0; color: var(--muted); font-size: .85rem; max-width: 70ch; }
.top details.desc { max-width: 75ch; font-size: .85rem; color: #334155; } .top details.desc summary { cursor: pointer; color: var(--muted); } .top details.desc p { margin: .3rem 0; }
.controls { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; } .controls .group { display: inline-flex; gap: 2px; } .counter { min-width: 8.5em; text-align: center; } .keys { color: var(--muted); font-size: .8rem; }
main.layout { display: grid; grid-template-columns: 250px minmax(380px, 1fr) minmax(380px, 620px); gap: 14px; padding: 14px; align-items: start; }
@media (max-width: 1200px) { main.layout { grid-template-columns: 220px 1fr; } #wt-map { grid-column: 1 / -1; } }
.panel { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: .8rem 1rem; }
#wt-steps { position: sticky; top: 76px; max-height: calc(100vh - 92px); overflow: auto; padding: .6rem .5rem; }
.step-list { list-style: none; margin: 0; padding: 0; font-size: .85rem; }
.step-list a { display: block; padding: .25rem .4rem; border-radius: 6px; color: inherit; text-decoration: none; border-left: 3px solid transparent; }
.step-list a:hover { background: #f1f5f9; } .step-list .n { color: var(--muted); display: inline-block; min-width: 1.8em; }
.step-list .headline .t { font-weight: 600; } .step-list .waits a { border-left-color: #f59e0b; } .step-list .forced a { border-left: 3px dotted #f59e0b; }
.step-list .h { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; color: #334155; font-size: .78rem; margin-left: 1.8em; }
.step-list .current a { background: #fee2e2; border-left-color: var(--cur); }
.note { font-size: 1.05rem; padding: .5rem .7rem; background: #f1f5f9; border-radius: 8px; } .note.headline { background: #ecfdf5; border-left: 4px solid var(--ok); font-weight: 500; }
.block { margin: .8rem 0; } .ref { color: #0f766e; font-weight: 600; white-space: nowrap; } .sum { color: #334155; font-size: .85rem; } .muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; font-size: .85rem; } th, td { text-align: left; vertical-align: top; padding: .3rem .4rem; border-bottom: 1px solid var(--line); }
.guards tr.pass .res { color: var(--ok); font-weight: 600; } .guards tr.fail .res { color: var(--no); font-weight: 600; } .guards .res { white-space: nowrap; }
.decision { margin: 1rem 0; padding: .7rem .9rem; border: 2px solid #f59e0b; background: #fffbeb; border-radius: 10px; } .decision .who { font-weight: 700; }
.decision .prompt { font-weight: 500; } .options li, .blocked li { margin: .2rem 0; } .blocked .opt { text-decoration: line-through; color: var(--no); }
.answered { margin-top: .6rem; padding-top: .5rem; border-top: 1px dashed #f59e0b; }
.dice .faces { display: flex; flex-wrap: wrap; gap: 6px; margin: .3rem 0; }
svg.die rect { fill: #fff; stroke: #334155; stroke-width: 2; } svg.die circle { fill: #111827; }
svg.die.hit rect { fill: #fee2e2; stroke: var(--no); stroke-width: 3; } svg.die.hit circle { fill: var(--no); }
.mods { margin: .2rem 0; padding-left: 1.2rem; } .mod-value { display: inline-block; min-width: 2.2em; font-weight: 700; }
.outcome .ok { color: var(--ok); } .outcome .no { color: var(--no); } .hits { color: var(--no); }
.chance { margin: .2rem 0; } .hit-chances p { margin: .3rem 0 .1rem; } .hit-chances ul { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: .15rem .8rem; font-size: .85rem; } .hit-chances .rolled { background: #fee2e2; border-radius: 4px; padding: 0 .3rem; }
.stopped { border: 2px solid var(--no); background: #fef2f2; padding: .6rem .8rem; border-radius: 10px; }
.outcome { border: 2px solid var(--ok); background: #f0fdf4; padding: .6rem .8rem; border-radius: 10px; margin-top: 1rem; }
svg.map { width: 100%; height: auto; background: #fdfcf7; border: 1px solid var(--line); border-radius: 8px; }
svg.map .road { stroke: #94a3b8; stroke-width: 3; } svg.map .road.pass { stroke: #a16207; }
svg.map .name { font: 600 13px system-ui, sans-serif; paint-order: stroke; stroke: #fff; stroke-width: 4px; fill: #111827; }
svg.map .ring.centre { stroke: var(--cur); stroke-width: 3; } svg.map .ring.origin { stroke: #64748b; stroke-width: 2; stroke-dasharray: 4 3; }
svg.map .counter text { font: 11px system-ui, sans-serif; fill: #111827; } svg.map .counter .c1 { font-weight: 700; }
svg.map .arrow-label { font: italic 600 11px system-ui, sans-serif; paint-order: stroke; stroke: #fff; stroke-width: 4px; fill: #111827; text-anchor: middle; }
svg.map .arrow.failed path { opacity: .55; } svg.map .unrest { font: 700 14px sans-serif; fill: #b91c1c; }
.legend { display: flex; flex-wrap: wrap; gap: .2rem 1rem; list-style: none; padding: 0; font-size: .78rem; color: #334155; }
.legend .lg { display: inline-block; width: 22px; height: 12px; margin-right: 4px; vertical-align: middle; }
.lg.sq { width: 12px; border: 3px solid #111827; } .lg.ci { width: 12px; border: 1.5px solid #111827; border-radius: 50%; }
.lg.pass { border-top: 3px dashed #a16207; height: 0; } .lg.mv { border-top: 3px solid #334155; height: 0; } .lg.ic { border-top: 3px dashed #334155; height: 0; }
.lg.av { border-top: 3px dotted #334155; height: 0; } .lg.rt { border-top: 3px double #334155; height: 0; }
.stacks ul { margin: 0; padding-left: 0; list-style: none; } .stacks .facts { font-weight: 400; color: var(--muted); font-size: .75rem; }
.swatch { display: inline-block; width: .8em; height: .8em; border: 1px solid #111827; margin-right: .3em; vertical-align: -1px; }
#wt-chart { margin: 0 14px 14px; } #wt-chart-head { display: flex; gap: .6rem; align-items: baseline; flex-wrap: wrap; }
#wt-chart-scroll { height: 72vh; overflow: auto; background: #fff; border: 1px solid var(--line); border-radius: 10px; }
body.lang-en .diagram[data-lang="ru"], body.lang-ru .diagram[data-lang="en"] { display: none; }
.diagram g.wt-visited > polygon, .diagram g.wt-visited > path, .diagram g.wt-visited > ellipse { stroke: var(--seen); stroke-width: 3.5; }
.diagram g.wt-edge > path { stroke: var(--seen); stroke-width: 3; } .diagram g.wt-edge > polygon { stroke: var(--seen); fill: var(--seen); }
.diagram g.wt-current > polygon, .diagram g.wt-current > path, .diagram g.wt-current > ellipse { stroke: var(--cur); stroke-width: 7; }
.play { margin-top: .8rem; padding: .6rem .8rem; border: 2px solid #1d4ed8; background: #eff6ff; border-radius: 10px; }
.play-options, .play-blocked { list-style: none; padding: 0; margin: .2rem 0; } .play-options li, .play-blocked li { margin: .25rem 0; }
.play-blocked .why { font-size: .8rem; color: var(--no); }
form.custom { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: center; margin: .5rem 0; padding: .5rem; border: 1px dashed #1d4ed8; border-radius: 8px; }
form.custom .sub { width: 100%; margin: 0; font-weight: 600; } form.custom fieldset { border: 0; padding: 0; margin: 0; display: flex; gap: .6rem; }
input[type="number"] { width: 4.2em; } input[name="dice"] { width: 16em; }
.error { color: var(--no); background: #fef2f2; padding: .4rem .6rem; border-radius: 6px; }
.toolbar { margin-top: 1rem; padding-top: .6rem; border-top: 1px solid var(--line); }
`;
