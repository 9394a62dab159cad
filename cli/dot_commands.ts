/**
 * The dot-commands of the interactive prompt (a subset of the sqlite3 shell's, same
 * spelling): `.tables`, `.schema`, `.indexes`, `.mode`, `.headers`, `.nullvalue`,
 * `.timer`, `.bigints`, `.backend`, `.show`, `.help`, `.quit`/`.exit`.
 */
import { AVAILABLE_BACKENDS } from "../backends/all.ts";
import { SqliteError } from "../mod.ts";
import type { Session } from "./session.ts";
import { isOutputMode, OUTPUT_MODES } from "./settings.ts";
import { displayWidth } from "./width.ts";

/** What a dot-command asks of the read loop. */
export type DotResult = "ok" | "error" | "quit";

interface DotCommand {
  usage: string;
  help: string;
  run(session: Session, args: string[]): DotResult;
}

const LINE_WIDTH = 80;

/** Names in columns, filled top to bottom, as the shell lists `.tables`. */
function columnList(names: readonly string[]): string {
  if (names.length === 0) return "";
  const width = Math.max(...names.map(displayWidth)) + 2;
  const columns = Math.max(1, Math.floor(LINE_WIDTH / width));
  const rows = Math.ceil(names.length / columns);
  let out = "";
  for (let r = 0; r < rows; r++) {
    let line = "";
    for (let c = 0; c < columns && c * rows + r < names.length; c++) {
      const name = names[c * rows + r];
      line += name + " ".repeat(width - displayWidth(name));
    }
    out += line.trimEnd() + "\n";
  }
  return out;
}

/** Runs a query on the session's database, with SQLite's LIKE semantics for patterns. */
function query(session: Session, sql: string, pattern: string): unknown[][] {
  const st = session.db.prepare(sql);
  return st.values(pattern);
}

function onOff(session: Session, arg: string | undefined): boolean | null {
  if (arg === undefined) return null;
  const a = arg.toLowerCase();
  if (["on", "yes", "true", "1"].includes(a)) return true;
  if (["off", "no", "false", "0"].includes(a)) return false;
  session.io.err(`ERROR: Not a boolean value: "${arg}". Assuming "no".\n`);
  return false;
}

function toggle(key: "timer" | "headers" | "bigints"): DotCommand["run"] {
  return (session, args) => {
    const value = onOff(session, args[0]);
    if (value === null) return invalid(session, `.${key === "headers" ? "headers" : key}`);
    session.settings[key] = value;
    return "ok";
  };
}

function invalid(session: Session, command: string): DotResult {
  session.io.err(`Usage: ${COMMANDS[command.slice(1)]?.usage ?? command}\n`);
  return "error";
}

