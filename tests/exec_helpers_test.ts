/**
 * The shared runtime helpers of core/exec checked directly against node:sqlite: LIMIT /
 * OFFSET conversion, rowid seek keys, key hashing (DISTINCT / GROUP BY equality), the
 * sorter's comparator, IN membership with its NULL rules, and the recursive-CTE queue.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { DatabaseSync } from "node:sqlite";
import { limitCount, offsetCount } from "../core/exec/limit.ts";
import { rowidBound, rowidEqKey, rowidKey, RowidSeek } from "../core/exec/rowid_key.ts";
import { distinctKey, rowKey } from "../core/exec/key_hash.ts";
import { GroupTable } from "../core/exec/group_table.ts";
import type { GroupState } from "../core/exec/aggregate_calls.ts";
import { rowComparator, RowSorter, type StoredRow } from "../core/exec/sorter.ts";
import { inList, Truth } from "../core/exec/in_list.ts";
import { InSet } from "../core/exec/in_set.ts";
import { RecursiveQueue } from "../core/exec/recursive_queue.ts";
import { collationFor } from "../core/value/collation.ts";
import type { Reg } from "../core/value/reg.ts";
import { Affinity, type SqlValue, TextEncoding } from "../core/value/types.ts";
import { propertyParams } from "./support/random_db.ts";
import { regOf } from "./support/plan_builders.ts";

const db = new DatabaseSync(":memory:");

function one(sql: string, ...params: SqlValue[]): unknown {
  const st = db.prepare(sql);
  st.setReadBigInts(true);
  const row = st.get(...(params as never[])) as Record<string, unknown> | undefined;
  return row === undefined ? undefined : Object.values(row)[0];
}

/** Values that exercise every conversion rule. */
const SAMPLES: SqlValue[] = [
  null,
  0n,
  1n,
  -1n,
  3n,
  2.0,
  2.5,
  -2.5,
  "3",
  "3.0",
  " 4 ",
  "abc",
  "",
  "1e2",
  new Uint8Array([0x31]),
  9223372036854775807n,
  -9223372036854775808n,
  9.3e18,
  -9.3e18,
  1e300,
  -0.0,
  "9223372036854775808",
];

function show(v: SqlValue): string {
  return typeof v === "bigint" ? `${v}n` : v instanceof Uint8Array ? `x'${v}'` : JSON.stringify(v);
}

Deno.test("exec helpers: LIMIT / OFFSET conversion matches SQLite (values and errors)", () => {
  db.exec("CREATE TABLE IF NOT EXISTS ten(x); DELETE FROM ten;");
  for (let i = 0; i < 10; i++) db.exec(`INSERT INTO ten VALUES (${i})`);
  for (const v of SAMPLES) {
    let expected: number | string;
    try {
      expected = Number(one("SELECT count(*) FROM (SELECT x FROM ten LIMIT ?)", v));
    } catch (e) {
      expected = (e as Error).message;
    }
    let actual: number | string;
    try {
      const n = limitCount(regOf(v));
      actual = n < 0 ? 10 : Math.min(n, 10);
    } catch (e) {
      actual = (e as Error).message;
    }
    assert.equal(actual, expected, `LIMIT ${show(v)}`);
    let expectedOffset: number | string;
    try {
      expectedOffset = Number(one("SELECT count(*) FROM (SELECT x FROM ten LIMIT -1 OFFSET ?)", v));
    } catch (e) {
      expectedOffset = (e as Error).message;
    }
    let actualOffset: number | string;
    try {
      actualOffset = Math.max(0, 10 - offsetCount(regOf(v)));
    } catch (e) {
      actualOffset = (e as Error).message;
    }
    assert.equal(actualOffset, expectedOffset, `OFFSET ${show(v)}`);
  }
});

