/**
 * Writes a random database with real SQLite (node:sqlite) and captures the files a new
 * reader would open, then asks SQLite (the oracle) what they contain.
 *
 * WAL databases are copied while the writing connection is still open, because closing the
 * last connection checkpoints the WAL into the database and deletes it. Two copies are made:
 * a pristine one for litejit and one that the oracle opens (opening a copy creates `-shm`
 * and may rewrite things on close, so litejit must never see the oracle's copy).
 */
import { DatabaseSync } from "node:sqlite";
import type { SqlValue } from "../../core/value/types.ts";
import { describe } from "./random_db_arb.ts";
import { crossCheck, type Expected, readExpected, returnArrays } from "./random_db_oracle.ts";
import {
  allColumns,
  type BatchSpec,
  bulkRows,
  type DbSpec,
  hasRowidAlias,
  INT64,
  materialize,
  type RowSelector,
  type TableSpec,
  type ValueSpec,
} from "./random_db_spec.ts";
import { addColumnSql, createIndexSql, createTableSql, dq, quoteIdent } from "./random_db_sql.ts";

/** A database written by SQLite, ready for litejit, with the oracle's expectation. */
export interface BuiltDb {
  spec: DbSpec;
  /** Temporary directory holding everything; {@link cleanup} removes it. */
  dir: string;
  /** The database file for litejit (a pristine copy nobody else opens). */
  path: string;
  /** `${path}-wal` when the database is in WAL mode (the file may hold 0 frames), else null. */
  walPath: string | null;
  /** What a fresh SQLite connection reads from `path` (+ `walPath`). */
  expected: Expected;
  /** Statements the writer ran, in order (inserts summarized), for failure messages. */
  log: string[];
  /** WAL details: checkpoint result and WAL sizes around the uncommitted spill. */
  wal: WalOutcome | null;
  /** With `{ writerView: true }`: the writer's own view of its committed data before any spill. */
  writerView?: Expected;
}

/** What happened to the WAL while building. */
export interface WalOutcome {
  /** `[busy, log, checkpointed]` from the explicit `PRAGMA wal_checkpoint`, if one ran. */
  checkpoint: number[] | null;
  /** Size of the `-wal` file before the spilling transaction began (or at copy time). */
  bytesBeforeSpill: number;
  /** Size of the copied `-wal` file. */
  bytesAtCopy: number;
}

/** Options for {@link buildDb}. */
export interface BuildOptions {
  /** Also read the writer connection's view (for checking the copy logic). */
  writerView?: boolean;
}

const AUTO_VACUUM_CODE = { NONE: 0, FULL: 1, INCREMENTAL: 2 } as const;

/** Errors that an `INSERT OR IGNORE` still raises and that just mean "row not stored". */
function isIgnorable(e: unknown): boolean {
  return e instanceof Error && /cannot store \w+ value in \w+ column/.test(e.message);
}

const utf8 = new TextEncoder();

/**
 * A value a STRICT column of type `declType` accepts, derived from `v` (so STRICT tables
 * get as many rows as others instead of rejecting most of them).
 */
function fitStrict(v: SqlValue, declType: string): SqlValue {
  if (v === null) return null;
  switch (declType.toUpperCase()) {
    case "INT":
    case "INTEGER":
      if (typeof v === "bigint") return v;
      if (typeof v === "number") {
        if (!Number.isFinite(v)) return 0n;
        if (Math.abs(v) >= 2 ** 63) return v < 0 ? INT64.min : INT64.max;
        return BigInt(Math.trunc(v));
      }
      return BigInt(v.length);
    case "REAL":
      if (typeof v === "number") return v;
      if (typeof v === "bigint") return Number(v);
      return v.length + 0.5;
    case "TEXT":
      if (typeof v === "string") return v;
      if (v instanceof Uint8Array) return `blob of ${v.length}`;
      return String(v);
    case "BLOB":
      if (v instanceof Uint8Array) return v;
      return utf8.encode(String(v));
    default:
      return v;
  }
}

class Writer {
  readonly log: string[] = [];
  constructor(readonly db: DatabaseSync) {}

  exec(sql: string): void {
    this.log.push(sql);
    this.db.exec(sql);
  }

  /** Runs one statement returning rows (PRAGMAs) as arrays. */
  rows(sql: string): SqlValue[][] {
    this.log.push(sql);
    const st = this.db.prepare(sql);
    returnArrays(st);
    return st.all() as unknown as SqlValue[][];
  }

  /** Runs a statement, swallowing STRICT type errors; returns false if it was skipped. */
  tryRun(sql: string, params: SqlValue[]): boolean {
    try {
      this.log.push(sql);
      this.db.prepare(sql).run(...params);
      return true;
    } catch (e) {
      if (!isIgnorable(e)) throw e;
      return false;
    }
  }

