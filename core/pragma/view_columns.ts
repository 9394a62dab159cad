/**
 * A view's columns as SQLite derives them by compiling the view's SELECT
 * (sqlite3ViewGetColumnNames → sqlite3SubqueryColumnTypes): the binder binds
 * `SELECT * FROM "view"` and the view source's columns give the names, origin declared
 * types and affinities. Used by `PRAGMA table_info(view)` / `table_xinfo(view)` and by
 * `table_list`'s column count.
 *
 * The type SQLite reports for a view column: the declared type of the column it comes
 * from, unless there is none or that type's affinity differs from the column's affinity;
 * then "NUM" for NUMERIC affinity, else the first of SQLite's standard type names with the
 * column's affinity (BLOB, INT, REAL, TEXT), else "" (no affinity).
 */
import type { DatabaseFile } from "../database_file.ts";
import type { ViewInfo } from "../format/schema_types.ts";
import { parseStatement } from "../sql/parser.ts";
import { bindStatement } from "../analyze/binder.ts";
import { affinityOfTypeText } from "../value/affinity_of_type.ts";
import { Affinity } from "../value/types.ts";
import { pragmaColumns } from "./catalog.ts";

/** One result column of a view: its name and the declared type SQLite gives it. */
export interface ViewColumn {
  name: string;
  type: string;
}

/** Works out a view's columns as SQLite would (the binder's job). */
export type ViewColumnResolver = (view: ViewInfo) => readonly ViewColumn[];

/**
 * The type name SQLite gives an expression of each affinity: NUM for NUMERIC, else its
 * standard type name (sqlite3StdType after ANY).
 */
const TYPE_NAMES: Record<Affinity, string> = {
  [Affinity.Blob]: "BLOB",
  [Affinity.Integer]: "INT",
  [Affinity.Numeric]: "NUM",
  [Affinity.Real]: "REAL",
  [Affinity.Text]: "TEXT",
};

/**
 * The columns of `view`, bound against `db`'s schema. Throws the binder's SqliteError
 * when the view does not bind (e.g. it names a table that no longer exists), as SQLite's
 * PRAGMA does.
 */
export function bindViewColumns(db: DatabaseFile, view: ViewInfo): ViewColumn[] {
  const sql = `SELECT * FROM "${view.name.replaceAll('"', '""')}"`;
  const parsed = parseStatement(sql)!;
  const bound = bindStatement(parsed, { schema: db.schema, pragmaColumns });
  if (bound.kind !== "select" || bound.select.first.kind !== "core") return [];
  const item = bound.select.first.from?.items[0]?.item;
  if (item?.kind !== "subquery") return [];
  return item.columns.map((c) => {
    // The binder reports a declared type of "" as null; SQLite keeps "" for a column
    // reference (whose declared type may be `""`, NUMERIC affinity).
    const declared = c.declaredType ?? (c.origin ? "" : null), affinity = c.affinity;
    return {
      name: c.name,
      type: declared !== null && affinity === affinityOfTypeText(declared)
        ? declared
        : affinity === null
        ? ""
        : TYPE_NAMES[affinity],
    };
  });
}