Deno.test("exec helpers: rowid keys and range bounds match SQLite's seeks", () => {
  const ids = [-9223372036854775808n, -5n, -1n, 0n, 1n, 2n, 3n, 4n, 100n, 9223372036854775807n];
  db.exec("CREATE TABLE IF NOT EXISTS r(x); DELETE FROM r;");
  for (const id of ids) db.exec(`INSERT INTO r(rowid, x) VALUES (${id}, 0)`);
  const rows = (sql: string, v: SqlValue) => {
    const st = db.prepare(sql);
    st.setReadBigInts(true);
    return (st.all(v as never) as { id: bigint }[]).map((r) => r.id);
  };
  for (const v of SAMPLES) {
    const eq = rowidEqKey(regOf(v));
    const mine = eq === RowidSeek.Key ? ids.filter((id) => id == BigInt(rowidKey)) : [];
    assert.deepStrictEqual(
      mine,
      rows("SELECT rowid AS id FROM r WHERE rowid = ?", v),
      `= ${show(v)}`,
    );
    for (
      const [op, lower, inclusive] of [
        [">", true, false],
        [">=", true, true],
        ["<", false, false],
        ["<=", false, true],
      ] as const
    ) {
      const s = rowidBound(regOf(v), lower, inclusive);
      const keep = (id: bigint) =>
        s === RowidSeek.Unbounded ||
        (s === RowidSeek.Key && (lower ? id >= BigInt(rowidKey) : id <= BigInt(rowidKey)));
      assert.deepStrictEqual(
        ids.filter(keep),
        rows(`SELECT rowid AS id FROM r WHERE rowid ${op} ? ORDER BY rowid`, v),
        `rowid ${op} ${show(v)}`,
      );
    }
  }
});

const valueArb: fc.Arbitrary<SqlValue> = fc.oneof(
  fc.constant(null),
  fc.bigInt({ min: -3n, max: 3n }),
  fc.constantFrom(
    1.0,
    2.0,
    -0.0,
    0.5,
    9007199254740992,
    9223372036854775807n,
    9.223372036854776e18,
  ),
  fc.constantFrom("a", "A", "a ", "b", "B", "", " ", "ab", "aB "),
  fc.constantFrom(new Uint8Array([0x61]), new Uint8Array([])),
);

Deno.test("exec helpers: hash keys are equal exactly when SQLite calls values equal", () => {
  const params = propertyParams(200, "exec_helpers key");
  for (const collation of ["BINARY", "NOCASE", "RTRIM"]) {
    fc.assert(
      fc.property(valueArb, valueArb, (x, y) => {
        const sqliteSame = one(`SELECT ? IS ? COLLATE ${collation}`, x, y) === 1n;
        const a = rowKey([regOf(x)], 0, 1, [collation]);
        const b = rowKey([regOf(y)], 0, 1, [collation]);
        assert.equal(a === b, sqliteSame, `${show(x)} vs ${show(y)} ${collation}`);
      }),
      params,
    );
  }
});

Deno.test("exec helpers: DISTINCT keys are equal exactly when SQLite calls values equal", () => {
  // A lone number is its own key, anything else its string key: numbers at and past 2^53,
  // REALs equal to INTEGERs, -0.0, texts that read as numbers, and random values.
  const values: SqlValue[] = [
    ...SAMPLES,
    ...[3, 3.0, -0, 0, 0.5, 9007199254740991, 9007199254740992, 2 ** 60, 1e300, "3", "0.5"],
    ...[9007199254740992n, 9007199254740993n, 2n ** 60n],
  ];
  const key = (v: SqlValue) => distinctKey([regOf(v)], 0, 1, ["BINARY"]);
  for (const x of values) {
    for (const y of values) {
      const sqliteSame = one(`SELECT ? IS ?`, x, y) === 1n;
      assert.equal(key(x) === key(y), sqliteSame, `${show(x)} vs ${show(y)}`);
    }
  }
  fc.assert(
    fc.property(valueArb, valueArb, (x, y) => {
      assert.equal(
        key(x) === key(y),
        one(`SELECT ? IS ?`, x, y) === 1n,
        `${show(x)} vs ${show(y)}`,
      );
    }),
    propertyParams(200, "exec_helpers distinct key"),
  );
});

Deno.test("exec helpers: GROUP BY finds a key's group exactly when SQLite calls the keys equal", () => {
  // One key column: GroupTable finds whole numbers by number, BINARY texts by the text and
  // the rest by string key. Every pair of these values, under each collation.
  const values: SqlValue[] = [
    ...SAMPLES,
    ...["a", "A", "a ", "b", "3", "1", "-0", "0"],
    ...[3, 3.0, -3, 0, 1, 9007199254740991, -9007199254740991, 9007199254740992, 0.5],
    ...[9007199254740992n, 9007199254740993n, -9007199254740992n],
  ];
  for (const collation of ["BINARY", "NOCASE", "RTRIM"]) {
    for (const x of values) {
      for (const y of values) {
        const sqliteSame = one(`SELECT ? IS ? COLLATE ${collation}`, x, y) === 1n;
        const table = new GroupTable([collationFor(collation, TextEncoding.Utf8)!]);
        assert.equal(table.find([regOf(x)], 0, 1), undefined);
        const group = { stored: [x] } as unknown as GroupState;
        table.add(group);
        const found = table.find([regOf(y)], 0, 1);
        assert.equal(found === group, sqliteSame, `${show(x)} vs ${show(y)} ${collation}`);
      }
    }
  }
});

