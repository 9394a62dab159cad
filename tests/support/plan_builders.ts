/**
 * Small builders for hand-written plans (tests of backends before and beside the
 * planner), and a harness that runs a plan with a backend over a database built by
 * node:sqlite and returns rows with their storage classes, in the shape node:sqlite gives
 * with `setReadBigInts(true)`: INTEGER as bigint, REAL as number.
 */
import { DatabaseSync } from "node:sqlite";
import type { DatabaseFile } from "../../core/database_file.ts";
import { openDatabaseFile } from "../../core/io/open_path.ts";
import type { IndexInfo, TableInfo } from "../../core/format/schema_types.ts";
import type {
  AggregateCall,
  CollationName,
  PlanExpr,
  Query,
  RelNode,
  SortKey,
  SubPlan,
} from "../../core/plan/plan.ts";
import type { CompareOp } from "../../core/value/logic.ts";
import { newReg, type Reg } from "../../core/value/reg.ts";
import { Affinity, type SqlValue, StorageClass, TextEncoding } from "../../core/value/types.ts";
import type { Backend } from "../../core/backend.ts";

/** A literal of the storage class its JS value implies (bigint and safe integers: INTEGER). */
export function lit(v: SqlValue, real = false): PlanExpr {
  if (v === null) return { kind: "const", value: null, cls: StorageClass.Null };
  if (typeof v === "bigint") return { kind: "const", value: v, cls: StorageClass.Integer };
  if (typeof v === "number") {
    return {
      kind: "const",
      value: v,
      cls: real || !Number.isSafeInteger(v) || Object.is(v, -0)
        ? StorageClass.Real
        : StorageClass.Integer,
    };
  }
  if (typeof v === "string") return { kind: "const", value: v, cls: StorageClass.Text };
  return { kind: "const", value: v, cls: StorageClass.Blob };
}

/** Column `column` of node `node`. */
export function col(node: number, column: number): PlanExpr {
  return { kind: "column", node, column };
}

/** A comparison. */
export function cmp(
  op: CompareOp,
  left: PlanExpr,
  right: PlanExpr,
  affinity: Affinity = Affinity.Blob,
  collation: CollationName = "BINARY",
): PlanExpr {
  return { kind: "compare", op, left, right, affinity, collation };
}

/** A function call. */
export function fn(name: string, args: PlanExpr[], collation = "BINARY"): PlanExpr {
  return { kind: "function", name, args, collation };
}

/** A full (or reverse) table scan. */
export function scan(id: number, table: TableInfo, reverse = false): RelNode {
  return { kind: "tableScan", id, table, label: table.name, reverse, rowid: null };
}

/** A project node. */
export function project(id: number, input: RelNode, columns: PlanExpr[]): RelNode {
  return { kind: "project", id, input, columns };
}

/** A filter node. */
export function filter(input: RelNode, predicate: PlanExpr): RelNode {
  return { kind: "filter", input, predicate };
}

/** A sort key. */
export function key(column: number, desc = false, collation = "BINARY"): SortKey {
  return { column, desc, nullsFirst: !desc, collation };
}

/** An aggregate call. */
export function agg(
  name: string,
  args: PlanExpr[],
  more: Partial<AggregateCall> = {},
): AggregateCall {
  return { name, args, distinct: false, filter: null, orderBy: [], collation: "BINARY", ...more };
}

/** A query whose columns are `columns` over `root`. */
export function query(root: RelNode, columns: PlanExpr[]): Query {
  return { root, columns };
}

/** A subquery. */
export function sub(root: RelNode, columns: PlanExpr[], correlated: boolean): SubPlan {
  return { root, columns, correlated };
}

/** A database built by node:sqlite, opened by litejit and by the oracle. */
export interface PlanFixture {
  file: DatabaseFile;
  oracle: DatabaseSync;
  table(name: string): TableInfo;
  index(name: string): IndexInfo;
  /** Runs `q` with `backend`: rows as node:sqlite returns them with big ints. */
  run(backend: Backend, q: Query, params?: SqlValue[]): unknown[][];
  /** The oracle's rows for `sql`. */
  expect(sql: string, params?: SqlValue[]): unknown[][];
  cleanup(): void;
}

/** A value as node:sqlite returns it with readBigInts: INTEGER as bigint, REAL as number. */
export function asOracleValue(r: Reg): unknown {
  switch (r.c) {
    case StorageClass.Integer:
      return BigInt(r.v as number | bigint);
    case StorageClass.Blob:
      return new Uint8Array(r.v as Uint8Array);
    default:
      return r.v;
  }
}

/** A register holding `v` (bigint or integer number → INTEGER). */
export function regOf(v: SqlValue): Reg {
  const r = newReg();
  const e = lit(v) as { value: SqlValue; cls: StorageClass };
  r.v = typeof v === "bigint" && v >= -(2n ** 53n) + 1n && v <= 2n ** 53n - 1n
    ? Number(v)
    : e.value;
  r.c = e.cls;
  return r;
}

/** Builds the database from `sql` in a temp dir. */
export function planFixture(sql: string, encoding?: "UTF-16le" | "UTF-16be"): PlanFixture {
  const dir = Deno.makeTempDirSync({ prefix: "litejit-interp-" });
  const path = `${dir}/t.db`;
  const w = new DatabaseSync(path);
  if (encoding) w.exec(`PRAGMA encoding = '${encoding}'`);
  w.exec(sql);
  w.close();
  const file = openDatabaseFile(path);
  const oracle = new DatabaseSync(path, { readOnly: true });
  // Hash lookups emit their input order; SQLite's automatic indexes would reorder.
  oracle.exec("PRAGMA automatic_index = OFF");
  const fixture: PlanFixture = {
    file,
    oracle,
    table: (name) => file.schema.tables.get(name)!,
    index: (name) => file.schema.indexes.get(name)!,
    run(backend, q, params = []) {
      const plan = {
        query: q,
        encoding: file.encoding,
        parameters: params.map(() => null),
        nodeCount: 100,
      };
      const program = backend.compile(plan, file);
      const exec = program.start(params.map(regOf));
      const rows: unknown[][] = [];
      while (exec.step()) rows.push(exec.row.map(asOracleValue));
      return rows;
    },
    expect(sqlText, params = []) {
      const st = oracle.prepare(sqlText);
      st.setReadBigInts(true);
      return (st.all(...(params as never[])) as Record<string, unknown>[]).map((r) =>
        Object.values(r).map((v) => (v instanceof Uint8Array ? new Uint8Array(v) : v))
      );
    },
    cleanup() {
      oracle.close();
      file.close();
      Deno.removeSync(dir, { recursive: true });
    },
  };
  return fixture;
}

/** The encodings a test may ask for. */
export const UTF8 = TextEncoding.Utf8;
