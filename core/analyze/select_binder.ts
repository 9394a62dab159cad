/**
 * Binds SELECT statements in SQLite's resolution order (resolveSelectStep): LIMIT, FROM,
 * result columns, HAVING, WHERE (with the ON clauses), table-valued function arguments,
 * ORDER BY, GROUP BY; compound parts right to left, then a compound's ORDER BY.
 */
import type * as A from "../sql/ast.ts";
import { nameKey } from "../format/schema_types.ts";
import type * as B from "./bound.ts";
import { firstAggregate, resultExprs, selectCores } from "./bound_walk.ts";
import type { Affinity } from "../value/types.ts";
import { compoundColumnAffinity } from "./compound_affinity.ts";
import { bindError, ordinal } from "./errors.ts";
import { bindFrom, type FromResult } from "./from.ts";
import { pushWith } from "./cte.ts";
import { type ResultItem, subqueryColumnNames } from "./column_names.ts";
import { exprOrigin, skipCollate } from "./column_names.ts";
import { COMPOUND_NAMES, VALUES_TERMS_ERROR } from "../sql/parse_select.ts";
import {
  type BindContext,
  newScope,
  type ResultAlias,
  type Scope,
  type ScopeItem,
} from "./scope.ts";
import { sameExpr } from "./same_expr.ts";
import { expandStar } from "./star.ts";
import { resolveSpec } from "./window.ts";
import { needCollation, needCompoundCollations, needCompoundOrderTerm } from "./collation_check.ts";
import { asCoded, compoundSelects, splitValues } from "./values_selects.ts";
import { bindClauseExpr, coalesceOf, columnExpr, flushPending } from "./expr_binder.ts";

/** Number of values an expression yields (row values and multi-column subqueries). */
export function vectorSize(e: B.BoundExpr): number {
  if (e.kind === "row") return e.items.length;
  if (e.kind === "subquery") return e.select.columnNames.length;
  return 1;
}

/** A bound core plus what the compound ORDER BY and naming need. */
interface CoreResult {
  core: B.BoundCore | B.BoundValues;
  items: ResultItem[];
  scope: Scope;
  /** The core's own ORDER BY terms (a SELECT of one core binds them with it), or null. */
  orderBy: B.BoundOrderingTerm[] | null;
}

/**
 * Binds a SELECT. `outer` is the enclosing query's scope (for correlated references).
 * `onSeed` (recursive CTEs) is called with the left-most part's columns before the other
 * parts are bound; parts are then bound left to right.
 */
export function bindSelect(
  ctx: BindContext,
  select: A.Select,
  outer: Scope | null,
  onSeed?: (columns: B.SourceColumn[]) => void,
): B.BoundSelect {
  // A nested SELECT (subquery, view or CTE body) is what flattening merges.
  ctx.flattenable ||= ctx.selected;
  ctx.selected = true;
  const savedCtes = select.with ? pushWith(ctx, select.with) : ctx.ctes;
  try {
    const limitScope = newScope(null, [], null, false);
    const limit = select.limit ? bindClauseExpr(ctx, limitScope, select.limit.limit) : null;
    const offset = select.limit?.offset
      ? bindClauseExpr(ctx, limitScope, select.limit.offset)
      : null;
    const asts = [select.first, ...select.compounds.map((c) => c.core)];
    const single = asts.length === 1;
    const results: CoreResult[] = new Array(asts.length);
    const order = asts.map((_, i) => i);
    if (!onSeed) order.reverse();
    for (const i of order) {
      results[i] = bindCore(ctx, asts[i], outer, single ? select.orderBy : null);
      if (onSeed && i === 0) {
        const names = subqueryColumnNames(results[0].items);
        onSeed(resultExprs(results[0].core).map((e, j) => sourceColumn(ctx, names[j], e, e)));
      }
      const neighbour = onSeed ? i - 1 : i + 1;
      if (neighbour >= 0 && neighbour < asts.length) {
        const l = Math.min(i, neighbour);
        if (resultExprs(results[l].core).length !== resultExprs(results[l + 1].core).length) {
          const right = asts[l + 1];
          throw bindError(
            // SQLite names VALUES when the right-hand part is a one-row VALUES (SF_Values);
            // a multi-row VALUES there is a different object and gets the compound text.
            right.kind === "values" && right.rows.length === 1
              ? VALUES_TERMS_ERROR
              : `SELECTs to the left and right of ${
                COMPOUND_NAMES[select.compounds[l].op]
              } do not have the same number of result columns`,
          );
        }
      }
    }
    const columnNames = subqueryColumnNames(results[0].items);
    const bound: B.BoundSelect = {
      first: results[0].core,
      compounds: select.compounds.map((c, i) => ({ op: c.op, core: results[i + 1].core })),
      orderBy: null,
      limit,
      offset,
      columnNames,
    };
    if (single) {
      bound.orderBy = results[0].orderBy;
    } else if (select.orderBy) {
      bound.orderBy = compoundOrderBy(ctx, select.orderBy, results);
      bound.orderBy.forEach((t, i) => {
        needCompoundOrderTerm(ctx, bound, t, select.orderBy![i].expr.kind === "collate");
      });
    }
    needCompoundCollations(ctx, bound);
    ctx.lastItems = results[0].items;
    return bound;
  } finally {
    ctx.ctes = savedCtes;
  }
}

