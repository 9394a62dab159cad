/**
 * Differential test of result column names and origins: for each query, node:sqlite's
 * `StatementSync.columns()` must equal the binder's `columns`.
 */
import assert from "node:assert/strict";
import type { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { bindStatement, type Catalog } from "../core/analyze/binder.ts";
import { parseStatement } from "../core/sql/parser.ts";
import { type BindFixture, bindFixture } from "./support/bind_fixture.ts";
import { propertyParams } from "./support/random_db.ts";

const SCHEMA = `
create table t(id integer primary key, a int, b text, "a b" varchar(10), c);
create table u(id integer primary key, a real, d, "__proto__" blob);
create table w(x primary key, y numeric) without rowid;
create table nr(p, q collate nocase);
create table "Mixed"("Col" text, "constructor" int);
create index t_a on t(a);
create view v as select a, b as bb, a+1 from t;
create view v2(m, n) as select a, b from t;
create view vj as select t.id, u.d from t join u using (id);
create view vv as select * from v;
create view vr as select rowid, * from nr;
create view vc as select a from t union select d from u;
`;

/** Statement-column descriptions as node:sqlite gives them. */
type Col = [string, string | null, string | null, string | null, string | null];

function setup(): BindFixture {
  return bindFixture(SCHEMA);
}

function expected(db: DatabaseSync, sql: string): Col[] | string {
  try {
    return db.prepare(sql).columns().map((c) => [c.name, c.database, c.table, c.column, c.type]);
  } catch (e) {
    return `ERR ${(e as Error).message}`;
  }
}

function actual(catalog: Catalog, sql: string): Col[] | string {
  try {
    const parsed = parseStatement(sql);
    if (!parsed) return "ERR empty";
    const bound = bindStatement(parsed, catalog);
    if (bound.kind !== "select") return "ERR not a select";
    return bound.columns.map((c) => [c.name, c.database, c.table, c.column, c.declaredType]);
  } catch (e) {
    return `ERR ${(e as Error).message}`;
  }
}

const QUERIES = [
  "select * from t",
  "select a, b, c from t",
  "select A, B from t",
  "select t.a, T.B from t",
  "select main.t.a from t",
  "select id from t",
  "select rowid from t",
  "select oid, _rowid_ from nr",
  "select rowid, * from nr",
  "select rowid from t as x",
  "select x.rowid from t x",
  'select "a b" from t',
  "select [a b], `a b` from t",
  "select a as x from t",
  "select a x from t",
  'select a as "Quoted Alias" from t',
  "select a+1 from t",
  "select a + 1 from t",
  "select  a  +  1  from t",
  "select (a) from t",
  "select ((a)) from t",
  "select +a from t",
  "select -a from t",
  "select a collate nocase from t",
  "select cast(a as text) from t",
  "select count(*) from t",
  "select COUNT(*) from t",
  "select count(a), max(b), min(c) from t",
  "select sum(a) as s from t",
  "select a, count(*) from t group by a",
  "select a from t group by 1",
  "select a from t order by 1",
  "select a from t order by a desc",
  "select b as bb from t order by bb",
  "select * from t where a > 1",
  "select * from u",
  'select "__proto__" from u',
  "select __proto__ from u",
  "select * from w",
  "select x, y from w",
  "select * from nr",
  'select * from "Mixed"',
  "select col, CONSTRUCTOR from mixed",
  'select "Col" from Mixed',
  "select * from v",
  "select a from v",
  "select bb from v",
  'select "a+1" from v',
  "select * from v2",
  "select m, n from v2",
  "select * from vj",
  "select * from vv",
  "select * from vr",
  "select rowid from vr",
  "select * from vc",
  "select * from t, u",
  "select t.*, u.* from t, u",
  "select u.*, t.* from t, u",
  "select t.* from t, u",
  "select * from t x, u y",
  "select x.* from t x",
  "select * from t join u using (id)",
  "select * from t join u using (id, a)",
  "select * from t natural join u",
  "select * from t left join u using (id)",
  "select * from t right join u using (id)",
  "select * from t full join u using (id)",
  "select id from t full join u using (id)",
  "select id from t right join u using (id)",
  "select id from t left join u using (id)",
  "select t.id, u.id from t join u using (id)",
  "select * from t join u on t.id = u.id",
  "select * from t cross join u",
  "select * from t, u, nr",
  "select * from (t join u using(id))",
  "select * from (t join u using(id)) join nr",
  "select * from (select * from t)",
  "select * from (select a, b from t)",
  "select * from (select a, a from t)",
  "select * from (select a, a, a from t)",
  "select * from (select a, a, a, a, a from t)",
  "select * from (select a as x, b as x from t)",
  "select * from (select a, b as a from t)",
  "select * from (select a+1 from t)",
  "select * from (select a+1, a+1 from t)",
  "select * from (select count(*) from t)",
  "select * from (select rowid from t)",
  "select * from (select rowid from nr)",
  "select * from (select 1 as true)",
  "select * from (select true, false)",
  "select * from (select 1, 2, 3)",
  "select * from (select A from t)",
  "select * from (select t.A from t)",
  "select * from (select a collate nocase from t)",
  "select * from (select likely(a) from t)",
  "select * from (select * from t) as s",
  "select s.a from (select * from t) as s",
  "select a from (select * from t)",
  "select id from (select * from t)",
  "select x from (select a as x from t)",
  "select * from (select * from t join u using (id))",
  "select * from (select * from t, u)",
  "select * from (select b from t union select d from u)",
  "select * from (select b from t union all select d from u)",
  "select * from (values (1, 2))",
  "select * from (values (1, 2), (3, 4))",
  "select column1 from (values (1))",
  "values (1, 2)",
  "values (1), (2)",
  "select 1",
  "select 1, 2",
  "select 'abc'",
  "select x'00'",
  "select null",
  "select 1.5",
  "select -1",
  "select - 1",
  "select 9223372036854775808",
  "select true, false",
  "select TRUE",
  "select ?",
  "select ?1, :name, @x, $y",
  "select current_date, current_time, current_timestamp",
  "select 1 as a, 2 as a",
  "select a from t union select d from u",
  "select a from t union all select d from u order by 1",
  "select d from u union select a from t",
  "select 1 union select 2",
  "select a, b from t intersect select a, d from u",
  "select a from t except select a from u",
  "select (select b from t)",
  "select (select b from t) as sub",
  "select (select b from t union select d from u)",
  "select (select max(a) from t)",
  "select (select a from u where u.id = t.id) from t",
  "select (select t.a from u) from t",
  "select exists (select 1 from t)",
  "select a in (select a from u) from t",
  "select a from t where a in (select a from u)",
  "select case when a then b else c end from t",
  "select case a when 1 then 'x' end from t",
  "select a between 1 and 2 from t",
  "select a like 'x%' from t",
  "select a is null, a notnull from t",
  "select coalesce(a, b) from t",
  "select abs(a) from t",
  "select a || b from t",
  "select a -> '$.x', a ->> '$.y' from t",
  "select count(*) over () from t",
  "select row_number() over (order by a) from t",
  "select sum(a) over w from t window w as (partition by b)",
  "select group_concat(b, ',') from t",
  "select count(distinct a) from t",
  "select * from json_each('[1]')",
  "select key, value from json_each('[1]')",
  "select * from json_tree('{}')",
  "select * from pragma_table_info('t')",
  "select name, type from pragma_table_info('t')",
  "select * from sqlite_master",
  "select * from sqlite_schema",
  "select name from sqlite_schema",
  "select rowid from sqlite_master",
  "with c as (select a, b from t) select * from c",
  "with c(x, y) as (select a, b from t) select * from c",
  "with c as (select 1 as n) select n from c",
  "with recursive c(n) as (select 1 union all select n+1 from c where n < 5) select * from c",
  "with recursive c as (select 1 as n union all select n+1 from c where n < 5) select n from c",
  "with c as (select * from v) select * from c",
  "select * from t where rowid in (select rowid from u)",
  "select distinct a from t",
  "select all a from t",
  "select a from t limit 1",
  "select a from t limit 1 offset 2",
  "select a, b from t order by b collate nocase",
  'select a as "true" from t',
  'select * from t as "__proto__"',
  'select "constructor" from "Mixed"',
  "select 1 from t, t",
  "select * from t x, t",
  "select p from nr where q = 'x'",
  "select * from (select 1) join (select 2)",
  "select * from (select 1 as x) natural join (select 1 as x)",
  "select * from (select a collate nocase as k from t)",
  "select a from t order by a collate nocase",
  "select count(*) c from t group by b having c > 1",
  "select a as b, b as a from t order by a",
  "select * from t where a in (1, 2, 3)",
  "select 1 as x union select 2 order by x",
  "select (select 1 union select 2)",
  "select * from w where x in (select x from w)",
];

Deno.test("column names and origins match node:sqlite (hand-written queries)", () => {
  assert.ok(QUERIES.length >= 150, `${QUERIES.length} queries`);
  const { db, catalog, cleanup } = setup();
  try {
    const failures: string[] = [];
    for (const sql of QUERIES) {
      const want = expected(db, sql);
      const got = actual(catalog, sql);
      try {
        assert.deepStrictEqual(got, want);
      } catch {
        failures.push(`${sql}\n  want ${JSON.stringify(want)}\n  got  ${JSON.stringify(got)}`);
      }
    }
    assert.deepStrictEqual(failures, []);
  } finally {
    cleanup();
  }
});

/** Random SELECTs over the schema: result expressions, sources, joins, subqueries. */
function arbQuery(): fc.Arbitrary<string> {
  const source = fc.constantFrom("t", "u", "w", "nr", "v", "v2", "vj", '"Mixed"', "vc");
  const colsOf: Record<string, string[]> = {
    t: ["id", "a", "b", '"a b"', "c", "rowid"],
    u: ["id", "a", "d", "__proto__", "oid"],
    w: ["x", "y"],
    nr: ["p", "q", "_rowid_"],
    v: ["a", "bb", '"a+1"'],
    v2: ["m", "n"],
    vj: ["id", "d"],
    '"Mixed"': ['"Col"', "constructor"],
    vc: ["a"],
  };
  return fc.record({
    src: source,
    cols: fc.array(fc.nat(20), { minLength: 1, maxLength: 4 }),
    wrap: fc.boolean(),
    alias: fc.boolean(),
  }).map(({ src, cols, wrap, alias }) => {
    const names = colsOf[src];
    const exprs = cols.map((n, i) => {
      const c = names[n % names.length];
      switch (n % 7) {
        case 0:
          return `${c} + 1`;
        case 1:
          return `${c} as k${i}`;
        case 2:
          return `(${c})`;
        case 3:
          return "*";
        case 4:
          return `upper(${c})`;
        default:
          return c;
      }
    });
    const inner = `select ${exprs.join(", ")} from ${src}`;
    if (!wrap) return inner;
    return `select * from (${inner})${alias ? " as s" : ""}`;
  });
}

Deno.test("column names and origins match node:sqlite (generated queries)", () => {
  const { seed, numRuns } = propertyParams();
  console.log(`column names property: LITEJIT_SEED=${seed}`);
  const { db, catalog, cleanup } = setup();
  try {
    fc.assert(
      fc.property(arbQuery(), (sql) => {
        assert.deepStrictEqual(actual(catalog, sql), expected(db, sql), sql);
      }),
      { seed, numRuns },
    );
  } finally {
    cleanup();
  }
});
