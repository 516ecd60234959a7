// The Land Movement Procedure (13.1 steps 1–8) as the movement machine runs it: declare, pay, intercept, place,
// avoid, withdraw, fight — composing the other procedures.
import type { EngineEvent, EventOf } from '../../schema/events.ts';
import type { MajorPower, Power } from '../../schema/power.ts';
import type { MoveOrder, Stack } from '../../schema/scenario.ts';
import { units, type Units } from '../../schema/units.ts';
import type { MoveLeg } from '../leg.ts';
import { checkMove, hasAnyLegalMove, moveCost, movableStacks, type MoveArgs } from '../movement.ts';
import { holderOf } from '../capture.ts';
import { majorOf } from '../relations.ts';
import { beginSiege, siegeIn, unlistedBesiegers, withPresentBesiegers } from '../siege.ts';
import { hostileLandUnitsOutside } from '../hostility.ts';
import { isReliefOf } from '../relief.ts';
import { isLeftBesideUnbesiegedFortress } from '../withdrawal.ts';
import {
  addStacks,
  landUnitsIn,
  relocate,
  replaceStacks,
  splitStacks,
  stacksWhere,
  takePieces,
  totals,
} from '../stacks.ts';
import type { Position, World } from '../world.ts';
import type { AvoidInput, AvoidOutput } from './avoid-battle.ts';
import { eventAs, eventOf, eventUnits, answerGuard, guard, startContext } from './common.ts';
import type { AnswerVerdict, ProcedureContext, ProcedureInput } from './common.ts';
import { must } from '../must.ts';
import { ALLOWED } from '../verdict.ts';
import type { CardId } from '../../data/cards.ts';
import { cardSummary, checkMoveCard, nextResponder, playCard, type MoveCardArgs } from '../cards.ts';
import { skippedResponseCards } from '../skipped.ts';
import { isMajorPower } from '../../schema/power.ts';
import type { FieldBattleInput } from './field-battle.ts';
import type { InterceptionInput, InterceptionOutput } from './interception.ts';
import type { RetreatInput } from './retreat.ts';
import { hasBrokenSiege, type SiegeBreakOutput } from './siege-break.ts';
import { settleArrival, withSiegeBegun } from './summaries.ts';
import type { WithdrawalInput, WithdrawalOutcome, WithdrawalOutput } from './withdrawal.ts';

export interface MovementInput extends ProcedureInput {
  /** The scenario's move (13.1 steps 1–2); without one the machine asks for `move.declare`. */
  readonly move?: MoveOrder;
}

export interface MoveRequest {
  readonly from: string;
  readonly to: string;
  readonly request: Units;
  /** 13.4 option 1: exactly these pieces move on (the formation that entered), not whatever stands in the space. */
  readonly pieces?: readonly Stack[];
}

export interface MovementContext extends ProcedureContext {
  readonly order?: MoveRequest;
  readonly leg?: MoveLeg | undefined;
  /** 13.2 step 3: the power that intercepted this move. */
  readonly intercepted?: MajorPower | undefined;
  /** The leaders who intercepted into the destination: they may not go inside (13.2 step 5, ruling R23). */
  readonly interceptors?: readonly string[] | undefined;
  readonly outcome?: WithdrawalOutcome | undefined;
  readonly continueTo?: string | undefined;
  /** 13.1 step 4 (ruling R26): the power asked about its response cards now, and those that passed on this move. */
  readonly responding?: MajorPower | undefined;
  readonly responders?: readonly MajorPower[] | undefined;
}

export type MovementOutput = ProcedureContext;

export function startMovement(input: MovementInput): MovementContext {
  const m = input.move;
  return { ...startContext(input), ...(m ? { order: { from: m.from, to: m.to, request: units(m) } } : {}) };
}

export function movementOutput(c: MovementContext): MovementOutput {
  return { world: c.world, summary: c.summary };
}

function active(c: MovementContext): MajorPower {
  return c.world.position.impulse.power;
}

function leg(c: MovementContext): MoveLeg {
  if (!c.leg) throw new Error('the movement has no leg yet');
  return c.leg;
}

