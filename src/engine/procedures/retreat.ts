// The retreat procedure's decision (14.1): where the losing group goes, and what of it goes inside its own
// fortified space (up to 4 land units, any leaders).
import { must } from '../../rules/must.ts';
import { retreatClosed } from '../../text/refusals.ts';
import { intoSpace, outOfSpace, powerName, spaceName, unitsText } from '../../text/names.ts';
import { count, NOUNS } from '../../text/grammar.ts';
import type { RetreatContext } from '../../rules/procedures/retreat.ts';
import {
  insideEligible,
  insideRoom,
  mayAnyGoInside,
  retreatDestinations,
  retreatingStacks,
} from '../../rules/retreat.ts';
import { totals } from '../../rules/stacks.ts';
import { joinText, msg, type Text } from '../../text/text.ts';
import type { World } from '../../rules/world.ts';
import type { Power } from '../../schema/power.ts';
import type { Blocked, DecisionOf, DecisionOption } from '../../schema/decision.ts';
import type { EngineEvent } from '../../schema/events.ts';
import { landUnitCount, type Units } from '../../schema/units.ts';
import { base, decision, eventsOf, option, refusedAnswer, unitsFields, type Choice, type Waiting } from './common.ts';
import { retreatAnswers } from './answer-spaces.ts';
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

type RetreatEvent = Extract<EngineEvent, { type: 'retreat.declare' }>;

/** What the retreating group has, where it may go and what room there is inside its own fortified space (14.1). */
function retreatFacts(w: Waiting<RetreatContext>) {
  const c = w.context;
  const world = c.world;
  const power = must(c.asking, 'a retreat decision with no group asked');
  const { to, blocked } = retreatDestinations(world, c, power);
  const mayGoIn = mayAnyGoInside(world, c, power);
  return {
    power,
    all: totals(retreatingStacks(world, c, power)),
    to,
    blocked,
    mayGoIn,
    room: mayGoIn ? insideRoom(world, c) : 0,
    // 15.2, ruling R35: what of it may go inside (after fewer hits, only what came out).
    eligible: insideEligible(world, c, power),
  };
}

/**
 * Every legal answer of the group asked (14.1), in the order the decision lists them: everything inside the
 * fortress first (so that a bounded list still shows it), then each legal space (or, with none, nothing inside and
 * everything eliminated), then each mix that leaves some units out with each space for the rest.
 */
function* retreatChoices(w: Waiting<RetreatContext>, f = retreatFacts(w)): Generator<Choice<RetreatEvent>> {
  const world = w.context.world;
  const { power, all, to, room } = f;
  const combos = f.mayGoIn ? insideCombos(f.eligible, room) : [];
  const leavesOut = (inside: Units) =>
    landUnitCount(inside) < landUnitCount(all) || inside.leaders.length < all.leaders.length;
  const insideLabel = (inside: Units) => {
    const i = unitsText(world, inside);
    return msg('procedure.retreat.retreatChoices.insideLabel', '{i} inside', 'В укрепления: {i}', { i });
  };
  // Each mix that takes everything inside, the last one first.
  for (const inside of combos.filter((x) => !leavesOut(x)).reverse())
    yield { event: { type: 'retreat.declare', power, inside: unitsFields(inside) }, label: () => insideLabel(inside) };
  for (const dest of to)
    yield {
      event: { type: 'retreat.declare', power, to: dest },
      label: () =>
        msg('procedure.retreat.retreatChoices.label', 'Retreat to {spaceName}', 'Отступить {intoSpace}', {
          spaceName: spaceName(world, dest),
          intoSpace: intoSpace(world, dest),
        }),
    };
  // No legal space: whatever does not go inside is eliminated; going nowhere at all is an answer too.
  if (to.length === 0)
    yield {
      event: { type: 'retreat.declare', power },
      label: () =>
        msg(
          'procedure.retreat.retreatChoices.label.2',
          'Nothing goes inside: everything is eliminated (14.1)',
          'Никто не уходит в укрепления: все уничтожены (14.1)',
        ),
    };
  for (const inside of combos.filter(leavesOut)) {
    if (to.length === 0)
      yield {
        event: { type: 'retreat.declare', power, inside: unitsFields(inside) },
        label: () =>
          joinText(
            [
              insideLabel(inside),
              msg('procedure.retreat.retreatChoices.label.3', 'the rest is eliminated', 'остальные уничтожены'),
            ],
            '; ',
          ),
      };
    else
      for (const dest of to)
        yield {
          event: { type: 'retreat.declare', power, to: dest, inside: unitsFields(inside) },
          label: () =>
            joinText(
              [
                insideLabel(inside),
                msg('procedure.retreat.retreatChoices.label.4', 'the rest to {spaceName}', 'остальные — {intoSpace}', {
                  spaceName: spaceName(world, dest),
                  intoSpace: intoSpace(world, dest),
                }),
              ],
              '; ',
            ),
        };
  }
}

