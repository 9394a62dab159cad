/**
 * where.c's whereShortCut: a FROM of one table is read by a one-row lookup found without
 * weighing any other loop, when its rowid is fixed by `=` or `IS`, or else when every key
 * column of a UNIQUE index (not partial, at most three columns; the newest first) is fixed
 * by `=` (or `IS` where the key is NOT NULL), compared in the column's collation and
 * affinity. SQLite marks that loop WHERE_ONEROW even where its solver would not (a
 * nullable key), so it gives any wanted order: no sort follows it.
 */
import {
  type AccessPath,
  affinityOk,
  cachedSeekTerm,
  indexPath,
  keyColumn,
  primaryKeyIndex,
  rowidLookup,
  type SeekTerm,
  type TableLeaf,
} from "./access_path.ts";
import { Affinity } from "../value/types.ts";
import type { Term } from "./terms.ts";

/** Whether `s` comes from `IS` (which a NULL key also satisfies). */
function isTerm(s: SeekTerm): boolean {
  return s.key.kind === "value" && !!s.key.nulls;
}

/** SQLite's aLTermSpace: a unique index with more key columns takes no shortcut. */
const MAX_KEY_COLUMNS = 3;

/**
 * The shortcut's path for `leaf`, the FROM's only table, under the WHERE's `terms`; null
 * when there is none (INDEXED BY and NOT INDEXED never take it).
 */
export function shortCut(leaf: TableLeaf, terms: readonly Term[]): AccessPath | null {
  if (leaf.indexedBy !== null) return null;
  const t = leaf.table;
  // `=` and `IS` with a value (no IN, no IS NULL: it compares in no collation).
  const seeks: SeekTerm[] = [];
  for (const term of terms) {
    const s = cachedSeekTerm(term, leaf.id);
    if (s?.op === "eq" && s.key.kind === "value" && s.collation) seeks.push(s);
  }
  if (!t.withoutRowid) {
    // The rowid is looked up whatever the comparison's affinity and collation.
    const rowid = seeks.find((s) => s.column === -1);
    if (rowid) return rowidLookup(leaf, rowid);
  }
  const indexes = [...t.indexes].reverse();
  if (t.withoutRowid && t.primaryKey.length) indexes.push(primaryKeyIndex(t));
  for (const index of indexes) {
    const keys = index.keyColumns;
    if (!index.unique || index.where || keys.length > MAX_KEY_COLUMNS) continue;
    const columns = keys.map((k) => keyColumn(t, k));
    if (columns.some((c) => c < -1)) continue; // an expression: not a column of the table
    const notNull = columns.every((c) => c === -1 || t.columns[c].notNull);
    const chosen: SeekTerm[] = [];
    for (const [j, column] of columns.entries()) {
      const affinity = column === -1 ? Affinity.Integer : t.columns[column].affinity;
      const collation = keys[j].collation.toUpperCase();
      const s = seeks.find((s) =>
        s.column === column && (notNull || !isTerm(s)) &&
        affinityOk(s.affinity, affinity) && s.collation.toUpperCase() === collation
      );
      if (!s) break;
      chosen.push(s);
    }
    if (chosen.length === keys.length) return indexPath(leaf, index, chosen);
  }
  return null;
}
