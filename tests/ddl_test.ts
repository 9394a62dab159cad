/**
 * The schema-statement parser against real SQLite. Every statement is run in node:sqlite;
 * when SQLite rejects it, parseSchemaSql must reject it too; when SQLite accepts it, the
 * text SQLite stored in sqlite_schema is parsed and compared with what SQLite reports:
 * PRAGMA table_xinfo (names, declared types, NOT NULL, DEFAULT text, pk, hidden),
 * pragma_table_list (WITHOUT ROWID, STRICT), the automatic indexes (sqlite_schema rows,
 * PRAGMA index_list origins, PRAGMA index_xinfo key columns), the rowid alias (found by
 * inserting rows) and the column affinities (found from the storage class of inserted
 * values). CREATE INDEX is compared with PRAGMA index_xinfo.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { DatabaseSync } from "node:sqlite";
import { SqliteError } from "../core/errors.ts";
import {
  autoIndexes,
  type IndexDef,
  parseSchemaSql,
  type TableDef,
  type TriggerDef,
  type ViewDef,
  type VirtualTableDef,
} from "../core/sql/ddl.ts";
import { KEYWORD_LIST } from "../core/sql/tokenize.ts";
import { Affinity } from "../core/value/types.ts";
import { affinityOfDeclaredType } from "../core/value/affinity_of_type.ts";

const SEED = Number(Deno.env.get("LITEJIT_SEED") ?? Date.now() % 2 ** 31);
const RUNS = Number(Deno.env.get("LITEJIT_RUNS") ?? 400);
console.log(`ddl_test: LITEJIT_SEED=${SEED}`);

/** CREATE TABLE statements exercising SQLite's quirks; SQLite decides what is right. */
const DDL_CORPUS = [
  "CREATE TABLE t(a GENERATED ALWAYS AS (1), b)",
  "CREATE TABLE t(a INT GENERATED ALWAYS AS (1), b)",
  "CREATE TABLE t(a GENERATED AS (1), b)",
  "CREATE TABLE t(a GENERATED, b)",
  "CREATE TABLE t(a INT GENERATED, b)",
  "CREATE TABLE t(a abcdefghijalways, b)",
  "CREATE TABLE t(a abcdefghijgeneratedalways, b)",
  "CREATE TABLE t(a x GENERATED ALWAYS)",
  "CREATE TABLE t(a éééééalways)",
  "CREATE TABLE t(a ééééalways)",
  "CREATE TABLE t(a integer, b \"INTEGER\", c [int], d 'Text', e VARCHAR ( 10 ), " +
  'f UNSIGNED   BIG /*x*/ INT, g "VARCHAR"(10), h \'a\' \'b\', i "a""b")',
  'CREATE TABLE t(a [int] x, b [a] b, c "", d \'\', e [], f "INTEGER" x PRIMARY KEY)',
  "CREATE TABLE t(a INTEGER PRIMARY KEY DESC, b)",
  "CREATE TABLE t(a INTEGER, b, PRIMARY KEY(a DESC))",
  "CREATE TABLE t(a INTEGER, b, PRIMARY KEY(a COLLATE nocase))",
  "CREATE TABLE t(a INTEGER, b, PRIMARY KEY(a COLLATE nocase DESC)) WITHOUT ROWID",
  "CREATE TABLE t(a INTEGER PRIMARY KEY, b UNIQUE) WITHOUT ROWID",
  "CREATE TABLE t(b UNIQUE, a INTEGER PRIMARY KEY) WITHOUT ROWID",
  "CREATE TABLE t(a INTEGER PRIMARY KEY, b, UNIQUE(a)) WITHOUT ROWID",
  "CREATE TABLE t(a INT PRIMARY KEY, b)",
  'CREATE TABLE t(a "INTEGER" PRIMARY KEY, b)',
  "CREATE TABLE t(a INTEGER PRIMARY KEY AUTOINCREMENT, b)",
  "CREATE TABLE t(a INT PRIMARY KEY AUTOINCREMENT, b)",
  "CREATE TABLE t(a INTEGER, PRIMARY KEY(a AUTOINCREMENT))",
  "CREATE TABLE t(a INTEGER, b, PRIMARY KEY(a, b AUTOINCREMENT))",
  "CREATE TABLE t(a INTEGER PRIMARY KEY AUTOINCREMENT) WITHOUT ROWID",
  "CREATE TABLE t(a UNIQUE, b PRIMARY KEY, c UNIQUE, UNIQUE(a), UNIQUE(b), " +
  "UNIQUE(a COLLATE nocase), UNIQUE(b,c), UNIQUE(c,b))",
  "CREATE TABLE t(a UNIQUE, b PRIMARY KEY, c) WITHOUT ROWID",
  "CREATE TABLE t(a UNIQUE, b INTEGER PRIMARY KEY, c) WITHOUT ROWID",
  "CREATE TABLE t(a PRIMARY KEY COLLATE nocase, b COLLATE RTRIM UNIQUE)",
  "CREATE TABLE t(a UNIQUE COLLATE nocase UNIQUE, b, UNIQUE(a))",
  "CREATE TABLE t(a COLLATE nocase UNIQUE COLLATE binary UNIQUE)",
  "CREATE TABLE t(a UNIQUE PRIMARY KEY, b)",
  "CREATE TABLE t(a UNIQUE PRIMARY KEY, b) WITHOUT ROWID",
  "CREATE TABLE t(a UNIQUE ON CONFLICT IGNORE, b, UNIQUE(a) ON CONFLICT REPLACE)",
  "CREATE TABLE t(a UNIQUE ON CONFLICT IGNORE, b, UNIQUE(a))",
  "CREATE TABLE t(a UNIQUE, b, UNIQUE(a) ON CONFLICT REPLACE, UNIQUE(b) ON CONFLICT FAIL)",
  "CREATE TABLE t(a DEFAULT 5, b DEFAULT -5, c DEFAULT +5, d DEFAULT (5), e DEFAULT ('x'), " +
  'f DEFAULT abc, g DEFAULT true, h DEFAULT "x", i DEFAULT - 0x10, j DEFAULT CURRENT_TIME, ' +
  "k DEFAULT ( 1 + 2 ), l default x'00', m default 1_000, n default key, o DEFAULT [x])",
  "CREATE TABLE t(a DEFAULT (\n 5 /* c */ \n))",
  "CREATE TABLE t(a DEFAULT -'x', b DEFAULT +x'00', c DEFAULT -NULL, d DEFAULT +CURRENT_DATE)",
  "CREATE TABLE t(a DEFAULT -abc)",
  "CREATE TABLE t(a DEFAULT 1_0__0)",
  "CREATE TABLE t(a DEFAULT (abc))",
  'CREATE TABLE t(a DEFAULT ("abc"))',
  "CREATE TABLE t(a GENERATED ALWAYS AS (1) VIRTUAL, b AS (2) STORED, c)",
  'CREATE TABLE t(a AS (1) "stored", b)',
  "CREATE TABLE t(a AS (1) foo, b)",
  "CREATE TABLE t(a AS (1) DEFAULT 5, b)",
  "CREATE TABLE t(a DEFAULT 5 AS (1), b)",
  "CREATE TABLE t(a AS (1) PRIMARY KEY, b)",
  "CREATE TABLE t(a PRIMARY KEY AS (1), b)",
  "CREATE TABLE t(a AS (1), b, PRIMARY KEY(a))",
  "CREATE TABLE t(a AS (1))",
  "CREATE TABLE t(a, b, UNIQUE(rowid))",
  "CREATE TABLE t(a, b, UNIQUE((a)))",
  "CREATE TABLE t(a, b, UNIQUE('a'))",
  'CREATE TABLE t(a, b, UNIQUE("A" COLLATE nocase))',
  "CREATE TABLE t(a, b, UNIQUE(t.a))",
  "CREATE TABLE t(a, b, UNIQUE(a+1))",
  "CREATE TABLE t(a, b, UNIQUE(+a))",
  "CREATE TABLE t(a, b, UNIQUE(x))",
  "CREATE TABLE t(a, b, UNIQUE(a NULLS FIRST))",
  "CREATE TABLE t(a, b, PRIMARY KEY(a DESC NULLS LAST))",
  "CREATE TABLE t(a, b, PRIMARY KEY(a,b,a))",
  "CREATE TABLE t(a, b, PRIMARY KEY(a,b,a)) WITHOUT ROWID",
  "CREATE TABLE t(a, b, PRIMARY KEY(a, a COLLATE nocase, b)) WITHOUT ROWID",
  "CREATE TABLE t(a, b, UNIQUE(a, a), PRIMARY KEY(a, a)) WITHOUT ROWID",
  "CREATE TABLE t(a, b PRIMARY KEY, PRIMARY KEY(a))",
  "CREATE TABLE t AS SELECT 1 AS a",
  "CREATE TABLE IF NOT EXISTS main.t(a)",
  'create   table   "t" ( a , b )',
  "CREATE TEMP TABLE t(a)",
  "CREATE TABLE t(a INT, b TEXT) STRICT, WITHOUT ROWID",
  "CREATE TABLE t(a INT PRIMARY KEY, b TEXT) STRICT, WITHOUT ROWID",
  "CREATE TABLE t(a INTEGER PRIMARY KEY, b ANY, c INT, d REAL, e TEXT, f BLOB) STRICT",
  "CREATE TABLE t(a INTEGER, b INT, PRIMARY KEY(a, b)) STRICT",
  "CREATE TABLE t(a VARCHAR) STRICT",
  "CREATE TABLE t(a) STRICT",
  'CREATE TABLE t(a "") STRICT',
  "CREATE TABLE t(a int) WITHOUT ROWID",
  'CREATE TABLE t(a int) WITHOUT "rowid"',
  "CREATE TABLE t(a int) strict, strict",
  "CREATE TABLE t(a int) STRICT WITHOUT ROWID",
  "CREATE TABLE t(a int) foo",
  'CREATE TABLE t(a int) "strict"',
  "CREATE TABLE t(a int) WITHOUT",
  "CREATE TABLE t(a, A)",
  'CREATE TABLE t(a, "A")',
  'CREATE TABLE t("é", "É")',
  "CREATE TABLE t(a CONSTRAINT c1, CHECK(a > 0))",
  "CREATE TABLE t(a, CONSTRAINT c1)",
  "CREATE TABLE t(a, CONSTRAINT c1 CHECK(1) UNIQUE(a) PRIMARY KEY(a))",
  "CREATE TABLE t(a, UNIQUE(a),)",
  "CREATE TABLE t(a, PRIMARY KEY(a), b)",
  "CREATE TABLE t(PRIMARY KEY(a))",
  "CREATE TABLE t(a REFERENCES p(x, y))",
  "CREATE TABLE t(a REFERENCES p(x) ON DELETE SET NULL ON UPDATE NO ACTION MATCH simple " +
  "NOT DEFERRABLE INITIALLY DEFERRED, b)",
  "CREATE TABLE t(a, b, FOREIGN KEY(a, b) REFERENCES p(x))",
  "CREATE TABLE t(a, b, FOREIGN KEY(a, c) REFERENCES p)",
  "CREATE TABLE t(a, b, FOREIGN KEY(a) REFERENCES p(x) DEFERRABLE INITIALLY IMMEDIATE, " +
  "CHECK(b))",
  "CREATE TABLE t(a VARCHAR(1_0))",
  "CREATE TABLE t(a VARCHAR(-1), b NUM(+1.5, 2), c D(1, 2, 3))",
  "CREATE TABLE t(a VARCHAR(x))",
  "CREATE TABLE t(a VARCHAR(10) (20))",
  "CREATE TABLE t(a 'VARCHAR'(10) COLLATE \"nocase\")",
  "CREATE TABLE t(a NOT NULL ON CONFLICT FAIL DEFAULT 1 CHECK (a IN (1, 2)) " +
  "COLLATE rtrim REFERENCES p)",
  "CREATE TABLE t(a NOT DEFERRABLE, b DEFERRABLE INITIALLY DEFERRED)",
  "CREATE TABLE t(a NULL NULL NOT NULL)",
  "CREATE TABLE t(window, over, filter, within)",
  "CREATE TABLE t(a, b, PRIMARY KEY(b, a), UNIQUE(a, b), UNIQUE(b, a)) WITHOUT ROWID",
  "CREATE TABLE t(a PRIMARY KEY DESC, b UNIQUE) WITHOUT ROWID",
  "CREATE TABLE t(a INT PRIMARY KEY DESC, b) WITHOUT ROWID",
  'CREATE TABLE t("a""b" INT, [c d] TEXT, `e``f` BLOB, \'g h\' REAL)',
  'CREATE TABLE "t""x"(a)',
  "CREATE TABLE t(a) -- trailing comment",
  "CREATE TABLE t(a /* inner */ INT /* after */)",
  "CREATE TABLE t(a INT)\n;",
  "CREATE TABLE t(a INT); CREATE TABLE u(b)",
];

