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
  NestedLoop,
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

/**
 * Writes the rows. SQLite prints a subquery where it codes the expression that holds it: a
 * WHERE or ON term's, or a seek key's, right after the row of the loop the term is tested
 * in (a constant WHERE term's after the first loop's); an aggregate's, a HAVING term's or
 * a result column's after every loop (and after "USE TEMP B-TREE FOR GROUP BY"). Subquery
 * numbers do not follow that order: they are given first, by a first pass ({@link explainQueryPlan}).
 */
class Emitter {
  readonly rows: QueryPlanRow[] = [];
  #nextId = 1;
  #subquery = 0;
  #anonymous = 0;
  /** Each subquery's number, when a first pass has given them. */
  readonly #numbers: Map<SubPlan, number> | null;
  /** Numbers given by this pass. */
  readonly numbers = new Map<SubPlan, number>();
  /** Subqueries of a constant WHERE test, printed after the next loop's row. */
  #afterNextLoop: SubPlan[] = [];
  /** The full joins of the query being printed whose second loop is a RIGHT-JOIN block. */
  #rightJoins: NestedLoop[] = [];

  /** `numbers` null: the first pass, which gives them; else the second, which prints. */
  constructor(numbers: Map<SubPlan, number> | null) {
    this.#numbers = numbers;
  }