function sourceColumn(
  ctx: BindContext,
  name: string,
  left: B.BoundExpr,
  right: B.BoundExpr,
  affinity: Affinity | null = left.affinity,
): B.SourceColumn {
  const { declaredType, origin } = exprOrigin(ctx, right);
  return {
    name,
    hidden: false,
    affinity,
    collation: left.collation,
    declaredType,
    origin,
  };
}

/** The columns a FROM subquery (or view, or CTE) made of `select` has. */
export function selectSourceColumns(ctx: BindContext, select: B.BoundSelect): B.SourceColumn[] {
  const left = resultExprs(select.first);
  const right = resultExprs(selectCores(select).at(-1)!);
  // Every SELECT of the compound, those SQLite makes of a VALUES clause included.
  const parts = compoundSelects(select);
  return select.columnNames.map((name, i) => {
    const affinity = compoundColumnAffinity(parts.map((row) => row[i]));
    return sourceColumn(ctx, name, left[i], right[i], affinity);
  });
}

function bindValues(ctx: BindContext, core: A.ValuesCore, outer: Scope | null): CoreResult {
  const scope = newScope(outer, [], null, false);
  // The parser has checked that every row has as many terms as the first.
  const rows = core.rows.map((row) => row.map((e) => bindClauseExpr(ctx, scope, e)));
  const items: ResultItem[] = core.rows[0].map((e, i) => ({
    kind: "expr",
    ast: { kind: "literal", type: "null", text: "", start: e.start, end: e.end },
    alias: `column${i + 1}`,
    text: `column${i + 1}`,
  }));
  const selects = splitValues(rows, core.withFromRow, ctx.views.length > 0);
  const coded = asCoded(rows, selects);
  const values: B.BoundValues = { kind: "values", id: ctx.nextId++, rows: coded, selects };
  return { core: values, items, scope, orderBy: null };
}

