/**
 * Test helpers for WAL databases: produce real `db` + `db-wal` pairs with node:sqlite, ask
 * node:sqlite (the oracle) what it reads from a pair, and rewrite WAL files (re-encode with
 * the other checksum byte order, build frames by hand, corrupt bytes).
 *
 * The WAL encoder here is written independently of core/format/wal.ts so the reader is not
 * checked against itself; the encoder in turn is validated by the oracle accepting its
 * output (see tests/wal_test.ts).
 */
import { DatabaseSync } from "node:sqlite";

/** A database file and its WAL, as bytes. */
export interface DbFiles {
  db: Uint8Array;
  wal: Uint8Array;
}

/** Runs `fn` with a fresh temporary directory and removes the directory afterwards. */
export function withTempDir<T>(fn: (dir: string) => T): T {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_wal_" });
  try {
    return fn(dir);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

/**
 * Creates a WAL-mode database with automatic checkpoints off, runs `setup` on the open
 * connection, then copies `db` and `db-wal` while the connection is still open (closing
 * the last connection would checkpoint and delete the WAL). A transaction `setup` leaves
 * open is part of the copy and rolled back afterwards.
 */
export function captureWal(
  setup: (db: DatabaseSync) => void,
  options: { pageSize?: number } = {},
): DbFiles {
  return withTempDir((dir) => {
    const path = `${dir}/test.db`;
    const db = new DatabaseSync(path);
    try {
      if (options.pageSize) db.exec(`PRAGMA page_size=${options.pageSize}`);
      db.exec("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;");
      setup(db);
      return { db: Deno.readFileSync(path), wal: Deno.readFileSync(`${path}-wal`) };
    } finally {
      db.close();
    }
  });
}

/** What real SQLite reads from a `db` + `db-wal` pair. */
export interface OracleView {
  /**
   * `PRAGMA page_count` on a read-only connection, or the error message it failed with.
   * This is the b-tree layer's size: it prefers a valid in-header size over the WAL's.
   */
  pageCount: number | string;
  /** `PRAGMA page_size` on the same connection. */
  pageSize: number;
  /** Frames SQLite's recovery found valid (the "log" column of a passive checkpoint). */
  walFrames: number;
  /**
   * The database file after `PRAGMA wal_checkpoint(TRUNCATE)` on a copy: every page as the
   * pager sees it. A checkpoint of a non-empty WAL sets the file's length to the size the
   * last commit frame records, so this is also the pager's database size.
   */
  image: Uint8Array;
}

/**
 * Asks node:sqlite what the pair holds. Each connection gets its own fresh folder with
 * only `test.db` and `test.db-wal` in it, so SQLite recovers from the WAL (no `-shm`).
 */
export function oracleView(files: DbFiles): OracleView {
  const { pageCount, pageSize } = withFiles(files, (path) => {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      // page_count first: it starts a read transaction, after which page_size reports the
      // page size in effect (page 1 as read through the WAL), not the db file header's.
      let pageCount: number | string;
      try {
        pageCount = Number(db.prepare("PRAGMA page_count").get()!.page_count);
      } catch (e) {
        pageCount = (e as Error).message;
      }
      const pageSize = Number(db.prepare("PRAGMA page_size").get()!.page_size);
      return { pageCount, pageSize };
    } finally {
      db.close();
    }
  });
  const { walFrames, image } = withFiles(files, (path) => {
    const db = new DatabaseSync(path);
    let walFrames: number;
    try {
      // Preparing a checkpoint loads the schema, and the b-tree layer calls a database whose
      // in-header size exceeds the WAL's corrupt; writable_schema makes it use the WAL's
      // size instead, so hand-built WALs that shrink the database can still be checkpointed.
      // node:sqlite's defensive mode ignores writable_schema (and its types lack the switch).
      (db as unknown as { enableDefensive(on: boolean): void }).enableDefensive(false);
      db.exec("PRAGMA writable_schema=ON");
      walFrames = Number(db.prepare("PRAGMA wal_checkpoint(PASSIVE)").get()!.log);
      const truncate = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get()!;
      if (truncate.busy !== 0) throw new Error("oracle checkpoint was busy");
    } finally {
      db.close();
    }
    return { walFrames, image: Deno.readFileSync(path) };
  });
  return { pageCount, pageSize, walFrames, image };
}

/** Opens the pair with node:sqlite (fresh folder) and runs `query`, e.g. to see its error. */
export function oracleQuery(files: DbFiles, query: string): unknown[] {
  return withFiles(files, (path) => {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      return db.prepare(query).all();
    } finally {
      db.close();
    }
  });
}

function withFiles<T>(files: DbFiles, fn: (path: string) => T): T {
  return withTempDir((dir) => {
    const path = `${dir}/test.db`;
    Deno.writeFileSync(path, files.db);
    Deno.writeFileSync(`${path}-wal`, files.wal);
    return fn(path);
  });
}

// ---- WAL bytes ------------------------------------------------------------------------

/** WAL header fields, as stored. */
export interface RawWalHeader {
  magic: number;
  version: number;
  pageSize: number;
  checkpointSeq: number;
  salt1: number;
  salt2: number;
  checksum1: number;
  checksum2: number;
}

/** One frame, as stored (no validation). */
export interface RawFrame {
  pageNumber: number;
  commitSize: number;
  salt1: number;
  salt2: number;
  checksum1: number;
  checksum2: number;
  data: Uint8Array;
}

