/**
 * Searching an index b-tree by key: compares an entry's leading record fields with a
 * search key using the index's collations and sort orders (DESC columns invert).
 */
import { SqliteError } from "../errors.ts";
import { type Collation, collationFor } from "../value/collation.ts";
import { compareValues } from "../value/compare.ts";
import type { SqlValue, TextEncoding } from "../value/types.ts";
import type { EntryComparator } from "./cursor.ts";
import type { KeyColumn } from "./schema_types.ts";
import type { RecordReader } from "./record.ts";

/** How one key field of an index compares: collation and direction. */
export interface KeyOrder {
  collations: Collation[];
  desc: boolean[];
}

/** The ordering of an index's (or WITHOUT ROWID table's) record fields. */
export function keyOrder(fields: readonly KeyColumn[], enc: TextEncoding): KeyOrder {
  return {
    collations: fields.map((f) => {
      const c = collationFor(f.collation, enc);
      if (!c) throw new SqliteError("SQLITE_ERROR", `no such collation sequence: ${f.collation}`);
      return c;
    }),
    desc: fields.map((f) => f.desc),
  };
}

/**
 * A comparator of entries against `key` (a prefix of the record fields). Entries whose
 * first `key.length` fields equal the key compare as 0, so SeekOp.GE finds the first of
 * them and SeekOp.GT steps past them all.
 */
export function keyComparator(key: readonly SqlValue[], order: KeyOrder): EntryComparator {
  const n = key.length;
  return (rec: RecordReader) => {
    for (let i = 0; i < n; i++) {
      const v = rec.value(i);
      // A record with fewer fields than the key sorts first, as SQLite's record compare.
      if (v === undefined) return -1;
      const c = compareValues(v, key[i], order.collations[i]);
      if (c !== 0) return order.desc[i] ? -c : c;
    }
    return 0;
  };
}
