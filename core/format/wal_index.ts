/**
 * The header of the wal-index, `<db>-shm` (https://www.sqlite.org/walformat.html §2.1):
 * what every connection to a WAL database agrees is the latest commit, and how far
 * checkpoints have copied the WAL into the database file. SQLite maps this file into
 * memory and writes it in the host's byte order; we read it with positional reads, which
 * see the same bytes.
 *
 * | offset | field                                                           |
 * |-------:|-----------------------------------------------------------------|
 * |      0 | header copy 1 (48 bytes, below)                                 |
 * |     48 | header copy 2, identical unless a writer is updating them       |
 * |     96 | nBackfill: WAL frames already copied into the database          |
 * |    100 | five read marks                                                 |
 * |    120 | eight lock bytes                                                |
 * |    128 | nBackfillAttempted: frames a checkpoint may have begun copying  |
 * |    132 | unused                                                          |
 *
 * A header copy: iVersion (3007000), unused, iChange, isInit (u8), bigEndCksum (u8),
 * szPage (u16; 65536 stored as 1), mxFrame, nPage, the checksum after frame mxFrame (two
 * u32), the WAL header's two salts (its bytes as they are), and a checksum of the first
 * 40 bytes (two u32, in the host's order). A writer stores copy 2 first, then copy 1, and
 * a checkpoint sets nBackfillAttempted before it writes any page to the database file.
 */

/** Bytes of the wal-index header this module reads. */
export const WAL_INDEX_HEADER_SIZE = 136;

const COPY_SIZE = 48;
const CHECKED_BYTES = 40;
const WAL_INDEX_VERSION = 3007000;
const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The latest commit as the wal-index records it. */
export interface WalIndexHeader {
  /** Bumped by every commit (with mxFrame, nPage). */
  change: number;
  pageSize: number;
  /** Frames in the WAL up to and including the last commit. */
  mxFrame: number;
  /** Database size in pages after that commit. */
  nPage: number;
  /** The cumulative frame checksum after frame mxFrame (as the WAL computes it, signed). */
  frameChecksum1: number;
  frameChecksum2: number;
  /** The WAL header's salts, read big-endian as the WAL stores them (signed). */
  salt1: number;
  salt2: number;
  /** Frames copied into the database file. */
  backfilled: number;
  /** Frames a checkpoint may have started copying (≥ backfilled). */
  backfillAttempted: number;
}

/**
 * The header in `bytes` (the first {@link WAL_INDEX_HEADER_SIZE} bytes of `-shm`), or
 * null when it is not usable: too short, not initialised, the two copies differ (a
 * writer was between them) or the checksum fails. SQLite's readers retry on the same
 * conditions (wal.c walIndexTryHdr).
 */
export function parseWalIndexHeader(bytes: Uint8Array): WalIndexHeader | null {
  if (bytes.length < WAL_INDEX_HEADER_SIZE) return null;
  for (let i = 0; i < COPY_SIZE; i++) if (bytes[i] !== bytes[COPY_SIZE + i]) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, WAL_INDEX_HEADER_SIZE);
  const le = HOST_LITTLE_ENDIAN;
  if (view.getUint32(0, le) !== WAL_INDEX_VERSION || bytes[12] === 0) return null;
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < CHECKED_BYTES; i += 8) {
    s1 = (s1 + view.getInt32(i, le) + s2) | 0;
    s2 = (s2 + view.getInt32(i + 4, le) + s1) | 0;
  }
  if (s1 !== view.getInt32(40, le) || s2 !== view.getInt32(44, le)) return null;
  const size = view.getUint16(14, le);
  return {
    change: view.getUint32(8, le),
    pageSize: size === 1 ? 65536 : size,
    mxFrame: view.getUint32(16, le),
    nPage: view.getUint32(20, le),
    frameChecksum1: view.getInt32(24, le),
    frameChecksum2: view.getInt32(28, le),
    salt1: view.getInt32(32, false),
    salt2: view.getInt32(36, false),
    backfilled: view.getUint32(96, le),
    backfillAttempted: view.getUint32(128, le),
  };
}