/** CREATE INDEX statements on t(a, b TEXT COLLATE nocase, c INTEGER PRIMARY KEY, ...). */
const INDEX_CORPUS = [
  "CREATE INDEX i ON t(a)",
  "CREATE UNIQUE INDEX IF NOT EXISTS main.i ON t(a DESC, b)",
  'CREATE INDEX i ON t(b COLLATE binary, "d e" COLLATE rtrim DESC)',
  "CREATE INDEX i ON t('a', (b), ((x)) COLLATE nocase)",
  "CREATE INDEX i ON t(c)",
  "CREATE INDEX i ON t(key, desc DESC, desc COLLATE nocase ASC)",
  "CREATE INDEX i ON t(a COLLATE desc)",
  "CREATE INDEX i ON t(a+1, -a COLLATE nocase, a COLLATE nocase || b, +a COLLATE rtrim DESC)",
  "CREATE INDEX i ON t(lower(b) COLLATE rtrim, CASE WHEN a THEN b END COLLATE nocase)",
  "CREATE INDEX i ON t(CAST(a AS TEXT) COLLATE nocase, (a+1) COLLATE nocase, abs(a) DESC)",
  "CREATE INDEX i ON t(NOT a COLLATE nocase, a IS NULL, a NOTNULL DESC)",
  "CREATE INDEX i ON t(a) WHERE a > 0 AND b IS NOT NULL",
  "CREATE INDEX i ON t(a) WHERE",
  "CREATE INDEX i ON t(a NULLS FIRST)",
  "CREATE INDEX i ON t(a DESC NULLS LAST)",
  "CREATE INDEX i ON t()",
  "CREATE INDEX i ON t(a,)",
  "CREATE INDEX i ON t(a) x",
  "CREATE INDEX if ON t(a)",
  "CREATE INDEX i ON main.t(a)",
  "CREATE TEMP INDEX i ON t(a)",
  "CREATE INDEX i ON t(x)",
  "CREATE INDEX i ON t(a + desc)",
  "CREATE INDEX i ON t(a IS desc)",
  "CREATE INDEX i ON t(a ->> 'x' COLLATE nocase)",
  "CREATE INDEX i ON t(a COLLATE nocase COLLATE rtrim)",
  "CREATE INDEX i ON t((a COLLATE nocase) COLLATE rtrim, (b COLLATE rtrim))",
];

