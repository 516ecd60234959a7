// The movement's own decision (13.1 steps 1–2): the active power names a formation and an adjacent destination,
// when the scenario has not. The options are the largest formation of every space, to every space it may enter.
import { largestInterception } from '../../rules/interception.ts';
import { checkMove, ENTRY_RESTRICTIONS, groupStacksIn, moveCost, movableStacks } from '../../rules/movement.ts';
import { powerGen, powerName, spaceName, unitsText } from '../../text/names.ts';
import { moveArgs, type MovementContext } from '../../rules/procedures/movement.ts';
import { text } from '../../text/text.ts';
import { checkAll } from '../../rules/verdict.ts';
import type { Blocked, DecisionOf, DecisionOption } from '../../schema/decision.ts';
import { landUnitCount } from '../../schema/units.ts';
import { base, decision, option, refused, refusedAnswer, unitsFields, type Waiting } from './common.ts';
import { named } from './names.ts';

function build(w: Waiting<MovementContext>): DecisionOf<'move'> {
  const c = w.context;
  const world = c.world;
  const power = world.position.impulse.power;
  const options: DecisionOption<'move'>[] = [];
  const blocked: Blocked<'move'>[] = [];
  const spaces = [...new Set(world.position.stacks.filter((s) => groupStacksIn(world, power, s.space).length > 0).map((s) => s.space))].sort();
  for (const from of spaces) {
    const stacks = movableStacks(world, power, from);
    const request = largestInterception(world, stacks);
    if (landUnitCount(request) === 0 && request.leaders.length === 0) continue;
    for (const to of world.board.spaces.get(from)?.neighbours ?? []) {
      const v = checkAll(ENTRY_RESTRICTIONS, world, { power, from, to, request, cp: world.position.impulse.cp });
      const f = spaceName(world, from), t = spaceName(world, to);
      if (!v.ok) blocked.push(refusedAnswer(world, { from, to }, v, text(`${f.en} → ${t.en}`, `${f.ru} → ${t.ru}`)));
      else {
        const u = unitsText(world, request);
        options.push(option({ type: 'move.declare', from, to, ...unitsFields(request) }, text(`${f.en} → ${t.en}: ${u.en} (${moveCost(world, from, to)} CP)`, `${f.ru} → ${t.ru}: ${u.ru} (${moveCost(world, from, to)} КО)`)));
      }
    }
  }
  const p = powerName(power);
  return named(world, {
    ...base(w), kind: 'move', power, forced: false, options, blocked,
    prompt: text(`${p.en}: declare a formation and an adjacent destination (${world.position.impulse.cp} CP left).`, `Ход ${powerGen(power).ru}: объявите соединение и прилегающую область назначения (осталось ${world.position.impulse.cp} КО).`),
  });
}

export const move = decision<MovementContext, 'move'>({
  build,
  refusal: (c, e) => (e.type === 'move.declare' ? refused(checkMove(c.world, moveArgs(c, e))) : undefined),
  decline: () => undefined,
});
