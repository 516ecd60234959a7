// Landsknechts (#33) and Swiss Mercenaries (#36) at 14 step 1 (RULES.md §5, ruling R32): the attacker first, then
// each defending major power in impulse order, may play them; new mercenaries go to spaces where the placing power
// has land units not under siege. The restrictions on a play, who is asked, and where the mercenaries may go.
import { CARDS, isCardId, type CardId } from '../data/cards.ts';
import { MAJOR_POWERS, type MajorPower } from '../schema/power.ts';
import { heldFor, isCardInHand, isCardOfProcedures } from './cards.ts';
import { defenderStacks, groupOf, type BattleSetup } from './field-battle.ts';
import { FORTIFICATION_LIMIT } from './withdrawal.ts';
import { isBesiegedInside } from './siege.ts';
import { isBeforeLeague } from './league.ts';
import { landUnitsIn, stacksWhere } from './stacks.ts';
import { checkAll, restrictionsOn, type Refusal, type Verdict } from './verdict.ts';
import type { World } from './world.ts';
import { landUnitCount } from '../schema/units.ts';

/** Where new mercenaries go: a space, with the placing power's units outside or inside the fortifications. */
export interface Placement {
  readonly space: string;
  readonly mercenaries: number;
  readonly inside?: boolean | undefined;
}

/** A play at 14 step 1: who plays which card in which battle, and where the new mercenaries go. */
export interface BattleCardArgs {
  readonly power: MajorPower;
  readonly card: string;
  readonly battle: BattleSetup;
  readonly placements?: readonly Placement[] | undefined;
}

/**
 * Ruling R32: who places new mercenaries, and how many. Landsknechts: the Hapsburg 4 of its own, any other power but
 * the Ottoman 2 of its own. Swiss Mercenaries: played by France or the Ottoman, France places 4; by any other power,
 * that power places 2 of its own.
 */
export function mercenaryGrant(power: MajorPower, card: CardId): { placer: MajorPower; count: number } | undefined {
  if (card === 'landsknechts')
    return power === 'hapsburg'
      ? { placer: power, count: 4 }
      : power === 'ottoman'
        ? undefined
        : { placer: power, count: 2 };
  if (card === 'swiss-mercenaries')
    return power === 'france' || power === 'ottoman' ? { placer: 'france', count: 4 } : { placer: power, count: 2 };
  return undefined;
}

/** The major powers of the battle in the order they are asked (ruling R32): the attacker, then the defenders. */
export function battlePowers(world: World, battle: BattleSetup): MajorPower[] {
  const defenders = new Set(defenderStacks(world, battle).map((s) => groupOf(world, s.power)));
  return [battle.attacker, ...MAJOR_POWERS.filter((p) => p !== battle.attacker && defenders.has(p))];
}

/** Ruling R32: the spaces (and sides of the walls) where `placer` has land units not under siege, the battle's first. */
export function placementSpaces(
  world: World,
  placer: MajorPower,
  battle: BattleSetup,
): { space: string; inside: boolean; room: number }[] {
  const out = new Map<string, { space: string; inside: boolean; room: number }>();
  for (const s of world.position.stacks) {
    if (s.power !== placer || landUnitCount(s) === 0 || (s.inside && isBesiegedInside(world, s))) continue;
    const room = s.inside
      ? FORTIFICATION_LIMIT - landUnitsIn(stacksWhere(world.position, { space: s.space, inside: true }))
      : Number.POSITIVE_INFINITY;
    out.set(`${s.space}|${s.inside}`, { space: s.space, inside: s.inside, room });
  }
  const key = (p: { space: string; inside: boolean }) =>
    `${p.space === battle.space && !p.inside ? 0 : 1}|${p.space}|${p.inside}`;
  return [...out.values()].sort((a, b) => (key(a) < key(b) ? -1 : 1));
}

const battleCard = restrictionsOn<BattleCardArgs>();

export const isCardOfBattleWindow = battleCard({
  name: 'isCardOfBattleWindow',
  rule: '14 step 1',
  statements: ['FB-03'],
  holds: (_w, a) => isCardId(a.card) && CARDS[a.card].window === 'battle',
  facts: (_w, a) => ({ card: a.card }),
});

export const isPowerInTheBattle = battleCard({
  name: 'isPowerInTheBattle',
  rule: '14 step 1',
  ruling: 'R32',
  statements: ['FB-03'],
  holds: (w, a) => battlePowers(w, a.battle).includes(a.power),
  facts: (_w, a) => ({ power: a.power, space: a.battle.space }),
});

export const isOttomanLandsknechtsSupported = battleCard({
  name: 'isOttomanLandsknechtsSupported',
  rule: 'R14',
  ruling: 'R14',
  statements: [],
  holds: (_w, a) => !(a.card === 'landsknechts' && a.power === 'ottoman'),
  facts: (_w, a) => ({ power: a.power }),
});

