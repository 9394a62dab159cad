/**
 * The planner: bound SELECT → physical plan (placeholder until it lands).
 */
import { SqliteError } from "../errors.ts";
import type { BoundStatement } from "../analyze/bound.ts";
import type { DatabaseFile } from "../database_file.ts";
import type { Plan } from "./plan.ts";

/** A bound SELECT statement. */
export type BoundSelectStatement = Extract<BoundStatement, { kind: "select" }>;

/** Plans `statement` against `file`'s schema. */
export function planSelect(statement: BoundSelectStatement, file: DatabaseFile): Plan {
  void statement;
  void file;
  throw new SqliteError("SQLITE_ERROR", "the planner is not implemented yet");
}