  insertBatch(t: TableSpec, batch: BatchSpec, width: number): void {
    const cols = allColumns(t).slice(0, width);
    const alias = hasRowidAlias(t) ? t.primaryKey!.parts[0].column : -1;
    const withRowid = t.flavor !== "withoutRowid" && alias < 0;
    const names = [...(withRowid ? ["rowid"] : []), ...cols.map((c) => dq(c.name))];
    const sql = `INSERT OR IGNORE INTO ${quoteIdent(t.name, t.quote)} (${
      names.join(", ")
    }) VALUES (${names.map(() => "?").join(", ")})`;
    const st = this.db.prepare(sql);
    let stored = 0;
    let skipped = 0;
    const insert = (rowid: bigint | null, values: readonly ValueSpec[]) => {
      const params = values.map((v, i) =>
        t.strict ? fitStrict(materialize(v), cols[i].declType) : materialize(v)
      );
      if (alias >= 0) params[alias] = rowid;
      if (withRowid) params.unshift(rowid);
      try {
        st.run(...params);
        stored++;
      } catch (e) {
        if (!isIgnorable(e)) throw e;
        skipped++;
      }
    };
    const bulk = batch.bulk ? bulkRows(batch.bulk, width, t.rowidMode) : [];
    if (!batch.commitPerRow) this.db.exec("BEGIN");
    for (const r of batch.rows) insert(r.rowid, r.values);
    if (batch.commitPerRow) this.db.exec("BEGIN");
    for (const r of bulk) insert(r.rowid, r.values);
    this.db.exec("COMMIT");
    this.log.push(`${sql} -- ${stored} run, ${skipped} rejected (STRICT)`);
  }
}

/** `IN (...)` condition picking rows by their position in scan order. */
function selectorSql(t: TableSpec, sel: RowSelector): string {
  const cond = sel.mode === "modulo"
    ? `rn_ % ${sel.mod} = ${sel.rem % sel.mod}`
    : `rn_ BETWEEN ${sel.from} AND ${sel.from + sel.count - 1}`;
  const table = quoteIdent(t.name, t.quote);
  if (t.flavor !== "withoutRowid") {
    return `rowid IN (SELECT rid_ FROM (SELECT rowid AS rid_, row_number() OVER () AS rn_ FROM ${table}) WHERE ${cond})`;
  }
  const key = t.primaryKey!.parts.map((p) => dq(t.columns[p.column].name)).join(", ");
  return `(${key}) IN (SELECT ${key} FROM (SELECT ${key}, row_number() OVER () AS rn_ FROM ${table}) WHERE ${cond})`;
}

function fileSize(path: string): number {
  try {
    return Deno.statSync(path).size;
  } catch {
    return 0;
  }
}

