// Exact probabilities: fractions of big integers, always in lowest terms.
export interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const r = x % y;
    x = y;
    y = r;
  }
  return x === 0n ? 1n : x;
}

export function fraction(n: bigint | number, d: bigint | number = 1n): Fraction {
  const bn = BigInt(n);
  const bd = BigInt(d);
  if (bd === 0n) throw new Error('a fraction with denominator 0');
  const g = gcd(bn, bd);
  const sign = bd < 0n ? -1n : 1n;
  return { n: (sign * bn) / g, d: (sign * bd) / g };
}

export const ZERO = fraction(0);
export const ONE = fraction(1);

// Both operands are in lowest terms, with positive denominators: the shortcuts below keep every result in lowest
// terms with fewer and smaller gcds (the explorer adds and multiplies a fraction at every edge of every path class).

export function add(a: Fraction, b: Fraction): Fraction {
  if (a.n === 0n) return b;
  if (b.n === 0n) return a;
  if (a.d === b.d) return fraction(a.n + b.n, a.d);
  return fraction(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function mul(a: Fraction, b: Fraction): Fraction {
  if (a.n === 1n && a.d === 1n) return b;
  if (b.n === 1n && b.d === 1n) return a;
  // Cross-cancel first: a.n/a.d and b.n/b.d are in lowest terms, so the product of the reduced parts is too.
  const g1 = gcd(a.n, b.d);
  const g2 = gcd(b.n, a.d);
  return { n: (a.n / g1) * (b.n / g2), d: (a.d / g2) * (b.d / g1) };
}

export function sum(fs: readonly Fraction[]): Fraction {
  return fs.reduce(add, ZERO);
}

export function equals(a: Fraction, b: Fraction): boolean {
  return a.n === b.n && a.d === b.d;
}

/** Bits of a positive big integer (its length in base 2). */
function bitLength(x: bigint): number {
  return x === 0n ? 0 : (x < 0n ? -x : x).toString(16).length * 4;
}

/**
 * The nearest double. Numerator and denominator are shifted right together first when they are too long for a
 * double (a battle of 1,000 units a side has fractions of thousands of digits): `Number()` of each would be Infinity,
 * and their quotient NaN.
 */
export function toNumber(f: Fraction): number {
  const shift = Math.max(0, Math.max(bitLength(f.n), bitLength(f.d)) - 1000);
  if (shift === 0) return Number(f.n) / Number(f.d);
  const s = BigInt(shift);
  return Number(f.n >> s) / Number(f.d >> s);
}

/**
 * The fraction as a percentage with `decimals` decimals ("41.67 %"), computed exactly with big integers and rounded
 * half up: no double is involved, so no size of fraction overflows.
 */
export function percent(f: Fraction, decimals = 2): string {
  const scale = 10n ** BigInt(decimals + 2);
  const negative = f.n < 0n;
  const n = negative ? -f.n : f.n;
  const q = (2n * n * scale + f.d) / (2n * f.d);
  const digits = q.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const text = decimals > 0 ? `${whole}.${digits.slice(digits.length - decimals)}` : whole;
  return `${negative && q !== 0n ? '-' : ''}${text} %`;
}

export function format(f: Fraction): string {
  return f.d === 1n ? `${f.n}` : `${f.n}/${f.d}`;
}

/** n! / (k! (n−k)!) */
export function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}
