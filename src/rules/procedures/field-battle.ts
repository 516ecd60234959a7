// The field battle (14) as the fieldBattle machine runs it: dice (steps 2–3), the rolls (6), the winner (8),
// casualties chosen by their owners (9, rulings R5 and R7), captured leaders (10), lost-battle marks (ruling R12),
// then the retreat (11) and the siege check (12).
import type { EngineEvent, EventOf } from '../../schema/events.ts';
import type { Power } from '../../schema/power.ts';
import type { Stack } from '../../schema/scenario.ts';
import type { BattleSideSummary } from '../../schema/result.ts';
import type { LandUnitType, Units } from '../../schema/units.ts';
import { reliefOutcome, type ReliefReturn } from '../relief.ts';
import {
  checkCasualties,
  survivorsAfter,
  oddHitChoices,
  r7Keeper,
  r7Winner,
  requiredLosses,
  sidePlan,
  type CasualtyArgs,
  type Losses,
  type SidePlan,
} from '../casualties.ts';
import { captureLeaders, holderOf } from '../capture.ts';
import { countHits, diceTotal, type DiceTerm } from '../dice.ts';
import {
  battleTerms,
  battleWinner,
  captorOnSide,
  groupOf,
  groupsOf,
  markLosers,
  opponent,
  sideLeader,
  sideStacks,
  diceBreakdown,
  type Role,
} from '../field-battle.ts';
import { isHostile } from '../hostility.ts';
import { controllerOf, isInactive } from '../relations.ts';
import type { RetreatInput } from './retreat.ts';
import { landUnitsInside, laySiege, mayBeBesieged, outnumbersInside } from '../siege.ts';
import { addStacks, landUnitsIn, leadersIn, takePieces, totals } from '../stacks.ts';
import { reading } from '../world.ts';
import { answerGuard, eventAs, eventOf, guard, startContext } from './common.ts';
import type { AnswerVerdict, ProcedureContext, ProcedureInput } from './common.ts';
import { must } from '../must.ts';
import { ALLOWED } from '../verdict.ts';
import type { CardId } from '../../data/cards.ts';
import { isMajorPower } from '../../schema/power.ts';
import {
  checkBattleCard,
  checkCardPlacement,
  eliminateMercenaries,
  mercenaryGrant,
  nextBattleResponder,
  type BattleCardArgs,
} from '../battle-cards.ts';
import { hasBrokenSiege } from './siege-break.ts';
import { cardSummary, playCard } from '../cards.ts';
import {
  bribeMercenaries,
  checkCombatCard,
  combatStep,
  combatTerm,
  nextCombatResponder,
  sideOf,
  type CombatCardArgs,
  type CombatCardPlay,
} from '../combat-cards.ts';
import { skippedBattleCards, skippedCombatCards, skippedRollsCards } from '../skipped.ts';
import { checkRollsCard, nextRollsResponder, ottomanSide, rollsCardTerm, type RollsCardArgs } from '../rolls-cards.ts';
import { captureSummaries, settleArrival, withSiegeBegun } from './summaries.ts';
import { hitsOwed, surprisedSide, type Surprise } from '../surprise-attack.ts';
import type { MajorPower } from '../../schema/power.ts';

export interface BattleInput {
  readonly space: string;
  readonly attacker: MajorPower;
  /** The space the active formation entered from (14.1, ruling R11). */
  readonly origin: string;
  readonly continuedFrom?: string;
  /** The leaders of the formation that moved in (ruling R19's alternative reading: only they attack). */
  readonly formationLeaders?: readonly string[];
  /** A relief force's battle (15.2, ruling R35): the pieces that came out of the fortifications to join it. */
  readonly relief?: { readonly sortie: Units } | undefined;
}

export interface FieldBattleInput extends ProcedureInput {
  readonly battle: BattleInput;
}

export interface CasualtyAnswer {
  readonly role: Role;
  readonly power: Power;
  readonly losses: Losses;
  readonly byPower?: CasualtyArgs['byPower'] | undefined;
  readonly keep?: LandUnitType | undefined;
  readonly keepPower?: Power | undefined;
}

export interface FieldBattleContext extends ProcedureContext {
  readonly battle: BattleInput;
  /** The forces as they stood when the dice were counted (for the summary). */
  readonly forces?: { readonly attacker: readonly Stack[]; readonly defender: readonly Stack[] };
  /** Each side's dice as terms (14 steps 2–3), in the order its dice are thrown. */
  readonly dice?: { readonly attacker: readonly DiceTerm[]; readonly defender: readonly DiceTerm[] };
  readonly rolled: { readonly attacker?: readonly number[]; readonly defender?: readonly number[] };
  readonly winner?: Role;
  readonly plans?: { readonly attacker: SidePlan; readonly defender: SidePlan };
  readonly oddTo: { readonly attacker?: readonly Power[]; readonly defender?: readonly Power[] };
  readonly answers: readonly CasualtyAnswer[];
  readonly asking?: { readonly role: Role; readonly power: Power } | undefined;
  /** 14 step 1 (ruling R32): the power asked about its response cards now, and those that passed. */
  readonly responding?: MajorPower | undefined;
  readonly responders?: readonly MajorPower[] | undefined;
  /**
   * Ruling R32: a card played at 14 step 1 whose new mercenaries another power places (France, for the Ottoman's
   * Swiss Mercenaries): who played it, and the placing power, asked next.
   */
  readonly placing?:
    { readonly by: MajorPower; readonly card: CardId; readonly placer: MajorPower; readonly count: number } | undefined;
  /** 14 steps 4–5 (ruling R27): the powers that passed on their combat cards, and the last power asked. */
  readonly combatPassed?: readonly MajorPower[] | undefined;
  readonly combatAsked?: MajorPower | undefined;
  /** Ruling R28: a Surprise Attack played at 14 steps 4–5 — its side rolls first — and what its roll did. */
  readonly surprise?: Surprise | undefined;
  /** 14 step 7 (ruling R31): the powers asked after the rolls, and the card's dice waiting to be rolled. */
  readonly rollsResponders?: readonly MajorPower[] | undefined;
  readonly cardRoll?:
    { readonly power: MajorPower; readonly side: Role; readonly terms: readonly DiceTerm[] } | undefined;
  /** Ruling R32: the side 14 step 1 left with no land units, when one was: the battle is not fought. */
  readonly unfought?: 'attacker' | 'defender' | 'both' | undefined;
  /** The card's dice once rolled (for the story): whose, on which side, the faces and their hits. */
  readonly cardRolled?:
    | {
        readonly power: MajorPower;
        readonly side: Role;
        readonly card: CardId;
        readonly values: readonly number[];
        readonly hits: number;
      }
    | undefined;
}

