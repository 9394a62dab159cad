/**
 * The prompt: lines from stdin gathered into statements (run once the text so far ends
 * with `;`), dot-commands at the start of a statement. Works on a terminal (with prompts)
 * and on piped input (without), where it carries on after errors like the sqlite3 shell.
 */
import { runDotCommand } from "./dot_commands.ts";
import type { Session } from "./session.ts";
import { isCompleteSql } from "./statements.ts";

/** The prompts, as wide as each other (sqlite3's continuation prompt). */
export const PROMPT = "litejit> ";
/** The prompt shown while a statement is incomplete. */
export const CONTINUATION_PROMPT = "    ...> ";

/**
 * Reads and runs stdin until it ends or `.quit`. Returns the exit code: 1 when any
 * statement or dot-command failed, else 0.
 */
export async function readLoop(session: Session): Promise<number> {
  const { io } = session;
  let failed = false;
  let buffer = "";
  let bufferLine = 0;
  let lineNo = 0;
  const prompt = (): void => {
    if (io.interactive) io.out(buffer === "" ? PROMPT : CONTINUATION_PROMPT);
  };
  prompt();
  for await (const line of io.lines()) {
    lineNo++;
    if (buffer === "") {
      const trimmed = line.trim();
      if (trimmed.startsWith(".")) {
        const result = runDotCommand(session, trimmed);
        if (result === "quit") return failed ? 1 : 0;
        if (result === "error") failed = true;
        prompt();
        continue;
      }
      if (trimmed === "") {
        prompt();
        continue;
      }
      bufferLine = lineNo;
    }
    buffer += line + "\n";
    if (isCompleteSql(buffer)) {
      if (!session.runSql(buffer, { kind: "stdin", firstLine: bufferLine })) failed = true;
      buffer = "";
    }
    prompt();
  }
  // Input ended inside a statement: run what there is (SQLite reports it if incomplete).
  if (buffer.trim() !== "") {
    if (!session.runSql(buffer, { kind: "stdin", firstLine: bufferLine })) failed = true;
  }
  if (io.interactive) io.out("\n");
  return failed ? 1 : 0;
}
