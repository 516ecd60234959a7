// The movement's own decision (13.1 steps 1–2): the active power names a formation and an adjacent destination,
// when the scenario has not. The options are the largest formation of every space, to every space it may enter.
import { CARDS, cardName, cardTitle, type CardId, type CardWindow } from '../../data/cards.ts';
import { heldFor, moveCardPlays, type MoveCardPlay } from '../../rules/cards.ts';
import type { MoveLeg } from '../../rules/leg.ts';
import { must } from '../../rules/must.ts';
import { candidateMoves, moveCost } from '../../rules/movement.ts';
import type { World } from '../../rules/world.ts';
import type { MajorPower } from '../../schema/power.ts';
import { moveClosed } from '../../text/refusals.ts';
import {
  intoSpace,
  leaderName,
  outOfSpace,
  powerAdjective,
  powerGen,
  powerName,
  spaceName,
  unitsText,
} from '../../text/names.ts';
import type { MovementContext } from '../../rules/procedures/movement.ts';
import { type Text, msg } from '../../text/text.ts';
import type { Blocked, DecisionOf, DecisionOption } from '../../schema/decision.ts';
import {
  base,
  cardWindow,
  decision,
  option,
  refusedAnswer,
  unitsFields,
  windowAnswers,
  type Waiting,
} from './common.ts';
import { moveAnswers } from './answer-spaces.ts';
import { named } from './names.ts';

function build(w: Waiting<MovementContext>): DecisionOf<'move'> {
  const c = w.context;
  const world = c.world;
  const power = world.position.impulse.power;
  const options: DecisionOption<'move'>[] = [];
  const blocked: Blocked<'move'>[] = [];
  for (const { from, to, request, verdict } of candidateMoves(world)) {
    const f = spaceName(world, from),
      t = spaceName(world, to);
    if (!verdict.ok)
      blocked.push(
        refusedAnswer(
          world,
          { from, to },
          verdict,
          msg('procedure.movement.build', '{p}: {f} → {t}', '{p}: {f} → {t}', { p: powerName(power), f, t }),
        ),
      );
    else {
      const u = unitsText(world, request),
        cp = moveCost(world, from, to);
      const label = msg('procedure.movement.build.label', '{f} → {t}: {u} ({cp} CP)', '{f} → {t}: {u} ({cp} КО)', {
        f,
        t,
        u,
        cp,
      });
      options.push(option({ type: 'move.declare', from, to, ...unitsFields(request) }, label));
    }
  }
  const p = powerName(power);
  return named(world, {
    ...base(w),
    kind: 'move',
    power,
    forced: false,
    options,
    blocked,
    prompt: msg(
      'procedure.movement.build.prompt',
      '{p}: declare a formation and an adjacent destination ({cp} CP left).',
      'Ход {powerGen}: объявите соединение и прилегающую область назначения (осталось {cp} КО).',
      { p, cp: world.position.impulse.cp, powerGen: powerGen(power) },
    ),
  });
}

export const move = decision<MovementContext, 'move'>({
  build,
  power: (c) => c.world.position.impulse.power,
  // The host's to declare (13.1 steps 1–2): never forced.
  mayBeForced: false,
  declines: [],
  eager: false,
  closedBy: 'decision',
  stepClosed: moveClosed,
  answerSpace: moveAnswers,
  decline: () => undefined,
});

/** A card as an option reads: "Foul Weather (#31)", "Gout (#32) on Suleiman". */
function playText(world: World, card: CardId, leader?: string): Text {
  const c = cardTitle(card);
  if (!leader) return c;
  const l = leaderName(world, leader);
  return msg('procedure.movement.playText', '{c} on {l}', '{c}: {l}', { c, l });
}

/** What a play at 13.1 step 4 does (ruling R26), as its option says. */
function responsePlayLabel(world: World, play: MoveCardPlay, leg: MoveLeg): Text {
  const p = playText(world, play.card, play.leader);
  const mover = powerGen(leg.power);
  if (play.card === 'gout') {
    const l = leaderName(world, must(play.leader, 'Gout with no leader'));
    return msg(
      'procedure.movement.responsePlayLabel',
      'Play {p}: the {powerName} move is cancelled, its CP lost; {l} may not move, intercept or avoid battle this impulse',
      'Сыграть {p}: движение {mover} отменено, КО потеряны; {l} в этот импульс не движется, не перехватывает и не уклоняется',
      { p, powerName: powerName(leg.power), l, mover },
    );
  }
  return msg(
    'procedure.movement.responsePlayLabel.2',
    'Play {p}: the {powerAdj} move is cancelled, its CP lost; no {powerAdj} formation moves on this impulse',
    'Сыграть {p}: движение {mover} отменено, КО потеряны; в этот импульс соединения {mover} дальше не двигаются',
    { p, powerAdj: powerAdjective(leg.power), mover },
  );
}

/** A card decision's `limits.cards`: the window's cards the asked power holds, and whether any play of each is legal. */
export function heldCards(world: World, power: MajorPower, window: CardWindow, plays: readonly { card: CardId }[]) {
  return heldFor(world, power, window).map((card) => ({
    card,
    number: CARDS[card].number,
    name: cardName(card),
    playable: plays.some((x) => x.card === card),
  }));
}

/** 13.1 step 4 (ruling R26): the asked power plays Foul Weather or Gout against the move, or passes. */
function buildResponseCard(w: Waiting<MovementContext>): DecisionOf<'card'> {
  const c = w.context;
  const world = c.world;
  const leg = must(c.leg, 'a response-card decision with no move');
  const power = must(c.responding, 'a response-card decision with nobody asked');
  // Every held card of the window that may not be played: this power's, and the other powers' (the mover's own).
  const { own, options, blocked } = windowAnswers(
    world,
    power,
    (p) => moveCardPlays(world, p, leg),
    (play) => option({ type: 'card.play', ...play }, responsePlayLabel(world, play, leg)),
  );
  const cards = heldCards(world, power, 'move', own.plays);
  const p = powerName(power),
    f = spaceName(world, leg.from),
    t = spaceName(world, leg.to);
  return named(world, {
    ...base(w),
    kind: 'card',
    power,
    forced: false,
    options,
    blocked,
    limits: { window: '13.1 step 4', cards },
    prompt: msg(
      'procedure.movement.buildResponseCard.prompt',
      '{p}: play a response card against the {powerName} move from {f} to {t}? (13.1 step 4, ruling R26)',
      '{p}: сыграть карту ответа против движения {powerGen} {outOfSpace} {intoSpace}? (13.1, шаг 4; постановление R26)',
      {
        p,
        powerName: powerName(leg.power),
        f,
        t,
        powerGen: powerGen(leg.power),
        outOfSpace: outOfSpace(world, leg.from),
        intoSpace: intoSpace(world, leg.to),
      },
    ),
  });
}

export const responseCard = cardWindow<MovementContext>(buildResponseCard);
