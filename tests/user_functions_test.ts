/**
 * Database.function / Database.aggregate on every backend. The same JS functions are
 * registered in node:sqlite (`DatabaseSync.function` / `.aggregate`) and in litejit over
 * one database file, and the same queries must give the same rows or the same error.
 * Errors raised inside callbacks are checked against hand-written expectations: Deno's
 * node:sqlite hangs on most of them over a file (the messages were taken from it over
 * :memory:), as it does for litejit-only options (safeIntegers, no `start`).
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database, SqliteError } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { withTempDir } from "./support/wal_files.ts";

const SCHEMA = `
CREATE TABLE t(id INTEGER PRIMARY KEY, g INTEGER, x, s TEXT);
INSERT INTO t VALUES
  (1, 1, 1, 'ab'), (2, 1, 2.5, 'cd'), (3, 2, NULL, NULL), (4, 2, 4, 'héllo😀'),
  (5, 2, x'00ff', 'ef'), (6, 3, -7, 'gh'), (7, 3, 9007199254740993, 'ij');
CREATE TABLE big(v INTEGER);
INSERT INTO big VALUES (1), (9007199254740993), (-9223372036854775808);
`;

/** What both engines are given: the method names and shapes are the same. */
interface Registrar {
  function(name: string, ...rest: unknown[]): unknown;
  aggregate(name: string, options: unknown): unknown;
}

/** Counters of the non-deterministic function, one per engine. */
type Counter = { n: number };

function register(db: Registrar, counter: Counter): void {
  db.function("upper", (s: unknown) => `U:${s}`);
  db.function("twoargs", (a: unknown, b: unknown) => `${a}|${b}`);
  db.function("va", { varargs: true }, (...xs: unknown[]) => xs.length);
  db.function("va", { varargs: true, deterministic: true }, (...xs: unknown[]) => xs.length);
  db.function(
    "describe",
    (v: unknown) => v instanceof Uint8Array ? `blob:${[...v].join(",")}` : `${typeof v}:${v}`,
  );
  db.function("describe_big", { useBigIntArguments: true }, (v: unknown) => `${typeof v}:${v}`);
  db.function("half", { deterministic: true }, (v: number | null) => v === null ? null : v / 2);
  db.function(
    "parity",
    { deterministic: true },
    (v: unknown) => typeof v === "number" && Number.isInteger(v) ? BigInt(Math.abs(v) % 2) : null,
  );
  db.function("counter", () => ++counter.n);
  db.function("ret_int_number", () => 3);
  db.function("ret_bigint", () => 5n);
  db.function("ret_huge_bigint", () => 2n ** 70n);
  db.function("ret_text", () => "tëxt");
  db.function("ret_blob", () => new Int16Array([1, 2]));
  db.function("ret_null", () => null);
  db.function("ret_undefined", () => undefined);
  db.function("ret_nan", () => NaN);
  db.function("ret_bool", () => true);
  db.function("ret_object", () => ({}));
  db.function("ret_promise", () => Promise.resolve(1));
  db.function("dfn", { directOnly: true }, (v: unknown) => v);
  db.aggregate("mysum", { start: 0, step: (acc: number, v: unknown) => acc + Number(v ?? 0) });
  db.aggregate("sum", { start: 100, step: (acc: number, v: unknown) => acc + Number(v ?? 0) });
  db.aggregate("listing", {
    start: () => [],
    step: (acc: unknown[], v: unknown) => (acc.push(v), acc),
    result: (acc: unknown[]) => acc.map(String).join(","),
  });
  db.aggregate("pairs", {
    start: 0n,
    step: (acc: bigint, a: unknown, b: unknown) => acc + BigInt(Number(a ?? 0) * Number(b ?? 0)),
  });
  db.aggregate("wsum", {
    start: () => ({ total: 0 }),
    step: (acc: { total: number }, v: unknown) => (acc.total += Number(v ?? 0), acc),
    inverse: (acc: { total: number }, v: unknown) => (acc.total -= Number(v ?? 0), acc),
    result: (acc: { total: number }) => acc.total * 10,
  });
}

