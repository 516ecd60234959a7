// Breaking a siege (15.3) as the siegeBreak machine runs it: every siege whose besiegers no longer outnumber the
// units inside ends at once, and the besieging stack left behind retreats, free (or is eliminated, its leaders
// captured, when no space is legal). Run after the formation leaves its space, after each successful interception
// (before the next attempt), after avoid battle, after withdrawal and after the field battle: whatever took besiegers
// away.
import type { Power } from '../../schema/power.ts';
import { groupOf } from '../field-battle.ts';
import { holderOf } from '../capture.ts';
import type { RetreatInput, RetreatOutput } from './retreat.ts';
import { besiegingStacks, endSiege, firstBrokenSiege } from '../siege.ts';
import { guard, startContext, type ProcedureContext, type ProcedureInput } from './common.ts';

export type SiegeBreakInput = ProcedureInput;

export interface SiegeBreakContext extends ProcedureContext {
  /** Besieging groups of the sieges just ended that still have pieces in the space, in order (15.3). */
  readonly retreating: readonly { readonly space: string; readonly power: Power }[];
}

export type SiegeBreakOutput = ProcedureContext;

export function startSiegeBreak(input: SiegeBreakInput): SiegeBreakContext {
  return { ...startContext(input), retreating: [] };
}

export function siegeBreakOutput(c: SiegeBreakContext): SiegeBreakOutput {
  return { world: c.world, summary: c.summary };
}

/** 15.3: a siege whose besiegers no longer outnumber the units inside (every machine that may break one asks it). */
export const hasBrokenSiege = guard<ProcedureContext>('15.3', (c) => firstBrokenSiege(c.world) !== undefined);

export const siegeBreakGuards = {
  hasBrokenSiege,
  hasBesiegersToRetreat: guard<SiegeBreakContext>('15.3', (c) => c.retreating.length > 0),
};

/** 15.3: the first broken siege ends; its besiegers still in the space must retreat. */
export function endBrokenSiege(c: SiegeBreakContext): Partial<SiegeBreakContext> {
  const siege = firstBrokenSiege(c.world);
  if (!siege) throw new Error('endBrokenSiege: no broken siege (the guard hasBrokenSiege let it through)');
  const left = besiegingStacks(c.world, siege).map((s) => groupOf(c.world, s.power));
  return {
    world: { ...c.world, position: endSiege(c.world.position, siege.space) },
    retreating: [...c.retreating, ...[...new Set(left)].map((power) => ({ space: siege.space, power }))],
    summary: {
      ...c.summary,
      siegesEnded: [...c.summary.siegesEnded, { space: siege.space, by: [...siege.by], rule: '15.3' }],
    },
  };
}

/**
 * 15.3: the next besieging group retreats, free, under the 14.1 restrictions; with no legal space its leaders go to
 * the power holding the space (ruling R20).
 */
export function besiegersRetreatInput(c: SiegeBreakContext): RetreatInput {
  const next = c.retreating[0];
  if (!next)
    throw new Error('besiegersRetreatInput: nobody to retreat (the guard hasBesiegersToRetreat let it through)');
  const captor = holderOf(c.world, next.space);
  return {
    world: c.world,
    summary: c.summary,
    retreat: { space: next.space, reason: 'siege', attacker: next.power, origin: next.space, captor },
  };
}

export function takeBesiegersRetreat(c: SiegeBreakContext, out: RetreatOutput): Partial<SiegeBreakContext> {
  return { world: out.world, summary: out.summary, retreating: c.retreating.slice(1) };
}
