// better-sqlite3 comparison cases: runtime. See harness.mjs for how a case is written.
// What happens while a query runs (the busy rules: inside a user function, an
// aggregate's callbacks, the verbose logger, an iterator's loop), user functions and
// aggregates (their checks, arguments, results, errors, window calls), bound buffers,
// and the verbose logger's text.
// Not compared: an INTEGER argument beyond ±(2^53-1) to a function without safeIntegers,
// which better-sqlite3 rounds and the drop-in refuses with a RangeError (a documented
// difference, as for such a value in a row).
import { run } from "./harness.mjs";

/** Tables for the aggregate cases (as better-sqlite3's own tests make them). */
const TABLES = `
  CREATE TABLE empty (_);
  CREATE TABLE ints (_);
  CREATE TABLE texts (_);
  INSERT INTO ints VALUES (3), (5), (7), (11), (13), (17), (19);
  INSERT INTO texts VALUES ('a'), ('b'), ('c'), ('d'), ('e'), ('f'), ('g');
  CREATE TABLE iterable (value INTEGER);
  INSERT INTO iterable WITH RECURSIVE temp(x) AS
    (SELECT 1 UNION ALL SELECT x * 2 FROM temp LIMIT 10) SELECT * FROM temp;
`;

/** The fixture with TABLES added, opened read-only. */
function withTables(D, path, write) {
  write(TABLES);
  return new D(path, { readonly: true });
}

/** A window over ints/texts in rowid order, as better-sqlite3's aggregate tests use. */
const WIN =
  "WINDOW win AS (ORDER BY rowid ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) ORDER BY rowid";

export const cases = {
  // ---- aggregates ----
  aggregateWindowCalls: (D, p, write) => {
    const db = withTables(D, p, write);
    const counts = { start: 0, step: 0, inverse: 0, result: 0 };
    db.aggregate("wn", {
      start: () => {
        counts.start += 1;
        return { foo: 1000, results: 0 };
      },
      step: (ctx, a, b) => {
        counts.step += 1;
        ctx.foo += a * b;
      },
      inverse: (ctx, a, b) => {
        counts.inverse += 1;
        ctx.foo -= a * b;
      },
      result: (ctx) => {
        counts.result += 1;
        return ctx.foo + ctx.results++ * 10000;
      },
    });
    const all = (sql) => run(() => db.prepare(`SELECT ${sql} ${WIN}`).pluck().all(2));
    const out = [];
    for (const from of ["ints", "ints", "empty"]) {
      out.push(all(`wn(_, ?) OVER win FROM ${from}`), { ...counts });
    }
    return out;
  },
  windowStreaming: (D, p) => {
    const db = new D(p, { readonly: true });
    const log = [];
    db.aggregate("wn", {
      start: () => {
        log.push("start");
        return 0;
      },
      step: (c, x) => {
        log.push(`step${x}`);
        return c + x;
      },
      inverse: (c, x) => {
        log.push(`inv${x}`);
        return c - x;
      },
      result: (c) => {
        log.push(`res${c}`);
        return c;
      },
    });
    const rows = "(SELECT 1 AS x UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4)";
    const frames = [
      "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING",
      "ROWS CURRENT ROW",
      "ORDER BY x",
      "ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 2 FOLLOWING",
      "ORDER BY x ROWS BETWEEN 2 PRECEDING AND 1 PRECEDING",
      "PARTITION BY x % 2 ORDER BY x",
      "ORDER BY x RANGE BETWEEN 1 PRECEDING AND CURRENT ROW",
      "ORDER BY x / 3 GROUPS BETWEEN CURRENT ROW AND 1 FOLLOWING",
      "ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW",
      "",
    ];
    const out = frames.map((frame) => {
      const trace = [];
      log.length = 0;
      const it = db.prepare(`SELECT x, wn(x) OVER (${frame}) FROM ${rows}`).raw().iterate();
      for (const r of it) {
        trace.push(log.join(" "), r.join(":"));
        log.length = 0;
      }
      trace.push(log.join(" "));
      log.length = 0;
      const first = run(() =>
        db.prepare(`SELECT wn(x) OVER (${frame}) FROM ${rows}`).pluck().get()
      );
      return [frame, trace, first, log.join(" ")];
    });
    // Two calls in one statement, and a row limit.
    log.length = 0;
    const limited = db.prepare(
      `SELECT wn(x) OVER (ORDER BY x), sum(x) OVER (ORDER BY x ROWS 1 PRECEDING) FROM ${rows} LIMIT 2`,
    ).raw().all();
    out.push([limited, log.join(" ")]);
    return out;
  },
  windowThrowClosesIterator: (D, p, write) => {
    const db = withTables(D, p, write);
    let i = 0;
    const err = new Error("foo");
    db.aggregate("wn", {
      step: (_ctx, x) => {
        if (++i >= 5) throw err;
        return x;
      },
      inverse: () => {},
    });
    const sql = "SELECT wn(value) OVER (ROWS CURRENT ROW) FROM iterable";
    const iterator = db.prepare(sql).pluck().iterate();
    let total = 0;
    const inLoop = [];
    const thrown = run(() => {
      for (const value of iterator) {
        total += value;
        inLoop.push(run(() => db.exec(`${sql} LIMIT 4`)));
      }
    });
    const after = [total, thrown, iterator.next()];
    i = 0;
    db.exec(`${sql} LIMIT 4`);
    return [after, inLoop, i];
  },
};