/** Queries both engines must answer alike (rows or error message). */
const QUERIES = [
  // a built-in overridden; lower() untouched
  "SELECT upper(s) AS u, lower('AB') AS l FROM t ORDER BY id",
  "SELECT twoargs(id, s) FROM t ORDER BY id",
  "SELECT va() AS a, va(x) AS b, va(x, s, g) AS c FROM t WHERE id <> 7 ORDER BY id",
  // argument conversion (an INTEGER beyond 2^53 is a RangeError), and bigint arguments
  "SELECT describe(x) FROM t WHERE id <> 7 ORDER BY id",
  "SELECT describe_big(x), describe_big(s) FROM t ORDER BY id",
  "SELECT describe_big(v) FROM big",
  // result conversion
  "SELECT ret_int_number() AS a, typeof(ret_int_number()) AS ta, ret_bigint() AS b, " +
  "typeof(ret_bigint()) AS tb, ret_text() AS c, ret_blob() AS d, ret_null() AS e, " +
  "ret_undefined() AS f, ret_nan() AS g, typeof(ret_nan()) AS tg",
  // in WHERE, ORDER BY, GROUP BY
  "SELECT id FROM t WHERE half(g) >= 1 ORDER BY half(id) DESC",
  "SELECT parity(x) AS p, count(*) AS n FROM t WHERE id <> 7 GROUP BY parity(x) ORDER BY 1",
  // non-deterministic: called for every row, in WHERE and in the result
  "SELECT counter() AS c FROM t WHERE counter() > 0",
  // BETWEEN evaluates its operand once (SQLite's exprCodeBetween), as a value, in a WHERE
  // and negated: each row's counter() - id is then 0 exactly.
  "SELECT id, counter() - id BETWEEN 0 AND 0 AS b FROM t",
  "SELECT count(*) AS n FROM t WHERE counter() - id BETWEEN 0 AND 0",
  "SELECT count(*) AS n FROM t WHERE counter() - id NOT BETWEEN 0 AND 0",
  "SELECT count(*) AS n FROM t WHERE g > 1 AND counter() BETWEEN 1 AND 1",
  // aggregates, the built-in sum overridden (the Wasm backend must not run its own)
  "SELECT g, mysum(x) AS m, sum(g) AS s, listing(s) AS l FROM t WHERE id NOT IN (5, 7) GROUP BY g",
  "SELECT mysum(g) AS m, sum(id) AS s, listing(id) AS l FROM t WHERE id > 100",
  "SELECT sum(id) AS s, count(*) AS n FROM t",
  "SELECT mysum(DISTINCT g) AS d, mysum(g) FILTER (WHERE g > 1) AS f FROM t",
  "SELECT pairs(g, id) AS p FROM t",
  "SELECT g, (SELECT listing(id) FROM t AS u WHERE u.g = t.g) AS l FROM t GROUP BY g",
  // window functions: with inverse over sliding frames, without it an error
  "SELECT id, wsum(id) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS w FROM t",
  "SELECT id, wsum(id) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 1 PRECEDING AND " +
  "1 FOLLOWING) AS w FROM t ORDER BY id",
  "SELECT id, wsum(id) OVER (ORDER BY id) AS w, wsum(id) OVER () AS a FROM t",
  "SELECT g, wsum(id) AS w FROM t GROUP BY g",
  "SELECT id, mysum(id) OVER (ORDER BY id) FROM t",
  "SELECT sum(id) OVER () FROM t",
  // argument counts and names
  "SELECT twoargs(1)",
  "SELECT upper('a', 'b')",
  "SELECT mysum(1, 2) FROM t",
  "SELECT nosuch(1)",
  // directOnly: fine directly, "unsafe use" inside a view
  "SELECT dfn(id) FROM t ORDER BY id LIMIT 2",
  "SELECT * FROM v",
];

