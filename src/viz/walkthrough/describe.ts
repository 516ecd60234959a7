// Labels for what the page shows besides the engine's own words: an answer that was not one of the listed options
// (a partial interception, an answer the engine applied itself). A refused answer and a refused candidate of a
// decision nobody was asked (ruling R9) are shown with the engine's own label. Names come from src/text/names.ts, so
// an inline map's names are the scenario's own.
import type { Decision } from '../../schema/decision.ts';
import type { EngineEvent } from '../../schema/events.ts';
import { POWER_NAMES, type Power } from '../../schema/power.ts';
import { cardTitle, isCardId } from '../../data/cards.ts';
import { intoSpace, leaderName, outOfSpace, spaceName, unitsText } from '../../text/names.ts';
import type { Text } from '../../index.ts';
import type { World } from '../../rules/world.ts';

type Names = Pick<World, 'board' | 'leaders'>;

function power(p: string): Text {
  return Object.hasOwn(POWER_NAMES, p) ? POWER_NAMES[p as Power] : { en: p, ru: p };
}

function t(en: string, ru: string): Text {
  return { en, ru };
}

interface UnitFields {
  readonly regulars?: number | undefined;
  readonly mercenaries?: number | undefined;
  readonly cavalry?: number | undefined;
  readonly leaders?: readonly string[] | undefined;
}

function units(w: Names, u: UnitFields): Text {
  return unitsText(w, {
    regulars: u.regulars ?? 0,
    mercenaries: u.mercenaries ?? 0,
    cavalry: u.cavalry ?? 0,
    leaders: [...(u.leaders ?? [])],
  });
}

