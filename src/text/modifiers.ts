// Dice terms in words (src/schema/dice.ts): what each counts for (13.2 step 2, 13.3 step 4, ruling R1; the dice of
// 14 steps 2–3), a term as the modifier a prompt or a summary lists, and the signed terms a roll adds up, "+2 −1" in
// a prompt and "8 + 2 − 1 = 9" in the story. A new kind of source needs its words here: the switch is exhaustive.
import type { DiceSource, DiceTerm } from '../rules/dice.ts';
import type { World } from '../rules/world.ts';
import { count as countOf, NOUNS, plain } from './grammar.ts';
import { leaderAcc, leaderGen, leaderName } from './names.ts';
import { msg, type Text } from './text.ts';
import { cardTitle } from '../data/cards.ts';

/** Why a term applies: "Charles V's battle rating" / «боевой рейтинг Карла V»; `count` is the term's own count. */
export function sourceReason(world: Pick<World, 'leaders'>, source: DiceSource, count: number): Text {
  switch (source.kind) {
    case 'leader':
      return msg('modifiers.sourceReason.leader', "{leaderName}'s battle rating", 'боевой рейтинг {leaderGen}', {
        leaderName: leaderName(world, source.leader),
        leaderGen: leaderGen(world, source.leader),
      });
    case 'cavalry':
      return msg('modifiers.sourceReason.cavalry', 'Ottoman cavalry in the group', 'османская кавалерия в группе');
    case 'againstCavalry':
      return msg('modifiers.sourceReason.againstCavalry', 'against Ottoman cavalry', 'против османской кавалерии');
    case 'telescope':
      return msg('modifiers.sourceReason.telescope', 'Telescope', '«Телескоп»');
    case 'landUnits':
      return plain(countOf(count, NOUNS.landUnit));
    case 'defender':
      return msg('modifiers.sourceReason.defender', 'defender', 'обороняющийся');
    case 'card': {
      return msg('modifiers.sourceReason.card', '{c}', 'карта {c}', { c: cardTitle(source.card) });
    }
  }
}

/** What a term adds for, in a story's sentence: "for Charles V" / «за Карла V». */
export function sourceFor(world: Pick<World, 'leaders'>, source: DiceSource): Text {
  switch (source.kind) {
    case 'leader':
      return msg('modifiers.sourceFor.leader', 'for {leaderName}', 'за {leaderAcc}', {
        leaderName: leaderName(world, source.leader),
        leaderAcc: leaderAcc(world, source.leader),
      });
    case 'defender':
      return msg('modifiers.sourceFor.defender', 'as defender', 'за оборону');
    case 'landUnits':
      return msg('modifiers.sourceFor.landUnits', 'for the land units', 'за сухопутные части');
    case 'cavalry':
      return msg('modifiers.sourceFor.cavalry', 'for Ottoman cavalry', 'за османскую кавалерию');
    case 'againstCavalry':
      return msg('modifiers.sourceFor.againstCavalry', 'against Ottoman cavalry', 'против османской кавалерии');
    case 'telescope':
      return msg('modifiers.sourceFor.telescope', 'for the Telescope', 'за «Телескоп»');
    case 'card': {
      const c = cardTitle(source.card);
      return msg('modifiers.sourceFor.card', 'for {c}', 'по карте {c}', { c });
    }
  }
}

/**
 * The terms a prompt, a story or a dice panel lists: each that adds or takes something, and the land units, which
 * every side's dice start from. A leader rated 0 is a term (he is the side's leader) that adds nothing.
 */
export function listedTerms<T extends DiceTerm>(terms: readonly T[]): T[] {
  return terms.filter((t) => t.count !== 0 || t.source.kind === 'landUnits');
}

/** A term as a decision or a summary lists it (`modifiers`): its rule, what it adds (dice or points) and why. */
export interface TermModifier {
  readonly rule: DiceTerm['rule'];
  readonly ruling?: DiceTerm['ruling'];
  readonly value: number;
  readonly reason: Text;
}

export function modifierOf(world: Pick<World, 'leaders'>, term: DiceTerm): TermModifier {
  return {
    rule: term.rule,
    ...(term.ruling ? { ruling: term.ruling } : {}),
    value: term.count,
    reason: sourceReason(world, term.source, term.count),
  };
}

/** The listed terms of a roll as the modifiers a decision or a summary lists, in the roll's order. */
export function modifiersOf(world: Pick<World, 'leaders'>, terms: readonly DiceTerm[]): TermModifier[] {
  return listedTerms(terms).map((t) => modifierOf(world, t));
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
