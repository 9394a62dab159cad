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
import { denoIo } from "./cli/io.ts";
import { describeFailure, runCli } from "./cli/main.ts";

if (import.meta.main) {
  const io = denoIo();
  try {
    Deno.exitCode = await runCli(Deno.args, io, "deno task cli");
  } catch (e) {
    // The reader of a pipe went away (`| head`): stop quietly, as a shell tool does.
    if (!(e instanceof Deno.errors.BrokenPipe)) {
      try {
        io.err(describeFailure(e));
      } catch { /* stderr gone too */ }
      Deno.exitCode = 1;
    }
  }
}
