/**
 * Table-valued functions (`pragma_table_info(...)`, `json_each(...)`): their rows for
 * given argument values (placeholder until it lands).
 */
import { SqliteError } from "../../errors.ts";
import type { DatabaseFile } from "../../database_file.ts";
import type { Reg } from "../../value/reg.ts";

/**
 * The rows of table-valued function `name` (lower case) called with `args`, each row with
 * the function's columns followed by its hidden argument columns.
 */
export function tableFunctionRows(
  name: string,
  args: readonly Reg[],
  file: DatabaseFile,
): Reg[][] {
  void args;
  void file;
  throw new SqliteError("SQLITE_ERROR", `table-valued function ${name} is not supported yet`);
}
