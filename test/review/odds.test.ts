// The explorer's exact odds (`his odds`: explore under a policy) checked against what is computed here independently:
// field battles of 1 to 20 land units a side against the binomial closed form (each die hits on 5 or 6, p = 1/3;
// more hits wins, a tie goes to the defender; 14 steps 6–9), interception and avoid-battle rolls against the 2d6
// table (2d6 + modifiers ≥ 9; 13.2 step 2, 13.3 step 4), and a seeded Monte Carlo run through `resolve` that must
// land inside the 99.9 % confidence interval of the exact probability.
import { describe, expect, test } from 'vitest';
import { resolve } from '../../src/engine/resolve.ts';
import { parseScenario, type Scenario } from '../../src/engine/scenario.ts';
import { explore } from '../../src/review/explore.ts';
import { add, format, fraction, mul, toNumber, ZERO, type Fraction } from '../../src/review/fraction.ts';
import type { ResultPosition } from '../../src/schema/result.ts';

/** n! / (k! (n − k)!), computed here on its own. */
function choose(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** P(k hits with n dice), p = 1/3 per die: C(n, k) 1^k 2^(n−k) / 3^n. */
function binomial(n: number, k: number): Fraction {
  return fraction(choose(n, k) * 2n ** BigInt(n - k), 3n ** BigInt(n));
}

/** 2d6 + m ≥ 9, counted over the 36 rolls. */
function twoDice(m: number): Fraction {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b + m >= 9) ways++;
  return fraction(ways, 36);
}

const BATTLE_MAP = {
  spaces: [
    { id: 'origin', type: 'unfortified', home: 'ottoman' },
    { id: 'field', type: 'unfortified', home: 'hapsburg' },
  ],
  connections: [{ a: 'origin', b: 'field' }],
};

/**
 * `a` Ottoman regulars march from origin into field against `d` Hapsburg regulars; two leaders with a large command
 * rating make the formations legal (5.1); the Hapsburg one has battle rating 0, the Ottoman one `rating` (0 unless
 * said). Under the decline policy the Hapsburgs stand: `a` + `rating` dice against `d` + 1 (the defender's bonus
 * die, 14 step 5). The beaten defender has no legal
 * retreat (the attacker's origin is the only neighbour, 14.1) and is eliminated; the beaten attacker goes back to
 * origin.
 */
function battle(a: number, d = a, rating = 0): Scenario {
  return parseScenario({
    map: BATTLE_MAP,
    leaders: [
      { id: 'pasha', power: 'ottoman', battle: rating, command: 100 },
      { id: 'marshal', power: 'hapsburg', battle: 0, command: 100 },
    ],
    war: [['ottoman', 'hapsburg']],
    stacks: [
      { space: 'origin', power: 'ottoman', regulars: a, leaders: ['pasha'] },
      { space: 'field', power: 'hapsburg', regulars: d, leaders: ['marshal'] },
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'origin', to: 'field', regulars: a, leaders: ['pasha'] },
  });
}

const landUnits = (p: ResultPosition, power: string) =>
  (p.stacks ?? []).filter((s) => s.power === power).reduce((n, s) => n + (s.regulars ?? 0), 0);

/**
 * The closed form for `a` attackers against `d` defenders: (Ottoman units left, Hapsburg units left) with their exact
 * probability, from 14 steps 6–11 and ruling R7.
 */
function closedForm(a: number, d = a, rating = 0): Map<string, Fraction> {
  const out = new Map<string, Fraction>();
  const attackerDice = a + rating;
  const defenderDice = d + 1;
  for (let ah = 0; ah <= attackerDice; ah++)
    for (let dh = 0; dh <= defenderDice; dh++) {
      const p = mul(binomial(attackerDice, ah), binomial(defenderDice, dh));
      const attackerWins = ah > dh;
      let ottoman = a - Math.min(dh, a);
      let hapsburg = d - Math.min(ah, d);
      // Both wiped out: the side that rolled more dice keeps one, the defender on equal dice (ruling R7).
      if (ottoman === 0 && hapsburg === 0) {
        if (attackerDice > defenderDice) ottoman = 1;
        else hapsburg = 1;
      }
      // The beaten defender cannot retreat: eliminated. The beaten attacker keeps its survivors (in origin).
      if (attackerWins) hapsburg = 0;
      const key = `${ottoman}|${hapsburg}`;
      out.set(key, add(out.get(key) ?? ZERO, p));
    }
  return out;
}

