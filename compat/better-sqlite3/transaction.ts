/**
 * `db.transaction(fn)`, as better-sqlite3 builds it: the returned function runs `fn`
 * between BEGIN and COMMIT (a SAVEPOINT and RELEASE when a transaction is already open),
 * and rolls back when `fn` throws. Nothing is ever written here, so this only keeps
 * SQLite's bookkeeping (`inTransaction`, nesting); a write inside `fn` throws
 * SQLITE_READONLY and rolls back like any error.
 */
import type { Database } from "./database.ts";

/** The function `db.transaction(fn)` returns, with its `deferred`, `immediate`, `exclusive` variants. */
export interface TransactionFunction<F extends (...args: never[]) => unknown> {
  (...args: Parameters<F>): ReturnType<F>;
  /** Starts with BEGIN DEFERRED. */
  deferred: (...args: Parameters<F>) => ReturnType<F>;
  /** Starts with BEGIN IMMEDIATE. */
  immediate: (...args: Parameters<F>) => ReturnType<F>;
  /** Starts with BEGIN EXCLUSIVE. */
  exclusive: (...args: Parameters<F>) => ReturnType<F>;
  /** The Database it runs on. */
  database: Database;
}

const SAVEPOINT = "`\t_bs3.`";

/** Wraps `fn` in a transaction on `db` (see the module comment). */
export function transactionFunction<F extends (...args: never[]) => unknown>(
  db: Database,
  fn: F,
): TransactionFunction<F> {
  if (typeof fn !== "function") throw new TypeError("Expected first argument to be a function");
  const variant = (begin: string) =>
    function sqliteTransaction(this: unknown, ...args: Parameters<F>): ReturnType<F> {
      const nested = db.inTransaction;
      const run = (sql: string) => db.prepare(sql).run();
      run(nested ? `SAVEPOINT ${SAVEPOINT}` : begin);
      try {
        const result = fn.apply(this, args) as ReturnType<F>;
        if (result && typeof (result as { then?: unknown }).then === "function") {
          throw new TypeError("Transaction function cannot return a promise");
        }
        run(nested ? `RELEASE ${SAVEPOINT}` : "COMMIT");
        return result;
      } catch (e) {
        if (db.inTransaction) {
          run(nested ? `ROLLBACK TO ${SAVEPOINT}` : "ROLLBACK");
          if (nested) run(`RELEASE ${SAVEPOINT}`);
        }
        throw e;
      }
    };
  const main = variant("BEGIN") as TransactionFunction<F>;
  const variants = [main, variant("BEGIN DEFERRED"), variant("BEGIN IMMEDIATE")];
  variants.push(variant("BEGIN EXCLUSIVE"));
  const properties = {
    default: { value: main },
    deferred: { value: variants[1] },
    immediate: { value: variants[2] },
    exclusive: { value: variants[3] },
    database: { value: db, enumerable: true },
  };
  for (const v of variants) Object.defineProperties(v, properties);
  return main;
}
