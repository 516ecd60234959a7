// The combat cards of 14 steps 4–5 (RULES.md §5, rulings R27, R29, R30): the active power declares any number of
// its combat cards, then each major power controlling defending land units, in impulse order; only a power with land
// units in the battle plays. Arquebusiers (#24) and Field Artillery (#25) add dice, Tercios (#30) adds dice that hit
// on 4–6 or takes 3 dice from the Hapsburg side, Mercenaries Bribed (#26) turns half the opposing side's mercenaries.
// The restrictions on a play, who is asked, and what each card does to the battle.
import { CARDS, isCardId, type CardId } from '../data/cards.ts';
import { impulseRank, type MajorPower, type Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { battlePowers } from './battle-cards.ts';
import { heldFor, isCardInHand, isCardOfProcedures, WINDOW_RULES } from './cards.ts';
import { HIT_ON, type DiceTerm } from './dice.ts';
import { groupOf, opponent, sideLeader, sideStacks, type BattleSetup, type Role } from './field-battle.ts';
import { isBeforeLeague } from './league.ts';
import { addStacks, landUnitsIn, takePieces } from './stacks.ts';
import { checkAll, restrictionsOn, type Refusal, type Verdict } from './verdict.ts';
import { reading, type Position, type World } from './world.ts';

/** Tercios' two ways (ruling R30): 3 extra Hapsburg dice hitting on 4–6, or 3 dice fewer for the Hapsburg side. */
export const TERCIOS_OPTIONS = ['extra-dice', 'fewer-dice'] as const;
export type TerciosOption = (typeof TERCIOS_OPTIONS)[number];

/** A play at 14 steps 4–5: who plays which card in which battle, and Tercios' way. */
export interface CombatCardArgs {
  readonly power: MajorPower;
  readonly card: string;
  readonly battle: BattleSetup;
  readonly option?: string | undefined;
}

/** The stacks of `power`'s group on one side of the battle (its own and those of the minors it controls). */
function groupOnSide(world: World, battle: BattleSetup, role: Role, power: MajorPower): Stack[] {
  return sideStacks(world, battle, role).filter((s) => groupOf(world, s.power) === power);
}

/** The side `power` fights on: the side where its group has land units (ruling R27), if any. */
export function sideOf(world: World, battle: BattleSetup, power: MajorPower): Role | undefined {
  return (['attacker', 'defender'] as const).find((r) => landUnitsIn(groupOnSide(world, battle, r, power)) > 0);
}

/** Ruling R30: the Hapsburg regulars on one side of the battle. */
export function hapsburgRegulars(world: World, battle: BattleSetup, role: Role): number {
  return sideStacks(world, battle, role)
    .filter((s) => s.power === 'hapsburg')
    .reduce((n, s) => n + s.regulars, 0);
}

/** Ruling R29: the mercenaries of one side of the battle. */
export function sideMercenaries(world: World, battle: BattleSetup, role: Role): number {
  return sideStacks(world, battle, role).reduce((n, s) => n + s.mercenaries, 0);
}

const combatCard = restrictionsOn<CombatCardArgs>();

export const isCardOfCombatWindow = combatCard({
  name: 'isCardOfCombatWindow',
  rule: '14 step 4',
  ruling: 'R27',
  statements: [],
  holds: (_w, a) => isCardId(a.card) && CARDS[a.card].window === 'combat',
  facts: (_w, a) => ({ card: a.card, window: isCardId(a.card) ? WINDOW_RULES[CARDS[a.card].window] : '' }),
});

export const isCombatOptionNamed = combatCard({
  name: 'isCombatOptionNamed',
  rule: '14 step 4',
  ruling: 'R30',
  statements: [],
  holds: (_w, a) =>
    a.card === 'tercios'
      ? (TERCIOS_OPTIONS as readonly (string | undefined)[]).includes(a.option)
      : a.option === undefined,
  facts: (_w, a) => ({ card: a.card, option: a.option ?? '', tercios: a.card === 'tercios' }),
});

export const hasLandUnitsInBattle = combatCard({
  name: 'hasLandUnitsInBattle',
  rule: '14 step 4',
  ruling: 'R27',
  statements: ['FB-09'],
  holds: (w, a) => sideOf(w, a.battle, a.power) !== undefined,
  facts: (_w, a) => ({ power: a.power, card: a.card, space: a.battle.space }),
});

export const isTerciosExtraDiceHapsburg = combatCard({
  name: 'isTerciosExtraDiceHapsburg',
  rule: '14 step 4',
  ruling: 'R30',
  statements: [],
  holds: (_w, a) => !(a.card === 'tercios' && a.option === 'extra-dice') || a.power === 'hapsburg',
  facts: (_w, a) => ({ power: a.power }),
});

export const isFacingHapsburgRegulars = combatCard({
  name: 'isFacingHapsburgRegulars',
  rule: '14 step 4',
  ruling: 'R30',
  statements: [],
  holds: (w, a) => {
    if (!(a.card === 'tercios' && a.option === 'fewer-dice')) return true;
    const side = sideOf(w, a.battle, a.power);
    return side !== undefined && hapsburgRegulars(w, a.battle, opponent(side)) >= 3;
  },
  facts: (w, a) => {
    const side = sideOf(w, a.battle, a.power);
    return { power: a.power, regulars: side ? hapsburgRegulars(w, a.battle, opponent(side)) : 0 };
  },
});

export const isBriberNotOttoman = combatCard({
  name: 'isBriberNotOttoman',
  rule: '14 step 4',
  ruling: 'R29',
  statements: [],
  holds: (_w, a) => !(a.card === 'mercenaries-bribed' && a.power === 'ottoman'),
  facts: () => ({ power: 'ottoman' }),
});

export const isBribedSideWithoutOttoman = combatCard({
  name: 'isBribedSideWithoutOttoman',
  rule: '14 step 4',
  ruling: 'R29',
  statements: [],
  holds: (w, a) => {
    if (a.card !== 'mercenaries-bribed') return true;
    const side = sideOf(w, a.battle, a.power);
    return !side || !sideStacks(w, a.battle, opponent(side)).some((s) => s.power === 'ottoman' && landUnitsIn([s]) > 0);
  },
  facts: (_w, a) => ({ power: a.power }),
});

export const mayGainBribedMercenaries = combatCard({
  name: 'mayGainBribedMercenaries',
  rule: '21.6',
  ruling: 'R34',
  statements: [],
  holds: (w, a) => !(a.card === 'mercenaries-bribed' && a.power === 'protestant' && isBeforeLeague(w)),
  facts: () => ({ power: 'protestant' }),
});

/** What makes a held card, or one of Tercios' ways, unplayable in this battle (its holder, the forces). */
export const COMBAT_CARD_HOLDER = [
  hasLandUnitsInBattle,
  isTerciosExtraDiceHapsburg,
  isFacingHapsburgRegulars,
  isBriberNotOttoman,
  isBribedSideWithoutOttoman,
  mayGainBribedMercenaries,
] as const;

export const COMBAT_CARD_RESTRICTIONS = [
  isCardOfProcedures,
  isCardOfCombatWindow,
  isCardInHand,
  isCombatOptionNamed,
  ...COMBAT_CARD_HOLDER,
] as const;

export const RESTRICTIONS = [isCardOfCombatWindow, isCombatOptionNamed, ...COMBAT_CARD_HOLDER] as const;

export function checkCombatCard(world: World, args: CombatCardArgs): Verdict {
  return checkAll<CombatCardArgs>(COMBAT_CARD_RESTRICTIONS, world, args);
}

/** A play of 14 steps 4–5 as an event names it. */
export interface CombatCardPlay {
  readonly power: MajorPower;
  readonly card: CardId;
  readonly option?: TerciosOption;
}

/** The ways a held card may be played: Tercios' two (ruling R30), one for any other card. */
function waysOf(power: MajorPower, card: CardId): CombatCardPlay[] {
  return card === 'tercios' ? TERCIOS_OPTIONS.map((option) => ({ power, card, option })) : [{ power, card }];
}

/**
 * The plays `power` has at 14 steps 4–5 with the cards it holds, each of Tercios' ways on its own, and every held
 * card (or way) it may not play, with the refusal.
 */
export function combatCardPlays(
  world: World,
  power: MajorPower,
  battle: BattleSetup,
): { plays: CombatCardPlay[]; refused: (CombatCardPlay & { refusal: Refusal })[] } {
  const plays: CombatCardPlay[] = [];
  const refused: (CombatCardPlay & { refusal: Refusal })[] = [];
  for (const card of heldFor(world, power, 'combat'))
    for (const play of waysOf(power, card)) {
      const v = checkAll(COMBAT_CARD_HOLDER, world, { ...play, battle });
      if (v.ok) plays.push(play);
      else refused.push({ ...play, refusal: v });
    }
  return { plays, refused };
}

/** The state of the window at 14 steps 4–5: the powers that passed, and the last power asked. */
export interface CombatWindowState {
  readonly passed: readonly MajorPower[];
  readonly asked?: MajorPower | undefined;
}

/**
 * Ruling R27: the next power to declare combat cards — the attacker, then each defending major power in impulse
 * order — that has a play and has not passed; never one before the last power asked (the attacker never answers
 * the defender's cards).
 */
export function nextCombatResponder(world: World, battle: BattleSetup, s: CombatWindowState): MajorPower | undefined {
  const order = battlePowers(world, battle);
  const from = s.asked === undefined ? 0 : Math.max(0, order.indexOf(s.asked));
  return order.slice(from).find((p) => !s.passed.includes(p) && combatCardPlays(world, p, battle).plays.length > 0);
}

/** The rule of a power's declaration: 14 step 4 for the attacker, 14 step 5 for a defending power. */
export function combatStep(battle: BattleSetup, power: MajorPower): '14 step 4' | '14 step 5' {
  return power === battle.attacker ? '14 step 4' : '14 step 5';
}

/** Ruling R27: Field Artillery's dice, 3 for France or the Ottoman, 2 for any other power. */
export function fieldArtilleryDice(power: MajorPower): number {
  return power === 'france' || power === 'ottoman' ? 3 : 2;
}

/**
 * The dice term a card puts in the battle (rulings R27, R30), and the side it goes to: Arquebusiers and Field
 * Artillery to the player's side; Tercios' extra dice to the Hapsburg's, hitting on 4–6; Tercios' fewer dice taken
 * from the Hapsburg side, the player's opponent. Mercenaries Bribed puts none: it changes the units.
 */
export function combatTerm(
  world: World,
  battle: BattleSetup,
  play: CombatCardPlay,
): { role: Role; term: DiceTerm } | undefined {
  const side = sideOf(world, battle, play.power);
  if (!side) return undefined;
  const rule = combatStep(battle, play.power);
  const source = { kind: 'card', card: play.card, power: play.power } as const;
  switch (play.card) {
    case 'arquebusiers':
      return { role: side, term: { source, rule, ruling: 'R27', count: 2, hitOn: HIT_ON } };
    case 'field-artillery':
      return {
        role: side,
        term: { source, rule, ruling: 'R27', count: fieldArtilleryDice(play.power), hitOn: HIT_ON },
      };
    case 'tercios':
      return play.option === 'fewer-dice'
        ? { role: opponent(side), term: { source, rule, ruling: 'R30', count: -3, hitOn: HIT_ON } }
        : { role: side, term: { source, rule, ruling: 'R30', count: 3, hitOn: 4 } };
    default:
      return undefined;
  }
}

/** Mercenaries taken from one power's stack by Mercenaries Bribed (ruling R29). */
export interface Bribed {
  readonly power: Power;
  readonly mercenaries: number;
}

/**
 * Ruling R29: "your opponent" is the opposing side, all of its powers. Under R29's alternative reading, the opposing
 * side's leading power (the one that rolls its dice: `sideLeader`) and the minors of its group: only their
 * mercenaries count and change sides.
 */
function bribedFrom(world: World, battle: BattleSetup, role: Role): readonly Stack[] {
  const stacks = sideStacks(world, battle, role);
  if (reading(world, 'R29') === 'ruling') return stacks;
  const leader = sideLeader(world, battle, role, stacks);
  return stacks.filter((s) => groupOf(world, s.power) === leader);
}

/**
 * Ruling R29: half the opposing side's mercenaries in the battle, rounded up, leave it — taken from the opposing
 * powers in impulse order — and as many new mercenaries of the player join its stack in the battle space.
 */
export function bribeMercenaries(
  world: World,
  battle: BattleSetup,
  power: MajorPower,
): { position: Position; bribed: Bribed[]; mercenaries: number } {
  const side = sideOf(world, battle, power);
  if (!side) return { position: world.position, bribed: [], mercenaries: 0 };
  const opposing = bribedFrom(world, battle, opponent(side))
    .filter((s) => s.mercenaries > 0)
    .sort((a, b) => impulseRank(a.power) - impulseRank(b.power));
  const total = opposing.reduce((n, s) => n + s.mercenaries, 0);
  let left = Math.ceil(total / 2);
  const taken: Stack[] = [];
  const bribed: Bribed[] = [];
  for (const s of opposing) {
    if (left === 0) break;
    const n = Math.min(left, s.mercenaries);
    left -= n;
    taken.push({ ...s, regulars: 0, mercenaries: n, cavalry: 0, leaders: [] });
    const seen = bribed.find((b) => b.power === s.power);
    if (seen) bribed[bribed.indexOf(seen)] = { power: s.power, mercenaries: seen.mercenaries + n };
    else bribed.push({ power: s.power, mercenaries: n });
  }
  const mercenaries = Math.ceil(total / 2);
  const own = sideStacks(world, battle, side).find((s) => s.power === power);
  const joined: Stack = {
    space: battle.space,
    power,
    regulars: 0,
    mercenaries,
    cavalry: 0,
    leaders: [],
    inside: false,
    lostBattle: own?.lostBattle ?? false,
    attemptedInterception: own?.attemptedInterception ?? false,
  };
  const position = mercenaries === 0 ? world.position : addStacks(takePieces(world.position, taken), [joined]);
  return { position, bribed, mercenaries };
}
