// 21.6 Schmalkaldic League, ruling R34: why a move, an interception, an avoid battle or a retreat is refused before
// the League has formed — the Protestant's units do not move, and other powers' units stay out of the electorates.
// The restrictions live in the rules module of each procedure; their renderers share these words.
import type { Power } from '../../schema/power.ts';
import { intoSpace, powerGen, powerName, spaceName, powerAdjective } from '../names.ts';
import { type Text, msg } from '../text.ts';
import type { NameSource } from './types.ts';

/** What the refused pieces were to do, in both languages (the infinitive after "may not" / «не могут»). */
export type LeagueAction = 'move' | 'intercept' | 'avoid' | 'retreat';

const DOING: Readonly<Record<LeagueAction, Text>> = {
  move: msg('reason.league.move', 'move', 'двигаться'),
  intercept: msg('reason.league.intercept', 'intercept', 'перехватывать'),
  avoid: msg('reason.league.avoid', 'avoid battle', 'уклоняться от сражения'),
  retreat: msg('reason.league.retreat', 'retreat', 'отступать'),
};

const INTO: Readonly<Record<LeagueAction, Text>> = {
  move: msg('reason.league.move.2', 'move into', 'входить'),
  intercept: msg('reason.league.intercept.2', 'intercept into', 'входить перехватом'),
  avoid: msg('reason.league.avoid.2', 'avoid battle into', 'уклоняться от сражения'),
  retreat: msg('reason.league.retreat.2', 'retreat into', 'отступать'),
};

/** 21.6: the Protestant's units do not move before the League (a move, an interception, an avoid battle). */
export function heldBeforeLeagueReason(power: Power, action: LeagueAction): Text {
  const p = powerAdjective(power),
    d = DOING[action];
  return msg(
    'reason.league.heldBeforeLeagueReason',
    'The Schmalkaldic League has not formed: until it does, {p} units may not {d}.',
    'Шмалькальденская лига ещё не создана: до её создания части {powerGen} не могут {d}.',
    { p, d, powerGen: powerGen(power) },
  );
}

/** 21.6: before the League no unit of another power than the Protestant goes into an electorate. */
export function electorateClosedReason(world: NameSource, power: Power, to: string, action: LeagueAction): Text {
  const t = spaceName(world, to),
    p = powerAdjective(power),
    i = INTO[action];
  return msg(
    'reason.league.electorateClosedReason',
    '{t} is an electorate: until the Schmalkaldic League has formed, {p} units may not {i} it — only the Protestant may.',
    '{t} — курфюршество: пока Шмалькальденская лига не создана, части {powerGen} не могут {i} {intoSpace} — это могут только {powerName}.',
    {
      t,
      p,
      i,
      powerGen: powerGen(power),
      intoSpace: intoSpace(world, to),
      powerName: powerName('protestant'),
    },
  );
}
