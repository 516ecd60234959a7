// The explorer's exact arithmetic (src/review/fraction.ts): sums and products take shortcuts (a zero, a one, equal
// denominators, cross-cancelling before multiplying), and must still give exactly the fraction in lowest terms that
// the plain definitions give.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { add, fraction, mul, ONE, ZERO, type Fraction } from '../../src/review/fraction.ts';

/** The plain definitions, reduced by fraction() itself. */
const plainAdd = (a: Fraction, b: Fraction) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
const plainMul = (a: Fraction, b: Fraction) => fraction(a.n * b.n, a.d * b.d);

// Probabilities as the explorer makes them: powers of 2, 3 and 6 in the denominators, small numerators, zero and one.
const arbFraction = fc.oneof(
  fc.constant(ZERO),
  fc.constant(ONE),
  fc
    .tuple(fc.bigInt({ min: -(3n ** 40n), max: 3n ** 40n }), fc.nat(40), fc.nat(12), fc.nat(6))
    .map(([n, t, w, s]) => fraction(n, 3n ** BigInt(t) * 2n ** BigInt(w) * 6n ** BigInt(s))),
);

describe('exact fractions', () => {
  test('[DESIGN] add and mul equal the plain definitions in lowest terms, for any operands', () => {
    fc.assert(
      fc.property(arbFraction, arbFraction, (a, b) => {
        expect(add(a, b)).toEqual(plainAdd(a, b));
        expect(mul(a, b)).toEqual(plainMul(a, b));
      }),
      { numRuns: 2000 },
    );
  });
});