  #row(parent: number, detail: string): number {
    const id = this.#nextId++;
    this.rows.push({ id, parent, notused: 0, detail });
    return id;
  }

  /** Rows of one query under `parent`: its loops, then its expression subqueries, then its temp b-trees. */
  query(q: Query, parent: number): void {
    const post: string[] = [];
    const subs: SubPlan[] = [];
    const outerRightJoins = this.#rightJoins;
    this.#rightJoins = [];
    this.#rel(q.root, parent, false, post, subs);
    // SQLite codes each RIGHT-JOIN subroutine after all the loops.
    for (const n of this.#rightJoins.splice(0)) {
      const scan = n.unmatched!.node;
      let read: RelNode = scan; // under a RIGHT JOIN's marker and the right side's filters
      while ("input" in read) read = read.input;
      const table = "table" in read ? read.table.name : "?";
      const top = this.#row(parent, `RIGHT-JOIN ${table}`);
      this.#rel(scan, top, false, post, subs);
    }
    this.#rightJoins = outerRightJoins;
    for (const e of q.columns) collectSubPlans(e, subs);
    subs.push(...this.#afterNextLoop.splice(0));
    for (const s of subs) this.#subPlan(s, parent);
    for (const p of post) this.#row(parent, p);
  }

  #subPlan(s: SubPlan, parent: number): void {
    const n = this.#numbers?.get(s) ?? ++this.#subquery;
    this.numbers.set(s, n);
    const kind = listPlans.has(s) ? "LIST SUBQUERY" : "SCALAR SUBQUERY";
    this.query(s, this.#row(parent, `${s.correlated ? "CORRELATED " : ""}${kind} ${n}`));
  }

  /** A loop's row, then (second pass) the subqueries tested in that loop. */
  #loop(parent: number, detail: string, own: SubPlan[]): void {
    this.#row(parent, detail);
    // Only the second pass has any: the first leaves every subquery in `subs`, printed
    // after the loops, which numbers subqueries as SQLite does.
    for (const s of [...this.#afterNextLoop.splice(0), ...own]) this.#subPlan(s, parent);
  }

  /**
   * SQLite's rows for an automatic index read through a hash lookup: the key column
   * names, PARTIAL when rows were filtered before the build, and a Bloom filter unless
   * every key column has TEXT affinity.
   */
  #autoIndex(node: HashLookup, parent: number, suffix: string, own: SubPlan[]): void {
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
    if (!names.every((n) => n.text)) this.#row(parent, `BLOOM FILTER ON ${node.label} (${keys})`);
    const how = `AUTOMATIC ${partial ? "PARTIAL " : ""}COVERING INDEX`;
    this.#loop(parent, `SEARCH ${node.label} USING ${how} (${keys})${suffix}`, own);
  }

  #rel(node: RelNode, parent: number, leftJoin: boolean, post: string[], subs: SubPlan[]): void {
    const own: SubPlan[] = [];
    for (const e of nodeExprs(node)) collectSubPlans(e, own);
    for (const q of seekQueries(node)) {
      listPlans.add(q);
      own.push(q);
    }
    // The first pass (numbering) keeps the old order: every subquery after the loops.
    if (!this.#numbers) {
      subs.push(...own);
      own.length = 0;
    }
    const suffix = leftJoin ? " LEFT-JOIN" : "";
    switch (node.kind) {
      case "tableScan":
      case "indexScan":
        if (node.bloom && !node.bloomPulled) {
          for (const n of [node, ...node.bloomAlso ?? []]) this.#row(parent, bloomLine(n));
        }
        this.#loop(
          parent,
          (node.kind === "tableScan" ? tableScanDetail(node) : indexScanDetail(node)) + suffix,
          own,
        );
        return;
      case "countRows": {
        const index = node.index ? ` USING COVERING INDEX ${node.index.name}` : "";
        this.#loop(parent, `SCAN ${node.label}${index}`, own);
        return;
      }
      case "limit": {
        // SQLite's min()/max() optimization reads one index entry: a SEARCH.
        const below = node.input.kind === "filter" ? node.input.input : node.input;
        const one = node.limit?.kind === "const" && node.limit.value === 1;
        if (one && below.kind === "indexScan" && !below.eq.length && !below.lower && !below.upper) {
          this.#loop(parent, indexScanDetail(below).replace(/^SCAN/, "SEARCH") + suffix, own);
          return;
        }
        this.#rel(node.input, parent, leftJoin, post, subs);
        subs.push(...own);
        return;
      }
      case "nestedLoop":
        // The constant WHERE test ahead of the loops shows only its subqueries, which
        // SQLite codes after the first loop's row.
        if (isGuard(node.outer)) {
          const guard: SubPlan[] = [];
          for (const e of nodeExprs(node.outer)) collectSubPlans(e, guard);
          if (this.#numbers) this.#afterNextLoop.push(...guard);
          else subs.push(...guard);
        } else this.#rel(node.outer, parent, false, post, subs);
        // (A RIGHT JOIN's right side is no LEFT-JOIN: its marker is tested above.)
        this.#rel(node.inner, parent, node.join !== "inner" && !node.right, post, subs);
        if (node.unmatched) this.#rightJoins.push(node);
        for (const s of own) this.#subPlan(s, parent);
        return;
      case "hashLookup":
        for (let n: RelNode = node.input; "input" in n; n = n.input) {
          for (const e of nodeExprs(n)) collectSubPlans(e, this.#numbers ? own : subs);
        }
        this.#autoIndex(node, parent, suffix, own);
        return;
      case "values":
        this.#loop(
          parent,
          node.rows.length === 1
            ? "SCAN CONSTANT ROW"
            : `SCAN ${node.rows.length}-ROW VALUES CLAUSE`,
          own,
        );
        return;
      case "subqueryScan": {
        const label = node.label || `(subquery-${++this.#anonymous})`;
        this.query(node.query, this.#row(parent, `CO-ROUTINE ${label}`));
        this.#loop(parent, `SCAN ${label}${suffix}`, own);
        return;
      }
      case "compound": {
        const top = this.#row(parent, "COMPOUND QUERY");
        const part = (detail: string, q: Query) => this.query(q, this.#row(top, detail));
        // Left-deep: the left-most SUBQUERY first, then each operator's right part.
        const walk = (n: typeof node): void => {
          if (n.left.root.kind === "compound") walk(n.left.root);
          else part("LEFT-MOST SUBQUERY", n.left);
          const op = n.op === "unionAll" ? "UNION ALL" : `${n.op.toUpperCase()} USING TEMP B-TREE`;
          part(op, n.right);
        };
        walk(node);
        subs.push(...own);
        return;
      }
      case "recursiveCte": {
        this.query(node.seed, this.#row(parent, "SETUP"));
        this.query(node.step, this.#row(parent, "RECURSIVE STEP"));
        subs.push(...own);
        return;
      }
      case "recursiveRef":
        this.#loop(parent, `SCAN ${node.label}`, own);
        return;
      case "tableFunction":
        this.#loop(parent, `SCAN ${node.label} VIRTUAL TABLE`, own);
        return;
      default:
        // The kinds that wrap one input. A new kind fails type checking until it is placed.
        node satisfies {
          kind: "filter" | "project" | "window" | "distinct" | "sort" | "aggregate";
        };
        this.#rel(node.input, parent, leftJoin, post, subs);
        // A hash aggregate's b-tree is printed once the loops are coded, ahead of its own
        // expressions (the first pass's rows are not kept: only its numbers are).
        if (node.kind === "aggregate" && node.groupBy.length && node.strategy === "hash") {
          this.#row(parent, "USE TEMP B-TREE FOR GROUP BY");
        }
        for (const s of own) this.#subPlan(s, parent);
        if (node.kind === "distinct" && !node.ordered) post.push("USE TEMP B-TREE FOR DISTINCT");
        if (node.kind === "sort") {
          const rest = node.keys.length - (node.presorted ?? 0);
          const part = !node.presorted
            ? ""
            : rest === 1
            ? "LAST TERM OF "
            : `LAST ${rest} TERMS OF `;
          if (rest > 0) post.push(`USE TEMP B-TREE FOR ${part}ORDER BY`);
        }
    }
  }
}

/** The sub-plans of `x IN (SELECT ...)`: a LIST SUBQUERY. */
const listPlans = new WeakSet<SubPlan>();

function collectSubPlans(e: PlanExpr, out: SubPlan[]): void {
  const sub = exprSubPlan(e);
  if (sub) {
    if (e.kind === "inQuery") listPlans.add(sub);
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

function tableScanDetail(node: TableScan): string {
  const r = node.rowid;
  if (!r) return `SCAN ${node.label}`;
  const parts = r.kind === "key" ? ["rowid=?"] : [r.lower && "rowid>?", r.upper && "rowid<?"];
  return `SEARCH ${node.label} USING INTEGER PRIMARY KEY (${parts.filter((p) => p).join(" AND ")})`;
}

function keyName(node: IndexScan, i: number): string {
  // (Column -1, the rowid, has no entry in the table's columns.)
  const c = node.index.recordColumns[i].column;
  return c === -2 ? "<expr>" : node.table.columns[c]?.name ?? "rowid";
}

function indexScanDetail(node: IndexScan): string {
  const parts = node.eq.map((k, i) =>
    k.kind === "any" ? `ANY(${keyName(node, i)})` : `${keyName(node, i)}=?`
  );
  const n = node.eq.length;
  if (node.lower) parts.push(`${keyName(node, n)}>?`);
  if (node.upper) parts.push(`${keyName(node, n)}<?`);
  const pk = node.index.origin === "pk" && node.table.withoutRowid;
  // A Bloom filter's loop reads the table too (where.c drops WHERE_IDX_ONLY).
  const how = pk
    ? "PRIMARY KEY"
    : `${node.covering && !node.bloom ? "COVERING " : ""}INDEX ${node.index.name}`;
  if (!parts.length) return `SCAN ${node.label} USING ${how}`;
  return `SEARCH ${node.label} USING ${how} (${parts.join(" AND ")})`;
}

/**
 * The rows `EXPLAIN QUERY PLAN` returns for `plan`, in SQLite's format and order: a first
 * pass gives the subquery numbers, a second prints.
 */
export function explainQueryPlan(plan: Plan): QueryPlanRow[] {
  const first = new Emitter(null);
  first.query(plan.query, 0);
  const second = new Emitter(first.numbers);
  second.query(plan.query, 0);
  return second.rows;
}

export type { RelNode };

/** EXPLAIN's line for the Bloom filter of `node`'s seeks. */
function bloomLine(node: TableScan | IndexScan): string {
  const t = node.table;
  const keys = node.kind === "tableScan"
    ? [t.columns[t.rowidAlias]?.name ?? "rowid"]
    : node.eq.flatMap((k, i) => k.kind === "any" ? [] : [keyName(node, i)]);
  return `BLOOM FILTER ON ${node.label} (${keys.join("=? AND ")}=?)`;
}
