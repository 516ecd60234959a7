// Events a host sends to a session (DESIGN "Events", a contract): every event type of the table is accepted with
// its fields, and malformed events are refused by the schema before any rule looks at them.
import { describe, expect, test } from 'vitest';
import { EVENT_TYPES, EventSchema } from '../../src/schema/events.ts';

/** One valid event of every type in DESIGN.md's events table, with the fields the table gives it. */
const VALID: [string, Record<string, unknown>][] = [
  ['move.declare', { type: 'move.declare', from: 'pressburg', to: 'vienna', regulars: 7, cavalry: 1, leaders: ['suleiman', 'ibrahim-pasha'] }],
  ['intercept.declare', { type: 'intercept.declare', power: 'hapsburg', from: 'graz', regulars: 8, leaders: ['charles-v'] }],
  ['intercept.decline', { type: 'intercept.decline', power: 'hapsburg' }],
  ['avoid.declare', { type: 'avoid.declare', power: 'hapsburg', to: 'linz', regulars: 2, mercenaries: 1, leaders: ['ferdinand'] }],
  ['avoid.decline', { type: 'avoid.decline', power: 'hapsburg' }],
  ['withdraw.declare', { type: 'withdraw.declare', power: 'hapsburg' }],
  ['withdraw.decline', { type: 'withdraw.decline', power: 'hapsburg' }],
  ['move.continue', { type: 'move.continue', to: 'linz' }],
  ['move.stop', { type: 'move.stop' }],
  ['casualties.assign', { type: 'casualties.assign', power: 'ottoman', regulars: 4, cavalry: 1 }],
  ['casualties.assign', { type: 'casualties.assign', power: 'hapsburg', mercenaries: 2, keep: 'regulars' }],
  ['retreat.declare', { type: 'retreat.declare', power: 'ottoman', to: 'pressburg' }],
  ['retreat.declare', { type: 'retreat.declare', power: 'hapsburg', inside: { regulars: 2, leaders: ['ferdinand'] } }],
  ['dice.rolled', { type: 'dice.rolled', values: [3, 5] }],
  ['dice.rolled', { type: 'dice.rolled', values: [1, 2, 3, 4, 5, 6, 6, 5, 4, 3] }],
];

const TABLE_TYPES = [
  'move.declare',
  'intercept.declare',
  'intercept.decline',
  'avoid.declare',
  'avoid.decline',
  'withdraw.declare',
  'withdraw.decline',
  'move.continue',
  'move.stop',
  'casualties.assign',
  'retreat.declare',
  'dice.rolled',
];

function issuesOf(event: unknown) {
  const r = EventSchema.safeParse(event);
  if (r.success) throw new Error(`accepted ${JSON.stringify(event)}`);
  return r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('EventSchema: valid events', () => {
  test('knows every event type of the DESIGN events table', () => {
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(TABLE_TYPES));
    expect(new Set(VALID.map(([type]) => type))).toEqual(new Set(TABLE_TYPES));
  });

  test.for(VALID)('accepts %s with its fields', ([, event]) => {
    const r = EventSchema.safeParse(event);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(r.data).toEqual(event);
  });

  test('accepts dice.rolled without values, for the session to roll', () => {
    expect(EventSchema.safeParse({ type: 'dice.rolled' }).success).toBe(true);
  });
});

describe('EventSchema: malformed events', () => {
  test('rejects an unknown event type', () => {
    const issues = issuesOf({ type: 'battle.fight', power: 'ottoman' });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe('type');
    expect(issues[0]?.message).toContain("'dice.rolled'");
  });

  test('rejects an event without a type', () => {
    expect(issuesOf({ power: 'ottoman' })[0]?.path).toBe('type');
  });

  test.for([
    ['0', [3, 0], 1],
    ['7', [7, 2], 0],
    ['-1', [-1], 0],
    ['2.5', [2.5, 1], 0],
  ] as const)('rejects a die showing %s', ([, values, index]) => {
    const issues = issuesOf({ type: 'dice.rolled', values });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe(`values.${index}`);
  });

  test('says a die shows 1 to 6', () => {
    expect(issuesOf({ type: 'dice.rolled', values: [0] })[0]?.message).toBe('a die shows 1 to 6');
    expect(issuesOf({ type: 'dice.rolled', values: [7] })[0]?.message).toBe('a die shows 1 to 6');
  });

  test.for([
    ['move.declare regulars', { type: 'move.declare', from: 'pressburg', to: 'vienna', regulars: -1 }, 'regulars'],
    ['intercept.declare cavalry', { type: 'intercept.declare', power: 'ottoman', from: 'buda', cavalry: -2 }, 'cavalry'],
    ['avoid.declare mercenaries', { type: 'avoid.declare', power: 'hapsburg', to: 'linz', mercenaries: -1 }, 'mercenaries'],
    ['casualties.assign regulars', { type: 'casualties.assign', power: 'ottoman', regulars: -4 }, 'regulars'],
    ['retreat.declare inside regulars', { type: 'retreat.declare', power: 'hapsburg', inside: { regulars: -1 } }, 'inside.regulars'],
  ] as const)('rejects a negative count in %s', ([, event, path]) => {
    const issues = issuesOf(event);
    expect(issues).toEqual([{ path, message: 'a count cannot be negative' }]);
  });

  test('rejects a fractional count', () => {
    expect(issuesOf({ type: 'casualties.assign', power: 'ottoman', regulars: 1.5 })).toEqual([
      { path: 'regulars', message: 'a count is a whole number' },
    ]);
  });

  test.for([
    ['move.stop', { type: 'move.stop', to: 'linz' }, 'to'],
    ['intercept.decline', { type: 'intercept.decline', power: 'hapsburg', from: 'graz' }, 'from'],
    ['withdraw.declare', { type: 'withdraw.declare', power: 'hapsburg', regulars: 2 }, 'regulars'],
    ['dice.rolled', { type: 'dice.rolled', values: [1, 2], modifier: 1 }, 'modifier'],
    ['casualties.assign', { type: 'casualties.assign', power: 'ottoman', leaders: ['suleiman'] }, 'leaders'],
    ['retreat.declare inside', { type: 'retreat.declare', power: 'ottoman', inside: { regulars: 1, colour: 'red' } }, 'colour'],
  ] as const)('rejects an unknown extra field in %s', ([, event, field]) => {
    const issues = issuesOf(event);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toContain(`"${field}"`);
  });

  test.for([
    ['intercept.declare without from', { type: 'intercept.declare', power: 'hapsburg', regulars: 8 }, 'from'],
    ['avoid.declare without to', { type: 'avoid.declare', power: 'hapsburg', regulars: 2 }, 'to'],
    ['move.continue without to', { type: 'move.continue' }, 'to'],
    ['withdraw.decline without power', { type: 'withdraw.decline' }, 'power'],
  ] as const)('rejects %s', ([, event, path]) => {
    expect(issuesOf(event).map((i) => i.path)).toEqual([path]);
  });

  test('rejects an unknown power', () => {
    expect(issuesOf({ type: 'avoid.decline', power: 'spain' }).map((i) => i.path)).toEqual(['power']);
  });

  test('[ruling R7] rejects keeping a leader: only a land unit type can be kept', () => {
    expect(issuesOf({ type: 'casualties.assign', power: 'ottoman', keep: 'leaders' }).map((i) => i.path)).toEqual(['keep']);
  });
});
