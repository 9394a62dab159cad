/**
 * Automatic indexes (SQLite's AUTOMATIC COVERING INDEX) for unindexed equi-joins: when a
 * leaf that is not the first of a join can be reached by `col = <outer value>` terms but
 * no index helps, it is read once into a `hashLookup` keyed by those columns and probed
 * per outer row. SQLite builds a b-tree index instead; its matches come out ordered by
 * the key, then the other used columns, then the rowid, so the build input is sorted that
 * way and the lookup (which keeps input order) yields SQLite's order.
 */
import { Bug, bugError } from "../internal_error.ts";
import { Affinity, StorageClass } from "../value/types.ts";
import type { HashLookup, PlanExpr, RelNode, Sort, SortKey } from "./plan.ts";
import { affinityOk, cachedSeekTerm, columnOf, primaryKeyIndex } from "./access_path.ts";
import { indexRowLogEst } from "./row_size.ts";
import type { Leaf } from "./leaves.ts";
import type { Term } from "./terms.ts";
import { andAll } from "./terms.ts";
import { colRef, newId, type PlanContext } from "./scope.ts";
import { mapColumnRefs } from "./capture.ts";
import { exprChildren, exprSubPlan } from "./walk.ts";
import { readsOutside } from "./correlation.ts";
import { propagated } from "./transitive.ts";

/** One key column of an automatic index: the leaf column and the value probing it. */
export interface AutoKey {
  term: Term;
  column: number;
  /** The column's value on the leaf's row (a VIRTUAL column's expression). */
  value: PlanExpr;
  probe: PlanExpr;
  affinity: Affinity;
  collation: string;
}

/** An automatic index chosen for a join step. */
export interface AutoIndex {
  keys: AutoKey[];
  /** Terms reading only the leaf: they filter the rows before the build (PARTIAL). */
  local: Term[];
}

/** Whether `e` holds a subquery. */
export function hasSubPlan(e: PlanExpr): boolean {
  if (exprSubPlan(e)) return true;
  return exprChildren(e).some(hasSubPlan);
}

/** Column affinity of `column` of a leaf (null when it cannot take an automatic index). */
function leafColumnAffinity(leaf: Leaf, column: number): Affinity | null {
  if (column < 0) return null;
  if (leaf.kind === "table") {
    const t = leaf.table.table;
    if (column === t.rowidAlias) return null;
    return t.columns[column]?.affinity ?? null;
  }
  const c = leaf.source.columns[column];
  return c ? c.affinity ?? Affinity.Blob : null;
}

/**
 * Not where.c's columnIsGoodIndexCandidate: a column that already leads an index of the
 * table (usable here or not: a partial index the WHERE does not imply), or that a later
 * column of an analyzed index holds where an `=` on the columns up to it leaves more than
 * 2 entries (LogEst 20); each index decides at the column's first place in its key.
 */
function poorIndexCandidate(leaf: Leaf, column: number): boolean {
  if (leaf.kind !== "table") return false;
  const t = leaf.table.table;
  const indexes = t.withoutRowid && t.primaryKey.length
    ? [...t.indexes, primaryKeyIndex(t)]
    : t.indexes;
  return indexes.some((index) => {
    const j = index.keyColumns.findIndex((k) => k.column === column);
    return j === 0 || j > 0 && !!index.stat1 && indexRowLogEst(t, index)[j + 1] > 20;
  });
}

/**
 * Position of a term in SQLite's WHERE-clause term list for `leafId`: a term with the
 * leaf's column on the left keeps its place; one with it on the right (and a column on
 * the left) is a commuted copy appended in reverse term order.
 */
function termRank(term: Term, leafId: number, index: number, total: number): number {
  const e = term.expr;
  if (e.kind !== "compare") return index;
  const leftMine = columnOf(e.left, leafId) !== null;
  // (A value propagateConstants wrote in place of a column is still that column to where.c.)
  const leftColumn = e.left.kind === "column" ||
    e.left.kind === "affinity" && (!!e.left.generated || propagated.has(e.left.operand)) ||
    propagated.has(e.left);
  if (leftMine || !leftColumn) return index;
  return total + (total - index);
}

/**
 * The automatic index `leaf` could use after the leaves in `placed` (`ready` says which
 * terms may be evaluated there), or null (where_loop.ts costs it).
 */
export function autoIndexFor(
  leaf: Leaf,
  terms: readonly Term[],
  ready: (t: Term) => boolean,
  placed: ReadonlySet<number>,
): AutoIndex | null {
  // Not when `leaf` may take no automatic index at all (SQLite's whereLoopAddBtree
  // conditions).
  if (
    !placed.size || leaf.rightJoined ||
    (leaf.kind === "table"
      ? leaf.table.indexedBy !== null
      : leaf.node?.kind !== "subqueryScan" || readsOutside(leaf.node.query))
  ) return null;
  const found: { key: AutoKey; rank: number }[] = [];
  const local: Term[] = [];
  terms.forEach((t, i) => {
    if (!ready(t)) return;
    // A derived (virtual) term is no condition of its own: `x > NULL` would drop every row.
    if (t.refs.size === 1 && t.refs.has(leaf.id) && !t.virtual) local.push(t);
    const s = cachedSeekTerm(t, leaf.id);
    // A transitive (virtual) `=` drives no automatic index (where.c's termCanDriveIndex).
    // (Nor does an IS NULL, which compares in no collation.)
    if (
      s?.op !== "eq" || s.key.kind !== "value" || !s.collation || t.virtual ||
      hasSubPlan(t.expr)
    ) return;
    const aff = leafColumnAffinity(leaf, s.column);
    if (aff === null || !affinityOk(s.affinity, aff) || poorIndexCandidate(leaf, s.column)) return;
    found.push({
      key: {
        term: t,
        column: s.column,
        value: s.operand,
        probe: s.key.value,
        affinity: s.affinity,
        collation: s.collation.toUpperCase(),
      },
      rank: termRank(t, leaf.id, i, terms.length),
    });
  });
  if (!found.length) return null;
  // where.c's sqlite3ExprIsSingleTableConstraint: constants too, but no subquery, nor a
  // column of an enclosing query, nor a column of another leaf under a made-false term.
  for (const t of leaf.constants ?? []) {
    if (t.refs.size || hasSubPlan(t.expr)) continue;
    if (t.falseOf === undefined || t.falseOf === leaf.id) local.push(t);
  }
  found.sort((a, b) => a.rank - b.rank);
  const keys: AutoKey[] = [];
  for (const f of found) {
    if (!keys.some((k) => k.column === f.key.column)) keys.push(f.key);
  }
  return { keys, local };
}

