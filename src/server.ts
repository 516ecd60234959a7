// A JSON-RPC 2.0 server over lines (DESIGN "Command line": `his serve --stdio`), for hosts in other languages: one
// JSON message per line in, one response per line out, in request order (docs/server.md). Engine refusals are
// results ({ok: false, error}); protocol faults are JSON-RPC errors; nothing a client sends stops the server.
// Besides the responses this module writes nothing: no console output, no process exit.
import { StringDecoder } from 'node:string_decoder';
import { z } from 'zod';
import {
  advise,
  AdviseLimitError,
  createSession,
  DecisionSchema,
  ENGINE_VERSION,
  EventSchema,
  MAX_SEED,
  parseScenario,
  restoreSession,
  RestoreError,
  ResultPositionSchema,
  SavedSessionSchema,
  ScenarioError,
  ScenarioSchema,
  SessionOptionsError,
  SummarySchema,
  type Power,
  type Session,
  type SendResult,
} from './index.ts';
import { POWERS } from './schema/power.ts';
import { shownValue } from './engine/session-options.ts';
import { LIMITS } from './schema/limits.ts';

/** The JSON-RPC 2.0 error codes this server answers with. */
export const RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Implementation-defined server error: the open-session limit is reached (close some). */
  tooManySessions: -32000,
  /** Implementation-defined server error: a line took longer than maxCallMs; what it began was not kept. */
  overBudget: -32001,
} as const;

/** The protocol's name and version, reported by the `hello` method. */
export const PROTOCOL = 'his-procedures/jsonrpc-lines';
export const PROTOCOL_VERSION = 1;

export interface ServeOptions {
  /** The longest accepted line, in UTF-8 bytes without its line break (default 4 MiB). */
  readonly maxLineBytes?: number;
  /** The most sessions open at once (default 10 000); `create`/`restore` beyond it answer -32000. */
  readonly maxSessions?: number;
  /** The most requests in one batch array (default 1 000); a longer batch answers -32600. */
  readonly maxBatch?: number;
  /** Stops serving (after the request in hand) once aborted; serveStdio aborts when stdout is gone. */
  readonly signal?: AbortSignal;
  /**
   * The time one line may take (a request, or a whole batch), in milliseconds (default 1 000): a `restore` replaying
   * a long save and a batch stop at it and answer -32001 naming the bound; the session is not opened.
   */
  readonly maxCallMs?: number;
  /** The events one session may accept (default 2 000, a hundred times a move of the real game): its memory bound. */
  readonly maxSessionEvents?: number;
  /** The server several streams share (serveLines): their sessions are one table; each line is served in turn. */
  readonly server?: RpcServer;
}

export const DEFAULT_MAX_LINE_BYTES = 1024 * 1024;
export const DEFAULT_MAX_SESSIONS = 10_000;
export const DEFAULT_MAX_BATCH = 1_000;
export const DEFAULT_MAX_CALL_MS = 1_000;
export const DEFAULT_MAX_SESSION_EVENTS = 2_000;
/** The most trace entries one `trace` call returns: ask again from `next` for the rest. */
export const MAX_TRACE_ENTRIES = 1_000;
/** Nesting of a request's params: a scenario's own limit (LIMITS.depth) and the levels above it. */
const MAX_PARAMS_DEPTH = LIMITS.depth + 4;

type Id = string | number | null;
type Json = unknown;

interface RpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: Json;
}

/** A protocol fault raised while handling one request: it becomes that request's JSON-RPC error. */
class RpcFault extends Error {
  readonly code: number;
  readonly data: Json | undefined;

  constructor(code: number, message: string, data?: Json) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

const invalidParams = (message: string, data?: Json) =>
  new RpcFault(RPC_ERRORS.invalidParams, `Invalid params: ${message}`, data);

/** A parameter's value as a message shows it: JSON, cut to 100 characters (a value nested too deep, by its kind). */
function shown(value: unknown): string {
  if (nestedDeeperThan(value, 8)) return shownValue(value);
  const text = JSON.stringify(value) ?? shownValue(value);
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/** Whether a JSON value nests deeper than `max` levels; iterative, so any depth costs no stack. */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const todo: [unknown, number][] = [[value, 0]];
  while (todo.length > 0) {
    const [v, depth] = todo.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const x of Array.isArray(v) ? v : Object.values(v)) todo.push([x, depth + 1]);
  }
  return false;
}

