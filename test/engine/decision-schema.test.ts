// The decision contract (DESIGN "Session API"): every decision the engine asks, in the worked example and the other
// examples, along every listed answer and both ends of every roll, is exactly what `his schema decision` describes —
// it parses with the zod schema the JSON Schema is generated from and loses nothing doing so, its rules are rules of
// the registry, its `names` name exactly the ids it shows, and its answers are the events of its kind.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import namesRu from '../../src/data/names-ru.json' with { type: 'json' };
import { parseScenario, type Scenario } from '../../src/engine/scenario.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import { DECISION_OF_EVENT } from '../../src/engine/structure.ts';
import { isRuleRef, RULE_REFS } from '../../src/rules/registry.ts';
import {
  DECISION_KINDS,
  DecisionSchema,
  RuleRefSchema,
  RulingRefSchema,
  type Decision,
  type DecisionKind,
} from '../../src/schema/decision.ts';
import { POWERS } from '../../src/schema/power.ts';
import { his } from '../helpers/cli.ts';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const NAMES = Object.freeze(
  readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort(),
);
const source = (name: string): Record<string, unknown> => JSON.parse(readFileSync(`${EXAMPLES}${name}.json`, 'utf8'));

/** The events that answer each kind, as the machines' decision states accept them (src/engine/structure.ts). */
function machineEvents(kind: DecisionKind): string[] {
  return [...DECISION_OF_EVENT]
    .filter(([, k]) => k === kind)
    .map(([e]) => e)
    .sort();
}

/** Dice for a pending roll: every die the same face. */
const allDice = (d: Decision, face: number) => ({
  type: 'dice.rolled' as const,
  values: Array<number>(d.roll?.dice ?? 0).fill(face),
});

/**
 * Every decision met on the way: along the script (each step's decision), then from the start, depth first, along
 * every listed answer (at most `width` of them, the first and the last included) and each roll with all 1s, all 6s
 * and the seeded dice.
 */
function decisionsOf(scenario: Scenario, budget = 120, width = 3): Decision[] {
  const seen: Decision[] = [];
  let left = budget;
  const walk = (s: Session): void => {
    while (s.pending && left > 0) {
      const d = s.pending;
      seen.push(d);
      left--;
      if (d.kind === 'roll') {
        for (const face of [1, 6]) {
          const f = s.fork();
          if (f.send(allDice(d, face)).ok) walk(f);
        }
        s.roll();
        continue;
      }
      const step = Math.max(1, Math.ceil((d.options.length - 1) / (width - 1)));
      const picks = d.options.filter((_, i) => i % step === 0 || i === d.options.length - 1);
      for (const o of picks.slice(1)) {
        const f = s.fork();
        if (f.send(o.event).ok) walk(f);
      }
      const first = picks[0];
      if (!first || !s.send(first.event).ok) return;
    }
  };
  const scripted = createSession(scenario, { seed: 7 });
  for (const e of scenario.data.events) {
    if (scripted.pending) seen.push(scripted.pending);
    scripted.send(e);
  }
  walk(createSession(scenario, { seed: 7 }));
  return seen;
}

/**
 * The ids a decision shows, by the fields that hold them (the vocabulary docs/api.md gives hosts), and the ids of
 * spaces, leaders and powers among the facts of its refused answers.
 */
function shownIds(d: Decision, scenario: Scenario): { spaces: Set<string>; leaders: Set<string>; powers: Set<string> } {
  const ids = { spaces: new Set<string>(), leaders: new Set<string>(), powers: new Set<string>([d.power]) };
  const walk = (v: unknown, key: string): void => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, key));
    if (typeof v === 'string') {
      if (key === 'from' || key === 'to' || key === 'destinations') ids.spaces.add(v);
      if (key === 'leaders' || key === 'leader') ids.leaders.add(v);
      if (key === 'power' || key === 'keepPower' || key === 'oddHits') ids.powers.add(v);
      return;
    }
    if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (key === 'byPower') ids.powers.add(k);
        walk(x, key === 'byPower' ? '' : k);
      }
  };
  walk(
    d.options.map((o) => o.event),
    '',
  );
  walk(
    d.blocked.map((b) => b.option),
    '',
  );
  walk(d.limits, '');
  for (const b of d.blocked) {
    for (const id of Object.values(b.facts ?? {}).flat()) {
      if (typeof id !== 'string') continue;
      if (scenario.world.board.spaces.has(id)) ids.spaces.add(id);
      if (scenario.world.leaders.has(id)) ids.leaders.add(id);
      if ((POWERS as readonly string[]).includes(id)) ids.powers.add(id);
    }
  }
  return ids;
}

/** JSON with every object's keys sorted: equal for equal values whatever the order of their keys. */
function canonical(v: unknown): string {
  const sort = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(sort)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.entries(x)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, y]) => [k, sort(y)]),
          )
        : x;
  return JSON.stringify(sort(v));
}