/**
 * A refused retreat space, by the power whose group retreats: "Hapsburg: retreat to Pressburg" — the words of the
 * decision's `blocked` and of a skipped retreat's candidates (ruling R9).
 */
export function retreatToText(world: World, power: Power, to: string): Text {
  return msg('procedure.retreat.build.label', '{p}: retreat to {spaceName}', '{p}: отступить {intoSpace}', {
    p: powerName(power),
    spaceName: spaceName(world, to),
    intoSpace: intoSpace(world, to),
  });
}

/** The whole retreat refused (no candidate space at all, ruling R9): "Hapsburg: retreat out of Vienna". */
export function retreatOutOfText(world: World, power: Power, from: string): Text {
  return msg('procedure.retreat.outOf', '{p}: retreat out of {spaceName}', '{p}: отступить {outOfSpace}', {
    p: powerName(power),
    spaceName: spaceName(world, from),
    outOfSpace: outOfSpace(world, from),
  });
}

/**
 * 15.2, ruling R35: what may go back inside after fewer hits, as the decision's limits say it — each power's share
 * (ruling R16) only when the group came out with pieces of more than one power.
 */
function returnLimits(eligible: Units): Units {
  const { byPower, ...counts } = eligible;
  return byPower && Object.keys(byPower).length > 1 ? { ...counts, byPower } : counts;
}

function build(w: Waiting<RetreatContext>): DecisionOf<'retreat'> {
  const c = w.context;
  const world = c.world;
  const facts = retreatFacts(w);
  const { power, all, to, blocked: b, mayGoIn, room, eligible } = facts;
  const blocked: Blocked<'retreat'>[] = [];
  const options: DecisionOption<'retreat'>[] = [...retreatChoices(w, facts)].map((x) => option(x.event, x.label()));
  for (const x of b) blocked.push(refusedAnswer(world, { to: x.to }, x.refusal, retreatToText(world, power, x.to)));
  const p = powerName(power),
    s = spaceName(world, c.space);
  const insideNote = mayGoIn
    ? msg(
        'procedure.retreat.build.insideNote',
        ' (up to {units} and any leaders may go inside)',
        ' (в укрепления могут уйти до {unitsGen} и любые командующие)',
        { units: count(room, NOUNS.landUnit), unitsGen: count(room, NOUNS.landUnit, 'gen') },
      )
    : msg('procedure.retreat.build.insideNote.2', '', '');
  return named(world, {
    ...base(w),
    kind: 'retreat',
    power,
    options,
    blocked,
    forced: options.length === 1,
    limits: {
      available: all,
      destinations: to,
      insideRoom: room,
      leadersMayGoInside: mayGoIn,
      ...(c.relief?.outcome === 'fewer' ? { insideAvailable: returnLimits(eligible) } : {}),
    },
    prompt: msg(
      'procedure.retreat.build.prompt',
      '{p}: retreat from {s}{insideNote}.',
      '{p}: выберите, куда отступить {outOfSpace}{insideNote}.',
      { p, s, insideNote, outOfSpace: outOfSpace(world, c.space) },
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
  power: (c) => c.asking,
  mayBeForced: true,
  declines: [],
  eager: false,
  closedBy: 'decision',
  stepClosed: retreatClosed,
  answerSpace: retreatAnswers,
  skippedLabel: (world, d, { to }) =>
    to ? retreatToText(world, d.power, to) : retreatOutOfText(world, d.power, d.space),
  answers: (w) => eventsOf(retreatChoices(w)),
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
