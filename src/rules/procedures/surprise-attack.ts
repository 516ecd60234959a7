// The fieldBattle machine's states after a Surprise Attack (#29, ruling R28): the surprising side's roll, the other
// side's losses taken at once (14 step 9, its own choices), its dice counted again (14 steps 2–3 on its survivors)
// and its roll; then 14 steps 7–12 as in every battle, the surprising side taking its casualties at step 9.
import { sidePlan } from '../casualties.ts';
import { countHits, diceTotal } from '../dice.ts';
import { sideLeader, sideStacks, type Role } from '../field-battle.ts';
import { must } from '../must.ts';
import { recountedTerms, surprisedSide, surpriseSummary } from '../surprise-attack.ts';
import { LAND_UNIT_TYPES, type LandUnitType } from '../../schema/units.ts';
import { guard } from './common.ts';
import { takeLosses, type FieldBattleContext } from './field-battle.ts';

/**
 * Ruling R28, 14 step 9: the first roll's hits are owed by the other side alone — its plan of losses (ruling R5's
 * split, no kept unit: ruling R7 waits for the end of the battle); the surprising side owes nothing yet.
 */
export function takeSurpriseHits(c: FieldBattleContext): Partial<FieldBattleContext> {
  const surprise = must(c.surprise, 'takeSurpriseHits without a Surprise Attack');
  const hits = countHits(c.rolled[surprise.side] ?? [], c.dice?.[surprise.side] ?? []);
  const other = surprisedSide(surprise);
  const plan = (role: Role) => {
    const stacks = sideStacks(c.world, c.battle, role);
    return sidePlan(
      c.world,
      role,
      stacks,
      role === other ? hits : 0,
      sideLeader(c.world, c.battle, role, stacks),
      false,
    );
  };
  return {
    surprise: { ...surprise, hits, counted: diceTotal(c.dice?.[other] ?? []) },
    plans: { attacker: plan('attacker'), defender: plan('defender') },
  };
}

/**
 * Ruling R28: the other side's losses come off now, before its dice are counted again; the summary keeps them.
 * Leaders left without land units are captured at 14 step 10, with the battle's other captures.
 */
export function applySurpriseCasualties(c: FieldBattleContext): Partial<FieldBattleContext> {
  const surprise = must(c.surprise, 'applySurpriseCasualties without a Surprise Attack');
  const losses = Object.fromEntries(LAND_UNIT_TYPES.map((t) => [t, 0])) as Record<LandUnitType, number>;
  for (const a of c.answers) for (const t of LAND_UNIT_TYPES) losses[t] += a.losses[t];
  const next = { ...surprise, losses };
  return {
    world: { ...c.world, position: takeLosses(c, c.answers) },
    surprise: next,
    summary: { ...c.summary, surprise: surpriseSummary(next) },
    answers: [],
    oddTo: {},
    asking: undefined,
  };
}

/**
 * Ruling R28: the other side's dice counted again on the land units it has left (14 steps 2–3), with the card dice
 * declared for or against it; none when no land unit is left.
 */
export function recountSurprisedDice(c: FieldBattleContext): Partial<FieldBattleContext> {
  const surprise = must(c.surprise, 'recountSurprisedDice without a Surprise Attack');
  const dice = must(c.dice, 'a recount before the dice are counted');
  const role = surprisedSide(surprise);
  const terms = recountedTerms(c.world, c.battle, role, dice[role]);
  const next = { ...surprise, recounted: diceTotal(terms) };
  return {
    dice: { ...dice, [role]: terms },
    surprise: next,
    summary: { ...c.summary, surprise: surpriseSummary(next) },
  };
}

export const surpriseAttackGuards = {
  isSurpriseAttackByAttacker: guard<FieldBattleContext>('14 step 6', (c) => c.surprise?.side === 'attacker', 'R28'),
  isSurpriseAttackByDefender: guard<FieldBattleContext>('14 step 6', (c) => c.surprise?.side === 'defender', 'R28'),
};
