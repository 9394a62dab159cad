/**
 * What where.c charges for reading every entry of an index (whereLoopAddBtree's "full
 * scan via index"), in its LogEst units (10·log2) relative to the table's row count: a
 * partial index holds half the rows (sqlite3DefaultRowEst), each entry costs what a
 * covering scan's entry costs, and unless the index covers the query each also costs a
 * table lookup (3 per row, no log N: where.c leaves it out to favour indexes), less for
 * the leading WHERE terms the index alone can test.
 */
import type { IndexInfo, TableInfo } from "../format/schema_types.ts";
import { CompareOp } from "../value/logic.ts";
import type { PlanExpr } from "./plan.ts";
import type { Term } from "./terms.ts";
import { exprChildren } from "./walk.ts";
import { scanLogEst } from "./row_size.ts";

/** sqlite3LogEstAdd: the LogEst of the sum of two LogEst values. */
export function logEstAdd(a: number, b: number): number {
  const [hi, lo] = a >= b ? [a, b] : [b, a];
  const d = hi - lo;
  if (d > 49) return hi;
  if (d > 31) return hi + 1;
  return hi + Math.round(10 * Math.log2(1 + 2 ** (-d / 10)));
}

function readsOnly(e: PlanExpr, node: number, columns: ReadonlySet<number>): boolean {
  if (e.kind === "column" && e.node === node && !columns.has(e.column)) return false;
  return exprChildren(e).every((c) => readsOnly(c, node, columns));
}

/**
 * For an `=` or `IS` term with a column on one side (SQLite's WO_EQ / WO_IS), its other
 * side; else null.
 */
export function equalityRight(e: PlanExpr): PlanExpr | null {
  if (e.kind === "compare" && e.op === CompareOp.Eq || e.kind === "is" && !e.not) {
    if (e.left.kind === "column") return e.right;
    if (e.right.kind === "column") return e.left;
  }
  return null;
}

/**
 * The LogEst cost of scanning `index` of `table` (read as node `node`), relative to the
 * table's row count; `columns` are the table columns its entries hold (-1: rowid).
 */
export function indexScanLogEst(
  table: TableInfo,
  index: IndexInfo,
  node: number,
  columns: ReadonlySet<number>,
  covering: boolean,
  terms: readonly Term[],
): number {
  const rows = index.where !== null ? -10 : 0;
  const run = rows + scanLogEst(table, index);
  if (covering) return run;
  let lookups = rows + 16;
  for (const t of terms) {
    if (!readsOnly(t.expr, node, columns)) break;
    lookups -= equalityRight(t.expr) ? 20 : 1;
  }
  return logEstAdd(run, lookups);
}
