// What a finished session returns (DESIGN "Session API", a contract): the position, in the scenario's shape so it
// can feed the next move of the impulse, and the summary of what happened, in procedure order.
import { z } from 'zod';
import { TextSchema } from './text.ts';
import { MajorPowerSchema, PowerSchema } from './power.ts';
import { CountSchema, LeaderIdSchema, SpaceIdSchema } from './units.ts';
import { DiceTermSchema } from './dice.ts';
import { FactsSchema } from './facts.ts';
import { CardIdSchema, PositionShape } from './scenario.ts';
import type { DeepReadonly } from './readonly.ts';

const UnitsSchema = z.object({
  regulars: CountSchema,
  mercenaries: CountSchema,
  cavalry: CountSchema,
  leaders: z.array(LeaderIdSchema),
});
const LandUnitsSchema = UnitsSchema.omit({ leaders: true });

export const ModifierSchema = z.object({
  rule: z.string(),
  ruling: z.string().optional(),
  value: z.number().int(),
  reason: TextSchema,
});

export const MoveSummarySchema = z.object({
  power: MajorPowerSchema,
  from: SpaceIdSchema,
  to: SpaceIdSchema,
  units: UnitsSchema,
  cp: CountSchema,
  continued: z.boolean().describe('13.4 option 1: a move on from a fortified space'),
  cancelled: CardIdSchema.optional().describe(
    'ruling R26: the card (Foul Weather, Gout) that cancelled the move at 13.1 step 4; its CP are spent all the same',
  ),
});

export const InterceptionSummarySchema = z.object({
  power: MajorPowerSchema,
  from: SpaceIdSchema,
  units: UnitsSchema,
  dice: z.array(z.number().int()),
  modifiers: z.array(ModifierSchema),
  terms: z.array(DiceTermSchema).describe('the modifiers as data: what each counts for, its rule and its value'),
  total: z.number().int(),
  target: z.number().int(),
  success: z.boolean(),
});

export const AvoidSummarySchema = z.object({
  power: MajorPowerSchema,
  from: SpaceIdSchema,
  to: SpaceIdSchema,
  units: UnitsSchema,
  dice: z.array(z.number().int()).describe('empty when automatic'),
  modifiers: z.array(ModifierSchema),
  terms: z.array(DiceTermSchema).describe('the modifiers as data: what each counts for, its rule and its value'),
  total: z.number().int().nullable(),
  target: z.number().int(),
  success: z.boolean(),
  automatic: z.boolean().describe('13.3 step 4: every unit already lost a field battle this impulse'),
});

export const WithdrawalSummarySchema = z.object({
  space: SpaceIdSchema,
  decidedBy: PowerSchema.nullable().describe('null when it was automatic (ruling R10)'),
  withdrew: z.boolean(),
  units: UnitsSchema,
});

export const BattleSideSchema = z.object({
  powers: z.array(PowerSchema),
  units: UnitsSchema.describe('land units and leaders in the battle'),
  leader: LeaderIdSchema.nullable().describe('the leader whose battle rating adds dice'),
  dice: z
    .object({ units: CountSchema, leader: CountSchema, defender: CountSchema, total: CountSchema })
    .describe('what the dice are made of, read from `terms`: `total` counts every term, cards included'),
  terms: z
    .array(DiceTermSchema)
    .describe('the dice as terms, in the order `rolled` lists them: each die hits on its term\'s `hitOn` or more'),
  rolled: z.array(z.number().int()),
  hits: CountSchema,
  losses: LandUnitsSchema,
  kept: z.enum(['regulars', 'mercenaries', 'cavalry']).nullable().describe('ruling R7'),
});

export const SurpriseSummarySchema = z.object({
  power: MajorPowerSchema.describe('who played Surprise Attack (#29)'),
  side: z.enum(['attacker', 'defender']).describe('the side that rolled first: the side of the power that played it'),
  hits: CountSchema.describe("the first roll's hits, taken at once by the other side (14 step 9)"),
  losses: LandUnitsSchema.describe("the other side's losses taken at once, before its dice were counted again"),
  counted: CountSchema.describe("the other side's dice as counted before the first roll (14 steps 2–5)"),
  recounted: CountSchema.describe(
    "the other side's dice counted again on its surviving land units, the leader's rating, the defender's die and its card dice kept; 0 when no land unit survived",
  ),
});

export const BattleSummarySchema = z.object({
  space: SpaceIdSchema,
  attacker: BattleSideSchema,
  defender: BattleSideSchema,
  winner: z.enum(['attacker', 'defender']),
  winnerPower: PowerSchema,
  unfought: z
    .enum(['attacker', 'defender', 'both'])
    .optional()
    .describe(
      "the side left with no land units at 14 step 1 (the Ottoman's Landsknechts, ruling R32) or by Mercenaries Bribed at 14 steps 4–5 (ruling R29, read as R32): no dice are rolled, the side with land units wins (the defender when neither has any)",
    ),
});

