// Part of `npm run bench`: the page script of advise.browserMs. bench/run.ts bundles it for the browser (esbuild, as
// the walkthrough page's engine is bundled) and runs it in Chromium: the worked example played event by event through
// the package's public API, the advisor called at each decision, each call timed by the page itself.
import { advise, createSession, parseScenario, type EngineEvent } from '../src/index.ts';

/** Each advise call's wall time in the page, in ms: one per decision of the worked example, `rounds` times over. */
function adviseTimes(scenario: unknown, events: readonly EngineEvent[], rounds: number): number[] {
  const book = parseScenario(scenario);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const s = createSession(book);
    for (const e of events) {
      if (s.pending) {
        const t = performance.now();
        advise(s);
        times.push(performance.now() - t);
      }
      const sent = s.send(e);
      if (!sent.ok) throw new Error(sent.error.message);
    }
  }
  return times;
}

(globalThis as { adviseTimes?: typeof adviseTimes }).adviseTimes = adviseTimes;
