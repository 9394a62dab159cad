// better-sqlite3 comparison cases: runtime. See harness.mjs for how a case is written.
// What happens while a query runs (the busy rules: inside a user function, an
// aggregate's callbacks, the verbose logger, an iterator's loop), user functions and
// aggregates (their checks, arguments, results, errors, window calls), bound buffers,
// and the verbose logger's text.
// Not compared: an INTEGER argument beyond ±(2^53-1) to a function without safeIntegers,
// which better-sqlite3 rounds and the drop-in refuses with a RangeError (a documented
// difference, as for such a value in a row).
import { Buffer, run } from "./harness.mjs";

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

/** A function whose `length` is `n`. */
const withLength = (n) => Object.defineProperty(() => {}, "length", { value: n });

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
  toggleArguments: (D, p) => {
    const db = new D(p, { readonly: true });
    const s = db.prepare("SELECT 1 AS a");
    const w = db.prepare("BEGIN");
    const out = [
      each([
        () => s.pluck(undefined),
        () => s.raw(undefined),
        () => s.expand(undefined),
        () => s.safeIntegers(undefined),
        () => db.defaultSafeIntegers(undefined),
        () => db.unsafeMode(undefined),
        () => s.pluck(1),
        () => w.pluck(1),
        () => w.safeIntegers(1),
        () => s.pluck(false, 1),
        () => s.pluck(true).raw(true).get(),
      ]),
    ];
    const it = s.iterate();
    out.push(each([() => s.pluck(1), () => s.safeIntegers(1), () => w.pluck(1)]));
    it.return();
    db.close();
    out.push(each([
      () => s.pluck(1),
      () => s.pluck(),
      () => s.raw(),
      () => s.expand(),
      () => s.safeIntegers(),
      () => s.safeIntegers(1),
      () => s.columns(),
      () => w.columns(),
      () => s.bind(),
      () => s.get(),
      () => w.run(),
      () => s.iterate(),
      () => db.close(),
      () => db.defaultSafeIntegers(3),
      () => db.defaultSafeIntegers(true),
      () => db.unsafeMode(true),
      () => db.function("f", () => 1),
      () => db.function(1, () => 1),
      () => db.aggregate("f", {}),
      () => db.aggregate("f", { step() {} }),
      () => db.exec(1),
      () => db.exec("SELECT 1"),
      () => db.prepare(1),
      () => db.pragma(1),
      () => db.pragma("user_version"),
    ]));
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
  aggregateBasics: (D, p, write) => {
    const db = withTables(D, p, write);
    const get = (sql, ...args) => run(() => db.prepare(`SELECT ${sql}`).pluck().get(args));
    db.aggregate("a", { step: (ctx, a, b) => a * b + ctx });
    db.aggregate("b", { step: (ctx, a, b) => a + b + ctx });
    db.aggregate("c", { step: (_ctx, _x) => null });
    db.aggregate("d", { step: (ctx, _x) => ctx });
    db.aggregate("e", { step: (_ctx, _x) => {} });
    db.aggregate("f", { step: (_ctx, x) => x });
    db.aggregate("g", { step: (ctx) => "z" + ctx });
    db.aggregate("h", { step: (_ctx) => 12 });
    db.aggregate("i", { step: () => 44 });
    const input = Buffer.alloc(8).fill(0xdd);
    const blob = db.prepare("SELECT f(?)").pluck().get(input);
    return [
      get("a(_, ?) FROM ints", 2),
      get("b(_, ?) FROM texts", "!"),
      get("c(_) FROM ints"),
      get("d(_) FROM ints"),
      get("e(_) FROM ints"),
      [blob === input, Buffer.isBuffer(blob), blob],
      ...["g", "h", "i"].flatMap((n) => [
        get(`${n}()`),
        get(`${n}() FROM empty`),
        get(`${n}() FROM ints`),
        get(`${n}(*) FROM ints`),
      ]),
    ];
  },
  aggregateStart: (D, p, write) => {
    const db = withTables(D, p, write);
    const get = (sql, ...args) => run(() => db.prepare(`SELECT ${sql}`).pluck().get(args));
    const seen = [];
    const spy = (ctx, a, b) => {
      seen.push(ctx === undefined ? "undefined" : Number.isNaN(ctx) ? "NaN" : ctx);
      return a * b + ++ctx;
    };
    db.aggregate("a", { start: 10000, step: (ctx, a, b) => a * b + ++ctx });
    db.aggregate("b", {
      start: { foo: 1000 },
      step: (ctx, a, b) => a * b + (ctx.foo ? ++ctx.foo : ++ctx),
    });
    db.aggregate("c", { start: undefined, step: spy });
    db.aggregate("d", { step: spy });
    db.aggregate("e", { start: null, step: spy });
    db.aggregate("f", { start: () => undefined, step: spy });
    let start = 10000;
    db.aggregate("g", { start: () => start++, step: (ctx, a, b) => a * b + ctx });
    db.aggregate("h", {
      start: () => ({ foo: start-- }),
      step: (ctx, a, b) => a * b + (ctx.foo || ctx),
    });
    db.aggregate("k", { start: undefined, step: (ctx) => ctx, result: (ctx) => typeof ctx });
    db.aggregate("l", { step: (ctx) => ctx, result: (ctx) => typeof ctx });
    const out = [get("a(_, ?) FROM ints", 2), get("a(_, ?) FROM ints", 2)];
    out.push(get("b(_, ?) FROM ints", 2), get("b(_, ?) FROM ints", 2));
    for (const n of ["c", "d", "e", "f"]) {
      seen.length = 0;
      out.push(n, get(`${n}(_, ?) FROM ints`, 2), seen.slice(0, 3));
    }
    out.push(get("g(_, ?) FROM ints", 2), get("g(_, ?) FROM ints", 2));
    out.push(get("h(_, ?) FROM ints", 2), get("h(_, ?) FROM ints", 2));
    out.push(get("k(_) FROM empty"), get("k(_) FROM ints"), get("l(_) FROM empty"));
    return out;
  },
  aggregateUndefinedKeeps: (D, p, write) => {
    const db = withTables(D, p, write);
    const get = (sql, ...args) => run(() => db.prepare(`SELECT ${sql}`).pluck().get(args));
    const all = (sql, ...args) => run(() => db.prepare(`SELECT ${sql} ${WIN}`).pluck().all(args));
    db.aggregate("a", { start: 10000, step: (ctx, a, b) => a === 11 ? undefined : a * b + ctx });
    db.aggregate("b", { start: () => 1000, step: (_ctx, _a, _b) => {} });
    db.aggregate("c", { start: () => 1000, step: (_ctx, _a, _b) => null });
    db.aggregate("r1", {
      start: 10000,
      step: (ctx, a, b) => a * b + ctx,
      result: (ctx) => ctx / 2,
    });
    db.aggregate("r2", {
      start: () => ({ foo: 1000 }),
      step: (ctx, a, b) => {
        ctx.foo += a * b;
      },
      result: (ctx) => ctx.foo,
    });
    db.aggregate("r3", { start: 10000, step: (ctx, a, b) => a * b + ctx, result: () => {} });
    db.aggregate("w1", {
      start: () => 10000,
      step: (ctx, a, b) => a * b + ctx,
      inverse: (ctx, a, b) => a === 11 ? undefined : ctx - a * b,
    });
    db.aggregate("w2", {
      start: () => 10000,
      step: (ctx, a, b) => ctx ? a * b + ctx : null,
      inverse: (_ctx, _a, _b) => null,
    });
    db.aggregate("nowin", { start: () => 10000, step: (ctx, a, b) => a * b + ctx });
    return [
      get("a(_, ?) FROM ints", 2),
      get("b(_, ?) FROM ints", 2),
      get("c(_, ?) FROM ints", 2),
      get("r1(_, ?) FROM ints", 2),
      get("r2(_, ?) FROM ints", 2),
      get("r2(_, ?) FROM ints", 2),
      get("r2(_, ?) FROM empty", 2),
      get("r3(_, ?) FROM ints", 2),
      all("w1(_, ?) OVER win FROM ints", 2),
      all("w2(_, ?) OVER win FROM ints", 2),
      all("nowin(_, ?) OVER win FROM ints", 2),
    ];
  },
  aggregateArgumentCount: (D, p, write) => {
    const db = withTables(D, p, write);
    const all = (sql, ...args) => run(() => db.prepare(`SELECT ${sql} ${WIN}`).pluck().all(args));
    const get = (sql, ...args) => run(() => db.prepare(`SELECT ${sql}`).pluck().get(args));
    db.aggregate("a", {
      start: () => 10000,
      step: (ctx, a) => a + ctx,
      inverse: (ctx, a, _b) => ctx - a,
    });
    db.aggregate("b", {
      start: () => 10000,
      step: (ctx, a, _b) => a + ctx,
      inverse: (ctx, a) => ctx - a,
    });
    db.aggregate("c", {
      start: (_a, _b, _c, _d, _e) => 10000,
      step: () => {},
      inverse: (ctx, _a) => --ctx,
      result: (ctx, _a, _b, _c, _d, _e) => ctx,
    });
    db.aggregate("agg", { step: (_ctx, _a, _b) => {} });
    const varStep = (ctx, ...args) => args.reduce((a, b) => a * b, 1) + ctx;
    Object.defineProperty(varStep, "length", { value: "-2" });
    db.aggregate("va", { varargs: true, step: varStep });
    return [
      all("a(_, ?) OVER win FROM ints", 2),
      all("a(_) OVER win FROM ints"),
      all("b(_, ?) OVER win FROM ints", 2),
      all("b(_) OVER win FROM ints"),
      all("c(_) OVER win FROM ints"),
      all("c() OVER win FROM ints"),
      all("c(*) OVER win FROM ints"),
      all("c(_, ?) OVER win FROM ints", 2),
      get("agg()"),
      get("agg(?)", 4),
      get("agg(?, ?, ?)", 4, 8, 3),
      get("agg(?, ?)", 4, 8),
      get("va()"),
      get("va(?)", 7),
      get("va(?, ?)", 4, 8),
      get("va(?, ?, ?, ?, ?, ?)", 2, 3, 4, 5, 6, 7),
    ];
  },
  aggregateOverloads: (D, p) => {
    const db = new D(p, { readonly: true });
    const get = (sql) => run(() => db.prepare(`SELECT ${sql}`).pluck().get());
    db.aggregate("agg", { step: (_ctx) => 0 });
    db.aggregate("agg", { step: (_ctx, _a) => 1 });
    db.aggregate("agg", { step: (_ctx, _a, _b) => 2 });
    db.aggregate("agg", { step: (_ctx, _a, _b, _c) => 3, inverse: () => {} });
    db.aggregate("agg", { step: (_ctx, _a, _b, _c, _d) => 4 });
    const calls = ["agg()", "agg(555)", "agg(555, 555)", "agg(555, 555, 555)", "agg(5, 5, 5, 5)"];
    const before = calls.map(get);
    db.aggregate("agg", { step: (_ctx, _a, _b) => "foo", inverse: () => {} });
    db.aggregate("agg", { step: (_ctx, _a, _b, _c) => "bar" });
    db.function("agg", (_a) => "scalar");
    return [before, calls.map(get)];
  },
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
  aggregateCallOrder: (D, p) => {
    const db = new D(p, { readonly: true });
    const log = [];
    const spy = (n) => ({
      start: () => {
        log.push(`${n}start`);
        return 0;
      },
      step: (c, x) => {
        log.push(`${n}step${x}`);
        return c + x;
      },
      result: (c) => {
        log.push(`${n}result`);
        return c;
      },
    });
    db.aggregate("aa", spy("a"));
    db.aggregate("ab", spy("b"));
    db.function("f", (x) => {
      log.push(`f${x}`);
      return x;
    });
    const rows = "(SELECT 1 AS x UNION ALL SELECT 2 UNION ALL SELECT 3)";
    return [
      `SELECT aa(x), ab(x) FROM ${rows}`,
      `SELECT ab(x), aa(f(x)) FROM ${rows}`,
      `SELECT aa(x) FROM ${rows} WHERE 0`,
      `SELECT f(x), f(x + 10) FROM ${rows} WHERE f(x + 20) > 0`,
    ].map((sql) => {
      log.length = 0;
      const result = run(() => db.prepare(sql).raw().all());
      return [result, log.join(" ")];
    });
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
  aggregateErrors: (D, p, write) => {
    const db = withTables(D, p, write);
    const get = (sql) => db.prepare(`SELECT ${sql}`).pluck().get();
    const all = (sql) => db.prepare(`SELECT ${sql} ${WIN}`).pluck().all();
    const thrown = [new TypeError("foobar"), "", null, 123.4];
    const out = [];
    for (const where of ["start", "step", "inverse", "result"]) {
      thrown.forEach((exception, index) => {
        const calls = [];
        const name = `${where}${index}`;
        const cb = (tag, w) => () => {
          calls.push(tag);
          if (w === where) throw exception;
        };
        db.aggregate(name, {
          start: cb("a", "start"),
          step: cb("b", "step"),
          inverse: cb("c", "inverse"),
          result: cb("d", "result"),
        });
        const attempt = (f) => {
          try {
            return ["value", f()];
          } catch (e) {
            return ["threw", e === exception];
          }
        };
        out.push(
          name,
          attempt(() => get(`${name}() FROM empty`)),
          calls.splice(0).join(""),
          attempt(() => get(`${name}() FROM ints`)),
          calls.splice(0).join(""),
          attempt(() => all(`${name}() OVER win FROM ints`)),
          calls.splice(0).join(""),
        );
      });
    }
    return out;
  },
  aggregateInvalidResults: (D, p, write) => {
    const db = withTables(D, p, write);
    const get = (sql) => run(() => db.prepare(`SELECT ${sql}`).pluck().get());
    const all = (sql) => run(() => db.prepare(`SELECT ${sql} ${WIN}`).pluck().all());
    db.aggregate("a", {
      start: () => ({}),
      step: () => ({}),
      inverse: () => ({}),
      result: () => 42,
    });
    db.aggregate("b", { start: () => 42, step: () => 42, inverse: () => 42, result: () => ({}) });
    db.aggregate("c", { step: () => {}, result: () => 42 });
    db.aggregate("d", { step: () => {}, result: () => ({}) });
    db.aggregate("e", { start: () => true, step: () => {} });
    db.aggregate("f", { step: () => {}, result: () => 2n ** 64n });
    const calls = [];
    db.aggregate("wn", {
      start: () => {
        calls.push("a");
      },
      step: () => {
        calls.push("b");
      },
      inverse: () => {
        calls.push("c");
      },
      result: () => {
        calls.push("d");
        return {};
      },
    });
    return [
      all("a(*) OVER win FROM ints"),
      all("b(*) OVER win FROM ints"),
      get("c(*) FROM ints"),
      get("c(*) FROM empty"),
      get("d(*) FROM ints"),
      get("d(*) FROM empty"),
      get("e(*) FROM ints"),
      get("f(*) FROM ints"),
      get("wn() FROM empty"),
      calls.splice(0).join(""),
      get("wn() FROM ints"),
      calls.splice(0).join(""),
      all("wn() OVER win FROM ints"),
      calls.splice(0).join(""),
    ];
  },
  aggregateChecks: (D, p) => {
    const db = new D(p, { readonly: true });
    const step = () => {};
    const fnLike = Object.create(Function.prototype);
    return each([
      () => db.aggregate(),
      () => db.aggregate(null),
      () => db.aggregate("a"),
      () => db.aggregate({}),
      () => db.aggregate({ step }),
      () => db.aggregate(() => {}),
      () => db.aggregate({}, function d() {}),
      () => db.aggregate("g", null),
      () => db.aggregate("h", {}),
      () => db.aggregate("i", function i() {}),
      () => db.aggregate("j", {}, function j() {}),
      () => db.aggregate("k", { name: "k" }, function k() {}),
      () => db.aggregate("l", { inverse: function l() {} }),
      () => db.aggregate("m", { result: function m() {} }),
      () => db.aggregate(new String("n"), { step }),
      () => db.aggregate("a", { step, varargs: undefined }),
      () => db.aggregate("b", { step, deterministic: undefined }),
      () => db.aggregate("b", { step, directOnly: undefined }),
      () => db.aggregate("c", { step, safeIntegers: undefined }),
      () => db.aggregate("c", { step, safeIntegers: 1 }),
      () => db.aggregate("a", { step: undefined }),
      () => db.aggregate("b", { step: null }),
      () => db.aggregate("c", { step: false }),
      () => db.aggregate("e", { step: fnLike }),
      () => db.aggregate("f", { step, inverse: false }),
      () => db.aggregate("g", { step, inverse: true }),
      () => db.aggregate("h", { step, inverse: fnLike }),
      () => db.aggregate("i", { step, result: false }),
      () => db.aggregate("k", { step, result: fnLike }),
      () => db.aggregate("", { step }),
      () => db.aggregate("", { name: "a", step }),
      () => db.aggregate("a", { step: withLength(undefined) }),
      () => db.aggregate("b", { step: withLength(null) }),
      () => db.aggregate("c", { step: withLength("2") }),
      () => db.aggregate("d", { step: withLength(NaN) }),
      () => db.aggregate("e", { step: withLength(Infinity) }),
      () => db.aggregate("f", { step: withLength(2.000000001) }),
      () => db.aggregate("g", { step: withLength(-0.000000001) }),
      () => db.aggregate("h", { step: withLength(-2) }),
      () => db.aggregate("i", { step: withLength(100.000000001) }),
      () => db.aggregate("j", { step: withLength(102) }),
      () => db.aggregate("aa", { step, inverse: withLength(undefined) }),
      () => db.aggregate("cc", { step, inverse: withLength("2") }),
      () => db.aggregate("hh", { step, inverse: withLength(-2) }),
      () => db.aggregate("jj", { step, inverse: withLength(102) }),
      () => db.aggregate("kk", { step: withLength(2), varargs: true, inverse: withLength(-1) }),
      () => db.aggregate("ok1", { step: () => {} }),
      () => db.aggregate("ok2", { step: function x() {} }),
      () => db.aggregate("ok3", { step: withLength(1) }),
      () => db.aggregate("ok4", { step: withLength(101) }),
      () => db.aggregate("ok5", { step, start: undefined, result: null, inverse: undefined }),
      () => db.aggregate("x".repeat(256), { step }),
      () => db.aggregate("ok6", Object.assign(Object.create({ step }), {})),
      () => db.prepare("SELECT ok4(" + Array(100).fill(1).join(",") + ")").pluck().get(),
      () => db.prepare("SELECT ok6()").pluck().get(),
    ]);
  },

  // ---- scalar functions ----
  functionChecks: (D, p) => {
    const db = new D(p, { readonly: true });
    const f = () => {};
    const fnLike = Object.create(Function.prototype);
    return each([
      () => db.function(),
      () => db.function(null),
      () => db.function("a"),
      () => db.function({}),
      () => db.function(() => {}),
      () => db.function(function b() {}),
      () => db.function({}, function c() {}),
      () => db.function("d", {}),
      () => db.function("e", { fn: function e() {} }),
      () => db.function("f", fnLike),
      () => db.function({ name: "g" }, function g() {}),
      () => db.function(new String("h"), function h() {}),
      () => db.function("i", null, f),
      () => db.function("j", "x", f),
      () => db.function("k", f, f),
      () => db.function("a", { varargs: undefined }, f),
      () => db.function("b", { deterministic: undefined }, f),
      () => db.function("b", { directOnly: undefined }, f),
      () => db.function("c", { safeIntegers: undefined }, f),
      () => db.function("c", { varargs: 1, safeIntegers: 1 }, f),
      () => db.function("", function a() {}),
      () => db.function("", { name: "b" }, function b() {}),
      () => db.function("a", withLength(undefined)),
      () => db.function("b", withLength(null)),
      () => db.function("c", withLength("2")),
      () => db.function("d", withLength(NaN)),
      () => db.function("e", withLength(Infinity)),
      () => db.function("f", withLength(2.000000001)),
      () => db.function("g", withLength(-0.000000001)),
      () => db.function("h", withLength(-2)),
      () => db.function("i", withLength(100.000000001)),
      () => db.function("j", withLength(101)),
      () => db.function("ok1", withLength(100)),
      () => db.function("ok2", { varargs: true }, withLength(-2)),
      () => db.function("ok3", {}, () => {}),
      () => db.function("x".repeat(256), f),
      () => db.function("ok4", Object.create({ varargs: true }), (a) => a),
      () => db.prepare("SELECT ok1(" + Array(100).fill(1).join(",") + ")").pluck().get(),
      () => db.prepare("SELECT ok2(1, 2, 3)").pluck().get(),
      () => db.prepare("SELECT ok4(1, 2)").pluck().get(),
      () => db.prepare("SELECT ok4(1)").pluck().get(),
    ]);
  },
  functionResults: (D, p) => {
    const db = new D(p, { readonly: true });
    const get = (sql, ...args) => run(() => db.prepare(`SELECT ${sql}`).pluck().get(args));
    db.function("a", (a, b, c) => a + b + c);
    db.function("b", (_a, _b) => null);
    db.function("c", (_a, _b) => {});
    db.function("d", function foo(x) {
      return x;
    });
    db.function("e", () => 12);
    db.function("fn", () => 0);
    db.function("fn", (_a) => 1);
    db.function("fn", (_a, _b) => 2);
    db.function("fn", (_a, _b) => "foobar");
    db.function(
      "types",
      { varargs: true },
      (...args) => args.map((x) => [typeof x, Buffer.isBuffer(x)]).join(";"),
    );
    const input = Buffer.alloc(8).fill(0xdd);
    const output = db.prepare("SELECT d(?)").pluck().get(input);
    const strict = (fnName, n) =>
      [0, 1, 2, 3].slice(0, n + 2).map((k) =>
        get(`${fnName}(${Array(k).fill("?").join(", ")})`, ...Array(k).fill(4))
      );
    return [
      get("a(?, ?, ?)", 2, 10, 50),
      get("a(?, ?, ?)", 2, 10, null),
      get("a(?, ?, ?)", "foo", "z", 12),
      get("b(?, ?)", 2, 10),
      get("c(?, ?)", 2, 10),
      [output === input, Buffer.isBuffer(output), output],
      get("foo(?)", input),
      get("e()"),
      strict("fn", 2),
      get("types(1, 1.5, 'x', x'00', NULL, 9007199254740991)"),
      run(() => db.prepare("SELECT typeof(e()), typeof(d(1)), typeof(d(1.5))").raw().get()),
    ];
  },
  functionReturnValues: (D, p) => {
    const db = new D(p, { readonly: true });
    const returns = {
      true: true,
      false: false,
      object: {},
      array: [1],
      date: new Date(0),
      symbol: Symbol("s"),
      function: () => 1,
      promise: Promise.resolve(1),
      arrayBuffer: new ArrayBuffer(2),
      bigBig: 2n ** 64n,
      bigNegative: -(2n ** 63n) - 1n,
      bigOk: -(2n ** 63n),
      nan: NaN,
      infinity: Infinity,
      negZero: -0,
      uint8: new Uint8Array([1, 2]),
      int16: new Int16Array([1, -1]),
      dataView: new DataView(new ArrayBuffer(3)),
      buffer: Buffer.from("hi"),
      boxedString: new String("s"),
      boxedNumber: new Number(1),
    };
    const out = {};
    for (const [key, value] of Object.entries(returns)) {
      db.function(`r_${key}`, () => value);
      const sql = `SELECT r_${key}() AS v, typeof(r_${key}()) AS t`;
      out[key] = run(() => db.prepare(sql).safeIntegers().get());
    }
    db.function("r_it", () => true);
    const it = db.prepare("SELECT r_it() FROM t").iterate();
    out.iterate = [run(() => it.next()), it.next(), run(() => db.exec("SELECT r_it()"))];
    return out;
  },
  functionArguments: (D, p) => {
    const db = new D(p, { readonly: true });
    const seen = [];
    db.function("keep", { varargs: true }, (...args) => {
      seen.push(args);
      return 1;
    });
    db.function("mutate", (b) => {
      b[0] = 7;
      return b;
    });
    db.defaultSafeIntegers(true);
    db.function("safe", (x) => typeof x);
    db.defaultSafeIntegers(false);
    db.function("unsafe", (x) => typeof x);
    db.function("opt", { safeIntegers: true }, (x) => typeof x);
    db.function("optNo", { safeIntegers: false }, (x) => typeof x);
    db.prepare("SELECT keep(data, id, real, name, NULL, -0.0) FROM t ORDER BY id").all();
    return [
      seen.map((args) => args.map((v) => [Buffer.isBuffer(v), v])),
      db.prepare("SELECT mutate(data), data FROM t WHERE id = 1").raw().get(),
      db.prepare("SELECT safe(1), unsafe(1), opt(1), optNo(1), safe(1.5)").raw().get(),
      db.prepare("SELECT safe(big) FROM t WHERE id = 1").pluck().get(),
      db.defaultSafeIntegers().prepare("SELECT unsafe(id), safe(id) FROM t WHERE id = 1").raw()
        .get(),
    ];
  },
  functionFlags: (D, p, write) => {
    write(
      "CREATE VIEW v AS SELECT only_direct(id) AS x FROM t; CREATE VIEW w AS SELECT free(id) AS x FROM t;",
    );
    const db = new D(p, { readonly: true });
    let calls = 0;
    db.function("only_direct", { directOnly: true }, (x) => x);
    db.function("free", (x) => x);
    db.function("det", { deterministic: true }, () => ++calls);
    db.function("nondet", () => ++calls);
    return [
      run(() => db.prepare("SELECT x FROM v").pluck().all()),
      run(() => db.prepare("SELECT x FROM w").pluck().all()),
      run(() => db.prepare("SELECT only_direct(2)").pluck().get()),
      run(() => db.prepare("SELECT nondet() AS a, nondet() AS b").get()),
      calls,
    ];
  },

  aggregateArguments: (D, p) => {
    const db = new D(p, { readonly: true });
    const seen = [];
    const spy = {
      step: (_acc, ...args) => void seen.push(args.map((v) => [Buffer.isBuffer(v), v])),
    };
    db.aggregate("plain", { ...spy, varargs: true });
    db.aggregate("safe", { ...spy, varargs: true, safeIntegers: true });
    db.defaultSafeIntegers();
    db.aggregate("byDefault", { ...spy, varargs: true });
    db.defaultSafeIntegers(false);
    const out = [];
    for (const name of ["plain", "safe", "byDefault"]) {
      seen.length = 0;
      db.prepare(`SELECT ${name}(id, data, real) FROM t WHERE id < 3`).get();
      out.push(name, seen.slice());
    }
    return out;
  },

  // ---- binding: objects that are not plain, and the order of the checks ----
  bindingObjects: (D, p) => {
    const db = new D(p, { readonly: true });
    const q = (sql, ...args) => run(() => db.prepare(sql).raw().all(...args));
    class Params {
      a = 1;
    }
    return [
      q("SELECT :a", new Params()),
      q("SELECT ?", new Params()),
      q("SELECT ?5", new Params()),
      q("SELECT :a", Object.create({ a: 1 })),
      q("SELECT ?", Object.create({ a: 1 })),
      q("SELECT :a", () => 1),
      q("SELECT ?", () => 1),
      q("SELECT :a", [{ a: 1 }]),
      q("SELECT ?", [[1]]),
      q("SELECT ?, ?", [[1], 2]),
      q("SELECT ?", 1, true),
      q("SELECT ?", 1, 2n ** 64n),
      q("SELECT ?", [1, new Date(0)]),
      q("SELECT :a", new Map([["a", 1]])),
      q("SELECT :a", Object.assign(Object.create(null), { a: 1 })),
      q("SELECT :a, ?", [1], { a: 2 }),
      q("SELECT ?, ?", [, 2]),
      q("SELECT ?, typeof(?)", NaN, NaN),
      q("SELECT hex(?), hex(?)", new Float32Array([1]), new DataView(new ArrayBuffer(2))),
      q("SELECT ?", new ArrayBuffer(2)),
      q("SELECT ?", Symbol("s")),
      q("SELECT ?", new Number(1)),
    ];
  },

  // ---- bound buffers are copied ----
  boundBuffers: (D, p) => {
    const db = new D(p, { readonly: true });
    const out = [];
    const bound = Buffer.alloc(4).fill(0xdd);
    const s = db.prepare("SELECT ? AS b").pluck().bind(bound);
    bound.fill(0xaa);
    out.push(s.get(), s.get());
    const mid = Buffer.alloc(3).fill(0xbb);
    db.function("touch", () => {
      mid[0] = 2;
    });
    out.push(db.prepare("SELECT ?, touch()").raw().get(mid), mid);
    const loop = new Uint8Array([1, 2, 3]);
    const rows = [];
    for (const r of db.prepare("SELECT ? FROM t").pluck().iterate(loop)) {
      loop[0]++;
      rows.push(r);
    }
    out.push(rows, loop);
    const view = new Uint8Array([9, 8, 7, 6]).subarray(1, 3);
    out.push(
      db.prepare("SELECT ?").pluck().get(view),
      db.prepare("SELECT ?").pluck().get(new DataView(view.buffer, 1, 2)),
    );
    const named = Buffer.from([5, 5]);
    const n = db.prepare("SELECT :b AS b").pluck().bind({ b: named });
    named[0] = 0;
    out.push(n.get(), n.get());
    return out;
  },

  // ---- verbose ----
  verboseThis: (D, p) => {
    const out = [];
    function sloppy(sql) {
      out.push(["sloppy", this === globalThis, this === undefined, sql]);
    }
    const strict = function (sql) {
      "use strict";
      out.push(["strict", this === globalThis, this === undefined, sql]);
    };
    for (const verbose of [sloppy, strict]) {
      const db = new D(p, { readonly: true, verbose });
      db.exec("SELECT 1; SELECT 2");
      db.prepare("SELECT ?").get(3n);
      db.pragma("user_version");
      for (const _ of db.prepare("SELECT 4").iterate());
      db.prepare("SELECT 5").iterate().return();
      db.close();
    }
    return out;
  },
  verboseText: (D, p) => {
    const log = [];
    const db = new D(p, { readonly: true, verbose: (sql) => log.push(sql) });
    const mark = (what) => log.push(`-- ${what}`);
    for (
      const sql of [
        "  SELECT 1 ;  /* c */ SELECT 2;-- x\n SELECT 3 -- y\n; ;  ",
        "SELECT 1; ; SELECT 2",
        ";SELECT 3",
        "SELECT 4;;;",
        "SELECT 1  ",
        "SELECT 1 /* z */  ",
        "SELECT 1 -- z",
        "  \n-- a\nSELECT 1;",
        "SELECT 1 ; -- only comment",
        "SELECT 1;\n\n",
        "/* only */",
        "",
      ]
    ) {
      mark(JSON.stringify(sql));
      db.exec(sql);
    }
    mark("prepared");
    db.prepare("SELECT 1  ").get();
    db.prepare("SELECT 1 -- z").get();
    db.prepare("  SELECT 1; -- z").get();
    db.prepare("SELECT ?; -- ?").get(1);
    mark("iterate");
    const it = db.prepare("SELECT ?").iterate(5);
    mark("after iterate()");
    it.next();
    it.return();
    db.prepare("SELECT ?").iterate(6).return();
    mark("after return()");
    db.prepare("SELECT ?, ?, :a, @a, ?").get({ a: 1 }, 2, 3, 4);
    db.prepare("SELECT ?1, ?1, :a").get({ 1: 3, a: 2 });
    db.prepare("SELECT '?', ? -- ?\n").get(1);
    db.pragma("user_version");
    return log;
  },
  verboseValues: (D, p) => {
    const log = [];
    const db = new D(p, { readonly: true, verbose: (sql) => log.push(sql) });
    const q = db.prepare("SELECT ?").safeIntegers();
    const values = [
      "this is a fairly short parameter",
      "this is a slightly longer parameter",
      "this is surely a very long bound parameter value that doesnt need to be logged in its entirety",
      "a".repeat(32),
      "a".repeat(33),
      "a".repeat(31) + "é",
      "a".repeat(31) + "éb",
      "a".repeat(30) + "😀x",
      "'".repeat(40),
      "x\u0000y",
      "\u0000",
      "",
      Buffer.alloc(32, 1),
      Buffer.alloc(33, 2),
      Buffer.alloc(0),
      new Uint8Array([1, 2]),
      NaN,
      Infinity,
      -Infinity,
      -0,
      0,
      1e300,
      1e-7,
      123456789012345678,
      0.1 + 0.2,
      2 ** 53,
      1e15,
      1e14,
      123456.789,
      -1.5e-5,
      5e-324,
      1.7976931348623157e308,
      100,
      0.000123,
      1e16,
      -(2n ** 63n),
      2n ** 63n - 1n,
      9.999999999999999e22,
      null,
      undefined,
    ];
    for (const v of values) q.get(v);
    return log;
  },
};
