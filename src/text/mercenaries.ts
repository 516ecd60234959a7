// The words of mercenaries the Ottoman's Landsknechts eliminates (14 step 1, ruling R32): how many, whose, where — for
// the decision's options and for the story.
import type { World } from '../rules/world.ts';
import type { MajorPower } from '../schema/power.ts';
import { inSpace, powerGen, powerName, spaceName, unitsText } from './names.ts';
import { msg, type Text } from './text.ts';

/** Mercenaries eliminated at one place (an event's or the summary's). */
export interface EliminatedMercenaries {
  readonly space: string;
  readonly power: MajorPower;
  readonly mercenaries: number;
  readonly inside?: boolean | undefined;
}

/** The mercenaries the Ottoman's Landsknechts eliminates at one place, as an option or the story says them. */
export function eliminatedText(world: Pick<World, 'board' | 'leaders'>, e: EliminatedMercenaries): Text {
  const walls = e.inside
    ? msg('procedure.battle-cards.where.walls', ' (inside)', ' (в укреплениях)')
    : msg('procedure.battle-cards.where.walls.2', '', '');
  return msg(
    'procedure.battle-cards.eliminatedText',
    '{n} {p} {one, select, true {mercenary} other {mercenaries}} in {spaceName}{walls}',
    '{u} {powerGen} {inSpace}{walls}',
    {
      n: e.mercenaries,
      p: powerName(e.power),
      one: e.mercenaries === 1 ? 'true' : 'false',
      spaceName: spaceName(world, e.space),
      walls,
      u: unitsText(world, { mercenaries: e.mercenaries }),
      powerGen: powerGen(e.power),
      inSpace: inSpace(world, e.space),
    },
  );
}
