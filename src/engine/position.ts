// A session's position in the scenario's own shape, with every field (zero counts, empty lists, false marks: the
// parsed scenario's shape, the same as `session.position`), so that it can be fed, with a new move, into the next
// session of the same impulse.
import type { Scenario } from './scenario.ts';
import type { ResultPosition } from '../schema/result.ts';
import type { Position } from '../rules/world.ts';

export function toResultPosition(scenario: Scenario, position: Position): ResultPosition {
  const d = scenario.data;
  return {
    map: d.map,
    leaders: d.leaders,
    war: position.war.map(([a, b]) => [a, b]),
    alliances: position.alliances.map(([a, b]) => [a, b]),
    control: { ...position.control },
    unrest: [...position.unrest],
    bonuses: Object.fromEntries(Object.entries(position.bonuses).map(([p, b]) => [p, [...(b ?? [])]])),
    // Ruling R33: what each power still holds (a card played has left its hand).
    hands: Object.fromEntries(Object.entries(position.hands ?? {}).map(([p, h]) => [p, [...(h ?? [])]])),
    // 6.1, ruling R31: the home cards used this turn, only when one was (a position without reads as before).
    ...(position.homeCardsUsed && Object.keys(position.homeCardsUsed).length > 0
      ? {
          homeCardsUsed: Object.fromEntries(
            Object.entries(position.homeCardsUsed).map(([p, h]) => [p, [...(h ?? [])]]),
          ),
        }
      : {}),
    stacks: position.stacks.map((s) => ({
      space: s.space,
      power: s.power,
      regulars: s.regulars,
      mercenaries: s.mercenaries,
      cavalry: s.cavalry,
      leaders: [...s.leaders],
      inside: s.inside,
      lostBattle: s.lostBattle,
      attemptedInterception: s.attemptedInterception,
    })),
    sieges: position.sieges.map((g) => ({ space: g.space, by: [...g.by], thisImpulse: g.thisImpulse })),
    captured: position.captured.map((c) => ({ leader: c.leader, by: c.by })),
    impulse: {
      power: position.impulse.power,
      cp: position.impulse.cp,
      // Ruling R26: the marks the next move of the impulse respects, only when a card set them.
      ...(position.impulse.foulWeather ? { foulWeather: true as const } : {}),
      ...(position.impulse.gout?.length ? { gout: [...position.impulse.gout] } : {}),
    },
    // The readings the move was resolved under: the result parses again under the same rules.
    rulings: { ...d.rulings },
    // 21.6, ruling R34: a League not yet formed is still not formed after the move (written only then: a position
    // of a formed League reads as before).
    ...(d.schmalkaldicLeague ? {} : { schmalkaldicLeague: false }),
  };
}
