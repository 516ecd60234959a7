// Events a host sends to a session (DESIGN "Events", a contract). Dot-named, one zod object per event.
import { z } from 'zod';
import { CARDS, isCardId, type CardId } from '../data/cards.ts';
import type { RulingRef } from '../rules/registry.ts';
import { MajorPowerSchema, PowerSchema } from './power.ts';
import type { DeepReadonly } from './readonly.ts';
import { LIMITS } from './limits.ts';
import { CountSchema, LandUnitTypeSchema, LeaderIdSchema, SpaceIdSchema, textSchema, UnitFieldsShape } from './units.ts';

const LandUnitFieldsShape = {
  regulars: UnitFieldsShape.regulars,
  mercenaries: UnitFieldsShape.mercenaries,
  cavalry: UnitFieldsShape.cavalry,
  byPower: UnitFieldsShape.byPower,
};

export const MoveDeclareSchema = z
  .object({ type: z.literal('move.declare'), from: SpaceIdSchema, to: SpaceIdSchema, ...UnitFieldsShape })
  .strict()
  .describe('13.1 steps 1–2: the formation and its destination, when the scenario has no move');
export const InterceptDeclareSchema = z
  .object({ type: z.literal('intercept.declare'), power: PowerSchema, from: SpaceIdSchema, ...UnitFieldsShape })
  .strict()
  .describe('13.2 step 1: an intercepting formation and the adjacent space it comes from');
export const InterceptDeclineSchema = z
  .object({ type: z.literal('intercept.decline'), power: PowerSchema })
  .strict()
  .describe('13.2: this power makes no (more) interception attempts');
export const AvoidDeclareSchema = z
  .object({ type: z.literal('avoid.declare'), power: PowerSchema, to: SpaceIdSchema, ...UnitFieldsShape })
  .strict()
  .describe('13.3 steps 2–3: the adjacent space and the units and leaders that try to avoid battle');
export const AvoidDeclineSchema = z
  .object({ type: z.literal('avoid.decline'), power: PowerSchema })
  .strict()
  .describe('13.3: this power does not avoid battle');
export const WithdrawDeclareSchema = z
  .object({ type: z.literal('withdraw.declare'), power: PowerSchema })
  .strict()
  .describe('13.4: every unit in the space goes into the fortifications');
export const WithdrawDeclineSchema = z
  .object({ type: z.literal('withdraw.decline'), power: PowerSchema })
  .strict()
  .describe('13.4: the units stay outside');
export const MoveContinueSchema = z
  .object({ type: z.literal('move.continue'), to: SpaceIdSchema })
  .strict()
  .describe('13.4 option 1: pay 1 CP (2 over a pass) and move on to an adjacent space');
export const MoveStopSchema = z
  .object({ type: z.literal('move.stop') })
  .strict()
  .describe('13.4 option 2: retreat to the space the formation came from (ruling R4)');
export const CasualtiesAssignSchema = z
  .object({
    type: z.literal('casualties.assign'),
    power: PowerSchema,
    ...LandUnitFieldsShape,
    keep: LandUnitTypeSchema.optional().describe('ruling R7: the type of the one eliminated unit this side keeps'),
    keepPower: PowerSchema.optional().describe("ruling R16: whose unit of that type is kept (default: the major's own)"),
    oddHits: z
      .array(PowerSchema)
      .max(11)
      .optional()
      .describe('ruling R5: the groups that take the hits left over from an even split (decided by one power)'),
  })
  .strict()
  .describe('14 step 9: the land units this power loses (its own choice, ruling R5)');
export const RetreatDeclareSchema = z
  .object({
    type: z.literal('retreat.declare'),
    power: PowerSchema,
    to: SpaceIdSchema.optional(),
    inside: z.object(UnitFieldsShape).strict().optional().describe('14.1: up to 4 land units and any leaders going inside'),
  })
  .strict()
  .describe('14.1: where the losing stack retreats, and what goes into the fortifications');
export const ReliefDeclareSchema = z
  .object({ type: z.literal('relief.declare'), power: PowerSchema, ...UnitFieldsShape })
  .strict()
  .describe(
    '15.2, ruling R35: the land units and leaders inside the besieged space that come out to join the relief force (none: everyone stays inside)',
  );
export const DiceRolledSchema = z
  .object({
    type: z.literal('dice.rolled'),
    values: z
      .array(z.number().int().min(1, { error: 'a die shows 1 to 6' }).max(6, { error: 'a die shows 1 to 6' }))
      .max(LIMITS.dice)
      .optional()
      .describe('each die 1–6; omit to let the session roll its seeded dice'),
  })
  .strict()
  .describe('any roll: 2 dice for interception and avoid battle; a field battle asks for each side in turn');
/** Ruling R32: where new mercenaries go — spaces where the placing power has land units not under siege. */
const PlacementsSchema = z
  .array(
    z
      .object({
        space: SpaceIdSchema,
        mercenaries: CountSchema.min(1).max(LIMITS.unitsPerField),
        inside: z.boolean().optional().describe('with the placing power’s units inside the fortifications'),
      })
      .strict(),
  )
  .max(4);
