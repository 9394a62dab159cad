/**
 * Binds expressions: resolves column names (SQLite's lookupName), looks functions up,
 * types literals, derives affinity and collation. Error behaviour follows SQLite's
 * resolveExprStep: a bad column stops at once; a bad function call is recorded and the
 * walk goes on, so that a later error in the same expression replaces it.
 */
import type * as A from "../sql/ast.ts";
import {
  type BindContext,
  columnIndex,
  type Lookup,
  lookupInScope,
  type Scope,
  type ScopeItem,
} from "./scope.ts";
import { findFunction, type FunctionDef } from "../functions/catalog.ts";
import { affinityOfTypeText } from "../value/affinity_of_type.ts";
import { Affinity, StorageClass } from "../value/types.ts";
import type * as B from "./bound.ts";
import { bindError, qualifiedName } from "./errors.ts";
import { plainInfo, propagatedCollation } from "./expr_affinity.ts";
import { literalValue } from "./literals.ts";
import { isTrueOrFalse, skipCollate } from "./column_names.ts";
import { nameKey } from "../format/schema_types.ts";
import { bindSelect, vectorSize } from "./select_binder.ts";
import { bindFunction } from "./function_binder.ts";
import { firstAggregate } from "./bound_walk.ts";
import { rightmostSelect } from "./values_selects.ts";
import { needCollation, needComparison, needInSelect } from "./collation_check.ts";

/** Binds one top-level expression of a clause; throws any recorded error at the end. */
export function bindClauseExpr(
  ctx: BindContext,
  scope: Scope,
  e: A.Expr,
  vectorOk = false,
): B.BoundExpr {
  const bound = bindExpr(ctx, scope, e, vectorOk);
  flushPending(ctx);
  return bound;
}

/**
 * Throws the recorded function-call error, if any. Binding an ordinary node calls it:
 * SQLite aborts the walk there if an error was recorded.
 */
export function flushPending(ctx: BindContext): void {
  if (ctx.pending) {
    const err = ctx.pending;
    ctx.pending = null;
    throw err;
  }
}

/** A column reference to `item`'s column `column` (-1 for the rowid). */
export function columnExpr(
  item: ScopeItem,
  column: number,
  start: number,
  end: number,
): B.BoundColumn {
  const src = item.source;
  const rowid = column < 0 || (src.kind === "table" && column === src.table.rowidAlias);
  const col = src.columns[column];
  return {
    kind: "column",
    source: src.id,
    column: rowid ? -1 : column,
    start,
    end,
    affinity: rowid ? Affinity.Integer : col.affinity,
    collation: rowid ? null : col.collation ?? "BINARY",
    hasCollate: false,
  };
}

/** The expression column `name` found by lookupInScope stands for. */
export function foundColumnExpr(
  found: Extract<Lookup, { kind: "column" }>,
  name: string,
  span: A.Span,
): B.BoundExpr {
  if (!found.fullJoin) return columnExpr(found.item, found.column, span.start, span.end);
  // FULL JOIN ... USING: the column is coalesce() of every side.
  const key = nameKey(name);
  const args = [...found.fullJoin, found.item].map((it) =>
    columnExpr(it, columnIndex(it, key), span.start, span.end) as B.BoundExpr
  );
  return coalesceOf(args, span.start, span.end);
}

function resolveColumn(ctx: BindContext, scope: Scope, ref: A.ColumnRef): B.BoundExpr {
  for (let s: Scope | null = scope; s; s = s.parent) {
    const found = lookupInScope(s, ref.schema, ref.table, ref.name);
    // "none": on to the enclosing scope.
    switch (found.kind) {
      case "column":
        return foundColumnExpr(found, ref.name, ref);
      case "rowid":
        return columnExpr(found.item, -1, ref.start, ref.end);
      case "alias": {
        const alias = found.alias;
        if (!scope.allowAgg && alias.hasAgg) {
          throw bindError(`misuse of aliased aggregate ${ref.name}`, ref.start);
        }
        if (alias.hasWin && (!scope.allowWin || s !== scope)) {
          throw bindError(`misuse of aliased window function ${ref.name}`, ref.start);
        }
        if (vectorSize(alias.expr) !== 1) throw bindError("row value misused", ref.start);
        if (alias.hasAgg && scope.inWhere) {
          const f = firstAggregate(alias.expr);
          if (f) ctx.late.push(bindError(`misuse of aggregate: ${f.name}()`, ref.start));
        }
        return alias.expr;
      }
      case "ambiguous":
        throw bindError(
          `ambiguous column name: ${qualifiedName(ref.schema, ref.table, ref.name)}`,
          ref.start,
        );
    }
  }
  if (ref.table === null) {
    if (ref.doubleQuoted && ctx.doubleQuotedStrings) {
      return {
        kind: "literal",
        value: ref.name,
        cls: StorageClass.Text,
        ...plainInfo(ref.start, ref.end),
      };
    }
    if (!ref.doubleQuoted && isTrueOrFalse(ref.name)) {
      const value = ref.name.toLowerCase() === "true";
      return { kind: "trueFalse", value, ...plainInfo(ref.start, ref.end) };
    }
    if (ref.doubleQuoted) {
      throw bindError(
        `no such column: "${ref.name}" - should this be a string literal in single-quotes?`,
        ref.start,
      );
    }
  }
  throw bindError(`no such column: ${qualifiedName(ref.schema, ref.table, ref.name)}`, ref.start);
}

