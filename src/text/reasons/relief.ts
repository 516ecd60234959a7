// 15.2 Relief Forces (ruling R35): why a sortie from the besieged fortifications is refused.
import type * as rules from '../../rules/relief.ts';
import { enLandUnits, powerGen, powerName, powers, ruAgree, ruLandUnits, spaceFrom, spaceName } from '../names.ts';
import { cite } from '../rules.ts';
import { text } from '../text.ts';
import { byPowerReason } from './by-power.ts';
import type { RenderersOf } from './types.ts';

export const RELIEF_REASONS: RenderersOf<typeof rules> = {
  isSortieOfReliefPower: (world, { power, relief, space }) => {
    const r = cite('15.2', 'R35');
    return text(
      `Only ${powerName(relief).en}, the relief force's power, chooses who comes out of ${spaceName(world, space).en} to join it (${r.en}); ${powerName(power).en} does not.`,
      `Кто выйдет из укреплений ${spaceFrom(world, space).ru} на помощь, решает только держава деблокирующих сил — ${powerName(relief).ru} (${r.ru}), а не ${powerName(power).ru}.`,
    );
  },
  isSortieSplitByPower: byPowerReason,
  areSortiePiecesInside: (world, { space, relief, available, leaders, others }) => {
    const r = cite('15.2', 'R35');
    const held =
      others.length > 0
        ? text(`; the units of ${powers(others).en} stay inside`, `; части (${powers(others).ru}) остаются внутри`)
        : text('', '');
    const who = leaders.length > 0 ? text(' and the leaders there', ' и находящиеся там командующие') : text('', '');
    const its = ruAgree(relief, 'их', 'её', 'его');
    return text(
      `Only pieces of ${powerName(relief).en} and its active minor allies inside ${spaceName(world, space).en} may join the relief force: ${enLandUnits(available)}${who.en} (${r.en})${held.en}.`,
      `К деблокирующим силам могут присоединиться только части ${powerGen(relief).ru} и ${its} активных малых союзников из укреплений ${spaceFrom(world, space).ru}: ${ruLandUnits(available)}${who.ru} (${r.ru})${held.ru}.`,
    );
  },
};
