/**
 * Rows of `sqlite_schema` (page 1's table b-tree): type, name, tbl_name, rootpage, sql.
 */
import { SqliteError } from "../errors.ts";
import type { Pager } from "../pager.ts";
import type { SqlValue, TextEncoding } from "../value/types.ts";
import { BtreeCursor } from "./cursor.ts";

export interface SchemaRow {
  type: string;
  name: string;
  tblName: string;
  rootPage: number;
  sql: string | null;
}

/** SQLite's error for a schema it cannot make sense of. */
export function malformedSchema(name: string, detail?: string): SqliteError {
  return new SqliteError(
    "SQLITE_CORRUPT",
    `malformed database schema (${name})${detail ? ` - ${detail}` : ""}`,
  );
}

/**
 * Calls `each` with the first `n` fields (NULL for fields a short record lacks) of each row
 * of the table b-tree at `root`, in rowid order, as the cursor reaches it.
 */
export function forEachRow(
  pager: Pager,
  root: number,
  enc: TextEncoding,
  n: number,
  each: (fields: SqlValue[]) => void,
): void {
  const cursor = new BtreeCursor(pager, root, enc, true);
  for (let ok = cursor.first(); ok; ok = cursor.next()) {
    const rec = cursor.record();
    const fields: SqlValue[] = [];
    for (let i = 0; i < n; i++) fields.push(rec.value(i) ?? null);
    each(fields);
  }
}

export function readSchemaRows(pager: Pager, enc: TextEncoding): SchemaRow[] {
  const rows: SchemaRow[] = [];
  if (pager.pageCount === 0) return rows;
  forEachRow(pager, 1, enc, 5, ([type, name, tblName, rootPage, sql]) => {
    if (typeof name !== "string") throw malformedSchema("?", "name is not text");
    rows.push({
      type: typeof type === "string" ? type : "",
      name,
      tblName: typeof tblName === "string" ? tblName : name,
      rootPage: typeof rootPage === "number" && Number.isInteger(rootPage) ? rootPage : 0,
      sql: typeof sql === "string" ? sql : null,
    });
  });
  return rows;
}
