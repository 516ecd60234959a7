// Land units and army leaders (5, 5.1, 5.2) as they appear in scenarios, events and positions.
import { z } from 'zod';
import { PowerSchema, type Power } from './power.ts';

export const CountSchema = z
  .number({ error: 'a count is a number' })
  .int({ error: 'a count is a whole number' })
  .min(0, { error: 'a count cannot be negative' });

export const LeaderIdSchema = z.string().min(1).describe('an army leader id (src/data/his-leaders.json or the scenario\'s own leaders)');
export const SpaceIdSchema = z.string().min(1).describe('a land space id of the board');

export const LAND_UNIT_TYPES = ['regulars', 'mercenaries', 'cavalry'] as const;
export type LandUnitType = (typeof LAND_UNIT_TYPES)[number];
export const LandUnitTypeSchema = z.enum(LAND_UNIT_TYPES);

/** Land unit counts of one power: every field optional, missing means 0. */
export const LandCountsSchema = z
  .object({ regulars: CountSchema.optional(), mercenaries: CountSchema.optional(), cavalry: CountSchema.optional() })
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
  regulars: CountSchema.optional(),
  mercenaries: CountSchema.optional(),
  cavalry: CountSchema.optional(),
  leaders: z.array(LeaderIdSchema).optional(),
  byPower: ByPowerSchema.optional(),
};
export const UnitCountsSchema = z.object(UnitFieldsShape).strict();
export type UnitCountsInput = z.input<typeof UnitCountsSchema>;

/** Land units and leaders with every field present (and, by ruling R16, optionally which power's land units). */
export interface Units {
  readonly regulars: number;
  readonly mercenaries: number;
  readonly cavalry: number;
  readonly leaders: string[];
  readonly byPower?: Readonly<Partial<Record<Power, LandCounts>>>;
}

export const NO_UNITS: Units = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };

export function units(input: Partial<Units> | undefined): Units {
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
