// The field battle's decision after both rolls (14 step 7, ruling R31): the Ottoman plays Janissaries — 5 more dice
// for its side, hitting on 5–6, rolled at once — or passes. The hits of both rolls so far are in the prompt.
import { cardTitle } from '../../data/cards.ts';
import { JANISSARIES_DICE, ottomanSide, rollsCardPlays } from '../../rules/rolls-cards.ts';
import { must } from '../../rules/must.ts';
import { sideHits, type FieldBattleContext } from '../../rules/procedures/field-battle.ts';
import type { DecisionOf } from '../../schema/decision.ts';
import { inSpace, powerName, spaceName } from '../../text/names.ts';
import { msg } from '../../text/text.ts';
import { base, option, windowAnswers, type Waiting } from './common.ts';
import { named } from './names.ts';
import { heldCards } from './movement.ts';

export function buildRollsCard(w: Waiting<FieldBattleContext>): DecisionOf<'card'> {
  const c = w.context;
  const world = c.world;
  const power = must(c.responding, 'a card decision after the rolls with nobody asked');
  const side = ottomanSide(world, c.battle, power);
  const { own, options, blocked } = windowAnswers(
    world,
    power,
    (p) => rollsCardPlays(world, p, c.battle),
    (play) => {
      const t = cardTitle(play.card);
      return option(
        { type: 'card.play', power: play.power, card: play.card },
        msg(
          'procedure.rolls-cards.buildRollsCard.options',
          'Play {t}: {n, plural, one {# more die} other {# more dice}} for the {side, select, defender {defender} attacker {attacker} other {Ottoman}}, hitting on 5–6',
          'Сыграть {t}: ещё {n, plural, one {# кубик} few {# кубика} many {# кубиков} other {# кубика}} {sideDefender, select, true {обороняющемуся} other {атакующему}}, попадания на 5–6',
          {
            t,
            n: JANISSARIES_DICE,
            side: side ?? 'ottoman',
            sideDefender: side === 'defender' ? 'true' : 'false',
          },
        ),
      );
    },
  );
  const hits = sideHits(c);
  const p = powerName(power),
    t = spaceName(world, c.battle.space);
  return named(world, {
    ...base(w),
    kind: 'card',
    power,
    forced: false,
    options,
    blocked,
    limits: { window: '14 step 7', cards: heldCards(world, power, 'rolls', own.plays) },
    prompt: msg(
      'procedure.rolls-cards.buildRollsCard.prompt',
      '{p}: the rolls in {t} gave the attacker {hitsAttacker, plural, one {# hit} other {# hits}} and the defender {hitsDefender, plural, one {# hit} other {# hits}} — play Janissaries for {n, plural, one {# more die} other {# more dice}} (14 step 7, ruling R31)?',
      '{p}: после бросков {inSpace} у атакующего попаданий: {hitsAttacker}, у обороняющегося: {hitsDefender}. Сыграть карту «Янычары» ради ещё {n, plural, one {# кубика} few {# кубиков} many {# кубиков} other {# кубиков}} (14, шаг 7; постановление R31)?',
      {
        p,
        t,
        hitsAttacker: hits.attacker,
        hitsDefender: hits.defender,
        n: JANISSARIES_DICE,
        inSpace: inSpace(world, c.battle.space),
      },
    ),
  });
}
