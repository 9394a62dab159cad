/**
 * Read-only PRAGMAs against real SQLite (node:sqlite) on the same files: hand-written
 * schemas for every corner, a WAL file whose header changes live only in the WAL, the
 * catalog (columns, hidden columns, table-valued forms), random table names for the
 * table_list order, and generated databases.
 *
 * Replay a property failure with LITEJIT_SEED=<seed> (and LITEJIT_RUNS=<n>).
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import type { DatabaseFile } from "../core/database_file.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { SqliteError } from "../core/errors.ts";
import { Database } from "../mod.ts";
import {
  knownPragmas,
  pragmaColumns,
  pragmaHiddenColumns,
  pragmaIsTableValued,
  runPragma,
} from "../core/pragma/pragma.ts";
import { bindViewColumns } from "../core/pragma/view_columns.ts";
import { arbDbSpec, buildDb, cleanup, propertyParams } from "./support/random_db.ts";
import { returnArrays } from "./support/random_db_oracle.ts";
import { captureWal, withTempDir } from "./support/wal_files.ts";

const OBJECT_PRAGMAS = [
  "table_info",
  "table_xinfo",
  "index_list",
  "index_info",
  "index_xinfo",
  "foreign_key_list",
  "table_list",
];
const GLOBAL_PRAGMAS = [
  "page_size",
  "page_count",
  "encoding",
  "user_version",
  "schema_version",
  "application_id",
  "freelist_count",
  "auto_vacuum",
  "table_list",
  "collation_list",
  "database_list",
];

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;

function pragmaSql(name: string, arg: string | null, schema: string | null): string {
  // SQLite's "unknown database X" quotes the qualifier as written: keep simple ones bare.
  const qualifier = schema === null ? "" : /^[a-z]\w*$/i.test(schema) ? schema : ident(schema);
  return `PRAGMA ${qualifier === "" ? "" : qualifier + "."}${name}${
    arg === null ? "" : `(${literal(arg)})`
  }`;
}

type Outcome = { rows: unknown[][]; columns: string[] } | { error: string };

/** What a fresh read-only SQLite connection answers. */
function oracle(path: string, sql: string): Outcome {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const st = db.prepare(sql);
    returnArrays(st);
    return { rows: st.all() as unknown as unknown[][], columns: st.columns().map((c) => c.name) };
  } catch (e) {
    return { error: (e as Error).message };
  } finally {
    db.close();
  }
}

function ours(
  db: DatabaseFile,
  path: string,
  name: string,
  arg: string | null,
  schema: string | null,
): Outcome {
  try {
    const rows = runPragma(db, name, arg, schema, {
      filename: path,
      viewColumns: (v) => bindViewColumns(db, v),
    });
    return { rows, columns: [...(pragmaColumns(name) ?? [])] };
  } catch (e) {
    if (!(e instanceof SqliteError)) throw e;
    return { error: e.message };
  }
}

/** Compares one pragma: same rows and columns as SQLite, or the same error message. */
function check(
  db: DatabaseFile,
  path: string,
  name: string,
  arg: string | null,
  schema: string | null,
): void {
  const sql = pragmaSql(name, arg, schema);
  const want = oracle(path, sql);
  const got = ours(db, path, name, arg, schema);
  if ("error" in want) {
    assert.ok("error" in got, `${sql}: SQLite fails with ${want.error}, litejit gave rows`);
    assert.equal(got.error, want.error, sql);
    return;
  }
  assert.ok(!("error" in got), `${sql}: litejit failed: ${"error" in got ? got.error : ""}`);
  if (want.columns.length > 0) assert.deepEqual(got.columns, want.columns, `${sql} columns`);
  assert.deepEqual(got.rows, want.rows, sql);
}

/** Every object pragma on every name, under each schema qualifier, and the global ones. */
function checkAll(path: string, names: string[], skip: (name: string) => boolean): number {
  const db = openDatabaseFile(path);
  let n = 0;
  try {
    for (const schema of [null, "main", "temp", "MAIN"]) {
      for (const p of GLOBAL_PRAGMAS) {
        // Naming temp opens it, which SQLite then lists: only on a fresh connection.
        check(db, path, p, null, schema);
        n++;
      }
      for (const p of OBJECT_PRAGMAS) {
        for (const name of names) {
          if ((p === "table_info" || p === "table_xinfo") && skip(name)) continue;
          check(db, path, p, name, schema);
          n++;
        }
      }
    }
  } finally {
    db.close();
  }
  return n;
}

