// restoreSession: replays a save — the scenario, then every recorded event in order (seeded rolls with their values).
import { SavedSessionSchema } from '../schema/save.ts';
import { parseScenario, ScenarioError, zodIssues, type Scenario } from './scenario.ts';
import { createSession, type Session } from './session.ts';

export class RestoreError extends Error {
  constructor(message: string, readonly index?: number) {
    super(message);
    this.name = 'RestoreError';
  }
}

/** Replays a save: the scenario, then every recorded event in order (seeded rolls with their recorded values). */
export function restoreSession(saved: unknown): Session {
  let raw: unknown = saved;
  if (typeof saved === 'string') {
    try {
      raw = JSON.parse(saved);
    } catch (e) {
      throw new RestoreError(`not a session save: the text is not valid JSON (${(e as Error).message})`);
    }
  }
  const parsed = SavedSessionSchema.safeParse(raw);
  if (!parsed.success) throw new RestoreError(`not a session save: ${zodIssues(parsed.error).map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  const s = parsed.data;
  let scenario: Scenario;
  try {
    scenario = parseScenario(s.scenario);
  } catch (e) {
    if (e instanceof ScenarioError) throw new RestoreError(`the saved scenario is no longer valid: ${e.message}`);
    throw e;
  }
  const session = createSession(scenario, { seed: s.seed, lang: s.lang });
  s.events.forEach((a, i) => {
    if (a.source === 'seeded' && a.event.type === 'dice.rolled') session.skipDice(a.event.values?.length ?? 0);
    const r = session.accept(a.event, a.source);
    if (!r.ok) throw new RestoreError(`saved event ${i + 1} (${a.event.type}) is refused on replay: ${r.error.message}`, i);
  });
  return session;
}