type Row = Record<string, unknown>;

function openDb(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON");
  return db;
}

function tryExec(db: DatabaseSync, sql: string): string | null {
  try {
    db.exec(sql);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

function parseOrError(sql: string): TableDef | string {
  try {
    return parseSchemaSql(sql) as TableDef;
  } catch (e) {
    assert.ok(e instanceof SqliteError, `not a SqliteError: ${e}`);
    return e.message;
  }
}

function all(db: DatabaseSync, sql: string, ...params: (string | number)[]): Row[] {
  return db.prepare(sql).all(...params) as Row[];
}

const fold = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Asserts that our table definition matches what SQLite reports for table `name`. */
function checkTable(db: DatabaseSync, name: string, def: TableDef, context: string): void {
  const msg = (what: string) => `${what} differ for: ${context}`;
  const xinfo = all(db, "SELECT * FROM pragma_table_xinfo(?)", name);
  assert.deepStrictEqual(
    def.columns.map((c) => ({
      name: c.name,
      type: c.declaredType,
      notnull: c.notNull ? 1 : 0,
      dflt: c.defaultText,
      pk: c.pk,
      hidden: c.hidden,
    })),
    xinfo.map((r) => ({
      name: r.name,
      type: r.type,
      notnull: r.notnull,
      dflt: r.dflt_value,
      pk: r.pk,
      hidden: r.hidden,
    })),
    msg("columns"),
  );
  const [list] = all(db, "SELECT wr, strict FROM pragma_table_list WHERE name = ?", name);
  assert.deepStrictEqual(
    { wr: def.withoutRowid ? 1 : 0, strict: def.strict ? 1 : 0 },
    { wr: list.wr, strict: list.strict },
    msg("table flags"),
  );
  const ours = autoIndexes(def);
  const temp = all(db, "SELECT 1 FROM sqlite_temp_schema WHERE name = ?", name).length > 0;
  const schemaRows = all(
    db,
    `SELECT name FROM ${temp ? "sqlite_temp_schema" : "sqlite_schema"} ` +
      "WHERE type = 'index' AND tbl_name = ? AND sql IS NULL ORDER BY rowid",
    name,
  ).map((r) => r.name);
  assert.deepStrictEqual(
    ours.filter((i) => i.hasSchemaRow).map((i) => i.name),
    schemaRows,
    msg("sqlite_schema index rows"),
  );
  const indexList = all(
    db,
    "SELECT name, origin FROM pragma_index_list(?) WHERE origin <> 'c' ORDER BY name",
    name,
  );
  assert.deepStrictEqual(
    [...ours].sort((a, b) => (a.name < b.name ? -1 : 1)).map((i) => ({
      name: i.name,
      origin: i.origin,
      keys: i.columns.map((c) => ({ cid: c.column, coll: c.collation, desc: c.desc ? 1 : 0 })),
    })),
    indexList.map((r) => ({
      name: r.name,
      origin: r.origin,
      keys: all(
        db,
        "SELECT cid, coll, desc FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno",
        r.name as string,
      ).map((k) => ({ cid: k.cid, coll: k.coll, desc: k.desc })),
    })),
    msg("automatic indexes"),
  );
  checkRowsAndAffinity(db, name, def, context);
}

/** Storage classes SQLite gives the inserted values '3', '1.5' and 7 for each affinity. */
const STORED_AS: Record<string, string[]> = {
  [Affinity.Blob]: ["text", "text", "integer"],
  [Affinity.Text]: ["text", "text", "text"],
  [Affinity.Numeric]: ["integer", "real", "integer"],
  [Affinity.Integer]: ["integer", "real", "integer"],
  [Affinity.Real]: ["real", "real", "real"],
};

const quoteId = (s: string) => `"${s.replaceAll('"', '""')}"`;

/**
 * Inserts three rows and checks (rowid tables) that the rowid alias column holds the
 * rowid and no other column does, and (non-STRICT tables) the storage class of each
 * inserted value, which follows the column's affinity.
 */
function checkRowsAndAffinity(db: DatabaseSync, name: string, def: TableDef, context: string) {
  db.exec(`DELETE FROM ${quoteId(name)}`);
  // A constant generated column under a UNIQUE key admits only one row, and in a STRICT
  // table its value may not fit the column's type: skip those.
  if (def.keyConstraints.some((k) => k.columns.some((c) => def.columns[c.column].generated))) {
    return;
  }
  if (def.strict && def.columns.some((c) => c.generated)) return;
  const targets = def.columns
    .map((c, i) => ({ c, i }))
    .filter(({ c, i }) => c.generated === null && i !== def.rowidAlias);
  const strictValue = (t: string, row: number) =>
    t === "INT" || t === "INTEGER"
      ? String(10 + row)
      : t === "REAL"
      ? `${row}.5`
      : t === "BLOB"
      ? `x'0${row}'`
      : `'s${row}'`;
  const values = ["'3'", "'1.5'", "7"];
  // A column may be called rowid: use a name for the rowid that no column has.
  const rowid = ["rowid", "_rowid_", "oid"].find((n) =>
    !def.columns.some((c) => fold(c.name) === n)
  );
  const checkRowid = !def.withoutRowid && rowid !== undefined;
  for (let row = 0; row < 3; row++) {
    const cols = targets.map(({ c }) => quoteId(c.name));
    const vals = targets.map(({ c }) =>
      def.strict ? strictValue(c.declaredType, row) : values[row]
    );
    if (checkRowid) {
      cols.unshift(rowid);
      vals.unshift(String(100 * (row + 1)));
    }
    if (cols.length === 0) continue;
    const err = tryExec(
      db,
      `INSERT INTO ${quoteId(name)} (${cols.join(", ")}) VALUES (${vals.join(", ")})`,
    );
    assert.equal(err, null, `insert failed (${err}) for: ${context}`);
  }
  if (checkRowid) {
    const rows = all(db, `SELECT ${rowid} AS r FROM ${quoteId(name)} ORDER BY ${rowid}`);
    assert.deepStrictEqual(rows.map((r) => r.r), [100, 200, 300], `rowids for: ${context}`);
    if (def.rowidAlias >= 0) {
      const alias = quoteId(def.columns[def.rowidAlias].name);
      const vals = all(db, `SELECT ${alias} AS v FROM ${quoteId(name)} ORDER BY ${rowid}`);
      assert.deepStrictEqual(vals.map((r) => r.v), [100, 200, 300], `alias for: ${context}`);
    }
  }
  if (def.strict || targets.length === 0) return;
  const order = checkRowid ? ` ORDER BY ${rowid}` : "";
  for (const { c } of targets) {
    const got = all(db, `SELECT typeof(${quoteId(c.name)}) AS t FROM ${quoteId(name)}${order}`)
      .map((r) => r.t);
    if (!checkRowid) got.sort();
    const want = [...STORED_AS[c.affinity]];
    if (!checkRowid) want.sort();
    assert.deepStrictEqual(want, got, `affinity of ${c.name} for: ${context}`);
  }
}

/**
 * Runs one CREATE TABLE in SQLite and checks our parser agrees: same accept/reject
 * decision, and on success the same table. Returns true if SQLite accepted it.
 */
function checkCreateTable(sql: string, extra: string[] = []): boolean {
  const db = openDb();
  try {
    const sqliteError = tryExec(db, sql);
    const ours = parseOrError(sql);
    if (sqliteError !== null) {
      assert.equal(typeof ours, "string", `SQLite rejects (${sqliteError}) but we accept: ${sql}`);
      return false;
    }
    // CREATE TABLE ... AS SELECT runs, but only its rewritten form can be stored.
    const asSelect = /^CREATE TABLE \w+ AS SELECT/.test(sql);
    if (!asSelect) {
      assert.notEqual(typeof ours, "string", `SQLite accepts but we reject (${ours}): ${sql}`);
    }
    const [row] = all(
      db,
      "SELECT name, sql FROM sqlite_schema WHERE type = 'table' UNION ALL " +
        "SELECT name, sql FROM sqlite_temp_schema WHERE type = 'table'",
    );
    const stored = parseSchemaSql(row.sql as string) as TableDef;
    assert.equal(stored.kind, "table");
    assert.equal(stored.name, row.name);
    if (!asSelect) {
      assert.deepStrictEqual(
        { ...(ours as TableDef), schema: null },
        stored,
        `original and stored text parse differently: ${sql}`,
      );
    }
    for (const s of extra) checkIndexStatement(db, s, stored);
    checkTable(db, row.name as string, stored, sql);
    return true;
  } finally {
    db.close();
  }
}

/** Runs a CREATE INDEX on the table and compares our IndexDef with PRAGMA index_xinfo. */
function checkIndexStatement(db: DatabaseSync, sql: string, table: TableDef): boolean {
  const sqliteError = tryExec(db, sql);
  let ours: IndexDef | string;
  try {
    ours = parseSchemaSql(sql) as IndexDef;
  } catch (e) {
    ours = (e as Error).message;
  }
  if (sqliteError !== null) {
    // Name resolution and function checks belong to the loader and the expression layer.
    if (
      typeof ours !== "string" &&
      /no such column|no such collation|no such function|prohibited|misuse/.test(sqliteError)
    ) return false;
    assert.equal(typeof ours, "string", `SQLite rejects (${sqliteError}) but we accept: ${sql}`);
    return false;
  }
  assert.notEqual(typeof ours, "string", `SQLite accepts but we reject (${ours}): ${sql}`);
  const def = ours as IndexDef;
  const [row] = all(db, "SELECT name, sql FROM sqlite_schema WHERE name = ?", def.name);
  assert.deepStrictEqual(
    parseSchemaSql(row.sql as string),
    { ...def, schema: null },
    `stored text: ${sql}`,
  );
  const keys = all(
    db,
    "SELECT cid, coll, desc FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno",
    def.name,
  );
  const [info] = all(
    db,
    'SELECT "unique" AS u, partial FROM pragma_index_list(?) WHERE name = ?',
    table.name,
    def.name,
  );
  assert.deepStrictEqual(
    { u: def.unique ? 1 : 0, partial: def.whereText === null ? 0 : 1 },
    { u: info.u, partial: info.partial },
    `index flags: ${sql}`,
  );
  assert.deepStrictEqual(
    def.columns.map((c) => {
      if (c.column === null) {
        return { cid: -2, coll: c.collation ?? "BINARY", desc: c.desc ? 1 : 0 };
      }
      const cid = table.columns.findIndex((col) => fold(col.name) === fold(c.column!));
      const coll = c.collation ?? table.columns[cid]?.collation ?? "BINARY";
      return { cid, coll, desc: c.desc ? 1 : 0 };
    }),
    keys.map((k) => ({ cid: k.cid, coll: k.coll, desc: k.desc })),
    `index columns: ${sql}`,
  );
  return true;
}

Deno.test("CREATE TABLE corpus matches SQLite", () => {
  let accepted = 0;
  for (const sql of DDL_CORPUS) if (checkCreateTable(sql)) accepted++;
  assert.ok(accepted > DDL_CORPUS.length / 2, `only ${accepted} accepted`);
});

Deno.test("CREATE INDEX corpus matches SQLite", () => {
  const table = 'CREATE TABLE t(a, b TEXT COLLATE nocase, c INTEGER PRIMARY KEY, "d e", ' +
    "[key], desc, x)";
  let accepted = 0;
  for (const sql of INDEX_CORPUS) {
    const db = openDb();
    try {
      db.exec(table);
      const def = parseSchemaSql(table) as TableDef;
      if (checkIndexStatement(db, sql, def)) accepted++;
    } finally {
      db.close();
    }
  }
  assert.ok(accepted > INDEX_CORPUS.length / 2, `only ${accepted} accepted`);
});

Deno.test("every keyword in name, type and DEFAULT positions", () => {
  let accepted = 0;
  for (const kw of [...KEYWORD_LIST, "WITHIN", "rowid", "true"]) {
    for (const kwCase of [kw, kw.toLowerCase()]) {
      const statements = [
        `CREATE TABLE t(${kwCase} INT)`,
        `CREATE TABLE t(a ${kwCase})`,
        `CREATE TABLE t(a INT ${kwCase})`,
        `CREATE TABLE t(a ${kwCase} ${kwCase})`,
        `CREATE TABLE ${kwCase}(a)`,
        `CREATE TABLE t(a DEFAULT ${kwCase})`,
        `CREATE TABLE t(a DEFAULT (${kwCase}))`,
        `CREATE TABLE t(a DEFAULT -${kwCase})`,
        `CREATE TABLE t(${kwCase}, b, UNIQUE(${kwCase}))`,
        `CREATE TABLE t(${kwCase}, b, PRIMARY KEY(b, ${kwCase} DESC))`,
        `CREATE TABLE t(a PRIMARY KEY ${kwCase})`,
        `CREATE TABLE t(a AS (1) ${kwCase}, b)`,
        `CREATE TABLE t(a) ${kwCase}`,
        `CREATE TABLE t(a, CONSTRAINT ${kwCase} CHECK(1))`,
      ];
      for (const s of statements) if (checkCreateTable(s)) accepted++;
    }
  }
  assert.ok(accepted > 1000, `only ${accepted} accepted`);
});

Deno.test("every keyword as index, view, trigger and virtual table names", () => {
  for (const kw of KEYWORD_LIST) {
    const cases: [string, string][] = [
      [`CREATE INDEX ${kw} ON t(a)`, "index"],
      [`CREATE INDEX i ON t(${kw})`, "index"],
      [`CREATE INDEX i ON t(a ${kw})`, "index"],
      [`CREATE INDEX i ON t(a COLLATE ${kw === "BINARY" ? kw : "nocase"} ${kw})`, "index"],
      [`CREATE VIEW ${kw} AS SELECT 1`, "view"],
      [`CREATE VIEW v(${kw}) AS SELECT 1`, "view"],
      [`CREATE TRIGGER ${kw} AFTER INSERT ON t BEGIN SELECT 1; END`, "trigger"],
      [`CREATE TRIGGER tr AFTER INSERT ON t WHEN ${kw} BEGIN SELECT 1; END`, "trigger"],
      [`CREATE VIRTUAL TABLE ${kw} USING fts5(a)`, "table"],
    ];
    for (const [sql, type] of cases) {
      const db = openDb();
      try {
        db.exec(`CREATE TABLE t(a, ${quoteId(kw)})`);
        const sqliteError = tryExec(db, sql);
        let ours: string | { name: string } = "";
        try {
          ours = parseSchemaSql(sql) as IndexDef;
        } catch (e) {
          ours = (e as Error).message;
        }
        if (sqliteError !== null) {
          // Name resolution and function checks are not the parser's job.
          if (/no such column|prohibited/.test(sqliteError)) continue;
          assert.equal(typeof ours, "string", `SQLite rejects (${sqliteError}), we accept: ${sql}`);
          continue;
        }
        assert.notEqual(typeof ours, "string", `SQLite accepts, we reject (${ours}): ${sql}`);
        const rows = all(
          db,
          "SELECT name FROM sqlite_schema WHERE type = ? AND name = ?",
          type,
          (ours as { name: string }).name,
        );
        assert.equal(rows.length, 1, `no ${type} named ${(ours as { name: string }).name}`);
      } finally {
        db.close();
      }
    }
  }
});

Deno.test("views, virtual tables and triggers", () => {
  const db = openDb();
  try {
    db.exec("CREATE TABLE t(a, b)");
    const view = `CREATE VIEW IF NOT EXISTS "my view" ( x, "y z" ) AS SELECT a, b FROM t;`;
    db.exec(view);
    const [v] = all(db, "SELECT sql FROM sqlite_schema WHERE name = 'my view'");
    const vdef = parseSchemaSql(v.sql as string) as ViewDef;
    assert.equal(vdef.kind, "view");
    assert.deepStrictEqual(
      vdef.columns,
      all(db, "SELECT name FROM pragma_table_info('my view')").map((r) => r.name),
    );
    assert.equal(vdef.selectText, (v.sql as string).slice((v.sql as string).indexOf("SELECT")));
    const vt = "CREATE VIRTUAL TABLE ft USING fts5(a, b , tokenize = 'porter ascii', " +
      "prefix='2 3')";
    db.exec(vt);
    const [f] = all(db, "SELECT sql FROM sqlite_schema WHERE name = 'ft'");
    const fdef = parseSchemaSql(f.sql as string) as VirtualTableDef;
    assert.equal(fdef.module, "fts5");
    // fts5 saw the same arguments: its column list is the non-option arguments.
    const ftCols = all(db, "SELECT name FROM pragma_table_info('ft')").map((r) => r.name);
    assert.deepStrictEqual(fdef.args.filter((a) => !a.includes("=")), ftCols);
    const trig = "CREATE TRIGGER IF NOT EXISTS tr BEFORE UPDATE OF a, b ON t FOR EACH ROW " +
      "WHEN new.a > 0 BEGIN UPDATE t SET b = CASE WHEN 1 THEN 2 END; SELECT 1; END";
    db.exec(trig);
    const [tr] = all(db, "SELECT tbl_name, sql FROM sqlite_schema WHERE name = 'tr'");
    const tdef = parseSchemaSql(tr.sql as string) as TriggerDef;
    assert.equal(tdef.table, tr.tbl_name);
    assert.deepStrictEqual(tdef.updateOf, ["a", "b"]);
    assert.equal(tdef.whenText, "new.a > 0");
    assert.equal(tdef.bodyText, "UPDATE t SET b = CASE WHEN 1 THEN 2 END; SELECT 1;");
  } finally {
    db.close();
  }
});

Deno.test("only the first statement is read; syntax errors use SQLite's messages", () => {
  const db = openDb();
  try {
    for (
      const sql of [
        "CREATE TABLE t(a", // incomplete input
        "CREATE TABLE t(a,)",
        "CREATE TABLE t(a) x y",
        "CREATE TABLE t('abc)",
        "CREATE TABLE t(a 1_0__0)",
        "CREATE TABLE t(a DEFAULT 1__0)",
        "CREATE TABLE t(a INT PRIMARY KEY PRIMARY KEY)",
        "CREATE TABLE t(a); garbage 'unterminated",
      ]
    ) {
      // prepare() compiles the first statement only, as SQLite does when loading a schema.
      let sqliteError: string | null = null;
      try {
        db.prepare(sql);
      } catch (e) {
        sqliteError = (e as Error).message;
      }
      const ours = parseOrError(sql);
      if (sqliteError === null) {
        assert.notEqual(typeof ours, "string", sql);
        continue;
      }
      // node:sqlite appends nothing for these; compare the message SQLite gives.
      assert.equal(ours, sqliteError.replace(/ in .* at offset \d+$/, ""), sql);
    }
  } finally {
    db.close();
  }
});

// ---------------------------------------------------------------------------------------
// Random CREATE TABLE statements.

const colNames = ["a", "b", "c", "key", "Desc", "generated", "left", "indexed", '"x y"'];
const refStyles = (n: string) =>
  n.startsWith('"')
    ? fc.constant(n)
    : fc.constantFrom(n, n.toUpperCase(), `"${n}"`, `[${n}]`, `'${n}'`, `\`${n}\``);
const typeArb = fc.constantFrom(
  "",
  "INT",
  "INTEGER",
  "integer",
  '"INTEGER"',
  "[int]",
  "TEXT",
  "VARCHAR(10)",
  "DECIMAL(10, 5)",
  "DECIMAL ( +10 , -5 )",
  "DOUBLE PRECISION",
  "UNSIGNED BIG INT",
  "BLOB",
  "REAL",
  "ANY",
  "NUMERIC",
  "BOOLEAN",
  "DATETIME",
  "CHARINT",
  "FLOATING POINT",
  "'abc'",
  '""',
  "x GENERATED ALWAYS",
  "int ALWAYS",
  "abcdefghijalways",
  "[int] x",
  "key value",
  "VARCHAR(1.5e2)",
  "a /* c */  b",
  '"my""type"',
  "éééééalways",
  "INTEGER PRIMARY",
);
const defaultArb = fc.constantFrom(
  "5",
  "-5",
  "+5",
  "(5)",
  "('x')",
  "abc",
  "true",
  "FALSE",
  '"x"',
  "- 0x10",
  "CURRENT_TIME",
  "( 1 + 2 )",
  "x'00'",
  "1_000",
  "key",
  "1.5e3",
  "-1.5",
  "NULL",
  "(-5)",
  "((5))",
  "(- - 5)",
  "+'x'",
  "'it''s'",
  "[ab]",
  "(true)",
  "-'x'",
);
const collArb = fc.constantFrom("nocase", "NOCASE", "binary", "rtrim", '"NoCase"', "RTRIM");
/** `arb` one time in `n`, else `none`. */
function sometimes<T>(arb: fc.Arbitrary<T>, none: T, n: number): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: fc.constant(none), weight: n - 1 }, { arbitrary: arb, weight: 1 });
}

