// The well-formed parts of a scenario that does not parse as a whole: each top-level field parsed on its own, and
// each element of a list on its own. The id and rule checks (scenario-checks.ts) then run on those parts, so that a
// malformed stack does not hide the unknown space of another or the non-adjacent destination of the move.
import type { z } from 'zod';
import { LIMITS } from './limits.ts';
import { PowerSchema } from './power.ts';
import type { CheckContext, ListField } from './scenario-checks.ts';
import {
  CaptureSchema,
  LeaderDefinitionSchema,
  PowerPairSchema,
  ScenarioSchema,
  SiegeSchema,
  StackSchema,
  type StructuredScenario,
} from './scenario.ts';
import { SpaceIdSchema } from './units.ts';

/** The schema of one element of each list, and how many elements the list may hold. */
const LISTS: Readonly<Record<ListField, { readonly element: z.ZodType; readonly max: number }>> = {
  stacks: { element: StackSchema, max: LIMITS.stacks },
  sieges: { element: SiegeSchema, max: LIMITS.spaces },
  captured: { element: CaptureSchema, max: LIMITS.leaders },
  leaders: { element: LeaderDefinitionSchema, max: LIMITS.leaders },
  unrest: { element: SpaceIdSchema, max: LIMITS.spaces },
  war: { element: PowerPairSchema, max: LIMITS.pairs },
  alliances: { element: PowerPairSchema, max: LIMITS.pairs },
};

export interface ScenarioParts {
  /** The well-formed parts; a malformed field has its default, a list only its well-formed elements. */
  readonly data: StructuredScenario;
  readonly context: CheckContext;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isListField = (key: string): key is ListField => Object.hasOwn(LISTS, key);

/**
 * The parts of a scenario value that parse on their own. Undefined when none can be checked: the value is not an
 * object, or its inline map is malformed (the board is what every id is checked against).
 */
export function wellFormedParts(value: unknown): ScenarioParts | undefined {
  if (!isRecord(value)) return undefined;
  const shape = ScenarioSchema.shape;
  const out: Record<string, unknown> = {};
  const broken = new Set<string>();
  const indexes: Partial<Record<ListField, number[]>> = {};
  let unsureSpaces: Set<string> | 'all' = new Set<string>();
  let unsureLeaders: Set<string> | 'all' = new Set<string>();
  /** A malformed stack, siege or leader definition: what it names cannot be judged (all, if it names nothing). */
  const unsure = (key: ListField, raw: unknown) => {
    const field = key === 'leaders' ? 'id' : 'space';
    const id = isRecord(raw) ? raw[field] : undefined;
    if (key === 'leaders')
      unsureLeaders = typeof id !== 'string' || unsureLeaders === 'all' ? 'all' : unsureLeaders.add(id);
    else if (key === 'stacks' || key === 'sieges')
      unsureSpaces = typeof id !== 'string' || unsureSpaces === 'all' ? 'all' : unsureSpaces.add(id);
  };
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const whole = shape[key].safeParse(value[key]);
    if (whole.success) {
      out[key] = whole.data;
      continue;
    }
    broken.add(key);
    if (key === 'map') return undefined;
    const raw = value[key];
    if (isListField(key)) {
      const kept: unknown[] = [];
      const at: number[] = [];
      if (Array.isArray(raw) && raw.length <= LISTS[key].max)
        raw.forEach((element, i) => {
          const one = LISTS[key].element.safeParse(element);
          if (one.success) {
            kept.push(one.data);
            at.push(i);
          } else unsure(key, element);
        });
      else unsure(key, undefined);
      out[key] = kept;
      indexes[key] = at;
    } else if (key === 'control') {
      // Each override on its own: a space id to a power.
      const entries = isRecord(raw) ? Object.entries(raw) : [];
      const wellFormed = ([space, power]: [string, unknown]) =>
        SpaceIdSchema.safeParse(space).success && PowerSchema.safeParse(power).success;
      out[key] = Object.fromEntries(entries.filter(wellFormed));
    } else if (key === 'impulse') {
      // Never read: a malformed impulse skips the move's rules, its only readers (broken has 'impulse').
      out[key] = { power: 'ottoman', cp: 0 };
    } else {
      // A field with a default takes it; an optional one is left out (a malformed move is not checked).
      const fallback = shape[key].safeParse(undefined);
      if (fallback.success) out[key] = fallback.data;
    }
  }
  return { data: out as StructuredScenario, context: { indexes, broken, unsureSpaces, unsureLeaders } };
}