export type FieldBattleOutput = ProcedureContext & { readonly winner?: Role };

export function startFieldBattle(input: FieldBattleInput): FieldBattleContext {
  return { ...startContext(input), battle: input.battle, rolled: {}, oddTo: {}, answers: [] };
}

export function fieldBattleOutput(c: FieldBattleContext): FieldBattleOutput {
  return { world: c.world, summary: c.summary, ...(c.winner ? { winner: c.winner } : {}) };
}

const ROLES: readonly Role[] = ['attacker', 'defender'];

/** The stacks of one group on one side of the battle. */
export function groupStacks(c: FieldBattleContext, role: Role, power: Power): Stack[] {
  return sideStacks(c.world, c.battle, role).filter((s) => groupOf(c.world, s.power) === power);
}

/** Groups on a side in the order they answer: the side's leading group first (it places odd hits, ruling R5). */
function answerOrder(c: FieldBattleContext, role: Role): Power[] {
  const plan = c.plans?.[role];
  if (!plan) return [];
  return [plan.decider, ...plan.groups.map((g) => g.power).filter((p) => p !== plan.decider)];
}

function needsAnswer(c: FieldBattleContext, role: Role, power: Power): boolean {
  const plan = c.plans?.[role];
  if (!plan || c.answers.some((a) => a.role === role && a.power === power)) return false;
  const isDecider = power === plan.decider;
  if (isDecider && plan.oddHits > 0 && c.oddTo[role] === undefined) return true;
  if (plan.keepsOne && power === plan.keeper) return true;
  return requiredLosses(plan, power, c.oddTo[role] ?? []) > 0;
}

/** 14 step 9 order of questions: the attacker's casualties, then the defender's. */
export function nextCasualtyGroup(c: FieldBattleContext): { role: Role; power: Power } | undefined {
  for (const role of ROLES)
    for (const power of answerOrder(c, role)) if (needsAnswer(c, role, power)) return { role, power };
  return undefined;
}

export function casualtyArgs(
  c: FieldBattleContext,
  role: Role,
  power: Power,
  answer: Partial<CasualtyArgs>,
): CasualtyArgs | undefined {
  const plan = c.plans?.[role];
  if (!plan) return undefined;
  return {
    plan,
    power,
    stacks: groupStacks(c, role, power),
    losses: answer.losses ?? { regulars: 0, mercenaries: 0, cavalry: 0 },
    ...(answer.byPower ? { byPower: answer.byPower } : {}),
    ...(answer.keep ? { keep: answer.keep } : {}),
    ...(answer.keepPower ? { keepPower: answer.keepPower } : {}),
    ...(answer.oddHits ? { oddHits: answer.oddHits } : {}),
    ...(c.oddTo[role] ? { oddTo: c.oddTo[role] } : {}),
  };
}

/** A casualties answer as the rules read it (ruling R16's per-power split and kept unit included). */
export function answerOf(e: EventOf<'casualties.assign'>): Partial<CasualtyArgs> & { losses: Losses } {
  return {
    losses: { regulars: e.regulars ?? 0, mercenaries: e.mercenaries ?? 0, cavalry: e.cavalry ?? 0 },
    ...(e.byPower ? { byPower: e.byPower } : {}),
    ...(e.keep ? { keep: e.keep } : {}),
    ...(e.keepPower ? { keepPower: e.keepPower } : {}),
    ...(e.oddHits ? { oddHits: e.oddHits } : {}),
  };
}

/**
 * The verdict on a casualties answer (14 step 9, rulings R5, R7, R16), read as the asked group's: the restriction
 * that refuses it, else `false` when another power sent it (the answer is not its to give).
 */
export function casualtiesVerdict(c: FieldBattleContext, event: EngineEvent): AnswerVerdict {
  const e = eventOf(event, 'casualties.assign');
  if (!e || !c.asking) return false;
  const args = casualtyArgs(c, c.asking.role, c.asking.power, answerOf(e));
  if (!args) return false;
  const v = checkCasualties(c.world, args);
  return v.ok && e.power !== c.asking.power ? false : v;
}

function attackerOutnumbersInside(c: FieldBattleContext): boolean {
  return outnumbersInside(
    landUnitsIn(sideStacks(c.world, c.battle, 'attacker')),
    landUnitsInside(c.world, c.battle.space),
  );
}

