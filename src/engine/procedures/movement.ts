// The movement's own decision (13.1 steps 1–2): the active power names a formation and an adjacent destination,
// when the scenario has not. The options are the largest formation of every space, to every space it may enter.
import { candidateMoves, moveCost } from '../../rules/movement.ts';
import { powerGen, powerName, spaceName, unitsText } from '../../text/names.ts';
import type { MovementContext } from '../../rules/procedures/movement.ts';
import { text } from '../../text/text.ts';
import type { Blocked, DecisionOf, DecisionOption } from '../../schema/decision.ts';
import { base, decision, option, refusedAnswer, unitsFields, type Waiting } from './common.ts';
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
      blocked.push(refusedAnswer(world, { from, to }, verdict, text(`${f.en} → ${t.en}`, `${f.ru} → ${t.ru}`)));
    else {
      const u = unitsText(world, request),
        cp = moveCost(world, from, to);
      const label = text(`${f.en} → ${t.en}: ${u.en} (${cp} CP)`, `${f.ru} → ${t.ru}: ${u.ru} (${cp} КО)`);
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
    prompt: text(
      `${p.en}: declare a formation and an adjacent destination (${world.position.impulse.cp} CP left).`,
      `Ход ${powerGen(power).ru}: объявите соединение и прилегающую область назначения (осталось ${world.position.impulse.cp} КО).`,
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
  decline: () => undefined,
});
