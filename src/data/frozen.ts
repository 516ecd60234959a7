// Read-only collections for the data every scenario shares (the bundled board and leaders, a scenario's own board
// and leader table): a Map or a Set can be emptied by anyone who holds it, even behind a ReadonlyMap type and
// Object.freeze, so the tables are kept in a private field and only their reading methods are offered.

/** A map that cannot be changed after it is built: the reading half of Map, over a private copy of its entries. */
export class FrozenMap<K, V> implements ReadonlyMap<K, V> {
  readonly #map: Map<K, V>;

  constructor(entries: Iterable<readonly [K, V]>) {
    this.#map = new Map(entries);
    Object.freeze(this);
  }

  get size(): number {
    return this.#map.size;
  }

  get(key: K): V | undefined {
    return this.#map.get(key);
  }

  has(key: K): boolean {
    return this.#map.has(key);
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.#map) callback.call(thisArg, v, k, this);
  }

  keys(): MapIterator<K> {
    return this.#map.keys();
  }

  values(): MapIterator<V> {
    return this.#map.values();
  }

  entries(): MapIterator<[K, V]> {
    return this.#map.entries();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.#map.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'FrozenMap';
  }
}

/** A set that cannot be changed after it is built. */
export class FrozenSet<T> implements ReadonlySet<T> {
  readonly #set: Set<T>;

  constructor(values: Iterable<T>) {
    this.#set = new Set(values);
    Object.freeze(this);
  }

  get size(): number {
    return this.#set.size;
  }

  has(value: T): boolean {
    return this.#set.has(value);
  }

  forEach(callback: (value: T, key: T, set: ReadonlySet<T>) => void, thisArg?: unknown): void {
    for (const v of this.#set) callback.call(thisArg, v, v, this);
  }

  keys(): SetIterator<T> {
    return this.#set.keys();
  }

  values(): SetIterator<T> {
    return this.#set.values();
  }

  entries(): SetIterator<[T, T]> {
    return this.#set.entries();
  }

  [Symbol.iterator](): SetIterator<T> {
    return this.#set.values();
  }

  get [Symbol.toStringTag](): string {
    return 'FrozenSet';
  }
}

// The classes' methods are shared by every table: nobody may replace them.
Object.freeze(FrozenMap.prototype);
Object.freeze(FrozenSet.prototype);
Object.freeze(FrozenMap);
Object.freeze(FrozenSet);
