/**
 * What a built-in function may need beyond its arguments: the database's text encoding,
 * the collating sequence of the call site, and a source of random bytes.
 *
 * One context serves every call made by a statement. SQLite hands a function the
 * collation of its call site through the OP_CollSeq instruction that precedes the call;
 * likewise a backend sets {@link FunctionContext.collation} before calling `min()`,
 * `max()` or `nullif()` when the call site has a non-BINARY collation, and restores it
 * afterwards (or keeps one context per call site).
 */
import { binaryCollation, type Collation } from "../value/collation.ts";
import { TextEncoding } from "../value/types.ts";

/** Per-statement state handed to every scalar function call. */
export interface FunctionContext {
  /** The database's text encoding: blob↔text conversions and byte lengths depend on it. */
  readonly encoding: TextEncoding;
  /** Collating sequence of the current call site (scalar `min`, `max`, `nullif`). */
  collation: Collation;
  /** Fills `out` with random bytes (`random()`, `randomblob()`). */
  randomBytes(out: Uint8Array): void;
  /**
   * The statement's current time in Unix milliseconds (an integer), read by `'now'` and
   * the date/time functions without a time value. SQLite fixes it for one statement
   * step, so it must return the same value for every call within one run: the context
   * from {@link newFunctionContext} reads the clock on first use and keeps that value
   * for its lifetime, so a backend makes one context per run (or replaces `now`).
   * When absent, the date/time functions read `Date.now()` on each call.
   */
  now?: () => number;
}

/** Random bytes from the platform's cryptographic generator (Deno, Node, browsers). */
function platformRandomBytes(out: Uint8Array): void {
  // getRandomValues accepts at most 65536 bytes per call.
  for (let i = 0; i < out.length; i += 65536) {
    crypto.getRandomValues(out.subarray(i, Math.min(out.length, i + 65536)));
  }
}

/**
 * A context for a database with text encoding `encoding`, BINARY collation and the
 * platform's random generator; `randomBytes` may be replaced for deterministic tests.
 * Its `now()` reads `clock` (unix ms) once, on first use, and then keeps that time.
 */
export function newFunctionContext(
  encoding: TextEncoding = TextEncoding.Utf8,
  randomBytes: (out: Uint8Array) => void = platformRandomBytes,
  clock: () => number = Date.now,
): FunctionContext {
  let fixed = -1;
  const now = () => fixed < 0 ? (fixed = Math.trunc(clock())) : fixed;
  return { encoding, collation: binaryCollation(encoding), randomBytes, now };
}