/** 14 step 12: a battle in a fortified space held against the attacker, won by the attacker, with units left. */
function isAttackerSiegeCheckDue(c: FieldBattleContext): boolean {
  const s = c.world.board.spaces.get(c.battle.space);
  const controller = controllerOf(c.world, c.battle.space);
  const hostile = controller === 'independent' || isHostile(c.world, c.battle.attacker, controller, c.battle.space);
  const due =
    c.winner === 'attacker' && !!s?.fortified && hostile && landUnitsIn(sideStacks(c.world, c.battle, 'attacker')) > 0;
  // Ruling R13's alternative reading: an empty fortress is not besieged; the winner stays outside it.
  return due && mayBeBesieged(c.world, c.battle.space);
}

/** The arguments of a card played at 14 step 1 as the restrictions read them (the guard, the refusal, the options). */
export function battleCardArgs(c: FieldBattleContext, event: EngineEvent): BattleCardArgs | undefined {
  const e = eventOf(event, 'card.play');
  if (!e || !isMajorPower(e.power)) return undefined;
  return { power: e.power, card: e.card, battle: c.battle, placements: e.placements, eliminations: e.eliminations };
}

/** Ruling R32: the attacker first, then each defending major power in impulse order, is asked. */
export function askNextBattleResponder(c: FieldBattleContext): Partial<FieldBattleContext> {
  return { responding: nextBattleResponder(c.world, c.battle, c.responders ?? []) };
}

export function passBattleResponseCard(c: FieldBattleContext, event: EngineEvent): Partial<FieldBattleContext> {
  const power = eventAs(event, 'card.pass').power as MajorPower;
  return { responders: [...(c.responders ?? []), power], responding: undefined };
}

/**
 * Ruling R32: Landsknechts or Swiss Mercenaries — the new mercenaries go where the event says, beside the placing
 * power's land units (in the battle space they fight); the card leaves the hand. The same power is asked again
 * while it holds a card it may play.
 */
export function playBattleResponseCard(c: FieldBattleContext, event: EngineEvent): Partial<FieldBattleContext> {
  const args = must(battleCardArgs(c, event), 'playBattleResponseCard without card.play');
  const card = args.card as CardId;
  if (args.eliminations) {
    // Ruling R32: the Ottoman's Landsknechts eliminates the mercenaries it names, anywhere on the board.
    const eliminated = args.eliminations.map((e) => ({
      space: e.space,
      power: e.power,
      mercenaries: e.mercenaries,
      inside: e.inside ?? false,
    }));
    const position = eliminateMercenaries(playCard(c.world.position, args.power, card), eliminated);
    return {
      world: { ...c.world, position },
      responding: undefined,
      summary: { ...c.summary, cards: [...c.summary.cards, cardSummary(args.power, card, { eliminated })] },
    };
  }
  const grant = must(mercenaryGrant(args.power, card), 'a battle card that places no mercenaries');
  // Ruling R32: the placing power chooses; when it is another power, it is asked next (awaitingCardPlacement).
  if (grant.placer !== args.power)
    return {
      world: { ...c.world, position: playCard(c.world.position, args.power, card) },
      placing: { by: args.power, card, placer: grant.placer, count: grant.count },
      responding: grant.placer,
    };
  return placeMercenaries(
    c,
    args.power,
    card,
    grant.placer,
    args.placements ?? [],
    playCard(c.world.position, args.power, card),
  );
}

/** Ruling R32: the placing power's answer — the new mercenaries of the card another power played go where it says. */
export function placeCardMercenaries(c: FieldBattleContext, event: EngineEvent): Partial<FieldBattleContext> {
  const e = eventAs(event, 'card.place');
  const p = must(c.placing, 'placeCardMercenaries with no placement asked');
  return { ...placeMercenaries(c, p.by, p.card, p.placer, e.placements, c.world.position), placing: undefined };
}

/** Ruling R32: new mercenaries of `placer` where `placements` say, and the card in the summary as `by` played it. */
function placeMercenaries(
  c: FieldBattleContext,
  by: MajorPower,
  card: CardId,
  placer: MajorPower,
  placements: readonly {
    readonly space: string;
    readonly mercenaries: number;
    readonly inside?: boolean | undefined;
  }[],
  from: FieldBattleContext['world']['position'],
): Partial<FieldBattleContext> {
  const placed = placements.map((p) => ({
    space: p.space,
    power: placer,
    mercenaries: p.mercenaries,
    inside: p.inside ?? false,
  }));
  const stacks = placed.map((p) => ({
    space: p.space,
    power: p.power,
    regulars: 0,
    mercenaries: p.mercenaries,
    cavalry: 0,
    leaders: [],
    inside: p.inside,
    lostBattle: false,
    attemptedInterception: false,
  }));
  const position = addStacks(from, stacks);
  return {
    world: { ...c.world, position },
    responding: undefined,
    summary: { ...c.summary, cards: [...c.summary.cards, cardSummary(by, card, { placed })] },
  };
}

/** Ruling R9: the powers of the battle holding a card of 14 step 1 they may not play, with the reasons. */
export function closeBattleResponseWindow(c: FieldBattleContext): Partial<FieldBattleContext> {
  const skipped = skippedBattleCards(c.world, c.battle, c.responders ?? []);
  return skipped.length > 0 ? { summary: { ...c.summary, skipped: [...c.summary.skipped, ...skipped] } } : {};
}

/**
 * A side of the battle left with no land units: once 14 step 1 is over (the Ottoman's Landsknechts, ruling R32), or
 * by a play of 14 steps 4–5 (Mercenaries Bribed turning every mercenary of a side that has no other land unit, ruling
 * R29).
 */