function schemaNames(path: string): string[] {
  const o = oracle(path, "SELECT name FROM sqlite_schema ORDER BY rowid");
  if ("error" in o) throw new Error(o.error);
  return o.rows.map((r) => r[0] as string);
}

const CORNERS = `
CREATE TABLE plain(a, b INT, c TEXT NOT NULL DEFAULT 'x', d REAL DEFAULT (1 + 2), e DEFAULT -5,
  f "my type"(10, 2) DEFAULT CURRENT_TIMESTAMP, g BLOB COLLATE NOCASE UNIQUE);
CREATE TABLE ipk(id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT UNIQUE, w, UNIQUE(w, v));
CREATE TABLE gen(a INTEGER, b AS (a * 2), c TEXT GENERATED ALWAYS AS (a || 'x') STORED,
  d DEFAULT 7, PRIMARY KEY(d, a DESC));
CREATE TABLE wr(x TEXT COLLATE nocase, y INT, z AS (y + 1) VIRTUAL, w,
  PRIMARY KEY(y DESC, x COLLATE rtrim), UNIQUE(w)) WITHOUT ROWID;
CREATE TABLE wr_int(k INTEGER PRIMARY KEY COLLATE nocase, v) WITHOUT ROWID;
CREATE TABLE wr_dup(a, b, PRIMARY KEY(a, b, a)) WITHOUT ROWID;
CREATE TABLE st(i INT PRIMARY KEY, t TEXT, r REAL, n ANY, b BLOB, x INTEGER) STRICT;
CREATE TABLE "Quoted ""Name"""("col one" INT, [col two] TEXT, \`col three\`, 'col four');
CREATE TABLE parent(p1 INT, p2 TEXT, PRIMARY KEY(p1, p2));
CREATE TABLE child(
  id INTEGER PRIMARY KEY,
  pa INT REFERENCES parent ON DELETE CASCADE ON UPDATE SET NULL,
  pb TEXT REFERENCES "Quoted ""Name"""("col one") MATCH FULL ON DELETE SET DEFAULT
    ON DELETE RESTRICT ON INSERT CASCADE DEFERRABLE INITIALLY DEFERRED,
  q1, q2,
  FOREIGN KEY (q1, q2) REFERENCES parent(p1, p2) ON UPDATE NO ACTION ON DELETE SET NULL,
  CONSTRAINT named FOREIGN KEY (q2) REFERENCES ipk
);
CREATE TABLE desc_pk(a INTEGER PRIMARY KEY DESC, b);
CREATE TABLE int_pk(a INT PRIMARY KEY, b UNIQUE, c UNIQUE);
CREATE INDEX plain_expr ON plain(lower(c) COLLATE rtrim DESC, a + b, (g));
CREATE UNIQUE INDEX plain_partial ON plain(b, a COLLATE "NoCase") WHERE b > 0 AND c IS NOT NULL;
CREATE INDEX ipk_id ON ipk(id, v);
CREATE INDEX gen_b ON gen(b, c);
CREATE INDEX wr_w ON wr(w DESC, x);
CREATE INDEX wr_y ON wr(y, x COLLATE rtrim);
CREATE INDEX "Quoted idx" ON "Quoted ""Name"""([col two], "col one");
CREATE VIEW v_simple AS SELECT a, b AS bee, c || 'x' FROM plain;
CREATE VIEW v_star AS SELECT *, 1 FROM plain WHERE a > 0;
CREATE VIEW v_named(x, y) AS SELECT a, b FROM plain;
CREATE VIEW v_of_view AS SELECT v.*, 2 * 3 FROM v_star AS v;
CREATE TRIGGER trg AFTER INSERT ON plain BEGIN SELECT 1; END;
CREATE VIRTUAL TABLE ft USING fts4(body, title, tokenize=unicode61, notindexed=title);
CREATE VIRTUAL TABLE ft3 USING fts3(only_col, tokenize simple);
CREATE VIRTUAL TABLE ft5 USING fts5(a, b UNINDEXED, prefix='2 3', tokenize = 'porter');
CREATE VIRTUAL TABLE rt USING rtree(id, x0, x1, +aux);
`;

