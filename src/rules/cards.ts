// The cards of ruling R14 that plug into 13.1–14 (RULES.md §5, rulings R26–R33, R36): who holds what (ruling R33),
// which cards the engine plays, and the restrictions on a play in each window it runs. Each restriction carries its
// card's rule: the decision lists the plays with them, the machine's guard accepts a play with them.
import { CARDS, isCardId, type CardId, type CardWindow } from '../data/cards.ts';
import { MAJOR_POWERS, type MajorPower } from '../schema/power.ts';
import type { MoveLeg } from './leg.ts';
import type { RuleRef } from './registry.ts';
import { leadersIn } from './stacks.ts';
import { checkAll, restrictionsOn, type Refusal, type Verdict } from './verdict.ts';
import type { CardSummary } from '../schema/result.ts';
import type { Position, World } from './world.ts';

/**
 * The cards whose windows and effects the engine runs. A scenario whose hands hold any other card of ruling R14 is
 * refused ("not supported yet"): the card would be offered nowhere, and a hand that cannot be played is no hand.
 */
export const SUPPORTED_CARDS: readonly CardId[] = [
  'foul-weather',
  'gout',
  'landsknechts',
  'swiss-mercenaries',
  'arquebusiers',
  'field-artillery',
  'mercenaries-bribed',
  'surprise-attack',
  'tercios',
  'janissaries',
];

export function isSupportedCard(card: CardId): boolean {
  return SUPPORTED_CARDS.includes(card);
}

/** Ruling R33: the cards `power` holds (none when the scenario lists no hand for it). */
export function handOf(world: World, power: MajorPower): readonly CardId[] {
  return world.position.hands?.[power] ?? [];
}

/** The rule of each window (RULES.md §5): where a card of it is played. */
export const WINDOW_RULES = {
  move: '13.1 step 4',
  battle: '14 step 1',
  combat: '14 step 4',
  rolls: '14 step 7',
} as const satisfies Record<CardWindow, string>;

/** The cards of a window that `power` holds, in the order of its hand. */
export function heldFor(world: World, power: MajorPower, window: CardWindow): CardId[] {
  return handOf(world, power).filter((c) => CARDS[c].window === window);
}

/** Whether any power holds a card of the window (none does in a scenario without hands: nothing is asked, R9). */
export function anyHolds(world: World, window: CardWindow): boolean {
  return MAJOR_POWERS.some((p) => heldFor(world, p, window).length > 0);
}

/** A play at 13.1 step 4 (ruling R26): who plays which card against the announced move, and Gout's leader. */
export interface MoveCardArgs {
  readonly power: MajorPower;
  readonly card: string;
  readonly leg: MoveLeg;
  readonly leader?: string | undefined;
}

const moveCard = restrictionsOn<MoveCardArgs>();
/** What every play names: who plays which card (any window). */
export interface CardArgs {
  readonly power: MajorPower;
  readonly card: string;
}
const anyCard = restrictionsOn<CardArgs>();

export const isCardOfProcedures = anyCard({
  name: 'isCardOfProcedures',
  rule: 'R14',
  ruling: 'R14',
  statements: [],
  holds: (_w, a) => isCardId(a.card) && isSupportedCard(a.card),
  facts: (_w, a) => ({ card: a.card, known: isCardId(a.card) }),
});

export const isCardInHand = anyCard({
  name: 'isCardInHand',
  rule: 'R33',
  ruling: 'R33',
  statements: [],
  holds: (w, a) => isCardId(a.card) && handOf(w, a.power).includes(a.card),
  facts: (_w, a) => ({ power: a.power, card: a.card }),
});

export const isCardOfMoveWindow = moveCard({
  name: 'isCardOfMoveWindow',
  rule: '13.1 step 4',
  statements: ['MOV-26'],
  holds: (_w, a) => isCardId(a.card) && CARDS[a.card].window === 'move',
  facts: (_w, a) => ({ card: a.card, window: isCardId(a.card) ? WINDOW_RULES[CARDS[a.card].window] : '' }),
});

export const isOtherThanMovingPower = moveCard({
  name: 'isOtherThanMovingPower',
  rule: '13.1 step 4',
  ruling: 'R26',
  statements: ['MOV-26'],
  holds: (_w, a) => a.power !== a.leg.power,
  facts: (_w, a) => ({ power: a.power, card: a.card }),
});

export const hasArmyLeaderInFormation = moveCard({
  name: 'hasArmyLeaderInFormation',
  rule: '13.1 step 4',
  ruling: 'R26',
  statements: [],
  holds: (_w, a) => a.card !== 'gout' || leadersIn(a.leg.formation).length > 0,
  facts: (_w, a) => ({ card: a.card, from: a.leg.from }),
});

export const isGoutLeaderInFormation = moveCard({
  name: 'isGoutLeaderInFormation',
  rule: '13.1 step 4',
  ruling: 'R26',
  statements: [],
  holds: (_w, a) =>
    a.card !== 'gout'
      ? a.leader === undefined
      : a.leader !== undefined && leadersIn(a.leg.formation).includes(a.leader),
  facts: (_w, a) => ({ card: a.card, leader: a.leader ?? '', named: a.leader !== undefined, from: a.leg.from }),
});

/** What a power may hold and still not play at 13.1 step 4: the card itself (its holder, the formation). */
export const MOVE_CARD_HOLDER = [isOtherThanMovingPower, hasArmyLeaderInFormation] as const;

/** A play at 13.1 step 4, from the most basic restriction to the most specific. */
export const MOVE_CARD_RESTRICTIONS = [
  isCardOfProcedures,
  isCardOfMoveWindow,
  isCardInHand,
  ...MOVE_CARD_HOLDER,
  isGoutLeaderInFormation,
] as const;