/** Runs every step of `spec` on the open writer, up to (not including) the final copy. */
function writeContent(w: Writer, spec: DbSpec): number[] | null {
  for (const t of spec.tables) {
    w.exec(createTableSql(t));
    for (const ix of t.indexes) {
      if (!ix.late) w.exec(createIndexSql(t, ix, spec.encoding !== "UTF-8"));
    }
  }
  if (spec.view) {
    const t = spec.tables[0];
    w.exec(
      `CREATE VIEW "v_view" AS SELECT * FROM ${quoteIdent(t.name, t.quote)} WHERE ${
        dq(t.columns[0].name)
      } IS NOT NULL`,
    );
  }
  for (const t of spec.tables) w.insertBatch(t, t.initial, t.columns.length);
  for (const t of spec.tables) t.added.forEach((_, k) => w.exec(addColumnSql(t, k)));
  for (const t of spec.tables) {
    for (const ix of t.indexes) {
      if (ix.late) w.exec(createIndexSql(t, ix, spec.encoding !== "UTF-8"));
    }
  }
  for (const t of spec.tables) w.insertBatch(t, t.later, allColumns(t).length);
  for (const t of spec.tables) {
    const table = quoteIdent(t.name, t.quote);
    if (t.update) {
      const col = allColumns(t)[t.update.column];
      const value = materialize(t.update.value);
      w.tryRun(
        `UPDATE OR IGNORE ${table} SET ${dq(col.name)} = ? WHERE ${selectorSql(t, t.update.rows)}`,
        [t.strict ? fitStrict(value, col.declType) : value],
      );
    }
    if (t.deletes) w.exec(`DELETE FROM ${table} WHERE ${selectorSql(t, t.deletes)}`);
  }
  if (spec.scratch) {
    const { rows, size } = spec.scratch;
    w.exec("CREATE TABLE scratch_tmp(a INTEGER, b)");
    w.exec(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) ` +
        `INSERT INTO scratch_tmp SELECT i, hex(zeroblob(${Math.ceil(size / 2)})) FROM n`,
    );
    w.exec("DROP TABLE scratch_tmp");
  }
  if (spec.incrementalVacuum !== null) {
    w.rows(`PRAGMA incremental_vacuum(${spec.incrementalVacuum})`);
  }
  if (spec.analyze) w.exec("ANALYZE");
  let checkpoint: number[] | null = null;
  if (spec.wal && spec.wal.checkpoint !== "none") {
    checkpoint = w.rows(`PRAGMA wal_checkpoint(${spec.wal.checkpoint})`)[0].map(Number);
  }
  for (const t of spec.tables) w.insertBatch(t, t.tail, allColumns(t).length);
  return checkpoint;
}

/**
 * Starts a big transaction that SQLite must spill into the WAL before commit (small page
 * cache), touching page 1 and the first table, and leaves it open.
 */
function startSpill(w: Writer, spec: DbSpec): void {
  const t = spec.tables[0];
  w.rows("PRAGMA cache_size = 10");
  w.exec("BEGIN");
  w.exec(`DELETE FROM ${quoteIdent(t.name, t.quote)}`);
  w.exec("CREATE TABLE spill_tmp(x)");
  w.exec(
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 48) " +
      `INSERT INTO spill_tmp SELECT zeroblob(${spec.pageSize}) FROM n`,
  );
}

function copyDb(from: string, to: string, wal: boolean): void {
  Deno.copyFileSync(from, to);
  if (wal) Deno.copyFileSync(`${from}-wal`, `${to}-wal`);
}

/**
 * `PRAGMA integrity_check` findings, minus one SQLite 3.53 reports on databases it wrote
 * itself: "Fragmentation of N bytes reported as M on page P" (the page header's fragmented
 * byte count, a hint no reader relies on, is off after some deletes on small pages).
 */
export function integrityProblems(db: DatabaseSync): string[] {
  const lines = db.prepare("PRAGMA integrity_check(1000)").all()
    .flatMap((r) => String(r.integrity_check).split("\n"));
  return lines.filter((l) =>
    l !== "ok" && l !== "*** in database main ***" &&
    !/^Fragmentation of \d+ bytes reported as \d+ on page \d+$/.test(l)
  );
}

/** Writes `spec` with real SQLite and reads back the oracle's expectation. */
export function buildDb(spec: DbSpec, options: BuildOptions = {}): BuiltDb {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_rdb_" });
  const path = `${dir}/litejit.db`;
  const writerPath = `${dir}/writer/db.sqlite`;
  const oraclePath = `${dir}/oracle/db.sqlite`;
  Deno.mkdirSync(`${dir}/writer`);
  Deno.mkdirSync(`${dir}/oracle`);
  const isWal = spec.wal !== null;
  let w: Writer | null = null;
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(writerPath);
    w = new Writer(db);
    w.rows(`PRAGMA page_size = ${spec.pageSize}`);
    w.rows(`PRAGMA auto_vacuum = ${AUTO_VACUUM_CODE[spec.autoVacuum]}`);
    w.rows(`PRAGMA encoding = '${spec.encoding}'`);
    const mode = w.rows(`PRAGMA journal_mode = ${isWal ? "WAL" : "DELETE"}`)[0][0];
    if (mode !== (isWal ? "wal" : "delete")) throw new Error(`journal_mode is ${mode}`);
    if (spec.wal) w.rows(`PRAGMA wal_autocheckpoint = ${spec.wal.autocheckpoint}`);

    const checkpoint = writeContent(w, spec);
    const writerView = options.writerView ? readExpected(db, spec) : undefined;

    let wal: WalOutcome | null = null;
    if (spec.wal) {
      const bytesBeforeSpill = fileSize(`${writerPath}-wal`);
      if (spec.wal.spill) startSpill(w, spec);
      copyDb(writerPath, path, true);
      wal = { checkpoint, bytesBeforeSpill, bytesAtCopy: fileSize(`${path}-wal`) };
      if (spec.wal.spill) w.exec("ROLLBACK");
      db.close();
    } else {
      db.close();
      copyDb(writerPath, path, false);
    }
    copyDb(path, oraclePath, isWal);

    const oracle = new DatabaseSync(oraclePath, { readOnly: true });
    let expected: Expected;
    try {
      // A generator mistake (or a SQLite quirk) that leaves indexes inconsistent with their
      // tables would make every reader "wrong": refuse such databases here.
      const problems = integrityProblems(oracle);
      if (problems.length) throw new Error(`integrity_check: ${problems.join("; ")}`);
      expected = readExpected(oracle, spec);
    } finally {
      oracle.close();
    }
    crossCheck(spec, expected);
    return {
      spec,
      dir,
      path,
      walPath: isWal ? `${path}-wal` : null,
      expected,
      log: w.log,
      wal,
      writerView,
    };
  } catch (e) {
    if (db?.isOpen) db.close();
    Deno.removeSync(dir, { recursive: true });
    const last = w?.log.at(-1) ?? "(before the first statement)";
    const msg = e instanceof Error ? e.message : String(e);
    throw new Error(`buildDb failed: ${msg}\n  spec: ${describe(spec)}\n  last SQL: ${last}`, {
      cause: e,
    });
  }
}

/** Removes everything {@link buildDb} wrote. */
export function cleanup(built: BuiltDb): void {
  Deno.removeSync(built.dir, { recursive: true });
}
