// The 2d6 roll of an interception (13.2 step 2) or an avoid-battle attempt (13.3 step 4): 2d6 + modifiers ≥ 9.
import { ROLL_DICE, ROLL_TARGET, type DiceTerm } from '../../rules/dice.ts';
import { powerName, ruAgree } from '../../text/names.ts';
import { text } from '../../text/text.ts';
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
    purpose === 'interception' ? text('interception', 'на перехват') : text('avoid battle', 'на уклонение от сражения');
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
    prompt: text(
      `${p.en} rolls 2 dice for ${what.en}: 2d6${mods.length > 0 ? ` ${modifiersText(mods)}` : ''} ≥ ${ROLL_TARGET} succeeds.`,
      `${p.ru} ${ruAgree(power, 'бросают', 'бросает')} 2 кубика ${what.ru}: 2d6${mods.length > 0 ? ` ${modifiersText(mods)}` : ''} ≥ ${ROLL_TARGET} — успех.`,
    ),
  });
}
