/// <reference lib="dom" />
// The page's script: steps through the recorded model (buttons, arrow keys, the step list, #step=N links), switches
// the language of every text, marks the statechart (the current state, and the states and transitions taken so far),
// and, when the page carries the engine, hands play mode to a PlayDriver (play.ts). Runs only in the browser.
import type { Lang } from '../../index.ts';
import { appRegions, chartHeader, type View } from './panels.ts';
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
  download(): void;
}

export type StartPlay = (replay: WalkthroughModel) => PlayDriver;

const ZOOMS = [0.3, 0.45, 0.6, 0.8, 1, 1.25];

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page lacks #${id}`);
  return el as T;
}

/** '#step=12&lang=ru' → { step: 12, lang: 'ru' }. */
export function parseFragment(hash: string): { step?: number; lang?: Lang } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const step = Number(params.get('step'));
  const lang = params.get('lang');
  return {
    ...(Number.isInteger(step) && step > 0 ? { step } : {}),
    ...(lang === 'en' || lang === 'ru' ? { lang } : {}),
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
  let view: { index: number; lang: Lang; mode: View['mode'] } = {
    index: indexOf(replay, fragment.step) ?? 0,
    lang: initialLang,
    mode: 'replay',
  };
  let zoom = 2;

  const regions = {
    header: byId('wt-header'),
    steps: byId('wt-steps'),
    step: byId('wt-step'),
    map: byId('wt-map'),
    chart: byId('wt-chart-head'),
  };
  const scroller = byId('wt-chart-scroll');

  function indexOf(m: WalkthroughModel, step: number | undefined): number | undefined {
    if (step === undefined) return undefined;
    const i = m.steps.findIndex((s) => s.step === step);
    return i >= 0 ? i : undefined;
  }

  function render(scrollChart = true): void {
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
    regions.chart.innerHTML = chartHeader(view.lang).text;
    document.documentElement.lang = view.lang;
    document.body.classList.toggle('lang-en', view.lang === 'en');
    document.body.classList.toggle('lang-ru', view.lang === 'ru');
    document.body.dataset.mode = view.mode;
    document.title = `${model.title[view.lang]} — ${view.lang === 'en' ? 'rule walkthrough' : 'разбор по правилам'}`;
    markChart(scrollChart);
    const current = regions.steps.querySelector<HTMLElement>('li.current');
    if (current) regions.steps.scrollTop = Math.max(0, current.offsetTop - regions.steps.clientHeight / 2);
    if (focused) document.getElementById(focused)?.focus();
    if (view.mode === 'replay') {
      const step = model.steps[view.index]?.step;
      if (step !== undefined) history.replaceState(null, '', `#step=${step}&lang=${view.lang}`);
    }
  }

  /** The current state red, every state and transition taken so far green, in both languages' charts. */
  function markChart(scroll: boolean): void {
    for (const el of document.querySelectorAll('.wt-current, .wt-visited, .wt-edge'))
      el.classList.remove('wt-current', 'wt-visited', 'wt-edge');
    const path = model.steps.slice(0, view.index + 1).map((s) => s.stateId);
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
      const current = path.at(-1);
      const el = current === undefined ? null : node(current);
      el?.classList.add('wt-current');
      if (scroll && el && diagram.dataset.lang === view.lang) {
        const box = el.getBoundingClientRect();
        const pane = scroller.getBoundingClientRect();
        scroller.scrollLeft += box.left + box.width / 2 - (pane.left + pane.width / 2);
        scroller.scrollTop += box.top + box.height / 2 - (pane.top + pane.height / 2);
      }
    }
  }

  function go(index: number): void {
    view = { ...view, index: Math.max(0, Math.min(model.steps.length - 1, index)) };
    render();
  }

  function applyZoom(): void {
    for (const svg of document.querySelectorAll<SVGSVGElement>('.diagram svg')) {
      const natural = Number.parseFloat(svg.getAttribute('width') ?? '0') * (4 / 3);
      svg.style.width = `${Math.round(natural * ZOOMS[zoom]!)}px`;
      svg.style.height = 'auto';
    }
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
      view = { ...view, mode, index: 0 };
    }
    render();
  }

  document.addEventListener('click', (e) => {
    // A step link shows its step at once; the hashchange of the hash it sets finds that step shown already.
    const link = (e.target as Element | null)?.closest<HTMLElement>('#wt-steps a[data-step]');
    if (link) {
      const index = indexOf(model, Number(link.dataset.step));
      if (index !== undefined) go(index);
      return;
    }
    const target = (e.target as Element | null)?.closest<HTMLElement>('[data-act]');
    if (!target || (target as HTMLButtonElement).disabled) return;
    const act = target.dataset.act;
    if (act === 'prev') go(view.index - 1);
    else if (act === 'next') go(view.index + 1);
    else if (act === 'lang') {
      view = { ...view, lang: target.dataset.lang === 'ru' ? 'ru' : 'en' };
      render();
    } else if (act === 'mode') setMode(target.dataset.mode === 'play' ? 'play' : 'replay');
    else if (act === 'zoom') {
      zoom = Math.max(0, Math.min(ZOOMS.length - 1, zoom + Number(target.dataset.zoom)));
      applyZoom();
      markChart(true);
    } else if (player && act === 'option') (player.option(Number(target.dataset.index)), played());
    else if (player && act === 'roll') (player.roll(), played());
    else if (player && act === 'undo') (player.undo(), played());
    else if (player && act === 'restart') (player.restart(), played());
    else if (player && act === 'download') player.download();
  });

  document.addEventListener('submit', (e) => {
    const form = e.target as HTMLFormElement;
    e.preventDefault();
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
    const moves: Record<string, number> = {
      ArrowLeft: view.index - 1,
      ArrowRight: view.index + 1,
      Home: 0,
      End: model.steps.length - 1,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    go(moves[e.key]!);
  });

  window.addEventListener('hashchange', () => {
    const f = parseFragment(location.hash);
    const index = indexOf(model, f.step) ?? view.index;
    const lang = f.lang ?? view.lang;
    if (index === view.index && lang === view.lang) return;
    view = { ...view, index, lang };
    render();
  });

  applyZoom();
  render();
  document.body.dataset.ready = 'true';
}
