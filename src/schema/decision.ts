// What a session asks (DESIGN "Session API", a contract): the pending decision, its legal answers as complete events
// ready to send, and every other answer a host might offer with the rule that forbids it.
import { z } from 'zod';
import { EventSchema } from './events.ts';
import { PowerSchema } from './power.ts';
import { ModifierSchema } from './result.ts';

export const TextSchema = z.object({ en: z.string(), ru: z.string() });

export const DECISION_KINDS = ['move', 'intercept', 'roll', 'avoid', 'withdraw', 'continue', 'casualties', 'retreat'] as const;
export const DecisionKindSchema = z.enum(DECISION_KINDS);

export const OptionSchema = z.object({
  event: EventSchema.describe('a complete, legal answer: send it as is'),
  label: TextSchema,
});

export const BlockedSchema = z.object({
  option: z.record(z.string(), z.unknown()).describe('the answer that is not allowed, e.g. {"to": "pressburg"}'),
  code: z.string().describe('the restriction that forbids it'),
  rule: z.string(),
  ruling: z.string().optional(),
  reason: TextSchema,
});

export const RollInfoSchema = z.object({
  dice: z.number().int().min(0),
  purpose: z.enum(['interception', 'avoid', 'attacker', 'defender']),
  modifiers: z.array(ModifierSchema),
  target: z.number().int().nullable().describe('the modified total that succeeds; null for field-battle dice (5 and 6 hit)'),
  battle: z
    .object({
      attacker: z.object({ dice: z.number().int().min(0), landUnits: z.number().int().min(0) }),
      defender: z.object({ dice: z.number().int().min(0), landUnits: z.number().int().min(0) }),
    })
    .optional()
    .describe("field-battle rolls: both sides' dice and land units (14 steps 2–3), so a host can show the odds"),
});

export const DecisionSchema = z.object({
  kind: DecisionKindSchema,
  power: PowerSchema.describe('who answers (for a roll: who rolls)'),
  rule: z.string(),
  ruling: z.string().optional(),
  prompt: TextSchema,
  options: z.array(OptionSchema).describe('legal answers; for unit choices the canonical ones (see limits)'),
  blocked: z.array(BlockedSchema),
  roll: RollInfoSchema.optional(),
  limits: z.record(z.string(), z.unknown()).optional().describe('the whole range of legal unit choices, per kind'),
  forced: z.boolean().describe('ruling R9: exactly one legal answer; the session applies it itself'),
  machine: z.string().describe('the procedure machine that waits'),
  state: z.string().describe('its state'),
});

export type Decision = z.infer<typeof DecisionSchema>;
export type DecisionKind = z.infer<typeof DecisionKindSchema>;
export type DecisionOption = z.infer<typeof OptionSchema>;
export type Blocked = z.infer<typeof BlockedSchema>;
export type RollInfo = z.infer<typeof RollInfoSchema>;
