/**
 * Relational nodes other than b-tree access and aggregation: each kind's produce code.
 * The record type makes a new node kind a type error until it has a handler here.
 */
import { rowComparator } from "../../core/exec/sorter.ts";
import { collationNamed } from "../../core/value/collation.ts";
import type {
  Compound,
  Distinct,
  Filter,
  HashLookup,
  Limit,
  NestedLoop,
  PlanExpr,
  Project,
  Query,
  RecursiveCte,
  RecursiveRef,
  RelNode,
  Sort,
  SubqueryScan,
  TableFunction,
  Values,
} from "../../core/plan/plan.ts";
import type { Compiler, Consume } from "./compile.ts";
import { AGG_HANDLERS } from "./compile_agg.ts";
import { filteredIndexScan, SCAN_HANDLERS } from "./compile_scan.ts";
import { WINDOW_HANDLERS } from "./compile_window.ts";
import { iterateStore, rowLoop, sorterEntry } from "./compile_store.ts";
import type { HashEntry, QueueEntry, SortEntry, TableFunctionEntry } from "./descriptors.ts";
import { Op } from "./opcodes.ts";
import { branch } from "./compile_expr.ts";
import { exprChildren } from "../../core/plan/walk.ts";

type Handler<N> = (c: Compiler, node: N, consume: Consume) => void;

function filter(c: Compiler, node: Filter, consume: Consume): void {
  const input = node.input;
  if (input.kind === "indexScan" && !input.covering) {
    return filteredIndexScan(c, input, node.predicate, consume);
  }
  c.produce(input, (next) => {
    branch(c, node.predicate, next, false, true);
    consume(next);
  });
}

function project(c: Compiler, node: Project, consume: Consume): void {
  const base = c.outputRegs(node.id, node.columns.length);
  c.produce(node.input, (next) => {
    c.exprs(node.columns, base);
    consume(next);
  });
}

/** Like {@link project} but registers the access first (for consumers inside `produce`). */
function produceInto(
  c: Compiler,
  q: Query,
  base: number,
  consume: Consume,
): void {
  c.produce(q.root, (next) => {
    c.exprs(q.columns, base);
    consume(next);
  });
}

function nestedLoop(c: Compiler, node: NestedLoop, consume: Consume): void {
  const b = c.b;
  const outer = node.join !== "inner";
  const full = node.join === "full";
  const matched = outer ? b.regs() : 0;
  // A full join's inner rows are told apart by a key in `innerKey`: their rowid
  // (NestedLoop.unmatched), else their position in the inner's rows, which then come in
  // the same order each time.
  const unmatched = full ? node.unmatched : undefined;
  const innerKey = full ? b.regs() : 0;
  const matchSet = full ? b.slot() : 0;
  if (full) b.emit(Op.MatchSetOpen, matchSet);
  c.produce(node.outer, (nextOuter) => {
    if (outer) b.emit(Op.Integer, 0, matched);
    if (full && !unmatched) b.emit(Op.Integer, 0, innerKey);
    c.produce(node.inner, (nextInner) => {
      if (full && !unmatched) b.emit(Op.AddImm, innerKey, 1);
      if (node.on) branch(c, node.on, nextInner, false, true);
      if (outer) b.emit(Op.Integer, 1, matched);
      if (unmatched) c.expr(unmatched.rowid, innerKey);
      if (full) b.emit(Op.MatchSetAdd, matchSet, innerKey);
      consume(nextInner);
    });
    if (outer) {
      b.emit(Op.If, matched, nextOuter, 0);
      c.nullifySubtree(node.inner);
      consume(nextOuter);
    }
  });
  if (!full) return;
  // Inner rows no outer row matched, with the outer side reading NULL.
  c.nullifySubtree(node.outer);
  if (!unmatched) b.emit(Op.Integer, 0, innerKey);
  c.produce(unmatched?.node ?? node.inner, (next) => {
    if (unmatched) c.expr(unmatched.rowid, innerKey);
    else b.emit(Op.AddImm, innerKey, 1);
    b.emit(Op.MatchSetTest, matchSet, next, innerKey);
    c.nullifySubtree(node.outer);
    consume(next);
  });
}