export const RetreatSummarySchema = z.object({
  power: PowerSchema,
  from: SpaceIdSchema,
  reason: z.enum(['defender', 'attacker', 'origin', 'siege']),
  to: SpaceIdSchema.nullable(),
  units: UnitsSchema.describe('what went to `to`'),
  inside: UnitsSchema,
  eliminated: LandUnitsSchema,
  captured: z.array(LeaderIdSchema),
  eliminatedBy: z
    .enum(['14.1', '13.4', 'R10', 'R11', '15.3'])
    .nullable()
    .describe('why units were eliminated: no legal space (14.1), forced back into the space it moved on from (13.4), an inactive stack that never retreats (ruling R10), a losing attacker whose origin is illegal (ruling R11), besiegers or a winner sent away with no legal space (15.3, 14 step 12)'),
});

export const SkippedDecisionSchema = z.object({
  kind: z.enum(['intercept', 'avoid', 'withdraw', 'retreat', 'card', 'relief']),
  power: PowerSchema.describe('the power the decision would have gone to'),
  space: SpaceIdSchema.describe('the space it is about: the destination, or the space a group retreats from'),
  rule: z.string(),
  refused: z
    .array(
      z.object({
        option: z
          .record(z.string(), z.string())
          .describe('the candidate answer, only the part that differs (e.g. {"from": "vienna"}); {} for the whole decision'),
        code: z.string().describe('the restriction that refuses it'),
        rule: z.string(),
        ruling: z.string().optional(),
        facts: FactsSchema,
      }),
    )
    .describe('every candidate answer, with the restriction that refuses it'),
});

export const CardSummarySchema = z.object({
  power: MajorPowerSchema,
  card: CardIdSchema,
  number: CountSchema.describe("the card's number in the deck"),
  window: z.string().describe('the rule of the window it was played in: 13.1 step 4, 14 step 1, 14 steps 4–5, 14 step 7'),
  ruling: z.string().describe('the ruling that says what it does'),
  leader: LeaderIdSchema.optional().describe('Gout: the army leader it struck (ruling R26)'),
  placed: z
    .array(z.object({ space: SpaceIdSchema, power: MajorPowerSchema, mercenaries: CountSchema, inside: z.boolean() }))
    .optional()
    .describe('Landsknechts, Swiss Mercenaries: the new mercenaries and where they went (ruling R32)'),
  eliminated: z
    .array(z.object({ space: SpaceIdSchema, power: MajorPowerSchema, mercenaries: CountSchema, inside: z.boolean() }))
    .optional()
    .describe("the Ottoman's Landsknechts: the mercenaries it eliminated, whose and where (ruling R32)"),
  option: z.enum(['extra-dice', 'fewer-dice']).optional().describe("Tercios: the way it was played (ruling R30)"),
  side: z
    .enum(['attacker', 'defender'])
    .optional()
    .describe("a combat card's dice: the side they went to (rulings R27, R30; Tercios' fewer dice: the Hapsburg side)"),
  dice: z
    .number()
    .int()
    .optional()
    .describe("a combat card's dice for that side, negative for dice taken away (rulings R27, R30)"),
  bribed: z
    .array(z.object({ power: PowerSchema, mercenaries: CountSchema }))
    .optional()
    .describe('Mercenaries Bribed: the mercenaries taken from each opposing power, in impulse order (ruling R29)'),
  mercenaries: CountSchema.optional().describe("Mercenaries Bribed: the new mercenaries in the player's stack (ruling R29)"),
});

export const ReliefSummarySchema = z
  .object({
    space: SpaceIdSchema.describe('the besieged space the relief force entered'),
    power: MajorPowerSchema.describe('the relief force: the active power, the attacker'),
    besiegers: z.array(PowerSchema).describe('the besieging powers, the defenders (their +1 die, ties to them)'),
    sortie: UnitsSchema.describe('what came out of the fortifications to join the relief force (ruling R35)'),
    heldBack: UnitsSchema.describe("what of the relief force's power and its active minors stayed inside, untouched"),
    outcome: z
      .enum(['won', 'tie', 'fewer'])
      .nullable()
      .describe('15.2: the relief force won, lost on equal hits, or lost with fewer hits; null until the battle is over'),
  })
  .describe('15.2, ruling R35: a relief force and its sortie');

export const CaptureSummarySchema = z.object({
  leader: LeaderIdSchema,
  by: PowerSchema,
  space: SpaceIdSchema,
  rule: z.string(),
});

