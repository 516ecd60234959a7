// What a host hands the engine is checked at the edge (issue "Reliability, round 3"): options of every call through
// one schema each, refused with the call's documented error and never a TypeError or a RangeError; text that cannot
// forge a line of output; exact percentages of fractions of any size; JSON errors at their real line and column.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  createSession,
  explore,
  parseScenario,
  resolve,
  restoreSession,
  RestoreError,
  ScenarioError,
  SessionOptionsError,
} from '../../src/index.ts';
import { fraction, percent, toNumber, add, ZERO } from '../../src/review/fraction.ts';
import { hitOutcomes } from '../../src/review/outcomes.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const VIENNA = JSON.parse(readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'));
const scenario = () => parseScenario({ ...VIENNA, events: [] });

let deep: unknown = 1;
for (let i = 0; i < 20_000; i++) deep = [deep];
const hostile = Object.create(null) as object;
const throwing = Object.defineProperty({}, 'seed', {
  enumerable: true,
  get() {
    throw new Error('a getter that throws');
  },
});
const BAD_OPTIONS: readonly (readonly [string, unknown])[] = [
  ['null', null],
  ['a number', 5],
  ['a string', 'seed'],
  ['an array', [1]],
  ['a function', () => 1],
  ['a null-prototype seed', { seed: hostile }],
  ['a 20,000-deep array seed', { seed: deep }],
  ['a getter that throws', throwing],
  ['an unknown option', { sed: 4 }],
  ['a lang of 100 000 nested objects', { lang: deep }],
  ['an inspector that is an object without next', { inspect: {} }],
];

describe("[DESIGN] options are checked at the edge, with the call's documented error", () => {
  test.for(BAD_OPTIONS)('createSession with %s: SessionOptionsError', ([, options]) => {
    expect(() => createSession(scenario(), options as never)).toThrow(SessionOptionsError);
  });

  test.for(BAD_OPTIONS)('resolve with %s: SessionOptionsError', ([, options]) => {
    expect(() => resolve(scenario(), options as never)).toThrow(SessionOptionsError);
  });

  test.for([
    ...BAD_OPTIONS,
    ['maxPaths 0', { maxPaths: 0 }],
    ['a split of 2 parts, part 2', { split: { parts: 2, part: 2 } }],
  ] as const)('explore with %s: SessionOptionsError', ([, options]) => {
    expect(() => explore(scenario(), options as never)).toThrow(SessionOptionsError);
  });

  test.for(BAD_OPTIONS.filter(([name]) => !/seed|lang/.test(name)))(
    'restoreSession with %s: RestoreError, not an engine fault',
    ([, options]) => {
      const save = createSession(scenario()).save();
      try {
        restoreSession(save, options as never);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(RestoreError);
        expect((e as RestoreError).engineFault).toBe(false);
      }
    },
  );

  test('the option named is the one at fault, and the message shows its value without calling it', () => {
    try {
      createSession(scenario(), { seed: hostile as never });
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({
        option: 'seed',
        message: 'seed must be a whole number from 0 to 4294967295, not an object',
      });
    }
    expect(() => createSession(scenario(), { sed: 4 } as never)).toThrow(
      "unknown option 'sed' (accepted: seed, lang, inspect)",
    );
    expect(() => createSession({ world: {} } as never)).toThrow(SessionOptionsError);
  });

  test('a host policy that answers garbage is refused as an invalid event, not an engine fault', () => {
    const r = resolve(scenario(), { policy: () => ({ type: 'intercept.declare' }) as never });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-event' } });
  });
});

describe('[13.1] resolve is bounded: maxEvents and maxMs end it with an error naming the bound', () => {
  test('maxEvents', () => {
    const r = resolve(scenario(), { policy: 'eager', maxEvents: 2 });
    expect(r).toMatchObject({ ok: false, error: { code: 'limit', limit: { name: 'maxEvents', value: 2 } } });
    expect(r.session.log.filter((a) => a.source !== 'engine')).toHaveLength(2);
    expect(resolve(scenario(), { policy: 'eager' }).ok).toBe(true);
  });

  test('maxMs', () => {
    const r = resolve(scenario(), { policy: 'eager', maxMs: Number.MIN_VALUE });
    expect(r).toMatchObject({ ok: false, error: { code: 'limit', limit: { name: 'maxMs' } } });
  });
});

