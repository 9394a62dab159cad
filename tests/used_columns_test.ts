/**
 * The planner's used-columns walk (core/plan/used_columns.ts, which skips what it knows
 * holds no expression) against the reference walk over every property
 * (support/used_columns_reference.ts), on statements that reach every kind of node:
 * subqueries, views, CTEs (recursive too),
 * USING and FULL joins, window frames, table functions, VALUES, VIRTUAL generated columns,
 * aggregates written in subqueries.
 */
import assert from "node:assert/strict";
import { bindStatement } from "../core/analyze/binder.ts";
import type * as B from "../core/analyze/bound.ts";
import { parseStatement } from "../core/sql/parser.ts";
import { flattenAll } from "../core/plan/flatten.ts";
import { usedColumns } from "../core/plan/used_columns.ts";
import { referenceUsedColumns } from "./support/used_columns_reference.ts";
import { bindFixture } from "./support/bind_fixture.ts";

const SCHEMA = `
CREATE TABLE t(a INTEGER PRIMARY KEY, b, c, d TEXT);
CREATE INDEX tb ON t(b, c);
CREATE TABLE u(x, y, z);
CREATE TABLE v2(b, f);
CREATE TABLE g(p, q, r AS (p * 2) VIRTUAL, s AS (r + q) VIRTUAL);
CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID;
CREATE VIEW vt AS SELECT a, b + c AS e FROM t WHERE d > 'm';
`;

const STATEMENTS = [
  "SELECT b FROM t WHERE c = 1 ORDER BY a LIMIT 2 OFFSET 1",
  "SELECT * FROM t JOIN (SELECT x AS b, y FROM u) USING (b) WHERE y > 1",
  "SELECT * FROM t NATURAL JOIN u",
  "SELECT a FROM t JOIN v2 USING (b)",
  "SELECT a FROM t FULL JOIN u ON u.x = t.b",
  "SELECT b FROM t LEFT JOIN (SELECT x, y FROM u ORDER BY z) s ON s.x = t.a",
  "SELECT e FROM vt WHERE a IN (SELECT y FROM u WHERE z = vt.e)",
  "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT i FROM n",
  "WITH c AS MATERIALIZED (SELECT b, c FROM t) SELECT * FROM c, c AS c2 WHERE c.b = c2.c",
  "SELECT sum(b) OVER (PARTITION BY c ORDER BY a ROWS BETWEEN b PRECEDING AND 1 FOLLOWING) FROM t",
  "SELECT count(*) FILTER (WHERE c > 1), group_concat(d, ',' ORDER BY b DESC) FROM t GROUP BY a % 2 HAVING max(c) > 0",
  "SELECT (SELECT max(t.b) FROM u) FROM t",
  "SELECT value FROM json_each((SELECT d FROM t WHERE a = 1))",
  "SELECT * FROM (VALUES (1, 2), (3, 4)) AS v WHERE column1 < (SELECT c FROM t LIMIT 1)",
  "SELECT s FROM g WHERE r > 1",
  "SELECT CASE b WHEN 1 THEN c ELSE d END, b BETWEEN c AND a, d LIKE 'x%' ESCAPE d FROM t",
  "SELECT (a, b) IN (SELECT x, y FROM u), EXISTS (SELECT 1 FROM w WHERE k = t.d) FROM t",
  "SELECT k FROM w WHERE v IS NOT NULL UNION SELECT d FROM t ORDER BY 1",
  "SELECT CAST(b AS TEXT) COLLATE NOCASE, -c, b IS TRUE, c ISNULL FROM t",
];

function bound(catalog: Parameters<typeof bindStatement>[1], sql: string): B.BoundSelect {
  const st = bindStatement(parseStatement(sql)!, catalog);
  assert.equal(st.kind, "select");
  return flattenAll((st as { select: B.BoundSelect }).select);
}

function shown(u: ReturnType<typeof usedColumns>): string {
  return JSON.stringify([...u.used].map(([id, cs]) => [id, [...cs].sort()]).sort()) +
    JSON.stringify([...u.virtual.keys()].sort());
}

Deno.test("used columns: the walk finds what the walk over every property finds", () => {
  const fx = bindFixture(SCHEMA);
  try {
    for (const sql of STATEMENTS) {
      const select = bound(fx.catalog, sql);
      const got = usedColumns(select);
      assert.equal(shown(got), shown(referenceUsedColumns(select)), sql);
      assert.ok(got.used.size > 0, sql);
    }
  } finally {
    fx.cleanup();
  }
});

Deno.test("used columns: the comparison tells a column the walk skips", () => {
  const fx = bindFixture(SCHEMA);
  try {
    const select = bound(fx.catalog, "SELECT b FROM t");
    const core = select.first as B.BoundCore;
    const ref = core.columns[0].expr as B.BoundColumn;
    const item = core.from!.items[0];
    // A field a table source does not have: the walk skips a table source whole, the
    // reference walk reads every property but its schema objects.
    const extra = { ...item.item, extra: { ...ref, column: 3 } };
    const from = { ...core.from!, items: [{ ...item, item: extra as B.BoundSource }] };
    const changed = { ...select, first: { ...core, from } };
    assert.notEqual(shown(usedColumns(changed)), shown(referenceUsedColumns(changed)));
  } finally {
    fx.cleanup();
  }
});
