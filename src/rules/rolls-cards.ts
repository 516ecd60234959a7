// Janissaries (#1, the Ottoman home card) at 14 step 7 (RULES.md §5, ruling R31): after both sides' rolls the
// Ottoman, holding its home card unused this turn, with Ottoman land units in the battle on either side, may play it
// for 5 extra dice on its side that hit on 5–6. The restrictions on a play, the side it helps, and its dice.
import { CARDS, isCardId, type CardId } from '../data/cards.ts';
import type { MajorPower } from '../schema/power.ts';
import { heldFor, isCardInHand, isCardOfProcedures } from './cards.ts';
import { HIT_ON, type DiceTerm } from './dice.ts';
import { sideStacks, type BattleSetup, type Role } from './field-battle.ts';
import { landUnitsIn } from './stacks.ts';
import { checkAll, restrictionsOn, type Refusal, type Verdict } from './verdict.ts';
import type { World } from './world.ts';

/** Ruling R31: Janissaries' extra dice in a field battle. */
export const JANISSARIES_DICE = 5;

/** A play at 14 step 7: who plays which card in which battle. */
export interface RollsCardArgs {
  readonly power: MajorPower;
  readonly card: string;
  readonly battle: BattleSetup;
}

/** The side of the battle on which `power` has land units (ruling R31: either side), if any. */
export function ottomanSide(world: World, battle: BattleSetup, power: MajorPower = 'ottoman'): Role | undefined {
  const roles: readonly Role[] = ['attacker', 'defender'];
  return roles.find((r) => landUnitsIn(sideStacks(world, battle, r).filter((s) => s.power === power)) > 0);
}

/** Ruling R31: the dice a card of 14 step 7 adds to its side, as a term of that side's roll. */
export function rollsCardTerm(card: CardId, power: MajorPower): DiceTerm {
  return {
    source: { kind: 'card', card, power },
    rule: '14 step 7',
    ruling: 'R31',
    count: JANISSARIES_DICE,
    hitOn: HIT_ON,
  };
}

/** 6.1: the home cards a power has used this turn (they come back to its hand at the next turn). */
export function homeCardsUsed(world: World, power: MajorPower): readonly CardId[] {
  return world.position.homeCardsUsed?.[power] ?? [];
}

const rollsCard = restrictionsOn<RollsCardArgs>();

export const isCardOfRollsWindow = rollsCard({
  name: 'isCardOfRollsWindow',
  rule: '14 step 7',
  statements: ['FB-11'],
  holds: (_w, a) => isCardId(a.card) && CARDS[a.card].window === 'rolls',
  facts: (_w, a) => ({ card: a.card }),
});

export const isHomeCardUnusedThisTurn = rollsCard({
  name: 'isHomeCardUnusedThisTurn',
  rule: '14 step 7',
  ruling: 'R31',
  statements: ['FB-11'],
  holds: (w, a) => !(isCardId(a.card) && homeCardsUsed(w, a.power).includes(a.card)),
  facts: (_w, a) => ({ power: a.power, card: a.card }),
});

export const hasOwnLandUnitsInBattle = rollsCard({
  name: 'hasOwnLandUnitsInBattle',
  rule: '14 step 7',
  ruling: 'R31',
  statements: ['FB-11'],
  holds: (w, a) => ottomanSide(w, a.battle, a.power) !== undefined,
  facts: (_w, a) => ({ power: a.power, card: a.card, space: a.battle.space }),
});

/** What makes a held card of 14 step 7 unplayable now (the battle). */
export const ROLLS_CARD_HOLDER = [hasOwnLandUnitsInBattle] as const;

/**
 * A play at 14 step 7. A home card used this turn is out of the hand (6.1): the play is refused as used before it is
 * refused as not held, so the reason says why it is not there.
 */
export const ROLLS_CARD_RESTRICTIONS = [
  isCardOfProcedures,
  isCardOfRollsWindow,
  isHomeCardUnusedThisTurn,
  isCardInHand,
  ...ROLLS_CARD_HOLDER,
] as const;

export const RESTRICTIONS = [isCardOfRollsWindow, isHomeCardUnusedThisTurn, ...ROLLS_CARD_HOLDER] as const;

export function checkRollsCard(world: World, args: RollsCardArgs): Verdict {
  return checkAll<RollsCardArgs>(ROLLS_CARD_RESTRICTIONS, world, args);
}

/** A play of 14 step 7 as an event names it. */
export interface RollsCardPlay {
  readonly power: MajorPower;
  readonly card: CardId;
}

/** The plays `power` has at 14 step 7 with the cards it holds, and every held card of the window it may not play. */
export function rollsCardPlays(
  world: World,
  power: MajorPower,
  battle: BattleSetup,
): { plays: RollsCardPlay[]; refused: { card: CardId; refusal: Refusal }[] } {
  const plays: RollsCardPlay[] = [];
  const refused: { card: CardId; refusal: Refusal }[] = [];
  for (const card of heldFor(world, power, 'rolls')) {
    const v = checkAll(ROLLS_CARD_HOLDER, world, { power, card, battle });
    if (v.ok) plays.push({ power, card });
    else refused.push({ card, refusal: v });
  }
  return { plays, refused };
}

/** The power that owns a home card of 14 step 7 (the Ottoman: Janissaries), asked once, unless it passed. */
export function nextRollsResponder(
  world: World,
  battle: BattleSetup,
  asked: readonly MajorPower[],
): MajorPower | undefined {
  const owners = [...new Set(Object.values(CARDS).flatMap((c) => (c.window === 'rolls' && c.home ? [c.home] : [])))];
  return owners.find((p) => !asked.includes(p) && rollsCardPlays(world, p, battle).plays.length > 0);
}
