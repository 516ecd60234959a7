// A relief force (15.2, ruling R35) as the relief machine runs it: the sortie (which pieces inside come out to join),
// then the field battle (14) against the besiegers on the field battle's own states, then 15.2's result recorded.
// What a losing relief force may put back inside is the retreat's (src/rules/retreat.ts, isReliefReturnAllowed).
import type { EngineEvent } from '../../schema/events.ts';
import type { Power } from '../../schema/power.ts';
import { NO_UNITS, units, type Units } from '../../schema/units.ts';
import { checkSortie, reliefOutcome, sortieStacks, totalsByPower, type SortieArgs } from '../relief.ts';
import { endSiege, siegeIn } from '../siege.ts';
import { skippedSortie } from '../skipped.ts';
import { addStacks, splitStacks, takePieces, totals } from '../stacks.ts';
import { must } from '../must.ts';
import { answerGuard, eventOf, guard, startContext } from './common.ts';
import type { AnswerVerdict, ProcedureContext } from './common.ts';
import type { BattleInput, FieldBattleInput, FieldBattleOutput } from './field-battle.ts';

export type ReliefInput = FieldBattleInput;

export interface ReliefContext extends ProcedureContext {
  readonly battle: BattleInput;
  /**
   * What came out of the fortifications (its group's totals, with each power's land units: 15.2's fewer hits lets
   * only those back in); none until the sortie is declared.
   */
  readonly sortie: Units;
}

export type ReliefOutput = ProcedureContext;

export function startRelief(input: ReliefInput): ReliefContext {
  return { ...startContext(input), battle: input.battle, sortie: NO_UNITS };
}

export function reliefOutput(c: ReliefContext): ReliefOutput {
  return { world: c.world, summary: c.summary };
}

/** The arguments of a `relief.declare` as the restrictions read them (the guard, the refusal and the options). */
export function sortieArgs(c: ReliefContext, event: EngineEvent): SortieArgs | undefined {
  const e = eventOf(event, 'relief.declare');
  return e && { space: c.battle.space, relief: c.battle.attacker, power: e.power, units: units(e) };
}

/** The verdict on a sortie (15.2, ruling R35): the restriction that refuses it, or allowed. */
export function sortieVerdict(c: ReliefContext, event: EngineEvent): AnswerVerdict {
  const args = sortieArgs(c, event);
  return args ? checkSortie(c.world, args) : false;
}

export const reliefGuards = {
  hasSortieChoice: guard<ReliefContext>(
    '15.2',
    (c) => sortieStacks(c.world, c.battle.space, c.battle.attacker).length > 0,
  ),
  isLegalSortie: answerGuard<ReliefContext>('15.2', sortieVerdict),
};

/** The relief's summary entry, before its result is known. */
function reliefSummary(c: ReliefContext, sortie: Units, heldBack: Units) {
  const siege = must(siegeIn(c.world, c.battle.space), 'a relief force with no siege to relieve');
  return {
    space: c.battle.space,
    power: c.battle.attacker,
    besiegers: [...siege.by] as Power[],
    sortie,
    heldBack,
    outcome: null,
  };
}

/**
 * Ruling R35: the declared pieces come out of the fortifications and stand with the relief force (beyond its
 * command limit); whatever is held back stays inside, untouched.
 */
export function declareSortie(c: ReliefContext, event: EngineEvent): Partial<ReliefContext> {
  const args = must(sortieArgs(c, event), 'declareSortie without relief.declare');
  const split = splitStacks(sortieStacks(c.world, c.battle.space, c.battle.attacker), args.units);
  if (!split.ok) throw new Error('declareSortie: the sortie is not inside (its guard let it through)');
  const position = addStacks(
    takePieces(c.world.position, split.taken),
    split.taken.map((s) => ({ ...s, inside: false })),
  );
  return {
    world: { ...c.world, position },
    sortie: totalsByPower(split.taken),
    summary: { ...c.summary, relief: reliefSummary(c, totals(split.taken), totals(split.rest)) },
  };
}

/** Ruling R9: nothing of the relief force's power is inside, so nobody is asked; the reasons stay on the record. */
export function recordNoSortie(c: ReliefContext): Partial<ReliefContext> {
  return {
    summary: {
      ...c.summary,
      relief: reliefSummary(c, NO_UNITS, NO_UNITS),
      skipped: [...c.summary.skipped, ...skippedSortie(c.world, c.battle.space, c.battle.attacker)],
    },
  };
}

/** 14 with 15.2: the field battle against the besiegers, told which pieces came out (for the retreat's limits). */
export function reliefBattleInput(c: ReliefContext): FieldBattleInput {
  const leaders = [...(c.battle.formationLeaders ?? []), ...c.sortie.leaders];
  return {
    world: c.world,
    summary: c.summary,
    battle: { ...c.battle, formationLeaders: leaders, relief: { sortie: c.sortie } },
  };
}

/** 15.2: the battle's result for the relief force, read from the battle the summary recorded. */
export function takeReliefBattleOutput(_c: ReliefContext, out: FieldBattleOutput): Partial<ReliefContext> {
  const battle = must(out.summary.battle, 'a relief battle without its summary');
  const relief = must(out.summary.relief, 'a relief battle without its relief summary');
  const outcome = reliefOutcome(out.winner === 'attacker', battle.attacker.hits, battle.defender.hits);
  const summary = { ...out.summary, relief: { ...relief, outcome } };
  const siege = siegeIn(out.world, relief.space);
  if (outcome !== 'won' || !siege) return { world: out.world, summary };
  // 15.2: the relief force won — the besiegers have retreated (14.1) and the siege ends.
  return {
    world: { ...out.world, position: endSiege(out.world.position, relief.space) },
    summary: {
      ...summary,
      siegesEnded: [...summary.siegesEnded, { space: relief.space, by: [...siege.by], rule: '15.2' }],
    },
  };
}
