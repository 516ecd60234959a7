// What a session asks (DESIGN "Session API", a contract): the pending decision, its legal answers as complete events
// ready to send, and every other answer a host might offer with the rule that forbids it. One zod object per kind of
// decision, joined on `kind`: each says which events answer it, what its refused answers name and what its `limits`
// hold. The TypeScript types and `his schema decision` both come from these schemas.
import { z } from 'zod';
import { RULE_REFS, type RulingRef } from '../rules/registry.ts';
import {
  AvoidDeclareSchema,
  CardPassSchema,
  CardPlaceSchema,
  CardPlaySchema,
  AvoidDeclineSchema,
  CasualtiesAssignSchema,
  EventSchema,
  InterceptDeclareSchema,
  InterceptDeclineSchema,
  MoveContinueSchema,
  MoveDeclareSchema,
  MoveStopSchema,
  ReliefDeclareSchema,
  RetreatDeclareSchema,
  WithdrawDeclareSchema,
  WithdrawDeclineSchema,
} from './events.ts';
import { DiceTermSchema } from './dice.ts';
import { FactsSchema } from './facts.ts';
import { MajorPowerSchema, PowerSchema } from './power.ts';
import { ModifierSchema } from './result.ts';
import type { DeepReadonly } from './readonly.ts';
import { ByPowerSchema, CountSchema, LeaderIdSchema, SpaceIdSchema } from './units.ts';

import { PlainTextSchema, TextSchema } from './text.ts';

export { TextSchema };

export const DECISION_KINDS = [
  'move',
  'intercept',
  'roll',
  'avoid',
  'withdraw',
  'continue',
  'casualties',
  'retreat',
  'card',
  'relief',
] as const;
export const DecisionKindSchema = z.enum(DECISION_KINDS);

/** A key of the rule registry (src/rules/registry.ts): a rule section, a step or option of one, or a ruling. */
export const RuleRefSchema = z
  .enum(RULE_REFS)
  .describe('a rule of the rule registry: "13.3", "14 step 9", "13.4 option 1", or a ruling "R5"');
const RULINGS = RULE_REFS.filter((r): r is RulingRef => r.startsWith('R'));
/** A ruling of the rule registry: "R5". */
export const RulingRefSchema = z
  .enum(RULINGS as [RulingRef, ...RulingRef[]])
  .describe('a ruling of the rule registry: "R5"');

/**
 * The name of every space, leader and power id the decision shows — its `power`, its options' events, its refused
 * answers (their facts included) and its `limits` — and of no other, in both languages. Kept apart by what the id
 * is: a power and a space may share an id (`venice`).
 */
export const NamesSchema = z
  .object({
    spaces: z.record(SpaceIdSchema, PlainTextSchema).describe('every `from`, `to` and `destinations` id, and any in facts'),
    leaders: z.record(LeaderIdSchema, PlainTextSchema).describe('every id in a `leaders` list, and any in facts'),
    powers: z
      .partialRecord(PowerSchema, PlainTextSchema)
      .describe('every `power`, `keepPower` and `oddHits` id, the keys of `byPower`, and any in facts'),
  })
  .describe('the names of the ids the decision shows, in English and Russian: names.spaces[id].ru');

/** The answer a refused entry stands for, by kind: only the part that differs (e.g. {"to": "pressburg"}). */
export const MoveRefusedSchema = z.object({ from: SpaceIdSchema, to: SpaceIdSchema });
export const InterceptRefusedSchema = z.object({ power: PowerSchema, from: SpaceIdSchema });
export const DestinationRefusedSchema = z.object({ to: SpaceIdSchema });
export const CardRefusedSchema = z.object({
  power: PowerSchema,
  card: z.string(),
  option: z.enum(['extra-dice', 'fewer-dice']).optional().describe('Tercios: the way that is refused (ruling R30)'),
});
export const SortieRefusedSchema = z.object({ power: PowerSchema });

/** What every refused answer says: the restriction that forbids it, its rule, and why. */
export const BlockedBaseSchema = z.object({
  code: z.string().describe('the restriction that forbids it, e.g. isNotSpaceEnemyCameFrom'),
  rule: RuleRefSchema,
  ruling: RulingRefSchema.optional(),
  reason: TextSchema,
  facts: FactsSchema,
});