const conflictArb = sometimes(
  fc.constantFrom("ROLLBACK", "ABORT", "FAIL", "IGNORE", "REPLACE").map((r) => ` ON CONFLICT ${r}`),
  "",
  5,
);

const rarely = fc.constantFrom(false, false, false, false, false, false, true);

const columnConstraintArb = fc.oneof(
  {
    arbitrary: fc.tuple(fc.constantFrom("", " ASC", " DESC"), conflictArb, rarely).map(
      ([o, c, ai]) => `PRIMARY KEY${o}${c}${ai ? " AUTOINCREMENT" : ""}`,
    ),
    weight: 1,
  },
  { arbitrary: conflictArb.map((c) => `UNIQUE${c}`), weight: 3 },
  {
    arbitrary: fc.constantFrom("NOT NULL", "NULL", "CHECK (1)", "REFERENCES p(x)", "CONSTRAINT cn"),
    weight: 3,
  },
  { arbitrary: defaultArb.map((d) => `DEFAULT ${d}`), weight: 3 },
  { arbitrary: collArb.map((c) => `COLLATE ${c}`), weight: 3 },
  {
    arbitrary: fc.constantFrom("GENERATED ALWAYS AS (1)", "AS ('x') STORED", "AS (2) VIRTUAL"),
    weight: 1,
  },
);

