// better-sqlite3 comparison cases: live. See harness.mjs for how a case is written.
// A connection opened on an empty (0-byte) or missing file, then a real SQLite connection
// creating and filling tables in it, in rollback and WAL mode: what the first one reads.
import { existsSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { run } from "./harness.mjs";

const rows = (db, sql) => run(() => db.prepare(sql).all());

/** The database `file`, opened with `options` while it is empty, followed as `write` fills it. */
function followFromEmpty(D, file, write, setup, options = {}) {
  const db = new D(file, options);
  try {
    const empty = {
      size: statSync(file).size,
      schema: rows(db, "SELECT * FROM sqlite_schema"),
      table: rows(db, "SELECT * FROM t"),
      one: rows(db, "SELECT 1 AS one"),
    };
    write(
      `${setup}; CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT);
       INSERT INTO t(v) VALUES ('a'), ('b'), ('é·ü')`,
      file,
    );
    const created = {
      rows: rows(db, "SELECT * FROM t ORDER BY id"),
      schema: rows(db, "SELECT type, name, tbl_name, sql FROM sqlite_schema"),
    };
    write("INSERT INTO t(v) VALUES ('c'); CREATE INDEX t_v ON t(v)", file);
    const later = {
      rows: rows(db, "SELECT id, v, length(v) AS n FROM t WHERE v > 'a' ORDER BY v"),
      count: run(() => db.prepare("SELECT count(*) FROM sqlite_schema").pluck().get()),
    };
    return { empty, created, later };
  } finally {
    db.close();
  }
}

/** An empty file beside the fixture. */
function emptyFile(path) {
  const file = `${dirname(path)}/empty.db`;
  writeFileSync(file, "");
  return file;
}

export const cases = {
  emptyFileRollback: (D, path, write) =>
    followFromEmpty(D, emptyFile(path), write, "PRAGMA journal_mode=DELETE"),
  emptyFileTruncateJournal: (D, path, write) =>
    followFromEmpty(D, emptyFile(path), write, "PRAGMA journal_mode=TRUNCATE", {
      readonly: true,
    }),
  emptyFileWal: (D, path, write) =>
    followFromEmpty(D, emptyFile(path), write, "PRAGMA journal_mode=WAL"),
  emptyFileWalPageSizeEncoding: (D, path, write) =>
    followFromEmpty(
      D,
      emptyFile(path),
      write,
      "PRAGMA page_size=8192; PRAGMA encoding='UTF-16le'; PRAGMA journal_mode=WAL",
      { fileMustExist: true },
    ),
  // better-sqlite3 creates a missing file (0 bytes, as SQLite does) unless told not to.
  missingFileCreated: (D, path, write) =>
    followFromEmpty(D, `${dirname(path)}/missing.db`, write, "PRAGMA journal_mode=WAL"),
  missingFileRollback: (D, path, write) =>
    followFromEmpty(D, `${dirname(path)}/missing.db`, write, "PRAGMA journal_mode=PERSIST"),
  missingFileNotCreated: (D, path) =>
    [{ readonly: true }, { fileMustExist: true }, { readonly: false, fileMustExist: true }].map(
      (options) => {
        const file = `${dirname(path)}/missing.db`;
        return { opened: run(() => new D(file, options).close()), exists: existsSync(file) };
      },
    ),
};
