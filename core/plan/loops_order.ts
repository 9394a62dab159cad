/**
 * Whether a join's loops, read in their order, give the wanted ORDER BY or GROUP BY, as
 * where.c's wherePathSatisfiesOrderBy decides it: a term is given when a WHERE `=`, `IS`
 * or `IS NULL` fixes its column from outer loops, when it is the next column of the
 * loop's b-tree, or when it reads only loops that are order-distinct (each yields rows
 * whose wanted columns differ: a one-row lookup, a unique NOT NULL key fully matched).
 */
import type { TableInfo } from "../format/schema_types.ts";
import { cachedSeekTerm, columnOf } from "./access_path.ts";
import type { OrderKind, OrderTerm } from "./order.ts";
import { exprRefs, type Term } from "./terms.ts";
import type { WhereLoop } from "./where_loop.ts";

/** How many wanted terms a run of loops gives, and how. */
export interface LoopsOrder {
  /** All wanted terms: their count; -1: not yet known (later loops may give the rest). */
  given: number;
  /** Per loop: it runs backwards. */
  reverse: boolean[];
  /** Per loop: its index gives a term's NULLs at the other end (IndexScan.bigNull). */
  bigNull: boolean[];
  /**
   * Per wanted term: undefined, not given; null, given as one value (fixed, or decided by
   * an earlier term); else whether its values come out descending.
   */
  desc: (boolean | null | undefined)[];
  /** A GROUP BY's terms given in another order than written. */
  permuted: boolean;
}

function notNull(t: TableInfo, column: number): boolean {
  // A WITHOUT ROWID table's primary key columns are NOT NULL in its schema (ddl_table.ts).
  return column === -1 || t.columns[column]?.notNull;
}

/**
 * WHERE_ONEROW: a rowid `=`, or `=` on every column of a unique index whose columns are
 * NOT NULL (or of a one-column UNIQUE one, but by IS: NULL keys repeat).
 */
export function oneRow(loop: Pick<WhereLoop, "path">): boolean {
  const node = loop.path?.node;
  if (!node) return false;
  if (node.kind === "tableScan") {
    return node.rowid?.kind === "key" && node.rowid.key.kind === "value";
  }
  const { index, table } = node;
  const n = index.keyColumns.length;
  if (node.eq.some((k) => k.kind !== "value")) return false;
  // An `=` on the rowid after the key columns.
  if (node.eq.length > n) return !table.withoutRowid;
  if (!index.unique || node.eq.length !== n) return false;
  return n === 1 && !node.eq.some((k) => k.kind === "value" && k.nulls) ||
    index.keyColumns.every((k) => k.column >= 0 && notNull(table, k.column));
}

/**
 * wherePathSatisfiesOrderBy over `loops` (outermost first) for `wanted`, terms of `kind`.
 * `complete`: the loops are every loop of the join, so terms still open are not given
 * (never -1). Only an ORDER BY's sets the loops' directions (`reverse`).
 */
