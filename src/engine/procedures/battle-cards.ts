// The field battle's response-card decision (14 step 1, ruling R32): the asked power plays Landsknechts or Swiss
// Mercenaries — the new mercenaries all in one space, for each space that takes them (any split is accepted); the
// Ottoman's Landsknechts each distinct choice of the mercenaries it eliminates anywhere — or passes.
import { cardTitle } from '../../data/cards.ts';
import {
  battleCardPlays,
  eliminatesMercenaries,
  eliminationCount,
  mercenaryGrant,
  mercenaryTargets,
  placementChoices,
  placementSpaces,
  type BattleCardPlay,
} from '../../rules/battle-cards.ts';
import { heldFor } from '../../rules/cards.ts';
import { must } from '../../rules/must.ts';
import type { FieldBattleContext } from '../../rules/procedures/field-battle.ts';
import type { World } from '../../rules/world.ts';
import type { DecisionOf } from '../../schema/decision.ts';
import { inSpace, powerAdjective, powerGen, powerName, ruFormOf, spaceName } from '../../text/names.ts';
import { eliminatedText } from '../../text/mercenaries.ts';
import { joinText, type Text, msg } from '../../text/text.ts';
import { listText } from '../../text/grammar.ts';
import { base, cardWindow, option, windowAnswers, type Waiting } from './common.ts';
import { named } from './names.ts';
import { heldCards } from './movement.ts';
import { buildCombatCard } from './combat-cards.ts';
import { buildRollsCard } from './rolls-cards.ts';

/** What a play at 14 step 1 does (ruling R32), as its option says. */
function playLabel(world: World, play: BattleCardPlay): Text {
  const c = cardTitle(play.card);
  if ('eliminations' in play) {
    const list = play.eliminations.map((e) => eliminatedText(world, e));
    return msg(
      'procedure.battle-cards.playLabel.eliminate',
      'Play {c}: eliminate {list}',
      'Сыграть {c} — уничтожение наёмников: {list}',
      { c, list: listText('list.and', list) },
    );
  }
  const grant = must(mercenaryGrant(play.power, play.card), 'a play that places no mercenaries');
  if (grant.placer !== play.power)
    // Ruling R32: the placing power chooses where they go, asked after the play.
    return msg(
      'procedure.battle-cards.playLabel.placer',
      'Play {c}: {p} places {count, plural, one {# new {pAdj} mercenary} other {# new {pAdj} mercenaries}} where it chooses',
      'Сыграть {c}: {powerName} {powerForm, select, pl {ставят} other {ставит}} {count, plural, one {# нового наёмника} few {# новых наёмников} many {# новых наёмников} other {# нового наёмника}}, где {powerForm, select, pl {выберут} other {выберет}}',
      {
        c,
        p: powerName(grant.placer),
        pAdj: powerAdjective(grant.placer),
        count: grant.count,
        powerName: powerName(grant.placer),
        powerForm: ruFormOf(grant.placer),
      },
    );
  const where = play.placements.map((p) => {
    const walls = p.inside
      ? msg('procedure.battle-cards.where.walls', ' (inside)', ' (в укреплениях)')
      : msg('procedure.battle-cards.where.walls.2', '', '');
    return msg('procedure.battle-cards.playLabel.where', '{spaceName}{walls}', '{inSpace}{walls}', {
      spaceName: spaceName(world, p.space),
      walls,
      inSpace: inSpace(world, p.space),
    });
  });
  return msg(
    'procedure.battle-cards.playLabel',
    'Play {c}: {count, plural, one {# new {pAdj} mercenary} other {# new {pAdj} mercenaries}} in {where}',
    'Сыграть {c}: {count, plural, one {# новый наёмник} few {# новых наёмника} many {# новых наёмников} other {# нового наёмника}} {powerGen} {where}',
    {
      c,
      count: grant.count,
      pAdj: powerAdjective(grant.placer),
      where: joinText(where, ', '),
      powerGen: powerGen(grant.placer),
    },
  );
}

