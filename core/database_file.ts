/**
 * An open database file: the pager, the text encoding and the schema, and cursors over
 * its tables and indexes. This is the reader's whole surface; the query engine builds on it.
 */
import { SqliteError } from "./errors.ts";
import type { ByteSource } from "./io/byte_source.ts";
import { BytesSource } from "./io/bytes_source.ts";
import { Pager, type PagerOptions } from "./pager.ts";
import { BtreeCursor } from "./format/cursor.ts";
import { loadSchema } from "./format/schema.ts";
import type { IndexInfo, Schema, TableInfo } from "./format/schema_types.ts";
import type { TextEncoding } from "./value/types.ts";

export interface OpenOptions extends PagerOptions {
  /** With a byte-array database: the bytes of its `-wal` file, if any. */
  wal?: Uint8Array | null;
}

export class DatabaseFile {
  readonly pager: Pager;
  readonly encoding: TextEncoding;
  readonly schema: Schema;
  /** The file path as given to {@link DatabaseFile.open}, or "" for a byte array. */
  readonly path: string;

  constructor(db: ByteSource, wal: ByteSource | null, options: PagerOptions = {}, path = "") {
    this.path = path;
    this.pager = new Pager(db, wal, options);
    this.encoding = this.pager.header.textEncoding;
    try {
      this.schema = loadSchema(this.pager, this.encoding);
    } catch (e) {
      this.pager.close();
      throw e;
    }
  }

  /**
   * Opens a database held in memory (and its `-wal` file's bytes, when given). File paths
   * are opened by core/io/open_path.ts, which the browser build leaves out.
   */
  static fromBytes(bytes: Uint8Array, options: OpenOptions = {}): DatabaseFile {
    if (!(bytes instanceof Uint8Array)) {
      throw new SqliteError("SQLITE_MISUSE", "database source must be a path or a Uint8Array");
    }
    const wal = options.wal ? new BytesSource(options.wal) : null;
    return new DatabaseFile(new BytesSource(bytes), wal, options);
  }

  /** A cursor over a table's b-tree (a table b-tree, or an index b-tree for WITHOUT ROWID). */
  tableCursor(table: TableInfo): BtreeCursor {
    return new BtreeCursor(this.pager, table.rootPage, this.encoding, !table.withoutRowid);
  }

  /** A cursor over an index's b-tree. */
  indexCursor(index: IndexInfo): BtreeCursor {
    return new BtreeCursor(this.pager, index.rootPage, this.encoding, false);
  }

  close(): void {
    this.pager.close();
  }
}
