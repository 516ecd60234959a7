// fast-check arbitraries for random VALID scenarios (inputs of parseScenario), built as "recipe → scenario": the
// recipe is plain numbers and booleans (so fast-check shrinks it towards fewer stacks, smaller counts, the bundled
// board), `buildScenario` turns it into scenario JSON deterministically and repairs what the validator would refuse
// (unit types per power, garrisons only in friendly fortifications, at most 4 inside, no enemies face to face, the
// sieges a position needs, a move inside its command limit and CP). What the repair cannot see is left to
// parseScenario: `scenarioArb` keeps the candidates it accepts (see generator.test.ts for the acceptance rate).
import fc from 'fast-check';
import { hisBoard, hisLeaderTable, parseScenario, ScenarioError } from '../../src/index.ts';
import { SUPPORTED_CARDS } from '../../src/rules/cards.ts';
import {
  areAllied,
  areAtWar,
  isFriendly,
  MAJOR_POWERS,
  MINOR_POWERS,
  POWERS,
  type MajorPower,
  type MinorPower,
  type Power,
} from './relations.ts';

// ---------------------------------------------------------------------------------------------------------------
// Plain JSON shapes (what a host would write)

export interface StackJson {
  space: string;
  power: Power;
  regulars?: number;
  mercenaries?: number;
  cavalry?: number;
  leaders?: string[];
  inside?: boolean;
  lostBattle?: boolean;
  attemptedInterception?: boolean;
}

export interface SpaceJson {
  id: string;
  type: 'capital' | 'key' | 'electorate' | 'fortress' | 'unfortified';
  home: Power;
}

export interface ScenarioJson {
  map?: 'his' | { spaces: SpaceJson[]; connections: { a: string; b: string; kind?: 'clear' | 'pass' }[] };
  schmalkaldicLeague?: false;
  war: [Power, Power][];
  alliances: [Power, Power][];
  control: Record<string, Power>;
  unrest: string[];
  bonuses: Partial<Record<Power, 'telescope'[]>>;
  hands?: Partial<Record<MajorPower, string[]>>;
  stacks: StackJson[];
  sieges: { space: string; by: Power[]; thisImpulse?: boolean }[];
  captured: { leader: string; by: Power }[];
  impulse: { power: MajorPower; cp: number };
  move?: { from: string; to: string; regulars?: number; mercenaries?: number; cavalry?: number; leaders?: string[] };
}

// ---------------------------------------------------------------------------------------------------------------
// A small board model shared by the bundled map and inline maps

interface BoardModel {
  readonly ids: readonly string[];
  readonly fortified: (id: string) => boolean;
  readonly home: (id: string) => Power;
  readonly neighbours: (id: string) => readonly string[];
  readonly isPass: (a: string, b: string) => boolean;
}

const HIS = hisBoard();
const HIS_IDS = [...HIS.spaces.keys()].filter((id) => HIS.spaces.get(id)!.neighbours.length > 0).sort();
const HIS_FORTIFIED = HIS_IDS.filter((id) => HIS.spaces.get(id)!.fortified);
/** 21.6: the spaces next to an electorate (the electorates themselves are closed to every mover before the League). */
const HIS_NEAR_ELECTORATES = HIS_IDS.filter(
  (id) =>
    HIS.spaces.get(id)!.type !== 'electorate' &&
    HIS.spaces.get(id)!.neighbours.some((n) => HIS.spaces.get(n)?.type === 'electorate'),
);
const HIS_NEAR_ELECTORATES_FORTIFIED = HIS_NEAR_ELECTORATES.filter((id) => HIS.spaces.get(id)!.fortified);

const hisModel: BoardModel = {
  ids: HIS_IDS,
  fortified: (id) => HIS.spaces.get(id)?.fortified ?? false,
  home: (id) => HIS.spaces.get(id)?.home ?? 'independent',
  neighbours: (id) => HIS.spaces.get(id)?.neighbours ?? [],
  isPass: (a, b) => HIS.spaces.get(a)?.passes.includes(b) ?? false,
};

