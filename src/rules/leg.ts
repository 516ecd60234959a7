// The move a procedure reacts to: who moves which formation from where to where (13.1), and by what kind of
// movement (13.2: only a Move action can be intercepted).
import type { MajorPower } from '../schema/power.ts';
import type { Stack } from '../schema/scenario.ts';

export type MovementKind = 'move' | 'avoid' | 'retreat' | 'interception';

export interface MoveLeg {
  readonly power: MajorPower;
  readonly from: string;
  readonly to: string;
  /** The moving pieces (their `space` is still `from` until they are placed in `to`). */
  readonly formation: readonly Stack[];
  readonly kind: MovementKind;
  /** 13.4 option 1: the fortified space the formation moved on from; retreating back into it eliminates it. */
  readonly continuedFrom?: string;
  /** The formation was besieging `from` when it left (13.2: the stack it besieged may not intercept this move). */
  readonly leftSiege?: boolean;
}