interface ColumnSpec {
  name: string;
  sql: string;
}

const columnArb = (name: string): fc.Arbitrary<ColumnSpec> =>
  fc.tuple(refStyles(name), typeArb, fc.array(columnConstraintArb, { maxLength: 3 })).map(
    ([written, type, cons]) => ({
      name,
      sql: [written, type, ...cons].filter((s) => s !== "").join(" "),
    }),
  );

function keyTermArb(names: string[]) {
  return fc.tuple(
    fc.constantFrom(...names).chain(refStyles),
    sometimes<string | undefined>(collArb, undefined, 3),
    fc.constantFrom("", " ASC", " DESC"),
    fc.boolean(),
  ).map(([n, coll, order, paren]) => {
    const ref = paren ? `(${n})` : n;
    return `${ref}${coll ? ` COLLATE ${coll}` : ""}${order}`;
  });
}

function tableConstraintArb(names: string[]) {
  const terms = fc.array(keyTermArb(names), { minLength: 1, maxLength: 3 });
  return fc.oneof(
    fc.tuple(terms, conflictArb, rarely).map(([t, c, ai]) =>
      `PRIMARY KEY(${t.join(", ")}${ai ? " AUTOINCREMENT" : ""})${c}`
    ),
    fc.tuple(terms, conflictArb).map(([t, c]) => `UNIQUE(${t.join(", ")})${c}`),
    fc.tuple(terms, conflictArb).map(([t, c]) => `UNIQUE(${t.join(", ")})${c}`),
    fc.constantFrom("CHECK (1)", "CONSTRAINT k CHECK (2 > 1)"),
    fc.constantFrom(...names).chain(refStyles).map((n) =>
      `FOREIGN KEY(${n}) REFERENCES p(x) ON DELETE CASCADE`
    ),
  );
}

