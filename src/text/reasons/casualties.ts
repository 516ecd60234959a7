// 14 step 9 Casualties (rulings R5, R7, R16): why an answer naming a group's losses is refused.
import type * as rules from '../../rules/casualties.ts';
import { count, NOUNS, says } from '../grammar.ts';
import { enLandUnits, powerGen, powerName, ruAgree, ruLandUnits, unitTypeCount, unitTypeOne } from '../names.ts';
import { text } from '../text.ts';
import { byPowerReason } from './by-power.ts';
import type { RenderersOf } from './types.ts';

export const CASUALTY_REASONS: RenderersOf<typeof rules> = {
  isCasualtySplitByPower: byPowerReason,
  areLossesPresent: (_w, { power, type, present, named }) => {
    const p = powerName(power),
      has = unitTypeCount(type, present);
    return text(
      `${p.en} has only ${has.en} in the battle, not ${named}.`,
      `У ${powerGen(power).ru} в сражении только ${has.ru}, а не ${named}.`,
    );
  },
  placesOddHits: (_w, f) => {
    const d = powerName(f.decider);
    if (f.kind === 'notTheirs')
      return text(
        `Only ${d.en} places hits left over from the even split, and only when there are some.`,
        `Лишние попадания, оставшиеся после равного деления, ${ruAgree(f.decider, 'распределяют', 'распределяет')} ` +
          `только ${d.ru}, и только если такие попадания есть.`,
      );
    const groups = f.groups.join(', '),
      quoted = f.groups.map((g) => `"${g}"`).join(', ');
    const left = count(f.oddHits, NOUNS.oddHit).ru;
    return text(
      `${says(count(f.oddHits, NOUNS.hit), 'is|are', '').en} left over after the even split: name that many different groups in oddHits (${groups}).`,
      `После равного деления осталось ${left}: укажите в oddHits столько же разных групп (${quoted}).`,
    );
  },
  isLossTotalRight: (_w, { power, required: n, named }) => {
    const p = powerName(power);
    return text(
      `${p.en} must lose exactly ${enLandUnits(n)}: one per hit scored against its side (${named} given).`,
      `${p.ru} ${ruAgree(power, 'должны', 'должна', 'должно')} потерять ровно ${ruLandUnits(n, 'acc')}: ` +
        `по одной за каждое попадание противника по ${ruAgree(power, 'их', 'её', 'его')} стороне (указано ${named}).`,
    );
  },
  keepsOnlyWhenWipedOut: (_w, { kind }) =>
    kind === 'nameIt'
      ? text(
          'Both sides are wiped out and this side rolled more dice (or defends on equal dice): ' +
            'name in keep the type of the one eliminated unit it keeps.',
          'Обе стороны уничтожены, и у этой стороны было больше кубиков (или она обороняется при равенстве): ' +
            'укажите в keep тип части, которую она сохраняет.',
        )
      : text(
          'A side keeps a unit only when both sides are wiped out and it rolled more dice (the defender on ' +
            'equal dice).',
          'Сторона сохраняет одну часть, только если уничтожены обе стороны и у неё было больше кубиков ' +
            '(при равенстве — если она обороняется).',
        ),
  isKeptUnitLost: (_w, { power, type }) => {
    const p = powerName(power),
      t = unitTypeOne(type);
    return text(
      `${p.en} loses no ${t.en} here, so it cannot keep one (keepPower).`,
      `${p.ru} не ${ruAgree(power, 'теряют', 'теряет')} здесь ни одной такой части (${t.ru}), поэтому не ` +
        'может её сохранить (keepPower).',
    );
  },
};
