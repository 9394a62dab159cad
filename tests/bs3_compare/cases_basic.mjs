// better-sqlite3 comparison cases: the basics (rows, binding, statements, pragmas,
// transactions, verbose, iterate, open). See harness.mjs for how a case is written.
import { Buffer, run } from "./harness.mjs";

// Not compared: an INTEGER beyond 2^53 read without safeIntegers, which better-sqlite3
// rounds and the drop-in refuses with a RangeError (a documented difference).
export const cases = {
  all: (D, p) =>
    run(() =>
      new D(p, { readonly: true }).prepare("SELECT id, name, data, real FROM t ORDER BY id").all()
    ),
  pluckRawExpand: (D, p) =>
    run(() => {
      const s = new D(p, { readonly: true }).prepare(
        "SELECT t.id, t.name AS n, 1 + 1 AS two FROM t WHERE id = 1",
      );
      return [
        s.pluck().get(),
        s.raw().get(),
        s.pluck(false).get(),
        s.expand().get(),
        s.expand(false).get(),
      ];
    }),
  columns: (D, p) =>
    run(() =>
      new D(p, { readonly: true }).prepare("SELECT id, name AS n, data, 2 FROM t").columns()
    ),
  safeIntegers: (D, p) =>
    run(() => {
      const s = new D(p, { readonly: true }).prepare("SELECT id, big, real FROM t ORDER BY id")
        .safeIntegers();
      return [s.all(), s.run()];
    }),
  binding: (D, p) => {
    const db = new D(p, { readonly: true });
    const q = (sql, ...a) => run(() => db.prepare(sql).raw().all(...a));
    return [
      q("SELECT ?, ?, ?", 1, [2, 3]),
      q("SELECT :a, @a, $a, ?", { a: "x" }, 1),
      q("SELECT ?, ?3", 1, { 3: 2 }, 3),
      q("SELECT ?1 || ? || ?", "a", "b"),
      q("SELECT ?1 || ?", "a", "b"),
      q("SELECT :a, :b", { a: 1 }),
      q("SELECT :a", { a: 1 }, { a: 2 }),
      q("SELECT :a", Object.create({ a: 1 })),
      q("SELECT ?", true),
      q("SELECT ?", undefined),
      q("SELECT ?", new Date(0)),
      q("SELECT ?", 2n ** 64n),
      q("SELECT typeof(?), typeof(?)", 1, 1n),
      q("SELECT ?, ?", 1),
      q("SELECT ?", 1, 2),
    ];
  },
  bind: (D, p) => {
    const s = new D(p, { readonly: true }).prepare("SELECT name FROM t WHERE id = ?");
    return [run(() => s.bind(2).get()), run(() => s.get(1)), run(() => s.bind(1))];
  },
  statementErrors: (D, p) => {
    const db = new D(p, { readonly: true });
    return [
      run(() => db.prepare("SELECT 1; SELECT 2")),
      run(() => db.prepare(" ")),
      run(() => db.prepare("SELEC 1")),
      run(() => db.prepare("SELECT * FROM nope")),
      run(() => db.prepare("INSERT INTO t(id) VALUES (9)").run()),
      run(() => db.exec("SELECT 1; DELETE FROM t")),
      run(() => db.prepare("BEGIN").get()),
      run(() => db.prepare("BEGIN").pluck()),
      run(() => db.prepare("SELECT 1").reader),
    ];
  },
  pragma: (D, p) => {
    const db = new D(p, { readonly: true });
    return [
      db.pragma("user_version", { simple: true }),
      db.pragma("table_info(t)"),
      run(() => db.pragma("x", { simple: 1 })),
    ];
  },
  transaction: (D, p) => {
    const db = new D(p, { readonly: true });
    const inner = db.transaction(() => db.inTransaction);
    const outer = db.transaction((a) => [a, db.inTransaction, inner()]);
    return [
      outer(1),
      db.inTransaction,
      run(() =>
        db.transaction(() => {
          throw new Error("x");
        })()
      ),
      db.inTransaction,
    ];
  },
  verbose: (D, p) => {
    const log = [];
    const db = new D(p, { readonly: true, verbose: (s) => log.push(s) });
    run(() =>
      db.prepare("SELECT ?, :a, ?5, ?").all(
        1,
        { a: "it's", 5: Buffer.from([1, 255]) },
        0.1,
        1e20,
        7,
      )
    );
    run(() => db.prepare("SELECT ? + ?").get(1 / 3, 5n));
    db.exec("SELECT 1; SELECT 2");
    return log;
  },
  iterateAndClose: (D, p) => {
    const db = new D(p, { readonly: true });
    const s = db.prepare("SELECT id FROM t ORDER BY id").pluck();
    const out = [];
    for (const id of s.iterate()) {
      out.push(
        id,
        s.busy,
        run(() => s.get()),
        run(() => db.prepare("SELECT 1").run()),
        run(() => db.close()),
      );
      break;
    }
    db.close();
    out.push(s.busy, db.open, run(() => s.get()), run(() => db.prepare("SELECT 1")));
    return out;
  },
  open: (D, p) => [
    run(() => new D(`${p}.missing`, { readonly: true })),
    run(() => new D("/no/such/dir/x.db")),
    run(() => new D(p, { readOnly: true })),
    run(() => new D(p, { timeout: -1 })),
    run(() => {
      const db = new D(p, { readonly: true });
      return [db.name === p, db.memory, db.readonly, db.open, db.inTransaction];
    }),
  ],
};
