// A list a fork shares with the session it came from (issue 20: a fork copied the whole trace and log, O(n) per fork,
// and an exploration of a move as long as its thousands of decisions grew by the length of the move at every fork).
// Items live in chunks; a chunk someone forked from is never written again, and each list appends to a head chunk of
// its own. A fork costs one chunk, a read from the end walks back only the chunks it needs.

interface Chunk<T> {
  /** The chunk before this one, with the items at positions 0 … start − 1. */
  readonly prev: Chunk<T> | undefined;
  /** The position of this chunk's first item. */
  readonly start: number;
  readonly items: T[];
}

/** Above this many chunks behind the head, a fork copies the list into one chunk: reads stay short. */
const MAX_CHUNKS = 64;

export class SharedList<T> {
  private head: Chunk<T>;
  /** The chunks behind the head (for the bound above). */
  private depth: number;

  constructor(items: readonly T[] = []) {
    this.head = { prev: undefined, start: 0, items: [...items] };
    this.depth = 0;
  }

  get length(): number {
    return this.head.start + this.head.items.length;
  }

  push(...items: T[]): void {
    for (const x of items) this.head.items.push(x);
  }

  /** The item at `i` (0 ≤ i < length), or undefined. */
  at(i: number): T | undefined {
    if (i < 0 || i >= this.length) return undefined;
    let c = this.head;
    while (i < c.start) c = c.prev!;
    return c.items[i - c.start];
  }

  /** A copy of the items from `from` to `to` (as Array.prototype.slice, for 0 ≤ from). */
  slice(from = 0, to = this.length): T[] {
    const end = Math.min(to, this.length);
    if (from >= end) return [];
    const parts: T[][] = [];
    for (let c: Chunk<T> | undefined = this.head; c && c.start + c.items.length > from; c = c.prev) {
      if (c.start >= end) continue;
      parts.push(c.items.slice(Math.max(0, from - c.start), end - c.start));
    }
    return parts.reverse().flat() as T[];
  }

  /** Forgets every item from `length` on; a chunk shared with a fork is left as it is (the head is copied instead). */
  truncate(length: number): void {
    if (length >= this.length) return;
    if (length >= this.head.start) {
      this.head.items.length = length - this.head.start;
      return;
    }
    let c = this.head.prev!;
    let depth = this.depth - 1;
    while (length < c.start) {
      c = c.prev!;
      depth--;
    }
    this.head = { prev: c.prev, start: c.start, items: c.items.slice(0, length - c.start) };
    this.depth = depth;
  }

  /** The same items, shared: from now on, neither list writes into what the other reads. */
  fork(): SharedList<T> {
    const copy = Object.create(SharedList.prototype) as SharedList<T>;
    if (this.depth >= MAX_CHUNKS) {
      this.head = { prev: undefined, start: 0, items: this.slice() };
      this.depth = 0;
    }
    if (this.head.items.length === 0) {
      // Nothing in the head to share: the fork starts its own head after the same chunks.
      copy.head = { prev: this.head.prev, start: this.head.start, items: [] };
      copy.depth = this.depth;
      return copy;
    }
    const shared = this.head;
    this.head = { prev: shared, start: this.length, items: [] };
    this.depth++;
    copy.head = { prev: shared, start: shared.start + shared.items.length, items: [] };
    copy.depth = this.depth;
    return copy;
  }
}