/** What is wrong with a decision against the contract; empty when nothing is. */
function problems(d: Decision, scenario: Scenario): string[] {
  const out: string[] = [];
  const parsed = DecisionSchema.safeParse(d);
  if (!parsed.success) return parsed.error.issues.map((i) => `${d.kind}: ${i.path.join('.')}: ${i.message}`);
  // z.object strips what it does not describe: an equal copy means the schema describes every field the host gets.
  if (canonical(parsed.data) !== canonical(d)) out.push(`${d.kind}: fields the schema does not describe`);
  const rules = [
    d.rule,
    d.ruling,
    ...d.blocked.flatMap((b) => [b.rule, b.ruling]),
    ...(d.roll?.modifiers.flatMap((m) => [m.rule, m.ruling]) ?? []),
  ];
  for (const r of rules) if (r !== undefined && !isRuleRef(r)) out.push(`${d.kind}: ${r} is not in the rule registry`);
  const events = machineEvents(d.kind);
  for (const o of d.options) if (!events.includes(o.event.type)) out.push(`${d.kind}: answered by ${o.event.type}`);
  const ids = shownIds(d, scenario);
  for (const part of ['spaces', 'leaders', 'powers'] as const) {
    const named = Object.keys(d.names[part]).sort();
    const shown = [...ids[part]].sort();
    if (JSON.stringify(named) !== JSON.stringify(shown)) out.push(`${d.kind}: names.${part} ≠ the ${part} shown`);
  }
  for (const [id, t] of Object.entries(d.names.spaces)) {
    const en = scenario.world.board.spaces.get(id)?.name;
    const ru = scenario.world.board.id === 'his' ? (namesRu.spaces as Record<string, string>)[id] : en;
    if (t.en !== en || t.ru !== ru) out.push(`${d.kind}: space ${id} is named ${JSON.stringify(t)}`);
  }
  for (const [id, t] of Object.entries(d.names.leaders)) {
    const en = scenario.world.leaders.get(id)?.name;
    const ru = (namesRu.leaders as Record<string, string>)[id] ?? en;
    if (t.en !== en || t.ru !== ru) out.push(`${d.kind}: leader ${id} is named ${JSON.stringify(t)}`);
  }
  for (const b of d.blocked) if (!b.label.en || !b.label.ru) out.push(`${d.kind}: a refused answer without a label`);
  return out;
}

describe('[Session API] every decision of the examples is what `his schema decision` describes', () => {
  const kinds = new Set<DecisionKind>();
  let count = 0;

  // lone-leader-captured asks nothing: every decision of its move is forced (ruling R9).
  test.for(NAMES)(
    '[13.1] %s: every decision, along every listed answer and both ends of every roll',
    // Every listed answer of an example: on a loaded machine more than vitest's 5 s default.
    { timeout: 60_000 },
    (name) => {
      const scenario = parseScenario(source(name));
      const decisions = decisionsOf(scenario);
      count += decisions.length;
      for (const d of decisions) kinds.add(d.kind);
      expect(decisions.flatMap((d) => problems(d, scenario))).toEqual([]);
    },
  );

  test('[13.1 step 1] the worked example without its move asks for the move (kind "move") and fits the schema', () => {
    const rest = Object.entries(source('vienna-1517')).filter(([k]) => k !== 'move' && k !== 'events');
    const scenario = parseScenario(Object.fromEntries(rest));
    const decisions = decisionsOf(scenario, 120);
    expect(decisions[0]?.kind).toBe('move');
    for (const d of decisions) kinds.add(d.kind);
    expect(decisions.flatMap((d) => problems(d, scenario))).toEqual([]);
  });

  test('[13.1] a decision cut to its first answers (600 neighbours) names only what it still shows', () => {
    const ids = ['hub', ...Array.from({ length: 600 }, (_, i) => `s${i}`)];
    const scenario = parseScenario({
      map: {
        spaces: ids.map((id) => ({ id, type: 'unfortified', home: 'ottoman' })),
        connections: ids.slice(1).map((b) => ({ a: 'hub', b })),
      },
      stacks: [{ space: 'hub', power: 'ottoman', regulars: 2 }],
      impulse: { power: 'ottoman', cp: 1 },
    });
    const d = createSession(scenario).pending;
    expect(d?.kind).toBe('move');
    expect(d?.limits).toEqual({ optionsComplete: false, blockedComplete: true });
    expect(problems(d!, scenario)).toEqual([]);
    expect(Object.keys(d!.names.spaces)).toHaveLength(d!.options.length + 1);
  });

  test('[Session API] the examples meet every kind of decision', () => {
    expect(count).toBeGreaterThan(600);
    expect([...kinds].sort()).toEqual([...DECISION_KINDS].sort());
  });
});

