/**
 * A database built by real SQLite from `schemaSql`, opened twice: by litejit (its catalog,
 * as `Database.prepare` builds it) and by node:sqlite read-only (the oracle).
 */
import { DatabaseSync } from "node:sqlite";
import { openDatabaseFile } from "../../core/io/open_path.ts";
import type { Catalog } from "../../core/analyze/binder.ts";
import { catalogOf } from "../../core/api/prepare.ts";

export interface BindFixture {
  /** node:sqlite, read-only, on the same file. */
  db: DatabaseSync;
  catalog: Catalog;
  cleanup: () => void;
}

/** Builds the fixture; call `cleanup()` when done. */
export function bindFixture(schemaSql: string): BindFixture {
  const dir = Deno.makeTempDirSync();
  const path = `${dir}/fixture.db`;
  const writer = new DatabaseSync(path);
  writer.exec(schemaSql);
  writer.close();
  const file = openDatabaseFile(path);
  const oracle = new DatabaseSync(path, { readOnly: true });
  return {
    db: oracle,
    catalog: catalogOf(file),
    cleanup: () => {
      oracle.close();
      file.close();
      Deno.removeSync(dir, { recursive: true });
    },
  };
}
