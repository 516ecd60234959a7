// A roll's dice as data (14 steps 2–3 and 6; 13.2 step 2, 13.3 step 4): a list of terms, each saying what it counts
// for, under which rule, how many dice it adds (or what it adds to a 2d6 total) and which faces of its dice hit. The
// rules compute the list (src/rules/dice.ts, src/rules/field-battle.ts); the prompt, the summary, the story and the
// walkthrough read it, and src/text words a term's source.
import { z } from 'zod';
import { RULE_REFS, type RulingRef } from '../rules/registry.ts';
import type { DeepReadonly } from './readonly.ts';
import { CARD_IDS } from '../data/cards.ts';
import { MajorPowerSchema } from './power.ts';
import { LeaderIdSchema } from './units.ts';

/** What a term counts for. A new kind needs its words in src/text/modifiers.ts (the build fails without them). */
export const DiceSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('landUnits') }).describe('14 steps 2–3: one die per land unit (cavalry included)'),
  z
    .object({ kind: z.literal('leader'), leader: LeaderIdSchema })
    .describe('5.1: the best battle rating of the side or the group (one leader only)'),
  z.object({ kind: z.literal('defender') }).describe("14 step 3: the defender's extra die"),
  z.object({ kind: z.literal('cavalry') }).describe('13.2 step 2, 13.3 step 4: Ottoman cavalry in the group, +1'),
  z
    .object({ kind: z.literal('againstCavalry') })
    .describe('13.2 step 2, 13.3 step 4: against a formation with Ottoman cavalry, −1'),
  z.object({ kind: z.literal('telescope') }).describe('ruling R1: the Telescope, +1'),
  z
    .object({ kind: z.literal('card'), card: z.enum(CARD_IDS), power: MajorPowerSchema })
    .describe(
      "14 steps 4–5: a combat card's dice (rulings R27, R30), played by `power`; a negative count takes dice from the side (Tercios)",
    ),
]);

const RULINGS = RULE_REFS.filter((r): r is RulingRef => r.startsWith('R'));

export const DiceTermSchema = z.object({
  source: DiceSourceSchema,
  rule: z.enum(RULE_REFS).describe('the rule that gives the term'),
  ruling: z.enum(RULINGS as [RulingRef, ...RulingRef[]]).optional(),
  count: z
    .number()
    .int()
    .describe(
      'battle dice (hitOn a face): how many dice the term adds, negative for dice taken away; a 2d6 roll (hitOn null): what it adds to the total',
    ),
  hitOn: z
    .number()
    .int()
    .min(2)
    .max(6)
    .nullable()
    .describe("battle dice: the lowest face of the term's dice that hits (5: a 5 or a 6, 14 step 6); null for a 2d6 modifier"),
});

export type DiceSource = DeepReadonly<z.infer<typeof DiceSourceSchema>>;
export type DiceTerm = DeepReadonly<z.infer<typeof DiceTermSchema>>;
