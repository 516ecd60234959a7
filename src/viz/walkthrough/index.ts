// The visual rule walkthrough: a session of a scenario (its events and seed) as one self-contained HTML page that
// replays it step by step — the composed statechart with the path taken, the narrative, the conditions checked and
// their rules, the dice, every decision with its legal and refused answers, and the map around the battle — in
// English and Russian; optionally with play mode (the engine in the page). No file is written here: the CLI writes.
import { MACHINES, resolve, type Lang, type Policy, type PolicyName, type Scenario, type Text } from '../../index.ts';
import { renderDiagram } from '../diagram.ts';
import { oddsOf } from './advice.ts';
import { bundleScript } from './bundle.ts';
import { replayModel, type ReplayEvent } from './model.ts';
import { renderPage } from './page.ts';
import type { Source, WalkthroughModel } from './types.ts';

export { oddsOf, ODDS_LIMITS, ODDS_PAGE_MS } from './advice.ts';
export { bundleScript, BundleError, type Bundle, type ScriptKind } from './bundle.ts';
export { replayModel, WalkthroughRecorder, ruleSummary, type ReplayEvent, type RecorderOptions } from './model.ts';
export { renderPage, inlineSvg, type PageParts } from './page.ts';
export { escapeHtml, scriptJson } from './html.ts';
export type * from './types.ts';

export interface WalkthroughOptions {
  readonly seed?: number;
  /** Events to play instead of the scenario's scripted ones. */
  readonly events?: readonly unknown[];
  /** A save's answers with who gave them (session.save().events): played instead of the scenario's scripted ones. */
  readonly saved?: readonly { readonly event: unknown; readonly source: Source }[];
  /** What answers the decisions the events leave open (as `resolve`; default 'decline'). */
  readonly policy?: PolicyName | Policy;
  /** The language the page opens in (both are always in it). */
  readonly lang?: Lang;
  /** Carry the engine so the reader can play the move (a Play button). */
  readonly play?: boolean;
  readonly title?: Text;
  readonly description?: Text;
  /**
   * The exact odds of each listed answer at every decision of the replay (advise() under the default policy), worked
   * out as the page is written (default true; within ODDS_LIMITS, else the page says which bound stopped it).
   */
  readonly odds?: boolean;
  /** The bounds of each decision's exploration for the odds (default ODDS_LIMITS). */
  readonly oddsLimits?: { readonly maxNodes?: number; readonly maxPaths?: number };
}

export interface Walkthrough {
  readonly html: string;
  readonly model: WalkthroughModel;
  /** Null when the move ran to its end; the refused scripted event otherwise (the page ends there). */
  readonly refused: {
    readonly index: number;
    readonly code: string;
    readonly rule?: string;
    readonly message: string;
  } | null;
  readonly bytes: number;
}

/**
 * Runs the move (scripted events, then the policy, with seeded dice), records it step by step through the public
 * API, and renders the page. The statecharts are drawn from the machines now, so the page is never staler than
 * the code that made it.
 */
export async function walkthrough(scenario: Scenario, options: WalkthroughOptions = {}): Promise<Walkthrough> {
  const seed = options.seed ?? 1;
  const lang = options.lang ?? 'en';
  const given = options.saved ? options.saved.map((e) => e.event) : options.events;
  const r = resolve(scenario, {
    seed,
    lang,
    ...(options.policy ? { policy: options.policy } : {}),
    ...(given ? { events: given } : {}),
  });
  // A save's answers keep who gave them (its seeded dice are seeded dice, its script the script).
  const events: ReplayEvent[] = r.session
    .save()
    .events.map((e, i) => ({ event: e.event, source: options.saved?.[i]?.source ?? (e.source as Source) }));
  // The answers the page can play on from (a refused scripted one, which ends the replay, is not one of them).
  const accepted = events.map((e) => ({ event: e.event, source: e.source ?? 'host' }));
  let refused: Walkthrough['refused'] = null;
  if (!r.ok) {
    const script = given ?? scenario.data.events;
    const index = r.error.index ?? -1;
    // The refused event goes last: the replay sends it, the engine refuses it again, and the model records why.
    if (index >= 0 && index < script.length)
      events.push({ event: script[index], source: options.saved?.[index]?.source ?? (given ? 'host' : 'script') });
    refused = { index, code: r.error.code, ...(r.error.rule ? { rule: r.error.rule } : {}), message: r.error.message };
  }
  const model = replayModel(scenario, events, {
    seed,
    ...(options.odds === false
      ? {}
      : { odds: (session) => oddsOf(session, options.oddsLimits ? { limits: options.oddsLimits } : {}) }),
    ...(options.title ? { title: options.title } : {}),
    ...(options.description ? { description: options.description } : {}),
  });
  const svgs = {
    en: await renderDiagram('composed', 'svg', { lang: 'en' }),
    ru: await renderDiagram('composed', 'svg', { lang: 'ru' }),
  };
  // The chart folded to the procedures this move runs (the page shows it while play stays within them).
  const machines = [...new Set(model.steps.map((s) => s.machine))];
  const everyOne = new Set(Object.keys(MACHINES));
  const folded =
    machines.length < everyOne.size
      ? {
          machines,
          svgs: {
            en: await renderDiagram('composed', 'svg', { lang: 'en', inPlay: machines }),
            ru: await renderDiagram('composed', 'svg', { lang: 'ru', inPlay: machines }),
          },
        }
      : undefined;
  const script = await bundleScript(options.play ? 'play' : 'replay');
  const html = renderPage({
    model,
    svgs,
    ...(folded ? { folded } : {}),
    script: script.text,
    lang,
    ...(options.play ? { play: { scenario: scenario.source, seed, events: accepted } } : {}),
  });
  return { html, model, refused, bytes: Buffer.byteLength(html, 'utf8') };
}
