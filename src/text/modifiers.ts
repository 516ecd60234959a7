// Roll modifiers in words: what each one counts for (13.2 step 2, 13.3 step 4, ruling R1; the dice of 14 steps 2–3)
// and the signed terms a roll adds up, "+2 −1" in a prompt and "8 + 2 − 1 = 9" in the story.
import type { World } from '../rules/world.ts';
import { enLandUnits, leaderGen, leaderName, ruLandUnits } from './names.ts';
import { text, type Text } from './text.ts';

/** What a modifier counts for. */
export type ModifierSource =
  /** The best battle rating of the group (5.1). */
  | { readonly kind: 'leader'; readonly leader: string }
  /** 13.2 step 2, 13.3 step 4: Ottoman cavalry in the group, +1. */
  | { readonly kind: 'cavalry' }
  /** 13.2 step 2, 13.3 step 4: against a formation with Ottoman cavalry, −1. */
  | { readonly kind: 'againstCavalry' }
  /** Ruling R1: the Telescope, +1. */
  | { readonly kind: 'telescope' }
  /** 14 steps 2–3: one die per land unit. */
  | { readonly kind: 'landUnits'; readonly count: number }
  /** 14 step 3: the defender's extra die. */
  | { readonly kind: 'defender' };

/** Why a modifier applies: "Charles V's battle rating" / «боевой рейтинг Карла V». */
export function modifierReason(world: Pick<World, 'leaders'>, source: ModifierSource): Text {
  switch (source.kind) {
    case 'leader':
      return text(
        `${leaderName(world, source.leader).en}'s battle rating`,
        `боевой рейтинг ${leaderGen(world, source.leader).ru}`,
      );
    case 'cavalry':
      return text('Ottoman cavalry in the group', 'османская кавалерия в группе');
    case 'againstCavalry':
      return text('against Ottoman cavalry', 'против османской кавалерии');
    case 'telescope':
      return text('Telescope', '«Телескоп»');
    case 'landUnits':
      return text(enLandUnits(source.count), ruLandUnits(source.count));
    case 'defender':
      return text('defender', 'обороняющийся');
  }
}

/**
 * The modifiers of a roll as signed terms, with the minus sign −: `terms` for a prompt after "2d6" ("+2 −1"),
 * `sum` for the story after the raw total (" + 2 − 1", so "8 + 2 − 1 = 9").
 */
export function modifiersText(mods: readonly { readonly value: number }[], form: 'terms' | 'sum' = 'terms'): string {
  const terms = mods.map((m) => {
    const sign = m.value >= 0 ? '+' : '−';
    return form === 'terms' ? `${sign}${Math.abs(m.value)}` : ` ${sign} ${Math.abs(m.value)}`;
  });
  return terms.join(form === 'terms' ? ' ' : '');
}
