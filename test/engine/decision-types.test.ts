// The Decision type (DESIGN "Session API"): a union discriminated by `kind`. Narrowing on `kind` gives the kind's own
// `limits`, `options[].event` and `blocked[].option`; fields of other kinds read as `undefined` without narrowing.
// The assertions are checked by the type-checker (`npm run typecheck`); the sessions make them run on real values.
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession } from '../../src/engine/session.ts';
import { StackSchema } from '../../src/schema/scenario.ts';
import type { RuleRef, RulingRef } from '../../src/rules/registry.ts';
import type {
  Blocked,
  Decision,
  DecisionKind,
  DecisionLimits,
  DecisionOf,
  DecisionOption,
  RollInfo,
} from '../../src/schema/decision.ts';
import type { EventOf } from '../../src/schema/events.ts';
import type { Power } from '../../src/schema/power.ts';

type Text = { readonly en: string; readonly ru: string };
type UnitsShown = {
  readonly regulars: number;
  readonly mercenaries: number;
  readonly cavalry: number;
  readonly leaders: readonly string[];
};

const example = (name: string) => {
  return JSON.parse(readFileSync(new URL(`../../examples/${name}.json`, import.meta.url), 'utf8'));
};
/** The first decision of an example with the first `n` of its scripted events played. */
function pendingAfter(name: string, n: number): Decision {
  const source = example(name);
  const s = createSession(parseScenario({ ...source, events: [] }));
  for (const e of source.events.slice(0, n)) expect(s.send(e).ok).toBe(true);
  return s.pending!;
}

describe('[Session API] the Decision type narrows on `kind`', () => {
  test('its kinds are the decision kinds, and every kind shares power, rule, prompt and names', () => {
    expectTypeOf<Decision['kind']>().toEqualTypeOf<DecisionKind>();
    expectTypeOf<Decision['power']>().toEqualTypeOf<Power>();
    expectTypeOf<Decision['rule']>().toEqualTypeOf<RuleRef>();
    expectTypeOf<Decision['ruling']>().toEqualTypeOf<RulingRef | undefined>();
    expectTypeOf<Decision['names']['spaces']>().toEqualTypeOf<Readonly<Record<string, Text>>>();
    expectTypeOf<Decision['names']['powers']>().toEqualTypeOf<Readonly<Partial<Record<Power, Text>>>>();
    // A text is its two strings and, for a host that renders its own language, its message (docs/api.md, Messages).
    expectTypeOf<Blocked['label']>().toExtend<Text>();
    expectTypeOf<Blocked['label']['id']>().toEqualTypeOf<string | undefined>();
  });

  test("[13.3] `kind === 'avoid'`: limits.available and destinations, avoid events, refused destinations", () => {
    const d = pendingAfter('avoid-battle-linz', 0);
    if (d.kind !== 'avoid') throw new Error(`expected an avoid decision, not ${d.kind}`);
    expectTypeOf(d.limits.available).toEqualTypeOf<UnitsShown>();
    expectTypeOf(d.limits.destinations).toEqualTypeOf<readonly string[]>();
    expectTypeOf(d.limits.optionsComplete).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(d.options[0]!.event.type).toEqualTypeOf<'avoid.declare' | 'avoid.decline'>();
    expectTypeOf(d.options[0]!.event).toEqualTypeOf<EventOf<'avoid.declare'> | EventOf<'avoid.decline'>>();
    expectTypeOf<(typeof d.blocked)[number]['option']['to']>().toEqualTypeOf<string>();
    expectTypeOf<(typeof d.blocked)[number]['rule']>().toEqualTypeOf<RuleRef>();
    expect(d.limits.destinations).toContain('linz');
    expect(d.options.map((o) => o.event.type)).toContain('avoid.decline');
    expect(d.blocked.map((b) => d.names.spaces[b.option.to]?.en)).toContain('Pressburg');
  });

  test("[13.2] `kind === 'intercept'`: limits.spaces and the interception events", () => {
    const d = pendingAfter('vienna-1517', 0);
    if (d.kind !== 'intercept') throw new Error(`expected an interception decision, not ${d.kind}`);
    expectTypeOf(d.limits.spaces).toEqualTypeOf<
      readonly { readonly from: string; readonly available: UnitsShown; readonly maxLandUnits: number }[]
    >();
    expectTypeOf(d.options[0]!.event.type).toEqualTypeOf<'intercept.declare' | 'intercept.decline'>();
    expectTypeOf<(typeof d.blocked)[number]['option']['power']>().toEqualTypeOf<Power>();
    expect(d.limits.spaces.map((s) => s.from)).toEqual(['graz']);
    // Fields of other kinds read as undefined without a cast.
    expectTypeOf(d.limits.destinations).toEqualTypeOf<undefined>();
    expectTypeOf(d.roll).toEqualTypeOf<undefined>();
    expect(d.roll).toBeUndefined();
  });

  test("[13.2 step 2] `kind === 'roll'`: the roll, and no options to send", () => {
    const d = pendingAfter('vienna-1517', 1);
    if (d.kind !== 'roll') throw new Error(`expected a roll, not ${d.kind}`);
    expectTypeOf(d.roll).toEqualTypeOf<RollInfo>();
    expectTypeOf(d.options).toEqualTypeOf<readonly never[]>();
    expectTypeOf(d.limits).toEqualTypeOf<undefined>();
    expect(d.roll).toMatchObject({ dice: 2, purpose: 'interception', target: 9 });
  });

  test("[14 step 9] `kind === 'casualties'`: losses, odd hits and the casualties event", () => {
    const d = pendingAfter('vienna-1517', 4);
    if (d.kind !== 'casualties') throw new Error(`expected casualties, not ${d.kind}`);
    expectTypeOf(d.limits.losses).toEqualTypeOf<number>();
    expectTypeOf(d.limits.optionsComplete).toEqualTypeOf<boolean>();
    expectTypeOf(d.options[0]!.event).toEqualTypeOf<EventOf<'casualties.assign'>>();
    expectTypeOf(d.blocked).toEqualTypeOf<readonly never[]>();
    expect(d.limits.losses).toBe(5);
  });

  test('[14.1] [13.4] [13.1] retreat, withdraw, continue and move answer with their own events', () => {
    expectTypeOf<DecisionOption<'retreat'>['event']>().toEqualTypeOf<EventOf<'retreat.declare'>>();
    expectTypeOf<DecisionLimits<'retreat'>['insideRoom']>().toEqualTypeOf<number>();
    type WithdrawEvent = DecisionOption<'withdraw'>['event'];
    expectTypeOf<WithdrawEvent['type']>().toEqualTypeOf<'withdraw.declare' | 'withdraw.decline'>();
    expectTypeOf<DecisionOption<'continue'>['event']['type']>().toEqualTypeOf<'move.continue' | 'move.stop'>();
    expectTypeOf<Blocked<'continue'>['option']['to']>().toEqualTypeOf<string>();
    expectTypeOf<DecisionOption<'move'>['event']>().toEqualTypeOf<EventOf<'move.declare'>>();
    expectTypeOf<Blocked<'move'>['option']['from']>().toEqualTypeOf<string>();
    expectTypeOf<DecisionOf<'move'>['limits']>().toEqualTypeOf<DecisionLimits<'move'> | undefined>();
  });

  test('an answer of another kind does not type-check as an option', () => {
    const label = { en: 'x', ru: 'x' };
    // @ts-expect-error an avoid-battle event is not an answer to an interception
    const wrong: DecisionOption<'intercept'> = { event: { type: 'avoid.decline', power: 'hapsburg' }, label };
    const right: DecisionOption<'intercept'> = { event: { type: 'intercept.decline', power: 'hapsburg' }, label };
    expect([wrong.event.type, right.event.type]).toEqual(['avoid.decline', 'intercept.decline']);
  });

  test('without narrowing, kind-specific fields read as optional', () => {
    const d = pendingAfter('vienna-1517', 0);
    expectTypeOf(d.limits?.destinations).toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<(typeof d.blocked)[number]['option']['to']>().toEqualTypeOf<string | undefined>();
    expect(d.limits?.destinations).toBeUndefined();
  });
});

