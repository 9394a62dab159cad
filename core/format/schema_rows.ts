/**
 * Rows of `sqlite_schema` (page 1's table b-tree): type, name, tbl_name, rootpage, sql.
 */
import { SqliteError } from "../errors.ts";
import type { Pager } from "../pager.ts";
import type { TextEncoding } from "../value/types.ts";
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

export function readSchemaRows(pager: Pager, enc: TextEncoding): SchemaRow[] {
  const rows: SchemaRow[] = [];
  if (pager.pageCount === 0) return rows;
  const cursor = new BtreeCursor(pager, 1, enc, true);
  for (let ok = cursor.first(); ok; ok = cursor.next()) {
    const rec = cursor.record();
    const [type, name, tblName, rootPage, sql] = [0, 1, 2, 3, 4].map((i) => rec.value(i) ?? null);
    if (typeof name !== "string") throw malformedSchema("?", "name is not text");
    rows.push({
      type: typeof type === "string" ? type : "",
      name,
      tblName: typeof tblName === "string" ? tblName : name,
      rootPage: typeof rootPage === "number" && Number.isInteger(rootPage) ? rootPage : 0,
      sql: typeof sql === "string" ? sql : null,
    });
  }
  return rows;
}
