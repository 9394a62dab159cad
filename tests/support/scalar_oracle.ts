/**
 * Differential harness for scalar functions: evaluates `fn(args...)` in real SQLite
 * (node:sqlite, arguments bound as parameters) and in litejit's registry, and reports
 * both results in one comparable shape.
 *
 * Argument values: `null`, a JS number (bound as REAL), a bigint (INTEGER), a string
 * (TEXT), a Uint8Array (BLOB).
 */
import { DatabaseSync } from "node:sqlite";
import { displayText } from "../../core/format/text.ts";
import { newFunctionContext } from "../../core/functions/context.ts";
import { scalarFunction } from "../../core/functions/scalar/registry.ts";
import type { Collation } from "../../core/value/collation.ts";
import { newReg, type Reg } from "../../core/value/reg.ts";
import { normalizeInt, StorageClass, TextEncoding } from "../../core/value/types.ts";

/** A typed argument value (see the module comment). */
export type Arg = null | number | bigint | string | Uint8Array;

/** A result: a storage class name and value, or an error message. */
export type Outcome =
  | { type: "null" | "integer" | "real" | "text" | "blob"; value: unknown }
  | { error: string };

/** An open oracle database; `encoding` picks the text encoding of a fresh database. */
export class Oracle {
  readonly db: DatabaseSync;
  readonly encoding: TextEncoding;
  private cache = new Map<string, ReturnType<DatabaseSync["prepare"]>>();

  constructor(encoding: TextEncoding = TextEncoding.Utf8) {
    this.db = new DatabaseSync(":memory:");
    this.encoding = encoding;
    if (encoding !== TextEncoding.Utf8) {
      const name = encoding === TextEncoding.Utf16le ? "UTF-16le" : "UTF-16be";
      this.db.exec(`PRAGMA encoding = '${name}'`);
    }
  }

  /** Evaluates the SQL expression `expr` (with `?` placeholders) in SQLite. */
  evalExpr(expr: string, args: readonly Arg[]): Outcome {
    let st = this.cache.get(expr);
    try {
      if (st === undefined) {
        st = this.db.prepare(`SELECT typeof(${expr}) AS t, ${expr} AS v, hex(${expr}) AS h`);
        st.setReadBigInts(true);
        this.cache.set(expr, st);
      }
      // deno-lint-ignore no-explicit-any
      const row = st.get(...(args as any[]), ...(args as any[]), ...(args as any[])) as {
        t: Outcome extends { type: infer T } ? T : never;
        v: unknown;
        h: string;
      };
      // node:sqlite cuts text at a NUL: rebuild such text from its hex.
      if (row.t === "text" && typeof row.v === "string" && row.h.length > row.v.length * 2) {
        const bytes = new Uint8Array(row.h.length / 2);
        for (let i = 0; i < bytes.length; i++) {
          bytes[i] = parseInt(row.h.slice(2 * i, 2 * i + 2), 16);
        }
        if (this.encoding === TextEncoding.Utf8) {
          return { type: "text", value: new TextDecoder().decode(bytes) };
        }
      }
      return { type: row.t, value: row.v };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }

  /** Evaluates `fn(?, ?, ...)` in SQLite. */
  evalSqlite(fn: string, args: readonly Arg[]): Outcome {
    return this.evalExpr(`${fn}(${args.map(() => "?").join(", ")})`, args);
  }

  /** Evaluates `fn(args...)` with litejit's implementation. */
  evalOurs(fn: string, args: readonly Arg[], collation?: Collation): Outcome {
    const f = scalarFunction(fn);
    if (f === undefined) throw new Error(`no scalar function ${fn}`);
    const ctx = newFunctionContext(this.encoding);
    if (collation !== undefined) ctx.collation = collation;
    const regs = args.map(toReg);
    const out = newReg();
    try {
      f.impl(regs, out, ctx);
    } catch (e) {
      return { error: (e as Error).message };
    }
    return fromReg(out, this.encoding);
  }

  close(): void {
    this.db.close();
  }
}

function toReg(a: Arg): Reg {
  const r = newReg();
  if (a === null) return r;
  if (typeof a === "number") {
    r.v = a;
    r.c = StorageClass.Real;
  } else if (typeof a === "bigint") {
    r.v = normalizeInt(a);
    r.c = StorageClass.Integer;
  } else if (typeof a === "string") {
    r.v = a;
    r.c = StorageClass.Text;
  } else {
    r.v = a;
    r.c = StorageClass.Blob;
  }
  return r;
}

const NAMES = ["null", "integer", "real", "text", "blob"] as const;

/** A result as the API shows it (text with invalid bytes as node:sqlite shows it). */
function fromReg(r: Reg, enc: TextEncoding): Outcome {
  const type = NAMES[r.c];
  if (r.c === StorageClass.Integer) return { type, value: BigInt(r.v as number | bigint) };
  if (r.c === StorageClass.Blob) return { type, value: new Uint8Array(r.v as Uint8Array) };
  if (r.c === StorageClass.Text) return { type, value: displayText(r.v as string, enc) };
  return { type, value: r.v };
}

/** A readable rendering of arguments for failure messages. */
export function showArgs(args: readonly Arg[]): string {
  return args.map((a) =>
    typeof a === "bigint"
      ? `${a}n`
      : a instanceof Uint8Array
      ? `x'${[...a].map((b) => b.toString(16).padStart(2, "0")).join("")}'`
      : typeof a === "number"
      ? (Object.is(a, -0) ? "-0.0" : `${a}r`)
      : JSON.stringify(a)
  ).join(", ");
}
