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

/** The source id of {@link EMULATED_SQLITE_VERSION}, as `sqlite_source_id()` reports it. */
export const EMULATED_SQLITE_SOURCE_ID =
  "2026-06-03 19:12:13 d6e03d8c777cfa2d35e3b60d8ec3e0187f3e9f99d8e2ee9cac695fd6fcdf1a24";
