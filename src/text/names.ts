// Names of spaces, leaders and powers as the reasons and the narrative print them.
import namesRu from '../data/names-ru.json' with { type: 'json' };
import hisLeaders from '../data/his-leaders.json' with { type: 'json' };
import { own } from '../rules/own.ts';
import type { World } from '../rules/world.ts';
import type { Text } from './text.ts';
import {
  count,
  listOf,
  listText,
  NOUNS,
  ruList,
  ruPluralOf,
  subject,
  type RuCase,
  type RuForm,
  type Subject,
} from './grammar.ts';
import { LAND_UNIT_TYPES, type LandUnitType, type Units } from '../schema/units.ts';
import { POWER_NAMES, type Power } from '../schema/power.ts';

const RU_SPACES: Readonly<Record<string, string>> = namesRu.spaces;
const RU_LEADERS: Readonly<Record<string, string>> = namesRu.leaders;
const HIS_LEADER_NAMES: ReadonlyMap<string, string> = new Map(hisLeaders.armyLeaders.map((l) => [l.id, l.name]));

/**
 * A name as a message: `space.vienna`, `leader.suleiman.acc`, `power.ottoman.gen` (src/text/catalogue.ts lists every
 * one); a name the catalogues cannot hold (an inline map's space, a scenario's own leader) has no id and is handed
 * on as its two strings.
 */
function named(id: string | undefined, en: string, ru: string): Text {
  return id === undefined ? { en, ru } : { en, ru, id, params: {} };
}

/** The message id of a bundled space's name, with a suffix for a case form; none for an inline map's. */
function spaceId(world: Pick<World, 'board'>, id: string, suffix = ''): string | undefined {
  return world.board.id === 'his' && world.board.spaces.has(id) ? `space.${id}${suffix}` : undefined;
}

/** The message id of a bundled leader's name; none for a leader the scenario brings under another name. */
function leaderId(world: Pick<World, 'leaders'>, id: string, suffix = ''): string | undefined {
  const name = world.leaders.get(id)?.name;
  return name !== undefined && HIS_LEADER_NAMES.get(id) === name ? `leader.${id}${suffix}` : undefined;
}

export function spaceName(world: Pick<World, 'board'>, id: string): Text {
  const en = world.board.spaces.get(id)?.name ?? id;
  return named(spaceId(world, id), en, (world.board.id === 'his' ? own(RU_SPACES, id) : undefined) ?? en);
}

export function leaderName(world: Pick<World, 'leaders'>, id: string): Text {
  const en = world.leaders.get(id)?.name ?? id;
  return named(leaderId(world, id), en, own(RU_LEADERS, id) ?? en);
}

type SpaceCase = 'gen' | 'acc' | 'prep';
type LeaderCase = 'gen' | 'acc' | 'ins';
const RU_SPACE_CASES: Readonly<Record<string, Partial<Record<SpaceCase, string>>>> = namesRu.spaceCases;
const RU_LEADER_CASES: Readonly<Record<string, Partial<Record<LeaderCase, string>>>> = namesRu.leaderCases;

// A case form of the bundled board's space names; the nominative (spaceName) when the form is missing or the board
// is an inline map, whose names are the scenario's own.
function spaceCase(world: Pick<World, 'board'>, id: string, c: SpaceCase): Text {
  const nom = spaceName(world, id);
  const form = world.board.id === 'his' ? own(RU_SPACE_CASES, id)?.[c] : undefined;
  return named(spaceId(world, id, `.${c}`), nom.en, form ?? nom.ru);
}