/**
 * SQLite's resolve.c makes `x IS NOT NULL` the integer 1 and `x IS NULL` 0 when `x` cannot
 * be NULL (sqlite3ExprCanBeNull: the rowid or a NOT NULL column of a table, under any unary
 * `+` or `-`, not on the NULL side of an outer join — the right of a LEFT JOIN, the left of
 * a RIGHT JOIN), in a WHERE or ON clause whose enclosing clauses are all WHERE or ON
 * clauses. The constant then plans as one: tested once, and it makes an automatic index
 * PARTIAL. Null otherwise.
 */
function foldedNullTest(
  scope: Scope,
  operand: B.BoundExpr,
  not: boolean,
  info: B.ExprInfo,
): B.BoundLiteral | null {
  let x = operand;
  while (x.kind === "unary" && (x.op === "-" || x.op === "+")) x = x.operand;
  if (x.kind !== "column") return null;
  for (let s: Scope | null = scope; s; s = s.parent) if (!s.inWhere) return null;
  for (let s: Scope | null = scope; s; s = s.parent) {
    const i = s.items.findIndex((it) => it.source.id === x.source);
    if (i < 0) continue;
    const { left, source } = s.items[i];
    const never = !left && !s.items.slice(i + 1).some((it) => it.right) &&
      (x.column < 0 || source.kind === "table" && source.table.columns[x.column].notNull);
    return never
      ? { kind: "literal", value: +not, cls: StorageClass.Integer, ...info, of: x }
      : null;
  }
  return null;
}

/** FULL JOIN USING column: coalesce(left, right, ...). */
export function coalesceOf(args: B.BoundExpr[], start: number, end: number): B.BoundFunction {
  const def = findFunction("coalesce", args.length) as FunctionDef;
  return {
    kind: "function",
    def,
    name: "coalesce",
    role: "scalar",
    distinct: false,
    args,
    orderBy: null,
    filter: null,
    window: null,
    aggregateOf: null,
    ...plainInfo(start, end),
    ...propagatedCollation(args),
  };
}