/** P(attacker wins) = Σ over h > k of P(h hits with `a` + `rating` dice) P(k hits with `d` + 1 dice). */
function attackerWins(a: number, d = a, rating = 0): Fraction {
  let p = ZERO;
  const n = a + rating;
  for (let h = 0; h <= n; h++)
    for (let k = 0; k < h && k <= d + 1; k++) p = add(p, mul(binomial(n, h), binomial(d + 1, k)));
  return p;
}

/**
 * The battles explore a few thousand distinct end positions and the Monte Carlo plays two thousand games: several
 * seconds each on an idle machine. Explicit timeouts with a wide margin keep a loaded machine from failing them.
 */
const ODDS_TIMEOUT = 180_000;

/** Every size from 1 to 20 a side. */
const SIZES = Array.from({ length: 20 }, (_, i) => i + 1);

/**
 * Unequal armies [attackers, defenders, the Ottoman leader's battle rating]: equal dice (2 v 1: the defender keeps a
 * unit when both are wiped out, ruling R7), more attacker dice from a leader's rating with both sides able to be
 * wiped out (2 + 3 dice v 3 + 1, 1 + 4 v 2 + 1: the attacker keeps it), fewer, and the extremes of 1 against 20.
 */
const UNEQUAL: readonly (readonly [number, number, number])[] = [
  [2, 1, 0],
  [7, 3, 0],
  [3, 9, 0],
  [20, 6, 0],
  [6, 20, 0],
  [13, 1, 0],
  [1, 13, 0],
  [20, 1, 0],
  [1, 20, 0],
  [11, 10, 0],
  [2, 3, 3],
  [1, 2, 4],
  [5, 5, 2],
];

function checkAgainstClosedForm(a: number, d: number, rating = 0): void {
  const what = `${a} v ${d}, rating ${rating}`;
  const r = explore(battle(a, d, rating), { decisions: 'decline' });
  expect(format(r.totalProbability), what).toBe('1');
  expect(format(r.marginals['the attacker wins the battle']!), what).toBe(format(attackerWins(a, d, rating)));
  expect(format(r.marginals['a field battle is fought']!), what).toBe('1');
  const got = new Map<string, Fraction>();
  for (const o of r.outcomes) {
    const key = `${landUnits(o.position, 'ottoman')}|${landUnits(o.position, 'hapsburg')}`;
    got.set(key, add(got.get(key) ?? ZERO, o.probability));
  }
  const want = closedForm(a, d, rating);
  expect(Object.fromEntries([...got].map(([k, f]) => [k, format(f)]).sort()), what).toEqual(
    Object.fromEntries([...want].map(([k, f]) => [k, format(f)]).sort()),
  );
}

describe('field battles against the binomial closed form (14 steps 6–9)', () => {
  test(
    '[14 step 8] N land units a side, every N from 1 to 20: P(attacker wins) and the whole distribution of survivors are exact',
    () => {
      for (const n of SIZES) checkAgainstClosedForm(n, n);
    },
    ODDS_TIMEOUT,
  );

  test(
    `[14 steps 8–9, ruling R7] unequal armies (${UNEQUAL.map(([a, d, r]) => `${a}${r ? ` + ${r}` : ''} v ${d}`).join(', ')}): P(attacker wins) and the survivors are exact, the side with more dice keeping a unit when both are wiped out`,
    () => {
      for (const [a, d, rating] of UNEQUAL) checkAgainstClosedForm(a, d, rating);
    },
    ODDS_TIMEOUT,
  );
});

const ROLL_MAP = {
  spaces: [
    { id: 'origin', type: 'unfortified', home: 'ottoman' },
    { id: 'field', type: 'unfortified', home: 'hapsburg' },
    { id: 'north', type: 'unfortified', home: 'hapsburg' },
    { id: 'east', type: 'unfortified', home: 'hapsburg' },
  ],
  connections: [
    { a: 'origin', b: 'field' },
    { a: 'field', b: 'north' },
    { a: 'field', b: 'east' },
  ],
};

type Roll = { name: string; m: number; scenario: () => Scenario };

