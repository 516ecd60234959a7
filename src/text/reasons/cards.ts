// The cards of 13.1–14 (RULES.md §5, rulings R14, R26, R33): why a card may not be played now.
import { cardTitle, isCardId } from '../../data/cards.ts';
import type * as rules from '../../rules/cards.ts';
import { capitalize, leaderName, outOfSpace, powerGen, powerName, ruAgree, spaceName, unitsText } from '../names.ts';
import { ruleText } from '../rules.ts';
import { text, type Text } from '../text.ts';
import type { NameSource, RenderersOf } from './types.ts';

/** A card as a reason names it: its title and number, or the id given when it is no card of these procedures. */
function cardText(id: string): Text {
  return isCardId(id) ? cardTitle(id) : text(`'${id}'`, `«${id}»`);
}

export const CARD_REASONS: RenderersOf<typeof rules> = {
  isCardOfProcedures: (_world, { card, known }) => {
    const c = cardText(card);
    return known
      ? text(
          `${c.en} is not supported yet (ruling R14): the engine does not play it in this release.`,
          `Карта ${c.ru} пока не поддерживается (постановление R14): в этой версии движок её не разыгрывает.`,
        )
      : text(
          `${c.en} is not a card of these procedures: ruling R14 leaves every other card out.`,
          `${c.ru} — не карта этих процедур: постановление R14 оставляет все прочие карты за их рамками.`,
        );
  },
  isCardInHand: (_world, { power, card }) => {
    const p = powerName(power),
      c = cardText(card);
    return text(
      `${p.en} does not hold ${c.en} (ruling R33: only a card in the scenario's hand may be played).`,
      `У ${powerGen(power).ru} нет карты ${c.ru} (постановление R33: сыграть можно только карту из руки).`,
    );
  },
  isCardOfMoveWindow: (_world, { card, window }) => {
    const c = cardText(card);
    const w = window ? { en: ruleText(window, 'en'), ru: ruleText(window, 'ru') } : undefined;
    return text(
      `${c.en} is not played after the CP of a move are spent (13.1 step 4)${w ? `: its moment is ${w.en}` : ''}.`,
      `Карта ${c.ru} не разыгрывается после оплаты движения (13.1, шаг 4)${w ? `: её момент — ${w.ru}` : ''}.`,
    );
  },
  isOtherThanMovingPower: (_world, { power, card }) => {
    const p = powerName(power),
      c = cardText(card);
    return text(
      `${p.en} is the power moving: ${c.en} is played by another power against its move (13.1 step 4, ruling R26).`,
      `${p.ru} ${ruAgree(power, 'совершают', 'совершает')} движение сами: карту ${c.ru} разыгрывает другая держава против чужого движения (13.1, шаг 4; постановление R26).`,
    );
  },
  hasArmyLeaderInFormation: (world, { card, from }) => {
    const c = cardText(card);
    return text(
      `${c.en} needs an army leader in the moving formation, and the formation from ${spaceName(world, from).en} has none (ruling R26).`,
      `Для карты ${c.ru} в движущемся соединении нужен командующий, а в соединении ${outOfSpace(world, from).ru} его нет (постановление R26).`,
    );
  },
  isGoutLeaderInFormation: (world, { card, leader, named, from }) => {
    const c = cardText(card);
    if (card !== 'gout')
      return text(
        `${c.en} names no leader: only Gout (#32) is played on an army leader (ruling R26).`,
        `Для карты ${c.ru} командующий не указывается: на командующего разыгрывается только «Подагра» (№32) (постановление R26).`,
      );
    if (!named)
      return text(
        `Gout (#32) names the army leader of the moving formation it strikes (ruling R26: the player of the card chooses).`,
        `Для «Подагры» (№32) нужно указать командующего движущегося соединения (постановление R26: выбирает разыгрывающий карту).`,
      );
    const l = leaderName(world, leader);
    return text(
      `${l.en} is not in the formation moving from ${spaceName(world, from).en}: Gout (#32) strikes one of its army leaders (ruling R26).`,
      `${l.ru} не входит в соединение, движущееся ${outOfSpace(world, from).ru}: «Подагра» (№32) поражает одного из его командующих (постановление R26).`,
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
  return text(
    `${names.en} ${one ? 'was' : 'were'} struck by Gout (#32) this impulse and may not ${a.en} (ruling R26).`,
    `${capitalize(names.ru)}: после «Подагры» (№32) в этот импульс ${one ? 'не может' : 'не могут'} ${a.ru} (постановление R26).`,
  );
}