type Outcome = { rows: unknown[] } | { error: string; name: string };

function outcome(f: () => unknown[]): Outcome {
  try {
    return { rows: f().map((r) => ({ ...(r as object) })) };
  } catch (e) {
    return {
      error: (e as Error).message,
      name: (e as Error).name === "RangeError" ? "RangeError" : "Error",
    };
  }
}

/** A database file built by node:sqlite, with `v` a view over the direct-only function. */
function withFixture(fn: (path: string, oracle: DatabaseSync) => void): void {
  withTempDir((dir) => {
    const path = `${dir}/udf.db`;
    const oracle = new DatabaseSync(path);
    try {
      oracle.exec(SCHEMA);
      register(oracle as unknown as Registrar, { n: 0 });
      oracle.exec("CREATE VIEW v AS SELECT dfn(id) AS d FROM t");
      fn(path, oracle);
    } finally {
      oracle.close();
    }
  });
}

for (const backend of TEST_BACKENDS) {
  Deno.test(`user functions (${backend}): same rows and errors as node:sqlite`, () => {
    withFixture((path, oracle) => {
      const oracleCounter = { n: 0 }, counter = { n: 0 };
      register(oracle as unknown as Registrar, oracleCounter);
      const db = new Database(path, { backend });
      try {
        register(db as unknown as Registrar, counter);
        for (const sql of QUERIES) {
          oracleCounter.n = counter.n = 0;
          const want = outcome(() => oracle.prepare(sql).all());
          const got = outcome(() => db.prepare(sql).all());
          assert.deepStrictEqual(got, want, sql);
        }
      } finally {
        db.close();
      }
    });
  });

  Deno.test(`user functions (${backend}): errors and their codes`, () => {
    withFixture((path) => {
      const db = new Database(path, { backend });
      try {
        register(db as unknown as Registrar, { n: 0 });
        const sqliteError = (message: string) => (e: unknown) =>
          e instanceof SqliteError && e.code === "SQLITE_ERROR" && e.message === message;
        // at prepare, as SQLite reports them
        assert.throws(
          () => db.prepare("SELECT twoargs(1)"),
          sqliteError("wrong number of arguments to function twoargs()"),
        );
        assert.throws(
          () => db.prepare("SELECT nosuch(1)"),
          sqliteError("no such function: nosuch"),
        );
        assert.throws(
          () => db.prepare("SELECT mysum(id) OVER () FROM t"),
          sqliteError("mysum() may not be used as a window function"),
        );
        assert.throws(() => db.prepare("SELECT * FROM v"), sqliteError("unsafe use of dfn()"));
        // at run time: results node:sqlite refuses (its messages and error classes, seen
        // with DatabaseSync over :memory:; over a file it hangs on these, so they are
        // written out here)
        const unconvertible = "Returned JavaScript value cannot be converted to a SQLite value";
        assert.throws(() => db.prepare("SELECT ret_bool()").get(), sqliteError(unconvertible));
        assert.throws(() => db.prepare("SELECT ret_object()").get(), sqliteError(unconvertible));
        assert.throws(
          () => db.prepare("SELECT ret_promise()").get(),
          sqliteError("Asynchronous user-defined functions are not supported"),
        );
        assert.throws(() => db.prepare("SELECT ret_huge_bigint()").get(), {
          name: "RangeError",
          message: "BigInt value is too large for SQLite",
        });
        assert.throws(() => db.prepare("SELECT describe(x) FROM t WHERE id = 7").get(), {
          name: "RangeError",
          message: "Value is too large to be represented as a JavaScript number: 9007199254740993",
        });
        // the JS error itself reaches get / all / iterate, from scalars and aggregates
        const boom = new TypeError("boom");
        db.function("thrower", (v: unknown) => {
          if (v === 3) throw boom;
          return v;
        });
        const st = db.prepare("SELECT thrower(id) FROM t");
        assert.throws(() => st.all(), (e) => e === boom);
        assert.throws(() => [...st.iterate()], (e) => e === boom);
        assert.throws(() => db.prepare("SELECT thrower(3)").get(), (e) => e === boom);
        for (const part of ["start", "step", "result", "inverse"] as const) {
          const err = new Error(part);
          const cb = {
            start: () => 0,
            step: (acc: number, _v: unknown) => acc + 1,
            inverse: (acc: number, _v: unknown) => acc - 1,
            result: (acc: number) => acc,
            // two parameters: step's length sets the argument count
            [part]: (_acc: unknown, _v: unknown) => {
              throw err;
            },
          };
          db.aggregate("fails", cb);
          const sql = part === "inverse"
            ? "SELECT fails(id) OVER (ORDER BY id ROWS 1 PRECEDING) FROM t"
            : "SELECT g, fails(id) FROM t GROUP BY g";
          assert.throws(() => db.prepare(sql).all(), (e) => e === err, part);
        }
      } finally {
        db.close();
      }
    });
  });

  Deno.test(`user functions (${backend}): registering again recompiles prepared statements`, () => {
    withFixture((path, oracle) => {
      const db = new Database(path, { backend });
      try {
        const fresh = new DatabaseSync(path);
        const sql = "SELECT upper('a') AS u, sum(g) AS s FROM t";
        const oldOracle = fresh.prepare(sql), old = db.prepare(sql);
        const before = { ...fresh.prepare(sql).get() };
        assert.deepStrictEqual(db.prepare(sql).get(), before);
        register(fresh as unknown as Registrar, { n: 0 });
        register(db as unknown as Registrar, { n: 0 });
        const after = { ...fresh.prepare(sql).get() };
        assert.notDeepStrictEqual(after, before);
        // from the statement cache, and a statement prepared before the registration
        assert.deepStrictEqual(db.prepare(sql).get(), after);
        assert.deepStrictEqual(old.get(), { ...oldOracle.get() });
        // an exact argument count beats varargs; the same name and count is replaced
        for (const r of [fresh as unknown as Registrar, db as unknown as Registrar]) {
          r.function("upper", { varargs: true }, (...xs: unknown[]) => `W:${xs.join()}`);
          r.function("upper", (s: unknown) => `V:${s}`);
        }
        const q = "SELECT upper('a') AS a, upper('a', 'b') AS b";
        assert.deepStrictEqual(db.prepare(q).get(), { ...fresh.prepare(q).get() });
        assert.deepStrictEqual(old.get(), { ...oldOracle.get() });
        fresh.close();
        void oracle;
      } finally {
        db.close();
      }
    });
  });

  Deno.test(`user functions (${backend}): safeIntegers, start default, chaining`, () => {
    withFixture((path) => {
      const db = new Database(path, { backend });
      try {
        // better-sqlite3's option name; node:sqlite does not know it
        const chained = db.function("kind", { safeIntegers: true }, (v: unknown) => typeof v)
          .aggregate("concat_all", { step: (acc: unknown, v: unknown) => `${acc}${v}` });
        assert.equal(chained, db);
        assert.deepStrictEqual(db.prepare("SELECT kind(v) AS k FROM big").all(), [
          { k: "bigint" },
          { k: "bigint" },
          { k: "bigint" },
        ]);
        // without start the accumulator starts as null (better-sqlite3's default)
        assert.deepStrictEqual(db.prepare("SELECT concat_all(g) AS c FROM t").get(), {
          c: "null1122233",
        });
        assert.deepStrictEqual(db.prepare("SELECT concat_all(g) AS c FROM t WHERE 0").get(), {
          c: null,
        });
        assert.throws(() => db.function("f", 1 as never), TypeError);
        assert.throws(() => db.aggregate("f", { start: 0 } as never), TypeError);
      } finally {
        db.close();
      }
    });
  });
}