/** A Hapsburg or Ottoman interceptor in north against a move into field, with the modifiers of 13.2 step 2. */
function interception(
  m: number,
  mover: 'ottoman' | 'hapsburg',
  moverCavalry: boolean,
  interceptor: { leader?: string; cavalry?: boolean; telescope?: boolean },
): Roll {
  const other = mover === 'ottoman' ? 'hapsburg' : 'ottoman';
  return {
    name: `${other} interceptor${interceptor.leader ? ` with ${interceptor.leader}` : ''}${interceptor.cavalry ? ' with cavalry' : ''}${interceptor.telescope ? ' holding the Telescope' : ''} against ${mover}${moverCavalry ? ' cavalry' : ''}`,
    m,
    scenario: () =>
      parseScenario({
        map: { ...ROLL_MAP, spaces: ROLL_MAP.spaces.map((s) => ({ ...s, home: s.id === 'origin' ? mover : other })) },
        war: [['ottoman', 'hapsburg']],
        bonuses: interceptor.telescope ? { [other]: ['telescope'] } : {},
        stacks: [
          { space: 'origin', power: mover, regulars: 1, ...(moverCavalry ? { cavalry: 1 } : {}) },
          {
            space: 'north',
            power: other,
            regulars: interceptor.cavalry ? 0 : 1,
            ...(interceptor.cavalry ? { cavalry: 1 } : {}),
            ...(interceptor.leader ? { leaders: [interceptor.leader] } : {}),
          },
        ],
        impulse: { power: mover, cp: 1 },
        move: { from: 'origin', to: 'field', regulars: 1, ...(moverCavalry ? { cavalry: 1 } : {}) },
      }),
  };
}

const INTERCEPTIONS: Roll[] = [
  interception(-1, 'ottoman', true, {}),
  interception(0, 'ottoman', false, {}),
  interception(0, 'ottoman', true, { leader: 'ferdinand' }),
  interception(1, 'ottoman', false, { leader: 'ferdinand' }),
  interception(2, 'ottoman', false, { leader: 'charles-v' }),
  interception(3, 'ottoman', false, { leader: 'charles-v', telescope: true }),
  interception(1, 'hapsburg', false, { cavalry: true }),
  interception(2, 'hapsburg', false, { cavalry: true, leader: 'ibrahim-pasha' }),
  interception(3, 'hapsburg', false, { cavalry: true, leader: 'suleiman' }),
  interception(4, 'hapsburg', false, { cavalry: true, leader: 'suleiman', telescope: true }),
];

describe('interception and avoid-battle rolls against the 2d6 table (13.2 step 2, 13.3 step 4, ruling R1)', () => {
  test.for(INTERCEPTIONS.map((r) => [r.name, r] as const))('[13.2 step 2] %s', ([, r]) => {
    const x = explore(r.scenario(), { decisions: 'eager' });
    expect(format(x.marginals['interception succeeds']!)).toBe(format(twoDice(r.m)));
  });

  test.for([
    ['no leader against no cavalry', 0, {}],
    ['Ferdinand against no cavalry', 1, { leaders: ['ferdinand'] }],
    ['Ferdinand against Ottoman cavalry', 0, { leaders: ['ferdinand'], cavalry: true }],
    ['no leader against Ottoman cavalry', -1, { cavalry: true }],
    ['Charles V holding the Telescope', 3, { leaders: ['charles-v'], telescope: true }],
  ] as const)('[13.3 step 4] a Hapsburg regular avoiding, %s: 2d6 + %i ≥ 9', ([, m, o]) => {
    const sc = parseScenario({
      map: ROLL_MAP,
      war: [['ottoman', 'hapsburg']],
      bonuses: 'telescope' in o ? { hapsburg: ['telescope'] } : {},
      stacks: [
        { space: 'origin', power: 'ottoman', regulars: 2, ...('cavalry' in o ? { cavalry: 1 } : {}) },
        { space: 'field', power: 'hapsburg', regulars: 1, ...('leaders' in o ? { leaders: [...o.leaders] } : {}) },
      ],
      impulse: { power: 'ottoman', cp: 1 },
      move: { from: 'origin', to: 'field', regulars: 2, ...('cavalry' in o ? { cavalry: 1 } : {}) },
    });
    const x = explore(sc, { decisions: 'eager', where: ({ summary }) => summary.avoids.some((a) => a.success) });
    expect(format(x.matchProbability!)).toBe(format(twoDice(m)));
  });
});

/** Seeds, each a whole game through resolve with the session's own dice: the test is deterministic. */
const SEEDS = 2000;
/** The two-sided 99.9 % normal quantile. */
const Z = 3.2905;

