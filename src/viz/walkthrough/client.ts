/// <reference lib="dom" />
// The page's script: steps through the recorded model (buttons, arrow keys, the step list, #step=N links), switches
// the language of every text, marks the statechart (the current state, and the states and transitions taken so far),
// and, when the page carries the engine, hands play mode to a PlayDriver (play.ts). Runs only in the browser.
import type { Lang } from '../../index.ts';
import { ChartView } from './chart-view.ts';
import { exportDrawing } from './export.ts';
import { handout as storyHandout } from './handout.ts';
import { PRINT_PAGE } from './style.ts';
import { appRegions, chartHeader, visibleSteps, type View } from './panels.ts';
import type { PlayState } from './play-form.ts';
import type { WalkthroughModel } from './types.ts';

/** What play mode offers the page: a model that grows with every answer, and the answers. */
export interface PlayDriver {
  readonly model: WalkthroughModel;
  readonly state: PlayState;
  option(index: number): void;
  custom(values: ReadonlyMap<string, readonly string[]>): void;
  /** Seeded dice, or the dice the reader typed (`typed`: the text, shown again if the engine refuses them). */
  roll(values?: readonly number[], typed?: string): void;
  undo(): void;
  restart(): void;
  /** Plays on from the replay's frame `frame`: its answers before it, then the reader's. */
  branch(frame: number): void;
  /** Plays a save the reader gave (a file's text or pasted JSON); false, with `state.loadError`, when it is no save. */
  load(text: string): boolean;
  download(): void;
}

export type StartPlay = (replay: WalkthroughModel) => PlayDriver;

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page lacks #${id}`);
  return el as T;
}

type ViewKind = View['view'];

/** '#step=12&lang=ru&view=full' → { step: 12, lang: 'ru', view: 'full' }. */
export function parseFragment(hash: string): { step?: number; lang?: Lang; view?: ViewKind } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const step = Number(params.get('step'));
  const lang = params.get('lang');
  const view = params.get('view');
  return {
    ...(Number.isInteger(step) && step > 0 ? { step } : {}),
    ...(lang === 'en' || lang === 'ru' ? { lang } : {}),
    ...(view === 'story' || view === 'full' ? { view } : {}),
  };
}

/** Dice typed by a player: '3 5', '3,5' or '35'. */
export function parseDice(text: string): number[] {
  const tokens = text
    .trim()
    .split(/[^0-9]+/)
    .filter(Boolean);
  if (tokens.length === 1 && tokens[0]!.length > 1) return [...tokens[0]!].map(Number);
  return tokens.map(Number);
}

