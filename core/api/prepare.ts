/**
 * SQL text → bound statement: the shared front end every backend starts from.
 */
import { SqliteError } from "../errors.ts";
import type { DatabaseFile } from "../database_file.ts";
import { nextStatementStart, parseStatement } from "../sql/parser.ts";
import { type BindOptions, bindStatement, type Catalog } from "../analyze/binder.ts";
import type { BoundStatement } from "../analyze/bound.ts";
import { pragmaColumns } from "../pragma/pragma.ts";

/** A statement parsed and bound against a database's schema. */
export interface PreparedSql {
  /** The statement's own text (without what follows it). */
  text: string;
  bound: BoundStatement;
}

/** The schema and the pragma catalog, as the binder sees them. */
export function catalogOf(file: DatabaseFile): Catalog {
  return { schema: file.schema, pragmaColumns };
}

/**
 * Parses and binds the one statement in `sql`. Empty SQL and SQL with a second statement
 * are misuse: silently ignoring the rest of the text would surprise. `options` are the
 * binder's (the math functions are off by default, as in node:sqlite).
 */
export function prepareSql(
  file: DatabaseFile,
  sql: string,
  options: BindOptions = {},
): PreparedSql {
  if (typeof sql !== "string") {
    throw new SqliteError("SQLITE_MISUSE", "the SQL to prepare must be a string");
  }
  const parsed = parseStatement(sql);
  if (!parsed) throw new SqliteError("SQLITE_MISUSE", "the SQL text contains no statement");
  const next = nextStatementStart(sql, parsed.tail);
  if (next >= 0) {
    throw new SqliteError(
      "SQLITE_MISUSE",
      `the SQL text contains more than one statement (the second starts at offset ${next})`,
      next,
    );
  }
  const bound = bindStatement(parsed, catalogOf(file), options);
  const { start, end } = parsed.statement;
  return { text: sql.slice(start, end), bound };
}
