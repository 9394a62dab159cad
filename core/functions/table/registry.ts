/**
 * Table-valued functions: the rows of `pragma_<name>(...)`, `json_each` and `json_tree` for
 * given argument values, each row with the function's columns followed by the hidden
 * argument columns the binder lists (`arg`, `schema` for every pragma; `json`, `root`).
 */
import { sqlError } from "../../errors.ts";
import type { DatabaseFile } from "../../database_file.ts";
import type { Reg } from "../../value/reg.ts";
import { pragmaRows } from "./pragma_functions.ts";
import { jsonEachRows } from "../json/each.ts";

/**
 * The rows of table-valued function `name` (lower case) called with `args`, each row with
 * the function's columns followed by its hidden argument columns.
 */
export function tableFunctionRows(
  name: string,
  args: readonly Reg[],
  file: DatabaseFile,
): Reg[][] {
  if (name.startsWith("pragma_")) return pragmaRows(name.slice("pragma_".length), args, file);
  if (name === "json_each" || name === "json_tree") {
    return jsonEachRows(name === "json_tree", args, file.encoding);
  }
  throw sqlError(`table-valued function ${name} is not supported yet`);
}