function blockedList<O extends z.ZodType>(option: O, what: string) {
  return z
    .array(
      z.object({
        option: option.describe(`the answer that is not allowed: ${what}`),
        ...BlockedBaseSchema.shape,
        label: TextSchema.describe('the refused answer as a person reads it, as an option label would'),
      }),
    )
    .describe('answers a host might offer that are not allowed, each with the restriction and rule that forbid it');
}

/** Kinds whose answers are never refused in advance: their list is always empty. */
const NoneBlocked = z.array(z.never()).max(0).describe('always empty');

function optionList<E extends z.ZodType>(event: E) {
  return z
    .array(z.object({ event: event.describe('a complete, legal answer: send it as is'), label: TextSchema }))
    .describe('legal answers; for unit choices the canonical ones (see limits)');
}

/** A stack's land units and leaders, every field present. */
export const AvailableUnitsSchema = z.object({
  regulars: CountSchema,
  mercenaries: CountSchema,
  cavalry: CountSchema,
  leaders: z.array(LeaderIdSchema),
});

/** Every decision with a list may be cut to a readable length (src/engine/decisions.ts); these say when it was. */
const BoundsShape = {
  optionsComplete: z.boolean().optional().describe('false when `options` was cut to its first answers'),
  blockedComplete: z.boolean().optional().describe('false when `blocked` was cut'),
};
export const BoundsSchema = z.object(BoundsShape).describe('present only when a list was cut');

export const InterceptLimitsSchema = z.object({
  spaces: z
    .array(z.object({ from: SpaceIdSchema, available: AvailableUnitsSchema, maxLandUnits: CountSchema }))
    .describe('each adjacent space that may try: what is there, and the most land units its leaders command (5.1)'),
  ...BoundsShape,
});
export const AvoidLimitsSchema = z.object({
  available: AvailableUnitsSchema.describe('every unit and leader that may try to avoid battle (13.3 step 3)'),
  destinations: z.array(SpaceIdSchema).describe('every legal space'),
  ...BoundsShape,
});
export const CasualtiesLimitsSchema = z.object({
  losses: CountSchema.describe("the land units this power's side loses (14 step 9)"),
  oddHits: CountSchema.describe('hits left over after the even split between groups (ruling R5)'),
  keepsOne: z.boolean().describe('ruling R7: this side keeps one of its eliminated units'),
  groups: z
    .array(z.object({ power: PowerSchema, units: CountSchema, base: CountSchema }))
    .describe('ruling R5: each group of the side, its land units and the hits it takes before the odd hits'),
  optionsComplete: z.boolean().describe('false when there were more combinations than listed'),
  blockedComplete: BoundsShape.blockedComplete,
});
export const RetreatLimitsSchema = z.object({
  available: AvailableUnitsSchema.describe('the retreating units and leaders'),
  destinations: z.array(SpaceIdSchema).describe('every legal space (14.1)'),
  insideRoom: CountSchema.describe('land units that may still go inside the fortifications (14.1)'),
  leadersMayGoInside: z.boolean(),
  insideAvailable: AvailableUnitsSchema.extend({
    byPower: ByPowerSchema.optional().describe(
      'ruling R16: what of each power of the group may go back in, when pieces of more than one came out',
    ),
  })
    .optional()
    .describe('a relief force that lost with fewer hits (15.2, ruling R35): what may go back inside — only what came out'),
  ...BoundsShape,
});

export const ReliefLimitsSchema = z.object({
  available: AvailableUnitsSchema.describe(
    "the land units and leaders inside that may join: the relief force's power's and its active minors' (ruling R35)",
  ),
  insideNow: CountSchema.describe('land units inside the fortifications now, of every power'),
  ...BoundsShape,
});

