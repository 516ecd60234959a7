// Property: the incremental candidate search of 13.2 (src/rules/interception.ts, verdicts kept per move and power,
// judged again only where a step changed something) gives what the straightforward search gives — every adjacent
// space judged again at every question, as the search was written before (kept here as the reference) — along
// random moves played through the session, at every state of the interception procedure, asked in the order the
// game reached them and again in a shuffled order (as the explorer's branches ask).
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import { withoutGoutyLeaders } from '../../src/rules/cards.ts';
import { largestFormation } from '../../src/rules/formation.ts';
import {
  FORMATION_RESTRICTIONS,
  interceptionCandidates,
  interceptorStacks,
  nextInterceptor,
  POWER_RESTRICTIONS,
  SPACE_RESTRICTIONS,
  type BlockedCandidate,
  type InterceptArgs,
  type InterceptionCandidate,
  type InterceptionState,
} from '../../src/rules/interception.ts';
import { majorOf } from '../../src/rules/relations.ts';
import { stacksWhere, type Stack } from '../../src/rules/stacks.ts';
import { checkAll } from '../../src/rules/verdict.ts';
import type { World } from '../../src/rules/world.ts';
import { MAJOR_POWERS, type MajorPower, type Power } from '../../src/schema/power.ts';
import { landUnitCount, type Units } from '../../src/schema/units.ts';
import { accepted, scenarioArb, type ScenarioJson, type StackJson } from './arbitraries.ts';
import { params, runs, seedArb, timeoutFor } from './drive.ts';

const NUM_RUNS = runs(60);
const NONE: Units = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };

// ---------------------------------------------------------------------------------------------------------------
// The reference: the search as it was, every adjacent space judged at every question.

function referenceGroupStacks(world: World, power: Power, space: string): Stack[] {
  const major = majorOf(world.position, power);
  return stacksWhere(world.position, { space })
    .filter((s) => major !== undefined && majorOf(world.position, s.power) === major)
    .sort(
      (a, b) =>
        Number(a.power !== power) - Number(b.power !== power) ||
        Number(a.attemptedInterception) - Number(b.attemptedInterception),
    );
}

function referenceCandidates(
  world: World,
  state: InterceptionState,
  power: MajorPower,
  first = false,
): { candidates: InterceptionCandidate[]; blocked: BlockedCandidate[] } {
  const candidates: InterceptionCandidate[] = [];
  const blocked: BlockedCandidate[] = [];
  const dest = world.board.spaces.get(state.leg.to);
  const byPower = checkAll(POWER_RESTRICTIONS, world, {
    ...state,
    asking: power,
    power,
    from: state.leg.to,
    request: NONE,
  });
  for (const from of dest?.neighbours ?? []) {
    const all = referenceGroupStacks(world, power, from);
    if (all.length === 0) continue;
    if (!byPower.ok) {
      blocked.push({ power, from, refusal: byPower });
      continue;
    }
    const bySpace = checkAll(SPACE_RESTRICTIONS, world, { ...state, asking: power, power, from, request: NONE });
    if (!bySpace.ok) {
      blocked.push({ power, from, refusal: bySpace });
      continue;
    }
    const eligible = withoutGoutyLeaders(world, interceptorStacks(world, power, from, state.leg));
    const total = eligible.reduce((a, s) => a + landUnitCount(s) + s.leaders.length, 0);
    const request = total > 0 ? largestFormation(world, eligible) : largestFormation(world, all);
    const args: InterceptArgs = { ...state, asking: power, power, from, request };
    const formation = checkAll(FORMATION_RESTRICTIONS, world, args);
    if (formation.ok) {
      candidates.push({ power, from, stacks: eligible });
      if (first) break;
    } else blocked.push({ power, from, refusal: formation });
  }
  return { candidates, blocked };
}

