// Landsknechts (#33) and Swiss Mercenaries (#36) at 14 step 1 (RULES.md §5, ruling R32): the attacker first, then
// each defending major power in impulse order, may play them; new mercenaries go to spaces where the placing power
// has land units not under siege, and the Ottoman's Landsknechts instead eliminates 2 mercenaries anywhere. The
// restrictions on a play, who is asked, where the mercenaries may go and which may be eliminated.
import { CARDS, isCardId, type CardId } from '../data/cards.ts';
import { MAJOR_POWERS, type MajorPower } from '../schema/power.ts';
import { heldFor, isCardInHand, isCardOfProcedures } from './cards.ts';
import { defenderStacks, groupOf, type BattleSetup } from './field-battle.ts';
import { FORTIFICATION_LIMIT } from './withdrawal.ts';
import { isBesiegedInside } from './siege.ts';
import { isBeforeLeague } from './league.ts';
import { landUnitsIn, stacksWhere, takePieces } from './stacks.ts';
import { checkAll, restrictionsOn, type Refusal, type Verdict } from './verdict.ts';
import type { Position, World } from './world.ts';
import type { Stack } from '../schema/scenario.ts';
import { landUnitCount } from '../schema/units.ts';

/** Where new mercenaries go: a space, with the placing power's units outside or inside the fortifications. */
export interface Placement {
  readonly space: string;
  readonly mercenaries: number;
  readonly inside?: boolean | undefined;
}

/** Mercenaries the Ottoman's Landsknechts eliminates (ruling R32): whose, where, how many. */
export interface Elimination {
  readonly space: string;
  readonly power: MajorPower;
  readonly mercenaries: number;
  readonly inside?: boolean | undefined;
}

/** A play at 14 step 1: who plays which card in which battle, where the new mercenaries go or which are eliminated. */
export interface BattleCardArgs {
  readonly power: MajorPower;
  readonly card: string;
  readonly battle: BattleSetup;
  readonly placements?: readonly Placement[] | undefined;
  readonly eliminations?: readonly Elimination[] | undefined;
  /**
   * Ruling R32: the placements are the placing power's answer after `power` played the card (card.place), not part
   * of the play — the placing power chooses.
   */
  readonly placing?: true | undefined;
  /** With `placing`: the card the placing power's answer names (it must be the card just played). */
  readonly named?: string | undefined;
}

/** How many mercenaries the Ottoman's Landsknechts eliminates (ruling R32). */
export const LANDSKNECHTS_ELIMINATED = 2;

/** Ruling R32: the Ottoman's Landsknechts places nobody and eliminates mercenaries instead. */
export function eliminatesMercenaries(power: MajorPower, card: string): boolean {
  return card === 'landsknechts' && power === 'ottoman';
}

/** Mercenaries on the board at one place: a space, a power, a side of the walls, and how many. */
export interface MercenaryTarget {
  readonly space: string;
  readonly power: MajorPower;
  readonly inside: boolean;
  readonly mercenaries: number;
}

/**
 * Ruling R32 ("anywhere"): every mercenary on the board, of any power, inside or outside the fortifications, under
 * siege or not, gathered by space, power and side of the walls — the battle space first (outside, then inside), then
 * the board's order. Only major powers other than the Ottoman have mercenaries (5.2).
 */
export function mercenaryTargets(world: World, battle: Pick<BattleSetup, 'space'>): MercenaryTarget[] {
  const out = new Map<string, { space: string; power: MajorPower; inside: boolean; mercenaries: number }>();
  for (const s of world.position.stacks) {
    if (s.mercenaries === 0) continue;
    const k = `${s.space}|${s.power}|${s.inside}`;
    const at = out.get(k);
    if (at) at.mercenaries += s.mercenaries;
    else out.set(k, { space: s.space, power: s.power as MajorPower, inside: s.inside, mercenaries: s.mercenaries });
  }
  const all = [...out.values()];
  return [...all.filter((t) => t.space === battle.space), ...all.filter((t) => t.space !== battle.space)];
}

/** Ruling R32: 2 mercenaries, or every one there is when the board holds fewer. */
export function eliminationCount(world: World, battle: Pick<BattleSetup, 'space'>): number {
  const total = mercenaryTargets(world, battle).reduce((n, t) => n + t.mercenaries, 0);
  return Math.min(LANDSKNECHTS_ELIMINATED, total);
}

/**
 * Every distinct choice of the Ottoman's Landsknechts (ruling R32), each once whatever the order it is named in: two
 * mercenaries of one place, or one of each of two places (one, when the board holds only one).
 */
