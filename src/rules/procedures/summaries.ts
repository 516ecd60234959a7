// Small builders for summary entries shared by several procedures.
import type { Capture } from '../../schema/scenario.ts';
import type { CaptureSummary } from '../../schema/result.ts';
import type { RuleRef } from '../registry.ts';

export function captureSummaries(captured: readonly Capture[], space: string, rule: RuleRef): CaptureSummary[] {
  return captured.map((c) => ({ leader: c.leader, by: c.by, space, rule }));
}