/** A WAL split into its header, its whole frames, and any bytes after the last whole frame. */
export interface RawWal {
  header: RawWalHeader;
  frames: RawFrame[];
  tail: Uint8Array;
}

/** Splits a WAL into header and frames without checking anything (page size from its header). */
export function parseWalRaw(wal: Uint8Array): RawWal {
  const view = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  const u32 = (at: number) => view.getUint32(at);
  const header: RawWalHeader = {
    magic: u32(0),
    version: u32(4),
    pageSize: u32(8),
    checkpointSeq: u32(12),
    salt1: u32(16),
    salt2: u32(20),
    checksum1: u32(24),
    checksum2: u32(28),
  };
  const frameSize = header.pageSize + 24;
  const frames: RawFrame[] = [];
  let at = 32;
  while (at + frameSize <= wal.length) {
    frames.push({
      pageNumber: u32(at),
      commitSize: u32(at + 4),
      salt1: u32(at + 8),
      salt2: u32(at + 12),
      checksum1: u32(at + 16),
      checksum2: u32(at + 20),
      data: wal.slice(at + 24, at + frameSize),
    });
    at += frameSize;
  }
  return { header, frames, tail: wal.slice(at) };
}

/** A frame to encode; salts default to the header's (a different salt makes it stale). */
export interface FrameSpec {
  pageNumber: number;
  commitSize: number;
  data: Uint8Array;
  salt1?: number;
  salt2?: number;
}

/** Everything needed to write a WAL with correct checksums. */
export interface WalSpec {
  pageSize: number;
  checkpointSeq: number;
  salt1: number;
  salt2: number;
  bigEndianChecksum: boolean;
  /** Defaults to 3007000. */
  version?: number;
  frames: FrameSpec[];
  /** Bytes appended after the frames (e.g. a partial frame). */
  tail?: Uint8Array;
}

/**
 * Writes a WAL whose header and frame checksums are all correct: every frame chains its
 * checksum from the one before, so a frame is valid exactly when its salts match.
 */
export function encodeWal(spec: WalSpec): Uint8Array {
  const frameSize = spec.pageSize + 24;
  const tail = spec.tail ?? new Uint8Array(0);
  const out = new Uint8Array(32 + spec.frames.length * frameSize + tail.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, spec.bigEndianChecksum ? 0x377f0683 : 0x377f0682);
  view.setUint32(4, spec.version ?? 3007000);
  view.setUint32(8, spec.pageSize);
  view.setUint32(12, spec.checkpointSeq);
  view.setUint32(16, spec.salt1);
  view.setUint32(20, spec.salt2);
  const sum = [0, 0];
  checksum(out, 0, 24, spec.bigEndianChecksum, sum);
  view.setUint32(24, sum[0]);
  view.setUint32(28, sum[1]);
  let at = 32;
  for (const frame of spec.frames) {
    if (frame.data.length !== spec.pageSize) throw new Error("frame data is not one page");
    view.setUint32(at, frame.pageNumber);
    view.setUint32(at + 4, frame.commitSize);
    view.setUint32(at + 8, frame.salt1 ?? spec.salt1);
    view.setUint32(at + 12, frame.salt2 ?? spec.salt2);
    out.set(frame.data, at + 24);
    checksum(out, at, at + 8, spec.bigEndianChecksum, sum);
    checksum(out, at + 24, at + frameSize, spec.bigEndianChecksum, sum);
    view.setUint32(at + 16, sum[0]);
    view.setUint32(at + 20, sum[1]);
    at += frameSize;
  }
  out.set(tail, at);
  return out;
}

/**
 * Re-encodes a WAL with the given checksum byte order, keeping header fields, frames (with
 * their own salts, so stale frames stay stale) and tail. Checksums are recomputed for every
 * frame, so only use it on WALs whose invalid frames are invalid by their salts.
 */
export function reencodeWal(wal: Uint8Array, bigEndianChecksum: boolean): Uint8Array {
  const { header, frames, tail } = parseWalRaw(wal);
  return encodeWal({
    pageSize: header.pageSize,
    checkpointSeq: header.checkpointSeq,
    salt1: header.salt1,
    salt2: header.salt2,
    version: header.version,
    bigEndianChecksum,
    frames,
    tail,
  });
}

/** The WAL checksum over `bytes[from..to)`, continuing from `sum` (updated in place). */
function checksum(
  bytes: Uint8Array,
  from: number,
  to: number,
  bigEndian: boolean,
  sum: number[],
): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let [s1, s2] = sum;
  for (let i = from; i < to; i += 8) {
    s1 = (s1 + view.getUint32(i, !bigEndian) + s2) >>> 0;
    s2 = (s2 + view.getUint32(i + 4, !bigEndian) + s1) >>> 0;
  }
  sum[0] = s1;
  sum[1] = s2;
}

/** Byte offset of frame `index` (0-based) in a WAL with this page size. */
export function frameOffset(pageSize: number, index: number): number {
  return 32 + index * (pageSize + 24);
}

/** A copy of `bytes` with the byte at `offset` inverted. */
export function flipByte(bytes: Uint8Array, offset: number): Uint8Array {
  const copy = bytes.slice();
  copy[offset] ^= 0xff;
  return copy;
}

/** A copy of `bytes` with a big-endian u32 written at `offset`. */
export function withU32(bytes: Uint8Array, offset: number, value: number): Uint8Array {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(offset, value);
  return copy;
}

/** `a` followed by `b`. */
export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
