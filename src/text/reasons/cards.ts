// The cards of 13.1–14 (RULES.md §5, rulings R14, R26, R33): why a card may not be played now.
import { cardTitle, isCardId } from '../../data/cards.ts';
import type * as rules from '../../rules/cards.ts';
import { capitalize, leaderName, outOfSpace, powerGen, powerName, spaceName, unitsText, ruFormOf } from '../names.ts';
import { ruleText } from '../rules.ts';
import { type Text, msg } from '../text.ts';
import type { NameSource, RenderersOf } from './types.ts';

/** A card as a reason names it: its title and number, or the id given when it is no card of these procedures. */
function cardText(id: string): Text {
  return isCardId(id) ? cardTitle(id) : msg('reason.cards.cardText', "''{id}''", '«{id}»', { id });
}

export const CARD_REASONS: RenderersOf<typeof rules> = {
  isCardOfProcedures: (_world, { card, known }) => {
    const c = cardText(card);
    return known
      ? msg(
          'reason.cards.isCardOfProcedures',
          '{c} is not supported yet (ruling R14): the engine does not play it in this release.',
          'Карта {c} пока не поддерживается (постановление R14): в этой версии движок её не разыгрывает.',
          { c },
        )
      : msg(
          'reason.cards.isCardOfProcedures.2',
          '{c} is not a card of these procedures: ruling R14 leaves every other card out.',
          '{c} — не карта этих процедур: постановление R14 оставляет все прочие карты за их рамками.',
          { c },
        );
  },
  isCardInHand: (_world, { power, card }) => {
    const p = powerName(power),
      c = cardText(card);
    return msg(
      'reason.cards.isCardInHand',
      "{p} does not hold {c} (ruling R33: only a card in the scenario's hand may be played).",
      'У {powerGen} нет карты {c} (постановление R33: сыграть можно только карту из руки).',
      { p, c, powerGen: powerGen(power) },
    );
  },
  isCardOfMoveWindow: (_world, { card, window }) => {
    const c = cardText(card);
    const w = window ? { en: ruleText(window, 'en'), ru: ruleText(window, 'ru') } : undefined;
    return msg(
      'reason.cards.isCardOfMoveWindow',
      '{c} is not played after the CP of a move are spent (13.1 step 4){w2, select, true {: its moment is {w}} other {}}.',
      'Карта {c} не разыгрывается после оплаты движения (13.1, шаг 4){w2, select, true {: её момент — {w}} other {}}.',
      { c, w, w2: w ? 'true' : 'false' },
    );
  },
  isOtherThanMovingPower: (_world, { power, card }) => {
    const p = powerName(power),
      c = cardText(card);
    return msg(
      'reason.cards.isOtherThanMovingPower',
      '{p} is the power moving: {c} is played by another power against its move (13.1 step 4, ruling R26).',
      '{p} {powerForm, select, pl {совершают} other {совершает}} движение сами: карту {c} разыгрывает другая держава против чужого движения (13.1, шаг 4; постановление R26).',
      { p, c, powerForm: ruFormOf(power) },
    );
  },
  hasArmyLeaderInFormation: (world, { card, from }) => {
    const c = cardText(card);
    return msg(
      'reason.cards.hasArmyLeaderInFormation',
      '{c} needs an army leader in the moving formation, and the formation from {spaceName} has none (ruling R26).',
      'Для карты {c} в движущемся соединении нужен командующий, а в соединении {outOfSpace} его нет (постановление R26).',
      { c, spaceName: spaceName(world, from), outOfSpace: outOfSpace(world, from) },
    );
  },
  isGoutLeaderInFormation: (world, { card, leader, named, from }) => {
    const c = cardText(card);
    if (card !== 'gout')
      return msg(
        'reason.cards.isGoutLeaderInFormation',
        '{c} names no leader: only Gout (#32) is played on an army leader (ruling R26).',
        'Для карты {c} командующий не указывается: на командующего разыгрывается только «Подагра» (№32) (постановление R26).',
        { c },
      );
    if (!named)
      return msg(
        'reason.cards.isGoutLeaderInFormation.2',
        'Gout (#32) names the army leader of the moving formation it strikes (ruling R26: the player of the card chooses).',
        'Для карты «Подагра» (№32) нужно указать командующего движущегося соединения (постановление R26: выбирает разыгрывающий карту).',
      );
    const l = leaderName(world, leader);
    return msg(
      'reason.cards.isGoutLeaderInFormation.3',
      '{l} is not in the formation moving from {spaceName}: Gout (#32) strikes one of its army leaders (ruling R26).',
      '{l} не входит в соединение, движущееся {outOfSpace}: «Подагра» (№32) поражает одного из его командующих (постановление R26).',
      { l, spaceName: spaceName(world, from), outOfSpace: outOfSpace(world, from) },
    );
  },
};

const GOUT_ACTIONS = {
  move: { en: 'move', ru: 'двигаться' },
  intercept: { en: 'intercept', ru: 'перехватывать' },
  avoid: { en: 'avoid battle', ru: 'уклоняться от сражения' },
} as const;

/**
 * Ruling R26: the leaders Gout (#32) struck this impulse may not move, intercept or avoid battle — the one renderer
 * of the restriction in movement, interception and avoid battle.
 */
export function goutReason(
  world: NameSource,
  { leaders, action }: { readonly leaders: readonly string[]; readonly action: string },
): Text {
  const names = unitsText(world, { leaders: [...leaders] });
  const a = GOUT_ACTIONS[action as keyof typeof GOUT_ACTIONS] ?? GOUT_ACTIONS.move;
  const one = leaders.length === 1;
  return msg(
    'reason.cards.goutReason',
    '{names} {one, select, true {was} other {were}} struck by Gout (#32) this impulse and may not {a} (ruling R26).',
    '{capitalize}: после карты «Подагра» (№32) в этот импульс {one, select, true {не может} other {не могут}} {a} (постановление R26).',
    { names, one: one ? 'true' : 'false', a, capitalize: capitalize(names.ru) },
  );
}