export const CardLimitsSchema = z.object({
  window: RuleRefSchema.describe('the window: 13.1 step 4, 14 step 1, 14 steps 4–5 or 14 step 7 (RULES.md §5)'),
  destinations: z
    .array(SpaceIdSchema)
    .optional()
    .describe('14 step 1 (ruling R32): every space that takes new mercenaries; any split over them is accepted'),
  eliminate: CountSchema.optional().describe(
    "14 step 1 (ruling R32): how many mercenaries the Ottoman's Landsknechts eliminates (2, or every one there is)",
  ),
  targets: z
    .array(
      z.object({ space: SpaceIdSchema, power: MajorPowerSchema, inside: z.boolean(), mercenaries: CountSchema }),
    )
    .optional()
    .describe("14 step 1 (ruling R32): every mercenary on the board the Ottoman's Landsknechts may eliminate, by place"),
  cards: z
    .array(
      z.object({
        card: z.string(),
        number: CountSchema,
        name: TextSchema,
        playable: z.boolean().describe('false when every play of it is refused (see blocked)'),
      }),
    )
    .describe("the cards of this window in the asked power's hand (ruling R33), with their numbers and names"),
  ...BoundsShape,
});

/** A roll's modifiers, each with its registry rule. */
export const DecisionModifierSchema = ModifierSchema.extend({
  rule: RuleRefSchema,
  ruling: RulingRefSchema.optional(),
});

const BattleSideDiceSchema = z.object({
  dice: z.number().int().min(0),
  landUnits: z.number().int().min(0),
  terms: z.array(DiceTermSchema).describe("the side's dice as terms, in the order they are thrown"),
});

export const RollInfoSchema = z.object({
  dice: z.number().int().min(0),
  purpose: z.enum(['interception', 'avoid', 'attacker', 'defender', 'card']),
  modifiers: z.array(DecisionModifierSchema).describe('the terms that add something, worded'),
  terms: z
    .array(DiceTermSchema)
    .describe("the roll as data: each term's source, rule, dice (or value, for 2d6) and the faces its dice hit on"),
  target: z
    .number()
    .int()
    .nullable()
    .describe('the modified total that succeeds; null for field-battle dice (5 and 6 hit)'),
  side: z
    .enum(['attacker', 'defender'])
    .optional()
    .describe("a card's dice after both rolls (purpose card, Janissaries, ruling R31): the side of the battle they join"),
  battle: z
    .object({
      attacker: BattleSideDiceSchema,
      defender: BattleSideDiceSchema,
      rollsWindow: z
        .literal(true)
        .optional()
        .describe(
          'a card may still add dice after both rolls (Janissaries, 14 step 7, ruling R31): the exact hits of each roll matter, not only the winner and losses',
        ),
      surprise: z
        .enum(['attacker', 'defender'])
        .optional()
        .describe(
          "Surprise Attack (ruling R28): the side that rolls first; the other side takes those hits and its dice are counted again before it rolls, so the rolls are one after the other, not joint",
        ),
    })
    .optional()
    .describe("field-battle rolls: both sides' dice and land units (14 steps 2–3), so a host can show the odds"),
});

/** What every kind of decision has. */
const CommonShape = {
  power: PowerSchema.describe('who answers (for a roll: who rolls)'),
  rule: RuleRefSchema.describe('the rule of the step'),
  ruling: RulingRefSchema.optional(),
  prompt: TextSchema,
  forced: z.boolean().describe('ruling R9: exactly one legal answer; the session applies it itself'),
  machine: z.string().describe('the procedure machine that waits'),
  state: z.string().describe('its state'),
  names: NamesSchema,
};

export const MoveDecisionSchema = z
  .object({
    kind: z.literal('move'),
    ...CommonShape,
    options: optionList(MoveDeclareSchema),
    blocked: blockedList(MoveRefusedSchema, 'a formation space and a destination that may not be entered (13.1)'),
    limits: BoundsSchema.optional(),
  })
  .meta({ title: 'MoveDecision', description: '13.1 steps 1–2: the active power names a formation and a destination' });

export const InterceptDecisionSchema = z
  .object({
    kind: z.literal('intercept'),
    ...CommonShape,
    options: optionList(z.discriminatedUnion('type', [InterceptDeclareSchema, InterceptDeclineSchema])),
    blocked: blockedList(InterceptRefusedSchema, 'a power and an adjacent space that may not try (13.2)'),
    limits: InterceptLimitsSchema,
  })
  .meta({ title: 'InterceptDecision', description: '13.2 step 1: whether, from where and with what this power tries' });