describe('[Session API] `his schema decision`', () => {
  const printed = JSON.parse(his('schema', 'decision').stdout);

  test('is the JSON Schema of the zod schema the Decision type is inferred from', () => {
    const { title, ...schema } = printed;
    expect(title).toBe('his-procedures decision');
    expect(schema).toEqual(z.toJSONSchema(DecisionSchema, { io: 'output', unrepresentable: 'any' }));
  });

  type JsonSchema = { [key: string]: any };
  const members: JsonSchema[] = printed.oneOf;
  const member = (kind: string): JsonSchema => members.find((m) => m.properties.kind.const === kind)!;
  const eventTypes = (s: JsonSchema): string[] => (s.oneOf ? s.oneOf.flatMap(eventTypes) : [s.properties.type.const]);

  test('has one member per kind of decision, discriminated by `kind`', () => {
    expect(members.map((m) => m.properties.kind.const).sort()).toEqual([...DECISION_KINDS].sort());
    const common = ['kind', 'power', 'rule', 'prompt', 'options', 'blocked', 'forced', 'machine', 'state', 'names'];
    for (const m of members) expect(m.required).toEqual(expect.arrayContaining(common));
  });

  const answered = DECISION_KINDS.filter((k) => k !== 'roll');
  test.for(answered)("[13.1] %s: its options' events are the events the machines accept for it", (kind) => {
    const event = member(kind).properties.options.items.properties.event;
    expect(eventTypes(event).sort()).toEqual(machineEvents(kind));
  });

  test('[14 step 2] a roll lists no options and always says its dice', () => {
    expect(member('roll').properties.options.maxItems).toBe(0);
    expect(member('roll').required).toContain('roll');
    expect(machineEvents('roll')).toEqual(['dice.rolled']);
  });

  test('says what `limits` hold for each kind', () => {
    const limitKeys = (kind: string): string[] => {
      const l = member(kind).properties.limits;
      return l
        ? Object.keys(l.properties)
            .filter((k) => !k.endsWith('Complete'))
            .sort()
        : [];
    };
    expect(Object.fromEntries(DECISION_KINDS.map((k) => [k, limitKeys(k)]))).toEqual({
      move: [],
      intercept: ['spaces'],
      roll: [],
      avoid: ['available', 'destinations'],
      withdraw: [],
      continue: [],
      casualties: ['groups', 'keepsOne', 'losses', 'oddHits'],
      retreat: ['available', 'destinations', 'insideAvailable', 'insideRoom', 'leadersMayGoInside'],
      card: ['cards', 'destinations', 'eliminate', 'targets', 'window'],
      relief: ['available', 'insideNow'],
    });
    for (const kind of ['intercept', 'avoid', 'casualties', 'retreat', 'card', 'relief']) {
      expect(member(kind).required).toContain('limits');
    }
  });

  test('says what each refused answer names, with its label and registry rule', () => {
    const option = (kind: string) => {
      const items = member(kind).properties.blocked.items;
      return Object.keys(items?.properties?.option?.properties ?? {}).sort();
    };
    expect(Object.fromEntries(DECISION_KINDS.map((k) => [k, option(k)]))).toEqual({
      move: ['from', 'to'],
      intercept: ['from', 'power'],
      roll: [],
      avoid: ['to'],
      withdraw: [],
      continue: ['to'],
      casualties: [],
      retreat: ['to'],
      card: ['card', 'option', 'power'],
      relief: ['power'],
    });
    const blocked = member('avoid').properties.blocked.items;
    expect(blocked.required).toEqual(expect.arrayContaining(['option', 'code', 'rule', 'reason', 'label']));
    expect(new RegExp(blocked.properties.rule.pattern).test('13.4 option 1')).toBe(true);
    expect(new RegExp(blocked.properties.ruling.pattern).test('R11')).toBe(true);
  });

  test('[Session API] its rule references take every key of the rule registry, and only rulings as `ruling`', () => {
    for (const ref of RULE_REFS) expect(RuleRefSchema.safeParse(ref).success, ref).toBe(true);
    for (const ref of RULE_REFS) expect(RulingRefSchema.safeParse(ref).success, ref).toBe(ref.startsWith('R'));
    for (const bad of ['13.2 step', 'ruling R5', 'R', 'x', 5]) expect(RuleRefSchema.safeParse(bad).success).toBe(false);
  });

  test('gives the names of spaces, leaders and powers in both languages', () => {
    const names = member('intercept').properties.names;
    expect(names.required).toEqual(['spaces', 'leaders', 'powers']);
    expect(names.properties.spaces.additionalProperties.required).toEqual(['en', 'ru']);
    expect(names.properties.leaders.additionalProperties.required).toEqual(['en', 'ru']);
    expect(names.properties.powers.propertyNames.enum).toContain('hapsburg');
  });
});

describe('[Session API] the worked example names what it shows', () => {
  test('[13.2 step 1] the Hapsburg interception names Graz, Charles V and both powers, in English and Russian', () => {
    const d = createSession(parseScenario(source('vienna-1517'))).pending!;
    expect(d.kind).toBe('intercept');
    expect(d.names.spaces['graz']).toEqual({ en: 'Graz', ru: 'Грац' });
    expect(d.names.leaders['charles-v']).toEqual({ en: 'Charles V', ru: 'Карл V' });
    expect(d.names.powers.hapsburg).toEqual({ en: 'Hapsburg', ru: 'Габсбурги' });
  });
});
