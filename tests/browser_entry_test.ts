/**
 * What the browser entry (browser.ts) leaves out to stay small: the full checks of
 * statements that write and the connection-setting pragmas (core/api/full_front_end.ts,
 * which mod.ts installs). A write still prepares and is refused when run, as with mod.ts;
 * only its names are not checked, and the setting pragmas are unknown there.
 */
import assert from "node:assert/strict";
import { Database, SqliteError } from "../browser.ts";

const bytes = Deno.readFileSync(new URL("../examples/sample.db", import.meta.url));

Deno.test("browser entry: a write prepares unchecked and is refused when run", () => {
  const db = new Database(bytes);
  try {
    for (const sql of ["DELETE FROM cities", "INSERT INTO nowhere VALUES (1)", "DROP TABLE t"]) {
      const st = db.prepare(sql);
      assert.deepEqual(st.columns(), []);
      assert.throws(
        () => st.all(),
        (e) => e instanceof SqliteError && e.code === "SQLITE_READONLY",
        sql,
      );
    }
    // SQLite's syntax errors still come at prepare for the statements the parser reads.
    assert.throws(() => db.prepare("SELEC 1"), { message: 'near "SELEC": syntax error' });
  } finally {
    db.close();
  }
});

Deno.test("browser entry: the connection-setting pragmas are unknown", () => {
  const db = new Database(bytes);
  try {
    assert.deepEqual(db.prepare("PRAGMA cache_size").all(), []);
    assert.throws(
      () => db.prepare("PRAGMA cache_size = 100").all(),
      (e) => e instanceof SqliteError && e.code === "SQLITE_READONLY",
    );
    assert.deepEqual(db.prepare("PRAGMA page_size").all(), [{ page_size: 1024 }]);
  } finally {
    db.close();
  }
});