export function boot(startPlay?: StartPlay): void {
  const replay = JSON.parse(byId('wt-data').textContent ?? '{}') as WalkthroughModel;
  const fragment = parseFragment(location.hash);
  const initialLang: Lang = fragment.lang ?? (document.documentElement.lang === 'ru' ? 'ru' : 'en');
  let model = replay;
  let player: PlayDriver | undefined;
  const firstStory = replay.steps.findIndex((s) => s.story);
  const start = indexOf(replay, fragment.step);
  // A link to a state the story leaves out opens every state; without a link, the story from its first step.
  const initialView: ViewKind =
    fragment.view ?? (firstStory < 0 || (start !== undefined && !replay.steps[start]!.story) ? 'full' : 'story');
  let view: { index: number; lang: Lang; mode: View['mode']; view: ViewKind } = {
    index: start ?? (initialView === 'story' ? firstStory : 0),
    lang: initialLang,
    mode: 'replay',
    view: initialView,
  };
  /** Which chart the reader chose: the procedures in play (when the page has that chart) or all of them. */
  let chartKind: 'folded' | 'full' = document.body.dataset.chart === 'folded' ? 'folded' : 'full';

  const regions = {
    header: byId('wt-header'),
    steps: byId('wt-steps'),
    step: byId('wt-step'),
    map: byId('wt-map'),
    chart: byId('wt-chart-head'),
  };
  const chart = new ChartView(byId('wt-chart-view'));
  const foldable = document.querySelector('.diagram[data-chart="folded"]') !== null;

  function indexOf(m: WalkthroughModel, step: number | undefined): number | undefined {
    if (step === undefined) return undefined;
    const i = m.steps.findIndex((s) => s.step === step);
    return i >= 0 ? i : undefined;
  }

  /** The header's height, for the sticky panels below it. */
  function measure(): void {
    const top = (regions.header.firstElementChild as HTMLElement | null) ?? regions.header;
    const sticky = getComputedStyle(top).position === 'sticky';
    document.documentElement.style.setProperty('--head', `${sticky ? top.offsetHeight : 0}px`);
  }

  function render(): void {
    const focused = document.activeElement?.id;
    const v: View = {
      ...view,
      playable: startPlay !== undefined,
      ...(player && view.mode === 'play' ? { play: player.state } : {}),
    };
    const r = appRegions(model, v);
    regions.header.innerHTML = r.header.text;
    regions.steps.innerHTML = r.steps.text;
    regions.step.innerHTML = r.step.text;
    regions.map.innerHTML = r.map.text;
    regions.chart.innerHTML = chartHeader(view.lang, foldable).text;
    document.documentElement.lang = view.lang;
    document.body.classList.toggle('lang-en', view.lang === 'en');
    document.body.classList.toggle('lang-ru', view.lang === 'ru');
    document.body.dataset.mode = view.mode;
    document.body.dataset.view = view.view;
    // Printing without a choice (Ctrl + P) prints the step on screen.
    document.body.dataset.print = 'step';
    document.title = `${model.title[view.lang]} — ${view.lang === 'en' ? 'rule walkthrough' : 'разбор по правилам'}`;
    markChart();
    measure();
    const current = regions.steps.querySelector<HTMLElement>('li.current');
    if (current) regions.steps.scrollTop = Math.max(0, current.offsetTop - regions.steps.clientHeight / 2);
    if (focused) document.getElementById(focused)?.focus();
    if (view.mode === 'replay') {
      const step = model.steps[view.index]?.step;
      if (step !== undefined)
        history.replaceState(null, '', `#step=${step}&lang=${view.lang}${view.view === 'full' ? '&view=full' : ''}`);
    }
  }

  /** The folded chart while every machine of the steps is drawn in full in it; otherwise the whole one. */
  function chartShown(): 'folded' | 'full' {
    if (!foldable || chartKind === 'full') return 'full';
    const drawn = new Set(
      (document.querySelector<HTMLElement>('.diagram[data-chart="folded"]')?.dataset.machines ?? '').split(' '),
    );
    return model.steps.every((s) => drawn.has(s.machine)) ? 'folded' : 'full';
  }

  /** The current state red, every state and transition taken so far green, in every chart; the current one in view. */
  function markChart(): void {
    const shown = chartShown();
    document.body.dataset.chart = shown;
    for (const b of regions.chart.querySelectorAll<HTMLElement>('button[data-act="chart"]')) {
      const on = b.dataset.chart === shown;
      b.classList.toggle('on', on);
      b.setAttribute('aria-pressed', String(on));
    }
    for (const el of document.querySelectorAll('.wt-current, .wt-visited, .wt-edge'))
      el.classList.remove('wt-current', 'wt-visited', 'wt-edge');
    const path = model.steps.slice(0, view.index + 1).map((s) => s.stateId);
    let current: Element | null = null;
    for (const diagram of document.querySelectorAll<HTMLElement>('.diagram')) {
      const node = (id: string) => diagram.querySelector(`g[data-state="${CSS.escape(id)}"]`);
      const start = diagram.querySelector('g[data-kind="start"]');
      if (path.length > 0) start?.classList.add('wt-edge');
      path.forEach((id, i) => {
        node(id)?.classList.add('wt-visited');
        const prev = path[i - 1];
        if (prev !== undefined)
          diagram
            .querySelector(`g[data-from="${CSS.escape(prev)}"][data-to="${CSS.escape(id)}"]`)
            ?.classList.add('wt-edge');
      });
      const last = path.at(-1);
      const el = last === undefined ? null : node(last);
      el?.classList.add('wt-current');
      if (diagram.dataset.lang === view.lang && diagram.dataset.chart === shown) current = el;
    }
    if (current) chart.keepInView(current);
  }

  function currentNode(): Element | null {
    return document.querySelector(`.diagram[data-lang="${view.lang}"][data-chart="${chartShown()}"] g.wt-current`);
  }

  /** 'vienna-1517-the-rulebook-s-step-8-map': the scenario's title, the step, what is saved. */
  function fileName(): string {
    const slug = model.title.en
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40)
      .replace(/-$/, '');
    return `${slug || 'walkthrough'}-step-${model.steps[view.index]?.step ?? 0}`;
  }

  /** One step on one page, or the story as a handout: the print stylesheet prints what body[data-print] names. */
  function printPage(what: 'step' | 'story'): void {
    const handout = byId('wt-handout');
    handout.innerHTML = what === 'story' ? storyHandout(model, view.lang).text : '';
    document.body.dataset.print = what;
    if (what === 'step') {
      // Laid out as it prints, at the page's width, and scaled down until it fits on one page (a scaled page is
      // wider in its own pixels, so its map grows a little: a few rounds settle it).
      const root = document.documentElement.style;
      const main = byId('wt-step').parentElement!;
      const room = PRINT_PAGE.height - 8;
      let zoom = 1;
      document.body.classList.add('print-measure');
      for (let round = 0; round < 6; round++) {
        root.setProperty('--print-zoom', zoom.toFixed(3));
        const height = regions.header.getBoundingClientRect().height + main.getBoundingClientRect().height;
        if (height <= room) break;
        zoom = Math.floor(zoom * (room / height) * 1000) / 1000;
      }
      document.body.classList.remove('print-measure');
    }
    window.print();
  }

  function go(index: number): void {
    view = { ...view, index: Math.max(0, Math.min(model.steps.length - 1, index)) };
    render();
  }

  /** The next (or previous) step of the view: every step, or the story's. */
  function stepBy(delta: number): void {
    const shown = visibleSteps(model, view);
    const at = shown.indexOf(view.index);
    const next = shown[Math.max(0, Math.min(shown.length - 1, at + delta))];
    if (next !== undefined) go(next);
  }

  function setView(kind: ViewKind): void {
    if (kind === view.view) return;
    let index = view.index;
    // The story shows its own steps: the one shown now, or the nearest story step before it (else after it).
    if (kind === 'story' && !model.steps[index]?.story) {
      const before = model.steps.slice(0, index).findLastIndex((s) => s.story);
      const after = model.steps.findIndex((s, i) => i > index && s.story);
      index = before >= 0 ? before : after >= 0 ? after : index;
    }
    view = { ...view, view: kind, index };
    render();
  }

  /** After a play action: the model grew or shrank; show its last step. */
  function played(): void {
    if (!player) return;
    model = player.model;
    view = { ...view, index: model.steps.length - 1 };
    render();
  }

  function setMode(mode: View['mode']): void {
    if (mode === view.mode || (mode === 'play' && !startPlay)) return;
    if (mode === 'play') {
      player ??= startPlay!(replay);
      model = player.model;
      view = { ...view, mode, index: model.steps.length - 1 };
    } else {
      model = replay;
      const first = model.steps.findIndex((s) => view.view === 'full' || s.story);
      view = { ...view, mode, index: Math.max(0, first) };
    }
    render();
  }

  document.addEventListener('click', (e) => {
    // A step link shows its step at once; the hashchange of the hash it sets finds that step shown already.
    const link = (e.target as Element | null)?.closest<HTMLElement>('a[data-step]');
    if (link) {
      const index = indexOf(model, Number(link.dataset.step));
      if (index !== undefined) {
        e.preventDefault();
        if (view.view === 'story' && !model.steps[index]!.story) view = { ...view, view: 'full' };
        go(index);
      }
      return;
    }
    const target = (e.target as Element | null)?.closest<HTMLElement>('[data-act]');
    if (!target || (target as HTMLButtonElement).disabled) return;
    const act = target.dataset.act;
    if (act === 'prev') stepBy(-1);
    else if (act === 'next') stepBy(1);
    else if (act === 'lang') {
      view = { ...view, lang: target.dataset.lang === 'ru' ? 'ru' : 'en' };
      render();
    } else if (act === 'view') setView(target.dataset.view === 'full' ? 'full' : 'story');
    else if (act === 'mode') setMode(target.dataset.mode === 'play' ? 'play' : 'replay');
    else if (act === 'chart') {
      chartKind = target.dataset.chart === 'full' ? 'full' : 'folded';
      markChart();
      const el = currentNode();
      if (el) chart.center(el);
    } else if (act === 'zoom') chart.zoom(Number(target.dataset.zoom) > 0 ? 1.25 : 0.8);
    else if (act === 'fit') chart.fit();
    else if (act === 'follow') {
      const el = currentNode();
      if (el) chart.center(el);
    } else if (act === 'print') printPage(target.dataset.print === 'story' ? 'story' : 'step');
    else if (act === 'export')
      void exportDrawing(
        target.dataset.what === 'chart' ? 'chart' : 'map',
        target.dataset.format === 'png' ? 'png' : 'svg',
        fileName(),
      );
    else if (act === 'branch' && startPlay) {
      player ??= startPlay(replay);
      player.branch(Number(target.dataset.frame));
      view = { ...view, mode: 'play' };
      model = player.model;
      played();
    } else if (player && act === 'option') (player.option(Number(target.dataset.index)), played());
    else if (player && act === 'roll') (player.roll(), played());
    else if (player && act === 'undo') (player.undo(), played());
    else if (player && act === 'restart') (player.restart(), played());
    else if (player && act === 'download') player.download();
  });

  /** A save the reader gives: played in play mode, or the engine's reason why not (shown in the toolbar). */
  function load(text: string): void {
    if (!startPlay) return;
    player ??= startPlay(replay);
    const ok = player.load(text);
    view = { ...view, mode: 'play' };
    model = player.model;
    if (ok) played();
    else render();
  }

  document.addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement;
    if (input.name !== 'save-file' || !input.files?.[0]) return;
    void input.files[0].text().then(load);
  });

  document.addEventListener('submit', (e) => {
    const form = e.target as HTMLFormElement;
    e.preventDefault();
    if (form.classList.contains('load-form')) {
      load(String(new FormData(form).get('save') ?? ''));
      return;
    }
    if (!player) return;
    const data = new FormData(form);
    if (form.classList.contains('dice-form')) {
      const typed = String(data.get('dice') ?? '');
      player.roll(parseDice(typed), typed);
    } else {
      const values = new Map<string, string[]>();
      for (const [k, v] of data.entries()) values.set(k, [...(values.get(k) ?? []), String(v)]);
      player.custom(values);
    }
    played();
  });

  document.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement | null;
    if (t && (t.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName))) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const shown = visibleSteps(model, view);
    const moves: Record<string, () => void> = {
      ArrowLeft: () => stepBy(-1),
      ArrowRight: () => stepBy(1),
      Home: () => go(shown[0] ?? 0),
      End: () => go(shown.at(-1) ?? model.steps.length - 1),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    move();
  });

  window.addEventListener('hashchange', () => {
    const f = parseFragment(location.hash);
    const index = indexOf(model, f.step) ?? view.index;
    const lang = f.lang ?? view.lang;
    const kind: ViewKind = f.view ?? (model.steps[index]?.story ? view.view : 'full');
    if (index === view.index && lang === view.lang && kind === view.view) return;
    view = { ...view, index, lang, view: kind };
    render();
  });

  window.addEventListener('resize', measure);

  render();
  const el = currentNode();
  if (el) chart.center(el);
  document.body.dataset.ready = 'true';
}
