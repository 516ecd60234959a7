/// <reference lib="dom" />
// Play mode: the engine in the page, through the public API only — createSession, pending, send, roll, save,
// restoreSession, and an inspector (SessionOptions.inspect) that lets the recorder draw the board of every step —
// and the recorder that turns each accepted answer into steps for the page. This is all the glue a UI needs around
// the engine.
import { createSession, parseScenario, restoreSession, type SendResult } from '../../index.ts';
import type { StartPlay } from './client.ts';
import { StepCapture } from './capture.ts';
import { download } from './export.ts';
import { WalkthroughRecorder } from './model.ts';
import { eventFromForm, type PlayState, type Sent } from './play-form.ts';
import type { WalkthroughModel } from './types.ts';

/** The scenario the page plays, embedded next to the replay's data. */
function embeddedScenario(): { scenario: unknown; seed: number } {
  return JSON.parse(document.getElementById('wt-scenario')?.textContent ?? 'null') as {
    scenario: unknown;
    seed: number;
  };
}

export const startPlay: StartPlay = (replay: WalkthroughModel) => {
  const { scenario: source, seed } = embeddedScenario();
  const scenario = parseScenario(source);
  const options = { seed, title: replay.title, ...(replay.description ? { description: replay.description } : {}) };
  const start = () => {
    const capture = new StepCapture();
    session = createSession(scenario, { seed, inspect: capture.inspect });
    recorder = new WalkthroughRecorder(scenario, session, options, capture);
  };
  let session!: ReturnType<typeof createSession>;
  let recorder!: WalkthroughRecorder;
  start();
  let error: PlayState['error'] = null;
  let sent: Sent | undefined;

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
      return recorder.model;
    },
    get state() {
      return { error, canUndo: session.save().events.length > 0, sent };
    },
    option: (index) => {
      const option = session.pending?.options[index];
      if (option) answered(session.send(option.event));
    },
    custom: (values) => {
      const pending = recorder.model.frames.at(-1)?.pending;
      if (pending) answered(session.send(eventFromForm(pending, values)), { kind: 'form', values });
    },
    roll: (values, typed) =>
      answered(
        values ? session.send({ type: 'dice.rolled', values }) : session.roll(),
        typed === undefined ? undefined : { kind: 'dice', text: typed },
      ),
    undo: () => {
      // A save is the scenario, the seed and the answers: restoring it without the last answer is an undo.
      const save = session.save();
      if (save.events.length === 0) return;
      const capture = new StepCapture();
      session = restoreSession({ ...save, events: save.events.slice(0, -1) }, { inspect: capture.inspect });
      recorder.truncate(save.events.length, capture);
      error = null;
      sent = undefined;
    },
    restart: () => {
      start();
      error = null;
      sent = undefined;
    },
    download: () =>
      download(
        new Blob([`${JSON.stringify(session.save(), null, 2)}\n`], { type: 'application/json' }),
        'his-session.json',
      ),
  };
};
