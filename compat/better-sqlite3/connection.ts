/**
 * What a compat Database shares with its Statements: the litejit connection (null once
 * closed), the number of open iterators (better-sqlite3 refuses `run`, `exec` and `close`
 * while one is open), the statement logger and the default for `safeIntegers`.
 */
import type { Database as LiteDatabase } from "../../mod.ts";
import { Misuse, misuse } from "./errors.ts";

/** State shared by a Database and its Statements. */
export interface Connection {
  lite: LiteDatabase | null;
  iterators: number;
  verbose: ((sql: string) => void) | null;
  safeIntegers: boolean;
}

/** The open litejit connection, or better-sqlite3's TypeError once closed. */
export function openConnection(c: Connection): LiteDatabase {
  return c.lite ?? misuse(Misuse.notOpen);
}
