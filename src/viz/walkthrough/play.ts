/// <reference lib="dom" />
// Play mode: the engine in the page, through the public API only — createSession, pending, send, roll, undo,
// save, restoreSession (and the engine's dice generator, for new dice after an undo), and an inspector
// (SessionOptions.inspect) that lets the recorder draw the board of every step — and the recorder that turns each
// accepted answer into steps for the page. It plays from the start, from any step of the replay ("what if"), or from
// a save the reader loads; an undo is the engine's (session.undo()), and the dice after it are new ones the page
// rolls from a fresh seed. This is all the glue a UI needs around the engine.
import {
  createSession,
  MAX_SEED,
  parseScenario,
  restoreSession,
  RestoreError,
  type Scenario,
  type SendResult,
  type Session,
} from '../../index.ts';
import type { StartPlay } from './client.ts';
import { StepCapture } from './capture.ts';
import { Dice } from '../../engine/rng.ts';
import { download } from './export.ts';
import { WalkthroughRecorder, type RecorderOptions, type ReplayEvent } from './model.ts';
import { eventFromForm, type PlayState, type Sent } from './play-form.ts';
import type { OddsView, Source, WalkthroughModel } from './types.ts';
import { ODDS_PAGE_MS, oddsOf } from './advice.ts';

/** One advise() call of the page: the decision's kind, the frame it was for, its time and the states it expanded. */
export interface AdviseTiming {
  readonly kind: string | null;
  readonly frame: number;
  readonly ms: number;
  readonly states: number | null;
  readonly stopped: string | null;
}

declare global {
  interface Window {
    /** Every advise() call play mode made, in order (for a host's or a test's timing report). */
    hisAdvise?: { readonly calls: AdviseTiming[] };
  }
}

function adviseTimings(o: OddsView, kind: string | null, frame: number): void {
  const calls = (window.hisAdvise ??= { calls: [] }).calls;
  calls.push({
    kind,
    frame,
    ms: o.ms ?? 0,
    states: 'states' in o ? o.states : null,
    stopped: 'stopped' in o ? o.stopped.limit : null,
  });
  document.body.dataset.adviseMs = (o.ms ?? 0).toFixed(1);
}

/** What the page plays: the scenario as given, the seed, and the replay's answers (to play on from any of them). */
interface Embedded {
  readonly scenario: unknown;
  readonly seed: number;
  readonly events?: readonly { readonly event: unknown; readonly source: Source }[];
}

function embedded(): Embedded {
  return JSON.parse(document.getElementById('wt-scenario')?.textContent ?? 'null') as Embedded;
}

/** A seed nobody chose: the dice after an undo are new dice. */
function freshSeed(): number {
  const n = new Uint32Array(1);
  crypto.getRandomValues(n);
  return n[0]! % (MAX_SEED + 1);
}

