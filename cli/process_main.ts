/**
 * Runs the CLI as this process: arguments, standard streams and exit code from
 * `node:process`, so `deno task cli` (cli.ts) and the npm package's `litejit` command
 * (cli/bin.ts) share one entry.
 */
import process from "node:process";
import { processIo } from "./io.ts";
import { describeFailure, runCli } from "./main.ts";

/** Runs the CLI on `argv` (without the runtime and script paths) and sets the exit code. */
export async function runCliProcess(argv: readonly string[], program: string): Promise<void> {
  // Node reports a closed stdout (`| head`) as an 'error' event rather than a throw.
  process.stdout.on("error", (e: unknown) => {
    if (isBrokenPipe(e)) process.exit(process.exitCode ?? 0);
    throw e;
  });
  const io = processIo();
  try {
    process.exitCode = await runCli(argv, io, program);
  } catch (e) {
    // The reader of a pipe went away: stop quietly, as a shell tool does.
    if (isBrokenPipe(e)) return;
    try {
      io.err(describeFailure(e));
    } catch { /* stderr gone too */ }
    process.exitCode = 1;
  }
}

/** EPIPE as Node reports it, or Deno's BrokenPipe error. */
function isBrokenPipe(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return (e as { code?: unknown }).code === "EPIPE" || e.name === "BrokenPipe";
}