export const mayGainMercenaries = battleCard({
  name: 'mayGainMercenaries',
  rule: '21.6',
  ruling: 'R34',
  statements: [],
  holds: (w, a) => {
    const grant = isCardId(a.card) ? mercenaryGrant(a.power, a.card) : undefined;
    return !grant || grant.placer !== 'protestant' || !isBeforeLeague(w);
  },
  facts: () => ({ power: 'protestant' }),
});

export const hasPlacementSpace = battleCard({
  name: 'hasPlacementSpace',
  rule: '14 step 1',
  ruling: 'R32',
  statements: [],
  holds: (w, a) => {
    const grant = isCardId(a.card) ? mercenaryGrant(a.power, a.card) : undefined;
    return !grant || placementSpaces(w, grant.placer, a.battle).length > 0;
  },
  facts: (_w, a) => ({ power: isCardId(a.card) ? (mercenaryGrant(a.power, a.card)?.placer ?? a.power) : a.power }),
});

function placementProblem(w: World, a: BattleCardArgs): string | undefined {
  const grant = isCardId(a.card) ? mercenaryGrant(a.power, a.card) : undefined;
  if (!grant) return undefined;
  const given = a.placements ?? [];
  const total = given.reduce((n, p) => n + p.mercenaries, 0);
  if (total !== grant.count) return 'count';
  const open = placementSpaces(w, grant.placer, a.battle);
  const used = new Map<string, number>();
  for (const p of given) {
    const at = open.find((o) => o.space === p.space && o.inside === (p.inside ?? false));
    if (!at) return 'space';
    const k = `${p.space}|${at.inside}`;
    used.set(k, (used.get(k) ?? 0) + p.mercenaries);
    if ((used.get(k) ?? 0) > at.room) return 'room';
  }
  return undefined;
}

export const arePlacementsLegal = battleCard({
  name: 'arePlacementsLegal',
  rule: '14 step 1',
  ruling: 'R32',
  statements: [],
  holds: (w, a) => placementProblem(w, a) === undefined,
  facts: (w, a) => {
    const grant = isCardId(a.card) ? mercenaryGrant(a.power, a.card) : undefined;
    return {
      problem: placementProblem(w, a) ?? '',
      placer: grant?.placer ?? a.power,
      count: grant?.count ?? 0,
      spaces: placementSpaces(w, grant?.placer ?? a.power, a.battle).map((o) => o.space),
    };
  },
});

/** What makes a held card unplayable whatever the placements (its holder, the battle, the board). */
export const BATTLE_CARD_HOLDER = [
  isPowerInTheBattle,
  isOttomanLandsknechtsSupported,
  mayGainMercenaries,
  hasPlacementSpace,
] as const;

export const BATTLE_CARD_RESTRICTIONS = [
  isCardOfProcedures,
  isCardOfBattleWindow,
  isCardInHand,
  ...BATTLE_CARD_HOLDER,
  arePlacementsLegal,
] as const;

export const RESTRICTIONS = [isCardOfBattleWindow, ...BATTLE_CARD_HOLDER, arePlacementsLegal] as const;

export function checkBattleCard(world: World, args: BattleCardArgs): Verdict {
  return checkAll<BattleCardArgs>(BATTLE_CARD_RESTRICTIONS, world, args);
}

/** A play of 14 step 1 as an event names it. */
export interface BattleCardPlay {
  readonly power: MajorPower;
  readonly card: CardId;
  readonly placements: readonly Placement[];
}

/**
 * The plays `power` has at 14 step 1 with the cards it holds: all the new mercenaries in one space, for every space
 * that takes them (the battle space first; any other split is accepted too), and every held card it may not play.
 */
export function battleCardPlays(
  world: World,
  power: MajorPower,
  battle: BattleSetup,
): { plays: BattleCardPlay[]; refused: { card: CardId; refusal: Refusal }[] } {
  const plays: BattleCardPlay[] = [];
  const refused: { card: CardId; refusal: Refusal }[] = [];
  for (const card of heldFor(world, power, 'battle')) {
    const v = checkAll(BATTLE_CARD_HOLDER, world, { power, card, battle });
    if (!v.ok) {
      refused.push({ card, refusal: v });
      continue;
    }
    const grant = mercenaryGrant(power, card)!;
    for (const o of placementSpaces(world, grant.placer, battle))
      if (o.room >= grant.count)
        plays.push({
          power,
          card,
          placements: [{ space: o.space, mercenaries: grant.count, ...(o.inside ? { inside: true } : {}) }],
        });
  }
  return { plays, refused };
}

/** Ruling R32: the next power of the battle, attacker first, that has a play and has not passed. */
export function nextBattleResponder(
  world: World,
  battle: BattleSetup,
  passed: readonly MajorPower[],
): MajorPower | undefined {
  return battlePowers(world, battle).find(
    (p) => !passed.includes(p) && battleCardPlays(world, p, battle).plays.length > 0,
  );
}