// Column names are mostly distinct (a repeated one tests "duplicate column name").
const tableArb = fc.tuple(
  fc.uniqueArray(fc.constantFrom(...colNames), { minLength: 1, maxLength: 5 }),
  sometimes<string | undefined>(fc.constantFrom(...colNames), undefined, 10),
).chain(([unique, extra]) => {
  const chosen = extra === undefined ? unique : [...unique, extra];
  return fc.tuple(...chosen.map((n) => columnArb(n)));
}).chain((cols) => {
  const names = [...new Set(cols.map((c) => c.name))];
  return fc.tuple(
    fc.constant(cols),
    fc.array(tableConstraintArb(names), { maxLength: 2 }),
    fc.constantFrom("", "", "", " WITHOUT ROWID", " STRICT", " STRICT, WITHOUT ROWID"),
    fc.constantFrom("t", "T1", '"my table"', "[key]"),
  );
}).map(([cols, cons, opts, tname]) =>
  `CREATE TABLE ${tname}(${[...cols.map((c) => c.sql), ...cons].join(", ")})${opts}`
);

const indexTermArb = fc.oneof(
  keyTermArb(["a", "b", "c"]),
  fc.tuple(
    fc.constantFrom(
      "a+1",
      "-a",
      "lower(b)",
      "a || b",
      "CASE WHEN a THEN b END",
      "CAST(a AS TEXT)",
      "(a+1)",
      "abs(-a)",
      "a COLLATE nocase || b",
      "a->>'x'",
    ),
    fc.option(collArb, { nil: undefined }),
    fc.constantFrom("", " ASC", " DESC"),
  ).map(([e, coll, order]) => `${e}${coll ? ` COLLATE ${coll}` : ""}${order}`),
);

