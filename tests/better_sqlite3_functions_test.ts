/**
 * The better-sqlite3 drop-in's `function` and `aggregate`, on every backend. Each expected
 * value is what better-sqlite3 12 returned for the same call under Node (checked by hand,
 * with the case's SQL, when this file was written) — not litejit's output. The engine's
 * own rules for user functions are tested against node:sqlite in user_functions_test.ts.
 */
import assert from "node:assert/strict";
import Database, { SqliteError } from "../better_sqlite3.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

const VALUES = "(SELECT 1 AS value UNION ALL SELECT 2 UNION ALL SELECT 4)";

for (const backend of TEST_BACKENDS) {
  const name = (what: string) => `better-sqlite3 functions [${backend}]: ${what}`;
  const open = () => new Database(":memory:", { backend } as never);

  Deno.test(name("scalar functions: results, varargs, undefined, errors"), () => {
    const db = open();
    assert.equal(db.function("twice", (x: number) => x * 2), db, "returns the database");
    assert.deepEqual(db.prepare("SELECT twice(3) AS r, typeof(twice(3)) AS t").get(), {
      r: 6,
      t: "real",
    });
    db.function("count_args", { varargs: true }, (...a: unknown[]) => a.length);
    assert.equal(db.prepare("SELECT count_args(1, 2, 3)").pluck().get(), 3);
    db.function("nada", () => undefined);
    assert.deepEqual(db.prepare("SELECT nada() AS r, typeof(nada()) AS t").get(), {
      r: null,
      t: "null",
    });
    db.function("boom", () => {
      throw new Error("boom");
    });
    assert.throws(() => db.prepare("SELECT boom()").get(), { message: "boom" });
    assert.throws(
      () => db.prepare("SELECT twice(1, 2)"),
      (e) =>
        e instanceof SqliteError && e.code === "SQLITE_ERROR" &&
        e.message === "wrong number of arguments to function twice()",
    );
    db.close();
  });

  Deno.test(name("safeIntegers: the option, and the database default when registered"), () => {
    const db = open();
    db.defaultSafeIntegers(true);
    db.function("type_then", (x: unknown) => typeof x);
    db.defaultSafeIntegers(false);
    db.function("type_now", (x: unknown) => typeof x);
    db.function("type_opt", { safeIntegers: true }, (x: unknown) => typeof x);
    assert.deepEqual(db.prepare("SELECT type_then(1), type_now(1), type_opt(1)").raw().get(), [
      "bigint",
      "number",
      "bigint",
    ]);
    db.close();
  });

  Deno.test(name("aggregates: undefined from step keeps the accumulator; result; windows"), () => {
    const db = open();
    db.aggregate("skip_two", {
      start: 0,
      step: (acc: number, x: number) => (x === 2 ? undefined : acc + x),
    });
    assert.equal(db.prepare(`SELECT skip_two(value) FROM ${VALUES}`).pluck().get(), 5);
    db.aggregate("joined", {
      start: () => [],
      step: (acc: number[], x: number) => {
        acc.push(x);
      },
      result: (acc: number[]) => acc.join("+"),
    });
    assert.equal(db.prepare(`SELECT joined(value) FROM ${VALUES}`).pluck().get(), "1+2+4");
    db.aggregate("sliding", {
      start: 0,
      step: (a: number, x: number) => a + x,
      inverse: (a: number, x: number) => a - x,
    });
    assert.deepEqual(
      db.prepare(
        `SELECT sliding(value) OVER (ORDER BY value ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) ` +
          `FROM ${VALUES}`,
      ).pluck().all(),
      [1, 3, 6],
    );
    assert.throws(
      () => db.prepare(`SELECT skip_two(value) OVER () FROM ${VALUES}`).all(),
      (e) =>
        e instanceof SqliteError && e.code === "SQLITE_ERROR" &&
        e.message === "skip_two() may not be used as a window function",
    );
    db.close();
  });
}