describe('[Session API] what the session hands out is frozen, and its type is readonly all the way down', () => {
  test('a mutation of a decision, a position, a summary, a result or the trace does not compile, and throws at run time', () => {
    const source = example('vienna-1517');
    const s = createSession(parseScenario({ ...source, events: [] }));
    const d = s.pending!;
    // @ts-expect-error a decision's options are readonly
    expect(() => d.options.sort()).toThrow(TypeError);
    const option = d.options[0]!;
    // @ts-expect-error an option's event is readonly
    expect(() => (option.event.type = 'move.stop')).toThrow(TypeError);
    const stack = s.position.stacks[0]!;
    // @ts-expect-error a position's stacks are readonly
    expect(() => stack.leaders.push('suleiman')).toThrow(TypeError);
    // @ts-expect-error the moving formation is readonly
    expect(() => s.inTransit!.stacks[0]!.regulars++).toThrow(TypeError);
    for (const e of source.events) expect(s.sendUntrusted(e).ok).toBe(true);
    const result = s.result!;
    // @ts-expect-error a result position is readonly
    expect(() => result.position.stacks.pop()).toThrow(TypeError);
    // @ts-expect-error a summary is readonly
    expect(() => (result.summary.battle!.winner = 'attacker')).toThrow(TypeError);
    const entry = s.trace[0]!;
    // @ts-expect-error a trace entry is readonly
    expect(() => (entry.note.en = '')).toThrow(TypeError);
    // The save is a fresh copy, the host's own to edit (a host can drop its last event and restore).
    const save = s.save();
    save.events.pop();
    expect(save.events).toHaveLength(source.events.length - 1);
  });

  test('the result position has the shape of session.position, every field present', () => {
    const source = example('vienna-1517');
    const s = createSession(parseScenario(source));
    const board = s.position;
    for (const e of source.events) expect(s.sendUntrusted(e).ok).toBe(true);
    const end = s.result!.position;
    expectTypeOf(end.stacks[0]!.regulars).toEqualTypeOf<number>();
    expectTypeOf(end.stacks[0]!.leaders).toEqualTypeOf<readonly string[]>();
    expectTypeOf(end.stacks[0]!.inside).toEqualTypeOf<boolean>();
    // A result position is a position (and more: the scenario's map, leaders and rulings).
    expectTypeOf(end).toExtend<typeof board>();
    expect(Object.keys(end)).toEqual(['map', 'leaders', ...Object.keys(board), 'rulings']);
    for (const x of [...end.stacks, ...board.stacks])
      expect(Object.keys(x).sort()).toEqual(Object.keys(StackSchema.shape).sort());
  });
});
