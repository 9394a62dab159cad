/**
 * Where the JSON subtype survives in compiled code (core/functions/json/subtype.ts): the
 * compiler decides, per output column of a node, whether reading it copies the subtype,
 * drops it or marks the value as JSON, and which function calls and branch targets must
 * clear a stale mark. The rules follow SQLite 3.53 as observed through node:sqlite:
 *
 * - values computed into registers and read back keep it (a project's expressions, an
 *   aggregate's results, a table-valued function's columns, a scalar subquery's value);
 * - values that went through a stored row lose it (sorter, GROUP BY keys and bare
 *   columns, DISTINCT / UNION stores, hash tables, window inputs, recursive queues);
 * - a FROM subquery / CTE / view column keeps it only where SQLite flattens the subquery
 *   and the column is a bare column reference (a flattened expression gets OP_ClrSubtype,
 *   a co-routine's columns are read with OP_Copy's clear-subtype flag);
 * - json_group_array / json_group_object window results are JSON text.
 */
import type { PlanExpr, Query, RelNode } from "../../core/plan/plan.ts";
import { forEachNode } from "../../core/plan/walk.ts";
import { FunctionSubtype } from "./descriptors.ts";
import { getOrMake } from "../../core/util/multimap.ts";

/** How reading a column treats the JSON subtype: the P5 of the Copy that reads it. */
export const enum ColumnSubtype {
  Drop = 0,
  Keep = 1,
  MarkJson = 2,
}

/** Functions whose result is one of their arguments, subtype included. */
const PASS_ARGUMENT = new Set([
  "nullif",
  "min",
  "max",
  "likely",
  "unlikely",
  "likelihood",
  "coalesce",
  "ifnull",
  "iif",
  "if",
]);

/** Window functions whose result is always JSON text. */
const JSON_WINDOW_RESULTS = new Set(["json_group_array", "json_group_object"]);

/** How a call of scalar function `name` treats the JSON subtype. */
export function functionSubtype(name: string): FunctionSubtype {
  if (name.startsWith("json") || name === "->" || name === "->>") return FunctionSubtype.Result;
  return PASS_ARGUMENT.has(name) ? FunctionSubtype.PassArgument : FunctionSubtype.None;
}

/** Table-valued functions with a JSON-marked column (`value`). */
const JSON_TABLE_FUNCTIONS = new Set(["json_each", "json_tree", "jsonb_each", "jsonb_tree"]);

/**
 * The subtype rules of one plan: which node columns keep or mark the subtype, and which
 * expressions may leave a marked value. Everything is decided statically, so a statement
 * without JSON functions pays nothing at run time.
 */
export class SubtypeRules {
  readonly #nodes = new Map<number, RelNode>();
  /**
   * FROM subqueries that are one side of a join or the input of an aggregate, DISTINCT or
   * window (SQLite does not flatten a LIMIT subquery there).
   */
  readonly #joinSides = new Set<number>();
  readonly #memo = new Map<number, ColumnSubtype[]>();

  constructor(root: Query) {
    forEachNode(root, (n) => {
      if ("id" in n) this.#nodes.set(n.id, n);
      if (n.kind === "nestedLoop") {
        this.#markJoinSide(n.outer);
        this.#markJoinSide(n.inner);
      } else if (n.kind === "aggregate" || n.kind === "distinct" || n.kind === "window") {
        this.#markJoinSide(n.input);
      }
    });
  }

