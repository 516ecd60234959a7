// Small builders for summary entries shared by several procedures.
import type { Power } from '../../schema/power.ts';
import type { Capture } from '../../schema/scenario.ts';
import type { CaptureSummary, RecordedSummary } from '../../schema/result.ts';
import { settleLoneLeaders } from '../capture.ts';
import type { RuleRef } from '../registry.ts';
import type { World } from '../world.ts';

/**
 * A siege begun (15, ruling R13): listed in `siegesBegun`, and as the summary's `siege` when it is the move's first.
 */
export function withSiegeBegun(summary: RecordedSummary, space: string, by: Power, rule: RuleRef): RecordedSummary {
  return {
    ...summary,
    siege: summary.siege ?? { space, besieger: by },
    siegesBegun: [...summary.siegesBegun, { space, by, rule }],
  };
}

export function captureSummaries(captured: readonly Capture[], space: string, rule: RuleRef): CaptureSummary[] {
  return captured.map((c) => ({ leader: c.leader, by: c.by, space, rule }));
}

/**
 * `arriving` has brought land units into `space` (pass undefined when it brought none: ruling R2): the enemy leaders
 * alone there (ruling R24) are captured or go inside (13.1, 13.3, `settleLoneLeaders`). The captures are recorded
 * under `rule` — those of leaders who intercepted into the space and so could not go inside under ruling R23 — and
 * the leaders who went inside under 13.3.
 */
export function settleArrival(
  world: World,
  summary: RecordedSummary,
  space: string,
  arriving: Power | undefined,
  rule: RuleRef,
  interceptors: readonly string[] = [],
): { world: World; summary: RecordedSummary } {
  if (!arriving) return { world, summary };
  const settled = settleLoneLeaders(world, space, arriving, interceptors);
  const kept = settled.captured.filter((c) => settled.keptOut.includes(c.leader));
  const others = settled.captured.filter((c) => !settled.keptOut.includes(c.leader));
  const captures = [
    ...summary.captures,
    ...captureSummaries(others, space, rule),
    ...captureSummaries(kept, space, 'R23'),
  ];
  const leadersInside = [
    ...summary.leadersInside,
    ...settled.withdrawn.map((w) => ({ space, power: w.power, leaders: [...w.leaders], rule: '13.3' })),
  ];
  return { world: { ...world, position: settled.position }, summary: { ...summary, captures, leadersInside } };
}