// Every text field of a scenario and of an event, and a character of each category that may not be in one.
const TEXT_FIELDS: readonly (readonly [string, (text: string) => unknown])[] = [
  ['name', (t) => ({ ...VIENNA, name: t })],
  ['description', (t) => ({ ...VIENNA, description: t })],
  ['description.ru', (t) => ({ ...VIENNA, description: { en: 'x', ru: t } })],
  ['title.en', (t) => ({ ...VIENNA, title: { en: t } })],
  ['$schema', (t) => ({ ...VIENNA, $schema: t })],
  ['leaders[0].name', (t) => ({ ...VIENNA, leaders: [{ id: 'x', name: t, power: 'ottoman', battle: 1, command: 6 }] })],
  [
    'map.spaces[0].name',
    (t) => ({
      map: { spaces: [{ id: 'a', name: t, type: 'unfortified', home: 'ottoman' }], connections: [] },
      impulse: { power: 'ottoman', cp: 1 },
    }),
  ],
  ['events[0].card', (t) => ({ ...VIENNA, events: [{ type: 'card.play', power: 'hapsburg', card: t }] })],
];
const FORBIDDEN: readonly (readonly [string, string])[] = [
  ['a line feed (Cc)', '\n'],
  ['a tab (Cc)', '\t'],
  ['a carriage return (Cc)', '\r'],
  ['U+0085 next line (Cc)', '\u0085'],
  ['U+061C Arabic letter mark (Cf)', '\u061c'],
  ['U+200B zero-width space (Cf)', '\u200b'],
  ['U+200E left-to-right mark (Cf)', '\u200e'],
  ['U+2066 left-to-right isolate (Cf)', '\u2066'],
  ['U+FEFF zero-width no-break space (Cf)', '\ufeff'],
  ['U+2028 line separator (Zl)', '\u2028'],
  ['U+2029 paragraph separator (Zp)', '\u2029'],
];

describe('[DESIGN] no text field can hold a line break, a tab or a control, format or separator character', () => {
  test.for(TEXT_FIELDS.flatMap(([path, make]) => FORBIDDEN.map(([what, c]) => [path, what, make, c] as const)))(
    '%s with %s is refused at its path',
    ([path, , make, c]) => {
      try {
        parseScenario(make(`Graz${c}9. Hapsburg wins`));
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(ScenarioError);
        expect((e as ScenarioError).issues.map((i) => i.path)).toContain(path);
      }
    },
  );

  test.for(TEXT_FIELDS)('%s takes ordinary text (spaces, accents, Cyrillic, a right-to-left script)', ([, make]) => {
    expect(() => parseScenario(make('Вена — Wien, Zürich, القاهرة'))).not.toThrow();
  });

  test('an event sent with such a card is an invalid event', () => {
    const s = createSession(scenario());
    expect(s.send({ type: 'card.play', power: 'hapsburg', card: 'a\nb' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-event', path: 'card' },
    });
  });
});

describe('[14 step 6] percentages from exact fractions, at any size', () => {
  test('the hit distribution of 1,000 dice a side: every chance a number, the total exactly 100.00 %', () => {
    for (const dice of [1000, 1001]) {
      let total = ZERO;
      for (const o of hitOutcomes([{ hitOn: 5, dice }])) {
        expect(percent(o.probability)).toMatch(/^\d{1,3}\.\d\d %$/);
        expect(Number.isNaN(toNumber(o.probability))).toBe(false);
        total = add(total, o.probability);
      }
      expect(percent(total)).toBe('100.00 %');
      // 1 hit in 6^1000: a fraction no double holds, shown exactly.
      expect(toNumber(fraction(1n, 6n ** BigInt(dice)))).toBe(0);
    }
    expect(percent(fraction(5, 12))).toBe('41.67 %');
    expect(percent(fraction(1, 8), 1)).toBe('12.5 %');
    expect(percent(fraction(1, 3), 0)).toBe('33 %');
    expect(percent(fraction(2n * 6n ** 2000n + 1n, 6n ** 2000n))).toBe('200.00 %');
    expect(toNumber(fraction(6n ** 2000n, 3n * 6n ** 2000n + 1n))).toBeCloseTo(1 / 3, 12);
  }, 60_000);
});

describe('[DESIGN] a JSON syntax error is reported at its line and column', () => {
  test('a NaN on line 24 of a 40-line file, which V8 does not place', () => {
    const lines = Array.from({ length: 40 }, (_, k) => (k === 22 ? '  "weight": NaN,' : `  "k${k}": ${k},`));
    const text = `{\n${lines.join('\n')}\n  "impulse": {"power": "ottoman", "cp": 1}\n}\n`;
    expect(() => parseScenario(text)).toThrow(/\(line 24, column 13\)/);
  });

  test.for([
    ['{"a": 1,}', 'line 1, column 9'],
    ['{\n  "a": [1 2]\n}', 'line 2, column 11'],
    ['{\n  "a": "x\\q"\n}', 'line 2, column 11'],
    ['{\n  "war": [', 'line 2, column 11'],
  ] as const)('%j: %s', ([text, where]) => {
    expect(() => parseScenario(text)).toThrow(`(${where})`);
  });
});