export function unfoughtSide(c: FieldBattleContext): 'attacker' | 'defender' | 'both' | undefined {
  const empty = ROLES.filter((role) => landUnitsIn(sideStacks(c.world, c.battle, role)) === 0);
  return empty.length === 2 ? 'both' : empty[0];
}

/**
 * Ruling R32: a side left with no land units by 14 step 1 fights no battle — no dice are counted or rolled (13.1
 * step 8: a battle needs enemy land units in the space) and the side with land units wins (14 step 8; the defender
 * when neither has any, as on a tie). Nobody owes a loss; its leaders are captured at 14 step 10. The same reading
 * holds for a side Mercenaries Bribed leaves with no land units at 14 steps 4–5 (ruling R29: the mercenaries switch
 * sides before the roll): nothing is rolled, the dice the window's cards declared included.
 */
export function awardUnfoughtBattle(c: FieldBattleContext): Partial<FieldBattleContext> {
  const empty = must(unfoughtSide(c), 'awardUnfoughtBattle with land units on both sides');
  const attacker = sideStacks(c.world, c.battle, 'attacker');
  const defender = sideStacks(c.world, c.battle, 'defender');
  return {
    forces: { attacker, defender },
    dice: { attacker: [], defender: [] },
    winner: empty === 'defender' ? 'attacker' : 'defender',
    unfought: empty,
  };
}

/** The arguments of a card played at 14 steps 4–5 as the restrictions read them. */
export function combatCardArgs(c: FieldBattleContext, event: EngineEvent): CombatCardArgs | undefined {
  const e = eventOf(event, 'card.play');
  if (!e || !isMajorPower(e.power)) return undefined;
  return { power: e.power, card: e.card, battle: c.battle, option: e.option };
}

function combatWindow(c: FieldBattleContext) {
  return { passed: c.combatPassed ?? [], asked: c.combatAsked };
}

function nextCombatPower(c: FieldBattleContext): MajorPower | undefined {
  return nextCombatResponder(c.world, c.battle, combatWindow(c));
}

/** Ruling R27: the attacker first (14 step 4), then each defending major power in impulse order (14 step 5). */
export function askNextCombatResponder(c: FieldBattleContext): Partial<FieldBattleContext> {
  const next = nextCombatPower(c);
  return { responding: next, combatAsked: next };
}

export function passCombatCard(c: FieldBattleContext, event: EngineEvent): Partial<FieldBattleContext> {
  const power = eventAs(event, 'card.pass').power as MajorPower;
  return { combatPassed: [...(c.combatPassed ?? []), power], responding: undefined };
}

/** Each side's dice counted again (14 steps 2–3) on the units now in the battle, the cards' terms kept. */
function recount(c: FieldBattleContext, world: FieldBattleContext['world']): Partial<FieldBattleContext> {
  const counted = countDice({ ...c, world });
  const cards = (role: Role) => (c.dice?.[role] ?? []).filter((t) => t.source.kind === 'card');
  return {
    ...counted,
    dice: {
      attacker: [...(counted.dice?.attacker ?? []), ...cards('attacker')],
      defender: [...(counted.dice?.defender ?? []), ...cards('defender')],
    },
  };
}

/**
 * Rulings R27, R29, R30: a combat card's effect — its dice join the side it names (a negative term takes dice from
 * the Hapsburg side), or Mercenaries Bribed turns mercenaries and both sides' dice are counted again; the card
 * leaves the hand. The same power is asked again while it holds a card it may play.
 */
export function playCombatCard(c: FieldBattleContext, event: EngineEvent): Partial<FieldBattleContext> {
  const args = must(combatCardArgs(c, event), 'playCombatCard without card.play');
  const play = {
    power: args.power,
    card: args.card as CardId,
    ...(args.option ? { option: args.option } : {}),
  } as CombatCardPlay;
  const window = combatStep(c.battle, args.power);
  const hand = playCard(c.world.position, args.power, play.card);
  if (play.card === 'surprise-attack') {
    // Ruling R28: no dice; the player's side will roll first (the machine's states after the window).
    const side = must(sideOf(c.world, c.battle, args.power), 'a Surprise Attack with no land units in the battle');
    return {
      world: { ...c.world, position: hand },
      surprise: { power: args.power, side },
      responding: undefined,
      summary: { ...c.summary, cards: [...c.summary.cards, cardSummary(args.power, play.card, { window, side })] },
    };
  }
  if (play.card === 'mercenaries-bribed') {
    const bribe = bribeMercenaries(c.world, c.battle, args.power);
    const world = { ...c.world, position: playCard(bribe.position, args.power, play.card) };
    return {
      world,
      ...recount(c, world),
      responding: undefined,
      summary: {
        ...c.summary,
        cards: [
          ...c.summary.cards,
          cardSummary(args.power, play.card, {
            window,
            bribed: bribe.bribed.map((b) => ({ ...b })),
            mercenaries: bribe.mercenaries,
          }),
        ],
      },
    };
  }
  const term = must(combatTerm(c.world, c.battle, play), 'a combat card with no dice');
  const dice = c.dice ?? { attacker: [], defender: [] };
  // Ruling R30: Tercios' 3 dice fewer come off everything the side rolls, so dice added later go before them.
  const own = dice[term.role];
  const at = term.term.count < 0 ? own.length : own.findIndex((t) => t.count < 0);
  const terms = at < 0 ? [...own, term.term] : [...own.slice(0, at), term.term, ...own.slice(at)];
  return {
    world: { ...c.world, position: hand },
    dice: { ...dice, [term.role]: terms },
    responding: undefined,
    summary: {
      ...c.summary,
      cards: [
        ...c.summary.cards,
        cardSummary(args.power, play.card, {
          window,
          ...(play.option ? { option: play.option } : {}),
          side: term.role,
          dice: term.term.count,
        }),
      ],
    },
  };
}