/**
 * Ruling R26: the marks of the rest of the impulse. Foul Weather: no formation of the active power moves on from a
 * fortified space (13.4 option 1). Gout: its leader may not move, intercept or avoid battle.
 */
export function hasFoulWeather(world: World): boolean {
  return world.position.impulse.foulWeather === true;
}

export function goutyLeaders(world: World): readonly string[] {
  return world.position.impulse.gout ?? [];
}

/** The leaders of `leaders` that Gout struck this impulse (ruling R26). */
export function goutyAmong(world: World, leaders: readonly string[]): string[] {
  const gout = goutyLeaders(world);
  return gout.length === 0 ? [] : leaders.filter((l) => gout.includes(l));
}

/**
 * Ruling R26: no leader Gout struck this impulse is among the pieces named — one restriction, by name, in movement,
 * interception and avoid battle, each with its own rule.
 */
export function noLeaderStruckByGout<A extends { readonly request: { readonly leaders: readonly string[] } }>(
  rule: RuleRef,
  action: 'move' | 'intercept' | 'avoid',
) {
  return restrictionsOn<A>()({
    name: 'isNoLeaderStruckByGout',
    rule,
    ruling: 'R26',
    statements: [],
    holds: (world, { request }) => goutyAmong(world, request.leaders).length === 0,
    facts: (world, { request }) => ({ leaders: goutyAmong(world, request.leaders), action }),
  });
}

/** Stacks with the leaders Gout struck left out (what a formation may take along: ruling R26). */
export function withoutGoutyLeaders<S extends { readonly leaders: readonly string[] }>(
  world: World,
  stacks: readonly S[],
): S[] {
  if (goutyLeaders(world).length === 0) return [...stacks];
  return stacks.map((s) => ({ ...s, leaders: s.leaders.filter((l) => !goutyLeaders(world).includes(l)) }));
}

/** The ruling that says what each card does. */
export const CARD_RULINGS = {
  'foul-weather': 'R26',
  gout: 'R26',
  landsknechts: 'R32',
  'swiss-mercenaries': 'R32',
  arquebusiers: 'R27',
  'field-artillery': 'R27',
  'mercenaries-bribed': 'R29',
  'surprise-attack': 'R28',
  tercios: 'R30',
  janissaries: 'R31',
} as const satisfies Record<CardId, string>;

/**
 * Ruling R27: a card played leaves its holder's hand (the result lists what is left); a home card (6.1, ruling R31)
 * is also listed as used this turn, so that the next position says it may not be played again before the next turn.
 */
export function playCard(position: Position, power: MajorPower, card: CardId): Position {
  const hand = position.hands?.[power] ?? [];
  const played = { ...position, hands: { ...position.hands, [power]: hand.filter((c) => c !== card) } };
  if (CARDS[card].type !== 'home') return played;
  const used = position.homeCardsUsed?.[power] ?? [];
  return { ...played, homeCardsUsed: { ...position.homeCardsUsed, [power]: [...used, card] } };
}

/** A card played, as the summary lists it. */
export function cardSummary(power: MajorPower, card: CardId, extra: Partial<CardSummary> = {}): CardSummary {
  return {
    power,
    card,
    number: CARDS[card].number,
    window: WINDOW_RULES[CARDS[card].window],
    ruling: CARD_RULINGS[card],
    ...extra,
  };
}

export const RESTRICTIONS = MOVE_CARD_RESTRICTIONS;

export function checkMoveCard(world: World, args: MoveCardArgs): Verdict {
  return checkAll(MOVE_CARD_RESTRICTIONS, world, args);
}

/** Whether the card `power` holds may be played against the move, whatever the choices inside the play. */
export function heldCardVerdict(world: World, power: MajorPower, card: CardId, leg: MoveLeg): Verdict {
  return checkAll(MOVE_CARD_HOLDER, world, { power, card, leg });
}

/** A play of the window as an event names it, listed or refused. */
export interface MoveCardPlay {
  readonly power: MajorPower;
  readonly card: CardId;
  readonly leader?: string;
}

/**
 * The plays `power` has at 13.1 step 4 with the cards it holds: every legal play (Gout once per leader of the
 * formation, the player's choice), and every held card it may not play with the refusal.
 */
export function moveCardPlays(
  world: World,
  power: MajorPower,
  leg: MoveLeg,
): { plays: MoveCardPlay[]; refused: { card: CardId; refusal: Refusal }[] } {
  const plays: MoveCardPlay[] = [];
  const refused: { card: CardId; refusal: Refusal }[] = [];
  for (const card of heldFor(world, power, 'move')) {
    const v = heldCardVerdict(world, power, card, leg);
    if (!v.ok) refused.push({ card, refusal: v });
    else if (card === 'gout') for (const leader of leadersIn(leg.formation)) plays.push({ power, card, leader });
    else plays.push({ power, card });
  }
  return { plays, refused };
}

/** The state of the window at 13.1 step 4: the powers that passed, in the order they were asked. */
export interface MoveWindowState {
  readonly leg: MoveLeg;
  readonly passed: readonly MajorPower[];
}

/** Ruling R26: the next power, in impulse order, other than the mover, not yet asked, that has a play. */
export function nextResponder(world: World, s: MoveWindowState): MajorPower | undefined {
  return MAJOR_POWERS.find(
    (p) => p !== s.leg.power && !s.passed.includes(p) && moveCardPlays(world, p, s.leg).plays.length > 0,
  );
}
