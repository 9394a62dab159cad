/**
 * Which of several ranges on one indexed column seeks the index: SQLite's WHERE clause
 * lists the written terms first and each BETWEEN's halves after them, appended from the
 * last BETWEEN to the first, and among equally good ranges its planner keeps the first in
 * that order. The choice changes no row, only how many entries are read (a month against
 * five empty days), so the seek's bounds are read off both programs (EXPLAIN): the
 * constant loaded into the seek's key register and into the end test's.
 */
import assert from "node:assert/strict";
import type { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import { assertSameAsSqlite, withSqliteFile } from "./support/oracle_queries.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

interface Op {
  opcode: string;
  p1: string;
  p2: string;
  p3: string;
  p4: string;
}

const SEEKS = new Set(["SeekGE", "SeekGT", "SeekLE", "SeekLT"]);
const ENDS = new Set(["IdxGE", "IdxGT", "IdxLE", "IdxLT"]);

/** The constants loaded into the key registers of the first seek and of its end test. */
function bounds(ops: Op[]): string[] {
  const loaded = (at: number, reg: string): string => {
    for (let i = at - 1; i >= 0; i--) {
      const o = ops[i];
      if (o.opcode === "Integer" && o.p2 === reg) return o.p1;
      if ((o.opcode === "String8" || o.opcode === "Int64") && o.p2 === reg) return o.p4;
    }
    return "?";
  };
  const seek = ops.findIndex((o) => SEEKS.has(o.opcode));
  assert.ok(seek >= 0, "no index seek");
  const end = ops.findIndex((o, i) => i > seek && ENDS.has(o.opcode));
  return [loaded(seek, ops[seek].p3), end < 0 ? "none" : loaded(end, ops[end].p3)];
}

function sqliteOps(oracle: DatabaseSync, sql: string): Op[] {
  return (oracle.prepare("EXPLAIN " + sql).all() as Record<string, unknown>[]).map((r) => ({
    opcode: String(r.opcode),
    p1: String(r.p1),
    p2: String(r.p2),
    p3: String(r.p3),
    p4: String(r.p4 ?? ""),
  }));
}

/** Our EXPLAIN listing: `addr opcode p1 p2 p3 p4 …` after two header lines. */
function ourOps(listing: string): Op[] {
  return listing.split("\n").slice(2).filter((l) => l.trim() !== "").map((l) => {
    const [, opcode, p1, p2, p3, p4 = ""] = l.trim().split(/\s+/);
    return { opcode, p1, p2, p3, p4 };
  });
}

const SETUP = `
CREATE TABLE t(id INTEGER PRIMARY KEY, x INT, s TEXT);
CREATE INDEX tx ON t(x);
CREATE INDEX ts ON t(s);
INSERT INTO t(x, s) VALUES (1, 'a'), (5, 'e'), (9, 'i'), (20, 't');
`;

const QUERIES = [
  "SELECT id FROM t WHERE x BETWEEN 1 AND 30 AND x BETWEEN 4 AND 6",
  "SELECT id FROM t WHERE x BETWEEN 4 AND 6 AND x BETWEEN 1 AND 30",
  "SELECT id FROM t WHERE x BETWEEN 1 AND 30 AND x > 3",
  "SELECT id FROM t WHERE x > 3 AND x BETWEEN 1 AND 30",
  "SELECT id FROM t WHERE x BETWEEN 1 AND 30 AND x BETWEEN 2 AND 25 AND x BETWEEN 4 AND 6",
  "SELECT id FROM t WHERE x < 7 AND x BETWEEN 2 AND 25 AND x >= 3",
  "SELECT id FROM t WHERE s BETWEEN 'a' AND 'z' AND s BETWEEN 'd' AND 'f' ORDER BY s",
  "SELECT id FROM t WHERE x > 3 AND x > 5 AND x < 30 AND x < 10",
  "SELECT id FROM t WHERE x BETWEEN 1 AND 30 AND x < 20 AND x > 3",
  "SELECT id FROM t WHERE x < 20 AND x > 3 AND x BETWEEN 1 AND 30 AND x BETWEEN 2 AND 9",
];

Deno.test("range choice: the range SQLite seeks among several on one column", () => {
  withSqliteFile(SETUP, (path, oracle) => {
    // The plan is shared; the interpreter's EXPLAIN is its program.
    const planned = new Database(path, { backend: "interpreter" });
    try {
      for (const sql of QUERIES) {
        const want = bounds(sqliteOps(oracle, sql));
        assert.ok(!want.includes("?"), `SQLite's bounds not found: ${sql}`);
        assert.deepEqual(bounds(ourOps(planned.prepare(sql).explain())), want, sql);
      }
    } finally {
      planned.close();
    }
    for (const backend of TEST_BACKENDS) {
      const db = new Database(path, { backend });
      try {
        for (const sql of QUERIES) {
          const want = oracle.prepare(sql).all().map((r) => ({ ...r }));
          assert.deepEqual(db.prepare(sql).all(), want, `${backend}: ${sql}`);
        }
      } finally {
        db.close();
      }
    }
  });
});

Deno.test("range choice: terms the index entry answers are tested before the others", () => {
  // abs() of the smallest INTEGER overflows: whether a query fails shows which terms ran
  // on the entry. SQLite tests the terms its index covers first (a BETWEEN whole, as one
  // term; a term holding a subquery is never covered), then the rest in written order.
  assertSameAsSqlite(
    `
  CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, b INT, c INT);
  CREATE INDEX ta ON t(a);
  CREATE INDEX tac ON t(a, c);
  INSERT INTO t VALUES (1, 1, -9223372036854775808, 1), (2, 2, 5, 2), (3, 4, 7, 0);
    `,
    [
      "SELECT id FROM t INDEXED BY ta WHERE a > 0 AND abs(b) >= 0 AND a % 2 = 0",
      "SELECT id FROM t INDEXED BY ta WHERE a > 0 AND abs(b) >= 0 AND id > 1",
      "SELECT id FROM t INDEXED BY ta WHERE a > 0 AND abs(b) >= 0 AND c > 1",
      "SELECT id FROM t INDEXED BY tac WHERE a > 0 AND abs(b) >= 0 AND c > 1",
      "SELECT id FROM t INDEXED BY ta WHERE a > 0 AND a BETWEEN abs(b) AND 3 AND a <> 1",
      "SELECT id FROM t INDEXED BY ta WHERE a > 0 AND abs(b) >= 0 AND a IN (SELECT 2)",
      "SELECT id FROM t INDEXED BY tac WHERE a > 0 AND abs(b) >= 0 AND c > 1 AND a <> 2",
    ],
  );
});