function inlineModel(map: NonNullable<Exclude<ScenarioJson['map'], 'his'>>): BoardModel {
  const byId = new Map(map.spaces.map((s) => [s.id, s]));
  const nb = new Map<string, Set<string>>(map.spaces.map((s) => [s.id, new Set<string>()]));
  const passes = new Set<string>();
  for (const c of map.connections) {
    nb.get(c.a)?.add(c.b);
    nb.get(c.b)?.add(c.a);
    if (c.kind === 'pass') passes.add(`${c.a}|${c.b}`).add(`${c.b}|${c.a}`);
  }
  return {
    ids: map.spaces.map((s) => s.id),
    fortified: (id) => (byId.get(id)?.type ?? 'unfortified') !== 'unfortified',
    home: (id) => byId.get(id)?.home ?? 'independent',
    neighbours: (id) => [...(nb.get(id) ?? [])].sort(),
    isPass: (a, b) => passes.has(`${a}|${b}`),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Leaders

const LEADERS = hisLeaderTable();
export const LEADER_IDS = [...LEADERS.keys()].sort();

/** Leaders that may lead `power`'s stacks (5.1): their own counters, Maurice for the Hapsburgs, the renegade. */
export function leadersFor(power: Power): string[] {
  if (!(MAJOR_POWERS as readonly Power[]).includes(power)) return [];
  return LEADER_IDS.filter((id) => {
    const l = LEADERS.get(id)!;
    return l.power === power || l.alsoServes.includes(power) || l.power === 'any';
  });
}

export function commandOf(id: string): number {
  return LEADERS.get(id)?.command ?? 0;
}

/** 5.1: no leader 4; one leader his rating; two or more the two highest ratings. */
export function commandLimitOf(leaders: readonly string[]): number {
  const r = leaders.map(commandOf).sort((a, b) => b - a);
  if (r.length === 0) return 4;
  if (r.length === 1) return r[0]!;
  return r[0]! + r[1]!;
}

// ---------------------------------------------------------------------------------------------------------------
// Recipes

/** Who a stack (or a controller, or a home) belongs to, relative to the active power. */
export const ROLES = ['A', 'Aminor', 'Aally', 'E', 'Eminor', 'Eally', 'inactive', 'neutral', 'independent'] as const;
export type Role = (typeof ROLES)[number];

/** Where: the destination, the origin, a neighbour of the destination, a space two steps away. */
export interface Slot {
  ring: 0 | 1 | 2 | 3;
  k: number;
}

export interface StackRecipe {
  slot: Slot;
  role: Role;
  pick: number;
  regulars: number;
  mercenaries: number;
  cavalry: number;
  leaders: number;
  lone: boolean;
  inside: boolean;
  lostBattle: boolean;
  attempted: boolean;
}

export interface InlineRecipe {
  n: number;
  idStyle: number;
  parents: number[];
  extra: [number, number][];
  passes: boolean[];
  types: number[];
  homes: Role[];
  special: number;
}

export interface Recipe {
  board: { kind: 'his'; to: number; from: number; fortifiedTo: boolean } | { kind: 'inline'; map: InlineRecipe };
  active: number;
  relations: number[]; // for the five other majors: 0–2 war, 3 ally, 4 neutral
  pairs: [number, number, number][]; // other majors among themselves: [i, j, 0 none | 1 war | 2 alliance]
  minors: { ally: number; warWithActive: boolean }[]; // ally: -1 none, 0–5 a major (index into MAJOR_POWERS)
  controls: { slot: Slot; role: Role; pick: number }[];
  mover: StackRecipe;
  dest: StackRecipe[];
  ring: StackRecipe[];
  extra: StackRecipe[];
  unrest: Slot[];
  telescope: Role[];
  captured: number;
  leaderShuffle: number[];
  move: { present: boolean; regulars: number; mercenaries: number; cavalry: number; leaderMask: number; lone: boolean };
  cp: number;
  siegeThisImpulse: boolean;
  /** 0: leave the destination's control alone; 1–2: the first destination stack's power controls it. */
  destControl: number;
  /** A coalition: the first enemy gets a major ally, whose stack stands beside the destination's first stack. */
  coalition: { on: boolean; partner: number; stack: StackRecipe };
  /** 0: leave the origin's control alone; 1–2: the active power controls it. */
  fromControl: number;
}

export interface GenOptions {
  /** Use ids like `constructor` in inline maps (the engine is known to crash on them). */
  readonly specialIds?: boolean;
  /** Share of inline maps (0–1), default 0.35. */
  readonly inlineShare?: number;
  /** Keep relations that contradict themselves (at war with a minor and allied to its major). */
  readonly contradictory?: boolean;
  /**
   * 'defended-fortress': the destination is a fortified space held by the enemy whose stack stands outside in it.
   * 'sieges': biased to sieges, multi-power battles, withdrawals and 13.4's options — a fortified destination with
   * a garrison and defenders of several powers outside, the mover's own units or another power's outside it (a siege
   * to join, break or beat), garrisons and besiegers next to it, and CP to move on.
   * 'relief': relief forces (15.2, ruling R35) — a fortified destination the mover's side controls, a garrison of the
   * mover's power inside (now and then with one of its active minor's or an allied major's), enemy besiegers outside
   * who outnumber it (the siege the repair lists), and the mover's formation next to it.
   */
  readonly focus?: 'defended-fortress' | 'sieges' | 'relief';
  /**
   * Positions before the Schmalkaldic League (21.6, ruling R34): `"schmalkaldicLeague": false`, no war with the
   * Protestant, and destinations next to an electorate (on the bundled board, one of the spaces adjacent to the six
   * electorates; on an inline map, a third space of type `electorate`), so that moves, avoids, retreats and moving on
   * meet the restrictions; the Protestant takes part as any power of the cast (an enemy's ally, a bystander, the mover).
   */
  readonly league?: boolean;
  /** Multiply land unit counts of stationary stacks (for the bounded-work property)… */
  readonly scale?: number;
  /** … up to this many units of one type in a stack. */
  readonly maxCount?: number;
}

const count = (small: number, big: number) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 0, max: small }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: big }) },
  );

const slotArb = (rings: (0 | 1 | 2 | 3)[]): fc.Arbitrary<Slot> =>
  fc.record({ ring: fc.constantFrom(...rings), k: fc.nat({ max: 40 }) });

const roleArb = (weights: Partial<Record<Role, number>>): fc.Arbitrary<Role> =>
  fc.oneof(
    ...Object.entries(weights).map(([role, weight]) => ({ weight: weight!, arbitrary: fc.constant(role as Role) })),
  );

function stackArb(rings: (0 | 1 | 2 | 3)[], roles: Partial<Record<Role, number>>): fc.Arbitrary<StackRecipe> {
  return fc.record({
    slot: slotArb(rings),
    role: roleArb(roles),
    pick: fc.nat({ max: 5 }),
    regulars: count(5, 12),
    mercenaries: count(2, 5),
    cavalry: count(2, 4),
    leaders: fc.oneof(
      { weight: 3, arbitrary: fc.constant(0) },
      { weight: 2, arbitrary: fc.integer({ min: 1, max: 2 }) },
    ),
    lone: fc.constant(false),
    inside: fc.boolean(),
    lostBattle: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    attempted: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  });
}

/** `lone` is true for about one stack in seven. */
function withLone(a: fc.Arbitrary<StackRecipe>): fc.Arbitrary<StackRecipe> {
  return fc.tuple(a, fc.nat({ max: 6 })).map(([s, l]) => ({ ...s, lone: l === 0 }));
}

