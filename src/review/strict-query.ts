// A reviewer's query written as a JavaScript expression over `position` and `summary` (explore --find, --exists,
// --forall, the casebook's facts). It is the reviewer's own code, run in this process with `new Function` — as
// trusted as a module given to `his explore --assert`. Compiling it checks its syntax; a SyntaxError says what is
// wrong.
//
// A query can be trusted only if a typo cannot pass for "no match". So a compiled query reads its data through a
// recording proxy that knows the shape of what it reads (the zod schemas of the result position and the summary): a
// property that the data does not have — `summary.battle.winer`, `position.stack` — is a QueryPropertyError naming
// the property, where it was read and what is there instead. The end position a query sees has every field (empty
// arrays, zero counts, false marks: the parsed scenario's shape, as every result position has), so
// `s.leaders.includes(…)` never meets a missing list. Compiling also runs the expression once on a sample outcome in
// which every list has one entry and every nullable part is present, so most typos are reported before any
// exploration starts.
//
// This module reads no file and imports nothing from node: the explorer imports it, and so does the walkthrough
// page's bundled engine. src/review/query.ts adds the loading of --assert modules.
import { ResultPositionSchema, SummarySchema, type ResultPosition, type Summary } from '../schema/result.ts';
import type { z } from 'zod';
import type { DeepReadonly } from '../schema/readonly.ts';
import type { OutcomeQuery } from './explore.ts';

/** An end position as a query sees it: the scenario's parsed shape, every field present. */
export type QueryPosition = ReturnType<typeof ResultPositionSchema.parse>;

/**
 * A result position as any copy of the engine hands it: this one's has every field, an older release's (review
 * --engine, explore --engine) left out zero counts, empty lists, false marks and the defaults.
 */
export type AnyResultPosition = ResultPosition | DeepReadonly<z.input<typeof ResultPositionSchema>>;

/**
 * The end position a query reads: every field present (the parsed scenario's shape, whichever engine made it), on a
 * copy of its own, so that a query may sort its lists; the session's is frozen.
 */
export function queryPosition(p: AnyResultPosition): QueryPosition {
  return {
    map: p.map === undefined || p.map === 'his' ? 'his' : structuredClone(p.map),
    leaders: structuredClone(p.leaders ?? []),
    war: (p.war ?? []).map(([a, b]) => [a, b]),
    alliances: (p.alliances ?? []).map(([a, b]) => [a, b]),
    control: { ...p.control },
    unrest: [...(p.unrest ?? [])],
    bonuses: Object.fromEntries(Object.entries(p.bonuses ?? {}).map(([k, v]) => [k, [...(v ?? [])]])),
    hands: Object.fromEntries(Object.entries(p.hands ?? {}).map(([k, v]) => [k, [...(v ?? [])]])),
    // 6.1, ruling R31: only when a home card was used this turn (as the result writes it).
    ...(p.homeCardsUsed
      ? { homeCardsUsed: Object.fromEntries(Object.entries(p.homeCardsUsed).map(([k, v]) => [k, [...(v ?? [])]])) }
      : {}),
    stacks: (p.stacks ?? []).map((s) => ({
      space: s.space,
      power: s.power,
      regulars: s.regulars ?? 0,
      mercenaries: s.mercenaries ?? 0,
      cavalry: s.cavalry ?? 0,
      leaders: [...(s.leaders ?? [])],
      inside: s.inside ?? false,
      lostBattle: s.lostBattle ?? false,
      attemptedInterception: s.attemptedInterception ?? false,
    })),
    sieges: (p.sieges ?? []).map((g) => ({ space: g.space, by: [...g.by], thisImpulse: g.thisImpulse ?? false })),
    captured: (p.captured ?? []).map((c) => ({ leader: c.leader, by: c.by })),
    impulse: {
      power: p.impulse.power,
      cp: p.impulse.cp,
      ...(p.impulse.foulWeather ? { foulWeather: true as const } : {}),
      ...(p.impulse.gout?.length ? { gout: [...p.impulse.gout] } : {}),
    },
    rulings: { ...p.rulings },
    ...(p.schmalkaldicLeague === false ? { schmalkaldicLeague: false } : {}),
  } as QueryPosition;
}

/** A query read a property its data does not have: a typo, never "no match". */
export class QueryPropertyError extends Error {
  /** The property read, e.g. `winer`. */
  readonly property: string;
  /** Where it was read, e.g. `summary.battle`. */
  readonly path: string;
  /** The properties that are there. */
  readonly known: readonly string[];
  /** The expression, when the query was compiled from one. */
  readonly expression: string | undefined;

  constructor(property: string, path: string, known: readonly string[], expression?: string) {
    super(
      `${path}.${property} does not exist (${path} has ${known.length ? known.join(', ') : 'no properties'})${expression !== undefined ? ` in the expression ${expression}` : ''}`,
    );
    this.name = 'QueryPropertyError';
    this.property = property;
    this.path = path;
    this.known = known;
    this.expression = expression;
  }
}

/** What a proxy knows of the data below it, from its zod schema. */
type Shape =
  | { readonly kind: 'object'; readonly keys: ReadonlyMap<string, Shape> }
  | { readonly kind: 'array'; readonly element: Shape }
  | { readonly kind: 'record'; readonly value: Shape }
  /** A union or a leaf: the data itself says which properties exist. */
  | { readonly kind: 'data' };

interface ZodLike {
  readonly _zod: {
    readonly def: {
      readonly type: string;
      readonly innerType?: ZodLike;
      readonly in?: ZodLike;
      readonly shape?: Readonly<Record<string, ZodLike>>;
      readonly element?: ZodLike;
      readonly valueType?: ZodLike;
      readonly items?: readonly ZodLike[];
      readonly options?: readonly ZodLike[];
      readonly entries?: Readonly<Record<string, string>>;
      readonly values?: readonly unknown[];
    };
  };
}