  #markJoinSide(n: RelNode): void {
    if (n.kind === "subqueryScan") this.#joinSides.add(n.id);
    else if (n.kind === "filter" || n.kind === "limit") this.#markJoinSide(n.input);
  }

  /** How reading column `column` of node `id` treats the subtype. */
  column(id: number, column: number): ColumnSubtype {
    const m = getOrMake(this.#memo, id, () => {
      const n = this.#nodes.get(id);
      return n ? this.#compute(n) : [];
    });
    return m[column] ?? ColumnSubtype.Drop;
  }

  /**
   * Whether `e` may leave a JSON-marked value in its target (then reads of it keep the
   * subtype, and a register shared by several branches is cleared first).
   */
  mayCarry(e: PlanExpr): boolean {
    switch (e.kind) {
      case "column":
        return this.column(e.node, e.column) !== ColumnSubtype.Drop;
      case "function": {
        if (e.impl) return false; // a registered function returns no subtype
        const mode = functionSubtype(e.name);
        if (mode === FunctionSubtype.Result) return true;
        return mode === FunctionSubtype.PassArgument && e.args.some((a) => this.mayCarry(a));
      }
      case "case":
        return e.whens.some((w) => this.mayCarry(w.then)) ||
          (!!e.otherwise && this.mayCarry(e.otherwise));
      case "cast":
      case "unary":
        return this.mayCarry(e.operand);
      case "subquery":
        return this.mayCarry(e.query.columns[0]);
      default:
        // Every other kind, named: a new kind fails type checking until it is placed.
        e satisfies {
          kind:
            | "const"
            | "param"
            | "arith"
            | "compare"
            | "is"
            | "logic"
            | "truth"
            | "nullTest"
            | "affinity"
            | "clearSubtype"
            | "inList"
            | "inQuery"
            | "exists";
        };
        return false;
    }
  }

  #compute(node: RelNode): ColumnSubtype[] {
    const keepIf = (b: boolean) => (b ? ColumnSubtype.Keep : ColumnSubtype.Drop);
    switch (node.kind) {
      case "project":
        return node.columns.map((e) => keepIf(this.mayCarry(e)));
      case "tableFunction":
        return new Array(node.width).fill(keepIf(JSON_TABLE_FUNCTIONS.has(node.name)));
      case "aggregate":
        // (The carried columns after the aggregates drop it, as any column past the list.)
        return [
          ...node.groupBy.map(() => ColumnSubtype.Drop),
          ...node.aggregates.map((a) =>
            keepIf(
              !a.impl && (a.name.startsWith("json") ||
                ((a.name === "min" || a.name === "max") && this.mayCarry(a.args[0]))),
            )
          ),
        ];
      case "window":
        return [
          ...node.columns.map(() => ColumnSubtype.Drop),
          ...node.calls.map((c) =>
            !c.impl && JSON_WINDOW_RESULTS.has(c.name) ? ColumnSubtype.MarkJson : ColumnSubtype.Drop
          ),
        ];
      case "subqueryScan": {
        const q = node.query;
        if (!this.#flattenable(q.root, this.#joinSides.has(node.id))) return [];
        // A flattened subquery's bare column passes its source's subtype on; an
        // expression is cleared (SQLite's OP_ClrSubtype after the substituted expression).
        return q.columns.map((e) => keepIf(e.kind === "column" && this.#bareKeeps(e)));
      }
      default:
        // Every other kind, named: a new kind fails type checking until it is placed.
        node satisfies {
          kind:
            | "tableScan"
            | "indexScan"
            | "filter"
            | "nestedLoop"
            | "hashLookup"
            | "countRows"
            | "sort"
            | "distinct"
            | "limit"
            | "values"
            | "compound"
            | "recursiveCte"
            | "recursiveRef";
        };
        return [];
    }
  }

  /** A bare column of a flattened subquery: its source keeps the subtype unchanged. */
  #bareKeeps(e: Extract<PlanExpr, { kind: "column" }>): boolean {
    const n = this.#nodes.get(e.node);
    if (!n) return false;
    if (n.kind === "project") {
      const inner = n.columns[e.column];
      return inner.kind === "column" && this.#bareKeeps(inner);
    }
    if (n.kind === "tableFunction" || n.kind === "subqueryScan") {
      return this.column(n.id, e.column) === ColumnSubtype.Keep;
    }
    return false;
  }

  /** Whether SQLite would flatten a FROM subquery with this root into the outer query. */
  #flattenable(node: RelNode, inJoin: boolean): boolean {
    switch (node.kind) {
      case "project":
      case "filter":
        return this.#flattenable(node.input, inJoin);
      case "limit":
        return !inJoin && this.#flattenable(node.input, inJoin);
      case "nestedLoop":
        return this.#flattenable(node.outer, inJoin) && this.#flattenable(node.inner, inJoin);
      case "tableScan":
      case "indexScan":
      case "tableFunction":
      case "subqueryScan":
      case "hashLookup":
        return true;
      default:
        // Every other kind, named: a new kind fails type checking until it is placed.
        node satisfies {
          kind:
            | "aggregate"
            | "countRows"
            | "sort"
            | "distinct"
            | "values"
            | "compound"
            | "recursiveCte"
            | "recursiveRef"
            | "window";
        };
        return false;
    }
  }
}
