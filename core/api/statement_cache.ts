/**
 * A small LRU of compiled statements by SQL text, per Database and backend: preparing the
 * same SQL again skips parsing, binding, planning and compiling. The database is
 * read-only and its schema fixed while it is open, so an entry never goes stale.
 */
import type { CompiledStatement } from "./compile.ts";

/** Compiled statements by SQL text, the least recently used dropped beyond `capacity`. */
export class StatementCache {
  readonly #entries = new Map<string, CompiledStatement>();

  /** Keeps at most `capacity` statements (0 disables the cache). */
  constructor(readonly capacity: number) {}

  /** The compiled statement for `sql`, compiling (and remembering) it when absent. */
  get(sql: string, compile: () => CompiledStatement): CompiledStatement {
    const hit = this.#entries.get(sql);
    if (hit) {
      this.#entries.delete(sql);
      this.#entries.set(sql, hit);
      return hit;
    }
    const compiled = compile();
    if (this.capacity > 0) {
      if (this.#entries.size >= this.capacity) {
        this.#entries.delete(this.#entries.keys().next().value!);
      }
      this.#entries.set(sql, compiled);
    }
    return compiled;
  }

  /** Forgets every statement. */
  clear(): void {
    this.#entries.clear();
  }
}
