// The procedure machines, and the rule-carrying guard table behind each one's named guards.
import { avoidGuards } from '../src/rules/procedures/avoid-battle.ts';
import { fieldBattleGuards } from '../src/rules/procedures/field-battle.ts';
import { interceptionGuards } from '../src/rules/procedures/interception.ts';
import { movementGuards } from '../src/rules/procedures/movement.ts';
import { retreatGuards } from '../src/rules/procedures/retreat.ts';
import { siegeBreakGuards } from '../src/rules/procedures/siege-break.ts';
import { withdrawalGuards } from '../src/rules/procedures/withdrawal.ts';
import { avoidBattleMachine } from './avoid-battle/avoid-battle.machine.ts';
import { fieldBattleMachine } from './field-battle/field-battle.machine.ts';
import { interceptionMachine } from './interception/interception.machine.ts';
import { movementMachine } from './movement/movement.machine.ts';
import { retreatMachine } from './retreat/retreat.machine.ts';
import { siegeBreakMachine } from './siege-break/siege-break.machine.ts';
import { withdrawalMachine } from './withdrawal/withdrawal.machine.ts';

export {
  avoidBattleMachine,
  fieldBattleMachine,
  interceptionMachine,
  movementMachine,
  retreatMachine,
  siegeBreakMachine,
  withdrawalMachine,
};
export type { StateMeta, DecisionKind, RollPurpose, Tag } from './meta.ts';

export const MACHINES = {
  movement: movementMachine,
  interception: interceptionMachine,
  avoidBattle: avoidBattleMachine,
  withdrawal: withdrawalMachine,
  fieldBattle: fieldBattleMachine,
  retreat: retreatMachine,
  siegeBreak: siegeBreakMachine,
} as const;

export type MachineId = keyof typeof MACHINES;

export const GUARD_TABLES = {
  movement: movementGuards,
  interception: interceptionGuards,
  avoidBattle: avoidGuards,
  withdrawal: withdrawalGuards,
  fieldBattle: fieldBattleGuards,
  retreat: retreatGuards,
  siegeBreak: siegeBreakGuards,
} as const;
