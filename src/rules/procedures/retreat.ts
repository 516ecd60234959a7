// Retreat (14.1) as the retreat machine runs it: each retreating group in turn, inactive minors by ruling R10,
// trapped stacks eliminated (14.1, ruling R11), the others asked where to go and what goes inside.
import type { EngineEvent } from '../../schema/events.ts';
import type { Power } from '../../schema/power.ts';
import { NO_UNITS, units } from '../../schema/units.ts';
import {
  applyRetreat,
  checkRetreat,
  inactiveInside,
  insideRoom,
  isInactiveGroup,
  mayAnyGoInside,
  retreatDestinations,
  retreatingGroups,
  retreatingStacks,
  type RetreatArgs,
  type RetreatReason,
  type RetreatState,
} from '../retreat.ts';
import { holderOf } from '../capture.ts';
import { skippedRetreat } from '../skipped.ts';
import { reading } from '../world.ts';
import { answerGuard, eventOf, guard, startContext } from './common.ts';
import type { AnswerVerdict, ProcedureContext, ProcedureInput } from './common.ts';
import { must } from '../must.ts';
import { captureSummaries } from './summaries.ts';

export interface RetreatInput extends ProcedureInput {
  readonly retreat: Omit<RetreatState, 'done'>;
}

export interface RetreatContext extends ProcedureContext, RetreatState {
  readonly asking?: Power | undefined;
}

export type RetreatOutput = ProcedureContext;

export function startRetreat(input: RetreatInput): RetreatContext {
  return { ...startContext(input), ...input.retreat, done: [] };
}

export function retreatOutput(c: RetreatContext): RetreatOutput {
  return { world: c.world, summary: c.summary };
}

function next(c: RetreatContext): Power | undefined {
  return retreatingGroups(c.world, c)[0];
}

/** 14.1: nothing of the group may go inside (no room for its units, no leaders) and no space is legal. */
function isTrapped(c: RetreatContext, power: Power): boolean {
  const leaders = retreatingStacks(c.world, c, power).some((s) => s.leaders.length > 0);
  const canGoIn = mayAnyGoInside(c.world, c, power) && (insideRoom(c.world, c) > 0 || leaders);
  return !canGoIn && retreatDestinations(c.world, c, power).to.length === 0;
}

/** The arguments of an answer as the restrictions read them: the guard, the refusal and the options share them. */
export function declarationArgs(c: RetreatContext, event: EngineEvent): RetreatArgs | undefined {
  const e = eventOf(event, 'retreat.declare');
  return (
    e && {
      ...c,
      power: e.power,
      from: c.space,
      to: e.to ?? '',
      hasDestination: e.to !== undefined,
      inside: units(e.inside),
    }
  );
}

/**
 * The verdict on a retreat (14.1) by the restrictions the decision lists its answers with; a legal answer of a
 * retreating group that is not the one asked is not its to give yet (`false`: its turn comes).
 */
export function retreatVerdict(c: RetreatContext, e: EngineEvent): AnswerVerdict {
  const args = declarationArgs(c, e);
  if (!args) return false;
  const v = checkRetreat(c.world, args);
  return v.ok && args.power !== c.asking ? false : v;
}

export const retreatGuards = {
  isNextGroupInactive: guard<RetreatContext>('22.1', (c) => {
    const p = next(c);
    return p !== undefined && isInactiveGroup(c.world, p);
  }),
  isNextGroupTrapped: guard<RetreatContext>('14.1', (c) => {
    const p = next(c);
    return p !== undefined && isTrapped(c, p);
  }),
  hasGroupToRetreat: guard<RetreatContext>('14.1', (c) => next(c) !== undefined),
  isLegalRetreat: answerGuard<RetreatContext>('14.1', retreatVerdict),
};

/**
 * Why a group's units were eliminated (the summary's `eliminatedBy`): no legal space (14.1), forced back into the
 * fortified space it moved on from (13.4 option 1), besiegers or a winner sent away as in 15.3 with nowhere to go
 * (15.3, 14 step 12), an inactive stack that never retreats (ruling R10), or a losing attacker whose origin is no
 * legal retreat (ruling R11) — that one only after a field battle, and never when the origin is the space it moved
 * on from: 13.4 eliminates it there under either reading of R11.
 */
export type EliminationCause = '14.1' | '13.4' | '15.3' | 'R10' | 'R11';

