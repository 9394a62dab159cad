/**
 * The tiered backend (backends/tiered/mod.ts): which tier runs each run of a statement —
 * the interpreter for a first run, generated JS once the statement runs again, at once for
 * a plan that scans a large b-tree, and for a first run that loops past its budget before
 * its first row (started again from the beginning) — and that every tier's rows and errors
 * are node:sqlite's. The tier shows in `explain()`: the interpreter's listing names its
 * opcodes, the generated JS is a function.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import { FIRST_ROW_BUDGET } from "../backends/tiered/mod.ts";
import { readsManyRows } from "../backends/tiered/work_estimate.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { prepareSql } from "../core/api/prepare.ts";
import { planSelect } from "../core/plan/planner.ts";

/** A database with a small table `s` (1..100, one leaf page) and a large one `big`. */
function makeDb(dir: string): string {
  const path = `${dir}/tiers.db`;
  const db = new DatabaseSync(path);
  db.exec("CREATE TABLE s(a INTEGER PRIMARY KEY, b TEXT)");
  db.exec("CREATE TABLE big(id INTEGER PRIMARY KEY, v INTEGER, t TEXT)");
  db.exec("CREATE INDEX big_v ON big(v)");
  db.exec("BEGIN");
  const s = db.prepare("INSERT INTO s VALUES (?, ?)");
  for (let i = 1; i <= 100; i++) s.run(i, `s${i}`);
  const big = db.prepare("INSERT INTO big VALUES (?, ?, ?)");
  for (let i = 1; i <= 20_000; i++) big.run(i, (i * 7919) % 1000, `row ${i} ${"x".repeat(i % 40)}`);
  db.exec("COMMIT");
  db.close();
  return path;
}

