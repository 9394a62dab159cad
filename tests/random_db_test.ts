/**
 * Self-checks of the random-database generator and its oracle (tests/support/random_db*.ts):
 * the expectation agrees with other ways of asking SQLite, the WAL copy shows exactly the
 * committed data, and every feature the generator claims is actually generated and built.
 *
 * Replay a failure with LITEJIT_SEED=<seed> (and LITEJIT_RUNS=<n>).
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import {
  arbDbSpec,
  buildDb,
  type BuiltDb,
  cleanup,
  describe,
  featuresOf,
  propertyParams,
  propertySeed,
} from "./support/random_db.ts";
import { integrityProblems } from "./support/random_db_build.ts";
import { returnArrays } from "./support/random_db_oracle.ts";
import {
  type DbSpec,
  DECL_TYPES,
  DEFAULT_LITERALS,
  EXPR_KINDS,
  STRICT_TYPES,
  WHERE_KINDS,
} from "./support/random_db_spec.ts";
import { dq } from "./support/random_db_sql.ts";

function query(db: DatabaseSync, sql: string): unknown[][] {
  const st = db.prepare(sql);
  st.setReadBigInts(true);
  returnArrays(st);
  return st.all() as unknown as unknown[][];
}

/**
 * Like {@link query}, but null when SQLite cannot use a forced index: a partial index whose
 * WHERE the planner simplified away (`pk IS NOT NULL` on a NOT NULL column) is unusable.
 */
function tryQuery(db: DatabaseSync, sql: string): unknown[][] | null {
  try {
    return query(db, sql);
  } catch (e) {
    if (e instanceof Error && e.message === "no query solution") return null;
    throw e;
  }
}