function hashLookup(c: Compiler, node: HashLookup, consume: Consume): void {
  const b = c.b;
  const slot = b.slot();
  const nKeys = node.buildKeys.length;
  const width = node.columns.length;
  const entry: HashEntry = {
    explain: `${node.label} keys ${nKeys}`,
    nKeys,
    width,
    affs: node.affinities,
    folds: node.collations.map((x) => c.collation(x).name),
    nulls: node.nulls,
  };
  const built = b.label();
  b.emit(Op.Once, 0, built);
  b.emit(Op.HashOpen, slot, 0, 0, b.constant(entry));
  const keys = b.regsFor(nKeys);
  const row = b.regsFor(width);
  c.produce(node.input, () => {
    c.exprs(node.buildKeys, keys);
    c.exprs(node.columns, row);
    b.emit(Op.HashInsert, slot, keys, row);
  });
  b.place(built);
  const base = c.outputRegs(node.id, width);
  const probe = b.regsFor(nKeys);
  const exit = b.label();
  c.exprs(node.probeKeys, probe);
  b.emit(Op.HashProbe, slot, exit, probe);
  rowLoop(c, Op.HashData, Op.HashNext, slot, base, exit, consume);
}

/**
 * Emits LIMIT/OFFSET evaluation (once per run of the node); returns their registers (0
 * for none).
 */
function limitRegisters(
  c: Compiler,
  limit: Query["columns"][number] | null,
  offset: Query["columns"][number] | null,
): [limit: number, offset: number] {
  const b = c.b;
  let l = 0, o = 0;
  if (limit) {
    l = b.regs();
    c.expr(limit, l);
    b.emit(Op.MustBeInt, l, 0, 0);
  }
  if (offset) {
    o = b.regs();
    c.expr(offset, o);
    b.emit(Op.MustBeInt, o, 0, 1);
  }
  return [l, o];
}

function sort(c: Compiler, node: Sort, consume: Consume): void {
  const b = c.b;
  const width = node.columns.length;
  const slot = b.slot();
  const entry: SortEntry = {
    ...sorterEntry(c, node.keys, width),
    keys: node.keys,
    firstCollation: node.keys[0] && collationNamed(node.keys[0].collation, c.enc),
  };
  const [lim, off] = limitRegisters(c, node.limit, node.offset);
  b.emit(Op.SorterOpen, slot, lim, off, b.constant(entry));
  const row = b.regsFor(width);
  // SQLite computes the columns that are not sort keys, then the keys in ORDER BY order
  // (select.c selectInnerLoop, then pushOntoSorter). Under a LIMIT the keys come first and
  // the other columns only once the row is known to make the cut (most rows do not): the
  // deferred row load after the sorter's LIMIT test. So a call in them that would fail,
  // or cost, runs only for rows that get in, and errors come in SQLite's order.
  const keyOrder = [...new Set(node.keys.map((k) => k.column))];
  const others = node.columns.map((_, i) => i).filter((i) => !keyOrder.includes(i));
  // With the first key alone a row usually misses the cut: it is computed first and tested
  // (SorterReject with P5 = 1), the other keys only for rows it lets through. SQLite
  // computes every key first, so this is only done when the others cannot fail (a damaged
  // record the others would read then goes unread: every backend runs this same program).
  const early = node.limit && keyOrder.every((i, n) => n === 0 || cannotFail(node.columns[i]))
    ? keyOrder[0] ?? -1
    : -1;
  const compute = (columns: number[]) => {
    for (const i of columns) if (i !== early) c.expr(node.columns[i], row + i);
  };
  c.produce(node.input, () =>
    b.wrap((skip) => {
      if (early >= 0) {
        c.expr(node.columns[early], row + early);
        b.emit(Op.SorterReject, slot, skip, row, 0, 1);
      }
      if (!node.limit) compute(others);
      compute(keyOrder);
      if (node.limit) {
        b.emit(Op.SorterReject, slot, skip, row);
        compute(others);
      }
      b.emit(Op.SorterInsert, slot, row, width);
    }));
  const base = c.outputRegs(node.id, width);
  iterateStore(c, slot, base, consume);
}