const COMMANDS: Record<string, DotCommand> = {
  backend: {
    usage: ".backend ?NAME?",
    help: `Show or switch the executor (${AVAILABLE_BACKENDS.join(", ")})`,
    run(session, [name]) {
      if (name === undefined) {
        session.io.out(
          `${session.settings.backend} (available: ${AVAILABLE_BACKENDS.join(", ")})\n`,
        );
        return "ok";
      }
      session.switchBackend(name);
      return "ok";
    },
  },
  bigints: {
    usage: ".bigints on|off",
    help: "json mode: INTEGERs beyond 2^53-1 as digits, not strings",
    run: toggle("bigints"),
  },
  exit: {
    usage: ".exit",
    help: "Exit this program",
    run: () => "quit",
  },
  headers: {
    usage: ".headers on|off",
    help: "Header line in csv and list modes on or off",
    run: toggle("headers"),
  },
  help: {
    usage: ".help",
    help: "Show this message",
    run(session) {
      const names = Object.keys(COMMANDS).sort();
      const width = Math.max(...names.map((n) => COMMANDS[n].usage.length)) + 2;
      session.io.out(
        names.map((n) => COMMANDS[n].usage.padEnd(width) + COMMANDS[n].help + "\n").join(""),
      );
      return "ok";
    },
  },
  indexes: {
    usage: ".indexes ?TABLE?",
    help: "Show names of indexes (on tables matching LIKE pattern TABLE)",
    run(session, [table]) {
      const rows = query(
        session,
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name LIKE ?1 ORDER BY 1",
        table ?? "%",
      );
      session.io.out(columnList(rows.map((r) => String(r[0]))));
      return "ok";
    },
  },
  mode: {
    usage: ".mode ?MODE?",
    help: `Set the output mode (${OUTPUT_MODES.join(", ")}), or show it`,
    run(session, [mode]) {
      if (mode === undefined) {
        session.io.out(`current output mode: ${session.settings.mode}\n`);
        return "ok";
      }
      if (!isOutputMode(mode)) {
        session.io.err(`Error: mode should be one of: ${OUTPUT_MODES.join(" ")}\n`);
        return "error";
      }
      session.settings.mode = mode;
      return "ok";
    },
  },
  nullvalue: {
    usage: ".nullvalue STRING",
    help: "Use STRING in place of NULL values",
    run(session, args) {
      if (args.length !== 1) return invalid(session, ".nullvalue");
      session.settings.nullValue = args[0];
      return "ok";
    },
  },
  quit: {
    usage: ".quit",
    help: "Exit this program",
    run: () => "quit",
  },
  schema: {
    usage: ".schema ?PATTERN?",
    help: "Show the CREATE statements matching LIKE pattern PATTERN",
    run(session, [pattern]) {
      const rows = query(
        session,
        "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL " +
          "AND (name LIKE ?1 OR tbl_name LIKE ?1) ORDER BY rowid",
        pattern ?? "%",
      );
      let out = "";
      for (const [type, name, sql] of rows) {
        out += String(sql) + (type === "view" ? viewColumnsComment(session, String(name)) : "");
        out += ";\n";
      }
      session.io.out(out);
      return "ok";
    },
  },
  show: {
    usage: ".show",
    help: "Show the current settings",
    run(session) {
      const s = session.settings;
      const rows: [string, string][] = [
        ["backend", s.backend],
        ["mode", s.mode],
        ["headers", s.headers ? "on" : "off"],
        ["nullvalue", JSON.stringify(s.nullValue ?? "NULL")],
        ["timer", s.timer ? "on" : "off"],
        ["bigints", s.bigints ? "on" : "off"],
      ];
      session.io.out(rows.map(([k, v]) => `${k.padStart(10)}: ${v}\n`).join(""));
      return "ok";
    },
  },
  tables: {
    usage: ".tables ?TABLE?",
    help: "List names of tables and views matching LIKE pattern TABLE",
    run(session, [pattern]) {
      const rows = query(
        session,
        "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') " +
          "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name LIKE ?1 ORDER BY 1",
        pattern ?? "%",
      );
      session.io.out(columnList(rows.map((r) => String(r[0]))));
      return "ok";
    },
  },
  timer: {
    usage: ".timer on|off",
    help: 'Print "Prepare: x ms  Run: y ms" after each statement',
    run: toggle("timer"),
  },
};

/** The shell's `/* view(col, ...) *\/` note after a view's CREATE statement. */
function viewColumnsComment(session: Session, view: string): string {
  try {
    const names = session.db.prepare(`SELECT * FROM "${view.replaceAll('"', '""')}"`).columns()
      .map((c) => c.name);
    return `\n/* ${view}(${names.join(",")}) */`;
  } catch {
    return ""; // a view that no longer binds: the shell shows its SQL alone too
  }
}

/** Splits a dot-command line into words; '…' and "…" quote words with spaces. */
export function dotWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/'([^']*)'?|"((?:[^"\\]|\\.)*)"?|(\S+)/g)) {
    words.push(m[1] ?? (m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3]));
  }
  return words;
}

/** Runs one dot-command line (it starts with "."). Errors go to stderr. */
export function runDotCommand(session: Session, line: string): DotResult {
  const [word, ...args] = dotWords(line.trim().slice(1));
  const command = word === undefined ? undefined : COMMANDS[word];
  if (!command) {
    session.io.err(
      `Error: unknown command or invalid arguments:  "${word ?? ""}". Enter ".help" for help\n`,
    );
    return "error";
  }
  try {
    return command.run(session, args);
  } catch (e) {
    session.io.err(`Error: ${e instanceof SqliteError || e instanceof Error ? e.message : e}\n`);
    return "error";
  }
}
