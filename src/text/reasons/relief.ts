// 15.2 Relief Forces (ruling R35): why a sortie from the besieged fortifications is refused.
import type * as rules from '../../rules/relief.ts';
import { enLandUnits, powerGen, powerName, powers, ruAgree, ruLandUnits, spaceFrom, spaceName } from '../names.ts';
import { cite } from '../rules.ts';
import { msg } from '../text.ts';
import { byPowerReason } from './by-power.ts';
import type { RenderersOf } from './types.ts';

export const RELIEF_REASONS: RenderersOf<typeof rules> = {
  isSortieOfReliefPower: (world, { power, relief, space }) => {
    const r = cite('15.2', 'R35');
    return msg(
      'reason.relief.isSortieOfReliefPower',
      "Only {powerNameRelief}, the relief force's power, chooses who comes out of {spaceNameSpace} to join it ({r}); {powerNamePower} does not.",
      'Кто выйдет из укреплений {spaceFromSpace} на помощь, решает только держава деблокирующих сил — {powerNameRelief} ({r}), а не {powerNamePower}.',
      {
        powerNameRelief: powerName(relief),
        spaceNameSpace: spaceName(world, space),
        r,
        powerNamePower: powerName(power),
        spaceFromSpace: spaceFrom(world, space),
      },
    );
  },
  isSortieSplitByPower: byPowerReason,
  areSortiePiecesInside: (world, { space, relief, available, leaders, others }) => {
    const r = cite('15.2', 'R35');
    const held =
      others.length > 0
        ? msg(
            'reason.relief.areSortiePiecesInside.held',
            '; the units of {powersOthers} stay inside',
            '; части ({powersOthers}) остаются внутри',
            { powersOthers: powers(others) },
          )
        : msg('reason.relief.areSortiePiecesInside.held.2', '', '');
    const who =
      leaders.length > 0
        ? msg('reason.relief.areSortiePiecesInside.who', ' and the leaders there', ' и находящиеся там командующие')
        : msg('reason.relief.areSortiePiecesInside.who.2', '', '');
    const its = ruAgree(relief, 'их', 'её', 'его');
    return msg(
      'reason.relief.areSortiePiecesInside',
      'Only pieces of {powerNameRelief} and its active minor allies inside {spaceNameSpace} may join the relief force: {enLandUnitsAvailable}{who} ({r}){held}.',
      'К деблокирующим силам могут присоединиться только части {powerGenRelief} и {its} активных малых союзников из укреплений {spaceFromSpace}: {ruLandUnitsAvailable}{who} ({r}){held}.',
      {
        powerNameRelief: powerName(relief),
        spaceNameSpace: spaceName(world, space),
        enLandUnitsAvailable: enLandUnits(available),
        who,
        r,
        held,
        powerGenRelief: powerGen(relief),
        its,
        spaceFromSpace: spaceFrom(world, space),
        ruLandUnitsAvailable: ruLandUnits(available),
      },
    );
  },
};
