// The 2d6 roll of an interception (13.2 step 2) or an avoid-battle attempt (13.3 step 4): 2d6 + modifiers ≥ 9.
import { ROLL_DICE, ROLL_TARGET, type DiceTerm } from '../../rules/dice.ts';
import { powerName, ruFormOf } from '../../text/names.ts';
import { msg } from '../../text/text.ts';
import type { World } from '../../rules/world.ts';
import type { DecisionOf } from '../../schema/decision.ts';
import type { Power } from '../../schema/power.ts';
import { modifiersOf, modifiersText } from '../../text/modifiers.ts';
import { base, type Waiting } from './common.ts';
import { named } from './names.ts';

export function attemptRoll(
  w: Waiting<unknown>,
  world: Pick<World, 'board' | 'leaders'>,
  attempt: { readonly power: Power; readonly terms: readonly DiceTerm[] },
  purpose: 'interception' | 'avoid',
): DecisionOf<'roll'> {
  const power: Power = attempt.power;
  const mods = modifiersOf(world, attempt.terms);
  const p = powerName(power);
  const what =
    purpose === 'interception'
      ? msg('procedure.rolls.attemptRoll.what', 'interception', 'на перехват')
      : msg('procedure.rolls.attemptRoll.what.2', 'avoid battle', 'на уклонение от сражения');
  return named(world, {
    ...base(w),
    kind: 'roll',
    power,
    options: [],
    blocked: [],
    forced: false,
    roll: {
      dice: ROLL_DICE,
      purpose,
      modifiers: mods,
      terms: attempt.terms.map((t) => ({ ...t })),
      target: ROLL_TARGET,
    },
    prompt: msg(
      'procedure.rolls.attemptRoll.prompt',
      '{p} rolls 2 dice for {what}: 2d6{length} ≥ {target} succeeds.',
      '{p} {powerForm, select, pl {бросают} other {бросает}} 2 кубика {what}: 2d6{length} ≥ {target} — успех.',
      {
        p,
        what,
        length: mods.length > 0 ? ` ${modifiersText(mods)}` : '',
        target: ROLL_TARGET,
        powerForm: ruFormOf(power),
      },
    ),
  });
}
