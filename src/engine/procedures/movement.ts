// The movement's own decision (13.1 steps 1–2): the active power names a formation and an adjacent destination,
// when the scenario has not. The options are the largest formation of every space, to every space it may enter.
import { largestInterception } from '../../rules/interception.ts';
import { checkMove, ENTRY_RESTRICTIONS, groupStacksIn, moveCost, movableStacks } from '../../rules/movement.ts';
import { powerGen, powerName, spaceName, unitsText } from '../../rules/names.ts';
import { moveArgs, type MovementContext } from '../../rules/procedures/movement.ts';
import { text } from '../../rules/text.ts';
import { checkAll } from '../../rules/verdict.ts';
import type { Blocked, Decision, DecisionOption } from '../../schema/decision.ts';
import { landUnitCount } from '../../schema/units.ts';
import { base, blockedOf, decision, option, refused, unitsFields, type Waiting } from './common.ts';

function build(w: Waiting<MovementContext>): Decision {
  const c = w.context;
  const world = c.world;
  const power = world.position.impulse.power;
  const options: DecisionOption[] = [];
  const blocked: Blocked[] = [];
  const spaces = [...new Set(world.position.stacks.filter((s) => groupStacksIn(world, power, s.space).length > 0).map((s) => s.space))].sort();
  for (const from of spaces) {
    const stacks = movableStacks(world, power, from);
    const request = largestInterception(world, stacks);
    if (landUnitCount(request) === 0 && request.leaders.length === 0) continue;
    for (const to of world.board.spaces.get(from)?.neighbours ?? []) {
      const v = checkAll(ENTRY_RESTRICTIONS, world, { power, from, to, request, cp: world.position.impulse.cp });
      if (!v.ok) blocked.push(blockedOf({ from, to }, v));
      else {
        const f = spaceName(world, from), t = spaceName(world, to), u = unitsText(world, request);
        options.push(option({ type: 'move.declare', from, to, ...unitsFields(request) }, text(`${f.en} → ${t.en}: ${u.en} (${moveCost(world, from, to)} CP)`, `${f.ru} → ${t.ru}: ${u.ru} (${moveCost(world, from, to)} КО)`)));
      }
    }
  }
  const p = powerName(power);
  return {
    ...base(w), kind: 'move', power, forced: false, options, blocked,
    prompt: text(`${p.en}: declare a formation and an adjacent destination (${world.position.impulse.cp} CP left).`, `Ход ${powerGen(power).ru}: объявите соединение и прилегающую область назначения (осталось ${world.position.impulse.cp} КО).`),
  };
}

export const move = decision<MovementContext>({
  build,
  refusal: (c, e) => (e.type === 'move.declare' ? refused(checkMove(c.world, moveArgs(c, e))) : undefined),
  decline: () => undefined,
});
