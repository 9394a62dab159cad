/**
 * The pragmas that read the database header (fileformat2 §1.3) or the pager: page_size,
 * page_count, encoding, freelist_count, schema_version, user_version, application_id and
 * auto_vacuum. The header is page 1 as the pager sees it, so a newer page 1 in the WAL
 * wins. The temp schema is an empty database SQLite would create on demand.
 */
import type { DatabaseFile } from "../database_file.ts";
import { encodingName } from "../value/types.ts";
import type { SchemaChoice } from "./schema_model.ts";

/** SQLite's page size for a new database (the temp schema). */
const DEFAULT_PAGE_SIZE = 4096;

/** Names of the pragmas this module answers. */
export const HEADER_PRAGMAS: ReadonlySet<string> = new Set([
  "application_id",
  "auto_vacuum",
  "encoding",
  "freelist_count",
  "page_count",
  "page_size",
  "schema_version",
  "user_version",
]);

/**
 * The value of header pragma `name` (one of {@link HEADER_PRAGMAS}, lower case). 32-bit
 * header fields come back signed, as SQLite reads its cookies into an `int`.
 */
export function headerPragma(
  db: DatabaseFile,
  name: string,
  schema: SchemaChoice,
): number | string {
  // The encoding is the connection's, whichever schema is named.
  if (name === "encoding") return encodingName(db.encoding);
  if (schema === "temp") return name === "page_size" ? DEFAULT_PAGE_SIZE : 0;
  const h = db.pager.header;
  switch (name) {
    case "page_size":
      return db.pager.pageSize;
    case "page_count":
      return db.pager.pageCount;
    case "freelist_count":
      return h.freelistCount | 0;
    case "schema_version":
      return h.schemaCookie | 0;
    case "user_version":
      return h.userVersion;
    case "application_id":
      return h.applicationId;
  }
  // auto_vacuum, the one left: 0 none, 1 full, 2 incremental (btree.c
  // sqlite3BtreeGetAutoVacuum).
  return h.largestRootPage === 0 ? 0 : h.incrementalVacuum !== 0 ? 2 : 1;
}