/** Built-in functions that raise no error whatever their arguments. */
const NEVER_FAIL = new Set(["coalesce", "ifnull", "nullif", "iif", "typeof", "round"]);

/**
 * Whether evaluating `e` raises no error whatever the row (no subquery, `||` or call but
 * of a built-in function that cannot fail).
 */
function cannotFail(e: PlanExpr): boolean {
  if (e.kind === "function" && (e.impl || !NEVER_FAIL.has(e.name))) return false;
  if (e.kind === "subquery" || e.kind === "inQuery") return false;
  if (e.kind === "exists" || (e.kind === "arith" && e.op === "concat")) return false;
  return exprChildren(e).every(cannotFail);
}

function ephemeral(
  c: Compiler,
  width: number,
  collations: string[],
  distinct?: string[],
): number {
  const b = c.b;
  const slot = b.slot();
  const keys = collations.map((collation, column) => ({
    column,
    desc: false,
    nullsFirst: true,
    collation,
  }));
  const entry: SortEntry = {
    explain: `distinct ${collations.join(",")}`,
    width,
    compare: rowComparator(keys, c.enc),
    folds: (distinct ?? collations).map((x) => c.collation(x).name),
  };
  if (distinct) entry.matchFolds = collations.map((x) => c.collation(x).name);
  b.emit(Op.OpenEphemeral, slot, 0, 0, b.constant(entry));
  return slot;
}

function distinct(c: Compiler, node: Distinct, consume: Consume): void {
  const b = c.b;
  const slot = ephemeral(c, node.columns.length, node.collations);
  const row = b.regsFor(node.columns.length);
  c.produce(node.input, (next) => {
    c.exprs(node.columns, row);
    b.emit(Op.Distinct, slot, next, row);
    consume(next);
  });
}

function limit(c: Compiler, node: Limit, consume: Consume): void {
  const b = c.b;
  const exit = b.label();
  const [lim, off] = limitRegisters(c, node.limit, node.offset);
  if (lim) b.emit(Op.IfNot, lim, exit, 0);
  // The consumer continues after its row code: the row counts against the LIMIT.
  const emitCounted = () => {
    b.wrap(consume);
    if (lim) b.emit(Op.DecrJumpZero, lim, exit);
  };
  const input = node.input;
  if (off && input.kind === "project") {
    // As SQLite (selectInnerLoop's codeOffset), a row the OFFSET skips is skipped before
    // its result columns are computed: it costs no column reads, and an expression that
    // would fail on it (abs() of the smallest integer) never runs.
    const base = c.outputRegs(input.id, input.columns.length);
    c.produce(input.input, (next) => {
      b.emit(Op.IfPos, off, next, 1);
      c.exprs(input.columns, base);
      emitCounted();
    });
  } else {
    c.produce(node.input, (next) => {
      if (off) b.emit(Op.IfPos, off, next, 1);
      emitCounted();
    });
  }
  b.place(exit);
}

function values(c: Compiler, node: Values, consume: Consume): void {
  const b = c.b;
  const width = node.rows[0]?.length ?? 0;
  const base = c.outputRegs(node.id, width);
  for (const row of node.rows) {
    c.exprs(row, base);
    b.wrap(consume);
  }
}

function subqueryScan(c: Compiler, node: SubqueryScan, consume: Consume): void {
  // Run inline, as a co-routine would: each row of the subquery is consumed at once.
  produceInto(c, node.query, c.outputRegs(node.id, node.query.columns.length), consume);
}

