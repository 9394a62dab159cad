import { Database } from "/work/wt/compat/mod.ts";
const db = new Database("/work/wt/compat/examples/sample.db");
for (const sql of ["INSERT INTO cities VALUES(1)", "CREATE TABLE x(a)", "BEGIN IMMEDIATE", "BEGIN EXCLUSIVE", "BEGIN DEFERRED", "SAVEPOINT `\t_bs3.`", "RELEASE `\t_bs3.`", "SELECT 1; SELECT 2", "", "PRAGMA user_version = 3", "PRAGMA user_version", "PRAGMA table_info(cities)", "SELECT :a, @b, $c, ?, ?5, ?"]) {
  try { const s = db.prepare(sql); console.log(JSON.stringify(sql), "ok", s.columns().length, (s as any).all?.()); } catch (e) { console.log(JSON.stringify(sql), (e as any).code, (e as Error).message); }
}
for (const src of [new Uint8Array(0), "/nonexistent/x.db", "/tmp/nonexist.db"]) {
  try { const d = new Database(src as any); console.log("open ok", d.prepare("SELECT 1 AS x").all(), d.tables); } catch (e) { console.log("open", (e as any).code, (e as Error).message); }
}