export const SummarySchema = z.object({
  moves: z.array(MoveSummarySchema),
  interceptions: z.array(InterceptionSummarySchema),
  avoids: z.array(AvoidSummarySchema),
  withdrawals: z.array(WithdrawalSummarySchema),
  battle: BattleSummarySchema.nullable(),
  retreats: z.array(RetreatSummarySchema),
  captures: z.array(CaptureSummarySchema),
  siege: z.object({ space: SpaceIdSchema, besieger: PowerSchema }).nullable(),
  siegesEnded: z
    .array(z.object({ space: SpaceIdSchema, by: z.array(PowerSchema), rule: z.string() }))
    .describe('15.3: sieges broken during the move because the besiegers no longer outnumbered the units inside'),
  cpSpent: CountSchema,
  siegesBegun: z
    .array(z.object({ space: SpaceIdSchema, by: PowerSchema, rule: z.string() }))
    .describe(
      'every siege begun during the move, in order (15, ruling R13): at the destination, and outside a fortress that interceptors or the formation left empty (ruling R17); `siege` is the first of them',
    ),
  leadersInside: z
    .array(z.object({ space: SpaceIdSchema, power: PowerSchema, leaders: z.array(LeaderIdSchema), rule: z.string() }))
    .describe(
      'leaders left alone beside enemy land units in a fortified space their side may hold, who went inside its fortifications instead of being captured (13.3, ruling R24); leaders who intercepted never do (ruling R23)',
    ),
  cards: z
    .array(CardSummarySchema)
    .describe('every card played, in order, with its window (RULES.md §5; rulings R26–R33); empty when none was'),
  relief: ReliefSummarySchema.optional().describe('present when the move was a relief force (15.2, ruling R35)'),
  surprise: SurpriseSummarySchema.optional().describe(
    "present when a Surprise Attack changed the order of the battle (ruling R28), from the moment the other side's first losses come off; the other side's dice, rolls and losses in the battle's side summary are those of its second roll and of both rounds",
  ),
  skipped: z
    .array(SkippedDecisionSchema)
    .describe(
      'ruling R9: the decisions nobody was asked because no answer but declining was legal (no eligible interceptor, no legal avoid or retreat space, a withdrawal the rules forbid), each with its refused candidates',
    ),
});

export const ResultPositionSchema = z.object(PositionShape).describe('the scenario shape without move and events');

/**
 * The summary as the machines record it: an interception's or avoid-battle roll's modifiers are its terms only; the
 * session words them (`modifiers`, src/engine/summary.ts) when the summary leaves it, so no rule depends on words.
 */
export type RecordedSummary = Omit<Summary, 'interceptions' | 'avoids'> & {
  readonly interceptions: readonly Omit<InterceptionSummary, 'modifiers'>[];
  readonly avoids: readonly Omit<AvoidSummary, 'modifiers'>[];
};

/** A roll modifier as a summary lists it: its rule, its value and why. */
export type Modifier = DeepReadonly<z.infer<typeof ModifierSchema>>;
export type Summary = DeepReadonly<z.infer<typeof SummarySchema>>;
export type MoveSummary = DeepReadonly<z.infer<typeof MoveSummarySchema>>;
export type InterceptionSummary = DeepReadonly<z.infer<typeof InterceptionSummarySchema>>;
export type AvoidSummary = DeepReadonly<z.infer<typeof AvoidSummarySchema>>;
export type WithdrawalSummary = DeepReadonly<z.infer<typeof WithdrawalSummarySchema>>;
export type BattleSummary = DeepReadonly<z.infer<typeof BattleSummarySchema>>;
export type SurpriseSummary = DeepReadonly<z.infer<typeof SurpriseSummarySchema>>;
export type BattleSideSummary = DeepReadonly<z.infer<typeof BattleSideSchema>>;
export type RetreatSummary = DeepReadonly<z.infer<typeof RetreatSummarySchema>>;
export type CaptureSummary = DeepReadonly<z.infer<typeof CaptureSummarySchema>>;
export type CardSummary = DeepReadonly<z.infer<typeof CardSummarySchema>>;
export type ReliefSummary = DeepReadonly<z.infer<typeof ReliefSummarySchema>>;
export type SkippedDecision = DeepReadonly<z.infer<typeof SkippedDecisionSchema>>;
export type ResultPosition = DeepReadonly<z.output<typeof ResultPositionSchema>>;

export const EMPTY_SUMMARY: Summary = {
  moves: [],
  interceptions: [],
  avoids: [],
  withdrawals: [],
  battle: null,
  retreats: [],
  captures: [],
  siege: null,
  siegesEnded: [],
  cpSpent: 0,
  siegesBegun: [],
  leadersInside: [],
  cards: [],
  skipped: [],
};
