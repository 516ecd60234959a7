// 21.6 Schmalkaldic League, ruling R34: why a move, an interception, an avoid battle or a retreat is refused before
// the League has formed — the Protestant's units do not move, and other powers' units stay out of the electorates.
// The restrictions live in the rules module of each procedure; their renderers share these words.
import type { Power } from '../../schema/power.ts';
import { intoSpace, powerGen, powerName, spaceName } from '../names.ts';
import { text, type Text } from '../text.ts';
import type { NameSource } from './types.ts';

/** What the refused pieces were to do, in both languages (the infinitive after "may not" / «не могут»). */
export type LeagueAction = 'move' | 'intercept' | 'avoid' | 'retreat';

const DOING: Readonly<Record<LeagueAction, Text>> = {
  move: text('move', 'двигаться'),
  intercept: text('intercept', 'перехватывать'),
  avoid: text('avoid battle', 'уклоняться от сражения'),
  retreat: text('retreat', 'отступать'),
};

const INTO: Readonly<Record<LeagueAction, Text>> = {
  move: text('move into', 'входить'),
  intercept: text('intercept into', 'входить перехватом'),
  avoid: text('avoid battle into', 'уклоняться от сражения'),
  retreat: text('retreat into', 'отступать'),
};

/** 21.6: the Protestant's units do not move before the League (a move, an interception, an avoid battle). */
export function heldBeforeLeagueReason(power: Power, action: LeagueAction): Text {
  const p = powerName(power),
    d = DOING[action];
  return text(
    `The Schmalkaldic League has not formed: until it does, ${p.en} units may not ${d.en}.`,
    `Шмалькальденская лига ещё не создана: до её создания части ${powerGen(power).ru} не могут ${d.ru}.`,
  );
}

/** 21.6: before the League no unit of another power than the Protestant goes into an electorate. */
export function electorateClosedReason(world: NameSource, power: Power, to: string, action: LeagueAction): Text {
  const t = spaceName(world, to),
    p = powerName(power),
    i = INTO[action];
  return text(
    `${t.en} is an electorate: until the Schmalkaldic League has formed, ${p.en} units may not ${i.en} it — ` +
      'only the Protestant may.',
    `${t.ru} — курфюршество: пока Шмалькальденская лига не создана, части ${powerGen(power).ru} не могут ` +
      `${i.ru} ${intoSpace(world, to).ru} — это могут только ${powerName('protestant').ru}.`,
  );
}
