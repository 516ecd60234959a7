// Seeded dice (mulberry32): a session that rolls for the host is reproducible from its seed.
export class Dice {
  private state: number;
  /** Dice drawn so far: a restored session skips this many to continue identically. */
  drawn = 0;

  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed;
    this.state = seed >>> 0;
  }

  private next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  roll(count: number): number[] {
    const values: number[] = [];
    for (let i = 0; i < count; i++) values.push(1 + Math.floor(this.next() * 6));
    this.drawn += count;
    return values;
  }

  /** A uniform index below n (for random playouts; does not count as dice drawn). */
  pick(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A generator at the same point of the same sequence. */
  clone(): Dice {
    const copy = new Dice(this.seed);
    copy.state = this.state;
    copy.drawn = this.drawn;
    return copy;
  }

  skip(count: number): void {
    this.roll(count);
  }
}
