/**
 * A least-recently-used cache: values by key, made on first use, the least recently used
 * dropped beyond a capacity. A Map keeps its keys in insertion order, so the least recently
 * used comes first when every use deletes its key and sets it again.
 */

/**
 * Values by key, at most `capacity` of them (0 keeps none). Values are objects, so that a
 * lookup's `undefined` means a miss.
 */
export class Lru<K, V extends object> {
  readonly #entries = new Map<K, V>();

  /** The most values kept. */
  declare readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /**
   * The value for `key`: the kept one (now the most recently used), or `make()`'s, kept
   * when the capacity allows (dropping the least recently used when full). Nothing is kept
   * when `make` throws.
   */
  get(key: K, make: () => V): V {
    const entries = this.#entries;
    const hit = entries.get(key);
    if (hit !== undefined) {
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const made = make();
    if (this.capacity > 0) {
      if (entries.size >= this.capacity) entries.delete(entries.keys().next().value!);
      entries.set(key, made);
    }
    return made;
  }

  /** How many values are kept. */
  get size(): number {
    return this.#entries.size;
  }

  /** Forgets every value. */
  clear(): void {
    this.#entries.clear();
  }
}
