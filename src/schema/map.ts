// An inline map in a scenario: a small board for tests, teaching and exploration (DESIGN "Scenario format").
import { z } from 'zod';
import { PowerSchema } from './power.ts';

export const SPACE_TYPES = ['capital', 'key', 'electorate', 'fortress', 'unfortified'] as const;
export const SpaceTypeSchema = z.enum(SPACE_TYPES);
export type SpaceType = z.infer<typeof SpaceTypeSchema>;

const id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'ids are lower-case slugs (a-z, 0-9, -)');

export const InlineMapSchema = z
  .object({
    spaces: z
      .array(
        z
          .object({
            id,
            name: z.string().optional(),
            type: SpaceTypeSchema,
            home: PowerSchema,
          })
          .strict(),
      )
      .min(1),
    connections: z.array(
      z.object({ a: id, b: id, kind: z.enum(['clear', 'pass']).default('clear') }).strict(),
    ),
  })
  .strict()
  .describe('an inline board: spaces with their fortification type and home power, and land connections');

export type InlineMap = z.infer<typeof InlineMapSchema>;
