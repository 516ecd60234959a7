// restoreSession: replays a save — the scenario, then every recorded event in order (seeded rolls with their values,
// checked against the seed). Throws only RestoreError.
import { ENGINE_VERSION, SavedSessionSchema } from '../schema/save.ts';
import { parseScenario, ScenarioError, structureIssues, zodIssues, type Scenario } from './scenario.ts';
import { isEngineAnswer } from './resolve.ts';
import { z } from 'zod';
import { createSession, SessionOptionsError, type Inspector, type Session } from './session.ts';
import { InspectorSchema, readOptions } from './session-options.ts';

export class RestoreError extends Error {
  readonly index: number | undefined;
  /**
   * True when the save is not at fault: the engine itself failed while replaying it (an `internal` error, or an
   * exception it did not expect). A host reports such a save as a bug, not as a bad file.
   */
  readonly engineFault: boolean;

  /** When the replay stopped at a bound (`maxMs`): the bound and its value. */
  readonly limit: { readonly name: string; readonly value: number } | undefined;

  constructor(
    message: string,
    index?: number,
    engineFault = false,
    limit?: { readonly name: string; readonly value: number },
  ) {
    super(message);
    this.index = index;
    this.engineFault = engineFault;
    this.limit = limit;
    this.name = 'RestoreError';
  }
}

function version(v: string): [number, number, number] | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/**
 * Which saves this engine replays: any save of the same major version that is not newer than this engine (a newer
 * engine may have answered decisions this one does not know). Older saves replay under today's rules; an event the
 * rules now refuse is reported with its index.
 */
export function compatibility(engine: string): string | undefined {
  const mine = version(ENGINE_VERSION)!;
  const theirs = version(engine);
  if (!theirs) return `the save's engine version '${engine}' is not a version number`;
  const newer =
    theirs[0] > mine[0] ||
    (theirs[0] === mine[0] && (theirs[1] > mine[1] || (theirs[1] === mine[1] && theirs[2] > mine[2])));
  if (newer)
    return `the save comes from engine ${engine}, newer than this one (${ENGINE_VERSION}): update his-procedures to restore it`;
  if (theirs[0] !== mine[0])
    return `the save comes from engine ${engine}, an older major version than this one (${ENGINE_VERSION})`;
  return undefined;
}

export interface RestoreOptions {
  /**
   * An XState inspector for the restored session (see SessionOptions.inspect): it watches the replay of the saved
   * events as it happens. One that throws while the save is replayed fails the restore.
   */
  readonly inspect?: Inspector | undefined;
  /** Wall time in milliseconds the replay may take (default: none); past it, a RestoreError with `limit`. */
  readonly maxMs?: number | undefined;
}

/** Replays a save: the scenario, then every recorded event in order (seeded rolls with their recorded values). */
const RestoreOptionsSchema = z
  .object({
    inspect: InspectorSchema.optional(),
    maxMs: z
      .number({ error: 'maxMs must be a number of milliseconds above 0' })
      .positive({ error: 'maxMs must be a number of milliseconds above 0' })
      .optional(),
  })
  .strict();

export function restoreSession(saved: unknown, options: RestoreOptions = {}): Session {
  // The host's options are the host's mistake when they are wrong: a RestoreError, never flagged as the engine's.
  const checked = readOptions(
    RestoreOptionsSchema,
    options,
    (_option, message) => new RestoreError(`the restored session could not start: ${message}`),
  );
  try {
    return replay(saved, {
      ...(checked.inspect ? { inspect: checked.inspect } : {}),
      ...(checked.maxMs !== undefined ? { maxMs: checked.maxMs } : {}),
    });
  } catch (e) {
    if (e instanceof RestoreError) throw e;
    if (e instanceof SessionOptionsError) throw new RestoreError(`the restored session could not start: ${e.message}`);
    throw new RestoreError(
      `the engine failed while restoring the save: ${(e as Error)?.message ?? String(e)}`,
      undefined,
      true,
    );
  }
}

function replay(saved: unknown, options: RestoreOptions): Session {
  let raw: unknown = saved;
  if (typeof saved === 'string') {
    try {
      raw = JSON.parse(saved.startsWith('\uFEFF') ? saved.slice(1) : saved);
    } catch (e) {
      throw new RestoreError(`not a session save: the text is not valid JSON (${(e as Error).message})`);
    }
  }
  const structural = structureIssues(raw);
  if (structural.length > 0)
    throw new RestoreError(`not a session save: ${structural.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  const parsed = SavedSessionSchema.safeParse(raw);
  if (!parsed.success)
    throw new RestoreError(
      `not a session save: ${zodIssues(parsed.error)
        .map((i) => `${i.path}: ${i.message}`)
        .join('; ')}`,
    );
  const s = parsed.data;
  const incompatible = compatibility(s.engine);
  if (incompatible) throw new RestoreError(incompatible);
  let scenario: Scenario;
  try {
    scenario = parseScenario(s.scenario);
  } catch (e) {
    if (e instanceof ScenarioError) throw new RestoreError(`the saved scenario is no longer valid: ${e.message}`);
    throw e;
  }
  const inspect = options.inspect ? { inspect: options.inspect } : {};
  let session: Session;
  try {
    session = createSession(scenario, { seed: s.seed, lang: s.lang, ...inspect });
  } catch (e) {
    // The host's inspector was refused or threw as the session started: the host's fault, not the save's or the engine's.
    if (e instanceof SessionOptionsError) throw new RestoreError(`the restored session could not start: ${e.message}`);
    throw e;
  }
  // Where the engine's own answers since the last saved event start in the log (those it gave as the session
  // started included).
  let forcedFrom = 0;
  const deadline = options.maxMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + options.maxMs;
  s.events.forEach((a, i) => {
    if (performance.now() > deadline)
      throw new RestoreError(
        `the replay took longer than ${options.maxMs} ms (maxMs) and stopped before saved event ${i + 1} of ${s.events.length}`,
        i,
        false,
        { name: 'maxMs', value: options.maxMs! },
      );
    if (a.source === 'seeded' && a.event.type === 'dice.rolled') {
      const values = a.event.values ?? [];
      const drawn = session.drawSeeded(values.length);
      if (drawn.some((v, k) => v !== values[k]))
        throw new RestoreError(
          `saved event ${i + 1} is a seeded roll of ${values.join(' ')}, but seed ${s.seed} gives ${drawn.join(' ')} there: the save was edited or comes from another generator`,
          i,
        );
    }
    const before = session.log.length;
    const r = session.accept(a.event, a.source);
    // A save from an engine that asked a decision this one answers itself (ruling R9) holds the answer it was given.
    if (!r.ok && isEngineAnswer(session.log, forcedFrom, a.event)) return;
    forcedFrom = before + 1;
    if (!r.ok)
      throw new RestoreError(
        `saved event ${i + 1} (${a.event.type}) is refused on replay: ${r.error.message}`,
        i,
        r.error.code === 'internal',
      );
    const fault = r.observerErrors?.[0];
    if (fault)
      throw new RestoreError(`the inspector threw while saved event ${i + 1} was replayed: ${String(fault.error)}`, i);
  });
  return session;
}
