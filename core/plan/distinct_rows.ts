/**
 * When a SELECT DISTINCT over one table cannot meet a row twice, so SQLite keeps no
 * b-tree for it (WHERE_DISTINCT_UNIQUE): where.c's isDistinctRedundant, and its
 * whereShortCut, which finds a rowid `=` a constant.
 */
import {
  affinityOk,
  cachedSeekTerm,
  columnOf,
  primaryKeyIndex,
  type TableLeaf,
} from "./access_path.ts";
import type { OrderTerm } from "./order.ts";
import type { Term } from "./terms.ts";

/**
 * Whether the rows of `leaf` (the FROM's only table) under the WHERE's `terms` differ in
 * their `results`: a result column is the rowid; the rowid is fixed by `=`; or a UNIQUE
 * index (not partial) has each key column fixed by `=` a constant (compared in its
 * collation and affinity) or among the results, NOT NULL, in its collation.
 */
export function distinctRowsUnique(
  leaf: TableLeaf,
  results: readonly OrderTerm[],
  terms: readonly Term[],
): boolean {
  const { id, table } = leaf;
  const rowid = (c: number | null) => c === -1 || c === table.rowidAlias;
  const seeks = terms.map((t) => cachedSeekTerm(t, id)).filter((s) =>
    s?.op === "eq" && s.key.kind === "value" && !s.key.nulls
  );
  if (!table.withoutRowid) {
    if (results.some((r) => rowid(columnOf(r.expr, id)))) return true;
    if (leaf.indexedBy === null && seeks.some((s) => rowid(s!.column))) return true;
  }
  const indexes = table.withoutRowid ? [...table.indexes, primaryKeyIndex(table)] : table.indexes;
  return indexes.some((index) =>
    index.unique && !index.where && index.keyColumns.every((k) => {
      const same = (collation: string) => collation.toUpperCase() === k.collation.toUpperCase();
      const affinity = table.columns[k.column]?.affinity;
      return k.column >= 0 && (
        seeks.some((s) =>
          s!.column === k.column && same(s!.collation) && affinityOk(s!.affinity, affinity)
        ) ||
        table.columns[k.column].notNull &&
          results.some((r) => columnOf(r.expr, id) === k.column && same(r.collation))
      );
    })
  );
}
