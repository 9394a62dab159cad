/**
 * The public entry point (mod.ts): opening by path, file URL and bytes, the schema it
 * lists (compared with what node:sqlite lists for the same file), and closing.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database, SqliteError } from "../mod.ts";

const sampleUrl = new URL("../examples/sample.db", import.meta.url);
const samplePath = sampleUrl.pathname;

function sqliteSchema(type: string): string[] {
  const db = new DatabaseSync(samplePath, { readOnly: true });
  try {
    const rows = db.prepare("SELECT name FROM sqlite_schema WHERE type = ? ORDER BY rowid").all(
      type,
    );
    return rows.map((r) => String(r.name));
  } finally {
    db.close();
  }
}

Deno.test("api: Database opens a path, a file URL and bytes alike", () => {
  const sources = [samplePath, sampleUrl, Deno.readFileSync(samplePath)];
  for (const source of sources) {
    const db = new Database(source);
    try {
      assert.equal(db.pageSize, 1024);
      assert.equal(db.encoding, "UTF-8");
      assert.deepEqual(db.tables.map((t) => t.name), sqliteSchema("table"));
      assert.deepEqual(db.indexes.map((i) => i.name), sqliteSchema("index"));
      assert.deepEqual(db.views.map((v) => v.name), sqliteSchema("view"));
      const cities = db.tables.find((t) => t.name === "cities")!;
      assert.deepEqual(cities.columns.at(-1), {
        name: "founded",
        declaredType: "INTEGER",
        notNull: false,
        defaultSql: "1900",
      });
    } finally {
      db.close();
    }
  }
});

Deno.test("api: a closed Database throws SQLITE_MISUSE; a bad source SQLITE_CANTOPEN", () => {
  const db = new Database(samplePath);
  db.close();
  assert.throws(() => db.tables, (e) => e instanceof SqliteError && e.code === "SQLITE_MISUSE");
  assert.throws(
    () => new Database(new URL("https://example.invalid/x.db")),
    (e) => e instanceof SqliteError && e.code === "SQLITE_CANTOPEN",
  );
});
