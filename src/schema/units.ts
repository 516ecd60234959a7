// Land units and army leaders (5, 5.1, 5.2) as they appear in scenarios, events and positions.
import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { PowerSchema, type Power } from './power.ts';

export const CountSchema = z
  .number({ error: 'a count is a number' })
  .int({ error: 'a count is a whole number' })
  .min(0, { error: 'a count cannot be negative' });

/** Land units of one type as a scenario or an event gives them: bounded (src/schema/limits.ts). */
export const UnitCountSchema = CountSchema.max(LIMITS.unitsPerField, { error: `at most ${LIMITS.unitsPerField} land units of one type` });

/** Ids of spaces and leaders are lower-case slugs (the bundled board's and every inline map's). */
export const SlugSchema = z
  .string()
  .max(LIMITS.idLength, { error: `an id has at most ${LIMITS.idLength} characters` })
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'ids are lower-case slugs (a-z, 0-9, -)' });

export const LeaderIdSchema = SlugSchema.describe('an army leader id (src/data/his-leaders.json or the scenario\'s own leaders)');
export const SpaceIdSchema = SlugSchema.describe('a land space id of the board');

/** A list of leader ids, each at most once. */
export const LeaderListSchema = z
  .array(LeaderIdSchema)
  .max(LIMITS.leadersPerStack)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'a leader is named twice' });

/**
 * Characters text may not hold: controls (Cc: line breaks and tabs too), format characters (Cf: the bidirectional
 * marks, overrides and isolates, zero-width characters), and the line and paragraph separators (Zl, Zp). A name or a
 * description is printed inside the engine's own lines (the narrative, a decision's labels, the walkthrough): none
 * of these can start a line of its own or reorder the text around it.
 */
export const FORBIDDEN_TEXT = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** Text a person reads (a name, a description): one line, no control, format or separator characters, bounded length. */
export function textSchema(max: number = LIMITS.nameLength) {
  return z
    .string()
    .max(max, { error: `at most ${max} characters` })
    .refine((s) => !FORBIDDEN_TEXT.test(s), {
      error: 'no line breaks, tabs, control, format (bidirectional, zero-width) or line-separator characters',
    });
}

export const LAND_UNIT_TYPES = ['regulars', 'mercenaries', 'cavalry'] as const;
export type LandUnitType = (typeof LAND_UNIT_TYPES)[number];
export const LandUnitTypeSchema = z.enum(LAND_UNIT_TYPES);

/** Land unit counts of one power: every field optional, missing means 0. */
export const LandCountsSchema = z
  .object({ regulars: UnitCountSchema.optional(), mercenaries: UnitCountSchema.optional(), cavalry: UnitCountSchema.optional() })
  .strict();
export type LandCounts = z.output<typeof LandCountsSchema>;

/**
 * Ruling R16: within a major power and its active minor allies, which power's land units are meant. The counts per
 * power add up to the event's own counts; without it the major's own units go first.
 */
export const ByPowerSchema = z
  .partialRecord(PowerSchema, LandCountsSchema)
  .describe("ruling R16: the land units per power of the group (they add up to the event's counts); default: the major's own first");

/** Unit counts as written in events and moves: every field optional, missing means 0. */
export const UnitFieldsShape = {
  regulars: UnitCountSchema.optional(),
  mercenaries: UnitCountSchema.optional(),
  cavalry: UnitCountSchema.optional(),
  leaders: LeaderListSchema.optional(),
  byPower: ByPowerSchema.optional(),
};
export const UnitCountsSchema = z.object(UnitFieldsShape).strict();
export type UnitCountsInput = z.input<typeof UnitCountsSchema>;

/** Land units and leaders with every field present (and, by ruling R16, optionally which power's land units). */
export interface Units {
  readonly regulars: number;
  readonly mercenaries: number;
  readonly cavalry: number;
  readonly leaders: readonly string[];
  readonly byPower?: Readonly<Partial<Record<Power, LandCounts>>>;
}

export const NO_UNITS: Units = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };

/** Units as an event or a scenario states them: every count optional (zod's output marks absent ones `undefined`). */
export type UnitsInput = { readonly [K in keyof Units]?: Units[K] | undefined };

export function units(input: UnitsInput | undefined): Units {
  return {
    regulars: input?.regulars ?? 0,
    mercenaries: input?.mercenaries ?? 0,
    cavalry: input?.cavalry ?? 0,
    leaders: [...(input?.leaders ?? [])],
    ...(input?.byPower ? { byPower: input.byPower } : {}),
  };
}

/** Ruling R6: land units are regulars, mercenaries and cavalry; leaders never count. */
export function landUnitCount(u: Pick<Units, LandUnitType>): number {
  return u.regulars + u.mercenaries + u.cavalry;
}