/** Columns of the leaf read anywhere in the statement (a table leaf's `used`, too). */
function usedOf(ctx: PlanContext, leaf: Leaf): Set<number> {
  return leaf.kind === "table" ? leaf.table.used : ctx.usedColumns.get(leaf.source.id) ?? new Set();
}

/**
 * The columns the index stores after its keys, in table order: used ones (a WITHOUT ROWID
 * table's PRIMARY KEY columns among them, which SQLite counts as used), then the rowid.
 */
function trailingColumns(leaf: Leaf, used: Set<number>, keys: number[]): number[] {
  const t = leaf.kind === "table" ? leaf.table.table : null;
  // A VIRTUAL column is read as its expression over the stored columns it uses.
  const stored = (c: number) => c >= 0 && t?.columns[c].generated?.stored !== false;
  const all = new Set(used);
  if (t?.withoutRowid) { for (const k of t.primaryKey) all.add(k.column); }
  const out = [...all].filter((c) => stored(c) && !keys.includes(c)).sort((a, b) => a - b);
  if (t && !t.withoutRowid) out.push(-1);
  return out;
}

const NULL_CONST: PlanExpr = { kind: "const", value: null, cls: StorageClass.Null };

/**
 * The `hashLookup` node standing for `leaf` (it takes the leaf's id, so references to
 * the leaf's columns read it unchanged; the rowid, column -1, is an extra output that
 * {@link remapRowids} redirects references to). Its local terms are marked placed.
 */
export function buildAutoIndex(ctx: PlanContext, leaf: Leaf, auto: AutoIndex): HashLookup {
  const fresh = newId(ctx);
  const relabel = <T>(e: T): T =>
    mapColumnRefs(e, (r) => (r.node === leaf.id ? colRef(fresh, r.column) : r));
  let input: RelNode;
  if (leaf.kind === "table") {
    const t = leaf.table;
    input = {
      kind: "tableScan",
      id: fresh,
      table: t.table,
      label: t.label,
      reverse: false,
      rowid: null,
    };
  } else {
    const node = leaf.node;
    if (node?.kind !== "subqueryScan") throw bugError(Bug.BadAutoIndex);
    input = { ...node, id: fresh };
  }
  for (const t of auto.local) t.placed = true;
  const predicate = andAll(auto.local.map((t) => relabel(t.expr)));
  if (predicate) input = { kind: "filter", input, predicate };
  const keyCols = auto.keys.map((k) => k.column);
  const stored = [...keyCols, ...trailingColumns(leaf, usedOf(ctx, leaf), keyCols)];
  const sortId = newId(ctx);
  const sort: Sort = {
    kind: "sort",
    id: sortId,
    input,
    columns: stored.map((c, i) =>
      i < auto.keys.length ? relabel(auto.keys[i].value) : colRef(fresh, c)
    ),
    keys: stored.map((_, i): SortKey => ({
      column: i,
      desc: false,
      nullsFirst: true,
      collation: i < auto.keys.length ? auto.keys[i].collation : "BINARY",
    })),
    limit: null,
    offset: null,
  };
  const used = usedOf(ctx, leaf);
  const columns: PlanExpr[] = [];
  // One for each column the leaf's rows have.
  const width = (leaf.kind === "table" ? leaf.table.table : leaf.source).columns.length;
  for (let c = 0; c < width; c++) {
    const at = stored.indexOf(c);
    columns.push(at >= 0 && (used.has(c) || keyCols.includes(c)) ? colRef(sortId, at) : NULL_CONST);
  }
  if (leaf.kind === "table" && !leaf.table.table.withoutRowid) {
    ctx.rowidOutputs.set(leaf.id, columns.length);
    columns.push(colRef(sortId, stored.indexOf(-1)));
  }
  return {
    kind: "hashLookup",
    id: leaf.id,
    input: sort,
    columns,
    buildKeys: auto.keys.map((_, i) => colRef(sortId, i)),
    probeKeys: auto.keys.map((k) => k.probe),
    affinities: auto.keys.map((k) => k.affinity),
    collations: auto.keys.map((k) => k.collation),
    nulls: auto.keys.map((k) => k.term.expr.kind === "is"),
    label: leaf.source.name,
  };
}

/** `q` with rowid references to leaves read through automatic indexes redirected. */
export function remapRowids<T>(ctx: PlanContext, q: T): T {
  if (!ctx.rowidOutputs.size) return q;
  return mapColumnRefs(q, (r) => {
    const at = r.column === -1 ? ctx.rowidOutputs.get(r.node) : undefined;
    return at === undefined ? r : colRef(r.node, at);
  });
}