/** An event as a sentence in both languages. */
export function describeEvent(w: Names, e: EngineEvent): Text {
  switch (e.type) {
    case 'move.declare': {
      const u = units(w, e);
      return t(
        `Move ${u.en} from ${spaceName(w, e.from).en} to ${spaceName(w, e.to).en}`,
        `Движение ${outOfSpace(w, e.from).ru} ${intoSpace(w, e.to).ru}: ${u.ru}`,
      );
    }
    case 'intercept.declare': {
      const p = power(e.power),
        u = units(w, e);
      return t(
        `${p.en}: intercept from ${spaceName(w, e.from).en} with ${u.en}`,
        `${p.ru}: перехват ${outOfSpace(w, e.from).ru} (${u.ru})`,
      );
    }
    case 'intercept.decline': {
      const p = power(e.power);
      return t(`${p.en}: no (more) interception attempts`, `${p.ru}: без (новых) попыток перехвата`);
    }
    case 'avoid.declare': {
      const p = power(e.power),
        u = units(w, e);
      return t(
        `${p.en}: avoid battle into ${spaceName(w, e.to).en} with ${u.en}`,
        `${p.ru}: уклонение от сражения ${intoSpace(w, e.to).ru} (${u.ru})`,
      );
    }
    case 'avoid.decline': {
      const p = power(e.power);
      return t(`${p.en}: stay and face the enemy`, `${p.ru}: остаться и принять бой`);
    }
    case 'withdraw.declare': {
      const p = power(e.power);
      return t(`${p.en}: withdraw into the fortifications`, `${p.ru}: отход в укрепления`);
    }
    case 'withdraw.decline': {
      const p = power(e.power);
      return t(`${p.en}: stay outside the fortifications`, `${p.ru}: остаться вне укреплений`);
    }
    case 'move.continue':
      return t(`Move on to ${spaceName(w, e.to).en}`, `Двигаться дальше ${intoSpace(w, e.to).ru}`);
    case 'move.stop':
      return t(
        'Stop: retreat to the space the formation came from',
        'Остановиться: отступить туда, откуда пришло соединение',
      );
    case 'casualties.assign': {
      const p = power(e.power),
        u = units(w, e);
      const keep = e.keep
        ? t(
            `, keeping one ${e.keep === 'regulars' ? 'regular' : e.keep === 'mercenaries' ? 'mercenary' : 'cavalry'}`,
            `, сохраняя одну часть (${e.keep === 'regulars' ? 'регулярную' : e.keep === 'mercenaries' ? 'наёмника' : 'кавалерию'})`,
          )
        : t('', '');
      const odd = e.oddHits?.length
        ? t(
            `; odd hits to ${e.oddHits.map((x) => power(x).en).join(', ')}`,
            `; лишние попадания — ${e.oddHits.map((x) => power(x).ru).join(', ')}`,
          )
        : t('', '');
      return t(`${p.en} loses ${u.en}${keep.en}${odd.en}`, `${p.ru}: потери — ${u.ru}${keep.ru}${odd.ru}`);
    }
    case 'retreat.declare': {
      const p = power(e.power);
      const inside = e.inside ? units(w, e.inside) : undefined;
      const where = e.to
        ? t(`retreat to ${spaceName(w, e.to).en}`, `отступление ${intoSpace(w, e.to).ru}`)
        : t('no retreat space', 'отступать некуда');
      const ins = inside ? t(`; inside the fortifications: ${inside.en}`, `; в укрепления: ${inside.ru}`) : t('', '');
      return t(`${p.en}: ${where.en}${ins.en}`, `${p.ru}: ${where.ru}${ins.ru}`);
    }
    case 'dice.rolled':
      return e.values
        ? t(`Dice: ${e.values.join(' ')}`, `Кубики: ${e.values.join(' ')}`)
        : t('Dice rolled by the seeded generator', 'Кубики брошены генератором с зерном');
    case 'card.play': {
      const p = power(e.power);
      const c = isCardId(e.card) ? cardTitle(e.card) : t(e.card, `«${e.card}»`);
      const on = e.leader ? t(` on ${leaderName(w, e.leader).en}`, `: ${leaderName(w, e.leader).ru}`) : t('', '');
      return t(`${p.en} plays ${c.en}${on.en}`, `${p.ru}: карта ${c.ru}${on.ru}`);
    }
    case 'card.pass': {
      const p = power(e.power);
      return t(`${p.en} plays no (more) cards`, `${p.ru}: (больше) без карт`);
    }
    case 'card.place': {
      const p = power(e.power);
      const where = e.placements.map((x) => ({ n: x.mercenaries, s: spaceName(w, x.space) }));
      return t(
        `${p.en} places the new mercenaries: ${where.map((x) => `${x.n} in ${x.s.en}`).join(', ')}`,
        `${p.ru}: новые наёмники — ${where.map((x) => `${x.n}: ${x.s.ru}`).join(', ')}`,
      );
    }
    case 'relief.declare': {
      const p = power(e.power),
        u = units(w, e);
      const none = (e.regulars ?? 0) + (e.mercenaries ?? 0) + (e.cavalry ?? 0) + (e.leaders?.length ?? 0) === 0;
      return none
        ? t(`${p.en}: everyone inside stays inside`, `${p.ru}: все остаются в укреплениях`)
        : t(`${p.en}: ${u.en} come out to join the relief force`, `${p.ru}: на вылазку выходят ${u.ru}`);
    }
  }
}

/** The fields of an event that matter for comparing it with an option: no zero counts, leaders sorted. */
function canonical(e: unknown): string {
  return JSON.stringify(e, (_k, v: unknown) => {
    if (v === 0 || v === undefined || (Array.isArray(v) && v.length === 0)) return undefined;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return [...(v as string[])].sort();
    if (v && typeof v === 'object' && !Array.isArray(v))
      return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)));
    return v;
  });
}

/** The engine's own label when the answer was one of the listed options, else a description. */
export function answerLabel(w: Names, e: EngineEvent, before: Pick<Decision, 'options'> | null): Text {
  const key = canonical(e);
  const option = before?.options.find((o) => canonical(o.event) === key);
  return option ? option.label : describeEvent(w, e);
}
