/**
 * litejit's command line: runs read-only SQL on a SQLite file and prints the results like
 * the sqlite3 shell.
 *
 *   npx -y deno task cli examples/sample.db "SELECT name FROM cities LIMIT 3"
 *   npx -y deno task cli examples/sample.db          # interactive prompt
 *
 * The implementation is in cli/ (`runCli` in cli/main.ts).
 *
 * @module
 */
import { runCliProcess } from "./cli/process_main.ts";

if (import.meta.main) await runCliProcess("deno task cli");
