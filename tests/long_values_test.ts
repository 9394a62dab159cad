/**
 * Values near the length limits. SQLite allows texts and blobs of 1e9 bytes; a JS string
 * holds at most 536,870,888 UTF-16 units (V8), so a text longer than that fails with
 * SQLITE_TOOBIG "string or blob too big" instead of crashing the process, and shorter long
 * texts are made without exhausting the heap (hex() of a 1e8-byte blob, replace() with 2^24
 * matches or more).
 */
import assert from "node:assert/strict";
import { Database, SqliteError } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

const SAMPLE = new URL("../examples/sample.db", import.meta.url).pathname;

Deno.test("long values: a text too long for a JS string is SQLITE_TOOBIG on every backend", () => {
  for (const backend of TEST_BACKENDS) {
    const db = new Database(SAMPLE, { backend });
    try {
      const sqls = ["SELECT CAST(zeroblob(600000000) AS TEXT)"];
      // hex() and quote() are core/ functions: checked once, on the first backend.
      if (backend === TEST_BACKENDS[0]) {
        sqls.push(
          "SELECT hex(zeroblob(268435445))",
          "SELECT quote(zeroblob(268435445))",
          // 2e8 matches, each longer by 7: past the limit, found before the parts are made
          // (splitting into them first exhausted the heap and killed the process).
          "SELECT replace(hex(zeroblob(100000000)), '0', 'xxxxxxxx')",
        );
        // hex() of 1e8 bytes is 2e8 characters, as SQLite gives.
        const row = db.prepare("SELECT length(hex(zeroblob(100000000))) AS n").get();
        assert.equal((row as { n: number }).n, 200000000);
        // 2^25 matches: joined a batch of parts at a time, as SQLite's length says.
        const replaced = db.prepare(
          "SELECT length(replace(hex(zeroblob(16777216)), '0', 'xy')) AS n",
        ).get();
        assert.equal((replaced as { n: number }).n, 67108864);
      }
      for (const sql of sqls) {
        assert.throws(
          () => db.prepare(sql).get(),
          (e) => e instanceof SqliteError && e.code === "SQLITE_TOOBIG",
          `${backend}: ${sql}`,
        );
      }
    } finally {
      db.close();
    }
  }
});
