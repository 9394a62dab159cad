/**
 * SQLite built with STAT4 (as node:sqlite, the oracle, is) also reads `x IS NOT NULL` on a
 * column as the range `x > NULL` (whereexpr.c, TERM_VNULL): an index on `x` may then seek
 * past its NULL entries, and the estimate of the rows it yields is not narrowed. The term is
 * virtual: `x IS NOT NULL` stays the filter. Not for the rowid, nor a NOT NULL column (whose
 * index entries are never NULL: where.c ignores the term there).
 */
import { CompareOp } from "../value/logic.ts";
import { Affinity, StorageClass } from "../value/types.ts";
import type { Leaf } from "./leaves.ts";
import type { Term } from "./terms.ts";

/** The `x > NULL` terms the `x IS NOT NULL` terms of `pool` stand for. */
export function notNullRangeTerms(pool: readonly Term[], leaves: readonly Leaf[]): Term[] {
  const out: Term[] = [];
  for (const t of pool) {
    // The operand of `x NOTNULL` / `x IS NOT NULL` (SQLite's parser makes both TK_NOTNULL).
    const e = t.expr;
    const operand = t.virtual
      ? null
      : e.kind === "nullTest" && e.not
      ? e.operand
      : e.kind === "is" && e.not && e.right.kind === "const" && e.right.value === null
      ? e.left
      : null;
    if (operand?.kind !== "column") continue;
    const { node, column } = operand;
    const leaf = leaves.find((l) => l.id === node);
    if (leaf?.kind !== "table" || column < 0) continue;
    const table = leaf.table.table;
    if (column === table.rowidAlias || table.columns[column].notNull) continue;
    out.push({
      expr: {
        kind: "compare",
        op: CompareOp.Gt,
        left: operand,
        right: { kind: "const", value: null, cls: StorageClass.Null },
        affinity: Affinity.Blob,
        collation: table.columns[column].collation,
      },
      refs: t.refs,
      placed: false,
      virtual: true,
      belowNulls: true,
      fromOn: t.fromOn,
      parent: t,
    });
  }
  return out;
}
