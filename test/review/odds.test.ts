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
 * N Ottoman regulars march from origin into field against N Hapsburg regulars; two leaders with battle rating 0 and
 * a large command rating only make the formations legal (5.1) and add no dice. Under the decline policy the
 * Hapsburgs stand: N dice against N + 1. The beaten defender has no legal retreat (the attacker's origin is the only
 * neighbour, 14.1) and is eliminated; the beaten attacker goes back to origin.
 */
function battle(n: number): Scenario {
  return parseScenario({
    map: BATTLE_MAP,
    leaders: [
      { id: 'pasha', power: 'ottoman', battle: 0, command: 100 },
      { id: 'marshal', power: 'hapsburg', battle: 0, command: 100 },
    ],
    war: [['ottoman', 'hapsburg']],
    stacks: [
      { space: 'origin', power: 'ottoman', regulars: n, leaders: ['pasha'] },
      { space: 'field', power: 'hapsburg', regulars: n, leaders: ['marshal'] },
    ],
    impulse: { power: 'ottoman', cp: 1 },
    move: { from: 'origin', to: 'field', regulars: n, leaders: ['pasha'] },
  });
}

const landUnits = (p: ResultPosition, power: string) =>
  (p.stacks ?? []).filter((s) => s.power === power).reduce((n, s) => n + (s.regulars ?? 0), 0);

/** The closed form: (Ottoman units left, Hapsburg units left) with their exact probability, from 14 steps 6–11 and ruling R7. */
function closedForm(n: number): Map<string, Fraction> {
  const out = new Map<string, Fraction>();
  for (let a = 0; a <= n; a++)
    for (let d = 0; d <= n + 1; d++) {
      const p = mul(binomial(n, a), binomial(n + 1, d));
      const attackerWins = a > d;
      const ottoman = n - Math.min(d, n);
      let hapsburg = n - Math.min(a, n);
      // Both wiped out: the side that rolled more dice — the defender, N + 1 against N — keeps one (ruling R7).
      if (ottoman === 0 && hapsburg === 0) hapsburg = 1;
      // The beaten defender cannot retreat: eliminated. The beaten attacker keeps its survivors (in origin).
      if (attackerWins) hapsburg = 0;
      const key = `${ottoman}|${hapsburg}`;
      out.set(key, add(out.get(key) ?? ZERO, p));
    }
  return out;
}

/** P(attacker wins) = Σ over a > d of P(a hits with N dice) P(d hits with N + 1 dice). */
function attackerWins(n: number): Fraction {
  let p = ZERO;
  for (let a = 0; a <= n; a++)
    for (let d = 0; d < a && d <= n + 1; d++) p = add(p, mul(binomial(n, a), binomial(n + 1, d)));
  return p;
}

/**
 * The battles explore a few thousand distinct end positions and the Monte Carlo plays two thousand games: several
 * seconds each on an idle machine. Explicit timeouts with a wide margin keep a loaded machine from failing them.
 */
const ODDS_TIMEOUT = 180_000;

/** Every size up to 12, then every second one to 20: the whole range, at a cost a test run can afford. */
const SIZES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20];

describe('field battles against the binomial closed form (14 steps 6–9)', () => {
  test(
    `[14 step 8] N land units a side, N = ${SIZES.join(', ')}: P(attacker wins) and the whole distribution of survivors are exact`,
    () => {
      for (const n of SIZES) {
        const r = explore(battle(n), { decisions: 'decline' });
        expect(format(r.totalProbability), `N = ${n}`).toBe('1');
        expect(format(r.marginals['the attacker wins the battle']!), `N = ${n}`).toBe(format(attackerWins(n)));
        expect(format(r.marginals['a field battle is fought']!), `N = ${n}`).toBe('1');
        const got = new Map<string, Fraction>();
        for (const o of r.outcomes) {
          const key = `${landUnits(o.position, 'ottoman')}|${landUnits(o.position, 'hapsburg')}`;
          got.set(key, add(got.get(key) ?? ZERO, o.probability));
        }
        const want = closedForm(n);
        expect(Object.fromEntries([...got].map(([k, f]) => [k, format(f)]).sort()), `N = ${n}`).toEqual(
          Object.fromEntries([...want].map(([k, f]) => [k, format(f)]).sort()),
        );
      }
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