/** Ruling R9: the powers of the battle holding combat cards they may not play, with the reasons. */
export function closeCombatCardWindow(c: FieldBattleContext): Partial<FieldBattleContext> {
  const skipped = skippedCombatCards(c.world, c.battle, c.combatPassed ?? []);
  return skipped.length > 0 ? { summary: { ...c.summary, skipped: [...c.summary.skipped, ...skipped] } } : {};
}

/** The arguments of a card played at 14 step 7 as the restrictions read them (ruling R31). */
export function rollsCardArgs(c: FieldBattleContext, event: EngineEvent): RollsCardArgs | undefined {
  const e = eventOf(event, 'card.play');
  if (!e || !isMajorPower(e.power)) return undefined;
  return { power: e.power, card: e.card, battle: c.battle };
}

/** Ruling R31: after both rolls, the owner of the home card of 14 step 7 (the Ottoman) is asked once. */
export function askNextRollsResponder(c: FieldBattleContext): Partial<FieldBattleContext> {
  return { responding: nextRollsResponder(c.world, c.battle, c.rollsResponders ?? []) };
}

export function passRollsCard(c: FieldBattleContext, event: EngineEvent): Partial<FieldBattleContext> {
  const power = eventAs(event, 'card.pass').power as MajorPower;
  return { rollsResponders: [...(c.rollsResponders ?? []), power], responding: undefined };
}

/**
 * Ruling R31: Janissaries leaves the hand, used this turn (6.1); its 5 dice join the Ottoman's side and are rolled
 * now (the next state), hitting on 5–6.
 */
export function playRollsCard(c: FieldBattleContext, event: EngineEvent): Partial<FieldBattleContext> {
  const args = must(rollsCardArgs(c, event), 'playRollsCard without card.play');
  const card = args.card as CardId;
  const side = must(ottomanSide(c.world, c.battle, args.power), 'a card of 14 step 7 with no land units in the battle');
  const terms = [rollsCardTerm(card, args.power)];
  return {
    world: { ...c.world, position: playCard(c.world.position, args.power, card) },
    responding: undefined,
    rollsResponders: [...(c.rollsResponders ?? []), args.power],
    cardRoll: { power: args.power, side, terms },
    summary: {
      ...c.summary,
      cards: [...c.summary.cards, cardSummary(args.power, card, { side, dice: diceTotal(terms) })],
    },
  };
}

/**
 * 14 step 7, ruling R31: the card's dice are rolled; they join their side's dice and faces (its hits count for the
 * winner, step 8, and the losses, step 9; its dice count as rolled for ruling R7).
 */
export function recordCardRoll(c: FieldBattleContext, event: EngineEvent): Partial<FieldBattleContext> {
  const roll = must(c.cardRoll, 'recordCardRoll with no card dice to roll');
  const values = eventOf(event, 'dice.rolled')?.values ?? [];
  const dice = must(c.dice, 'a card roll before the dice are counted');
  const source = roll.terms[0]?.source;
  const card = must(source?.kind === 'card' ? source.card : undefined, "a card roll whose dice are not the card's");
  return {
    dice: { ...dice, [roll.side]: [...dice[roll.side], ...roll.terms] },
    rolled: { ...c.rolled, [roll.side]: [...(c.rolled[roll.side] ?? []), ...values] },
    cardRoll: undefined,
    cardRolled: { power: roll.power, side: roll.side, card, values: [...values], hits: countHits(values, roll.terms) },
  };
}

/** Ruling R9: the powers holding a card of 14 step 7 they may not play (no Ottoman land units in the battle, …). */
export function closeRollsWindow(c: FieldBattleContext): Partial<FieldBattleContext> {
  const skipped = skippedRollsCards(c.world, c.battle, c.rollsResponders ?? []);
  return skipped.length > 0 ? { summary: { ...c.summary, skipped: [...c.summary.skipped, ...skipped] } } : {};
}

