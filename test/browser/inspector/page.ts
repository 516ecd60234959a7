/// <reference lib="dom" />
// The page of test/browser/inspector.test.ts (bundled by esbuild for the browser): a host that hands
// @statelyai/inspect's browser or WebSocket inspector to its sessions and plays the worked example as a person would,
// one answer at a time with the page idle in between (the inspector converts and serialises each event in an idle
// callback), then the same move with every option declined (resolve, all five procedures). It reports what every send
// returned, so that the test sees an inspector's failure wherever it surfaces.
import { createBrowserInspector, createWebSocketInspector } from '@statelyai/inspect';
import { createSession, parseScenario, resolve, type Inspector, type SendResult } from '../../../src/index.ts';
import vienna from '../../../examples/vienna-1517.json' with { type: 'json' };

export interface Played {
  /** Each send of the worked example: accepted or not, and what observers threw (as strings). */
  readonly sends: readonly { readonly ok: boolean; readonly observerErrors: readonly string[] }[];
  readonly finished: boolean;
  /** Whether the declined run resolved (null when it was not run). */
  readonly declined: boolean | null;
}

export interface InspectorPage {
  /** createBrowserInspector with its inspector window at `url` (a receiver page of the test's own server). */
  browser(url: string): Promise<Played>;
  /** createWebSocketInspector connected to `url` (createInspectorServer in the test process). */
  webSocket(url: string): Promise<Played>;
  /** An inspector of the host's own that throws on every snapshot once the session has started (the book only). */
  throwing(): Promise<Played>;
}

const idle = () => new Promise<void>((done) => setTimeout(done, 60));

function seen(r: SendResult): Played['sends'][number] {
  return {
    ok: r.ok,
    observerErrors: r.ok ? (r.observerErrors ?? []).map((e) => `${e.source}: ${String(e.error)}`) : [],
  };
}

async function play(inspect: Inspector, alsoDeclined = true): Promise<Played> {
  const book = parseScenario(vienna);
  const session = createSession(parseScenario({ ...vienna, events: [] }), { inspect });
  const sends: Played['sends'][number][] = [];
  for (const event of book.data.events) {
    await idle();
    sends.push(seen(session.send(event)));
  }
  await idle();
  if (!alsoDeclined) return { sends, finished: session.pending === null, declined: null };
  const declined = resolve(parseScenario({ ...vienna, events: [] }), { seed: 1, policy: 'decline', inspect });
  await idle();
  return { sends, finished: session.pending === null, declined: declined.ok };
}

const page: InspectorPage = {
  browser: (url) => play(createBrowserInspector({ url }).inspect),
  webSocket: (url) => play(createWebSocketInspector({ url }).inspect),
  throwing: () => {
    let armed = false;
    const inspect: Inspector = (event) => {
      if (armed && event.type === '@xstate.snapshot') throw new Error('inspector failure');
    };
    const run = play(inspect, false);
    armed = true;
    return run;
  },
};

(window as Window & { inspectorPage?: InspectorPage }).inspectorPage = page;
