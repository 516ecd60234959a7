// Ruling R9: a decision with no legal answer but to decline is not put to anybody — and the reasons stay on the
// record. Each procedure that passes a power over says which decision it skipped and why: every candidate answer
// the power had (a space to intercept from, a space to avoid battle into or retreat to, the withdrawal itself) with
// the restriction that refuses it. The summary keeps them (`skipped`); the trace, the walkthrough, `explore` and the
// session's refusals read them there.
import type { SkippedDecision } from '../schema/result.ts';
import { MAJOR_POWERS, type MajorPower, type Power } from '../schema/power.ts';
import { NO_UNITS } from '../schema/units.ts';
import { battleCardPlays } from './battle-cards.ts';
import { moveCardPlays } from './cards.ts';
import { combatCardPlays, combatStep } from './combat-cards.ts';
import { rollsCardPlays } from './rolls-cards.ts';
import type { BattleSetup } from './field-battle.ts';
import { AVOIDER_RESTRICTIONS, avoidDestinations, avoidingStacks, type AvoidState } from './avoid-battle.ts';
import { interceptionCandidates, type InterceptionState } from './interception.ts';
import type { MoveLeg } from './leg.ts';
import { hostileStacksOutside } from './hostility.ts';
import type { RuleRef } from './registry.ts';
import { retreatDestinations, type RetreatState } from './retreat.ts';
import { areSortiePiecesInside, powersHeldInside } from './relief.ts';

import { check, checkAll, type Refusal } from './verdict.ts';
import { WITHDRAWAL_CONDITIONS, withdrawalDecider } from './withdrawal.ts';
import { landUnitsIn, stacksWhere, totals } from './stacks.ts';
import type { World } from './world.ts';

export type { SkippedDecision };

/** A refused candidate as the summary keeps it: the answer (only the part that differs) and the refusal's data. */
function refusedEntry(option: Readonly<Record<string, string>>, r: Refusal): SkippedDecision['refused'][number] {
  return {
    option: { ...option },
    code: r.code,
    rule: r.rule,
    ...(r.ruling ? { ruling: r.ruling } : {}),
    facts: r.facts,
  };
}

function skipped(
  kind: SkippedDecision['kind'],
  power: Power,
  space: string,
  rule: RuleRef,
  refused: SkippedDecision['refused'],
): SkippedDecision {
  return { kind, power, space, rule, refused };
}

/**
 * 13.2, ruling R9: the powers never asked to intercept this move (`asked` were) that have stacks next to the
 * destination, each with every space it could have tried from and the restriction that refuses it — the besieged
 * stack of the space the besiegers left (13.2), a pass (2.5), marked units (ruling R12), a success by another power
 * (13.2 step 3), and so on.
 */
export function skippedInterceptions(
  world: World,
  state: InterceptionState,
  asked: readonly Power[],
): SkippedDecision[] {
  const out: SkippedDecision[] = [];
  for (const power of MAJOR_POWERS) {
    if (power === state.leg.power || asked.includes(power)) continue;
    const { candidates, blocked } = interceptionCandidates(world, state, power);
    if (candidates.length > 0 || blocked.length === 0) continue;
    out.push(
      skipped(
        'intercept',
        power,
        state.leg.to,
        '13.2',
        blocked.map((b) => refusedEntry({ from: b.from }, b.refusal)),
      ),
    );
  }
  return out;
}

/**
 * 13.3, ruling R9: the major powers with pieces outside the fortifications of the destination never asked to avoid
 * battle — the restriction on the power (it intercepted, a leader alone, …) or, when it had no legal space, every
 * adjacent space with the restriction that refuses it.
 */
export function skippedAvoids(world: World, state: AvoidState): SkippedDecision[] {
  if (state.intercepted.length > 0) return [];
  const out: SkippedDecision[] = [];
  for (const power of MAJOR_POWERS) {
    if (power === state.leg.power || state.done.includes(power)) continue;
    if (avoidingStacks(world, power, state.leg).length === 0) continue;
    const args = { ...state, asking: power, power, from: state.leg.to, to: state.leg.to, request: NO_UNITS };
    const v = checkAll(AVOIDER_RESTRICTIONS, world, args);
    const refused = v.ok
      ? avoidDestinations(world, state, power).blocked.map((b) => refusedEntry({ to: b.to }, b.refusal))
      : [refusedEntry({}, v)];
    if (refused.length > 0) out.push(skipped('avoid', power, state.leg.to, '13.3', refused));
  }
  return out;
}

/**
 * 13.4, ruling R9: defenders with land units outside a fortified destination who may not withdraw (more than four,
 * one of them may not be inside, …): nobody is asked, and the battle is fought. The decider is the power the
 * decision would have gone to (ruling R21), or the first defending power for an inactive stack.
 */
export function skippedWithdrawal(world: World, leg: MoveLeg): SkippedDecision[] {
  if (!world.board.spaces.get(leg.to)?.fortified) return [];
  const defenders = hostileStacksOutside(world, leg.power, leg.to);
  if (landUnitsIn(defenders) === 0) return [];
  const v = checkAll(WITHDRAWAL_CONDITIONS, world, { leg, power: leg.power });
  if (v.ok) return [];
  const power: Power = withdrawalDecider(world, leg) ?? defenders[0]!.power;
  return [skipped('withdraw', power, leg.to, '13.4', [refusedEntry({}, v)])];
}