const WRAPPERS = new Set(['default', 'optional', 'nullable', 'readonly', 'catch', 'prefault', 'nonoptional']);

function unwrap(s: ZodLike): ZodLike {
  let t = s;
  for (;;) {
    const def = t._zod.def;
    if (WRAPPERS.has(def.type) && def.innerType) t = def.innerType;
    else if (def.type === 'pipe' && def.in) t = def.in;
    else return t;
  }
}

function shapeOf(schema: ZodLike): Shape {
  const def = unwrap(schema)._zod.def;
  if (def.type === 'object' && def.shape)
    return { kind: 'object', keys: new Map(Object.entries(def.shape).map(([k, v]) => [k, shapeOf(v)])) };
  if (def.type === 'array' && def.element) return { kind: 'array', element: shapeOf(def.element) };
  if (def.type === 'record' && def.valueType) return { kind: 'record', value: shapeOf(def.valueType) };
  return { kind: 'data' };
}

/** A value like the schema's, with one entry in every list and every nullable or optional part present. */
function sampleOf(schema: ZodLike): unknown {
  const def = unwrap(schema)._zod.def;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, sampleOf(v)]));
    case 'array':
      return def.element ? [sampleOf(def.element)] : [];
    case 'tuple':
      return (def.items ?? []).map(sampleOf);
    case 'record':
      return {};
    case 'union': {
      const options = def.options ?? [];
      const object = options.find((o) => unwrap(o)._zod.def.type === 'object');
      return object ? sampleOf(object) : options[0] ? sampleOf(options[0]) : null;
    }
    case 'enum':
      return Object.values(def.entries ?? {})[0] ?? '';
    case 'literal':
      return def.values?.[0] ?? null;
    case 'string':
      return '';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

const POSITION_SHAPE = shapeOf(ResultPositionSchema as unknown as ZodLike);
const SUMMARY_SHAPE = shapeOf(SummarySchema as unknown as ZodLike);

/** Names a program may ask any value for (JSON.stringify, await, test matchers, console.log): never a typo. */
const PROTOCOL = new Set(['toJSON', 'then', 'constructor', 'asymmetricMatch', '$$typeof', 'nodeType', 'inspect']);

function ownNames(target: object, shape: Shape): string[] {
  if (shape.kind === 'object') return [...shape.keys.keys()];
  return Object.keys(target);
}

function strict(value: unknown, shape: Shape, path: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  return new Proxy(value, {
    get(target, prop, receiver) {
      if (typeof prop === 'symbol' || PROTOCOL.has(prop)) return Reflect.get(target, prop, receiver);
      if (shape.kind === 'object') {
        const below = shape.keys.get(prop);
        if (below) return strict(Reflect.get(target, prop, receiver), below, `${path}.${prop}`);
      } else if (shape.kind === 'array') {
        if (/^(0|[1-9]\d*)$/.test(prop))
          return strict(Reflect.get(target, prop, receiver), shape.element, `${path}[${prop}]`);
      } else if (shape.kind === 'record') {
        if (Object.hasOwn(target, prop))
          return strict(Reflect.get(target, prop, receiver), shape.value, `${path}.${prop}`);
        if (!(prop in Object.prototype)) return undefined;
      } else if (Object.hasOwn(target, prop))
        return strict(Reflect.get(target, prop, receiver), { kind: 'data' }, `${path}.${prop}`);
      // Inherited members (an array's methods and length, Object.prototype's) are what they are.
      if (prop in target) return Reflect.get(target, prop, receiver);
      throw new QueryPropertyError(prop, path, ownNames(target, shape));
    },
  });
}

/**
 * The outcome as a query reads it: the whole end position and a copy of the summary (the session's own is frozen),
 * both behind proxies that refuse properties they do not have.
 */
export function strictView(view: { readonly position: unknown; readonly summary: Summary }): {
  position: unknown;
  summary: unknown;
} {
  return {
    position: strict(view.position, POSITION_SHAPE, 'position'),
    summary: strict(structuredClone(view.summary), SUMMARY_SHAPE, 'summary'),
  };
}

/** An outcome with one entry in every list and every nullable part present: the probe of compileExpression. */
export function sampleOutcome(): { position: QueryPosition; summary: Summary } {
  return {
    position: sampleOf(ResultPositionSchema as unknown as ZodLike) as QueryPosition,
    summary: sampleOf(SummarySchema as unknown as ZodLike) as Summary,
  };
}

/**
 * A query from an expression: syntax checked, its reads checked against the data's shape on a sample outcome at once
 * (a QueryPropertyError), and on every outcome it is asked about.
 */
export function compileExpression(expression: string): OutcomeQuery {
  const f = new Function('position', 'summary', `"use strict"; return (${expression}\n);`) as (
    position: unknown,
    summary: unknown,
  ) => unknown;
  const query: OutcomeQuery = (outcome) => {
    // Every field, on a copy: a caller (another copy of the engine, a program) may hand a compact or a frozen one.
    const { position, summary } = strictView({
      position: queryPosition(outcome.position as AnyResultPosition),
      summary: outcome.summary,
    });
    try {
      return f(position, summary);
    } catch (e) {
      if (e instanceof QueryPropertyError && e.expression === undefined)
        throw new QueryPropertyError(e.property, e.path, e.known, expression);
      throw e;
    }
  };
  try {
    query(sampleOutcome());
  } catch (e) {
    // Only a property that does not exist is an error here: the sample is not a real outcome.
    if (e instanceof QueryPropertyError) throw e;
  }
  return query;
}
