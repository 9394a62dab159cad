/**
 * Generic walks over plan trees: the expressions a node evaluates, its relational
 * children, and the nested queries (FROM subqueries, subqueries in expressions).
 */
import type { PlanExpr, Query, RelNode, SeekKey, SubPlan } from "./plan.ts";

/** The relational inputs of `node` inside the same query (not nested queries). */
export function relChildren(node: RelNode): RelNode[] {
  // The kinds with one input (filter, project, hashLookup, aggregate, sort, distinct,
  // limit, window) hold it in `input`, a field no other kind has.
  return "input" in node
    ? [node.input]
    : node.kind === "nestedLoop"
    ? node.unmatched ? [node.outer, node.inner, node.unmatched.node] : [node.outer, node.inner]
    : [];
}

/** Queries nested as relational parts of `node` (subqueryScan, compound, recursiveCte). */
export function nestedQueries(node: RelNode): Query[] {
  switch (node.kind) {
    case "subqueryScan":
      return [node.query];
    case "compound":
      return [node.left, node.right];
    case "recursiveCte":
      return [node.seed, node.step];
    default:
      // Every other kind, named: a new kind fails type checking until it is placed.
      node satisfies {
        kind:
          | "tableScan"
          | "indexScan"
          | "filter"
          | "project"
          | "nestedLoop"
          | "hashLookup"
          | "aggregate"
          | "countRows"
          | "sort"
          | "distinct"
          | "limit"
          | "values"
          | "recursiveRef"
          | "tableFunction"
          | "window";
      };
      return [];
  }
}

function seekExprs(k: SeekKey, out: (PlanExpr | null | undefined)[]): void {
  if (k.kind === "value") out.push(k.value);
  else if (k.kind === "list") out.push(...k.values);
}

/** Sub-plans held by seek keys of `node` (`x IN (SELECT ...)` driving a seek). */
export function seekQueries(node: RelNode): SubPlan[] {
  const keys = node.kind === "indexScan"
    ? node.eq
    : node.kind === "tableScan" && node.rowid?.kind === "key"
    ? [node.rowid.key]
    : [];
  return keys.flatMap((k) => (k.kind === "query" ? [k.query] : []));
}

/** The expressions `node` itself evaluates (not those of its children). */
export function nodeExprs(node: RelNode): PlanExpr[] {
  // Absent parts (no ON, no LIMIT, an open range bound, ...) are dropped at the end.
  const out: (PlanExpr | null | undefined)[] = [];
  switch (node.kind) {
    case "tableScan":
      if (node.rowid?.kind === "key") seekExprs(node.rowid.key, out);
      else out.push(node.rowid?.lower?.value, node.rowid?.upper?.value);
      break;
    case "indexScan":
      for (const k of node.eq) seekExprs(k, out);
      out.push(node.lower?.value, node.upper?.value);
      break;
    case "filter":
      out.push(node.predicate);
      break;
    case "project":
    case "distinct":
      out.push(...node.columns);
      break;
    case "nestedLoop":
      out.push(node.on);
      break;
    case "hashLookup":
      out.push(...node.columns, ...node.buildKeys, ...node.probeKeys);
      break;
    case "aggregate":
      out.push(...node.groupBy, ...node.carried);
      for (const a of node.aggregates) {
        out.push(...a.args, a.filter, ...a.orderBy.map((o) => o.value));
      }
      break;
    case "sort":
      out.push(...node.columns, node.limit, node.offset);
      break;
    case "limit":
    case "recursiveCte":
      out.push(node.limit, node.offset);
      break;
    case "values":
      out.push(...node.rows.flat());
      break;
    case "tableFunction":
      out.push(...node.args);
      break;
    case "window":
      out.push(...node.columns);
      for (const c of node.calls) {
        out.push(...c.args, c.filter, c.frame.start.offset, c.frame.end.offset);
      }
      break;
    default:
      // Every other kind, named: a new kind fails type checking until it is placed.
      node satisfies { kind: "countRows" | "subqueryScan" | "compound" | "recursiveRef" };
      break;
  }
  return out.filter((e): e is PlanExpr => !!e);
}

/** Direct sub-expressions of `e` (not looking into sub-plans). */
export function exprChildren(e: PlanExpr): PlanExpr[] {
  switch (e.kind) {
    case "unary":
    case "cast":
    case "affinity":
    case "clearSubtype":
    case "nullTest":
    case "truth":
      return [e.operand];
    case "arith":
    case "compare":
    case "is":
    case "logic":
      return [e.left, e.right];
    case "case": {
      const out: PlanExpr[] = [];
      if (e.operand) out.push(e.operand);
      for (const w of e.whens) out.push(w.when, w.then);
      if (e.otherwise) out.push(e.otherwise);
      return out;
    }
    case "inList":
      return [e.operand, ...e.list];
    case "inQuery":
      return e.operands;
    case "function":
      return e.args;
    default:
      // Every other kind, named: a new kind fails type checking until it is placed.
      e satisfies { kind: "const" | "param" | "column" | "exists" | "subquery" };
      return [];
  }
}

/** The sub-plan an expression node holds, or null. */
export function exprSubPlan(e: PlanExpr): SubPlan | null {
  return e.kind === "inQuery" || e.kind === "exists" || e.kind === "subquery" ? e.query : null;
}

/**
 * Calls `visitNode` on every relational node of `query` and `visitExpr` on every
 * expression node, nested queries (FROM subqueries, sub-plans in expressions) included.
 */
export function forEachNode(
  query: Query,
  visitNode: (node: RelNode) => void,
  visitExpr?: (e: PlanExpr) => void,
): void {
  const walkExpr = (e: PlanExpr): void => {
    visitExpr?.(e);
    const sub = exprSubPlan(e);
    if (sub) forEachNode(sub, visitNode, visitExpr);
    for (const c of exprChildren(e)) walkExpr(c);
  };
  const walk = (node: RelNode): void => {
    visitNode(node);
    for (const e of nodeExprs(node)) walkExpr(e);
    for (const q of seekQueries(node)) forEachNode(q, visitNode, visitExpr);
    for (const q of nestedQueries(node)) forEachNode(q, visitNode, visitExpr);
    for (const c of relChildren(node)) walk(c);
  };
  walk(query.root);
  for (const e of query.columns) walkExpr(e);
}

/** Ids of the producing nodes of a relational subtree (this query level only). */
export function subtreeIds(node: RelNode, out: Set<number> = new Set()): Set<number> {
  if ("id" in node) out.add(node.id);
  for (const c of relChildren(node)) subtreeIds(c, out);
  return out;
}
