// Exact probabilities: fractions of big integers, always in lowest terms.
export interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
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

export function add(a: Fraction, b: Fraction): Fraction {
  return fraction(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function mul(a: Fraction, b: Fraction): Fraction {
  return fraction(a.n * b.n, a.d * b.d);
}

export function sum(fs: readonly Fraction[]): Fraction {
  return fs.reduce(add, ZERO);
}

export function equals(a: Fraction, b: Fraction): boolean {
  return a.n === b.n && a.d === b.d;
}

export function toNumber(f: Fraction): number {
  return Number(f.n) / Number(f.d);
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