describe('Monte Carlo through resolve agrees with the exact odds', () => {
  test(
    `[13.3, 14] ${SEEDS} seeded games of a small battle land within the 99.9 % interval of each exact probability`,
    () => {
      // Two Ottoman regulars against one Hapsburg regular, who tries to avoid battle (eager policy).
      const sc = parseScenario({
        map: ROLL_MAP,
        war: [['ottoman', 'hapsburg']],
        stacks: [
          { space: 'origin', power: 'ottoman', regulars: 2 },
          { space: 'field', power: 'hapsburg', regulars: 1 },
        ],
        impulse: { power: 'ottoman', cp: 1 },
        move: { from: 'origin', to: 'field', regulars: 2 },
      });
      const exact = explore(sc, { decisions: 'eager' });
      const events: Record<
        string,
        (p: ResultPosition, summary: import('../../src/schema/result.ts').Summary) => boolean
      > = {
        'the Hapsburgs avoid battle': (_p, s) => s.avoids.some((a) => a.success),
        'the attacker wins the battle': (_p, s) => s.battle?.winner === 'attacker',
        'the Hapsburg regular is destroyed': (p) => !(p.stacks ?? []).some((x) => x.power === 'hapsburg'),
      };
      const ex = Object.fromEntries(
        Object.entries(events).map(([name, f]) => [
          name,
          explore(sc, { decisions: 'eager', where: ({ position, summary }) => f(position, summary) }).matchProbability!,
        ]),
      );
      expect(format(ex['the attacker wins the battle']!)).toBe(
        format(exact.marginals['the attacker wins the battle']!),
      );
      const hits = Object.fromEntries(Object.keys(events).map((k) => [k, 0]));
      for (let seed = 1; seed <= SEEDS; seed++) {
        const r = resolve(sc, { seed, policy: 'eager' });
        expect(r.ok).toBe(true);
        if (!r.ok) continue;
        for (const [name, f] of Object.entries(events)) if (f(r.result.position, r.result.summary)) hits[name]!++;
      }
      for (const [name, p] of Object.entries(ex)) {
        const q = toNumber(p);
        const half = Z * Math.sqrt((q * (1 - q)) / SEEDS);
        expect(
          hits[name]! / SEEDS,
          `${name}: exact ${format(p)} (${q.toFixed(4)}), interval ± ${half.toFixed(4)}`,
        ).toBeGreaterThanOrEqual(q - half);
        expect(
          hits[name]! / SEEDS,
          `${name}: exact ${format(p)} (${q.toFixed(4)}), interval ± ${half.toFixed(4)}`,
        ).toBeLessThanOrEqual(q + half);
      }
    },
    ODDS_TIMEOUT,
  );
});

describe('built-in policies answer casualties and retreats from the bare answers, as from the built decision', () => {
  // The same policy, once as a built-in (answered without wording the decision) and once as a host's function (which
  // is always given the built decision): every outcome, probability and path agrees, and so does every resolve.
  const examples = [
    'vienna-1517.json',
    'defender-retreat-choice.json',
    'withdrawal-siege-vienna.json',
    'lone-leader-captured.json',
  ];
  // Four explorations of a whole move each: on a loaded machine more than vitest's 5 s default.
  test.for(examples)('[14 step 9, 14.1, ruling R9] %s', { timeout: 60_000 }, async (name) => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { declinePolicy, eagerPolicy } = await import('../../src/engine/resolve.ts');
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', name), 'utf8');
    const scenario = parseScenario({ ...JSON.parse(text), events: [] });
    for (const [builtin, policy] of [
      ['decline', declinePolicy],
      ['eager', eagerPolicy],
    ] as const) {
      const asBuiltin = explore(scenario, { decisions: builtin });
      const asFunction = explore(scenario, { decisions: (d) => policy(d) });
      const view = (r: typeof asBuiltin) =>
        JSON.stringify(
          { o: r.outcomes, p: r.paths, n: r.nodes, d: r.distinctStates, v: r.violations, m: r.marginals },
          (_, x: unknown) => (typeof x === 'bigint' ? String(x) : x),
        );
      expect(view(asBuiltin)).toBe(view(asFunction));
      for (const seed of [1, 2, 3, 4, 5]) {
        const a = resolve(scenario, { seed, policy: builtin });
        const b = resolve(scenario, { seed, policy: (d) => policy(d) });
        expect(a.session.log).toEqual(b.session.log);
      }
    }
  });
});