export const fieldBattleGuards = {
  hasRollsResponderToAsk: guard<FieldBattleContext>(
    '14 step 7',
    (c) => nextRollsResponder(c.world, c.battle, c.rollsResponders ?? []) !== undefined,
  ),
  isLegalRollsCard: answerGuard<FieldBattleContext>('14 step 7', (c, e) => {
    const args = rollsCardArgs(c, e);
    return args && args.power === c.responding ? checkRollsCard(c.world, args) : false;
  }),
  isAskedRollsResponderPassing: answerGuard<FieldBattleContext>('14 step 7', (c, e) =>
    eventOf(e, 'card.pass')?.power === c.responding ? ALLOWED : false,
  ),
  isCardRoll: guard<FieldBattleContext>(
    '14 step 7',
    (c, e) => !!c.cardRoll && eventOf(e, 'dice.rolled')?.values?.length === diceTotal(c.cardRoll.terms),
  ),
  hasBrokenSiege,
  isSideWithoutLandUnits: guard<FieldBattleContext>('14 step 1', (c) => unfoughtSide(c) !== undefined, 'R32'),
  isSideBribedWithoutLandUnits: guard<FieldBattleContext>('14 step 4', (c) => unfoughtSide(c) !== undefined, 'R29'),
  hasBattleResponderToAsk: guard<FieldBattleContext>(
    '14 step 1',
    (c) => nextBattleResponder(c.world, c.battle, c.responders ?? []) !== undefined,
  ),
  isLegalBattleResponseCard: answerGuard<FieldBattleContext>('14 step 1', (c, e) => {
    const args = battleCardArgs(c, e);
    return args && args.power === c.responding ? checkBattleCard(c.world, args) : false;
  }),
  isCardPlacementAsked: guard<FieldBattleContext>('14 step 1', (c) => c.placing !== undefined, 'R32'),
  isLegalCardPlacement: answerGuard<FieldBattleContext>('14 step 1', (c, e) => {
    const place = eventOf(e, 'card.place');
    const p = c.placing;
    // Another power's answer is out of turn (`false`); the placing power's is judged, the card it names included.
    if (!place || !p || place.power !== p.placer) return false;
    return checkCardPlacement(c.world, {
      by: p.by,
      card: p.card,
      named: place.card,
      battle: c.battle,
      placements: place.placements,
    });
  }),
  // A pass is always allowed to the asked power; another power's is out of turn (`false`).
  isAskedBattleResponderPassing: answerGuard<FieldBattleContext>('14 step 1', (c, e) =>
    eventOf(e, 'card.pass')?.power === c.responding ? ALLOWED : false,
  ),
  hasAttackerCombatCardToAsk: guard<FieldBattleContext>('14 step 4', (c) => nextCombatPower(c) === c.battle.attacker),
  hasDefenderCombatCardToAsk: guard<FieldBattleContext>('14 step 5', (c) => {
    const next = nextCombatPower(c);
    return next !== undefined && next !== c.battle.attacker;
  }),
  isLegalCombatCard: answerGuard<FieldBattleContext>('14 step 4', (c, e) => {
    const args = combatCardArgs(c, e);
    return args && args.power === c.responding ? checkCombatCard(c.world, args) : false;
  }),
  // A pass is always allowed to the asked power; another power's is out of turn (`false`).
  isAskedCombatResponderPassing: answerGuard<FieldBattleContext>('14 step 4', (c, e) =>
    eventOf(e, 'card.pass')?.power === c.responding ? ALLOWED : false,
  ),
  isAttackerRoll: guard<FieldBattleContext>(
    '14 step 2',
    (c, e) => eventOf(e, 'dice.rolled')?.values?.length === diceTotal(c.dice?.attacker ?? []),
  ),
  isDefenderRoll: guard<FieldBattleContext>(
    '14 step 3',
    (c, e) => eventOf(e, 'dice.rolled')?.values?.length === diceTotal(c.dice?.defender ?? []),
  ),
  isNextCasualtyGroupInactive: guard<FieldBattleContext>('22.1', (c) => {
    const next = nextCasualtyGroup(c);
    return !!next && isInactive(c.world.position, next.power);
  }),
  hasCasualtyDecision: guard<FieldBattleContext>('14 step 9', (c) => nextCasualtyGroup(c) !== undefined),
  isLegalCasualties: answerGuard<FieldBattleContext>('14 step 9', casualtiesVerdict),
  doesAttackerBesiege: guard<FieldBattleContext>(
    '14 step 12',
    (c) => isAttackerSiegeCheckDue(c) && attackerOutnumbersInside(c),
  ),
  mustAttackerLeave: guard<FieldBattleContext>(
    '14 step 12',
    (c) => isAttackerSiegeCheckDue(c) && !attackerOutnumbersInside(c),
  ),
};

/** 14 steps 2–3: each side's dice. */
export function countDice(c: FieldBattleContext): Partial<FieldBattleContext> {
  const attacker = sideStacks(c.world, c.battle, 'attacker');
  const defender = sideStacks(c.world, c.battle, 'defender');
  return {
    forces: { attacker, defender },
    dice: {
      attacker: battleTerms(c.world, attacker, 'attacker'),
      defender: battleTerms(c.world, defender, 'defender'),
    },
  };
}

export function recordAttackerRoll(c: FieldBattleContext, event: EngineEvent): Partial<FieldBattleContext> {
  return { rolled: { ...c.rolled, attacker: eventOf(event, 'dice.rolled')?.values ?? [] } };
}

export function recordDefenderRoll(c: FieldBattleContext, event: EngineEvent): Partial<FieldBattleContext> {
  return { rolled: { ...c.rolled, defender: eventOf(event, 'dice.rolled')?.values ?? [] } };
}

/** 14 step 6: each side's hits, each die read by the term it belongs to. */
export function sideHits(c: Pick<FieldBattleContext, 'dice' | 'rolled'>): { attacker: number; defender: number } {
  return {
    attacker: countHits(c.rolled.attacker ?? [], c.dice?.attacker ?? []),
    defender: countHits(c.rolled.defender ?? [], c.dice?.defender ?? []),
  };
}