export const RollDecisionSchema = z
  .object({
    kind: z.literal('roll'),
    ...CommonShape,
    options: z.array(z.never()).max(0).describe('always empty: send dice.rolled (with or without values)'),
    blocked: NoneBlocked,
    roll: RollInfoSchema,
  })
  .meta({ title: 'RollDecision', description: 'dice: 2d6 for an interception or an avoid battle, or a battle side' });

export const AvoidDecisionSchema = z
  .object({
    kind: z.literal('avoid'),
    ...CommonShape,
    options: optionList(z.discriminatedUnion('type', [AvoidDeclareSchema, AvoidDeclineSchema])),
    blocked: blockedList(DestinationRefusedSchema, 'an adjacent space that may not be entered (13.3)'),
    limits: AvoidLimitsSchema,
  })
  .meta({ title: 'AvoidDecision', description: '13.3: whether, where to and with what this power avoids battle' });

export const WithdrawDecisionSchema = z
  .object({
    kind: z.literal('withdraw'),
    ...CommonShape,
    options: optionList(z.discriminatedUnion('type', [WithdrawDeclareSchema, WithdrawDeclineSchema])),
    blocked: NoneBlocked,
    limits: BoundsSchema.optional(),
  })
  .meta({ title: 'WithdrawDecision', description: '13.4: whether the defenders withdraw into the fortifications' });

export const ContinueDecisionSchema = z
  .object({
    kind: z.literal('continue'),
    ...CommonShape,
    options: optionList(z.discriminatedUnion('type', [MoveContinueSchema, MoveStopSchema])),
    blocked: blockedList(DestinationRefusedSchema, 'a space the formation may not move on to (13.4 option 1)'),
    limits: BoundsSchema.optional(),
  })
  .meta({ title: 'ContinueDecision', description: '13.4 options 1 and 2: move on from the fortress, or retreat' });

export const CasualtiesDecisionSchema = z
  .object({
    kind: z.literal('casualties'),
    ...CommonShape,
    options: optionList(CasualtiesAssignSchema),
    blocked: NoneBlocked,
    limits: CasualtiesLimitsSchema,
  })
  .meta({ title: 'CasualtiesDecision', description: "14 step 9: which land units this power's group loses" });

export const RetreatDecisionSchema = z
  .object({
    kind: z.literal('retreat'),
    ...CommonShape,
    options: optionList(RetreatDeclareSchema),
    blocked: blockedList(DestinationRefusedSchema, 'an adjacent space the group may not retreat into (14.1)'),
    limits: RetreatLimitsSchema,
  })
  .meta({ title: 'RetreatDecision', description: '14.1: where the losing group retreats, and what goes inside' });

export const CardDecisionSchema = z
  .object({
    kind: z.literal('card'),
    ...CommonShape,
    options: optionList(z.discriminatedUnion('type', [CardPlaySchema, CardPassSchema, CardPlaceSchema])),
    blocked: blockedList(CardRefusedSchema, 'a held card of this window that may not be played (RULES.md §5)'),
    limits: CardLimitsSchema,
  })
  .meta({
    title: 'CardDecision',
    description: 'a card window (RULES.md §5): each legal play of the cards this power holds, or pass (ruling R36)',
  });

export const ReliefDecisionSchema = z
  .object({
    kind: z.literal('relief'),
    ...CommonShape,
    options: optionList(ReliefDeclareSchema),
    blocked: blockedList(SortieRefusedSchema, 'a power whose units inside may not join the relief force (ruling R35)'),
    limits: ReliefLimitsSchema,
  })
  .meta({
    title: 'ReliefDecision',
    description: '15.2, ruling R35: which pieces inside the besieged space come out to join the relief force',
  });

export const DecisionSchema = z
  .discriminatedUnion('kind', [
    MoveDecisionSchema,
    InterceptDecisionSchema,
    RollDecisionSchema,
    AvoidDecisionSchema,
    WithdrawDecisionSchema,
    ContinueDecisionSchema,
    CasualtiesDecisionSchema,
    RetreatDecisionSchema,
    CardDecisionSchema,
    ReliefDecisionSchema,
  ])
  .describe('the pending decision: `kind` says which member, and so which events answer it and what `limits` hold');

