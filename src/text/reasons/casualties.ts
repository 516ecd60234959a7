// 14 step 9 Casualties (rulings R5, R7, R16): why an answer naming a group's losses is refused.
import type * as rules from '../../rules/casualties.ts';
import { count, NOUNS, says } from '../grammar.ts';
import { enLandUnits, powerGen, powerName, ruLandUnits, unitTypeCount, unitTypeOne, ruFormOf } from '../names.ts';
import { msg } from '../text.ts';
import { byPowerReason } from './by-power.ts';
import type { RenderersOf } from './types.ts';

export const CASUALTY_REASONS: RenderersOf<typeof rules> = {
  isCasualtySplitByPower: byPowerReason,
  areLossesPresent: (_w, { power, type, present, named }) => {
    const p = powerName(power),
      has = unitTypeCount(type, present);
    return msg(
      'reason.casualties.areLossesPresent',
      '{p} has only {has} in the battle, not {named}.',
      'У {powerGen} в сражении только {has}, а не {named}.',
      { p, has, named, powerGen: powerGen(power) },
    );
  },
  placesOddHits: (_w, f) => {
    const d = powerName(f.decider);
    if (f.kind === 'notTheirs')
      return msg(
        'reason.casualties.placesOddHits',
        'Only {d} places hits left over from the even split, and only when there are some.',
        'Лишние попадания, оставшиеся после равного деления, {deciderForm, select, pl {распределяют} other {распределяет}} только {d}, и только если такие попадания есть.',
        { d, deciderForm: ruFormOf(f.decider) },
      );
    const groups = f.groups.join(', '),
      quoted = f.groups.map((g) => `"${g}"`).join(', ');
    const left = count(f.oddHits, NOUNS.oddHit).ru;
    return msg(
      'reason.casualties.placesOddHits.2',
      '{says} left over after the even split: name that many different groups in oddHits ({groups}).',
      'После равного деления осталось {left}: укажите в oddHits столько же разных групп ({quoted}).',
      { says: says(count(f.oddHits, NOUNS.hit), 'is|are', ''), groups, left, quoted },
    );
  },
  isLossTotalRight: (_w, { power, required: n, named }) => {
    const p = powerName(power);
    return msg(
      'reason.casualties.isLossTotalRight',
      '{p} must lose exactly {enLandUnits}: one per hit scored against its side ({named} given).',
      '{p} {powerForm, select, pl {должны} n {должно} other {должна}} потерять ровно {ruLandUnits}: по одной за каждое попадание противника по {powerForm, select, pl {их} n {его} other {её}} стороне (указано {named}).',
      { p, enLandUnits: enLandUnits(n), named, powerForm: ruFormOf(power), ruLandUnits: ruLandUnits(n, 'acc') },
    );
  },
  keepsOnlyWhenWipedOut: (_w, { kind }) =>
    kind === 'nameIt'
      ? msg(
          'reason.casualties.keepsOnlyWhenWipedOut',
          'Both sides are wiped out and this side rolled more dice (or defends on equal dice): name in keep the type of the one eliminated unit it keeps.',
          'Обе стороны уничтожены, и у этой стороны было больше кубиков (или она обороняется при равенстве): укажите в keep тип части, которую она сохраняет.',
        )
      : msg(
          'reason.casualties.keepsOnlyWhenWipedOut.2',
          'A side keeps a unit only when both sides are wiped out and it rolled more dice (the defender on equal dice).',
          'Сторона сохраняет одну часть, только если уничтожены обе стороны и у неё было больше кубиков (при равенстве — если она обороняется).',
        ),
  isKeptUnitLost: (_w, { power, type }) => {
    const p = powerName(power),
      t = unitTypeOne(type);
    return msg(
      'reason.casualties.isKeptUnitLost',
      '{p} loses no {t} here, so it cannot keep one (keepPower).',
      '{p} не {powerForm, select, pl {теряют} other {теряет}} здесь ни одной такой части ({t}), поэтому не может её сохранить (keepPower).',
      { p, t, powerForm: ruFormOf(power) },
    );
  },
};
