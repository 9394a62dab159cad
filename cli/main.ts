/**
 * The command-line interface: `deno task cli [options] [database] [sql | .command]...`.
 * See {@link usage} and the README's "Command line" section.
 */
import { SqliteError } from "../mod.ts";
import { defaultBackend } from "../backends/all.ts";
import { type CliArgs, parseArgs, usage, UsageError } from "./args.ts";
import { runDotCommand } from "./dot_commands.ts";
import type { CliIo } from "./io.ts";
import { readLoop } from "./read_loop.ts";
import { Session } from "./session.ts";
import type { Settings } from "./settings.ts";
import config from "../deno.json" with { type: "json" };

/**
 * Runs the CLI with arguments `argv` on `io`; resolves to the exit code (0 ok, 1 error).
 * Never throws for a database or SQL problem: those are printed to `io.err`.
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  program = "cli.ts",
): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`Error: ${e.message}\n${usage(program)}`);
    return 1;
  }
  if (args.help) {
    io.out(usage(program));
    return 0;
  }
  if (args.version) {
    io.out(`litejit ${config.version}\n`);
    return 0;
  }
  const settings: Settings = {
    mode: args.mode,
    headers: args.headers,
    nullValue: args.nullValue,
    timer: args.timer,
    explain: args.explain,
    bigints: args.bigints,
    backend: (args.backend ?? defaultBackend().name) as Settings["backend"],
    color: io.color,
  };
  let session: Session;
  try {
    session = new Session(io, settings, args.database);
  } catch (e) {
    io.err(`Error: ${e instanceof Error ? e.message : e}\n`);
    return 1;
  }
  try {
    if (args.commands.length === 0) {
      if (io.interactive) {
        io.out(
          `litejit ${config.version} (${settings.backend} backend), read-only\n` +
            `Enter ".help" for usage hints.\n`,
        );
      }
      return await readLoop(session);
    }
    for (const command of args.commands) {
      if (command.trimStart().startsWith(".")) {
        const result = runDotCommand(session, command);
        if (result === "quit") return 0;
        if (result === "error") return 1;
      } else if (!session.runSql(command, { kind: "argument" })) {
        return 1;
      }
    }
    return 0;
  } finally {
    session.close();
  }
}

/** An unexpected failure as one line (no stack trace), for the entry point. */
export function describeFailure(e: unknown): string {
  if (e instanceof SqliteError) return `Error: ${e.message}\n`;
  return `Error: ${e instanceof Error ? e.message : String(e)}\n`;
}