function compound(c: Compiler, node: Compound, consume: Consume): void {
  const b = c.b;
  const width = node.left.columns.length;
  const base = c.outputRegs(node.id, width);
  if (node.op === "unionAll") {
    produceInto(c, node.left, base, consume);
    produceInto(c, node.right, base, consume);
    return;
  }
  const row = b.regsFor(width);
  const left = ephemeral(c, width, node.collations, node.distinct);
  const fill = (q: Query, slot: number) =>
    produceInto(c, q, row, () => {
      // Rows that repeat under other collations than they match under are dropped only
      // next to an equal one, once sorted (EphUnion, EphFilter): stored as they come.
      if (node.distinct) b.emit(Op.SorterInsert, slot, row, width);
      else b.emit(Op.IdxInsert, slot, row);
    });
  fill(node.left, left);
  const right = ephemeral(c, width, node.collations, node.distinct);
  fill(node.right, right);
  if (node.op === "union") b.emit(Op.EphUnion, left, right);
  else b.emit(Op.EphFilter, left, right, node.op === "intersect" ? 1 : 0);
  iterateStore(c, left, base, consume);
}

function recursiveCte(c: Compiler, node: RecursiveCte, consume: Consume): void {
  const b = c.b;
  const width = node.seed.columns.length;
  const slot = b.slot();
  const entry: QueueEntry = {
    explain: `${node.label}${node.distinct ? " UNION" : ""}${node.orderBy.length ? " ORDER" : ""}`,
    width,
    compare: node.orderBy.length ? rowComparator(node.orderBy, c.enc) : null,
    folds: node.distinct ? node.collations.map((x) => c.collation(x).name) : null,
  };
  const exit = b.label();
  const [lim, off] = limitRegisters(c, node.limit, node.offset);
  if (lim) b.emit(Op.IfNot, lim, exit, 0);
  b.emit(Op.QueueOpen, slot, 0, 0, b.constant(entry));
  const row = b.regsFor(width);
  const push = () => {
    b.emit(Op.QueuePush, slot, row, width);
  };
  produceInto(c, node.seed, row, push);
  const base = c.outputRegs(node.id, width);
  const top = b.here;
  b.emit(Op.QueuePop, slot, exit, base);
  const expand = b.label();
  if (off) b.emit(Op.IfPos, off, expand, 1);
  b.wrap(consume);
  if (lim) b.emit(Op.DecrJumpZero, lim, exit);
  b.place(expand);
  produceInto(c, node.step, row, push);
  b.emit(Op.Goto, 0, top);
  b.place(exit);
}

function recursiveRef(c: Compiler, node: RecursiveRef, consume: Consume): void {
  // The queue row being expanded is in the CTE's registers; one row, read from there.
  const cte = c.access(node.cte);
  c.setAccess(node.id, cte);
  c.b.wrap(consume);
}

function tableFunction(c: Compiler, node: TableFunction, consume: Consume): void {
  const b = c.b;
  const slot = b.slot();
  const args = b.regsFor(node.args.length);
  c.exprs(node.args, args);
  const entry: TableFunctionEntry = { explain: node.name, name: node.name };
  b.emit(Op.VFilter, slot, args, node.args.length, b.constant(entry));
  const width = node.width;
  const base = c.outputRegs(node.id, width);
  const top = b.here;
  b.wrap((exit) => {
    b.emit(Op.VNextRow, slot, exit, base, width);
    consume(top);
    b.emit(Op.Goto, 0, top);
  });
}

/** The handler of every relational node kind. */
export const REL_HANDLERS: { [K in RelNode["kind"]]: Handler<Extract<RelNode, { kind: K }>> } = {
  ...SCAN_HANDLERS,
  ...AGG_HANDLERS,
  filter,
  project,
  nestedLoop,
  hashLookup,
  sort,
  distinct,
  limit,
  values,
  subqueryScan,
  compound,
  recursiveCte,
  recursiveRef,
  tableFunction,
  ...WINDOW_HANDLERS,
};
