// Invariants every reachable state must keep (DESIGN "Quality bars"): no unit created or lost outside the rules,
// every leader in exactly one place or captured, no fortification over 4 units, CP never below zero; and at the end
// of a move, no enemies face to face outside a battle, marks on the loser only, sieges that outnumber.
import { toResultPosition } from '../engine/position.ts';
import { handedOverIssues, type Scenario } from '../engine/scenario.ts';
import type { ResultPosition, Summary } from '../schema/result.ts';
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
    // Ruling R28: a Surprise Attack's first losses come off before the battle's summary is written, which then has them.
    out[t] += summary.battle
      ? summary.battle.attacker.losses[t] + summary.battle.defender.losses[t]
      : (summary.surprise?.losses[t] ?? 0);
    for (const r of summary.retreats) out[t] += r.eliminated[t];
  }
  // Ruling R32: the mercenaries the Ottoman's Landsknechts eliminated, anywhere on the board.
  for (const c of summary.cards) for (const e of c.eliminated ?? []) out.mercenaries += e.mercenaries;
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

/**
 * A built-in invariant: its name (as reports list it), what it checks, and whether it holds at every step or once the
 * move is over. `check` returns the violations' messages.
 */
export interface NamedInvariant {
  readonly name: string;
  readonly description: string;
  readonly at: 'step' | 'end';
  readonly check: (initial: Scenario, o: Observation) => string[];
}

/** Per invariant: the distinct states it was checked on, and how many of them violated it. */
export type InvariantTally = Map<string, { checked: number; violations: number }>;

/** Counts one check of `name` in each table: `violated` when it found something. */
export function countCheck(tables: readonly InvariantTally[], name: string, violated: boolean): void {
  for (const t of tables) {
    const c = t.get(name) ?? { checked: 0, violations: 0 };
    c.checked++;
    if (violated) c.violations++;
    t.set(name, c);
  }
}

/** The invariants that hold at every step, in the order reports list them. */
export const STEP_INVARIANTS: readonly NamedInvariant[] = [
  {
    name: 'landUnitsConserved',
    description:
      'every land unit of the start, and every mercenary a card placed (ruling R32), is on the board, in transit or eliminated by the rules (14 step 9, 14.1, the Ottoman’s Landsknechts: ruling R32)',
    at: 'step',
    check: (initial, o) => {
      const v: string[] = [];
      const start = startOf(initial);
      const now = [...o.position.stacks, ...o.transit];
      const dead = eliminatedSoFar(o.summary);
      // Landsknechts and Swiss Mercenaries (ruling R32) bring new mercenaries in: the summary lists each of them.
      const hired = o.summary.cards.reduce((n, c) => n + (c.placed ?? []).reduce((m, p) => m + p.mercenaries, 0), 0);
      for (const t of LAND_UNIT_TYPES) {
        const added = t === 'mercenaries' ? hired : 0;
        const expected = start.units[t] + added - dead[t];
        if (count(now, t) !== expected)
          v.push(
            `${t}: ${count(now, t)} on the board, expected ${expected} (${start.units[t]} at the start${added ? ` + ${added} placed by cards` : ''} − ${dead[t]} eliminated)`,
          );
      }
      return v;
    },
  },
  {
    name: 'leadersAccountedFor',
    description: 'every leader is in exactly one place or captured',
    at: 'step',
    check: (initial, o) => {
      const start = startOf(initial);
      const now = [...o.position.stacks, ...o.transit];
      const placed = [...now.flatMap((s) => s.leaders), ...o.position.captured.map((c) => c.leader)].sort();
      return placed.length !== start.leaders.length || placed.some((l, i) => l !== start.leaders[i])
        ? [`leaders: ${placed.join(',')} instead of ${start.leaders.join(',')}`]
        : [];
    },
  },
  {
    name: 'wholeCounts',
    description: 'every unit count is a whole number, never below zero',
    at: 'step',
    check: (_, o) => {
      const v: string[] = [];
      for (const s of [...o.position.stacks, ...o.transit])
        for (const t of LAND_UNIT_TYPES)
          if (!Number.isInteger(s[t]) || s[t] < 0) v.push(`${s.space} ${s.power}: ${t} = ${s[t]}`);
      return v;
    },
  },
  {
    name: 'noEmptyStack',
    description: 'no stack without a land unit or a leader',
    at: 'step',
    check: (_, o) =>
      [...o.position.stacks, ...o.transit]
        .filter((s) => landUnitCount(s) === 0 && s.leaders.length === 0)
        .map((s) => `${s.space} ${s.power}: an empty stack`),
  },
  {
    name: 'canonicalStacks',
    description: 'the stacks are in canonical form (one per space, power and marks, in order)',
    at: 'step',
    check: (_, o) => (isNormal(o.position.stacks) ? [] : ['stacks are not in canonical form']),
  },
  {
    name: 'fortificationLimit',
    description: `at most ${FORTIFICATION_LIMIT} land units inside a fortified space (13.4)`,
    at: 'step',
    check: (_, o) => {
      const v: string[] = [];
      for (const space of new Set(o.position.stacks.map((s) => s.space))) {
        const inside = landUnitsInside(o, space);
        if (inside > FORTIFICATION_LIMIT) v.push(`${space}: ${inside} land units inside`);
      }
      return v;
    },
  },
  {
    name: 'cpAccounted',
    description: 'the CP left are the CP of the start less those the summary spent, never below zero (13.1 step 3)',
    at: 'step',
    check: (initial, o) => {
      const cp = o.position.impulse.cp;
      const startCp = initial.world.position.impulse.cp;
      return cp < 0 || cp !== startCp - o.summary.cpSpent
        ? [`CP: ${cp} left after spending ${o.summary.cpSpent} of ${startCp}`]
        : [];
    },
  },
];