function bindCore(
  ctx: BindContext,
  core: A.SelectCore | A.ValuesCore,
  outer: Scope | null,
  orderBy: A.OrderingTerm[] | null,
): CoreResult {
  if (core.kind === "values") return bindValues(ctx, core, outer);
  const bc: B.BoundCore = {
    kind: "core",
    id: ctx.nextId++,
    distinct: core.distinct,
    columns: [],
    from: null,
    where: null,
    groupBy: null,
    having: null,
    aggregate: false,
    aggregates: [],
    windowFunctions: [],
  };
  const mark = ctx.tableFunctionArgs.length;
  const fromRes: FromResult | null = core.from ? bindFrom(ctx, core.from, outer) : null;
  const tfArgs = ctx.tableFunctionArgs.splice(mark);
  bc.from = fromRes?.from ?? null;
  const scope = newScope(outer, fromRes?.items ?? [], bc);
  scope.windows = core.windows;
  for (const w of core.windows ?? []) resolveSpec(scope, w.spec); // override errors show early
  const items = expandStar(core.columns, fromRes);

  // Result columns.
  const aliases: ResultAlias[] = [];
  let anyAgg = false;
  for (const item of items) {
    scope.hasAgg = false;
    scope.hasWin = false;
    const expr = item.kind === "star" ? item.expr : bindClauseExpr(ctx, scope, item.ast);
    anyAgg ||= scope.hasAgg;
    const name = item.kind === "star" ? item.name : item.alias;
    if (name !== null) {
      aliases.push({
        key: nameKey(name),
        index: bc.columns.length,
        expr,
        hasAgg: scope.hasAgg,
        hasWin: scope.hasWin,
      });
    }
    bc.columns.push({ expr, name: "" });
  }
  const names = subqueryColumnNames(items);
  bc.columns.forEach((c, i) => c.name = names[i]);
  if (bc.distinct) { for (const c of bc.columns) needCollation(ctx, c.expr); }
  scope.hasAgg = false;
  scope.allowWin = false;
  bc.aggregate = !!core.groupBy || anyAgg;
  if (!bc.aggregate) scope.allowAgg = false;
  scope.aliases = aliases;

  if (core.having) {
    if (!bc.aggregate) throw bindError("HAVING clause on a non-aggregate query");
    bc.having = bindClauseExpr(ctx, scope, core.having);
  }
  scope.inWhere = true;
  if (core.where) bc.where = bindClauseExpr(ctx, scope, core.where);
  if (fromRes) bindOnClauses(ctx, scope, core.from!, fromRes);
  scope.inWhere = false;
  for (const { source, args } of tfArgs) {
    source.args = args.map((a) => bindClauseExpr(ctx, scope, a));
  }

  scope.allowAgg = true;
  scope.allowWin = true;
  let orderByTerms: B.BoundOrderingTerm[] | null = null;
  if (orderBy) {
    const before = bc.aggregates.length;
    orderByTerms = orderGroupBy(ctx, scope, orderBy, bc, aliases, "ORDER");
    for (const t of orderByTerms) needCollation(ctx, t.expr);
    if (!bc.aggregate && bc.aggregates.length > before) {
      const f = bc.aggregates[before];
      ctx.late.push(bindError(`misuse of aggregate: ${f.name}()`, f.start));
    }
  }
  scope.allowWin = false;
  if (core.groupBy) {
    const terms = orderGroupBy(
      ctx,
      scope,
      // Only the terms' expressions are read (and kept) for GROUP BY.
      core.groupBy.map((expr) => ({ expr }) as A.OrderingTerm),
      bc,
      aliases,
      "GROUP",
    );
    bc.groupBy = terms.map((t) => t.expr);
    for (const e of bc.groupBy) needCollation(ctx, e);
    if (bc.groupBy.some((e) => !!firstAggregate(e))) {
      throw bindError("aggregate functions are not allowed in the GROUP BY clause");
    }
  }
  return { core: bc, items, scope, orderBy: orderByTerms };
}

function bindOnClauses(ctx: BindContext, scope: Scope, from: A.FromClause, res: FromResult): void {
  from.items.forEach((ji, i) => {
    if (ji.on) res.from.items[i].on = bindClauseExpr(ctx, scope, ji.on);
    if (ji.item.kind === "join") {
      const nested = res.from.items[i].item as B.BoundFrom;
      bindOnClauses(ctx, scope, ji.item.from, { from: nested, items: [], top: [] });
    }
  });
}

/** The value of an integer term (`2`, `-1`, `+3`), or null (sqlite3ExprIsInteger). */
function integerTerm(e: A.Expr): number | null {
  if (e.kind === "literal" && e.type === "integer" && !/^0x/i.test(e.text)) {
    const v = +e.text;
    return Number.isSafeInteger(v) && v <= 0x7fffffff ? v : null;
  }
  if (e.kind === "unary" && (e.op === "-" || e.op === "+")) {
    const v = integerTerm(e.operand);
    return v === null ? null : e.op === "-" ? -v : v;
  }
  return alwaysFalse(e) ? 0 : null;
}

/**
 * An AND with a literal 0 operand: SQLite's parser replaces it by the integer 0
 * (sqlite3ExprAnd), so as an ORDER BY / GROUP BY term it is column number 0.
 */
function alwaysFalse(e: A.Expr): boolean {
  if (e.kind === "literal") return e.type === "integer" && +e.text === 0;
  return e.kind === "binary" && e.op === "and" && (alwaysFalse(e.left) || alwaysFalse(e.right));
}

