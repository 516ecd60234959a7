// The field battle's combat-card decision (14 steps 4–5, rulings R27, R29, R30): the asked power declares one of its
// combat cards — each of Tercios' ways a play of its own — or passes; it is asked again while it has a play.
import {
  bribeMercenaries,
  combatCardPlays,
  combatStep,
  combatTerm,
  sideOf,
  type CombatCardPlay,
} from '../../rules/combat-cards.ts';
import { must } from '../../rules/must.ts';
import type { FieldBattleContext } from '../../rules/procedures/field-battle.ts';
import type { World } from '../../rules/world.ts';
import type { BattleSetup } from '../../rules/field-battle.ts';
import type { DecisionOf } from '../../schema/decision.ts';
import { inSpace, powerAdjective, powerGen, powerName, spaceName } from '../../text/names.ts';
import { playText } from '../../text/cards.ts';
import { type Text, msg } from '../../text/text.ts';
import { cite } from '../../text/rules.ts';
import { base, option, windowAnswers, type Waiting } from './common.ts';
import { named } from './names.ts';
import { heldCards } from './movement.ts';

const SIDE = {
  attacker: msg('procedure.combat-cards.attacker', "the attacker's", 'атакующего'),
  defender: msg('procedure.combat-cards.defender', "the defender's", 'обороняющегося'),
} as const;

/** What a play at 14 steps 4–5 does (rulings R27, R29, R30), as its option says. */
function playLabel(world: World, battle: BattleSetup, play: CombatCardPlay): Text {
  const c = playText(play);
  if (play.card === 'mercenaries-bribed') {
    const n = bribeMercenaries(world, battle, play.power).mercenaries;
    return msg(
      'procedure.combat-cards.playLabel',
      "Play {c}: {n, plural, one {# of the opposing side's mercenaries becomes a {pAdj} mercenary} other {# of the opposing side's mercenaries become {pAdj} mercenaries}}",
      'Сыграть {c}: наёмники противной стороны ({n}) переходят на сторону {powerGenPlayPower}',
      { c, n, pAdj: powerAdjective(play.power), powerGenPlayPower: powerGen(play.power) },
    );
  }
  if (play.card === 'surprise-attack') {
    // Ruling R28: no dice; the player's side rolls first and the other side's dice are counted after its losses.
    const side = SIDE[must(sideOf(world, battle, play.power), 'a Surprise Attack with no land units in the battle')];
    return msg(
      'procedure.combat-cards.playLabel.surprise',
      'Play {c}: {side} side rolls first; the other side takes those hits before its dice are counted again',
      'Сыграть {c}: сторона {side} бросает первой; другая сторона несёт эти потери до того, как её кубики пересчитают',
      { c, side },
    );
  }
  const t = must(combatTerm(world, battle, play), 'a combat card with no dice');
  const n = Math.abs(t.term.count);
  const hits =
    t.term.hitOn === 4
      ? msg('procedure.combat-cards.playLabel.hits', ', hitting on 4–6', ', попадающих на 4–6')
      : msg('procedure.combat-cards.playLabel.hits.2', '', '');
  return t.term.count < 0
    ? msg(
        'procedure.combat-cards.playLabel.2',
        "Play {c}: {side} side, the Hapsburg's, rolls {n, plural, one {# die} other {# dice}} fewer",
        'Сыграть {c}: сторона {side}, габсбургская, бросает на {n, plural, one {# кубик} few {# кубика} many {# кубиков} other {# кубика}} меньше',
        { c, side: SIDE[t.role], n },
      )
    : msg(
        'procedure.combat-cards.playLabel.3',
        'Play {c}: {n, plural, one {# more die} other {# more dice}} for {side} side{hits}',
        'Сыграть {c}: стороне {side} — ещё {n, plural, one {# кубик} few {# кубика} many {# кубиков} other {# кубика}}{hits}',
        { c, n, side: SIDE[t.role], hits },
      );
}

export function buildCombatCard(w: Waiting<FieldBattleContext>): DecisionOf<'card'> {
  const c = w.context;
  const world = c.world;
  const power = must(c.responding, 'a combat-card decision with nobody asked');
  const { own, options, blocked } = windowAnswers(
    world,
    power,
    (p) => combatCardPlays(world, p, c.battle),
    (play) => option({ type: 'card.play', ...play }, playLabel(world, c.battle, play)),
    msg('procedure.combat-cards.buildCombatCard', 'Play no (more) combat cards', 'Больше не разыгрывать боевых карт'),
  );
  const cards = heldCards(world, power, 'combat', own.plays);
  const step = combatStep(c.battle, power);
  const p = powerName(power),
    t = spaceName(world, c.battle.space);
  return named(world, {
    ...base(w),
    rule: step,
    kind: 'card',
    power,
    forced: false,
    options,
    blocked,
    limits: { window: step, cards },
    prompt: msg(
      'procedure.combat-cards.buildCombatCard.prompt',
      '{p}: declare a combat card for the battle in {t}, or play no more? ({step}, ruling R27)',
      '{p}: объявить боевую карту для сражения {inSpace} или больше не разыгрывать? ({step}; постановление R27)',
      { p, t, step: cite(step), inSpace: inSpace(world, c.battle.space) },
    ),
  });
}