/** Violations of the invariants that hold at every step; with `tallies`, each invariant's check is counted there. */
export function stepViolations(initial: Scenario, o: Observation, tallies: readonly InvariantTally[] = []): string[] {
  return runAll(STEP_INVARIANTS, initial, o, tallies);
}

function runAll(
  list: readonly NamedInvariant[],
  initial: Scenario,
  o: Observation,
  tallies: readonly InvariantTally[],
): string[] {
  const v: string[] = [];
  for (const inv of list) {
    const found = inv.check(initial, o);
    if (tallies.length) countCheck(tallies, inv.name, found.length > 0);
    v.push(...found);
  }
  return v;
}

/**
 * DESIGN "Quality bars": the result position is the next scenario of the impulse, so it must parse again — every
 * rule the validator knows (sieges that outnumber, R17's empty fortresses, who may be inside, R18) holds in it.
 */
export function resultParseViolations(initial: Scenario, position: Position): string[] {
  return resultPositionParseViolations(toResultPosition(initial, position));
}

/** The same check of a result position already made (a session's `resultPosition`). */
export function resultPositionParseViolations(result: ResultPosition): string[] {
  // Every check parseScenario makes, without building (and freezing) the scenario it would return: nothing reads it.
  return handedOverIssues(result).map(
    (i) => `the result does not parse as a scenario: ${i.path || '(root)'}: ${i.message}`,
  );
}

/** The name under which the check that the result parses again is reported (once per distinct end position). */
export const RESULT_PARSES = 'resultParses';

/** The invariants that hold once the move is over (besides those of every step, and the result parsing again). */
export const END_INVARIANTS: readonly NamedInvariant[] = [
  {
    name: 'nothingInTransit',
    description: 'no formation is left between its space and the destination (13.1 step 5)',
    at: 'end',
    check: (_, o) => (o.transit.length > 0 ? ['a formation is still in transit'] : []),
  },
  {
    name: 'noEnemiesFaceToFace',
    description: 'no two powers at war both have land units outside the fortifications of one space (13.1 step 8)',
    at: 'end',
    check: (_, o) => {
      const v: string[] = [];
      const rel = o.position;
      // Grouped in one pass: linear in stacks, however many spaces hold some.
      const outsideBySpace = new Map<string, Stack[]>();
      for (const s of rel.stacks) {
        if (s.inside || landUnitCount(s) === 0) continue;
        const list = outsideBySpace.get(s.space);
        if (list) list.push(s);
        else outsideBySpace.set(s.space, [s]);
      }
      for (const [space, outside] of outsideBySpace)
        for (const a of outside)
          for (const b of outside)
            if (a.power < b.power && areAtWar(rel, a.power, b.power))
              v.push(`${space}: ${a.power} and ${b.power} at war, both outside`);
      return v;
    },
  },
  {
    name: 'siegesOutnumber',
    description: 'every siege has more besieging land units than units inside (15)',
    at: 'end',
    check: (initial, o) => {
      const v: string[] = [];
      for (const g of o.position.sieges) {
        const besiegers = besiegingLandUnits({ ...initial.world, position: o.position }, g);
        const inside = landUnitsInside(o, g.space);
        if (besiegers <= inside) v.push(`${g.space}: besieged by ${besiegers} against ${inside} inside`);
      }
      return v;
    },
  },
  {
    name: 'lostMarksOnLosers',
    description: 'only the loser of a battle fought in this move is newly marked as having lost one (ruling R12)',
    at: 'end',
    check: (initial, o) => {
      const v: string[] = [];
      const rel = o.position;
      const b = o.summary.battle;
      const markedBefore = new Set(initial.world.position.stacks.filter((x) => x.lostBattle).map((x) => x.power));
      const marked = rel.stacks.filter((s) => s.lostBattle && !markedBefore.has(s.power));
      if (!b && marked.length > 0) v.push('units marked as losers without a battle');
      if (b) {
        const winners = b[b.winner].powers;
        for (const s of marked)
          if (winners.includes(majorOf(rel, s.power) ?? s.power))
            v.push(`${s.space} ${s.power}: the winner marked as having lost`);
      }
      return v;
    },
  },
];

/** Every built-in invariant by name, with what it checks: those of every step, those of the end, the parse check. */
export const BUILT_IN_INVARIANTS: readonly { readonly name: string; readonly description: string }[] = [
  ...STEP_INVARIANTS,
  ...END_INVARIANTS,
  { name: RESULT_PARSES, description: 'the result position parses again as a scenario (DESIGN "Quality bars")' },
];

/**
 * Violations of the invariants that hold once the move is over. `parse: false` leaves out the check that the result
 * parses again (the explorer runs it once per distinct end position instead of once per end state); with `tallies`,
 * each invariant's check is counted there.
 */
export function endViolations(
  initial: Scenario,
  o: Observation,
  options: { readonly parse?: boolean } = {},
  tallies: readonly InvariantTally[] = [],
): string[] {
  const v = stepViolations(initial, o, tallies);
  if (options.parse !== false) {
    const parsed = resultParseViolations(initial, o.position);
    if (tallies.length) countCheck(tallies, RESULT_PARSES, parsed.length > 0);
    v.push(...parsed);
  }
  v.push(...runAll(END_INVARIANTS, initial, o, tallies));
  return v;
}
