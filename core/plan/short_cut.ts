/**
 * where.c's whereShortCut: the one table of a FROM (without INDEXED BY or NOT INDEXED) is
 * read by an `=` (or IS) on its rowid, else by one on every key column of a UNIQUE index
 * that is not partial and has at most 3 key columns (IS only where they are all NOT
 * NULL), the indexes newest first; each on a value not reading the table. SQLite then
 * costs nothing else (no estimate, no statistics): the loop is taken to cost 10 (a rowid
 * lookup) or 15 and to yield one row.
 */
import type { IndexInfo } from "../format/schema_types.ts";
import { Affinity } from "../value/types.ts";
import {
  type AccessPath,
  affinityOk,
  cachedSeekTerm,
  fullScan,
  keyColumn,
  primaryKeyIndex,
  seekPath,
  type SeekTerm,
  type TableLeaf,
} from "./access_path.ts";
import type { IndexScan, TableScan } from "./plan.ts";
import { isEqualityOp, sqliteTermOrder, type Term } from "./terms.ts";

/** The short cut's path and its run cost (LogEst), or null when there is none. */
export function shortCut(
  leaf: TableLeaf,
  terms: readonly Term[],
  ready: (t: Term) => boolean,
): { path: AccessPath; rRun: number } | null {
  if (leaf.indexedBy !== null) return null;
  const t = leaf.table;
  // WO_EQ and WO_IS terms (`x IS NULL` is WO_ISNULL), in the WHERE clause's order.
  const seeks: SeekTerm[] = [];
  for (const term of sqliteTermOrder(terms)) {
    const s = cachedSeekTerm(term, leaf.id);
    if (s && isEqualityOp(term.expr) && s.key.kind === "value" && ready(term)) seeks.push(s);
  }
  if (!t.withoutRowid) {
    const rowid = seeks.find((s) =>
      s.column === -1 && affinityOk(s.affinity, Affinity.Integer) && s.collation
    );
    if (rowid) {
      const base = fullScan(leaf);
      const node: TableScan = { ...base.node as TableScan, rowid: { kind: "key", key: rowid.key } };
      return { path: { ...base, node, used: [rowid.term] }, rRun: 33 };
    }
  }
  const indexes = t.indexes.filter((i) => i.keyColumns.length).reverse();
  if (t.withoutRowid && t.primaryKey.length) indexes.push(primaryKeyIndex(t));
  for (const index of indexes) {
    if (!index.unique || index.where || index.keyColumns.length > 3) continue;
    const path = uniqueSeek(leaf, index, seeks);
    if (path) return { path, rRun: 39 };
  }
  return null;
}

/** The seek of every key column of UNIQUE `index` by a term of `seeks`, or null. */
function uniqueSeek(leaf: TableLeaf, index: IndexInfo, seeks: SeekTerm[]): AccessPath | null {
  const t = leaf.table;
  const columns = index.keyColumns.map((k) => keyColumn(t, k));
  // uniqNotNull: with every key column NOT NULL an IS finds one row too.
  const notNull = columns.every((c) => c < 0 || t.columns[c].notNull);
  const found: SeekTerm[] = [];
  for (const [i, k] of index.keyColumns.entries()) {
    const col = columns[i];
    const affinity = col < 0 ? Affinity.Integer : t.columns[col].affinity;
    const s = seeks.find((s) =>
      s.column === col && affinityOk(s.affinity, affinity) &&
      s.collation.toUpperCase() === k.collation.toUpperCase() &&
      (notNull || s.term.expr.kind === "compare")
    );
    if (!s) return null;
    found.push(s);
  }
  const path = seekPath(leaf, index, found.map((s) => s.key), found.map((s) => s.term));
  // A WITHOUT ROWID table's primary key holds every column.
  if (index.origin === "pk" && t.withoutRowid) {
    path.node = { ...path.node, covering: true } as IndexScan;
  }
  return path;
}
