/**
 * EXPLAIN QUERY PLAN: the plan described as SQLite 3.53 describes its own (`SCAN t`,
 * `SEARCH t USING INDEX i (a=? AND b>?)`, `USE TEMP B-TREE FOR ORDER BY`, `SCALAR
 * SUBQUERY n`, `COMPOUND QUERY`, `CO-ROUTINE x`, ...). Ids are our own numbering; the
 * parent links nest as SQLite's do. Where our plan differs from SQLite's choice, the rows
 * describe ours.
 */
import type {
  HashLookup,
  IndexScan,
  Plan,
  PlanExpr,
  Query,
  RelNode,
  SubPlan,
  TableScan,
} from "./plan.ts";
import { Affinity } from "../value/types.ts";
import { exprChildren, exprSubPlan, nodeExprs, seekQueries } from "./walk.ts";
import { isGuard } from "./from.ts";

/** One row of EXPLAIN QUERY PLAN: SQLite's columns `id, parent, notused, detail`. */
export interface QueryPlanRow {
  id: number;
  parent: number;
  notused: number;
  detail: string;
}

class Emitter {
  readonly rows: QueryPlanRow[] = [];
  #nextId = 1;
  #subquery = 0;
  #anonymous = 0;

  row(parent: number, detail: string): number {
    const id = this.#nextId++;
    this.rows.push({ id, parent, notused: 0, detail });
    return id;
  }

  /** Rows of one query under `parent`: its loops, then its expression subqueries, then its temp b-trees. */
  query(q: Query, parent: number): void {
    const post: string[] = [];
    const subs: SubPlan[] = [];
    this.rel(q.root, parent, false, post, subs);
    for (const e of q.columns) collectSubPlans(e, subs);
    for (const s of subs) this.subPlan(s, parent);
    for (const p of post) this.row(parent, p);
  }

  subPlan(s: SubPlan, parent: number): void {
    const n = ++this.#subquery;
    const list = isListPlan(s);
    const kind = list ? "LIST SUBQUERY" : "SCALAR SUBQUERY";
    const id = this.row(parent, `${s.correlated ? "CORRELATED " : ""}${kind} ${n}`);
    this.query(s, id);
  }

  rel(node: RelNode, parent: number, leftJoin: boolean, post: string[], subs: SubPlan[]): void {
    for (const e of nodeExprs(node)) collectSubPlans(e, subs);
    for (const q of seekQueries(node)) {
      markList(q);
      subs.push(q);
    }
    const suffix = leftJoin ? " LEFT-JOIN" : "";
    switch (node.kind) {
      case "tableScan":
        this.row(parent, tableScanDetail(node) + suffix);
        return;
      case "indexScan":
        this.row(parent, indexScanDetail(node) + suffix);
        return;
      case "countRows":
        this.row(
          parent,
          node.index
            ? `SCAN ${node.label} USING COVERING INDEX ${node.index.name}`
            : `SCAN ${node.label}`,
        );
        return;
      case "limit": {
        // SQLite's min()/max() optimization reads one index entry: a SEARCH.
        const below = node.input.kind === "filter" ? node.input.input : node.input;
        const one = node.limit?.kind === "const" && node.limit.value === 1;
        if (one && below.kind === "indexScan" && !below.eq.length && !below.lower && !below.upper) {
          this.row(parent, indexScanDetail(below).replace(/^SCAN/, "SEARCH") + suffix);
          return;
        }
        this.rel(node.input, parent, leftJoin, post, subs);
        return;
      }
      case "filter":
      case "project":
      case "window":
        this.rel(node.input, parent, leftJoin, post, subs);
        return;
      case "distinct":
        this.rel(node.input, parent, leftJoin, post, subs);
        post.push("USE TEMP B-TREE FOR DISTINCT");
        return;
      case "sort":
        this.rel(node.input, parent, leftJoin, post, subs);
        post.push("USE TEMP B-TREE FOR ORDER BY");
        return;
      case "aggregate":
        this.rel(node.input, parent, leftJoin, post, subs);
        if (node.groupBy.length > 0 && node.strategy === "hash") {
          post.unshift("USE TEMP B-TREE FOR GROUP BY");
        }
        return;
      case "nestedLoop":
        // The constant WHERE test ahead of the loops shows only its subqueries.
        if (isGuard(node.outer)) {
          for (const e of nodeExprs(node.outer)) collectSubPlans(e, subs);
        } else this.rel(node.outer, parent, false, post, subs);
        this.rel(node.inner, parent, node.join !== "inner", post, subs);
        return;
      case "hashLookup": {
        const auto = autoIndexDetail(node);
        for (let n: RelNode = node.input; "input" in n; n = n.input) {
          for (const e of nodeExprs(n)) collectSubPlans(e, subs);
        }
        if (auto.bloom) this.row(parent, `BLOOM FILTER ON ${node.label} (${auto.keys})`);
        this.row(parent, auto.search + suffix);
        return;
      }
      case "values":
        this.row(
          parent,
          node.rows.length === 1
            ? "SCAN CONSTANT ROW"
            : `SCAN ${node.rows.length}-ROW VALUES CLAUSE`,
        );
        return;
      case "subqueryScan": {
        const label = node.label || `(subquery-${++this.#anonymous})`;
        const id = this.row(parent, `CO-ROUTINE ${label}`);
        this.query(node.query, id);
        this.row(parent, `SCAN ${label}${suffix}`);
        return;
      }
      case "compound":
        this.compound(node, parent);
        return;
      case "recursiveCte": {
        const setup = this.row(parent, "SETUP");
        this.query(node.seed, setup);
        const step = this.row(parent, "RECURSIVE STEP");
        this.query(node.step, step);
        return;
      }
      case "recursiveRef":
        this.row(parent, `SCAN ${node.label}`);
        return;
      case "tableFunction":
        this.row(parent, `SCAN ${node.label} VIRTUAL TABLE`);
        return;
    }
  }

