/** The small database both sides of the comparison read, written with node:sqlite. */
import { DatabaseSync } from "node:sqlite";

/** Path of a new database file in a temporary directory. */
export function buildComparisonDb(): string {
  const path = `${Deno.makeTempDirSync({ prefix: "litejit_bs3_compare_" })}/t.db`;
  const db = new DatabaseSync(path);
  db.exec(`
    PRAGMA user_version = 3;
    CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, data BLOB, big INTEGER, real REAL);
    INSERT INTO t VALUES (1, 'one', x'00ff', 9007199254740993, 1.5),
      (2, 'two', NULL, -5, NULL), (3, NULL, x'', 0, 2.0);
  `);
  db.close();
  return path;
}
