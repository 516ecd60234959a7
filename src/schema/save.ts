// A saved session (DESIGN "Session API"): the scenario as given, the seed and every event that was not the engine's
// own, so that a restore replays the move whatever engine version reads it.
import { z } from 'zod';
import { EventSchema } from './events.ts';
import { LIMITS } from './limits.ts';

export const ENGINE_VERSION = '0.2.0';
export const SAVE_FORMAT = 'his-procedures/session';

export const SavedSessionSchema = z.object({
  format: z.literal(SAVE_FORMAT),
  engine: z.string().max(64),
  scenario: z.unknown(),
  seed: z.number().int().min(0).max(0xffff_ffff).describe('the seed of the session\'s dice: 0 to 4294967295'),
  lang: z.enum(['en', 'ru']),
  events: z.array(z.object({ event: EventSchema, source: z.enum(['host', 'script', 'policy', 'seeded']) })).max(LIMITS.events),
});
export type SavedSession = z.infer<typeof SavedSessionSchema>;
