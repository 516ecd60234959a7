// 5.1 Formations: why a formation is refused — over its command limit, or mixing two major powers.
import type { CommandLimitFacts } from '../../rules/formation.ts';
import type * as rules from '../../rules/formation.ts';
import { listOf, says } from '../grammar.ts';
import { enLandUnits, leader, leaderGen, leaderName, powerGen, ruLandUnits, ruList, powerAdjective } from '../names.ts';
import { type Text, msg } from '../text.ts';
import type { NameSource, RenderersOf } from './types.ts';

/** The limit the leaders set: "Suleiman commands at most 12" / «под командованием Сулеймана — не более 12». */
function describeLimit(world: NameSource, { leaders, limit }: CommandLimitFacts): Text {
  if (leaders.length === 0)
    return msg('reason.formation.describeLimit', 'no leader: at most {limit}', 'без командующего — не более {limit}', {
      limit,
    });
  if (leaders.length === 1) {
    const one = leaders[0] ?? '';
    return msg(
      'reason.formation.describeLimit.2',
      '{leaderName} commands at most {limit}',
      'под командованием {leaderGen} — не более {limit}',
      { leaderName: leaderName(world, one), limit, leaderGen: leaderGen(world, one) },
    );
  }
  return msg(
    'reason.formation.describeLimit.3',
    'the two highest command ratings allow at most {limit}',
    'по двум высшим рейтингам командования — не более {limit}',
    { limit },
  );
}

/** The same limit as an intercepting formation's refusal words it. */
function describeInterceptionLimit(world: NameSource, { leaders, limit }: CommandLimitFacts): Text {
  if (leaders.length === 0)
    return msg(
      'reason.formation.describeInterceptionLimit',
      'without a leader at most {limit}',
      'без командующего — не более {limit}',
      { limit },
    );
  return msg(
    'reason.formation.describeInterceptionLimit.2',
    '{says} at most {limit}',
    'под командованием {ruList} — не более {limit}',
    {
      says: says(listOf(leaders.map((l) => leader(world, l))), 'commands|command', ''),
      limit,
      ruList: ruList(leaders.map((l) => leaderGen(world, l).ru)),
    },
  );
}

/** isWithinCommandLimit, for a Move action, a formation or an interception (one code, 5.1). */
export function commandLimitReason(world: NameSource, f: CommandLimitFacts): Text {
  const n = f.landUnits;
  if (f.kind === 'interception') {
    const who = describeInterceptionLimit(world, f);
    return msg(
      'reason.formation.commandLimitReason',
      '{enLandUnits} cannot intercept as one formation: {who}.',
      'Соединение из {ruLandUnits} слишком велико для перехвата: {who}.',
      { enLandUnits: enLandUnits(n), who, ruLandUnits: ruLandUnits(n, 'gen') },
    );
  }
  const limit = describeLimit(world, f);
  return msg(
    'reason.formation.commandLimitReason.2',
    'A formation of {enLandUnits} is too large: {limit}.',
    'Соединение из {ruLandUnits} слишком велико: {limit}.',
    { enLandUnits: enLandUnits(n), limit, ruLandUnits: ruLandUnits(n, 'gen') },
  );
}

export const FORMATION_REASONS: RenderersOf<typeof rules> = {
  isWithinCommandLimit: commandLimitReason,
  isOneMajorPower: (_w, { power, other }) => {
    const o = powerAdjective(other),
      p = powerAdjective(power);
    return msg(
      'reason.formation.isOneMajorPower',
      'A formation may not mix {p} units with {o} units: only a major power and its active minor allies.',
      'В одном соединении не могут быть вместе части {powerGen} и {powerGenOther}: в него входят только одна великая держава и её активные второстепенные союзники.',
      { p, o, powerGen: powerGen(power), powerGenOther: powerGen(other) },
    );
  },
};