/**
 * The host's mistakes the engine itself reports by throwing (a session option out of range, a bad scenario, a bad
 * save), should one get past the checks of a method: they are invalid params (-32602), never internal errors.
 */
function hostFault(e: unknown): RpcFault | undefined {
  if (e instanceof SessionOptionsError) return invalidParams(e.message);
  if (e instanceof ScenarioError)
    return invalidParams(
      `invalid scenario (${e.issues.length} problem${e.issues.length === 1 ? '' : 's'}; see data.issues)`,
      { issues: e.issues },
    );
  // A save the engine failed on is the engine's fault, not the host's: left to the internal error (-32603).
  if (e instanceof RestoreError && !e.engineFault)
    return invalidParams(e.message, e.index === undefined ? undefined : { index: e.index });
  return undefined;
}

type Params = Readonly<Record<string, unknown>>;
type Method = (params: Params) => Json;

/**
 * Every method, in the order `hello` lists them, with the parameters it accepts (anything else is refused, -32602).
 * docs/server.md's methods table is checked against it (test/server/docs.test.ts): one row per method, in this
 * order, naming exactly these parameters.
 */
export const METHOD_PARAMS = {
  hello: [],
  create: ['scenario', 'seed', 'lang'],
  pending: ['session'],
  send: ['session', 'event', 'as'],
  roll: ['session', 'as'],
  save: ['session'],
  restore: ['save'],
  result: ['session'],
  trace: ['session', 'from'],
  position: ['session'],
  summary: ['session'],
  inTransit: ['session'],
  snapshot: ['session'],
  view: ['session', 'power'],
  undo: ['session'],
  advise: ['session', 'policy', 'maxPaths', 'maxNodes', 'maxMs'],
  close: ['session'],
  ids: [],
  schema: ['name'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

export type MethodName = keyof typeof METHOD_PARAMS;

/** A method's accepted parameter names; anything else is refused (a typo such as `sesion` should not pass silently). */
function checkParams(params: Params, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key))
      throw invalidParams(`unknown parameter '${key}' (accepted: ${allowed.length > 0 ? allowed.join(', ') : 'none'})`);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type SchemaEntry = { readonly schema: z.ZodType; readonly io: 'input' | 'output' };
const SCHEMAS: Readonly<Record<string, SchemaEntry>> = Object.assign(
  Object.create(null) as Record<string, SchemaEntry>,
  {
    scenario: { schema: ScenarioSchema, io: 'input' },
    event: { schema: EventSchema, io: 'input' },
    decision: { schema: DecisionSchema, io: 'output' },
    result: { schema: z.object({ position: ResultPositionSchema, summary: SummarySchema }), io: 'output' },
    session: { schema: SavedSessionSchema, io: 'input' },
  } satisfies Record<string, SchemaEntry>,
);

/**
 * The request handler: one server state (its sessions) and `handleLine`, which answers one line with the response
 * text, or null when there is nothing to answer (a blank line, a notification). It never throws.
 */
export class RpcServer {
  private readonly sessions = new Map<string, Session>();
  private nextId = 1;
  private readonly maxSessions: number;
  private readonly maxBatch: number;
  private readonly maxCallMs: number;
  private readonly maxSessionEvents: number;
  /** When the line in hand must be answered by (performance.now()). */
  private deadline = Number.POSITIVE_INFINITY;
  private readonly methods: Readonly<Record<string, Method>>;

  constructor(options: ServeOptions = {}) {
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
    this.maxCallMs = options.maxCallMs ?? DEFAULT_MAX_CALL_MS;
    this.maxSessionEvents = options.maxSessionEvents ?? DEFAULT_MAX_SESSION_EVENTS;
    // A null-prototype table looked up with Object.hasOwn: `__proto__`, `constructor`, `toString` are unknown methods.
    // Each method's parameters are checked against METHOD_PARAMS before it runs.
    const handlers: Readonly<Record<MethodName, Method>> = {
      hello: () => this.hello(),
      create: (p) => this.create(p),
      pending: (p) => this.pendingOf(p),
      send: (p) => this.send(p),
      roll: (p) => this.roll(p),
      save: (p) => this.save(p),
      restore: (p) => this.restore(p),
      result: (p) => this.result(p),
      trace: (p) => this.trace(p),
      position: (p) => ({ position: this.session(p).session.position }),
      summary: (p) => ({ summary: this.session(p).session.summary }),
      inTransit: (p) => ({ inTransit: this.session(p).session.inTransit }),
      snapshot: (p) => this.snapshot(p),
      view: (p) => this.view(p),
      undo: (p) => this.undo(p),
      advise: (p) => this.advise(p),
      close: (p) => this.close(p),
      ids: () => this.ids(),
      schema: (p) => this.schema(p),
    };
    const table = Object.create(null) as Record<string, Method>;
    for (const name of Object.keys(METHOD_PARAMS) as MethodName[]) {
      const allowed: readonly string[] = METHOD_PARAMS[name];
      const handler = handlers[name];
      table[name] = (p) => {
        checkParams(p, allowed);
        return handler(p);
      };
    }
    this.methods = Object.freeze(table);
  }

  /** The ids of the open sessions, oldest first. */
  get sessionIds(): readonly string[] {
    return [...this.sessions.keys()];
  }

  /** Answers one line: the response text (one line of JSON), or null when nothing is to be sent. Never throws. */
  handleLine(line: string): string | null {
    return finish(this.lineSteps(line));
  }

  /**
   * @internal handleLine as steps: it pauses between the requests of a batch, so that serveLines can give the other
   * streams of this server their turn, and returns the response text (or null).
   */
  *lineSteps(line: string): Generator<void, string | null> {
    this.deadline = performance.now() + this.maxCallMs;
    try {
      const text = line.replace(/^\uFEFF/, '').trim();
      if (text === '') return null;
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch (e) {
        return serialize(
          errorResponse(null, { code: RPC_ERRORS.parseError, message: `Parse error: ${(e as Error).message}` }),
        );
      }
      const response = yield* this.messageSteps(message);
      return response === null ? null : serialize(response);
    } catch (e) {
      // Only a failure to serialize a response lands here; it is still answered.
      return serialize(errorResponse(null, internal(e)));
    }
  }

  /** The response error of a line that exceeded the limit (it was not read, so its id is unknown). */
  tooLong(maxLineBytes: number): string {
    return serialize(
      errorResponse(null, {
        code: RPC_ERRORS.invalidRequest,
        message: `Invalid Request: line longer than ${maxLineBytes} bytes; it was skipped up to the next line break`,
        data: { maxLineBytes },
      }),
    );
  }

  /** Answers one parsed message: a response object (or array for a batch), or null when nothing is to be sent. */
  handleMessage(message: unknown): Json | null {
    return finish(this.messageSteps(message));
  }

  private *messageSteps(message: unknown): Generator<void, Json | null> {
    if (Array.isArray(message)) {
      if (message.length === 0)
        return errorResponse(null, { code: RPC_ERRORS.invalidRequest, message: 'Invalid Request: empty batch' });
      if (message.length > this.maxBatch) {
        return errorResponse(null, {
          code: RPC_ERRORS.invalidRequest,
          message: `Invalid Request: a batch of ${message.length} requests (at most ${this.maxBatch})`,
        });
      }
      const responses: Json[] = [];
      for (const m of message) {
        const r = performance.now() > this.deadline ? this.overBudget(m) : this.handleRequest(m);
        if (r !== null) responses.push(r);
        yield;
      }
      return responses.length > 0 ? responses : null;
    }
    return this.handleRequest(message);
  }

  private handleRequest(request: unknown): Json | null {
    if (!isPlainObject(request))
      return errorResponse(null, {
        code: RPC_ERRORS.invalidRequest,
        message: 'Invalid Request: not a JSON-RPC request object',
      });
    const hasId = Object.hasOwn(request, 'id');
    const rawId = request.id;
    const idValid =
      rawId === null || typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId));
    if (hasId && !idValid)
      return errorResponse(null, {
        code: RPC_ERRORS.invalidRequest,
        message: 'Invalid Request: id must be a string, a number or null',
      });
    const id: Id = hasId ? (rawId as Id) : null;
    if (request.jsonrpc !== '2.0')
      return errorResponse(id, { code: RPC_ERRORS.invalidRequest, message: 'Invalid Request: jsonrpc must be "2.0"' });
    if (typeof request.method !== 'string')
      return errorResponse(id, {
        code: RPC_ERRORS.invalidRequest,
        message: 'Invalid Request: method must be a string',
      });
    const hasParams = Object.hasOwn(request, 'params');
    if (hasParams && (typeof request.params !== 'object' || request.params === null)) {
      return errorResponse(id, {
        code: RPC_ERRORS.invalidRequest,
        message: 'Invalid Request: params must be an object',
      });
    }
    // A notification (no id) is carried out but never answered, not even with an error (JSON-RPC 2.0 §4.1).
    const answer = (response: Json): Json | null => (hasId ? response : null);
    const method = request.method;
    if (!Object.hasOwn(this.methods, method)) {
      return answer(
        errorResponse(id, {
          code: RPC_ERRORS.methodNotFound,
          message: `Method not found: ${method.length > 100 ? `${method.slice(0, 100)}…` : method}`,
        }),
      );
    }
    if (Array.isArray(request.params)) {
      return answer(
        errorResponse(id, {
          code: RPC_ERRORS.invalidParams,
          message: 'Invalid params: params must be an object (by name), not an array',
        }),
      );
    }
    const params = (hasParams ? request.params : {}) as Params;
    if (nestedDeeperThan(params, MAX_PARAMS_DEPTH))
      return answer(
        errorResponse(id, {
          code: RPC_ERRORS.invalidParams,
          message: `Invalid params: nested more than ${MAX_PARAMS_DEPTH} levels deep`,
        }),
      );
    try {
      const result = this.methods[method]!(params);
      return answer({ jsonrpc: '2.0', id, result });
    } catch (e) {
      const fault = e instanceof RpcFault ? e : hostFault(e);
      if (fault)
        return answer(
          errorResponse(id, {
            code: fault.code,
            message: fault.message,
            ...(fault.data === undefined ? {} : { data: fault.data }),
          }),
        );
      return answer(errorResponse(id, internal(e)));
    }
  }

  /** The answer to a request of a batch whose time ran out before it was reached: not carried out. */
  private overBudget(request: unknown): Json | null {
    if (!isPlainObject(request) || !Object.hasOwn(request, 'id')) return null;
    const rawId = request.id;
    const id: Id = rawId === null || typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
    return errorResponse(id, budgetError(this.maxCallMs));
  }

  /** Throws the over-budget fault once the line in hand has used up its time. */
  private inTime(): void {
    if (performance.now() > this.deadline)
      throw new RpcFault(RPC_ERRORS.overBudget, budgetError(this.maxCallMs).message, { maxCallMs: this.maxCallMs });
  }

  // ---- parameters ----

  private session(params: Params): { id: string; session: Session } {
    const id = params.session;
    if (id === undefined) throw invalidParams("missing 'session' (a session id from create or restore)");
    if (typeof id !== 'string') throw invalidParams("'session' must be a string");
    const session = this.sessions.get(id);
    if (!session) {
      const shown = id.length > 100 ? `${id.slice(0, 100)}…` : id;
      throw invalidParams(`unknown session '${shown}' (never opened, or closed)`, { session: shown });
    }
    return { id, session };
  }

  private open(session: Session): string {
    const id = `s${this.nextId++}`;
    this.sessions.set(id, session);
    return id;
  }

  private checkRoom(): void {
    if (this.sessions.size >= this.maxSessions) {
      throw new RpcFault(
        RPC_ERRORS.tooManySessions,
        `Server error: ${this.sessions.size} sessions are open (at most ${this.maxSessions}); close some`,
      );
    }
  }

  /** A session at its event bound: the refusal its send or roll answers (nothing changes), or undefined. */
  private full(session: Session): Json | undefined {
    if (session.log.length < this.maxSessionEvents) return undefined;
    const message = `the session has accepted ${session.log.length} events, as many as a session of this server may (maxSessionEvents ${this.maxSessionEvents}): save it and restore it elsewhere, or close it`;
    return {
      ok: false,
      error: {
        code: 'limit',
        message,
        reason: {
          en: message,
          ru: `сессия приняла ${session.log.length} событий — столько, сколько допускает этот сервер (maxSessionEvents ${this.maxSessionEvents}): сохраните её и восстановите в другом месте или закройте`,
        },
        limit: { name: 'maxSessionEvents', value: this.maxSessionEvents },
      },
      pending: session.pending,
    };
  }

  // ---- methods ----

  private hello(): Json {
    return {
      protocol: PROTOCOL,
      version: PROTOCOL_VERSION,
      engine: ENGINE_VERSION,
      methods: Object.keys(this.methods),
    };
  }

  private create(params: Params): Json {
    if (!Object.hasOwn(params, 'scenario'))
      throw invalidParams("missing 'scenario' (the scenario object, or its JSON text)");
    const seed = params.seed ?? 1;
    if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
      throw invalidParams(`'seed' must be a whole number from 0 to ${MAX_SEED}, not ${shown(seed)}`);
    const lang = params.lang ?? 'en';
    if (lang !== 'en' && lang !== 'ru') throw invalidParams(`'lang' must be "en" or "ru", not ${shown(lang)}`);
    this.checkRoom();
    // A bad scenario (ScenarioError) or option (SessionOptionsError) is the host's mistake: -32602 (hostFault).
    const scenario = parseScenario(params.scenario);
    this.inTime();
    const session = createSession(scenario, { seed, lang });
    const pending = session.pending;
    this.inTime();
    return { session: this.open(session), pending };
  }

  private pendingOf(params: Params): Json {
    return { pending: this.session(params).session.pending };
  }

  private send(params: Params): Json {
    const { session } = this.session(params);
    if (!Object.hasOwn(params, 'event')) throw invalidParams("missing 'event'");
    // The event's own fields are the engine's to check: a malformed one is refused as a result (code invalid-event).
    if (!isPlainObject(params.event))
      throw invalidParams('\'event\' must be an object such as {"type": "intercept.decline", "power": "hapsburg"}');
    return this.full(session) ?? outcome(session, session.sendUntrusted(params.event, seatOf(params)));
  }

  private roll(params: Params): Json {
    const { session } = this.session(params);
    return this.full(session) ?? outcome(session, session.roll(seatOf(params)));
  }

  /**
   * The session's snapshot (session.getSnapshot()) without its trace, which can be long: `traceLength` says how many
   * entries it has, and `trace` pages through them.
   */
  private snapshot(params: Params): Json {
    const { trace, ...rest } = this.session(params).session.getSnapshot();
    return { snapshot: { ...rest, traceLength: trace.length } };
  }

  /** What a power may see (session.view(power)), without the trace (as `snapshot`). */
  private view(params: Params): Json {
    const { session } = this.session(params);
    if (!Object.hasOwn(params, 'power')) throw invalidParams('missing \'power\' (a power id such as "hapsburg")');
    const power = params.power;
    if (typeof power !== 'string' || !(POWERS as readonly string[]).includes(power))
      throw invalidParams(`'power' must be a power id (${POWERS.join(', ')}), not ${shown(power)}`);
    const { trace, ...rest } = session.view(power as Power).getSnapshot();
    return { view: { ...rest, traceLength: trace.length } };
  }

  /** Takes back the last answer and the engine's answers after it (session.undo()). */
  private undo(params: Params): Json {
    const { session } = this.session(params);
    const r = session.undo();
    return r.ok
      ? { ok: true, undone: r.undone, pending: session.pending }
      : { ok: false, error: r.error, pending: session.pending };
  }

  private save(params: Params): Json {
    return this.session(params).session.save();
  }

  private restore(params: Params): Json {
    if (!Object.hasOwn(params, 'save'))
      throw invalidParams("missing 'save' (what the save method returned, or its JSON text)");
    this.checkRoom();
    // A bad save (RestoreError) is the host's mistake: -32602 (hostFault); one the engine failed on is -32603.
    // The replay is timed: a save of many events stops at the line's budget.
    const events = isPlainObject(params.save) && Array.isArray(params.save.events) ? params.save.events.length : 0;
    if (events > this.maxSessionEvents)
      throw invalidParams(
        `the save holds ${events} events; a session accepts at most ${this.maxSessionEvents} (maxSessionEvents)`,
      );
    let session: Session;
    try {
      session = restoreSession(params.save, { maxMs: Math.max(Number.MIN_VALUE, this.deadline - performance.now()) });
    } catch (e) {
      if (e instanceof RestoreError && e.limit)
        throw new RpcFault(RPC_ERRORS.overBudget, budgetError(this.maxCallMs).message, { maxCallMs: this.maxCallMs });
      throw e;
    }
    const pending = session.pending;
    this.inTime();
    return { session: this.open(session), pending };
  }

  private result(params: Params): Json {
    return { result: this.session(params).session.result };
  }

  private trace(params: Params): Json {
    const { session } = this.session(params);
    const from = params.from ?? 0;
    if (typeof from !== 'number' || !Number.isSafeInteger(from) || from < 0)
      throw invalidParams("'from' must be a whole number ≥ 0");
    const trace = session.trace;
    const entries = trace.slice(from, from + MAX_TRACE_ENTRIES);
    return { entries, next: Math.min(trace.length, from + entries.length) };
  }

  /**
   * The exact odds of each listed answer of the session's pending decision (src/review/advise.ts), under `policy`
   * ('decline' or 'eager'), bounded by `maxPaths`, `maxNodes`, `maxMs` and the line's own time: a bound the host set
   * is a refusal naming it (code 'limit'); the line's budget running out is the over-budget error.
   */
  private advise(params: Params): Json {
    const { session } = this.session(params);
    const policy = params.policy ?? 'decline';
    if (policy !== 'decline' && policy !== 'eager')
      throw invalidParams(`'policy' must be "decline" or "eager", not ${shown(policy)}`);
    const left = Math.max(Number.MIN_VALUE, this.deadline - performance.now());
    const asked = params.maxMs;
    // The line's own budget bounds the advice too; a smaller maxMs is the host's own bound (and one that is not a
    // number is the advisor's to refuse).
    const hostBound = asked !== undefined && !(typeof asked === 'number' && asked >= left);
    try {
      const advice = advise(session, {
        policy,
        ...(params.maxPaths !== undefined ? { maxPaths: params.maxPaths as number } : {}),
        ...(params.maxNodes !== undefined ? { maxNodes: params.maxNodes as number } : {}),
        maxMs: hostBound ? (asked as number) : left,
      });
      return { advice: advice as unknown as Json };
    } catch (e) {
      if (!(e instanceof AdviseLimitError)) throw e;
      if (e.limit.name === 'maxMs' && !hostBound)
        throw new RpcFault(RPC_ERRORS.overBudget, budgetError(this.maxCallMs).message, { maxCallMs: this.maxCallMs });
      return {
        ok: false,
        error: {
          code: 'limit',
          message: e.message,
          reason: {
            en: e.message,
            ru: `подсказка остановлена ограничением ${e.limit.name} ${e.limit.value}: шансы не даны; увеличьте ${e.limit.name}, чтобы получить их целиком`,
          },
          limit: e.limit,
        },
      };
    }
  }

  private close(params: Params): Json {
    const { id } = this.session(params);
    this.sessions.delete(id);
    return { closed: true };
  }

  private ids(): Json {
    return { sessions: this.sessionIds };
  }

  private schema(params: Params): Json {
    const name = params.name ?? 'scenario';
    if (typeof name !== 'string' || !Object.hasOwn(SCHEMAS, name))
      throw invalidParams(`'name' must be one of ${Object.keys(SCHEMAS).join(', ')}`);
    const { schema, io } = SCHEMAS[name]!;
    return { title: `his-procedures ${name}`, ...z.toJSONSchema(schema, { io, unrepresentable: 'any' }) };
  }
}

