/**
 * The signal a lazily filled page source throws when a read needs bytes it has not fetched
 * yet (core/io/lazy_source.ts). It is not an error and never reaches users: the async
 * statement methods (core/api/async_statement.ts) catch it, fetch the bytes, and resume
 * the run (an execution started resumable) or start it again. It is a plain object, not an
 * Error, so throwing it captures no stack: a scan may throw it many times.
 */
export class PageMiss {
  /** First byte the read needed. */
  declare readonly start: number;
  /** Byte after the last one the read needed. */
  declare readonly end: number;

  /** A miss of bytes `[start, end)`. */
  constructor(start: number, end: number) {
    this.start = start;
    this.end = end;
  }
}
