// The odds the page shows at every decision: advise() (src/review/advise.ts) on the session as the recorder saw it,
// under the default policy, turned into the model's OddsView. It runs where the frame is recorded — in Node when a
// page is written (the replay), in the page in play mode — with the same bounds on the exploration, so a decision too
// big to explore says which bound stopped it instead of holding up the page. Not in the replay page's script: that
// one carries no engine (its odds are in its data).
import { advise, AdviseLimitError, type Session } from '../../index.ts';
import { powerGen, powerName } from '../../text/names.ts';
import type { OddsView } from './types.ts';

/**
 * The advisor's bounds for one decision of a page. Counts only (no clock) when a page is written, so the same page
 * comes out on any machine; in the page, a time bound too (ODDS_PAGE_MS), so an answer never freezes it.
 */
export const ODDS_LIMITS = { maxNodes: 20_000, maxPaths: 500_000 } as const;
export const ODDS_PAGE_MS = 5_000;
/** The largest bound `his walkthrough --odds-nodes` takes: beyond it a page would take hours to write. */
export const MAX_ODDS_NODES = 5_000_000;

/**
 * The exact odds of each listed answer of the session's pending decision; `measured` adds advise()'s own time;
 * `limits` replaces ODDS_LIMITS (a host's own bounds).
 */
export function oddsOf(
  session: Session,
  options: {
    readonly maxMs?: number;
    readonly measured?: boolean;
    readonly limits?: { readonly maxNodes?: number; readonly maxPaths?: number };
  } = {},
): OddsView {
  const started = performance.now();
  try {
    const a = advise(session, {
      ...ODDS_LIMITS,
      ...options.limits,
      ...(options.maxMs !== undefined ? { maxMs: options.maxMs } : {}),
    });
    return {
      policy: 'decline',
      mover: a.mover,
      moverName: { name: powerName(a.mover), gen: powerGen(a.mover) },
      answers: a.answers.map((x) => ({
        index: x.index,
        win: x.moverWinsBattle,
        battle: x.battle,
        capture: x.capture,
        siege: x.siege,
        retreat: x.retreat,
        losses: { mover: x.losses.mover, others: x.losses.others },
      })),
      states: a.distinctStates,
      ...(options.measured ? { ms: a.ms } : {}),
    };
  } catch (e) {
    if (!(e instanceof AdviseLimitError)) throw e;
    return {
      stopped: { limit: e.limit.name, value: e.limit.value },
      ...(options.measured ? { ms: performance.now() - started } : {}),
    };
  }
}
