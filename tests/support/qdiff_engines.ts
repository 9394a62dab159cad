/**
 * The engines the whole-query differential test runs statements on: SQLite itself (the
 * oracle, node:sqlite), each litejit backend through the public API, and deliberately
 * broken engines that the test must catch (mutation check of the comparison).
 */
import { DatabaseSync } from "node:sqlite";
import { Database, SqliteError, type SqlValue } from "../../mod.ts";
import type { BackendName } from "../../backends/backend.ts";
import type { Cell, Outcome } from "./qdiff_compare.ts";
import { returnArrays } from "./random_db_oracle.ts";

/** An open database on one engine. */
export interface QdiffConnection {
  /** Prepares and runs `sql` with `params` bound to `?1..?n`. */
  run(sql: string, params: readonly Cell[]): Outcome;
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

/**
 * node:sqlite on a read-only connection, INTEGERs as bigints. `reverseUnordered` sets
 * `PRAGMA reverse_unordered_selects`: SQLite then scans in the other direction wherever
 * the order is free, a second valid answer that checks the comparison's order tolerance.
 */
export function sqliteEngine(name: string, reverseUnordered: boolean): QdiffEngine {
  return {
    name,
    open(path) {
      const db = new DatabaseSync(path, { readOnly: true });
      if (reverseUnordered) db.exec("PRAGMA reverse_unordered_selects = 1");
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
        close: () => db.close(),
      };
    },
  };
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
        close: () => db.close(),
      };
    },
  };
}

/** A mutation: a wrong engine derived from a right one. */
export type Mutation = "dropLastRow" | "integerToReal" | "swallowErrors" | "renameColumn";

/** Every mutation {@link mutantEngine} knows. */
export const MUTATIONS: readonly Mutation[] = [
  "dropLastRow",
  "integerToReal",
  "swallowErrors",
  "renameColumn",
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
            case "renameColumn":
              return {
                ...o,
                columns: o.columns.map((c, i) => i === 0 ? c.toUpperCase() + "_" : c),
              };
            default:
              return o;
          }
        },
        close: () => conn.close(),
      };
    },
  };
}
