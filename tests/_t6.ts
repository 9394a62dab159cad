import { DatabaseSync } from "node:sqlite";
import { materialize } from "./support/random_db_spec.ts";
const bad: string[] = [];
for (const enc of ["UTF-16be"]) for (const ps of [512, 1024, 4096, 65536]) for (let len = 1; len < 9000; len += 53) for (const expr of ["lower(c0)", "lower(CAST(c0 AS TEXT))", "upper(c0 || '')"]) {
  const db = new DatabaseSync(":memory:");
  db.exec(`PRAGMA page_size=${ps}; PRAGMA encoding='${enc}'; CREATE TABLE t(c0); CREATE INDEX i ON t(${expr});`);
  db.prepare("INSERT INTO t VALUES (?)").run(materialize({ kind: "longBlob", seed: len, length: len }));
  const r = db.prepare("PRAGMA integrity_check").all().map((x: any) => x.integrity_check);
  if (r[0] !== "ok") bad.push(`${ps} ${len} ${expr}`);
  db.close();
}
const byExpr: Record<string, number[]> = {};
for (const b of bad) { const [ps, len, ...e] = b.split(" "); (byExpr[ps + " " + e.join(" ")] ??= []).push(Number(len)); }
for (const [k, v] of Object.entries(byExpr)) console.log(k, v.length, Math.min(...v));
