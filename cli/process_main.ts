/**
 * Runs the CLI as this process: arguments, standard streams and exit code from the
 * runtime (cli/runtime_process.ts), so `deno task cli` (cli.ts) and the npm package's
 * `litejit` command (cli/bin.ts) share one entry.
 */
import { processIo } from "./io.ts";
import { describeFailure, runCli } from "./main.ts";
import { runtimeProcess } from "./runtime_process.ts";

/** Runs the CLI on the process's arguments and sets its exit code. */
export async function runCliProcess(program: string): Promise<void> {
  const host = runtimeProcess();
  // Node reports a closed stdout (`| head`) as an 'error' event rather than a throw.
  host.onStdoutError((e: unknown) => {
    if (isBrokenPipe(e)) host.exit(0);
    throw e;
  });
  const io = processIo(host);
  try {
    host.setExitCode(await runCli(host.args, io, program));
  } catch (e) {
    // The reader of a pipe went away: stop quietly, as a shell tool does.
    if (isBrokenPipe(e)) return;
    try {
      io.err(describeFailure(e));
    } catch { /* stderr gone too */ }
    host.setExitCode(1);
  }
}

/** EPIPE as Node reports it, or Deno's BrokenPipe error. */
function isBrokenPipe(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return (e as { code?: unknown }).code === "EPIPE" || e.name === "BrokenPipe";
}