const inlineArb: fc.Arbitrary<InlineRecipe> = fc.integer({ min: 3, max: 8 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    idStyle: fc.nat({ max: 2 }),
    parents: fc.array(fc.nat({ max: 7 }), { minLength: n, maxLength: n }),
    extra: fc.array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 })), { maxLength: n }),
    passes: fc.array(
      fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      { minLength: 2 * n, maxLength: 2 * n },
    ),
    types: fc.array(fc.nat({ max: 9 }), { minLength: n, maxLength: n }),
    homes: fc.array(
      roleArb({ A: 2, E: 3, Eminor: 1, inactive: 1, independent: 1, Aally: 1, neutral: 1, Aminor: 1, Eally: 1 }),
      { minLength: n, maxLength: n },
    ),
    special: fc.nat({ max: n - 1 }),
  }),
);

function focused(r: Recipe, opts: GenOptions): Recipe {
  if (opts.focus === 'sieges') return sieged(r);
  if (opts.focus === 'relief') return relieved(r);
  if (opts.focus !== 'defended-fortress') return r;
  const board: Recipe['board'] =
    r.board.kind === 'his'
      ? { ...r.board, fortifiedTo: true }
      : { kind: 'inline', map: { ...r.board.map, types: [5, ...r.board.map.types.slice(1)] } };
  const first: StackRecipe = {
    ...(r.dest[0] ?? r.mover),
    slot: { ring: 0, k: 0 },
    role: 'E',
    lone: false,
    inside: false,
    mercenaries: Math.max(1, r.dest[0]?.mercenaries ?? 1),
    regulars: Math.max(1, r.dest[0]?.regulars ?? 1),
  };
  return { ...r, board, destControl: 2, dest: [first, ...r.dest.slice(1)] };
}

/** The 'sieges' focus: see GenOptions. Only fortified destinations, more stacks in and around them, CP to move on. */
function sieged(r: Recipe): Recipe {
  const board: Recipe['board'] =
    r.board.kind === 'his'
      ? { ...r.board, fortifiedTo: true }
      : { kind: 'inline', map: { ...r.board.map, types: [7, 5, ...r.board.map.types.slice(2)] } };
  const base = r.dest[0] ?? r.mover;
  const upTo = (n: number, max: number) => 1 + (n % max);
  // Few enough defenders that they may withdraw (13.4: four units at most), often fewer than the mover (a siege).
  const garrison: StackRecipe = {
    ...base,
    slot: { ring: 0, k: 0 },
    role: 'E',
    lone: false,
    inside: true,
    regulars: upTo(base.regulars, 2),
    mercenaries: 0,
    cavalry: 0,
  };
  const outside: StackRecipe = {
    ...base,
    slot: { ring: 0, k: 1 },
    role: base.pick % 3 === 0 ? 'Eally' : 'E',
    lone: false,
    inside: false,
    regulars: upTo(base.mercenaries + base.pick, 2),
    mercenaries: 0,
    cavalry: 0,
  };
  // Every other recipe: the mover's side already outside the destination (a siege to join, break or beat).
  const besieger: StackRecipe = {
    ...base,
    slot: { ring: 0, k: 2 },
    role: base.pick % 2 ? 'A' : 'Aally',
    lone: false,
    inside: false,
    regulars: base.regulars + 2,
  };
  const dest = base.cavalry % 2 === 0 ? [garrison, outside, besieger] : [garrison, outside];
  const ring = r.ring.map((s, i) => ({ ...s, inside: i % 2 === 0 ? s.inside : true }));
  return { ...r, board, destControl: 2, dest, ring, coalition: { ...r.coalition, on: true }, cp: Math.max(r.cp, 2) };
}

/** The 'relief' focus: see GenOptions. The garrison is the mover's power's; the besiegers outnumber it. */
function relieved(r: Recipe): Recipe {
  const board: Recipe['board'] =
    r.board.kind === 'his'
      ? { ...r.board, fortifiedTo: true }
      : { kind: 'inline', map: { ...r.board.map, types: [7, 5, ...r.board.map.types.slice(2)] } };
  const base = r.dest[0] ?? r.mover;
  const upTo = (n: number, max: number) => 1 + (n % max);
  const garrison: StackRecipe = {
    ...base,
    slot: { ring: 0, k: 0 },
    role: 'A',
    lone: false,
    inside: true,
    regulars: upTo(base.regulars, 3),
    mercenaries: base.pick % 4 === 1 ? 1 : 0,
    cavalry: 0,
  };
  // A second stack inside now and then: the mover's active minor (it may join) or an allied major (it may not).
  const second: StackRecipe = {
    ...garrison,
    slot: { ring: 0, k: 1 },
    role: base.pick % 2 === 0 ? 'Aminor' : 'Aally',
    leaders: 0,
    regulars: 1,
    mercenaries: 0,
  };
  const besiegers: StackRecipe = {
    ...base,
    slot: { ring: 0, k: 2 },
    role: base.pick % 5 === 0 ? 'Eally' : 'E',
    lone: false,
    inside: false,
    regulars: 4 + (base.regulars % 4),
    cavalry: base.cavalry % 2,
  };
  const dest = base.pick % 3 === 0 ? [garrison, second, besiegers] : [garrison, besiegers];
  const mover = { ...r.mover, lone: false, regulars: Math.max(1, r.mover.regulars) };
  return {
    ...r,
    board,
    destControl: 2,
    dest,
    mover,
    move: { ...r.move, present: true, lone: false },
    cp: Math.max(r.cp, 1),
  };
}

export function recipeArb(opts: GenOptions = {}): fc.Arbitrary<Recipe> {
  return baseRecipeArb(opts).map((r) => focused(r, opts));
}

