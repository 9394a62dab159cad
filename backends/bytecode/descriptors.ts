/**
 * What the constant pool holds besides plain constants: descriptors the compiler prepares
 * once (collations looked up, comparators built) so the VM never re-derives them per row.
 * Each has an `explain` text for EXPLAIN's P4 column.
 */
import type { KeyOrder } from "../../core/format/index_key.ts";
import type { TableInfo } from "../../core/format/schema_types.ts";
import type { AggCallSpec } from "../../core/exec/aggregate_calls.ts";
import type { StoredRow } from "../../core/exec/sorter.ts";
import type { WindowSpec } from "../../core/exec/window.ts";
import type { SortKey } from "../../core/plan/plan.ts";
import type { ScalarImpl } from "../../core/functions/scalar/registry.ts";
import type { Collation } from "../../core/value/collation.ts";
import type { Affinity, SqlValue, StorageClass } from "../../core/value/types.ts";

/** A literal. */
export interface ConstEntry {
  explain: string;
  v: SqlValue;
  c: StorageClass;
}

/** Affinity and collation of a comparison. */
export interface CompareEntry {
  explain: string;
  aff: Affinity;
  coll: Collation;
}

/** A b-tree a cursor opens. */
export interface CursorEntry {
  explain: string;
  root: number;
  /** The table whose b-tree (its own, or one of its indexes) the cursor opens. */
  table: TableInfo;
  /** Key order of an index b-tree (an index, or a WITHOUT ROWID table), else null. */
  order: KeyOrder | null;
}

/** How a function call treats the JSON subtype (core/functions/json/subtype.ts). */
export const enum FunctionSubtype {
  /** The result never has one (and its register never held a marked value). */
  None,
  /** A JSON function: the result may or may not be marked; stale marks are cleared first. */
  Result,
  /** The result is one of the arguments, with its subtype (nullif, scalar min/max). */
  PassArgument,
}

/** A scalar function call site. */
export interface FunctionEntry {
  explain: string;
  impl: ScalarImpl;
  coll: Collation;
  argc: number;
  subtype: FunctionSubtype;
}

/** An IN (list) test. */
export interface InListEntry {
  explain: string;
  n: number;
  aff: Affinity;
  coll: Collation;
  not: boolean;
}

/** A sorter's or ephemeral store's ordering and width. */
export interface SortEntry {
  explain: string;
  width: number;
  compare: (a: StoredRow, b: StoredRow) => number;
  /** Ephemeral stores: collation names for the distinct key of a row. */
  folds: string[];
  /** A compound's stores whose rows match the other side's under other collations. */
  matchFolds?: string[];
  /** ORDER BY sorters: the keys `compare` orders by (a backend may test the first itself). */
  keys?: readonly SortKey[];
  /** ORDER BY sorters: the first key's collation, as `compare` has it. */
  firstCollation?: Collation;
}

/** A hash table of a hash join. */
export interface HashEntry {
  explain: string;
  nKeys: number;
  width: number;
  affs: Affinity[];
  folds: string[];
  /** Per key: matched by IS, a NULL finds the NULLs (else a key with a NULL finds nothing). */
  nulls: boolean[];
}

/** An IN (SELECT) candidate set. */
export interface InSetEntry {
  explain: string;
  n: number;
  affs: Affinity[];
  colls: Collation[];
}

/** The aggregate calls of an Aggregate node. */
export interface AggEntry {
  explain: string;
  calls: AggCallSpec[];
  /** Group keys then carried values. */
  nStored: number;
  groupColls: Collation[];
  /** Per group key: descending. */
  groupDesc: boolean[];
}

/** A recursive CTE's queue. */
export interface QueueEntry {
  explain: string;
  width: number;
  compare: ((a: StoredRow, b: StoredRow) => number) | null;
  folds: string[] | null;
}

/** A table-valued function. */
export interface TableFunctionEntry {
  explain: string;
  name: string;
}

/** An affinity for Cast / Affinity. */
export interface AffinityEntry {
  explain: string;
  aff: Affinity;
}

/** The calls of a window node. */
export interface WindowEntry {
  explain: string;
  spec: WindowSpec;
}