/** 14 steps 6, 8, 9: hits, the winner (ties to the defender), and what each side must lose. */
export function decideWinner(c: FieldBattleContext): Partial<FieldBattleContext> {
  const hits = sideHits(c);
  const stacks = {
    attacker: sideStacks(c.world, c.battle, 'attacker'),
    defender: sideStacks(c.world, c.battle, 'defender'),
  };
  // Ruling R28: the side a Surprise Attack struck has taken the first roll's hits already.
  const owed = (role: Role) => hitsOwed(c.surprise, role, hits[opponent(role)]);
  const wiped = (role: Role) => landUnitsIn(stacks[role]) > 0 && owed(role) >= landUnitsIn(stacks[role]);
  const left = (role: Role) => Math.max(0, landUnitsIn(stacks[role]) - owed(role));
  // Ruling R7: who wins when the winner on hits is wiped out, and who keeps a unit when both sides are.
  const winner = r7Winner(c.world, battleWinner(hits.attacker, hits.defender), {
    attacker: left('attacker'),
    defender: left('defender'),
  });
  const keeper = r7Keeper(
    { dice: diceTotal(c.dice?.attacker ?? []), wipedOut: wiped('attacker') },
    { dice: diceTotal(c.dice?.defender ?? []), wipedOut: wiped('defender') },
    c.world,
  );
  const plan = (role: Role) =>
    sidePlan(
      c.world,
      role,
      stacks[role],
      owed(role),
      sideLeader(c.world, c.battle, role, stacks[role]),
      keeper === role,
    );
  return { winner, plans: { attacker: plan('attacker'), defender: plan('defender') } };
}

export function askNextCasualties(c: FieldBattleContext): Partial<FieldBattleContext> {
  return { asking: nextCasualtyGroup(c) };
}

function withAnswer(
  c: FieldBattleContext,
  answer: CasualtyAnswer,
  oddHits: readonly Power[] | undefined,
): Partial<FieldBattleContext> {
  const plan = c.plans?.[answer.role];
  const placesOdd = plan && answer.power === plan.decider && c.oddTo[answer.role] === undefined;
  return {
    answers: [...c.answers, answer],
    asking: undefined,
    ...(placesOdd ? { oddTo: { ...c.oddTo, [answer.role]: oddHits ?? [] } } : {}),
  };
}

export function recordCasualties(c: FieldBattleContext, event: EngineEvent): Partial<FieldBattleContext> {
  const e = eventAs(event, 'casualties.assign');
  const asking = must(c.asking, 'recordCasualties with no group asked');
  const { oddHits, ...answer } = answerOf(e);
  return withAnswer(c, { ...asking, ...answer }, oddHits);
}

/** Ruling R10: an inactive minor or independent loses regulars (its only units) and keeps odd hits itself. */
export function assignInactiveCasualties(c: FieldBattleContext): Partial<FieldBattleContext> {
  const next = must(nextCasualtyGroup(c), 'assignInactiveCasualties with no group to answer');
  const plan = must(c.plans?.[next.role], 'assignInactiveCasualties before the winner is decided');
  const odd =
    c.oddTo[next.role] ??
    (next.power === plan.decider
      ? (oddHitChoices(plan).find((ch) => ch.includes(next.power)) ?? oddHitChoices(plan)[0] ?? [])
      : []);
  const n = requiredLosses(plan, next.power, odd);
  const keep = plan.keepsOne && next.power === plan.keeper ? ('regulars' as const) : undefined;
  return withAnswer(
    c,
    { ...next, losses: { regulars: n, mercenaries: 0, cavalry: 0 }, ...(keep ? { keep } : {}) },
    odd,
  );
}

function sideSummary(c: FieldBattleContext, role: Role): BattleSideSummary {
  const forces = c.forces?.[role] ?? [];
  const terms = c.dice?.[role] ?? [];
  const dice = diceBreakdown(terms);
  const answers = c.answers.filter((a) => a.role === role);
  // Ruling R28: the losses a Surprise Attack made the side take at once are its losses too.
  const first = c.surprise && surprisedSide(c.surprise) === role ? c.surprise.losses : undefined;
  const losses = { regulars: first?.regulars ?? 0, mercenaries: first?.mercenaries ?? 0, cavalry: first?.cavalry ?? 0 };
  for (const a of answers)
    for (const k of ['regulars', 'mercenaries', 'cavalry'] as const) losses[k] += a.losses[k] - (a.keep === k ? 1 : 0);
  return {
    powers: groupsOf(c.world, forces),
    units: totals(forces),
    leader: dice.leaderId,
    dice: { units: dice.units, leader: dice.leader, defender: dice.defender, total: dice.total },
    terms: terms.map((t) => ({ ...t })),
    rolled: [...(c.rolled[role] ?? [])],
    hits: countHits(c.rolled[role] ?? [], terms),
    losses,
    kept: answers.find((a) => a.keep)?.keep ?? null,
  };
}

/** 14 step 9: the position with the answered losses taken (ruling R7's kept unit stays), group by group. */
export function takeLosses(
  c: FieldBattleContext,
  answers: readonly CasualtyAnswer[],
): FieldBattleContext['world']['position'] {
  let position = c.world.position;
  for (const a of answers) {
    const stacks = groupStacks({ ...c, world: { ...c.world, position } }, a.role, a.power);
    const survivors = survivorsAfter({
      stacks,
      power: a.power,
      losses: a.losses,
      byPower: a.byPower,
      keep: a.keep,
      keepPower: a.keepPower,
    });
    if (!survivors) throw new Error(`takeLosses: ${a.power} cannot lose ${JSON.stringify(a.losses)}`);
    // By pieces: a leader who stood aside (ruling R19's alternative) shares a stack with the attackers.
    position = addStacks(takePieces(position, stacks), survivors);
  }
  return position;
}

/**
 * 14 steps 9–10 and ruling R12: losses come off at once; a side with no land units left loses its leaders to the
 * other side's leading power; the losing side's survivors are marked as having lost a field battle.
 */
