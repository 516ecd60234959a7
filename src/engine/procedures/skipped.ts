// The words of a decision nobody was asked (ruling R9): each refused candidate labelled as the decision's own
// `blocked` would label that answer — by the power whose answer it is, so that a label read alone says who and what.
// The summary keeps the candidates without words (src/rules/skipped.ts); the trace words them here.
import { isCardId } from '../../data/cards.ts';
import type { World } from '../../rules/world.ts';
import { POWERS, type Power } from '../../schema/power.ts';
import type { SkippedDecision } from '../../schema/result.ts';
import { refusedPlayText } from '../../text/cards.ts';
import { powerName, spaceName } from '../../text/names.ts';
import { type Text, msg } from '../../text/text.ts';
import { avoidIntoText, avoidOutOfText } from './avoid-battle.ts';
import { tryFrom } from './interception.ts';
import { heldInsideText } from './relief.ts';
import { retreatOutOfText, retreatToText } from './retreat.ts';
import { withdrawText } from './withdrawal.ts';

/** A refused candidate of a skipped decision (only the part that differs; {} for the whole decision), as words. */
export function skippedLabel(
  world: World,
  d: Pick<SkippedDecision, 'kind' | 'power' | 'space'>,
  option: Readonly<Record<string, string>>,
): Text {
  const { to, from, card, power: whose } = option;
  switch (d.kind) {
    case 'intercept':
      return tryFrom(world, d.power, from ?? d.space);
    case 'avoid':
      return to ? avoidIntoText(world, d.power, to) : avoidOutOfText(world, d.power, d.space);
    case 'withdraw':
      return withdrawText(world, d.power, d.space);
    case 'retreat':
      return to ? retreatToText(world, d.power, to) : retreatOutOfText(world, d.power, d.space);
    case 'relief':
      return heldInsideText(
        world,
        d.space,
        (POWERS as readonly string[]).includes(whose ?? '') ? (whose as Power) : d.power,
      );
    case 'card':
      return card && isCardId(card)
        ? refusedPlayText(d.power, { card, option: option['option'] })
        : msg('procedure.skipped.card', '{p}: a card in {s}', '{p}: карта ({s})', {
            p: powerName(d.power),
            s: spaceName(world, d.space),
          });
  }
}