/** The arguments of a declared move as the restrictions read them: the guard, the refusal and the options share them. */
export function moveArgs(c: MovementContext, m: EventOf<'move.declare'>): MoveArgs {
  return { power: active(c), from: m.from, to: m.to, request: eventUnits(m), cp: c.world.position.impulse.cp };
}

/** The verdict on a declared move (13.1 steps 1–2), by the move check the decision lists its options with. */
export function moveVerdict(c: MovementContext, e: EngineEvent): AnswerVerdict {
  return e.type === 'move.declare' ? checkMove(c.world, moveArgs(c, e)) : false;
}

export const movementGuards = {
  hasDeclaredMove: guard<MovementContext>('13.1', (c) => c.order !== undefined),
  hasLegalMove: guard<MovementContext>('13.1', (c) => hasAnyLegalMove(c.world)),
  isLegalMove: answerGuard<MovementContext>('13.1', moveVerdict),
  wasIntercepted: guard<MovementContext>('13.1 step 5', (c) => c.intercepted !== undefined),
  hasEnemyLandUnitsOutside: guard<MovementContext>(
    '13.1 step 8',
    (c) => hostileLandUnitsOutside(c.world, leg(c).power, leg(c).to) > 0,
  ),
  hasBrokenSiege,
  isBattleNext: guard<MovementContext>('13.1 step 8', (c) => c.outcome === 'battle'),
  isReliefBattle: guard<MovementContext>('15.2', (c) => isReliefOf(c.world, leg(c).power, leg(c).to)),
  isMovingOn: guard<MovementContext>('13.4 option 1', (c) => c.outcome === 'continue'),
  isRetreatingToOrigin: guard<MovementContext>('13.4 option 2', (c) => c.outcome === 'retreat'),
  // A move on (13.4 option 1) cancelled by Foul Weather or Gout (ruling R26) leaves the formation beside the fortress
  // it does not outnumber: it did not keep moving, so it goes back as 13.4 option 2 says.
  wasMoveOnCancelled: guard<MovementContext>('13.4 option 2', (c) => leg(c).continuedFrom !== undefined),
  hasFormationInDestination: guard<MovementContext>('13.1 step 8', (c) => formationInDestination(c).length > 0),
  hasUnlistedSiege: guard<MovementContext>('15', (c) => unlistedSieges(c).length > 0),
  // 13.4, 15.3, ruling R17: the withdrawal ended the siege of the formation's ally, which left it beside the fortress
  // without a siege and without more units than are inside: it goes back to 13.4's comparison and its two options.
  isFormationLeftBesideFortress: guard<MovementContext>('13.4', (c) => isLeftBesideUnbesiegedFortress(c.world, leg(c))),
  hasResponderToAsk: guard<MovementContext>(
    '13.1 step 4',
    (c) => nextResponder(c.world, { leg: leg(c), passed: c.responders ?? [] }) !== undefined,
  ),
  isLegalResponseCard: answerGuard<MovementContext>('13.1 step 4', (c, e) => {
    const args = responseCardArgs(c, e);
    // Ruling R26: the powers are asked in impulse order; only the asked one plays now.
    return args && args.power === c.responding ? checkMoveCard(c.world, args) : false;
  }),
  // A pass is always allowed to the asked power; another power's is out of turn (`false`).
  isAskedResponderPassing: answerGuard<MovementContext>('13.1 step 4', (c, e) =>
    eventOf(e, 'card.pass')?.power === c.responding ? ALLOWED : false,
  ),
};

/**
 * The arguments of a card played at 13.1 step 4 as the restrictions read them, when the asked power plays it: the
 * guard, the refusal and the options share them.
 */
export function responseCardArgs(c: MovementContext, event: EngineEvent): MoveCardArgs | undefined {
  const e = eventOf(event, 'card.play');
  if (!e || !c.leg || !isMajorPower(e.power)) return undefined;
  return { power: e.power, card: e.card, leg: c.leg, leader: e.leader };
}

/** Ruling R26: the next power, in impulse order, with a card to play against the move is asked. */
export function askNextResponder(c: MovementContext): Partial<MovementContext> {
  return { responding: nextResponder(c.world, { leg: leg(c), passed: c.responders ?? [] }) };
}

