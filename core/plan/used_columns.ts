/**
 * The columns each bound source is read at, found by walking a bound query: for covering
 * indexes, and the expressions of VIRTUAL generated columns per table source.
 *
 * The walk follows the bound tree's types field by field (every prepare walks the whole
 * statement, and a generic walk over every property cost a tenth of a short statement's
 * prepare). Tests install a check that compares it with a walk over every property
 * ({@link installUsedColumnsCheck}), so a field added to the tree and missed here fails them.
 */
import type * as B from "../analyze/bound.ts";
import type { PlanContext } from "./scope.ts";
import { getOrMake } from "../util/multimap.ts";

/** Columns read per source id, and each table source's VIRTUAL column expressions. */
export interface UsedColumns {
  used: Map<number, Set<number>>;
  virtual: Map<number, (B.BoundExpr | null)[]>;
}

/** Compares a result of {@link usedColumns} with another walk's; throws on a difference. */
export type UsedColumnsCheck = (select: B.BoundSelect, found: UsedColumns) => void;

let check: UsedColumnsCheck | null = null;

/** Makes every {@link usedColumns} call run `c` on its result from now on (tests). */
export function installUsedColumnsCheck(c: UsedColumnsCheck): void {
  check = c;
}

/** The walk: one instance per statement. */
class ColumnsRead implements UsedColumns {
  used = new Map<number, Set<number>>();
  virtual = new Map<number, (B.BoundExpr | null)[]>();
  /** CTE bodies entered: a recursive CTE's body refers to itself. */
  #ctes: Set<B.BoundCte> | null = null;

  select(s: B.BoundSelect): void {
    this.core(s.first);
    for (const c of s.compounds) this.core(c.core);
    if (s.orderBy !== null) this.terms(s.orderBy);
    if (s.limit !== null) this.expr(s.limit);
    if (s.offset !== null) this.expr(s.offset);
  }

  core(c: B.BoundCore | B.BoundValues): void {
    if (c.kind === "values") {
      for (const row of c.rows) this.exprs(row);
      return;
    }
    for (const rc of c.columns) this.expr(rc.expr);
    if (c.from !== null) this.from(c.from);
    if (c.where !== null) this.expr(c.where);
    if (c.groupBy !== null) this.exprs(c.groupBy);
    if (c.having !== null) this.expr(c.having);
    // Also met in the clauses, except an aggregate written in a subquery of another core.
    this.exprs(c.aggregates);
    this.exprs(c.windowFunctions);
  }

  from(f: B.BoundFrom): void {
    for (const it of f.items) {
      const item = it.item;
      if (item.kind === "join") this.from(item);
      else this.source(item);
      if (it.on !== null) this.expr(it.on);
      for (const u of it.using) {
        this.expr(u.left);
        this.expr(u.right);
      }
    }
  }

  source(s: B.BoundSource): void {
    switch (s.kind) {
      case "table":
        // Its schema, index choice and partial-index WHEREs hold nothing the query reads.
        if (s.virtual.length > 0) this.virtual.set(s.id, s.virtual);
        return;
      case "subquery":
        return this.select(s.select);
      case "cte": {
        const ctes = this.#ctes ??= new Set();
        if (ctes.has(s.cte)) return;
        ctes.add(s.cte);
        return this.select(s.cte.select);
      }
      default:
        s satisfies { kind: "tableFunction" };
        return this.exprs(s.args);
    }
  }

  terms(terms: readonly B.BoundOrderingTerm[]): void {
    for (const t of terms) this.expr(t.expr);
  }

  exprs(list: readonly B.BoundExpr[]): void {
    for (const e of list) this.expr(e);
  }

  expr(e: B.BoundExpr): void {
    switch (e.kind) {
      case "column":
        getOrMake(this.used, e.source, () => new Set()).add(e.column);
        return;
      case "literal":
      case "trueFalse":
      case "variable":
      case "currentTime":
        return;
      case "unary":
      case "truth":
      case "collate":
      case "cast":
      case "nullTest":
        return this.expr(e.operand);
      case "binary":
        this.expr(e.left);
        return this.expr(e.right);
      case "like":
        this.expr(e.left);
        this.expr(e.right);
        if (e.escape !== null) this.expr(e.escape);
        return;
      case "between":
        this.expr(e.operand);
        this.expr(e.low);
        return this.expr(e.high);
      case "inList":
        this.expr(e.operand);
        return this.exprs(e.list);
      case "inSelect":
        this.expr(e.operand);
        return this.select(e.select);
      case "case":
        if (e.operand !== null) this.expr(e.operand);
        for (const w of e.whens) {
          this.expr(w.when);
          this.expr(w.then);
        }
        if (e.otherwise !== null) this.expr(e.otherwise);
        return;
      case "exists":
      case "subquery":
        return this.select(e.select);
      case "row":
        return this.exprs(e.items);
      default:
        e satisfies { kind: "function" };
        this.exprs(e.args);
        if (e.orderBy !== null) this.terms(e.orderBy);
        if (e.filter !== null) this.expr(e.filter);
        if (e.window !== null) this.window(e.window);
    }
  }

  window(w: B.BoundWindow): void {
    this.exprs(w.partitionBy);
    this.terms(w.orderBy);
    if (w.frame !== null) {
      if (w.frame.start.offset !== null) this.expr(w.frame.start.offset);
      if (w.frame.end.offset !== null) this.expr(w.frame.end.offset);
    }
  }
}

/**
 * Every column each bound source is read at, anywhere in the statement (covering indexes;
 * a VIRTUAL generated column reads the columns of its expression), and the expressions of
 * each table source's VIRTUAL columns.
 */
export function usedColumns(select: B.BoundSelect): UsedColumns {
  const walk = new ColumnsRead();
  walk.select(select);
  // A VIRTUAL column read reads the columns of its expression; one never read reads nothing,
  // so an index without its inputs may still cover. The expression reads its own table
  // only, and a Set's iteration reaches the columns added during it (other VIRTUAL ones).
  for (const [id, exprs] of walk.virtual) {
    for (const c of walk.used.get(id) ?? []) {
      const e = exprs[c];
      if (e) walk.expr(e);
    }
  }
  const found = { used: walk.used, virtual: walk.virtual };
  check?.(select, found);
  return found;
}

/**
 * Records the sources of `select` the context does not know yet: those a flattening made
 * while planning (a CTE body's copies get new source ids).
 */
export function addNewSources(ctx: PlanContext, select: B.BoundSelect): void {
  const { used, virtual } = usedColumns(select);
  for (const [id, columns] of used) if (!ctx.usedColumns.has(id)) ctx.usedColumns.set(id, columns);
  for (const [id, exprs] of virtual) {
    if (!ctx.virtualColumns.has(id)) ctx.virtualColumns.set(id, exprs);
  }
}