/** The fields of `card.play` that carry a card's choice, and the cards whose choice each is (rulings R26, R30, R32). */
const CARD_CHOICES = ['leader', 'placements', 'eliminations', 'option'] as const;
type CardChoice = (typeof CARD_CHOICES)[number];
const CHOICES_OF: Readonly<Record<CardId, readonly CardChoice[]>> = {
  'foul-weather': [],
  gout: ['leader'],
  landsknechts: ['placements', 'eliminations'],
  'swiss-mercenaries': ['placements'],
  arquebusiers: [],
  'field-artillery': [],
  'mercenaries-bribed': [],
  'surprise-attack': [],
  tercios: ['option'],
  janissaries: [],
};
/** Whose choice a field is, with its ruling (the Russian is in src/text/issues.ts). */
const CHOICE_OWNER: Readonly<Record<CardChoice, string>> = {
  leader: 'only Gout (#32) names a leader (ruling R26)',
  placements: 'only Landsknechts (#33) and Swiss Mercenaries (#36) place mercenaries (ruling R32)',
  eliminations: "only the Ottoman's Landsknechts (#33) eliminates mercenaries (ruling R32)",
  option: 'only Tercios (#30) names an option (ruling R30)',
};
/** The ruling of each choice, carried by the schema issue (`params.ruling`) into a refusal's `ruling` field. */
const CHOICE_RULING: Readonly<Record<CardChoice, RulingRef>> = {
  leader: 'R26',
  placements: 'R32',
  eliminations: 'R32',
  option: 'R30',
};
function choiceMessage(card: CardId, field: CardChoice): string {
  return `${CARDS[card].name.en} (#${CARDS[card].number}) takes no ${field}: ${CHOICE_OWNER[field]}`;
}

export const CardPlaySchema = z
  .object({
    type: z.literal('card.play'),
    power: PowerSchema,
    card: textSchema().describe('the card played: an id of src/data CARDS (ruling R14)'),
    leader: LeaderIdSchema.optional().describe('Gout (ruling R26): the army leader of the moving formation it strikes'),
    placements: PlacementsSchema.optional().describe(
      'Landsknechts, Swiss Mercenaries (ruling R32): where the new mercenaries go — spaces where the placing power has land units not under siege; omitted when another power places them (card.place)',
    ),
    eliminations: z
      .array(
        z
          .object({
            space: SpaceIdSchema,
            power: MajorPowerSchema.describe('whose mercenaries (5.2: only major powers other than the Ottoman have any)'),
            mercenaries: CountSchema.min(1).max(2),
            inside: z.boolean().optional().describe('those inside the fortifications'),
          })
          .strict(),
      )
      .max(2)
      .optional()
      .describe(
        "the Ottoman's Landsknechts (ruling R32): the 2 mercenaries it eliminates anywhere on the board (every one there is, when fewer)",
      ),
    option: z
      .enum(['extra-dice', 'fewer-dice'])
      .optional()
      .describe('Tercios (ruling R30): 3 extra dice hitting on 4–6, or 3 dice fewer for the Hapsburg side'),
  })
  .strict()
  .superRefine((e, ctx) => {
    // Each choice belongs to the cards that make it: a known card played with another card's choice is refused
    // here, so that no accepted play (nor its save) carries a field its card ignores. Unknown ids are ruling R14's.
    if (!isCardId(e.card)) return;
    for (const field of CARD_CHOICES)
      if (e[field] !== undefined && !(CHOICES_OF[e.card] as readonly string[]).includes(field))
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: choiceMessage(e.card, field),
          params: { ruling: CHOICE_RULING[field] },
        });
  })
  .describe('a card of ruling R14 played in its window (RULES.md §5; rulings R26–R33), with the choices it needs');
export const CardPlaceSchema = z
  .object({
    type: z.literal('card.place'),
    power: PowerSchema.describe('the placing power: France for the Ottoman’s Swiss Mercenaries (ruling R32)'),
    card: textSchema().describe('the card another power played, whose new mercenaries these are'),
    placements: PlacementsSchema.min(1).describe('where the new mercenaries go (ruling R32: the placing power chooses)'),
  })
  .strict()
  .describe(
    'ruling R32: the placing power places the new mercenaries of a card another power played at 14 step 1 (France, for the Ottoman’s Swiss Mercenaries)',
  );
export const CardPassSchema = z
  .object({ type: z.literal('card.pass'), power: PowerSchema })
  .strict()
  .describe('this power plays no (more) cards in this window (ruling R27: a power that passed adds none later)');

export const EventSchema = z.discriminatedUnion('type', [
  MoveDeclareSchema,
  InterceptDeclareSchema,
  InterceptDeclineSchema,
  AvoidDeclareSchema,
  AvoidDeclineSchema,
  WithdrawDeclareSchema,
  WithdrawDeclineSchema,
  MoveContinueSchema,
  MoveStopSchema,
  CasualtiesAssignSchema,
  RetreatDeclareSchema,
  DiceRolledSchema,
  CardPlaySchema,
  CardPassSchema,
  CardPlaceSchema,
  ReliefDeclareSchema,
]);

/** An event a host sends (readonly: the engine freezes every event it accepts, and a decision's options are frozen). */
export type EngineEvent = DeepReadonly<z.output<typeof EventSchema>>;
export type EventType = EngineEvent['type'];
export type EventOf<T extends EventType> = Extract<EngineEvent, { type: T }>;
export const EVENT_TYPES = EventSchema.options.map((o) => o.shape.type.value) as EventType[];
