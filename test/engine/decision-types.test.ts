// The Decision type (DESIGN "Session API"): a union discriminated by `kind`. Narrowing on `kind` gives the kind's own
// `limits`, `options[].event` and `blocked[].option`; fields of other kinds read as `undefined` without narrowing.
// The assertions are checked by the type-checker (`npm run typecheck`); the sessions make them run on real values.
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession } from '../../src/engine/session.ts';
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

type Text = { en: string; ru: string };
type UnitsShown = { regulars: number; mercenaries: number; cavalry: number; leaders: string[] };

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
    expectTypeOf<Decision['names']['spaces']>().toEqualTypeOf<Record<string, Text>>();
    expectTypeOf<Decision['names']['powers']>().toEqualTypeOf<Partial<Record<Power, Text>>>();
    expectTypeOf<Blocked['label']>().toEqualTypeOf<Text>();
  });

  test("[13.3] `kind === 'avoid'`: limits.available and destinations, avoid events, refused destinations", () => {
    const d = pendingAfter('avoid-battle-linz', 0);
    if (d.kind !== 'avoid') throw new Error(`expected an avoid decision, not ${d.kind}`);
    expectTypeOf(d.limits.available).toEqualTypeOf<UnitsShown>();
    expectTypeOf(d.limits.destinations).toEqualTypeOf<string[]>();
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
    expectTypeOf(d.limits.spaces).toEqualTypeOf<{ from: string; available: UnitsShown; maxLandUnits: number }[]>();
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
    expectTypeOf(d.options).toEqualTypeOf<never[]>();
    expectTypeOf(d.limits).toEqualTypeOf<undefined>();
    expect(d.roll).toMatchObject({ dice: 2, purpose: 'interception', target: 9 });
  });

  test("[14 step 9] `kind === 'casualties'`: losses, odd hits and the casualties event", () => {
    const d = pendingAfter('vienna-1517', 4);
    if (d.kind !== 'casualties') throw new Error(`expected casualties, not ${d.kind}`);
    expectTypeOf(d.limits.losses).toEqualTypeOf<number>();
    expectTypeOf(d.limits.optionsComplete).toEqualTypeOf<boolean>();
    expectTypeOf(d.options[0]!.event).toEqualTypeOf<EventOf<'casualties.assign'>>();
    expectTypeOf(d.blocked).toEqualTypeOf<never[]>();
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
    expectTypeOf(d.limits?.destinations).toEqualTypeOf<string[] | undefined>();
    expectTypeOf<(typeof d.blocked)[number]['option']['to']>().toEqualTypeOf<string | undefined>();
    expect(d.limits?.destinations).toBeUndefined();
  });
});