export function applyCasualties(c: FieldBattleContext): Partial<FieldBattleContext> {
  const position = takeLosses(c, c.answers);
  let summary = c.summary;
  let world = { ...c.world, position };
  for (const role of ROLES) {
    const side = sideStacks(world, c.battle, role);
    if (landUnitsIn(side) === 0 && leadersIn(side).length > 0) {
      const other = opponent(role);
      const captor = captorOnSide(world, c.battle, other, c.forces?.[other] ?? []);
      const leaders = leadersIn(side);
      world = { ...world, position: captureLeaders(world.position, leaders, captor) };
      summary = {
        ...summary,
        captures: [
          ...summary.captures,
          ...captureSummaries(
            leaders.map((leader) => ({ leader, by: captor })),
            c.battle.space,
            '14 step 10',
          ),
        ],
      };
    }
  }
  const winner = must(c.winner, 'applyCasualties before the winner is decided');
  const loser = opponent(winner);
  world = { ...world, position: markLosers(world.position, sideStacks(world, c.battle, loser)) };
  const attacker = sideSummary(c, 'attacker');
  const defender = sideSummary(c, 'defender');
  const winnerPower = winningPower(c, winner);
  return {
    world,
    summary: {
      ...summary,
      battle: {
        space: c.battle.space,
        attacker,
        defender,
        winner,
        winnerPower,
        ...(c.unfought ? { unfought: c.unfought } : {}),
      },
    },
  };
}

/** 14 step 8: the power that wins, once the winning side is known (the defending side's leading power). */
export function winningPower(c: FieldBattleContext, winner: Role): Power {
  return winner === 'attacker'
    ? c.battle.attacker
    : sideLeader(c.world, c.battle, 'defender', c.forces?.defender ?? []);
}

/**
 * Ruling R19's alternative reading: the attacking force leaves as exactly the pieces that fought, so a leader who
 * stood aside stays in the space. Under the ruling the whole group outside retreats (no `formation`).
 */
function attackingPieces(c: FieldBattleContext): { formation?: Stack[] } {
  return reading(c.world, 'R19') === 'alternative' ? { formation: sideStacks(c.world, c.battle, 'attacker') } : {};
}

/** 14 step 11: the retreat the losing side makes. */
export function loserRetreatInput(c: FieldBattleContext): RetreatInput {
  const winner = must(c.winner, 'a retreat before the winner is decided');
  return {
    world: c.world,
    summary: c.summary,
    retreat: {
      space: c.battle.space,
      reason: winner === 'attacker' ? 'defender' : 'attacker',
      attacker: c.battle.attacker,
      origin: c.battle.origin,
      ...(c.battle.continuedFrom ? { continuedFrom: c.battle.continuedFrom } : {}),
      captor: captorOnSide(c.world, c.battle, winner, c.forces?.[winner] ?? []),
      losingGroups: groupsOf(c.world, c.forces?.[opponent(winner)] ?? []),
      ...(winner === 'defender' ? attackingPieces(c) : {}),
      ...(winner === 'defender' && c.battle.relief ? { relief: lostRelief(c, c.battle.relief.sortie) } : {}),
    },
  };
}

/** 15.2, ruling R35: a relief force that lost, on equal or on fewer hits (the hits the summary recorded). */
function lostRelief(c: FieldBattleContext, sortie: Units): ReliefReturn {
  const battle = must(c.summary.battle, 'a relief retreat before the battle is recorded');
  const outcome = reliefOutcome(false, battle.attacker.hits, battle.defender.hits);
  return { outcome: outcome === 'won' ? 'tie' : outcome, sortie };
}

/**
 * 14 step 12, as in 15.3: the attacker that does not outnumber the units inside leaves for any legal space; with none
 * its leaders go to the power holding the fortress (ruling R20), not to the side it beat.
 */
export function attackerLeavingInput(c: FieldBattleContext): RetreatInput {
  return {
    world: c.world,
    summary: c.summary,
    retreat: {
      space: c.battle.space,
      reason: 'siege',
      attacker: c.battle.attacker,
      origin: c.battle.origin,
      ...(c.battle.continuedFrom ? { continuedFrom: c.battle.continuedFrom } : {}),
      captor: holderOf(c.world, c.battle.space),
      ...attackingPieces(c),
    },
  };
}

/**
 * 14 step 12: the winner outnumbers the units inside and besieges the space. A siege listed there by the powers it
 * has just beaten ended with their defeat (15.3): it is listed as ended, and the winner's siege is its own.
 */
export function besiegeBattleSpace(c: FieldBattleContext): Partial<FieldBattleContext> {
  const { position, ended } = laySiege(c.world, c.battle.space, c.battle.attacker);
  const siegesEnded = ended
    ? [...c.summary.siegesEnded, { space: ended.space, by: [...ended.by], rule: '15.3' }]
    : c.summary.siegesEnded;
  return {
    world: { ...c.world, position },
    summary: withSiegeBegun({ ...c.summary, siegesEnded }, c.battle.space, c.battle.attacker, '14 step 12'),
  };
}

/**
 * After the loser's retreat. Under ruling R19's alternative reading a friendly leader who stood aside stays in the
 * battle space when the attacking force leaves it: alone with the winner's land units, he is captured (13.1) by the
 * power that takes the battle's captives (ruling R20). Under the ruling nobody of the attacker's group stays.
 */
export function takeRetreatOutput(c: FieldBattleContext, output: ProcedureContext): Partial<FieldBattleContext> {
  if (reading(c.world, 'R19') === 'ruling' || c.winner !== 'defender')
    return { world: output.world, summary: output.summary };
  const captor = captorOnSide(output.world, c.battle, 'defender', c.forces?.defender ?? []);
  return settleArrival(output.world, output.summary, c.battle.space, captor, '13.1');
}