export function passResponseCard(c: MovementContext, event: EngineEvent): Partial<MovementContext> {
  return {
    responders: [...(c.responders ?? []), eventAs(event, 'card.pass').power as MajorPower],
    responding: undefined,
  };
}

/**
 * Ruling R9: nobody else had a card to play against the move — the powers holding Foul Weather or Gout that could not
 * play it (the mover itself, a formation without a leader for Gout) are on the record with the reasons.
 */
export function closeResponseWindow(c: MovementContext): Partial<MovementContext> {
  const skipped = skippedResponseCards(c.world, leg(c), c.responders ?? []);
  return skipped.length > 0 ? { summary: { ...c.summary, skipped: [...c.summary.skipped, ...skipped] } } : {};
}

/**
 * Ruling R26: Foul Weather or Gout cancels the announced move. The formation is back in its origin, the CP spent on
 * it are lost, the card leaves its holder's hand, and the mark for the rest of the impulse goes into the position:
 * after Foul Weather no formation of the active power moves on (13.4 option 1); after Gout its leader may not move,
 * intercept or avoid battle.
 */
export function playResponseCard(c: MovementContext, event: EngineEvent): Partial<MovementContext> {
  const args = must(responseCardArgs(c, event), 'playResponseCard without card.play');
  const l = leg(c);
  const card = args.card as CardId;
  const played = playCard(c.world.position, args.power, card);
  const impulse = played.impulse;
  const marked =
    card === 'foul-weather'
      ? { ...impulse, foulWeather: true as const }
      : { ...impulse, gout: [...(impulse.gout ?? []), must(args.leader, 'Gout with no leader')] };
  const position = addStacks({ ...played, impulse: marked }, l.formation);
  const moves = c.summary.moves.map((m, i) => (i === c.summary.moves.length - 1 ? { ...m, cancelled: card } : m));
  return {
    world: { ...c.world, position },
    responding: undefined,
    summary: {
      ...c.summary,
      moves,
      cards: [...c.summary.cards, cardSummary(args.power, card, args.leader ? { leader: args.leader } : {})],
    },
  };
}

export function declareMove(_c: MovementContext, event: EngineEvent): Partial<MovementContext> {
  const m = eventAs(event, 'move.declare');
  return { order: { from: m.from, to: m.to, request: eventUnits(m) } };
}

/**
 * 13.1 step 3: pay the CP and take the formation out of its space. If it was besieging that space and the
 * besiegers left behind no longer outnumber the units inside, the siege ends at once (15.3).
 */
/** The pieces a move takes out of its space: the named ones (13.4 option 1), or the request drawn from the movable stacks. */
function takeFormation(
  world: World,
  power: MajorPower,
  order: MoveRequest,
): { formation: Stack[]; position: Position } {
  if (order.pieces) return { formation: [...order.pieces], position: takePieces(world.position, order.pieces) };
  const stacks = movableStacks(world, power, order.from);
  const split = splitStacks(stacks, order.request);
  if (!split.ok) throw new Error('engine fault: startMove on a formation the guard did not find');
  return { formation: split.taken, position: replaceStacks(world.position, stacks, split.rest) };
}

export function startMove(c: MovementContext): Partial<MovementContext> {
  const order = must(c.order, 'startMove with no declared move');
  const power = active(c);
  const { formation, position: left } = takeFormation(c.world, power, order);
  const cost = moveCost(c.world, order.from, order.to);
  let position = left;
  position = { ...position, impulse: { ...position.impulse, cp: position.impulse.cp - cost } };
  const wasBesieging = siegeIn(c.world, order.from)?.by.some((p) => majorOf(c.world.position, p) === power) ?? false;
  const continuedFrom = c.leg && c.outcome === 'continue' ? c.leg.to : undefined;
  const newLeg: MoveLeg = {
    power,
    from: order.from,
    to: order.to,
    formation,
    kind: 'move',
    ...(continuedFrom ? { continuedFrom } : {}),
    ...(wasBesieging ? { leftSiege: true } : {}),
  };
  return {
    world: { ...c.world, position },
    leg: newLeg,
    intercepted: undefined,
    interceptors: undefined,
    outcome: undefined,
    responding: undefined,
    responders: [],
    summary: {
      ...c.summary,
      cpSpent: c.summary.cpSpent + cost,
      moves: [
        ...c.summary.moves,
        {
          power,
          from: order.from,
          to: order.to,
          units: totals(formation),
          cp: cost,
          continued: continuedFrom !== undefined,
        },
      ],
    },
  };
}