/** The cause of a group's elimination when nothing of it can go anywhere (14.1, 13.4, 15.3, ruling R11). */
function trappedCause(c: RetreatContext): EliminationCause {
  if (c.reason === 'siege') return '15.3';
  const toOrigin = c.reason === 'origin' || (c.reason === 'attacker' && reading(c.world, 'R11') === 'ruling');
  if (toOrigin && c.continuedFrom !== undefined && c.origin === c.continuedFrom) return '13.4';
  return c.reason === 'attacker' && toOrigin ? 'R11' : '14.1';
}

/** Ruling R20: who takes the leaders of an eliminated group — the holder of the space it moved on from (13.4), or the retreat's captor. */
function captorFor(c: RetreatContext, cause: EliminationCause): Power {
  return cause === '13.4' && c.continuedFrom !== undefined ? holderOf(c.world, c.continuedFrom) : c.captor;
}

function record(
  c: RetreatContext,
  power: Power,
  inside: RetreatArgs['inside'],
  to: string | undefined,
  trapped: EliminationCause,
): Partial<RetreatContext> {
  const cause: EliminationCause = to !== undefined && to === c.continuedFrom ? '13.4' : trapped;
  const out = applyRetreat(c.world, { ...c, captor: captorFor(c, cause) }, power, inside, to);
  const reason: RetreatReason = c.reason;
  const lost = out.eliminated.regulars + out.eliminated.mercenaries + out.eliminated.cavalry + out.captured.length > 0;
  const captureRule = cause === '13.4' || cause === '15.3' ? cause : '14.1';
  return {
    world: { ...c.world, position: out.position },
    done: [...c.done, power],
    asking: undefined,
    summary: {
      ...c.summary,
      retreats: [
        ...c.summary.retreats,
        {
          power,
          from: c.space,
          reason,
          to: out.to,
          units: out.moved,
          inside: out.inside,
          eliminated: out.eliminated,
          captured: [...out.captured],
          eliminatedBy: lost ? cause : null,
        },
      ],
      captures: [
        ...c.summary.captures,
        ...captureSummaries(
          out.captured.map((leader) => ({ leader, by: captorFor(c, cause) })),
          c.space,
          captureRule,
        ),
        ...captureSummaries(out.capturedThere, out.to ?? c.space, '13.1'),
      ],
    },
  };
}

/**
 * Ruling R10: an inactive minor or independent stack puts up to 4 units inside; the rest are eliminated. In an
 * unfortified space, all of them. Under R10's alternative reading for an unfortified space the stack retreats
 * under 14.1 to the first legal space by id (nobody decides for it), and is eliminated only if there is none.
 */
export function retreatInactive(c: RetreatContext): Partial<RetreatContext> {
  const p = must(next(c), 'retreatInactive with no group to retreat');
  const fortified = c.world.board.spaces.get(c.space)?.fortified ?? false;
  if (!fortified && reading(c.world, 'R10') === 'alternative') {
    const to = [...retreatDestinations(c.world, c, p).to].sort()[0];
    return record(c, p, NO_UNITS, to, to === undefined ? '14.1' : 'R10');
  }
  return record(c, p, inactiveInside(c.world, c, p), undefined, 'R10');
}

/**
 * 14.1, ruling R11: no legal space and no way inside — eliminated, leaders captured. Under R11's alternative reading
 * a losing attacker is trapped only when no adjacent space at all is legal: that is 14.1's own elimination. A group
 * whose only space is the one it moved on from is eliminated by 13.4 (option 1), under either reading.
 */
export function eliminateTrapped(c: RetreatContext): Partial<RetreatContext> {
  const p = must(next(c), 'eliminateTrapped with no group to retreat');
  // Ruling R9: nobody is asked where to go; the summary keeps every space and why it is refused.
  const skipped = skippedRetreat(c.world, c, p);
  const out = record(c, p, NO_UNITS, undefined, trappedCause(c));
  const summary = must(out.summary, 'a retreat records its summary');
  return { ...out, summary: { ...summary, skipped: [...summary.skipped, ...skipped] } };
}

export function askNextRetreat(c: RetreatContext): Partial<RetreatContext> {
  return { asking: next(c) };
}

export function retreatAsDeclared(c: RetreatContext, event: EngineEvent): Partial<RetreatContext> {
  const args = must(declarationArgs(c, event), 'retreatAsDeclared without retreat.declare');
  return record(c, args.power, args.inside, args.hasDestination ? args.to : undefined, trappedCause(c));
}
