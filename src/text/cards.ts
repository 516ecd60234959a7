// A card as a play names it: its title, and Tercios' way (ruling R30) when it has one — the words of a combat-card
// option, of a refused play in a decision's `blocked`, and of a refused play on the walkthrough page.
import { cardTitle, type CardId } from '../data/cards.ts';
import { type Text, msg } from './text.ts';

/** "Tercios (#30), 3 extra dice" / "Tercios (#30), 3 dice fewer"; any other card, or no way, its title alone. */
export function playText(play: { readonly card: CardId; readonly option?: unknown }): Text {
  const c = cardTitle(play.card);
  if (play.option === 'extra-dice')
    return msg('procedure.combat-cards.playText', '{c}, 3 extra dice', '{c}, 3 дополнительных кубика', { c });
  if (play.option === 'fewer-dice')
    return msg('procedure.combat-cards.playText.2', '{c}, 3 dice fewer', '{c}, на 3 кубика меньше', { c });
  return c;
}

/** Whether `option` is one of Tercios' ways (ruling R30), which `playText` words. */
export const isTerciosWay = (option: unknown): boolean => option === 'extra-dice' || option === 'fewer-dice';