/** Re-applies the COLLATE of `term` to a result expression it names. */
function withCollate(term: A.Expr, expr: B.BoundExpr): B.BoundExpr {
  if (term.kind !== "collate") return expr;
  const inner = withCollate(term.operand, expr);
  return {
    kind: "collate",
    operand: inner,
    name: term.collation,
    start: term.start,
    end: term.end,
    affinity: inner.affinity,
    collation: term.collation.toUpperCase(),
    hasCollate: true,
  };
}

function asName(term: A.Expr, aliases: ResultAlias[]): number {
  if (term.kind !== "column" || term.table !== null) return 0;
  const key = nameKey(term.name);
  const a = aliases.find((x) => x.key === key);
  return a ? a.index + 1 : 0;
}

/** SQLite's resolveOrderGroupBy for a single (non-compound) core. */
function orderGroupBy(
  ctx: BindContext,
  scope: Scope,
  terms: A.OrderingTerm[],
  core: B.BoundCore,
  aliases: ResultAlias[],
  type: "ORDER" | "GROUP",
): B.BoundOrderingTerm[] {
  const exprs = core.columns.map((c) => c.expr);
  const n = exprs.length;
  return terms.map((t, i) => {
    const e2 = skipCollate(t.expr);
    let col = type === "ORDER" ? asName(e2, aliases) : 0;
    let expr: B.BoundExpr | null = null;
    if (col === 0) {
      const v = integerTerm(e2);
      if (v !== null) {
        if (v < 1 || v > 0xffff || v > n) {
          throw bindError(
            `${ordinal(i + 1)} ${type} BY term out of range - should be between 1 and ${n}`,
          );
        }
        col = v;
      } else {
        expr = bindClauseExpr(ctx, scope, t.expr);
        for (let j = 0; j < n; j++) if (sameExpr(expr, exprs[j])) col = j + 1;
      }
    }
    if (col > 0 && (!expr || t.expr.kind === "collate")) {
      expr = withCollate(t.expr, exprs[col - 1]);
    }
    return { expr: expr!, desc: t.desc, nulls: t.nulls, resultColumn: col };
  });
}

/** SQLite's resolveCompoundOrderBy: every term must name a result column of some part. */
function compoundOrderBy(
  ctx: BindContext,
  terms: A.OrderingTerm[],
  parts: CoreResult[],
): B.BoundOrderingTerm[] {
  const cols = new Array<number>(terms.length).fill(0);
  for (const part of parts) {
    const exprs = resultExprs(part.core);
    const aliases = part.scope.aliases ?? [];
    terms.forEach((t, i) => {
      if (cols[i] > 0) return;
      const e = skipCollate(t.expr);
      const v = integerTerm(e);
      if (v !== null) {
        if (v < 1 || v > exprs.length) {
          throw bindError(
            `${
              ordinal(i + 1)
            } ORDER BY term out of range - should be between 1 and ${exprs.length}`,
          );
        }
        cols[i] = v;
        return;
      }
      let col = asName(e, aliases);
      if (col === 0 && part.core.kind === "core") {
        const s = part.scope;
        const saved = [s.parent, s.allowAgg, s.allowWin] as const;
        s.parent = null;
        s.allowAgg = true;
        // Any error binding the term is suppressed, as SQLite does here.
        const late = ctx.late.length;
        let bound: B.BoundExpr | null = null;
        try {
          bound = bindClauseExpr(ctx, s, e);
        } catch {
          ctx.pending = null;
        } finally {
          ctx.late.length = late;
        }
        [s.parent, s.allowAgg, s.allowWin] = saved;
        if (bound) {
          for (let j = 0; j < exprs.length; j++) {
            if (col === 0 && sameExpr(bound, exprs[j])) col = j + 1;
          }
        }
      }
      cols[i] = col;
    });
  }
  flushPending(ctx);
  const first = resultExprs(parts[0].core);
  return terms.map((t, i) => {
    if (cols[i] === 0) {
      throw bindError(
        `${ordinal(i + 1)} ORDER BY term does not match any column in the result set`,
      );
    }
    return {
      expr: withCollate(t.expr, first[cols[i] - 1]),
      desc: t.desc,
      nulls: t.nulls,
      resultColumn: cols[i],
    };
  });
}

export { coalesceOf, columnExpr };
export type { ScopeItem };
