// An inline map in a scenario: a small board for tests, teaching and exploration (DESIGN "Scenario format").
import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { PowerSchema } from './power.ts';
import { SlugSchema as id, textSchema } from './units.ts';

export const SPACE_TYPES = ['capital', 'key', 'electorate', 'fortress', 'unfortified'] as const;
export const SpaceTypeSchema = z.enum(SPACE_TYPES);
export type SpaceType = z.infer<typeof SpaceTypeSchema>;


export const InlineMapSchema = z
  .object({
    spaces: z
      .array(
        z
          .object({
            id,
            name: textSchema().optional(),
            type: SpaceTypeSchema,
            home: PowerSchema,
          })
          .strict(),
      )
      .min(1)
      .max(LIMITS.spaces),
    connections: z
      .array(z.object({ a: id, b: id, kind: z.enum(['clear', 'pass']).default('clear') }).strict())
      .max(LIMITS.connections),
  })
  .strict()
  .describe('an inline board: spaces with their fortification type and home power, and land connections');

export type InlineMap = z.infer<typeof InlineMapSchema>;
