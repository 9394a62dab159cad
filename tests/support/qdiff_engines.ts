/**
 * The engines the whole-query differential test runs statements on: SQLite itself (the
 * oracle, node:sqlite), each litejit backend through the public API, and deliberately
 * broken engines that the test must catch (mutation check of the comparison).
 */
import { DatabaseSync } from "node:sqlite";
import { Database, SqliteError, type SqlValue } from "../../mod.ts";
import type { BackendName } from "../../core/backend.ts";
import type { Cell, Outcome } from "./qdiff_compare.ts";
import { returnArrays } from "./random_db_oracle.ts";

/** An open database on one engine. */
export interface QdiffConnection {
  /** Prepares and runs `sql` with `params` bound to `?1..?n`. */
  run(sql: string, params: readonly Cell[]): Outcome;
  /** EXPLAIN QUERY PLAN of `sql`: its lines' texts joined, or null when it fails. */
  plan(sql: string): string | null;
  close(): void;
}

/** Something that opens database files and answers statements. */
export interface QdiffEngine {
  name: string;
  open(path: string): QdiffConnection;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** node:sqlite on a read-only connection, INTEGERs as bigints. */
export function sqliteEngine(name: string): QdiffEngine {
  return {
    name,
    open(path) {
      const db = new DatabaseSync(path, { readOnly: true });
      return {
        run(sql, params) {
          try {
            const st = db.prepare(sql);
            st.setReadBigInts(true);
            returnArrays(st);
            const columns = st.columns().map((c) => c.name);
            const rows = st.all(...(params as never[])) as unknown as Cell[][];
            return { ok: true, columns, rows };
          } catch (e) {
            return { ok: false, error: message(e) };
          }
        },
        plan: (sql) => planText(() => db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all()),
        close: () => db.close(),
      };
    },
  };
}

function planText(rows: () => unknown[]): string | null {
  try {
    return rows().map((r) => (r as { detail: string }).detail).join("; ");
  } catch {
    return null;
  }
}

/** litejit with `backend`, through `new Database(path, { backend })`. */
export function litejitEngine(backend: BackendName): QdiffEngine {
  return {
    name: `litejit/${backend}`,
    open(path) {
      const db = new Database(path, { backend });
      return {
        run(sql, params) {
          try {
            const st = db.prepare(sql);
            st.setReadBigInts(true);
            const columns = st.columns().map((c) => c.name);
            // node:sqlite returns text only up to its first NUL (litejit returns all of it).
            const rows = st.values(...(params as SqlValue[])).map((row) =>
              row.map((v) =>
                typeof v === "string" && v.includes("\0") ? v.slice(0, v.indexOf("\0")) : v
              )
            ) as Cell[][];
            return { ok: true, columns, rows };
          } catch (e) {
            // Anything but a SqliteError is a crash: shown as such, it never matches SQLite.
            if (e instanceof SqliteError) return { ok: false, error: e.message };
            return { ok: false, error: `(not a SqliteError) ${message(e)}` };
          }
        },
        plan: (sql) => planText(() => db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all()),
        close: () => db.close(),
      };
    },
  };
}

/** A mutation: a wrong engine derived from a right one. */
export type Mutation =
  | "dropLastRow"
  | "integerToReal"
  | "swallowErrors"
  | "renameColumn"
  | "reverseRows"
  | "zeroSign";

/** Every mutation {@link mutantEngine} knows. */
export const MUTATIONS: readonly Mutation[] = [
  "dropLastRow",
  "integerToReal",
  "swallowErrors",
  "renameColumn",
  "reverseRows",
  "zeroSign",
];

/** `base` with one deliberate bug; the differential test must notice it. */
export function mutantEngine(base: QdiffEngine, mutation: Mutation): QdiffEngine {
  return {
    name: `${base.name}+${mutation}`,
    open(path) {
      const conn = base.open(path);
      return {
        run(sql, params) {
          const o = conn.run(sql, params);
          if (!o.ok) return mutation === "swallowErrors" ? { ok: true, columns: [], rows: [] } : o;
          switch (mutation) {
            case "dropLastRow":
              return { ...o, rows: o.rows.slice(0, -1) };
            case "integerToReal":
              return {
                ...o,
                rows: o.rows.map((r) =>
                  r.map((v) =>
                    typeof v === "bigint" && v < 2n ** 53n && v > -(2n ** 53n) ? Number(v) : v
                  )
                ),
              };
            case "reverseRows": // the same rows in another order
              return { ...o, rows: o.rows.toReversed() };
            case "zeroSign": // one of two equal values instead of the other
              return {
                ...o,
                rows: o.rows.map((r) => r.map((v) => (v === 0 ? -0 : Object.is(v, -0) ? 0 : v))),
              };
            case "renameColumn":
              return {
                ...o,
                columns: o.columns.map((c, i) => i === 0 ? c.toUpperCase() + "_" : c),
              };
            default:
              return o;
          }
        },
        plan: (sql) => conn.plan(sql),
        close: () => conn.close(),
      };
    },
  };
}
