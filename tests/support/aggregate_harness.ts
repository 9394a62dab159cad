/**
 * Runs an aggregate both in real SQLite (node:sqlite) and through litejit's
 * `AggregateFunction`, over the same rows, and returns comparable outcomes.
 *
 * Rows live in `t(id INTEGER PRIMARY KEY, x, s)` (no declared types, so values keep the
 * class they were bound with). SQLite's results are read as `typeof(e)`, `e` (64-bit
 * integers as bigints) and `CAST(e AS BLOB)`, the raw bytes of a text (node:sqlite cuts a
 * text at its first NUL; the bytes do not).
 */
import { DatabaseSync } from "node:sqlite";
import { decodeText } from "../../core/format/text.ts";
import type { Collation } from "../../core/value/collation.ts";
import { newReg, type Reg } from "../../core/value/reg.ts";
import { encodingName, normalizeInt, StorageClass, TextEncoding } from "../../core/value/types.ts";
import type { AggregateFunction } from "../../core/functions/aggregate/types.ts";
import { SqliteError } from "../../core/errors.ts";

/** A value with its storage class; INTEGERs are bigints here, as bound. */
export type Val =
  | { c: StorageClass.Null }
  | { c: StorageClass.Integer; v: bigint }
  | { c: StorageClass.Real; v: number }
  | { c: StorageClass.Text; v: string }
  | { c: StorageClass.Blob; v: Uint8Array };

/** One row of `t`: the aggregated value and a separator. */
export interface Row {
  x: Val;
  s: Val;
}

/** A result (type name and a printable value) or an error message. */
export type Outcome = { type: string; value: string } | { error: string };

/** An aggregate call to check: its SQL text and how litejit runs it. */
export interface AggCall {
  sql: string;
  fn: AggregateFunction;
  /** Which columns feed the arguments, in order. */
  args: readonly ("x" | "s")[];
  collation?: Collation;
}

function bindable(v: Val): null | bigint | number | string | Uint8Array {
  return v.c === StorageClass.Null ? null : v.v;
}

function hex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/** Stable printable form (keeps the sign of zero and the exact integer). */
function show(type: string, v: unknown): string {
  if (type === "real") return Object.is(v, -0) ? "-0" : String(v);
  if (type === "blob") return hex(v as Uint8Array);
  return String(v);
}

/** An in-memory database holding `rows`, in encoding `enc`. */
export function openRows(rows: readonly Row[], enc: TextEncoding): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec(`PRAGMA encoding = '${encodingName(enc)}'`);
  db.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, x, s)");
  const insert = db.prepare("INSERT INTO t(id, x, s) VALUES (?, ?, ?)");
  rows.forEach((r, i) => insert.run(i + 1, bindable(r.x), bindable(r.s)));
  return db;
}

function sqliteOutcomes(db: DatabaseSync, sql: string, enc: TextEncoding): Outcome[] {
  try {
    const st = db.prepare(sql);
    st.setReadBigInts(true);
    return (st.all() as Record<string, unknown>[]).map((row) => {
      const [type, value, bytes] = Object.values(row) as [string, unknown, Uint8Array];
      if (type === "text") {
        return { type, value: decodeText(bytes, 0, bytes.length, enc) };
      }
      return { type, value: show(type, value) };
    });
  } catch (e) {
    return [{ error: (e as Error).message }];
  }
}

/** SQLite's result of the plain aggregate `call` over all rows (one outcome). */
export function sqliteAggregate(db: DatabaseSync, call: AggCall, enc: TextEncoding): Outcome {
  const sql = `SELECT typeof(e), e, CAST(e AS BLOB) FROM (SELECT ${call.sql} AS e FROM t)`;
  return sqliteOutcomes(db, sql, enc)[0];
}

/** The sliding frame both sides use. */
export const FRAME_PRECEDING = 2;

/** SQLite's per-row results of `call` as a window aggregate over a sliding frame. */
export function sqliteWindow(db: DatabaseSync, call: AggCall, enc: TextEncoding): Outcome[] {
  const frame = `ORDER BY id ROWS BETWEEN ${FRAME_PRECEDING} PRECEDING AND CURRENT ROW`;
  const sql = `SELECT typeof(e), e, CAST(e AS BLOB) FROM ` +
    `(SELECT id, ${call.sql} OVER (${frame}) AS e FROM t) ORDER BY id`;
  const out = sqliteOutcomes(db, sql, enc);
  // An error anywhere fails the whole statement.
  return out.length > 0 && "error" in out[0] ? [out[0]] : out;
}

const TYPE_NAMES = ["null", "integer", "real", "text", "blob"];

function regOf(v: Val): Reg {
  const r = newReg();
  if (v.c !== StorageClass.Null) {
    r.c = v.c;
    r.v = v.c === StorageClass.Integer ? normalizeInt(v.v) : v.v;
  }
  return r;
}

function outcomeOf(r: Reg): Outcome {
  const type = TYPE_NAMES[r.c];
  if (r.c === StorageClass.Integer) return { type, value: String(BigInt(r.v as number | bigint)) };
  if (r.c === StorageClass.Text) return { type, value: r.v as string };
  return { type, value: show(type, r.v) };
}

function errorOf(e: unknown): Outcome {
  if (e instanceof SqliteError) return { error: e.message };
  throw e;
}

function argsOf(call: AggCall, row: Row): Reg[] {
  return call.args.map((col) => regOf(row[col]));
}

/** litejit's result of the plain aggregate `call` over all rows. */
export function ourAggregate(rows: readonly Row[], call: AggCall, enc: TextEncoding): Outcome {
  const state = call.fn.create({ encoding: enc, collation: call.collation });
  const out = newReg();
  try {
    for (const row of rows) call.fn.step(state, argsOf(call, row));
    call.fn.final(state, out);
  } catch (e) {
    return errorOf(e);
  }
  return outcomeOf(out);
}

/**
 * litejit's per-row results of `call` over the sliding frame, driven as SQLite drives a
 * window aggregate: for each row, `inverse` for the row leaving the frame, then `step` for
 * the row entering it, then `value`.
 */
export function ourWindow(rows: readonly Row[], call: AggCall, enc: TextEncoding): Outcome[] {
  const fn = call.fn;
  if (fn.inverse === undefined || fn.value === undefined) throw new Error(`${fn.name}: no inverse`);
  const state = fn.create({ encoding: enc, collation: call.collation });
  const out = newReg();
  const results: Outcome[] = [];
  try {
    rows.forEach((row, k) => {
      const leaving = k - FRAME_PRECEDING - 1;
      if (leaving >= 0) fn.inverse!(state, argsOf(call, rows[leaving]));
      fn.step(state, argsOf(call, row));
      fn.value!(state, out);
      results.push(outcomeOf(out));
    });
  } catch (e) {
    return [errorOf(e)];
  }
  return results;
}

/** Describes rows for failure messages. */
export function describeRows(rows: readonly Row[], enc: TextEncoding): string {
  const one = (v: Val) =>
    v.c === StorageClass.Null
      ? "NULL"
      : v.c === StorageClass.Blob
      ? `x'${hex(v.v)}'`
      : v.c === StorageClass.Integer
      ? `${v.v}`
      : v.c === StorageClass.Real
      ? `real(${Object.is(v.v, -0) ? "-0" : v.v})`
      : JSON.stringify(v.v).replace(
        /[^\x20-\x7e]/g,
        (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
      );
  return `${encodingName(enc)} [${rows.map((r) => `${one(r.x)}|${one(r.s)}`).join(", ")}]`;
}

export { TextEncoding };
