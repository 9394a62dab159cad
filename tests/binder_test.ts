/**
 * Binder tests: SQLite's error texts (each expected text obtained from node:sqlite over
 * the same schema), the function catalog's arities, and the shape of bound queries.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { bindStatement, type Catalog } from "../core/analyze/binder.ts";
import type { BoundExpr, BoundStatement } from "../core/analyze/bound.ts";
import { parseStatement } from "../core/sql/parser.ts";
import { type BindFixture, bindFixture } from "./support/bind_fixture.ts";
import { findFunction, FUNCTIONS } from "../core/functions/catalog.ts";
import { StorageClass } from "../core/value/types.ts";
// Statements that write are parsed in full and checked (what mod.ts installs).
import "../core/api/full_front_end.ts";

const SCHEMA = `
create table t(id integer primary key, a int, b text, c);
create table u(id integer primary key, a real, d);
create table w(x primary key, y) without rowid;
create index t_a on t(a);
create view v as select a, b from t;
create view v2(m, n) as select a, b from t;
create view vio as select a, b from t;
create trigger "on" instead of insert on vio begin select 1; end;
create table dropped(a);
create view v_dangling as select * from dropped;
drop table dropped;
`;

function setup(): BindFixture {
  return bindFixture(SCHEMA);
}

function bind(catalog: Catalog, sql: string): BoundStatement {
  const parsed = parseStatement(sql);
  if (!parsed) throw new Error("no statement");
  return bindStatement(parsed, catalog);
}

function oracleError(db: DatabaseSync, sql: string): string {
  try {
    db.prepare(sql);
  } catch (e) {
    return (e as Error).message;
  }
  return "(no error)";
}

function ourError(catalog: Catalog, sql: string): string {
  try {
    bind(catalog, sql);
  } catch (e) {
    return (e as Error).message;
  }
  return "(no error)";
}

const ERROR_QUERIES = [
  "select * from nosuch",
  "select * from main.nosuch",
  "select * from aux.t",
  "select nosuch from t",
  "select t.nosuch from t",
  "select main.t.nosuch from t",
  "select x.a from t",
  "select a from t, u",
  "select id from t, u",
  "select rowid from t, u",
  "select rowid from w",
  "select rowid from v",
  "select rowid from (select * from t)",
  'select "zz" from t',
  'select t."zz" from t',
  "select max(a) from t where max(a)",
  "select a from t where count(*) > 1",
  "select count(*) as z from t where z > 1",
  "select nosuch(1)",
  "select abs()",
  "select abs(1, 2)",
  "select abs(*)",
  "select count(1, 2)",
  "select coalesce(1)",
  "select substr(1)",
  "select nosuch(abs())",
  "select abs() + nosuch(1)",
  "select nosuch(1) + (abs() + 1)",
  "select count(*) from t group by count(*)",
  "select count(*) as c from t group by c",
  // An aggregate in a CASE's WHEN or THEN arm of a GROUP BY term.
  "select a from t group by case when count(*) > 1 then 1 end",
  "select a from t group by case when a then sum(b) else 0 end",
  "select a from t order by 3",
  "select a from t order by 0",
  "select a, b from t order by 1, 5",
  "select a from t group by 0",
  "select a from t group by 2",
  "select a from t union select a, b from t",
  "select a from t union all select a, b from t",
  "select a from t intersect select a, b from t",
  "select a from t except select a, b from t",
  "select a from t union select a from t order by 2",
  "select a from t union select a from t order by b",
  "select (select a, b from t)",
  "select 1 where (1, 2) = 1",
  "select (1, 2)",
  "select *",
  "select t.*",
  "select t.* from u",
  "select row_number()",
  "select row_number() over w",
  "select abs(1) over ()",
  "select max(1, 2) over ()",
  "select count(distinct a, b) from t",
  "select group_concat(distinct a, b) from t",
  "select a from t natural join u on 1",
  "select a from t natural join u using (id)",
  "select a from t join u using (zz)",
  "select a from t having a",
  "select raise(ignore)",
  "select a from t indexed by nosuch",
  "select * from t where b in nosuch",
  "select * from t where b in t",
  "select * from abs(1)",
  "select * from t(1)",
  "select * from v(1)",
  "select * from pragma_nosuch",
  "select * from t, t",
  "select abs(1) filter (where 1)",
  "select abs(a order by b) from t",
  "select a from t limit b",
  "with c(x, y) as (select 1) select * from c",
  "with c as (select * from c) select * from c",
  "with recursive c(n) as (select 1 union all select n + 1 from c, c) select * from c",
  "select 0x1234567890abcdef01",
  "select * from t where a = (select 1, 2)",
  "select sum(a) over w from t window w as (partition by b), w2 as (w partition by c)",
  "select nosuch from t where nosuch2",
  "select a from t where nosuch",
  "select a from t order by nosuch",
  "select a from t group by nosuch",
  "select * from nosuch1 union select * from nosuch2",
  "select likelihood(a, 2) from t",
  // Gaps closed for issue 3: one case per rule.
  "select -0x1FFFFFFFFFFFFFFFF",
  "select * from v_dangling",
  "select * from t where a in v_dangling",
  "select a regexp 'x' from t",
  "select nosuch regexp 'x' from t",
  "select a regexp nosuch from t",
  "select a glob 'x' escape 'y' from t",
  "select a match 'x' escape 'y' from t",
  "select a match 'x' from t",
  "select a like 'x' escape 'y' from t",
  "select nosuch1 like nosuch2",
  "select a from t limit count(*)",
  "select a from t limit 1 offset count(*)",
  "select a from t limit row_number() over ()",
  "select a from t limit 1 offset sum(1) over ()",
  "select (1, 2) in (1, 2)",
  "select (1, 2) in ((1, 2), (1, 2, 3))",
  "select (1, 2) in ((select 1, 2), (1, 2))",
  "select (1, 2) in ((select 1, 2))",
  "select (1, 2) in (1, 2) from nosuch",
  "select 1 in ((1, 2), 3)",
  "select (1, 2) collate nocase in (1, 2)",
  "with c as (select 1), c as (select 2) select * from c",
  "with c as (select 1), C as (select 2) select * from nosuch",
  "select * from nosuch, (with c as (select 1), c as (select 2) select 1)",
  "with c as (select 1), c as (select (1, 2) in (1)) select 1",
  "with recursive c(n) as (select 1 union all select count(*) from c) select * from c",
  "with recursive c(n) as (select 1 union all select n from c group by n) select * from c",
  "with recursive c(n) as (select 1 union all select count(*) from c) select nosuch from c",
  "with recursive c(n) as (select 1 union all select max(n) over () from c) select * from c",
  "select row_number() filter (where 1) over () from t",
  "select row_number() filter (where 1) over () from t where nosuch",
  "select abs() + row_number() filter (where 1) over () from t",
  "select sum(a) over (range 1 preceding) from t",
  "select sum(a) over (order by a, b range 1 preceding) from t",
  "select sum(a) over (range between current row and 1 following) from t",
  "select sum(a) over w from t window w as (range 1 preceding)",
  "select sum(a) over (w range 1 preceding) from t window w as (order by a)",
  "select sum(a) over (rows nosuch preceding) from t",
  "select 1 union values (1, 2)",
  "values (1, 2) union select 1",
  "select 1 union values (1, 2), (3, 4)",
  "select 1 union values (1, 2) union select 1",
  "select a from t order by a collate nosuch",
  "select * from t where b = 'x' collate \"no case\"",
  "select 'a' collate nosuch",
  "select 1 collate __proto__",
];

Deno.test("binder errors: same message as node:sqlite", () => {
  const { db, catalog, cleanup } = setup();
  try {
    const failures: string[] = [];
    for (const sql of ERROR_QUERIES) {
      const want = oracleError(db, sql);
      const got = ourError(catalog, sql);
      if (got !== want) failures.push(`${sql}\n  want ${want}\n  got  ${got}`);
    }
    assert.deepStrictEqual(failures, []);
  } finally {
    cleanup();
  }
});

Deno.test("function catalog: arities agree with node:sqlite", () => {
  const db = new DatabaseSync(":memory:");
  try {
    const failures: string[] = [];
    const names = new Set([...FUNCTIONS.keys()].filter((n) => /^[a-z_0-9]+$/.test(n)));
    const builtins = db.prepare("select distinct name from pragma_function_list where builtin")
      .all().map((r) => String(r.name));
    for (const n of builtins) {
      if (!names.has(n) && n !== "->" && n !== "->>") failures.push(`missing ${n}`);
    }
    for (const name of names) {
      // current_date & co. are keywords first; load_extension and sqlite_log have effects.
      if (/^(load_extension|sqlite_log|current_\w+)$/.test(name)) continue;
      for (let n = 0; n <= 5; n++) {
        const args = Array.from({ length: n }, () => "1").join(", ");
        const sql = `select ${name}(${args}) over ()`;
        const plain = `select ${name}(${args})`;
        let want: string;
        try {
          db.prepare(plain);
          want = "ok";
        } catch (e) {
          const m = (e as Error).message;
          want = m.startsWith("wrong number")
            ? "wrongArgs"
            : m.startsWith("no such function")
            ? "missing"
            : "ok";
          if (m.startsWith("misuse of window")) want = "ok";
        }
        const f = findFunction(name, n);
        const got = f === undefined ? "missing" : f === "wrongArgs" ? "wrongArgs" : "ok";
        if (got !== want) failures.push(`${plain}: want ${want}, got ${got} (${sql})`);
      }
    }
    assert.deepStrictEqual(failures, []);
  } finally {
    db.close();
  }
});

Deno.test("statements that write bind as SQLite prepares them; running them is refused", () => {
  const { catalog, db, cleanup } = setup();
  try {
    for (const sql of ["insert into t values (1, 2, 'x', null)", "drop table t"]) {
      const st = bind(catalog, sql);
      assert.equal(st.kind, "write", sql);
      assert.deepEqual((st as Extract<BoundStatement, { kind: "write" }>).error, {
        code: "SQLITE_READONLY",
        message: "attempt to write a readonly database",
      });
    }
    const noop = bind(catalog, "create table if not exists t(a)");
    assert.equal(noop.kind === "write" && noop.noop, true);
    for (
      const sql of [
        "insert into nope values (1)",
        "insert into t values (1)",
        "update t set nope = 1",
        "delete from v",
        "drop table nope",
        "create index t_a on t(a)",
        // A view with an INSTEAD OF INSERT trigger takes INSERT, not UPDATE or an upsert.
        "insert into vio values (1, 'x')",
        "insert into vio(nope) values (1)",
        "insert into vio values (1)",
        "insert into vio values (1, 'x') on conflict do nothing",
        "update vio set a = 1",
      ]
    ) {
      assert.equal(ourError(catalog, sql), oracleError(db, sql), sql);
    }
    assert.equal(bind(catalog, "begin").kind, "transaction");
  } finally {
    cleanup();
  }
});

function select(st: BoundStatement) {
  assert.equal(st.kind, "select");
  return (st as Extract<BoundStatement, { kind: "select" }>).select;
}

Deno.test("bound shape: columns, rowid alias, correlated references, aggregates", () => {
  const { catalog, cleanup } = setup();
  try {
    const s = select(bind(catalog, "select a, id, rowid from t"));
    const core = s.first;
    assert.equal(core.kind, "core");
    if (core.kind !== "core") return;
    const src = core.from!.items[0].item;
    assert.equal("id" in src && src.kind, "table");
    const [a, id, rowid] = core.columns.map((c) => c.expr);
    assert.deepStrictEqual([a.kind, id.kind, rowid.kind], ["column", "column", "column"]);
    assert.equal((a as Extract<BoundExpr, { kind: "column" }>).column, 1);
    assert.equal((id as Extract<BoundExpr, { kind: "column" }>).column, -1);
    assert.equal((rowid as Extract<BoundExpr, { kind: "column" }>).column, -1);

    // A correlated reference names the outer query's source.
    const s2 = select(bind(catalog, "select (select max(u.a) from u where u.id = t.id) from t"));
    const outer = s2.first;
    if (outer.kind !== "core") throw new Error("core");
    const outerId = (outer.from!.items[0].item as { id: number }).id;
    const sub = outer.columns[0].expr;
    assert.equal(sub.kind, "subquery");
    if (sub.kind !== "subquery" || sub.select.first.kind !== "core") return;
    const where = sub.select.first.where!;
    assert.equal(where.kind, "binary");
    if (where.kind !== "binary") return;
    assert.equal(where.right.kind === "column" && where.right.source, outerId);
    assert.equal(sub.select.first.aggregates.length, 1);
    assert.equal(sub.select.first.aggregate, true);
    assert.equal(outer.aggregate, false);

    // An aggregate of outer columns only belongs to the outer query.
    const s3 = select(bind(catalog, "select (select count(t.a) from u) from t"));
    if (s3.first.kind !== "core") return;
    assert.equal(s3.first.aggregates.length, 1);
    assert.equal(s3.first.aggregate, true);
  } finally {
    cleanup();
  }
});

Deno.test("bound shape: literals, TRUE/FALSE, USING pairs, ORDER BY result columns", () => {
  const { catalog, cleanup } = setup();
  try {
    const s = select(bind(catalog, "select -9223372036854775808, 9223372036854775808, true, 1.5"));
    if (s.first.kind !== "core") return;
    const [min, big, tr, real] = s.first.columns.map((c) => c.expr);
    assert.equal(min.kind === "literal" && min.cls, StorageClass.Integer);
    assert.equal(min.kind === "literal" && min.value, -9223372036854775808n);
    assert.equal(big.kind === "literal" && big.cls, StorageClass.Real);
    assert.equal(tr.kind, "trueFalse");
    assert.equal(real.kind === "literal" && real.value, 1.5);

    const j = select(bind(catalog, "select * from t join u using (id) order by a, 2"));
    if (j.first.kind !== "core") return;
    assert.deepStrictEqual(j.first.from!.items[1].using.map((p) => p.name), ["id"]);
    assert.deepStrictEqual(j.orderBy!.map((t) => t.resultColumn), [2, 2]);
    assert.equal(j.first.columns.length, 6);
  } finally {
    cleanup();
  }
});

/** Expressions with a COLLATE, in every place SQLite may or may not look the name up. */
const COLLATION_PLACEMENTS = [
  "select {e}",
  "select {e} = 'b'",
  "select 'b' < {e}",
  "select {e} is 'b'",
  "select {e} is null",
  "select 'b' collate binary = {e}",
  "select ({e}) || 'x' = 'b'",
  "select ({e}) + 1",
  "select -({e}) = 1",
  "select cast({e} as text) = 'b'",
  "select likely({e}) = 'b'",
  "select (1, {e}) = (1, 'b')",
  "select {e} between 'a' and 'b'",
  "select 'a' between {e} and 'b'",
  "select {e} in ('a')",
  "select {e} in ('a', 'b')",
  "select 'a' in ({e})",
  "select 'a' in ('b', {e})",
  "select 'a' in (select {e})",
  "select 'a' = (select {e})",
  "select case {e} when 'b' then 1 end",
  "select case 'a' when {e} then 1 end",
  "select case when {e} then 1 end",
  "select {e} like 'b'",
  "select max({e}, 'b')",
  "select max(a, {e}) from t",
  "select nullif('b', {e})",
  "select instr({e}, 'b')",
  "select coalesce({e}, 1)",
  "select max({e}) from t",
  "select count({e}) from t",
  "select count(distinct {e}) from t",
  "select group_concat(a order by {e}) from t",
  "select max({e}) over () from t",
  "select a from t order by {e}",
  "select a from t order by abs({e})",
  "select {e} from t order by 1",
  "select a from t group by {e}",
  "select distinct {e} from t",
  "select {e} union select 'b'",
  "select 'b' union select {e}",
  "select {e} union all select 'b'",
  "select 'a' union all select 'b' union all select {e} order by 1",
  "select 1 union select 2 order by 1 collate {c}",
  "select count(*) over (order by {e}) from t",
  "select count(*) over (partition by {e}) from t",
  "select a from t window w as (order by {e})",
  "select * from (select {e})",
  "select * from (select 1 union all select {e})",
  "with c as (select {e}) select * from c",
  "with c as (select {e}) select 1",
  "select a from t where {e}",
  "select a from t where exists (select 1 where {e} = 1)",
  "select a from t limit {e} = 'b'",
];

const COLLATION_NAMES = ["nosuch", '"no case"', "NoCase", "rtrim", "__proto__"];

Deno.test("no such collation sequence: looked up exactly where SQLite needs it", () => {
  const { db, catalog, cleanup } = setup();
  try {
    const failures: string[] = [];
    let errors = 0;
    for (const template of COLLATION_PLACEMENTS) {
      for (const c of COLLATION_NAMES) {
        const sql = template.replace("{e}", `'a' collate ${c}`).replace("{c}", c);
        const want = oracleError(db, sql);
        if (want.startsWith("no such collation")) errors++;
        const got = ourError(catalog, sql);
        if (got !== want) failures.push(`${sql}\n  want ${want}\n  got  ${got}`);
      }
    }
    assert.deepStrictEqual(failures, []);
    assert.ok(errors > 50, `only ${errors} statements exercised the error`);
  } finally {
    cleanup();
  }
});