export function* eliminationChoices(world: World, battle: Pick<BattleSetup, 'space'>): Generator<Elimination[]> {
  const targets = mercenaryTargets(world, battle);
  const n = eliminationCount(world, battle);
  const at = (t: MercenaryTarget, mercenaries: number): Elimination => ({
    space: t.space,
    power: t.power,
    mercenaries,
    ...(t.inside ? { inside: true } : {}),
  });
  if (n === 1) {
    yield [at(targets[0]!, 1)];
    return;
  }
  for (let i = 0; i < targets.length; i++) {
    if (targets[i]!.mercenaries >= n) yield [at(targets[i]!, n)];
    for (let j = i + 1; j < targets.length; j++) yield [at(targets[i]!, 1), at(targets[j]!, 1)];
  }
}

/**
 * Ruling R32: the position once the mercenaries named are eliminated. Within one place the mercenaries of stacks
 * already marked go first (as casualties do, src/rules/casualties.ts); a stack left with leaders only stays.
 */
export function eliminateMercenaries(position: Position, eliminations: readonly Elimination[]): Position {
  const pieces: Stack[] = [];
  for (const e of eliminations) {
    let left = e.mercenaries;
    const marks = (s: Stack) => Number(s.lostBattle) + Number(s.attemptedInterception);
    const here = stacksWhere(position, { space: e.space, inside: e.inside ?? false, powers: [e.power] })
      .filter((s) => s.mercenaries > 0)
      .sort((a, b) => marks(b) - marks(a));
    for (const s of here) {
      const n = Math.min(left, s.mercenaries);
      if (n === 0) break;
      pieces.push({ ...s, regulars: 0, mercenaries: n, cavalry: 0, leaders: [] });
      left -= n;
    }
  }
  return takePieces(position, pieces);
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
  battle: Pick<BattleSetup, 'space'>,
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

/**
 * Ruling R32: every way to place `count` new mercenaries of `placer` over the spaces that take them ("the placing
 * power chooses": any split is legal), each once, lazily — the whole grant in the battle space first, then in each
 * other space, then the splits. `explore --answers all` tries each (ruling R36); a decision lists the one-space ones.
 */
export function* placementSplits(
  world: World,
  placer: MajorPower,
  count: number,
  battle: Pick<BattleSetup, 'space'>,
): Generator<Placement[]> {
  yield* placementChoices(world, placer, count, battle);
  const spots = placementSpaces(world, placer, battle);
  function* split(i: number, left: number, acc: Placement[]): Generator<Placement[]> {
    if (left === 0) {
      if (acc.length > 1) yield acc;
      return;
    }
    const o = spots[i];
    if (!o) return;
    for (let k = Math.min(left, o.room); k >= 0; k--)
      yield* split(i + 1, left - k, k > 0 ? [...acc, placed(o.space, k, o.inside)] : acc);
  }
  yield* split(0, count, []);
}

function placed(space: string, mercenaries: number, inside: boolean): Placement {
  return { space, mercenaries, ...(inside ? { inside: true } : {}) };
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

export const hasMercenaryToEliminate = battleCard({
  name: 'hasMercenaryToEliminate',
  rule: '14 step 1',
  ruling: 'R32',
  statements: [],
  holds: (w, a) => !eliminatesMercenaries(a.power, a.card) || eliminationCount(w, a.battle) > 0,
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

/** Ruling R32: the placing power places the new mercenaries of the card just played, and its answer names that card. */
export const isPlacingPlayedCard = battleCard({
  name: 'isPlacingPlayedCard',
  rule: '14 step 1',
  ruling: 'R32',
  statements: [],
  holds: (_w, a) => a.named === undefined || a.named === a.card,
  facts: (_w, a) => ({ card: a.card, named: a.named ?? a.card, power: a.power }),
});

function placementProblem(w: World, a: BattleCardArgs): string | undefined {
  const grant = isCardId(a.card) ? mercenaryGrant(a.power, a.card) : undefined;
  const given = a.placements ?? [];
  // A list named for a card that places none (even an empty one) is refused: no accepted play carries it.
  if (!grant) return a.placements !== undefined ? 'none' : undefined;
  // Ruling R32: another power places them, asked after the play (card.place); the play itself names no list.
  if (grant.placer !== a.power && !a.placing) return a.placements !== undefined ? 'placer' : undefined;
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

interface EliminationProblem {
  readonly problem: 'none' | 'count' | 'target';
  /** The place named with more mercenaries than it holds ('target'). */
  readonly at?: { readonly space: string; readonly power: MajorPower; readonly asked: number; readonly there: number };
}

function eliminationProblem(w: World, a: BattleCardArgs): EliminationProblem | undefined {
  const given = a.eliminations ?? [];
  if (!eliminatesMercenaries(a.power, a.card)) return a.eliminations !== undefined ? { problem: 'none' } : undefined;
  if (given.reduce((n, e) => n + e.mercenaries, 0) !== eliminationCount(w, a.battle)) return { problem: 'count' };
  const targets = mercenaryTargets(w, a.battle);
  const used = new Map<string, number>();
  for (const e of given) {
    const k = `${e.space}|${e.power}|${e.inside ?? false}`;
    const asked = (used.get(k) ?? 0) + e.mercenaries;
    used.set(k, asked);
    const t = targets.find((x) => x.space === e.space && x.power === e.power && x.inside === (e.inside ?? false));
    if (!t || asked > t.mercenaries)
      return { problem: 'target', at: { space: e.space, power: e.power, asked, there: t?.mercenaries ?? 0 } };
  }
  return undefined;
}

export const areEliminationsLegal = battleCard({
  name: 'areEliminationsLegal',
  rule: '14 step 1',
  ruling: 'R32',
  statements: [],
  holds: (w, a) => eliminationProblem(w, a) === undefined,
  facts: (w, a) => {
    const p = eliminationProblem(w, a);
    return {
      problem: p?.problem ?? '',
      count: eliminationCount(w, a.battle),
      spaces: [...new Set(mercenaryTargets(w, a.battle).map((t) => t.space))],
      ...(p?.at ? { space: p.at.space, power: p.at.power, asked: p.at.asked, there: p.at.there } : {}),
    };
  },
});

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
  hasMercenaryToEliminate,
  mayGainMercenaries,
  hasPlacementSpace,
] as const;

export const BATTLE_CARD_RESTRICTIONS = [
  isCardOfProcedures,
  isCardOfBattleWindow,
  isCardInHand,
  ...BATTLE_CARD_HOLDER,
  arePlacementsLegal,
  areEliminationsLegal,
] as const;

export const RESTRICTIONS = [
  isCardOfBattleWindow,
  ...BATTLE_CARD_HOLDER,
  arePlacementsLegal,
  areEliminationsLegal,
  isPlacingPlayedCard,
] as const;

export function checkBattleCard(world: World, args: BattleCardArgs): Verdict {
  return checkAll<BattleCardArgs>(BATTLE_CARD_RESTRICTIONS, world, args);
}

/** Ruling R32: the placing power's answer after another power played the card: where the new mercenaries go. */
export function checkCardPlacement(
  world: World,
  args: {
    readonly by: MajorPower;
    /** The card played, and the card the answer names. */
    readonly card: CardId;
    readonly named: string;
    readonly battle: BattleSetup;
    readonly placements: readonly Placement[];
  },
): Verdict {
  return checkAll<BattleCardArgs>([isPlacingPlayedCard, arePlacementsLegal], world, {
    power: args.by,
    card: args.card,
    named: args.named,
    battle: args.battle,
    placements: args.placements,
    placing: true,
  });
}

/**
 * Ruling R32: the placing power's answers — all the new mercenaries in one space, for every space that takes them
 * (the battle space first; any other split is accepted too).
 */
export function placementChoices(
  world: World,
  placer: MajorPower,
  count: number,
  battle: Pick<BattleSetup, 'space'>,
): Placement[][] {
  return placementSpaces(world, placer, battle)
    .filter((o) => o.room >= count)
    .map((o) => [placed(o.space, count, o.inside)]);
}

/** A play of 14 step 1 as an event names it: where the new mercenaries go, or which are eliminated. */
export type BattleCardPlay =
  | { readonly power: MajorPower; readonly card: CardId; readonly placements: readonly Placement[] }
  | { readonly power: MajorPower; readonly card: CardId; readonly eliminations: readonly Elimination[] };

/**
 * The plays `power` has at 14 step 1 with the cards it holds: all the new mercenaries in one space, for every space
 * that takes them (the battle space first; any other split is accepted too); for the Ottoman's Landsknechts every
 * distinct choice of the mercenaries it eliminates (ruling R32); and every held card it may not play.
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
    if (eliminatesMercenaries(power, card)) {
      for (const eliminations of eliminationChoices(world, battle)) plays.push({ power, card, eliminations });
      continue;
    }
    const grant = mercenaryGrant(power, card)!;
    // Ruling R32: another power places them; it is asked once the card is played.
    if (grant.placer !== power) {
      plays.push({ power, card, placements: [] });
      continue;
    }
    for (const placements of placementChoices(world, grant.placer, grant.count, battle))
      plays.push({ power, card, placements });
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