const indexArb = fc.tuple(
  fc.boolean(),
  fc.array(indexTermArb, { minLength: 1, maxLength: 3 }),
  fc.constantFrom("", " WHERE a > 0", " WHERE b IS NOT NULL AND (a < 5)"),
).map(([u, terms, where]) =>
  `CREATE ${u ? "UNIQUE " : ""}INDEX ix ON t(${terms.join(", ")})${where}`
);

Deno.test("random CREATE TABLE statements match SQLite", () => {
  let accepted = 0;
  let total = 0;
  fc.assert(
    fc.property(tableArb, (sql) => {
      total++;
      if (checkCreateTable(sql)) accepted++;
    }),
    { seed: SEED, numRuns: RUNS },
  );
  console.log(`  ${accepted}/${total} statements accepted by SQLite`);
  assert.ok(accepted > total / 5, `only ${accepted}/${total} accepted`);
});

Deno.test("random CREATE INDEX statements match SQLite", () => {
  let accepted = 0;
  fc.assert(
    fc.property(
      indexArb,
      fc.constantFrom(
        "CREATE TABLE t(a INT, b TEXT COLLATE nocase, c)",
        "CREATE TABLE t(a PRIMARY KEY, b COLLATE rtrim, c) WITHOUT ROWID",
      ),
      (sql, table) => {
        const db = openDb();
        try {
          db.exec(table);
          if (checkIndexStatement(db, sql, parseSchemaSql(table) as TableDef)) accepted++;
        } finally {
          db.close();
        }
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
  assert.ok(accepted > RUNS / 4, `only ${accepted} accepted`);
});

Deno.test("affinityOfDeclaredType matches CAST and column storage", () => {
  const words = [
    "INT",
    "int",
    "CHAR",
    "CLOB",
    "TEXT",
    "BLOB",
    "REAL",
    "FLOA",
    "DOUB",
    "POINT",
    "VAR",
    "NUM",
    "x",
    "ANY",
    "é",
    "bigint",
    "Floating",
    "Dou",
    "b",
    "Pin",
  ];
  const typeArb = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }).chain((ws) =>
    fc.array(fc.constantFrom("", " "), { minLength: ws.length, maxLength: ws.length }).map(
      (seps) => ws.map((w, i) => (i > 0 ? seps[i] : "") + w).join(""),
    )
  );
  // CAST applies the affinity of its type name: '2' and '1.5' tell all five apart.
  const fromCast = (t: string) => {
    const row =
      all(db, `SELECT typeof(CAST('2' AS ${t})) AS a, typeof(CAST('1.5' AS ${t})) AS b`)[0];
    if (row.a === "integer") return row.b === "integer" ? Affinity.Integer : Affinity.Numeric;
    return ({ real: Affinity.Real, text: Affinity.Text, blob: Affinity.Blob } as Record<
      string,
      Affinity
    >)[
      row.a as string
    ];
  };
  const db = openDb();
  try {
    fc.assert(
      fc.property(typeArb, (t) => {
        assert.equal(affinityOfDeclaredType(t), fromCast(t), t);
        // And a column declared with it stores '3', '1.5' and 7 accordingly.
        db.exec(
          `DROP TABLE IF EXISTS t; CREATE TABLE t(a ${t}); INSERT INTO t VALUES ('3'), ('1.5'), (7)`,
        );
        const got = all(db, "SELECT typeof(a) AS t FROM t ORDER BY rowid").map((r) => r.t);
        assert.deepStrictEqual(STORED_AS[affinityOfDeclaredType(t)], got, t);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // No type: BLOB. STRICT: ANY keeps values as given (BLOB), other names as usual.
    for (
      const [decl, strict] of [["", false], ["ANY", true], ["ANY", false], ["INT", true], [
        "TEXT",
        true,
      ]] as const
    ) {
      db.exec(`DROP TABLE IF EXISTS t; CREATE TABLE t(a ${decl})${strict ? " STRICT" : ""}`);
      const values = strict && decl !== "ANY"
        ? (decl === "INT" ? ["'3'", "7"] : ["'3'", "'x'"])
        : ["'3'", "7"];
      db.exec(`INSERT INTO t VALUES (${values.join("), (")})`);
      const got = all(db, "SELECT typeof(a) AS t FROM t ORDER BY rowid").map((r) => r.t);
      const want = STORED_AS[affinityOfDeclaredType(decl, strict)];
      assert.deepStrictEqual(
        [want[0], want[2]].slice(0, got.length),
        got,
        `${decl} strict=${strict}`,
      );
    }
  } finally {
    db.close();
  }
});
