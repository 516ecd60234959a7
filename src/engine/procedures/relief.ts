// The relief machine's decision (15.2, ruling R35): which pieces inside the besieged space come out to join the
// relief force — any of the relief force's power's and its active minors', beyond the command limit; the rest stay.
import { must } from '../../rules/must.ts';
import type { ReliefContext } from '../../rules/procedures/relief.ts';
import { areSortiePiecesInside, checkSortie, powersHeldInside, sortieStacks } from '../../rules/relief.ts';
import { check } from '../../rules/verdict.ts';
import { landUnitsInside } from '../../rules/siege.ts';
import { stacksWhere, totals } from '../../rules/stacks.ts';
import { reliefClosed } from '../../text/refusals.ts';
import { spaceFrom, spaceName, powerName, unitsText } from '../../text/names.ts';
import { type Text, msg } from '../../text/text.ts';
import type { World } from '../../rules/world.ts';
import { POWERS, type Power } from '../../schema/power.ts';
import type { Blocked, DecisionOf } from '../../schema/decision.ts';
import type { EventOf } from '../../schema/events.ts';
import { LAND_UNIT_TYPES, landUnitCount, type Units } from '../../schema/units.ts';
import { base, blockedOf, decision, eventsOf, option, unitsFields, type Choice, type Waiting } from './common.ts';
import { sortieAnswers } from './answer-spaces.ts';
import { named } from './names.ts';

type SortieEvent = EventOf<'relief.declare'>;

/** Every mix of the pieces that may come out, the largest first (each unit type by count, each subset of leaders). */
function mixes(all: Units): Units[] {
  const out: Units[] = [];
  const leaderSets = subsets(all.leaders);
  for (let regulars = all.regulars; regulars >= 0; regulars--)
    for (let mercenaries = all.mercenaries; mercenaries >= 0; mercenaries--)
      for (let cavalry = all.cavalry; cavalry >= 0; cavalry--)
        for (const leaders of leaderSets) out.push({ regulars, mercenaries, cavalry, leaders });
  return out;
}

function subsets(items: readonly string[]): string[][] {
  let out: string[][] = [[]];
  for (const x of items) out = [...out.map((s) => [...s, x]), ...out];
  return out;
}

const isEmpty = (u: Units) => landUnitCount(u) === 0 && u.leaders.length === 0;

/**
 * The legal answers in the order the decision lists them: everyone comes out first, everyone stays inside second
 * (so that a bounded list keeps both), then every other mix.
 */
function* sortieChoices(w: Waiting<ReliefContext>): Generator<Choice<SortieEvent>> {
  const c = w.context;
  const power = c.battle.attacker;
  const all = totals(sortieStacks(c.world, c.battle.space, power));
  const label = (u: Units) => {
    if (isEmpty(u))
      return msg('procedure.relief.sortieChoices.label', 'Everyone stays inside', 'Все остаются в укреплениях');
    const x = unitsText(c.world, u);
    const held = LAND_UNIT_TYPES.every((t) => u[t] === all[t]) && u.leaders.length === all.leaders.length;
    return held
      ? msg('procedure.relief.sortieChoices.label.2', 'Everyone comes out: {x}', 'Выходят все: {x}', { x })
      : msg(
          'procedure.relief.sortieChoices.label.3',
          '{x} come out, the rest stay inside',
          'Выходят: {x}; остальные остаются внутри',
          { x },
        );
  };
  const list = mixes(all);
  const ordered = [list[0]!, ...list.slice(1).filter(isEmpty), ...list.slice(1).filter((u) => !isEmpty(u))];
  for (const u of ordered) {
    const event: SortieEvent = { type: 'relief.declare', power, ...unitsFields(u) };
    if (checkSortie(c.world, { space: c.battle.space, relief: power, power, units: u }).ok)
      yield { event, label: () => label(u) };
  }
}

/**
 * Another power's pieces inside that may not join the relief force (ruling R35), by that power: "2 regulars of
 * Venice come out" — the words of the decision's `blocked` and of a skipped sortie's candidates (ruling R9).
 */
export function heldInsideText(world: World, space: string, other: Power): Text {
  const theirs = totals(stacksWhere(world.position, { space, inside: true }).filter((x) => x.power === other));
  return msg('procedure.relief.build.label', '{x} of {powerNameOther} come out', 'Выходят {x} ({powerNameOther})', {
    x: unitsText(world, theirs),
    powerNameOther: powerName(other),
  });
}

function build(w: Waiting<ReliefContext>): DecisionOf<'relief'> {
  const c = w.context;
  const world = c.world;
  const power = c.battle.attacker;
  const space = c.battle.space;
  const available = totals(sortieStacks(world, space, power));
  const options = [...sortieChoices(w)].map((x) => option(x.event, x.label()));
  // Ruling R35: another friendly power's pieces inside may not join; each such power, with the restriction.
  const blocked: Blocked<'relief'>[] = [];
  const everything = totals(stacksWhere(world.position, { space, inside: true }));
  for (const other of powersHeldInside(world, space, power)) {
    // Their pieces with everyone else's: more than the relief power's own inside, so the restriction says why.
    const v = check(areSortiePiecesInside, world, { space, relief: power, power, units: everything });
    if (v.ok) continue;
    blocked.push({ ...blockedOf(world, { power: other }, v), label: heldInsideText(world, space, other) });
  }
  const p = powerName(power),
    s = spaceName(world, space);
  return named(world, {
    ...base(w),
    kind: 'relief',
    power,
    options,
    blocked,
    forced: false,
    limits: { available, insideNow: landUnitsInside(world, space) },
    prompt: msg(
      'procedure.relief.build.prompt',
      '{p}: which of your pieces inside besieged {s} come out to join the relief force (15.2, beyond the command limit)? The rest stay inside.',
      '{p}: какие ваши части из укреплений осаждённой области {spaceFromSpace} выходят на помощь деблокирующим силам (15.2, сверх предела командования)? Остальные остаются внутри.',
      { p, s, spaceFromSpace: spaceFrom(world, space) },
    ),
  });
}

export const sortie = decision<ReliefContext, 'relief'>({
  build,
  power: (c) => c.battle.attacker,
  // Holding everyone back is always an answer (ruling R35): never the engine's to answer.
  mayBeForced: false,
  declines: [],
  eager: true,
  closedBy: 'decision',
  stepClosed: reliefClosed,
  answerSpace: sortieAnswers,
  // The candidate names the power whose pieces inside would come out (its `power`), else the decision's.
  skippedLabel: (world, d, { power }) =>
    heldInsideText(
      world,
      d.space,
      power !== undefined && (POWERS as readonly string[]).includes(power) ? (power as Power) : d.power,
    ),
  answers: (w) => eventsOf(sortieChoices(w)),
  // The default policy holds everyone back.
  decline: (d) =>
    must(
      d.options.map((o) => o.event).find((e) => e.type === 'relief.declare' && isEmptyEvent(e)),
      'a sortie decision without the answer that holds everyone back',
    ),
});

function isEmptyEvent(e: SortieEvent): boolean {
  return (e.regulars ?? 0) + (e.mercenaries ?? 0) + (e.cavalry ?? 0) + (e.leaders?.length ?? 0) === 0;
}