/** Which tier the statement's next run uses, as its explain() shows it. */
function tier(text: string): "interpreter" | "js" {
  if (text.startsWith("addr  opcode")) return "interpreter";
  assert.match(text, /^function \(/);
  return "js";
}

function withDbs(f: (db: Database, oracle: DatabaseSync, path: string) => void): void {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_tiered_" });
  const path = makeDb(dir);
  const db = new Database(path, { backend: "tiered", statementCache: 0 });
  const oracle = new DatabaseSync(path, { readOnly: true });
  try {
    f(db, oracle, path);
  } finally {
    db.close();
    oracle.close();
    Deno.removeSync(dir, { recursive: true });
  }
}

const plain = (rows: unknown[]) => JSON.parse(JSON.stringify(rows));

Deno.test("tiered: the default backend", () => {
  withDbs((_db, _oracle, path) => {
    const d = new Database(path);
    try {
      assert.equal(d.backend, "tiered");
    } finally {
      d.close();
    }
  });
});

Deno.test("tiered: a first run on the interpreter, the next runs on generated JS", () => {
  withDbs((db, oracle) => {
    const sql = "SELECT a, b FROM s WHERE a = ?";
    const st = db.prepare(sql);
    assert.equal(tier(st.explain()), "interpreter");
    assert.deepEqual(plain(st.all(7)), plain(oracle.prepare(sql).all(7)));
    assert.equal(tier(st.explain()), "interpreter", "made no code for one run");
    assert.deepEqual(plain(st.all(8)), plain(oracle.prepare(sql).all(8)));
    assert.equal(tier(st.explain()), "js", "run again: generated");
    for (const k of [1, 100, 101, -1]) {
      assert.deepEqual(plain(st.all(k)), plain(oracle.prepare(sql).all(k)));
    }
  });
});

Deno.test("tiered: a plan that scans a large b-tree runs generated JS from its first run", () => {
  withDbs((db, oracle) => {
    for (
      const [sql, first] of [
        ["SELECT sum(v), count(*), max(t) FROM big", "js"],
        ["SELECT id, t FROM big WHERE v BETWEEN 10 AND 20 ORDER BY id", "js"],
        ["SELECT count(*) FROM big", "js"],
        // Small: a LIMIT over a scan, an equality through an index, a small table's scan.
        ["SELECT * FROM big LIMIT 5", "interpreter"],
        ["SELECT id FROM big WHERE v = 3 ORDER BY id", "interpreter"],
        ["SELECT b FROM s ORDER BY b DESC", "interpreter"],
      ]
    ) {
      const st = db.prepare(sql);
      assert.deepEqual(plain(st.all()), plain(oracle.prepare(sql).all()), sql);
      assert.equal(tier(st.explain()), first, sql);
    }
  });
});

Deno.test("tiered: a first run that loops past its budget before a row starts again on JS", () => {
  assert.ok(100 ** 3 > FIRST_ROW_BUDGET);
  withDbs((db, oracle) => {
    // Small tables, so the plan looks cheap; the cross join loops 10^6 times first.
    const sql = "SELECT count(*), sum(x.a * y.a - z.a) FROM s x, s y, s z";
    const st = db.prepare(sql);
    assert.deepEqual(plain(st.all()), plain(oracle.prepare(sql).all()));
    assert.equal(tier(st.explain()), "js", "given up on the interpreter");
    // A row comes at once: the run stays on the interpreter to its end.
    const rows = "SELECT x.a, y.b, z.a FROM s x, s y, s z WHERE (x.a + y.a + z.a) % 97 = 0";
    const streaming = db.prepare(rows);
    assert.deepEqual(plain(streaming.all()), plain(oracle.prepare(rows).all()));
    assert.equal(tier(streaming.explain()), "interpreter");
  });
});

Deno.test("tiered: an error after the budget is the one SQLite reports", () => {
  withDbs((db, oracle) => {
    // sum() overflows only once x.a passes 50: half a million loops in.
    const sql = "SELECT sum(CASE WHEN x.a > 50 THEN 9223372036854775807 ELSE 0 END) " +
      "FROM s x, s y, s z";
    const expected = (() => {
      try {
        oracle.prepare(sql).all();
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error("node:sqlite did not fail");
    })();
    const st = db.prepare(sql);
    assert.throws(() => st.all(), (e: Error) => e.message === expected);
    assert.equal(tier(st.explain()), "js");
    assert.throws(() => st.all(), (e: Error) => e.message === expected, "and on the next run");
  });
});

Deno.test("tiered: which plans the estimate sends to generated code at once", () => {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_estimate_" });
  try {
    const file = openDatabaseFile(makeDb(dir));
    const many = (sql: string) => {
      const prepared = prepareSql(file, sql);
      if (prepared.bound.kind !== "select") throw new Error("not a select");
      return readsManyRows(planSelect(prepared.bound, file), file);
    };
    for (
      const sql of [
        "SELECT * FROM big", // a scan of 20,000 rows
        "SELECT count(*) FROM big", // counted from the leaves
        "SELECT * FROM big WHERE id > 5", // a rowid range
        "SELECT id FROM big WHERE v > 3", // an index range
        "SELECT * FROM big ORDER BY t LIMIT 5", // a sort reads every row before the first
        "SELECT * FROM big LIMIT 5 OFFSET 5000", // the offset's rows are read too
        "SELECT * FROM big LIMIT 5000", // more than a few rows
        "SELECT a, (SELECT max(t) FROM big) FROM s WHERE a = 1", // a subquery that scans
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c LIMIT 3",
      ]
    ) assert.equal(many(sql), true, sql);
    for (
      const sql of [
        "SELECT 1",
        "SELECT * FROM big WHERE id = 7", // a key lookup
        "SELECT * FROM big WHERE v = 3", // an index equality
        "SELECT * FROM big LIMIT 100", // stops after 100 rows
        "SELECT id FROM big WHERE t LIKE 'row 1%' LIMIT 10", // a filter streams to the limit
        "SELECT * FROM s", // a small table
        "SELECT count(*) FROM s",
      ]
    ) assert.equal(many(sql), false, sql);
    file.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