/** Runs steps to their end, without pausing. */
function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

function budgetError(maxCallMs: number): RpcErrorObject {
  return {
    code: RPC_ERRORS.overBudget,
    message: `Server error: the request took longer than ${maxCallMs} ms (maxCallMs) and was not carried out`,
    data: { maxCallMs },
  };
}

/** A send's answer: the pending decision after it, accepted or refused (a refusal changed nothing). */
function outcome(session: Session, r: SendResult): Json {
  return r.ok ? { ok: true, pending: session.pending } : { ok: false, error: r.error, pending: session.pending };
}

/** A send's seat: `as`, when the request names one (the session refuses one that is not a power id). */
function seatOf(params: Params): { as: Power } | undefined {
  return Object.hasOwn(params, 'as') ? { as: params.as as Power } : undefined;
}

function errorResponse(id: Id, error: RpcErrorObject): Json {
  return { jsonrpc: '2.0', id, error };
}

function internal(e: unknown): RpcErrorObject {
  const message = e instanceof Error ? e.message : String(e);
  return { code: RPC_ERRORS.internalError, message: `Internal error: ${message}` };
}

/** One line of JSON. U+2028 and U+2029 are escaped too: some hosts' line readers break lines at them. */
function serialize(value: Json): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

// ---- framing ----

