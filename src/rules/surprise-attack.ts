// Surprise Attack (#29) at 14 steps 4–9 (RULES.md §5, ruling R28): the side of the power that played it rolls
// first; the other side takes those hits at once (14 step 9, its own choices), then its dice are counted again by
// the formula of 14 steps 2–3 on the land units it has left — the best leader's rating, the defender's die and the
// card dice declared for or against it still count — and it rolls nothing when no land unit is left. The surprising
// side takes its own casualties at 14 step 9 as usual. The card is played like any combat card (14 steps 4–5,
// ruling R27: src/rules/combat-cards.ts); what it changes is the order of the battle, which the fieldBattle machine
// runs as states of its own.
import type { MajorPower } from '../schema/power.ts';
import type { SurpriseSummary } from '../schema/result.ts';
import type { LandUnitType } from '../schema/units.ts';
import type { DiceTerm } from './dice.ts';
import { battleTerms, opponent, sideStacks, type BattleSetup, type Role } from './field-battle.ts';
import { landUnitsIn } from './stacks.ts';
import type { World } from './world.ts';

/** Ruling R28: a Surprise Attack played in the battle, and what the first roll did. */
export interface Surprise {
  readonly power: MajorPower;
  /** The side that rolls first: the side of the power that played the card. */
  readonly side: Role;
  /** Once the first roll is in: its hits, taken at once by the other side. */
  readonly hits?: number | undefined;
  /** The other side's losses taken at once (14 step 9), by unit type. */
  readonly losses?: Readonly<Record<LandUnitType, number>> | undefined;
  /** The other side's dice as they were counted before the first roll (14 steps 2–5). */
  readonly counted?: number | undefined;
  /** The other side's dice counted again on its surviving land units (0: none survived). */
  readonly recounted?: number | undefined;
}

/** Ruling R28: the side that rolls second, after taking the first roll's hits. */
export function surprisedSide(surprise: Pick<Surprise, 'side'>): Role {
  return opponent(surprise.side);
}

/**
 * Ruling R28: the surprised side's dice counted again on the land units it has left — 14 steps 2–3 (one die per land
 * unit, the best leader's rating, the defender's die) and every card term declared for or against it at 14 steps 4–5
 * (Arquebusiers, Field Artillery, Tercios either way) in the order they were declared. A side with no land unit left
 * rolls nothing: its leaders alone roll no die (card text #29, "your opponent rolls no dice").
 */
export function recountedTerms(
  world: World,
  battle: BattleSetup,
  role: Role,
  declared: readonly DiceTerm[],
): DiceTerm[] {
  const stacks = sideStacks(world, battle, role);
  if (landUnitsIn(stacks) === 0) return [];
  return [...battleTerms(world, stacks, role), ...declared.filter((t) => t.source.kind === 'card')];
}

/**
 * 14 step 9 after a Surprise Attack (ruling R28): the hits a side still owes when the winner is decided — all the
 * hits against it, less those the surprised side already took at once (only dice rolled after the second roll,
 * Janissaries for the surprising side, are left for it).
 */
export function hitsOwed(surprise: Surprise | undefined, role: Role, hitsAgainst: number): number {
  if (!surprise || role !== surprisedSide(surprise)) return hitsAgainst;
  return Math.max(0, hitsAgainst - (surprise.hits ?? 0));
}

const NO_LOSSES = { regulars: 0, mercenaries: 0, cavalry: 0 } as const;

/** Ruling R28: the battle summary's account of a Surprise Attack. */
export function surpriseSummary(s: Surprise): SurpriseSummary {
  return {
    power: s.power,
    side: s.side,
    hits: s.hits ?? 0,
    losses: { ...NO_LOSSES, ...s.losses },
    counted: s.counted ?? 0,
    recounted: s.recounted ?? 0,
  };
}
