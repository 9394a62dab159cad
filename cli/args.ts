/**
 * The command line: `cli.ts [options] [database] [sql-or-dot-command...]`.
 */
import { isOutputMode, OUTPUT_MODES, type OutputMode } from "./settings.ts";
import type { ExplainOutput } from "./settings.ts";
import { AVAILABLE_BACKENDS, defaultBackend } from "../backends/all.ts";

/** The command line, parsed. */
export interface CliArgs {
  /** The database file; null: an empty in-memory database (also for `:memory:`). */
  database: string | null;
  /** SQL texts and dot-commands to run in turn; empty: read them from stdin. */
  commands: string[];
  mode: OutputMode;
  backend: string | null;
  explain: ExplainOutput | null;
  timer: boolean;
  bigints: boolean;
  headers: boolean;
  nullValue: string | null;
  help: boolean;
  version: boolean;
}

/** A command line the CLI cannot make sense of; its message goes to stderr with the usage. */
export class UsageError extends Error {}

const EXPLAIN_OUTPUTS: readonly ExplainOutput[] = ["both", "bytecode", "plan"];

/**
 * Parses the arguments. Options may come anywhere before `--`; the first other argument
 * is the database, the rest are SQL texts or dot-commands. Throws {@link UsageError}.
 */
export function parseArgs(argv: readonly string[]): CliArgs {
  const out: CliArgs = {
    database: null,
    commands: [],
    mode: "box",
    backend: null,
    explain: null,
    timer: false,
    bigints: false,
    headers: true,
    nullValue: null,
    help: false,
    version: false,
  };
  const positional: string[] = [];
  let optionsDone = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (optionsDone || !arg.startsWith("-") || arg === "-") {
      positional.push(arg);
      continue;
    }
    if (arg === "--") {
      optionsDone = true;
      continue;
    }
    // sqlite3 spells options with one dash; accept both.
    const eq = arg.indexOf("=");
    const name = (eq < 0 ? arg : arg.slice(0, eq)).replace(/^--?/, "");
    const inline = eq < 0 ? null : arg.slice(eq + 1);
    const value = (): string => {
      if (inline !== null) return inline;
      if (i + 1 >= argv.length) throw new UsageError(`missing value for ${arg}`);
      return argv[++i];
    };
    const noValue = (): void => {
      if (inline !== null) throw new UsageError(`${arg.slice(0, eq)} takes no value`);
    };
    if (isOutputMode(name)) {
      noValue();
      out.mode = name;
      continue;
    }
    switch (name) {
      case "mode": {
        const m = value();
        if (!isOutputMode(m)) {
          throw new UsageError(`unknown mode "${m}" (modes: ${OUTPUT_MODES.join(", ")})`);
        }
        out.mode = m;
        break;
      }
      case "backend":
        out.backend = value();
        break;
      case "explain": {
        const e = inline ?? "both";
        if (!(EXPLAIN_OUTPUTS as readonly string[]).includes(e)) {
          throw new UsageError(`--explain takes ${EXPLAIN_OUTPUTS.join(", ")}, not "${e}"`);
        }
        out.explain = e as ExplainOutput;
        break;
      }
      case "timer":
        noValue();
        out.timer = true;
        break;
      case "bigints":
        noValue();
        out.bigints = true;
        break;
      case "header":
      case "headers":
        noValue();
        out.headers = true;
        break;
      case "noheader":
      case "noheaders":
        noValue();
        out.headers = false;
        break;
      case "nullvalue":
        out.nullValue = value();
        break;
      case "help":
      case "h":
        out.help = true;
        break;
      case "version":
        out.version = true;
        break;
      default:
        throw new UsageError(`unknown option: ${arg}`);
    }
  }
  if (positional.length > 0) {
    const db = positional.shift()!;
    out.database = db === ":memory:" ? null : db;
  }
  out.commands = positional;
  return out;
}

/** The usage text of `--help`. */
export function usage(program: string): string {
  return `Usage: ${program} [options] [DATABASE] [SQL | .command]...

Runs read-only SQL on a SQLite database file with litejit. Each SQL argument may hold
several statements; they and dot-commands run in turn, stopping at the first error.
Without SQL arguments, statements and dot-commands are read from stdin (a prompt when
stdin is a terminal). Without DATABASE (or with :memory:) the database is empty.

Options:
  --box | --table | --markdown | --csv | --json | --list | --line
                      output mode (default box; --mode MODE does the same)
  --backend NAME      executor: ${AVAILABLE_BACKENDS.join(", ")} (default ${defaultBackend().name})
  --explain[=both|bytecode|plan]
                      print each statement's program and/or EXPLAIN QUERY PLAN tree
                      instead of running it
  --timer             print "Prepare: x ms  Run: y ms" after each statement
  --bigints           json mode: INTEGERs beyond 2^53-1 as bare digits, not strings
  --noheader          csv and list modes: no header line
  --nullvalue TEXT    text shown for NULL (default: NULL, dimmed on a terminal;
                      empty in csv)
  --help, --version
`;
}
