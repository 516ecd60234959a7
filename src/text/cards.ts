// A card as a play names it: its title, and Tercios' way (ruling R30) when it has one — the words of a combat-card
// option, and, after the power that holds it, of a refused play: a decision's `blocked` and the refused candidates
// of a card window nobody was asked (ruling R9).
import { cardTitle, type CardId } from '../data/cards.ts';
import type { Power } from '../schema/power.ts';
import { powerName } from './names.ts';
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

/**
 * A refused play of any card window, by the power that holds the card (ruling R33): "Hapsburg: Tercios (#30), 3 dice
 * fewer", "Ottoman: Foul Weather (#31)" — a window's refused plays are every power's, so each names whose it is.
 */
export function refusedPlayText(power: Power, play: { readonly card: CardId; readonly option?: unknown }): Text {
  return msg('text.cards.refusedPlay', '{p}: {play}', '{p}: {play}', { p: powerName(power), play: playText(play) });
}
