// The scenario format (DESIGN "Scenario format", a contract): structure only. The checks that need the board, the
// leaders and the rules (unknown ids, command limits, CP, 13.1 entry) live in scenario-checks.ts.
import { z } from 'zod';
import { CARD_IDS } from '../data/cards.ts';
import { InlineMapSchema } from './map.ts';
import { MajorPowerSchema, PowerSchema } from './power.ts';
import { EventSchema } from './events.ts';
import { LIMITS } from './limits.ts';
import type { DeepReadonly } from './readonly.ts';
import { RulingsSchema } from './rulings.ts';
import { CountSchema, LeaderIdSchema, LeaderListSchema, SpaceIdSchema, textSchema, UnitCountSchema, UnitFieldsShape } from './units.ts';

export const BONUSES = ['telescope'] as const;

/**
 * A card of ruling R14 (RULES.md §5): any other id is out of scope, refused with the ruling named (the message says
 * what was given and what the cards are).
 */
export const CardIdSchema = z.enum(CARD_IDS, {
  error: (issue) =>
    `${typeof issue.input === 'string' ? `'${issue.input}' is` : 'that is'} not a card of these procedures: ` +
    `ruling R14 leaves every card out but ${CARD_IDS.join(', ')}`,
});

/**
 * A scenario's own words (its title, its description): one text for both languages, or each language's own; a
 * language left out is shown in the other.
 */
export function ownTextSchema(max: number) {
  return z.union([
    textSchema(max),
    z
      .object({ en: textSchema(max).optional(), ru: textSchema(max).optional() })
      .strict()
      .refine((t) => t.en !== undefined || t.ru !== undefined, { error: 'give the text in English (en), Russian (ru) or both' }),
  ]);
}

export const LeaderDefinitionSchema = z
  .object({
    id: LeaderIdSchema,
    name: textSchema().optional(),
    power: PowerSchema,
    battle: CountSchema.max(LIMITS.battleRating, { error: `a battle rating is at most ${LIMITS.battleRating}` }),
    command: CountSchema.max(LIMITS.commandRating, { error: `a command rating is at most ${LIMITS.commandRating}` }),
  })
  .strict()
  .describe('an extra army leader, or an override of a bundled one (same id)');

export const StackSchema = z
  .object({
    space: SpaceIdSchema,
    power: PowerSchema,
    regulars: UnitCountSchema.default(0),
    mercenaries: UnitCountSchema.default(0),
    cavalry: UnitCountSchema.default(0),
    leaders: LeaderListSchema.default([]),
    inside: z.boolean().default(false).describe('in the fortifications of a fortified space (2.1)'),
    lostBattle: z.boolean().default(false).describe('lost a field battle earlier this impulse (13.1, ruling R12)'),
    attemptedInterception: z
      .boolean()
      .default(false)
      .describe('attempted an interception earlier this impulse (13.2, ruling R12)'),
  })
  .strict();

export const SiegeSchema = z
  .object({
    space: SpaceIdSchema,
    by: z.array(PowerSchema).min(1, { error: 'a siege names at least one besieging power' }).max(11),
    thisImpulse: z.boolean().default(false).describe('the siege began earlier in this impulse (13.1 restriction 5)'),
  })
  .strict();

export const CaptureSchema = z.object({ leader: LeaderIdSchema, by: PowerSchema }).strict();

export const PowerPairSchema = z.tuple([PowerSchema, PowerSchema]);

export const MoveSchema = z
  .object({ from: SpaceIdSchema, to: SpaceIdSchema, ...UnitFieldsShape })
  .strict()
  .describe('the formation the active power moves (13.1 steps 1–2)');

export const ImpulseSchema = z
  .object({
    power: MajorPowerSchema,
    cp: CountSchema.max(LIMITS.cp, { error: `at most ${LIMITS.cp} CP` }).describe('command points the active power has left for this move and any continuation (13.4)'),
    foulWeather: z
      .literal(true)
      .optional()
      .describe('ruling R26: Foul Weather was played this impulse — no formation of the active power moves on (13.4 option 1)'),
    gout: z
      .array(LeaderIdSchema)
      .max(LIMITS.leaders)
      .optional()
      .describe('ruling R26: army leaders struck by Gout this impulse — they may not move, intercept or avoid battle'),
  })
  .strict();

