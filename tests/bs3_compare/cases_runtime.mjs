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

/** A value both sides can print: what a database, statement or iterator is, else the value. */
function shown(v) {
  if (v && typeof v === "object") {
    if (typeof v.prepare === "function") return "Database";
    if (typeof v.run === "function" && typeof v.bind === "function") return "Statement";
    if (typeof v.next === "function") return "iterator";
  }
  return v;
}

/** Runs each call, keeping its value (see shown) or its error. */
const each = (calls) => calls.map((f) => run(() => shown(f())));

// Every call better-sqlite3 may refuse while the connection is busy, on `db` and on a
// statement `other` of it that is not running.
function busyCalls(db, other, iterator) {
  return [
    () => db.prepare("SELECT 555"),
    () => db.exec("SELECT 555"),
    () => db.pragma("user_version"),
    () => db.function("fx", () => 1),
    () => db.aggregate("ax", { step: () => {} }),
    () => db.close(),
    () => other.get(),
    () => other.all(),
    () => Array.from(other.iterate()),
    () => other.run(),
    () => other.pluck(),
    () => other.raw(false),
    () => other.expand(false),
    () => other.safeIntegers(false),
    () => other.columns(),
    () => other.busy,
    () => iterator.next(),
    () => iterator.return(),
    () => db.open,
    () => db.inTransaction,
    () => db.defaultSafeIntegers(false),
    () => db.unsafeMode(false),
  ];
}

