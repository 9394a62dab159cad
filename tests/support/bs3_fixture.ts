/**
 * The database the better-sqlite3 drop-in and Kysely suites read: authors and their
 * books, built with node:sqlite (the oracle), written to a temporary file.
 */
import { DatabaseSync } from "node:sqlite";

/** Path of a fresh copy of the fixture database (a new temporary directory). */
export function buildLibraryDb(): string {
  const path = `${Deno.makeTempDirSync({ prefix: "litejit_bs3_" })}/library.db`;
  const db = new DatabaseSync(path);
  db.exec(`
    PRAGMA user_version = 7;
    CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL, born INTEGER);
    CREATE TABLE books (
      id INTEGER PRIMARY KEY,
      author_id INTEGER NOT NULL REFERENCES authors(id),
      title TEXT NOT NULL,
      price REAL,
      cover BLOB,
      sold INTEGER
    );
    CREATE INDEX books_author ON books(author_id);
    INSERT INTO authors VALUES (1, 'Ursula', 1929), (2, 'Italo', 1923), (3, 'Octavia', 1947),
      (4, 'Anon', NULL);
    INSERT INTO books VALUES
      (1, 1, 'Earthsea', 9.5, x'0102', 1000),
      (2, 1, 'The Dispossessed', 12.25, NULL, 4611686018427387904),
      (3, 2, 'Invisible Cities', 11.0, x'ff', 800),
      (4, 2, 'Cosmicomics', 8.75, NULL, 300),
      (5, 3, 'Kindred', 10.0, NULL, 2500),
      (6, 3, 'Dawn', NULL, NULL, NULL);
  `);
  db.close();
  return path;
}

/** Runs `sql` on node:sqlite and returns plain-object rows (INTEGERs as bigint when asked). */
export function oracleAll(
  path: string,
  sql: string,
  params: (string | number | bigint | null)[] = [],
  bigints = false,
): Record<string, unknown>[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const st = db.prepare(sql);
    st.setReadBigInts(bigints);
    return st.all(...params).map((r) => ({ ...r }));
  } finally {
    db.close();
  }
}