export function loopsOrder(
  wanted: readonly OrderTerm[],
  kind: OrderKind,
  loops: readonly WhereLoop[],
  terms: readonly Term[],
  leafIds: ReadonlySet<number>,
  complete: boolean,
): LoopsOrder {
  const n = wanted.length;
  const desc: LoopsOrder["desc"] = wanted.map(() => undefined);
  const out: LoopsOrder = {
    given: 0,
    reverse: loops.map(() => false),
    bigNull: loops.map(() => false),
    desc,
    permuted: false,
  };
  if (n > 63) return out;
  const open = () => desc.includes(undefined);
  const ready = new Set<number>();
  const distinctLeaves = new Set<number>();
  let distinct = true;
  for (let i = 0; i < loops.length && distinct && open(); i++) {
    const loop = loops[i];
    const id = loop.leaf.id;
    wanted.forEach((w, k) => {
      const c = columnOf(w.expr, id);
      // sqlite3WhereFindTerm: a term `c = x`, `c IS x` (compared in the term's collation) or
      // `c IS NULL` (in none), where `x` reads no loop of the join not yet read: the seek
      // terms of a single value (access_path.ts) on `c`.
      const fixed = terms.some((t) => {
        const s = cachedSeekTerm(t, id);
        return s?.op === "eq" && s.key.kind === "value" && s.column === c &&
          ![...exprRefs(s.key.value)].some((r) => leafIds.has(r) && !ready.has(r)) &&
          (c < 0 || !s.collation || s.collation.toUpperCase() === w.collation.toUpperCase());
      });
      if (fixed) desc[k] = null;
    });
    const path = loop.path;
    if (!oneRow(loop)) {
      // A subquery's rows or an automatic index's matches have no order of their own; an
      // automatic index (no b-tree index yet, to where.c) gives none at all, even when the
      // `=` terms just fixed the rest.
      if (loop.auto) return out;
      if (!path) distinct = false;
      else {
        const node = path.node;
        if (!path.order.length) return out; // an "unordered" index
        const index = node.kind === "indexScan" ? node.index : null;
        const keyCount = index
          ? index.keyColumns.length
          : node.table.withoutRowid
          ? node.table.primaryKey.length
          : 0;
        const nEq = node.kind === "indexScan" ? node.eq.length : 0;
        // A skip-scan repeats its seek per skipped value: not distinct even on a UNIQUE index.
        const skips = node.kind === "indexScan" && node.eq.some((k) => k.kind === "any");
        if (index || node.table.withoutRowid) distinct = !index || index.unique && !skips;
        let rev: boolean | null = null;
        let rowidMatched = false;
        for (let j = 0; j < path.order.length; j++) {
          const key = j < nEq && node.kind === "indexScan" ? node.eq[j] : null;
          if (key?.kind === "value") {
            // An `IS` or `IS NULL` key also finds the NULL entries, which a UNIQUE index
            // may hold many of: where.c's loop is then not order-distinct.
            if (key.nulls) distinct = false;
            continue;
          }
          const oc = path.order[j];
          if (oc.column === -2 || oc.column >= 0 && j >= nEq && !notNull(node.table, oc.column)) {
            distinct = false;
          }
          // An ORDER BY takes its terms in turn; the others in any order.
          const first = desc.indexOf(undefined);
          if (first < 0) break;
          let k = -1;
          for (let m = first; m < n; m++) {
            if (desc[m] !== undefined) continue;
            const w = wanted[m];
            if (
              columnOf(w.expr, id) === oc.column &&
              (oc.column < 0 || w.collation.toUpperCase() === oc.collation.toUpperCase())
            ) k = m;
            if (k >= 0 || kind === "orderBy") break;
          }
          if (k >= 0 && kind !== "groupBy") {
            const w = wanted[k];
            // NULLS placed against the direction's default: SQLite reads the column after
            // the `=` ones in two passes (WHERE_BIGNULL_SORT), no other.
            const bigNull = w.nullsFirst === w.desc;
            if (bigNull && j !== nEq) k = -1;
            else if (rev === null) {
              rev = oc.desc !== w.desc;
              if (kind === "orderBy") out.reverse[i] = rev;
            } else if (rev !== (oc.desc !== w.desc)) k = -1;
            if (k >= 0 && bigNull) out.bigNull[i] = true;
          }
          if (k < 0) {
            if (j === 0 || j < keyCount) distinct = false;
            break;
          }
          if (oc.column === -1) rowidMatched = true;
          if (k !== first) out.permuted = true;
          desc[k] = oc.desc !== out.reverse[i];
        }
        if (rowidMatched) distinct = true;
      }
    }
    if (distinct) {
      distinctLeaves.add(id);
      wanted.forEach((w, k) => {
        const refs = [...exprRefs(w.expr)].filter((r) => leafIds.has(r));
        if (desc[k] === undefined && refs.length && refs.every((r) => distinctLeaves.has(r))) {
          desc[k] = null;
        }
      });
    }
    ready.add(id);
  }
  const prefix = desc.indexOf(undefined);
  out.given = prefix < 0 ? n : distinct && !complete ? -1 : prefix;
  return out;
}