Deno.test("exec helpers: GROUP BY on two keys finds a group exactly when SQLite calls both keys equal", () => {
  // Two whole numbers in [0, 2^15) are found by one number made of both, whole numbers and
  // BINARY texts by a map per first key, the rest by string key: pairs across that range's
  // edges and of other classes, under BINARY and with one key under NOCASE.
  const edge = 2 ** 25;
  const values: SqlValue[] = [
    ...[0, 1, -1, 3, 3.0, 0.5, -0.5, 32767, 32768, edge - 1, edge, -edge, -edge - 1, 2 * edge],
    edge * edge,
    ...[9007199254740991, 9007199254740992n, "1", "a", "A", null, new Uint8Array([1])],
  ];
  const pairs = values.flatMap((a) => values.map((b) => [a, b] as const));
  const collated = (names: string[]) => names.map((n) => collationFor(n, TextEncoding.Utf8)!);
  const cases = [
    { colls: ["BINARY", "BINARY"], every: 7 },
    { colls: ["BINARY", "NOCASE"], every: 13 },
    { colls: ["NOCASE", "BINARY"], every: 13 },
  ];
  for (const { colls, every } of cases) {
    const pick = [...pairs.keys()].filter((i) =>
      i % every === 0 || (every === 7 && pairs[i].every((v) => typeof v === "number"))
    );
    const sql = `SELECT ? IS ? COLLATE ${colls[0]} AND ? IS ? COLLATE ${colls[1]}`;
    for (const i of pick) {
      const [x1, x2] = pairs[i];
      for (const [y1, y2] of pairs) {
        const sqliteSame = one(sql, x1, y1, x2, y2) === 1n;
        const table = new GroupTable(collated(colls));
        assert.equal(table.find([regOf(x1), regOf(x2)], 0, 2), undefined);
        const group = { stored: [x1, x2] } as unknown as GroupState;
        table.add(group);
        const found = table.find([regOf(y1), regOf(y2)], 0, 2);
        const label = `(${show(x1)}, ${show(x2)}) vs (${show(y1)}, ${show(y2)}) ${colls}`;
        assert.equal(found === group, sqliteSame, label);
      }
    }
  }
});

Deno.test("exec helpers: the sorter's comparator orders as ORDER BY (NULLs, collations, stability)", () => {
  const params = propertyParams(50, "exec_helpers sort");
  fc.assert(
    fc.property(
      fc.array(valueArb, { maxLength: 12 }),
      fc.boolean(),
      fc.boolean(),
      fc.constantFrom("BINARY", "NOCASE", "RTRIM"),
      (vals, desc, nullsFirst, coll) => {
        if (vals.length === 0) return;
        const rows: StoredRow[] = vals.map((v, i) => {
          const r = regOf(v);
          return { values: [r.v, i], classes: [r.c, 1] };
        });
        rows.sort(
          rowComparator([{ column: 0, desc, nullsFirst, collation: coll }], TextEncoding.Utf8),
        );
        const values = vals.map((_, i) => `(?, ${i})`).join(", ");
        const dir = `${desc ? "DESC" : "ASC"} NULLS ${nullsFirst ? "FIRST" : "LAST"}`;
        const st = db.prepare(
          `SELECT column2 AS i FROM (VALUES ${values}) ORDER BY column1 COLLATE ${coll} ${dir}, column2`,
        );
        st.setReadBigInts(true);
        const expected = (st.all(...(vals as never[])) as { i: bigint }[]).map((r) => Number(r.i));
        assert.deepStrictEqual(rows.map((r) => r.values[1]), expected);
      },
    ),
    params,
  );
});