/** Everything that describes the board situation; a session's result position has this shape. */
export const PositionShape = {
  map: z.union([z.literal('his'), InlineMapSchema]).default('his'),
  leaders: z.array(LeaderDefinitionSchema).max(LIMITS.leaders).default([]),
  war: z.array(PowerPairSchema).max(LIMITS.pairs).default([]).describe('pairs of powers at war'),
  alliances: z.array(PowerPairSchema).max(LIMITS.pairs).default([]).describe('allied pairs; a minor allied to a major is active (22.3)'),
  control: z
    .record(SpaceIdSchema, PowerSchema)
    .default({})
    .describe('control overrides; a space is otherwise controlled by its home power (ruling R15)'),
  unrest: z.array(SpaceIdSchema).max(LIMITS.spaces).default([]),
  bonuses: z.partialRecord(PowerSchema, z.array(z.enum(BONUSES))).default({}).describe('ruling R1'),
  hands: z
    .partialRecord(MajorPowerSchema, z.array(CardIdSchema).max(LIMITS.handSize))
    .default({})
    .describe(
      'ruling R33: the cards of ruling R14 each major power holds and may play in the windows of 13.1–14 (each card exists once)',
    ),
  homeCardsUsed: z
    .partialRecord(MajorPowerSchema, z.array(CardIdSchema).max(LIMITS.handSize))
    .optional()
    .describe(
      '6.1, ruling R31: the home cards each major power has already used this turn (back in its hand next turn); a card listed here is not in the hand',
    ),
  stacks: z.array(StackSchema).max(LIMITS.stacks).default([]),
  sieges: z.array(SiegeSchema).max(LIMITS.spaces).default([]),
  captured: z.array(CaptureSchema).max(LIMITS.leaders).default([]).describe('leaders on an enemy power card (13.1, 14 step 10)'),
  impulse: ImpulseSchema,
  rulings: RulingsSchema,
  schmalkaldicLeague: z
    .boolean()
    .optional()
    .describe('false: the Schmalkaldic League has not formed (21.6, ruling R34); absent or true: it has'),
};

export const ScenarioSchema = z
  .object({
    $schema: textSchema(LIMITS.textLength).optional(),
    name: textSchema().optional().describe('a short name (the title when the scenario has none)'),
    title: ownTextSchema(LIMITS.nameLength).optional().describe('the title, in English and Russian: {en, ru}'),
    description: ownTextSchema(LIMITS.textLength).optional().describe('what the scenario shows, in English and Russian: {en, ru}'),
    ...PositionShape,
    move: MoveSchema.optional(),
    events: z.array(EventSchema).max(LIMITS.events).default([]).describe('scripted events, consumed in order'),
    schmalkaldicLeague: z
      .boolean()
      .default(true)
      .describe(
        'whether the Schmalkaldic League has formed; false: the Protestant does not move, intercept or avoid battle, ' +
          'nobody is at war with it, and no other power moves, intercepts, avoids battle, retreats or moves on into ' +
          'an electorate (21.6, ruling R34)',
      ),
  })
  .strict();

export type ScenarioInput = z.input<typeof ScenarioSchema>;
export type StructuredScenario = z.output<typeof ScenarioSchema>;
export type Stack = DeepReadonly<z.output<typeof StackSchema>>;
export type Siege = DeepReadonly<z.output<typeof SiegeSchema>>;
export type Capture = DeepReadonly<z.output<typeof CaptureSchema>>;
export type MoveOrder = DeepReadonly<z.output<typeof MoveSchema>>;
export type LeaderDefinition = DeepReadonly<z.output<typeof LeaderDefinitionSchema>>;
export type Bonus = (typeof BONUSES)[number];
