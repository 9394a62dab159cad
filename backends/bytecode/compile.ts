/**
 * Plan → program, in the produce/consume style: `produce(node, consume)` emits the loop
 * that yields the node's rows and, inside it, the code `consume` emits for one row. A
 * consumer receives the label that skips to the producer's next row. Node handlers live
 * in compile_*.ts, keyed by node kind (a new kind fails type checking until handled).
 */
import { Op } from "./opcodes.ts";
import { Bug, bugMessage } from "../../core/internal_error.ts";
import type { DatabaseFile } from "../../core/database_file.ts";
import { SqliteError } from "../../core/errors.ts";
import type { LogicExpr, Plan, PlanExpr, RelNode } from "../../core/plan/plan.ts";
import { type Collation, collationNamed } from "../../core/value/collation.ts";
import type { TextEncoding } from "../../core/value/types.ts";
import { EXPR_HANDLERS } from "./compile_expr.ts";
import { SubtypeRules } from "./compile_subtype.ts";
import { REL_HANDLERS } from "./compile_rel.ts";
import { type CompiledProgram, ProgramBuilder } from "./program.ts";

/** Emits the code for one row; `next` is the label that goes on to the next row. */
export type Consume = (next: number) => void;

/** How the columns of a node are read, and how it is made to read NULL (OUTER JOIN). */
export interface NodeAccess {
  read(column: number, target: number): void;
  nullify(): void;
}

/** Compilation state shared by the node and expression handlers. */
export class Compiler {
  readonly b = new ProgramBuilder();
  declare readonly file: DatabaseFile;
  declare readonly enc: TextEncoding;
  /** Where the JSON subtype survives in this plan. */
  declare readonly subtypes: SubtypeRules;
  /**
   * While compiling expressions SQLite evaluates over rows read back from a sorter (GROUP
   * BY aggregate arguments): the nodes whose columns are read from there, which then drop
   * the subtype. A subquery in those expressions reads its own nodes as usual.
   */
  columnsFromSorter: ReadonlySet<number> | null = null;
  readonly #access = new Map<number, NodeAccess>();
  /** Per aggregate node, its outputs' registers that SQLite reads in place, else null. */
  readonly aggregateOutputs = new Map<number, (number | null)[]>();
  /** Expressions evaluated once into a register that their uses copy (see {@link heldBetween}). */
  readonly #held = new Map<PlanExpr, number>();
  /** Instructions emitted once, before the body runs (cursor opens). */
  readonly prologue: (() => void)[] = [];

  constructor(file: DatabaseFile, enc: TextEncoding, subtypes: SubtypeRules) {
    this.file = file;
    this.enc = enc;
    this.subtypes = subtypes;
  }

  /** The collation called `name`. */
  collation(name: string): Collation {
    return collationNamed(name, this.enc);
  }

  /** Registers how node `id`'s columns are read. */
  setAccess(id: number, access: NodeAccess): void {
    this.#access.set(id, access);
  }

  /** How node `id`'s columns are read. */
  access(id: number): NodeAccess {
    const a = this.#access.get(id);
    if (!a) throw new SqliteError("SQLITE_INTERNAL", bugMessage(Bug.NodeOutOfScope, id));
    return a;
  }

  /**
   * Registers for node `id`'s `width` output columns (at least one; returns the first),
   * from which its columns are read. A read copies, drops or sets the JSON subtype as SQLite
   * would at that point (compile_subtype.ts).
   */
  outputRegs(id: number, width: number): number {
    const b = this.b;
    const base = b.regsFor(width);
    this.setAccess(id, {
      read: (column, target) => {
        const mode = this.columnsFromSorter?.has(id) ? 0 : this.subtypes.column(id, column);
        b.emit(Op.Copy, base + column, target, 0, 0, mode);
      },
      nullify: () => {
        if (width > 0) b.emit(Op.Null, 0, base, base + width - 1);
      },
    });
    return base;
  }

  /**
   * The register holding `e` when `e` reads an aggregate's column or call (through unary
   * `+`, which codes its operand's register as it is): SQLite hands out that register
   * itself, not a copy, when an expression needs its operand in a register
   * (sqlite3ExprCodeTemp on TK_AGG_COLUMN, TK_AGG_FUNCTION).
   */
  aggregateRegister(e: PlanExpr): number | null {
    e = withoutPlus(e);
    return e.kind === "column" ? this.aggregateOutputs.get(e.node)?.[e.column] ?? null : null;
  }

