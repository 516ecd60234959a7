// 5.1 Formations: why a formation is refused — over its command limit, or mixing two major powers.
import type { CommandLimitFacts } from '../../rules/formation.ts';
import type * as rules from '../../rules/formation.ts';
import { listOf, says } from '../grammar.ts';
import { enLandUnits, leader, leaderGen, leaderName, powerGen, powerName, ruLandUnits, ruList } from '../names.ts';
import { text, type Text } from '../text.ts';
import type { NameSource, RenderersOf } from './types.ts';

/** The limit the leaders set: "Suleiman commands at most 12" / «под командованием Сулеймана — не более 12». */
function describeLimit(world: NameSource, { leaders, limit }: CommandLimitFacts): Text {
  if (leaders.length === 0) return text(`no leader: at most ${limit}`, `без командующего — не более ${limit}`);
  if (leaders.length === 1) {
    const one = leaders[0] ?? '';
    return text(
      `${leaderName(world, one).en} commands at most ${limit}`,
      `под командованием ${leaderGen(world, one).ru} — не более ${limit}`,
    );
  }
  return text(
    `the two highest command ratings allow at most ${limit}`,
    `по двум высшим рейтингам командования — не более ${limit}`,
  );
}

/** The same limit as an intercepting formation's refusal words it. */
function describeInterceptionLimit(world: NameSource, { leaders, limit }: CommandLimitFacts): Text {
  if (leaders.length === 0) return text(`without a leader at most ${limit}`, `без командующего — не более ${limit}`);
  return text(
    `${says(listOf(leaders.map((l) => leader(world, l))), 'commands|command', '').en} at most ${limit}`,
    `под командованием ${ruList(leaders.map((l) => leaderGen(world, l).ru))} — не более ${limit}`,
  );
}

/** isWithinCommandLimit, for a Move action, a formation or an interception (one code, 5.1). */
export function commandLimitReason(world: NameSource, f: CommandLimitFacts): Text {
  const n = f.landUnits;
  if (f.kind === 'interception') {
    const who = describeInterceptionLimit(world, f);
    return text(
      `${enLandUnits(n)} cannot intercept as one formation: ${who.en}.`,
      `Соединение из ${ruLandUnits(n, 'gen')} слишком велико для перехвата: ${who.ru}.`,
    );
  }
  const limit = describeLimit(world, f);
  return text(
    `A formation of ${enLandUnits(n)} is too large: ${limit.en}.`,
    `Соединение из ${ruLandUnits(n, 'gen')} слишком велико: ${limit.ru}.`,
  );
}

export const FORMATION_REASONS: RenderersOf<typeof rules> = {
  isWithinCommandLimit: commandLimitReason,
  isOneMajorPower: (_w, { power, other }) => {
    const o = powerName(other),
      p = powerName(power);
    return text(
      `A formation may not mix ${p.en} units with ${o.en} units: only a major power and its active minor allies.`,
      `В одном соединении не могут быть вместе части ${powerGen(power).ru} и ${powerGen(other).ru}: ` +
        'в него входят только одна великая держава и её активные второстепенные союзники.',
    );
  },
};