/** Any legal answer of any kind, and any refused answer of any kind (the members' own lists are narrower). */
export const OptionSchema = z.object({
  event: EventSchema.describe('a complete, legal answer: send it as is'),
  label: TextSchema,
});
export const BlockedSchema = z.union([
  MoveDecisionSchema.shape.blocked.element,
  InterceptDecisionSchema.shape.blocked.element,
  AvoidDecisionSchema.shape.blocked.element,
  CardDecisionSchema.shape.blocked.element,
  ReliefDecisionSchema.shape.blocked.element,
]);

/** Every key any member of the union has. */
type KeysOf<U> = U extends unknown ? keyof U : never;
type Flat<T> = { [P in keyof T]: T[P] };
/**
 * Each member of a union, with the keys only other members have as absent (`?: undefined`): such a field can be
 * read without narrowing (`d.limits?.destinations`, `b.option.to`), and `kind` still narrows to one member.
 */
type Exclusive<U, K extends PropertyKey = KeysOf<U>> = U extends object
  ? Flat<U & { [P in Exclude<K, keyof U>]?: undefined }>
  : U;

type Parsed = z.output<typeof DecisionSchema>;
type LimitsIn<U> = U extends unknown ? ('limits' extends keyof U ? NonNullable<U['limits' & keyof U]> : never) : never;
type RefusedIn<U> = U extends { blocked: readonly (infer B)[] } ? (B extends { option: infer O } ? O : never) : never;
type Refusals<L, O> = L extends readonly (infer B)[]
  ? { [P in keyof B]: P extends 'option' ? Exclusive<B[P], KeysOf<O>> : B[P] }[]
  : L;
type Member<M> = {
  [P in keyof M]: P extends 'limits'
    ? Exclusive<M[P], KeysOf<LimitsIn<Parsed>>>
    : P extends 'blocked'
      ? Refusals<M[P], RefusedIn<Parsed>>
      : M[P];
};

/**
 * A pending decision: a union discriminated by `kind` (narrow on it for the exact `options[].event`, `blocked`,
 * `limits` and `roll` of one kind). Fields of other kinds read as `undefined`.
 */
export type Decision = DeepReadonly<Exclusive<Parsed extends unknown ? Member<Parsed> : never>>;
export type DecisionKind = z.infer<typeof DecisionKindSchema>;
/** The decision of one kind (or of several). */
export type DecisionOf<K extends DecisionKind> = Extract<Decision, { kind: K }>;
export type MoveDecision = DecisionOf<'move'>;
export type InterceptDecision = DecisionOf<'intercept'>;
export type RollDecision = DecisionOf<'roll'>;
export type AvoidDecision = DecisionOf<'avoid'>;
export type WithdrawDecision = DecisionOf<'withdraw'>;
export type ContinueDecision = DecisionOf<'continue'>;
export type CasualtiesDecision = DecisionOf<'casualties'>;
export type RetreatDecision = DecisionOf<'retreat'>;
export type CardDecision = DecisionOf<'card'>;
export type ReliefDecision = DecisionOf<'relief'>;
/** A legal answer of a kind of decision: its `event` is one of that kind's events. */
export type DecisionOption<K extends DecisionKind = DecisionKind> = DecisionOf<K>['options'][number];
/** A refused answer of a kind of decision (never for `roll`, `withdraw` and `casualties`). */
export type Blocked<K extends DecisionKind = DecisionKind> = DecisionOf<K>['blocked'][number];
/** The `limits` of a kind of decision. */
export type DecisionLimits<K extends DecisionKind = DecisionKind> = NonNullable<DecisionOf<K>['limits']>;
/** What every refused answer says beside its `option` and `label`. */
export type BlockedBase = DeepReadonly<z.output<typeof BlockedBaseSchema>>;
export type DecisionNames = DeepReadonly<z.output<typeof NamesSchema>>;
export type RollInfo = DeepReadonly<z.infer<typeof RollInfoSchema>>;