  /** Emits code that leaves the value of `e` in register `target`. */
  expr(e: PlanExpr, target: number): void {
    const held = this.#held.get(e);
    if (held !== undefined) this.b.emit(Op.Copy, held, target);
    else (EXPR_HANDLERS[e.kind] as (c: Compiler, e: PlanExpr, t: number) => void)(this, e, target);
  }

  /**
   * Emits `body`, code of the BETWEEN `e`, after its operand evaluated once into a register
   * that each use copies (as SQLite's exprCodeBetween): when both halves compare the one
   * expression (see LogicExpr.between), not yet held, and more than a column, constant or
   * parameter (reading those again costs a copy, and the backends match them in their
   * comparisons' patterns). False, emitting nothing, otherwise.
   */
  heldBetween(e: LogicExpr, body: () => void): boolean {
    const { left: l, right: r } = e;
    const x = e.between && l.kind === "compare" && r.kind === "compare" && l.left === r.left
      ? l.left
      : null;
    if (!x || this.#held.has(x) || /^(column|const|param)$/.test(x.kind)) return false;
    const reg = this.b.regs();
    this.expr(x, reg);
    this.#held.set(x, reg);
    body();
    this.#held.delete(x);
    return true;
  }

  /** Evaluates `exprs` into consecutive registers from `base`. */
  exprs(exprs: readonly PlanExpr[], base: number): void {
    for (let i = 0; i < exprs.length; i++) this.expr(exprs[i], base + i);
  }

  /** Emits the loop producing `node`'s rows, calling `consume` for the row code. */
  produce(node: RelNode, consume: Consume): void {
    (REL_HANDLERS[node.kind] as (c: Compiler, n: RelNode, k: Consume) => void)(this, node, consume);
  }

  /** Makes every node of `node`'s subtree read NULL (SQLite's OP_NullRow). */
  nullifySubtree(node: RelNode): void {
    for (const id of subtreeIds(node)) this.#access.get(id)?.nullify();
  }
}

/** `e` without unary `+` operators around it. */
export function withoutPlus(e: PlanExpr): PlanExpr {
  while (e.kind === "unary" && e.op === "plus") e = e.operand;
  return e;
}

/** Ids of the nodes whose columns can be read above `node` (not inside subqueries). */
export function subtreeIds(node: RelNode): number[] {
  const out: number[] = [];
  const walk = (n: RelNode): void => {
    if ("id" in n) out.push(n.id);
    switch (n.kind) {
      case "filter":
      case "project":
      case "distinct":
      case "limit":
        walk(n.input);
        break;
      case "nestedLoop":
        walk(n.outer);
        walk(n.inner);
        break;
      default:
        // Every other kind, named: a new kind fails type checking until it is placed.
        n satisfies {
          kind:
            | "tableScan"
            | "indexScan"
            | "hashLookup"
            | "aggregate"
            | "countRows"
            | "sort"
            | "values"
            | "subqueryScan"
            | "compound"
            | "recursiveCte"
            | "recursiveRef"
            | "tableFunction"
            | "window";
        };
        break;
    }
  };
  walk(node);
  return out;
}

/** Compiles a plan into a program. */
export function compilePlan(plan: Plan, file: DatabaseFile): CompiledProgram {
  const c = new Compiler(file, plan.encoding, new SubtypeRules(plan.query));
  const b = c.b;
  const prologueLabel = b.label();
  b.emit(Op.Init, 0, prologueLabel);
  const start = b.here;
  const n = plan.query.columns.length;
  const resultStart = b.regs(n);
  c.produce(plan.query.root, () => {
    c.exprs(plan.query.columns, resultStart);
    b.emit(Op.ResultRow, resultStart, n);
  });
  b.emit(Op.Halt);
  b.place(prologueLabel);
  for (const emit of c.prologue) emit();
  b.emit(Op.Goto, 0, start);
  b.finish();
  return {
    code: b.code,
    pool: b.pool,
    nRegs: b.nRegs,
    nSlots: b.nSlots,
    nCursors: b.nCursors,
    resultStart,
    resultCount: n,
    nParams: plan.parameters.length,
    encoding: plan.encoding,
    file,
  };
}