function referenceNext(world: World, state: InterceptionState): MajorPower | undefined {
  for (const power of MAJOR_POWERS) {
    if (power === state.leg.power) continue;
    const args: InterceptArgs = { ...state, asking: power, power, from: state.leg.to, request: NONE };
    if (!checkAll(POWER_RESTRICTIONS, world, args).ok) continue;
    if (referenceCandidates(world, state, power, true).candidates.length > 0) return power;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Hubs: many interceptors around one destination, of several powers and groups (an active minor with its major),
// with marked units (ruling R12), passes (2.5), fortresses with units inside and under siege (15), and leaders.

const INTERCEPTORS = ['hapsburg', 'hungary', 'france', 'papacy'] as const;

const spokeArb = fc.record({
  fortified: fc.boolean(),
  pass: fc.nat({ max: 4 }).map((n) => n === 0),
  stacks: fc.array(
    fc.record({
      power: fc.constantFrom(...INTERCEPTORS),
      regulars: fc.nat({ max: 3 }),
      leader: fc.nat({ max: 3 }).map((n) => n === 0),
      inside: fc.boolean(),
      marked: fc.nat({ max: 3 }).map((n) => n === 0),
    }),
    { maxLength: 2 },
  ),
  besieged: fc.boolean(),
});

const LEADER_OF: Partial<Record<(typeof INTERCEPTORS)[number], string>> = {
  hapsburg: 'ferdinand',
  france: 'montmorency',
};

const hubCandidates: fc.Arbitrary<ScenarioJson> = fc
  .record({
    spokes: fc.array(spokeArb, { minLength: 2, maxLength: 12 }),
    franceAtWar: fc.boolean(),
    papacyAtWar: fc.boolean(),
    hungaryAllied: fc.boolean(),
  })
  .map(({ spokes, franceAtWar, papacyAtWar, hungaryAllied }): ScenarioJson => {
    const ids = spokes.map((_, i) => `s${i}`);
    const stacks: StackJson[] = [{ space: 'origin', power: 'ottoman', regulars: 4 }];
    const sieges: ScenarioJson['sieges'] = [];
    const led = new Set<string>();
    spokes.forEach((sp, i) => {
      const space = ids[i]!;
      let inside = false;
      const seen = new Set<string>();
      for (const st of sp.stacks) {
        // Only the controller's group holds the fortifications (the Hapsburg's, with its Hungarian ally or not).
        const goesInside = sp.fortified && st.inside && st.power === 'hapsburg';
        const key = `${st.power}|${goesInside}|${st.marked}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const leader = LEADER_OF[st.power];
        const withLeader = st.leader && leader !== undefined && !led.has(leader);
        if (withLeader) led.add(leader);
        inside ||= goesInside;
        stacks.push({
          space,
          power: st.power,
          regulars: st.regulars + (st.regulars === 0 && !withLeader ? 1 : 0),
          ...(withLeader ? { leaders: [leader] } : {}),
          ...(goesInside ? { inside: true } : {}),
          ...(st.marked ? { attemptedInterception: true } : {}),
        });
      }
      if (inside && sp.besieged) {
        stacks.push({ space, power: 'ottoman', regulars: 3 });
        sieges.push({ space, by: ['ottoman'] });
      }
    });
    return {
      map: {
        spaces: [
          // Independent: every power at war with the mover may enter it (13.2, INT-14).
          { id: 'hub', type: 'unfortified', home: 'independent' },
          { id: 'origin', type: 'unfortified', home: 'ottoman' },
          ...spokes.map((sp, i) => ({
            id: ids[i]!,
            type: sp.fortified ? ('fortress' as const) : ('unfortified' as const),
            home: 'hapsburg' as const,
          })),
        ],
        connections: [
          { a: 'origin', b: 'hub' },
          ...spokes.map((sp, i) => ({ a: 'hub', b: ids[i]!, ...(sp.pass ? { kind: 'pass' as const } : {}) })),
        ],
      },
      war: [
        ['ottoman', 'hapsburg'],
        ...(franceAtWar ? [['ottoman', 'france'] as [Power, Power]] : []),
        ...(papacyAtWar ? [['ottoman', 'papacy'] as [Power, Power]] : []),
      ],
      alliances: hungaryAllied ? [['hapsburg', 'hungary']] : [],
      control: {},
      unrest: [],
      bonuses: {},
      stacks,
      sieges,
      captured: [],
      impulse: { power: 'ottoman', cp: 1 },
      move: { from: 'origin', to: 'hub', regulars: 4 },
    };
  });
const hubArb = hubCandidates.filter(accepted);

// ---------------------------------------------------------------------------------------------------------------
// The states: every context the interception procedure took along a random move.

type Context = InterceptionState & { readonly world: World };

function isInterceptionContext(v: unknown): v is Context {
  return !!v && typeof v === 'object' && 'leg' in v && 'usedSpaces' in v && 'declined' in v && 'world' in v;
}

/** The context of the state the session waits in (a decision or a roll), as test/engine/registry.test.ts reads it. */
function waitingContext(session: Session): unknown {
  return (session as unknown as { waiting(): { context: unknown } | undefined }).waiting()?.context;
}

function play(json: ScenarioJson, seed: number, g: fc.GeneratorValue): Context[] {
  const contexts: Context[] = [];
  const session = createSession(parseScenario(json), { seed });
  for (let step = 0; step < 120 && session.pending; step++) {
    const context = waitingContext(session);
    if (isInterceptionContext(context)) contexts.push(context);
    // The built-in policies answer from the bare answers (read first: once built, the decision is what they read).
    const bare = session.bareDecision();
    const d = session.pending;
    if (d.kind === 'intercept') expect(bare?.options.map((o) => o.event)).toEqual(d.options.map((o) => o.event));
    if (d.kind === 'roll') {
      // Interception rolls succeed often enough for 13.2 step 3 (only the successful power tries again) to be met.
      const n = d.roll?.dice ?? 0;
      const sure = d.roll?.purpose === 'interception' && g(fc.boolean);
      const r = sure
        ? session.send({ type: 'dice.rolled', values: Array.from({ length: n }, () => 6) })
        : session.roll();
      if (!r.ok) break;
      continue;
    }
    const pick = g(fc.nat, { max: Math.max(0, d.options.length - 1) });
    const option = d.options[pick] ?? d.options[0];
    if (!option || !session.send(option.event).ok) break;
  }
  return contexts;
}

function expectSame(c: Context): void {
  for (const power of MAJOR_POWERS) {
    if (power === c.leg.power) continue;
    expect(interceptionCandidates(c.world, c, power)).toEqual(referenceCandidates(c.world, c, power));
    expect(interceptionCandidates(c.world, c, power, true)).toEqual(referenceCandidates(c.world, c, power, true));
  }
  expect(nextInterceptor(c.world, c)).toEqual(referenceNext(c.world, c));
}

function comparedAlong(arb: fc.Arbitrary<ScenarioJson>, numRuns: number): { states: number; attempts: number } {
  let states = 0;
  let attempts = 0;
  fc.assert(
    fc.property(arb, seedArb, fc.gen(), (json, seed, g) => {
      const contexts = play(json, seed, g);
      states += contexts.length;
      attempts += contexts.filter((c) => c.usedSpaces.length > 0).length;
      for (const c of contexts) expectSame(c);
      const order = g(fc.shuffledSubarray<Context>, contexts, { minLength: contexts.length });
      for (const c of order) expectSame(c);
    }),
    params(numRuns),
  );
  return { states, attempts };
}

test(
  '[13.2] the incremental candidate search equals the straightforward one at every state of random moves',
  { timeout: timeoutFor(NUM_RUNS, 60) },
  () => {
    const { states, attempts } = comparedAlong(scenarioArb(), NUM_RUNS);
    // The runs must meet interceptions at all, and attempts made, for the comparison to mean anything.
    expect(states).toBeGreaterThan(0);
    expect(attempts).toBeGreaterThan(0);
  },
);

test(
  '[13.2] [ruling R12] the incremental candidate search equals the straightforward one around hubs of many interceptors',
  { timeout: timeoutFor(NUM_RUNS, 100) },
  () => {
    const { states, attempts } = comparedAlong(hubArb, NUM_RUNS);
    // Hubs make many attempts in a row: most states come after one.
    expect(attempts).toBeGreaterThan(NUM_RUNS);
    expect(states).toBeGreaterThan(attempts);
  },
);

test("[13.2] the bare answers of a 600-spoke hub are its decision's options, cut where the decision is cut", () => {
  const n = 600;
  const spokes = Array.from({ length: n }, (_, i) => `s${i}`);
  const session = createSession(
    parseScenario({
      map: {
        spaces: [
          { id: 'hub', type: 'unfortified', home: 'hapsburg' },
          { id: 'origin', type: 'unfortified', home: 'ottoman' },
          ...spokes.map((id) => ({ id, type: 'unfortified', home: 'hapsburg' })),
        ],
        connections: [{ a: 'origin', b: 'hub' }, ...spokes.map((id) => ({ a: 'hub', b: id }))],
      },
      war: [['ottoman', 'hapsburg']],
      stacks: [
        { space: 'origin', power: 'ottoman', regulars: 4 },
        ...spokes.map((space) => ({ space, power: 'hapsburg', regulars: 1 })),
      ],
      impulse: { power: 'ottoman', cp: 1 },
      move: { from: 'origin', to: 'hub', regulars: 4 },
    }),
  );
  const bare = session.bareDecision()?.options.map((o) => o.event);
  const d = session.pending;
  expect(d?.kind).toBe('intercept');
  expect(d?.limits?.optionsComplete).toBe(false);
  expect(bare).toEqual(d?.options.map((o) => o.event));
  expect(bare).toHaveLength(500);
  expect(bare?.at(-1)).toEqual({ type: 'intercept.decline', power: 'hapsburg' });
});
