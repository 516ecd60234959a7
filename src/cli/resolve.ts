// `his resolve`: runs a move to its end — scripted events, then the policy, with seeded dice — and tells it.
import { resolve } from '../engine/resolve.ts';
import { narrative } from '../engine/report.ts';
import { ScenarioError } from '../engine/scenario.ts';
import { MAX_SEED } from '../engine/session.ts';
import {
  badInput,
  FileError,
  langOf,
  oneFile,
  options,
  out,
  err,
  policyOf,
  readEvents,
  readScenario,
  RULING_OPTION,
  rulingsOf,
  wholeNumber,
} from './common.ts';

export function cmdResolve(args: string[]): number {
  const { values, positionals } = options(args, {
    events: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'boolean' },
    lang: { type: 'string' },
    policy: { type: 'string' },
    ...RULING_OPTION,
  });
  const file = oneFile(positionals, 'resolve');
  const lang = langOf(values.lang);
  const seed = wholeNumber('seed', values.seed, 0, MAX_SEED, 1);
  const policy = policyOf(values.policy);
  const json = values.json ?? false;
  const rulings = rulingsOf(values.ruling);
  try {
    const scenario = readScenario(file, rulings);
    const events = values.events ? readEvents(values.events) : undefined;
    const r = resolve(scenario, { seed, lang, policy, ...(events ? { events } : {}) });
    if (!r.ok) {
      const { code, rule, message, index } = r.error;
      // Where the refused event is: in the events file, or in the scenario's own `events`.
      const path =
        r.error.path ?? (index === undefined ? undefined : values.events ? `[${index}]` : `events[${index}]`);
      const error = {
        code,
        ...(rule ? { rule } : {}),
        message,
        ...(path !== undefined ? { path } : {}),
        ...(index !== undefined ? { index } : {}),
      };
      if (json) out(JSON.stringify({ ok: false, error }, null, 2));
      else
        err(
          `${narrative(r.session, lang)}\n\nerror${index !== undefined ? ` in scripted event ${index + 1} (index ${index})` : ''}: ${rule ? `[${rule}] ` : ''}${message}`,
        );
      return code === 'internal' ? 70 : 3;
    }
    if (json)
      out(
        JSON.stringify(
          { ok: true, position: r.result.position, summary: r.result.summary, trace: r.session.trace },
          null,
          2,
        ),
      );
    else out(narrative(r.session, lang));
    return 0;
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof FileError) return badInput(e, json);
    throw e;
  }
}