type Frame = { readonly kind: 'line'; readonly text: string } | { readonly kind: 'too-long' };

/**
 * Splits text into lines at "\n", bounding each line to `max` UTF-8 bytes (the "\n" not counted; a "\r" before it is
 * counted, and trimmed later with the other whitespace).
 */
class LineSplitter {
  private parts: string[] = [];
  private bytes = 0;
  private skipping = false;

  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  *push(chunk: string): Generator<Frame> {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf('\n', start);
      const piece = nl === -1 ? chunk.slice(start) : chunk.slice(start, nl);
      if (!this.skipping && piece !== '') {
        this.bytes += Buffer.byteLength(piece, 'utf8');
        if (this.bytes > this.max) {
          // Answered at once; the rest of the line is dropped as it comes, never buffered.
          this.skipping = true;
          this.parts = [];
          yield { kind: 'too-long' };
        } else this.parts.push(piece);
      }
      if (nl === -1) return;
      if (!this.skipping) yield { kind: 'line', text: this.parts.join('') };
      this.parts = [];
      this.bytes = 0;
      this.skipping = false;
      start = nl + 1;
    }
  }

  /** The last line when the input ends without a line break. */
  *end(): Generator<Frame> {
    if (!this.skipping && this.parts.length > 0) yield { kind: 'line', text: this.parts.join('') };
    this.parts = [];
    this.bytes = 0;
    this.skipping = false;
  }
}

