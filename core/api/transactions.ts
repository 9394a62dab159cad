/**
 * Transaction statements on a read-only connection. Nothing is ever written, so there is
 * nothing to commit or roll back, but SQLite's bookkeeping (and its errors) still apply:
 * COMMIT without BEGIN fails, RELEASE of an unknown savepoint fails, and so on.
 */
import { sqlError } from "../errors.ts";
import { nameKey } from "../format/schema_types.ts";
import type { TransactionStatement } from "../sql/ast.ts";

/** Whether a transaction is open, and its stack of savepoints. */
export class TransactionState {
  #open = false;
  /** The transaction was opened by a SAVEPOINT (releasing that savepoint ends it). */
  #bySavepoint = false;
  /** Savepoint names (folded), innermost last. */
  #savepoints: string[] = [];

  /** True while a transaction is open. */
  get open(): boolean {
    return this.#open;
  }

  /** Runs BEGIN, COMMIT/END, ROLLBACK [TO x], SAVEPOINT x or RELEASE x. */
  run(verb: TransactionStatement["verb"], savepoint: string | null): void {
    switch (verb) {
      case "BEGIN":
        if (this.#open) fail("cannot start a transaction within a transaction");
        this.#open = true;
        this.#bySavepoint = false;
        return;
      case "COMMIT":
      case "END":
        if (!this.#open) fail("cannot commit - no transaction is active");
        this.#close();
        return;
      case "ROLLBACK":
        if (savepoint === null) {
          if (!this.#open) fail("cannot rollback - no transaction is active");
          this.#close();
        } else {
          // The savepoint itself stays: only those opened after it go.
          this.#savepoints.length = this.#find(savepoint) + 1;
        }
        return;
      case "SAVEPOINT":
        this.#savepoints.push(nameKey(savepoint ?? ""));
        if (!this.#open) {
          this.#open = true;
          this.#bySavepoint = true;
        }
        return;
      case "RELEASE": {
        const at = this.#find(savepoint ?? "");
        this.#savepoints.length = at;
        if (at === 0 && this.#bySavepoint) this.#close();
        return;
      }
    }
  }

  #find(name: string): number {
    const at = this.#savepoints.lastIndexOf(nameKey(name));
    if (at < 0) fail(`no such savepoint: ${name}`);
    return at;
  }

  #close(): void {
    this.#open = false;
    this.#savepoints.length = 0;
  }
}

function fail(message: string): never {
  throw sqlError(message);
}