const EXTRA_NAMES = [
  "nosuch",
  "sqlite_master",
  "SQLITE_SCHEMA",
  "sqlite_temp_master",
  "sqlite_temp_schema",
  "PLAIN",
  "sqlite_autoindex_wr_1",
  "sqlite_autoindex_wr_2",
  "sqlite_autoindex_wr_int_1",
  "sqlite_autoindex_wr_dup_1",
  "sqlite_autoindex_ipk_1",
  "sqlite_autoindex_ipk_2",
];

const isVirtual = (name: string) => ["ft", "ft3", "ft5", "rt"].includes(name);

Deno.test("pragma: hand-written schema corners, every pragma under main/temp/none", () => {
  withTempDir((dir) => {
    const path = Deno.realPathSync(dir) + "/corners.db";
    const w = new DatabaseSync(path);
    w.exec("PRAGMA user_version = -123; PRAGMA application_id = 0x7abcdef0;");
    w.exec(CORNERS);
    w.exec(
      "CREATE TABLE scratch(x); INSERT INTO scratch SELECT zeroblob(3000) FROM " +
        "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20) " +
        "SELECT i FROM n); DROP TABLE scratch;",
    );
    w.close();
    const names = [...schemaNames(path), ...EXTRA_NAMES];
    const n = checkAll(path, names, isVirtual);
    assert.ok(n > 500, `only ${n} comparisons`);
    // Sanity: the corners are really there.
    const db = openDatabaseFile(path);
    try {
      assert.equal(runPragma(db, "freelist_count", null, null)[0][0] as number > 0, true);
      assert.throws(() => runPragma(db, "table_info", "v_simple", null), SqliteError);
      assert.deepEqual(
        runPragma(db, "table_info", "v_named", null, {
          viewColumns: (v) => v.columnNames!.map((name) => ({ name, type: "" })),
        }).map((r) => r[1]),
        ["x", "y"],
      );
    } finally {
      db.close();
    }
  });
});

/** Views whose columns SQLite derives from expressions, joins, CTEs, VALUES, subqueries. */
const VIEWS = `
CREATE TABLE t(a INTEGER, b TEXT, c, d REAL, e VARCHAR(10), f BLOB, g NUMERIC, h "", i FLOATY);
CREATE VIEW v1 AS SELECT * FROM t;
CREATE VIEW v2 AS SELECT a+1, b||'x', c, 1, 'x', 1.5, x'00', NULL, CAST(a AS TEXT),
  CAST(b AS NUMERIC), CAST(c AS whatever), -a, +b, a AS z FROM t;
CREATE VIEW v4 AS SELECT count(*), max(a), min(b), sum(d), group_concat(e), abs(a), upper(b),
  coalesce(a, b) FROM t;
CREATE VIEW v5 AS SELECT x.a, y.* FROM t x JOIN v1 y USING (a);
CREATE VIEW v6 AS SELECT (SELECT a FROM t), a COLLATE NOCASE, b IS NULL,
  CASE WHEN a THEN b END, g, h, i FROM t;
CREATE VIEW v7 AS SELECT a, a, a FROM t;
CREATE VIEW v8 AS WITH c(x) AS (SELECT a FROM t) SELECT * FROM c;
CREATE VIEW v9 AS SELECT 1 AS a UNION ALL SELECT 'x';
CREATE VIEW v10 AS VALUES (1, 'a'), (2.5, NULL);
CREATE VIEW v12 AS SELECT * FROM (SELECT a, b FROM t) sub;
CREATE VIEW v13(p, q) AS SELECT e, f FROM t;
CREATE VIEW v_broken AS SELECT a FROM t;
`;

Deno.test("pragma: table_info/table_xinfo/table_list of views (binder-derived columns)", () => {
  withTempDir((dir) => {
    const path = Deno.realPathSync(dir) + "/views.db";
    const w = new DatabaseSync(path);
    w.exec(VIEWS);
    w.close();
    const names = schemaNames(path).filter((n) => n.startsWith("v"));
    assert.equal(names.length, 12, names.join());
    const db = openDatabaseFile(path);
    try {
      for (const name of names) {
        for (const p of ["table_info", "table_xinfo"]) check(db, path, p, name, null);
      }
      check(db, path, "table_list", null, null);
    } finally {
      db.close();
    }
  });
});

