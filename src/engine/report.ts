// Human-readable text of a resolved move: the narrative (headline notes of the trace) and the resulting position
// around the move. Pure: the CLI prints it.
import type { Summary } from '../schema/result.ts';
import { capitalize, powerGen, powerName, spaceName, unitsText } from '../text/names.ts';
import { scenarioTitle } from '../text/scenario.ts';
import type { Lang } from '../text/text.ts';
import type { Position, World } from '../rules/world.ts';
import type { Session } from './session.ts';

const LABELS = {
  en: {
    impulse: 'impulse',
    cp: 'CP',
    result: 'Result',
    left: 'CP left',
    captured: 'captured by',
    lost: 'lost a battle this impulse',
    attempted: 'attempted an interception',
    inside: 'inside',
    besieged: 'under siege by',
    none: 'nothing happened',
  },
  ru: {
    impulse: 'Импульс',
    cp: 'КО',
    result: 'Итог',
    left: 'Осталось КО',
    captured: 'в плену у',
    lost: 'сражение в этот импульс проиграно',
    attempted: 'была попытка перехвата',
    inside: 'в укреплениях',
    besieged: 'осаждают',
    none: 'ничего не произошло',
  },
} as const;

/**
 * Spaces the move touched: where it came from and went, where interceptors, avoiders and retreats came and went, and
 * where a card placed or eliminated mercenaries (ruling R32: anywhere the placing power has land units, or anywhere).
 */
export function touchedSpaces(summary: Summary): string[] {
  const spaces = new Set<string>();
  for (const m of summary.moves) (spaces.add(m.from), spaces.add(m.to));
  for (const i of summary.interceptions) spaces.add(i.from);
  for (const a of summary.avoids) spaces.add(a.to);
  for (const r of summary.retreats) if (r.to) spaces.add(r.to);
  for (const c of summary.cards) for (const p of [...(c.placed ?? []), ...(c.eliminated ?? [])]) spaces.add(p.space);
  return [...spaces].sort();
}

export function describePosition(world: World, position: Position, spaces: readonly string[], lang: Lang): string[] {
  const L = LABELS[lang];
  const lines: string[] = [];
  for (const id of spaces) {
    const here = position.stacks.filter((s) => s.space === id);
    const siege = position.sieges.find((g) => g.space === id);
    const parts = here.map((s) => {
      const marks = [
        s.inside ? L.inside : '',
        s.lostBattle ? L.lost : '',
        s.attemptedInterception ? L.attempted : '',
      ].filter(Boolean);
      // Russian: «Османы — 3 регулярные части»; English: "Ottoman 3 regulars".
      return `${powerName(s.power)[lang]}${lang === 'ru' ? ' —' : ''} ${unitsText(world, s)[lang]}${marks.length ? ` (${marks.join(', ')})` : ''}`;
    });
    if (siege) parts.push(`${L.besieged} ${siege.by.map((p) => powerName(p)[lang]).join(', ')}`);
    lines.push(`  ${spaceName(world, id)[lang]}: ${parts.length ? parts.join('; ') : '—'}`);
  }
  // «в плену у» takes the genitive: «в плену у Османов».
  for (const c of position.captured)
    lines.push(
      `  ${capitalize(unitsText(world, { leaders: [c.leader] })[lang])}: ${L.captured} ${(lang === 'ru' ? powerGen(c.by) : powerName(c.by))[lang]}`,
    );
  lines.push(`  ${L.left}: ${position.impulse.cp}`);
  return lines;
}

export function narrative(session: Session, lang: Lang): string {
  const L = LABELS[lang];
  const sc = session.scenario;
  const lines: string[] = [];
  const title = scenarioTitle(sc.data);
  if (title) lines.push(title[lang], '');
  const imp = sc.data.impulse;
  // Russian: «Импульс Османов, 1 КО.»; English: "Ottoman impulse, 1 CP."
  lines.push(
    lang === 'ru'
      ? `${L.impulse} ${powerGen(imp.power).ru}, ${imp.cp} ${L.cp}.`
      : `${powerName(imp.power)[lang]} ${L.impulse}, ${imp.cp} ${L.cp}.`,
  );
  // Ruling variants (src/schema/rulings.ts): a reader must know when a ruling was read the other way.
  const alternative = Object.entries(sc.data.rulings ?? {})
    .filter(([, r]) => r === 'alternative')
    .map(([id]) => id);
  if (alternative.length > 0)
    lines.push(
      lang === 'ru'
        ? `Альтернативное прочтение постановлений: ${alternative.join(', ')} (docs/engine-choices.md).`
        : `Read with the alternative reading of ${alternative.join(', ')} (docs/engine-choices.md).`,
    );
  const notes = session.trace.filter((t) => t.headline).map((t) => t.note[lang]);
  notes.forEach((n, i) => lines.push(`${String(i + 1).padStart(2)}. ${n}`));
  if (notes.length === 0) lines.push(`  ${L.none}`);
  const result = session.result;
  if (result) {
    lines.push('', `${L.result}:`);
    const spaces = touchedSpaces(result.summary);
    lines.push(
      ...describePosition(
        sc.world,
        session.position,
        spaces.length ? spaces : [...new Set(session.position.stacks.map((s) => s.space))].sort(),
        lang,
      ),
    );
  }
  return lines.join('\n');
}