export const startPlay: StartPlay = (replay: WalkthroughModel) => {
  const page = embedded();
  const pageScenario = parseScenario(page.scenario);
  const pageOptions = {
    title: replay.title,
    ...(replay.description ? { description: replay.description } : {}),
  };
  let scenario: Scenario = pageScenario;
  let seed = page.seed;
  let options: Omit<RecorderOptions, 'seed'> = pageOptions;
  let session!: Session;
  /** The page's own dice after an undo (a fresh seed): the engine's seeded dice would fall as before. */
  let dice: Dice | undefined;
  /** The inspector of the session played now, which the recorder reads each step's board from. */
  let capture!: StepCapture;
  let recorder!: WalkthroughRecorder;
  let began = false;
  let error: PlayState['error'] = null;
  let sent: Sent | undefined;
  let loadError: string | null = null;
  type Origin = NonNullable<PlayState['origin']>;
  let origin: Origin = { kind: 'start' };

  /**
   * The odds of each answer, worked out in the page (advise() within ODDS_LIMITS and ODDS_PAGE_MS), each call's time
   * kept for a host or a test. Played from a step of the replay, the decisions before that step are the replay's own
   * (the same answers to the same scenario): their odds are the page's data; the one the reader answers is computed.
   */
  const odds = (s: Session, frame: number): OddsView => {
    const known = origin.kind === 'branch' && frame < origin.frame ? replay.frames[frame]?.odds : undefined;
    if (known) return known;
    const o = oddsOf(s, { maxMs: ODDS_PAGE_MS, measured: true });
    adviseTimings(o, s.pending?.kind ?? null, frame);
    return o;
  };

  /** A new session of `scenario`, played through `answers` (each recorded as its own answer, with its source). */
  const begin = (answers: readonly ReplayEvent[]) => {
    began = true;
    dice = undefined;
    capture = new StepCapture();
    session = createSession(scenario, { seed, inspect: capture.inspect });
    recorder = new WalkthroughRecorder(scenario, session, { seed, ...options, odds }, capture);
    for (const { event, source } of answers) {
      // Untrusted input (a save, the page's data): the engine checks it as it would a host's JSON.
      const r = session.sendUntrusted(event);
      if (!r.ok) {
        recorder.stop(event as never, source ?? 'host', r.error);
        break;
      }
      recorder.record(session, source ?? 'host');
    }
    error = null;
    sent = undefined;
  };
  /**
   * Play from the start when the reader first plays (not when the page makes the driver only to play from a step
   * of the replay or from a save: those begin on their own, and the start's odds would be worked out for nothing).
   */
  const started = () => {
    if (!began) begin([]);
  };

  /**
   * An accepted answer adds its steps; a refusal is shown as the engine worded it, nothing changes, and what the reader
   * sent stays in the form.
   */
  const answered = (r: SendResult, what?: Sent) => {
    if (r.ok) recorder.record(session);
    sent = r.ok ? undefined : what;
    error = r.ok
      ? null
      : {
          code: r.error.code,
          ...(r.error.rule ? { rule: r.error.rule } : {}),
          ...(r.error.ruling ? { ruling: r.error.ruling } : {}),
          reason: r.error.reason ?? { en: r.error.message, ru: r.error.message },
        };
  };

  return {
    get model() {
      started();
      return recorder.model;
    },
    get state() {
      started();
      return { error, canUndo: session.canUndo, sent, seed, origin, loadError };
    },
    option: (index) => {
      started();
      const option = session.pending?.options[index];
      if (option) answered(session.send(option.event));
    },
    custom: (values) => {
      started();
      const pending = recorder.model.frames.at(-1)?.pending;
      if (pending) answered(session.send(eventFromForm(pending, values)), { kind: 'form', values });
    },
    roll: (values, typed) => {
      started();
      // After an undo the page's own dice (see undo): as many as the pending roll asks for, sent as dice given.
      const pending = session.pending;
      const own = !values && dice && pending?.kind === 'roll' ? dice.roll(pending.roll.dice) : undefined;
      const given = values ?? own;
      answered(
        given ? session.send({ type: 'dice.rolled', values: given }) : session.roll(),
        typed === undefined ? undefined : { kind: 'dice', text: typed },
      );
    },
    undo: () => {
      started();
      // The engine's own undo (session.undo()): the session is exactly where it was before the last answer. The
      // engine would roll a seeded roll taken back again with the same dice (a save stays deterministic); this
      // page's reader wants new dice, so from the first undo on the page rolls them itself from a fresh seed and
      // sends them as dice given (the save records their values).
      const frames = session.save().events.length;
      if (!session.undo().ok) return;
      dice = new Dice(freshSeed());
      seed = dice.seed;
      recorder.truncate(frames, capture);
      error = null;
      sent = undefined;
    },
    restart: () => {
      seed = origin.kind === 'save' ? origin.seed : page.seed;
      if (origin.kind === 'branch') origin = { kind: 'start' };
      begin([]);
    },
    branch: (frame) => {
      // "What if": the page's scenario, played with the replay's own answers up to the frame of the step shown.
      scenario = pageScenario;
      options = pageOptions;
      seed = page.seed;
      origin = { kind: 'branch', frame };
      begin((page.events ?? []).slice(0, Math.max(0, frame)));
    },
    load: (text) => {
      // The engine checks the save (its format, its version, every answer on replay) and says what is wrong with it.
      try {
        restoreSession(text);
      } catch (e) {
        loadError = e instanceof RestoreError ? e.message : String(e);
        return false;
      }
      const save = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text) as {
        scenario: unknown;
        seed: number;
        events: { event: unknown; source: Source }[];
      };
      scenario = parseScenario(save.scenario);
      seed = save.seed;
      options = {};
      origin = { kind: 'save', seed: save.seed };
      loadError = null;
      begin(save.events);
      return true;
    },
    download: () => {
      started();
      download(
        new Blob([`${JSON.stringify(session.save(), null, 2)}\n`], { type: 'application/json' }),
        'his-session.json',
      );
    },
  };
};
