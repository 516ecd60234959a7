// 5.1 Formations: command limits (no leader 4; one leader his rating; two or more the two highest ratings) and
// one major power per formation (plus its active minor allies, 22.3). Leaders never count (ruling R6).
import type { Power } from '../schema/power.ts';
import { landUnitCount } from '../schema/units.ts';
import type { Stack } from '../schema/scenario.ts';
import { leaderGen, leaderName, powerGen, powerName, ruLandUnits, enLandUnits } from './names.ts';
import { majorOf } from './relations.ts';
import { landUnitsIn, leadersIn, totals } from './stacks.ts';
import { text } from './text.ts';
import { restriction } from './verdict.ts';
import type { World } from './world.ts';

export const LEADERLESS_LIMIT = 4;

/** 5.1: how many land units the given leaders can command together. */
export function commandLimit(world: Pick<World, 'leaders'>, leaders: readonly string[]): number {
  const ratings = leaders.map((id) => world.leaders.get(id)?.command ?? 0).sort((a, b) => b - a);
  if (ratings.length === 0) return LEADERLESS_LIMIT;
  if (ratings.length === 1) return ratings[0] ?? 0;
  return (ratings[0] ?? 0) + (ratings[1] ?? 0);
}

export interface FormationArgs {
  /** The major power that acts (the active power, the interceptor, ...). */
  readonly power: Power;
  /** The units and leaders making up the formation. */
  readonly pieces: readonly Stack[];
}

function describeLimit(world: World, leaders: readonly string[]) {
  if (leaders.length === 0) return text('no leader: at most 4', 'без командующего — не более 4');
  const names = leaders.map((l) => leaderName(world, l));
  const limit = commandLimit(world, leaders);
  if (leaders.length === 1) return text(`${names[0]?.en} commands at most ${limit}`, `под командованием ${leaderGen(world, leaders[0] ?? '').ru} — не более ${limit}`);
  return text(`the two highest command ratings allow at most ${limit}`, `по двум высшим рейтингам командования — не более ${limit}`);
}

export const isWithinCommandLimit = restriction<FormationArgs>({
  name: 'isWithinCommandLimit',
  rule: '5.1',
  statements: ['MOV-05', 'MOV-06', 'MOV-07', 'MOV-08', 'MOV-09', 'INT-10'],
  holds: (world, { pieces }) => landUnitsIn(pieces) <= commandLimit(world, leadersIn(pieces)),
  reason: (world, { pieces }) => {
    const n = landUnitCount(totals(pieces));
    const limit = describeLimit(world, leadersIn(pieces));
    return text(`A formation of ${enLandUnits(n)} is too large: ${limit.en}.`, `Соединение из ${ruLandUnits(n, 'gen')} слишком велико: ${limit.ru}.`);
  },
});

export const isOneMajorPower = restriction<FormationArgs>({
  name: 'isOneMajorPower',
  rule: '5.1',
  statements: ['MOV-10', 'MOV-11'],
  holds: (world, { power, pieces }) => pieces.every((p) => majorOf(world.position, p.power) === power),
  reason: (world, { power, pieces }) => {
    const other = pieces.find((p) => majorOf(world.position, p.power) !== power);
    const o = powerName(other?.power ?? power);
    const p = powerName(power);
    return text(
      `A formation may not mix ${p.en} units with ${o.en} units: only a major power and its active minor allies.`,
      `В одном соединении не могут быть вместе части ${powerGen(power).ru} и ${powerGen(other?.power ?? power).ru}: в него входят только одна великая держава и её активные второстепенные союзники.`,
    );
  },
});
