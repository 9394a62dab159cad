/**
 * The options PRAGMAs run with, as statements or as `pragma_<name>` table-valued functions:
 * the file name `database_list` reports and the binder-based view column resolver
 * (`table_info` of a view, `table_list`'s ncol).
 */
import type { DatabaseFile } from "../database_file.ts";
import type { PragmaOptions } from "../pragma/pragma.ts";
import { bindViewColumns } from "../pragma/view_columns.ts";

/** PragmaOptions for `file`; `inTransaction`: a transaction is open on the connection. */
export function pragmaOptionsFor(file: DatabaseFile, inTransaction = false): PragmaOptions {
  return {
    filename: file.path,
    viewColumns: (view) => bindViewColumns(file, view),
    inTransaction,
  };
}