export const cases = {
  // ---- busy: inside a user function ----
  busyInFunction: (D, p) => {
    const db = new D(p, { readonly: true });
    const other = db.prepare("SELECT id FROM t WHERE id = 1").pluck();
    const seen = [];
    let open = null;
    db.function("probe", (x) => {
      seen.push(each(busyCalls(db, other, open)));
      return x;
    });
    // An iterator opened before the query (its next and return are refused too).
    open = db.prepare("SELECT 7").pluck().iterate();
    const first = run(() => db.prepare("SELECT probe(1)").pluck().get());
    return [first, seen, each([() => open.next(), () => open.next(), () => db.open])];
  },
  busyAfterFunction: (D, p) => {
    const db = new D(p, { readonly: true });
    db.function("twice", (x) => {
      const inside = run(() => db.exec("SELECT 555"));
      return x * 2 + (inside.error ? 0 : 1000);
    });
    const out = [];
    for (const x of db.prepare("SELECT twice(555)").pluck().iterate()) {
      out.push(x, run(() => db.exec("SELECT 555")));
    }
    out.push(shown(db.exec("SELECT 555")), db.prepare("SELECT twice(id) FROM t").pluck().all());
    return out;
  },
  closeInFunction: (D, p) => {
    const db = new D(p, { readonly: true });
    const tried = [];
    db.function("shut", (x) => {
      tried.push(run(() => shown(db.close())));
      return x;
    });
    const rows = run(() => db.prepare("SELECT shut(id) AS v FROM t ORDER BY id").all());
    return [rows, tried, db.open, run(() => db.prepare("SELECT 1 AS one").get())];
  },
  functionThrowClosesIterator: (D, p, write) => {
    const db = withTables(D, p, write);
    let i = 0;
    const err = new Error("foo");
    db.function("fn", (x) => {
      if (++i >= 5) throw err;
      return x;
    });
    const iterator = db.prepare("SELECT fn(value) FROM iterable").pluck().iterate();
    let total = 0;
    const inLoop = [];
    const thrown = run(() => {
      for (const value of iterator) {
        total += value;
        inLoop.push(run(() => db.exec("SELECT fn(value) FROM iterable LIMIT 4")));
      }
    });
    const after = [total, thrown, iterator.next()];
    i = 0;
    db.exec("SELECT fn(value) FROM iterable LIMIT 4");
    return [after, inLoop, i];
  },
  functionErrorsPropagate: (D, p) => {
    const db = new D(p, { readonly: true });
    const thrown = [
      new TypeError("foobar"),
      new Error("baz"),
      { yup: "ok" },
      "foobarbazqux",
      "",
      null,
      123.4,
    ];
    return thrown.map((exception, i) => {
      db.function(`e${i}`, () => {
        throw exception;
      });
      try {
        db.prepare(`SELECT e${i}()`).get();
        return "no error";
      } catch (e) {
        return [e === exception, db.open, run(() => db.prepare("SELECT 1").pluck().get())];
      }
    });
  },

  // ---- busy: inside an iterator's loop ----
  busyInIterate: (D, p) => {
    const db = new D(p, { readonly: true });
    const self = db.prepare("SELECT id FROM t ORDER BY id").pluck();
    const reader = db.prepare("SELECT name FROM t WHERE id = 2").pluck();
    const out = [];
    for (const id of self.iterate()) {
      const open = db.prepare("SELECT 9").pluck().iterate();
      out.push(
        id,
        each([
          ...busyCalls(db, reader, open),
          () => reader.bind(),
          () => reader.get(),
          () => self.get(),
          () => self.all(),
          () => self.iterate(),
          () => self.run(),
          () => self.pluck(),
          () => self.raw(),
          () => self.expand(),
          () => self.safeIntegers(),
          () => self.bind(),
          () => self.columns(),
          () => self.busy,
          () => db.prepare("SELECT 1").pluck().get(),
          () => db.transaction(() => 1)(),
        ]),
      );
      open.return();
    }
    out.push(each([() => self.busy, () => db.exec("SELECT 1"), () => db.function("g", () => 1)]));
    return out;
  },
  iteratorProtocol: (D, p) => {
    const db = new D(p, { readonly: true });
    const s = db.prepare("SELECT id FROM t ORDER BY id").pluck();
    const it = s.iterate();
    const out = [
      typeof it,
      typeof it.next,
      typeof it.return,
      typeof it.throw,
      it[Symbol.iterator]() === it,
      s.busy,
    ];
    out.push(it.next(), it.return(), s.busy, it.next(), it.return());
    const it2 = s.iterate();
    let count = 0;
    for (const _ of it2) {
      count++;
      it2.next();
    }
    out.push(count, s.busy);
    const it3 = s.iterate();
    count = 0;
    for (const _ of it3) {
      count++;
      it3.return();
    }
    out.push(count, s.busy);
    const err = new Error("loop");
    out.push(
      run(() => {
        for (const _ of s.iterate()) throw err;
      }),
      s.busy,
    );
    return out;
  },
  unsafeMode: (D, p) => {
    const db = new D(p, { readonly: true });
    const read = db.prepare("SELECT 5 AS five");
    const out = [];
    const tries = () =>
      each([
        () => db.exec("SELECT 5"),
        () => db.pragma("user_version", { simple: true }),
        () => db.prepare("SELECT 6").run(),
        () => read.run(),
        () => db.function("g", () => 1),
        () => db.aggregate("h", { step: () => {} }),
        () => db.close(),
      ]);
    for (const _ of read.iterate()) out.push(tries());
    db.unsafeMode();
    for (const _ of read.iterate()) out.push(tries());
    db.unsafeMode(false);
    for (const _ of read.iterate()) out.push(tries());
    return out;
  },
  // ---- busy: inside an aggregate's callbacks ----
  busyInAggregate: (D, p, write) => {
    const db = withTables(D, p, write);
    let checks = 0;
    const seen = new Set();
    const other = db.prepare("SELECT 1");
    const expectBusy = () => {
      seen.add(JSON.stringify(each([
        () => db.exec("SELECT a()"),
        () => db.prepare("SELECT 555"),
        () => db.pragma("user_version"),
        () => db.function("x", () => {}),
        () => db.aggregate("y", { step: () => {} }),
        () => other.get(),
        () => db.close(),
      ])));
      checks += 1;
    };
    db.aggregate("a", { step: () => {} });
    db.aggregate("b", {
      start: expectBusy,
      step: expectBusy,
      inverse: expectBusy,
      result: expectBusy,
    });
    const out = [];
    out.push(run(() => db.prepare(`SELECT b(*) OVER win FROM ints ${WIN}`).pluck().all()), checks);
    checks = 0;
    out.push(run(() => shown(db.exec(`SELECT b(*) OVER win FROM ints ${WIN}`))), checks);
    checks = 0;
    out.push(run(() => db.prepare("SELECT b() FROM ints").pluck().get()), checks);
    out.push(
      each([
        () => db.exec("SELECT a()"),
        () => db.prepare("SELECT 555"),
        () => db.pragma("user_version"),
        () => db.function("xx", () => {}),
        () => db.aggregate("yy", { step: () => {} }),
      ]),
      [...seen],
    );
    return out;
  },
  busyInVerbose: (D, p) => {
    const out = [];
    let db = null;
    const verbose = () => {
      if (db) out.push(each([() => db.prepare("SELECT 1"), () => db.close(), () => db.open]));
    };
    db = new D(p, { readonly: true, verbose });
    db.prepare("SELECT 2").get();
    db.exec("SELECT 3");
    for (const _ of db.prepare("SELECT 4").iterate()) out.push("row");
    return [out, db.open];
  },
  verboseThrows: (D, p) => {
    let fail = true;
    const err = new Error("logger");
    const db = new D(p, {
      readonly: true,
      verbose: () => {
        if (fail) throw err;
      },
    });
    let calls = 0;
    db.function("fn", (x) => {
      calls++;
      return x;
    });
    const s = db.prepare("SELECT fn(id) FROM t").pluck();
    const it = s.iterate();
    const out = [s.busy, run(() => it.next()), s.busy, it.next(), calls];
    out.push(
      run(() => db.exec("SELECT fn(1); SELECT fn(2)")),
      run(() => s.get()),
      run(() => s.all()),
      run(() => db.prepare("SELECT fn(?)").run(5)),
      calls,
    );
    fail = false;
    out.push(shown(db.exec("SELECT fn(1); SELECT fn(2)")), s.all(), calls);
    return out;
  },

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
