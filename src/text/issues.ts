// Why an input does not fit its schema, in English and Russian. English is the schema's own message (zod's, or the
// custom one a schema gives, as before); Russian is worded here from the issue itself — its code, what was expected,
// the value given — so that no English is left in a Russian refusal, whatever the issue. The custom messages of the
// event schema have their own Russian wording (CUSTOM_RU); a custom message missing there is worded from its code.
import { CARDS } from '../data/cards.ts';
import { count, NOUNS, ruList } from './grammar.ts';
import type { Text } from './text.ts';

/** What an issue of a zod parse carries (zod's `$ZodIssue`, with its `input` when the parse reports it). */
export interface SchemaIssue {
  readonly code: string;
  readonly message: string;
  readonly path: readonly PropertyKey[];
  readonly input?: unknown;
  readonly expected?: string;
  readonly values?: readonly unknown[];
  readonly keys?: readonly string[];
  readonly options?: readonly unknown[];
  readonly origin?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly inclusive?: boolean;
  readonly divisor?: number | bigint;
  readonly format?: string;
}

/** Whose choice each field of `card.play` is (src/schema/events.ts, CHOICE_OWNER). */
const CHOICE_OWNER_RU: Readonly<Record<string, string>> = {
  leader: 'командующего называют только для карты «Подагра» (№32) (постановление R26)',
  placements: 'наёмников размещают только «Ландскнехты» (№33) и «Швейцарские наёмники» (№36) (постановление R32)',
  eliminations: 'наёмников уничтожают только «Ландскнехты» (№33) Османов (постановление R32)',
  option: 'способ розыгрыша выбирают только для карты «Терции» (№30) (постановление R30)',
};

/** The Russian of the schemas' custom messages (src/schema/units.ts, events.ts): pattern → wording. */
export const CUSTOM_RU: readonly (readonly [RegExp, (m: RegExpMatchArray) => string])[] = [
  [/^a die shows 1 to 6$/, () => 'на кубике выпадает от 1 до 6'],
  [/^a count is a number$/, () => 'количество — это число'],
  [/^a count is a whole number$/, () => 'количество — целое число'],
  [/^a count cannot be negative$/, () => 'количество не может быть отрицательным'],
  [
    /^at most (\d+) land units of one type$/,
    (m) => `не более ${count(Number(m[1]), NOUNS.landUnit, 'gen').ru} одного типа`,
  ],
  [
    /^an id has at most (\d+) characters$/,
    (m) => `в идентификаторе не более ${count(Number(m[1]), NOUNS.character, 'gen').ru}`,
  ],
  [
    /^ids are lower-case slugs \(a-z, 0-9, -\)$/,
    () => 'идентификатор пишется строчными латинскими буквами, цифрами и дефисами',
  ],
  [/^a leader is named twice$/, () => 'командующий указан дважды'],
  [
    /^.+ \(#(\d+)\) takes no (leader|placements|eliminations|option): /,
    (m) => {
      const card = Object.values(CARDS).find((c) => c.number === Number(m[1]));
      return `у карты «${card?.name.ru ?? ''}» (№${m[1]}) нет поля «${m[2]}»: ${CHOICE_OWNER_RU[m[2]!] ?? ''}`;
    },
  ],
  [/^at most (\d+) characters$/, (m) => `не более ${count(Number(m[1]), NOUNS.character, 'gen').ru}`],
  [
    /^no line breaks, tabs, control, format \(bidirectional, zero-width\) or line-separator characters$/,
    () =>
      'переводы строки, табуляция, управляющие символы, символы форматирования (направления письма, нулевой ширины) и разделители строк недопустимы',
  ],
];

const RU_TYPES: Readonly<Record<string, string>> = {
  string: 'строка',
  number: 'число',
  int: 'целое число',
  bigint: 'целое число',
  boolean: 'логическое значение',
  object: 'объект',
  array: 'массив',
  record: 'объект',
  null: 'пустое значение',
  undefined: 'ничего',
  nan: 'не число',
};

function ruTypeOf(v: unknown): string {
  if (v === null) return RU_TYPES.null!;
  if (Array.isArray(v)) return RU_TYPES.array!;
  if (typeof v === 'number' && Number.isNaN(v)) return RU_TYPES.nan!;
  return RU_TYPES[typeof v] ?? 'значение другого типа';
}

/** Values as the input writes them: "ottoman", 3. */
function quoted(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join(', ');
}

function bound(i: SchemaIssue, which: 'min' | 'max'): string {
  const n = Number(which === 'min' ? i.minimum : i.maximum);
  const strict = i.inclusive === false;
  const word = which === 'min' ? (strict ? 'больше' : 'не меньше') : strict ? 'меньше' : 'не больше';
  const words = which === 'min' ? (strict ? 'более' : 'не менее') : strict ? 'менее' : 'не более';
  if (i.origin === 'string') return `в строке ${words} ${count(n, NOUNS.character, 'gen').ru}`;
  if (i.origin === 'array' || i.origin === 'set') return `в списке ${words} ${count(n, NOUNS.item, 'gen').ru}`;
  return `число должно быть ${word} ${n}`;
}

/** The Russian of an issue, from its code. */
function ruOfCode(i: SchemaIssue): string {
  switch (i.code) {
    case 'invalid_type': {
      const expected = RU_TYPES[i.expected ?? ''] ?? 'значение другого типа';
      return i.input === undefined && i.path.length > 0
        ? `обязательное поле: ожидается ${expected}`
        : `ожидается ${expected}, получено: ${ruTypeOf(i.input)}`;
    }
    case 'invalid_value': {
      const values = i.values ?? [];
      if (i.input === undefined) return `обязательное поле: одно из значений ${quoted(values)}`;
      return values.length === 1 ? `ожидается ${quoted(values)}` : `ожидается одно из значений ${quoted(values)}`;
    }
    case 'invalid_union':
      if (i.options)
        return i.input === undefined || (typeof i.input === 'object' && i.input !== null)
          ? `неизвестный тип события: ожидается одно из значений ${quoted(i.options)}`
          : `ожидается одно из значений ${quoted(i.options)}`;
      return 'значение не подходит ни под один из допустимых видов';
    case 'unrecognized_keys': {
      const keys = i.keys ?? [];
      return `${keys.length === 1 ? 'неизвестный ключ' : 'неизвестные ключи'}: ${ruList(keys.map((k) => `"${k}"`))}`;
    }
    case 'too_small':
      return bound(i, 'min');
    case 'too_big':
      return bound(i, 'max');
    case 'not_multiple_of':
      return `число должно быть кратно ${String(i.divisor)}`;
    case 'invalid_format':
      return 'строка не соответствует нужному формату';
    case 'invalid_key':
      return 'недопустимый ключ';
    case 'invalid_element':
      return 'недопустимый элемент';
    default:
      return 'недопустимое значение';
  }
}

/** The issue's message in both languages: the schema's English, the Russian worded here. */
export function issueText(i: SchemaIssue): Text {
  for (const [re, ru] of CUSTOM_RU) {
    const m = re.exec(i.message);
    if (m) return { en: i.message, ru: ru(m) };
  }
  return { en: i.message, ru: ruOfCode(i) };
}