Deno.test("pragma: a view over a dropped table (table_info error, table_list counts 0)", () => {
  withTempDir((dir) => {
    const path = Deno.realPathSync(dir) + "/gone.db";
    const w = new DatabaseSync(path);
    w.exec("CREATE TABLE gone(a); CREATE VIEW v_gone AS SELECT a FROM gone; DROP TABLE gone;");
    w.exec("CREATE TABLE t(x)");
    w.close();
    const db = openDatabaseFile(path);
    try {
      for (const p of ["table_info", "table_xinfo"]) check(db, path, p, "v_gone", null);
      check(db, path, "table_list", null, null);
    } finally {
      db.close();
    }
  });
});

Deno.test("pragma: unknown schema, setters, temp on a fresh connection", () => {
  withTempDir((dir) => {
    const path = Deno.realPathSync(dir) + "/s.db";
    const w = new DatabaseSync(path);
    w.exec("CREATE TABLE t(a)");
    w.close();
    const db = openDatabaseFile(path);
    try {
      for (
        const [name, arg, schema] of [
          ["page_size", null, "nosuch"],
          ["bogus_pragma", null, "nosuch"],
          ["bogus_pragma", null, null],
          ["table_info", "t", "Other"],
          ["user_version", "5", null],
          ["schema_version", "5", "main"],
          ["application_id", "1", null],
          ["page_size", "1024", null],
          ["encoding", "UTF-16le", null],
          ["auto_vacuum", "1", null],
          ["freelist_count", "3", null],
          ["page_count", "3", null],
          ["collation_list", "x", null],
          ["table_list", "T", null],
          ["table_list", "sqlite_schema", null],
          ["table_list", "sqlite_master", "main"],
          ["table_list", "SQLITE_TEMP_MASTER", null],
          ["table_info", null, null],
          ["database_list", null, "temp"],
        ] as const
      ) {
        check(db, path, name, arg, schema);
      }
    } finally {
      db.close();
    }
  });
});

Deno.test("pragma: header values come through the WAL", () => {
  const files = captureWal((w) => {
    w.exec("CREATE TABLE t(a INTEGER PRIMARY KEY, b)");
    w.exec("PRAGMA user_version = 42; PRAGMA application_id = -7");
    w.exec("CREATE INDEX tb ON t(b); CREATE TABLE u(x REFERENCES t)");
  }, { pageSize: 1024 });
  withTempDir((dir) => {
    const path = Deno.realPathSync(dir) + "/w.db";
    Deno.writeFileSync(path, files.db);
    Deno.writeFileSync(path + "-wal", files.wal);
    // The file itself still has the old header: the values live only in the WAL.
    const fileOnly = openDatabaseFile(files.db);
    assert.deepEqual(runPragma(fileOnly, "user_version", null, null), [[0]]);
    fileOnly.close();
    const db = openDatabaseFile(path);
    try {
      assert.deepEqual(runPragma(db, "user_version", null, null), [[42]]);
      for (const p of GLOBAL_PRAGMAS) check(db, path, p, null, null);
      for (const name of ["t", "tb", "u"]) {
        for (const p of OBJECT_PRAGMAS) check(db, path, p, name, null);
      }
    } finally {
      db.close();
    }
  });
});

Deno.test("pragma: catalog columns, hidden columns and table-valued forms match SQLite", () => {
  const db = new DatabaseSync(":memory:");
  try {
    for (const name of knownPragmas()) {
      const st = db.prepare(
        `SELECT name, hidden FROM pragma_table_xinfo(${literal("pragma_" + name)})`,
      );
      returnArrays(st);
      const cols = st.all() as unknown as [string, number][];
      // Pragmas without a table-valued form (mmap_size, wal_autocheckpoint, ...).
      assert.equal(pragmaIsTableValued(name), cols.length > 0, name);
      if (cols.length === 0) continue;
      assert.deepEqual(cols.filter((c) => c[1] === 0).map((c) => c[0]), pragmaColumns(name));
      assert.deepEqual(cols.filter((c) => c[1] !== 0).map((c) => c[0]), pragmaHiddenColumns(name));
    }
    // Pragmas that return no rows have no table-valued form.
    assert.throws(() => db.prepare("SELECT * FROM pragma_incremental_vacuum"), /no such table/);
    assert.equal(pragmaIsTableValued("incremental_vacuum"), false);
    assert.equal(pragmaColumns("no_such_pragma"), undefined);
    assert.deepEqual(pragmaColumns("TABLE_INFO"), pragmaColumns("table_info"));
  } finally {
    db.close();
  }
});

