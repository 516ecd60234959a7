// Names of spaces, leaders and powers as the reasons and the narrative print them.
import namesRu from '../data/names-ru.json' with { type: 'json' };
import type { World } from './world.ts';
import type { Text } from './text.ts';
import type { Units } from '../schema/units.ts';
import { POWER_NAMES, type Power } from '../schema/power.ts';

const RU_SPACES: Readonly<Record<string, string>> = namesRu.spaces;
const RU_LEADERS: Readonly<Record<string, string>> = namesRu.leaders;

export function spaceName(world: Pick<World, 'board'>, id: string): Text {
  const en = world.board.spaces.get(id)?.name ?? id;
  return { en, ru: (world.board.id === 'his' ? RU_SPACES[id] : undefined) ?? en };
}

export function leaderName(world: Pick<World, 'leaders'>, id: string): Text {
  const en = world.leaders.get(id)?.name ?? id;
  return { en, ru: RU_LEADERS[id] ?? en };
}

type SpaceCase = 'gen' | 'acc' | 'prep';
type LeaderCase = 'gen' | 'acc' | 'ins';
const RU_SPACE_CASES: Readonly<Record<string, Partial<Record<SpaceCase, string>>>> = namesRu.spaceCases;
const RU_LEADER_CASES: Readonly<Record<string, Partial<Record<LeaderCase, string>>>> = namesRu.leaderCases;

// A case form of the bundled board's names; the nominative (spaceName / leaderName) when the form is missing or
// the board is an inline map, whose names are the scenario's own.
function spaceCase(world: Pick<World, 'board'>, id: string, c: SpaceCase): Text {
  const nom = spaceName(world, id);
  const form = world.board.id === 'his' ? RU_SPACE_CASES[id]?.[c] : undefined;
  return { en: nom.en, ru: form ?? nom.ru };
}

function leaderCase(world: Pick<World, 'board' | 'leaders'>, id: string, c: LeaderCase): Text {
  const nom = leaderName(world, id);
  const form = world.board.id === 'his' ? RU_LEADER_CASES[id]?.[c] : undefined;
  return { en: nom.en, ru: form ?? nom.ru };
}

/** Where: "in Vienna" / «в Вене», «на Мальте» — the prepositional noun only; the sentence gives в or на. */
export function spaceIn(world: Pick<World, 'board'>, id: string): Text {
  return spaceCase(world, id, 'prep');
}

/** From where: "from Pressburg" / «из Пресбурга» — the genitive. */
export function spaceFrom(world: Pick<World, 'board'>, id: string): Text {
  return spaceCase(world, id, 'gen');
}

/** Where to: "into Vienna" / «в Вену» — the accusative. */
export function spaceTo(world: Pick<World, 'board'>, id: string): Text {
  return spaceCase(world, id, 'acc');
}

/** A leader as the object: "intercepts Suleiman" / «перехватывает Сулеймана» — the accusative. */
export function leaderAcc(world: Pick<World, 'board' | 'leaders'>, id: string): Text {
  return leaderCase(world, id, 'acc');
}

/** Of a leader: "Ibrahim Pasha's army" / «армия Ибрагима-паши» — the genitive. */
export function leaderGen(world: Pick<World, 'board' | 'leaders'>, id: string): Text {
  return leaderCase(world, id, 'gen');
}

/** With a leader: "with Charles V" / «с Карлом V» — the instrumental. */
export function leaderWith(world: Pick<World, 'board' | 'leaders'>, id: string): Text {
  return leaderCase(world, id, 'ins');
}

export function powerName(power: Power): Text {
  return POWER_NAMES[power];
}

/** "7 regulars, 1 cavalry, Suleiman, Ibrahim Pasha" / "регулярных: 7, кавалерии: 1, Сулейман, Ибрагим-паша". */
export function unitsText(world: Pick<World, 'leaders'>, u: Partial<Units>): Text {
  const en: string[] = [];
  const ru: string[] = [];
  if (u.regulars) (en.push(`${u.regulars} ${u.regulars === 1 ? 'regular' : 'regulars'}`), ru.push(`регулярных: ${u.regulars}`));
  if (u.mercenaries) (en.push(`${u.mercenaries} ${u.mercenaries === 1 ? 'mercenary' : 'mercenaries'}`), ru.push(`наёмников: ${u.mercenaries}`));
  if (u.cavalry) (en.push(`${u.cavalry} cavalry`), ru.push(`кавалерии: ${u.cavalry}`));
  // The best leader first (5.1: his rating is the one that counts), then by name.
  const leaders = [...(u.leaders ?? [])].sort((a, b) => (world.leaders.get(b)?.battle ?? 0) - (world.leaders.get(a)?.battle ?? 0) || a.localeCompare(b));
  for (const l of leaders) {
    const name = leaderName(world, l);
    en.push(name.en);
    ru.push(name.ru);
  }
  return { en: en.join(', ') || 'nothing', ru: ru.join(', ') || 'ничего' };
}