function buildBattleResponseCard(w: Waiting<FieldBattleContext>): DecisionOf<'card'> {
  const c = w.context;
  const world = c.world;
  const power = must(c.responding, 'a battle response-card decision with nobody asked');
  const { own, options, blocked } = windowAnswers(
    world,
    power,
    (p) => battleCardPlays(world, p, c.battle),
    (play) =>
      option(
        'eliminations' in play
          ? {
              type: 'card.play',
              power: play.power,
              card: play.card,
              eliminations: play.eliminations.map((e) => ({ ...e })),
            }
          : {
              type: 'card.play',
              power: play.power,
              card: play.card,
              // Ruling R32: no spaces when another power places them (asked after the play).
              ...(play.placements.length > 0 ? { placements: play.placements.map((p) => ({ ...p })) } : {}),
            },
        playLabel(world, play),
      ),
  );
  const cards = heldCards(world, power, 'battle', own.plays);
  const spaces = [
    ...new Set(
      heldFor(world, power, 'battle').flatMap((card) => {
        const g = mercenaryGrant(power, card);
        return g ? placementSpaces(world, g.placer, c.battle).map((o) => o.space) : [];
      }),
    ),
  ];
  const p = powerName(power),
    t = spaceName(world, c.battle.space);
  // Ruling R32: the Ottoman's Landsknechts names the mercenaries it eliminates, of every place that holds some.
  const eliminates = heldFor(world, power, 'battle').some((card) => eliminatesMercenaries(power, card));
  const count = eliminates ? eliminationCount(world, c.battle) : 0;
  const targets =
    count > 0 ? { eliminate: count, targets: mercenaryTargets(world, c.battle).map((x) => ({ ...x })) } : {};
  return named(world, {
    ...base(w),
    kind: 'card',
    power,
    forced: false,
    options,
    blocked,
    limits: { window: '14 step 1', cards, destinations: spaces, ...targets },
    prompt:
      count > 0
        ? msg(
            'procedure.battle-cards.buildBattleResponseCard.prompt.eliminate',
            '{p}: play a response card before the battle in {t}? Landsknechts eliminates {count, plural, one {# mercenary} other {# mercenaries}} anywhere on the board: every choice among limits.targets is listed (14 step 1, ruling R32)',
            '{p}: сыграть карту ответа перед сражением {inSpace}? «Ландскнехты» уничтожают наёмников где угодно на карте ({count}): перечислен каждый выбор (14, шаг 1; постановление R32)',
            { p, t, count, inSpace: inSpace(world, c.battle.space) },
          )
        : msg(
            'procedure.battle-cards.buildBattleResponseCard.prompt',
            '{p}: play Landsknechts or Swiss Mercenaries before the battle in {t}? The new mercenaries may be split over every space in limits.destinations (14 step 1, ruling R32)',
            '{p}: сыграть карту «Ландскнехты» или «Швейцарские наёмники» перед сражением {inSpace}? Новых наёмников можно как угодно разделить между допустимыми областями (14, шаг 1; постановление R32)',
            { p, t, inSpace: inSpace(world, c.battle.space) },
          ),
  });
}

/**
 * Ruling R32: the placing power places the new mercenaries of a card another power played (France, for the Ottoman's
 * Swiss Mercenaries) — all in one space, for each space that takes them (any split is accepted); no pass.
 */
function buildCardPlacement(w: Waiting<FieldBattleContext>): DecisionOf<'card'> {
  const c = w.context;
  const world = c.world;
  const placing = must(c.placing, 'a placement decision with no card to place');
  const { by, card, placer, count } = placing;
  const options = placementChoices(world, placer, count, c.battle).map((placements) =>
    option(
      { type: 'card.place', power: placer, card, placements },
      msg(
        'procedure.battle-cards.buildCardPlacement.option',
        'Place {count, plural, one {the new {pAdj} mercenary} other {the {count} new {pAdj} mercenaries}} in {where}',
        'Поставить {count, plural, one {# нового наёмника} few {# новых наёмников} many {# новых наёмников} other {# нового наёмника}} {powerGen} {where2}',
        {
          count,
          pAdj: powerAdjective(placer),
          where: spaceName(world, placements[0]!.space),
          powerGen: powerGen(placer),
          where2: inSpace(world, placements[0]!.space),
        },
      ),
    ),
  );
  const p = powerName(placer);
  return named(world, {
    ...base(w),
    kind: 'card',
    power: placer,
    forced: options.length === 1,
    options,
    blocked: [],
    limits: {
      window: '14 step 1',
      cards: [],
      destinations: [...new Set(placementSpaces(world, placer, c.battle).map((o) => o.space))],
    },
    prompt: msg(
      'procedure.battle-cards.buildCardPlacement.prompt',
      '{p}: {by} played {c}; where do {count, plural, one {the new {pAdj} mercenary} other {the {count} new {pAdj} mercenaries}} go? They may be split over every space in limits.destinations (14 step 1, ruling R32: the placing power chooses)',
      '{by} {plays} {c}; куда {p} {powerForm, select, pl {ставят} other {ставит}} {count, plural, one {# нового наёмника} few {# новых наёмников} many {# новых наёмников} other {# нового наёмника}}? Их можно как угодно разделить между допустимыми областями (14, шаг 1; постановление R32)',
      {
        p,
        by: powerName(by),
        c: cardTitle(card),
        count,
        pAdj: powerAdjective(placer),
        plays: ruFormOf(by) === 'pl' ? 'сыграли' : 'сыграла',
        powerForm: ruFormOf(placer),
      },
    ),
  });
}

/** The field battle's three card windows: 14 step 1 (response cards), 14 steps 4–5 (combat cards), 14 step 7 (after the rolls). */
export const battleResponseCard = cardWindow<FieldBattleContext>(
  (w) =>
    w.state === 'awaitingBattleResponseCard'
      ? buildBattleResponseCard(w)
      : w.state === 'awaitingCardPlacement'
        ? buildCardPlacement(w)
        : w.state === 'awaitingRollsCard'
          ? buildRollsCard(w)
          : buildCombatCard(w),
  'awaitingCardPlacement',
);