Deno.test("pragma: table_list follows SQLite's hash order for any set of names", () => {
  const { seed, numRuns } = propertyParams(40, "pragma_table_list");
  const arbName = fc.oneof(
    fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,12}$/),
    fc.string({ minLength: 1, maxLength: 6 }),
  );
  fc.assert(
    fc.property(
      fc.uniqueArray(arbName, { minLength: 0, maxLength: 90, selector: (s) => s.toLowerCase() }),
      fc.array(fc.boolean(), { maxLength: 90 }),
      (names, asView) => {
        const clean = names.filter((s) => !/^sqlite_/i.test(s) && !s.includes("\0"));
        withTempDir((dir) => {
          const path = Deno.realPathSync(dir) + "/h.db";
          const w = new DatabaseSync(path);
          clean.forEach((n, i) => {
            w.exec(
              asView[i]
                ? `CREATE VIEW ${ident(n)} AS SELECT 1, 2`
                : `CREATE TABLE ${ident(n)}(a, b, c)`,
            );
          });
          w.close();
          const db = openDatabaseFile(path);
          try {
            check(db, path, "table_list", null, null);
          } finally {
            db.close();
          }
        });
      },
    ),
    { seed, numRuns },
  );
});

Deno.test("pragma: generated databases", () => {
  const { seed, numRuns } = propertyParams(12, "pragma_random_db");
  fc.assert(
    fc.property(arbDbSpec, (spec) => {
      const built = buildDb(spec);
      try {
        const path = Deno.realPathSync(built.path);
        const names = [...schemaNames(path), "nosuch"];
        checkAll(path, names, () => false);
      } finally {
        cleanup(built);
      }
    }),
    { seed, numRuns },
  );
});

/**
 * The connection settings a program sets when it opens a database (cache_size,
 * journal_mode, synchronous, foreign_keys, ...): one script of pragmas run on a read-only
 * node:sqlite connection and on litejit's Database, statement by statement, must give the
 * same rows and the same errors, in rollback-journal and in WAL mode.
 */
const SETTINGS_SCRIPT = `
PRAGMA cache_size; PRAGMA cache_size = 100; PRAGMA cache_size; PRAGMA cache_size = 0x10;
PRAGMA cache_size; PRAGMA cache_size = 3.9; PRAGMA cache_size; PRAGMA cache_size = abc;
PRAGMA cache_size; PRAGMA cache_size = -9999999999; PRAGMA cache_size(-800); PRAGMA cache_size;
PRAGMA temp.cache_size; PRAGMA temp.cache_size = 5; PRAGMA temp.cache_size; PRAGMA main.cache_size;
PRAGMA journal_mode; PRAGMA journal_mode = WAL; PRAGMA journal_mode; PRAGMA journal_mode = memory;
PRAGMA journal_mode; PRAGMA journal_mode = off; PRAGMA journal_mode = t; PRAGMA journal_mode = foo;
PRAGMA journal_mode = ''; PRAGMA temp.journal_mode; PRAGMA journal_mode = delete;
PRAGMA busy_timeout; PRAGMA busy_timeout = 100; PRAGMA busy_timeout; PRAGMA busy_timeout = -5;
PRAGMA busy_timeout = 0x10; PRAGMA synchronous; PRAGMA synchronous = NORMAL; PRAGMA synchronous;
PRAGMA synchronous = extra; PRAGMA synchronous; PRAGMA synchronous = 7; PRAGMA synchronous;
PRAGMA synchronous = yes; PRAGMA synchronous; PRAGMA temp.synchronous;
PRAGMA temp.synchronous = 2; PRAGMA temp.synchronous; PRAGMA foreign_keys;
PRAGMA foreign_keys = OFF; PRAGMA foreign_keys; PRAGMA foreign_keys = full; PRAGMA foreign_keys;
PRAGMA foreign_keys = 2; PRAGMA foreign_keys; PRAGMA temp_store; PRAGMA temp_store = MEMORY;
PRAGMA temp_store; PRAGMA temp_store = 3; PRAGMA temp_store; PRAGMA temp_store = file;
PRAGMA mmap_size; PRAGMA mmap_size = 268435456; PRAGMA mmap_size; PRAGMA mmap_size = -5;
PRAGMA mmap_size = 99999999999; PRAGMA mmap_size = 0x10; PRAGMA temp.mmap_size;
PRAGMA journal_size_limit; PRAGMA journal_size_limit = 1000; PRAGMA journal_size_limit = -5;
PRAGMA journal_size_limit = 0x10; PRAGMA journal_size_limit = 99999999999999999999;
PRAGMA temp.journal_size_limit; PRAGMA wal_autocheckpoint; PRAGMA wal_autocheckpoint = 5;
PRAGMA wal_autocheckpoint = -1; PRAGMA query_only; PRAGMA query_only = 1; PRAGMA query_only;
PRAGMA recursive_triggers = on; PRAGMA recursive_triggers; PRAGMA defer_foreign_keys;
PRAGMA ignore_check_constraints; PRAGMA automatic_index = 0; PRAGMA automatic_index;
PRAGMA secure_delete; PRAGMA secure_delete = fast; PRAGMA secure_delete; PRAGMA secure_delete = 1;
PRAGMA optimize; PRAGMA incremental_vacuum; PRAGMA user_version = 5; PRAGMA nope.cache_size;
SELECT * FROM pragma_cache_size; SELECT * FROM pragma_foreign_keys; SELECT * FROM pragma_journal_mode;
SELECT * FROM pragma_busy_timeout; SELECT * FROM pragma_synchronous; SELECT * FROM pragma_temp_store;
SELECT * FROM pragma_journal_size_limit; SELECT * FROM pragma_secure_delete;
BEGIN; PRAGMA synchronous = 0; PRAGMA foreign_keys = 0; PRAGMA foreign_keys; PRAGMA temp_store = 1;
PRAGMA temp_store = 2; PRAGMA journal_mode = wal; PRAGMA journal_mode = persist;
PRAGMA journal_mode; PRAGMA cache_size = 7; PRAGMA cache_size; COMMIT
`;