Deno.test("exec helpers: IN (list) and IN (SELECT) membership with the NULL rules", () => {
  const params = propertyParams(200, "exec_helpers in");
  const binary = collationFor("BINARY", TextEncoding.Utf8)!;
  fc.assert(
    fc.property(valueArb, fc.array(valueArb, { maxLength: 4 }), (x, list) => {
      const marks = list.map(() => "?").join(", ");
      const expected = one(`SELECT ? IN (${marks})`, x, ...list);
      const t = inList(regOf(x), list.map(regOf), Affinity.Blob, binary);
      const mine = t === Truth.Unknown ? null : BigInt(t);
      assert.equal(mine, expected, `${show(x)} IN (${list.map(show)})`);
      const set = new InSet([Affinity.Blob], [binary]);
      for (const v of list) set.add([regOf(v)]);
      const t2 = set.probe([regOf(x)]);
      const sub = list.length === 0
        ? "SELECT NULL AS column1 WHERE 0"
        : `VALUES ${list.map(() => "(?)").join(", ")}`;
      const expectedSub = one(`SELECT ? IN (SELECT column1 FROM (${sub}))`, x, ...list);
      assert.equal(
        t2 === Truth.Unknown ? null : BigInt(t2),
        expectedSub,
        `${show(x)} IN (SELECT ${list.map(show)})`,
      );
      // The operand's collation compares texts (only BINARY compares their strings).
      checkCollated(x, list);
    }),
    params,
  );
  for (const x of ["a", "A", "a ", "b", 1]) {
    for (const list of [["A"], ["a "], ["b", "A "], [1, "a"], [null, "A"]]) checkCollated(x, list);
  }
});

/** `x COLLATE c IN (list)` for NOCASE and RTRIM, against SQLite. */
function checkCollated(x: SqlValue, list: SqlValue[]): void {
  const marks = list.map(() => "?").join(", ");
  for (const name of ["NOCASE", "RTRIM"]) {
    const coll = collationFor(name, TextEncoding.Utf8)!;
    const expected = one(`SELECT ? COLLATE ${name} IN (${marks})`, x, ...list);
    const t = inList(regOf(x), list.map(regOf), Affinity.Blob, coll);
    const label = `${show(x)} COLLATE ${name} IN (${list.map(show)})`;
    assert.equal(t === Truth.Unknown ? null : BigInt(t), expected, label);
  }
}

Deno.test("exec helpers: the recursive queue (FIFO, ordered, UNION)", () => {
  const regs: Reg[] = [regOf(0)];
  const fifo = new RecursiveQueue(null, ["BINARY"]);
  for (const v of [3n, 1n, 3n, 2n]) fifo.push([regOf(v)], 0, 1);
  const out: SqlValue[] = [] as SqlValue[];
  while (fifo.pop(regs, 0)) out.push(regs[0].v);
  assert.deepStrictEqual(out, [3, 1, 2]);
  const ordered = new RecursiveQueue(
    rowComparator(
      [{ column: 0, desc: false, nullsFirst: true, collation: "BINARY" }],
      TextEncoding.Utf8,
    ),
    null,
  );
  for (const v of [3n, 1n, 3n, 2n]) ordered.push([regOf(v)], 0, 1);
  const sorted: SqlValue[] = [];
  while (ordered.pop(regs, 0)) sorted.push(regs[0].v);
  assert.deepStrictEqual(sorted, [1, 2, 3, 3]);
});

Deno.test("exec helpers: close the oracle", () => {
  db.close();
});

Deno.test("exec helpers: a sorter under a LIMIT keeps and orders what a stable sort of every row would", () => {
  // Few distinct keys (ties broken by arrival), rows arriving in order, reversed, at random;
  // some callers test rejects() first, as SorterReject does, some insert every row.
  const compare = rowComparator(
    [{ column: 0, desc: true, nullsFirst: true, collation: "BINARY" }],
    TextEncoding.Utf8,
  );
  const arrival = fc.constantFrom("ascending", "descending", "random");
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 600, size: "max" }),
      fc.integer({ min: 0, max: 150 }),
      arrival,
      fc.boolean(),
      (keys, keep, order, probeFirst) => {
        const values = order === "random"
          ? keys
          : [...keys].sort((a, b) => order === "ascending" ? a - b : b - a);
        const sorter = new RowSorter(compare);
        sorter.reset(keep);
        values.forEach((v, i) => {
          const row: StoredRow = { values: [v, i], classes: [1, 1] };
          if (!probeFirst || !sorter.rejects(row)) sorter.insert(row);
        });
        sorter.sort();
        const expected = values.map((v, i) => [v, i]).sort((a, b) => b[0] - a[0]).slice(0, keep);
        assert.deepEqual(sorter.rows.map((r) => r.values), expected);
      },
    ),
    { numRuns: 1500 },
  );
});
