// The retreat procedure's decision (14.1): where the losing group goes, and what of it goes inside its own
// fortified space (up to 4 land units, any leaders).
import { must } from '../../rules/must.ts';
import { intoSpace, outOfSpace, powerName, ruLandUnits, spaceName, unitsText } from '../../text/names.ts';
import { declarationArgs, type RetreatContext } from '../../rules/procedures/retreat.ts';
import {
  checkRetreat,
  insideRoom,
  mayAnyGoInside,
  retreatDestinations,
  retreatingStacks,
} from '../../rules/retreat.ts';
import { totals } from '../../rules/stacks.ts';
import { joinText, text } from '../../text/text.ts';
import type { Blocked, DecisionOf, DecisionOption } from '../../schema/decision.ts';
import type { EngineEvent } from '../../schema/events.ts';
import { landUnitCount, type Units } from '../../schema/units.ts';
import { base, decision, option, refused, refusedAnswer, unitsFields, type Waiting } from './common.ts';
import { named } from './names.ts';

/**
 * What may go inside (14.1): every mix of at most `room` land units, with all the leaders or none of them (any
 * subset of leaders is legal too; `limits` says so). Iterates only up to the room, whatever the stack's size.
 */
function insideCombos(all: Units, room: number): Units[] {
  const out: Units[] = [];
  const total = landUnitCount(all);
  for (let cavalry = 0; cavalry <= Math.min(all.cavalry, room); cavalry++)
    for (let regulars = 0; regulars <= Math.min(all.regulars, room - cavalry); regulars++)
      for (let mercenaries = 0; mercenaries <= Math.min(all.mercenaries, room - cavalry - regulars); mercenaries++) {
        const n = cavalry + regulars + mercenaries;
        const mix = { regulars, mercenaries, cavalry };
        // Leaders go with the units, or stay out with the rest; when every unit goes in, they may also stay out.
        if (all.leaders.length > 0) out.push({ ...mix, leaders: [...all.leaders] });
        if (n > 0 && (n < total || all.leaders.length === 0)) out.push({ ...mix, leaders: [] });
        if (n > 0 && n === total && all.leaders.length > 0) out.push({ ...mix, leaders: [] });
      }
  return out;
}

function build(w: Waiting<RetreatContext>): DecisionOf<'retreat'> {
  const c = w.context;
  const world = c.world;
  const power = must(c.asking, 'a retreat decision with no group asked');
  const options: DecisionOption<'retreat'>[] = [];
  const blocked: Blocked<'retreat'>[] = [];
  const all = totals(retreatingStacks(world, c, power));
  const { to, blocked: b } = retreatDestinations(world, c, power);
  const mayGoIn = mayAnyGoInside(world, c, power);
  const room = mayGoIn ? insideRoom(world, c) : 0;
  for (const dest of to) {
    const d = spaceName(world, dest);
    options.push(
      option(
        { type: 'retreat.declare', power, to: dest },
        text(`Retreat to ${d.en}`, `Отступить ${intoSpace(world, dest).ru}`),
      ),
    );
  }
  // 14.1: no legal space — whatever does not go inside is eliminated; going nowhere at all is an answer too.
  if (to.length === 0)
    options.push(
      option(
        { type: 'retreat.declare', power },
        text(
          'Nothing goes inside: everything is eliminated (14.1)',
          'Никто не уходит в укрепления: все уничтожены (14.1)',
        ),
      ),
    );
  const combos = mayGoIn ? insideCombos(all, room) : [];
  const leavesOut = (inside: Units) =>
    landUnitCount(inside) < landUnitCount(all) || inside.leaders.length < all.leaders.length;
  // Everything inside first: with a thousand legal spaces the bounded list still shows the way into the fortress.
  for (const inside of [...combos.filter((x) => !leavesOut(x)), ...combos.filter(leavesOut)]) {
    const leftOutside = leavesOut(inside);
    const i = unitsText(world, inside);
    const insideLabel = text(`${i.en} inside`, `В укрепления: ${i.ru}`);
    if (!leftOutside)
      options.splice(0, 0, option({ type: 'retreat.declare', power, inside: unitsFields(inside) }, insideLabel));
    else if (to.length === 0)
      options.push(
        option(
          { type: 'retreat.declare', power, inside: unitsFields(inside) },
          joinText([insideLabel, text('the rest is eliminated', 'остальные уничтожены')], '; '),
        ),
      );
    else
      for (const dest of to) {
        const d = spaceName(world, dest);
        options.push(
          option(
            { type: 'retreat.declare', power, to: dest, inside: unitsFields(inside) },
            joinText([insideLabel, text(`the rest to ${d.en}`, `остальные — ${intoSpace(world, dest).ru}`)], '; '),
          ),
        );
      }
  }
  for (const x of b) {
    const label = text(`Retreat to ${spaceName(world, x.to).en}`, `Отступить ${intoSpace(world, x.to).ru}`);
    blocked.push(refusedAnswer(world, { to: x.to }, x.refusal, label));
  }
  const p = powerName(power),
    s = spaceName(world, c.space);
  const insideNote = mayGoIn
    ? text(
        ` (up to ${room} land units and any leaders may go inside)`,
        ` (в укрепления могут уйти до ${ruLandUnits(room, 'gen')} и любые командующие)`,
      )
    : text('', '');
  return named(world, {
    ...base(w),
    kind: 'retreat',
    power,
    options,
    blocked,
    forced: options.length === 1,
    limits: { available: all, destinations: to, insideRoom: room, leadersMayGoInside: mayGoIn },
    prompt: text(
      `${p.en}: retreat from ${s.en}${insideNote.en}.`,
      `${p.ru}: выберите, куда отступить ${outOfSpace(world, c.space).ru}${insideNote.ru}.`,
    ),
  });
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

export const retreat = decision<RetreatContext, 'retreat'>({
  build,
  refusal: (c, e) =>
    e.type === 'retreat.declare'
      ? refused(checkRetreat(c.world, must(declarationArgs(c, e), 'no retreat arguments')))
      : undefined,
  /**
   * The first legal space by id, nothing inside; with no space, as many units inside as fit (cavalry first) and every
   * leader with them, so that as little as possible is eliminated.
   */
  decline: (d) => {
    const events = d.options
      .map((o) => o.event)
      .filter((e): e is Extract<EngineEvent, { type: 'retreat.declare' }> => e.type === 'retreat.declare');
    const plain = events
      .filter((e) => e.to !== undefined && !e.inside)
      .sort((a, b) => (a.to ?? '').localeCompare(b.to ?? ''));
    if (plain[0]) return plain[0];
    const size = (e: (typeof events)[number]) => [
      -(e.inside?.cavalry ?? 0) - (e.inside?.regulars ?? 0) - (e.inside?.mercenaries ?? 0),
      -(e.inside?.leaders?.length ?? 0),
      -(e.inside?.cavalry ?? 0),
      -(e.inside?.regulars ?? 0),
    ];
    return [...events].sort((a, b) => compareRanks(size(a), size(b)))[0];
  },
});
