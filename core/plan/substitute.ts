/**
 * Replacing every reference to one source's columns, anywhere in a bound query: result
 * columns, clauses, join conditions, table-function arguments, window definitions and
 * nested (correlated) subqueries. Copy-on-write with one copy per shared node, so the
 * lists that name calls by identity (`aggregates`, `windowFunctions`) stay consistent.
 */
import type * as B from "../analyze/bound.ts";
import { followOperandAffinity, isBoundExpr } from "../analyze/bound_walk.ts";

/** Keys whose values hold no expressions of the query (schema objects, function defs). */
const OPAQUE = new Set(["def", "table", "indexedBy"]);
const SOURCE_KINDS = new Set(["table", "subquery", "cte", "tableFunction"]);

/**
 * Whether `v` is a source of a FROM clause (whose `columns` describe its columns: names and
 * affinities, no expressions).
 */
export function isSource(v: object): v is B.BoundSource {
  const o = v as Record<string, unknown>;
  // Set.has is false for a kind that is no string.
  return SOURCE_KINDS.has(o.kind as string) && typeof o.id === "number" && Array.isArray(o.columns);
}

/**
 * A copy-on-write rewrite of a bound query: `step` maps each node met (outermost first) to
 * the node that takes its place and whether to look inside that one. Each node is rewritten
 * once however often it is shared; CTE definitions are not entered.
 */
export function rewriteQuery<T extends object>(
  root: T,
  step: (node: object) => { node: unknown; descend: boolean },
): T {
  const memo = new Map<object, unknown>();
  const visit = (v: unknown): unknown => {
    if (!v || typeof v !== "object" || v instanceof Uint8Array) return v;
    // (No node maps to undefined: a node is replaced by a node.)
    const known = memo.get(v);
    if (known !== undefined) return known;
    memo.set(v, v); // a node met again while inside itself stays as it is
    const { node, descend } = step(v);
    let out = node;
    if (descend && Array.isArray(node)) {
      const items = node.map(visit);
      if (items.some((x, i) => x !== node[i])) out = items;
    } else if (descend && node && typeof node === "object") {
      // for...in and a copy made at the first change: no allocation for a node unchanged.
      const o = node as Record<string, unknown>;
      const source = isSource(o);
      let copy: Record<string, unknown> | null = null;
      for (const k in o) {
        // A CTE reference points at its definition, which may point back at it (recursion).
        if (OPAQUE.has(k) || k === "cte" || (source && k === "columns")) continue;
        const x = o[k];
        const y = visit(x);
        if (y !== x) (copy ??= { ...o })[k] = y;
      }
      if (copy) {
        followOperandAffinity(copy);
        out = copy;
      }
    }
    if (out !== v) memo.set(v, out);
    return out;
  };
  return visit(root) as T;
}

/**
 * `root` with each column of `source` replaced by `replace(column)`. CTE definitions are
 * not entered: {@link readsSourceInCtes} tells when that would miss a reference.
 */
export function substituteSource<T extends object>(
  root: T,
  source: number,
  replace: (ref: B.BoundColumn) => B.BoundExpr,
): T {
  return rewriteQuery(
    root,
    (v) =>
      isBoundExpr(v) && v.kind === "column" && v.source === source
        ? { node: replace(v), descend: false }
        : { node: v, descend: true },
  );
}

/** Whether a CTE used anywhere in `root` reads a column of `source`. */
export function readsSourceInCtes(root: object, source: number): boolean {
  const seen = new Set<object>();
  const visit = (v: unknown, inCte: boolean): boolean => {
    if (!v || typeof v !== "object" || v instanceof Uint8Array || seen.has(v)) {
      return false;
    }
    seen.add(v);
    if (inCte && isBoundExpr(v) && v.kind === "column" && v.source === source) return true;
    for (const [k, x] of Object.entries(v)) {
      if (OPAQUE.has(k)) continue;
      if (visit(x, inCte || k === "cte")) return true;
    }
    return false;
  };
  return visit(root, false);
}
