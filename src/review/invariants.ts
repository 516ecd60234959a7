// Invariants every reachable state must keep (DESIGN "Quality bars"): no unit created or lost outside the rules,
// every leader in exactly one place or captured, no fortification over 4 units, CP never below zero; and at the end
// of a move, no enemies face to face outside a battle, marks on the loser only, sieges that outnumber.
import { toResultPosition } from '../engine/position.ts';
import { parseHandedOver, ScenarioError, type Scenario } from '../engine/scenario.ts';
import type { Summary } from '../schema/result.ts';
import type { Stack } from '../schema/scenario.ts';
import { LAND_UNIT_TYPES, landUnitCount, type LandUnitType } from '../schema/units.ts';
import { areAtWar, majorOf } from '../rules/relations.ts';
import { besiegingLandUnits, landUnitsInside } from '../rules/siege.ts';
import { isNormal } from '../rules/stacks.ts';
import { FORTIFICATION_LIMIT } from '../rules/withdrawal.ts';
import type { Position } from '../rules/world.ts';

export interface Observation {
  readonly position: Position;
  /** Units between their space and the destination (13.1 steps 3–5). */
  readonly transit: readonly Stack[];
  readonly summary: Summary;
}

function count(stacks: readonly Stack[], type: LandUnitType): number {
  return stacks.reduce((n, s) => n + s[type], 0);
}

/** Land units eliminated so far, by type, as the summary accounts for them (14 step 9, ruling R7, 14.1). */
export function eliminatedSoFar(summary: Summary): Record<LandUnitType, number> {
  const out = { regulars: 0, mercenaries: 0, cavalry: 0 };
  for (const t of LAND_UNIT_TYPES) {
    out[t] += summary.battle ? summary.battle.attacker.losses[t] + summary.battle.defender.losses[t] : 0;
    for (const r of summary.retreats) out[t] += r.eliminated[t];
  }
  return out;
}

/** What the invariants compare with in the starting position: made once per scenario, not at every state. */
const starts = new WeakMap<
  Scenario,
  { readonly units: Record<LandUnitType, number>; readonly leaders: readonly string[] }
>();

function startOf(initial: Scenario): {
  readonly units: Record<LandUnitType, number>;
  readonly leaders: readonly string[];
} {
  let start = starts.get(initial);
  if (!start) {
    const { stacks, captured } = initial.world.position;
    start = {
      units: {
        regulars: count(stacks, 'regulars'),
        mercenaries: count(stacks, 'mercenaries'),
        cavalry: count(stacks, 'cavalry'),
      },
      leaders: [...stacks.flatMap((s) => s.leaders), ...captured.map((c) => c.leader)].sort(),
    };
    starts.set(initial, start);
  }
  return start;
}

/** Violations of the invariants that hold at every step. */
export function stepViolations(initial: Scenario, o: Observation): string[] {
  const v: string[] = [];
  const start = startOf(initial);
  const now = [...o.position.stacks, ...o.transit];
  const dead = eliminatedSoFar(o.summary);
  for (const t of LAND_UNIT_TYPES) {
    const expected = start.units[t] - dead[t];
    if (count(now, t) !== expected)
      v.push(
        `${t}: ${count(now, t)} on the board, expected ${expected} (${start.units[t]} at the start − ${dead[t]} eliminated)`,
      );
  }
  const placed = [...now.flatMap((s) => s.leaders), ...o.position.captured.map((c) => c.leader)].sort();
  if (placed.length !== start.leaders.length || placed.some((l, i) => l !== start.leaders[i]))
    v.push(`leaders: ${placed.join(',')} instead of ${start.leaders.join(',')}`);
  for (const s of now) {
    for (const t of LAND_UNIT_TYPES)
      if (!Number.isInteger(s[t]) || s[t] < 0) v.push(`${s.space} ${s.power}: ${t} = ${s[t]}`);
    if (landUnitCount(s) === 0 && s.leaders.length === 0) v.push(`${s.space} ${s.power}: an empty stack`);
  }
  if (!isNormal(o.position.stacks)) v.push('stacks are not in canonical form');
  const spaces = new Set(o.position.stacks.map((s) => s.space));
  for (const space of spaces) {
    const inside = landUnitsInside(o, space);
    if (inside > FORTIFICATION_LIMIT) v.push(`${space}: ${inside} land units inside`);
  }
  const cp = o.position.impulse.cp;
  const startCp = initial.world.position.impulse.cp;
  if (cp < 0 || cp !== startCp - o.summary.cpSpent)
    v.push(`CP: ${cp} left after spending ${o.summary.cpSpent} of ${startCp}`);
  return v;
}

/**
 * DESIGN "Quality bars": the result position is the next scenario of the impulse, so it must parse again — every
 * rule the validator knows (sieges that outnumber, R17's empty fortresses, who may be inside, R18) holds in it.
 */
export function resultParseViolations(initial: Scenario, position: Position): string[] {
  try {
    parseHandedOver(toResultPosition(initial, position));
    return [];
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return e.issues.map((i) => `the result does not parse as a scenario: ${i.path || '(root)'}: ${i.message}`);
  }
}

/**
 * Violations of the invariants that hold once the move is over. `parse: false` leaves out the check that the result
 * parses again (the explorer runs it once per distinct end position instead of once per end state).
 */
export function endViolations(initial: Scenario, o: Observation, options: { readonly parse?: boolean } = {}): string[] {
  const v = [
    ...stepViolations(initial, o),
    ...(options.parse === false ? [] : resultParseViolations(initial, o.position)),
  ];
  if (o.transit.length > 0) v.push('a formation is still in transit');
  const rel = o.position;
  for (const space of new Set(rel.stacks.map((s) => s.space))) {
    const outside = rel.stacks.filter((s) => s.space === space && !s.inside && landUnitCount(s) > 0);
    for (const a of outside)
      for (const b of outside)
        if (a.power < b.power && areAtWar(rel, a.power, b.power))
          v.push(`${space}: ${a.power} and ${b.power} at war, both outside`);
  }
  for (const g of rel.sieges) {
    const besiegers = besiegingLandUnits({ ...initial.world, position: o.position }, g);
    const inside = landUnitsInside(o, g.space);
    if (besiegers <= inside) v.push(`${g.space}: besieged by ${besiegers} against ${inside} inside`);
  }
  const b = o.summary.battle;
  const marked = rel.stacks.filter(
    (s) => s.lostBattle && !initial.world.position.stacks.some((x) => x.lostBattle && x.power === s.power),
  );
  if (!b && marked.length > 0) v.push('units marked as losers without a battle');
  if (b) {
    const winners = b[b.winner].powers;
    for (const s of marked)
      if (winners.includes(majorOf(rel, s.power) ?? s.power))
        v.push(`${s.space} ${s.power}: the winner marked as having lost`);
  }
  return v;
}
