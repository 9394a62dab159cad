/**
 * SQLite's proof that a WHERE term implies an expression (expr.c sqlite3ExprImpliesExpr and
 * exprImpliesNotNull), on bound expressions: the test that lets the planner use a partial
 * index. Structural equality is sqlite3ExprCompare's (same operators, columns, literals
 * and COLLATE operators) on expressions in the shape SQLite's parser gives them
 * ({@link sqliteShape}). False negatives only cost a plan; a false positive would read an
 * index that lacks rows, so anything unsure answers false.
 */
import type * as B from "../analyze/bound.ts";
import { mapExpr } from "../analyze/bound_walk.ts";
import { sameExpr } from "../analyze/same_expr.ts";
import { isConstantExpr } from "../analyze/values_selects.ts";
import { StorageClass } from "../value/types.ts";
import { builtinName } from "../functions/catalog.ts";
import { plainInfo } from "../analyze/expr_affinity.ts";

/** Whether `e` is the literal NULL. */
export function isNullLiteral(e: B.BoundExpr): boolean {
  return e.kind === "literal" && e.value === null;
}

/**
 * `e` as SQLite's parser builds it: `x IS [NOT] NULL` is `x ISNULL` / `x NOTNULL`, and
 * `x [NOT] IN (c)` with one constant `c` is `[NOT] x = +c` (parse.y), so those forms
 * compare equal to what they are equal to in SQLite.
 */
export function sqliteShape(e: B.BoundExpr): B.BoundExpr {
  return mapExpr(e, (x) => {
    if (x.kind === "binary" && (x.op === "is" || x.op === "is not") && isNullLiteral(x.right)) {
      return {
        kind: "nullTest",
        not: x.op === "is not",
        operand: sqliteShape(x.left),
        ...plainInfo(x.start, x.end),
      };
    }
    if (
      x.kind === "inList" && x.list.length === 1 && x.operand.kind !== "row" &&
      x.list[0].kind !== "row" && isConstantExpr(x.list[0])
    ) {
      const value = sqliteShape(x.list[0]);
      const eq: B.BoundExpr = {
        kind: "binary",
        op: "=",
        left: sqliteShape(x.operand),
        right: {
          kind: "unary",
          op: "+",
          operand: value,
          ...plainInfo(value.start, value.end),
          collation: value.collation,
          hasCollate: value.hasCollate,
        },
        ...plainInfo(x.start, x.end),
      };
      return x.not ? { kind: "unary", op: "not", operand: eq, ...plainInfo(x.start, x.end) } : eq;
    }
    return null;
  });
}

/** sqlite3ExprIsNotTrue: NULL, FALSE or the integer 0. */
function isNotTrue(e: B.BoundExpr): boolean {
  if (isNullLiteral(e)) return true;
  if (e.kind === "trueFalse") return !e.value;
  while (e.kind === "unary" && (e.op === "+" || e.op === "-")) e = e.operand;
  return e.kind === "literal" && e.cls === StorageClass.Integer && Number(e.value) === 0;
}

/**
 * The condition of `iif(x, y)`, `iif(x, y, <not true>)` or `CASE WHEN x THEN y [ELSE <not
 * true>] END` (sqlite3ExprIsIIF): such a term is true only when `x` is.
 */
function iifCondition(e: B.BoundExpr): B.BoundExpr | null {
  if (
    e.kind === "function" && e.role === "scalar" &&
    (builtinName(e.def) === "iif" || builtinName(e.def) === "if")
  ) {
    if (e.args.length === 2 || (e.args.length === 3 && isNotTrue(e.args[2]))) return e.args[0];
    return null;
  }
  if (e.kind === "case" && !e.operand && e.whens.length === 1) {
    if (!e.otherwise || isNotTrue(e.otherwise)) return e.whens[0].when;
  }
  return null;
}

/** Operators exprImpliesNotNull looks through, setting seenNot. */
const STRICT = new Set(["=", "!=", "<", "<=", ">", ">=", "+", "-", "|", "<<", ">>", "||"]);
/** Operators it looks through keeping seenNot. */
const PASS_THROUGH = new Set(["*", "%", "&", "/"]);

/**
 * exprImpliesNotNull: `p` can only be true when `nn` is not NULL; with `seenNot`, `p` can
 * only be non-NULL when `nn` is not NULL. NOT forms (`NOT IN`, `NOT BETWEEN`) are SQLite's
 * NOT over the plain form.
 */
function impliesNotNull(p: B.BoundExpr, nn: B.BoundExpr, seenNot: boolean): boolean {
  if (sameExpr(p, nn)) return !isNullLiteral(nn);
  const sub = (x: B.BoundExpr, s: boolean) => impliesNotNull(x, nn, s);
  switch (p.kind) {
    case "inList":
      return p.list.length > 0 && sub(p.operand, true);
    case "inSelect":
      return !p.not && !seenNot && sub(p.operand, true);
    case "between":
      if (p.not || seenNot) return false;
      return sub(p.low, true) || sub(p.high, true) || sub(p.operand, true);
    case "binary": {
      if (!STRICT.has(p.op) && !PASS_THROUGH.has(p.op)) return false;
      const s = seenNot || STRICT.has(p.op);
      return sub(p.right, s) || sub(p.left, s);
    }
    case "collate":
      return sub(p.operand, seenNot);
    case "unary":
      return sub(p.operand, seenNot || p.op === "~" || p.op === "not");
    case "truth":
      return !seenNot && !p.not && sub(p.operand, true);
    default:
      // Every other kind, named: a new kind fails type checking until it is placed.
      p satisfies {
        kind:
          | "function"
          | "column"
          | "nullTest"
          | "cast"
          | "case"
          | "exists"
          | "subquery"
          | "literal"
          | "trueFalse"
          | "variable"
          | "currentTime"
          | "like"
          | "row";
      };
      return false;
  }
}

/**
 * sqlite3ExprImpliesExpr: is `cond` true whenever the WHERE term `term` is? Both in
 * {@link sqliteShape}. `commuted`: the term was commuted with a change of collation
 * (EP_Commuted), which makes it unequal to any expression as written.
 */
export function impliesExpr(term: B.BoundExpr, cond: B.BoundExpr, commuted: boolean): boolean {
  if (!commuted && sameExpr(term, cond)) return true;
  if (cond.kind === "binary" && cond.op === "or") {
    if (impliesExpr(term, cond.left, commuted) || impliesExpr(term, cond.right, commuted)) {
      return true;
    }
  }
  if (cond.kind === "nullTest" && cond.not && impliesNotNull(term, cond.operand, false)) {
    return true;
  }
  const x = iifCondition(term);
  return !!x && impliesExpr(x, cond, false);
}