Deno.test("pragma: connection settings are kept and reported as SQLite reports them", () => {
  withTempDir((dir) => {
    for (const wal of [false, true]) {
      const path = `${dir}/settings_${wal}.db`;
      const writer = new DatabaseSync(path);
      writer.exec(
        (wal ? "PRAGMA journal_mode = WAL;" : "") +
          "CREATE TABLE a(x); CREATE INDEX ax ON a(x); INSERT INTO a VALUES (1), (2);",
      );
      writer.close();
      const sqlite = new DatabaseSync(path, { readOnly: true });
      const ours = new Database(path);
      const outcome = (f: () => unknown) => {
        try {
          return JSON.stringify(f());
        } catch (e) {
          return `error: ${(e as Error).message}`;
        }
      };
      try {
        for (const sql of SETTINGS_SCRIPT.split(";").map((s) => s.trim()).filter(Boolean)) {
          assert.equal(
            outcome(() => ours.prepare(sql).all()),
            outcome(() => sqlite.prepare(sql).all()),
            `${wal ? "WAL" : "rollback journal"}: ${sql}`,
          );
        }
      } finally {
        sqlite.close();
        ours.close();
      }
    }
  });
});

Deno.test("pragma: table_list over a virtual table whose module is named like an object property", () => {
  withTempDir((dir) => {
    const path = `${dir}/vtab.db`;
    // Defensive mode off, so writable_schema can write a schema no module backs.
    const db = new DatabaseSync(
      path,
      { defensive: false } as ConstructorParameters<typeof DatabaseSync>[1],
    );
    db.exec("CREATE TABLE v(a); CREATE TABLE v_content(b); PRAGMA writable_schema = ON;");
    db.exec(
      "UPDATE sqlite_schema SET sql = 'CREATE VIRTUAL TABLE v USING constructor(a)', " +
        "rootpage = 0 WHERE name = 'v'",
    );
    db.close();
    // The module name comes from the file: it names no module, so v_content is no shadow table.
    const lj = new Database(path);
    try {
      const rows = lj.prepare("SELECT name, type FROM pragma_table_list WHERE schema = 'main'")
        .all() as { name: string; type: string }[];
      assert.deepEqual(
        rows.filter((r) => r.name.startsWith("v")).map((r) => `${r.name}:${r.type}`).sort(),
        ["v:virtual", "v_content:table"],
      );
    } finally {
      lj.close();
    }
  });
});
