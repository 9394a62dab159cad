/**
 * whereexpr.c's exprAnalyze: a WHERE term `x IS NULL` on a value that cannot be NULL
 * (sqlite3ExprCanBeNull) is false, and reads no table. The binder folds most of these as
 * resolve.c does; this catches the ones it had to leave, on a table whose LEFT JOIN the
 * WHERE made an inner join (select.c then clears the column's may-be-NULL mark), or in a
 * WHERE below a clause that is no WHERE. Such a term no longer thins a loop's rows.
 */
import type { Leaf } from "./leaves.ts";
import type { PlanExpr } from "./plan.ts";
import { StorageClass } from "../value/types.ts";
import type { Term } from "./terms.ts";

const FALSE: PlanExpr = { kind: "const", value: 0, cls: StorageClass.Integer };

/** Whether column `column` of table leaf `leaf` never holds NULL. */
function neverNull(leaf: Leaf, column: number): boolean {
  if (leaf.kind !== "table") return false;
  const t = leaf.table.table;
  if (column < 0 || column === t.rowidAlias) return true;
  if (t.columns[column]?.notNull) return true;
  // The primary key of a WITHOUT ROWID or STRICT table is NOT NULL (build.c).
  return (t.withoutRowid || t.strict) && t.primaryKey.some((k) => k.column === column);
}

/**
 * Makes each `x IS NULL` term of `pool` on a column of `leaves` that cannot be NULL a
 * constant false one; `nullable`: the leaves an outer join may NULL-fill.
 */
export function falseNullTests(
  pool: Term[],
  leaves: readonly Leaf[],
  nullable: ReadonlySet<number>,
): void {
  for (const t of pool) {
    const e = t.expr;
    // `x ISNULL`, or `x IS NULL` (which SQLite's parser makes the first).
    let x = e.kind === "nullTest" && !e.not
      ? e.operand
      : e.kind === "is" && !e.not && e.right.kind === "const" && e.right.value === null
      ? e.left
      : null;
    if (!x) continue;
    while (x.kind === "unary" && (x.op === "negate" || x.op === "plus")) x = x.operand;
    if (x.kind !== "column" || nullable.has(x.node)) continue;
    const leaf = leaves.find((l) => l.id === x.node);
    if (!leaf || !neverNull(leaf, x.column)) continue;
    t.expr = FALSE;
    t.refs = new Set();
    t.falseOf = x.node;
  }
}
