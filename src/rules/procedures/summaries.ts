// Small builders for summary entries shared by several procedures.
import type { Power } from '../../schema/power.ts';
import type { Capture } from '../../schema/scenario.ts';
import type { CaptureSummary, Summary } from '../../schema/result.ts';
import { settleLoneLeaders } from '../capture.ts';
import type { RuleRef } from '../registry.ts';
import type { World } from '../world.ts';

export function captureSummaries(captured: readonly Capture[], space: string, rule: RuleRef): CaptureSummary[] {
  return captured.map((c) => ({ leader: c.leader, by: c.by, space, rule }));
}

/**
 * `arriving` has brought land units into `space` (pass undefined when it brought none: ruling R2): the enemy leaders
 * alone there are captured or go inside (13.1, `settleLoneLeaders`), and the captures are recorded under `rule`.
 */
export function settleArrival(
  world: World,
  summary: Summary,
  space: string,
  arriving: Power | undefined,
  rule: RuleRef,
): { world: World; summary: Summary } {
  if (!arriving) return { world, summary };
  const settled = settleLoneLeaders(world, space, arriving);
  const captures = [...summary.captures, ...captureSummaries(settled.captured, space, rule)];
  return { world: { ...world, position: settled.position }, summary: { ...summary, captures } };
}