export type LineInput = Iterable<string> | AsyncIterable<string> | NodeJS.ReadableStream;

function isStream(input: LineInput): input is NodeJS.ReadableStream {
  return (
    typeof (input as { read?: unknown }).read === 'function' && typeof (input as { on?: unknown }).on === 'function'
  );
}

/**
 * Serves requests until the input ends: answers every line with `write(response)` (one line of JSON, without its
 * line break), in request order, waiting for `write` when it returns a promise. The input is either a byte or text
 * stream (split at "\n") or an iterable of lines (each element is a line; an element with line breaks is several).
 */
export async function serveLines(
  input: LineInput,
  write: (line: string) => void | Promise<void>,
  options: ServeOptions = {},
): Promise<void> {
  const server = options.server ?? new RpcServer(options);
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  // Another stream served by the same server gets its turn between two lines of this one (and two requests of a
  // batch), not after a whole chunk: every 5 ms of work, this loop lets the event loop run.
  let slice = performance.now();
  const turn = async () => {
    if (performance.now() - slice <= 5) return;
    await new Promise<void>((next) => setImmediate(next));
    slice = performance.now();
  };
  const splitter = new LineSplitter(maxLineBytes);
  const stream = isStream(input);
  const decoder = new StringDecoder('utf8');
  const stopped = () => options.signal?.aborted === true;

  const deliver = async (frames: Iterable<Frame>): Promise<boolean> => {
    for (const frame of frames) {
      if (stopped()) return false;
      let response: string | null;
      if (frame.kind === 'too-long') response = server.tooLong(maxLineBytes);
      else {
        // A batch pauses between its requests: the other streams get their turn inside it too.
        const steps = server.lineSteps(frame.text);
        for (let r = steps.next(); ; r = steps.next()) {
          if (r.done) {
            response = r.value;
            break;
          }
          await turn();
        }
      }
      if (response !== null) await write(response);
      await turn();
    }
    return !stopped();
  };

  for await (const chunk of input as AsyncIterable<string | Uint8Array>) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    if (!(await deliver(splitter.push(stream ? text : `${text}\n`)))) return;
  }
  const rest = decoder.end();
  if (rest !== '' && !(await deliver(splitter.push(rest)))) return;
  await deliver(splitter.end());
}

/**
 * `his serve --stdio`: serves process.stdin to process.stdout until stdin ends (or stdout goes away). Writes nothing
 * but responses and never exits the process; the caller decides what happens when it resolves.
 */
export async function serveStdio(options: Omit<ServeOptions, 'signal'> = {}): Promise<void> {
  const out = process.stdout;
  const controller = new AbortController();
  const gone = () => controller.abort();
  // A host that closes its end of the pipe (EPIPE) ends the service; it is not an error of the server.
  out.on('error', gone);
  out.on('close', gone);
  try {
    await serveLines(
      process.stdin,
      (line) => {
        if (controller.signal.aborted) return;
        if (out.write(`${line}\n`)) return;
        return new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done);
            controller.signal.removeEventListener('abort', done);
            resolve();
          };
          out.on('drain', done);
          controller.signal.addEventListener('abort', done);
        });
      },
      { ...options, signal: controller.signal },
    );
  } finally {
    out.off('error', gone);
    out.off('close', gone);
  }
}
