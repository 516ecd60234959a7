// 14 Field Battle: the two sides, their dice (steps 2–3), hits (step 6), the winner (step 8) and the lost-battle
// marks on the losing side (ruling R12).
import { impulseRank, type MajorPower, type Power } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';
import { captorAmong } from './capture.ts';
import { bestLeader, diceTotal, HIT_ON, type DiceTerm } from './dice.ts';
import { hostileStacksOutside } from './hostility.ts';
import { controllerOf, majorOf } from './relations.ts';
import { addStacks, isEmptyStack, landUnitsIn, stacksWhere, takePieces } from './stacks.ts';
import { reading, type Position, type World } from './world.ts';

export type Role = 'attacker' | 'defender';

export interface BattleSetup {
  readonly space: string;
  /** The active power (14 step 2: always the attacker). */
  readonly attacker: MajorPower;
  /** The leaders of the formation that moved in (ruling R19's alternative reading: only they attack). */
  readonly formationLeaders?: readonly string[];
}

/**
 * The attacking force (ruling R19): the active power's group outside the fortifications in the battle space — a
 * friendly leader already waiting there included. Under R19's alternative reading only the moving formation
 * attacks: a leader who was waiting there stays aside (no rating, no mark, no retreat). No friendly land units can
 * be waiting there: they would have stood face to face with the enemy, and nobody may intercept into them (13.2).
 */
export function attackerStacks(world: World, b: BattleSetup): Stack[] {
  const group = stacksWhere(world.position, { space: b.space, inside: false }).filter(
    (s) => majorOf(world.position, s.power) === b.attacker,
  );
  const moved = b.formationLeaders;
  if (reading(world, 'R19') === 'ruling' || moved === undefined) return group;
  return group
    .map((s) =>
      s.leaders.every((l) => moved.includes(l)) ? s : { ...s, leaders: s.leaders.filter((l) => moved.includes(l)) },
    )
    .filter((s) => !isEmptyStack(s));
}

/** The defending force: every hostile stack outside the fortifications (interceptors included, 13.2 step 3). */
export function defenderStacks(world: World, b: BattleSetup): Stack[] {
  return hostileStacksOutside(world, b.attacker, b.space);
}

export function sideStacks(world: World, b: BattleSetup, role: Role): Stack[] {
  return role === 'attacker' ? attackerStacks(world, b) : defenderStacks(world, b);
}

/** The group that decides for a stack: its major power (22.3), or itself when inactive or independent (ruling R10). */
export function groupOf(world: World, power: Power): Power {
  return majorOf(world.position, power) ?? power;
}

export function groupsOf(world: World, stacks: readonly Stack[]): Power[] {
  return [...new Set(stacks.map((s) => groupOf(world, s.power)))].sort((a, b) => impulseRank(a) - impulseRank(b));
}

/**
 * 14 steps 2–3: a side's dice as terms — one die per land unit (cavalry included), the single best battle rating
 * (a leader rated 0 is still named: he is the side's leader, 5.1), and 1 more for the defender; each hits on 5–6.
 */
export function battleTerms(world: World, stacks: readonly Stack[], role: Role): DiceTerm[] {
  const rule = role === 'attacker' ? '14 step 2' : '14 step 3';
  const best = bestLeader(
    world,
    stacks.flatMap((s) => s.leaders),
  );
  return [
    { source: { kind: 'landUnits' }, rule, count: landUnitsIn(stacks), hitOn: HIT_ON },
    ...(best
      ? [{ source: { kind: 'leader', leader: best.id }, rule, count: best.battle, hitOn: HIT_ON } as const]
      : []),
    ...(role === 'defender' ? [{ source: { kind: 'defender' }, rule, count: 1, hitOn: HIT_ON } as const] : []),
  ];
}

/** What a side's dice are made of, as the summary lists them: land units, leader, defender, and the total. */
export interface DiceBreakdown {
  readonly units: number;
  readonly leader: number;
  readonly defender: number;
  readonly total: number;
  /** The leader whose battle rating counts. */
  readonly leaderId: string | null;
}

/**
 * The summary's breakdown of a side's dice, read from its terms: the count of each kind of term, and the dice the
 * side rolls (every term, those of cards included, never below none).
 */
export function diceBreakdown(terms: readonly DiceTerm[]): DiceBreakdown {
  const of = (kind: DiceTerm['source']['kind']) =>
    terms.reduce((n, t) => n + (t.source.kind === kind ? t.count : 0), 0);
  const leader = terms.find((t) => t.source.kind === 'leader')?.source;
  return {
    units: of('landUnits'),
    leader: of('leader'),
    defender: of('defender'),
    total: diceTotal(terms),
    leaderId: leader?.kind === 'leader' ? leader.leader : null,
  };
}

/** 14 step 8: more hits wins; a tie goes to the defender. */
export function battleWinner(attackerHits: number, defenderHits: number): Role {
  return attackerHits > defenderHits ? 'attacker' : 'defender';
}

export function opponent(role: Role): Role {
  return role === 'attacker' ? 'defender' : 'attacker';
}

/**
 * Who takes the opposing side's captives and decides a side's odd hits (ruling R5): for the defenders the group
 * controlling the space if it fights, else the first in impulse order; for the attackers the active power.
 */
export function sideLeader(world: World, b: BattleSetup, role: Role, stacks: readonly Stack[]): Power {
  if (role === 'attacker') return b.attacker;
  const groups = groupsOf(world, stacks);
  const controller = groupOf(world, controllerOf(world, b.space));
  return groups.includes(controller) ? controller : (groups[0] ?? controller);
}

/**
 * Ruling R20: who takes the captives of the side opposite `role` (14 step 10, and a 14.1 retreat with no legal
 * space): the first major power in impulse order whose group has land units on `role`'s side (`captorAmong`). Under
 * R20's alternative reading (also selected by the older id R16, whose last sentence pointed to captors), the side's
 * leading power — the one that rolled its dice (`sideLeader`, from the forces as they stood at the roll).
 */
export function captorOnSide(world: World, b: BattleSetup, role: Role, forces: readonly Stack[]): Power {
  const leading = sideLeader(world, b, role, forces);
  return reading(world, 'R20') === 'alternative' ? leading : captorAmong(world, sideStacks(world, b, role), leading);
}

/**
 * Ruling R12: every land unit and leader of the losing side is marked as having lost a field battle this impulse.
 * By pieces, not whole stacks: a leader who stood aside (ruling R19's alternative) shares a stack, not the mark.
 */
export function markLosers(position: Position, losers: readonly Stack[]): Position {
  return addStacks(
    takePieces(position, losers),
    losers.map((s) => ({ ...s, lostBattle: true })),
  );
}
