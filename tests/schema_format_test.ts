/**
 * Files of schema format 1 to 3 (header offset 44): SQLite ignores DESC in their index and
 * primary key definitions and builds those b-trees ascending, so litejit must read them
 * ascending too — seeks, index order and PRAGMA index_xinfo as SQLite gives them.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { Database } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

/** A file whose tables SQLite wrote as format 4, switched to format 1 before its indexes. */
function formatOneFile(path: string): void {
  let db = new DatabaseSync(path);
  db.exec("CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'x'), (3, 'y'), (2, 'z'), (NULL, 'n');");
  db.close();
  const bytes = Deno.readFileSync(path);
  assert.equal(new DataView(bytes.buffer).getUint32(44), 4);
  bytes[47] = 1;
  Deno.writeFileSync(path, bytes);
  db = new DatabaseSync(path);
  db.exec(
    "CREATE INDEX ta ON t(a DESC); CREATE INDEX tb ON t(b DESC, a);" +
      "CREATE TABLE w(k, v, PRIMARY KEY(k DESC)) WITHOUT ROWID;" +
      "INSERT INTO w VALUES (1, 1), (3, 3), (2, 2);",
  );
  db.close();
  assert.equal(new DataView(Deno.readFileSync(path).buffer).getUint32(44), 1);
}

Deno.test("schema format 1: DESC in index definitions is ignored, as SQLite ignores it", () => {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_format1_" });
  try {
    const path = join(dir, "f1.db");
    formatOneFile(path);
    const oracle = new DatabaseSync(path, { readOnly: true });
    const queries = [
      "SELECT a FROM t",
      "SELECT a FROM t ORDER BY a DESC",
      "SELECT a FROM t WHERE a > 1",
      "SELECT b, a FROM t WHERE b >= 'y'",
      "SELECT * FROM w",
      "SELECT * FROM w WHERE k < 3",
      "SELECT * FROM pragma_index_xinfo('ta')",
      "SELECT * FROM pragma_index_xinfo('tb')",
      "EXPLAIN QUERY PLAN SELECT a FROM t WHERE a > 1",
    ];
    for (const backend of TEST_BACKENDS) {
      const db = new Database(path, { backend });
      for (const sql of queries) {
        // EXPLAIN QUERY PLAN's ids are SQLite's addresses: only its texts are compared.
        const cells = (r: Record<string, unknown>) =>
          sql.startsWith("EXPLAIN") ? [r.detail] : Object.values(r);
        const want = oracle.prepare(sql).all().map(cells);
        const got = db.prepare(sql).all().map(cells);
        assert.deepEqual(got, want, `${backend}: ${sql}`);
      }
      db.close();
    }
    oracle.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