// Leaders are the bundled ones whatever the map, so their case forms apply on any board.
function leaderCase(world: Pick<World, 'leaders'>, id: string, c: LeaderCase): Text {
  const nom = leaderName(world, id);
  return named(leaderId(world, id, `.${c}`), nom.en, own(RU_LEADER_CASES, id)?.[c] ?? nom.ru);
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
export function leaderAcc(world: Pick<World, 'leaders'>, id: string): Text {
  return leaderCase(world, id, 'acc');
}

/** Of a leader: "Ibrahim Pasha's army" / «армия Ибрагима-паши» — the genitive. */
export function leaderGen(world: Pick<World, 'leaders'>, id: string): Text {
  return leaderCase(world, id, 'gen');
}

/** With a leader: "with Charles V" / «с Карлом V» — the instrumental. */
export function leaderWith(world: Pick<World, 'leaders'>, id: string): Text {
  return leaderCase(world, id, 'ins');
}

// Russian prepositions: «на» for the islands (на Мальте, с Мальты), «во» before в/ф and a consonant (во Флоренции).
const RU_ISLANDS: ReadonlySet<string> = new Set(['malta', 'rhodes', 'corfu']);

function onIsland(world: Pick<World, 'board'>, id: string): boolean {
  return world.board.id === 'his' && RU_ISLANDS.has(id);
}

function ruIn(word: string): string {
  return /^[вфВФ][^аеёиоуыэюяАЕЁИОУЫЭЮЯ]/.test(word) ? 'во' : 'в';
}

/** Where, with its preposition: "Vienna" / «в Вене», «на Мальте», «во Флоренции». */
export function inSpace(world: Pick<World, 'board'>, id: string): Text {
  const w = spaceIn(world, id);
  return named(spaceId(world, id, '.in'), w.en, `${onIsland(world, id) ? 'на' : ruIn(w.ru)} ${w.ru}`);
}

/** Where to, with its preposition: "Vienna" / «в Вену», «на Мальту», «во Флоренцию». */
export function intoSpace(world: Pick<World, 'board'>, id: string): Text {
  const w = spaceTo(world, id);
  return named(spaceId(world, id, '.into'), w.en, `${onIsland(world, id) ? 'на' : ruIn(w.ru)} ${w.ru}`);
}

/** From where, with its preposition: "Pressburg" / «из Пресбурга», «с Мальты». */
export function outOfSpace(world: Pick<World, 'board'>, id: string): Text {
  const w = spaceFrom(world, id);
  return named(spaceId(world, id, '.outOf'), w.en, `${onIsland(world, id) ? 'с' : 'из'} ${w.ru}`);
}

/**
 * A power's name in English and Russian. A host holding a plain string (from JSON, a URL, a form) may pass it: an id
 * that is not a power gives `undefined`, never a made-up name (nor a property of Object.prototype, as `constructor`).
 */
export function powerName(power: Power): Text;
export function powerName(power: string): Text | undefined;
export function powerName(power: string): Text | undefined {
  const n = own(POWER_NAMES, power);
  return n && named(`power.${power}`, n.en, n.ru);
}

type PowerCase = 'gen' | 'dat' | 'acc' | 'ins';
/** Russian grammatical number and gender of a power's name: «Османы» plural, «Франция» feminine, «Папство» neuter. */
export type PowerGender = 'pl' | 'f' | 'n';

const RU_POWERS: Readonly<Record<Power, Readonly<Record<PowerCase, string>> & { readonly g: PowerGender }>> = {
  ottoman: { g: 'pl', gen: 'Османов', dat: 'Османам', acc: 'Османов', ins: 'Османами' },
  hapsburg: { g: 'pl', gen: 'Габсбургов', dat: 'Габсбургам', acc: 'Габсбургов', ins: 'Габсбургами' },
  england: { g: 'f', gen: 'Англии', dat: 'Англии', acc: 'Англию', ins: 'Англией' },
  france: { g: 'f', gen: 'Франции', dat: 'Франции', acc: 'Францию', ins: 'Францией' },
  papacy: { g: 'n', gen: 'Папства', dat: 'Папству', acc: 'Папство', ins: 'Папством' },
  protestant: { g: 'pl', gen: 'Протестантов', dat: 'Протестантам', acc: 'Протестантов', ins: 'Протестантами' },
  hungary: { g: 'f', gen: 'Венгрии-Богемии', dat: 'Венгрии-Богемии', acc: 'Венгрию-Богемию', ins: 'Венгрией-Богемией' },
  scotland: { g: 'f', gen: 'Шотландии', dat: 'Шотландии', acc: 'Шотландию', ins: 'Шотландией' },
  venice: { g: 'f', gen: 'Венеции', dat: 'Венеции', acc: 'Венецию', ins: 'Венецией' },
  genoa: { g: 'f', gen: 'Генуи', dat: 'Генуе', acc: 'Геную', ins: 'Генуей' },
  independent: { g: 'pl', gen: 'независимых', dat: 'независимым', acc: 'независимых', ins: 'независимыми' },
};

function powerCase(power: Power, c: PowerCase): Text {
  return named(`power.${power}.${c}`, POWER_NAMES[power].en, RU_POWERS[power][c]);
}

/** A power as an English adjective before a noun: "the French formation", "4 new Papal mercenaries". */
const EN_ADJECTIVES: Readonly<Record<Power, string>> = {
  ottoman: 'Ottoman',
  hapsburg: 'Hapsburg',
  england: 'English',
  france: 'French',
  papacy: 'Papal',
  protestant: 'Protestant',
  hungary: 'Hungarian',
  scotland: 'Scottish',
  venice: 'Venetian',
  genoa: 'Genoese',
  independent: 'independent',
};

/** The adjective before a noun; the Russian is the genitive after it («соединение Франции»). */
export function powerAdjective(power: Power): Text {
  return named(`power.${power}.adj`, EN_ADJECTIVES[power], RU_POWERS[power].gen);
}

/** Of a power: "Ottoman" / «Османов», «Франции» — the genitive. */
export function powerGen(power: Power): Text {
  return powerCase(power, 'gen');
}

/** To a power: "Ottoman" / «Османам», «Франции» — the dative. */
export function powerDat(power: Power): Text {
  return powerCase(power, 'dat');
}

/** A power as the object: "Ottoman" / «Османов», «Францию» — the accusative. */
export function powerAcc(power: Power): Text {
  return powerCase(power, 'acc');
}

/** With a power: "Ottoman" / «Османами», «Францией» — the instrumental. */
export function powerWith(power: Power): Text {
  return powerCase(power, 'ins');
}

/** A power as the subject of a sentence: its name, singular in English; «Османы» plural, «Франция» feminine. */
export function power(p: Power): Subject {
  const g = RU_POWERS[p].g;
  return subject(powerName(p), 'one', g);
}

/** Several powers as one subject: "Hapsburg and England" / «Габсбурги и Англия», plural. */
export function powers(list: readonly Power[]): Subject {
  return listOf(list.map(power));
}

/** The Russian number and gender a verb or pronoun takes after the power's name (several powers: plural). */
export function powerGender(powers: Power | readonly Power[]): PowerGender {
  const list: readonly Power[] = typeof powers === 'string' ? [powers] : powers;
  return list.length === 1 && list[0] !== undefined ? RU_POWERS[list[0]].g : 'pl';
}

/**
 * The Russian form that agrees with the subject — a power, several powers, or any subject (a leader, a count, a
 * list): ruAgree('france', 'воюют', 'воюет') → «воюет»; the masculine (a leader) takes `m`, by default `f`.
 */
export function ruAgree(
  who: Power | readonly Power[] | Pick<Subject, 'form'>,
  pl: string,
  f: string,
  n: string = f,
  m: string = f,
): string {
  const g = typeof who === 'object' && 'form' in who ? who.form : powerGender(who);
  return g === 'pl' ? pl : g === 'f' ? f : g === 'n' ? n : m;
}

/** The Russian form of a subject as a message's `select` reads it: `pl`, `f`, `n` or `m` (see ruAgree). */
export function ruFormOf(who: Power | readonly Power[] | Pick<Subject, 'form'>): RuForm {
  return typeof who === 'object' && 'form' in who ? who.form : powerGender(who);
}

/** The Russian noun form for a count: ruPlural(1, 'кубик', 'кубика', 'кубиков') → «кубик»; 2–4 «кубика»; 5, 11–14 «кубиков». */
export function ruPlural(n: number, one: string, few: string, many: string): string {
  const p = ruPluralOf(n);
  return p === 'one' ? one : p === 'few' ? few : many;
}

/** A count with its noun: ruCount(3, 'кубик', 'кубика', 'кубиков') → «3 кубика». */
export function ruCount(n: number, one: string, few: string, many: string): string {
  return `${n} ${ruPlural(n, one, few, many)}`;
}

/** «1 сухопутная часть», «3 сухопутные части», «5 сухопутных частей»; acc «1 сухопутную часть»; gen «из 1 сухопутной части». */
export function ruLandUnits(n: number, c: RuCase = 'nom'): string {
  return count(n, NOUNS.landUnit, c).ru;
}

/** "2 regulars" / «2 регулярные части», «1 наёмник», «5 кавалерийских частей»; its verb agrees with the count. */
export function unitTypeCount(type: LandUnitType, n: number, c: RuCase = 'nom'): Subject {
  return count(n, NOUNS[type], c);
}

const RU_ONE_ACC: Readonly<Record<LandUnitType, string>> = {
  regulars: 'одну регулярную часть',
  mercenaries: 'одного наёмника',
  cavalry: 'одну кавалерийскую часть',
};

/** One unit of a type as the object: "one regular" / «одну регулярную часть», «одного наёмника». */
export function unitTypeOne(type: LandUnitType): Text {
  return named(`unit.one.${type}`, `one ${NOUNS[type].en[0]}`, RU_ONE_ACC[type]);
}

/** "1 land unit", "5 land units" (ruling R6: regulars, mercenaries and cavalry). */
export function enLandUnits(n: number): string {
  return count(n, NOUNS.landUnit).en;
}

export { ruList };

/** A leader as the subject of a sentence: one man. */
export function leader(world: Pick<World, 'leaders'>, id: string, c: 'nom' | LeaderCase = 'nom'): Subject {
  return subject(c === 'nom' ? leaderName(world, id) : leaderCase(world, id, c), 'one', 'm');
}

const NOTHING: Subject = subject(named('units.nothing', 'nothing', 'ничего'), 'one', 'n');

/**
 * "7 regulars, 1 cavalry, Suleiman, Ibrahim Pasha" / «7 регулярных частей, 1 кавалерийская часть, Сулейман и
 * Ибрагим-паша», as a subject: plural when it names more than one unit or leader ("1 regular goes", "Ferdinand
 * goes", "4 regulars, Charles Brandon go"). The Russian case is the sentence's: «Потерять 1 кавалерийскую часть».
 */
export function unitsText(world: Pick<World, 'leaders'>, u: Partial<Units>, c: RuCase = 'nom'): Subject {
  const items: Subject[] = [];
  for (const type of LAND_UNIT_TYPES) {
    const n = u[type];
    if (n) items.push(unitTypeCount(type, n, c));
  }
  // The best leader first (5.1: his rating is the one that counts), then by name.
  const leaders = [...(u.leaders ?? [])].sort(
    (a, b) => (world.leaders.get(b)?.battle ?? 0) - (world.leaders.get(a)?.battle ?? 0) || a.localeCompare(b),
  );
  for (const l of leaders) items.push(leader(world, l, c));
  if (items.length === 0) return NOTHING;
  if (items.length === 1) return items[0]!;
  return subject(listText('units.list', items, ', '), 'other', 'pl');
}

/** The text with its first letter in upper case: «в Вене» → «В Вене». */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
