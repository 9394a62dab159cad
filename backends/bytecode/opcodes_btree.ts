/**
 * Opcodes for b-tree cursors: opening, walking, reading columns, rowid and index seeks
 */
import { J, N, P1, P2, P3, range, type Roles, spec } from "./opcode_spec.ts";

/** Index seeks and tests: cursor P1 against the key r[P3 .. P3+P4). */
const INDEX_KEY: Roles = { cursor: P1, reads: [range(P3, "p4")] };

/**
 * Opcodes for b-tree cursors: opening, walking, reading columns, rowid and index seeks,
 * in Op order (opcodes.ts checks it).
 */
export const BTREE_OPCODES = [
  /**
   * Open cursor P1 on the b-tree pool[P4] (a table or index).
   *
   * Operands: P1: cursor; P2: root page; P4: pool.
   */
  spec("OpenRead", N, "root=P2", { cursor: P1 }, "pool"),
  /**
   * Move c[P1] to its first entry; jump to P2 if there is none.
   *
   * Operands: P1: cursor; P2: if empty.
   */
  spec("Rewind", J, "", { cursor: P1 }),
  /**
   * Move c[P1] to its last entry; jump to P2 if there is none.
   *
   * Operands: P1: cursor; P2: if empty.
   */
  spec("Last", J, "", { cursor: P1 }),
  /**
   * Advance c[P1]; jump to P2 if it is on an entry.
   *
   * Operands: P1: cursor; P2: if more.
   */
  spec("Next", J, "", { cursor: P1 }),
  /**
   * Move c[P1] back; jump to P2 if it is on an entry.
   *
   * Operands: P1: cursor; P2: if more.
   */
  spec("Prev", J, "", { cursor: P1 }),
  /**
   * Read record field P2 of c[P1] (NULL on a null row; pool[P4] when the record is shorter; P5
   * turns an INTEGER into REAL).
   *
   * Operands: P1: cursor; P2: field; P3: dest; P4: pool; P5: 1: REAL affinity.
   */
  spec("Column", N, "r[P3]=c[P1].field[P2]", { cursor: P1, writes: [P3] }, "pool"),
  /**
   * The rowid of c[P1]'s entry (NULL on a null row).
   *
   * Operands: P1: cursor; P2: dest.
   */
  spec("Rowid", N, "r[P2]=rowid(c[P1])", { cursor: P1, writes: [P2] }),
  /**
   * Make c[P1] read NULL for every column until it moves (OUTER JOIN).
   *
   * Operands: P1: cursor.
   */
  spec("NullRow", N, "", { cursor: P1 }),
  /**
   * Number of entries of c[P1]'s b-tree, from its leaf pages.
   *
   * Operands: P1: cursor; P2: dest.
   */
  spec("Count", N, "r[P2]=count(c[P1])", { cursor: P1, writes: [P2] }),
  /**
   * Move c[P1] to rowid r[P3] (converted as SQLite's OP_SeekRowid); jump to P2 if there is no
   * such row.
   *
   * Operands: P1: cursor; P2: if none; P3: key.
   */
  spec("SeekRowid", J, "if no row rowid==r[P3] goto P2", {
    cursor: P1,
    reads: [P3],
  }),
  /**
   * Let c[P1] seek rowid r[P3] (an index entry's rowid, read by the Column before) only when
   * a column of its row is first read, as SQLite's OP_DeferredSeek: an entry the rest of the
   * loop rejects costs no table seek. SQLITE_CORRUPT unless r[P3] is an INTEGER; when the
   * row is first read, if there is no such row.
   *
   * Operands: P1: cursor; P3: rowid.
   */
  spec("DeferredSeek", N, "", { cursor: P1, reads: [P3] }),
  /**
   * Convert a rowid range bound: jump to P2 if no row can match, NULL when unbounded, else the
   * inclusive integer bound.
   *
   * Operands: P1: value; P2: if empty; P3: dest; P5: 1 lower, 2 inclusive.
   */
  spec("RowidBound", J, "r[P3]=rowid bound of r[P1]", {
    reads: [P1],
    writes: [P3],
  }),
  /**
   * Move c[P1] to the first rowid >= r[P3] (the first row when NULL); jump to P2 if none.
   *
   * Operands: P1: cursor; P2: if none; P3: key.
   */
  spec("SeekRowidGE", J, "seek rowid >= r[P3]", { cursor: P1, reads: [P3] }),
  /**
   * Move c[P1] to the last rowid <= r[P3] (the last row when NULL); jump to P2 if none.
   *
   * Operands: P1: cursor; P2: if none; P3: key.
   */
  spec("SeekRowidLE", J, "seek rowid <= r[P3]", { cursor: P1, reads: [P3] }),
  /**
   * Jump to P2 if c[P1]'s rowid is above r[P3] (never when NULL).
   *
   * Operands: P1: cursor; P2: target; P3: key.
   */
  spec("RowidGT", J, "if rowid > r[P3] goto P2", { cursor: P1, reads: [P3] }),
  /**
   * Jump to P2 if c[P1]'s rowid is below r[P3] (never when NULL).
   *
   * Operands: P1: cursor; P2: target; P3: key.
   */
  spec("RowidLT", J, "if rowid < r[P3] goto P2", { cursor: P1, reads: [P3] }),
  /**
   * Move index c[P1] to the first entry >= the key; jump to P2 if none.
   *
   * Operands: P1: cursor; P2: if none; P3: key; P4: count.
   */
  spec("SeekGE", J, "key=r[P3@P4]", INDEX_KEY, "count"),
  /**
   * Move index c[P1] to the first entry > the key; jump to P2 if none.
   *
   * Operands: P1: cursor; P2: if none; P3: key; P4: count.
   */
  spec("SeekGT", J, "key=r[P3@P4]", INDEX_KEY, "count"),
  /**
   * Move index c[P1] to the last entry <= the key; jump to P2 if none.
   *
   * Operands: P1: cursor; P2: if none; P3: key; P4: count.
   */
  spec("SeekLE", J, "key=r[P3@P4]", INDEX_KEY, "count"),
  /**
   * Move index c[P1] to the last entry < the key; jump to P2 if none.
   *
   * Operands: P1: cursor; P2: if none; P3: key; P4: count.
   */
  spec("SeekLT", J, "key=r[P3@P4]", INDEX_KEY, "count"),
  /**
   * Jump to P2 if c[P1]'s entry (its first P4 fields) is > the key.
   *
   * Operands: P1: cursor; P2: target; P3: key; P4: count.
   */
  spec("IdxGT", J, "key=r[P3@P4]", INDEX_KEY, "count"),
  /**
   * Jump to P2 if c[P1]'s entry is >= the key.
   *
   * Operands: P1: cursor; P2: target; P3: key; P4: count.
   */
  spec("IdxGE", J, "key=r[P3@P4]", INDEX_KEY, "count"),
  /**
   * Jump to P2 if c[P1]'s entry is < the key.
   *
   * Operands: P1: cursor; P2: target; P3: key; P4: count.
   */
  spec("IdxLT", J, "key=r[P3@P4]", INDEX_KEY, "count"),
  /**
   * Jump to P2 if c[P1]'s entry is <= the key.
   *
   * Operands: P1: cursor; P2: target; P3: key; P4: count.
   */
  spec("IdxLE", J, "key=r[P3@P4]", INDEX_KEY, "count"),
  /**
   * Move c[P1] to the entry whose first P4 fields equal the key (a WITHOUT ROWID primary key);
   * jump to P2 if none.
   *
   * Operands: P1: cursor; P2: if none; P3: key; P4: count.
   */
  spec("NotFound", J, "key=r[P3@P4]", INDEX_KEY, "count"),
] as const;