/** What interception starts from: the world and the summary so far, and the leg being intercepted. */
export function interceptionInput(c: MovementContext): InterceptionInput {
  return { world: c.world, summary: c.summary, leg: leg(c) };
}

export function takeInterceptionOutput(_c: MovementContext, out: InterceptionOutput): Partial<MovementContext> {
  return { world: out.world, summary: out.summary, intercepted: out.successPower, interceptors: out.interceptors };
}

/**
 * 13.1 step 5: after all interceptions the formation is placed in the destination (ruling R25: only now do the
 * pieces there see it); a lone enemy leader there is captured, or goes inside a fortification his side may hold
 * (13.3) — but not a leader who intercepted alone (13.2 step 5, ruling R23): he is captured in a fortified space
 * too. A formation of leaders alone that meets the land units that intercepted it is itself a lone leader entered by
 * enemy land units (13.1, MOV-23): captured, or inside a fortification its side may hold — no battle.
 */
export function placeFormation(c: MovementContext): Partial<MovementContext> {
  const l = leg(c);
  const position: Position = addStacks(c.world.position, relocate(l.formation, { space: l.to, inside: false }));
  const arriving = landUnitsIn(l.formation) > 0 ? l.power : c.intercepted;
  return settleArrival({ ...c.world, position }, c.summary, l.to, arriving, '13.1', c.interceptors ?? []);
}

export function avoidInput(c: MovementContext): AvoidInput {
  return { world: c.world, summary: c.summary, leg: leg(c), intercepted: c.intercepted ? [c.intercepted] : [] };
}

/** After avoid battle, a leader left alone with the enemy is captured, or withdraws inside a fortified space (13.3). */
export function takeAvoidOutput(c: MovementContext, out: AvoidOutput): Partial<MovementContext> {
  const l = leg(c);
  return settleArrival(out.world, out.summary, l.to, l.power, '13.3');
}

export function withdrawalInput(c: MovementContext): WithdrawalInput {
  return { world: c.world, summary: c.summary, leg: leg(c), cp: c.world.position.impulse.cp };
}

export function takeWithdrawalOutput(_c: MovementContext, out: WithdrawalOutput): Partial<MovementContext> {
  return { world: out.world, summary: out.summary, outcome: out.outcome, continueTo: out.continueTo };
}

/** The active power's pieces outside in the destination (after step 5 they are the formation, if nothing took it). */
function formationInDestination(c: MovementContext): Stack[] {
  const l = leg(c);
  return stacksWhere(c.world.position, { space: l.to, inside: false }).filter(
    (s) => majorOf(c.world.position, s.power) === l.power,
  );
}

/**
 * The spaces where the move may have left land units outside a fortress held against them with more land units than
 * are inside and no siege listed: its destination, and every space pieces left from — the formation's origins and
 * the spaces interceptors came from, whose garrison may have gone out and left it empty, and the spaces where the
 * Ottoman's Landsknechts eliminated mercenaries (inside: the garrison now outnumbered; outside: a siege broken, 15.3,
 * beside other enemies of the holder) (rulings R13, R17, R32). In the order the move reached them.
 */
function unlistedSieges(c: MovementContext): { readonly space: string; readonly by: readonly Power[] }[] {
  const spaces = [
    leg(c).to,
    ...c.summary.moves.flatMap((m) => [m.from, m.to]),
    ...c.summary.interceptions.map((i) => i.from),
    // ruling R32: the Ottoman's Landsknechts eliminates mercenaries anywhere, inside fortifications or among besiegers
    ...c.summary.cards.flatMap((card) => (card.eliminated ?? []).map((e) => e.space)),
  ];
  return [...new Set(spaces)]
    .map((space) => ({ space, by: unlistedBesiegers(c.world, space) }))
    .filter((g) => g.by.length > 0);
}