  compound(node: Extract<RelNode, { kind: "compound" }>, parent: number): void {
    const parts: { op: string | null; q: Query }[] = [];
    let n: RelNode = node;
    const rights: { op: string; q: Query }[] = [];
    while (n.kind === "compound") {
      rights.unshift({ op: n.op, q: n.right });
      const left: Query = n.left;
      if (left.root.kind !== "compound") {
        parts.push({ op: null, q: left });
        break;
      }
      n = left.root;
    }
    parts.push(...rights);
    const top = this.row(parent, "COMPOUND QUERY");
    for (const p of parts) {
      const detail = p.op === null
        ? "LEFT-MOST SUBQUERY"
        : p.op === "unionAll"
        ? "UNION ALL"
        : `${p.op.toUpperCase()} USING TEMP B-TREE`;
      const id = this.row(top, detail);
      this.query(p.q, id);
    }
  }
}

function isListPlan(s: SubPlan): boolean {
  return (s as SubPlan & { [LIST]?: boolean })[LIST] === true;
}

const LIST = Symbol("list");

function markList(sub: SubPlan): void {
  Object.defineProperty(sub, LIST, { value: true, enumerable: false, configurable: true });
}

function collectSubPlans(e: PlanExpr, out: SubPlan[]): void {
  const sub = exprSubPlan(e);
  if (sub) {
    if (e.kind === "inQuery") markList(sub);
    out.push(sub);
  }
  for (const c of exprChildren(e)) collectSubPlans(c, out);
}

/** Column name of output `column` of a build input (a table scan, or a view's columns). */
function inputColumnName(node: RelNode, column: number): { name: string; text: boolean } {
  if (node.kind === "tableScan" || node.kind === "indexScan") {
    const c = node.table.columns[column];
    return c
      ? { name: c.name, text: c.affinity === Affinity.Text }
      : { name: "rowid", text: false };
  }
  if (node.kind === "subqueryScan") {
    const e = node.query.columns[column];
    let n: RelNode = node.query.root;
    while (n.kind === "project" || n.kind === "filter") n = n.input;
    if (e?.kind === "column" && e.node === ("id" in n ? n.id : -1)) {
      return inputColumnName(n, e.column);
    }
  }
  return { name: "?", text: false };
}

/**
 * SQLite's rows for an automatic index read through a hash lookup: the key column
 * names, PARTIAL when rows were filtered before the build, and whether SQLite adds a
 * Bloom filter (it does unless every key column has TEXT affinity).
 */
function autoIndexDetail(node: HashLookup): { keys: string; search: string; bloom: boolean } {
  let input: RelNode = node.input;
  const stored: PlanExpr[] = input.kind === "sort" ? input.columns : [];
  if (input.kind === "sort") input = input.input;
  const partial = input.kind === "filter";
  while (input.kind === "filter") input = input.input;
  const names = node.buildKeys.map((k) => {
    const e = k.kind === "column" ? stored[k.column] : undefined;
    if (e?.kind === "column") return inputColumnName(input, e.column);
    // A VIRTUAL column's key is its expression, tagged with the column.
    if (e?.kind === "affinity" && e.generated) return inputColumnName(input, e.generated.column);
    return { name: "?", text: false };
  });
  const keys = names.map((n) => `${n.name}=?`).join(" AND ");
  const how = `AUTOMATIC ${partial ? "PARTIAL " : ""}COVERING INDEX`;
  return {
    keys,
    search: `SEARCH ${node.label} USING ${how} (${keys})`,
    bloom: !names.every((n) => n.text),
  };
}

function tableScanDetail(node: TableScan): string {
  const r = node.rowid;
  if (r === null) return `SCAN ${node.label}`;
  if (r.kind === "key") return `SEARCH ${node.label} USING INTEGER PRIMARY KEY (rowid=?)`;
  const parts: string[] = [];
  if (r.lower) parts.push("rowid>?");
  if (r.upper) parts.push("rowid<?");
  return `SEARCH ${node.label} USING INTEGER PRIMARY KEY (${parts.join(" AND ")})`;
}

function keyName(node: IndexScan, i: number): string {
  const k = node.index.keyColumns[i];
  if (k.column === -2) return "<expr>";
  if (k.column === -1) return "rowid";
  return node.table.columns[k.column].name;
}

function indexScanDetail(node: IndexScan): string {
  const parts = node.eq.map((_, i) => `${keyName(node, i)}=?`);
  const n = node.eq.length;
  if (node.lower) parts.push(`${keyName(node, n)}>?`);
  if (node.upper) parts.push(`${keyName(node, n)}<?`);
  const pk = node.index.origin === "pk" && node.table.withoutRowid;
  const how = pk ? "PRIMARY KEY" : `${node.covering ? "COVERING " : ""}INDEX ${node.index.name}`;
  if (parts.length === 0) return `SCAN ${node.label} USING ${how}`;
  return `SEARCH ${node.label} USING ${how} (${parts.join(" AND ")})`;
}

/** The rows `EXPLAIN QUERY PLAN` returns for `plan`, in SQLite's format and order. */
export function explainQueryPlan(plan: Plan): QueryPlanRow[] {
  const e = new Emitter();
  e.query(plan.query, 0);
  return e.rows;
}

export type { RelNode };
