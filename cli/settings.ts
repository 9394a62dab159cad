/**
 * What the command line and the dot-commands can change: output mode and its details,
 * the timer, EXPLAIN output, the backend.
 */
import type { BackendName } from "../mod.ts";

/** The output modes (sqlite3 shell names). */
export const OUTPUT_MODES = ["box", "table", "markdown", "csv", "json", "list", "line"] as const;

/** An output mode: see {@link OUTPUT_MODES}. */
export type OutputMode = typeof OUTPUT_MODES[number];

/** What `--explain` prints instead of running a statement. */
export type ExplainOutput = "both" | "bytecode" | "plan";

/** Settings of one CLI session. */
export interface Settings {
  /** How result rows are printed. */
  mode: OutputMode;
  /** Whether csv and list modes print a header line (default true). */
  headers: boolean;
  /** Text shown for NULL; null means the mode's default ("NULL", or "" in csv). */
  nullValue: string | null;
  /** Print `Prepare: x ms  Run: y ms` after each statement. */
  timer: boolean;
  /** Print the program and/or query plan instead of running statements; null: run them. */
  explain: ExplainOutput | null;
  /** JSON mode: every INTEGER as bare digits, even beyond ±(2^53-1). */
  bigints: boolean;
  /** The executor that runs queries. */
  backend: BackendName;
  /** Dim NULL markers with ANSI escapes (stdout is a terminal and NO_COLOR is unset). */
  color: boolean;
}

/** Whether `name` is an output mode. */
export function isOutputMode(name: string): name is OutputMode {
  return (OUTPUT_MODES as readonly string[]).includes(name);
}