/**
 * 14.1, 15.3, ruling R9: a retreating group with nowhere to go and no way inside is eliminated without being asked;
 * every adjacent space with the restriction that refuses it.
 */
export function skippedRetreat(world: World, state: RetreatState, power: Power): SkippedDecision[] {
  const refused = retreatDestinations(world, state, power).blocked.map((b) => refusedEntry({ to: b.to }, b.refusal));
  return [skipped('retreat', power, state.space, state.reason === 'siege' ? '15.3' : '14.1', refused)];
}

/**
 * 15.2, rulings R9 and R35: nothing inside belongs to the relief force's power or its active minors, so nobody is
 * asked about a sortie; the pieces inside, each other power's, with the restriction that keeps them there.
 */
export function skippedSortie(world: World, space: string, relief: MajorPower): SkippedDecision[] {
  const inside = totals(stacksWhere(world.position, { space, inside: true }));
  const v = check(areSortiePiecesInside, world, { space, relief, power: relief, units: inside });
  const refused = v.ok ? [] : powersHeldInside(world, space, relief).map((p) => refusedEntry({ power: p }, v));
  return [skipped('relief', relief, space, '15.2', refused)];
}

/** A held card of a window that may not be played, as a play lists it (Tercios names its way, ruling R30). */
interface RefusedCard {
  readonly card: string;
  readonly option?: string | undefined;
  readonly refusal: Refusal;
}

/**
 * Ruling R9 for any card window: every power not asked (`passed` were) because it holds cards of the window and no
 * play of theirs is legal, each card with the restriction that refuses it, recorded under the window's rule.
 */
function skippedCardWindow(
  space: string,
  passed: readonly MajorPower[],
  rule: (power: MajorPower) => RuleRef,
  playsOf: (power: MajorPower) => { readonly plays: readonly unknown[]; readonly refused: readonly RefusedCard[] },
): SkippedDecision[] {
  const out: SkippedDecision[] = [];
  for (const power of MAJOR_POWERS) {
    if (passed.includes(power)) continue;
    const { plays, refused } = playsOf(power);
    if (plays.length > 0 || refused.length === 0) continue;
    const entries = refused.map((r) =>
      refusedEntry({ card: r.card, ...(r.option ? { option: r.option } : {}) }, r.refusal),
    );
    out.push(skipped('card', power, space, rule(power), entries));
  }
  return out;
}

/**
 * 13.1 step 4, ruling R9: the powers holding Foul Weather or Gout that were not asked because no play of theirs was
 * legal — the mover's own cards (ruling R26: another power plays them), Gout against a formation without an army
 * leader.
 */
export function skippedResponseCards(world: World, leg: MoveLeg, passed: readonly MajorPower[]): SkippedDecision[] {
  return skippedCardWindow(
    leg.to,
    passed,
    () => '13.1 step 4',
    (p) => moveCardPlays(world, p, leg),
  );
}

/**
 * 14 step 1, ruling R9: the powers of the battle holding Landsknechts or Swiss Mercenaries that were not asked
 * because no play of theirs was legal (no space for the new mercenaries; for the Ottoman's Landsknechts, no mercenary
 * anywhere on the board to eliminate).
 */
export function skippedBattleCards(
  world: World,
  battle: BattleSetup,
  passed: readonly MajorPower[],
): SkippedDecision[] {
  return skippedCardWindow(
    battle.space,
    passed,
    () => '14 step 1',
    (p) => battleCardPlays(world, p, battle),
  );
}

/**
 * 14 steps 4–5, ruling R9: the powers holding combat cards that were not asked because no play of theirs was legal
 * (no land units in the battle, ruling R27; Tercios' or Mercenaries Bribed's conditions, rulings R29, R30).
 */
export function skippedCombatCards(
  world: World,
  battle: BattleSetup,
  passed: readonly MajorPower[],
): SkippedDecision[] {
  return skippedCardWindow(
    battle.space,
    passed,
    (p) => combatStep(battle, p),
    (p) => combatCardPlays(world, p, battle),
  );
}

/**
 * 14 step 7, ruling R9: a holder of Janissaries never asked after the rolls because it may not play it (no Ottoman
 * land units in the battle, already used this turn: ruling R31).
 */
export function skippedRollsCards(world: World, battle: BattleSetup, passed: readonly MajorPower[]): SkippedDecision[] {
  return skippedCardWindow(
    battle.space,
    passed,
    () => '14 step 7',
    (p) => rollsCardPlays(world, p, battle),
  );
}

/** The skipped decision of `power` of a kind, as the summary recorded it, and the refusal of one of its answers. */
export function skippedRefusal(
  entries: readonly SkippedDecision[],
  kind: SkippedDecision['kind'],
  power: Power | MajorPower,
  option: Readonly<Record<string, string | undefined>>,
): Refusal | undefined {
  const entry = [...entries].reverse().find((e) => e.kind === kind && e.power === power);
  if (!entry) return undefined;
  const keys = Object.keys(option).filter((k) => option[k] !== undefined);
  const hit =
    entry.refused.find((r) => keys.every((k) => r.option[k] === option[k])) ??
    entry.refused.find((r) => Object.keys(r.option).length === 0);
  if (!hit) return undefined;
  return {
    ok: false,
    code: hit.code,
    rule: hit.rule as RuleRef,
    ...(hit.ruling ? { ruling: hit.ruling as NonNullable<Refusal['ruling']> } : {}),
    facts: hit.facts,
  };
}
