/**
 * What a compat Database shares with its Statements: the litejit connection (null once
 * closed), the statement logger, the default for `safeIntegers`, and better-sqlite3's two
 * guards against using the connection from code it runs:
 * - busy: a statement is executing (its `run`/`get`/`all`, an iterator's `next`, or
 *   `exec`), so the code running is a user function, an aggregate's callback or the
 *   logger. Then nearly everything is refused: preparing, executing, registering
 *   functions, closing, other statements and iterators, and the statement toggles.
 * - iterators: iterators are open, so the code running is a loop over one. Then what
 *   could change the rows being read is refused (`exec`, `pragma`, `run`, `function`,
 *   `aggregate`, `close`); reading with other statements is allowed. `unsafeMode()`
 *   lifts this for `exec`, `pragma` and `run`.
 */
import type { Database as LiteDatabase } from "../../mod.ts";
import { Misuse, misuse } from "./errors.ts";

/** State shared by a Database and its Statements. */
export interface Connection {
  lite: LiteDatabase | null;
  /** Open iterators. */
  iterators: number;
  /** Whether a statement is executing. */
  busy: boolean;
  /** `unsafeMode()`: `exec`, `pragma` and `run` are allowed while iterators are open. */
  unsafe: boolean;
  verbose: ((sql: string) => void) | null;
  safeIntegers: boolean;
}

/** The open litejit connection, or better-sqlite3's TypeError once closed. */
export function openConnection(c: Connection): LiteDatabase {
  return c.lite ?? misuse(Misuse.notOpen);
}

/** The open connection, refused while a statement is executing. */
export function idleConnection(c: Connection): LiteDatabase {
  const lite = openConnection(c);
  if (c.busy) misuse(Misuse.databaseBusy);
  return lite;
}

/** Refuses while iterators are open (`unsafe`: unless `unsafeMode()` is on). */
export function requireNoIterators(c: Connection, unsafe: boolean): void {
  if (c.iterators > 0 && !(unsafe && c.unsafe)) misuse(Misuse.databaseBusy);
}

/**
 * Runs `f` with the connection marked busy, after giving the logger `sql()` (called as a
 * plain function, as better-sqlite3 calls it: `this` is undefined).
 */
export function executing<T>(c: Connection, sql: (() => string) | null, f: () => T): T {
  c.busy = true;
  try {
    const verbose = c.verbose;
    if (sql && verbose) verbose(sql());
    return f();
  } finally {
    c.busy = false;
  }
}
