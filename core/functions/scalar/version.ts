/**
 * The SQLite version litejit emulates: its results are checked against this release,
 * and `sqlite_version()` reports it.
 */
import type { FunctionContext } from "../context.ts";
import { type Reg, setText } from "../../value/reg.ts";

/** The SQLite release whose behaviour litejit reproduces. */
export const EMULATED_SQLITE_VERSION = "3.53.2";

/** sqlite_version(). */
export function sqliteVersionFn(_args: readonly Reg[], out: Reg, _ctx: FunctionContext): void {
  setText(out, EMULATED_SQLITE_VERSION);
}
