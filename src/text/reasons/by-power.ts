// Ruling R16: why a per-power split (byPower) is refused, for every kind of answer that may carry one.
import type { ByPowerFacts } from '../../rules/by-power.ts';
import { powerGen, powerName, powers, ruAgree, unitTypeCount } from '../names.ts';
import { text, type Text } from '../text.ts';
import type { NameSource } from './types.ts';

export function byPowerReason(_w: NameSource, f: ByPowerFacts): Text {
  if (f.kind === 'strangers') {
    const o = powers(f.others),
      p = powerName(f.power);
    return text(
      `byPower names ${o.en}, not part of ${p.en}'s group (the major power and its active minor allies).`,
      `В byPower ${ruAgree(o, 'указаны', 'указана', 'указано', 'указан')} ${o.ru} — не из группы ${powerGen(f.power).ru} ` +
        '(великая держава и её активные второстепенные союзники).',
    );
  }
  const named = unitTypeCount(f.type, f.named),
    split = unitTypeCount(f.type, f.split);
  return text(
    `The per-power counts (byPower) add up to ${split.en}, but the answer names ${named.en}.`,
    `Разбивка по державам (byPower) даёт в сумме ${split.ru}, а в ответе указано ${named.ru}.`,
  );
}
