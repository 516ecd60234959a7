// The field battle's combat-card decision (14 steps 4–5, rulings R27, R29, R30): the asked power declares one of its
// combat cards — each of Tercios' ways a play of its own — or passes; it is asked again while it has a play.
import { cardTitle } from '../../data/cards.ts';
import {
  bribeMercenaries,
  combatCardPlays,
  combatStep,
  combatTerm,
  type CombatCardPlay,
} from '../../rules/combat-cards.ts';
import { must } from '../../rules/must.ts';
import type { FieldBattleContext } from '../../rules/procedures/field-battle.ts';
import type { World } from '../../rules/world.ts';
import type { BattleSetup } from '../../rules/field-battle.ts';
import type { Blocked, DecisionOf, DecisionOption } from '../../schema/decision.ts';
import { MAJOR_POWERS } from '../../schema/power.ts';
import { inSpace, powerGen, powerName, spaceName } from '../../text/names.ts';
import { text, type Text } from '../../text/text.ts';
import { base, option, refusedAnswer, type Waiting } from './common.ts';
import { named } from './names.ts';
import { heldCards } from './movement.ts';

/** A play's card, with Tercios' way: "Tercios (#30), 3 extra dice". */
function playText(play: Pick<CombatCardPlay, 'card' | 'option'>): Text {
  const c = cardTitle(play.card);
  if (play.option === 'extra-dice') return text(`${c.en}, 3 extra dice`, `${c.ru}, 3 дополнительных кубика`);
  if (play.option === 'fewer-dice') return text(`${c.en}, 3 dice fewer`, `${c.ru}, на 3 кубика меньше`);
  return c;
}

const SIDE = {
  attacker: text("the attacker's", 'атакующего'),
  defender: text("the defender's", 'обороняющегося'),
} as const;

/** What a play at 14 steps 4–5 does (rulings R27, R29, R30), as its option says. */
function playLabel(world: World, battle: BattleSetup, play: CombatCardPlay): Text {
  const c = playText(play);
  if (play.card === 'mercenaries-bribed') {
    const n = bribeMercenaries(world, battle, play.power).mercenaries;
    return text(
      `Play ${c.en}: ${n} of the opposing side's mercenaries become ${powerName(play.power).en} mercenaries`,
      `Сыграть ${c.ru}: наёмники противной стороны (${n}) переходят на сторону ${powerGen(play.power).ru}`,
    );
  }
  const t = must(combatTerm(world, battle, play), 'a combat card with no dice');
  const n = Math.abs(t.term.count);
  const hits = t.term.hitOn === 4 ? text(', hitting on 4–6', ', попадающих на 4–6') : text('', '');
  return t.term.count < 0
    ? text(
        `Play ${c.en}: ${SIDE[t.role].en} side, the Hapsburg's, rolls ${n} dice fewer`,
        `Сыграть ${c.ru}: сторона ${SIDE[t.role].ru}, габсбургская, бросает на ${n} кубика меньше`,
      )
    : text(
        `Play ${c.en}: ${n} more dice for ${SIDE[t.role].en} side${hits.en}`,
        `Сыграть ${c.ru}: стороне ${SIDE[t.role].ru} — ещё ${n} кубика${hits.ru}`,
      );
}

export function buildCombatCard(w: Waiting<FieldBattleContext>): DecisionOf<'card'> {
  const c = w.context;
  const world = c.world;
  const power = must(c.responding, 'a combat-card decision with nobody asked');
  const own = combatCardPlays(world, power, c.battle);
  const options: DecisionOption<'card'>[] = own.plays.map((play) =>
    option({ type: 'card.play', ...play }, playLabel(world, c.battle, play)),
  );
  options.push(
    option({ type: 'card.pass', power }, text('Play no (more) combat cards', 'Больше не разыгрывать боевых карт')),
  );
  const blocked: Blocked<'card'>[] = [];
  for (const p of MAJOR_POWERS)
    for (const r of p === power ? own.refused : combatCardPlays(world, p, c.battle).refused)
      blocked.push(
        refusedAnswer(
          world,
          { power: p, card: r.card, ...(r.option ? { option: r.option } : {}) },
          r.refusal,
          playText(r),
        ),
      );
  const cards = heldCards(world, power, 'combat', own.plays);
  const step = combatStep(c.battle, power);
  const p = powerName(power),
    t = spaceName(world, c.battle.space);
  const stepRu = step === '14 step 4' ? '14, шаг 4' : '14, шаг 5';
  return named(world, {
    ...base(w),
    rule: step,
    kind: 'card',
    power,
    forced: false,
    options,
    blocked,
    limits: { window: step, cards },
    prompt: text(
      `${p.en}: declare a combat card for the battle in ${t.en}, or play no more? (${step}, ruling R27)`,
      `${p.ru}: объявить боевую карту для сражения ${inSpace(world, c.battle.space).ru} или больше не разыгрывать? (${stepRu}; постановление R27)`,
    ),
  });
}
