// A session's position in the scenario's own shape (compact: zero counts and false marks left out), so that it
// can be fed, with a new move, into the next session of the same impulse.
import type { Scenario } from './scenario.ts';
import type { ResultPosition } from '../schema/result.ts';
import type { Position } from '../rules/world.ts';

export function toResultPosition(scenario: Scenario, position: Position): ResultPosition {
  const d = scenario.data;
  return {
    ...(d.map === 'his' ? {} : { map: d.map }),
    ...(d.leaders.length > 0 ? { leaders: d.leaders } : {}),
    war: position.war.map(([a, b]) => [a, b]),
    alliances: position.alliances.map(([a, b]) => [a, b]),
    control: { ...position.control },
    unrest: [...position.unrest],
    bonuses: Object.fromEntries(Object.entries(position.bonuses).map(([p, b]) => [p, [...(b ?? [])]])),
    stacks: position.stacks.map((s) => ({
      space: s.space,
      power: s.power,
      ...(s.regulars ? { regulars: s.regulars } : {}),
      ...(s.mercenaries ? { mercenaries: s.mercenaries } : {}),
      ...(s.cavalry ? { cavalry: s.cavalry } : {}),
      ...(s.leaders.length ? { leaders: [...s.leaders] } : {}),
      ...(s.inside ? { inside: true } : {}),
      ...(s.lostBattle ? { lostBattle: true } : {}),
      ...(s.attemptedInterception ? { attemptedInterception: true } : {}),
    })),
    sieges: position.sieges.map((g) => ({
      space: g.space,
      by: [...g.by],
      ...(g.thisImpulse ? { thisImpulse: true } : {}),
    })),
    captured: position.captured.map((c) => ({ ...c })),
    impulse: { ...position.impulse },
    // The readings the move was resolved under: the result parses again under the same rules.
    ...(Object.keys(d.rulings).length > 0 ? { rulings: { ...d.rulings } } : {}),
  };
}