/**
 * 15, ruling R17: when the move is over, a listed besieger none of whose land units is left outside besieges no more
 * (its units avoided battle, intercepted elsewhere or retreated while its allies held the siege).
 */
export function dropAbsentBesiegers(c: MovementContext): Partial<MovementContext> {
  const position = withPresentBesiegers(c.world.position);
  return position === c.world.position ? {} : { world: { ...c.world, position } };
}

/**
 * Rulings R13 and R17: pieces left outside a fortress held against them that they outnumber, with no siege listed,
 * put it under siege when the move is over — other powers in the destination, and the enemies outside a fortress
 * whose garrison intercepted out of it or moved away (15: an empty fortress with enemies outside is besieged).
 */
export function beginUnlistedSieges(c: MovementContext): Partial<MovementContext> {
  let position = c.world.position;
  let summary = c.summary;
  for (const g of unlistedSieges(c))
    for (const p of g.by) {
      position = beginSiege(position, g.space, p);
      summary = withSiegeBegun(summary, g.space, p, '15');
    }
  return { world: { ...c.world, position }, summary };
}

/** 13.4 option 1: the same formation moves on from the fortified space, as a new Move. */
export function moveOn(c: MovementContext): Partial<MovementContext> {
  const l = leg(c);
  const pieces = relocate(l.formation, { space: l.to, inside: false });
  return {
    order: { from: l.to, to: must(c.continueTo, 'moveOn with no destination'), request: totals(pieces), pieces },
  };
}

/**
 * 13.4 option 2: back to the space it came from, under the 14.1 restrictions; with nowhere to go its leaders go to the
 * power holding the fortress it may not stay in (ruling R20).
 */
export function originRetreatInput(c: MovementContext): RetreatInput {
  const l = leg(c);
  if (c.summary.moves.at(-1)?.cancelled) return cancelledMoveOnRetreatInput(c, l);
  const captor = holderOf(c.world, l.to);
  return {
    world: c.world,
    summary: c.summary,
    retreat: {
      space: l.to,
      reason: 'origin',
      attacker: l.power,
      origin: l.from,
      ...(l.continuedFrom ? { continuedFrom: l.continuedFrom } : {}),
      captor,
      formation: relocate(l.formation, { space: l.to, inside: false }),
    },
  };
}

/**
 * 13.4 option 2 after a move on cancelled at 13.1 step 4 (ruling R26): the formation, back beside the fortress it moved
 * on from, retreats to the space it entered that fortress's space from (the move before the cancelled one).
 */
function cancelledMoveOnRetreatInput(c: MovementContext, l: MoveLeg): RetreatInput {
  const entered = must(c.summary.moves.at(-2), 'a cancelled move on with no move before it');
  return {
    world: c.world,
    summary: c.summary,
    retreat: {
      space: l.from,
      reason: 'origin',
      attacker: l.power,
      origin: entered.from,
      captor: holderOf(c.world, l.from),
      formation: relocate(l.formation, { space: l.from, inside: false }),
    },
  };
}

export function fieldBattleInput(c: MovementContext): FieldBattleInput {
  const l = leg(c);
  const battle = {
    space: l.to,
    attacker: l.power,
    origin: l.from,
    ...(l.continuedFrom ? { continuedFrom: l.continuedFrom } : {}),
    formationLeaders: l.formation.flatMap((s) => s.leaders),
  };
  return { world: c.world, summary: c.summary, battle };
}

/**
 * 15.3 in the destination (after avoid battle, a withdrawal or the battle): the besiegers who retreat may leave a
 * leader of their ally alone there beside the formation's land units — he is captured, or goes inside a
 * fortification his side may hold (13.1, 13.3), exactly as when his friends avoid battle.
 */
export function takeSiegeBreakOutput(c: MovementContext, out: SiegeBreakOutput): Partial<MovementContext> {
  const l = leg(c);
  return settleArrival(out.world, out.summary, l.to, l.power, '13.1');
}
