// Ruling R16: why a per-power split (byPower) is refused, for every kind of answer that may carry one.
import type { ByPowerFacts } from '../../rules/by-power.ts';
import { powerGen, powerName, powers, unitTypeCount, ruFormOf } from '../names.ts';
import { type Text, msg } from '../text.ts';
import type { NameSource } from './types.ts';

export function byPowerReason(_w: NameSource, f: ByPowerFacts): Text {
  if (f.kind === 'strangers') {
    const o = powers(f.others),
      p = powerName(f.power);
    return msg(
      'reason.by-power.byPowerReason',
      "byPower names {o}, not part of {p}'s group (the major power and its active minor allies).",
      'В byPower {oForm, select, pl {указаны} n {указано} m {указан} other {указана}} {o} — не из группы {powerGen} (великая держава и её активные второстепенные союзники).',
      { o, p, oForm: ruFormOf(o), powerGen: powerGen(f.power) },
    );
  }
  const named = unitTypeCount(f.type, f.named),
    split = unitTypeCount(f.type, f.split);
  return msg(
    'reason.by-power.byPowerReason.2',
    'The per-power counts (byPower) add up to {split}, but the answer names {named}.',
    'Разбивка по державам (byPower) даёт в сумме {split}, а в ответе указано {named}.',
    { split, named },
  );
}