function baseRecipeArb(opts: GenOptions): fc.Arbitrary<Recipe> {
  const inlineShare = opts.inlineShare ?? 0.35;
  const w = Math.round(inlineShare * 20);
  const boardArb = fc.oneof(
    {
      weight: 20 - w,
      arbitrary: fc.record({
        kind: fc.constant('his' as const),
        to: fc.nat({ max: 200 }),
        from: fc.nat({ max: 10 }),
        fortifiedTo: fc.boolean(),
      }),
    },
    { weight: w, arbitrary: fc.record({ kind: fc.constant('inline' as const), map: inlineArb }) },
  );
  return fc.record({
    board: boardArb,
    active: fc.nat({ max: 5 }),
    relations: fc.array(fc.nat({ max: 4 }), { minLength: 5, maxLength: 5 }),
    pairs: fc.array(fc.tuple(fc.nat({ max: 4 }), fc.nat({ max: 4 }), fc.nat({ max: 2 })), { maxLength: 4 }),
    minors: fc.array(fc.record({ ally: fc.integer({ min: -1, max: 5 }), warWithActive: fc.boolean() }), {
      minLength: 4,
      maxLength: 4,
    }),
    controls: fc.array(
      fc.record({
        slot: slotArb([0, 1, 2, 3]),
        role: roleArb({
          A: 3,
          Aally: 1,
          Aminor: 1,
          E: 4,
          Eminor: 1,
          Eally: 1,
          inactive: 2,
          independent: 1,
          neutral: 1,
        }),
        pick: fc.nat({ max: 5 }),
      }),
      { maxLength: 5 },
    ),
    mover: stackArb([1], { A: 5, Aminor: 1 }).chain((s) =>
      fc.integer({ min: 1, max: 12 }).map((regulars) => ({ ...s, regulars: Math.max(s.regulars, regulars) })),
    ),
    dest: fc.array(
      withLone(
        stackArb([0], {
          E: 6,
          Eminor: 2,
          Eally: 1,
          inactive: 3,
          independent: 1,
          neutral: 1,
          A: 1,
          Aally: 1,
          Aminor: 1,
        }),
      ),
      { maxLength: 3 },
    ),
    ring: fc.array(withLone(stackArb([2], { E: 8, Eminor: 1, Eally: 1, A: 1, Aally: 1, neutral: 1, inactive: 1 })), {
      minLength: 1,
      maxLength: 4,
    }),
    extra: fc.array(
      withLone(
        stackArb([0, 1, 2, 3], {
          A: 2,
          Aminor: 1,
          Aally: 1,
          E: 3,
          Eminor: 1,
          Eally: 1,
          inactive: 1,
          neutral: 1,
          independent: 1,
        }),
      ),
      { maxLength: 4 },
    ),
    unrest: fc.array(slotArb([0, 1, 2, 3]), { maxLength: 2 }),
    telescope: fc.array(roleArb({ A: 1, E: 1 }), { maxLength: 1 }),
    captured: fc.nat({ max: 2 }),
    leaderShuffle: fc.array(fc.nat({ max: 1000 }), { minLength: LEADER_IDS.length, maxLength: LEADER_IDS.length }),
    move: fc.record({
      present: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      regulars: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
      mercenaries: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
      cavalry: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
      leaderMask: fc.nat({ max: 7 }),
      lone: fc.oneof({ weight: 12, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    }),
    cp: fc.integer({ min: 1, max: 4 }),
    siegeThisImpulse: fc.oneof(
      { weight: 4, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
    destControl: fc.nat({ max: 2 }),
    coalition: fc.record({
      on: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      partner: fc.nat({ max: 4 }),
      stack: withLone(stackArb([0], { Eally: 1 })),
    }),
    fromControl: fc.nat({ max: 2 }),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Building a scenario from a recipe

const SPACE_TYPES = [
  'unfortified',
  'unfortified',
  'unfortified',
  'unfortified',
  'unfortified',
  'key',
  'key',
  'fortress',
  'capital',
  'electorate',
] as const;
const WORDS = ['arles', 'brest', 'corte', 'dax', 'enna', 'foix', 'gap', 'hyeres', 'ivrea', 'jaca'];

interface Relations {
  war: [Power, Power][];
  alliances: [Power, Power][];
}

interface Cast {
  readonly A: MajorPower;
  readonly byRole: Record<Role, Power[]>;
}

function pair<T>(a: T, b: T): [T, T] {
  return [a, b];
}

function buildRelations(r: Recipe, opts: GenOptions): { rel: Relations; cast: Cast } {
  const A = MAJOR_POWERS[r.active]!;
  const others = MAJOR_POWERS.filter((p) => p !== A);
  const war: [Power, Power][] = [];
  const alliances: [Power, Power][] = [];
  const rel = (p: Power) => r.relations[others.indexOf(p as MajorPower)] ?? 4;
  others.forEach((p) => {
    const k = rel(p);
    if (k <= 2) war.push(pair<Power>(A, p));
    else if (k === 3) alliances.push(pair<Power>(A, p));
  });
  if (!war.some(([a]) => a === A)) war.push(pair<Power>(A, others[r.active % others.length]!));
  const listed = (a: Power, b: Power) =>
    [...war, ...alliances].some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  for (const [i, j, kind] of r.pairs) {
    const a = others[i]!,
      b = others[j]!;
    if (a === b || kind === 0 || listed(a, b)) continue;
    (kind === 1 ? war : alliances).push(pair<Power>(a, b));
  }
  MINOR_POWERS.forEach((m: MinorPower, i) => {
    const spec = r.minors[i] ?? { ally: -1, warWithActive: false };
    const ally = spec.ally >= 0 ? MAJOR_POWERS[spec.ally]! : undefined;
    if (ally) alliances.push(pair<Power>(ally, m));
    // only an inactive minor is at war on its own; an active one is at war exactly as its major (22.3)
    if (spec.warWithActive && (!ally || opts.contradictory)) war.push(pair<Power>(A, m));
  });
  // Unless asked for, no pair of powers is both at war and allied once a minor shares its major's relations (22.3):
  // the validator accepts such scenarios (e.g. war with Hungary and alliance with its Hapsburg ally), but they
  // contradict themselves and every rule reading them is moot.
  if (!opts.contradictory) {
    for (let i = war.length - 1; i >= 0; i--) {
      const [a, b] = war[i]!;
      if (areAllied({ war, alliances }, a, b)) war.splice(i, 1);
    }
    if (!war.some(([a, b]) => (a === A || b === A) && (MAJOR_POWERS as readonly Power[]).includes(a === A ? b : a))) {
      const e = others.find((p) => !areAllied({ war, alliances }, A, p));
      if (e) war.push(pair<Power>(A, e));
    }
  }
  if (r.coalition.on) {
    const enemy = others.find((p) => war.some(([a, b]) => (a === A && b === p) || (b === A && a === p)));
    const candidates = others.filter(
      (p) => p !== enemy && !areAtWar({ war, alliances }, p, enemy ?? A) && !areAllied({ war, alliances }, A, p),
    );
    const partner = candidates[r.coalition.partner % Math.max(1, candidates.length)];
    if (enemy && partner && !areAllied({ war, alliances }, enemy, partner)) alliances.push(pair<Power>(enemy, partner));
  }
  const relations = { war, alliances };
  const majorsAtWar = others.filter((p) => areAtWar(relations, A, p));
  const majorAllies = others.filter((p) => areAllied(relations, A, p));
  const minorOf = (major: Power) =>
    MINOR_POWERS.filter((m) => alliances.some(([x, y]) => (x === major && y === m) || (y === major && x === m)));
  const byRole: Record<Role, Power[]> = {
    A: [A],
    Aminor: minorOf(A),
    Aally: majorAllies,
    E: majorsAtWar,
    Eminor: majorsAtWar.flatMap(minorOf),
    Eally: others.filter(
      (p) =>
        !majorsAtWar.includes(p) && !majorAllies.includes(p) && majorsAtWar.some((e) => areAllied(relations, e, p)),
    ),
    inactive: MINOR_POWERS.filter((m) => !alliances.some(([x, y]) => x === m || y === m)),
    neutral: others.filter((p) => !areAtWar(relations, A, p) && !areAllied(relations, A, p)),
    independent: ['independent'],
  };
  return { rel: relations, cast: { A, byRole } };
}

/** The power a role stands for, falling back to nearby roles when the cast has nobody in it. */
function powerOf(cast: Cast, role: Role, pick: number): Power {
  const fallback: Record<Role, Role[]> = {
    A: ['A'],
    Aminor: ['Aminor', 'A'],
    Aally: ['Aally', 'Aminor', 'A'],
    E: ['E'],
    Eminor: ['Eminor', 'E'],
    Eally: ['Eally', 'Eminor', 'E'],
    inactive: ['inactive', 'E'],
    neutral: ['neutral', 'Eally', 'E'],
    independent: ['independent'],
  };
  for (const r of fallback[role]) {
    const list = cast.byRole[r];
    if (list.length > 0) return list[pick % list.length]!;
  }
  return cast.A;
}

function buildInline(m: InlineRecipe, cast: Cast, opts: GenOptions): NonNullable<Exclude<ScenarioJson['map'], 'his'>> {
  const idOf = (i: number) => {
    if (opts.specialIds && i === m.special) return i % 2 === 0 ? 'constructor' : 'tostring';
    if (m.idStyle === 1) return String(i);
    if (m.idStyle === 2) return WORDS[i] ?? `w${i}`;
    return `s${i}`;
  };
  const spaces: SpaceJson[] = Array.from({ length: m.n }, (_, i) => ({
    id: idOf(i),
    type: SPACE_TYPES[m.types[i] ?? 0] ?? 'unfortified',
    home: powerOf(cast, m.homes[i] ?? 'independent', i),
  }));
  const edges = new Map<string, { a: string; b: string; kind?: 'pass' }>();
  const add = (i: number, j: number, e: number) => {
    if (i === j) return;
    const [x, y] = i < j ? [i, j] : [j, i];
    const k = `${x}|${y}`;
    if (edges.has(k)) return;
    edges.set(k, { a: idOf(x), b: idOf(y), ...(m.passes[e % m.passes.length] ? { kind: 'pass' as const } : {}) });
  };
  for (let i = 1; i < m.n; i++) add(i, (m.parents[i] ?? 0) % i, i);
  m.extra.forEach(([i, j], e) => add(i, j, m.n + e));
  return { spaces, connections: [...edges.values()] };
}

function slotSpace(slot: Slot, rings: { to: string; from: string; r1: string[]; r2: string[] }): string {
  if (slot.ring === 0) return rings.to;
  if (slot.ring === 1) return rings.from;
  if (slot.ring === 2) return rings.r1.length > 0 ? rings.r1[slot.k % rings.r1.length]! : rings.to;
  if (rings.r2.length > 0) return rings.r2[slot.k % rings.r2.length]!;
  return rings.r1.length > 0 ? rings.r1[slot.k % rings.r1.length]! : rings.from;
}

const isMajor = (p: Power): p is MajorPower => (MAJOR_POWERS as readonly Power[]).includes(p);
const land = (s: StackJson) => (s.regulars ?? 0) + (s.mercenaries ?? 0) + (s.cavalry ?? 0);

export function buildScenario(r: Recipe, opts: GenOptions = {}): ScenarioJson {
  const { rel, cast } = buildRelations(r, opts);
  const A = cast.A;

  // The board, the destination and the origin.
  let model: BoardModel;
  let map: ScenarioJson['map'];
  let to: string, from: string;
  if (r.board.kind === 'his') {
    const pool = opts.league
      ? r.board.fortifiedTo
        ? HIS_NEAR_ELECTORATES_FORTIFIED
        : HIS_NEAR_ELECTORATES
      : r.board.fortifiedTo
        ? HIS_FORTIFIED
        : HIS_IDS;
    to = pool[r.board.to % pool.length]!;
    const nb = HIS.spaces.get(to)!.neighbours;
    from = nb[r.board.from % nb.length]!;
    model = hisModel;
    map = undefined;
  } else {
    // 21.6: a third space of type electorate (index 9 of SPACE_TYPES), next to the destination or the origin.
    const inline = opts.league
      ? {
          ...r.board.map,
          types: r.board.map.types.map((t, i) => (i === 2 ? 9 : t)),
          parents: r.board.map.parents.map((q, i) => (i === 2 ? q % 2 : q)),
        }
      : r.board.map;
    map = buildInline(inline, cast, opts);
    model = inlineModel(map);
    to = map.spaces[0]!.id;
    from = map.spaces[1]!.id;
  }
  const r1 = model.neighbours(to).filter((n) => n !== from);
  const near = new Set([to, from, ...r1]);
  const r2 = [...new Set([...r1, from].flatMap((n) => model.neighbours(n)))].filter((n) => !near.has(n)).sort();
  const rings = { to, from, r1, r2 };

  // Control overrides (ruling R15: otherwise the home power).
  const control: Record<string, Power> = {};
  for (const c of r.controls) control[slotSpace(c.slot, rings)] = powerOf(cast, c.role, c.pick);
  if (r.fromControl > 0) control[from] = A;
  const controller = (id: string): Power => control[id] ?? model.home(id);

  // Stacks: the mover first (it wins every conflict), then the destination, the ring, the rest.
  const leaderOrder = LEADER_IDS.map((id, i) => ({ id, k: r.leaderShuffle[i] ?? i }))
    .sort((a, b) => a.k - b.k || a.id.localeCompare(b.id))
    .map((x) => x.id);
  const used = new Set<string>();
  const scale = opts.scale ?? 1;
  const stacks: StackJson[] = [];
  const recipes = [
    r.mover,
    ...r.dest.slice(0, 1),
    ...(r.coalition.on ? [r.coalition.stack] : []),
    ...r.dest.slice(1),
    ...r.ring,
    ...r.extra,
  ];
  recipes.forEach((sr, idx) => {
    const isMover = idx === 0;
    const power = isMover
      ? powerOf(cast, sr.role === 'Aminor' ? 'Aminor' : 'A', sr.pick)
      : powerOf(cast, sr.role, sr.pick);
    const space = isMover ? from : slotSpace(sr.slot, rings);
    // Inactive minors and independents stand in spaces they control (22.1, 22.6).
    if (!isMover && (power === 'independent' || (!isMajor(power) && cast.byRole.inactive.includes(power)))) {
      if (space !== from) control[space] = power;
    }
    const k = isMover ? 1 : scale;
    const s: StackJson = { space, power };
    const lone = sr.lone && !isMover;
    const cap = (n: number) => Math.min(n, opts.maxCount ?? Number.POSITIVE_INFINITY);
    const regulars = lone ? 0 : cap(Math.max(sr.regulars, isMover ? 1 : 0) * k);
    const mercenaries = lone || !isMajor(power) || power === 'ottoman' ? 0 : cap(sr.mercenaries * k);
    const cavalry = lone || power !== 'ottoman' ? 0 : cap(sr.cavalry * k);
    if (regulars) s.regulars = regulars;
    if (mercenaries) s.mercenaries = mercenaries;
    if (cavalry) s.cavalry = cavalry;
    const want = isMover
      ? Math.max(sr.leaders, land(s) > 4 || land(s) === 0 ? 1 : 0)
      : lone
        ? Math.max(1, sr.leaders)
        : sr.leaders;
    const pool = leaderOrder.filter((l) => !used.has(l) && leadersFor(power).includes(l));
    const mine = pool.slice(0, want);
    mine.forEach((l) => used.add(l));
    if (mine.length) s.leaders = mine;
    if (!isMover) {
      if (sr.inside) s.inside = true;
      if (sr.lostBattle) s.lostBattle = true;
      if (sr.attempted) s.attemptedInterception = true;
    } else if (sr.attempted) s.attemptedInterception = true;
    if (land(s) > 0 || mine.length > 0) stacks.push(s);
  });
  // The mover must have something to move.
  if (stacks[0]?.space !== from) stacks.unshift({ space: from, power: A, regulars: 1 });

  // The destination is often held by the power whose stack stands there.
  const firstDest = r.dest.length > 0 ? stacks.find((s, i) => i > 0 && s.space === to) : undefined;
  if (r.destControl > 0 && firstDest) control[to] = firstDest.power;
  // … unless inactive minors or independents stand there: they hold their own spaces (22.1, 22.6)
  const keeper = stacks.find(
    (s, i) => i > 0 && s.space === to && (s.power === 'independent' || cast.byRole.inactive.includes(s.power)),
  );
  if (keeper) control[to] = keeper.power;

  // Garrisons only in fortified spaces their power (or an ally) controls (2.1); independents in independent spaces.
  for (const s of stacks) {
    if (!s.inside) continue;
    const c = controller(s.space);
    const ok =
      model.fortified(s.space) && (s.power === 'independent' ? c === 'independent' : isFriendly(rel, s.power, c));
    if (!ok) delete s.inside;
  }
  // At most 4 land units inside (2.1).
  const insideCount = new Map<string, number>();
  for (const s of stacks) {
    if (!s.inside) continue;
    let room = 4 - (insideCount.get(s.space) ?? 0);
    for (const t of ['regulars', 'mercenaries', 'cavalry'] as const) {
      const n = Math.min(s[t] ?? 0, room);
      room -= n;
      if (n) s[t] = n;
      else delete s[t];
    }
    insideCount.set(s.space, 4 - room);
  }
  // Merge stacks with the same space, power and marks.
  const merged: StackJson[] = [];
  const keyOf = (s: StackJson) => `${s.space}|${s.power}|${!!s.inside}|${!!s.lostBattle}|${!!s.attemptedInterception}`;
  for (const s of stacks.filter((x, i) => i === 0 || land(x) > 0 || (x.leaders?.length ?? 0) > 0)) {
    const prev = merged.find((m) => keyOf(m) === keyOf(s));
    if (!prev) merged.push(s);
    else {
      for (const t of ['regulars', 'mercenaries', 'cavalry'] as const)
        if ((s[t] ?? 0) > 0) prev[t] = (prev[t] ?? 0) + s[t]!;
      if (s.leaders?.length) prev.leaders = [...(prev.leaders ?? []), ...s.leaders];
      if (prev.inside) {
        // keep the fortification limit after merging
        let room = 4;
        for (const t of ['regulars', 'mercenaries', 'cavalry'] as const) {
          const n = Math.min(prev[t] ?? 0, room);
          room -= n;
          if (n) prev[t] = n;
          else delete prev[t];
        }
      }
    }
  }
  // No enemies face to face outside (2.1): a later stack at war with an earlier one is dropped; lone leaders next to
  // enemy land units are dropped too (they would have been captured, 13.1).
  const kept: StackJson[] = [];
  for (const s of merged) {
    if (s.inside) {
      kept.push(s);
      continue;
    }
    const here = kept.filter((k) => k.space === s.space && !k.inside);
    // independent regulars defend their key against everybody (22.6)
    const foes = (a: Power, b: Power) =>
      areAtWar(rel, a, b) || (a !== b && (a === 'independent' || b === 'independent'));
    if (land(s) > 0 && here.some((k) => land(k) > 0 && foes(k.power, s.power))) continue;
    if (land(s) === 0 && here.some((k) => land(k) > 0 && areAtWar(rel, k.power, s.power))) continue;
    if (land(s) > 0) {
      // earlier lone leaders at war with these units go
      for (const k of here) if (land(k) === 0 && areAtWar(rel, k.power, s.power)) kept.splice(kept.indexOf(k), 1);
    }
    kept.push(s);
  }

  // Sieges (15, ruling R13/R17): enemy land units outside a fortified space held against them.
  const sieges: ScenarioJson['sieges'] = [];
  const spaces = [...new Set(kept.map((s) => s.space))];
  let final = kept;
  for (const sp of spaces) {
    if (!model.fortified(sp)) continue;
    const c = controller(sp);
    const inside = final.filter((s) => s.space === sp && s.inside);
    const outside = final.filter((s) => s.space === sp && !s.inside && land(s) > 0);
    const hostile = outside.filter(
      (o) =>
        (c === 'independent' ? o.power !== 'independent' : areAtWar(rel, o.power, c)) ||
        inside.some((i) => areAtWar(rel, o.power, i.power)),
    );
    if (hostile.length === 0) continue;
    const by = [...new Set(hostile.map((h) => h.power))].filter(
      (p) => p !== 'independent' && (c === 'independent' || areAtWar(rel, p, c)),
    );
    const besiegers = outside
      .filter((o) => by.some((p) => isFriendly(rel, p, o.power)))
      .reduce((n, o) => n + land(o), 0);
    const defenders = inside.reduce((n, s) => n + land(s), 0);
    // 15: two powers besiege one space together only as allies.
    const cleanBy = by.filter((p, i) => by.slice(0, i).every((q) => isFriendly(rel, p, q)));
    if (cleanBy.length > 0 && besiegers > defenders) {
      sieges.push({ space: sp, by: cleanBy, ...(r.siegeThisImpulse && sp !== from ? { thisImpulse: true } : {}) });
    } else {
      // cannot be a siege: the hostile stacks outside go (the mover never does)
      final = final.filter((s) => !hostile.includes(s) || s === final[0]);
    }
  }

  // The move: a formation of the mover's stack within its command limit.
  const moverStack = final[0]!;
  const m = { ...r.move, lone: r.move.lone && (moverStack.leaders?.length ?? 0) > 0 };
  const leaders = (moverStack.leaders ?? []).filter((_, i) => (m.leaderMask >> i) & 1 || i === 0);
  const frac = (n: number | undefined, pct: number) => Math.max(0, Math.round(((n ?? 0) * pct) / 100));
  let regulars = m.lone ? 0 : frac(moverStack.regulars, m.regulars === 0 ? 100 : m.regulars);
  let mercenaries = m.lone ? 0 : frac(moverStack.mercenaries, m.mercenaries === 0 ? 100 : m.mercenaries);
  let cavalry = m.lone ? 0 : frac(moverStack.cavalry, m.cavalry === 0 ? 100 : m.cavalry);
  const limit = commandLimitOf(leaders);
  while (regulars + mercenaries + cavalry > limit) {
    if (regulars > 0) regulars--;
    else if (mercenaries > 0) mercenaries--;
    else cavalry--;
  }
  if (!m.lone && regulars + mercenaries + cavalry === 0) {
    if ((moverStack.regulars ?? 0) > 0) regulars = 1;
    else if ((moverStack.cavalry ?? 0) > 0) cavalry = 1;
    else if ((moverStack.mercenaries ?? 0) > 0) mercenaries = 1;
  }
  const move: ScenarioJson['move'] = { from, to };
  if (regulars) move.regulars = regulars;
  if (mercenaries) move.mercenaries = mercenaries;
  if (cavalry) move.cavalry = cavalry;
  if (leaders.length) move.leaders = leaders;
  const cost = model.isPass(from, to) ? 2 : 1;

  // Unrest, bonuses, captured leaders.
  const unrest = [...new Set(r.unrest.map((s) => slotSpace(s, rings)))].filter((s) => s !== to && s !== from);
  const bonuses: ScenarioJson['bonuses'] = {};
  for (const role of r.telescope) bonuses[powerOf(cast, role, 0)] = ['telescope'];
  const captured = leaderOrder
    .filter((l) => !used.has(l) && LEADERS.get(l)!.power !== 'any')
    .slice(0, r.captured)
    .map((leader) => {
      const p = LEADERS.get(leader)!.power as Power;
      const by =
        (MAJOR_POWERS as readonly Power[]).find((q) => areAtWar(rel, p, q)) ??
        (p === A ? (cast.byRole.E[0] ?? 'independent') : A);
      return { leader, by: by as Power };
    });

  const scenario: ScenarioJson = {
    ...(map ? { map } : {}),
    // 21.6, ruling R34: before the League nobody is at war with the Protestant.
    ...(opts.league ? { schmalkaldicLeague: false } : {}),
    war: opts.league ? rel.war.filter(([a, b]) => a !== 'protestant' && b !== 'protestant') : rel.war,
    alliances: rel.alliances,
    control: Object.fromEntries(Object.entries(control).sort(([a], [b]) => a.localeCompare(b))),
    unrest,
    bonuses,
    stacks: final,
    sieges,
    captured,
    impulse: { power: A, cp: Math.max(r.cp, cost) },
    ...(m.present ? { move } : {}),
  };
  return scenario;
}

// ---------------------------------------------------------------------------------------------------------------
// Acceptance

export type Verdict = { ok: true } | { ok: false; reason: string };

export function verdictOf(json: unknown): Verdict {
  try {
    parseScenario(json);
    return { ok: true };
  } catch (e) {
    if (e instanceof ScenarioError)
      return { ok: false, reason: e.issues.map((i) => i.message.replace(/\d+/g, 'N')).join(' | ') };
    return { ok: false, reason: `exception ${(e as Error).name}: ${(e as Error).message}` };
  }
}

export function accepted(json: unknown): boolean {
  return verdictOf(json).ok;
}

/** Candidates before the validator: about a third are refused (generator.test.ts reports the rate). */
export function candidateArb(opts: GenOptions = {}): fc.Arbitrary<ScenarioJson> {
  return recipeArb(opts).map((r) => buildScenario(r, opts));
}

/** Random valid scenarios. */
export function scenarioArb(opts: GenOptions = {}): fc.Arbitrary<ScenarioJson> {
  return candidateArb(opts).filter(accepted);
}

/** What `withCardsArb` deals beyond the general options. */
export interface CardDeal {
  /**
   * The Ottoman's Landsknechts (ruling R32): the card goes to the Ottoman whenever it takes part, and every stack of
   * a major power that may hold mercenaries (5.2: not the Ottoman's) gets one more, so that mercenaries stand in
   * the battle and elsewhere — besieging, besieged, beside the battle — for the card to eliminate.
   */
  readonly ottomanLandsknechts?: boolean;
  /**
   * Surprise Attack (ruling R28) always dealt, half the time to the active power (the attacker) and half the time to
   * a major power with stacks in the destination (a defender; another holder when the scenario names no move or
   * nobody there), so that either side plays it first.
   */
  readonly surpriseAttack?: boolean;
}

/**
 * Random valid scenarios with the supported cards of ruling R14 dealt into hands (ruling R33: each card exists once):
 * each card goes to one of the major powers with stacks in the scenario, or to nobody; `SUPPORTED_CARDS` is read, so a
 * card the engine comes to support is dealt from then on. Positions where the deal is not a legal scenario (a power
 * the cards' rules refuse a hand to) are dropped like any other invalid candidate.
 */
export function withCardsArb(opts: GenOptions = {}, deal: CardDeal = {}): fc.Arbitrary<ScenarioJson> {
  return fc
    .tuple(
      candidateArb(opts),
      fc.array(fc.nat({ max: 6 }), { minLength: SUPPORTED_CARDS.length, maxLength: SUPPORTED_CARDS.length }),
    )
    .map(([json, picks]) => {
      const holders = MAJOR_POWERS.filter((p) => json.impulse.power === p || json.stacks.some((s) => s.power === p));
      const hands: Partial<Record<MajorPower, string[]>> = {};
      const toOttoman = deal.ottomanLandsknechts === true && holders.includes('ottoman');
      SUPPORTED_CARDS.forEach((card, i) => {
        const pick = picks[i]!;
        if (toOttoman && card === 'landsknechts') {
          (hands.ottoman ??= []).push(card);
          return;
        }
        if (deal.surpriseAttack && card === 'surprise-attack') {
          const there = holders.filter(
            (p) => p !== json.impulse.power && json.stacks.some((s) => s.power === p && s.space === json.move?.to),
          );
          const others = there.length > 0 ? there : holders.filter((p) => p !== json.impulse.power);
          const holder = pick % 2 === 0 || others.length === 0 ? json.impulse.power : others[pick % others.length]!;
          (hands[holder] ??= []).push(card);
          return;
        }
        // About a third of the cards stay out of every hand, so windows where nobody holds a card are met too.
        if (pick >= 4 || holders.length === 0) return;
        const holder = holders[pick % holders.length]!;
        (hands[holder] ??= []).push(card);
      });
      if (!deal.ottomanLandsknechts) return { ...json, hands };
      // (stacks of leaders alone stay so: a mercenary beside a lone enemy leader would make a position the rules never
      // reach, 13.1 restriction 6 having captured him)
      const hired = json.stacks.map((st) =>
        st.power !== 'ottoman' &&
        (MAJOR_POWERS as readonly string[]).includes(st.power) &&
        (st.regulars ?? 0) + (st.mercenaries ?? 0) + (st.cavalry ?? 0) > 0
          ? { ...st, mercenaries: (st.mercenaries ?? 0) + 1 }
          : st,
      );
      return { ...json, stacks: hired, hands };
    })
    .filter(accepted);
}

export { POWERS, MAJOR_POWERS, MINOR_POWERS };