/** Opens a throwaway copy of the built files (never the pristine one). */
function withCopy<T>(built: BuiltDb, fn: (db: DatabaseSync, copyPath: string) => T): T {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_rdb_check_" });
  try {
    const path = `${dir}/copy.db`;
    Deno.copyFileSync(built.path, path);
    if (built.walPath) Deno.copyFileSync(built.walPath, `${path}-wal`);
    const db = new DatabaseSync(path);
    try {
      return fn(db, path);
    } finally {
      db.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

/** Checks the expectation against independent questions to SQLite. */
function checkBuilt(built: BuiltDb): void {
  const { spec, expected } = built;
  assert.equal(built.walPath !== null, spec.wal !== null);
  if (built.walPath) assert.ok(Deno.statSync(built.walPath).isFile);
  // The new reader of the copied files sees exactly what the writer had committed.
  assert.deepStrictEqual(expected, built.writerView);
  assert.ok(!expected.tables.some((t) => t.name === "spill_tmp" || t.name === "scratch_tmp"));

  withCopy(built, (db) => {
    assert.deepStrictEqual(integrityProblems(db), []);
    for (const t of expected.tables) {
      const width = t.columns.length + (t.withoutRowid ? 0 : 1);
      assert.ok(t.rows.every((r) => r.length === width), `${t.name}: row width`);
      if (!t.withoutRowid) {
        for (let i = 1; i < t.rows.length; i++) {
          assert.ok(
            (t.rows[i - 1][0] as bigint) < (t.rows[i][0] as bigint),
            `${t.name}: rowid order`,
          );
        }
      }
      // A plain scan of the table b-tree (no ORDER BY) gives the same rows. For WITHOUT
      // ROWID tables NOT INDEXED still lets SQLite scan a covering secondary index, so name
      // the primary-key b-tree instead.
      const cols = t.columns.map(dq).join(", ");
      const pk = query(db, `PRAGMA index_list(${dq(t.name)})`).find((r) => r[3] === "pk");
      const from = t.withoutRowid ? `INDEXED BY ${dq(String(pk![1]))}` : "NOT INDEXED";
      const scan = query(
        db,
        `SELECT ${t.withoutRowid ? "" : "rowid, "}${cols} FROM ${dq(t.name)} ${from}`,
      );
      assert.deepStrictEqual(scan, t.rows, `${t.name}: table scan order`);
    }
    for (const ix of expected.indexes) {
      const t = expected.tables.find((x) => x.name === ix.table)!;
      assert.ok(ix.entries.every((e) => e.length === ix.columns.length), `${ix.name}: entry width`);
      // A forced full scan of the index itself visits its entries in b-tree order.
      const where = ix.where === null ? "" : ` WHERE ${ix.where}`;
      const terms = ix.columns.map((c) => c.term).join(", ");
      const scan = tryQuery(
        db,
        `SELECT ${terms} FROM ${dq(ix.table)} INDEXED BY ${dq(ix.name)}${where}`,
      );
      if (scan !== null) assert.deepStrictEqual(scan, ix.entries, `${ix.name}: index scan order`);
      const [[count]] = query(db, `SELECT count(*) FROM ${dq(ix.table)}${where}`);
      assert.equal(BigInt(ix.entries.length), count, `${ix.name}: entry count`);
      if (!t.withoutRowid) {
        const rowids = new Set(t.rows.map((r) => r[0]));
        assert.ok(ix.entries.every((e) => rowids.has(e.at(-1)!)), `${ix.name}: rowids`);
      }
    }
  });
}

Deno.test("random_db: the oracle's expectation agrees with SQLite's own scans", () => {
  fc.assert(
    fc.property(arbDbSpec, (spec: DbSpec) => {
      const built = buildDb(spec, { writerView: true });
      try {
        checkBuilt(built);
      } catch (e) {
        throw new Error(`${describe(spec)}\n${e instanceof Error ? e.message : e}`, { cause: e });
      } finally {
        cleanup(built);
      }
    }),
    propertyParams(25, "random_db oracle"),
  );
});

/** Every feature the generator promises, by the names featuresOf() uses. */
function promisedFeatures(): string[] {
  return [
    ...[512, 1024, 2048, 4096, 8192, 16384, 32768, 65536].map((p) => `pageSize:${p}`),
    ...["UTF-8", "UTF-16le", "UTF-16be"].map((e) => `encoding:${e}`),
    ...["NONE", "FULL", "INCREMENTAL"].map((a) => `autoVacuum:${a}`),
    "journal:rollback",
    "journal:wal",
    ...["none", "PASSIVE", "FULL", "RESTART", "TRUNCATE"].map((c) => `wal:checkpoint:${c}`),
    "wal:autocheckpoint:off",
    "wal:autocheckpoint:small",
    "wal:spill",
    "view",
    "scratch",
    "incrementalVacuum",
    "analyze",
    "tables:4",
    ...["plain", "alias", "aliasDesc", "descQuirk", "intTypedPk", "compositePk", "withoutRowid"]
      .map((f) => `flavor:${f}`),
    "strict",
    "rowids:explicit",
    "autoincrement",
    "withoutRowid:composite",
    "withoutRowid:desc",
    "withoutRowid:collate:NOCASE",
    "withoutRowid:collate:RTRIM",
    ...[...DECL_TYPES, ...STRICT_TYPES].map((d) => `decl:${d}`),
    ...["BINARY", "NOCASE", "RTRIM"].map((c) => `column:collate:${c}`),
    ...["NOCASE", "RTRIM"].map((c) => `index:collate:${c}`),
    "unique:column",
    "unique:table",
    "quote:double",
    "quote:bracket",
    "quote:backtick",
    "name:odd",
    ...DEFAULT_LITERALS.map((d) => `alter:default:${d}`),
    "index:early",
    "index:late",
    "index:multi",
    "index:unique",
    "index:desc",
    "index:onAddedColumn",
    ...WHERE_KINDS.map((w) => `index:where:${w}`),
    ...EXPR_KINDS.map((x) => `index:expr:${x}`),
    "update",
    "deletes:modulo",
    "deletes:range",
    "rows:afterAlter",
    "commitPerRow",
    "bulk:1000+",
    "rowid:max",
    "rowid:min",
    ...[
      "null",
      "int64max",
      "int64min",
      "2^53+1",
      "2^53-1",
      "zero",
      "-0.0",
      "huge real",
      "subnormal real",
      "infinity",
      "empty text",
      "astral text",
      "empty blob",
      "long text",
      "long blob",
      "longer than a page",
      "~200KB",
    ].map((v) => `value:${v}`),
  ];
}

Deno.test("random_db: the generator produces every promised feature", () => {
  const seed = propertySeed("random_db coverage");
  const seen = new Map<string, number>();
  for (const spec of fc.sample(arbDbSpec, { seed, numRuns: 400 })) {
    for (const f of featuresOf(spec)) seen.set(f, (seen.get(f) ?? 0) + 1);
  }
  const missing = promisedFeatures().filter((f) => !seen.has(f));
  assert.deepStrictEqual(missing, [], `never generated in 400 specs (seed ${seed})`);
});

/** Frames SQLite's WAL recovery accepts in the copied files (the `log` of a checkpoint). */
function validWalFrames(built: BuiltDb): number {
  return withCopy(built, (db) => Number(query(db, "PRAGMA wal_checkpoint(PASSIVE)")[0][1]));
}

/** Frame slots physically present in the copied WAL file. */
function walFrameSlots(built: BuiltDb): number {
  const size = Deno.statSync(built.walPath!).size;
  return size < 32 ? 0 : Math.floor((size - 32) / (24 + built.spec.pageSize));
}

Deno.test("random_db: built files reach deep b-trees, overflow, freelists and every WAL state", () => {
  const seed = propertySeed("random_db shapes");
  const want: Record<string, (b: BuiltDb) => boolean> = {
    "interior pages": (b) => b.expected.pages.internal > 0,
    "overflow pages": (b) => b.expected.pages.overflow > 0,
    "freelist pages": (b) => b.expected.freelistCount > 0,
    "pages only in the WAL": (b) => b.walPath !== null && validWalFrames(b) > 0,
    "stale frames after a RESTART checkpoint": (b) =>
      b.spec.wal?.checkpoint === "RESTART" && !b.spec.wal.spill &&
      walFrameSlots(b) > validWalFrames(b),
    "uncommitted spilled frames": (b) =>
      b.spec.wal?.spill === true && b.wal!.bytesAtCopy > b.wal!.bytesBeforeSpill &&
      walFrameSlots(b) > validWalFrames(b),
  };
  const found = new Set<string>();
  const specs = fc.sample(arbDbSpec, { seed, numRuns: 120 });
  for (const spec of specs) {
    if (found.size === Object.keys(want).length) break;
    const built = buildDb(spec);
    try {
      for (const [name, test] of Object.entries(want)) {
        if (!found.has(name) && test(built)) found.add(name);
      }
    } finally {
      cleanup(built);
    }
  }
  const missing = Object.keys(want).filter((k) => !found.has(k));
  assert.deepStrictEqual(missing, [], `not reached in 120 built databases (seed ${seed})`);
});
