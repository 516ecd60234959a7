// Army leaders (5.1): battle rating (dice and roll bonus) and command rating (formation size).
import hisLeaders from './his-leaders.json' with { type: 'json' };
import type { Power } from '../schema/power.ts';
import { FrozenMap } from './frozen.ts';

export interface Leader {
  readonly id: string;
  readonly name: string;
  /** The power whose counter this is; 'any' for the renegade, who serves whoever plays his event. */
  readonly power: Power | 'any';
  /** Other powers the counter may serve (Maurice of Saxony's two-sided counter). */
  readonly alsoServes: readonly Power[];
  readonly battle: number;
  readonly command: number;
}

export type LeaderTable = ReadonlyMap<string, Leader>;

const TWO_SIDED: Record<string, Power[]> = { 'maurice-of-saxony': ['hapsburg'] };

let cached: LeaderTable | undefined;

/** A leader table that cannot be changed (nor can its leaders): the scenarios that use it share it. */
export function leaderTable(leaders: Iterable<Leader>): LeaderTable {
  const frozen: [string, Leader][] = [];
  for (const l of leaders) frozen.push([l.id, Object.freeze({ ...l, alsoServes: Object.freeze([...l.alsoServes]) })]);
  return new FrozenMap(frozen);
}

/**
 * The bundled army leaders (src/data/his-leaders.json): one table for the process, frozen. Naval leaders play no
 * part in land combat.
 */
export function hisLeaderTable(): LeaderTable {
  cached ??= leaderTable(
    hisLeaders.armyLeaders.map((l) => ({
      id: l.id,
      name: l.name,
      power: l.power as Power | 'any',
      alsoServes: TWO_SIDED[l.id] ?? [],
      battle: l.battle,
      command: l.command,
    })),
  );
  return cached;
}

export function mayServe(leader: Leader, power: Power): boolean {
  return leader.power === 'any' || leader.power === power || leader.alsoServes.includes(power);
}
