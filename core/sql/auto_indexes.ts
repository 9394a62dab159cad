/**
 * The automatic indexes SQLite creates for a table's PRIMARY KEY and UNIQUE constraints
 * (build.c: sqlite3CreateIndex called with no name, convertToWithoutRowidTable).
 */
import { sqlError } from "../errors.ts";
import type { AutoIndexDef, KeyConstraintDef, TableDef } from "./ddl_types.ts";
import { foldName } from "./ddl_stream.ts";

interface Pending {
  def: AutoIndexDef;
  onConflict: string | null;
}

/**
 * The automatic indexes of `table`, in creation order, which is also the order of their
 * names `sqlite_autoindex_<table>_<N>`:
 *
 * - Each PRIMARY KEY (unless it is an INTEGER PRIMARY KEY of a rowid table, which
 *   aliases the rowid) and each UNIQUE constraint, column-level ones first (in column
 *   order) then table-level ones, creates an index numbered after those created so far.
 * - A constraint whose columns and collations (in order; sort order ignored) equal an
 *   earlier index's creates nothing and consumes no number; a PRIMARY KEY that does so
 *   makes that index the primary key's.
 * - In a WITHOUT ROWID table an INTEGER PRIMARY KEY's index is created last, with the
 *   column's own collation; and the primary key's index drops repeated columns and has
 *   no sqlite_schema row, being the table itself.
 *
 * Collations are reported as written (`BINARY` when none applies), as PRAGMA
 * index_xinfo does. Throws SQLite's "conflicting ON CONFLICT clauses specified" error.
 */
export function autoIndexes(table: TableDef): AutoIndexDef[] {
  const made: Pending[] = [];
  const add = (key: KeyConstraintDef, columns: AutoIndexDef["columns"]) => {
    const same = made.find((p) =>
      p.def.columns.length === columns.length &&
      p.def.columns.every((c, i) =>
        c.column === columns[i].column &&
        foldName(c.collation) === foldName(columns[i].collation)
      )
    );
    if (same) {
      if (same.onConflict !== key.onConflict) {
        if (same.onConflict !== null && key.onConflict !== null) {
          throw sqlError("conflicting ON CONFLICT clauses specified");
        }
        same.onConflict ??= key.onConflict;
      }
      if (key.kind === "primaryKey") same.def.origin = "pk";
      return;
    }
    made.push({
      def: {
        name: `sqlite_autoindex_${table.name}_${made.length + 1}`,
        origin: key.kind === "primaryKey" ? "pk" : "u",
        columns,
        hasSchemaRow: true,
      },
      onConflict: key.onConflict,
    });
  };
  const columnOf = (column: number, collation: string | null, desc: boolean) => ({
    column,
    name: table.columns[column].name,
    collation: collation ?? table.columns[column].collation ?? "BINARY",
    desc,
  });
  for (const key of table.keyConstraints) {
    if (key.integerPrimaryKey) continue;
    add(key, key.columns.map((c) => columnOf(c.column, c.collation, c.desc)));
  }
  const pk = table.primaryKey;
  if (table.withoutRowid && pk) {
    if (pk.integerPrimaryKey) {
      // Rebuilt from the column name alone: the constraint's COLLATE is lost.
      add(pk, [columnOf(pk.columns[0].column, null, pk.columns[0].desc)]);
    }
    const pkIndex = made.find((p) => p.def.origin === "pk");
    if (pkIndex) {
      pkIndex.def.hasSchemaRow = false;
      pkIndex.def.columns = pkIndex.def.columns.filter((c, i, all) =>
        !all.slice(0, i).some((o) =>
          o.column === c.column && foldName(o.collation) === foldName(c.collation)
        )
      );
    }
  }
  return made.map((p) => p.def);
}