/** Binds `e` in `scope`. `vectorOk`: a row value is allowed here (comparison operands). */
export function bindExpr(ctx: BindContext, scope: Scope, e: A.Expr, vectorOk = false): B.BoundExpr {
  const sub = (x: A.Expr, vec = false) => bindExpr(ctx, scope, x, vec);
  const info = plainInfo(e.start, e.end);
  switch (e.kind) {
    case "column":
      return resolveColumn(ctx, scope, e);
    case "function":
      return bindFunction(ctx, scope, e);
    case "nullTest": {
      const operand = sub(e.operand);
      return foldedNullTest(scope, operand, e.not, info) ?? {
        kind: "nullTest",
        not: e.not,
        operand,
        ...info,
        ...propagatedCollation([operand]),
      };
    }
    case "literal":
      flushPending(ctx);
      return { kind: "literal", ...literalValue(e), ...info };
    case "currentTime":
      flushPending(ctx);
      return { kind: "currentTime", which: e.which, ...info };
    case "variable":
      flushPending(ctx);
      return {
        kind: "variable",
        index: e.index,
        name: e.text.startsWith("?") ? null : e.text,
        ...info,
      };
    case "raise":
      throw bindError("RAISE() may only be used within a trigger-program", e.start);
    case "unary": {
      flushPending(ctx);
      if (
        e.op === "-" && e.operand.kind === "literal" &&
        (e.operand.type === "integer" || e.operand.type === "real")
      ) {
        return { kind: "literal", ...literalValue(e.operand, true), ...info };
      }
      const operand = sub(e.operand);
      if (e.op === "+") {
        return {
          kind: "unary",
          op: e.op,
          operand,
          ...info,
          collation: operand.collation,
          hasCollate: operand.hasCollate,
        };
      }
      return { kind: "unary", op: e.op, operand, ...info, ...propagatedCollation([operand]) };
    }
    case "binary": {
      // `x IS [NOT] TRUE|FALSE` where TRUE/FALSE name no column (SQLite's TK_TRUTH), also
      // under COLLATE (sqlite3ExprSkipCollateAndLikely).
      const r = skipCollate(e.right);
      if (
        (e.op === "is" || e.op === "is not") && r.kind === "column" && r.table === null &&
        !r.doubleQuoted && isTrueOrFalse(r.name)
      ) {
        const right = resolveColumn(ctx, scope, r);
        if (right.kind === "trueFalse") {
          flushPending(ctx);
          const operand = sub(e.left);
          return {
            kind: "truth",
            operand,
            value: right.value,
            not: e.op === "is not",
            ...info,
            ...propagatedCollation([operand]),
          };
        }
      }
      const isCompare = e.op === "=" || e.op === "!=" || e.op === "<" || e.op === "<=" ||
        e.op === ">" || e.op === ">=" || e.op === "is" || e.op === "is not";
      if (e.op === "->" || e.op === "->>") {
        // SQLite parses these as calls of the functions named "->" and "->>".
        return bindFunction(ctx, scope, {
          kind: "function",
          name: e.op,
          distinct: false,
          star: false,
          args: [e.left, e.right],
          orderBy: null,
          filter: null,
          over: null,
          start: e.start,
          end: e.end,
        });
      }
      flushPending(ctx);
      const left = sub(e.left, isCompare);
      const right = sub(e.right, isCompare);
      if (isCompare) {
        checkVectors(left, right, e);
        // `x IS [NOT] NULL` is a null test, not a comparison (SQLite's binaryToUnaryIfNull).
        const nullTest = (e.op === "is" || e.op === "is not") && e.right.kind === "literal" &&
          e.right.type === "null";
        if (!nullTest) needComparison(ctx, left, right);
        else {
          const folded = foldedNullTest(scope, left, e.op === "is not", info);
          if (folded) return folded;
        }
      }
      return {
        kind: "binary",
        op: e.op,
        left,
        right,
        ...info,
        ...propagatedCollation([left, right]),
      };
    }
    case "collate": {
      flushPending(ctx);
      // COLLATE makes a one-value expression: a row value under it is misused.
      const operand = sub(e.operand);
      return {
        kind: "collate",
        operand,
        name: e.collation,
        ...info,
        affinity: operand.affinity,
        collation: e.collation.toUpperCase(),
        hasCollate: true,
      };
    }
    case "cast": {
      flushPending(ctx);
      const operand = sub(e.operand);
      return {
        kind: "cast",
        operand,
        typeName: e.typeName,
        ...info,
        affinity: affinityOfTypeText(e.typeName),
        collation: operand.collation,
        hasCollate: operand.hasCollate,
      };
    }
    case "like": {
      // SQLite makes `l LIKE r ESCAPE x` the call like(r, l, x): the function is looked
      // up like any other (REGEXP has no built-in), and the arguments bound in that order.
      const name = e.opText;
      const n = e.escape ? 3 : 2;
      // match() is not in the built-in list: FTS overloads it, for two arguments only.
      const found = e.op === "match" ? (n === 2 ? "match" : "wrongArgs") : findFunction(
        name,
        n,
        ctx.functions,
      );
      if (found === undefined) ctx.pending = bindError(`no such function: ${name}`, e.start);
      else if (found === "wrongArgs") {
        ctx.pending = bindError(`wrong number of arguments to function ${name}()`, e.start);
      }
      const right = sub(e.right);
      const left = sub(e.left);
      const escape = e.escape ? sub(e.escape) : null;
      const parts = escape ? [right, left, escape] : [right, left];
      return {
        kind: "like",
        op: e.op,
        not: e.not,
        left,
        right,
        escape,
        ...info,
        ...propagatedCollation(parts),
      };
    }
    case "between": {
      flushPending(ctx);
      const operand = sub(e.operand, true);
      const low = sub(e.low, true);
      const high = sub(e.high, true);
      checkVectors(operand, low, e);
      checkVectors(operand, high, e);
      needComparison(ctx, operand, low);
      needComparison(ctx, operand, high);
      return {
        kind: "between",
        not: e.not,
        operand,
        low,
        high,
        ...info,
        ...propagatedCollation([operand, low, high]),
      };
    }
    case "inList": {
      flushPending(ctx);
      const operand = sub(e.operand, true);
      const list = e.list.map((x) => sub(x, true));
      const width = vectorSize(operand);
      if (list.some((x) => vectorSize(x) !== width)) {
        ctx.late.push(bindError("row value misused", e.start));
      }
      // A one-element list is `x = y`; otherwise only the left side's collation is used.
      if (list.length === 1) needComparison(ctx, operand, list[0]);
      else if (list.length > 1) needCollation(ctx, operand);
      return {
        kind: "inList",
        not: e.not,
        operand,
        list,
        ...info,
        ...propagatedCollation([operand, ...list]),
      };
    }
    case "inSelect":
    case "inTable": {
      // `x IN t` is `x IN (SELECT * FROM t)`.
      const select = bindSelect(ctx, e.kind === "inSelect" ? e.select : inTableSelect(e), scope);
      flushPending(ctx);
      const operand = sub(e.operand, true);
      const want = vectorSize(operand);
      const got = select.columnNames.length;
      if (want !== got) {
        ctx.late.push(bindError(`sub-select returns ${got} columns - expected ${want}`, e.start));
      }
      needInSelect(ctx, operand, select);
      return {
        kind: "inSelect",
        not: e.not,
        operand,
        select,
        ...info,
        ...propagatedCollation([operand]),
      };
    }
    case "case": {
      flushPending(ctx);
      const operand = e.operand ? sub(e.operand) : null;
      const whens = e.whens.map((w) => ({ when: sub(w.when), then: sub(w.then) }));
      const otherwise = e.otherwise ? sub(e.otherwise) : null;
      const parts: B.ExprInfo[] = [];
      if (operand) parts.push(operand);
      for (const w of whens) {
        if (operand) needComparison(ctx, operand, w.when);
        parts.push(w.when, w.then);
      }
      if (otherwise) parts.push(otherwise);
      return { kind: "case", operand, whens, otherwise, ...info, ...propagatedCollation(parts) };
    }
    case "exists": {
      const select = bindSelect(ctx, e.select, scope);
      flushPending(ctx);
      return { kind: "exists", select, ...info };
    }
    case "subquery": {
      const select = bindSelect(ctx, e.select, scope);
      flushPending(ctx);
      const n = select.columnNames.length;
      if (n !== 1 && !vectorOk) {
        ctx.late.push(bindError(`sub-select returns ${n} columns - expected 1`, e.start));
      }
      const f = rightmostSelect(select)[0];
      return { kind: "subquery", select, ...info, affinity: f?.affinity ?? null };
    }
    case "row": {
      flushPending(ctx);
      if (!vectorOk) ctx.late.push(bindError("row value misused", e.start));
      const items = e.items.map((x) => sub(x));
      return { kind: "row", items, ...info, ...propagatedCollation(items) };
    }
  }
}

function checkVectors(left: B.BoundExpr, right: B.BoundExpr, e: A.Expr): void {
  if (vectorSize(left) !== vectorSize(right)) throw bindError("row value misused", e.start);
}

/** `x IN t` is `x IN (SELECT * FROM t)`; `x IN f(args)` reads the table-valued function. */
function inTableSelect(e: A.InTable): A.Select {
  const span = { start: e.start, end: e.end };
  const item: A.FromItem = !e.args
    ? { kind: "table", schema: e.schema, name: e.table, alias: null, indexedBy: null, ...span }
    : {
      kind: "tableFunction",
      schema: e.schema,
      name: e.table,
      args: e.args,
      alias: null,
      ...span,
    };
  return {
    with: null,
    first: {
      kind: "core",
      distinct: false,
      columns: [{ kind: "star", ...span }],
      from: { items: [{ join: null, item, on: null, using: null }], ...span },
      where: null,
      groupBy: null,
      having: null,
      windows: null,
      ...span,
    },
    compounds: [],
    orderBy: null,
    limit: null,
    ...span,
  };
}
